"""Right-to-left paragraphs: line breaking, bidi reordering (python-bidi) and shaping.

ReportLab shapes text with HarfBuzz but orders words left to right: its own bidi support needs
a package that is not on PyPI. This flowable breaks lines in logical order, resolves each
line's embedding levels with python-bidi's implementation of the Unicode Bidirectional
Algorithm, and draws the level runs in visual order, each shaped by HarfBuzz (so Arabic
letters join and phone numbers stay left to right).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from unicodedata import bidirectional

import uharfbuzz
from bidi.algorithm import (
    explicit_embed_and_overrides,
    get_embedding_levels,
    get_empty_storage,
    resolve_implicit_levels,
    resolve_neutral_types,
    resolve_weak_types,
)
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from generator.engine import remembered
from generator.i18n.fonts import FontSet
from generator.i18n.isolates import isolate_spans, unbreakable_spans
from generator.i18n.line_drawing import DrawnLine, LineRun, line_drawer
from generator.i18n.line_paragraph import LineParagraph
from generator.i18n.pdfium_order import pdfium_actual_text
from generator.i18n.plain_text import plain_text
from generator.i18n.reportlab_text import level_text, shaped_str
from generator.i18n.shaped_width import shaped_width_at_1000

_STRONG_RTL = frozenset({"R", "AL"})
_ISOLATE_STANDIN = "\ufffc"  # OBJECT REPLACEMENT CHARACTER: a neutral
_ANCHOR = "\u2014"  # EM DASH: a neutral whose ink spans its advance, inside the line
_ANCHOR_BEFORE = 0.01  # points: the anchor starts left of everything else on its line
_ANCHOR_SIZE = 1.0  # points
PDFIUM_TAG = "PDFiumText"  # not /Span: poppler and the specification leave it alone
_UNPRINTABLE = "\x01"  # an /ActualText PDFium emits nothing for
RLM = "\u200f"
# A no-break space joins what it separates (a date, "thg 11 2026"): kept in the text for
# breaking, drawn and resolved as a space (not every face has one: Hind Siliguri lacks it).
_NO_BREAK_SPACES = str.maketrans("\u00a0\u202f", "  ")
_SPACES = re.compile(r"[ \t\r\n]+")


@dataclass(frozen=True)
class Run:
    """A piece of one line in visual order: text in logical order, its level and face."""

    text: str
    level: int
    font: str
    width: float


@remembered(4096)
def embedding_levels(text: str) -> tuple[int, ...]:
    """Resolved bidi levels of each character. A paragraph with any right-to-left letter
    reads right to left, even when it starts with a Latin word ("START" in a Persian
    "text START to 88788" line); only one without any (an English line name on an Arabic
    card) keeps left to right.

    Phone numbers, addresses and other number-like runs (`isolate_spans`) are left-to-right
    isolates, as if wrapped in LRI ... PDI: python-bidi's implementation predates isolates,
    so each run stands in for one neutral character (U+FFFC, as the algorithm treats an
    isolate from outside) and is resolved on its own, one even level up."""
    classes = {bidirectional(c) for c in text}
    base = 0 if "L" in classes and not classes & _STRONG_RTL else 1
    spans = isolate_spans(text)
    if not spans:
        return _resolved_levels(text, base)
    outside, cursor = [], 0
    for start, end in spans:
        outside.append(text[cursor:start] + _ISOLATE_STANDIN)
        cursor = end
    outside.append(text[cursor:])
    outer = iter(_resolved_levels("".join(outside), base))
    isolate_level = base + 2 - base % 2  # the least even level above the paragraph's
    levels: list[int] = []
    cursor = 0
    for start, end in spans:
        levels.extend(next(outer) for _ in range(start - cursor))
        next(outer)  # the stand-in's own level: the run's characters take their own
        levels.extend(isolate_level + level for level in _isolate_levels(text[start:end]))
        cursor = end
    levels.extend(outer)
    return tuple(levels)


def _isolate_levels(run: str) -> tuple[int, ...]:
    """The levels inside a left-to-right isolate. Without a right-to-left letter in it (a
    number, not an Arabic web address) it reads left to right as written: Arabic-Indic
    digits are of the class AN, which the algorithm sets one level above the separators
    between them, so that `٠٨٠٨ ٢٠٠٠ ٢٤٧` would come out as `٢٤٧ ٢٠٠٠ ٠٨٠٨`."""
    if not any(bidirectional(char) in _STRONG_RTL for char in run):
        return (0,) * len(run)
    return _resolved_levels(run, 0)


def _resolved_levels(text: str, base: int) -> tuple[int, ...]:
    """The levels python-bidi's algorithm resolves for `text` at paragraph level `base`.
    A character this Python's Unicode tables do not know has no bidi class, which the
    algorithm rejects: it counts as a neutral (it is then reported as in no font)."""
    if any(not bidirectional(char) for char in text):
        text = "".join(char if bidirectional(char) else _ISOLATE_STANDIN for char in text)
    storage = get_empty_storage()
    storage["base_level"] = base
    storage["base_dir"] = ("L", "R")[base]
    get_embedding_levels(text, storage)
    explicit_embed_and_overrides(storage)
    resolve_weak_types(storage)
    resolve_neutral_types(storage, False)
    resolve_implicit_levels(storage, False)
    # Rule X9 drops formatting characters (the zero-width non-joiner of Persian words):
    # they take the level of the character before them.
    resolved = storage["chars"]
    levels, index, level = [], 0, base
    for char in text:
        if index < len(resolved) and resolved[index]["ch"] == char:
            level = resolved[index]["level"]
            index += 1
        levels.append(level)
    return tuple(levels)


@remembered(65536)
def _width_at_1000(text: str, font: str) -> float:
    """HarfBuzz advances scale linearly with the size: shape once, at 1000 units."""
    return shaped_width_at_1000(text, font)


class BidiParagraph(LineParagraph):
    """A right-to-left (or shaped) paragraph, broken between words and drawn line by line."""

    def __init__(self, markup: str, style: ParagraphStyle, fonts: FontSet, weight: str):
        super().__init__(_SPACES.sub(" ", plain_text(markup)).strip(), style,
                         fonts, weight)
        self.drawn = self.text.translate(_NO_BREAK_SPACES)  # what is shaped and drawn
        self.levels = embedding_levels(self.drawn) if self.text else ()
        # The word an icon before the first line stands for ("Call"), drawn with the
        # paragraph (generator/render/draw.py); and whether PDFium reads this paragraph's
        # own text (not an icon's word, which the paragraph it stands before carries).
        self.icon_word: IconWord | None = None
        self.read_by_pdfium = True
        # A right-to-left mark before the first line for poppler: an icon's word on the
        # right of the line it starts, read before it (see screen_text.py).
        self.mark_before = False
        # What PDFium reads after the last line, on its anchor: the drawn text of a run set
        # at the end of the line that PDFium does not read itself (a web address left of
        # its number's row, generator/layout/place_list.py), which it took first, by position.
        self.read_after = ""

    def _pieces(self) -> list[tuple[int, int]]:
        return _words(self.text)

    def _font_for(self, char: str) -> str:
        return _font_for(self.fonts, self.weight, char)

    def _width(self, start: int, end: int) -> float:
        return sum(run.width for run in self._runs(start, end))

    def _break_lines(self, width: float) -> list[tuple[int, int]]:
        """Greedy breaks measured word by word (shaping never joins across a space); each
        line is then measured whole, and if one came out wider, lines are measured whole
        while breaking."""
        words = _words(self.text)
        lines = self._break_by_words(words, width)
        if all(self._width(start, end) <= self._room(width, index) + 0.01
               for index, (start, end) in enumerate(lines) if " " in self.text[start:end]):
            return lines
        return self._break_by_lines(width)

    def _break_by_words(self, words: list[tuple[int, int]],
                        width: float) -> list[tuple[int, int]]:
        lines: list[tuple[int, int]] = []
        start = end = -1
        line_width = 0.0
        for word_start, word_end in words:
            word_width = self._width(word_start, word_end)
            if start < 0:
                start, end, line_width = word_start, word_end, word_width
                continue
            gap = stringWidth(self.text[end:word_start], self._font_for(self.text[end - 1]),
                              self.style.fontSize)
            if line_width + gap + word_width <= self._room(width, len(lines)) + 0.01:
                end, line_width = word_end, line_width + gap + word_width
            else:
                lines.append((start, end))
                start, end, line_width = word_start, word_end, word_width
        if start >= 0:
            lines.append((start, end))
        return lines

    def _line_x(self, number: int, line_width: float) -> float:
        """Where line `number`, `line_width` wide, starts (its left edge)."""
        indent, end = self._indent(number), self.style.rightIndent
        return (end if self.fonts.rtl else indent) + _line_start(
            self.style.alignment, self._room(self.width, number), line_width, self.fonts.rtl)

    def drawn_line(self, number: int, x: float | None = None,
                   y: float | None = None) -> DrawnLine:
        """Line `number` as it is drawn from (x, y) (by default, where draw puts it in the
        paragraph's own frame), its runs in logical order."""
        start, end = self.lines[number]
        size = self.style.fontSize
        spans = visual_spans(self.drawn[start:end], self.levels[start:end], self.fonts,
                             self.weight)
        widths = [run.width for run in self._runs(start, end)]
        if x is None:
            x = self._line_x(number, sum(widths))
        if y is None:
            y = self.height - size - number * self.style.leading
        placed = []
        for (run_start, run_end, level, font), width in zip(spans, widths, strict=True):
            placed.append(LineRun(run_start, run_end, level, font, True, x, width))
            x += width
        return DrawnLine(self.drawn[start:end], tuple(sorted(placed, key=lambda r: r.start)),
                         y, size, self.fonts.lang, start)

    def _runs(self, start: int, end: int) -> list[Run]:
        """The line's level runs in visual order (left to right), split by font."""
        size = self.style.fontSize
        return [Run(text, level, font, width * size / 1000) for text, level, font, width
                in _runs_at_1000(self.drawn[start:end], self.levels[start:end], self.fonts,
                                 self.weight)]

    def draw(self) -> None:
        canvas: Canvas = self.canv
        canvas.setFillColor(self.style.textColor)
        drawer = line_drawer(canvas)
        baseline = self.height - self.style.fontSize  # as ReportLab places a first line
        lines = []
        for number, (start, end) in enumerate(self.lines):
            runs = self._runs(start, end)
            x = self._line_x(number, sum(run.width for run in runs))
            y = baseline - number * self.style.leading
            if drawer is not None:
                drawer.draw_line(canvas, self.drawn_line(number, x, y))
                continue
            lines.append(_PrintedLine(start, end, runs, x, y, visual_spans(
                self.drawn[start:end], self.levels[start:end], self.fonts, self.weight)))
        if drawer is not None:
            return
        # PDFium gets the text of a paragraph it would not read right from its glyphs as
        # /ActualText, line by line, on invisible glyphs drawn before anything else of the
        # paragraph (pdfium_order.py; generator/render/screen_text.py tells how PDFium reads
        # such text and why it goes first); it reads none of the glyphs then.
        carried = self.read_by_pdfium and self._carried(lines)
        if carried:
            self._draw_anchors(canvas, lines)
        if self.icon_word is not None:
            self.icon_word.draw(canvas, hidden=carried)
        for line in lines:
            self._draw_line(canvas, line, carried or not self.read_by_pdfium)

    def _carried(self, lines: list[_PrintedLine]) -> bool:
        """Whether PDFium gets the paragraph as /ActualText: every paragraph of a
        right-to-left page, and any with right-to-left text. PDFium reverses the text of
        such an object when the last it read came from glyphs that read right to left, so
        a right-to-left page leaves it none to read (pdfium_order.py)."""
        icon = self.icon_word.text if self.icon_word is not None else ""
        return self.fonts.rtl or any(run.level % 2 for line in lines for run in line.runs) \
            or any(bidirectional(char) in _STRONG_RTL for char in icon)

    def _draw_anchors(self, canvas: Canvas, lines: list[_PrintedLine]) -> None:
        """Each line's text for PDFium on an invisible glyph just left of the line (the
        first of the line PDFium takes: it reverses the text of one that comes after a
        right-to-left glyph); poppler reads nothing of them (an empty /ActualText)."""
        font = _font_for(self.fonts, self.weight, _ANCHOR)
        canvas.addLiteral(actual_text_span("", self.fonts.lang))
        for number, line in enumerate(lines):
            text = self.drawn[line.start:line.end]
            if number == len(lines) - 1 and self.read_after:
                text = f"{text} {self.read_after}"
            left = line.x
            if number == 0 and self.icon_word is not None:
                text = f"{self.icon_word.text} {text}"
                left = min(left, self.icon_word.x)
            canvas.addLiteral(actual_text_span(pdfium_actual_text(text), self.fonts.lang,
                                               PDFIUM_TAG))
            _draw_anchor(canvas, font, left - _ANCHOR_BEFORE, line.y)
            canvas.addLiteral("EMC")
        canvas.addLiteral("EMC")

    def _draw_line(self, canvas: Canvas, line: _PrintedLine, hidden: bool) -> None:
        """A line of a printed file. Its runs are drawn in the order they are read (MuPDF
        reads glyphs in the order they are drawn), each where it stands. Where its glyphs,
        read back, do not give its characters (a Devanagari vowel sign drawn before its
        consonant, an Arabic joining form), or poppler would take them in another order
        (a number, a Latin word between right-to-left words), the line's text goes with
        it as /ActualText, for poppler, in the order the runs stand on the page, with a
        right-to-left mark after each left-to-right run that more of the line follows
        (see generator/render/screen_text.py). `hidden`: PDFium does not read the glyphs
        (a sequence whose /ActualText has nothing it prints)."""
        size = self.style.fontSize
        runs = line.runs
        marked = _marked_runs(line.spans)
        before = RLM if self.mark_before and line.start == 0 else ""
        spanned = bool(marked or before) or not all(_copies_right(run, size) for run in runs)
        if spanned:
            visual = before + "".join((RLM if index in marked else "")
                                      + (run.text[::-1] if run.level % 2 else run.text)
                                      for index, run in enumerate(runs))
            canvas.addLiteral(actual_text_span(visual, self.fonts.lang))
        if hidden:
            canvas.addLiteral(actual_text_span(_UNPRINTABLE, self.fonts.lang, PDFIUM_TAG))
        places = []
        x = line.x
        for (run_start, *_), run in zip(line.spans, runs, strict=True):
            places.append((run_start, run, x))
            x += run.width
        if spanned:  # poppler lays the text over the first glyph drawn to the last: a space
            _draw_space(canvas, runs[0].font, x, line.y, size)  # at each end of the line
        for _, run, left in sorted(places, key=lambda place: place[0]):
            _draw_run(canvas, run, left, line.y, size)
        if spanned:
            _draw_space(canvas, runs[0].font, line.x - stringWidth(" ", runs[0].font, size),
                        line.y, size)
        if hidden:
            canvas.addLiteral("EMC")
        if spanned:
            canvas.addLiteral("EMC")


@dataclass(frozen=True)
class _PrintedLine:
    start: int
    end: int
    runs: list[Run]  # in visual order
    x: float
    y: float
    spans: tuple[tuple[int, int, int, str], ...]  # the runs' (start, end, level, font)


@dataclass
class IconWord:
    """The word an icon stands for, drawn unseen (text render mode 3) squeezed into the
    icon's width on the line's baseline (generator/render/draw.py): `paragraph` drawn
    from (x, y) of the paragraph it starts, at `squeeze` percent of its width."""

    text: str
    paragraph: BidiParagraph
    x: float
    y: float
    squeeze: float

    def draw(self, canvas: Canvas, hidden: bool) -> None:
        """`hidden`: PDFium does not read it (the paragraph's first line carries it)."""
        canvas.saveState()
        canvas.addLiteral("3 Tr")
        canvas.addLiteral(f"{self.squeeze:.1f} Tz")
        self.paragraph.read_by_pdfium = not hidden
        self.paragraph.mark_before = self.paragraph.fonts.rtl
        self.paragraph.drawOn(canvas, self.x, self.y)
        canvas.restoreState()


def _marked_runs(spans: tuple[tuple[int, int, int, str], ...]) -> set[int]:
    """In a right-to-left line, the runs (by their place in visual order) just left of
    which a right-to-left mark goes: the leftmost run of each left-to-right stretch (a
    number, a Latin word) that more of the line follows."""
    if not spans or min(level for _, _, level, _ in spans) % 2 == 0:
        return set()
    base = min(level for _, _, level, _ in spans)
    logical = sorted(range(len(spans)), key=lambda index: spans[index][0])
    marked: set[int] = set()
    unit: list[int] = []
    for position, index in enumerate(logical):
        if spans[index][2] > base:
            unit.append(index)
            following = logical[position + 1] if position + 1 < len(logical) else None
            if following is not None and spans[following][2] <= base:
                marked.add(min(unit))
        else:
            unit = []
    return marked


def _font_for(fonts: FontSet, weight: str, char: str) -> str:
    face = fonts.face_for(char, weight) or fonts.faces[0]
    return face.name(weight)


@remembered(16384)
def _runs_at_1000(text: str, levels: tuple[int, ...], fonts: FontSet,
                  weight: str) -> tuple[tuple[str, int, str, float], ...]:
    """(text, level, font, width at 1000 units) of a span's runs in visual order: words and
    lines come back at every size a fit tries, and their runs do not depend on the size."""
    runs = []
    for start, end, level, font in visual_spans(text, levels, fonts, weight):
        part = text[start:end]
        if level % 2 and not any(bidirectional(c) in _STRONG_RTL for c in part):
            part = part[::-1]  # neutral characters between right-to-left words
        runs.append((part, level, font, _width_at_1000(part, font)))
    return tuple(runs)


@remembered(16384)
def visual_spans(text: str, levels: tuple[int, ...], fonts: FontSet,
                 weight: str) -> tuple[tuple[int, int, int, str], ...]:
    """(start, end, level, font) of each run of `text` set at one level in one face, in
    visual order (left to right); start and end index the text, which is in logical order."""
    pieces: list[tuple[int, int, int]] = []  # (start, end, level), logical order
    index = 0
    while index < len(text):
        level = levels[index]
        stop = index
        while stop < len(text) and levels[stop] == level:
            stop += 1
        pieces.append((index, stop, level))
        index = stop
    for level in range(max((p[2] for p in pieces), default=0), 0, -1):
        pieces = _reverse_at_least(pieces, level)
    spans: list[tuple[int, int, int, str]] = []
    for piece_start, piece_end, level in pieces:
        start = piece_start
        parts: list[tuple[int, int, int, str]] = []
        for part, font in _by_font(text[piece_start:piece_end], fonts, weight):
            parts.append((start, start + len(part), level, font))
            start += len(part)
        # A right-to-left run reads from the right: where a character falls back to
        # another face (Nastaliq has no "•"), its part of the run stands right of what
        # follows it in the text, not left (Urdu's bullets printed at the lines' ends).
        spans.extend(reversed(parts) if level % 2 else parts)
    return tuple(spans)


def _by_font(text: str, fonts: FontSet, weight: str) -> list[tuple[str, str]]:
    parts: list[tuple[str, str]] = []
    for char in text:
        font = parts[-1][1] if parts and char.isspace() else _font_for(fonts, weight, char)
        if parts and parts[-1][1] == font:
            parts[-1] = (parts[-1][0] + char, font)
        else:
            parts.append((char, font))
    return parts


def _words(text: str) -> list[tuple[int, int]]:
    """Where lines may break: between words (at plain spaces: a no-break space joins),
    never inside a phone number (but before its extension) or an address."""
    spans = unbreakable_spans(text)  # in order, none inside another
    words: list[tuple[int, int]] = []
    crossing = 0  # the first span that may still reach past the last word
    for match in re.finditer(r"[^ \t\r\n]+", text):
        start, end = match.span()
        if words:
            while crossing < len(spans) and spans[crossing][1] <= words[-1][1]:
                crossing += 1
            if crossing < len(spans) and spans[crossing][0] < start:  # a span over the gap
                words[-1] = (words[-1][0], end)
                continue
        words.append((start, end))
    return words


def _reverse_at_least(pieces: list[tuple[int, int, int]],
                      level: int) -> list[tuple[int, int, int]]:
    """Rule L2: reverse every maximal sequence of pieces at `level` or higher."""
    out: list[tuple[int, int, int]] = []
    block: list[tuple[int, int, int]] = []
    for piece in pieces:
        if piece[2] >= level:
            block.append(piece)
        else:
            out.extend(reversed(block))
            block = []
            out.append(piece)
    out.extend(reversed(block))
    return out


def _line_start(alignment: int, width: float, line_width: float, mirrored: bool) -> float:
    """On a right-to-left page alignment mirrors: a style's 'left' starts at the right edge."""
    if alignment == TA_CENTER:
        return (width - line_width) / 2
    if mirrored:
        alignment = {TA_LEFT: TA_RIGHT, TA_RIGHT: TA_LEFT}.get(alignment, alignment)
    return width - line_width if alignment == TA_RIGHT else 0.0


def actual_text_span(text: str, lang: str, tag: str = "Span") -> str:
    """The opening of a marked-content span whose /ActualText is `text` (PDF 1.5, 14.9.4)."""
    utf16 = text.encode("utf-16-be").hex().upper()
    return f"/{tag} <</Lang ({lang}) /ActualText <FEFF{utf16}>>> BDC"


def _draw_space(canvas: Canvas, font: str, x: float, y: float, size: float) -> None:
    text = canvas.beginText(x, y)
    text.setFont(font, size)
    text.textOut(" ")
    canvas.drawText(text)


def _draw_anchor(canvas: Canvas, font: str, x: float, y: float) -> None:
    """An invisible neutral glyph (text render mode 3) where the line starts on its left:
    the one text object of the span PDFium reads the line from, the first of the line it
    takes. PDFium reverses a span's /ActualText when the span's first text object reads
    right to left, and emits it again each time it comes back to the span after another
    object (on a card, a line's glyphs meet others at the same height, and raised dots
    break its batches): so the line's own glyphs are left to a span whose text is
    unprintable, which PDFium skips. It is a point in size: PDFium tells a new line by
    how far a glyph is from the one before in widths of their characters, and took the
    line after a large one for the same line (the texting line after a poster's number)."""
    canvas.saveState()
    text = canvas.beginText(x, y)
    text.setFont(font, _ANCHOR_SIZE)
    text.setTextRenderMode(3)
    text.textOut(_ANCHOR)
    canvas.drawText(text)
    canvas.restoreState()


@remembered(8192)
def _shaped(text: str, font: str, size: float) -> str:
    """HarfBuzz's glyphs and positions for a run (a ShapedStr, only ever read)."""
    return shaped_str(text, font, size)


@remembered(8192)
def _copies_right(run: Run, size: float) -> bool:
    """Whether the run's glyphs, read back in the order they stand, give its characters.
    Not so for Arabic, whose joining forms and ligatures are reached through the font's
    GSUB table (Noto Sans Arabic even draws a letter's dots as glyphs of their own, shared
    between letters), nor where Devanagari draws a vowel sign before its consonant."""
    glyphs = _shaped(_for_harfbuzz(run), run.font, size)
    return str(glyphs) == (run.text[::-1] if run.level % 2 else run.text)


def _for_harfbuzz(run: Run) -> str:
    return left_to_right_for_harfbuzz(run.text) if run.level % 2 == 0 else run.text


def left_to_right_for_harfbuzz(text: str) -> str:
    """The text to give HarfBuzz for a run drawn left to right. HarfBuzz takes the
    direction from the script of the run's first letter, and Arabic-Indic and Persian digits
    are of the Arabic script: a run of them would come back reversed (`٦١٤` drawn as 416).
    Such a run, with no right-to-left letter in it, is given reversed, so that its glyphs
    come back in its own order; digits neither join nor form ligatures."""
    if (not any(bidirectional(char) in _STRONG_RTL for char in text)
            and _harfbuzz_reads_right_to_left(text)):
        return text[::-1]
    return text


@remembered(8192)
def _harfbuzz_reads_right_to_left(text: str) -> bool:
    buffer = uharfbuzz.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()
    return buffer.direction == "rtl"


def _draw_run(canvas: Canvas, run: Run, x: float, y: float, size: float) -> None:
    text = level_text(canvas, x, y)
    text.setFont(run.font, size)
    text._textOut(_shaped(_for_harfbuzz(run), run.font, size))  # ReportLab's shaped-text path
    canvas.drawText(text)
