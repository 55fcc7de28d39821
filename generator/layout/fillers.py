"""What fills the room a flow's text leaves (a short article on a brochure's inside).

The text flows first, at the largest size that fits (up to its styles' `max_size`). Then
the layout's fillers go, in their order, into the room left below it and in the boxes it
did not reach: each set at the text's scale (one type scale on the page), kept whole in one
box, in the first room that holds it. A filler that fits nowhere is left out. A `ruled` one
(notes) comes last, in the largest room left, and runs lines to write on down to the foot
of its box, and of any other box still more than a third empty. Nothing here draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.platypus import Paragraph as RLParagraph

from generator.layout.fit import ROUNDING, UNBREAKABLE, Typesetter, least_stacked, stacked
from generator.layout.formats import FillerSpec
from generator.layout.geometry import Rect
from generator.layout.paragraphs import Paragraph

GAP = 18.0  # points (at scale 1) between the text and a filler below it, or two fillers
MIN_RULES = 3  # a ruled filler needs room for at least this many lines


@dataclass(frozen=True)
class Rule:
    """A line to write on: from x1 to x2 at height y."""

    x1: float
    x2: float
    y: float


@dataclass
class Filled:
    texts: list[tuple[RLParagraph, float, float, float]]  # paragraph, x, y (bottom), width
    rules: list[Rule]
    placed: list[str]  # the fillers' block names, in the order they went in


def free_room(boxes: Sequence[Rect], used_bottoms: Sequence[float | None],
              gap: float) -> list[Rect]:
    """Each box's room below what is in it (`used_bottoms`: the lowest text, None if the
    box is empty), `gap` clear of it."""
    room = []
    for box, bottom in zip(boxes, used_bottoms, strict=True):
        top = box.top if bottom is None else bottom - gap
        room.append(Rect(box.x, box.y, box.width, max(0.0, top - box.y)))
    return room


def fill(room: list[Rect], fillers: Sequence[tuple[FillerSpec, tuple[Paragraph, ...]]],
         typesetter: Typesetter, scale: float, rule_spacing: float) -> Filled:
    """Each filler in the first room that holds it, in the layout's order; then a ruled one
    in the largest room left, and its lines (without its heading again) in any other room
    still more than a third of its box, so that no panel is left mostly blank."""
    filled = Filled([], [], [])
    whole = [box.height for box in room]
    for filler, items in fillers:
        if filler.ruled:
            continue
        for index, box in enumerate(room):
            placed = _place(box, items, typesetter, scale, 0.0, filled)
            if placed is not None:
                room[index] = _below(box, placed, GAP * scale)
                filled.placed.append(filler.block)
                break
    for filler, items in fillers:
        if not filler.ruled:
            continue
        order = sorted(range(len(room)), key=lambda i: -room[i].height)
        for index in order:
            box = room[index]
            placed = _place(box, items, typesetter, scale, MIN_RULES * rule_spacing, filled)
            if placed is not None:
                filled.rules.extend(rules(box, placed, rule_spacing))
                room[index] = Rect(box.x, box.y, box.width, 0.0)
                filled.placed.append(filler.block)
                for other, rest in enumerate(room):
                    if rest.height > whole[other] / 3 and rest.height >= MIN_RULES * rule_spacing:
                        filled.rules.extend(rules(rest, rest.top + rule_spacing, rule_spacing))
                        room[other] = Rect(rest.x, rest.y, rest.width, 0.0)
                break
    return filled


def _place(box: Rect, items: Sequence[Paragraph], typesetter: Typesetter, scale: float,
           extra: float, filled: Filled) -> float | None:
    """The paragraphs stacked from the top of `box` if they (and `extra` below them) fit:
    added to `filled`, and the height they reach down to returned; else None."""
    if least_stacked(items, scale, typesetter) + extra > box.height + 0.01 + ROUNDING:
        return None  # without setting them: the lines of a long list, in a short box
    paragraphs, height = stacked(items, scale, box.width, typesetter)
    if height == UNBREAKABLE or height + extra > box.height + 0.01:
        return None
    cursor = box.top
    for number, para in enumerate(paragraphs):
        if number:
            cursor -= para.style.spaceBefore
        _, para_height = para.wrap(box.width, 10_000)
        cursor -= para_height
        filled.texts.append((para, box.x, cursor, box.width))
        cursor -= para.style.spaceAfter
    return cursor


def _below(box: Rect, cursor: float, gap: float) -> Rect:
    return Rect(box.x, box.y, box.width, max(0.0, cursor - gap - box.y))


def rules(box: Rect, below: float, spacing: float) -> list[Rule]:
    """Lines `spacing` apart from under the text at `below` to the foot of the box."""
    lines, y = [], below - spacing
    while y >= box.y - 0.01:
        lines.append(Rule(box.x, box.x + box.width, y))
        y -= spacing
    return lines
