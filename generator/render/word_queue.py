"""ReportLab's line breaking in time linear in a paragraph's words.

`Paragraph.breakLines` takes the words of a paragraph one by one from the front of a list
(`words.pop(0)`), which moves every word left behind: a paragraph of n words costs n²/2
moves, 10 s for 100,000 words, once for every box and trial scale a long article is set in.
The replacement is ReportLab's own function, its code unchanged, run with the two functions
that make the word lists (`split`, `_getFragWords`) giving a `WordQueue` instead: the same
words in a deque, taken from the front in constant time. A paragraph's tail after a split
(whose words ReportLab copies with `f.words[:]`) is handed over as a queue too. Lines come
out as before, word for word (tests/test_speedups.py compares whole PDFs).
"""

from __future__ import annotations

import collections
import itertools
import types
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, SupportsIndex

from generator.render.deferred_pattern import paragraph

if TYPE_CHECKING:
    from generator.engine import Engine

BreakLines = Callable[[paragraph.Paragraph, Any], Any]


class WordQueue(collections.deque[Any]):
    """A deque that answers the list operations `breakLines` uses on its words: `pop(0)`,
    `words[0:0] = more` (put back at the front) and `words[:]` (a copy)."""

    def pop(self, index: SupportsIndex = -1) -> Any:
        at = index.__index__()
        if at == 0:
            return self.popleft()
        if at in (-1, len(self) - 1):
            return super().pop()
        taken = self[at]
        del self[at]
        return taken

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, slice):
            return WordQueue(itertools.islice(self, *key.indices(len(self))))
        return super().__getitem__(key)

    def __setitem__(self, key: Any, value: Any) -> None:
        if not isinstance(key, slice):
            super().__setitem__(key, value)
            return
        start, stop, step = key.indices(len(self))
        if step != 1:
            raise TypeError("WordQueue slices take a step of 1")
        stop = max(start, stop)
        kept = list(value)
        if start == 0:  # the front: put back in constant time per word
            for _ in range(stop):
                self.popleft()
            self.extendleft(reversed(kept))
            return
        items = list(self)
        items[start:stop] = kept
        self.clear()
        self.extend(items)


def _queued(make: Callable[..., Iterable[Any]]) -> Callable[..., WordQueue]:
    def queued(*args: Any, **kwargs: Any) -> WordQueue:
        return WordQueue(make(*args, **kwargs))
    return queued


def linear_break_lines(original: BreakLines, engine: Engine) -> BreakLines:
    """`Paragraph.breakLines` with its word lists as queues (see the module's docstring).
    Its code runs with a copy of its module's names as they are when the engine starts (the
    module's other functions and what it imported), the two list makers replaced."""
    names = dict(original.__globals__)
    names["split"] = _queued(paragraph.split)
    names["_getFragWords"] = _queued(paragraph._getFragWords)
    queued = types.FunctionType(original.__code__, names, original.__name__,
                                original.__defaults__, original.__closure__)

    def break_lines(self: paragraph.Paragraph, width: Any) -> Any:
        frags = self.frags
        tail: Any = frags[0] if len(frags) == 1 else None
        words = getattr(tail, "words", None) if not hasattr(tail, "text") else None
        if tail is None or type(words) is not list:  # a BidiList keeps its own type
            return queued(self, width)
        tail.words = WordQueue(words)  # the words of a split's tail, copied with [:]
        try:
            return queued(self, width)
        finally:
            tail.words = words
    break_lines.__wrapped__ = original  # type: ignore[attr-defined]  # as functools.wraps
    return break_lines
