"""Where a slot's box stands once the slots before it are placed: under what printed
above it, over what printed below, in another slot's column, centred on a QR code."""

from __future__ import annotations

from generator.content.layouts import SlotSpec
from generator.layout.geometry import Rect, slot_rect
from generator.layout.placed import PlacedFace, Placement


def slot_box(slot: SlotSpec, placement: Placement, placed: PlacedFace,
             panel: int | None = None) -> Rect:
    """The slot's box; its top and bottom follow what the slots it stacks under (`below`)
    and over (`above`) printed. Where one printed nothing (a card's line that gave way),
    the slot stacks against what that one would have stacked against, and so on: the
    lines above a card's line end above the safety note when the card's line is left out.
    A slot set in another's column (`beside:`, `narrowed`) takes that column's width, and
    a slot in another column passes over it as over one that printed nothing. `panel`: a
    flow's box in that panel. generator/translating/string_room.py measures with it how much
    more text a slot would hold."""
    box = column_box(slot, placement, placed, panel)
    top, bottom = box.top, box.y
    below = printed_neighbour(slot.below, "below", placed, box, placement, panel)
    if below is not None and _on_panel(placed, below, panel):
        foot = placed.extents[below][0]
        if slot.ink_gap and below in placed.ink_bottoms:
            foot = placed.ink_bottoms[below]  # the gap from its ink (its box rises to ours)
        top = min(top, foot - (slot.gap if slot.below_gap is None else slot.below_gap))
    above = printed_neighbour(slot.above, "above", placed, box, placement, panel)
    if above is not None and _on_panel(placed, above, panel):
        bottom = max(bottom, placed.extents[above][1] + slot.gap)
    x, width = _centred_on_code(slot, box, placement, placed)
    return Rect(x, bottom, width, max(0.0, top - bottom))


def _centred_on_code(slot: SlotSpec, box: Rect, placement: Placement, placed: PlacedFace
                     ) -> tuple[float, float]:
    """The box's left and width; for a slot `centred_on` a printed QR code, centred on the
    code's modules, as wide as the box but inside the safe area (and the page)."""
    extent = placed.extents.get(slot.centred_on or "")
    codes = [qr for qr in placed.qrs if extent is not None
             and abs(qr.y - extent[0]) < 0.01 and abs(qr.y + qr.size - extent[1]) < 0.01]
    if not codes:
        return box.x, box.width
    centre = codes[0].x + codes[0].size / 2
    safe = placed.panels[slot.panel].inset(placement.size.safe_margin)
    half = min(box.width / 2, centre - safe.x, safe.x + safe.width - centre)
    return centre - half, 2 * half


def _on_panel(placed: PlacedFace, name: str, panel: int | None) -> bool:
    """Whether the slot `name` stands on `panel` (a flow's box in each of its panels stacks
    only against the slots on that panel); any panel when none is given."""
    if panel is None:
        return True
    other = slot_named(placed, name)
    return other is None or other.panel == panel


def column_box(slot: SlotSpec, placement: Placement, placed: PlacedFace,
               panel: int | None = None) -> Rect:
    """The slot's box; for a slot set in the column of the slot its `beside:` names, that
    slot's left and width."""
    box = slot_rect(slot, placement.size, placed.spec, panel, placement.fonts.rtl)
    column = slot_named(placed, slot.beside)
    if slot.name not in placed.narrowed or column is None:
        return box
    beside = slot_rect(column, placement.size, placed.spec, panel, placement.fonts.rtl)
    return Rect(beside.x, box.y, beside.width, box.height)


def printed_neighbour(name: str | None, side: str, placed: PlacedFace,
                      box: Rect | None = None, placement: Placement | None = None,
                      panel: int | None = None) -> str | None:
    """The slot `name`, if it printed something, else the first slot down its chain of
    `side` (below: or above:) that did; None when none did (layouts.py refuses cycles). A
    slot set in another's column (`narrowed`) that `box` is not across counts as one that
    printed nothing."""
    slots = {slot.name: slot for slot in placed.spec.slots}
    while name is not None and (name not in placed.extents
                                or _in_another_column(slots.get(name), placed, box,
                                                      placement, panel)):
        neighbour = slots.get(name)
        name = getattr(neighbour, side) if neighbour is not None else None
    return name


def _in_another_column(slot: SlotSpec | None, placed: PlacedFace, box: Rect | None,
                       placement: Placement | None, panel: int | None) -> bool:
    if slot is None or slot.name not in placed.narrowed or box is None or placement is None:
        return False
    column = column_box(slot, placement, placed, panel)
    return column.x + column.width <= box.x + 0.01 or box.x + box.width <= column.x + 0.01


def slot_named(placed: PlacedFace, name: str | None) -> SlotSpec | None:
    """The face's slot called `name`; None where it has none."""
    return next((each for each in placed.spec.slots if each.name == name), None)
