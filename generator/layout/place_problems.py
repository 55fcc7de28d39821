"""The problems placing a slot reports: how far its text overflows, the words too wide
for it and the line they are in, naming the file to blame."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

from generator.content.layouts import SlotSpec
from generator.content.models import Source
from generator.content.units import PT_PER_UNIT
from generator.errors import Code, FieldValue, Problem, Severity, quoted, shortened
from generator.i18n.plain_text import plain_text
from generator.layout.fit import UNBREAKABLE, min_width
from generator.layout.flow import words_over
from generator.layout.geometry import Rect
from generator.layout.paragraphs import Paragraph
from generator.layout.placed import LineWords, PlacedFace, Placement


def room_left_out(slot: SlotSpec, placement: Placement, placed: PlacedFace,
                  items: Sequence[Paragraph], gave_way: str = "") -> Problem:
    """A note naming what a `when_room` slot or a flow's filler leaves out (its first
    paragraph: its heading): spare room's content, left out by design, but never
    silently; `gave_way`: what it gave way to and where it prints (`_gave_way_to`)."""
    block = plain_text(items[0].markup).strip()
    return slot_problem(Code.ROOM_LEFT_OUT, slot, placement,
                        f"left out the block {block!r}: there is no room for it{gave_way}",
                        placed, "info", block=block)


def overflow_message(overflow: float, placement: Placement, items: Sequence[Paragraph] = (),
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


def wide_source(overflow: float, items: Sequence[Paragraph], width: float | None,
                placement: Placement) -> Source | None:
    """Where the line lies in resources.yaml, when the text overflows for a word of one."""
    if overflow != UNBREAKABLE or width is None:
        return None
    line = _line_of(wide_words(items, width, placement), placement)
    return line.source if line is not None else None


def slot_problem(code: Code, slot: SlotSpec, placement: Placement, message: str,
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
