"""`{name}` placeholders in interface strings, and nothing else of Python's format syntax.

A catalogue string is literal text with `{name}` fields (a lowercase name in braces, nothing
more), where `{{` and `}}` print a single brace. The rest of str.format's mini-language is
refused: `{0}` and `{}` (positional), `{emergency[0]}` and `{emergency.__class__}` (a part of a
value, or the objects behind it), `{emergency!r}` (a conversion) and `{emergency:>20}` (a
format spec). With them a translation could print "call 9" for "call 911", or worse. Fields
are found with string.Formatter().parse, the parser str.format itself uses, so nothing it would
fill in is missed; `fill` substitutes only the bare names, never calling str.format.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable

_FORMATTER = string.Formatter()
_NAME = re.compile(r"[a-z][a-z0-9_]*")
LONE_BRACE = "a lone '{' or '}': write {{ or }} for a brace that prints"

Piece = tuple[str, str | None]  # literal text, then the name of the field after it (or None)


class PlaceholderError(ValueError):
    """A string that is not literal text with bare `{name}` fields; `field` is the offending
    replacement field as written (None for a lone brace)."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.field = field


def pieces(text: str) -> list[Piece]:
    """`text` as (literal, field name) pairs; PlaceholderError for anything but bare names."""
    try:
        parsed = list(_FORMATTER.parse(text))
    except ValueError:
        raise PlaceholderError(LONE_BRACE) from None
    result: list[Piece] = []
    position = 0
    for literal, name, spec, conversion in parsed:
        position += len(literal) + literal.count("{") + literal.count("}")  # braces doubled
        if name is None:
            result.append((literal, None))
            continue
        written = _field_at(text, position)
        if conversion is not None or spec or not _NAME.fullmatch(name) or written != f"{{{name}}}":
            raise PlaceholderError(f"{written} is not a placeholder", written)
        result.append((literal, name))
        position += len(written)
    if rebuild(result) != text:  # the walk above lost its place: refuse rather than guess
        raise PlaceholderError("not a plain placeholder string")
    return result


def names(text: str) -> set[str]:
    """The placeholder names in `text` (PlaceholderError if it has anything else)."""
    return {name for _, name in pieces(text) if name is not None}


def substitute(text: str, values: dict[str, object],
               escape: Callable[[object], str] = str) -> str:
    """`text` with each `{name}` replaced by `escape(values[name])` and its literal text by
    `escape(literal)`; PlaceholderError for a field it has no value for."""
    out = escape("")
    for literal, name in pieces(text):
        out += escape(literal)
        if name is not None:
            if name not in values:
                raise PlaceholderError(f"{{{name}}} has no value here", f"{{{name}}}")
            out += escape(values[name])
    return out


def rebuild(parts: list[Piece]) -> str:
    """The string `parts` came from (literal braces doubled again)."""
    return "".join(literal.replace("{", "{{").replace("}", "}}")
                   + (f"{{{name}}}" if name is not None else "") for literal, name in parts)


def _field_at(text: str, start: int) -> str:
    """The replacement field as written from `start` (its `{`) to its matching `}`."""
    depth = 0
    for index in range(start, len(text)):
        depth += {"{": 1, "}": -1}.get(text[index], 0)
        if depth == 0:
            return text[start:index + 1]
    return text[start:]
