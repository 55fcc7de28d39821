"""Where things are on a face: panels, safe areas and slot boxes, in points from the
lower-left corner of the trimmed face."""

from __future__ import annotations

from dataclasses import dataclass

from generator.content.layouts import FaceSpec, SizeSpec, SlotSpec


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    width: float
    height: float

    @property
    def top(self) -> float:
        return self.y + self.height

    def inset(self, margin: float) -> Rect:
        return Rect(self.x + margin, self.y + margin, self.width - 2 * margin,
                    self.height - 2 * margin)


def panel_rects(size: SizeSpec, face: FaceSpec, rtl: bool = False) -> list[Rect]:
    """The face's panels in reading order: left to right (x) or top to bottom (y).

    A face with `mirror_panels` is the back of the sheet: its panel sizes run the other way,
    so each panel sits behind its partner on the front. Right-to-left languages mirror the
    whole face: panel 0 is the rightmost, and the fold geometry mirrors with it.
    """
    if not size.panels:
        return [Rect(0.0, 0.0, size.width, size.height)]
    sizes = list(reversed(size.panels)) if face.mirror_panels else list(size.panels)
    rects, offset = [], 0.0
    for extent in sizes:
        if size.panel_axis == "x":
            x = size.width - offset - extent if rtl else offset
            rects.append(Rect(x, 0.0, extent, size.height))
        else:
            rects.append(Rect(0.0, size.height - offset - extent, size.width, extent))
        offset += extent
    return rects


def fold_positions(size: SizeSpec) -> list[float]:
    """Distances of the panel edges from the left (x) or top (y) edge of the face."""
    positions, offset = [], 0.0
    for extent in (size.panels or [])[:-1]:
        offset += extent
        positions.append(offset)
    return positions


def slot_rect(slot: SlotSpec, size: SizeSpec, face: FaceSpec, panel: int | None = None,
              rtl: bool = False) -> Rect:
    """The slot's box (the size's own box for it, if it has one) inside the safe area of its
    panel (or of `panel`, for flows); mirrored left to right for right-to-left languages, so
    the QR code and text columns swap sides."""
    panels = panel_rects(size, face, rtl)
    index = slot.panel if panel is None else panel
    safe = panels[index].inset(size.safe_margin)
    left, top, width, height = size.boxes.get(slot.name, slot.box)
    if rtl:
        left = 1 - left - width
    return Rect(
        x=safe.x + left * safe.width,
        y=safe.y + (1 - top - height) * safe.height,
        width=width * safe.width,
        height=height * safe.height,
    )
