"""Invisible control characters that content must not carry onto a page.

Bidi controls (U+200E/F, U+202A-202E, U+2066-2069, U+061C) would turn a phone number round
or hide where a word ends; zero-width spaces, word joiners, the soft hyphen and a stray
byte-order mark split words so that no check recognises them ("vio\u00adlence"), and most
fonts draw them as boxes. They are removed from every content file as it is read.
The zero-width non-joiner and joiner (U+200C/D) stay: Persian and the Indic scripts spell
words with them, and shaping consumes them.
Other control characters (NUL, escape, bell...) are not text at all: a file holding one is
not what its writer meant (a binary file, a bad copy), so it is an error, not cleaned.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from generator.errors import Code, Problem

_INVISIBLE = re.compile(
    "[\u00ad\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f"
    "\ufeff\ufff9-\ufffb\U000e0000-\U000e007f]"
)


def without_invisible(text: str) -> str:
    """`text` without invisible formatting characters (ZWNJ and ZWJ kept)."""
    return _INVISIBLE.sub("", text)


def invisible_in(text: str) -> list[str]:
    """The invisible formatting characters in `text`, in order (for messages and tests)."""
    return _INVISIBLE.findall(text)


_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")  # tab, LF and CR are text


def control_character_problem(path: Path, text: str) -> Problem | None:
    """The first control character in the file's `text` (not tab or a line end), its line."""
    found = _CONTROL.search(text)
    if found is None:
        return None
    line = len(re.findall(r"\r\n|\r|\n", text[:found.start()])) + 1
    return Problem(path, (f"the file holds the control character {_code(found[0])}, which is "
                          "not text: is this the right file? Save it again as plain text"),
                   line, code=Code.CONTROL_CHARACTER, fields={"char": _code(found[0])})


_SURROGATE = re.compile("[\ud800-\udfff]")


@dataclass(frozen=True)
class Unprintable:
    """A control character, or half of a character (`half`), in a value."""

    char: str  # U+0000
    half: bool
    message: str


def control_character_in_value(value: str, escapes: str = "\\0 or \\e in double quotes"
                               ) -> Unprintable | None:
    """A control character or half of a character (a lone surrogate) in a value, written
    as an escape (`escapes`: how the file's format writes them)."""
    if found := _CONTROL.search(value):
        return Unprintable(_code(found[0]), False, (
            f"the value holds the control character {_code(found[0])} (an escape such "
            f"as {escapes}), which cannot be printed"))
    if found := _SURROGATE.search(value):
        return Unprintable(_code(found[0]), True, (
            f"the value holds {_code(found[0])}, half of a character (an escape such as "
            f"\\u{ord(found[0]):04x} without its other half: text cut in the middle of "
            "a character, or converted wrongly): write the character itself"))
    return None


def _code(char: str) -> str:
    return f"U+{ord(char):04X}"
