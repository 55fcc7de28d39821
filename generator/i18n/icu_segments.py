"""ICU's segments of a text as Python string indices.

ICU counts in UTF-16 code units: a character outside the Basic Multilingual Plane (a
supplementary CJK ideograph, an emoji, Linear B) counts two, so its offsets run past the
Python string's and every index after such a character is off by one more."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import accumulate
from typing import Literal

_LAST_BMP = "\uffff"


def segments(text: str, locale: str, kind: Literal["line", "word"]) -> Iterator[tuple[int, int]]:
    """(start, end) of each segment of ICU's line or word breaker, in order."""
    from icu4py.breakers import LineBreaker, WordBreaker  # only for the languages that need it

    breaker = (LineBreaker if kind == "line" else WordBreaker)(text, locale)
    if not text or max(text) <= _LAST_BMP:
        yield from breaker.segments()
        return
    index_of = {0: 0}  # UTF-16 offset -> index, at every character's start and the end
    for index, offset in enumerate(accumulate(2 if char > _LAST_BMP else 1 for char in text)):
        index_of[offset] = index + 1
    for start, end in breaker.segments():
        yield index_of[start], index_of[end]
