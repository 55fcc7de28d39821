"""Phone numbers checked against the site's country: what generator/content/phone_rules.py
answers (with phonenumbers), kept on disk, so that a new process building an unchanged kit
neither imports phonenumbers (60 ms) nor parses its numbers again.

An answer depends on the number as written, the country, the rules and phonenumbers' data:
the key is the text and country, the source of phone_rules.py and phone_number.py, and
phonenumbers' version. Only a number that was accepted is kept: a refused one is checked,
and reported, every time.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from pathlib import Path
from types import MappingProxyType
from typing import TypeVar

from generator.content.phone_number import Phone, PhoneError, SpelledInLetters
from generator.disk_cache import installed, kept
from generator.engine import remembered

__all__ = ("Phone", "PhoneError", "SpelledInLetters", "emergency_problem", "is_short_code",
           "parse_phone", "parse_text_number", "parse_tty", "supported_regions")

T = TypeVar("T")
VERSION = "1"
HERE = Path(__file__).parent
SOURCES = ("phone_rules.py", "phone_number.py")

_SEPARATORS = re.compile(r"\s+")
# A web page's link (tel:+1...) or a word the layouts print themselves before the number
# ("Call 1-800-...", "TTY: 1-800-..."), copied with it: not printed twice.
_COPIED_LABEL = re.compile(r"^(?:tel|phone|call|tty|textphone|minicom)\s*[:.]?\s*(?=[+(\d])",
                           re.IGNORECASE)
# Text relay services: a textphone user dials the prefix, then the number (Relay UK: 18001
# from a textphone, 18002 to reach a textphone from a voice phone). Only a TTY line may carry
# one; the number after the prefix is checked like any other.
RELAY_PREFIXES = MappingProxyType({"GB": ("18001", "18002")})
_RELAY = re.compile(r"^(\d{5})[\s\-]+(.+)$")


def parse_tty(raw: object, country: str) -> Phone:
    """A TTY (textphone) number: any number `parse_phone` accepts, or a relay prefix of the
    country followed by one (`18001 0808 2000 247`), printed as written."""
    text = _tidied(raw)
    match = _RELAY.match(text)
    if match and match.group(1) in RELAY_PREFIXES.get(country, ()):
        number = parse_phone(match.group(2), country)
        return Phone(raw=text, e164=number.e164, display=f"{match.group(1)} {number.display}")
    return parse_phone(text, country)


def parse_phone(raw: object, country: str) -> Phone:
    """A `Phone` for a full number or a short code valid in `country`.

    The display keeps the shelter's own spelling (whitespace tidied); the QR payload
    uses E.164 for full numbers and the digits alone for short codes such as 988.
    """
    return _phone(_tidied(raw), country)


def parse_text_number(raw: object, country: str) -> Phone:
    """A number people text (`text: {number: ...}`): what `parse_phone` accepts, or an SMS
    short code of the country (88788, 741741), which is not a number to call."""
    return _phone(_tidied(raw), country, texting=True)


@remembered(4096)
def _phone(text: str, country: str, texting: bool = False) -> Phone:
    """`parse_phone` of tidied text, answered once: site.yaml's and resources.yaml's checks
    parse every number, and the loader then takes the same `Phone` (a refused number is
    parsed again, to say why)."""
    def checked() -> Phone:
        from generator.content.phone_rules import checked_phone

        return checked_phone(text, country, texting)

    return _kept(("text" if texting else "phone", text, country), checked,
                 lambda found: isinstance(found, Phone))


def emergency_problem(text: str, country: str, usual: str | None) -> str | None:
    """Why `text` cannot be printed as the emergency number in `country`, or None (see
    phone_rules.emergency_problem); a number found to be one is kept."""
    problems: list[str] = []

    def answer() -> bool:
        from generator.content.phone_rules import emergency_problem as problem

        found = problem(text, country, usual)
        if found:
            problems.append(found)
        return not found

    _kept(("emergency", text, country), answer, lambda found: found is True,
          still=lambda: not problems)
    return problems[0] if problems else None


@remembered(1)
def supported_regions() -> frozenset[str]:
    """The countries phonenumbers has numbering data for."""
    def regions() -> frozenset[str]:
        import phonenumbers

        return frozenset(phonenumbers.SUPPORTED_REGIONS)

    return _kept(("regions",), regions, lambda found: isinstance(found, frozenset))


def is_short_code(phone: Phone) -> bool:
    return not phone.e164.startswith("+")


def _tidied(raw: object) -> str:
    """The number as written, whitespace tidied and a copied label ("TTY: ") taken off."""
    return _COPIED_LABEL.sub("", _SEPARATORS.sub(" ", str(raw)).strip())


def _kept(question: tuple[str, ...], make: Callable[[], T], valid: Callable[[object], bool],
          still: Callable[[], bool] = lambda: True) -> T:
    key = hashlib.sha256(repr((VERSION, _code(), question)).encode()).hexdigest()[:32]
    return kept("phones", f"phone-{key}", make, valid, most=8192, still=still)


@remembered(1)
def _code() -> str:
    digest = hashlib.sha256(installed("phonenumbers").encode())
    for name in SOURCES:
        digest.update((HERE / name).read_bytes())
    return digest.hexdigest()
