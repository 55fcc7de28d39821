"""How a screen copy draws the lines of havenprint's own paragraphs: so that every PDF
reader copies, searches and reads aloud the text as it was written.

Readers take text from the glyphs, in the order they are drawn and by where they stand:
poppler sorts characters by position and puts right-to-left words in reading order itself,
PDFium and MuPDF follow the drawing order. Drawing each line's characters in logical order,
each at its place on the line (a right-to-left word from its right end), satisfies all three
(printed files draw runs left to right and lean on /ActualText, which MuPDF ignores). So a
line is drawn cluster by cluster (generator/render/clusters.py), in logical order:

- a cluster that is one character's own glyph, not moved (a Hebrew letter, a digit, a
  Latin letter), is drawn from the TrueType font as any text is;
- any other (a joining form, a ligature, a mark placed on its letter, a reordered vowel
  sign) is one glyph of a Type 3 font made for the document, mapped to its characters
  (generator/render/type3.py): no private-use characters, nothing for /ActualText to fix.

A run in another script than the page's language uses ("TTY" or "START" on an Arabic page)
is marked with its language (a /Span with /Lang), for a screen reader's voice.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from unicodedata import bidirectional

from reportlab.lib.colors import Color
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.pdfgen.canvas import Canvas

from generator.i18n.line_drawing import DrawnLine
from generator.i18n.text_language import foreign_language
from generator.render.clusters import ShapedRun, font_data, shaped_run
from generator.render.type3 import Type3Fonts

_RESET = "0 Tc 0 Tw 100 Tz"
PDFIUM_TAG = "PDFiumText"  # not /Span: poppler and the PDF specification leave it alone


class ScreenText:
    """Draws lines (generator/i18n/line_drawing.py) for one screen copy."""

    def __init__(self, type3: Type3Fonts, page_lang: str,
                 kit_languages: Sequence[str] = ()) -> None:
        self.type3 = type3
        self.page_lang = page_lang
        self.kit_languages = tuple(kit_languages)

    @staticmethod
    def right_to_left(text: str) -> bool:
        """Whether `text` (an icon's word) has a right-to-left letter."""
        return any(bidirectional(char) in ("R", "AL") for char in text)

    def draw_line(self, canvas: Canvas, line: DrawnLine) -> None:
        ops = _Operators(canvas)
        groups = _left_to_right_groups(line)
        for index, run in enumerate(line.runs):
            text = line.text[run.start:run.end]
            group = groups.get(index)
            if group is not None:
                ops.add(f"/{PDFIUM_TAG} <</ActualText {_pdf_text(group)}>> BDC")
            if run.shaped:
                self._clusters(ops, run.font, text, run.level % 2 == 1, run.x, run.width,
                               line.y, line.size)
            elif text:
                self._plain(ops, run.font, text, run.x, line.y, line.size)
            ops.language(None)
            if index + 1 in groups.ends:
                ops.add("EMC")
        self._line_end(ops, line)
        ops.finish()

    def _language(self, text: str) -> str | None:
        return foreign_language(text, self.page_lang, self.kit_languages)

    def _plain(self, ops: _Operators, font: str, text: str, x: float, y: float,
               size: float) -> None:
        """A run drawn glyph for character, in pieces where its language changes."""
        face = getFont(font)
        start = 0
        for end, lang in _language_changes(text, self._language):
            ops.language(lang)
            ops.text(font, size, x + face.stringWidth(text[:start], size), y, text[start:end])
            start = end

    @staticmethod
    def _line_end(ops: _Operators, line: DrawnLine) -> None:
        """A space where the line ends (the line broke at one, which no glyph shows): a
        reader stringing the lines of a paragraph together keeps its words apart."""
        if not line.runs:
            return
        font = line.runs[-1].font
        width = getFont(font).stringWidth(" ", line.size)
        rtl = min(run.level for run in line.runs) % 2 == 1
        x = (min(run.x for run in line.runs) - width if rtl
             else max(run.x + run.width for run in line.runs))
        ops.text(font, line.size, x, line.y, " ")

    def _clusters(self, ops: _Operators, font: str, text: str, rtl: bool, x: float,
                  width: float, y: float, size: float) -> None:
        """A shaped run, cluster by cluster in logical order. A run all of whose clusters
        are their characters' own glyphs is drawn from the TrueType font; any other wholly
        from Type 3 glyphs (a word mixing both would be cut apart by poppler, which sizes
        the letters of the two kinds of font differently)."""
        shaped = shaped_run(font, text, rtl)
        # The layout measured the run as ReportLab shapes it: the same advances, to a hair.
        scale = width / shaped.advance if shaped.advance else size / shaped.units_per_em
        truetype = all(cluster.nominal for cluster in shaped.clusters)
        if truetype and not rtl and _unkerned(shaped, font):
            self._plain(ops, font, text, x, y, size)  # its glyphs' own advances
            return
        for cluster in shaped.clusters:
            ops.language(self._language(cluster.text) if _has_letter(cluster.text)
                         else ops.lang)
            left = x + cluster.x * scale
            if truetype:
                ops.text(font, size, left, y, cluster.text)
                continue
            for glyph in self.type3.cluster_glyphs(font, cluster, rtl):
                ops.glyph(glyph.resource, size, left + glyph.offset * scale, y, glyph.code)

    def draw_icon(self, canvas: Canvas, font: str, name: str, word: str, left: float,
                  bottom: float, icon_size: float, x: float, room: float, baseline: float,
                  size: float, colour: Color, rtl: bool) -> None:
        """An icon (`icon_size` square, its lower-left corner at left, bottom) as glyphs of
        the line's size on its baseline, across `room` from x, whose text is the word it
        stands for and a space: "Call " before the number (generator/render/type3.py)."""
        glyphs = self.type3.icon_glyphs(font, name, word, icon_size / size,
                                        (bottom - baseline) / size, (left - x) / size,
                                        room / size, colour, rtl)
        unit = size / 1000
        ops = _Operators(canvas)
        for glyph in glyphs:
            ops.glyph(glyph.resource, size, x + glyph.offset * unit, baseline, glyph.code)
        ops.finish()


def _has_letter(text: str) -> bool:
    return any(char.isalpha() for char in text)


def _language_changes(text: str, language: Callable[[str], str | None]
                      ) -> list[tuple[int, str | None]]:
    """Where each piece of `text` in one language ends, and its language: a word's letters
    decide, what is not a letter (a space, a digit) goes with the piece before it."""
    pieces: list[tuple[int, str | None]] = []
    for match in re.finditer(r"\w+|\W+", text):
        word = match.group()
        lang = language(word) if _has_letter(word) else (pieces[-1][1] if pieces else None)
        if pieces and pieces[-1][1] == lang:
            pieces[-1] = (match.end(), lang)
        else:
            pieces.append((match.end(), lang))
    return pieces


class _Groups(dict[int, str]):
    """The left-to-right groups of a line: their text by the index of their first run, and
    the indices just past their last runs (`ends`)."""

    def __init__(self) -> None:
        super().__init__()
        self.ends: set[int] = set()


def _left_to_right_groups(line: DrawnLine) -> _Groups:
    """In a right-to-left line, each stretch of runs without a right-to-left letter that
    holds a left-to-right run and punctuation set right to left beside it ("911." at a
    sentence's end): its glyphs stand in logical order, but PDFium orders the digits and
    the punctuation by position (".911"). It gets their text as /ActualText, in a sequence
    that is not a /Span, which poppler leaves alone (it orders them so too, in every file,
    and its /ActualText would need the glyphs in visual order); MuPDF reads the glyphs."""
    groups = _Groups()
    if not any(run.level % 2 for run in line.runs):
        return groups
    start: int | None = None
    for index, run in enumerate([*line.runs, None]):
        letters = run is not None and any(
            bidirectional(char) in ("R", "AL") for char in line.text[run.start:run.end])
        if run is None or letters:
            stretch = line.runs[start:index] if start is not None else ()
            if (any(r.level % 2 == 0 for r in stretch)
                    and any(r.level % 2 == 1 for r in stretch)):
                assert start is not None
                groups[start] = line.text[line.runs[start].start:line.runs[index - 1].end]
                groups.ends.add(index)
            start = None
        elif start is None:
            start = index
    return groups


def _pdf_text(text: str) -> str:
    return f"<FEFF{text.encode('utf-16-be').hex().upper()}>"


def _unkerned(shaped: ShapedRun, font: str) -> bool:
    """Whether the run's glyphs stand where their own advances put them (no kerning)."""
    face = font_data(font).face
    pen = 0.0
    for cluster in shaped.clusters:
        if abs(cluster.x - pen) > 0.5:
            return False
        pen += face.getCharWidth(ord(cluster.text)) * shaped.units_per_em / 1000
    return abs(pen - shaped.advance) <= 0.5


class _Operators:
    """One text object's operators, a font chosen only when it changes."""

    def __init__(self, canvas: Canvas, state: str = "0 Tr") -> None:
        self.canvas = canvas
        self.lines = ["BT", f"{_RESET} {state}"]
        self.font: tuple[str, float] | None = None
        self.lang: str | None = None  # of the /Span open, if any

    def language(self, lang: str | None) -> None:
        """What follows is in `lang` (None: the page's)."""
        if lang == self.lang:
            return
        if self.lang is not None:
            self.lines.append("EMC")
        if lang is not None:
            self.lines.append(f"/Span <</Lang ({lang})>> BDC")
        self.lang = lang

    def add(self, operator: str) -> None:
        self.lines.append(operator)

    def _font(self, resource: str, size: float) -> None:
        if self.font != (resource, size):
            self.lines.append(f"{resource} {size:.3f} Tf")
            self.font = (resource, size)

    def text(self, font: str, size: float, x: float, y: float, text: str) -> None:
        """`text` in TrueType font `font` from (x, y), through ReportLab's subsets."""
        reportlab_font = getFont(font)
        document = self.canvas._doc
        self.lines.append(f"1 0 0 1 {x:.3f} {y:.3f} Tm")
        for subset, codes in reportlab_font.splitString(text, document):
            self._font(reportlab_font.getSubsetInternalName(subset, document), size)
            self.lines.append(f"<{codes.hex().upper()}> Tj")

    def glyph(self, resource: str, size: float, x: float, y: float, code: int) -> None:
        self._font(f"/{resource}", size)
        self.lines.append(f"1 0 0 1 {x:.3f} {y:.3f} Tm <{code:02X}> Tj")

    def finish(self) -> None:
        self.language(None)
        self.lines.append("ET")
        self.canvas.addLiteral("\n".join(self.lines))
