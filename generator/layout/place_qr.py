"""The slots that draw no text placed: a QR code (clear of a sticker's die cut), an
ornament, a form field."""

from __future__ import annotations

import math

from generator.content.layouts import SlotSpec
from generator.content.units import PT_PER_UNIT
from generator.errors import Code, ContentError
from generator.layout.compose import ComposedFace
from generator.layout.geometry import Rect
from generator.layout.place_problems import slot_problem
from generator.layout.placed import PlacedFace, PlacedField, PlacedOrnament, PlacedQr, Placement
from generator.layout.qr_size import QrError, min_symbol_size, symbol_share
from generator.layout.slot_boxes import slot_box


def place_qr(placed: PlacedFace, slot: SlotSpec, composed: ComposedFace,
             placement: Placement) -> None:
    payload = composed.qr_payload
    if not payload:
        return
    box = slot_box(slot, placement, placed)
    # the code is the first line's (build's qr_payload): a code too long for its slot is
    # that line's to shorten, so the problem names it in resources.yaml, not the layout
    line = placement.lines[0].source if placement.lines else None
    try:
        needed = max(min_symbol_size(payload), placement.size.qr_min or 0.0)
        modules_share = symbol_share(payload)  # the whole symbol over the code itself
    except QrError as error:
        raise ContentError(slot_problem(Code.QR_UNENCODABLE, slot, placement, str(error), placed,
                                        "error", line, reason=str(error))) from None
    # The white quiet zone may lie outside the box where the box meets the safe area's edge
    # (`quiet_zone: margin`, or the size's `qr_quiet_zone`: into the margin, white paper up
    # to the trim); elsewhere, and always with `quiet_zone: inside`, the box holds it.
    sides = _sides_at_the_margin(box, placed.panels[slot.panel].inset(placement.size.safe_margin))
    quiet_zone = placement.size.qr_quiet_zone or slot.quiet_zone
    outside = sides if quiet_zone == "margin" else {}
    code = min(box.width / (1 + (2 - outside["left"] - outside["right"]) * (modules_share - 1)
                            / 2),
               box.height / (1 + (2 - outside["top"] - outside["bottom"]) * (modules_share - 1)
                             / 2)) if outside else min(box.width, box.height) / modules_share
    size = code * modules_share
    if size + 0.01 < needed:
        message = (f"the QR code for {payload!r} needs {needed:.0f} pt but the slot holds "
                   f"{size:.0f} pt: use a shorter link or a tel: code")
        raise ContentError(slot_problem(Code.QR_TOO_SMALL, slot, placement, message, placed,
                                        "error", line, payload=payload, needed=round(needed),
                                        size=round(size)))
    quiet = (size - code) / 2
    align = slot.align
    if placement.fonts.rtl and align != "center":
        align = "right" if align == "left" else "left"
    grow = {side: quiet * outside.get(side, 0) for side in ("left", "right", "top", "bottom")}
    x = {"left": box.x - grow["left"], "center": box.x + (box.width - size) / 2,
         "right": box.x + box.width - size + grow["right"]}[align]
    y = {"top": box.y + box.height - size + grow["top"],
         "middle": box.y + (box.height - size) / 2, "bottom": box.y - grow["bottom"]}[slot.valign]
    if grow["top"] and placement.layout.spec.die_cut == "circle":
        y = _under_the_dome(placed, x, y, size, quiet, placement.size.safe_margin)
    placed.qrs.append(PlacedQr(payload, x, y, size))
    placed.extents[slot.name] = (y, y + size)


# How far a round piece's cut may land off its line (print-and-safety.md: up to 1/16 in): a
# QR code's quiet zone keeps this far inside the cut, or the cut trims its white.
CUTTER_DRIFT = PT_PER_UNIT["in"] / 16


def _under_the_dome(placed: PlacedFace, x: float, y: float, size: float, quiet: float,
                    safe_margin: float) -> float:
    """The symbol's foot on a round piece, its quiet zone lying in the margin above: the
    code as high as the circle lets it (the circle narrows at the top, so the code's
    top corners, not its top edge, meet it): its modules' top corners inside the safe
    circle, its quiet zone's CUTTER_DRIFT inside the cut (at the cut itself a drifting
    cutter trims the white the scanner needs); never higher than `y`."""
    cx, cy = placed.width / 2, placed.height / 2
    cut = min(placed.width, placed.height) / 2 - CUTTER_DRIFT
    safe = cut + CUTTER_DRIFT - safe_margin
    code = size - 2 * quiet
    half_code = max(abs(x + quiet - cx), abs(x + quiet + code - cx))
    half_symbol = max(abs(x - cx), abs(x + size - cx))
    modules_top = min(cy + math.sqrt(max(0.0, safe ** 2 - half_code ** 2)),
                      cy + math.sqrt(max(0.0, cut ** 2 - half_symbol ** 2)) - quiet)
    return min(y, modules_top + quiet - size)


def _sides_at_the_margin(box: Rect, safe: Rect) -> dict[str, int]:
    """1 for each side of `box` that lies on the safe area's edge, else 0."""
    return {"left": int(abs(box.x - safe.x) < 0.5),
            "right": int(abs(box.x + box.width - (safe.x + safe.width)) < 0.5),
            "top": int(abs(box.top - safe.top) < 0.5),
            "bottom": int(abs(box.y - safe.y) < 0.5)}


def place_ornament(placed: PlacedFace, slot: SlotSpec, composed: ComposedFace,
                   placement: Placement) -> None:
    # `align: left` turns the design to face the other way (a back cover's, facing its
    # cover's); a right-to-left face turns every design round.
    placed.ornaments.append(PlacedOrnament(slot.design or "none", slot_box(slot, placement, placed),
                                           placement.fonts.rtl != (slot.align == "left")))


def place_field(placed: PlacedFace, slot: SlotSpec, composed: ComposedFace,
                placement: Placement) -> None:
    """A colour field: its box, run on to its panel's edges where the box meets the safe
    area's (a band reaching the trim, not a box floating a margin short of it)."""
    box = slot_box(slot, placement, placed)
    if slot.around:
        printed = [placed.extents[name] for name in slot.around if name in placed.extents]
        if not printed:
            return
        low = min(bottom for bottom, _ in printed) - slot.gap
        high = max(top for _, top in printed) + slot.gap
        if slot.hugs == "top":  # from its box's foot (the cut) up to over what it is behind
            low = box.y
        box = Rect(box.x, low, box.width, high - low)
    panel = placed.panels[slot.panel]
    sides = _sides_at_the_margin(box, panel.inset(placement.size.safe_margin))
    left = panel.x if sides["left"] else box.x
    right = panel.x + panel.width if sides["right"] else box.x + box.width
    bottom = panel.y if sides["bottom"] else box.y
    top = panel.top if sides["top"] else box.top
    circle = None
    if placement.layout.spec.die_cut == "circle":
        circle = (placed.width / 2, placed.height / 2, min(placed.width, placed.height) / 2)
    placed.fields.append(PlacedField(Rect(left, bottom, right - left, top - bottom),
                                     slot.paint, panel,
                                     frozenset(side for side, at in sides.items() if at),
                                     circle))
    placed.extents[slot.name] = (bottom, top)
