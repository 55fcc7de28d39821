"""A text slot placed: its choices fitted, clear of the ink and the trim around it,
fitted in the circle of a round piece (the sticker), in columns, or shortened."""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from dataclasses import replace

from reportlab.platypus import Paragraph as RLParagraph

from generator.content.layouts import SlotSpec
from generator.content.units import PT_PER_UNIT
from generator.errors import Code, ContentError
from generator.i18n.plain_text import plain_text
from generator.i18n.shaped_width import ink_above_baseline, ink_below_baseline
from generator.layout.compose import ComposedFace
from generator.layout.fillers import MIN_RULES, Rule, rules
from generator.layout.fit import UNBREAKABLE, Typesetter, fit_stack, stacked
from generator.layout.geometry import Rect
from generator.layout.paragraphs import Paragraph
from generator.layout.place_problems import (
    overflow_message,
    room_left_out,
    slot_problem,
    wide_source,
)
from generator.layout.placed import PlacedFace, Placement, placed_text
from generator.layout.round_fit import lowest_rise, past_the_circle
from generator.layout.slot_boxes import printed_neighbour, slot_box, slot_named
from generator.layout.slot_stack import first_choice_that_fits, headlines_to_measure, stack_in_box
from generator.layout.styles import size_range


def place_text(placed: PlacedFace, slot: SlotSpec, composed: ComposedFace,
               placement: Placement) -> None:
    if slot.name in placement.withheld:  # a later face prints it (`withheld`)
        return
    items = composed.texts[slot.name]
    box = slot_box(slot, placement, placed)
    rise = caption_rise(slot, items, box, placement, placed)
    if rise:
        box = Rect(box.x, box.y, box.width, box.height + rise)
    if not items:
        if slot.required:
            raise ContentError(slot_problem(Code.NOTHING_TO_PRINT, slot, placement,
                                            "has nothing to print", placed))
        return
    width, height = (box.height, box.width) if slot.rotate else (box.width, box.height)
    if any(placement.layout.spec.styles[item.style].max_lines for item in items):
        # a line of a label that takes at most so many lines (the sticker's coded line,
        # `max_lines: 1`): smaller, down to its min_size, rather than wrap
        placement = headlines_to_measure(items, width, placement)
    if slot.when_room and slot.ruled:  # spare room for notes: their heading and three lines
        height -= (slot.min_rules or MIN_RULES) * placement.layout.spec.rule_spacing
    rows = (slot.rule_rows or 0) * placement.layout.spec.rule_spacing
    height -= rows  # a set number of lines to write on: the text has the rest
    if slot.when_room:  # spare room's content, at its own size: never shrunk to squeeze in
        paragraphs, used, chosen = _at_its_size(items, width, height, placement)
    else:
        paragraphs, used, chosen = _clear_of_the_ink_under(
            first_choice_that_fits(items, width, height, placement), items, box, width,
            slot, placement, placed)
        if paragraphs is not None and _round(slot, placement, items):
            box, slot, paragraphs, used, chosen = _in_the_circle(
                placed, slot, placement, items, box, height, (paragraphs, used, chosen))
            width = box.width
    if paragraphs is not None and slot.safety:
        _tell_a_shorter_note(placed, slot, placement, items, chosen)
    elif paragraphs is not None:
        _tell_what_a_choice_leaves_out(placed, slot, placement, items, chosen)
    items = tuple(chosen)
    if paragraphs is None and slot.shortens:
        # shortened from its last choice, the shortest (a folding card's first sentences)
        items = _last_choice(composed.texts[slot.name])
        paragraphs, used, kept = _shortened(items, width, height, placement)
        if paragraphs is not None:
            note = slot_problem(Code.PARAGRAPHS_LEFT_OUT, slot, placement, (
                f"left out its last {len(items) - kept} of {len(items)} paragraphs, from "
                f"'{_words(items[kept])}': they do not fit"), placed, "warning",
                count=len(items) - kept, total=len(items))
            placed.warnings.append(note)
            # the build completes the note with the pieces that print what was left out (a
            # folding card's last key points: the brochure's "Good to know"), as it does a
            # card line's that gave way
            placed.gave_way.append((tuple(
                plain_text(item.markup).lstrip("\u2022\u00a0 ") for item in items[kept:]),
                note))
    if paragraphs is None:
        message, fields = overflow_message(used, placement, items, width=width)
        source = wide_source(used, items, width, placement)
        if len(items) == 1 and used != UNBREAKABLE:  # one text: how long it may be
            room = _characters_that_fit(items[0], width, height, placement)
            message += (f": it is {_length(items[0])} characters and the slot holds about "
                        f"{room}; shorten it")
            fields.update(length=_length(items[0]), room=room)
        if slot.when_room and not slot.required:  # spare room's content: there is none
            placed.warnings.append(room_left_out(slot, placement, placed,
                                                 composed.texts[slot.name]))
            return
        code = Code.TEXT_TOO_WIDE if used == UNBREAKABLE else Code.TEXT_TOO_TALL
        # A text that gives way gives way to the lines, but one written for this slot (no
        # choices: a card line given as `card:`) must fit the slot's own box.
        if slot.required or (slot.gives_way and not any(item.choice for item in items)):
            raise ContentError(slot_problem(code, slot, placement, message, placed, "error", source,
                                            left_out=0, **fields))
        placed.warnings.append(slot_problem(code, slot, placement, f"left out: {message}", placed,
                                            "warning", source, left_out=1, **fields))
        return
    for _ in range(2):  # lowered, it may set a step smaller: its ink starts lower again
        drop = _drop_off_the_ink_over(paragraphs, box, slot, placed)
        if not drop:
            break
        box = Rect(box.x, box.y, box.width, max(0.0, box.height - drop))
        paragraphs, used, chosen = (_at_its_size if slot.when_room else first_choice_that_fits)(
            items, width, box.height, placement)
        if paragraphs is None:
            if not slot.when_room or slot.required:
                raise ContentError(slot_problem(Code.TEXT_TOO_TALL, slot, placement, (
                    "does not fit under the ink of the text above it"), placed, "error",
                    left_out=0))
            placed.warnings.append(room_left_out(slot, placement, placed,
                                                 composed.texts[slot.name]))
            return
        items = tuple(chosen)
    lift = max(_lift_off_the_trim(paragraphs, box, slot, placement),
               _lift_off_the_ink_under(paragraphs, box, slot, placement, placed))
    if lift:
        lifted = Rect(box.x, box.y + lift, box.width, max(0.0, box.height - lift))
        refitted = (paragraphs, used, chosen) if used <= lifted.height + 0.01 else \
            first_choice_that_fits(items, width, lifted.height, placement)
        if refitted[0] is not None:
            box, paragraphs, used = lifted, refitted[0], refitted[1]
    heads: list[RLParagraph] = []
    if slot.rule_columns and len(paragraphs) > len(slot.rule_columns):
        paragraphs, heads = (paragraphs[:-len(slot.rule_columns)],
                             paragraphs[-len(slot.rule_columns):])
        used -= sum(para.height + para.style.spaceBefore + para.style.spaceAfter
                    for para in heads)
    if slot.rule_rows:
        box = _at_the_foot(box, used + _heads_height(heads, box, slot, placed.rtl) + rows)
    if slot.ink_foot and slot.valign == "bottom" and paragraphs and not slot.rotate:
        last = paragraphs[-1]
        past = box.y - _last_ink(last, box.y + last.style.spaceAfter)
        if past > 0:
            box = Rect(box.x, box.y + past, box.width, box.height - past)
    stack_in_box(placed, paragraphs, box, used, slot)
    if paragraphs and slot.name in placed.extents and not slot.rotate and any(
            (other.ink_gap or other.least_ink_gap is not None) and other.below == slot.name
            for other in placed.spec.slots):
        last = paragraphs[-1]  # a paragraph given room back under it stands lower (ink_air)
        placed.ink_bottoms[slot.name] = _last_ink(
            last, placed.extents[slot.name][0] + min(0.0, last.style.spaceAfter))
    if (paragraphs and slot.name in placed.extents and not slot.rotate
            and placement.typesetter.ink_air):
        placed.ink_tops[slot.name] = _first_ink(paragraphs[0], placed.extents[slot.name][1])
    if slot.ruled and slot.name in placed.extents:
        bottom, top = placed.extents[slot.name]
        question = html.unescape(paragraphs[0].getPlainText())
        if heads:
            bottom = _column_heads(placed, heads, box, bottom, slot)
        lines = rules(box, bottom, placement.layout.spec.rule_spacing, slot.name, question)
        if slot.rule_rows:
            lines = lines[:slot.rule_rows]
        if heads:
            lines = _in_columns(lines, box, slot.rule_columns, placed.rtl,
                                [html.unescape(head.getPlainText()) for head in heads])
        placed.rules.extend(lines)
        if lines:  # its lines are part of it: a slot stacked below starts under the last
            placed.extents[slot.name] = (min(line.y for line in lines), top)


def _lift_off_the_trim(paragraphs: list[RLParagraph], box: Rect, slot: SlotSpec,
                       placement: Placement) -> float:
    """How much higher a text set at the foot of its box must stand for its ink to keep the
    layout's `ink_from_trim` from the trim (a face's bottom edge): its descenders reach
    below the box by what the leading leaves under its last baseline; 0 where they keep
    it, or the layout does not ask."""
    clearance = placement.layout.spec.ink_from_trim
    if clearance is None or not paragraphs or slot.valign != "bottom" or slot.rotate:
        return 0.0
    last = paragraphs[-1]  # a paragraph given room back under it stands lower (ink_air)
    lift = clearance - _last_ink(last, box.y + min(0.0, last.style.spaceAfter))
    return lift if lift > 0.01 else 0.0


def _lift_off_the_ink_under(paragraphs: list[RLParagraph], box: Rect, slot: SlotSpec,
                            placement: Placement, placed: PlacedFace) -> float:
    """How much higher a text set at the foot of its box must stand for its last line's
    ink to keep the layout's `ink_air` from the ink of the slot it stands on (`above:`): a
    Bengali card line's marks came within 0.4 mm of its safety note's; 0 where it keeps
    it, or `ink_air` does not apply."""
    air = placement.typesetter.ink_air
    if air is None or not paragraphs or slot.valign != "bottom" or slot.rotate:
        return 0.0
    under = printed_neighbour(slot.above, "above", placed, box, placement)
    if under is None or under not in placed.ink_tops:
        return 0.0
    last = paragraphs[-1]
    lift = placed.ink_tops[under] + air - _last_ink(last, box.y + last.style.spaceAfter)
    return lift if lift > 0.01 else 0.0


Fitted = tuple[list[RLParagraph] | None, float, Sequence[Paragraph]]


def _clear_of_the_ink_under(fitted: Fitted, items: Sequence[Paragraph], box: Rect,
                            width: float, slot: SlotSpec, placement: Placement,
                            placed: PlacedFace) -> Fitted:
    """A text set from the top of its box (a card's QR caption) fitted so that its last
    line's ink keeps the layout's `ink_air` over the first ink of the slot it stands on
    (`above:`), where that slot stands once raised (`PlacedFace.lifted`, by a spread list
    placed before it): that slot rises less first, then the text is fitted in less height;
    (None, ...) where it still does not keep it: the face tries its next attempt (a card
    line set beside the lines). Its box keeps only a `gap` from the other's box: an Urdu
    caption's yeh tail touched the madda of the card line under it (ISO card, texting
    code), the card line having risen into the caption's box after the caption was set."""
    air = placement.typesetter.ink_air
    paragraphs, used, _ = fitted
    if (paragraphs is None or air is None or not placement.ink_clear or slot.rotate
            or slot.valign != "top"):
        return fitted
    under = printed_neighbour(slot.above, "above", placed, box, placement)
    if under is None or under not in placed.ink_tops:
        return fitted
    for _ in range(4):  # a smaller size may reach lower: settle on one that keeps it
        last = paragraphs[-1]
        lift = placed.lifted.get(under, 0.0)
        short = (placed.ink_tops[under] + lift + air
                 - _last_ink(last, box.top - used + min(0.0, last.style.spaceAfter)))
        if short <= 0.01:
            return fitted
        if lift > 0.01:
            if lift - short > 0.01:
                placed.lifted[under] = lift - short
            else:
                del placed.lifted[under]
            continue
        fitted = first_choice_that_fits(items, width, used - short, placement)
        paragraphs, used, _ = fitted
        if paragraphs is None:
            break
    if placement.ink_refused is not None:
        placement.ink_refused.append(slot.name)
    return (None, used, fitted[2])


def _drop_off_the_ink_over(paragraphs: list[RLParagraph], box: Rect, slot: SlotSpec,
                           placed: PlacedFace) -> float:
    """How much lower the top of a text's box must stand for its first line's ink to keep
    `least_ink_gap` from the ink of the slot it stacks under (`below:`); 0 where it keeps
    it, or the slot asks none."""
    if slot.least_ink_gap is None or not paragraphs or slot.rotate or slot.valign != "top":
        return 0.0
    over = placed.ink_bottoms.get(slot.below or "")
    if over is None:
        return 0.0
    drop = _first_ink(paragraphs[0], box.top) + slot.least_ink_gap - over
    return drop if drop > 0.01 else 0.0


def _first_ink(para: RLParagraph, top: float) -> float:
    """Where the ink of a paragraph whose box's top is `top` begins (points up): its first
    baseline one size under the top (ReportLab's) and how far its letters reach above it
    (the whole paragraph's)."""
    style = para.style
    above = ink_above_baseline(plain_text(para.getPlainText()), style.fontName, style.fontSize)
    return top - style.fontSize + max(0.0, above or 0.0)


def _at_the_foot(box: Rect, height: float) -> Rect:
    """The foot of `box`, `height` tall (a slot with a set number of lines to write on: its
    text, its columns' heads and its lines, no more)."""
    return Rect(box.x, box.y, box.width, min(box.height, height))


def _heads_height(heads: list[RLParagraph], box: Rect, slot: SlotSpec, rtl: bool) -> float:
    """How tall the columns' heads stand, side by side (as _column_heads sets them)."""
    if not heads:
        return 0.0
    return max(head.style.spaceBefore + head.wrap(right - left, 10_000)[1]
               for head, (left, right) in zip(heads, _columns(box, slot.rule_columns, rtl),
                                              strict=True))


ROUND_TRIES = 8  # narrower boxes a text on a round piece is fitted in, at most
ROUND_STEP = 0.5  # points each side, past what a line reached past the circle
# A text set at the foot of a round piece (`valign: bottom`) keeps its lines this far inside
# the safe circle: set lower, a line's corners touch the curve the eye follows, and the
# sentence reads as crowded against the cut.
ROUND_CUSHION = 0.5 * PT_PER_UNIT["mm"]


def _round(slot: SlotSpec, placement: Placement, items: Sequence[Paragraph]) -> bool:
    """Whether `items` are centred text on a piece cut round (their lines keep to the
    circle)."""
    spec = placement.layout.spec
    return (spec.die_cut == "circle" and not slot.rotate
            and all(spec.styles[item.style].align == "center" for item in items))


def _in_the_circle(placed: PlacedFace, slot: SlotSpec, placement: Placement,
                   items: Sequence[Paragraph], box: Rect, height: float, fitted: Fitted
                   ) -> tuple[Rect, SlotSpec, list[RLParagraph] | None, float,
                              Sequence[Paragraph]]:
    """A text on a round piece whose lines reach past the safe circle (round_fit.py) fitted
    again in a box narrower by that much on each side, until they keep inside; where no
    narrower box holds it (a phrase as wide as the slot), set at the top of its box, where
    the circle is wider, if its lines keep inside there; else as it was, with a warning."""
    circle = _safe_circle(placed, placement)
    paragraphs, used, chosen = fitted
    assert paragraphs is not None
    if slot.valign == "bottom":
        lowest = _lowest_in_the_circle(items, box, height, placement, circle, fitted)
        if lowest is not None:
            return (lowest[0], slot, *lowest[1])
    trial_box, trial = box, fitted
    for _ in range(ROUND_TRIES):
        found, found_used, _ = trial
        if found is None:
            break
        past = past_the_circle(found, trial_box, slot.valign, found_used, circle)
        if past <= 0.0:
            return (trial_box, slot, *trial)
        trial_box = Rect(trial_box.x + past + ROUND_STEP, trial_box.y,
                         trial_box.width - 2 * (past + ROUND_STEP), trial_box.height)
        if trial_box.width <= 0:
            break
        trial = first_choice_that_fits(items, trial_box.width, height, placement)
    if slot.valign != "top" and past_the_circle(paragraphs, box, "top", used, circle) <= 0.0:
        return box, slot.model_copy(update={"valign": "top"}), paragraphs, used, chosen
    placed.warnings.append(slot_problem(Code.TEXT_TOO_WIDE, slot, placement, (
        f"a line reaches past the circle {placement.size.safe_margin / PT_PER_UNIT['mm']:.0f}"
        " mm inside the cut, nearer the edge than the rest: shorten it"), placed, "warning",
        None, left_out=0,
        floor=round(paragraphs[-1].style.fontSize, 1),
        words=" ".join(_words(item) for item in chosen)))
    return box, slot, paragraphs, used, chosen


ROUND_MEASURES = 12  # measures a text at the foot of a round piece is tried at, widest first


def _lowest_in_the_circle(items: Sequence[Paragraph], box: Rect, height: float,
                          placement: Placement, circle: tuple[float, float, float],
                          fitted: Fitted) -> tuple[Rect, Fitted] | None:
    """A text at the foot of a round piece (`valign: bottom`: the sticker's emergency
    sentence) set where its top stands lowest: at each measure from its box's width down to
    0.4 of it, its lines as low as the circle lets its widest line stand (round_fit.py's
    lowest_rise). On a circle narrow lines stand lower than one wide line: "In an emergency,
    / call 911." leaves the lines above it more room than the sentence on one line. The box
    it stands in (narrowed, raised) and the text fitted to it; None where no measure keeps
    its lines inside the safe circle."""
    best: tuple[float, Rect, Fitted] | None = None
    for step in range(ROUND_MEASURES):
        width = box.width * (1 - 0.6 * step / (ROUND_MEASURES - 1))
        trial = fitted if step == 0 else first_choice_that_fits(items, width, height,
                                                                placement)
        if trial[0] is None:
            continue
        narrowed = Rect(box.x + (box.width - width) / 2, box.y, width, box.height)
        rise = lowest_rise(trial[0], narrowed, trial[1], circle, ROUND_CUSHION)
        if rise is None:
            continue
        top = narrowed.y + rise + trial[1]
        if best is None or top < best[0] - 0.01:
            best = (top, Rect(narrowed.x, narrowed.y + rise, width, narrowed.height - rise),
                    trial)
    return None if best is None else (best[1], best[2])


def _safe_circle(placed: PlacedFace, placement: Placement) -> tuple[float, float, float]:
    """The circle text keeps inside on a round piece: the safe margin within the cut."""
    return (placed.width / 2, placed.height / 2,
            min(placed.width, placed.height) / 2 - placement.size.safe_margin)


def _under_a_code(slot: SlotSpec, placed: PlacedFace) -> bool:
    """Whether `slot` is a caption set under a QR code that printed (`below:` a qr slot)."""
    if slot.rotate or slot.valign != "top" or slot.below not in placed.extents:
        return False
    neighbour = slot_named(placed, slot.below)
    return neighbour is not None and neighbour.kind == "qr"


def caption_rise(slot: SlotSpec, items: Sequence[Paragraph], box: Rect, placement: Placement,
                 placed: PlacedFace) -> float:
    """How far the box of `slot` (`box`, as `slot_box` gives it) rises to print `items`: a
    caption's under a QR code (`_caption_rise`), else 0 (string_room.py measures the room a
    translation has in the box the text is placed in)."""
    if not items or not (_under_a_code(slot, placed) or slot.ink_gap
                         and printed_neighbour(slot.below, "below", placed) is not None):
        return 0.0
    return _caption_rise(items, box, placement)


def _caption_rise(items: Sequence[Paragraph], box: Rect, placement: Placement) -> float:
    """How far a caption's box under a QR code rises, so that its `gap` is read to the ink
    of its first line, as a designer measures it (1.5-2 mm from the quiet zone), not to the
    top of the line, which lies a size above the baseline: by what its glyphs leave empty
    above them (a third of the size over a Latin capital, next to nothing over a Thai tone
    mark). The same share of every size: worked out on the largest, then the size that
    fits the box so raised (what it leaves empty rises with it)."""
    fitted, _, _ = first_choice_that_fits(items, box.width, 10_000.0, placement)
    if not fitted:
        return 0.0
    style = fitted[0].style
    ink = ink_above_baseline(plain_text(fitted[0].text), style.fontName, style.fontSize)
    if ink is None:
        return 0.0
    share = max(0.0, 1.0 - ink / style.fontSize)
    rise = share * style.fontSize
    for _ in range(4):  # a smaller size leaves less above it: settle on the one that fits
        fitted, _, _ = first_choice_that_fits(items, box.width, box.height + rise, placement)
        if not fitted:
            return 0.0
        settled = share * fitted[0].style.fontSize
        if settled >= rise - 0.01:
            return rise
        rise = settled
    return 0.0


def _last_ink(para: RLParagraph, bottom: float) -> float:
    """Where the ink of a paragraph standing on `bottom` ends (points up): its last line's
    baseline (a leading less the size above the paragraph's foot, as ReportLab and
    LineParagraph set lines) less how far its letters reach below it (the whole
    paragraph's, for one of several lines: a descender in any of them)."""
    style = para.style
    baseline = bottom + style.leading - style.fontSize
    below = ink_below_baseline(plain_text(para.getPlainText()), style.fontName, style.fontSize)
    return baseline - max(0.0, below or 0.0)


COLUMN_GAP = 12.0  # between the columns of a slot's lines to write on


def _columns(box: Rect, shares: Sequence[float], rtl: bool) -> list[tuple[float, float]]:
    """(left, right) of each column, the first at the side lines start from."""
    total = sum(shares)
    room = box.width - COLUMN_GAP * (len(shares) - 1)
    spans, x = [], box.x
    for share in shares:
        width = room * share / total
        spans.append((x, x + width))
        x += width + COLUMN_GAP
    if rtl:  # the first column at the right
        spans = [(box.x + box.x + box.width - right, box.x + box.x + box.width - left)
                 for left, right in spans]
    return spans


def _column_heads(placed: PlacedFace, heads: list[RLParagraph], box: Rect, bottom: float,
                  slot: SlotSpec) -> float:
    """Each column's heading over it, side by side under the slot's text (`bottom`); the
    lowest foot they come to."""
    foot = bottom
    for head, (left, right) in zip(heads, _columns(box, slot.rule_columns, placed.rtl),
                                   strict=True):
        _, height = head.wrap(right - left, 10_000)
        y = bottom - head.style.spaceBefore - height
        placed.texts.append(replace(placed_text(head, left, y, right - left, placed.rtl),
                                    in_row=True))
        foot = min(foot, y)
    return foot


def _in_columns(lines: list[Rule], box: Rect, shares: Sequence[float], rtl: bool,
                heads: list[str]) -> list[Rule]:
    """Each line to write on cut into the columns, each piece labelled with its column's
    heading (a form field's description: "People I can call: Number")."""
    return [Rule(left, right, line.y, line.slot, f"{line.label}: {head}")
            for line in lines
            for (left, right), head in zip(_columns(box, shares, rtl), heads, strict=True)]


def _tell_a_shorter_note(placed: PlacedFace, slot: SlotSpec, placement: Placement,
                         items: Sequence[Paragraph], chosen: Sequence[Paragraph]) -> None:
    """A warning when a safety slot prints a later choice than its first (a sticker's
    emergency sentence alone where the whole safety note does not fit): saying what it
    leaves out."""
    choices = sorted({item.choice for item in items if item.choice})
    if not choices or any(item.choice == choices[0] for item in chosen):
        return

    def said(paragraphs: Iterable[Paragraph]) -> str:
        return " ".join(_words(item) for item in paragraphs)
    whole = said(item for item in items if item.choice == choices[0])
    placed.warnings.append(slot_problem(Code.SHORTER_NOTE, slot, placement, (
        f"printed the shorter '{said(chosen)}': the whole safety note ('{whole}') does not "
        "fit"), placed, "warning", short=said(chosen), whole=whole))


def _tell_what_a_choice_leaves_out(placed: PlacedFace, slot: SlotSpec, placement: Placement,
                                   items: Sequence[Paragraph],
                                   chosen: Sequence[Paragraph]) -> None:
    """A note where a slot prints a later choice that is its first less some paragraphs (the
    poster's headline alone, its subtitle giving way to a sentence-long headline): what it
    leaves out. A later choice of other words (a card's second card line) is no loss, nor a
    heading it prints its paragraphs without (a folding card's key points)."""
    choices = sorted({item.choice for item in items if item.choice})
    if not choices or any(item.choice == choices[0] for item in chosen):
        return
    styles = placement.layout.spec.styles
    first = [item for item in items if item.choice == choices[0]]
    printed = {_words(item) for item in chosen if item.choice}
    left_out = [_words(item) for item in first if _words(item) not in printed
                and not styles[item.style].keep_with_next]
    if not printed or not printed <= {_words(item) for item in first} or not left_out:
        return
    block = " ".join(left_out)
    placed.warnings.append(slot_problem(Code.ROOM_LEFT_OUT, slot, placement, (
        f"left out '{block}': the rest of the slot needs its room"), placed, "info",
        block=block))


def _words(item: Paragraph) -> str:
    """A paragraph's words, as said in a message."""
    return " ".join(plain_text(item.markup).split())


def _at_its_size(items: Sequence[Paragraph], width: float, height: float,
                 placement: Placement
                 ) -> tuple[list[RLParagraph] | None, float, Sequence[Paragraph]]:
    """The paragraphs at their styles' own sizes where they fit, else a step of the sheet's
    scale down where their one style names one (`_steps_down`), else None and the overflow:
    what a slot prints only where there is room for it keeps to the piece's type scale (a
    heading squeezed a size between steps would set every heading of its style so)."""
    paragraphs, used = stacked(items, 1.0, width, placement.typesetter)
    if used == UNBREAKABLE or used > height + 0.01:
        for scale in _steps_down(items, placement.typesetter):
            lower, lower_used = stacked(items, scale, width, placement.typesetter)
            if lower_used != UNBREAKABLE and lower_used <= height + 0.01:
                return lower, lower_used, items
        return None, used if used == UNBREAKABLE else used - height, items
    return paragraphs, used, items


def _steps_down(items: Sequence[Paragraph], typesetter: Typesetter) -> list[float]:
    """The scales that set spare room's content a step of the sheet's scale down, largest
    first, where its one style names a step under its size among its `levels` (the
    sticker's promise: 9 pt where 10 has no room); none for any other."""
    names = {item.style for item in items}
    if len(names) != 1:
        return []
    spec = typesetter.spec.styles[names.pop()]
    own = spec.size * typesetter.limits.optical
    least = size_range(spec, typesetter.limits)[0]
    return [level / own for level in reversed(typesetter.limits.levels_of(spec))
            if least - 1e-6 <= level < own - 1e-6]


def _last_choice(items: Sequence[Paragraph]) -> tuple[Paragraph, ...]:
    """The slot's paragraphs with its last choice (`choice="n"`), or all where it has none."""
    last = max((item.choice for item in items), default=0)
    return tuple(item for item in items if item.choice in (0, last))


def _length(item: Paragraph) -> int:
    return len(plain_text(item.markup))


def _characters_that_fit(item: Paragraph, width: float, height: float,
                         placement: Placement) -> int:
    """How many characters of `item`, cut at a space, fit the box at the floor size."""
    words = plain_text(item.markup).split(" ")
    low, high = 0, len(words)
    while low < high:  # the most words that fit
        middle = (low + high + 1) // 2
        prefix = html.escape(" ".join(words[:middle]), quote=False)
        fitted, _ = fit_stack([replace(item, markup=prefix, parts=())], width, height,
                              placement.typesetter)
        low, high = (middle, high) if fitted is not None else (low, middle - 1)
    return len(" ".join(words[:low]))


def _shortened(items: Sequence[Paragraph], width: float, height: float,
               placement: Placement) -> tuple[list[RLParagraph] | None, float, int]:
    """The most of `items`' first paragraphs that fit, never ending on a heading (a style
    kept with the next); (None, overflow of the whole, 0) when not even the first two do."""
    styles = placement.layout.spec.styles
    ends = [kept for kept in range(2, len(items))
            if not styles[items[kept - 1].style].keep_with_next]
    # the most that fit, found by halving: fewer paragraphs never take more room, and trying
    # each count from the last down laid out n²/2 paragraphs (1,000 key points: a million)
    best: tuple[list[RLParagraph], float, int] | None = None
    low, high = 0, len(ends) - 1
    while low <= high:
        middle = (low + high) // 2
        fitted, used = fit_stack(items[:ends[middle]], width, height, placement.typesetter)
        if fitted is not None:
            best, low = (fitted, used, ends[middle]), middle + 1
        else:
            high = middle - 1
    if best is not None:
        return best
    _, overflow = fit_stack(items, width, height, placement.typesetter)
    return None, overflow, 0
