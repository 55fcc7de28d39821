"""Ornament designs as shapes: draw.py paints them, the contrast check asks which of them lie
under a piece of text. Positions in points from the face's lower-left corner."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from types import MappingProxyType

from generator.layout.geometry import Rect
from generator.layout.paints import Paint, brand_tint


@dataclass(frozen=True)
class Circle:
    """A filled disc (`stroke` 0) or a ring `stroke` wide centred on `radius`."""

    x: float
    y: float
    radius: float
    paint: Paint
    stroke: float = 0.0

    def touches(self, rect: Rect) -> bool:
        """Whether any of the shape's paint falls inside `rect`."""
        nearest = math.hypot(max(rect.x - self.x, 0.0, self.x - rect.x - rect.width),
                             max(rect.y - self.y, 0.0, self.y - rect.top))
        farthest = math.hypot(max(abs(rect.x - self.x), abs(rect.x + rect.width - self.x)),
                              max(abs(rect.y - self.y), abs(rect.top - self.y)))
        outer = self.radius + self.stroke / 2
        inner = self.radius - self.stroke / 2 if self.stroke else 0.0
        return nearest < outer and farthest > inner


_SUN = brand_tint(0.42, "the sunrise's disc")
_RINGS = tuple(brand_tint(0.28 - 0.07 * index, "a sunrise ring") for index in range(3))


# The same sun on a light ground (a panel in the brand's tint): as far from the ground as
# the sunrise's paints are from the brand colour, so that it stays as quiet.
_DAWN_SUN = brand_tint(0.66, "the dawn's disc")
_DAWN_RINGS = tuple(brand_tint(0.74 + 0.04 * index, "a dawn ring") for index in range(3))


def sunrise(box: Rect, mirrored: bool) -> list[Circle]:
    """A low sun with soft rings on the box's lower outer corner (lower right; lower left on
    a right-to-left face, where the text starts on the right): calm and hopeful, not a
    symbol."""
    return _sun(box, mirrored, _SUN, _RINGS)


def dawn(box: Rect, mirrored: bool) -> list[Circle]:
    """The sunrise for a panel in the brand's tint (a safety plan's back cover)."""
    return _sun(box, mirrored, _DAWN_SUN, _DAWN_RINGS)


# The sun rising on white paper (a brochure's back panel): lighter still, so that a panel
# anyone sees stays quiet.
_HORIZON_SUN = brand_tint(0.7, "the horizon's disc")
_HORIZON_RINGS = tuple(brand_tint(0.78 + 0.04 * index, "a horizon ring") for index in range(3))


def horizon(box: Rect, mirrored: bool) -> list[Circle]:
    """A sun rising at the middle of the box's foot, its rings as wide as the box allows,
    in light tints of the brand: the foot of a white panel (the brochure's back), echoing
    the cover's sunrise, the same either way round."""
    return _sun(box, mirrored, _HORIZON_SUN, _HORIZON_RINGS, centred=True)


def _sun(box: Rect, mirrored: bool, sun: Paint, rings: tuple[Paint, ...],
         centred: bool = False) -> list[Circle]:
    if centred:
        x, reach = box.x + box.width / 2, min(box.width / 2, box.height)
    else:
        x, reach = (box.x if mirrored else box.x + box.width), min(box.width, box.height)
    shapes = [Circle(x, box.y, reach * 0.3, sun)]
    for paint, fraction in zip(rings, (0.5, 0.7, 0.9), strict=True):
        shapes.append(Circle(x, box.y, reach * fraction, paint, stroke=reach * 0.07))
    return shapes


DESIGNS: MappingProxyType[str, Callable[[Rect, bool], list[Circle]]] = MappingProxyType({
    "sunrise": sunrise,
    "dawn": dawn,
    "horizon": horizon,
})


def ornament_shapes(design: str, box: Rect, mirrored: bool) -> list[Circle]:
    design_shapes = DESIGNS.get(design)
    return design_shapes(box, mirrored) if design_shapes else []


def clip_panel(panels: list[Rect], box: Rect) -> Rect | None:
    """The panel an ornament is kept inside (the one holding its box's centre), so it never
    runs over a fold."""
    cx, cy = box.x + box.width / 2, box.y + box.height / 2
    return next((p for p in panels if p.x <= cx <= p.x + p.width and p.y <= cy <= p.top),
                None)
