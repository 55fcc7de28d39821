"""Fitting a list slot (the hotlines) when not everything fits at the smallest sizes.

First everything shrinks to its floor. Then the details the templates mark optional are left
out, least needed first (DETAIL_KINDS), each kind from the last line up; only then whole
lines, from the last up, never a required one (the first line, the emergency line, a line
marked `required: true`). Last, whatever was left out that fits again comes back, lines
before details, so that nothing is left out that did not have to be.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.platypus import Paragraph as RLParagraph

from generator.engine import remembered
from generator.layout.compose import Item
from generator.layout.fit import Typesetter, fit_stack, floor_overflow
from generator.layout.paragraphs import DETAIL_KINDS, Paragraph

_TAG = re.compile(r"<[^>]+>")


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


def fit_list(items: Sequence[Item], width: float, height: float,
             typesetter: Typesetter) -> ListFit:
    return _fit_list(tuple(items), width, height, typesetter)


@remembered(256)
def _fit_list(items: tuple[Item, ...], width: float, height: float,
              typesetter: Typesetter) -> ListFit:
    fitted, used = fit_stack(assemble(items, frozenset()), width, height, typesetter)
    if fitted is not None:
        return ListFit(tuple(fitted), used)

    def fits(cuts: frozenset[Cut]) -> bool:
        return floor_overflow(assemble(items, cuts), width, height, typesetter) <= 0.01

    order = cut_order(items)
    needed = next((count for count in range(1, len(order) + 1)
                   if fits(frozenset(order[:count]))), None)
    if needed is None:
        required = tuple(assemble(items, frozenset(order)))
        return ListFit(None, floor_overflow(required, width, height, typesetter),
                       required=required)
    cuts = set(order[:needed])
    for cut in reversed(order[:needed - 1]):  # the most needed of what was left out first
        if Cut(cut.item) not in cuts - {cut} and fits(frozenset(cuts - {cut})):
            cuts.discard(cut)
    fitted, used = fit_stack(assemble(items, frozenset(cuts)), width, height, typesetter)
    assert fitted is not None, "fits at the floor, so fits at some scale"
    shown = sorted(cut for cut in cuts if cut.whole_line or Cut(cut.item) not in cuts)
    return ListFit(tuple(fitted), used, tuple(shown))


def cut_order(items: Sequence[Item]) -> list[Cut]:
    """Everything that may be left out, in the order it is left out."""
    details: dict[str, list[Cut]] = {kind: [] for kind in DETAIL_KINDS}
    for index in reversed(range(len(items))):
        paragraphs = items[index].paragraphs
        for number in reversed(range(len(paragraphs))):
            parts = paragraphs[number].parts
            for part in reversed(range(len(parts))):
                kind = parts[part].kind
                if kind is not None:
                    details[kind].append(Cut(index, number, part))
    lines = [Cut(index) for index in reversed(range(len(items))) if not items[index].required]
    return [cut for kind in DETAIL_KINDS for cut in details[kind]] + lines


def assemble(items: Sequence[Item], cuts: frozenset[Cut]) -> list[Paragraph]:
    """The paragraphs of the list less the cuts; a `once` heading only the first time."""
    paragraphs: list[Paragraph] = []
    seen: set[tuple[str, str]] = set()
    for index, item in enumerate(items):
        if Cut(index) in cuts:
            continue
        for number, paragraph in enumerate(item.paragraphs):
            left_out = {cut.part for cut in cuts if cut.item == index and cut.paragraph == number}
            kept = paragraph.without(left_out) if left_out else paragraph
            if kept is None:
                continue
            if kept.once:
                if (kept.style, kept.markup) in seen:
                    continue
                seen.add((kept.style, kept.markup))
            paragraphs.append(kept)
    return paragraphs


def describe(cut: Cut, items: Sequence[Item]) -> str:
    """"'Emergency'" for a line, "'24/7' (hours) from 'National ... Hotline'" for a detail."""
    label = items[cut.item].label
    if cut.whole_line:
        return f"'{label}'"
    paragraph = items[cut.item].paragraphs[cut.paragraph]
    part = paragraph.parts[cut.part]
    markup = f"{paragraph.alt} {part.markup}" if paragraph.icon and cut.part == 0 else part.markup
    text = " ".join(html.unescape(_TAG.sub("", markup)).split())
    return f"'{text}' ({part.kind}) from '{label}'"
