"""Lay a composed face out in its slots: shrink text to the floor, then drop or fail.

Nothing here draws; `check` runs it all in memory. Positions are in points from the
lower-left corner of the trimmed face.
"""

from __future__ import annotations

import contextlib
import copy
import html
import math
import re
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType

from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Paragraph as RLParagraph

from generator.content.layouts import (
    FaceSpec,
    FillerSpec,
    Layout,
    SizeSpec,
    SlotSpec,
    StyleSpec,
)
from generator.content.models import Source
from generator.content.units import PT_PER_UNIT
from generator.engine import current_engine
from generator.errors import (
    Code,
    ContentError,
    FieldValue,
    Problem,
    Severity,
    quoted,
    shortened,
)
from generator.i18n.bidi_text import BidiParagraph
from generator.i18n.fonts import FontSet
from generator.i18n.plain_text import plain_text
from generator.i18n.shaped_width import (
    ink_above_baseline,
    ink_below_baseline,
    shaped_width_at_1000,
)
from generator.layout.beside_rows import Beside, addresses_beside
from generator.layout.compose import ComposedFace, Item
from generator.layout.fillers import (
    GAP,
    MIN_RULES,
    Filled,
    Rule,
    fill,
    free_room,
    rules,
    spread,
)
from generator.layout.fit import (
    SHRINK_STEP,
    UNBREAKABLE,
    Icon,
    Typesetter,
    fit_stack,
    min_width,
    sized_spec,
    stacked,
)
from generator.layout.flow import (
    Flowed,
    FlowPiece,
    fit_flow,
    flowed_at,
    spread_boxes,
    words_over,
)
from generator.layout.geometry import Rect, panel_rects, slot_rect
from generator.layout.list_fit import (
    Cut,
    ListFit,
    assemble,
    describe,
    fit_list,
    no_line_grows_longer,
)
from generator.layout.paragraphs import Paragraph, joined
from generator.layout.qr_size import QrError, min_symbol_size, symbol_share
from generator.layout.round_fit import line_widths, lowest_rise, past_the_circle
from generator.layout.styles import size_range, style_name


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
    copy: int = 0  # a repeated slot's: which copy it is (tear-off tabs: 0 the first, 1...)
    screen_only: bool = False  # read on a screen only, never printed (SlotSpec.screen_only)
    # One of paragraphs side by side on one baseline (a table's column headings): PDFium
    # reads them as one line (generator/render/screen_text.py's carry).
    in_row: bool = False
    # A run set at the end of another paragraph's row (a line's web address on its number's
    # row, generator/layout/beside_rows.py): at a size of its own, never its style's cap.
    beside: bool = False
    # The rest of a paragraph a flow split between boxes (panels): the paragraph of the
    # text it continues, which a screen copy reads it with (generator/render/screen.py).
    continues: RLParagraph | None = None


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
    size = min(icon.share * font_size, icon.column - ICON_AIR)
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
class PlacedField:
    """A flat colour behind part of a face: `rect`, run on to the edges of `panel` on the
    sides in `edges` (and into the bleed where that is the trim); on a round piece kept to
    `circle` (x, y, radius: the die cut) and the bleed past it."""

    rect: Rect
    paint: str  # a FILL_PAINTS name
    panel: Rect
    edges: frozenset[str] = frozenset()
    circle: tuple[float, float, float] | None = None


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
    fields: list[PlacedField] = field(default_factory=list)  # colour behind text
    cut_lines: list[PlacedCutLine] = field(default_factory=list)
    rules: list[Rule] = field(default_factory=list)  # lines to write on
    flow_scale: float | None = None  # the scale its flow's text was set at, where it has one
    # slots of faces placed before it whose content a filler of its flow printed instead
    # (FillerSpec.unless: the flap's "When you call", on the brochure's inside)
    printed_instead: list[str] = field(default_factory=list)
    # slots of faces placed before it that kept a filler of its flow out (`unless:`), and the
    # largest share of a box its flow left empty: where that is much, the document is placed
    # again with those slots withheld (generator/layout/document.py)
    yielded: list[str] = field(default_factory=list)
    flow_emptiest: float | None = None
    callouts: list[Rect] = field(default_factory=list)  # tinted boxes behind text
    # a page's number of a document of pages (large print), in its bottom margin: drawn,
    # never read as its text (an artifact in the screen copy); generator/layout/pages.py
    folio: PlacedText | None = None
    warnings: list[Problem] = field(default_factory=list)
    extents: dict[str, tuple[float, float]] = field(default_factory=dict)  # slot: bottom, top
    rtl: bool = False
    claimed: list[Rect] = field(default_factory=list)  # boxes text sits in the middle of
    # lines a list could not hold whole, each with its warning (which the build completes)
    left_out_lines: list[tuple[int, Problem]] = field(default_factory=list)
    left_out_details: int = 0  # what lists left out in all, lines and details
    # web addresses beside a line's numbers that a list left out (`web` details): a loss
    # that weighs least (place_face), never one a slot gives way for (_face_at)
    left_out_web: int = 0
    # lines whose hours a list left out (document.lines_told: hours that are not 24/7 are
    # part of a line printed whole)
    hours_left_out: list[int] = field(default_factory=list)
    # slots that gave way (a card's line), each with the texts it could have printed and
    # its note (which the build completes with the pieces that print one of them)
    gave_way: list[tuple[tuple[str, ...], Problem]] = field(default_factory=list)
    # slots that gave way by being set in the column their `beside:` names (a card's line
    # beside a QR caption that takes the room under the code)
    narrowed: frozenset[str] = frozenset()
    # slots raised into the room a spread list leaves below it (points up): the card's line,
    # between the lines and the safety note it stacks on (`_spread`)
    lifted: dict[str, float] = field(default_factory=dict)
    # where the ink of each text slot's last line ends (points up): what a slot with
    # `ink_gap` stacks under
    ink_bottoms: dict[str, float] = field(default_factory=dict)
    ink_tops: dict[str, float] = field(default_factory=dict)  # where `ink_air` applies


@dataclass(frozen=True)
class LineWords:
    """What one line prints in a language (its name, hours, tab label, texting words, web
    address), for finding the line a word is in."""

    source: Source
    name: str
    text: str


@dataclass(frozen=True)
class Placement:
    """What the layout needs to know beyond the composed words."""

    layout: Layout
    size: SizeSpec
    brand: str
    sources: dict[str, Path]  # slot source name -> file to blame for overflow
    fonts: FontSet
    caps: tuple[tuple[str, float], ...] = ()  # style -> its size elsewhere in the document
    # Each line's printed words in this language, with where resources.yaml gives the line
    # and its name: a word too wide for a slot is blamed on the line it is in.
    lines: tuple[LineWords, ...] = ()
    # the text slots faces placed before this one printed (a filler `unless:` one of them
    # is left out)
    printed: frozenset[str] = frozenset()
    leading: float = 0.0  # the face's least line spacing over the size (leading_steps)
    last_resort: int = 0  # styles may shrink to their `step_min_size` (1), `last_min_size` (2)
    narrow: bool = False  # styles with a `narrow_width` set at it
    # text slots not printed on this document, their content printed by a later face's
    # filler instead (a brochure's "When you call" inside, where the article leaves it room)
    withheld: frozenset[str] = frozenset()
    # a text set from the top of its box keeps the layout's `ink_air` over the ink of the
    # slot it stands on (`_clear_of_the_ink_under`), but where that costs the face something
    # it prints (place_face); the slots it did not fit in for that ink are noted here
    ink_clear: bool = True
    ink_refused: list[str] | None = field(default=None, compare=False)

    @property
    def typesetter(self) -> Typesetter:
        return Typesetter(sized_spec(self.layout.spec, self.size), self.brand, self.fonts,
                          self.caps, self.leading, self.last_resort,
                          tuple(self.size.type_scale.items()), self.narrow)


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
            placed.warnings.append(_problem(
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
                note = _problem(Code.GAVE_WAY, slot, placement,
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
        texts[name] = [_lowered(text, -drop) for text in texts[name]]
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
    texts[slot.name] = [_lowered(own[0], -drop)]
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


def _box(slot: SlotSpec, placement: Placement, placed: PlacedFace,
         panel: int | None = None) -> Rect:
    """The slot's box; its top and bottom follow what the slots it stacks under (`below`)
    and over (`above`) printed. Where one printed nothing (a card's line that gave way),
    the slot stacks against what that one would have stacked against, and so on: the
    lines above a card's line end above the safety note when the card's line is left out.
    A slot set in another's column (`beside:`, `narrowed`) takes that column's width, and
    a slot in another column passes over it as over one that printed nothing."""
    box = _column_box(slot, placement, placed, panel)
    top, bottom = box.top, box.y
    below = _printed_neighbour(slot.below, "below", placed, box, placement, panel)
    if below is not None and _on_panel(placed, below, panel):
        foot = placed.extents[below][0]
        if slot.ink_gap and below in placed.ink_bottoms:
            foot = placed.ink_bottoms[below]  # the gap from its ink (its box rises to ours)
        top = min(top, foot - (slot.gap if slot.below_gap is None else slot.below_gap))
    above = _printed_neighbour(slot.above, "above", placed, box, placement, panel)
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
    other = _slot_named(placed, name)
    return other is None or other.panel == panel


def _column_box(slot: SlotSpec, placement: Placement, placed: PlacedFace,
                panel: int | None = None) -> Rect:
    """The slot's box; for a slot set in the column of the slot its `beside:` names, that
    slot's left and width."""
    box = slot_rect(slot, placement.size, placed.spec, panel, placement.fonts.rtl)
    column = _slot_named(placed, slot.beside)
    if slot.name not in placed.narrowed or column is None:
        return box
    beside = slot_rect(column, placement.size, placed.spec, panel, placement.fonts.rtl)
    return Rect(beside.x, box.y, beside.width, box.height)


def _printed_neighbour(name: str | None, side: str, placed: PlacedFace,
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
    column = _column_box(slot, placement, placed, panel)
    return column.x + column.width <= box.x + 0.01 or box.x + box.width <= column.x + 0.01


def slot_box(slot: SlotSpec, placement: Placement, placed: PlacedFace,
             panel: int | None = None) -> Rect:
    """The box `slot` had when `placed` was placed (its panel's, or `panel`'s, for a flow):
    for measuring how much more text it would hold (generator/translating/string_room.py)."""
    return _box(slot, placement, placed, panel)


def _place_text(placed: PlacedFace, slot: SlotSpec, composed: ComposedFace,
                placement: Placement) -> None:
    if slot.name in placement.withheld:  # a later face prints it (`withheld`)
        return
    items = composed.texts[slot.name]
    box = _box(slot, placement, placed)
    rise = caption_rise(slot, items, box, placement, placed)
    if rise:
        box = Rect(box.x, box.y, box.width, box.height + rise)
    if not items:
        if slot.required:
            raise ContentError(_problem(Code.NOTHING_TO_PRINT, slot, placement,
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
            _first_choice_that_fits(items, width, height, placement), items, box, width,
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
            note = _problem(Code.PARAGRAPHS_LEFT_OUT, slot, placement, (
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
        message, fields = _overflow(used, placement, items, width=width)
        source = _wide_source(used, items, width, placement)
        if len(items) == 1 and used != UNBREAKABLE:  # one text: how long it may be
            room = _characters_that_fit(items[0], width, height, placement)
            message += (f": it is {_length(items[0])} characters and the slot holds about "
                        f"{room}; shorten it")
            fields.update(length=_length(items[0]), room=room)
        if slot.when_room and not slot.required:  # spare room's content: there is none
            placed.warnings.append(_room_left_out(slot, placement, placed,
                                                  composed.texts[slot.name]))
            return
        code = Code.TEXT_TOO_WIDE if used == UNBREAKABLE else Code.TEXT_TOO_TALL
        # A text that gives way gives way to the lines, but one written for this slot (no
        # choices: a card line given as `card:`) must fit the slot's own box.
        if slot.required or (slot.gives_way and not any(item.choice for item in items)):
            raise ContentError(_problem(code, slot, placement, message, placed, "error", source,
                                        left_out=0, **fields))
        placed.warnings.append(_problem(code, slot, placement, f"left out: {message}", placed,
                                        "warning", source, left_out=1, **fields))
        return
    for _ in range(2):  # lowered, it may set a step smaller: its ink starts lower again
        drop = _drop_off_the_ink_over(paragraphs, box, slot, placed)
        if not drop:
            break
        box = Rect(box.x, box.y, box.width, max(0.0, box.height - drop))
        paragraphs, used, chosen = (_at_its_size if slot.when_room else _first_choice_that_fits)(
            items, width, box.height, placement)
        if paragraphs is None:
            if not slot.when_room or slot.required:
                raise ContentError(_problem(Code.TEXT_TOO_TALL, slot, placement, (
                    "does not fit under the ink of the text above it"), placed, "error",
                    left_out=0))
            placed.warnings.append(_room_left_out(slot, placement, placed,
                                                  composed.texts[slot.name]))
            return
        items = tuple(chosen)
    lift = max(_lift_off_the_trim(paragraphs, box, slot, placement),
               _lift_off_the_ink_under(paragraphs, box, slot, placement, placed))
    if lift:
        lifted = Rect(box.x, box.y + lift, box.width, max(0.0, box.height - lift))
        refitted = (paragraphs, used, chosen) if used <= lifted.height + 0.01 else \
            _first_choice_that_fits(items, width, lifted.height, placement)
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
    _stack(placed, paragraphs, box, used, slot)
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
    under = _printed_neighbour(slot.above, "above", placed, box, placement)
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
    under = _printed_neighbour(slot.above, "above", placed, box, placement)
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
        fitted = _first_choice_that_fits(items, width, used - short, placement)
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
        trial = _first_choice_that_fits(items, trial_box.width, height, placement)
    if slot.valign != "top" and past_the_circle(paragraphs, box, "top", used, circle) <= 0.0:
        return box, slot.model_copy(update={"valign": "top"}), paragraphs, used, chosen
    placed.warnings.append(_problem(Code.TEXT_TOO_WIDE, slot, placement, (
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
        trial = fitted if step == 0 else _first_choice_that_fits(items, width, height,
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
    neighbour = _slot_named(placed, slot.below)
    return neighbour is not None and neighbour.kind == "qr"


def caption_rise(slot: SlotSpec, items: Sequence[Paragraph], box: Rect, placement: Placement,
                 placed: PlacedFace) -> float:
    """How far the box of `slot` (`box`, as `slot_box` gives it) rises to print `items`: a
    caption's under a QR code (`_caption_rise`), else 0 (string_room.py measures the room a
    translation has in the box the text is placed in)."""
    if not items or not (_under_a_code(slot, placed) or slot.ink_gap
                         and _printed_neighbour(slot.below, "below", placed) is not None):
        return 0.0
    return _caption_rise(items, box, placement)


def _caption_rise(items: Sequence[Paragraph], box: Rect, placement: Placement) -> float:
    """How far a caption's box under a QR code rises, so that its `gap` is read to the ink
    of its first line, as a designer measures it (1.5-2 mm from the quiet zone), not to the
    top of the line, which lies a size above the baseline: by what its glyphs leave empty
    above them (a third of the size over a Latin capital, next to nothing over a Thai tone
    mark). The same share of every size: worked out on the largest, then the size that
    fits the box so raised (what it leaves empty rises with it)."""
    fitted, _, _ = _first_choice_that_fits(items, box.width, 10_000.0, placement)
    if not fitted:
        return 0.0
    style = fitted[0].style
    ink = ink_above_baseline(plain_text(fitted[0].text), style.fontName, style.fontSize)
    if ink is None:
        return 0.0
    share = max(0.0, 1.0 - ink / style.fontSize)
    rise = share * style.fontSize
    for _ in range(4):  # a smaller size leaves less above it: settle on the one that fits
        fitted, _, _ = _first_choice_that_fits(items, box.width, box.height + rise, placement)
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


def _room_left_out(slot: SlotSpec, placement: Placement, placed: PlacedFace,
                   items: Sequence[Paragraph], gave_way: str = "") -> Problem:
    """A note naming what a `when_room` slot or a flow's filler leaves out (its first
    paragraph: its heading): spare room's content, left out by design, but never
    silently; `gave_way`: what it gave way to and where it prints (`_gave_way_to`)."""
    block = plain_text(items[0].markup).strip()
    return _problem(Code.ROOM_LEFT_OUT, slot, placement,
                    f"left out the block {block!r}: there is no room for it{gave_way}",
                    placed, "info", block=block)


def _gave_way_to(filler: FillerSpec, filled: Filled,
                 headings: dict[str, tuple[Paragraph, ...]]) -> str:
    """For the note of a filler that gave way to a block that went in (`gives_way_to`):
    beside which block (the build adds the pieces that print it); else nothing."""
    target = filler.gives_way_to
    if filler.block not in filled.gave_way or target is None or target not in headings:
        return ""
    beside = plain_text(headings[target][0].markup).strip()
    return f" beside {beside!r}, which it gave way to"


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
    placed.warnings.append(_problem(Code.SHORTER_NOTE, slot, placement, (
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
    placed.warnings.append(_problem(Code.ROOM_LEFT_OUT, slot, placement, (
        f"left out '{block}': the rest of the slot needs its room"), placed, "info",
        block=block))


def _words(item: Paragraph) -> str:
    """A paragraph's words, as said in a message."""
    return " ".join(plain_text(item.markup).split())


def _first_choice_that_fits(items: Sequence[Paragraph], width: float, height: float,
                            placement: Placement, or_none: bool = False
                            ) -> tuple[list[RLParagraph] | None, float, Sequence[Paragraph]]:
    """The slot's paragraphs fitted: with the first of its choices (`choice="n"`) that fits,
    else (None, overflow, the first choice's paragraphs). With `or_none`, a slot that prints
    more than its choices (a tab's number beside the line's name) prints that alone when no
    choice fits beside it."""
    choices = sorted({item.choice for item in items if item.choice})
    options = [[item for item in items if item.choice in (0, choice)] for choice in choices or [0]]
    fixed = [item for item in items if not item.choice]
    if or_none and choices and fixed:
        options.append(fixed)
    first: tuple[list[RLParagraph] | None, float, Sequence[Paragraph]] | None = None
    for chosen in options:
        fitted, used = fit_stack(chosen, width, height, placement.typesetter)
        if fitted is not None:
            return fitted, used, chosen
        first = first or (None, used, chosen)
    assert first is not None
    return first


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


def _place_list(placed: PlacedFace, slot: SlotSpec, composed: ComposedFace,
                placement: Placement) -> None:
    """Shrink to the floor, then leave out optional details, then lines (see list_fit)."""
    items: Sequence[Item] = composed.lists[slot.name]
    box = _box(slot, placement, placed)
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
            own = _fitted_list(alone, slot, box, placement, placed) if alone != items \
                else None
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
        overflow, fields = _overflow(fitted.height, placement, fitted.required, width=box.width)
        message = (f"required lines ({', '.join(required)}) do not fit, even without their "
                   f"optional details: {overflow}")
        source = _wide_source(fitted.height, fitted.required, box.width, placement)
        raise ContentError(_problem(Code.REQUIRED_LINES, slot, placement, message, placed,
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
        warning = _problem(code, slot, placement, f"left out {describe(cut, items)}: {why}",
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
    _stack(placed, paragraphs, box, fitted.height + sum(before.values()), slot,
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
    if fitted.paragraphs is None or plain.paragraphs is None or not any(
            cut in out and any(later not in out for later in cuts[number + 1:])
            for number, cut in enumerate(cuts)):
        return items, fitted
    found: list[tuple[tuple[bool, ...], int, Sequence[Item], ListFit]] = []
    bases = [tuple(items), _web_alone(items)]
    for rank, base in enumerate(bases[:1] if bases[1] == bases[0] else bases):
        webs = sorted(_web_cuts(base))
        chosen: list[Cut] = []
        best = replace(plain, left_out=tuple(sorted({*plain.left_out, *webs})))
        for cut in webs:
            trial = [*chosen, cut]
            kept = _without(base, [other for other in webs if other not in trial])
            made = _fitted_list(kept, slot, box, placement, placed)
            if made.paragraphs is None or set(trial) & set(made.left_out) or \
                    not _costs_nothing(kept, made, plain, placement.typesetter):
                continue  # left out; a later line's is tried beside those taken
            chosen = trial
            best = replace(made, left_out=tuple(sorted(
                {*made.left_out, *(other for other in webs if other not in trial)})))
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
    above = _printed_neighbour(slot.above, "above", placed, box, placement)
    over = _slot_named(placed, above)
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
    above = _printed_neighbour(slot.above, "above", placed, box, placement)
    over = _slot_named(placed, above)
    raised = over is not None and over.above is not None and above in placed.extents
    share = extra / _shares(placed, slot, placement, box, starts)
    body = dict(placement.size.type_scale).get("body")
    if slot.spread_most is not None and body is not None:
        share = min(share, slot.spread_most * body * BODY_LEADING)
    if raised and over is not None and above is not None:
        column = _column_box(over, placement, placed)
        top = placed.extents[above][1]
        ceiling = min((bottom - over.gap for name, (bottom, _) in placed.extents.items()
                       if name not in (slot.name, above) and bottom >= top - 0.01
                       and (other := _slot_named(placed, name)) is not None
                       and _across(_column_box(other, placement, placed), column)),
                      default=float("inf"))
        lift = max(0.0, min(share, ceiling - top))
        if lift > 0.01:
            placed.lifted[above] = lift
    return dict.fromkeys(starts[1:], share)


def _slot_named(placed: PlacedFace, name: str | None) -> SlotSpec | None:
    """The face's slot called `name`; None where it has none."""
    return next((each for each in placed.spec.slots if each.name == name), None)


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


def _place_flow(placed: PlacedFace, slot: SlotSpec, composed: ComposedFace,
                placement: Placement) -> None:
    """Every paragraph must be printed: shrink to the floor, then fail with the overflow."""
    items = composed.texts[slot.name]
    panels = slot.panels if slot.panels is not None else [slot.panel]
    boxes = [_box(slot, placement, placed, panel) for panel in panels]
    if slot.measure is not None:
        boxes = _to_measure(boxes, items, slot.measure, placement)
    boxes = _below_tall_ascenders(boxes, items, placement)
    placement = headlines_to_measure(items, min(box.width for box in boxes), placement)
    typesetter = placement.typesetter
    flowed, overflow = fit_flow(tuple(items), tuple(boxes), typesetter)
    if flowed is None:
        narrowest = min(box.width for box in boxes)
        message, fields = _overflow(overflow, placement, items, boxes, narrowest)
        raise ContentError(_problem(
            Code.TEXT_TOO_WIDE if overflow == UNBREAKABLE else Code.TEXT_TOO_TALL, slot,
            placement, message, placed, "error", _wide_source(overflow, items, narrowest,
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
                note = _room_left_out(slot, placement, placed, texts, beside)
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


HEADLINE_STEP = 0.5  # points a headline too long for its lines is set smaller by at a time


def headlines_to_measure(items: Sequence[Paragraph], width: float,
                         placement: Placement) -> Placement:
    """The placement with a cap on each style with `max_lines` whose paragraph takes more
    lines than that at `width` at its largest size: the largest size, down to its smallest,
    at which it takes no more (a pasted article's sentence-long headline ran to four lines
    at the brochure's 20 pt). Where none does, its smallest."""
    styles = placement.layout.spec.styles
    caps = dict(placement.caps)
    typesetter = placement.typesetter
    for item in items:
        spec = styles[item.style]
        if spec.max_lines is None:
            continue
        smallest, size = size_range(spec, typesetter.limits, caps.get(item.style))
        while size > smallest + 1e-6:
            scale = size / (spec.size * typesetter.limits.optical)
            capped = replace(placement, caps=tuple(sorted({**caps, item.style: size}.items())))
            (para,) = capped.typesetter.paragraphs([item], scale)
            _, height = para.wrap(width, 1e6)
            if round(height / para.style.leading) <= spec.max_lines:
                break
            size = max(smallest, size - HEADLINE_STEP)
        if size < size_range(spec, typesetter.limits, caps.get(item.style))[1] - 1e-6:
            caps[item.style] = size
    if caps == dict(placement.caps):
        return placement
    return replace(placement, caps=tuple(sorted(caps.items())))


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
    placed.texts[:] = [_lowered(text, drop) if id(text.paragraph) in moving else text
                       for text in placed.texts]


def _lowered(text: PlacedText, drop: float) -> PlacedText:
    icon = text.icon
    if icon is not None:
        icon = replace(icon, y=icon.y + drop, baseline=icon.baseline + drop)
    return replace(text, y=text.y + drop, icon=icon)


TAB_CLEARANCE = 3 * PT_PER_UNIT["mm"]  # between a tab's text and every cut around it
GLYPH_OVERHANG = 0.75  # the marks of shaped scripts may reach this far past a line's width
DESCENT_CAP = 0.45  # of the size: a font's own descent counts marks far below most letters
# A tab's number runs along this share of its length at least, where fewer (wider) tabs let
# it: the print designer of issue 42 found Letter's tabs printed along half their length, in
# type at its floor, because seven narrow tabs left no room across for a larger size.
TAB_FILL = 0.85
NUMBER_STYLE = "tab_phone"  # the style a tab sets the line's number in


@dataclass(frozen=True)
class _TabFit:
    """The tab text fitted to tabs `count` to the band: its paragraphs (None: nothing fits),
    the height they use across the tab, the items chosen, their last line's descent."""

    count: int
    paragraphs: list[RLParagraph] | None
    used: float
    chosen: Sequence[Paragraph]
    below: float
    length: float  # the room along the tab

    @property
    def fill(self) -> float:
        """The share of the tab's length its number takes, set whole (a line reached only by
        text or on the web: its longest unbreakable run); 0 where nothing fits."""
        if not self.paragraphs:
            return 0.0
        numbers = [para for para in self.paragraphs if style_name(para.style) == NUMBER_STYLE]
        return max(min_width(para) for para in numbers or self.paragraphs) / self.length

    def names_the_line(self, items: Sequence[Paragraph]) -> bool:
        """Printed with its first choice (the line's name), where it has choices."""
        choices = [item.choice for item in items if item.choice]
        return self.paragraphs is not None and (
            not choices or min(choices) in {item.choice for item in self.chosen})


def _tab_text_box(band: Rect, count: int, index: int) -> Rect:
    """Where the text of tab `index` of `count` may stand (not yet less its last line's
    descent): TAB_CLEARANCE from the cuts on its sides, and from the tear line and the
    bottom edge with what the marks of shaped scripts may overhang."""
    tab_width = band.width / count
    across = min(TAB_CLEARANCE, tab_width * 0.2)
    along = TAB_CLEARANCE + GLYPH_OVERHANG
    return Rect(band.x + index * tab_width + across, band.y + along,
                tab_width - 2 * across, band.height - 2 * along)


def _fit_tabs(items: Sequence[Paragraph], band: Rect, count: int,
              placement: Placement) -> _TabFit:
    box = _tab_text_box(band, count, 0)
    length, room = box.height, box.width
    paragraphs, used, chosen = _first_choice_that_fits(items, length, room, placement,
                                                       or_none=True)
    below = _descent_past(paragraphs[-1]) if paragraphs else 0.0
    if paragraphs is not None and used + below > room + 0.01:  # its last line's descenders
        paragraphs, used, chosen = _first_choice_that_fits(items, length, room - below,
                                                           placement, or_none=True)
        below = _descent_past(paragraphs[-1]) if paragraphs else 0.0
    return _TabFit(count, paragraphs, used, chosen, below, length)


def _tab_fit(items: Sequence[Paragraph], band: Rect, slot: SlotSpec,
             placement: Placement) -> _TabFit:
    """As many tabs as carry the whole line (its name, number, texting line and TTY) with
    its number set along TAB_FILL of their length (the size's `tab_fill` where it sets
    one), from `count` down to `min_count`; where none does, those of the tabs carrying the
    whole line whose number runs along most of them (more tabs where as much); where none
    carries it, `count` tabs with what fits beside the number (its tab label, or the number
    and its ways to reach it alone), else the most tabs that fit anything."""
    fits = []
    least = placement.size.tab_fill or TAB_FILL
    for count in range(slot.count, min(slot.min_count or slot.count, slot.count) - 1, -1):
        fit = _fit_tabs(items, band, count, placement)
        if fit.names_the_line(items) and fit.fill >= least:
            return fit
        fits.append(fit)
    whole = [fit for fit in fits if fit.names_the_line(items)]
    if whole:
        return max(whole, key=lambda fit: (round(fit.fill, 2), fit.count))
    printable = [fit for fit in fits if fit.paragraphs is not None]
    return (printable or fits)[0]


def _place_tabs(placed: PlacedFace, slot: SlotSpec, composed: ComposedFace,
                placement: Placement) -> None:
    """Tear-off tabs side by side, text turned to read upwards, dashed cuts between;
    the text keeps TAB_CLEARANCE from the cuts on its sides and the tear line (cutters and
    scissors drift). Where the line's name does not fit beside its number, the tabs print
    its later choice (a tab label), or the number and its ways to reach it alone, with a
    note; the number, texting line and TTY are never left out."""
    items = composed.texts[slot.name]
    band = _box(slot, placement, placed)
    fit = _tab_fit(items, band, slot, placement)
    if fit.paragraphs is None:
        width = _tab_text_box(band, fit.count, 0).height
        message, fields = _overflow(fit.used, placement, fit.chosen, width=width)
        raise ContentError(_problem(
            Code.TEXT_TOO_WIDE if fit.used == UNBREAKABLE else Code.TEXT_TOO_TALL, slot,
            placement, message, placed, "error", _wide_source(fit.used, fit.chosen, width,
                                                              placement), left_out=0, **fields))
    if not fit.names_the_line(items):
        label = any(item.choice for item in fit.chosen)
        what = ("print the tab label instead of the line's name" if label
                else "print the number without the line's name")
        placed.warnings.append(_problem(Code.TABS_WITHOUT_NAME, slot, placement, (
            f"the tabs {what}: it does not fit beside the number"), placed, "info",
            label=int(label)))
    # Centred across the tab with its last line's descenders, which reach past its box.
    for index in range(fit.count):
        box = _tab_text_box(band, fit.count, index)
        tab = Rect(box.x, box.y, box.width - fit.below, box.height)
        _stack(placed, fit.paragraphs, tab, fit.used, slot, copy=index)
    # Tear line along the top of the band, cut lines between tabs; the face edge is the bottom.
    bottom = 0.0
    placed.cut_lines.append(PlacedCutLine(band.x, band.top, band.x + band.width, band.top))
    for index in range(fit.count + 1):
        x = band.x + index * band.width / fit.count
        placed.cut_lines.append(PlacedCutLine(x, bottom, x, band.top))


def _descent_past(para: RLParagraph) -> float:
    """How far the glyphs of a paragraph's last line reach below its box: the font's descent
    (at most DESCENT_CAP of the size) beyond the room its leading leaves under the baseline
    (ReportLab sets a first baseline one size below the top, each next one a leading lower)."""
    style = para.style
    descent = -pdfmetrics.getAscentDescent(style.fontName, style.fontSize)[1]
    return max(0.0, min(descent, DESCENT_CAP * style.fontSize) - (style.leading - style.fontSize))


def _stack(placed: PlacedFace, paragraphs: list[RLParagraph], box: Rect, height: float,
           slot: SlotSpec, copy: int = 0, before: Mapping[int, float] = MappingProxyType({})
           ) -> None:
    """Paragraphs one below the other in `box`, aligned by `slot.valign` ("spread" from the
    top, with `before` more room above the paragraphs it numbers, counted in `height`).

    A rotated slot stacks in the turned frame: lines run upwards from the box's bottom-right
    corner, the first paragraph nearest the box's left edge... as read with the head tilted.
    """
    width, extent = (box.height, box.width) if slot.rotate else (box.width, box.height)
    offset = {"top": 0.0, "spread": 0.0, "middle": (extent - height) / 2,
              "bottom": extent - height}
    cursor = extent - offset[slot.valign]  # distance from the frame's bottom
    if not slot.rotate and paragraphs:
        placed.extents[slot.name] = (box.y + cursor - height, box.y + cursor)
        if slot.valign != "top":  # the layout sets it with air around: the box is its own
            placed.claimed.append(box)
    for index, para in enumerate(paragraphs):
        if index:
            cursor -= para.style.spaceBefore + before.get(index, 0.0)
        _, para_height = para.wrap(width, 10_000)
        cursor -= para_height
        private = slot.kind == "tabs"
        if slot.rotate:
            # Frame turned 90° counter-clockwise: its "bottom" is the box's right edge.
            placed.texts.append(
                PlacedText(para, box.x + box.width - cursor, box.y, 90, private, copy=copy))
        else:
            placed.texts.append(replace(placed_text(para, box.x, box.y + cursor, box.width,
                                                    placed.rtl, private), copy=copy,
                                        screen_only=slot.screen_only))
        cursor -= para.style.spaceAfter


def _place_qr(placed: PlacedFace, slot: SlotSpec, composed: ComposedFace,
              placement: Placement) -> None:
    payload = composed.qr_payload
    if not payload:
        return
    box = _box(slot, placement, placed)
    # the code is the first line's (build's qr_payload): a code too long for its slot is
    # that line's to shorten, so the problem names it in resources.yaml, not the layout
    line = placement.lines[0].source if placement.lines else None
    try:
        needed = max(min_symbol_size(payload), placement.size.qr_min or 0.0)
        modules_share = symbol_share(payload)  # the whole symbol over the code itself
    except QrError as error:
        raise ContentError(_problem(Code.QR_UNENCODABLE, slot, placement, str(error), placed,
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
        raise ContentError(_problem(Code.QR_TOO_SMALL, slot, placement, message, placed,
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


def _place_ornament(placed: PlacedFace, slot: SlotSpec, composed: ComposedFace,
                    placement: Placement) -> None:
    # `align: left` turns the design to face the other way (a back cover's, facing its
    # cover's); a right-to-left face turns every design round.
    placed.ornaments.append(PlacedOrnament(slot.design or "none", _box(slot, placement, placed),
                                           placement.fonts.rtl != (slot.align == "left")))


def _place_field(placed: PlacedFace, slot: SlotSpec, composed: ComposedFace,
                 placement: Placement) -> None:
    """A colour field: its box, run on to its panel's edges where the box meets the safe
    area's (a band reaching the trim, not a box floating a margin short of it)."""
    box = _box(slot, placement, placed)
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


PLACERS: MappingProxyType[
    str, Callable[[PlacedFace, SlotSpec, ComposedFace, Placement], None]] = MappingProxyType({
    "text": _place_text,
    "list": _place_list,
    "flow": _place_flow,
    "tabs": _place_tabs,
    "qr": _place_qr,
    "ornament": _place_ornament,
    "field": _place_field,
})


def _overflow(overflow: float, placement: Placement, items: Sequence[Paragraph] = (),
              boxes: Sequence[Rect] = (), width: float | None = None
              ) -> tuple[str, dict[str, FieldValue]]:
    """How far the text overflows at its smallest; for a flow, also how much must go; for
    a word wider than `width`, the word and the line it is in (a phone number is never
    broken): the message, and its fields (`floor`, then `over`, `count` and `unit`, or
    `words` and `line`)."""
    floor = placement.typesetter.floor_of(items)
    if overflow == UNBREAKABLE:
        message = f"a word is wider than the slot even at {floor:g} pt"
        words = wide_words(items, width, placement) if width is not None else []
        if not words:
            return message, {"floor": floor, "words": ()}
        line = _line_of(words, placement)
        where = f" in the line {quoted(line.name)}" if line is not None else ""
        named = ", ".join(quoted(word, WORD_SHOWN) + (
            f" ({len(word):,} characters)" if len(word) > WORD_SHOWN else "") for word in words)
        return f"{message}: {named}{where}; shorten it", {
            "floor": floor, "words": tuple(shortened(word, WORD_SHOWN) for word in words),
            **({"line": line.name} if line is not None else {})}
    over_mm = overflow / PT_PER_UNIT["mm"]
    message = f"{overflow:.1f} pt ({over_mm:.1f} mm) too tall even at {floor:g} pt"
    fields: dict[str, FieldValue] = {"floor": floor, "over": round(overflow, 1)}
    if boxes and items:
        count = words_over(items, boxes, placement.typesetter, overflow)
        unit = "characters" if placement.fonts.word_wrap == "CJK" else "words"
        message += f": about {count} {unit} too long; shorten it by that much"
        fields.update(count=count, unit=unit)
    return message, fields


WORD_SHOWN = 60  # characters of a word too wide said in a message: its start and end
WIDE_CANDIDATES = 6  # the longest words of a paragraph measured alone for the message


def wide_words(items: Sequence[Paragraph], width: float, placement: Placement) -> list[str]:
    """The words (runs of text between spaces: words bound by no-break spaces are one) of
    `items` wider than `width` at their smallest, in order; where none is alone, the
    paragraph's longest (its words are bound to each other)."""
    typesetter = placement.typesetter
    scale = typesetter.lowest_scale(items)
    made = typesetter.paragraphs(items, scale)
    found: list[str] = []
    for item, para in zip(items, made, strict=True):
        if min_width(para) <= width + 0.01:
            continue
        text = plain_text(item.markup)
        words = list(dict.fromkeys(word for word in re.split(r"[ \t\r\n]+", text) if word))
        longest = sorted(words, key=len, reverse=True)[:WIDE_CANDIDATES]
        wide = [word for word in longest if min_width(typesetter.paragraphs(
            (Paragraph(item.style, html.escape(word, quote=False)),), scale)[0]) > width + 0.01]
        for word in (wide or longest[:1]):
            if word not in found:
                found.append(word)
    return found


def _line_of(words: Sequence[str], placement: Placement) -> LineWords | None:
    """The line whose printed words hold the first of `words`, if one does."""
    return next((line for word in words for line in placement.lines if word in line.text),
                None)


def _wide_source(overflow: float, items: Sequence[Paragraph], width: float | None,
                 placement: Placement) -> Source | None:
    """Where the line lies in resources.yaml, when the text overflows for a word of one."""
    if overflow != UNBREAKABLE or width is None:
        return None
    line = _line_of(wide_words(items, width, placement), placement)
    return line.source if line is not None else None


def _problem(code: Code, slot: SlotSpec, placement: Placement, message: str,
             placed: PlacedFace, severity: Severity = "error", source: Source | None = None,
             /, **fields: FieldValue) -> Problem:
    """The problem, naming the file of the slot's text (or `source`: the line a word too
    wide is in)."""
    path = placement.sources.get(slot.source or "", placement.layout.folder / "layout.yaml")
    where = f"{placement.layout.name} ({placed.name}), slot '{slot.name}'"
    return Problem(source.path if source else path, f"{where}: {message}",
                   source.line if source else None, severity, code=code,
                   lang=placement.fonts.lang, fields={
                       "format": placement.layout.name, "face": placed.name,
                       "slot": slot.name, **fields})
