"""Whether calling a number costs the caller nothing, by the country's numbering plan
(phonenumbers): a toll-free number (1-800 in the US, 0800 and 0808 in the UK, 1800 in
Australia) or a short number the plan prices free for every caller (988, 911, 116 123, 999).
A number the plan does not price (211 and 311 in the US, an SMS short code) is not taken to
be free: a line says so itself (`free: true` in resources.yaml). Asked through
generator/content/phones.py, which imports phonenumbers only when a number is checked."""

from __future__ import annotations

import phonenumbers
from phonenumbers import shortnumberinfo

from generator.content.phone_number import Phone
from generator.content.phone_rules import FREE_HELPLINES, MISSING_SHORT_NUMBERS


def free_to_call(phone: Phone, country: str) -> bool:
    """Whether `phone`, accepted for `country` (its e164 a full number, else a short code's
    digits), is free to call by the numbering plan."""
    if phone.e164.startswith("+"):
        number = phonenumbers.parse(phone.e164)
        return phonenumbers.number_type(number) == phonenumbers.PhoneNumberType.TOLL_FREE
    if (country, phone.e164) in FREE_HELPLINES or (country, phone.e164) in MISSING_SHORT_NUMBERS:
        return True
    short = phonenumbers.parse(phone.e164, country)
    return (shortnumberinfo.expected_cost_for_region(short, country)
            == shortnumberinfo.ShortNumberCost.TOLL_FREE)
