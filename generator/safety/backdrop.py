"""What is printed behind a box on a laid-out face: the face's or panel's fill, and any
ornament shape that reaches into the box. The drawing order is the same as draw.py's."""

from __future__ import annotations

from generator.layout.geometry import Rect
from generator.layout.paints import CALLOUT_FILL, FILL_PAINTS, Paint
from generator.layout.placed import PlacedFace, PlacedText
from generator.render.ornaments import clip_panel, ornament_shapes

_EDGE = 0.01  # boxes that only touch (text against a fold) do not overlap


def panel_fills(face: PlacedFace) -> list[tuple[Rect, str]]:
    """Each panel with its fill: `panel_backgrounds` in reading order, as draw.py pairs them;
    a panel without one shows the face's background."""
    named = face.spec.panel_backgrounds or []
    return [(panel, named[index] if index < len(named) else face.spec.background)
            for index, panel in enumerate(face.panels)]


def overlap(first: Rect, second: Rect) -> Rect | None:
    left, bottom = max(first.x, second.x), max(first.y, second.y)
    right = min(first.x + first.width, second.x + second.width)
    top = min(first.top, second.top)
    if right - left <= _EDGE or top - bottom <= _EDGE:
        return None
    return Rect(left, bottom, right - left, top - bottom)


def paints_behind(face: PlacedFace, box: Rect) -> list[Paint]:
    """Every colour printed somewhere under `box`, bottom layer first, each once. A colour
    field covering the whole box hides what lies under it."""
    paints = [FILL_PAINTS[fill] for panel, fill in panel_fills(face) if overlap(panel, box)]
    if not paints:  # outside every panel: the face's own background
        paints.append(FILL_PAINTS[face.spec.background])
    for field in face.fields:
        if covers(field.rect, box):
            paints = [FILL_PAINTS[field.paint]]
        elif overlap(field.rect, box):
            paints.append(FILL_PAINTS[field.paint])
    if any(overlap(callout, box) for callout in face.callouts):
        paints.append(FILL_PAINTS[CALLOUT_FILL])
    for ornament in face.ornaments:
        panel = clip_panel(face.panels, ornament.box)
        visible = overlap(box, panel) if panel is not None else box
        if visible is None:
            continue
        paints.extend(shape.paint for shape in
                      ornament_shapes(ornament.design, ornament.box, ornament.mirrored)
                      if shape.touches(visible))
    return list(dict.fromkeys(paints))


def covers(outer: Rect, inner: Rect) -> bool:
    return (outer.x <= inner.x + _EDGE and outer.y <= inner.y + _EDGE
            and outer.x + outer.width >= inner.x + inner.width - _EDGE
            and outer.top >= inner.top - _EDGE)


def text_box(text: PlacedText) -> Rect:
    """The box a placed paragraph takes (the width it was wrapped to, its height); a turned
    paragraph reads upwards from (x, y), so its box lies to the left of x."""
    width, height = text.paragraph.width, text.paragraph.height
    if text.rotate:
        return Rect(text.x - height, text.y, height, width)
    return Rect(text.x, text.y, width, height)
