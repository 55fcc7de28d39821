"""One HSDS service (the canonical nested shape every reader produces) as a resources.yaml entry.

- name: the service name, prefixed "<organization> – " when the organization's name differs
  and is not part of it; kept as `{<code>: name}` when the record says which language its
  text is in (a `language` code on the service, else on its organization: HSDS itself has no
  field for it), so that check reports it in the kit's other languages.
- phone, tty, text: see `phone_lines` (service, service_at_location, location, organization,
  organization's locations' numbers, in that order of preference; fax never; one bad number
  left out on its own). A
  service with numbers none of which can be printed is skipped with the reason. `qr` is `tel`
  for a voice number, else `sms`, else `url`.
- url: the service's url (or Ohana's `website`), else the organization's website; http(s) only.
- languages: the service's, and those its numbers are answered in; else its locations'.
  Codes (ISO 639-2/3 of common languages shortened to 639-1) or names, as the data gives them.
- hours: the service's schedules, else its service_at_locations', else its locations'
  (see `hours`).
- verified: `assured_date`; without one, the date the site says it checked the lines.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from generator.content.web_address import web_address_problem
from generator.importers.hours import hours_text
from generator.importers.phone_lines import choose_phones
from generator.importers.values import (
    SkipRecord,
    date_notes,
    date_order_note,
    language_code,
    language_pairs,
    object_of,
    objects_of,
    parse_date,
    read_date,
    text_of,
    unique,
    web_address,
)


@dataclass(frozen=True)
class Built:
    entry: dict
    notes: list[str]
    left_out: list[str]  # numbers left out for their data (the entry is kept without them)


def service_label(service: dict) -> str:
    name = text_of(service, "name") or "(unnamed service)"
    organization = object_of(service, "organization") or {}
    org_name = text_of(organization, "name")
    if org_name and org_name.casefold() not in name.casefold():
        return f"{org_name} – {name}"
    return name


def locations_of(service: dict) -> list[dict]:
    return [location for link in objects_of(service, "service_at_locations")
            if (location := object_of(link, "location")) is not None]


def build_entry(service: dict, label: str, country: str, today: date,
                verified: date | None = None) -> Built:
    """The entry and remarks about what was left out; raises SkipRecord if it cannot be printed.
    `verified` is the date the site checked the lines, for a record without `assured_date`."""
    notes: list[str] = []
    written_in = _text_language(service)
    entry: dict = {"name": {written_in: label} if written_in else label}
    choice = choose_phones(_phone_levels(service), country, label)
    notes.extend(choice.notes)
    if choice.left_out and not choice.fields:
        raise SkipRecord(choice.left_out[0])
    entry.update({key: choice.fields[key] for key in ("phone", "tty", "text")
                  if key in choice.fields})
    url, not_web = _url(service)
    notes.extend(f"{label}: {web_address_problem(raw)}; left out" for raw in not_web)
    if url:
        entry["url"] = url
    hours, reasons = hours_text(_schedules(service), today, country)
    notes.extend(f"{label}: hours leave out {reason}" for reason in reasons)
    if hours:
        entry["hours"] = hours
    languages = unique(_languages(service, label, notes) + choice.languages) or _location_languages(
        service, label, notes)
    if languages:
        entry["languages"] = languages
    qr = "tel" if "phone" in entry else "sms" if "text" in entry else "url" if url else None
    if qr is None and not_web:  # named: "no web address" hid a `www.` one without https://
        raise SkipRecord(f"no phone or text number, and its web address {not_web[0]!r} does "
                         "not start with https:// or http:// (write it in full in the data)")
    if qr is None:
        raise SkipRecord("no phone, text number or web address")
    entry["qr"] = qr
    checked, date_remarks = _checked(service, label, today, verified, country)
    notes.extend(date_remarks)
    if checked:
        entry["verified"] = checked
    return Built(entry, notes, choice.left_out)


def _phone_levels(service: dict) -> list[tuple[str, list[dict]]]:
    links = objects_of(service, "service_at_locations")
    organization = object_of(service, "organization") or {}
    return [
        ("service", objects_of(service, "phones")),
        ("service at location", [p for link in links for p in objects_of(link, "phones")]),
        ("location", [p for location in locations_of(service)
                      for p in objects_of(location, "phones")]),
        ("organization", objects_of(organization, "phones")),
        # a WellSky-style export's only numbers; not for a service at locations of its own
        # (another of the organization's sites is not where it is)
        ("organization location", [] if locations_of(service) else [
            p for location in objects_of(organization, "locations")
            for p in objects_of(location, "phones")]),
    ]


def _text_language(service: dict) -> str | None:
    """The language the record's text is written in, where it says one."""
    organization = object_of(service, "organization") or {}
    for record in (service, organization):
        code = text_of(record, "language")
        if code:
            return language_code(code)
    return None


def _schedules(service: dict) -> list[dict]:
    """The service's own schedules, else those of its service_at_locations, else its
    locations' (a schedule linked to a location applies to the services there)."""
    own = objects_of(service, "schedules") or objects_of(service, "regular_schedule")
    if own:
        return own
    links = objects_of(service, "service_at_locations")
    linked = [schedule for link in links for schedule in objects_of(link, "schedules")]
    if linked:
        return linked
    return [schedule for location in locations_of(service)
            for key in ("schedules", "regular_schedule")
            for schedule in objects_of(location, key)]


def _checked(service: dict, label: str, today: date, verified: date | None,
             country: str) -> tuple[date | None, list[str]]:
    """`assured_date` (YYYY-MM-DD, or as the country writes dates: then a note, the same
    for every record, says how it was read), else the site's date."""
    written = text_of(service, "assured_date")
    assured = parse_date(written)
    notes = []
    if written and assured is None:
        assured, by_country = read_date(written, country)
        if by_country:
            notes.append(date_order_note(country))
    if written and assured is None:
        notes.append(f"{label}: assured_date {written!r} is not a date (YYYY-MM-DD, or "
                     f"day, month and a four-digit year in the order {country} writes them); "
                     "left out")
    if assured is None and verified is not None:
        return date_notes(label, verified, today)[0], notes
    checked, remarks = date_notes(label, assured, today)
    return checked, notes + remarks


def _url(service: dict) -> tuple[str | None, list[str]]:
    """The first http(s) address of the service, else of its organization; and those before
    it that are not http(s) addresses (`www.example.org`)."""
    organization = object_of(service, "organization") or {}
    not_web: list[str] = []
    for raw in (text_of(service, "url"), text_of(service, "website"),
                text_of(organization, "website"), text_of(organization, "url")):
        if raw and web_address(raw):
            return raw, not_web
        if raw:
            not_web.append(raw)
    return None, not_web


def _languages(obj: dict, label: str, notes: list[str]) -> list[str]:
    """Language objects (HSDS 3: `code`, `name`), a list of names or codes
    (`["English", "Spanish"]`), or a list written as text (Ohana)."""
    pairs = language_pairs(obj)
    codes = []
    for code, name in pairs:
        found = language_code(code, name)
        if found:
            codes.append(found)
        elif code or name:
            notes.append(f"{label}: language {code or name!r} has no known code; left out")
    return unique(codes)


def _location_languages(service: dict, label: str, notes: list[str]) -> list[str]:
    return unique([code for location in locations_of(service)
                   for code in _languages(location, label, notes)])
