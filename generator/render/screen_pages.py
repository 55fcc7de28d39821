"""A screen copy's pages: one piece per page, in the order a person reads the printed one.

A card's front, then its back. A folded piece is cut into its panels: first its cover (the
panel named "cover", else the first panel that shows outside), then the other panels of
that side that are seen once it opens (the brochure's fold-in flap; the folding card's
first inside panels), then every panel of the other side in order, then what is left
outside (the back panel, the back cover). Panel numbers are in reading order already
(right to left on a right-to-left page: generator/layout/geometry.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.layout.geometry import Rect
from generator.layout.placed import PlacedFace, PlacedQr, PlacedText


@dataclass(frozen=True)
class ScreenPage:
    face: PlacedFace
    panel: int | None  # None: the whole face
    rect: Rect  # what the page shows, on the face

    def holds(self, x: float, y: float) -> bool:
        box = self.rect
        return box.x - 0.01 <= x <= box.x + box.width + 0.01 and \
            box.y - 0.01 <= y <= box.top + 0.01


def screen_pages(faces: list[PlacedFace]) -> list[ScreenPage]:
    if all(len(face.panels) <= 1 for face in faces):
        return [ScreenPage(face, None, Rect(0.0, 0.0, face.width, face.height))
                for face in faces]
    cover_face = next((face for face in faces if face.spec.outside), faces[0])
    names = cover_face.spec.panel_names or []
    outside = cover_face.spec.outside_panels or list(range(len(cover_face.panels)))
    cover = names.index("cover") if "cover" in names else outside[0]
    order = [(cover_face, cover)]
    order += [(cover_face, panel) for panel in range(len(cover_face.panels))
              if panel != cover and panel not in outside]
    order += [(face, panel) for face in faces if face is not cover_face
              for panel in range(len(face.panels))]
    order += [(cover_face, panel) for panel in outside if panel != cover]
    return [ScreenPage(face, panel, face.panels[panel]) for face, panel in order]


def text_centre(text: PlacedText) -> tuple[float, float]:
    paragraph = text.paragraph
    if text.rotate:  # turned about (x, y): its width runs up, its height to the left
        return text.x - paragraph.height / 2, text.y + paragraph.width / 2
    return text.x + paragraph.width / 2, text.y + paragraph.height / 2


def qr_centre(qr: PlacedQr) -> tuple[float, float]:
    return qr.x + qr.size / 2, qr.y + qr.size / 2
