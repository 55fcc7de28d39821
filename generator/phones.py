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
        return Phone(raw=text, e164=e164, display=display_form(text, number, country))
    if shortnumberinfo.is_valid_short_number_for_region(number, country):
        digits = phonenumbers.national_significant_number(number)
        return Phone(raw=text, e164=digits, display=text)
    raise PhoneError(f"{text!r} is not a valid phone number or short code in {country}")


def display_form(text: str, number: phonenumbers.PhoneNumber, country: str) -> str:
    """How the number is printed for people in `country`.

    A number already written in a national form keeps the organisation's grouping (hotlines
    advertise memorable ones, like 0808 2000 247); one written in international form or as
    bare digits is formatted the way the country writes it; a foreign number stays
    international so that it can be dialled from here.
    """
    home = phonenumbers.region_code_for_number(number) == country or (
        number.country_code == phonenumbers.country_code_for_region(country))
    if not home:
        return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.INTERNATIONAL)
    if not (text.startswith("+") or text.isdigit()):
        return text
    if number.country_code == 1:
        return _north_american(number)
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.NATIONAL)


def _north_american(number: phonenumbers.PhoneNumber) -> str:
    """1-800-799-7233 for toll-free lines, as they are advertised; 614-555-0100 otherwise."""
    digits = phonenumbers.national_significant_number(number)
    grouped = f"{digits[:3]}-{digits[3:6]}-{digits[6:]}"
    toll_free = phonenumbers.number_type(number) == phonenumbers.PhoneNumberType.TOLL_FREE
    return f"1-{grouped}" if toll_free else grouped


def is_short_code(phone: Phone) -> bool:
    return not phone.e164.startswith("+")
