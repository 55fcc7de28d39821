"""A run of text as HarfBuzz clusters: the characters each group of glyphs stands for.

HarfBuzz keeps, for every glyph, the index of the first character of its cluster (a letter
with its marks, a ligature, a Devanagari syllable with its vowel sign reordered before the
consonant). A cluster is the smallest piece whose glyphs can be tied to the characters
they show: the screen copies draw one cluster at a time, in logical order, so that what a
reader copies is what was written (generator/render/screen_text.py).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cached_property
from io import BytesIO

import uharfbuzz
from fontTools.pens.basePen import AbstractPen
from fontTools.pens.filterPen import DecomposingFilterPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont
from reportlab.pdfbase.pdfmetrics import getFont

from generator.engine import remembered
from generator.i18n.reportlab_text import FEATURES


@dataclass(frozen=True)
class Glyph:
    gid: int
    x: float  # from the cluster's origin, in font units
    y: float


@dataclass(frozen=True)
class Cluster:
    text: str  # the characters, in logical order
    glyphs: tuple[Glyph, ...]
    x: float  # the cluster's origin from the run's left edge, in font units
    advance: float  # in font units
    nominal: bool  # one glyph, the font's own for its one character, not moved

    @property
    def outline_key(self) -> tuple[tuple[int, float, float], ...]:
        return tuple((glyph.gid, glyph.x, glyph.y) for glyph in self.glyphs)


@dataclass(frozen=True)
class ShapedRun:
    clusters: tuple[Cluster, ...]  # in logical order
    advance: float  # the whole run, in font units
    units_per_em: int


class FontData:
    """One registered ReportLab TrueType font, for HarfBuzz and for its outlines."""

    def __init__(self, name: str) -> None:
        face = getFont(name).face
        self.name = name
        self.face = face  # ReportLab's: its metrics
        self.data: bytes = face._ttf_data
        self.cmap: dict[int, int] = face.charToGlyph

    @cached_property
    def harfbuzz(self) -> uharfbuzz.Font:
        return uharfbuzz.Font(uharfbuzz.Face(self.data))

    @cached_property
    def units_per_em(self) -> int:
        return int(self.harfbuzz.face.upem)

    @cached_property
    def _tt(self) -> TTFont:
        return TTFont(BytesIO(self.data), lazy=True)

    @cached_property
    def _glyph_set(self):
        return self._tt.getGlyphSet()

    @cached_property
    def _names(self) -> list[str]:
        return list(self._tt.getGlyphOrder())

    def draw(self, key: tuple[tuple[int, float, float], ...], pen: AbstractPen) -> None:
        """Draws the glyphs at their places (font units) into `pen`, components
        decomposed."""
        for gid, x, y in key:
            self._glyph_set[self._names[gid]].draw(
                DecomposingFilterPen(TransformPen(pen, (1, 0, 0, 1, x, y)), self._glyph_set))


@remembered(64)
def font_data(name: str) -> FontData:
    return FontData(name)


@remembered(16384)
def shaped_run(font: str, text: str, right_to_left: bool) -> ShapedRun:
    """`text` set in `font` as HarfBuzz shapes it, in the direction given (digits in a
    left-to-right run stay in their order whatever their script), cut into clusters."""
    data = font_data(font)
    buffer = uharfbuzz.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()
    buffer.direction = "rtl" if right_to_left else "ltr"
    uharfbuzz.shape(data.harfbuzz, buffer, dict(FEATURES))  # it takes a dict only
    groups: dict[int, list[tuple[int, float, float, float]]] = {}  # cluster -> glyphs
    origins: dict[int, float] = {}
    pen = 0.0
    for info, position in zip(buffer.glyph_infos, buffer.glyph_positions, strict=True):
        origins.setdefault(info.cluster, pen)
        groups.setdefault(info.cluster, []).append(
            (info.codepoint, pen - origins[info.cluster] + position.x_offset,
             float(position.y_offset), float(position.x_advance)))
        pen += position.x_advance
    starts = sorted(groups)
    clusters = []
    for index, start in enumerate(starts):
        end = starts[index + 1] if index + 1 < len(starts) else len(text)
        chars, glyphs = text[start:end], groups[start]
        placed = tuple(Glyph(gid, x, y) for gid, x, y, _ in glyphs)
        nominal = (len(chars) == 1 and len(placed) == 1 and placed[0].x == 0
                   and placed[0].y == 0 and data.cmap.get(ord(chars)) == placed[0].gid)
        clusters.append(Cluster(chars, placed, origins[start],
                                sum(advance for *_, advance in glyphs), nominal))
    return ShapedRun(tuple(_joined(clusters)), pen, data.units_per_em)


def _joined(clusters: list[Cluster]) -> list[Cluster]:
    """The clusters, each one of format characters alone (the zero-width non-joiner that
    Persian spells with, drawn as nothing) taken into the cluster before it: a glyph of no
    width between two letters is read as a gap, or set apart, by poppler and PDFium."""
    joined: list[Cluster] = []
    for cluster in clusters:
        if joined and all(unicodedata.category(char) == "Cf" for char in cluster.text):
            before = joined.pop()
            left = min(before.x, cluster.x)
            glyphs = tuple(Glyph(g.gid, g.x + c.x - left, g.y)
                           for c in (before, cluster) for g in c.glyphs)
            cluster = Cluster(before.text + cluster.text, glyphs, left,
                              before.advance + cluster.advance, False)
        joined.append(cluster)
    return joined
