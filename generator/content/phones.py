"""Phone numbers checked against the site's country: what generator/content/phone_rules.py
answers (with phonenumbers, imported when a number is first checked), each number answered
once per process."""

from __future__ import annotations

import re
from types import MappingProxyType

from generator.content.phone_number import Phone, PhoneError, SpelledInLetters
from generator.engine import remembered

__all__ = ("Phone", "PhoneError", "SpelledInLetters", "emergency_problem", "free_to_call",
           "is_short_code", "parse_phone", "parse_text_number", "parse_tty",
           "supported_regions")

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
    from generator.content.phone_rules import checked_phone

    return checked_phone(text, country, texting)


def emergency_problem(text: str, country: str, usual: str | None) -> str | None:
    """Why `text` cannot be printed as the emergency number in `country`, or None (see
    phone_rules.emergency_problem)."""
    from generator.content.phone_rules import emergency_problem as problem

    return problem(text, country, usual)


@remembered(1)
def supported_regions() -> frozenset[str]:
    """The countries phonenumbers has numbering data for."""
    import phonenumbers

    return frozenset(phonenumbers.SUPPORTED_REGIONS)


@remembered(1024)
def free_to_call(phone: Phone, country: str) -> bool:
    """Whether calling `phone` costs nothing by `country`'s numbering plan (call_cost.py)."""
    from generator.content.call_cost import free_to_call as free

    return free(phone, country)


def is_short_code(phone: Phone) -> bool:
    return not phone.e164.startswith("+")


def _tidied(raw: object) -> str:
    """The number as written, whitespace tidied and a copied label ("TTY: ") taken off."""
    return _COPIED_LABEL.sub("", _SEPARATORS.sub(" ", str(raw)).strip())
