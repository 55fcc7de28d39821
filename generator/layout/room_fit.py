"""How many characters of a text fit where it prints: the paragraph that holds it is set
again with a sample N characters long (the text itself, repeated), the rest of its slot as it
is, and N is searched. Where each text prints: generator/translating/string_room.py."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from generator.layout.compose import Item
from generator.layout.fit import Typesetter, floor_overflow, min_width
from generator.layout.list_fit import Cut, assemble, fit_list
from generator.layout.paragraphs import Paragraph

CAP = 1000  # characters: a room this large is no limit a translator meets
PRECISION = 40  # the room is found to within 1/40 of itself (2.5 %), never more than it is
Fits = Callable[[str], bool]  # whether the slot holds a sample (plain text) of this length


def sample(text: str, count: int) -> str:
    """`count` characters of `text` repeated (a word and its script's widths as the text
    has them), cut after a whole word where the text is written with spaces."""
    text = " ".join(text.split())
    if count <= 0 or not text:
        return ""
    spaced = " " in text
    unit = text + (" " if spaced else "")
    repeated = unit * (count // len(unit) + 2)
    cut = repeated[:count]
    if spaced and repeated[count] != " " and " " in cut:
        cut = cut[:cut.rindex(" ")]
    return cut.rstrip()


def most_that_fit(text: str, fits: Fits, cap: int = CAP) -> int | None:
    """The length of the longest sample of `text` that `fits` (0: not even a word); None when
    `cap` characters fit. Starts from the text's own length: the answer is usually near it."""
    start = max(1, len(text))
    if fits(sample(text, start)):
        low, high = start, start * 2
        while high < cap and fits(sample(text, high)):
            low, high = high, high * 2
        if high >= cap:
            if fits(sample(text, cap)):
                return None
            high = cap
    else:
        low, high = 0, start
    while high - low > max(1, low // PRECISION):
        middle = (low + high) // 2
        if fits(sample(text, middle)):
            low = middle
        else:
            high = middle
    return len(sample(text, low))


def stack_fits(paragraphs: Sequence[Paragraph], width: float, height: float,
               typesetter: Typesetter) -> bool:
    """Whether the paragraphs fit the box at some size down to their styles' floors (a
    text slot): whether they do at the floors, where they take the least room."""
    return floor_overflow(paragraphs, width, height, typesetter) <= 0.01


def list_cuts(items: Sequence[Item], width: float, height: float,
              typesetter: Typesetter) -> frozenset[Cut] | None:
    """What a list leaves out to fit the box (lines, details); None when even its required
    lines do not fit."""
    fitted = fit_list(items, width, height, typesetter)
    return None if fitted.paragraphs is None else frozenset(fitted.left_out)


def list_fits(items: Sequence[Item], cuts: frozenset[Cut], width: float, height: float,
              typesetter: Typesetter) -> bool:
    """Whether the list fits the box leaving out no more than `cuts` (at the floor, where
    it takes the least room)."""
    return floor_overflow(assemble(items, cuts), width, height, typesetter) <= 0.01


def on_one_line(paragraph: Paragraph, width: float, scale: float,
                typesetter: Typesetter) -> bool:
    """Whether the paragraph, at `scale` of its style's size, takes one line of `width`."""
    made = typesetter.paragraphs((paragraph,), scale)[0]
    if min_width(made) > width + 0.01:
        return False
    return made.wrap(width, 10_000)[1] <= made.style.leading + 0.01
