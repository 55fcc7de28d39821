"""One HSDS 3.x service (canonical JSON shape) as a resources.yaml entry.

- name: the service name, prefixed "<organization> – " when the organization's name differs
  and is not part of it; kept as `{<code>: name}` when the record says which language its
  text is in (a `language` code on the service, else on its organization: HSDS itself has no
  field for it), so that check reports it in the kit's other languages.
- phones (the service's own, else those of its first service-at-location that has any):
  `voice`/`cell` (or no type) → `phone`, `text`/`sms` → `text.number`, `textphone`/`tty` →
  `tty`; fax, pager and video are ignored. Every number used must be valid for the country
  and fit to print (not premium-rate, a pager or voicemail: see `generator.phones`), or the
  record is skipped: a wrong number on a printed card cannot be recalled. A text
  keyword is taken from a phone description such as "Text SAFE to …". `qr` is `tel` for the
  first voice number, else `sms`, else `url`.
- url: the service's url, else the organization's website; http(s) only.
- languages: `code` (ISO 639-2/3 codes of common languages shortened to 639-1), else `name`.
- hours: from the schedules (see `hours`); verified: `assured_date` only.
"""

from __future__ import annotations

import re
from datetime import date

from generator.importers.hours import hours_text
from generator.importers.values import (
    SkipRecord,
    date_notes,
    language_code,
    object_of,
    objects_of,
    parse_date,
    text_of,
    unique,
    web_address,
)
from generator.phones import PhoneError, parse_phone

PHONE_KINDS = {
    "voice": "phone", "cell": "phone", "": "phone",
    "text": "text", "sms": "text",
    "textphone": "tty", "tty": "tty",
}
IGNORED_KINDS = {"fax", "pager", "video"}
_KEYWORD = re.compile(r"\btext\s+[\"'“]?([A-Z][A-Z0-9]{1,15})[\"'”]?\s+to\b", re.IGNORECASE)


def service_label(service: dict) -> str:
    name = text_of(service, "name") or "(unnamed service)"
    organization = object_of(service, "organization") or {}
    org_name = text_of(organization, "name")
    if org_name and org_name.casefold() not in name.casefold():
        return f"{org_name} – {name}"
    return name


def build_entry(service: dict, label: str, country: str, today: date) -> tuple[dict, list[str]]:
    """The entry and remarks about what was left out; raises SkipRecord if it cannot be printed."""
    notes: list[str] = []
    written_in = _text_language(service)
    entry: dict = {"name": {written_in: label} if written_in else label}
    entry.update(_phone_fields(_phones(service), country, label, notes))
    url = _url(service, label, notes)
    if url:
        entry["url"] = url
    hours, reasons = hours_text(_schedules(service), today)
    notes.extend(f"{label}: hours leave out {reason}" for reason in reasons)
    if hours:
        entry["hours"] = hours
    languages = _languages(service, label, notes)
    if languages:
        entry["languages"] = languages
    qr = "tel" if "phone" in entry else "sms" if "text" in entry else "url" if url else None
    if qr is None:
        raise SkipRecord("no phone, text number or web address")
    entry["qr"] = qr
    verified, date_remarks = date_notes(label, parse_date(text_of(service, "assured_date")), today)
    notes.extend(date_remarks)
    if verified:
        entry["verified"] = verified
    return entry, notes


def _text_language(service: dict) -> str | None:
    """The language the record's text is written in, where it says one."""
    organization = object_of(service, "organization") or {}
    for record in (service, organization):
        code = text_of(record, "language")
        if code:
            return language_code(code)
    return None


def _phones(service: dict) -> list[dict]:
    return _own_or_at_a_location(service, "phones")


def _schedules(service: dict) -> list[dict]:
    return _own_or_at_a_location(service, "schedules", own_alias="regular_schedule")


def _own_or_at_a_location(service: dict, key: str, own_alias: str | None = None) -> list[dict]:
    """The service's own `key` objects (or, on the service only, `own_alias` ones), else
    those of the first of its locations that has some."""
    own = objects_of(service, key) or (objects_of(service, own_alias) if own_alias else [])
    if own:
        return own
    for link in objects_of(service, "service_at_locations"):
        if objects_of(link, key):
            return objects_of(link, key)
    return []


def _phone_fields(phones: list[dict], country: str, label: str, notes: list[str]) -> dict:
    found: dict[str, list[tuple[str, dict]]] = {"phone": [], "text": [], "tty": []}
    for phone in phones:
        number = text_of(phone, "number")
        kind = (text_of(phone, "type") or "").lower()
        if kind in IGNORED_KINDS or not number:
            continue
        if kind not in PHONE_KINDS:
            notes.append(f"{label}: phone {number} has type '{kind}'; left out")
            continue
        try:
            display = parse_phone(number, country).display
        except PhoneError as error:
            raise SkipRecord(f"{kind or 'voice'} number {error}") from None
        if text_of(phone, "extension"):
            notes.append(f"{label}: extension {text_of(phone, 'extension')} of {display} "
                         "is not printed")
        found[PHONE_KINDS[kind]].append((display, phone))
    fields: dict = {}
    for key in ("phone", "tty", "text"):
        numbers = found[key]
        if not numbers:
            continue
        if len(numbers) > 1:
            rest = ", ".join(display for display, _ in numbers[1:])
            notes.append(f"{label}: only the first {key} number is used; left out {rest}")
        display, phone = numbers[0]
        fields[key] = display if key != "text" else _text_line(display, phone)
    return {key: fields[key] for key in ("phone", "tty", "text") if key in fields}


def _text_line(number: str, phone: dict) -> dict:
    match = _KEYWORD.search(text_of(phone, "description") or "")
    keyword = match.group(1) if match and match.group(1).isupper() else None
    return {"number": number, "keyword": keyword} if keyword else {"number": number}


def _url(service: dict, label: str, notes: list[str]) -> str | None:
    organization = object_of(service, "organization") or {}
    for raw in (text_of(service, "url"), text_of(organization, "website"),
                text_of(organization, "url")):
        if raw and web_address(raw):
            return raw
        if raw:
            notes.append(f"{label}: web address {raw!r} is not http(s); left out")
    return None


def _languages(service: dict, label: str, notes: list[str]) -> list[str]:
    codes = []
    for language in objects_of(service, "languages"):
        code, name = text_of(language, "code"), text_of(language, "name")
        found = language_code(code, name)
        if found:
            codes.append(found)
        elif code or name:
            notes.append(f"{label}: language {code or name!r} has no known code; left out")
    return unique(codes)
