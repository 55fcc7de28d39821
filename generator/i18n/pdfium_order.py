"""The /ActualText PDFium reads a right-to-left line from, given the line's logical text.

PDFium (Chrome's PDF viewer and the text it hands screen readers) treats /ActualText unlike
poppler. poppler spreads a span's text over the span's glyphs and orders the line as visual
text, so it is given the line in visual order. PDFium instead keeps the span's characters in
the order written (or reverses them all when the span's first text object reads right to
left), cuts the line's text into direction segments (right-to-left letters; Latin letters;
digits and separators; the rest), and when the line has more right-to-left segments than
left-to-right ones puts the segments in reverse order, mirroring brackets in right-to-left
context, without reordering the characters inside a segment. Fed the visual line, it gave
'889' for 988, 'TRATS' for START and words in reverse order.

`pdfium_actual_text` gives the string that this treatment turns into the logical line, for a
span whose text object does not read right to left (`BidiParagraph` puts it on one invisible
neutral glyph). PDFium reads it from a marked-content sequence that is not a /Span (it takes
/ActualText from any tag); poppler, and the PDF specification, read /ActualText from /Span
sequences only, so they keep the visual text. The segment-order rule (strictly more
right-to-left segments) and the no-reordering inside a segment were measured on the
pypdfium2 5.15 build of PDFium (tests/test_pdfium_text.py reads cards back with it).
"""

from __future__ import annotations

from types import MappingProxyType
from unicodedata import bidirectional, mirrored

from generator.engine import remembered

_WEAK = frozenset({"AN", "EN", "NSM", "CS", "ES", "ET", "BN"})
_RIGHT = frozenset({"R", "AL"})
_MIRRORS = MappingProxyType(dict(zip("()[]{}<>«»‹›", ")(][}{><»«›‹", strict=True)))


def _direction(char: str) -> str:
    """PDFium's direction of a character (CFX_BidiChar): Left, Right, Weak or Neutral."""
    kind = bidirectional(char)
    if kind == "L":
        return "L"
    if kind in _RIGHT:
        return "R"
    return "W" if kind in _WEAK else "N"


def _segments(text: str) -> list[tuple[str, str]]:
    segments: list[tuple[str, str]] = []
    for char in text:
        direction = _direction(char)
        if segments and segments[-1][0] == direction:
            segments[-1] = (direction, segments[-1][1] + char)
        else:
            segments.append((direction, char))
    return segments


def _reversed_by_pdfium(segments: list[tuple[str, str]]) -> bool:
    right = sum(direction == "R" for direction, _ in segments)
    return right > sum(direction == "L" for direction, _ in segments)


def _mirror(text: str) -> str:
    return "".join(_MIRRORS.get(char, char) if mirrored(char) else char for char in text)


def _as_pdfium_walks(segments: list[tuple[str, str]], context: str) -> list[str]:
    """The segments in the order given, mirrored where PDFium mirrors them as it walks them
    in that order: right-to-left ones, and neutral ones met in right-to-left context (the
    context starts right to left when it has reversed the line)."""
    out = []
    for direction, text in segments:
        if direction == "R" or (direction == "N" and context == "R"):
            context = "R"
            out.append(_mirror(text))
        else:
            if direction != "W":
                context = "L"
            out.append(text)
    return out


def pdfium_reading(actual_text: str) -> str:
    """The text PDFium gives for a line that is one such span holding `actual_text`."""
    segments = _segments(actual_text)
    if _reversed_by_pdfium(segments):
        return "".join(_as_pdfium_walks(segments[::-1], "R"))
    return "".join(_as_pdfium_walks(segments, "L"))


@remembered(4096)
def pdfium_actual_text(line: str) -> str:
    """The /ActualText that PDFium reads back as `line` (its characters in logical order):
    its segments, mirrored where PDFium will mirror them (twice gives the character back),
    in reverse order when PDFium reverses them."""
    segments = _segments(line)
    if _reversed_by_pdfium(segments):
        return "".join(_as_pdfium_walks(segments, "R")[::-1])
    return "".join(_as_pdfium_walks(segments, "L"))
