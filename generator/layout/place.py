"""Lay a composed face out in its slots: shrink text to the floor, then drop or fail.

Nothing here draws; `check` runs it all in memory. Positions are in points from the
lower-left corner of the trimmed face. Each kind of slot is placed by its own module
(`PLACERS`); this one tries the face at smaller steps and with slots left out, and moves
the slots it placed together (closing up, dropping, coming down onto a row).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType

from generator.content.layouts import FaceSpec, SlotSpec, StyleSpec
from generator.content.units import PT_PER_UNIT
from generator.errors import Code, ContentError, Problem
from generator.i18n.plain_text import plain_text
from generator.layout.compose import ComposedFace
from generator.layout.geometry import panel_rects
from generator.layout.place_flow import place_flow
from generator.layout.place_list import place_list
from generator.layout.place_problems import slot_problem
from generator.layout.place_qr import place_field, place_ornament, place_qr
from generator.layout.place_tabs import place_tabs
from generator.layout.place_text import place_text
from generator.layout.placed import PlacedFace, PlacedText, Placement, lowered
from generator.layout.round_fit import line_widths
from generator.layout.styles import style_name


def one_size_per_style(faces: Sequence[PlacedFace],
                       styles: Mapping[str, StyleSpec] | None = None
                       ) -> tuple[tuple[str, float], ...]:
    """The styles set at more than one size in these faces (each slot shrinks its own text
    to fit), each with the smallest: placed again with these caps, a style prints at one
    size throughout the document, on every panel and both sides. Styles of one `group`
    (`styles`: the layout's) count as one: every style of it is capped at the smallest
    size any of them printed at (a folding card's running text, one size on every panel)."""
    styles = styles or {}

    def group(name: str) -> str:
        spec = styles.get(name)
        return f"group:{spec.group}" if spec is not None and spec.group else name

    sizes: dict[str, set[float]] = {}
    for face in faces:
        for text in face.texts:
            if text.beside:
                continue
            style = text.paragraph.style
            sizes.setdefault(group(style_name(style)), set()).add(round(style.fontSize, 2))
    members: dict[str, list[str]] = {}
    for name in styles:
        members.setdefault(group(name), []).append(name)
    caps: dict[str, float] = {}
    for key, found in sizes.items():
        if max(found) - min(found) > 0.011:
            for name in members.get(key, [key]):
                caps[name] = min(found)
    return tuple(sorted(caps.items()))


def face_spec(placement: Placement, name: str) -> FaceSpec:
    """The face `name` as its size sets it: a slot the size aligns otherwise
    (SizeSpec.valigns) with that `valign`."""
    spec = placement.layout.spec.faces[name]
    valigns = placement.size.valigns
    if not any(slot.name in valigns for slot in spec.slots):
        return spec
    return spec.model_copy(update={"slots": [
        slot.model_copy(update={"valign": valigns[slot.name]}) if slot.name in valigns
        else slot for slot in spec.slots]})


def place_face(composed: ComposedFace, placement: Placement) -> PlacedFace:
    """The face at its leading steps (`_at_steps`). A text set from the top of its box keeps
    the layout's `ink_air` over the ink of the slot it stands on (`_clear_of_the_ink_under`)
    where that costs nothing the face prints: where the face so placed loses more (a card's
    line, a web address), it is placed as it was before that ink was measured."""
    if placement.typesetter.ink_air is None:
        return _at_steps(composed, placement)
    refused: list[str] = []
    unchecked = replace(placement, ink_clear=False)
    try:
        placed = _at_steps(composed, replace(placement, ink_refused=refused))
    except ContentError:
        if not refused:
            raise
        return _at_steps(composed, unchecked)
    if not refused or not any(_loss(placed)):
        return placed
    with contextlib.suppress(ContentError):
        before = _at_steps(composed, unchecked)
        if _loss(before) < _loss(placed):
            return before
    return placed


def _loss(placed: PlacedFace) -> tuple[int, int, int, int]:
    """What a face placed loses, most first: whole lines, details, slots that gave way (a
    card's line), web addresses a list left out."""
    return (*_lost(placed), len(placed.gave_way) - placed.left_out_web, placed.left_out_web)


def _at_steps(composed: ComposedFace, placement: Placement) -> PlacedFace:
    """The face at the largest of the layout's `leading_steps` at which it loses nothing (no
    line or detail left out, no slot giving way), else at the step that loses least (the
    larger of equals); with no steps, at the styles' own leadings. At each step, where the
    face loses something, styles shrink to their `step_min_size` (a card's line names to
    1.1 times their details: still a step over them) before a closer step is tried: lines
    set with air (design.md: 1.25 for Latin, 1.5 for Arabic, Thai and Indic scripts) before
    names a step larger. Only where every step loses a line or a detail of one (or the
    card's line) do styles shrink to their `last_min_size` (names to their details' size):
    a slot that gives way (the card's line) gives way before the levels of its type scale
    collapse into one (design.md's order)."""
    steps = placement.typesetter.leading_steps()
    if not steps:
        return _at_own_leadings(composed, placement)
    best: tuple[tuple[int, ...], PlacedFace] | None = None
    failed: ContentError | None = None
    spec = placement.layout.spec
    steps_down = any(style.step_min_size is not None or style.shaped_step_min_size is not None
                     for style in spec.styles.values())
    narrows = any(style.narrow_width is not None for style in spec.styles.values()) and \
        placement.fonts.narrowed(next(style.narrow_width for style in spec.styles.values()
                                      if style.narrow_width is not None)) is not None
    first: PlacedFace | None = None  # the largest step that lost nothing but fewest addresses
    least_step = 0.0 if spec.web_over_air is None else \
        spec.web_over_air[1 if placement.typesetter.limits.shaped else 0]
    for step, last_resort, narrow in _resorts(steps, steps_down, narrows):
        if first is not None and (narrow or last_resort > 1 or step < least_step - 0.001):
            continue  # never narrower names, names at their details' size, nor lines closer
            # than design.md's air (`web_over_air`) for an address
        try:
            placed = _face_at(composed, replace(placement, leading=step,
                                                last_resort=last_resort, narrow=narrow))
        except ContentError as error:
            failed = failed or error
            continue
        # a web address a list left out is no loss: it prints only where it costs nothing
        gave_way = len(placed.gave_way) - placed.left_out_web
        lost = (*_lost(placed), gave_way, len(placed.narrowed))
        if best is None or lost < best[0]:
            best = (lost, placed)
        if not any(lost) and spec.web_over_air is not None and placed.left_out_web:
            # nothing lost but a web address: a closer step may print it too
            if first is None or placed.left_out_web < first.left_out_web:
                first = placed
            continue
        if not any(lost):
            return placed
    if first is not None:  # no step printed every address: the one that printed most
        return first
    if best is None:
        assert failed is not None
        raise failed
    return best[1]


def _at_own_leadings(composed: ComposedFace, placement: Placement) -> PlacedFace:
    """A face of a layout without leading steps: at its styles' own sizes; where that loses
    something (a line, a detail, a slot that gives way) and a style may shrink further
    (`last_min_size`), at that last resort if it loses less (the sticker's emergency
    sentence a step smaller, 10 pt, where at 12 pt its foot leaves "Need to talk?" no room:
    Vietnamese's "Trong trường hợp khẩn cấp," is never broken)."""
    placed = _face_at(composed, placement)
    lost = (*_lost(placed), len(placed.gave_way))
    if not any(lost) or not any(style.last_min_size is not None
                                for style in placement.layout.spec.styles.values()):
        return placed
    try:
        smaller = _face_at(composed, replace(placement, last_resort=2))
    except ContentError:
        return placed
    if (*_lost(smaller), len(smaller.gave_way)) >= lost:
        return placed
    _tell_what_is_set_smaller(smaller, placement)
    return smaller


def _tell_what_is_set_smaller(placed: PlacedFace, placement: Placement) -> None:
    """A note for each slot set under its style's size at the last resort (the sticker's
    emergency sentence at 10 pt in Vietnamese): what a piece prints a step smaller in one
    language than in the others is said, never silent."""
    styles = placement.layout.spec.styles
    printed = {style_name(text.paragraph.style): text.paragraph.style.fontSize
               for text in placed.texts}
    for slot in face_spec(placement, placed.name).slots:
        spec = styles.get(slot.style or "")
        size = printed.get(slot.style or "")
        if spec is None or spec.last_min_size is None or size is None:
            continue
        if size < spec.size - 0.01:
            placed.warnings.append(slot_problem(
                Code.SET_SMALLER, slot, placement,
                f"set at {size:g} pt, a step under its {spec.size:g} pt: at its size the "
                "face leaves out what stands above it", placed, "info",
                floor=round(size, 1), size=round(spec.size, 1)))


def _resorts(steps: Sequence[float], steps_down: bool,
             narrows: bool = False) -> list[tuple[float, int, bool]]:
    """(leading step, how far styles shrink past their `min_size`, whether styles with a
    `narrow_width` take it) in the order tried: each step, largest first, at the styles' own
    least sizes, then at their `step_min_size` (where a style has one: `steps_down`); then,
    where the face has a width axis (`narrows`), every step at their `step_min_size` set
    narrower; last, every step at their `last_min_size`."""
    resorts = (0, 1) if steps_down else (0,)
    narrower = [(step, 1, True) for step in steps] if narrows and steps_down else []
    return ([(step, resort, False) for step in steps for resort in resorts] + narrower
            + [(step, 2, False) for step in steps])


def _face_at(composed: ComposedFace, placement: Placement) -> PlacedFace:
    """The face with every slot placed. Where a list cannot print every line whole, the
    slots that give way (`gives_way`: a card's line from the article) make room first: with
    a shorter text they may print instead (`choice`), then by being left out."""
    spec = face_spec(placement, composed.name)
    best: PlacedFace | None = None
    failed: ContentError | None = None
    giving_way = {slot.name for slot in spec.slots if slot.gives_way}
    for attempt, yielded, narrowed in _attempts(composed, spec.slots):
        try:
            placed = _placed_face(attempt, placement, narrowed)
        except _FaceError as error:
            if error.slots & giving_way - narrowed:  # its own text does not fit its own box
                raise
            failed = failed or error
            continue
        if best is None or _lost(placed) < _lost(best):
            for slot in yielded:  # by design, not a fault: a note
                note = slot_problem(Code.GAVE_WAY, slot, placement,
                                    "left out: the lines need its room", placed, "info")
                placed.warnings.append(note)
                placed.gave_way.append((tuple(
                    plain_text(item.markup)
                    for item in composed.texts.get(slot.name, ())), note))
            best = placed
        if not best.left_out_details:
            break
    if best is None:
        assert failed is not None
        raise failed
    return best


class _FaceError(ContentError):
    """A face that cannot be placed, and the slots that failed."""

    def __init__(self, problems: list[Problem], slots: frozenset[str]) -> None:
        super().__init__(problems)
        self.slots = slots


Attempt = tuple[ComposedFace, list[SlotSpec], frozenset[str]]


def _attempts(composed: ComposedFace, slots: Sequence[SlotSpec]) -> Iterator[Attempt]:
    """The face as composed, then with each slot that gives way set in the column its
    `beside:` names, then printing its later choices only (each in its own box, then in that
    column), then left out (with the slots so left out, and the slots set in a column)."""
    yield composed, [], frozenset()
    texts = dict(composed.texts)
    # the later listed first: what stands under a headline gives way before the headline
    for slot in reversed(slots):
        items = texts.get(slot.name, ())
        if not (slot.gives_way and items):
            continue
        narrow = frozenset({slot.name})
        if slot.beside is not None:
            yield replace(composed, texts=dict(texts)), [], narrow
        for later in sorted({item.choice for item in items if item.choice})[1:]:
            texts[slot.name] = tuple(item for item in items if item.choice >= later
                                     or not item.choice)
            yield replace(composed, texts=dict(texts)), [], frozenset()
            if slot.beside is not None:
                yield replace(composed, texts=dict(texts)), [], narrow
        texts[slot.name] = ()
        yield replace(composed, texts=dict(texts)), [slot], frozenset()


def _lost(placed: PlacedFace) -> tuple[int, int]:
    """What a face's lists left out: whole lines first, then details."""
    return len(placed.left_out_lines), placed.left_out_details


def _placed_face(composed: ComposedFace, placement: Placement,
                 narrowed: frozenset[str] = frozenset()) -> PlacedFace:
    spec = face_spec(placement, composed.name)
    size = placement.size
    placed = PlacedFace(composed.name, spec, size.width, size.height,
                        panels=panel_rects(size, spec, placement.fonts.rtl),
                        rtl=placement.fonts.rtl, narrowed=narrowed)
    problems: list[Problem] = []
    failed: set[str] = set()
    texts: dict[str, list[PlacedText]] = {}
    for slot in placing_order(spec.slots):
        placed_before = len(placed.texts)
        try:
            PLACERS[slot.kind](placed, slot, composed, placement)
        except ContentError as error:
            problems.extend(error.problems)
            failed.add(slot.name)
        texts[slot.name] = placed.texts[placed_before:]
    if problems:
        raise _FaceError(problems, frozenset(failed))
    placed.lifted.update(_closing_up(placed, spec.slots))
    for name, lift in placed.lifted.items():
        texts[name] = [_raised(text, lift) for text in texts[name]]
        bottom, top = placed.extents[name]
        placed.extents[name] = (bottom + lift, top + lift)
        placed.rules[:] = [replace(rule, y=rule.y + lift) if rule.slot == name else rule
                           for rule in placed.rules]
    for name, drop in _drops(placed, spec.slots).items():
        texts[name] = [lowered(text, -drop) for text in texts[name]]
        bottom, top = placed.extents[name]
        placed.extents[name] = (bottom - drop, top - drop)
        placed.rules[:] = [replace(rule, y=rule.y - drop) if rule.slot == name else rule
                           for rule in placed.rules]
    for slot in spec.slots:
        if slot.row_with is not None:
            _onto_the_row(placed, slot, texts)
    # Drawn, and so read aloud and copied, in the order the layout lists its slots.
    placed.texts = [text for slot in spec.slots for text in texts[slot.name]]
    return placed


ROW_MOST = 1.5 * PT_PER_UNIT["mm"]  # the most a caption comes down onto a row beside it


def _baseline(text: PlacedText) -> float:
    return text.y + text.paragraph.height - text.paragraph.style.fontSize


def _onto_the_row(placed: PlacedFace, slot: SlotSpec, texts: dict[str, list[PlacedText]]
                  ) -> None:
    """A one-line caption `row_with` a style: its baseline onto the nearest baseline of a
    paragraph of that style under it, ROW_MOST lower at most, keeping its `gap` over what
    it stands `above` (the card's "Scan to call" 0.6-1.4 mm over the "988" beside it read as
    a near miss of one row)."""
    own = texts.get(slot.name, [])
    if len(own) != 1 or own[0].rotate or len(line_widths(own[0].paragraph)) != 1:
        return
    caption = _baseline(own[0])
    drops = [caption - _baseline(text) for name, placed_texts in texts.items()
             if name != slot.name for text in placed_texts
             if style_name(text.paragraph.style) == slot.row_with]
    drop = min((drop for drop in drops if 0.01 < drop <= ROW_MOST), default=None)
    if drop is None or slot.name not in placed.extents:
        return
    bottom, top = placed.extents[slot.name]
    if slot.above is not None and slot.above in placed.extents:
        if bottom - drop < placed.extents[slot.above][1] + slot.gap - 0.01:
            return
    elif slot.above is not None:
        return  # what it stands above gave way: its room is not measured here
    texts[slot.name] = [lowered(own[0], -drop)]
    placed.extents[slot.name] = (bottom - drop, top - drop)


def _closing_up(placed: PlacedFace, slots: Sequence[SlotSpec]) -> dict[str, float]:
    """How far each printed `closes_up` slot rises (points): to the `gap` under the last
    line of the slot that stands `above:` it on its panel, where that ends higher."""
    found: dict[str, float] = {}
    for slot in slots:
        if not slot.closes_up or slot.name in placed.lifted or slot.name not in placed.extents:
            continue
        over = [other for other in slots if other.above == slot.name
                and other.panel == slot.panel and other.name in placed.extents]
        if not over:
            continue
        bottom = min(placed.extents[other.name][0] - other.gap for other in over)
        rise = bottom - placed.extents[slot.name][1]
        if rise > 0.01:
            found[slot.name] = rise
    return found


DROP_MOST = 2.0  # of its gap: the most white a dropping slot adds above itself


def _drops(placed: PlacedFace, slots: Sequence[SlotSpec]) -> dict[str, float]:
    """How far each printed `drops` slot comes down (points): the band its panel's stack
    leaves blank above the slot the stack stands `above:` (less that slot's gap), shared
    between the gaps above the dropping slots and the foot, each gap growing by DROP_MOST
    times its own at most; every slot under a dropping one comes down with it."""
    named = {slot.name: slot for slot in slots}
    dropping = [slot for slot in slots if slot.drops and slot.name in placed.extents
                and slot.above in placed.extents and slot.below is not None]
    found: dict[str, float] = {}
    for above in dict.fromkeys(slot.above for slot in dropping if slot.above is not None):
        chain = [slot for slot in dropping if slot.above == above]
        stacked = [name for name in placed.extents if name != above and (
            (slot := named.get(name)) is not None and slot.panel == chain[0].panel)
            and (slot.above == above or slot.below is not None or name == chain[0].below)]
        lowest = min(placed.extents[name][0] for name in stacked)
        gap = min(slot.gap for slot in chain)
        white = lowest - placed.extents[above][1] - gap
        if white <= 0.01:
            continue
        share = min(white / (len(chain) + 1), *(DROP_MOST * slot.gap for slot in chain))
        drop = 0.0
        for slot in slots:  # in the layout's order: down the stack
            if slot in chain:
                drop += share
            if slot.name in stacked and drop and _stacks_on(slot, chain, named):
                found[slot.name] = drop
    return found


def _stacks_on(slot: SlotSpec, chain: Sequence[SlotSpec], named: Mapping[str, SlotSpec]
               ) -> bool:
    """Whether `slot` is one of `chain` or stacks `below:` one, directly or in turn."""
    seen: set[str] = set()
    while slot.name not in seen:
        if slot in chain:
            return True
        seen.add(slot.name)
        under = named.get(slot.below or "")
        if under is None:
            return False
        slot = under
    return False


def _raised(text: PlacedText, lift: float) -> PlacedText:
    icon = text.icon
    if icon is not None:
        icon = replace(icon, y=icon.y + lift, baseline=icon.baseline + lift)
    return replace(text, y=text.y + lift, icon=icon)


def placing_order(slots: Sequence[SlotSpec]) -> list[SlotSpec]:
    """The slots in the layout's order, except that a slot that stacks against another
    (`below`, `above`) or lies around it (a field's `around`) comes after it (layouts.py
    refuses cycles)."""
    by_name = {slot.name: slot for slot in slots}
    done: dict[str, SlotSpec] = {}

    def visit(slot: SlotSpec) -> None:
        if slot.name in done:
            return
        for name in (slot.below, slot.above, *slot.around):
            if name is not None and name in by_name:
                visit(by_name[name])
        done[slot.name] = slot

    for slot in slots:
        visit(slot)
    return list(done.values())


PLACERS: MappingProxyType[
    str, Callable[[PlacedFace, SlotSpec, ComposedFace, Placement], None]] = MappingProxyType({
    "text": place_text,
    "list": place_list,
    "flow": place_flow,
    "tabs": place_tabs,
    "qr": place_qr,
    "ornament": place_ornament,
    "field": place_field,
})
