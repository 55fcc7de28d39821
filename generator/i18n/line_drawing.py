"""A line of text as havenprint's own paragraphs lay it out, for a canvas that draws lines
its own way.

BidiParagraph and SegmentedParagraph break their lines and place their runs; they draw them
themselves (one text object per run, in visual order, with /ActualText where the glyphs do
not read back as the text), unless the canvas carries a `LineDrawer` (`use_line_drawer`):
then each line goes to it, in logical order, with where each run stands. The screen copies
draw lines that way (generator/render/screen_text.py), so that every PDF reader copies the
text as written.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from reportlab.pdfgen.canvas import Canvas

_ATTRIBUTE = "_havenprint_line_drawer"


@dataclass(frozen=True)
class LineRun:
    """A run of one line set in one face at one bidi level."""

    start: int  # in the line's text, which is in logical order
    end: int
    level: int  # odd: right to left
    font: str  # the registered ReportLab font name
    shaped: bool  # set through HarfBuzz (else drawn glyph for character)
    x: float  # the run's left edge on the canvas
    width: float


@dataclass(frozen=True)
class DrawnLine:
    text: str  # the line, in logical order
    runs: tuple[LineRun, ...]  # in logical order
    y: float  # the baseline
    size: float
    lang: str  # the paragraph's language (its font set's)
    offset: int = 0  # where the line starts in the paragraph's text


class LineDrawer(Protocol):
    def draw_line(self, canvas: Canvas, line: DrawnLine) -> None: ...


def use_line_drawer(canvas: Canvas, drawer: LineDrawer | None) -> None:
    setattr(canvas, _ATTRIBUTE, drawer)


def line_drawer(canvas: Canvas) -> LineDrawer | None:
    drawer: LineDrawer | None = getattr(canvas, _ATTRIBUTE, None)
    return drawer
