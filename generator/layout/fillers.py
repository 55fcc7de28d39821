"""What fills the room a flow's text leaves (a short article on a brochure's inside).

The text flows first, at the largest size that fits (up to its styles' `max_size`). Then
the layout's fillers go into the room left below it and in the boxes it did not reach, each
set at the text's scale (one type scale on the page) and kept whole in one box; in a box
they follow the layout's order. Every way to put them in boxes is tried (a layout has a
few): the one chosen leaves out no `essential` filler it can help (content, not spare
room's: the key points, what calling is like), then the least needed (the layout lists
them most needed first), then leaves the least of any box empty, then puts them earliest.
Where the text at its largest leaves no room for an essential filler, the text is set
smaller for it, down to its floor (generator/layout/place_flow.py). A `callout` filler
(the article's key points) is set inside a tinted box; a `ruled` one (notes) comes last, in
the box of the last block or a later one (never beside the text, before a block read after
it), and runs lines to write on below its heading, at most half its box tall. Nothing is
stretched to fill a box, and no box gets lines to write on it did not choose. A flow's
closing part (`tail`: an article's sources) goes in after them, never left out: in the last
box holding a filler other than the notes (or the box the text ends in), under what is in
it and above the notes, so that it closes the article as it is read. Nothing here draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from reportlab.platypus import Paragraph as RLParagraph

from generator.content.layouts import FillerSpec
from generator.layout.fit import ROUNDING, UNBREAKABLE, Typesetter, least_stacked, stacked
from generator.layout.geometry import Rect
from generator.layout.paragraphs import Paragraph

GAP = 18.0  # points (at scale 1) between the text and a filler below it, or two fillers
MIN_RULES = 3  # a ruled filler needs room for at least this many lines
NOTES_SHARE = 0.5  # a ruled filler takes at most this share of its box's height
CALLOUT_PADDING = (8.0, 7.0)  # points (at scale 1) inside a callout: sides, top and bottom


@dataclass(frozen=True)
class Rule:
    """A line to write on: from x1 to x2 at height y; `slot`: the slot it belongs to and
    `label`: the question it answers (a form field's name and description, when the piece
    is fillable)."""

    x1: float
    x2: float
    y: float
    slot: str = ""
    label: str = ""


@dataclass
class Filled:
    texts: list[tuple[RLParagraph, float, float, float]]  # paragraph, x, y (bottom), width
    rules: list[Rule]
    placed: list[str]  # the fillers' block names, in the order they went in
    callouts: list[Rect]  # the tinted boxes behind callout fillers
    ruled_from: int = 0  # texts from this one on are the ruled filler's (the notes)
    # each block placed: its box, its texts (from, to) and its callout's index (None: none)
    spans: list[tuple[int, int, int, int | None]] = field(default_factory=list)
    notes_box: int | None = None  # the box the notes went in
    tail_from: int | None = None  # the closing part's texts start here (None: not placed)
    gave_way: list[str] = field(default_factory=list)  # blocks left out for a later one
    # how well they went in: how many essential ones were left out, how many blocks in
    # all (lines to write on are not counted: they only take what room is left), then the
    # largest share of a box left empty (less is better)
    score: tuple[int, int, float] = (0, 0, 0.0)


@dataclass(frozen=True)
class _Measured:
    """A filler set for one box: its paragraphs and the height it takes there (with a
    callout's padding), or None where it cannot go."""

    paragraphs: list[RLParagraph] | None
    height: float


def free_room(boxes: Sequence[Rect], used_bottoms: Sequence[float | None],
              gap: float) -> list[Rect]:
    """Each box's room below what is in it (`used_bottoms`: the lowest text, None if the
    box is empty), `gap` clear of it."""
    room = []
    for box, bottom in zip(boxes, used_bottoms, strict=True):
        top = box.top if bottom is None else bottom - gap
        room.append(Rect(box.x, box.y, box.width, max(0.0, top - box.y)))
    return room


TAIL = FillerSpec(block="closing")  # a flow's closing part, set as a plain filler is


def fill(room: list[Rect], whole: Sequence[Rect],
         fillers: Sequence[tuple[FillerSpec, tuple[Paragraph, ...]]],
         typesetter: Typesetter, scale: float, rule_spacing: float,
         tail: tuple[Paragraph, ...] = (), tail_from: int = 0,
         gap_share: float = 1.0) -> Filled | None:
    """The fillers laid out in `room` (each box's free part; `whole`: the boxes themselves),
    the best way that keeps their order (see the module's docstring); with a `tail`, it
    after them in a box numbered `tail_from` or later (None where it fits nowhere so);
    `gap_share`: of GAP between blocks (a text set closer sets its fillers closer too)."""
    gap = GAP * scale * gap_share
    blocks = [(filler, items) for filler, items in fillers if not filler.ruled]
    if tail:
        blocks.append((TAIL, tail))
    ruled = next(((filler, items) for filler, items in fillers if filler.ruled), None)
    measured = [[_measure(filler, items, box, typesetter, scale) for box in room]
                for filler, items in blocks]
    notes = ([_measure(ruled[0], ruled[1], box, typesetter, scale) for box in room]
             if ruled is not None else [])
    best = _best_plan(room, whole, measured, notes, gap, rule_spacing,
                      tail_from if tail else None,
                      tuple(filler.essential for filler, _ in blocks))
    if best is None:
        return None
    filled = Filled([], [], [], [], score=(
        best.score[0], sum(index is None for index in best.rooms), best.score[2]))
    cursors = [box.top for box in room]
    for number, ((filler, _), index) in enumerate(zip(blocks, best.rooms, strict=True)):
        if index is None:
            continue
        top = cursors[index] - (gap if cursors[index] < room[index].top - 0.01 else 0.0)
        if filler is TAIL:
            filled.tail_from = len(filled.texts)
        start, callout = len(filled.texts), len(filled.callouts)
        cursors[index] = _place(room[index], top, measured[number][index], filler, scale,
                                filled)
        filled.spans.append((index, start, len(filled.texts),
                             callout if len(filled.callouts) > callout else None))
        if filler is not TAIL:
            filled.placed.append(filler.block)
    filled.ruled_from = len(filled.texts)
    if ruled is not None and best.notes is not None:
        index = best.notes
        filled.notes_box = index
        box = room[index]
        top = cursors[index] - (gap if cursors[index] < box.top - 0.01 else 0.0)
        measure = notes[index]
        assert measure.paragraphs is not None
        below = _place(box, top, measure, ruled[0], scale, filled)
        foot = max(box.y, top - NOTES_SHARE * whole[index].height)
        filled.rules.extend(rules(Rect(box.x, foot, box.width, below - foot), below,
                                  rule_spacing))
        filled.placed.append(ruled[0].block)
    return filled


@dataclass(frozen=True)
class _Plan:
    rooms: tuple[int | None, ...]  # each block filler's box, None: left out
    notes: int | None  # the ruled filler's box
    # how many essential fillers are left out, what is left out (earlier fillers first: the
    # layout lists them most needed first), the largest share of a box left empty, the
    # boxes' numbers added up (earlier is better)
    score: tuple[int, tuple[bool, ...], float, int]


def _best_plan(room: Sequence[Rect], whole: Sequence[Rect],
               measured: Sequence[Sequence[_Measured]], notes: Sequence[_Measured],
               gap: float, rule_spacing: float, tail_from: int | None = None,
               essential: Sequence[bool] = ()) -> _Plan | None:
    """Every way to put the fillers in boxes in their order, the best by `_Plan.score`;
    with `tail_from`, the last of `measured` is the flow's closing part: always in, in a
    box from `tail_from` on and none before one an earlier filler went in."""
    best: _Plan | None = None
    tail = len(measured) - 1 if tail_from is not None else None

    def used(height: float, free: float, full: float) -> float:
        """What is left of a box once a block `height` tall goes in (-1: it does not fit)."""
        needed = height + (gap if free < full - 0.01 else 0.0)
        return free - needed if needed <= free + 0.01 else -1.0

    def visit(number: int, free: tuple[float, ...], chosen: tuple[int | None, ...]) -> None:
        nonlocal best
        if number < len(measured):
            first = 0
            if number == tail:
                first = max([tail_from or 0, *(i for i in chosen if i is not None)])
            else:
                visit(number + 1, free, (*chosen, None))
            for index in range(first, len(room)):
                measure = measured[number][index]
                if measure.paragraphs is None:
                    continue
                left = used(measure.height, free[index], room[index].height)
                if left >= 0:
                    visit(number + 1, free[:index] + (left,) + free[index + 1:],
                          (*chosen, index))
            return
        options: list[tuple[int | None, tuple[float, ...]]] = [(None, free)]
        # the notes come last as the boxes are read: in the box of the last block, or later
        last = max((index for index in chosen if index is not None), default=0)
        for index in range(last, len(room)):
            heading = notes[index] if notes else None
            if heading is None or heading.paragraphs is None:
                continue
            after = used(heading.height + MIN_RULES * rule_spacing, free[index],
                         room[index].height)
            if after < 0:
                continue
            taken = min(free[index], NOTES_SHARE * whole[index].height)
            options.append((index, free[:index] + (max(0.0, free[index] - taken),)
                            + free[index + 1:]))
        for notes_box, remaining in options:
            missing = tuple(index is None for index in chosen) + (
                (notes_box is None,) if notes else ())
            emptiest = max((share / box.height for share, box
                            in zip(remaining, whole, strict=True) if box.height > 0),
                           default=0.0)
            lost = sum(1 for index, must in zip(chosen, essential, strict=False)
                       if must and index is None)
            score = (lost, missing, round(emptiest, 3),
                     sum(i for i in chosen if i is not None) + (notes_box or 0))
            if best is None or score < best.score:
                best = _Plan(chosen, notes_box, score)

    visit(0, tuple(box.height for box in room), ())
    assert best is not None or tail is not None
    return best


def _measure(filler: FillerSpec, items: Sequence[Paragraph], box: Rect,
             typesetter: Typesetter, scale: float) -> _Measured:
    side, top = (CALLOUT_PADDING[0] * scale, CALLOUT_PADDING[1] * scale) if filler.callout \
        else (0.0, 0.0)
    if least_stacked(items, scale, typesetter) + 2 * top > box.height + 0.01 + ROUNDING:
        return _Measured(None, 0.0)  # without setting them: the lines of a long list
    paragraphs, height = stacked(items, scale, box.width - 2 * side, typesetter)
    if height == UNBREAKABLE or height + 2 * top > box.height + 0.01:
        return _Measured(None, 0.0)
    return _Measured(paragraphs, height + 2 * top)


def _place(box: Rect, top: float, measure: _Measured, filler: FillerSpec, scale: float,
           filled: Filled) -> float:
    """The filler's paragraphs stacked down from `top` in `box` (inside its callout's
    padding): added to `filled`, and the height it reaches down to returned."""
    assert measure.paragraphs is not None
    side, pad = (CALLOUT_PADDING[0] * scale, CALLOUT_PADDING[1] * scale) if filler.callout \
        else (0.0, 0.0)
    if filler.callout:
        filled.callouts.append(Rect(box.x, top - measure.height, box.width, measure.height))
    cursor = top - pad
    for number, para in enumerate(measure.paragraphs):
        if number:
            cursor -= para.style.spaceBefore
        _, para_height = para.wrap(box.width - 2 * side, 10_000)
        cursor -= para_height
        filled.texts.append((para, box.x + side, cursor, box.width - 2 * side))
        cursor -= para.style.spaceAfter
    return top - measure.height


def rules(box: Rect, below: float, spacing: float, slot: str = "",
          label: str = "") -> list[Rule]:
    """Lines `spacing` apart from under the text at `below` to the foot of the box."""
    lines, y = [], below - spacing
    while y >= box.y - 0.01:
        lines.append(Rule(box.x, box.x + box.width, y, slot, label))
        y -= spacing
    return lines


MOST_SPREAD = 3.0  # GAPs: the most white a block is set further apart by (spread)


def spread(filled: Filled, boxes: Sequence[Rect], whole: Sequence[Rect], share: float,
           gap: float) -> None:
    """The blocks of each box without the notes that leave more than `share` of its whole
    box blank at its foot set further apart, the white shared between the gaps above them,
    so that they leave `share` (a bi-fold's short article: white between groups, not a blank
    band at the foot of its panel); each gap grows by MOST_SPREAD times `gap` at most."""
    for index, box in enumerate(boxes):
        spans = [span for span in filled.spans if span[0] == index]
        if index == filled.notes_box or not spans:
            continue
        bottoms = [filled.texts[at][2] for _, start, end, _ in spans for at in range(start, end)]
        bottoms += [filled.callouts[callout].y for *_, callout in spans if callout is not None]
        excess = min(min(bottoms) - box.y - share * whole[index].height,
                     MOST_SPREAD * gap * len(spans))
        if excess <= 0:
            continue
        for number, (_, start, end, callout) in enumerate(spans):
            drop = excess * (number + 1) / len(spans)
            for at in range(start, end):
                para, x, y, width = filled.texts[at]
                filled.texts[at] = (para, x, y - drop, width)
            if callout is not None:
                rect = filled.callouts[callout]
                filled.callouts[callout] = Rect(rect.x, rect.y - drop, rect.width, rect.height)
