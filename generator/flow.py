"""Run long text through a chain of boxes (a brochure's inside panels), like a newspaper.

Headings (styles with keep_with_next) never end a box; paragraphs split between boxes only
where ReportLab can split them without leaving a single stranded line.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from reportlab.platypus import Paragraph as RLParagraph

from generator.fit import UNBREAKABLE, Typesetter, largest_fitting, min_width
from generator.geometry import Rect
from generator.paragraphs import Paragraph

MIN_LINES_AFTER_HEADING = 2


@dataclass(frozen=True)
class FlowPiece:
    paragraph: RLParagraph
    x: float
    y: float  # bottom


@functools.lru_cache(maxsize=256)
def fit_flow(items: tuple[Paragraph, ...], boxes: tuple[Rect, ...],
             typesetter: Typesetter) -> tuple[list[FlowPiece] | None, float]:
    """The pieces at the largest scale where everything fits, or (None, the overflow at the
    smallest). Remembered: every site of a batch flows the same article."""
    return largest_fitting(typesetter.scales(items),
                           lambda scale: flow(typesetter.paragraphs(items, scale), list(boxes)),
                           sum(box.height for box in boxes))


def flow(paragraphs: list[RLParagraph], boxes: list[Rect]) -> tuple[list[FlowPiece], float]:
    """Pieces placed in `boxes`, and the height of what did not fit (0 when all did)."""
    queue = list(paragraphs)
    pieces: list[FlowPiece] = []
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
            needed = height + _kept_with(queue, box.width)
            if needed <= available + 0.01:
                cursor -= before + height
                pieces.append(FlowPiece(para, box.x, cursor))
                cursor -= para.style.spaceAfter
                queue.pop(0)
                first = False
                continue
            parts = [] if para.style.keepWithNext else para.split(box.width, available)
            if len(parts) == 2:
                head, tail = parts
                _, head_height = head.wrap(box.width, available)
                cursor -= before + head_height
                pieces.append(FlowPiece(head, box.x, cursor))
                queue[0] = tail
            break
    return pieces, _remaining_height(queue, boxes[-1].width)


def _kept_with(queue: list[RLParagraph], width: float) -> float:
    """Room a heading needs below it: the first lines of the paragraph that follows, or all
    of it when it is too short to split (a split leaves at least MIN_LINES_AFTER_HEADING
    lines on each side), so that the heading never ends a box on its own."""
    if not queue[0].style.keepWithNext or len(queue) < 2:
        return 0.0
    following = queue[1]
    _, height = following.wrap(width, 10_000)
    lines = max(1, round(height / following.style.leading))
    gap = queue[0].style.spaceAfter + following.style.spaceBefore
    if lines < 2 * MIN_LINES_AFTER_HEADING:
        return gap + height
    return gap + following.style.leading * MIN_LINES_AFTER_HEADING


def _remaining_height(queue: list[RLParagraph], width: float) -> float:
    total = 0.0
    for para in queue:
        _, height = para.wrap(width, 10_000)
        total += height + para.style.spaceBefore + para.style.spaceAfter
    return total
