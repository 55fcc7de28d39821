"""How a screen copy draws the lines of havenprint's own paragraphs: so that every PDF
reader copies, searches and reads aloud the text as it was written.

Readers take text from the glyphs, and each has its own way of ordering what it finds:

- MuPDF keeps the order the glyphs are drawn in. Each line is drawn in logical order, each
  cluster at its place (a right-to-left word from its right end), cluster by cluster
  (generator/render/clusters.py): a cluster that is one character's own glyph, not moved (a
  Hebrew letter, a digit, a Latin letter), from the TrueType font as any text is; any other
  (a joining form, a ligature, a mark placed on its letter, a reordered vowel sign) as one
  glyph of a TrueType font made for the document, mapped to its characters
  (generator/render/glyph_fonts.py): no private-use characters, no /ActualText to need.
- poppler sorts a line's characters by where they stand and, on a right-to-left page, reads
  from the right: a stretch of right-to-left letters (and the neutral characters after them)
  backwards, a stretch of anything else (Latin letters, digits and what stands between them)
  forwards, as it stands. The bidi algorithm sets two left-to-right runs that a neutral
  separates inside right-to-left text from right to left ("88788 · TTY: 1-800-787-3224" is
  drawn "1-800-787-3224 :TTY · 88788"), which poppler then read as one left-to-right stretch:
  the TTY number where the texting number belongs. So where such a run ends inside a
  right-to-left line, a right-to-left mark (U+200F, a glyph that draws nothing and takes no
  room) stands just after it, where the bidi algorithm resolved the neutrals after it right
  to left: poppler then reads each run as a stretch of its own, in the line's order. The
  mark changes nothing on the page; a reader that copies it copies a mark that reads as the
  line does.
- PDFium (Chrome's viewer, the text it hands screen readers) sorts a line's text objects by
  where they start and reorders the line's characters by its own rule (pdfium_order.py),
  which reverses the groups of a number or an address ("889-7884 (410)", "org.thehotline")
  in right-to-left lines, and reads a right-to-left line with more Latin words than Hebrew
  or Arabic ones left to right; a turned line (a poster's tabs) it cannot order at all. So
  each line of a right-to-left page, of right-to-left text, or turned, carries its text for
  PDFium (`carry`): before the paragraph's text, as an artifact, a glyph per line that draws
  nothing and reads as a space, its /ActualText what PDFium's rule turns into the line. As
  measured on PDFium 8149 (pypdfium2 5.15; tests/test_reading_order.py reads every format):
  it lays a sequence's /ActualText out over the box of its first text object, so the
  glyph's box spans the line; it takes a line's objects from the left, so the glyph starts
  just left of the line; it reverses the text of such a glyph when the last text it read
  came from glyphs that read right to left, or when the glyph comes after a later line's
  objects, so the glyphs come before any of the paragraph's, and every right-to-left glyph
  of the page is left out of its text; and it tells a new line by how far a glyph is from
  the one before in widths of their characters, so the glyph has a space's advance. Every
  other glyph of the paragraph is in a sequence whose /ActualText has nothing printable,
  which PDFium leaves out. Both sequences are tagged `PDFiumText`, not /Span: poppler, MuPDF
  and the PDF specification read /ActualText from /Span sequences only.

A run in another script than the page's language uses ("TTY" or "START" on an Arabic page)
is marked with its language, for a screen reader's voice: in the properties of its
element's marked content, which has no other sequence nested in it (poppler's reading of
the structure ends an element's text where a nested sequence ends), or a /Span of its own
in an artifact. Where the paragraph holds links or such runs, each piece is marked as
content of its link or of the paragraph (generator/render/tagging.py's TextMarks), inside
the line's text object; any other paragraph is one marked-content sequence.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from unicodedata import bidirectional

from reportlab.lib.colors import CMYKColor, Color
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.pdfgen.canvas import Canvas

from generator.i18n.line_drawing import DrawnLine, LineRun
from generator.i18n.line_paragraph import LineParagraph
from generator.i18n.pdfium_order import pdfium_actual_text
from generator.i18n.text_language import foreign_language
from generator.render.clusters import ShapedRun, font_data, shaped_run
from generator.render.glyph_fonts import GlyphFonts, Placed
from generator.render.tagging import Element, TextMarks

_RESET = "0 Tc 0 Tw 100 Tz"
PDFIUM_TAG = "PDFiumText"  # not /Span: poppler and the PDF specification leave it alone
_LEFT_OUT = f"/{PDFIUM_TAG} <</ActualText <FEFF0001>>> BDC"  # nothing PDFium prints
RLM = "\u200f"
_RIGHT_TO_LEFT = frozenset({"R", "AL"})
_MARK_BEFORE = 0.02  # a mark's place before the run it follows, per unit of the type size
_CARRIER_BEFORE = 0.01  # points: the carrier starts left of everything else on the line


Matrix = tuple[float, float, float, float, float, float]


@dataclass(frozen=True)
class _Icon:
    """An icon's glyphs, drawn with the first line of its paragraph."""

    word: str  # what it reads as, a space after it
    glyphs: tuple[tuple[Placed, float], ...]  # each with its x
    baseline: float
    size: float
    left: float
    right: float
    frame: Matrix  # the canvas's transformation where these places are
    colour: Color  # its glyphs' fill colour


class ScreenText:
    """Draws lines (generator/i18n/line_drawing.py) for one screen copy."""

    def __init__(self, glyphs: GlyphFonts, page_lang: str,
                 kit_languages: Sequence[str] = ()) -> None:
        self.glyphs = glyphs
        self.page_lang = page_lang
        self.kit_languages = tuple(kit_languages)
        self.marks: TextMarks | None = None  # the paragraph's, when its pieces are marked
        self.lang: str | None = None  # the paragraph's element's language, if not the page's
        self.carried = False  # the paragraph's lines come to PDFium as /ActualText
        self._icon: _Icon | None = None

    @staticmethod
    def right_to_left(text: str) -> bool:
        """Whether `text` (an icon's word) has a right-to-left letter."""
        return any(bidirectional(char) in _RIGHT_TO_LEFT for char in text)

    def mixes_languages(self, text: str) -> bool:
        """Whether some of `text` is marked with another language (`_language`)."""
        return any(lang is not None for _, lang in _language_changes(text, self._language))

    def begin_paragraph(self, canvas: Canvas, marks: TextMarks | None, carried: bool,
                        lang: str | None = None) -> None:
        """What follows is one paragraph's lines: `marks`, whose content each piece is
        (None: all of it the content of the sequence already open, or an artifact);
        `carried`: PDFium gets its lines as /ActualText (`carry`), so everything drawn
        until `end_paragraph` is left out of PDFium's text."""
        self.marks, self.carried, self.lang = marks, carried, lang
        if carried:
            canvas.addLiteral(_LEFT_OUT)

    def carry(self, canvas: Canvas, paragraph: LineParagraph, frame: Matrix,
              icon: tuple[str, float, float] | None, artifact: bool,
              in_row: bool = False) -> None:
        """The glyphs that carry the paragraph's lines for PDFium, drawn before its text:
        an artifact (they are not the text), each a space that draws nothing, starting
        left of everything else on its line, its box across the line (PDFium lays a
        sequence's /ActualText over its first object's box and takes a line's objects left
        to right; it reverses the text of one that comes after a right-to-left one, or
        after a later line's). `frame`: where the paragraph's own frame is on the canvas;
        `icon`: the word its first line starts with, and where the icon's room starts and
        ends (in `frame`); `artifact`: marked as one (else it is inside one); `in_row`: one
        of paragraphs side by side on a baseline, which PDFium reads as one line: its text
        ends with a space, else PDFium joins the last word of one to the first of the next
        (two right-to-left words with nothing between are one segment to it) and reads the
        Arabic headings "الاسم" and "رقم الهاتف" as "رقمالاسم الهاتف"."""
        if artifact:
            canvas.addLiteral("/Artifact <</Type /Layout>> BDC")
        ops = _Operators(canvas, None, 0)
        for number in range(len(paragraph.lines)):
            line = paragraph.drawn_line(number)
            if not line.runs:
                continue
            size = line.size
            font = line.runs[0].font
            space = getFont(font).stringWidth(" ", size)
            left, right = _line_extent(line)
            if _right_to_left_line(line):  # the space at its end (_line_end)
                left -= getFont(line.runs[-1].font).stringWidth(" ", size)
            word = ""
            if icon is not None and number == 0:
                word = icon[0]
                left, right = min(left, icon[1]), max(right, icon[2])
            origin = left - _CARRIER_BEFORE
            units = font_data(font).units_per_em / size
            glyph = self.glyphs.box_glyph(font, 0.0, (right - origin) * units, space * units)
            spoken = pdfium_actual_text(word + line.text) + (" " if in_row else "")
            ops.add(f"/{PDFIUM_TAG} <</ActualText {_pdf_text(spoken)}>> BDC")
            ops.glyph(glyph.resource, size, origin, line.y, glyph.code, frame)
            ops.add("EMC")
        ops.finish()
        if artifact:
            canvas.addLiteral("EMC")

    def end_paragraph(self, canvas: Canvas) -> None:
        self.finish_icon(canvas)
        if self.carried:
            canvas.addLiteral("EMC")
        self.marks, self.carried, self.lang = None, False, None

    def draw_line(self, canvas: Canvas, line: DrawnLine) -> None:
        icon, self._icon = self._icon, None
        if icon is not None:  # its places where the line is drawn (the paragraph's frame)
            icon = _moved(icon, canvas._currentMatrix)
        ops = _Operators(canvas, self.marks, line.offset)
        if icon is not None:
            self._draw_icon(ops, icon)
            if line.runs and icon.left >= _line_extent(line)[1] - 0.01:
                # On the line's right, its word is read first: a right-to-left mark after
                # it, where a neutral would stand, for poppler (see the module's docstring).
                ops.language(None)
                mark = self.glyphs.mark_glyph(line.runs[0].font, RLM)
                ops.glyph(mark.resource, line.size, icon.left - _MARK_BEFORE * line.size,
                          line.y, mark.code)
        ends = _left_to_right_ends(line)
        for run in line.runs:
            text = line.text[run.start:run.end]
            if run.shaped:
                self._clusters(ops, run, text, line)
            elif text:
                self._plain(ops, run.font, text, run.start, run.x, line.y, line.size)
            ops.language(None)
            if run.end in ends:
                ops.at(run.end)
                mark = self.glyphs.mark_glyph(run.font, RLM)
                ops.glyph(mark.resource, line.size, ends[run.end] - _MARK_BEFORE * line.size,
                          line.y, mark.code)
        self._line_end(ops, line)
        ops.finish()

    @staticmethod
    def _line_end(ops: _Operators, line: DrawnLine) -> None:
        """A space where the line ends (the line broke at one, which no glyph shows): a
        reader stringing the lines of a paragraph together keeps its words apart."""
        if not line.runs:
            return
        font = line.runs[-1].font
        width = getFont(font).stringWidth(" ", line.size)
        left, right = _line_extent(line)
        ops.at(len(line.text))
        ops.language(None)
        ops.text(font, line.size, left - width if _right_to_left_line(line) else right,
                 line.y, " ")

    def _draw_icon(self, ops: _Operators, icon: _Icon) -> None:
        """The icon's glyphs in its colour, the canvas's fill colour after them (the
        text's, which the line drawn next in this text object is shown in)."""
        ops.at(0)
        ops.add(_fill_operator(icon.colour))
        for glyph, x in icon.glyphs:
            ops.glyph(glyph.resource, icon.size, x, icon.baseline, glyph.code, icon.frame)
        ops.add(_fill_operator(ops.canvas._fillColorObj))

    def _language(self, text: str) -> str | None:
        """The language to mark `text` with (None: the page's, or the paragraph's own)."""
        lang = foreign_language(text, self.page_lang, self.kit_languages)
        return None if lang == self.lang else lang

    def _plain(self, ops: _Operators, font: str, text: str, start: int, x: float, y: float,
               size: float) -> None:
        """A run drawn glyph for character, in pieces where its language changes or a
        link starts or ends."""
        face = getFont(font)
        cuts = {end for end, _ in _language_changes(text, self._language)}
        cuts |= {cut - start for cut in ops.cuts() if start < cut < start + len(text)}
        languages = _language_changes(text, self._language)
        piece_start = 0
        for end in sorted(cuts):
            lang = next(lang for stop, lang in languages if stop >= end)
            ops.at(start + piece_start)
            ops.language(lang)
            ops.text(font, size, x + face.stringWidth(text[:piece_start], size), y,
                     text[piece_start:end])
            piece_start = end

    def _clusters(self, ops: _Operators, run: LineRun, text: str, line: DrawnLine) -> None:
        """A shaped run, cluster by cluster in logical order. A run all of whose clusters
        are their characters' own glyphs is drawn from the line's font; any other wholly
        from the glyphs of the document's cluster font (glyph_fonts.py), each cluster one
        glyph: a word is never drawn from the two fonts at once."""
        font, size, y = run.font, line.size, line.y
        rtl = run.level % 2 == 1
        shaped = shaped_run(font, text, rtl)
        # The layout measured the run as ReportLab shapes it: the same advances, to a hair.
        scale = run.width / shaped.advance if shaped.advance else size / shaped.units_per_em
        truetype = all(cluster.nominal for cluster in shaped.clusters)
        if truetype and not rtl and _unkerned(shaped, font):
            self._plain(ops, font, text, run.start, run.x, y, size)  # own advances
            return
        offset = run.start
        for cluster in shaped.clusters:
            ops.at(offset)
            offset += len(cluster.text)
            ops.language(self._language(cluster.text) if _has_letter(cluster.text)
                         else ops.lang)
            left = run.x + cluster.x * scale
            if truetype:
                ops.text(font, size, left, y, cluster.text)
                continue
            for glyph in self.glyphs.cluster_glyphs(font, cluster, rtl):
                ops.glyph(glyph.resource, size, left + glyph.offset * scale, y, glyph.code)

    def draw_icon(self, canvas: Canvas, font: str, name: str, word: str, left: float,
                  bottom: float, icon_size: float, x: float, room: float, baseline: float,
                  size: float, colour: Color, rtl: bool, with_line: bool = False) -> None:
        """An icon (`icon_size` square, its lower-left corner at left, bottom) as glyphs of
        the line's size on its baseline, across `room` from x, whose text is the word it
        stands for and a space: "Call " before the number (generator/render/glyph_fonts.py).
        `with_line`: drawn with the next line (`draw_line`), in its text object, which
        then carries the word for PDFium too; `finish_icon` draws it if no line came."""
        glyphs = self.glyphs.icon_glyphs(font, name, word, icon_size / size,
                                         (bottom - baseline) / size, (left - x) / size,
                                         room / size, rtl)
        unit = size / 1000
        self._icon = _Icon(f"{word} ", tuple((glyph, x + glyph.offset * unit)
                                             for glyph in glyphs),
                           baseline, size, min(x, left), max(x + room, left + icon_size),
                           canvas._currentMatrix, colour)
        if not with_line:
            self.finish_icon(canvas)

    def finish_icon(self, canvas: Canvas) -> None:
        """The icon not drawn yet (no line came to draw it with), in a text object of its
        own."""
        icon, self._icon = self._icon, None
        if icon is None:
            return
        ops = _Operators(canvas, self.marks, 0)
        self._draw_icon(ops, _moved(icon, canvas._currentMatrix))
        ops.finish()


def _moved(icon: _Icon, frame: Matrix) -> _Icon:
    """The icon in `frame`: its glyphs drawn through the transformation from its own
    (carried in `frame`, a translation's moving its extent)."""
    relative = _relative(icon.frame, frame)
    shift = relative[4] if relative[:4] == (1.0, 0.0, 0.0, 1.0) else 0.0
    return _Icon(icon.word, icon.glyphs, icon.baseline, icon.size, icon.left + shift,
                 icon.right + shift, relative, icon.colour)


def _relative(drawn: Matrix, now: Matrix) -> Matrix:
    """The transformation from a frame the canvas had (`drawn`) to the one it has."""
    a, b, c, d, e, f = now
    det = a * d - b * c
    inverse = (d / det, -b / det, -c / det, a / det, (c * f - d * e) / det,
               (b * e - a * f) / det)
    m = _compose(inverse, drawn)
    return (round(m[0], 6) + 0.0, round(m[1], 6) + 0.0, round(m[2], 6) + 0.0,
            round(m[3], 6) + 0.0, round(m[4], 6) + 0.0, round(m[5], 6) + 0.0)


def _compose(outer: Matrix, inner: Matrix) -> Matrix:
    """The transformation `inner` then `outer`."""
    a, b, c, d, e, f = outer
    a2, b2, c2, d2, e2, f2 = inner
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def _right_to_left_line(line: DrawnLine) -> bool:
    """Whether the line reads right to left (the paragraph it is part of does, and the
    line holds right-to-left text)."""
    return min(run.level for run in line.runs) % 2 == 1


def _line_extent(line: DrawnLine) -> tuple[float, float]:
    return (min(run.x for run in line.runs),
            max(run.x + run.width for run in line.runs))


def _left_to_right_ends(line: DrawnLine) -> dict[int, float]:
    """In a right-to-left line, where each left-to-right run (a number, an address, a Latin
    word) ends that more of the line follows, with the run's left edge: the place of the
    right-to-left mark after it (see the module's docstring)."""
    if not line.runs or not _right_to_left_line(line):
        return {}
    base = min(run.level for run in line.runs)
    ends: dict[int, float] = {}
    left: float | None = None
    for index, run in enumerate(line.runs):
        if run.level <= base:
            left = None
            continue
        left = run.x if left is None else min(left, run.x)
        following = line.runs[index + 1] if index + 1 < len(line.runs) else None
        if following is not None and following.level <= base:
            ends[run.end] = left
    return ends


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


def _fill_operator(colour: Color) -> str:
    """The operator that makes `colour` the fill colour."""
    if isinstance(colour, CMYKColor):
        values = (colour.cyan, colour.magenta, colour.yellow, colour.black)
        return " ".join(f"{value:g}" for value in values) + " k"
    return " ".join(f"{value:g}" for value in colour.rgb()) + " rg"


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
    """One text object's operators, a font chosen only when it changes, and the marked
    content its pieces are in: a structure element's content in a language (one sequence,
    whose properties name both), opened only when something is drawn in it. Nothing else
    is nested in an element's sequence: poppler's reading of the structure ends an
    element's text where a sequence inside it ends."""

    def __init__(self, canvas: Canvas, marks: TextMarks | None, offset: int) -> None:
        self.canvas = canvas
        self.lines = ["BT", f"{_RESET} 0 Tr"]
        self.font: tuple[str, float] | None = None
        self.marks = marks
        self.offset = offset  # where the line starts in the paragraph's text
        self.element: Element | None = None  # whose content is to be drawn, if marked
        self.lang: str | None = None  # its language (None: the page's)
        self._open: tuple[Element | None, str | None] | None = None  # the sequence open

    def cuts(self) -> list[int]:
        """Where, in the line's text, the element changes."""
        if self.marks is None:
            return []
        return [index - self.offset for start, end, _ in self.marks.spans
                for index in (start, end)]

    def at(self, index: int) -> None:
        """What follows is the content of the element that holds character `index` of
        the line."""
        if self.marks is not None:
            self.element = self.marks.element_at(self.offset + index)

    def language(self, lang: str | None) -> None:
        """What follows is in `lang` (None: the page's)."""
        self.lang = lang

    def _marked(self) -> None:
        """The sequence for what is drawn next open."""
        element = self.element if self.marks is not None else None
        wanted = (element, self.lang) if element is not None or self.lang else None
        if wanted == self._open:
            return
        self.close()
        if element is not None and self.marks is not None:
            self.lines.append(self.marks.begin(element, self.lang))
        elif self.lang is not None:
            self.lines.append(f"/Span <</Lang ({self.lang})>> BDC")
        self._open = wanted

    def close(self) -> None:
        if self._open is not None:
            self.lines.append("EMC")
            self._open = None

    def add(self, operator: str) -> None:
        """An operator, inside the sequence for what is drawn next."""
        self._marked()
        self.lines.append(operator)

    def _font(self, resource: str, size: float) -> None:
        if self.font != (resource, size):
            self.lines.append(f"{resource} {size:.3f} Tf")
            self.font = (resource, size)

    def text(self, font: str, size: float, x: float, y: float, text: str) -> None:
        """`text` in TrueType font `font` from (x, y), through ReportLab's subsets."""
        self._marked()
        reportlab_font = getFont(font)
        document = self.canvas._doc
        self.lines.append(f"1 0 0 1 {x:.3f} {y:.3f} Tm")
        for subset, codes in reportlab_font.splitString(text, document):
            self._font(reportlab_font.getSubsetInternalName(subset, document), size)
            self.lines.append(f"<{codes.hex().upper()}> Tj")

    def glyph(self, resource: str, size: float, x: float, y: float, code: int,
              frame: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)) -> None:
        """A glyph of the document's own fonts (glyph_fonts.py) at (x, y) of `frame` (by
        default, the text object's own)."""
        self._marked()
        self._font(f"/{resource}", size)
        a, b, c, d, e, f = _compose(frame, (1.0, 0.0, 0.0, 1.0, x, y))
        matrix = " ".join(f"{value:.6f}".rstrip("0").rstrip(".") for value in (a, b, c, d))
        matrix = matrix.replace("-0 ", "0 ") + f" {e:.3f} {f:.3f}"
        self.lines.append(f"{matrix} Tm <{code:04X}> Tj")

    def finish(self) -> None:
        self.close()
        self.lines.append("ET")
        self.canvas.addLiteral("\n".join(self.lines))
