"""Numbers written where HSDS has no field for them, which the importer would not read.

HSDS keeps every number in a `phones` list of objects (`{"number": ..., "type": "voice"}`).
A directory exported as a flat list of places (`{"name": ..., "phone": "Crisis line:
877-555-0142"}`) reads as services with names and no numbers: a card with a crisis line's
name and no way to call it. So these are found: a field named for a number (phone,
telephone, hotline, tty, sms...) written as text rather than as phone objects, and a field
HSDS does not have that holds a phone number. `hsds_json` refuses a file with no HSDS
structure at all that holds one as not HSDS; in HSDS data, `hsds` skips a service with such a
field of its own and warns of one on its organization or locations.
"""

from __future__ import annotations

import re

import phonenumbers

_PHONE_KEY = re.compile(r"phone|telephone|^tel$|^tel_|hotline|helpline|crisis_?line|"
                        r"toll_?free|^sms|^tty|^tdd|^text_?(number|line)$|^mobile|^cell|"
                        r"contact_?number|^number$")
_KEY_SPACE = re.compile(r"[\s\-]+")
# The fields of HSDS 1.x-3.x services, organizations, locations and service_at_locations,
# Ohana's, and the `language` havenprint reads: a number in any other one is not read.
KNOWN_FIELDS = frozenset({
    "id", "organization_id", "program_id", "location_id", "service_id", "name",
    "alternate_name", "description", "url", "email", "status", "interpretation_services",
    "application_process", "fees_description", "wait_time", "fees", "accreditations",
    "eligibility_description", "eligibility", "minimum_age", "maximum_age", "assured_date",
    "assurer_email", "licenses", "alert", "last_modified", "phones", "schedules",
    "regular_schedule", "regular_schedules", "holiday_schedule", "holiday_schedules",
    "service_areas", "service_at_locations", "languages", "organization", "funding",
    "cost_options", "program", "required_documents", "contacts", "attributes", "metadata",
    "website", "tax_status", "tax_id", "year_incorporated", "legal_status", "logo", "uri",
    "parent_organization_id", "locations", "programs", "organization_identifiers",
    "additional_websites", "additional_urls", "location_type", "transportation", "latitude",
    "longitude", "external_identifier", "external_identifier_type", "addresses",
    "physical_address", "postal_address", "accessibility", "accessibility_for_disabilities",
    "location", "service", "services", "capacities", "taxonomy_ids", "keywords", "audience",
    "funding_sources", "accepted_payments", "short_desc", "admin_emails", "virtual",
    "date_incorporated", "language", "payments_accepted", "service_taxonomy",
})
_MATCHED_AT_MOST = 1_000  # characters of a field searched for a number
_DEPTH = 3  # levels of lists and objects inside a field searched


def is_phone_field(key: str) -> bool:
    """A field named for a number one would call or text (not a fax)."""
    name = _KEY_SPACE.sub("_", key.strip().lower())
    return bool(_PHONE_KEY.search(name)) and "fax" not in name


def stray_numbers(record: dict, country: str) -> list[tuple[str, str]]:
    """(field, text) for each field of `record` that holds a number the importer does not
    read: a field named for one, written as text, or a field HSDS does not have."""
    found = []
    for key, value in record.items():
        name = key.strip().lower()
        if name in KNOWN_FIELDS or "fax" in name:  # read as HSDS has it; never a number to call
            continue
        text = "; ".join(_texts(value))
        if (is_phone_field(key) and any(char.isdigit() for char in text)) or (
                text and _holds_number(text, country)):
            found.append((key, text))
    return found


def has_structure(record: dict, depth: int = 0) -> bool:
    """Whether a record is shaped as HSDS is: under an HSDS field (phones, locations,
    services...), an object that is an HSDS record (it has an `id`, a phone's `number`, or
    such objects of its own). A city's list of places nests objects under the same names
    that are not (`"location": {"__type": "GeoPoint", ...}`, `"services": [{"category":
    "food"}]`)."""
    for key in _STRUCTURE_KEYS:
        value = record.get(key)
        items = [value] if isinstance(value, dict) else value if isinstance(value, list) else []
        if any(isinstance(item, dict) and ("id" in item or "number" in item or (
                depth < _DEPTH and has_structure(item, depth + 1))) for item in items):
            return True
    return False


_STRUCTURE_KEYS = ("phones", "service_at_locations", "organization", "services", "service",
                   "location", "locations", "schedules", "regular_schedule", "addresses",
                   "physical_address", "contacts", "attributes", "service_areas", "languages")


def _texts(value: object, depth: int = 0) -> list[str]:
    """The texts in a value: a scalar's, or those inside a list or an object that is not
    HSDS's (`"phone": {"number": ...}`), a few levels deep."""
    if isinstance(value, str | int | float) and not isinstance(value, bool):
        return [text] if (text := str(value).strip()) else []
    inside = value.values() if isinstance(value, dict) else value if isinstance(value, list) \
        else ()
    if depth >= _DEPTH:
        return []
    return [text for item in inside for text in _texts(item, depth + 1)]


def _holds_number(text: str, country: str) -> bool:
    return phonenumbers.PhoneNumberMatcher(text[:_MATCHED_AT_MOST], country,
                                           leniency=phonenumbers.Leniency.VALID).has_next()
