"""Run long text through a chain of boxes (a brochure's inside panels), like a newspaper.

Headings (styles with keep_with_next) never end a box: each keeps at least two lines of
what follows it in its box (all of a paragraph too short to split). A list's lead-in (the
paragraph before its first item, an item being a paragraph set in: a bullet's hanging
indent, an icon) keeps with that item the same way, so that a heading, its lead-in and the
list start in one box, and a list's last item with the paragraph that closes the list (not a
heading), so that no box starts with that paragraph alone.
Paragraphs split between boxes only where they can without leaving a single stranded line.
Where nothing fits even at the smallest size with these rules, the text is flowed without
them rather than not at all.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.platypus import Paragraph as RLParagraph

from generator.engine import remembered
from generator.layout.fit import UNBREAKABLE, Typesetter, largest_fitting, min_width
from generator.layout.geometry import Rect
from generator.layout.least_height import long_text, surely_too_tall
from generator.layout.paragraphs import Paragraph
from generator.layout.styles import KEEP_IF_FITS

MIN_LINES_AFTER_HEADING = 2
MAX_TRIES = 12
MIN_PROSE = 12  # words (or characters of text without spaces: more) in a paragraph of prose


@dataclass(frozen=True)
class FlowPiece:
    paragraph: RLParagraph
    x: float
    y: float  # bottom
    # the rest of a paragraph split between boxes: the paragraph of the piece it continues
    continues: RLParagraph | None = None


@dataclass(frozen=True)
class Flowed:
    pieces: list[FlowPiece]
    scale: float  # the scale every paragraph was set at: what fills the rest uses it too


@remembered(256)
def fit_flow(items: tuple[Paragraph, ...], boxes: tuple[Rect, ...],
             typesetter: Typesetter) -> tuple[Flowed | None, float]:
    """The pieces at the largest scale where everything fits (growing where styles may),
    or (None, the overflow at the smallest). Remembered: every site of a batch flows the
    same article."""

    def attempt(scale: float) -> tuple[Flowed, float]:
        pieces, overflow = flowed_at(items, scale, boxes, typesetter)
        return Flowed(list(pieces), scale), overflow

    scales = typesetter.scales(items)
    room = sum(box.height for box in boxes)
    if long_text(item.markup for item in items) and surely_too_tall(
            typesetter.paragraphs(items, scales[-1]), max(box.width for box in boxes), room):
        return None, attempt(scales[-1])[1]  # what trying every size would come to
    flowed, overflow = largest_fitting(scales, attempt, room)
    if flowed is None and overflow != UNBREAKABLE:  # kept together, it does not fit at all
        pieces, loose = flow(typesetter.paragraphs(items, scales[-1]), list(boxes), keep=False)
        if loose <= 0.01:
            return Flowed(pieces, scales[-1]), 0.0
    return flowed, overflow


@remembered(128)
def flowed_at(items: tuple[Paragraph, ...], scale: float, boxes: tuple[Rect, ...],
              typesetter: Typesetter) -> tuple[tuple[FlowPiece, ...], float]:
    """`flow` of the paragraphs `typesetter` makes of `items` at `scale`. Remembered: a
    flow's fillers are tried at many scales and settings, and again with the slots they
    yield to withheld (generator/layout/place_flow.py, generator/layout/document.py), each try
    flowing the same text; the pieces are only read after this, as fit_flow's are."""
    pieces, overflow = flow(typesetter.paragraphs(items, scale), list(boxes))
    return tuple(pieces), overflow


def words_over(items: Sequence[Paragraph], boxes: Sequence[Rect], typesetter: Typesetter,
               overflow: float) -> int:
    """How many words (characters, in text written without spaces) must go from the text
    before it fits the boxes at its smallest size, where it overflows by `overflow`: the
    share of the text that overflows, then checked by cutting that many from its end, and
    more until it fits."""
    scale = typesetter.lowest_scale(items)
    by_chars = typesetter.fonts.word_wrap == "CJK"
    total = sum(_count(item, by_chars) for item in items)
    room = sum(box.height for box in boxes)
    guess = max(1, math.ceil(total * overflow / (room + overflow)))
    for _ in range(MAX_TRIES):
        shorter = _without_last(items, guess, by_chars)
        _, left = flow(typesetter.paragraphs(shorter, scale), list(boxes))
        if left <= 0.01 or guess >= total:
            return min(guess, total)
        guess = math.ceil(guess * 1.1) + 1
    return guess


def _count(item: Paragraph, by_chars: bool) -> int:
    text = html.unescape(item.markup)
    return len("".join(text.split())) if by_chars else len(text.split())


def _without_last(items: Sequence[Paragraph], count: int, by_chars: bool) -> tuple[Paragraph, ...]:
    """The paragraphs less `count` words (or characters) of prose, from the end: what an
    editor would shorten. Headings, list items and sources (short paragraphs) stay."""
    kept = list(items)
    for index in reversed(range(len(kept))):
        if count <= 0:
            break
        paragraph = kept[index]
        size = _count(paragraph, by_chars)
        if size < MIN_PROSE or "<" in paragraph.markup:
            continue
        cut = min(count, size)
        text = html.unescape(paragraph.markup)
        if by_chars:
            chars = [at for at, char in enumerate(text) if not char.isspace()]
            text = text[:chars[size - cut]] if cut < size else ""
        else:
            text = " ".join(text.split()[:size - cut])
        kept[index] = Paragraph(paragraph.style, html.escape(text, quote=False))
        count -= cut
    return tuple(p for p in kept if p.markup.strip())


def flow(paragraphs: list[RLParagraph], boxes: list[Rect],
         keep: bool = True) -> tuple[list[FlowPiece], float]:
    """Pieces placed in `boxes`, and the height of what did not fit (0 when all did);
    headings and lead-ins kept with what follows them unless `keep` is False."""
    queue = list(paragraphs)
    pieces: list[FlowPiece] = []
    # the rests of paragraphs split between boxes, each with the piece's paragraph it continues
    rests: list[tuple[RLParagraph, RLParagraph]] = []
    broken = False  # inside a run kept together where it fits, which no box holds whole
    for box in boxes:
        cursor = box.top
        first = True
        while queue:
            para = queue[0]
            if min_width(para) > box.width + 0.01:
                return pieces, UNBREAKABLE
            before = 0.0 if first else para.style.spaceBefore
            available = cursor - box.y - before
            _, height = para.wrap(box.width, available)
            needed = height + (_kept_with(queue, 0, box.width) if keep else 0.0)
            if keep and (broken or needed > box.top - box.y + 0.01):
                # a run that no box holds whole, or that is broken already: kept together
                # only between its links that always keep (a line's details)
                least = height + _kept_with(queue, 0, box.width, whole=False)
                broken = broken or least < needed - 0.01
                needed = least
            if needed <= available + 0.01:
                cursor -= before + height
                pieces.append(FlowPiece(para, box.x, cursor, _continued(para, rests)))
                cursor -= para.style.spaceAfter
                queue.pop(0)
                broken = broken and bool(para.style.keepWithNext)  # until the run ends
                first = False
                continue
            kept = keep and _keeps_with_next(queue, 0)
            parts = [] if kept else para.split(box.width, available)
            if len(parts) == 2:
                head, tail = parts
                _, head_height = head.wrap(box.width, available)
                cursor -= before + head_height
                pieces.append(FlowPiece(head, box.x, cursor, _continued(para, rests)))
                queue[0] = tail
                rests.append((tail, head))
            break
    return pieces, _remaining_height(queue, boxes[-1].width)


def _continued(para: RLParagraph, rests: list[tuple[RLParagraph, RLParagraph]]
               ) -> RLParagraph | None:
    """The paragraph of the piece `para` is the rest of, if it is one."""
    return next((head for rest, head in rests if rest is para), None)


def _keeps_with_next(queue: list[RLParagraph], index: int) -> bool:
    """Whether queue[index] must not end a box: a heading, a list's lead-in, or its last
    item where a paragraph closes the list (the review saw Hindi's and Vietnamese's "These
    signs are common." alone at the top of a page)."""
    if index + 1 >= len(queue):
        return False
    para, following = queue[index], queue[index + 1]
    if para.style.keepWithNext or (not _hangs(para) and _hangs(following)):
        return True
    return _hangs(para) and not _hangs(following) and not _opens(following, para)


def _opens(para: RLParagraph, above: RLParagraph) -> bool:
    """Whether `para` opens something new after `above` rather than closing it: a heading
    (kept with what follows it) or a paragraph set larger."""
    return bool(para.style.keepWithNext) or para.style.fontSize > above.style.fontSize + 0.01


def _hangs(para: RLParagraph) -> bool:
    """A list item: a paragraph set in from the start edge (a bullet point's hanging
    indent, a box to tick), or the rest of one split between boxes."""
    return bool(para.style.leftIndent > 0.01)


def _kept_with(queue: list[RLParagraph], index: int, width: float,
               whole: bool = True) -> float:
    """Room queue[index] needs below it when it keeps with what follows: the first lines of
    the paragraph after it, or all of it when it is too short to split (a split leaves at
    least MIN_LINES_AFTER_HEADING lines on each side) or must itself keep with the next
    (a heading over a lead-in: the lead-in, then its list's first lines)."""
    if not _keeps_with_next(queue, index) or (
            not whole and queue[index].style.keepWithNext == KEEP_IF_FITS):
        return 0.0
    following = queue[index + 1]
    _, height = following.wrap(width, 10_000)
    lines = max(1, round(height / following.style.leading))
    gap = queue[index].style.spaceAfter + following.style.spaceBefore
    if _keeps_with_next(queue, index + 1):
        return gap + height + _kept_with(queue, index + 1, width, whole)
    if lines < MIN_LINES_AFTER_HEADING and _heading_over(queue[index], following) \
            and index + 2 < len(queue):
        # a heading over a paragraph of one line (a bullet point): the lines of the next
        # too, as many as make two (the review saw a heading and one bullet end a page)
        after = queue[index + 2]
        _, after_height = after.wrap(width, 10_000)
        return gap + height + _first_lines(
            after, after_height, following.style.spaceAfter + after.style.spaceBefore)
    return _first_lines(following, height, gap)


def _heading_over(para: RLParagraph, following: RLParagraph) -> bool:
    """Whether `para` heads what follows it: kept with it and set larger (not a line's
    detail kept with the next, which keeps with that one detail alone)."""
    return bool(para.style.keepWithNext) and para.style.fontSize > following.style.fontSize + 0.01


def _first_lines(para: RLParagraph, height: float, gap: float) -> float:
    """The room `para`, `height` tall and `gap` under what it follows, takes in a box to
    show its first MIN_LINES_AFTER_HEADING lines: all of it where a split would strand
    lines (MIN_LINES_AFTER_HEADING on each side)."""
    lines = max(1, round(height / para.style.leading))
    if lines < 2 * MIN_LINES_AFTER_HEADING:
        return gap + height
    return gap + para.style.leading * MIN_LINES_AFTER_HEADING


def _remaining_height(queue: list[RLParagraph], width: float) -> float:
    total = 0.0
    for para in queue:
        _, height = para.wrap(width, 10_000)
        total += height + para.style.spaceBefore + para.style.spaceAfter
    return total


SPREAD_MOST = 3.0  # a gap opens by at most this many times its own white
# and by no more than this (points, 8.5 mm): the review measured gaps of 26 mm between the
# blocks of a page, each gap opened in proportion to its white (the widest three times over);
# a page keeps what the gaps cannot take at its foot
SPREAD_FURTHEST = 24.0
# Between the paragraphs of a section and a list's points, a gap opens by this many times
# its white at most: no wider than a section's (Arabic at 18 pt opened them as wide)
SPREAD_INSIDE = 1.0


def spread_boxes(pieces: list[FlowPiece], boxes: Sequence[Rect]) -> list[FlowPiece]:
    """The pieces, each box's but the last's moved down so as to share the room a box
    leaves under its text between the gaps between its paragraphs (not under a heading or
    inside a line's details: what keeps with the next), the narrowest first so that they
    end even (`_evened`), the gaps before groups (a heading, a line) first: a page ended
    early by a heading kept with its first lines, or by lines kept together, is filled on
    purpose, its groups set apart, as far as no gap opens wider than the widest the text
    sets anywhere (the article's opening); what is left stays at the foot. The last box
    keeps its room at its foot."""
    def box_of(piece: FlowPiece) -> int:
        return next((index for index, box in enumerate(boxes)
                     if box.x - 0.01 <= piece.x <= box.x + box.width
                     and box.y - 0.01 <= piece.y <= box.top + 0.01), -1)

    placed = [box_of(piece) for piece in pieces]
    last = max(placed, default=-1)
    spread: list[tuple[list[int], float, list[float], list[float]]] = []
    for index, box in enumerate(boxes):
        at = [number for number, where in enumerate(placed) if where == index]
        if index >= last or len(at) < 2:
            continue
        groups, others = [], []  # the white of each gap: before a group, inside one
        for above, below in zip(at, at[1:], strict=False):
            upper, lower = pieces[above].paragraph.style, pieces[below].paragraph.style
            kept = upper.keepWithNext and upper.keepWithNext != KEEP_IF_FITS
            white = 0.0 if kept else max(0.0, upper.spaceAfter + lower.spaceBefore)
            opens = lower.spaceBefore > 0.01  # a heading, a line, the article
            groups.append(white if opens else 0.0)
            others.append(0.0 if opens else white)
        spread.append((at, pieces[at[-1]].y - box.y, groups, others))
    widest = max((max(groups, default=0.0) for _, _, groups, _ in spread), default=0.0)
    out = list(pieces)
    for at, room, groups, others in spread:
        if room <= 0.5:
            continue
        # the gaps before groups (headings, lines) first; between paragraphs and a list's
        # points only what those leave
        opened = [0.0] * len(groups)
        for weights, most in ((groups, SPREAD_MOST), (others, SPREAD_INSIDE)):
            if not any(weights) or room <= 0.5:
                continue
            extras = _evened(weights, room, most, widest)
            opened = [done + extra for done, extra in zip(opened, extras, strict=True)]
            room -= sum(extras)
        moved = 0.0
        for number, more in zip(at[1:], opened, strict=True):
            moved += more
            out[number] = FlowPiece(pieces[number].paragraph, pieces[number].x,
                                    pieces[number].y - moved, pieces[number].continues)
    return out


def _evened(whites: list[float], room: float, most: float, widest: float) -> list[float]:
    """How much each gap of `whites` opens to share `room`: the narrowest first, up to one
    white they all reach, never past `widest` (so that the gaps end even, none wider than
    the widest gap the text sets), each by `most` times its white and SPREAD_FURTHEST at
    most; what they cannot take is left (at the box's foot). Gaps of no white stay shut."""
    def extras(level: float) -> list[float]:
        return [min(max(0.0, level - white), white * most, SPREAD_FURTHEST)
                if white > 0 else 0.0 for white in whites]

    low, high = 0.0, widest
    if sum(extras(high)) <= room:
        return extras(high)
    for _ in range(40):
        middle = (low + high) / 2
        low, high = (middle, high) if sum(extras(middle)) <= room else (low, middle)
    return extras(low)
