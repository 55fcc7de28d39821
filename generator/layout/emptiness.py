"""Panels left mostly blank: `check` warns when more than a third of a panel is empty.

Measured from what was placed: each paragraph's box, QR codes, designs, colour fields,
lines to write on, and the whole box of text a layout sets in the middle or at the foot of
its slot (the air around it is the layout's choice). The empty part of a panel is its
tallest band, across its safe area, that holds none of these: scattered gaps between
paragraphs do not add up, a short article's blank half-panel does. The outside of a folded
item or a card (its cover and back) is left out: quiet on purpose.
"""

from __future__ import annotations

from pathlib import Path

from generator.content.units import PT_PER_UNIT
from generator.errors import Code, Problem
from generator.layout.geometry import Rect
from generator.layout.placed import PlacedFace

LIMIT = 1 / 3


def filled_rects(face: PlacedFace) -> list[Rect]:
    rects = list(face.claimed) + list(face.callouts) + [field.rect for field in face.fields]
    for text in face.texts:
        para = text.paragraph
        if text.rotate:  # turned 90°: (x, y) is the frame's bottom-right... read upwards
            rects.append(Rect(text.x - para.height, text.y, para.height, para.width))
        else:
            rects.append(Rect(text.x, text.y, para.width, para.height))
    rects.extend(Rect(qr.x, qr.y, qr.size, qr.size) for qr in face.qrs)
    rects.extend(ornament.box for ornament in face.ornaments)
    rects.extend(Rect(rule.x1, rule.y, rule.x2 - rule.x1, 0.5) for rule in face.rules)
    return rects


def largest_empty_band(area: Rect, rects: list[Rect]) -> float:
    """The tallest stretch of `area`, bottom to top, that no rect overlaps."""
    spans = sorted((max(r.y, area.y), min(r.top, area.top)) for r in rects
                   if r.x < area.x + area.width - 1 and r.x + r.width > area.x + 1
                   and r.y < area.top and r.top > area.y)
    largest, reached = 0.0, area.y
    for bottom, top in spans:
        largest = max(largest, bottom - reached)
        reached = max(reached, top)
    return max(largest, area.top - reached)


def quiet_panels(face: PlacedFace) -> set[int]:
    """The panels seen on the outside of a folded item or a card (a cover, its back): kept
    quiet on purpose, a neutral title and nothing else, so never urged to carry more."""
    spec = face.spec
    if not spec.outside or spec.outside_when is not None:
        return set()
    return set(spec.outside_panels if spec.outside_panels is not None
               else range(len(face.panels)))


def empty_panel_problems(face: PlacedFace, safe_margin: float, layout: str, lang: str,
                         path: Path) -> list[Problem]:
    """A warning for each panel of `face` whose largest empty band is over a third of it."""
    rects = filled_rects(face)
    names = face.spec.panel_names or []
    problems = []
    for index, panel in enumerate(face.panels):
        if index in quiet_panels(face):
            continue
        area = panel.inset(safe_margin)
        empty = largest_empty_band(area, rects)
        if empty <= LIMIT * area.height + 0.5:
            continue
        if len(face.panels) == 1:
            where = "the page"
        else:
            where = names[index] if index < len(names) else f"panel {index + 1}"
        mm = PT_PER_UNIT["mm"]
        problems.append(Problem(path, (
            f"{layout} ({face.name}), {where}: {empty / area.height:.0%} of it is empty (a "
            f"blank band of {empty / mm:.0f} of {area.height / mm:.0f} mm): longer text or "
            "more to carry would fill it"), severity="warning", code=Code.EMPTY_BAND,
            lang=lang, fields={"format": layout, "face": face.name, "part": where,
                               "share": int(f"{empty / area.height * 100:.0f}"),
                               "blank": round(empty / mm), "height": round(area.height / mm)}))
    return problems
