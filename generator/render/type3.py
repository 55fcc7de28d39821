"""Type 3 fonts whose every glyph is one HarfBuzz cluster, or one icon, mapped to the text
it stands for.

An Arabic letter's joining form, a lam-alef ligature, Noto Sans Arabic's dots drawn as
glyphs of their own and shared between letters, a Devanagari vowel sign drawn before its
consonant, a Thai tone mark lowered over a short consonant: their glyphs have no character
of their own, and ReportLab maps them to private-use ones (U+E000...). /ActualText gives
the characters back to readers that read it (poppler, PDFium), but MuPDF reads the glyphs.
A screen copy draws each such cluster as one glyph of a Type 3 font made for the document,
the cluster's outlines copied from the font, whose ToUnicode map gives the cluster's
characters: every reader gets them, from the glyphs themselves.

An icon (the telephone before a number, the speech bubble before a texting line) is one
such glyph too, mapped to the word it stands for ("Call "): read aloud, copied and found
by search where it stands, before the line's text, by every reader, without the unseen
squeezed word of the printed files (poppler takes squeezed letters for repeated ones).

`Type3Fonts` collects the glyphs while the pages are drawn (a font resource name and a code
for each); `add_fonts` writes the fonts into the finished file (pikepdf).
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field

import pikepdf
from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from generator.engine import remembered
from generator.render.clusters import Cluster, font_data
from generator.render.icons import draw_icon

RESOURCE_PREFIX = "HT3F"
_CODES = tuple(code for code in range(1, 255) if code != 32)  # 32 could read as a word space
# poppler sizes a Type 3 font's text by the width of its glyph named "m" (taken to be 0.6
# of the size), else of some other glyph: every font has an "m" of that width, never drawn,
# so that its text is the size it is drawn at, as the TrueType text beside it.
_M_CODE, _M_WIDTH = 255, 0.6
ICON_UNITS = 1000  # an icon glyph's units per text unit: its font's size is the line's

# (kind, ...): ("cluster", outline key) or ("icon", name, size, rise, colour), both in units
GlyphKey = tuple[object, ...]


@dataclass(frozen=True)
class Placed:
    """A glyph to show: its font and code, and where it stands from the start of what it is
    part of (a cluster, an icon's room), in its font's units."""

    resource: str
    code: int
    offset: float


@dataclass
class _Font:
    resource: str
    source: str  # the ReportLab font: the outlines' (clusters), the metrics' (both)
    kind: str  # "cluster" or "icon"
    glyphs: list[tuple[str, GlyphKey, float]] = field(default_factory=list)
    # (text, key, advance) in code order

    @property
    def units(self) -> int:
        return font_data(self.source).units_per_em if self.kind == "cluster" else ICON_UNITS


class Type3Fonts:
    """The cluster and icon glyphs one document draws."""

    def __init__(self) -> None:
        self.fonts: list[_Font] = []
        self._codes: dict[tuple[str, str, str, GlyphKey, float], tuple[str, int]] = {}

    def cluster_glyphs(self, source: str, cluster: Cluster, rtl: bool) -> list[Placed]:
        """The glyphs that draw `cluster` of font `source`: one, mapped to its characters;
        in a right-to-left run, one per character, from the right (poppler and PDFium lay a
        glyph's characters out left to right, then read a right-to-left word backwards),
        the first drawing the cluster, the others nothing."""
        if not rtl or len(cluster.text) == 1:
            key = ("cluster", cluster.outline_key)
            return [self._glyph("cluster", source, cluster.text, key, cluster.advance, 0.0)]

        def drawn(shift: float) -> GlyphKey:
            return ("cluster", tuple((gid, round(x + shift, 2), y)
                                     for gid, x, y in cluster.outline_key))

        return self._spread("cluster", source, cluster.text, drawn, cluster.advance, True)

    def mark_glyph(self, source: str, text: str) -> Placed:
        """A glyph that draws nothing and takes no room, whose text is `text` (a bidi mark)."""
        return self._glyph("cluster", source, text, ("blank",), 0.0, 0.0)

    def box_glyph(self, source: str, left: float, right: float, advance: float) -> Placed:
        """A space (`advance` wide) that draws nothing and whose box reaches from `left` to
        `right` (font units from where it stands): it carries a line's /ActualText for
        PDFium, which lays a sequence's text out over its first glyph's box
        (generator/render/screen_text.py)."""
        key = ("box", round(left, -1), round(right, -1))
        return self._glyph("cluster", source, " ", key, round(advance, 1), 0.0)

    def icon_glyphs(self, source: str, name: str, word: str, size: float, rise: float,
                    at: float, room: float, colour: Color, rtl: bool) -> list[Placed]:
        """The glyphs of icon `name` standing for `word` (a space after it), for a line in
        font `source`: one per character, across `room`, the first drawing the icon `at`
        from the start of that room. All lengths are per unit of the line's font size (the
        font is used at that size): the icon is `size` square, its foot `rise` above the
        baseline."""
        def drawn(shift: float) -> GlyphKey:
            return ("icon", name, round(size * ICON_UNITS, 1), round(rise * ICON_UNITS, 1),
                    colour.hexval(), round(shift + at * ICON_UNITS, 1))

        return self._spread("icon", source, f"{word} ", drawn, room * ICON_UNITS, rtl)

    def _spread(self, kind: str, source: str, text: str,
                drawn: Callable[[float], GlyphKey], advance: float,
                rtl: bool) -> list[Placed]:
        """One glyph per character of `text`, each `advance / len(text)` wide, in logical
        order (from the right end when `rtl`); the first draws `drawn(shift)`, moved back to
        the start of the whole."""
        step = advance / len(text)
        placed = []
        for index, char in enumerate(text):
            offset = advance - (index + 1) * step if rtl else index * step
            key = drawn(-offset) if index == 0 else ("blank",)
            placed.append(self._glyph(kind, source, char, key, step, offset))
        return placed

    def _glyph(self, kind: str, source: str, text: str, key: GlyphKey, advance: float,
               offset: float) -> Placed:
        resource, code = self._code(kind, source, text, key, advance)
        return Placed(resource, code, offset)

    def _code(self, kind: str, source: str, text: str, key: GlyphKey,
              advance: float) -> tuple[str, int]:
        lookup = (kind, source, text, key, advance)
        found = self._codes.get(lookup)
        if found is not None:
            return found
        font = next((f for f in self.fonts if f.source == source and f.kind == kind
                     and len(f.glyphs) < len(_CODES)), None)
        if font is None:
            font = _Font(f"{RESOURCE_PREFIX}{len(self.fonts) + 1}", source, kind)
            self.fonts.append(font)
        font.glyphs.append((text, key, advance))
        found = self._codes[lookup] = (font.resource, _CODES[len(font.glyphs) - 1])
        return found

    def add_fonts(self, pdf: pikepdf.Pdf) -> dict[str, pikepdf.Object]:
        """The fonts, written into `pdf`, by resource name."""
        return {font.resource: pdf.make_indirect(_font_object(pdf, font))
                for font in self.fonts}


def _font_object(pdf: pikepdf.Pdf, font: _Font) -> pikepdf.Dictionary:
    units = font.units
    procs, differences = pikepdf.Dictionary(), list[object]([_CODES[0]])
    previous = _CODES[0] - 1
    for index, (_, key, advance) in enumerate(font.glyphs):
        code = _CODES[index]
        if code != previous + 1:
            differences.append(code)
        previous = code
        name = f"/c{code}"
        procs[name] = pdf.make_stream(_procedure(font.source, key, advance, units))
        differences.append(pikepdf.Name(name))
    procs["/m"] = pdf.make_stream(f"{_M_WIDTH * units:g} 0 0 0 0 0 d1\n".encode("ascii"))
    differences += [_M_CODE, pikepdf.Name("/m")]
    first, last = _CODES[0], _M_CODE
    by_code = {_CODES[index]: advance for index, (_, _, advance) in enumerate(font.glyphs)}
    by_code[_M_CODE] = _M_WIDTH * units
    widths = [round(by_code.get(code, 0.0), 2) for code in range(first, last + 1)]
    # The metrics of the line's TrueType font (ReportLab's, per 1000 units): readers that
    # place characters by the font's box (poppler) then put these glyphs on the same line
    # as the letters drawn from that font beside them.
    source = font_data(font.source).face
    scale = units / 1000
    bbox = [round(value * scale) for value in source.bbox]
    descriptor = pdf.make_indirect(pikepdf.Dictionary(
        Type=pikepdf.Name.FontDescriptor, FontName=pikepdf.Name(f"/{font.resource}"),
        Flags=4, ItalicAngle=0, FontBBox=bbox, Ascent=round(source.ascent * scale),
        Descent=round(source.descent * scale), CapHeight=round(source.capHeight * scale),
        StemV=round(source.stemV * scale)))
    return pikepdf.Dictionary(
        Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type3,
        Name=pikepdf.Name(f"/{font.resource}"),
        FontBBox=bbox, FontMatrix=[1 / units, 0, 0, 1 / units, 0, 0],
        CharProcs=procs,
        Encoding=pikepdf.Dictionary(Type=pikepdf.Name.Encoding, Differences=differences),
        FirstChar=first, LastChar=last, Widths=widths,
        FontDescriptor=descriptor, Resources=pikepdf.Dictionary(),
        ToUnicode=pdf.make_stream(to_unicode([(_CODES[index], text) for index, (text, _, _)
                                              in enumerate(font.glyphs)])))


def _procedure(source: str, key: GlyphKey, advance: float, units: int) -> bytes:
    """A glyph's drawing. One that draws nothing (the second letter of a cluster) still
    declares a box the size of a letter: PDFium leaves out the text of a glyph without one."""
    width = round(advance, 2)
    empty = f"{width:g} 0 0 0 {max(width, 1):g} {round(0.7 * units)} d1\n"
    if key[0] == "blank":
        return empty.encode("ascii")
    if key[0] == "box":
        _, left, right = key
        return f"{width:g} 0 {left:g} 0 {right:g} {round(0.7 * units)} d1\n".encode("ascii")
    if key[0] == "cluster":
        path, box = glyph_outline(source, key[1])  # type: ignore[arg-type]
        if not path:
            return empty.encode("ascii")
        left, bottom, right, top = (round(value) for value in box)
        head = f"{width:g} 0 {left} {bottom} {right} {top} d1"  # in the fill colour
        return f"{head}\n{path} f\n".encode("ascii")
    _, name, size, rise, colour, shift = key
    drawing = icon_operators(str(name), float(size), float(rise), str(colour),  # type: ignore[arg-type]
                             float(shift))  # type: ignore[arg-type]
    return f"{round(advance, 2):g} 0 d0\n{drawing}\n".encode("ascii")


@remembered(16384)
def glyph_outline(source: str, key: tuple[tuple[int, float, float], ...]
                  ) -> tuple[str, tuple[float, ...]]:
    return font_data(source).outline(key)


@remembered(256)
def icon_operators(name: str, size: float, rise: float, colour: str, shift: float) -> str:
    """The icon's drawing, `size` units square, its foot `rise` units above the origin and
    its left side `shift` units from it, in its colour (a coloured glyph: d0); drawn by
    generator/render/icons.py."""
    canvas = Canvas(io.BytesIO(), pagesize=(ICON_UNITS, ICON_UNITS), invariant=1)
    start = len(canvas._code)
    draw_icon(canvas, name, shift, rise, size, Color(*_rgb(colour)))
    return "\n".join(canvas._code[start:])


def _rgb(hexval: str) -> tuple[float, float, float]:
    value = int(hexval.removeprefix("0x"), 16)
    return ((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255


def to_unicode(codes: list[tuple[int, str]]) -> bytes:
    """A ToUnicode CMap for one-byte codes, each to its text (UTF-16BE)."""
    lines = ["/CIDInit /ProcSet findresource begin", "12 dict begin", "begincmap",
             "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
             "/CMapName /Adobe-Identity-UCS def", "/CMapType 2 def",
             "1 begincodespacerange", "<00> <FF>", "endcodespacerange"]
    for start in range(0, len(codes), 100):
        block = codes[start:start + 100]
        lines.append(f"{len(block)} beginbfchar")
        lines.extend(f"<{code:02X}> <{text.encode('utf-16-be').hex().upper()}>"
                     for code, text in block)
        lines.append("endbfchar")
    lines += ["endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end"]
    return ("\n".join(lines) + "\n").encode("ascii")
