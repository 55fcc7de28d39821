"""A slot's paragraphs set in its box: the first of its choices that fits, headlines
capped to their lines, the paragraphs stacked one below the other."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType

from reportlab.platypus import Paragraph as RLParagraph

from generator.content.layouts import SlotSpec
from generator.layout.fit import fit_stack
from generator.layout.geometry import Rect
from generator.layout.paragraphs import Paragraph
from generator.layout.placed import PlacedFace, PlacedText, Placement, placed_text
from generator.layout.styles import size_range


def first_choice_that_fits(items: Sequence[Paragraph], width: float, height: float,
                           placement: Placement, or_none: bool = False
                           ) -> tuple[list[RLParagraph] | None, float, Sequence[Paragraph]]:
    """The slot's paragraphs fitted: with the first of its choices (`choice="n"`) that fits,
    else (None, overflow, the first choice's paragraphs). With `or_none`, a slot that prints
    more than its choices (a tab's number beside the line's name) prints that alone when no
    choice fits beside it."""
    choices = sorted({item.choice for item in items if item.choice})
    options = [[item for item in items if item.choice in (0, choice)] for choice in choices or [0]]
    fixed = [item for item in items if not item.choice]
    if or_none and choices and fixed:
        options.append(fixed)
    first: tuple[list[RLParagraph] | None, float, Sequence[Paragraph]] | None = None
    for chosen in options:
        fitted, used = fit_stack(chosen, width, height, placement.typesetter)
        if fitted is not None:
            return fitted, used, chosen
        first = first or (None, used, chosen)
    assert first is not None
    return first


HEADLINE_STEP = 0.5  # points a headline too long for its lines is set smaller by at a time


def headlines_to_measure(items: Sequence[Paragraph], width: float,
                         placement: Placement) -> Placement:
    """The placement with a cap on each style with `max_lines` whose paragraph takes more
    lines than that at `width` at its largest size: the largest size, down to its smallest,
    at which it takes no more (a pasted article's sentence-long headline ran to four lines
    at the brochure's 20 pt). Where none does, its smallest."""
    styles = placement.layout.spec.styles
    caps = dict(placement.caps)
    typesetter = placement.typesetter
    for item in items:
        spec = styles[item.style]
        if spec.max_lines is None:
            continue
        smallest, size = size_range(spec, typesetter.limits, caps.get(item.style))
        while size > smallest + 1e-6:
            scale = size / (spec.size * typesetter.limits.optical)
            capped = replace(placement, caps=tuple(sorted({**caps, item.style: size}.items())))
            (para,) = capped.typesetter.paragraphs([item], scale)
            _, height = para.wrap(width, 1e6)
            if round(height / para.style.leading) <= spec.max_lines:
                break
            size = max(smallest, size - HEADLINE_STEP)
        if size < size_range(spec, typesetter.limits, caps.get(item.style))[1] - 1e-6:
            caps[item.style] = size
    if caps == dict(placement.caps):
        return placement
    return replace(placement, caps=tuple(sorted(caps.items())))


def stack_in_box(placed: PlacedFace, paragraphs: list[RLParagraph], box: Rect, height: float,
                 slot: SlotSpec, copy: int = 0, before: Mapping[int, float] = MappingProxyType({})
                 ) -> None:
    """Paragraphs one below the other in `box`, aligned by `slot.valign` ("spread" from the
    top, with `before` more room above the paragraphs it numbers, counted in `height`).

    A rotated slot stacks in the turned frame: lines run upwards from the box's bottom-right
    corner, the first paragraph nearest the box's left edge... as read with the head tilted.
    """
    width, extent = (box.height, box.width) if slot.rotate else (box.width, box.height)
    offset = {"top": 0.0, "spread": 0.0, "middle": (extent - height) / 2,
              "bottom": extent - height}
    cursor = extent - offset[slot.valign]  # distance from the frame's bottom
    if not slot.rotate and paragraphs:
        placed.extents[slot.name] = (box.y + cursor - height, box.y + cursor)
        if slot.valign != "top":  # the layout sets it with air around: the box is its own
            placed.claimed.append(box)
    for index, para in enumerate(paragraphs):
        if index:
            cursor -= para.style.spaceBefore + before.get(index, 0.0)
        _, para_height = para.wrap(width, 10_000)
        cursor -= para_height
        private = slot.kind == "tabs"
        if slot.rotate:
            # Frame turned 90° counter-clockwise: its "bottom" is the box's right edge.
            placed.texts.append(
                PlacedText(para, box.x + box.width - cursor, box.y, 90, private, copy=copy))
        else:
            placed.texts.append(replace(placed_text(para, box.x, box.y + cursor, box.width,
                                                    placed.rtl, private), copy=copy,
                                        screen_only=slot.screen_only))
        cursor -= para.style.spaceAfter
