"""Phone numbers checked against the site's country with phonenumbers."""

from __future__ import annotations

import re

import phonenumbers
from phonenumbers import shortnumberinfo

from generator.models import Phone

_SEPARATORS = re.compile(r"\s+")


class PhoneError(ValueError):
    pass


def parse_phone(raw: object, country: str) -> Phone:
    """A `Phone` for a full number or a short code valid in `country`.

    The display keeps the shelter's own spelling (whitespace tidied); the QR payload
    uses E.164 for full numbers and the digits alone for short codes such as 988.
    """
    text = _SEPARATORS.sub(" ", str(raw)).strip()
    if not text:
        raise PhoneError("phone number is empty")
    try:
        number = phonenumbers.parse(text, country)
    except phonenumbers.NumberParseException:
        raise PhoneError(f"{text!r} is not a phone number") from None
    if phonenumbers.is_valid_number_for_region(number, country) or (
        text.startswith("+") and phonenumbers.is_valid_number(number)
    ):
        e164 = phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)
        return Phone(raw=text, e164=e164, display=text)
    if shortnumberinfo.is_valid_short_number_for_region(number, country):
        digits = phonenumbers.national_significant_number(number)
        return Phone(raw=text, e164=digits, display=text)
    raise PhoneError(f"{text!r} is not a valid phone number or short code in {country}")


def is_short_code(phone: Phone) -> bool:
    return not phone.e164.startswith("+")
