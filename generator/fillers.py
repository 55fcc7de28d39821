"""What fills the room a flow's text leaves (a short article on a brochure's inside).

The text flows first, at the largest size that fits (up to its styles' `max_size`). Then
the layout's fillers go, in their order, into the room left below it and in the boxes it
did not reach: each set at the text's scale (one type scale on the page), kept whole in one
box, after the one before it. A filler that fits nowhere is left out; a `ruled` one (notes)
runs lines to write on down to the foot of its box. Nothing here draws: positions only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.platypus import Paragraph as RLParagraph

from generator.fit import UNBREAKABLE, Typesetter, stacked
from generator.geometry import Rect
from generator.layouts import FillerSpec
from generator.paragraphs import Paragraph

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
    """Put each filler in the first room, from where the last one went, that holds it."""
    filled = Filled([], [], [])
    gap = GAP * scale
    start = 0
    for filler, items in fillers:
        for index in range(start, len(room)):
            box = room[index]
            paragraphs, height = stacked(items, scale, box.width, typesetter)
            needed = height + (MIN_RULES * rule_spacing if filler.ruled else 0.0)
            if height == UNBREAKABLE or needed > box.height + 0.01:
                continue
            cursor = box.top
            for number, para in enumerate(paragraphs):
                if number:
                    cursor -= para.style.spaceBefore
                _, para_height = para.wrap(box.width, 10_000)
                cursor -= para_height
                filled.texts.append((para, box.x, cursor, box.width))
                cursor -= para.style.spaceAfter
            if filler.ruled:
                filled.rules.extend(rules(box, cursor, rule_spacing))
                cursor = box.y
            room[index] = Rect(box.x, box.y, box.width, max(0.0, cursor - gap - box.y))
            filled.placed.append(filler.block)
            start = index
            break
    return filled


def rules(box: Rect, below: float, spacing: float) -> list[Rule]:
    """Lines `spacing` apart from under the text at `below` to the foot of the box."""
    lines, y = [], below - spacing
    while y >= box.y - 0.01:
        lines.append(Rule(box.x, box.x + box.width, y))
        y -= spacing
    return lines
