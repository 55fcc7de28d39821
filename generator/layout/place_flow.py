"""A flow slot placed (a brochure's article run through its panels), with the fillers
that fill the room it leaves, set tighter or smaller where that keeps what must print."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from generator.content.layouts import FillerSpec, SlotSpec
from generator.engine import current_engine
from generator.errors import Code, ContentError
from generator.i18n.plain_text import plain_text
from generator.i18n.shaped_width import shaped_width_at_1000
from generator.layout.compose import ComposedFace
from generator.layout.fillers import GAP, Filled, fill, free_room, spread
from generator.layout.fit import SHRINK_STEP, UNBREAKABLE, Typesetter
from generator.layout.flow import Flowed, FlowPiece, fit_flow, flowed_at, spread_boxes
from generator.layout.geometry import Rect, slot_rect
from generator.layout.paragraphs import Paragraph
from generator.layout.place_problems import (
    overflow_message,
    room_left_out,
    slot_problem,
    wide_source,
)
from generator.layout.placed import PlacedFace, Placement, lowered, placed_text
from generator.layout.slot_boxes import slot_box
from generator.layout.slot_stack import headlines_to_measure
from generator.layout.styles import style_name


def _gave_way_to(filler: FillerSpec, filled: Filled,
                 headings: dict[str, tuple[Paragraph, ...]]) -> str:
    """For the note of a filler that gave way to a block that went in (`gives_way_to`):
    beside which block (the build adds the pieces that print it); else nothing."""
    target = filler.gives_way_to
    if filler.block not in filled.gave_way or target is None or target not in headings:
        return ""
    beside = plain_text(headings[target][0].markup).strip()
    return f" beside {beside!r}, which it gave way to"


# Over the em a face's ink may rise above a first line's top where it needs a leading of
# its own (Nastaliq: its words cascade from over 2 em above the baseline). Measured on the
# default article's large print in Urdu: the title's ink 11.5 mm from Letter's top edge
# (the margin 19 mm), a page's first body line 14.3 mm.
TALL_ASCENT = 0.85


def _below_tall_ascenders(boxes: list[Rect], items: Sequence[Paragraph],
                          placement: Placement) -> list[Rect]:
    """A document of pages' boxes, in a face whose ink rises far over its lines (Nastaliq),
    each starting lower by that rise: the first at its first paragraph's size (the title),
    the others at the largest size of a paragraph that may start a page (a heading), so
    that the ink, not the line, starts at the margin. Other faces: the boxes as they are."""
    spec = placement.layout.spec
    if spec.pages != "panels" or not items or placement.fonts.faces[0].leading <= 0:
        return boxes
    optical = placement.typesetter.limits.optical
    first = spec.styles[items[0].style].size * optical * TALL_ASCENT
    others = max(spec.styles[item.style].size for item in items[1:]) * optical * TALL_ASCENT \
        if len(items) > 1 else first
    return [Rect(box.x, box.y, box.width, box.height - (first if index == 0 else others))
            for index, box in enumerate(boxes)]


def _to_measure(boxes: list[Rect], items: Sequence[Paragraph], measure: int,
                placement: Placement) -> list[Rect]:
    """`boxes` no wider than `measure` characters of the running text (the style most of
    the text is set in, at its size), each narrowed about its middle: a line holds about as
    many characters in every script (a Nastaliq or Devanagari line held 75 where a Latin
    one held 64: its letters, or its vowel signs, take less room)."""
    typesetter = placement.typesetter
    texts: dict[str, str] = {}
    for item in items:
        texts[item.style] = texts.get(item.style, "") + " " + plain_text(item.markup)
    if not texts:
        return boxes
    style, text = max(texts.items(), key=lambda pair: len(pair[1]))
    text = " ".join(text.split())
    weight = placement.layout.spec.styles[style].weight
    fonts = typesetter.fonts_for(style)
    runs: dict[str, str] = {}
    for char in text:
        face = fonts.face_for(char, weight)
        font = face.name(weight) if face is not None else fonts.primary(weight)
        runs[font] = runs.get(font, "") + char
    size = typesetter.own_size(style)
    width = sum(shaped_width_at_1000(run, font) for font, run in runs.items()) * size / 1000
    most = measure * width / max(1, len(text))
    return [box if box.width <= most else Rect(box.x + (box.width - most) / 2, box.y, most,
                                               box.height) for box in boxes]


def place_flow(placed: PlacedFace, slot: SlotSpec, composed: ComposedFace,
               placement: Placement) -> None:
    """Every paragraph must be printed: shrink to the floor, then fail with the overflow."""
    items = composed.texts[slot.name]
    panels = slot.panels if slot.panels is not None else [slot.panel]
    boxes = [slot_box(slot, placement, placed, panel) for panel in panels]
    if slot.measure is not None:
        boxes = _to_measure(boxes, items, slot.measure, placement)
    boxes = _below_tall_ascenders(boxes, items, placement)
    placement = headlines_to_measure(items, min(box.width for box in boxes), placement)
    typesetter = placement.typesetter
    flowed, overflow = fit_flow(tuple(items), tuple(boxes), typesetter)
    if flowed is None:
        narrowest = min(box.width for box in boxes)
        message, fields = overflow_message(overflow, placement, items, boxes, narrowest)
        raise ContentError(slot_problem(
            Code.TEXT_TOO_WIDE if overflow == UNBREAKABLE else Code.TEXT_TOO_TALL, slot,
            placement, message, placed, "error", wide_source(overflow, items, narrowest,
                                                             placement), left_out=0, **fields))
    fillers = tuple((filler, texts) for filler, texts in composed.fillers.get(slot.name, ())
                    if filler.unless is None or filler.unless not in placement.printed)
    placed.yielded.extend(filler.unless for filler, texts in composed.fillers.get(slot.name, ())
                          if texts and filler.unless is not None
                          and filler.unless in placement.printed)
    filled: Filled | None = None
    if fillers:
        flowed, filled = _best_filled(flowed, items, boxes, slot, fillers, placed, placement)
        headings = {filler.block: texts for filler, texts in fillers if texts}
        for filler, texts in fillers:
            if texts and filler.block not in filled.placed:
                beside = _gave_way_to(filler, filled, headings)
                note = room_left_out(slot, placement, placed, texts, beside)
                placed.warnings.append(note)
                if beside:  # the build names the pieces that print its points
                    placed.gave_way.append((tuple(
                        plain_text(item.markup).lstrip("\u2022\u00a0 ")
                        for item in texts[1:] or texts), note))
        placed.printed_instead.extend(filler.unless for filler, _ in fillers
                                      if filler.unless and filler.block in filled.placed)
    placed.flow_scale = flowed.scale
    if filled is not None:
        placed.flow_emptiest = filled.score[2]
    width = {round(box.x, 2): box.width for box in boxes}
    pieces = flowed.pieces
    if slot.valign == "spread" and filled is None:  # each page but the last filled
        pieces = spread_boxes(pieces, boxes)
    placed.texts.extend(replace(placed_text(p.paragraph, p.x, p.y, width[round(p.x, 2)],
                                            placed.rtl), continues=p.continues)
                        for p in pieces)
    if filled is None:
        return
    if slot.last and filled.tail_from is None:
        _last_after_fillers(placed, flowed.pieces, filled, width, set(slot.last),
                            GAP * flowed.scale)
    placed.texts.extend(placed_text(para, x, y, w, placed.rtl) for para, x, y, w in filled.texts)
    placed.rules.extend(filled.rules)
    placed.callouts.extend(filled.callouts)


GROWN_EMPTY = 0.25  # of a panel: the white a short article may leave at its foot


def _best_filled(flowed: Flowed, items: Sequence[Paragraph], boxes: list[Rect],
                 slot: SlotSpec, fillers: Sequence[tuple[FillerSpec, tuple[Paragraph, ...]]],
                 placed: PlacedFace, placement: Placement) -> tuple[Flowed, Filled]:
    """The text and what fills its room, at the scale where they go in best: the largest
    the text fits at, or, where its styles grew past their size (a short article set
    larger), a smaller one down to their size, where more of the fillers go in or they
    leave less of a panel empty."""
    typesetter = placement.typesetter
    panels = slot.panels if slot.panels is not None else [slot.panel]
    # each panel's whole box (a box that stacks under a slot on its panel is shorter): what
    # "half a panel" of notes and a panel's empty share are of
    whole = [slot_rect(slot, placement.size, placed.spec, panel, placement.fonts.rtl)
             for panel in panels]
    scales = [flowed.scale]
    if flowed.scale > 1.0 + 1e-6:
        at_once = placement.layout.spec.grow == "whole"
        # each step between: where the text ends in a panel decides what fills the rest
        steps = int((flowed.scale - 1.0) / SHRINK_STEP + 1e-6)
        between = [flowed.scale - SHRINK_STEP * (step + 1) for step in range(steps)]
        scales += [1.0] if at_once else [*(scale for scale in between if scale > 1.0 + 1e-6),
                                         1.0]
    # the closing paragraphs (its sources) go in after the fillers, wherever they stand
    closing = 0
    while (slot.last and closing < len(items) - 1
           and items[-1 - closing].style in slot.last):
        closing += 1
    best: tuple[Flowed, Filled] | None = None
    for scale in scales:
        if scale == flowed.scale:
            trial = flowed
        else:
            pieces, over = flowed_at(tuple(items), scale, tuple(boxes), typesetter)
            if over > 0.01:
                continue
            trial = Flowed(list(pieces), scale)
        made = _filled_at(trial, items, closing, boxes, whole, fillers, placement)
        if best is None or _grown_score(made) < _grown_score(best):
            best = made
    assert best is not None
    if _essentials_left_out(best[1], fillers):
        best = _smaller_for_essentials(best, items, boxes, whole, closing, fillers, placement)
    if _blocks_left_out(best[1], fillers):
        best = _tighter_for_content(best, items, boxes, whole, closing, fillers, placement)
        best = _given_way(best, items, boxes, whole, closing, fillers, placement)
    if placement.layout.spec.spread is not None:
        spread(best[1], boxes, whole, placement.layout.spec.spread, GAP * best[0].scale)
    return best


# Closer settings of the article's text, tried in turn: its leading over its size (Latin,
# Cyrillic, CJK, never under design.md's 1.25: Vietnamese's stacked accents at 1.2 read
# crowded; Arabic, Thai and Indic keep their script's 1.5, styles.py), the share of
# its spacing (the white between paragraphs and before headings) it keeps, and the share of
# the fillers' GAP (the white between the text and its blocks, and between blocks).
TIGHT = ((1.25, 0.5, 0.5), (1.25, 0.3, 0.5), (1.25, 0.2, 0.4))


def _blocks_left_out(filled: Filled,
                     fillers: Sequence[tuple[FillerSpec, tuple[Paragraph, ...]]]) -> int:
    """The block fillers with content (not the lines to write on) left out."""
    return sum(1 for filler, texts in fillers
               if not filler.ruled and texts and filler.block not in filled.placed)


def _tightened(placement: Placement, leading: float, spaces: float) -> Placement:
    """The placement with the styles that may open (`air`) set closer: leading down to
    `leading` of their size, their spacing to `spaces` of theirs. The same spec object for
    the same spec and setting (a Typesetter is equal only with its very spec): the fits
    made at a setting are remembered for the next time it is tried."""
    spec = placement.layout.spec
    store = current_engine().tightened_specs
    key = (id(spec), leading, spaces)
    known = store.get(key)
    if known is None or known[0] is not spec:
        tight = {name: style.model_copy(update={
                     "leading": min(style.leading, style.size * leading),
                     "space_before": style.space_before * spaces,
                     "space_after": style.space_after * spaces})
                 for name, style in spec.styles.items() if style.air is not None}
        known = store.remember(key, (spec, spec.model_copy(
            update={"styles": {**spec.styles, **tight}})))
    return replace(placement, layout=replace(placement.layout, spec=known[1]))


def _tighter_for_content(best: tuple[Flowed, Filled], items: Sequence[Paragraph],
                         boxes: list[Rect], whole: list[Rect], closing: int,
                         fillers: Sequence[tuple[FillerSpec, tuple[Paragraph, ...]]],
                         placement: Placement) -> tuple[Flowed, Filled]:
    """Content wins over air (the designer's review: tighten the spacing rather than drop
    the safety checklist): where the text leaves a block filler out, its styles that may
    open (`air`) set closer (`_tightened`), at its size or smaller, down to the layout's
    `filler_floor` for its body (never under any style's floor): the largest size, then the
    loosest spacing, that leaves out the fewest of the fillers' blocks, taken where that is
    fewer than before. Where no setting gains a block, the text stays as it was."""
    typesetter = placement.typesetter
    lowest = max(typesetter.lowest_scale([*items, *(p for _, texts in fillers for p in texts)]),
                 _filler_floor_scale(placement))
    scales, scale = [], 1.0
    while scale > lowest + 1e-9:
        scales.append(scale)
        scale -= SHRINK_STEP
    scales.append(lowest)
    settings = [(_tightened(placement, leading, spaces), gap)
                for leading, spaces, gap in TIGHT]

    def lost(made: tuple[Flowed, Filled]) -> tuple[int, int]:
        return (_essentials_left_out(made[1], fillers), _blocks_left_out(made[1], fillers))

    chosen, fewest = best, lost(best)
    for scale in scales:
        for tight, gap in settings:
            pieces, over = flowed_at(tuple(items), scale, tuple(boxes), tight.typesetter)
            if over > 0.01:
                continue
            made = _filled_at(Flowed(list(pieces), scale), items, closing, boxes, whole, fillers,
                              tight, gap)
            if lost(made) < fewest:
                chosen, fewest = made, lost(made)
            if fewest == (0, 0):
                return chosen
    return chosen


def _filler_floor_scale(placement: Placement) -> float:
    """The least scale the text may be set at for its fillers: where its `body` style is at
    the layout's `filler_floor` (0 where it has none)."""
    spec = placement.layout.spec
    body = spec.styles.get("body")
    if spec.filler_floor is None or body is None:
        return 0.0
    return spec.filler_floor / (body.size * placement.typesetter.limits.optical)


def _grown_score(made: tuple[Flowed, Filled]) -> tuple[int, int, bool, float, float]:
    """How well a scale a short article grew to serves it (less is better): what content
    it leaves out, then whether it leaves a panel over a quarter empty, then larger type
    before lines to write on filling the room (a short article's panels in larger type,
    not half a panel of notes), then the emptiest share."""
    flowed, filled = made
    lost, missing, emptiest = filled.score
    return lost, missing, emptiest > GROWN_EMPTY, -round(flowed.scale, 3), emptiest


def _filled_at(trial: Flowed, items: Sequence[Paragraph], closing: int, boxes: list[Rect],
               whole: list[Rect], fillers: Sequence[tuple[FillerSpec, tuple[Paragraph, ...]]],
               placement: Placement, gap_share: float = 1.0) -> tuple[Flowed, Filled]:
    """The text as flowed and its fillers in the room it leaves, its closing part after
    them where it can go there; `gap_share` of GAP between them."""
    typesetter = placement.typesetter
    made = _with_closing_last(trial, items, closing, boxes, whole, fillers, typesetter,
                              placement, gap_share)
    if made is not None:
        return made
    # as the text flowed, its closing part moved in its panel after
    used = [min((p.y for p in trial.pieces if abs(p.x - box.x) < 0.01), default=None)
            for box in boxes]
    filled = fill(free_room(boxes, used, GAP * trial.scale * gap_share), whole, fillers,
                  typesetter, trial.scale, placement.layout.spec.rule_spacing,
                  gap_share=gap_share)
    assert filled is not None
    return trial, filled


def _given_way(best: tuple[Flowed, Filled], items: Sequence[Paragraph], boxes: list[Rect],
               whole: list[Rect], closing: int,
               fillers: Sequence[tuple[FillerSpec, tuple[Paragraph, ...]]],
               placement: Placement) -> tuple[Flowed, Filled]:
    """Where a block (the safety checklist) is still left out while one that gives way to it
    (`gives_way_to`: the key points, which only repeat the article) went in: the text and
    the fillers without the one that gives way, at the largest size and loosest spacing
    that puts the other in (as `_tighter_for_content` sets them); as it was where none
    does. Only here, after every setting of both failed: where both go in, nothing
    changes."""
    placed = best[1].placed
    for filler, texts in fillers:
        target = filler.gives_way_to
        if not (texts and target and filler.block in placed and target not in placed):
            continue
        without = [(other, paras) for other, paras in fillers if other is not filler]
        made = _tighter_for_content(best, items, boxes, whole, closing, without, placement)
        if target in made[1].placed and _essentials_left_out(made[1], without) == 0:
            made[1].gave_way.append(filler.block)
            return made
    return best


def _essentials_left_out(filled: Filled,
                         fillers: Sequence[tuple[FillerSpec, tuple[Paragraph, ...]]]) -> int:
    return sum(1 for filler, texts in fillers
               if filler.essential and texts and filler.block not in filled.placed)


def _smaller_for_essentials(best: tuple[Flowed, Filled], items: Sequence[Paragraph],
                            boxes: list[Rect], whole: list[Rect], closing: int,
                            fillers: Sequence[tuple[FillerSpec, tuple[Paragraph, ...]]],
                            placement: Placement) -> tuple[Flowed, Filled]:
    """Content wins over spare room: where the text at its largest leaves out an essential
    filler (the article's key points, what calling is like), the text and its fillers a
    step smaller at a time, down to the layout's `filler_floor` for its body (Urdu and
    Hindi went to 9.78 pt, under design.md's 10), until every essential one goes in; else
    the scale that leaves out the fewest of them (the notes say which, and `_given_way`
    may leave the key points out instead)."""
    typesetter = placement.typesetter
    lowest = max(typesetter.lowest_scale([*items, *(p for filler, texts in fillers
                                                    if filler.essential for p in texts)]),
                 _filler_floor_scale(placement))
    missing = _essentials_left_out(best[1], fillers)
    scale = best[0].scale - SHRINK_STEP
    while missing and scale > lowest - SHRINK_STEP + 1e-9:
        scale = max(scale, lowest)
        pieces, over = flowed_at(tuple(items), scale, tuple(boxes), typesetter)
        if over <= 0.01:
            made = _filled_at(Flowed(list(pieces), scale), items, closing, boxes, whole, fillers,
                              placement)
            left_out = _essentials_left_out(made[1], fillers)
            if left_out < missing:
                best, missing = made, left_out
        if scale <= lowest + 1e-9:
            break
        scale -= SHRINK_STEP
    return best


def _with_closing_last(trial: Flowed, items: Sequence[Paragraph], closing: int,
                       boxes: list[Rect], whole: list[Rect],
                       fillers: Sequence[tuple[FillerSpec, tuple[Paragraph, ...]]],
                       typesetter: Typesetter, placement: Placement, gap_share: float = 1.0
                       ) -> tuple[Flowed, Filled] | None:
    """The text without its closing part, and the fillers with it after them (see
    generator/layout/fillers.py); None where there is none or it fits nowhere so."""
    if not closing:
        return None
    flowed, over = flowed_at(tuple(items[:-closing]), trial.scale, tuple(boxes), typesetter)
    pieces = list(flowed)
    if over > 0.01 or not pieces:
        return None
    used = [min((p.y for p in pieces if abs(p.x - box.x) < 0.01), default=None)
            for box in boxes]
    ends_in = max(index for index, bottom in enumerate(used) if bottom is not None)
    filled = fill(free_room(boxes, used, GAP * trial.scale * gap_share), whole, fillers,
                  typesetter, trial.scale, placement.layout.spec.rule_spacing,
                  tuple(items[-closing:]), ends_in, gap_share)
    return None if filled is None else (Flowed(pieces, trial.scale), filled)


def _last_after_fillers(placed: PlacedFace, pieces: Sequence[FlowPiece], filled: Filled,
                        width: dict[float, float], last: set[str], gap: float) -> None:
    """The flow's closing paragraphs in `last` styles (its sources), where they end in one
    panel, moved below the fillers placed under them in that panel (the article's key
    points, then its sources), above its lines to write on: those fillers go up by the
    closing part's height and a gap, the closing part down to where they ended."""
    count = 0
    while count < len(pieces) and style_name(pieces[-1 - count].paragraph.style) in last:
        count += 1
    closing = list(pieces[len(pieces) - count:])
    if not closing or len({round(piece.x, 2) for piece in closing}) != 1:
        return
    x = closing[0].x
    right = x + width[round(x, 2)]
    top = max(piece.y + piece.paragraph.height for piece in closing)
    bottom = min(piece.y for piece in closing)
    blocks = [index for index, (_, px, py, _) in enumerate(filled.texts[:filled.ruled_from])
              if x - 0.5 <= px <= right and py < bottom]
    if not blocks:
        return
    boxes = [index for index, box in enumerate(filled.callouts)
             if x - 0.5 <= box.x <= right and box.top <= bottom + 0.01]
    lowest = min([filled.texts[index][2] for index in blocks]
                 + [filled.callouts[index].y for index in boxes])
    rise = top - bottom + gap
    for index in blocks:
        para, px, py, w = filled.texts[index]
        filled.texts[index] = (para, px, py + rise, w)
    for index in boxes:
        box = filled.callouts[index]
        filled.callouts[index] = Rect(box.x, box.y + rise, box.width, box.height)
    drop = lowest - bottom
    moving = {id(piece.paragraph) for piece in closing}
    placed.texts[:] = [lowered(text, drop) if id(text.paragraph) in moving else text
                       for text in placed.texts]
