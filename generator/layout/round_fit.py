"""Text on a round piece keeps inside the circle its safe margin within the cut.

A slot's box is a rectangle; on a sticker cut round, its lines are as wide as the box at
its top and its foot, where the circle is narrower than the box. A designer sets each line
to the chord where it stands: the sticker's emergency sentence takes its long first line
("Trong trường hợp khẩn cấp,") where the foot is wide and its short second one ("hãy gọi
911.") lower down. Here the lines of a fitted slot are measured as they are drawn, the ink
of each against the chord at its top and foot; where one reaches past the circle the slot
is fitted again in a box narrower by that much on each side (place_text.py), until none does.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from generator.i18n.line_paragraph import LineParagraph
from generator.i18n.plain_text import plain_text
from generator.i18n.shaped_width import ink_above_baseline, ink_below_baseline
from generator.layout.geometry import Rect

INK_ABOVE, INK_BELOW = 0.8, 0.25  # of the size: where HarfBuzz does not say (not TrueType)


def line_widths(para: Any) -> list[float]:
    """The widths of a wrapped paragraph's lines as drawn."""
    if isinstance(para, LineParagraph):
        return [para._width(start, end) for start, end in para.lines]
    mend = getattr(para, "mend", None)
    if mend is not None:
        mend()
    style = para.style
    measure = para.width - style.leftIndent - style.rightIndent
    return [measure - float(line[0] if isinstance(line, tuple) else line.extraSpace)
            for line in getattr(getattr(para, "blPara", None), "lines", None) or []]


def past_the_circle(paragraphs: Sequence[Any], box: Rect, valign: str, height: float,
                    circle: tuple[float, float, float]) -> float:
    """How far (points) the farthest line of `paragraphs`, stacked in `box` as
    slot_stack.py's stack_in_box sets them (`height` in all, centred lines), reaches past
    `circle` (x, y, radius) at its ink's top or foot; 0 or less when every line keeps
    inside."""
    cx, cy, radius = circle
    offset = {"middle": (box.height - height) / 2, "bottom": box.height - height}.get(valign, 0.0)
    top = box.top - offset
    middle = box.x + box.width / 2
    worst = -math.inf
    for index, para in enumerate(paragraphs):
        style = para.style
        if index:
            top -= style.spaceBefore
        _, para_height = para.wrap(box.width, 10_000)
        text = plain_text(para.getPlainText())
        above = ink_above_baseline(text, style.fontName, style.fontSize)
        below = ink_below_baseline(text, style.fontName, style.fontSize)
        above = INK_ABOVE * style.fontSize if above is None else above
        below = INK_BELOW * style.fontSize if below is None else max(0.0, below)
        for number, width in enumerate(line_widths(para)):
            baseline = top - style.fontSize - number * style.leading
            reach = max(abs(baseline + above - cy), abs(baseline - below - cy))
            half = math.sqrt(max(0.0, radius ** 2 - reach ** 2))
            worst = max(worst, abs(middle - cx) + width / 2 - half)
        top -= para_height + style.spaceAfter
    return worst


def lowest_rise(paragraphs: Sequence[Any], box: Rect, height: float,
                circle: tuple[float, float, float], cushion: float = 0.0,
                step: float = 0.5) -> float | None:
    """How far above the foot of `box` a stack of `paragraphs` (`height` in all) stands at
    the lowest place where every line keeps `cushion` inside `circle`: a text at the foot of
    a round piece (the sticker's emergency sentence) rises where the circle narrows only as
    far as its widest line needs. None where no place in the box keeps it inside."""
    rise = 0.0
    while rise <= box.height - height + 1e-6:
        trial = Rect(box.x, box.y + rise, box.width, box.height - rise)
        if past_the_circle(paragraphs, trial, "bottom", height, circle) <= -cushion:
            return rise
        rise += step
    return None
