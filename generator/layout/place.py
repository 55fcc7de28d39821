"""Lay a composed face out in its slots: shrink text to the floor, then drop or fail.

Nothing here draws; `check` runs it all in memory. Positions are in points from the
lower-left corner of the trimmed face.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from reportlab.platypus import Paragraph as RLParagraph

from generator.content.units import PT_PER_UNIT
from generator.errors import ContentError, Problem
from generator.i18n.fonts import FontSet
from generator.layout.compose import ComposedFace, Item
from generator.layout.fillers import GAP, Rule, fill, free_room, rules
from generator.layout.fit import UNBREAKABLE, Icon, Typesetter, fit_stack, min_width
from generator.layout.flow import fit_flow, words_over
from generator.layout.formats import FaceSpec, Layout, SizeSpec, SlotSpec
from generator.layout.geometry import Rect, panel_rects, slot_rect
from generator.layout.list_fit import describe, fit_list
from generator.layout.paragraphs import Paragraph
from generator.layout.styles import style_name
from generator.render.qr import QrError, min_symbol_size


@dataclass(frozen=True)
class PlacedIcon:
    """A picture at the start of a paragraph's first line (`size` square, lower-left corner
    at x, y), and where its word goes in the text layer: `word_width` from `word_x`, on the
    line's baseline."""

    icon: Icon
    x: float
    y: float
    size: float
    word_x: float
    word_width: float
    baseline: float
    font_size: float  # of the line's text


@dataclass(frozen=True)
class PlacedText:
    paragraph: RLParagraph
    x: float
    y: float  # bottom of the paragraph (before rotation)
    rotate: int = 0  # 90: turned counter-clockwise about (x, y), reading upwards
    private: bool = False  # seen only once taken away (a tear-off tab), not on the outside
    icon: PlacedIcon | None = None


ICON_SIZE = 0.8  # of the text's size, at most the icon column less a little air
ICON_AIR = 2.5
WORD_SHARE = 0.8  # of the icon's width, for its unseen word


def placed_text(para: RLParagraph, x: float, y: float, width: float, rtl: bool,
                private: bool = False) -> PlacedText:
    """A paragraph at (x, y) in a column `width` wide, with its icon if it has one: at the
    start of the first line (the right end, right to left), centred on the digits."""
    icon: Icon | None = getattr(para, "icon", None)
    if icon is None:
        return PlacedText(para, x, y, 0, private)
    font_size = para.style.fontSize
    size = min(ICON_SIZE * font_size, icon.column - ICON_AIR)
    baseline = y + para.height - font_size  # where ReportLab sets a first line
    icon_x = x + width - size if rtl else x
    # The unseen word keeps to the picture's outer part, clear of the line's own text, so
    # that text read back by position still finds a gap between them.
    word_width = WORD_SHARE * size
    word_x = x + width - word_width if rtl else x
    middle = baseline + 0.36 * font_size
    return PlacedText(para, x, y, 0, private,
                      PlacedIcon(icon, icon_x, middle - size / 2, size, word_x, word_width,
                                 baseline, font_size))


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
    mirrored: bool = False  # a right-to-left face: the design turns to face the other way


@dataclass(frozen=True)
class PlacedCutLine:
    x1: float
    y1: float
    x2: float
    y2: float


@dataclass
class PlacedFace:
    name: str
    spec: FaceSpec
    width: float
    height: float
    panels: list[Rect] = field(default_factory=list)
    texts: list[PlacedText] = field(default_factory=list)
    qrs: list[PlacedQr] = field(default_factory=list)
    ornaments: list[PlacedOrnament] = field(default_factory=list)
    cut_lines: list[PlacedCutLine] = field(default_factory=list)
    rules: list[Rule] = field(default_factory=list)  # lines to write on
    warnings: list[Problem] = field(default_factory=list)
    extents: dict[str, tuple[float, float]] = field(default_factory=dict)  # slot: bottom, top
    rtl: bool = False
    claimed: list[Rect] = field(default_factory=list)  # boxes text sits in the middle of


@dataclass(frozen=True)
class Placement:
    """What the layout needs to know beyond the composed words."""

    layout: Layout
    size: SizeSpec
    brand: str
    sources: dict[str, Path]  # slot source name -> file to blame for overflow
    fonts: FontSet
    caps: tuple[tuple[str, float], ...] = ()  # style -> its size elsewhere in the document

    @property
    def typesetter(self) -> Typesetter:
        return Typesetter(self.layout.spec, self.brand, self.fonts, self.caps)


def one_size_per_style(faces: Sequence[PlacedFace]) -> tuple[tuple[str, float], ...]:
    """The styles set at more than one size in these faces (each slot shrinks its own text
    to fit), each with the smallest: placed again with these caps, a style prints at one
    size throughout the document, on every panel and both sides."""
    sizes: dict[str, set[float]] = {}
    for face in faces:
        for text in face.texts:
            style = text.paragraph.style
            sizes.setdefault(style_name(style), set()).add(round(style.fontSize, 2))
    return tuple(sorted((name, min(found)) for name, found in sizes.items()
                        if max(found) - min(found) > 0.011))


def place_face(composed: ComposedFace, placement: Placement) -> PlacedFace:
    spec = placement.layout.spec.faces[composed.name]
    size = placement.size
    placed = PlacedFace(composed.name, spec, size.width, size.height,
                        panels=panel_rects(size, spec, placement.fonts.rtl),
                        rtl=placement.fonts.rtl)
    problems: list[Problem] = []
    texts: dict[str, list[PlacedText]] = {}
    for slot in placing_order(spec.slots):
        placed_before = len(placed.texts)
        try:
            PLACERS[slot.kind](placed, slot, composed, placement)
        except ContentError as error:
            problems.extend(error.problems)
        texts[slot.name] = placed.texts[placed_before:]
    if problems:
        raise ContentError(problems)
    # Drawn, and so read aloud and copied, in the order the layout lists its slots.
    placed.texts = [text for slot in spec.slots for text in texts[slot.name]]
    return placed


def placing_order(slots: Sequence[SlotSpec]) -> list[SlotSpec]:
    """The slots in the layout's order, except that a slot that stacks against another
    (`below`, `above`) comes after it (layouts.py refuses cycles)."""
    by_name = {slot.name: slot for slot in slots}
    done: dict[str, SlotSpec] = {}

    def visit(slot: SlotSpec) -> None:
        if slot.name in done:
            return
        for name in (slot.below, slot.above):
            if name is not None and name in by_name:
                visit(by_name[name])
        done[slot.name] = slot

    for slot in slots:
        visit(slot)
    return list(done.values())


def _box(slot: SlotSpec, placement: Placement, placed: PlacedFace,
         panel: int | None = None) -> Rect:
    """The slot's box; its top and bottom follow what the slots it stacks under (`below`)
    and over (`above`) printed, when they printed anything."""
    box = slot_rect(slot, placement.size, placed.spec, panel, placement.fonts.rtl)
    top, bottom = box.top, box.y
    if slot.below in placed.extents:
        top = min(top, placed.extents[slot.below][0] - slot.gap)
    if slot.above in placed.extents:
        bottom = max(bottom, placed.extents[slot.above][1] + slot.gap)
    return Rect(box.x, bottom, box.width, max(0.0, top - bottom))


def _place_text(placed: PlacedFace, slot: SlotSpec, composed: ComposedFace,
                placement: Placement) -> None:
    items = composed.texts[slot.name]
    box = _box(slot, placement, placed)
    if not items:
        if slot.required:
            raise ContentError(_problem(slot, placement, "has nothing to print", placed))
        return
    width, height = (box.height, box.width) if slot.rotate else (box.width, box.height)
    paragraphs, used = fit_stack(items, width, height, placement.typesetter)
    if paragraphs is None:
        message = _overflow_message(used, placement, items)
        if slot.required:
            raise ContentError(_problem(slot, placement, message, placed))
        placed.warnings.append(
            _problem(slot, placement, f"left out: {message}", placed, "warning"))
        return
    _stack(placed, paragraphs, box, used, slot)
    if slot.ruled and slot.name in placed.extents:
        placed.rules.extend(rules(box, placed.extents[slot.name][0],
                                  placement.layout.spec.rule_spacing))


def _place_list(placed: PlacedFace, slot: SlotSpec, composed: ComposedFace,
                placement: Placement) -> None:
    """Shrink to the floor, then leave out optional details, then lines (see list_fit)."""
    items: Sequence[Item] = composed.lists[slot.name]
    box = _box(slot, placement, placed)
    fitted = fit_list(items, box.width, box.height, placement.typesetter)
    if fitted.paragraphs is None:
        names = ", ".join(item.label for item in items if item.required)
        message = (f"required lines ({names}) do not fit, even without their optional details: "
                   f"{_overflow_message(fitted.height, placement, fitted.required)}")
        raise ContentError(_problem(slot, placement, message, placed))
    for cut in fitted.left_out:
        placed.warnings.append(_problem(
            slot, placement, f"left out {describe(cut, items)}: it does not fit", placed,
            "warning"))
    _stack(placed, list(fitted.paragraphs), box, fitted.height, slot)


def _place_flow(placed: PlacedFace, slot: SlotSpec, composed: ComposedFace,
                placement: Placement) -> None:
    """Every paragraph must be printed: shrink to the floor, then fail with the overflow."""
    items = composed.texts[slot.name]
    panels = slot.panels if slot.panels is not None else [slot.panel]
    boxes = [_box(slot, placement, placed, panel) for panel in panels]
    typesetter = placement.typesetter
    flowed, overflow = fit_flow(tuple(items), tuple(boxes), typesetter)
    if flowed is None:
        raise ContentError(_problem(slot, placement,
                                    _overflow_message(overflow, placement, items, boxes),
                                    placed))
    width = {round(box.x, 2): box.width for box in boxes}
    placed.texts.extend(placed_text(p.paragraph, p.x, p.y, width[round(p.x, 2)], placed.rtl)
                        for p in flowed.pieces)
    fillers = composed.fillers.get(slot.name, ())
    if not fillers:
        return
    used = [min((p.y for p in flowed.pieces if abs(p.x - box.x) < 0.01), default=None)
            for box in boxes]
    filled = fill(free_room(boxes, used, GAP * flowed.scale), fillers, typesetter,
                  flowed.scale, placement.layout.spec.rule_spacing)
    placed.texts.extend(placed_text(para, x, y, w, placed.rtl) for para, x, y, w in filled.texts)
    placed.rules.extend(filled.rules)


def _place_tabs(placed: PlacedFace, slot: SlotSpec, composed: ComposedFace,
                placement: Placement) -> None:
    """`count` tear-off tabs side by side, text turned to read upwards, dashed cuts between."""
    items = composed.texts[slot.name]
    band = _box(slot, placement, placed)
    tab_width = band.width / slot.count
    padding = min(4.5, tab_width * 0.1)  # clear of the cut lines: cutters drift 1/16 in
    paragraphs, used = fit_stack(items, band.height - 2 * padding, tab_width - 2 * padding,
                                 placement.typesetter)
    if paragraphs is None:
        message = _overflow_message(used, placement, items, width=band.height - 2 * padding)
        raise ContentError(_problem(slot, placement, message, placed))
    for index in range(slot.count):
        tab = Rect(band.x + index * tab_width + padding, band.y + padding,
                   tab_width - 2 * padding, band.height - 2 * padding)
        _stack(placed, paragraphs, tab, used, slot)
    # Tear line along the top of the band, cut lines between tabs; the face edge is the bottom.
    bottom = 0.0
    placed.cut_lines.append(PlacedCutLine(band.x, band.top, band.x + band.width, band.top))
    for index in range(slot.count + 1):
        x = band.x + index * tab_width
        placed.cut_lines.append(PlacedCutLine(x, bottom, x, band.top))


def _stack(placed: PlacedFace, paragraphs: list[RLParagraph], box: Rect, height: float,
           slot: SlotSpec) -> None:
    """Paragraphs one below the other in `box`, aligned by `slot.valign`.

    A rotated slot stacks in the turned frame: lines run upwards from the box's bottom-right
    corner, the first paragraph nearest the box's left edge... as read with the head tilted.
    """
    width, extent = (box.height, box.width) if slot.rotate else (box.width, box.height)
    offset = {"top": 0.0, "middle": (extent - height) / 2, "bottom": extent - height}
    cursor = extent - offset[slot.valign]  # distance from the frame's bottom
    if not slot.rotate and paragraphs:
        placed.extents[slot.name] = (box.y + cursor - height, box.y + cursor)
        if slot.valign != "top":  # the layout sets it with air around: the box is its own
            placed.claimed.append(box)
    for index, para in enumerate(paragraphs):
        if index:
            cursor -= para.style.spaceBefore
        _, para_height = para.wrap(width, 10_000)
        cursor -= para_height
        private = slot.kind == "tabs"
        if slot.rotate:
            # Frame turned 90° counter-clockwise: its "bottom" is the box's right edge.
            placed.texts.append(
                PlacedText(para, box.x + box.width - cursor, box.y, 90, private))
        else:
            placed.texts.append(placed_text(para, box.x, box.y + cursor, box.width,
                                            placed.rtl, private))
        cursor -= para.style.spaceAfter


def _place_qr(placed: PlacedFace, slot: SlotSpec, composed: ComposedFace,
              placement: Placement) -> None:
    payload = composed.qr_payload
    if not payload:
        return
    box = _box(slot, placement, placed)
    size = min(box.width, box.height)
    try:
        needed = max(min_symbol_size(payload), placement.size.qr_min or 0.0)
    except QrError as error:
        raise ContentError(_problem(slot, placement, str(error), placed)) from None
    if size + 0.01 < needed:
        message = (f"the QR code for {payload!r} needs {needed:.0f} pt but the slot holds "
                   f"{size:.0f} pt: use a shorter link or a tel: code")
        raise ContentError(_problem(slot, placement, message, placed))
    align = slot.align
    if placement.fonts.rtl and align != "center":
        align = "right" if align == "left" else "left"
    x = {"left": box.x, "center": box.x + (box.width - size) / 2,
         "right": box.x + box.width - size}[align]
    y = {"top": box.y + box.height - size, "middle": box.y + (box.height - size) / 2,
         "bottom": box.y}[slot.valign]
    placed.qrs.append(PlacedQr(payload, x, y, size))


def _place_ornament(placed: PlacedFace, slot: SlotSpec, composed: ComposedFace,
                    placement: Placement) -> None:
    placed.ornaments.append(PlacedOrnament(slot.design or "none", _box(slot, placement, placed),
                                           placement.fonts.rtl))


PLACERS: dict[str, Callable[[PlacedFace, SlotSpec, ComposedFace, Placement], None]] = {
    "text": _place_text,
    "list": _place_list,
    "flow": _place_flow,
    "tabs": _place_tabs,
    "qr": _place_qr,
    "ornament": _place_ornament,
}


def _overflow_message(overflow: float, placement: Placement,
                      items: Sequence[Paragraph] = (), boxes: Sequence[Rect] = (),
                      width: float | None = None) -> str:
    """How far the text overflows at its smallest; for a flow, also how much must go; for
    a word wider than `width`, the text it is in (a phone number is never broken)."""
    floor = placement.typesetter.floor_of(items)
    if overflow == UNBREAKABLE:
        message = f"a word is wider than the slot even at {floor:g} pt"
        if width is None or not items:
            return message
        typesetter = placement.typesetter
        made = typesetter.paragraphs(items, typesetter.lowest_scale(items))
        wide = [html.unescape(re.sub(r"<[^>]*>", "", item.markup))
                for item, para in zip(items, made, strict=True) if min_width(para) > width]
        return message + (f": {', '.join(repr(text) for text in wide)}; shorten it"
                          if wide else "")
    over_mm = overflow / PT_PER_UNIT["mm"]
    message = f"{overflow:.1f} pt ({over_mm:.1f} mm) too tall even at {floor:g} pt"
    if boxes and items:
        count = words_over(items, boxes, placement.typesetter, overflow)
        unit = "characters" if placement.fonts.word_wrap == "CJK" else "words"
        message += f": about {count} {unit} too long; shorten it by that much"
    return message


def _problem(slot: SlotSpec, placement: Placement, message: str, placed: PlacedFace,
             severity: str = "error") -> Problem:
    path = placement.sources.get(slot.source or "", placement.layout.folder / "layout.yaml")
    where = f"{placement.layout.name} ({placed.name}), slot '{slot.name}'"
    return Problem(path, f"{where}: {message} [{placement.fonts.lang}]",
                   severity=severity)  # type: ignore[arg-type]
