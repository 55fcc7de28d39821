"""One digit system per piece.

The numbers to dial print as the source writes them: a digit changed is a stranger called
(a shelter that writes its line in Bengali digits gets Bengali digits, one that writes it in
Western digits gets those). What havenprint writes itself (dates from babel, the
catalogue's strings: "২৪ ঘণ্টা") follows them: in the language's own digits (CLDR's default
numbering system for it, from ICU: Bengali ০-৯, Persian ۰-۹, Burmese, Nepali) only where
every number the kit dials is written in them too, else in Western digits. A language whose
CLDR default is Western digits (Arabic, Hindi, Thai, Urdu) prints Western digits in what
havenprint writes. Either way a piece reads one system throughout.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from babel import Locale, UnknownLocaleError

from generator.engine import remembered

WESTERN = "0123456789"
# A decimal digit of any script: Unicode's category Nd, what str.isdecimal() is true for
# (tests/test_rtl_numbers.py checks every code point), found at the regex engine's speed.
DECIMAL = re.compile(r"\d")


@remembered(64)
def native_digits(lang: str) -> str:
    """The ten digits of the language's default numbering system (CLDR), zero first:
    Western for most languages."""
    system = _numbering_system(lang)
    if system in ("", "latn"):
        return WESTERN
    from icu4py.messageformat import MessageFormat  # ICU: only for such languages

    written = MessageFormat("{n, number, ::group-off}", lang.replace("-", "_")).format(
        {"n": 1234567890})
    digits = written[-1] + written[:-1]  # "1234567890" in its digits, zero last
    return digits if len(digits) == 10 and all(char.isdecimal() for char in digits) \
        else WESTERN


def _numbering_system(lang: str) -> str:
    """CLDR's default numbering system for `lang` ("latn", "beng"...); "" for a language
    babel does not know."""
    try:
        return str(Locale.parse(lang, sep="-").default_numbering_system)
    except (ValueError, UnknownLocaleError):
        return ""


def piece_digits(lang: str, numbers: Iterable[str]) -> str:
    """The digits what havenprint writes prints in for a kit in `lang` whose lines dial
    `numbers` (as written): the language's own where every digit of them is one of its
    own, else Western."""
    native = native_digits(lang)
    if native == WESTERN:
        return WESTERN
    digits = {char for number in numbers for char in number if char.isdecimal()}
    return native if digits and digits <= set(native) else WESTERN


def in_digits(text: str, digits: str) -> str:
    """`text` with every decimal digit, of any script, written in `digits`."""
    if not DECIMAL.search(text):
        return text
    return DECIMAL.sub(lambda digit: digits[unicodedata.decimal(digit.group())], text)
