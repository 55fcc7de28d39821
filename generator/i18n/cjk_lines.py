"""Chinese and Japanese lines chosen for the whole paragraph, as a CJK typesetter sets them.

Filling each line greedily with whole words (what SegmentedParagraph did) leaves a line short
by a word of two or three characters, and justifying it spreads that room between its
characters: visibly loose letter-spacing ("您 的 感 受 是 合 理 的"). A CJK typesetter
breaks between any two characters but at the line-start and line-end rules (CLREQ, JLREQ;
ICU's line breaker keeps them), so every line but the last is nearly full and the little
room left is spread evenly; and avoids ending a paragraph on one to three characters.

Here every break ICU allows is a candidate, and the paragraph's lines are chosen together
(dynamic programming over the breaks, the fewest lines first):
- running text (justified): each line's cost grows with the gap its room makes between two
  characters (a gap over MAX_GAP of the size costs as much as a ragged line); a break inside
  a word (ICU's word breaker: "准/备") costs as much as a line spaced 0.085 em apart, so
  words stay whole where that keeps the spacing tight (design.md) and a line is not spaced
  visibly loose to keep one; a word splits only to fill a line: at the end of a line that
  stays ragged anyway (its gaps would be over MAX_GAP) it costs as in a title, more than a
  short last line (the restroom poster printed "如遇紧急情 / 况，请拨打 911。", both lines
  ragged, to bring a fourth character down, where the comma gave a break: design.md, avoid
  splitting a word where another break exists); a last line of one or two characters
  (last_lines.py) costs more than any spacing, of three as much as a line spaced 0.085 em
  apart, so characters come down from the lines above, a little from each;
- titles, headings and a card's line (balanced, ragged): lines of even length, breaking after
  a comma or a full stop where one allows it ("您并不孤单，/ 您的感受是合理的。", never
  "您的感受是 / 合理的。"), a word split only where nothing else fits.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from generator.i18n.last_lines import MIN_CJK_LETTERS, too_short_to_end
from generator.i18n.scripts import is_han_or_kana

# The widest gap between two characters a justified line may take, as a share of the size:
# a line that needs more stays ragged (a line broken before a long Latin word or number).
MAX_GAP = 0.15
# Costs, in units of a gap of 0.03 em (cost = (gap / 0.03 em) ** 2 a line).
_GAP_UNIT = 0.03
_RAGGED = 100.0  # a line that cannot be justified within MAX_GAP
# A ragged line costs more the more of its measure it leaves empty, by this times the square
# of the share: one ragged line is as costly as another only where they are as full. With
# only the gap it would make (a few hundredths), the paragraph's one unavoidable ragged line
# went to where it cost least, its emptiest: the folding card's Chinese "Before you call"
# began "请使用对方" alone (five characters of fourteen) to spare a three-character last line.
_EMPTY = 300.0
_WORD_SPLIT = 5.0  # a break inside a word, in running text: as a line of gaps of 0.067 em
_SHORT_LAST = 400.0  # a paragraph's last line of too few characters (one or two, "步。")
# Three characters ("第一步。") are too few as well, but in running text they cost as a line
# spaced 0.085 em apart: a line above looser than that, to bring a fourth character down, is
# the worse fault (a paragraph of two lines whose first would have to give up three more).
_THREE_LAST = 8.0
_OVERFULL = 10_000.0  # a piece wider than the line (it gets a line of its own)
# A paragraph of at most this many lines is display text (a poster's or a sticker's few
# lines, read from a distance in large type): a word split there costs more than a line left
# ragged ("包括是否说 / 出名字" on the Letter restroom poster, where "说什么由您决定，包括 /
# 是否说出名字。" leaves the first line short): it breaks between words, as a title does.
SHORT_PARAGRAPH_LINES = 3
_SHORT_WORD_SPLIT = _RAGGED + 20.0
# Titles (ragged, balanced): the square of each line's unused share of the measure, times
# _BALANCE; a break not after punctuation, and one inside a word.
_BALANCE = 10.0
_NOT_AT_PUNCTUATION = 2.0
_TITLE_WORD_SPLIT = 20.0
# A title's line of too few characters (last_lines.py) that takes less than this share of
# the measure, first or last, stands alone: "请拨打 911。" (three letters and a number, half
# the measure) does not.
_TITLE_SHORT = 0.4
# A justified line whose room is a little short takes it from its full-width commas, full
# stops and closing brackets (CLREQ: 标点挤压; JLREQ: pushing in), rather than be spaced
# loosely to keep a mark that may not start a line with its character ("通话、" on the
# folding card): first the blank half of the mark that ends it (its ink stays inside the
# measure: hardly seen), at a cost of the square of the share given up; then up to a
# quarter em of each mark inside it, alike, at 4 times that square (as a line spaced 0.06 em
# apart: a line of marks squeezed to half their width among full-width ones looks cramped,
# a quarter does not).
SQUEEZABLE = frozenset("，。、」』）》】")
_SQUEEZE_INNER = 4.0
_SQUEEZE = 1.0
# After these a phrase ends: a title breaks there first.
PHRASE_ENDS = frozenset("，。、；：！？,.;:!?）」』》】")


@dataclass(frozen=True)
class Measured:
    """A paragraph's pieces (where ICU allows a break), their widths at the size set, and
    what each break is."""

    text: str
    pieces: Sequence[tuple[int, int]]
    whole: Sequence[float]  # each piece's width with the spaces after it
    bare: Sequence[float]  # without them
    in_word: Sequence[bool]  # whether the break after the piece falls inside a word
    lang: str
    # What the piece's marks give up in a justified line (`squeezes`): the blank half of
    # the full-width mark it ends with, where that ends the line (half of it, a quarter of
    # the mark, where the line goes on), and a quarter of each other mark's.
    end_half: Sequence[float] = ()
    inner_quarters: Sequence[float] = ()


def cjk_lines(measured: Measured, rooms: tuple[float, float], size: float,
              justified: bool, ends_paragraph: bool = True) -> list[tuple[int, int]]:
    """The paragraph's lines, (start, end) in its text: the fewest lines, and of those the
    ones that cost least (see the module's docstring). `rooms`: the first line's width and
    every other line's."""
    pieces, text = measured.pieces, measured.text
    count = len(pieces)
    if not count:
        return []
    advance = [0.0]
    for width in measured.whole:
        advance.append(advance[-1] + width)
    gaps_before = _gap_counts(text)
    halves, quarters = [0.0], [0.0]
    for half, quarter in zip(measured.end_half or [0.0] * count,
                             measured.inner_quarters or [0.0] * count, strict=True):
        halves.append(halves[-1] + half)
        quarters.append(quarters[-1] + quarter)
    # best[j]: (lines, cost, first piece of the last line) of the best breaks of pieces[:j],
    # the fewest lines first, then the least cost. One for each prefix is enough: a line
    # may end anywhere whatever its number, and every line after the first has the same
    # room and costs the same, so each prefix of a paragraph set in its fewest lines is set
    # in its own fewest (in fewer, the paragraph would take fewer), at its least cost for
    # them. (a51e2f0 kept every count of lines for each prefix, 9081608 the fewest and one
    # more: the same lines, the search quadratic, then twice this one.)
    first_room, room = rooms
    best: list[tuple[int, float, int]] = [(0, 0.0, 0)]
    widest_room = max(first_room, room)
    short = advance[-1] <= SHORT_PARAGRAPH_LINES * widest_room
    for end in range(1, count + 1):
        last = end == count
        squeezing = justified and bool(measured.end_half) and not (last and ends_paragraph)
        end_squeeze = measured.end_half[end - 1] if squeezing else 0.0
        found: tuple[int, float, int] | None = None
        for start in range(end - 1, -1, -1):
            width = advance[end - 1] - advance[start] + measured.bare[end - 1]
            inner = (quarters[end] - quarters[start] + (halves[end - 1] - halves[start]) / 2
                     if squeezing else 0.0)
            if width - end_squeeze - inner > widest_room + 0.01 and start < end - 1:
                break  # wider still from here back
            lines, cost, _ = best[start]
            line_cost = _line_cost(measured, pieces[start][0], pieces[end - 1][1], width,
                                   first_room if lines == 0 else room, size, gaps_before,
                                   justified, last and ends_paragraph, lines == 0,
                                   (end_squeeze, inner))
            if not last:
                line_cost += _break_cost(measured, end - 1, justified,
                                         ragged=line_cost >= _RAGGED, short=short)
            if found is None or lines + 1 < found[0] or (
                    lines + 1 == found[0] and cost + line_cost < found[1]):
                found = (lines + 1, cost + line_cost, start)
        assert found is not None  # a piece alone is always a line
        best.append(found)
    lines_found: list[tuple[int, int]] = []
    end = count
    while end > 0:
        start = best[end][2]
        lines_found.append((pieces[start][0], pieces[end - 1][1]))
        end = start
    return lines_found[::-1]


def _line_cost(measured: Measured, start: int, end: int, width: float, room: float,
               size: float, gaps_before: Sequence[int], justified: bool, last: bool,
               first: bool, squeeze: tuple[float, float] = (0.0, 0.0)) -> float:
    slack = room - width
    if slack < -0.01:
        at_end, inner = squeeze
        if -slack > at_end + inner + 0.01:
            return _OVERFULL
        from_end = min(-slack, at_end)
        from_inner = max(-slack - at_end, 0.0)
        return (_SQUEEZE * (from_end / at_end) ** 2 if at_end else 0.0) + (
            _SQUEEZE_INNER * (from_inner / inner) ** 2 if inner else 0.0)
    line = measured.text[start:end].rstrip()
    if justified:
        if last:
            return 0.0 if first else _last_line_cost(line, measured.lang)
        stop = start + len(line)
        gaps = gaps_before[stop] - gaps_before[start + 1] if stop > start + 1 else 0
        if slack <= 0.01:
            return 0.0
        empty = _EMPTY * (slack / room) ** 2 if room > 0 else 0.0
        if gaps < 1:  # one character: the emptier its line, the worse ("请 / 使用…")
            return _RAGGED + slack / size + empty
        gap = slack / gaps / size
        if gap > MAX_GAP:
            return _RAGGED + gap + empty
        return (gap / _GAP_UNIT) ** 2
    share = max(slack, 0.0) / room if room > 0 else 0.0
    cost = _BALANCE * share * share
    if not (first and last) and share > 1 - _TITLE_SHORT \
            and too_short_to_end(line, measured.lang):
        cost += _SHORT_LAST  # "如遇 / 紧急情况，请拨打 911。", "您的感受是 / 合理的。"
    return cost


def _last_line_cost(line: str, lang: str) -> float:
    if not too_short_to_end(line, lang):
        return 0.0
    if any(is_han_or_kana(char) for char in line) and \
            sum(1 for char in line if char.isalpha()) == MIN_CJK_LETTERS - 1:
        return _THREE_LAST
    return _SHORT_LAST


def _break_cost(measured: Measured, piece: int, justified: bool,
                ragged: bool = False, short: bool = False) -> float:
    """What the break after `piece` costs; `ragged`: the line it ends is not justified
    (a word split there fills nothing: it costs as in a title); `short`: the paragraph
    is display text (SHORT_PARAGRAPH_LINES), where a justified line's word split costs more
    than a ragged line."""
    cost = 0.0
    if measured.in_word[piece]:
        if justified and not ragged:
            cost += _SHORT_WORD_SPLIT if short else _WORD_SPLIT
        else:
            cost += _TITLE_WORD_SPLIT
    if not justified:
        start, end = measured.pieces[piece]
        ended = measured.text[start:end].rstrip()
        if not ended or ended[-1] not in PHRASE_ENDS:
            cost += _NOT_AT_PUNCTUATION
    return cost


def squeezes(line: str, short: float, width_of: Callable[[int], float]) -> dict[int, float]:
    """What each mark of a justified line gives up (by its index in the line) for the line
    to take `short` points less: the mark that ends it first, up to half its width, then
    the marks inside it alike, up to a quarter of each one's (`width_of(index)`); {} where
    the line is not short or its marks cannot give that much (cjk_lines never chose it)."""
    if short <= 0.01:
        return {}
    marks = [index for index, char in enumerate(line) if char in SQUEEZABLE]
    given: dict[int, float] = {}
    last = len(line) - 1
    if marks and marks[-1] == last:
        given[last] = min(short, width_of(last) / 2)
        short -= given[last]
        marks.pop()
    quarters = {index: width_of(index) / 4 for index in marks}
    room = sum(quarters.values())
    if short > 0.01:
        if short > room + 0.01:
            return {}
        given.update({index: quarter * short / room for index, quarter in quarters.items()})
    return given


def clusters_start(line: str, index: int) -> bool:
    """Whether a justified line's room may go before line[index]: on either side of each
    Chinese or Japanese character, and after a space; a Latin word or a number is whole."""
    if index == 0:
        return True
    char, last = line[index], line[index - 1]
    return not (char.isspace() or not (is_han_or_kana(char) or is_han_or_kana(last)
                                       or last.isspace()))


def _gap_counts(text: str) -> list[int]:
    """For each position, how many places before it a justified line's room may go (the
    start of each cluster, `clusters_start`): a line [start, end) has as many gaps as the
    cluster starts strictly inside it."""
    counts = [0]
    for index in range(len(text)):
        counts.append(counts[-1] + (1 if clusters_start(text, index) else 0))
    return counts
