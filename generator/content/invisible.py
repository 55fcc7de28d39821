"""Invisible control characters that content must not carry onto a page.

Bidi controls (U+200E/F, U+202A-202E, U+2066-2069, U+061C) would turn a phone number round
or hide where a word ends; zero-width spaces, word joiners, the soft hyphen and a stray
byte-order mark split words so that no check recognises them ("vio\u00adlence"), and most
fonts draw them as boxes. They are removed from every content file as it is read.
The zero-width non-joiner and joiner (U+200C/D) stay: Persian and the Indic scripts spell
words with them, and shaping consumes them.
"""

from __future__ import annotations

import re

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
