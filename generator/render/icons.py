"""Small pictures drawn beside a card's details instead of a repeated word (call, text, TTY,
web), and a box to tick before a checklist's items. Vector paths in the text's colour, in a
square of `size` points whose lower-left corner is (x, y). The word a picture stands for
stays in the text layer (generator/render/draw.py), for screen readers, copying and search.
"""

from __future__ import annotations

from collections.abc import Callable
from types import MappingProxyType

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas


def _call(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A telephone handset, earpiece at the top right, mouthpiece at the bottom left."""
    s = size
    path = canvas.beginPath()
    path.moveTo(x + 0.30 * s, y + 0.97 * s)
    path.lineTo(x + 0.47 * s, y + 0.72 * s)
    path.curveTo(x + 0.50 * s, y + 0.66 * s, x + 0.48 * s, y + 0.60 * s,
                 x + 0.42 * s, y + 0.56 * s)
    path.lineTo(x + 0.35 * s, y + 0.51 * s)
    path.curveTo(x + 0.40 * s, y + 0.40 * s, x + 0.48 * s, y + 0.31 * s,
                 x + 0.58 * s, y + 0.25 * s)
    path.lineTo(x + 0.64 * s, y + 0.32 * s)
    path.curveTo(x + 0.68 * s, y + 0.37 * s, x + 0.74 * s, y + 0.38 * s,
                 x + 0.80 * s, y + 0.35 * s)
    path.lineTo(x + 1.00 * s, y + 0.20 * s)
    path.lineTo(x + 0.86 * s, y + 0.03 * s)
    path.curveTo(x + 0.50 * s, y - 0.04 * s, x + 0.02 * s, y + 0.40 * s,
                 x + 0.08 * s, y + 0.82 * s)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)


def _text(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A speech bubble with three dots."""
    s = size
    canvas.roundRect(x, y + 0.22 * s, s, 0.70 * s, 0.18 * s, stroke=0, fill=1)
    tail = canvas.beginPath()
    tail.moveTo(x + 0.18 * s, y + 0.30 * s)
    tail.lineTo(x + 0.12 * s, y + 0.02 * s)
    tail.lineTo(x + 0.45 * s, y + 0.30 * s)
    tail.close()
    canvas.drawPath(tail, stroke=0, fill=1)
    canvas.setFillColor(white)
    for dot in (0.28, 0.5, 0.72):
        canvas.circle(x + dot * s, y + 0.57 * s, 0.075 * s, stroke=0, fill=1)


def _tty(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A text telephone: a keyboard, keys in white."""
    s = size
    canvas.roundRect(x, y + 0.12 * s, s, 0.72 * s, 0.12 * s, stroke=0, fill=1)
    canvas.setFillColor(white)
    key = 0.14 * s
    for row, count in ((0.62, 4), (0.42, 4)):
        for index in range(count):
            canvas.rect(x + (0.12 + index * 0.21) * s, y + row * s, key, key, stroke=0,
                        fill=1)
    canvas.rect(x + 0.24 * s, y + 0.22 * s, 0.52 * s, key, stroke=0, fill=1)


def _web(canvas: Canvas, x: float, y: float, size: float) -> None:
    """A globe: its outline, a meridian and two parallels."""
    s = size
    canvas.setLineWidth(0.09 * s)
    cx, cy, r = x + s / 2, y + s / 2, 0.45 * s
    canvas.circle(cx, cy, r, stroke=1, fill=0)
    canvas.ellipse(cx - 0.2 * s, cy - r, cx + 0.2 * s, cy + r, stroke=1, fill=0)
    canvas.line(cx - r, cy, cx + r, cy)


def _box(canvas: Canvas, x: float, y: float, size: float) -> None:
    """An empty square to tick: a checklist's item; its line never heavier than a ruled
    line's ink (a worksheet's larger boxes keep a fine line)."""
    s = size
    canvas.setLineWidth(min(0.08 * s, BOX_LINE))
    canvas.rect(x + 0.1 * s, y + 0.1 * s, 0.8 * s, 0.8 * s, stroke=1, fill=0)


BOX_LINE = 0.75


ICONS: MappingProxyType[str, Callable[[Canvas, float, float, float], None]] = MappingProxyType({
    "call": _call,
    "text": _text,
    "tty": _tty,
    "web": _web,
    "box": _box,
})


def draw_icon(canvas: Canvas, name: str, x: float, y: float, size: float,
              colour: Color) -> None:
    canvas.saveState()
    canvas.setFillColor(colour)
    canvas.setStrokeColor(colour)
    canvas.setLineCap(1)
    ICONS[name](canvas, x, y, size)
    canvas.restoreState()
