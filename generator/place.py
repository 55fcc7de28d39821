"""Lay a composed face out in its slots: shrink text to the floor, then drop or fail.

Nothing here draws; `check` runs it all in memory. Positions are in points from the
lower-left corner of the trimmed face.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from reportlab.platypus import Paragraph as RLParagraph

from generator.compose import ComposedFace, Item, Paragraph
from generator.errors import ContentError, Problem
from generator.layouts import FaceSpec, Layout, SizeSpec, SlotSpec
from generator.qr import QrError, min_symbol_size
from generator.styles import paragraph_style, smallest_size
from generator.units import PT_PER_UNIT

SHRINK_STEP = 0.025


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class PlacedText:
    paragraph: RLParagraph
    x: float
    y: float  # bottom of the paragraph


@dataclass(frozen=True)
class PlacedQr:
    payload: str
    x: float
    y: float
    size: float


@dataclass(frozen=True)
class PlacedOrnament:
    design: str
    box: Rect


@dataclass
class PlacedFace:
    name: str
    spec: FaceSpec
    width: float
    height: float
    texts: list[PlacedText] = field(default_factory=list)
    qrs: list[PlacedQr] = field(default_factory=list)
    ornaments: list[PlacedOrnament] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)


@dataclass(frozen=True)
class Placement:
    """What the layout needs to know beyond the composed words."""

    layout: Layout
    size: SizeSpec
    brand: str
    sources: dict[str, Path]  # slot source name -> file to blame for overflow


def place_face(composed: ComposedFace, placement: Placement) -> PlacedFace:
    spec = placement.layout.spec.faces[composed.name]
    size = placement.size
    placed = PlacedFace(composed.name, spec, size.width, size.height)
    problems: list[Problem] = []
    for slot in spec.slots:
        box = slot_rect(slot, size)
        try:
            if slot.kind == "text":
                _place_text(placed, slot, box, composed.texts[slot.name], placement)
            elif slot.kind == "list":
                _place_list(placed, slot, box, composed.lists[slot.name], placement)
            elif slot.kind == "qr" and composed.qr_payload:
                _place_qr(placed, slot, box, composed.qr_payload, placement)
            elif slot.kind == "ornament":
                placed.ornaments.append(PlacedOrnament(slot.design or "none", box))
        except ContentError as error:
            problems.extend(error.problems)
    if problems:
        raise ContentError(problems)
    return placed


def slot_rect(slot: SlotSpec, size: SizeSpec) -> Rect:
    inner_w = size.width - 2 * size.safe_margin
    inner_h = size.height - 2 * size.safe_margin
    left, top, width, height = slot.box
    return Rect(
        x=size.safe_margin + left * inner_w,
        y=size.safe_margin + (1 - top - height) * inner_h,
        width=width * inner_w,
        height=height * inner_h,
    )


def _paragraphs(items: Sequence[Paragraph], scale: float, placement: Placement) -> list:
    spec = placement.layout.spec
    return [
        RLParagraph(p.markup, paragraph_style(p.style, spec.styles[p.style], scale,
                                              spec.body_floor, placement.brand))
        for p in items
    ]


def _stack_height(paragraphs: list[RLParagraph], width: float) -> float | None:
    """Height of paragraphs stacked in `width`, or None when a word is wider than the slot."""
    total = 0.0
    for index, para in enumerate(paragraphs):
        if para.minWidth() > width + 0.01:
            return None
        _, height = para.wrap(width, 10_000)
        style = para.style
        total += height + style.spaceAfter + (style.spaceBefore if index else 0)
    return total


def _scales(items: Sequence[Paragraph], placement: Placement) -> list[float]:
    """Scales to try, from full size down to where every style is at its smallest."""
    spec = placement.layout.spec
    styles = {spec.styles[p.style] for p in items}
    lowest = min(smallest_size(style, spec.body_floor) / style.size for style in styles)
    scales, scale = [], 1.0
    while scale > lowest + 1e-9:
        scales.append(scale)
        scale -= SHRINK_STEP
    scales.append(lowest)
    return scales


def _fit(items: Sequence[Paragraph], box: Rect, placement: Placement):  # noqa: ANN202
    """(paragraphs, height) at the largest scale that fits, or (None, overflow in pt)."""
    overflow = 0.0
    for scale in _scales(items, placement):
        paragraphs = _paragraphs(items, scale, placement)
        height = _stack_height(paragraphs, box.width)
        if height is not None and height <= box.height + 0.01:
            return paragraphs, height
        overflow = (height - box.height) if height is not None else float("inf")
    return None, overflow


def _place_text(placed: PlacedFace, slot: SlotSpec, box: Rect, items, placement) -> None:  # noqa: ANN001
    if not items:
        if slot.required:
            raise ContentError(_problem(slot, placement, "has nothing to print", placed))
        return
    paragraphs, height = _fit(items, box, placement)
    if paragraphs is None:
        message = _overflow_message(height, placement)
        if slot.required:
            raise ContentError(_problem(slot, placement, message, placed))
        placed.warnings.append(
            _problem(slot, placement, f"left out: {message}", placed, "warning"))
        return
    _stack(placed, paragraphs, box, height, slot.valign)


def _place_list(placed: PlacedFace, slot: SlotSpec, box: Rect, items: Sequence[Item],
                placement: Placement) -> None:
    everything = [p for item in items for p in item.paragraphs]
    paragraphs, height = _fit(everything, box, placement) if everything else ([], 0.0)
    if paragraphs is not None:
        _stack(placed, paragraphs, box, height, slot.valign)
        return
    # Not everything fits at the floor: keep required lines, then others in order.
    kept: list[Item] = [item for item in items if item.required]
    required_paras = [p for item in kept for p in item.paragraphs]
    paragraphs, height = _fit(required_paras, box, placement)
    if paragraphs is None:
        names = ", ".join(item.label for item in kept)
        message = f"required lines ({names}) do not fit: {_overflow_message(height, placement)}"
        raise ContentError(_problem(slot, placement, message, placed))
    for item in items:
        if item.required:
            continue
        trial = [i for i in items if i.required or i in kept or i is item]
        trial_paras = [p for i in trial for p in i.paragraphs]
        fitted, trial_height = _fit(trial_paras, box, placement)
        if fitted is not None:
            kept, paragraphs, height = trial, fitted, trial_height
        else:
            placed.warnings.append(_problem(
                slot, placement, f"left out '{item.label}': it does not fit", placed, "warning"))
    _stack(placed, paragraphs, box, height, slot.valign)


def _stack(placed: PlacedFace, paragraphs: list[RLParagraph], box: Rect, height: float,
           valign: str) -> None:
    offset = {"top": 0.0, "middle": (box.height - height) / 2, "bottom": box.height - height}
    cursor = box.y + box.height - offset[valign]
    for index, para in enumerate(paragraphs):
        if index:
            cursor -= para.style.spaceBefore
        _, para_height = para.wrap(box.width, 10_000)
        cursor -= para_height
        placed.texts.append(PlacedText(para, box.x, cursor))
        cursor -= para.style.spaceAfter


def _place_qr(placed: PlacedFace, slot: SlotSpec, box: Rect, payload: str,
              placement: Placement) -> None:
    size = min(box.width, box.height)
    try:
        needed = min_symbol_size(payload)
    except QrError as error:
        raise ContentError(_problem(slot, placement, str(error), placed)) from None
    if size + 0.01 < needed:
        message = (f"the QR code for {payload!r} needs {needed:.0f} pt but the slot holds "
                   f"{size:.0f} pt: use a shorter link or a tel: code")
        raise ContentError(_problem(slot, placement, message, placed))
    x = {"left": box.x, "center": box.x + (box.width - size) / 2,
         "right": box.x + box.width - size}[slot.align]
    y = {"top": box.y + box.height - size, "middle": box.y + (box.height - size) / 2,
         "bottom": box.y}[slot.valign]
    placed.qrs.append(PlacedQr(payload, x, y, size))


def _overflow_message(overflow: float, placement: Placement) -> str:
    floor = placement.layout.spec.body_floor
    if overflow == float("inf"):
        return f"a word is wider than the slot even at {floor} pt"
    over_mm = overflow / PT_PER_UNIT["mm"]
    return f"{overflow:.1f} pt ({over_mm:.1f} mm) too tall even at {floor} pt"


def _problem(slot: SlotSpec, placement: Placement, message: str, placed: PlacedFace,
             severity: str = "error") -> Problem:
    path = placement.sources.get(slot.source or "", placement.layout.folder / "layout.yaml")
    where = f"{placement.layout.name} ({placed.name}), slot '{slot.name}'"
    return Problem(path, f"{where}: {message}", severity=severity)  # type: ignore[arg-type]
