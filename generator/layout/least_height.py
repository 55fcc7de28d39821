"""The least height text can take in a column: for giving up on a fit that cannot succeed.

A fit tries several sizes, wrapping every paragraph at each: for a paragraph many times too
long for its box (a pasted book, a 2 MB line of text) that is all wasted. Wrapped to a width,
a paragraph takes at least as many lines as the width goes into its words' advance (spaces
not counted), each line given an em more than the width for what a line measured whole
gains over its pieces (kerning, ReportLab's space shrinkage). Measuring that is one pass over
the text without breaking a line; text needs more room at a larger size, so a box too small
for the text at its smallest size holds it at no size.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any
from unicodedata import bidirectional

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph as RLParagraph
from reportlab.platypus.flowables import Flowable

from generator.engine import remembered
from generator.i18n.fonts import FontSet
from generator.i18n.line_breaks import needs_segmenting
from generator.i18n.line_paragraph import LineParagraph
from generator.i18n.plain_text import plain_text

# Below this many characters of markup, text is fitted as usual: measuring would cost more
# than the trials it might save.
LONG_TEXT = 2000
SURELY = 1.5  # how many times the room the least height must be before a fit is given up


def long_text(markups: Iterable[str]) -> bool:
    """Whether text is long enough to be worth measuring before it is fitted."""
    return sum(len(markup) for markup in markups) >= LONG_TEXT


def surely_too_tall(paragraphs: Sequence[Flowable], width: float, room: float) -> bool:
    """Whether the paragraphs, wrapped to `width` (the widest of their boxes), surely need
    more than 1.5 times `room` (the boxes' heights together)."""
    least = 0.0
    for para in paragraphs:
        style = para.style
        least += _advance(para) / (width + style.fontSize) * style.leading
        if least > SURELY * room:
            return True
    return False


def _advance(para: Flowable) -> float:
    """The paragraph's words' advance, spaces left out."""
    if isinstance(para, LineParagraph):
        return para.least_advance()
    return sum(stringWidth("".join(frag.text.split()), frag.fontName, frag.fontSize)
               for frag in _text_frags(para))


def _text_frags(para: Flowable) -> list[Any]:
    """ReportLab's pieces of a paragraph not yet wrapped that hold text (not a picture)."""
    if not isinstance(para, RLParagraph):
        return []
    return [frag for frag in para.frags
            if isinstance(getattr(frag, "text", None), str) and not hasattr(frag, "cbDefn")]


def least_lines(markup: str, whole: str, fonts: FontSet, weight: str, size: float,
                width: float) -> int:
    """The fewest lines a paragraph holding the text of `markup` takes at `width` and `size`
    (`whole`: the most text it may hold, `markup` and its details). Counted only where
    ReportLab's own Paragraph sets every variant of it, `markup` has no tags and is set all
    in the primary face (no script written right to left or without spaces, no shaping):
    then a line holds no more than the width and a space of its words' advance. Else one
    line (a paragraph with text takes one at least)."""
    plain = plain_text(markup)
    if not "".join(plain.split()).replace("\u200b", ""):
        return 0
    advance = _primary_advance(plain, fonts, weight) if "<" not in markup else None
    if advance is None or fonts.rtl or fonts.shaping or _set_apart(whole):
        return 1
    lines = advance * size / 1000 / (width + size + 0.01)
    return max(1, math.ceil(lines - 1e-9))


@remembered(16384)
def _set_apart(markup: str) -> bool:
    """Whether text has letters that are set by havenprint's own paragraphs, not ReportLab's:
    right to left, or of a script written without spaces."""
    return needs_segmenting(markup) or any(bidirectional(char) in ("R", "AL") for char in markup)


@remembered(16384)
def _primary_advance(text: str, fonts: FontSet, weight: str) -> float | None:
    """The advance at 1000 units of the text's words, spaces left out, when the primary face
    sets all of them (None when another face sets some)."""
    letters = "".join(text.split())
    if any(fonts.face_for(char, weight) is not fonts.faces[0] for char in set(letters)):
        return None
    return stringWidth(letters, fonts.primary(weight), 1000)
