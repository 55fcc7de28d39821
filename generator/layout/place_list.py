"""A list slot placed (the hotlines): the lines fitted, each web address where it costs
least (its own line, beside the languages, at the end of a row, or left out), the lines
spread over the room."""

from __future__ import annotations

import copy
import html
from collections.abc import Collection, Iterable, Sequence
from dataclasses import replace

from generator.content.layouts import SlotSpec
from generator.errors import Code, ContentError, FieldValue, quoted, shortened
from generator.i18n.bidi_text import BidiParagraph
from generator.i18n.plain_text import plain_text
from generator.layout.beside_rows import Beside, addresses_beside
from generator.layout.compose import ComposedFace, Item
from generator.layout.fit import Typesetter
from generator.layout.geometry import Rect
from generator.layout.list_fit import (
    Cut,
    ListFit,
    assemble,
    describe,
    fit_list,
    no_line_grows_longer,
)
from generator.layout.paragraphs import Paragraph, joined
from generator.layout.place_problems import overflow_message, slot_problem, wide_source
from generator.layout.placed import PlacedFace, PlacedText, Placement
from generator.layout.round_fit import line_widths
from generator.layout.slot_boxes import column_box, printed_neighbour, slot_box, slot_named
from generator.layout.slot_stack import stack_in_box


def place_list(placed: PlacedFace, slot: SlotSpec, composed: ComposedFace,
               placement: Placement) -> None:
    """Shrink to the floor, then leave out optional details, then lines (see list_fit)."""
    items: Sequence[Item] = composed.lists[slot.name]
    box = slot_box(slot, placement, placed)
    white = _white_over_the_ink(items, slot, placement)
    if white:
        box = Rect(box.x, box.y, box.width, box.height + white)
    fitted = _fitted_list(items, slot, box, placement, placed)
    languages: frozenset[Cut] = frozenset()  # left out for their lines' web addresses
    unwebbed = _without_web(items)
    if unwebbed is not None:  # web addresses print where they cost nothing else
        plain = _fitted_list(unwebbed, slot, box, placement, placed)
        alone = _web_alone(items)
        if plain.paragraphs is not None and not _costs_nothing(items, fitted, plain,
                                                                placement.typesetter):
            # beside the texting line it takes a line more: on a line of its own, where
            # the room names would grow into holds it (a narrow ISO card's lines column)
            own = _fitted_list(alone, slot, box, placement, placed) \
                if alone != items and placement.layout.spec.web_own_line else None
            beside = _web_beside_languages(items) \
                if placement.layout.spec.web_over_languages else None
            shared = _fitted_list(beside, slot, box, placement, placed) \
                if beside is not None else None
            traded = _web_for_languages(items, slot, box, placement, placed, plain) \
                if placement.layout.spec.web_over_languages else None
            if own is not None and _costs_nothing(alone, own, plain, placement.typesetter):
                items, fitted = alone, own
            elif beside is not None and shared is not None \
                    and _costs_nothing(beside, shared, plain, placement.typesetter):
                items, fitted = beside, shared
            elif traded is not None:
                fitted, languages = traded
            else:
                fitted = replace(plain, left_out=tuple(sorted(
                    (*plain.left_out, *_web_cuts(items)))))
        if not languages:
            items, fitted = _addresses_in_line_order(items, fitted, plain, slot, box,
                                                     placement, placed)
    if fitted.paragraphs is None:
        required = tuple(shortened(item.label) for item in items if item.required)
        overflow, fields = overflow_message(fitted.height, placement, fitted.required,
                                            width=box.width)
        message = (f"required lines ({', '.join(required)}) do not fit, even without their "
                   f"optional details: {overflow}")
        source = wide_source(fitted.height, fitted.required, box.width, placement)
        raise ContentError(slot_problem(Code.REQUIRED_LINES, slot, placement, message, placed,
                                        "error", source, names=required, **fields))
    spare = max(0.0, box.height - fitted.height) if slot.valign == "spread" else 0.0
    on_rows = addresses_beside(items, fitted, box.width, placement.typesetter,
                               placement.layout.spec.web_beside, spare) \
        if placement.layout.spec.web_beside and not languages else []
    printed_beside = {each.cut for each in on_rows}
    first = min((cut.item for cut in fitted.left_out if cut.whole_line), default=None)
    for cut in fitted.left_out:
        if cut in printed_beside:
            continue
        code, why, fields = (_why_left_out(items, cut.item, first, placement.fonts.lang)
                             if cut.whole_line else _detail_left_out(cut, items))
        if cut in languages:  # a trade, not a loss: weighed as a web address is
            why = "its web address takes its place"
        web = fields.get("kind") == "web" or cut in languages
        if web:
            placed.left_out_web += 1
        else:
            placed.left_out_details += 1
        warning = slot_problem(code, slot, placement, f"left out {describe(cut, items)}: {why}",
                               placed, "info" if web else "warning", **fields)
        placed.warnings.append(warning)
        if web and cut not in languages:  # the build completes its note with the pieces
            # that print the address
            placed.gave_way.append(((str(fields["text"]),), warning))
        if cut.whole_line:  # the build adds where it does print (generator/pipeline/build.py)
            placed.left_out_lines.append((items[cut.item].line, warning))
        elif fields.get("kind") == "hours":
            placed.hours_left_out.append(items[cut.item].line)
    under_rows = {each.row + 1: each.room for each in on_rows if each.room > 0}
    before = _spread(placed, slot, placement, box, fitted.height + sum(under_rows.values()),
                     fitted.starts)
    for index, room in under_rows.items():
        before[index] = before.get(index, 0.0) + room
    if slot.valign == "bottom" and slot.spare_over is not None:
        rise = max(0.0, box.height - fitted.height - slot.spare_over) / 2
        box = Rect(box.x, box.y + rise, box.width, box.height - rise)
    first_text = len(placed.texts)
    paragraphs = list(fitted.paragraphs)
    for each in on_rows:
        if each.whole_row:  # the row set again with its address: its one line still
            paragraphs[each.row] = each.paragraph
    stack_in_box(placed, paragraphs, box, fitted.height + sum(before.values()), slot,
                 before=before)
    for each in sorted(on_rows, key=lambda each: -each.row):
        if each.whole_row:
            continue
        at = first_text + each.row
        row = replace(placed.texts[at], in_row=True)  # read as one line with the address
        address = _set_beside(row, each, box, placed.rtl)
        if placed.rtl and isinstance(row.paragraph, BidiParagraph) \
                and isinstance(address.paragraph, BidiParagraph):
            # PDFium reads a right-to-left row's address with the row, after it (it reads
            # the runs of one height by where they stand: the address, on the left, first)
            row_paragraph = copy.copy(row.paragraph)  # a fitted list's paragraphs are kept
            row_paragraph.read_after = address.paragraph.drawn
            address.paragraph.read_by_pdfium = False
            row = replace(row, paragraph=row_paragraph)
        placed.texts[at] = row
        placed.texts.insert(at + 1, address)


def _set_beside(row: PlacedText, beside: Beside, box: Rect, rtl: bool) -> PlacedText:
    """The address `beside` sets at the end of the row `row`, on its baseline: after it in
    the reading order, to its right (left to right) or its left (right to left)."""
    para = row.paragraph
    start = (para.style.leftIndent + para.style.firstLineIndent
             + line_widths(para)[0] + beside.gap)
    address = beside.paragraph
    _, height = address.wrap(box.width - start, 10_000)
    baseline = row.y + para.height - para.style.fontSize
    x = box.x if rtl else box.x + start
    return replace(row, paragraph=address, x=x, y=baseline - (height - address.style.fontSize),
                   icon=None, in_row=False, beside=True)


def _addresses_in_line_order(items: Sequence[Item], fitted: ListFit, plain: ListFit,
                             slot: SlotSpec, box: Rect, placement: Placement,
                             placed: PlacedFace) -> tuple[Sequence[Item], ListFit]:
    """`items` and `fitted`, or where they print a later line's web address while an earlier
    line's is left out, the lines with the addresses taken in the order of the lines (the
    first line's, the hotline's, first): each printed where it costs nothing beside those
    before it (`_costs_nothing` against the list without addresses, `plain`), beside its
    line's numbers or else on a line of its own (`_web_alone`). One that does not is left
    out and the next tried beside those taken: an earlier line's address never gives way to
    a later one's, but one that cannot print at all displaces nothing (a Hindi US back
    printed neither address where the hotline's did not fit beside its texting line)."""
    cuts = sorted(_web_cuts(items))
    out = set(fitted.left_out)
    first_out = next((number for number, cut in enumerate(cuts) if cut in out), None)
    last_in = max((number for number, cut in enumerate(cuts) if cut not in out), default=-1)
    if fitted.paragraphs is None or plain.paragraphs is None or first_out is None \
            or last_in < first_out:
        return items, fitted
    # a line the list without addresses leaves out whole is left out whole with them too
    # (they only add to it): its address changes nothing once one is taken, and is taken
    # without fitting the list again; fitted for each, n lines cost n lists of n lines
    gone = {cut.item for cut in plain.left_out if cut.whole_line}
    found: list[tuple[tuple[bool, ...], int, Sequence[Item], ListFit]] = []
    bases = [tuple(items), _web_alone(items) if placement.layout.spec.web_own_line
             else tuple(items)]
    for rank, base in enumerate(bases[:1] if bases[1] == bases[0] else bases):
        webs = sorted(_web_cuts(base))
        chosen: set[Cut] = set()
        last: ListFit | None = None  # the list with the addresses `chosen`
        for cut in webs:
            if last is not None and cut.item in gone:
                chosen.add(cut)
                continue
            trial = {*chosen, cut}
            kept = _without(base, [other for other in webs if other not in trial])
            made = _fitted_list(kept, slot, box, placement, placed)
            if made.paragraphs is None or trial & set(made.left_out) or \
                    not _costs_nothing(kept, made, plain, placement.typesetter):
                continue  # left out; a later line's is tried beside those taken
            chosen, last = trial, made
        best = replace(last or plain, left_out=tuple(sorted(
            {*(last or plain).left_out, *(other for other in webs if other not in chosen)})))
        printed = tuple(cut in chosen for cut in webs)
        found.append((printed, -rank, base, best))
    _, _, lines, taken = max(found, key=lambda each: each[:2])
    return lines, taken


def _fitted_list(items: Sequence[Item], slot: SlotSpec, box: Rect,
                 placement: Placement, placed: PlacedFace) -> ListFit:
    fitted = fit_list(items, box.width, box.height, placement.typesetter)
    if slot.valign == "spread":  # it fills its box: by growing only as far as no line wraps
        fitted, room = _kept_apart(fitted, items, slot, placement, placed, box)
        fitted = no_line_grows_longer(fitted, items, box.width, room, placement.typesetter)
    return fitted


def _web_for_languages(items: Sequence[Item], slot: SlotSpec, box: Rect,
                       placement: Placement, placed: PlacedFace, plain: ListFit
                       ) -> tuple[ListFit, frozenset[Cut]] | None:
    """The list with each web address that costs something in the place of its line's
    languages (`web_over_languages`), where that prints all the list without the addresses
    (`plain`) prints but those languages, each style at its size there; with the languages'
    cuts. None where it does not, or where a languages paragraph is not its line's last (the
    cuts of the other paragraphs keep their places only then)."""
    webbed = {cut.item for cut in _web_cuts(items)}
    cuts = frozenset(Cut(index, number, part) for index, item in enumerate(items)
                     if index in webbed
                     for number, paragraph in enumerate(item.paragraphs)
                     for part, piece in enumerate(paragraph.parts)
                     if piece.kind == "languages")
    if not cuts or any(len(items[cut.item].paragraphs[cut.paragraph].parts) != 1
                       or cut.paragraph != len(items[cut.item].paragraphs) - 1
                       for cut in cuts):
        return None
    traded = _without(items, cuts)
    fitted = _fitted_list(traded, slot, box, placement, placed)
    if fitted.paragraphs is None or set(fitted.left_out) - set(plain.left_out) - cuts:
        return None
    unlanguaged = replace(plain, left_out=tuple(cut for cut in plain.left_out
                                                if cut not in cuts))
    if not _costs_nothing(traded, fitted, unlanguaged, placement.typesetter):
        return None
    return replace(fitted, left_out=tuple(sorted({*fitted.left_out, *cuts}))), cuts


def _web_beside_languages(items: Sequence[Item]) -> tuple[Item, ...] | None:
    """The lines with each web address on a paragraph of its own and the languages
    paragraph right after it set as one row, "988lifeline.org · English · Español" (a
    folding card's: the address took the languages' place in ar ur th hi vi, the review of
    main at 8.5); None where no line has the two."""
    made, changed = [], False
    for item in items:
        paragraphs = list(item.paragraphs)
        for index, (web, languages) in enumerate(zip(paragraphs, paragraphs[1:],
                                                     strict=False)):
            if [part.kind for part in web.parts] == ["web"] \
                    and [part.kind for part in languages.parts] == ["languages"] \
                    and web.style == languages.style:
                parts = (web.parts[0], replace(languages.parts[0], sep=" \u00b7 "))
                paragraphs[index:index + 2] = [replace(web, markup=joined(parts), parts=parts)]
                changed = True
                break
        made.append(replace(item, paragraphs=tuple(paragraphs)))
    return tuple(made) if changed else None


def _web_cuts(items: Sequence[Item]) -> list[Cut]:
    """Each web address beside a line's numbers (a `web` detail) as a cut."""
    return [Cut(index, number, part) for index, item in enumerate(items)
            for number, paragraph in enumerate(item.paragraphs)
            for part, piece in enumerate(paragraph.parts) if piece.kind == "web"]


def _less(paragraph: Paragraph, indices: Collection[int]) -> Paragraph | None:
    """`paragraph` without its parts at `indices`, the others still what they were (its
    hours still optional); None where nothing is left."""
    parts = tuple(part for index, part in enumerate(paragraph.parts) if index not in indices)
    markup = joined(parts)
    if not markup:
        return None
    return replace(paragraph, markup=markup,
                   parts=parts if any(part.kind for part in parts) else ())


def _web_alone(items: Sequence[Item]) -> tuple[Item, ...]:
    """The lines with each web address set in a line's details (a `web` span) moved to a
    paragraph of its own, the line's last, in the style of the one it was in."""
    made = []
    for item in items:
        paragraphs, addresses = [], []
        for paragraph in item.paragraphs:
            spans = [index for index, part in enumerate(paragraph.parts)
                     if part.kind == "web" and len(paragraph.parts) > 1]
            if not spans:
                paragraphs.append(paragraph)
                continue
            kept = _less(paragraph, spans)
            if kept is not None:
                paragraphs.append(kept)
            addresses += [Paragraph(paragraph.style, paragraph.parts[index].markup,
                                    parts=(replace(paragraph.parts[index], sep=""),))
                          for index in spans]
        made.append(replace(item, paragraphs=(*paragraphs, *addresses)) if addresses
                    else item)
    return tuple(made)


def _without_web(items: Sequence[Item]) -> tuple[Item, ...] | None:
    """The lines without their `web` details (None where none has one). A line's web
    paragraph is its last, so the others keep their places (a cut of its hours reads the
    same in both)."""
    cuts = _web_cuts(items)
    return _without(items, cuts) if cuts else None


def _without(items: Sequence[Item], cuts: Iterable[Cut]) -> tuple[Item, ...]:
    """The lines without the details `cuts` name (a paragraph left with none, out)."""
    out: dict[tuple[int, int], set[int]] = {}
    for cut in cuts:
        out.setdefault((cut.item, cut.paragraph), set()).add(cut.part)
    made = []
    for index, item in enumerate(items):
        paragraphs = []
        for number, paragraph in enumerate(item.paragraphs):
            kept = _less(paragraph, out[(index, number)]) if (index, number) in out \
                else paragraph
            if kept is not None:
                paragraphs.append(kept)
        made.append(replace(item, paragraphs=tuple(paragraphs)))
    return tuple(made)


def _costs_nothing(items: Sequence[Item], fitted: ListFit, plain: ListFit,
                   typesetter: Typesetter) -> bool:
    """Whether the list with its web addresses (`fitted`) prints everything the list without
    them (`plain`) prints, each style at its size there or at its own size (`own_size`) at
    least: the addresses take the room names would grow into, none of the room the names'
    step, the hours or the lines need."""
    if fitted.paragraphs is None or plain.paragraphs is None:
        return False
    web = set(_web_cuts(items))
    if not {cut for cut in fitted.left_out if cut not in web} <= set(plain.left_out):
        return False
    addresses = {plain_text(items[cut.item].paragraphs[cut.paragraph].parts[cut.part].markup)
                 for cut in web}
    if _lines_but(fitted, addresses) > _lines_but(plain, addresses):
        return False  # "Text START / to 88788 · thehotline.org": a line more for it

    def sizes(made: ListFit) -> dict[str, float]:
        found: dict[str, float] = {}
        for para in made.paragraphs or ():
            name = para.style.name.partition("@")[0]
            found[name] = max(found.get(name, 0.0), para.style.fontSize)
        return found

    if typesetter.spec.web_over_air is not None:  # each style at the least size its step allows
        # (a step still), and no style on more lines for it: names smaller do not
        # make room for hours wrapped onto a line of their own (a Hebrew 988 line's)
        fewer, more = _lines_by_style(plain, addresses), _lines_by_style(fitted, addresses)
        return all(lines <= fewer.get(name, 0) for name, lines in more.items())
    grown = sizes(fitted)
    return all(grown.get(name, 0.0) >= min(size, typesetter.own_size(name)) - 0.01
               for name, size in sizes(plain).items())


def _lines_by_style(fitted: ListFit, addresses: set[str]) -> dict[str, int]:
    """_lines_but's lines, by style."""
    found: dict[str, int] = {}
    for para in fitted.paragraphs or ():
        if html.unescape(para.getPlainText()).strip() not in addresses:
            name = para.style.name.partition("@")[0]
            found[name] = found.get(name, 0) + round(para.height / para.style.leading)
    return found


def _lines_but(fitted: ListFit, addresses: set[str]) -> int:
    """How many lines a fitted list takes, less those of a paragraph that holds a web
    address alone (a line of its own, which takes the room names would grow into)."""
    return sum(round(para.height / para.style.leading) for para in fitted.paragraphs or ()
               if html.unescape(para.getPlainText()).strip() not in addresses)


def _white_over_the_ink(items: Sequence[Item], slot: SlotSpec, placement: Placement) -> float:
    """For a list set with its ink at the top of its box (`ink_top`), the white ReportLab
    leaves above its first line's letters (its first baseline stands a size below its top),
    at the first paragraph's least size: the box grows up by that much."""
    first = next((item.paragraphs[0] for item in items if item.paragraphs), None)
    if not slot.ink_top or first is None:
        return 0.0
    typesetter = placement.typesetter
    para = typesetter.paragraphs((first,), typesetter.lowest_scale((first,)))[0]
    rise = typesetter.rise(first, para.style)
    return max(0.0, para.style.fontSize - rise) if rise is not None else 0.0


BODY_LEADING = 1.25  # a body line's height over its size, the rhythm `spread_most` counts in


def _kept_apart(fitted: ListFit, items: Sequence[Item], slot: SlotSpec,
                placement: Placement, placed: PlacedFace, box: Rect) -> tuple[ListFit, float]:
    """The list fitted so that `_spread` gives each gap between its lines at least
    `spread_least` body lines, and the height it was fitted in: set smaller where its box
    leaves less room, unless that leaves out more of it (then as fitted, closer together)."""
    body = dict(placement.size.type_scale).get("body")
    if (slot.spread_least is None or body is None or fitted.paragraphs is None
            or len(fitted.starts) < 2):
        return fitted, box.height
    shares = _shares(placed, slot, placement, box, fitted.starts)
    for part in LEAST_PARTS:  # as near the least as the list's hierarchy allows
        least = part * slot.spread_least * body * BODY_LEADING
        room = box.height - least * shares
        if box.height - fitted.height >= least * shares - 0.01 or room <= 0:
            return fitted, box.height
        smaller = fit_list(items, box.width, room, placement.typesetter)
        if (smaller.paragraphs is not None and smaller.left_out == fitted.left_out
                and smaller.starts == fitted.starts
                and _holds_its_steps(smaller, fitted, items, placement)):
            return smaller, room
    return fitted, box.height


LEAST_PARTS = (1.0, 0.875, 0.75)  # of `spread_least`, tried in turn


def _holds_its_steps(smaller: ListFit, fitted: ListFit, items: Sequence[Item],
                     placement: Placement) -> bool:
    """Whether the list set smaller keeps its `shrinks_last` styles' sizes (the poster's
    safety note at body, the other lines' numbers a step above their names): room between
    its groups is not bought with its hierarchy."""
    styles = placement.layout.spec.styles
    kept = assemble(items, frozenset(fitted.left_out))
    return all(after.style.fontSize >= before.style.fontSize - 0.01
               for paragraph, before, after in zip(kept, fitted.paragraphs or (),
                                                   smaller.paragraphs or (), strict=False)
               if styles[paragraph.style].shrinks_last)


def _shares(placed: PlacedFace, slot: SlotSpec, placement: Placement, box: Rect,
            starts: Sequence[int]) -> float:
    """How many shares `_spread` cuts a spread list's spare room into: one a gap between
    its lines, `spread_foot` under the last, one more where the slot above it is raised."""
    above = printed_neighbour(slot.above, "above", placed, box, placement)
    over = slot_named(placed, above)
    raised = over is not None and over.above is not None and above in placed.extents
    return len(starts) - 1 + slot.spread_foot + raised


def _spread(placed: PlacedFace, slot: SlotSpec, placement: Placement, box: Rect,
            height: float, starts: Sequence[int]) -> dict[int, float]:
    """For a list set `valign: spread`, the room to add before each of its paragraphs: the
    room its box leaves, shared out evenly between its lines, below the last and, where the
    slot it stacks above stacks above another in turn (a card's line over its safety note),
    between those two: that slot is raised by a share (`PlacedFace.lifted`), as far as it
    stays clear of what stands above it in another column (a QR code's caption)."""
    if slot.valign != "spread" or not starts:
        return {}
    extra = max(0.0, box.height - height)
    above = printed_neighbour(slot.above, "above", placed, box, placement)
    over = slot_named(placed, above)
    raised = over is not None and over.above is not None and above in placed.extents
    share = extra / _shares(placed, slot, placement, box, starts)
    body = dict(placement.size.type_scale).get("body")
    if slot.spread_most is not None and body is not None:
        share = min(share, slot.spread_most * body * BODY_LEADING)
    if raised and over is not None and above is not None:
        column = column_box(over, placement, placed)
        top = placed.extents[above][1]
        ceiling = min((bottom - over.gap for name, (bottom, _) in placed.extents.items()
                       if name not in (slot.name, above) and bottom >= top - 0.01
                       and (other := slot_named(placed, name)) is not None
                       and _across(column_box(other, placement, placed), column)),
                      default=float("inf"))
        lift = max(0.0, min(share, ceiling - top))
        if lift > 0.01:
            placed.lifted[above] = lift
    return dict.fromkeys(starts[1:], share)


def _across(one: Rect, other: Rect) -> bool:
    """Whether two boxes share some of their width."""
    return one.x < other.x + other.width - 0.01 and other.x < one.x + one.width - 0.01


def _why_left_out(items: Sequence[Item], index: int, first: int | None, lang: str
                  ) -> tuple[Code, str, dict[str, FieldValue]]:
    """Why a whole line is left out of a list: it does not fit (here, or in the languages
    the kit's other pieces of this document could not hold it in), or it comes after the
    first line that does not (see list_fit)."""
    assert first is not None
    where = items[first].left_out_in
    elsewhere = f" in {', '.join(where)}" if where and lang not in where else ""
    name = items[index].label
    if index == first:
        return Code.LINE_LEFT_OUT, f"it does not fit whole{elsewhere}" + (
            ", and every language prints the same lines" if elsewhere else ""), {
            "name": name, "languages": tuple(where) if elsewhere else ()}
    return Code.LINE_LEFT_OUT_AFTER, (
        f"it comes after {quoted(items[first].label)}, which is left out: the lines keep "
        "their order"), {"name": name, "first": items[first].label}


def _detail_left_out(cut: Cut, items: Sequence[Item]) -> tuple[Code, str, dict[str, FieldValue]]:
    """A detail of a line left out (its hours, its languages): what and whose."""
    paragraph = items[cut.item].paragraphs[cut.paragraph]
    part = paragraph.parts[cut.part]
    markup = f"{paragraph.alt} {part.markup}" if paragraph.icon and cut.part == 0 else part.markup
    return Code.DETAIL_LEFT_OUT, "it does not fit", {
        "text": " ".join(plain_text(markup).split()), "kind": part.kind,
        "name": items[cut.item].label}
