"""Draw a laid-out face onto a ReportLab canvas at a given trim origin."""

from __future__ import annotations

from collections.abc import Callable

from reportlab.lib.colors import HexColor, white
from reportlab.pdfgen.canvas import Canvas

from generator.place import PlacedFace, PlacedOrnament
from generator.qr import draw_qr
from generator.styles import tint


def draw_face(canvas: Canvas, face: PlacedFace, x: float, y: float, brand: str,
              bleed: float = 0.0) -> None:
    """Draw `face` with its trim's lower-left corner at (x, y); the background runs `bleed`
    beyond the trim on every side (0 on an office sheet, where cards touch)."""
    canvas.saveState()
    background = HexColor(brand) if face.spec.background == "brand" else white
    canvas.setFillColor(background)
    canvas.rect(x - bleed, y - bleed, face.width + 2 * bleed, face.height + 2 * bleed,
                stroke=0, fill=1)
    path = canvas.beginPath()
    path.rect(x - bleed, y - bleed, face.width + 2 * bleed, face.height + 2 * bleed)
    canvas.clipPath(path, stroke=0, fill=0)
    for ornament in face.ornaments:
        ORNAMENTS.get(ornament.design, _no_ornament)(canvas, ornament, x, y, brand)
    for text in face.texts:
        text.paragraph.drawOn(canvas, x + text.x, y + text.y)
    for qr in face.qrs:
        draw_qr(canvas, x + qr.x, y + qr.y, qr.size, qr.payload)
    canvas.restoreState()


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
