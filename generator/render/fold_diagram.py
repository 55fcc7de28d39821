"""How a cut strip folds, drawn in an office sheet's margin above its print note, where the
note says to fold: the strip as printed (its panels in their colours, the folds dashed),
the strip seen from its edge while it is folded back and forth, and the folded card, the
cover on top. A picture, so that it needs no translation: the note beside it says the rest.

Only `fold: zigzag` (layout.yaml) is drawn: an accordion, each fold the other way from the
one before (layouts/pocket-fold/layout.yaml says which panels end up outside).
"""

from __future__ import annotations

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from generator.layout.placed import PlacedFace
from generator.render.draw import fill_colour

MAX_HEIGHT = 48.0  # the strip as drawn, at most
MIN_HEIGHT = 24.0  # less room than this: no diagram (the note alone)
STEP_GAP = 9.0  # between a drawing and the arrow to the next
ARROW = 12.0
LINE_GRAY = 0.45
LINE_WIDTH = 0.5


def fold_diagram_width(face: PlacedFace, height: float) -> float:
    """How wide the diagram of `face` is at `height`."""
    strip, _, card = _sizes(face, height)
    return strip[0] + card[0] + 2 * (ARROW + 2 * STEP_GAP) + _edge_width(strip)


def draw_fold_diagram(canvas: Canvas, face: PlacedFace, brand: str, centre: float,
                      bottom: float, top: float) -> bool:
    """The diagram of the front `face` folded zigzag, centred on x = `centre` between
    `bottom` and `top`; False (nothing drawn) when the room is too low for it."""
    height = min(MAX_HEIGHT, top - bottom)
    if height < MIN_HEIGHT or len(face.panels) < 2:
        return False
    strip, panel_height, card = _sizes(face, height)
    x = centre - fold_diagram_width(face, height) / 2
    y = bottom + (top - bottom - height) / 2
    canvas.saveState()
    canvas.setLineWidth(LINE_WIDTH)
    canvas.setStrokeGray(LINE_GRAY)
    _strip(canvas, face, brand, x, y, strip, panel_height)
    x += strip[0] + STEP_GAP
    _arrow(canvas, x, y + height / 2)
    x += ARROW + STEP_GAP
    edge = _edge_width(strip)
    _edge(canvas, face, brand, x, y, edge, height)
    x += edge + STEP_GAP
    _arrow(canvas, x, y + height / 2)
    x += ARROW + STEP_GAP
    _folded(canvas, face, brand, x, y + (height - card[1]) / 2, card)
    canvas.restoreState()
    return True


def _sizes(face: PlacedFace, height: float
           ) -> tuple[tuple[float, float], float, tuple[float, float]]:
    """The strip's (width, height), a panel's height, and the folded card's (width, height)
    at `height`, in the face's proportions."""
    scale = height / face.height
    panel = max(p.height for p in face.panels) * scale
    width = face.width * scale
    return (width, height), panel, (width * 1.35, panel * 1.35)


def _edge_width(strip: tuple[float, float]) -> float:
    return strip[0] * 1.6


def _colours(face: PlacedFace, brand: str) -> list[Color]:
    """Each panel's colour, top panel first."""
    names = list(face.spec.panel_backgrounds or [])
    names += [face.spec.background] * (len(face.panels) - len(names))
    order = sorted(range(len(face.panels)), key=lambda index: -face.panels[index].y)
    return [fill_colour(names[index], brand) for index in order]


def _strip(canvas: Canvas, face: PlacedFace, brand: str, x: float, y: float,
           strip: tuple[float, float], panel: float) -> None:
    """The strip flat, its top panel (the cover) at the top, the folds dashed."""
    width, height = strip
    colours = _colours(face, brand)
    for index, colour in enumerate(colours):
        canvas.setFillColor(colour)
        canvas.rect(x, y + height - (index + 1) * panel, width, panel, stroke=0, fill=1)
    canvas.rect(x, y, width, height, stroke=1, fill=0)
    canvas.setDash(1.5, 1.5)
    for index in range(1, len(colours)):
        fold = y + height - index * panel
        canvas.line(x - 2, fold, x + width + 2, fold)
    canvas.setDash()


def _edge(canvas: Canvas, face: PlacedFace, brand: str, x: float, y: float, width: float,
          height: float) -> None:
    """The strip seen from its edge while it folds: a zigzag, one stroke per panel, the
    cover the top one, in its colour."""
    colours = _colours(face, brand)
    count = len(colours)
    step = height / count
    points = [(x + (width if index % 2 else 0.0), y + height - index * step)
              for index in range(count + 1)]
    for index in range(count):
        (x1, y1), (x2, y2) = points[index], points[index + 1]
        if index == 0:
            canvas.saveState()
            canvas.setStrokeColor(colours[0])
            canvas.setLineWidth(2.2)
            canvas.line(x1, y1, x2, y2)
            canvas.restoreState()
        else:
            canvas.setLineWidth(1.0)
            canvas.line(x1, y1, x2, y2)


def _folded(canvas: Canvas, face: PlacedFace, brand: str, x: float, y: float,
            card: tuple[float, float]) -> None:
    """The folded card, the cover up: a panel in the cover's colour with a title's bar."""
    width, height = card
    colour = _colours(face, brand)[0]
    canvas.setFillColor(colour)
    canvas.rect(x, y, width, height, stroke=1, fill=1)
    canvas.setFillGray(1.0)
    canvas.rect(x + width * 0.12, y + height * 0.2, width * 0.45, height * 0.1, stroke=0,
                fill=1)


def _arrow(canvas: Canvas, x: float, y: float) -> None:
    canvas.line(x, y, x + ARROW - 3, y)
    path = canvas.beginPath()
    path.moveTo(x + ARROW, y)
    path.lineTo(x + ARROW - 3.5, y + 2)
    path.lineTo(x + ARROW - 3.5, y - 2)
    path.close()
    canvas.setFillGray(LINE_GRAY)
    canvas.drawPath(path, stroke=0, fill=1)
