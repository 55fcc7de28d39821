"""Draw a laid-out face onto a ReportLab canvas at a given trim origin."""

from __future__ import annotations

from collections.abc import Callable

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from generator.geometry import Rect
from generator.place import PlacedFace, PlacedOrnament
from generator.qr import draw_qr
from generator.styles import tint


def draw_face(canvas: Canvas, face: PlacedFace, x: float, y: float, brand: str,
              bleed: float = 0.0) -> None:
    """Draw `face` with its trim's lower-left corner at (x, y); the background runs `bleed`
    beyond the trim on every side (0 on an office sheet, where cards touch)."""
    canvas.saveState()
    canvas.setFillColor(fill_colour(face.spec.background, brand))
    canvas.rect(x - bleed, y - bleed, face.width + 2 * bleed, face.height + 2 * bleed,
                stroke=0, fill=1)
    path = canvas.beginPath()
    path.rect(x - bleed, y - bleed, face.width + 2 * bleed, face.height + 2 * bleed)
    canvas.clipPath(path, stroke=0, fill=0)
    _panel_backgrounds(canvas, face, x, y, brand, bleed)
    for ornament in face.ornaments:
        canvas.saveState()
        _clip_to_panel(canvas, face, ornament, x, y, bleed)
        ORNAMENTS.get(ornament.design, _no_ornament)(canvas, ornament, x, y, brand)
        canvas.restoreState()
    for text in face.texts:
        if text.rotate:
            canvas.saveState()
            canvas.translate(x + text.x, y + text.y)
            canvas.rotate(text.rotate)
            text.paragraph.drawOn(canvas, 0, 0)
            canvas.restoreState()
        else:
            text.paragraph.drawOn(canvas, x + text.x, y + text.y)
    for qr in face.qrs:
        draw_qr(canvas, x + qr.x, y + qr.y, qr.size, qr.payload)
    _cut_lines(canvas, face, x, y)
    canvas.restoreState()


def fill_colour(name: str, brand: str) -> Color:
    return {"brand": HexColor(brand), "tint": tint(brand, 0.88)}.get(name, white)


def _panel_backgrounds(canvas: Canvas, face: PlacedFace, x: float, y: float, brand: str,
                       bleed: float) -> None:
    """Panel colours; a panel on the face's edge runs into the bleed on that side."""
    for panel, colour in zip(face.panels, face.spec.panel_backgrounds or [], strict=False):
        left, bottom, right, top = _bled(panel, face, bleed)
        canvas.setFillColor(fill_colour(colour, brand))
        canvas.rect(x + left, y + bottom, right - left, top - bottom, stroke=0, fill=1)


def _bled(panel: Rect, face: PlacedFace, bleed: float) -> tuple[float, float, float, float]:
    """The panel's left, bottom, right and top, reaching into the bleed on the face's edges."""
    edge = 0.01
    return (
        panel.x - (bleed if panel.x <= edge else 0.0),
        panel.y - (bleed if panel.y <= edge else 0.0),
        panel.x + panel.width + (bleed if panel.x + panel.width >= face.width - edge else 0.0),
        panel.top + (bleed if panel.top >= face.height - edge else 0.0),
    )


def _clip_to_panel(canvas: Canvas, face: PlacedFace, ornament: PlacedOrnament, x: float,
                   y: float, bleed: float) -> None:
    """Keep a design inside its panel, so it never runs over a fold (or into the bleed only
    where the panel meets the face's edge)."""
    box = ornament.box
    cx, cy = box.x + box.width / 2, box.y + box.height / 2
    panel = next((p for p in face.panels
                  if p.x <= cx <= p.x + p.width and p.y <= cy <= p.top), None)
    if panel is None:
        return
    left, bottom, right, top = _bled(panel, face, bleed)
    path = canvas.beginPath()
    path.rect(x + left, y + bottom, right - left, top - bottom)
    canvas.clipPath(path, stroke=0, fill=0)


def _cut_lines(canvas: Canvas, face: PlacedFace, x: float, y: float) -> None:
    if not face.cut_lines:
        return
    canvas.setStrokeGray(0.45)
    canvas.setLineWidth(0.5)
    canvas.setDash(3, 2.5)
    for line in face.cut_lines:
        canvas.line(x + line.x1, y + line.y1, x + line.x2, y + line.y2)
    canvas.setDash()


def _sunrise(canvas: Canvas, ornament: PlacedOrnament, x: float, y: float, brand: str) -> None:
    """A low sun with soft rings in the lower-right corner: calm and hopeful, not a symbol."""
    box = ornament.box
    cx, cy = x + box.x + box.width, y + box.y
    reach = min(box.width, box.height)
    canvas.setFillColor(tint(brand, 0.42))
    canvas.circle(cx, cy, reach * 0.3, stroke=0, fill=1)
    canvas.setLineCap(0)
    for index, fraction in enumerate((0.5, 0.7, 0.9)):
        canvas.setStrokeColor(tint(brand, 0.28 - 0.07 * index))
        canvas.setLineWidth(reach * 0.07)
        radius = reach * fraction
        canvas.circle(cx, cy, radius, stroke=1, fill=0)


def _no_ornament(canvas: Canvas, ornament: PlacedOrnament, x: float, y: float,
                 brand: str) -> None:
    return None


ORNAMENTS: dict[str, Callable[[Canvas, PlacedOrnament, float, float, str], None]] = {
    "sunrise": _sunrise,
}
