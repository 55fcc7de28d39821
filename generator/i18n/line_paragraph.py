"""What havenprint's own paragraphs share (right-to-left and shaped text in bidi_text, text
broken by ICU in segmented_text): the parts of ReportLab's Paragraph the layout engine uses.

A subclass gives the text's `_pieces` (where lines may break), `_width` of a span and
`_break_lines`, and draws itself; this class wraps (with no widow: generator/i18n/
last_lines.py), splits between boxes and measures indents.
"""

from __future__ import annotations

import bisect
import html
from typing import Self

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus.flowables import Flowable

from generator.i18n.bound_words import starts_with_separator
from generator.i18n.fonts import FontSet
from generator.i18n.last_lines import MIN_SHARE, too_short_to_end, word_and_number
from generator.i18n.sentence_ends import LONE_SENTENCE_START


class LineParagraph(Flowable):
    def __init__(self, text: str, style: ParagraphStyle, fonts: FontSet, weight: str):
        super().__init__()
        self.text = text
        self.style = style
        self.fonts = fonts
        self.weight = weight
        self.lines: list[tuple[int, int]] = []
        # False for the first part of a paragraph split between boxes: its last line is not
        # the paragraph's (no widow rule; a justified one reaches the end of the measure).
        self.ends_paragraph = True
        self.width = 0.0
        self.height = 0.0
        # Lines broken before, by width, with the style they were broken in: a fitted
        # paragraph is wrapped again where it is placed, and a balanced one tries styles.
        self._broken: dict[float, tuple[ParagraphStyle, list[tuple[int, int]]]] = {}

    def getPlainText(self) -> str:  # noqa: N802 - ReportLab's name
        return self.text

    def _pieces(self) -> list[tuple[int, int]] | tuple[tuple[int, int], ...]:
        raise NotImplementedError

    def _width(self, start: int, end: int) -> float:
        raise NotImplementedError

    def _break_lines(self, width: float) -> list[tuple[int, int]]:
        raise NotImplementedError

    def _indent(self, line: int) -> float:
        """The line's indent from the start edge (a hanging indent, or an icon's column)."""
        return self.style.leftIndent + (self.style.firstLineIndent if line == 0 else 0.0)

    def _room(self, width: float, line: int) -> float:
        """What a line may take of `width`: less its indent and the end side's
        (`rightIndent`, the side where lines end: the left, right to left)."""
        return width - self._indent(line) - self.style.rightIndent

    def least_advance(self) -> float:
        """What the pieces measure together, the spaces between them not counted: the
        least room the text's lines take side by side (generator/layout/least_height.py)."""
        return sum(self._width(start, end) for start, end in self._pieces())

    def natural_width(self) -> float:
        """The whole text's width on one line."""
        return self._width(0, len(self.text))

    def minWidth(self) -> float:  # noqa: N802 - ReportLab's name
        longest = max((self._width(start, end) for start, end in self._pieces()), default=0.0)
        return longest + max(self._indent(0), self._indent(1)) + self.style.rightIndent

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width = available_width
        broken = self._broken.get(available_width)
        if broken is not None and broken[0] is self.style:
            self.lines = list(broken[1])
        else:
            self.lines = self._without_separators(self._sentence_starts_down(
                self._without_widow(self._break_lines(available_width), available_width),
                available_width))
            self._broken[available_width] = (self.style, list(self.lines))
        self.height = len(self.lines) * self.style.leading
        return available_width, self.height

    def _without_widow(self, lines: list[tuple[int, int]],
                       width: float) -> list[tuple[int, int]]:
        """The lines, with as few pieces moved from the end of the last line but one to the
        last as give the last line more than a widow (one word, "911."), where the last
        line still fits and the line above keeps more than a widow ("Study group /
        contacts" stays: "Study / group contacts" cuts a phrase to cure nothing); as they
        were where none does. The number of lines stays."""
        if len(lines) < 2 or not self.ends_paragraph or not self._too_short_last(
                lines[-1], width, len(lines) - 1):
            return lines
        (before_start, _), (last_start, last_end) = lines[-2], lines[-1]
        pieces = self._pieces()
        starts = [start for start, _ in pieces]
        first = bisect.bisect_right(starts, before_start)  # the second piece of that line
        cut = bisect.bisect_left(starts, last_start)  # the last line's first piece
        room = self._room(width, len(lines) - 1) + 0.01
        for index in range(cut - 1, first - 1, -1):  # one piece more each time
            start = pieces[index][0]
            if self._width(start, last_end) > room:
                break
            if too_short_to_end(self.text[before_start:pieces[index - 1][1]],
                                self.fonts.lang):
                break  # the line above would be left with a widow of its own
            if not self._too_short_last((start, last_end), width, len(lines) - 1):
                return [*lines[:-2], (before_start, pieces[index - 1][1]), (start, last_end)]
        return self._last_three_lines(lines, width)

    def _last_three_lines(self, lines: list[tuple[int, int]],
                          width: float) -> list[tuple[int, int]]:
        """Where the last two lines cannot cure a widow (the piece to move down would leave
        one word above it: "הדפדפן. במצב חירום, אפשר / לחייג 911.", the phrase bound), the
        last three: as few pieces moved from the end of the third line from last to the
        next, and the rest broken again into two lines, neither too short to end on, each
        within its room; as they were where none does. The number of lines stays."""
        if len(lines) < 3:
            return lines
        (third_start, _), (second_start, _), (_, last_end) = lines[-3:]
        pieces = self._pieces()
        starts = [start for start, _ in pieces]
        first = bisect.bisect_right(starts, third_start)  # the third line's second piece
        cut = bisect.bisect_left(starts, second_start)
        count = len(lines)
        second_room = self._room(width, count - 2) + 0.01
        last_room = self._room(width, count - 1) + 0.01
        for index in range(cut - 1, first - 1, -1):  # one piece more each time
            start = pieces[index][0]
            above = (third_start, pieces[index - 1][1])
            if too_short_to_end(self._line_text(above), self.fonts.lang):
                break
            for split in range(len(pieces) - 2, index - 1, -1):  # the fullest second first
                second, last = (start, pieces[split][1]), (pieces[split + 1][0], last_end)
                if (self._width(*second) <= second_room and self._width(*last) <= last_room
                        and not too_short_to_end(self._line_text(second), self.fonts.lang)
                        and not self._too_short_last(last, width, count - 1)):
                    return [*lines[:-3], above, second, last]
        return lines

    def _too_short_last(self, line: tuple[int, int], width: float, number: int) -> bool:
        """Too little to end the paragraph on: a widow (last_lines.py), a word and a number
        ("بالرقم 911.": the number a reader looks for, left under the sentence that leads to
        it), or under MIN_SHARE of the measure (the style's `last_line_share` where it asks
        more; as WidowlessParagraph, for the lines ReportLab breaks)."""
        text = self._line_text(line)
        if too_short_to_end(text, self.fonts.lang) or word_and_number(text):
            return True
        room = self._room(width, number)
        share = max(MIN_SHARE, getattr(self.style, "lastLineShare", 0.0))
        return room > 0 and self._width(*line) < share * room

    def _without_separators(self, lines: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """The lines, each that starts with a separator between items ("· Español",
        bound to its item: generator/i18n/bound_words.py) starting after it: the break
        separates the items. A line only grows shorter."""
        kept = []
        for start, end in lines:
            skip = starts_with_separator(self.text[start:end])
            kept.append((start + skip, end) if skip and start + skip < end else (start, end))
        return kept

    def _sentence_starts_down(self, lines: list[tuple[int, int]],
                              width: float) -> list[tuple[int, int]]:
        """The lines, each that ends with a sentence's first word alone ("Where do the
        children know to go? Where / could a pet stay?") giving that word to the line
        below, where it fits there: the line breaks where the sentence ends. The number of
        lines stays; a word that does not fit below stays where it was."""
        if len(lines) < 2:
            return lines
        lines = list(lines)
        starts = [start for start, _ in self._pieces()]
        for index in range(len(lines) - 1):
            (start, end), (_, next_end) = lines[index], lines[index + 1]
            text = self.text[start:end]
            if not LONE_SENTENCE_START.search(text):
                continue
            word = start + len(text) - len(text.split()[-1])  # the word alone's start
            if word <= start or word not in starts:  # not a piece of its own (Thai's)
                continue
            if self._width(word, next_end) > self._room(width, index + 1) + 0.01:
                continue
            kept = self.text[start:word].rstrip()
            lines[index] = (start, start + len(kept))
            lines[index + 1] = (word, next_end)
        return lines

    def _line_text(self, line: tuple[int, int]) -> str:
        return self.text[line[0]:line[1]]

    def _break_by_lines(self, width: float) -> list[tuple[int, int]]:
        """Greedy breaks, each line measured whole as it grows."""
        lines: list[tuple[int, int]] = []
        start: int | None = None
        end = 0  # meaningful once a line has started
        for piece_start, piece_end in self._pieces():
            if start is None:
                start, end = piece_start, piece_end
            elif self._width(start, piece_end) <= self._room(width, len(lines)) + 0.01:
                end = piece_end
            else:
                lines.append((start, end))
                start, end = piece_start, piece_end
        if start is not None:
            lines.append((start, end))
        return lines

    def split(self, available_width: float, available_height: float) -> list[Self]:
        """Head and tail with at least two lines each (no stranded single lines), or []."""
        self.wrap(available_width, available_height)
        fits = int((available_height + 0.01) // self.style.leading)
        if fits < 2 or len(self.lines) - fits < 2:
            fits = min(fits, len(self.lines) - 2)
        if fits < 2:
            return []
        cut = self.lines[fits - 1][1]
        head = type(self)(html.escape(self.text[:cut]), self.style, self.fonts, self.weight)
        tail_style = ParagraphStyle(f"{self.style.name}-tail", parent=self.style, spaceBefore=0,
                                    firstLineIndent=0)
        tail = type(self)(html.escape(self.text[cut:].strip()), tail_style, self.fonts,
                          self.weight)
        return [head, tail]
