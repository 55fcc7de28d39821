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

from collections.abc import Iterable, Sequence
from typing import Any

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph as RLParagraph
from reportlab.platypus.flowables import Flowable

from generator.i18n.line_paragraph import LineParagraph

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

