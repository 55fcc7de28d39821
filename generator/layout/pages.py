"""A face whose panels are pages (`pages: panels`, large print): its text flows through the
panels as a brochure's does, then each panel becomes a page of its own, and the pages the
text did not reach are left out, so that a short article prints on fewer pages."""

from __future__ import annotations

from dataclasses import replace

from generator.layout.geometry import Rect
from generator.layout.place import PlacedFace, PlacedText

EDGE = 0.01


def panel_pages(face: PlacedFace) -> list[PlacedFace]:
    """Each panel of `face` (panels along y, top to bottom) as a face of its own, its
    texts moved onto it; from the last panel that carries anything on, none."""
    pages = [_page(face, panel) for panel in face.panels]
    while len(pages) > 1 and not (pages[-1].texts or pages[-1].qrs):
        pages.pop()
    # what placing the face found, said once
    pages[0].warnings = list(face.warnings)
    pages[0].left_out_lines = list(face.left_out_lines)
    pages[0].left_out_details = face.left_out_details
    pages[0].hours_left_out = list(face.hours_left_out)
    return pages


def _page(face: PlacedFace, panel: Rect) -> PlacedFace:
    def here(y: float) -> bool:
        return panel.y - EDGE <= y < panel.top - EDGE

    texts = [_moved(text, -panel.x, -panel.y) for text in face.texts if here(text.y)]
    return PlacedFace(
        face.name, face.spec, panel.width, panel.height,
        panels=[Rect(0.0, 0.0, panel.width, panel.height)], texts=texts,
        qrs=[replace(qr, x=qr.x - panel.x, y=qr.y - panel.y) for qr in face.qrs if here(qr.y)],
        rules=[replace(rule, x1=rule.x1 - panel.x, x2=rule.x2 - panel.x, y=rule.y - panel.y)
               for rule in face.rules if here(rule.y)],
        callouts=[Rect(box.x - panel.x, box.y - panel.y, box.width, box.height)
                  for box in face.callouts if here(box.y)],
        warnings=[], rtl=face.rtl)


def _moved(text: PlacedText, dx: float, dy: float) -> PlacedText:
    icon = text.icon
    if icon is not None:
        icon = replace(icon, x=icon.x + dx, y=icon.y + dy, word_x=icon.word_x + dx,
                       baseline=icon.baseline + dy)
    return replace(text, x=text.x + dx, y=text.y + dy, icon=icon)
