"""Fitting a list slot (the hotlines) when not everything fits at the smallest sizes.

First everything shrinks to its floor. Then the details the templates mark optional are left
out, least needed first (DETAIL_KINDS), each kind from the last line up; only then whole
lines, from the last up, never a required one (the first line, the emergency line, a line
marked `required: true`). Last, the details left out that fit again come back, so that
nothing is left out that did not have to be.

The lines keep their order: a line that does not fit leaves out every line after it (but
the required ones), so that a short line further down never prints in the place of the
shelter's own line before it (a card printing lines 1, 2 and 8 of a directory's eight read
as if the eighth came third). A whole line left out never comes back: with the lines after
it left out too, the list held it no better.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass, replace

from reportlab.platypus import Paragraph as RLParagraph

from generator.engine import remembered
from generator.errors import quoted
from generator.i18n.plain_text import plain_text
from generator.layout.compose import Item
from generator.layout.fit import (
    ROUNDING,
    Typesetter,
    fit_stack,
    floor_heights,
    floor_overflow,
    has_text,
    stacked,
)
from generator.layout.paragraphs import DETAIL_KINDS, Paragraph


@dataclass(frozen=True, order=True)
class Cut:
    """What is left out: a whole line (`paragraph` None) or one detail of it."""

    item: int
    paragraph: int = -1
    part: int = -1

    @property
    def whole_line(self) -> bool:
        return self.paragraph < 0


@dataclass(frozen=True)
class ListFit:
    paragraphs: tuple[RLParagraph, ...] | None  # None: the required lines do not fit
    height: float  # of the paragraphs; when they do not fit, the required lines' overflow
    left_out: tuple[Cut, ...] = ()
    required: tuple[Paragraph, ...] = ()  # what did not fit, for the message
    starts: tuple[int, ...] = ()  # the paragraph each printed line starts at, in order


def fit_list(items: Sequence[Item], width: float, height: float,
             typesetter: Typesetter) -> ListFit:
    return _fit_list(tuple(items), width, height, typesetter)


@remembered(256)
def _fit_list(items: tuple[Item, ...], width: float, height: float,
              typesetter: Typesetter) -> ListFit:
    trials = _Trials(items, width, height, typesetter)
    given = [Cut(index) for index, item in enumerate(items) if item.left_out_in]
    for cut in given:  # another language of the kit cannot hold them
        trials.leave_out(cut)
    if trials.may_fit():  # else it surely does not fit as it is
        fitted, used = fit_stack(assemble(items, frozenset(given)), width, height, typesetter)
        if fitted is not None:
            return ListFit(tuple(fitted), used, tuple(given),
                           starts=line_starts(items, frozenset(given)))
    out = {cut.item for cut in given}
    order = [cut for cut in cut_order(items) if cut.item not in out]
    needed = None
    for count, cut in enumerate(order, start=1):
        trials.leave_out(cut)
        if trials.fits():
            needed = count
            break
    if needed is None:
        required = tuple(assemble(items, frozenset(order + given)))
        return ListFit(None, floor_overflow(required, width, height, typesetter),
                       required=required)
    for cut in reversed(order[:needed - 1]):  # the most needed of what was left out first
        line = Cut(cut.item)
        if cut.whole_line or line in trials.cuts:  # a line left out whole stays out
            continue
        trials.bring_back(cut)
        if not trials.fits():
            trials.leave_out(cut)
    cuts = trials.cuts
    fitted, used = fit_stack(assemble(items, frozenset(cuts)), width, height, typesetter)
    assert fitted is not None, "fits at the floor, so fits at some scale"
    shown = sorted(cut for cut in cuts if cut.whole_line or Cut(cut.item) not in cuts)
    return ListFit(tuple(fitted), used, tuple(shown), starts=line_starts(items, frozenset(cuts)))


class _Trials:
    """What is left out of a list as it is fitted, and whether the rest fits at the floor.

    A trial costs what the lines left in take, not the whole list: a list of 2,000 lines for
    a card of five is tried once for each detail and line left out and each detail brought
    back. Most trials are answered without measuring: when the lines left in take more than the box
    even at their least (`_least_heights`), nothing fits."""

    def __init__(self, items: Sequence[Item], width: float, height: float,
                 typesetter: Typesetter):
        self.items, self.width, self.height, self.typesetter = items, width, height, typesetter
        self.cuts: set[Cut] = set()
        self.kept = list(range(len(items)))  # the lines not left out whole, in order
        self.parts_out: dict[tuple[int, int], set[int]] = {}  # (line, paragraph) -> parts
        self.least, self.first_gain = _least_heights(items, typesetter)
        self.least_kept = sum(self.least)
        self.floor: dict[Paragraph, float] = {}  # heights measured at the floor
        self.lines: dict[Paragraph, int] = {}  # the least lines of those not measured
        self.now: dict[int, _Least] = {}  # _least_now, until the line or `floor` changes

    def leave_out(self, cut: Cut) -> None:
        self.cuts.add(cut)
        if cut.whole_line:
            self.kept.pop(bisect.bisect_left(self.kept, cut.item))
            self.least_kept -= self.least[cut.item]
        else:
            self.parts_out.setdefault((cut.item, cut.paragraph), set()).add(cut.part)
            self.now.pop(cut.item, None)

    def bring_back(self, cut: Cut) -> None:
        """A detail brought back (a whole line left out stays out: see the module)."""
        self.cuts.discard(cut)
        self.parts_out[(cut.item, cut.paragraph)].discard(cut.part)
        self.now.pop(cut.item, None)

    def may_fit(self, least: float | None = None) -> bool:
        least = (self.least_kept if least is None else least) - self.first_gain
        return least <= self.height + 0.01 + ROUNDING  # floor_overflow's tolerance

    def fits(self) -> bool:
        """Whether what is left in fits at the floor: `assemble` less the left-out lines."""
        if not self.may_fit():
            return False
        least, first = 0.0, None
        headings: dict[tuple[str, str], float] = {}
        for index in self.kept:
            line = self._least_now(index)
            least += line.height
            for key, height in line.headings.items():
                headings[key] = min(height, headings.get(key, height))
            if first is None:
                first = line.first_before  # the list's first paragraph has no space before
        if least + sum(headings.values()) - (first or 0.0) > self.height + 0.01 + ROUNDING:
            return False  # a name on two lines, say: told without setting it
        paragraphs = _assembled(self.items, self.kept, self.parts_out)
        heights, needed = floor_heights(paragraphs, self.width, self.typesetter)
        self.floor.update(zip(paragraphs, heights, strict=True))
        self.now.clear()
        return max(0.0, needed - self.height) <= 0.01  # floor_overflow's test

    def _least_now(self, index: int) -> _Least:
        """The least height of a line as it is now, what is left out of it left out: its
        paragraphs at their smallest, each as measured at the floor by an earlier trial,
        else of its least number of lines at the list's width (Typesetter.least_lines); its
        `once` headings apart (printed once for all lines)."""
        if index not in self.now:
            self.now[index] = self._least_of(index)
        return self.now[index]

    def _least_of(self, index: int) -> _Least:
        height, headings, first = 0.0, {}, None
        for number, paragraph in enumerate(self.items[index].paragraphs):
            left_out = self.parts_out.get((index, number))
            kept = paragraph.without(left_out) if left_out else paragraph
            if kept is None:
                continue
            leading, before, after = self.typesetter.spacing(kept.style)
            if kept in self.floor:
                least = self.floor[kept] + before + after
            else:
                if kept not in self.lines:
                    self.lines[kept] = self.typesetter.least_lines(kept, paragraph, self.width)
                least = leading * self.lines[kept] + before + after
            first = before if first is None else first
            if kept.once:
                headings[(kept.style, kept.markup)] = least
            else:
                height += least
        return _Least(height, headings, first)


@dataclass(frozen=True)
class _Least:
    height: float
    headings: dict[tuple[str, str], float]  # `once` paragraphs: printed for one line only
    first_before: float | None  # the space before its first paragraph (None: it has none)


def _least_heights(items: Sequence[Item], typesetter: Typesetter) -> tuple[list[float], float]:
    """The least height each line takes whatever is left out of it but the whole line, and
    what the first paragraph of a list gains (it has no space before it): a line of the
    smallest leading and spacing of its style for each paragraph that keeps text then (a
    `once` heading aside, printed for one line only). At the floor every style is at its
    smallest, so this is what a list of one-line paragraphs takes exactly. Lines that take
    more than the box even so do not fit, with nothing more measured: a list of 2,000 lines
    for a card of five is not measured 10,000 times over (a trial for each detail and line
    left out, and for each detail brought back)."""
    least = []
    first = 0.0
    for item in items:
        total = 0.0
        for paragraph in item.paragraphs:
            leading, before, after = typesetter.spacing(paragraph.style)
            first = max(first, before)
            if not paragraph.once and _keeps_text(paragraph):
                total += leading + before + after
        least.append(total)
    return least, first


def _keeps_text(paragraph: Paragraph) -> bool:
    """Whether the paragraph prints some text whatever of it is left out."""
    if not paragraph.parts:
        return has_text(paragraph.markup)
    return any(has_text(part.markup) for part in paragraph.parts if part.kind is None)


def cut_order(items: Sequence[Item]) -> list[Cut]:
    """Everything that may be left out, in the order it is left out: the details, then the
    lines, then the hours that are not 24/7 (`Item.weekday_hours`) of the lines that must
    print: a line whose Mon–Fri hours do not fit is left out whole, in every language,
    rather than printed without them; only a required line, which cannot be left out,
    prints without them, last, with a warning that says so."""
    details: dict[str, list[Cut]] = {kind: [] for kind in DETAIL_KINDS}
    when: list[Cut] = []
    for index in reversed(range(len(items))):
        paragraphs = items[index].paragraphs
        for number in reversed(range(len(paragraphs))):
            parts = paragraphs[number].parts
            for part in reversed(range(len(parts))):
                kind = parts[part].kind
                if kind == "hours" and items[index].weekday_hours:
                    if items[index].required:
                        when.append(Cut(index, number, part))
                elif kind is not None:
                    details[kind].append(Cut(index, number, part))
    lines = [Cut(index) for index in reversed(range(len(items))) if not items[index].required]
    return [cut for kind in DETAIL_KINDS for cut in details[kind]] + lines + when


def assemble(items: Sequence[Item], cuts: frozenset[Cut]) -> list[Paragraph]:
    """The paragraphs of the list less the cuts; a `once` heading only the first time."""
    parts_out: dict[tuple[int, int], set[int]] = {}
    for cut in cuts:
        if not cut.whole_line:
            parts_out.setdefault((cut.item, cut.paragraph), set()).add(cut.part)
    kept = [index for index in range(len(items)) if Cut(index) not in cuts]
    return _assembled(items, kept, parts_out)


def no_line_grows_longer(fitted: ListFit, items: Sequence[Item], width: float, height: float,
                         typesetter: Typesetter) -> ListFit:
    """The list at the largest size at which no paragraph takes more lines than at its
    styles' own sizes: lines that grow to fill their box (`max_size`) do not grow where that
    wraps one (a card's hours alone on a line of their own under its TTY, while the next
    line's hours stand beside its texting number). A list that had to shrink is as fitted."""
    if fitted.paragraphs is None:
        return fitted
    kept = assemble(items, frozenset(fitted.left_out))
    own, own_height = stacked(kept, 1.0, width, typesetter)
    if own_height > height + 0.01:
        return fitted
    counts = [_line_count(para) for para in own]
    made, used, grown = own, own_height, 1.0
    for scale in typesetter.scales(kept):
        if scale <= 1.0 + 1e-9:
            break
        trial, needed = stacked(kept, scale, width, typesetter)
        if needed <= height + 0.01 and [_line_count(para) for para in trial] == counts:
            made, used, grown = trial, needed, scale
            break
    made, used = _grown_alone(kept, made, used, grown, counts, width, height, typesetter)
    return replace(fitted, paragraphs=tuple(made), height=used)


def _grown_alone(kept: Sequence[Paragraph], made: list[RLParagraph], used: float, scale: float,
                 counts: list[int], width: float, height: float,
                 typesetter: Typesetter) -> tuple[list[RLParagraph], float]:
    """The list with its `grows_alone` styles (a card's number) grown on past `scale`, the
    others held at their size there, as far as the box holds them and no paragraph takes
    more lines: a name that would wrap at a larger size no longer holds its number back."""
    styles = {item.style for item in kept}
    alone = {name for name in styles if typesetter.spec.styles[name].grows_alone}
    if not alone:
        return made, used
    held = typesetter.held_at(scale, styles - alone)
    for trial in held.scales(kept):
        if trial <= scale + 1e-9:
            break
        grown, needed = stacked(kept, trial, width, held)
        if needed <= height + 0.01 and [_line_count(para) for para in grown] == counts:
            return grown, needed
    return made, used


def _line_count(para: RLParagraph) -> int:
    return round(para.height / para.style.leading)


def line_starts(items: Sequence[Item], cuts: frozenset[Cut]) -> tuple[int, ...]:
    """Where each line `assemble` keeps starts among its paragraphs."""
    parts_out: dict[tuple[int, int], set[int]] = {}
    for cut in cuts:
        if not cut.whole_line:
            parts_out.setdefault((cut.item, cut.paragraph), set()).add(cut.part)
    kept = [index for index in range(len(items)) if Cut(index) not in cuts]
    starts: list[int] = []
    _assembled(items, kept, parts_out, starts)
    return tuple(starts)


def paragraph_sources(items: Sequence[Item], cuts: frozenset[Cut]) -> list[tuple[int, int]]:
    """For each paragraph `assemble` keeps, in order, its (line, paragraph) in `items`."""
    parts_out: dict[tuple[int, int], set[int]] = {}
    for cut in cuts:
        if not cut.whole_line:
            parts_out.setdefault((cut.item, cut.paragraph), set()).add(cut.part)
    kept = [index for index in range(len(items)) if Cut(index) not in cuts]
    sources: list[tuple[int, int]] = []
    _assembled(items, kept, parts_out, sources=sources)
    return sources


def _assembled(items: Sequence[Item], kept: Sequence[int],
               parts_out: dict[tuple[int, int], set[int]],
               starts: list[int] | None = None,
               sources: list[tuple[int, int]] | None = None) -> list[Paragraph]:
    """The paragraphs of the `kept` lines less the parts left out of them; `starts` gets
    the index of each line's first paragraph (of those that print one), `sources` each
    paragraph's (line, paragraph)."""
    paragraphs: list[Paragraph] = []
    seen: set[tuple[str, str]] = set()
    for index in kept:
        if starts is not None:
            starts.append(len(paragraphs))
        above = above_markup = ""
        for number, paragraph in enumerate(items[index].paragraphs):
            left_out = parts_out.get((index, number))
            kept_paragraph = paragraph.without(left_out) if left_out else paragraph
            if kept_paragraph is None:
                continue
            if kept_paragraph.once:
                key = (kept_paragraph.style, kept_paragraph.markup)
                if key in seen:
                    continue
                seen.add(key)
            if (above, above_markup) != (kept_paragraph.after, kept_paragraph.after_markup):
                kept_paragraph = replace(kept_paragraph, after=above, after_markup=above_markup)
            paragraphs.append(kept_paragraph)
            if sources is not None:
                sources.append((index, number))
            above, above_markup = kept_paragraph.style, kept_paragraph.markup
        if starts is not None and starts[-1] == len(paragraphs):  # it printed nothing
            starts.pop()
    return paragraphs


def describe(cut: Cut, items: Sequence[Item]) -> str:
    """"'Emergency'" for a line, "'24/7' (hours) from 'National ... Hotline'" for a detail."""
    label = items[cut.item].label
    if cut.whole_line:
        return quoted(label)
    paragraph = items[cut.item].paragraphs[cut.paragraph]
    part = paragraph.parts[cut.part]
    markup = f"{paragraph.alt} {part.markup}" if paragraph.icon and cut.part == 0 else part.markup
    text = " ".join(plain_text(markup).split())
    return f"{quoted(text)} ({part.kind}) from {quoted(label)}"
