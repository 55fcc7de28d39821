"""How wide HarfBuzz shapes a text, measured without drawing it.

ReportLab's shapeFragWord shapes a word and then walks its glyphs in Python, giving each one
a code of the font's subset and the offsets the canvas draws it with: most of the time an
Arabic kit spends measuring words the first time (bench/README.md). Measuring needs only
the sum of the advances: the same shaping (the features and cluster level `shaped_str`
shapes with, on the font ReportLab opened), summed in the same units. The pages come out
the same (every page of a 14-language kit rendered and its text read back, before and
after).
"""

from __future__ import annotations

import uharfbuzz
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth

from generator.engine import remembered
from generator.i18n.reportlab_text import FEATURES


def shaped_width_at_1000(text: str, font: str) -> float:
    """The width of `text` shaped in `font` at 1000 units, as shapeFragWord's first item
    (the widths of the font's glyphs when shaping changes nothing)."""
    face = getFont(font)
    try:
        hb_font = face.hbFont(1000)
    except AttributeError:  # not a TrueType font: nothing is shaped
        return stringWidth(text, font, 1000)
    buffer = uharfbuzz.Buffer()
    buffer.cluster_level = uharfbuzz.BufferClusterLevel.MONOTONE_CHARACTERS
    buffer.add_str(text)
    buffer.guess_segment_properties()
    uharfbuzz.shape(hb_font, buffer, dict(FEATURES))
    scale = face.pdfScale
    return float(sum(scale(position.x_advance) for position in buffer.glyph_positions))


@remembered(4096)
def _ink_extents(text: str, font: str) -> tuple[tuple[float, ...], float] | None:
    """(bottom and top of each inked glyph of `text` shaped in `font`, in font units from
    the baseline, bottom first; the font's units per em), None for a font HarfBuzz does
    not shape (not TrueType) or a blank text. Remembered, as widths are (bidi_text,
    segmented_text): every paragraph set under a number asks how far its letters rise, at
    every size and step a fit tries, of a few dozen texts in a kit."""
    face = getFont(font)
    hb_face = getattr(face, "hbFace", None)
    if hb_face is None or not text.strip():
        return None
    hb_font = uharfbuzz.Font(hb_face)  # in font units
    buffer = uharfbuzz.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()
    uharfbuzz.shape(hb_font, buffer, dict(FEATURES))
    ends = tuple(end for info, position in zip(buffer.glyph_infos,
                                               buffer.glyph_positions, strict=True)
                 if (extents := hb_font.get_glyph_extents(info.codepoint)) is not None
                 and extents.height
                 for end in (position.y_offset + extents.y_bearing + extents.height,
                             position.y_offset + extents.y_bearing))
    return ends, hb_face.upem


def ink_above_baseline(text: str, font: str, size: float) -> float | None:
    """How far above its baseline the highest ink of `text` shaped in `font` at `size`
    reaches (the top of a capital, of an Arabic alef, of a Thai tone mark stacked on a
    vowel), in points; None for a font HarfBuzz does not shape (not TrueType)."""
    found = _ink_extents(text, font)
    if found is None:
        return None
    ends, upem = found
    return max(ends[1::2]) * size / upem if ends else None


def ink_below_baseline(text: str, font: str, size: float) -> float | None:
    """How far below its baseline the lowest ink of `text` shaped in `font` at `size`
    reaches (a descender, an Arabic yeh's tail; 0 or less for capitals and digits), in
    points; None for a font HarfBuzz does not shape (not TrueType)."""
    found = _ink_extents(text, font)
    if found is None:
        return None
    ends, upem = found
    return -min(ends[0::2]) * size / upem if ends else None
