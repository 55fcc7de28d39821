"""Left-to-right paragraphs in scripts written without spaces between words (Thai, Khmer,
Burmese, Chinese, Japanese), or with some of their words in them.

ReportLab breaks lines at spaces, or (its 'CJK' wrapping) between any two characters, even
inside a Latin word ("Wellness contac / ts") and without shaping Thai or Khmer. This
flowable breaks where `line_breaks.segments` allows, measures and draws each run in the face
that covers it, shaped by HarfBuzz when the face needs it (Thai vowels and tone marks,
Khmer subscripts).
"""

from __future__ import annotations

import re
import unicodedata
from array import array
from dataclasses import dataclass
from typing import Self

from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from generator.engine import remembered
from generator.i18n.bidi_text import actual_text_span, left_to_right_for_harfbuzz
from generator.i18n.cjk_lines import (
    MAX_GAP,
    SQUEEZABLE,
    Measured,
    cjk_lines,
    clusters_start,
    squeezes,
)
from generator.i18n.fonts import Face, FontSet
from generator.i18n.line_breaks import segments
from generator.i18n.line_drawing import DrawnLine, LineRun, line_drawer
from generator.i18n.line_paragraph import LineParagraph
from generator.i18n.plain_text import plain_text
from generator.i18n.reportlab_text import level_text, shaped_str
from generator.i18n.scripts import is_han_or_kana
from generator.i18n.shaped_width import shaped_width_at_1000

_SPACES = re.compile(r"[ \t\r\n]+")
_NO_BREAK_SPACES = str.maketrans("\u00a0\u202f", "  ")  # drawn as spaces: not every face has them
# A justified line spreads its room between its characters by at most this much of its size
# a gap: more (a line broken before a long Latin word) stays ragged rather than gappy.
MAX_JUSTIFY_GAP = MAX_GAP


class SegmentedParagraph(LineParagraph):
    """Text with words of a script written without spaces, broken where ICU allows."""

    def __init__(self, markup: str, style: ParagraphStyle, fonts: FontSet, weight: str,
                 justify: bool = False, balance: bool = False):
        super().__init__(_SPACES.sub(" ", plain_text(markup)).strip(), style,
                         fonts, weight)
        # Chinese and Japanese words are kept whole, unless one is too wide for the line
        # (then every break ICU allows is used: see _break_lines).
        self.whole_words = True
        # Chinese and Japanese running text is justified (CLREQ, JLREQ): every line but a
        # paragraph's last reaches the end of the measure, its room spread between the
        # characters (`_justified`). Left-aligned text only; titles and headings stay ragged.
        cjk = any(is_han_or_kana(char) for char in self.text)
        self.justify = justify and style.alignment in (TA_LEFT, TA_JUSTIFY) and cjk
        # Chinese and Japanese titles, headings and a card's line break between phrases, in
        # lines of even length (generator/i18n/cjk_lines.py).
        self.balance = balance and cjk
        self._chosen = False  # whether the lines were chosen for the whole paragraph

    def split(self, available_width: float, available_height: float) -> list[Self]:
        parts = super().split(available_width, available_height)
        for part in parts:
            part.justify = self.justify
            part.balance = self.balance
        if parts:
            parts[0].ends_paragraph = False  # its last line goes on in the next box
        return parts

    def _pieces(self) -> tuple[tuple[int, int], ...]:
        return segments(self.text, self.fonts.lang, self.whole_words) if self.text else ()

    def _piece_widths(self, whole_words: bool | None = None) -> PieceWidths:
        """Each piece's width at 1000 units with the spaces after it, and without them."""
        return _piece_widths(self.text, self.fonts, self.weight,
                             self.whole_words if whole_words is None else whole_words)

    def _width(self, start: int, end: int) -> float:
        """The width of text[start:end], spaces at its end not counted."""
        piece = self.text[start:end].rstrip()
        return sum(width for _, _, width in _runs(piece, self.fonts, self.weight)) \
            * self.style.fontSize / 1000

    def least_advance(self) -> float:
        return sum(self._piece_widths().bare) * self.style.fontSize / 1000

    def minWidth(self) -> float:  # noqa: N802 - ReportLab's name
        """The widest piece, a Chinese or Japanese word broken where ICU allows."""
        widest = max(self._piece_widths(whole_words=False).bare, default=0.0)
        return widest * self.style.fontSize / 1000 + max(self._indent(0), self._indent(1)) \
            + self.style.rightIndent

    def _break_lines(self, width: float) -> list[tuple[int, int]]:
        """Chinese and Japanese running text, titles and headings: the lines chosen for the
        whole paragraph (`_chosen_lines`). Else greedy: as many pieces on a line as fit (a
        piece too wide on its own gets a line of its own; minWidth reports it). Pieces are
        measured one by one; if a line measured whole comes out wider (kerning across
        pieces), lines are measured whole."""
        if self.justify or self.balance:
            chosen = self._chosen_lines(width)
            if chosen is not None:
                return chosen
        widest_word = max(self._piece_widths(whole_words=True).bare, default=0.0)
        self.whole_words = widest_word * self.style.fontSize / 1000 <= min(
            self._room(width, 0), self._room(width, 1)) + 0.01
        lines = self._break_by_pieces(width)
        pieces = set(self._pieces())
        if all(self._width(start, end) <= self._room(width, index) + 0.01
               for index, (start, end) in enumerate(lines) if (start, end) not in pieces):
            return lines
        return self._break_by_lines(width)

    def _chosen_lines(self, width: float) -> list[tuple[int, int]] | None:
        """The lines generator/i18n/cjk_lines.py chooses, every break ICU allows a
        candidate; None where a line measured whole comes out wider than its room (kerning
        across pieces): then the greedy breaks (`_cjk_chosen`)."""
        self.whole_words = False
        lines = _cjk_chosen(self.text, self.fonts, self.weight, self.style.fontSize,
                            (self._room(width, 0), self._room(width, 1)), self.justify,
                            self.ends_paragraph)
        self._chosen = lines is not None
        return None if lines is None else list(lines)

    def _without_widow(self, lines: list[tuple[int, int]],
                       width: float) -> list[tuple[int, int]]:
        """Lines chosen for the whole paragraph weighed its last line already."""
        if self._chosen:
            return lines
        return super()._without_widow(lines, width)

    def _break_by_pieces(self, width: float) -> list[tuple[int, int]]:
        def limit(line: int) -> float:  # widths are at 1000 units
            return (self._room(width, line) + 0.01) * 1000 / self.style.fontSize

        lines: list[tuple[int, int]] = []
        start: int | None = None
        end = 0  # meaningful once a line has started
        used = 0.0  # the line so far, with the spaces after its last piece
        room = limit(0)
        widths = self._piece_widths()
        for (piece_start, piece_end), whole, bare in zip(self._pieces(), widths.whole,
                                                         widths.bare, strict=True):
            if start is not None and used + bare <= room:
                end = piece_end
            else:
                if start is not None:
                    lines.append((start, end))
                    room = limit(len(lines))
                start, end, used = piece_start, piece_end, 0.0
            used += whole
        if start is not None:
            lines.append((start, end))
        return lines

    def drawn_line(self, number: int, x: float | None = None,
                   y: float | None = None) -> DrawnLine:
        """Line `number` as it is drawn from (x, y) (by default, where draw puts it in the
        paragraph's own frame): its runs, left to right."""
        start, end = self.lines[number]
        size = self.style.fontSize
        line = self.text[start:end].rstrip()
        if y is None:
            y = self.height - size - number * self.style.leading
        placed = tuple(LineRun(run_start, run_end, 0, face.name(self.weight), face.shaped,
                               run_x, width)
                       for run_start, run_end, face, run_x, width
                       in self._placed(number, x))
        return DrawnLine(line.translate(_NO_BREAK_SPACES), placed, y, size, self.fonts.lang,
                         start)

    def _placed(self, number: int, x: float | None = None
                ) -> list[tuple[int, int, Face, float, float]]:
        """(start, end in the line's text, face, x, width) of each run of line `number`, from
        `x` (by default where the line starts in the paragraph's frame): a justified line's
        runs split between its characters, each moved by the room spread before it."""
        start, end = self.lines[number]
        size = self.style.fontSize
        line = self.text[start:end].rstrip()
        runs = _runs(line, self.fonts, self.weight)
        line_width = sum(width for _, _, width in runs) * size / 1000
        gap = self._justified(number, line, line_width)
        squeezed = self._squeezed(number, line, line_width)
        if x is None:
            x = self._line_x(number, line_width + gap * max(len(_clusters(line)) - 1, 0))
        placed, offset = [], 0
        if squeezed:  # a mark gives up room: what follows it moves back as much
            cuts = [0, *(index + 1 for index in sorted(squeezed)), len(line)]
            for part_start, part_end in zip(cuts, cuts[1:], strict=False):
                for text, face, width in _runs(line[part_start:part_end], self.fonts,
                                               self.weight):
                    placed.append((offset, offset + len(text), face, x, width * size / 1000))
                    offset += len(text)
                    x += width * size / 1000
                x -= squeezed.get(part_end - 1, 0.0)
            return placed
        if not gap:
            for text, face, width in runs:
                placed.append((offset, offset + len(text), face, x, width * size / 1000))
                offset += len(text)
                x += width * size / 1000
            return placed
        mark = self._hanging_mark(number, line)
        for index, cluster in enumerate(_clusters(line)):
            for text, face, width in _runs(cluster, self.fonts, self.weight):
                placed.append((offset, offset + len(text), face, x, width * size / 1000))
                offset += len(text)
                x += width * size / 1000
            if index >= mark:
                x += gap
        return placed

    def _justified(self, number: int, line: str, line_width: float) -> float:
        """The room added between two characters of line `number` to bring it to the end of
        the measure: 0 for the last line, a line of one piece, or where the gaps would be
        wider than MAX_JUSTIFY_GAP of the size."""
        if not self.justify or (number >= len(self.lines) - 1 and self.ends_paragraph):
            return 0.0
        gaps = len(_clusters(line)) - 1 - self._hanging_mark(number, line)
        extra = self._room(self.width, number) - line_width
        if gaps < 1 or extra <= 0.01 or extra / gaps > MAX_JUSTIFY_GAP * self.style.fontSize:
            return 0.0
        return extra / gaps

    def _hanging_mark(self, number: int, line: str) -> int:
        """1 where line `number` is a hanging paragraph's first and starts with its mark and
        its space (a bullet and its no-break space): the mark takes none of the room a
        justified line spreads, so the text after it starts where the lines under it do
        (the review of main at 8.5: a Chinese point's text moved right by a gap on its
        stretched lines, not on the others); else 0."""
        if number or self.style.firstLineIndent >= 0:
            return 0
        head = _clusters(line)[0] if line else ""
        bare = head.rstrip()
        return int(head != bare and 0 < len(bare) <= 2 and not any(map(is_han_or_kana, bare)))

    def _squeezed(self, number: int, line: str, line_width: float) -> dict[int, float]:
        """What each mark of a justified line wider than its room gives up (cjk_lines.py
        chose it so); {} for any other line."""
        if not self.justify or (number >= len(self.lines) - 1 and self.ends_paragraph):
            return {}
        start = self.lines[number][0]
        return squeezes(line, line_width - self._room(self.width, number),
                        lambda at: self._width(start + at, start + at + 1))

    def _line_x(self, number: int, line_width: float) -> float:
        indent = self._indent(number)
        return indent + _line_start(self.style.alignment, self.width - indent, line_width)

    def draw(self) -> None:
        canvas: Canvas = self.canv
        canvas.setFillColor(self.style.textColor)
        drawer = line_drawer(canvas)
        size = self.style.fontSize
        baseline = self.height - size  # where ReportLab puts a first line
        for number, (start, end) in enumerate(self.lines):
            y = baseline - number * self.style.leading
            placed = self._placed(number)
            if drawer is not None:
                drawer.draw_line(canvas, self.drawn_line(number, placed[0][3] if placed
                                                         else None, y))
                continue
            line = self.text[start:end].rstrip()
            # As in bidi_text: a line whose glyphs do not read back as its characters (Khmer
            # and Burmese vowel signs drawn before their consonant) carries its text.
            spanned = not all(_copies_right(text, face.name(self.weight), size)
                              for text, face, _ in _runs(line, self.fonts, self.weight)
                              if face.shaped)
            if spanned:
                canvas.addLiteral(actual_text_span(line, self.fonts.lang))
            for run_start, run_end, face, x, _ in placed:
                _draw_run(canvas, line[run_start:run_end], face, self.weight, x, y, size)
            if spanned:
                canvas.addLiteral("EMC")


def _clusters(line: str) -> list[str]:
    """The line cut where a justified line may take room (cjk_lines.clusters_start, the rule
    the line choice counts its gaps by)."""
    starts = [index for index in range(len(line)) if clusters_start(line, index)]
    return [line[start:end] for start, end in zip(starts, [*starts[1:], len(line)],
                                                  strict=True)]


@remembered(1024)
def _cjk_chosen(text: str, fonts: FontSet, weight: str, size: float,
                rooms: tuple[float, float], justify: bool, ends_paragraph: bool
                ) -> tuple[tuple[int, int], ...] | None:
    """SegmentedParagraph's lines chosen by cjk_lines for `text` set in `fonts` at `size`
    (`rooms`: its first line's width, and every other line's), every break ICU allows a
    candidate; None where a line measured whole comes out wider than its room. Remembered:
    a flow fitted size by size and panel by panel sets each paragraph as a new flowable,
    mostly at a size and width set before (bench/README.md)."""
    pieces = segments(text, fonts.lang, False) if text else ()
    widths = _piece_widths(text, fonts, weight, False)
    word_ends = {end for _, end in segments(text, fonts.lang, True)}

    def width_of(start: int, end: int) -> float:  # SegmentedParagraph._width
        piece = text[start:end].rstrip()
        return sum(width for _, _, width in _runs(piece, fonts, weight)) * size / 1000

    def room(line: int) -> float:
        return rooms[0] if line == 0 else rooms[1]

    # what each piece's marks may give up in a justified line (cjk_lines.py): the half of
    # the full-width mark it ends with, and the quarters of its other marks
    halves: list[float] = []
    quarters: list[float] = []
    for start, end in pieces if justify else ():
        piece = text[start:end].rstrip()
        marks = [start + index for index, char in enumerate(piece) if char in SQUEEZABLE]
        last_mark = marks.pop() if marks and marks[-1] == start + len(piece) - 1 else None
        halves.append(width_of(last_mark, last_mark + 1) / 2 if last_mark is not None
                      else 0.0)
        quarters.append(sum(width_of(mark, mark + 1) / 4 for mark in marks))
    measured = Measured(text, pieces, [w * size / 1000 for w in widths.whole],
                        [w * size / 1000 for w in widths.bare],
                        [end not in word_ends for _, end in pieces], fonts.lang,
                        halves, quarters)
    lines = cjk_lines(measured, rooms, size, justify, ends_paragraph)
    last = len(lines) - 1

    def fits(number: int, start: int, end: int) -> bool:
        """Whether text[start:end], measured whole, fits line `number`, its marks squeezed
        where a justified line may squeeze them."""
        over = width_of(start, end) - room(number)
        if over <= 0.01:
            return True
        if not justify or (number >= last and ends_paragraph):
            return False
        return bool(squeezes(text[start:end].rstrip(), over,
                             lambda at: width_of(start + at, start + at + 1)))

    single = set(pieces)
    if all((start, end) in single or fits(index, start, end)
           for index, (start, end) in enumerate(lines)):
        return tuple(lines)
    return None


@dataclass(frozen=True)
class PieceWidths:
    """The width at 1000 units of each piece of a text (`segments`), as `_runs` measures
    it: with the spaces after it, and without them."""

    whole: array[float]
    bare: array[float]


@remembered(1024)
def _piece_widths(text: str, fonts: FontSet, weight: str, whole_words: bool) -> PieceWidths:
    """Measured once for a paragraph's text, read at every size a fit tries."""
    widths = PieceWidths(array("d"), array("d"))
    measured: dict[str, tuple[float, float]] = {}  # a text's pieces repeat (Chinese: a word)
    for start, end in segments(text, fonts.lang, whole_words) if text else ():
        piece = text[start:end]
        if piece not in measured:
            measured[piece] = (_piece_width(piece, fonts, weight),
                               _piece_width(piece.rstrip(), fonts, weight))
        whole, bare = measured[piece]
        widths.whole.append(whole)
        widths.bare.append(bare)
    return widths


def _piece_width(text: str, fonts: FontSet, weight: str) -> float:
    """The width at 1000 units of a piece with the spaces after it."""
    return sum(width for _, _, width in _runs(text, fonts, weight))


@remembered(16384)
def _runs(text: str, fonts: FontSet, weight: str) -> tuple[tuple[str, Face, float], ...]:
    """(text, face, width at 1000 units) of each run of `text` set in one face: a run's
    width does not depend on the size, and pieces come back at every size a fit tries."""
    parts: list[tuple[str, Face]] = []
    for char in text:
        if parts and char in " \u00a0\u202f":
            face = parts[-1][1]
        else:
            face = fonts.face_for(char, weight) or fonts.faces[0]
        if parts and parts[-1][1] is face:
            parts[-1] = (parts[-1][0] + char, face)
        else:
            parts.append((char, face))
    return tuple((part, face, _width_at_1000(part.translate(_NO_BREAK_SPACES),
                                             face.name(weight), face.shaped))
                 for part, face in parts)


@remembered(65536)
def _width_at_1000(text: str, font: str, shaped: bool) -> float:
    return shaped_width_at_1000(text, font) if shaped else stringWidth(text, font, 1000)


def _line_start(alignment: int, width: float, line_width: float) -> float:
    if alignment == TA_CENTER:
        return (width - line_width) / 2
    return width - line_width if alignment == TA_RIGHT else 0.0


@remembered(8192)
def _glyphs(text: str, font: str, size: float) -> str:
    """HarfBuzz's glyphs for a run (a ShapedStr, only ever read), left to right."""
    return shaped_str(_for_harfbuzz(text), font, size)


@remembered(8192)
def _for_harfbuzz(text: str) -> str:
    """The run's text as it is given to HarfBuzz."""
    return left_to_right_for_harfbuzz(text.translate(_NO_BREAK_SPACES))


def _copies_right(text: str, font: str, size: float) -> bool:
    """Whether the run's glyphs, read back in the order and places they stand, give its
    characters: not where one is a mark HarfBuzz sets over or under its letter (a Thai
    vowel or tone mark, drawn raised and stepped back), which pdfium and poppler read where
    it stands: 'ชั่วโมง' after a line's Latin start read 'ชัว่ โมง' and 'ชวโมง ั่'."""
    plain = text.translate(_NO_BREAK_SPACES)
    return (str(_glyphs(text, font, size)) == plain
            and not any(unicodedata.category(char) == "Mn" for char in plain))


def _draw_run(canvas: Canvas, text: str, face: Face, weight: str, x: float, y: float,
              size: float) -> None:
    font = face.name(weight)
    drawn = text.translate(_NO_BREAK_SPACES)
    run = level_text(canvas, x, y)
    run.setFont(font, size)
    if face.shaped:
        run._textOut(_glyphs(text, font, size))  # ReportLab's shaped-text path
    else:
        run.textOut(drawn)
    canvas.drawText(run)
