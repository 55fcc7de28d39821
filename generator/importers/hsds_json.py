"""HSDS 3.x JSON: the services in a file, whatever shape the publisher used.

Accepted: a list; an object with `services`, `organizations`, `service_at_locations` or an
API page's `contents`; or a single object. Each item is read as what it is: a service (it
has a `status`, or is none of the others); an organization (it has nested `services`, or
organization fields such as `website` and no `status`), whose services get it as their
`organization` unless they name one; a service_at_location (it has a `service` object),
whose service gets the link, with its location, phones and schedules, in its
`service_at_locations`; a location (location fields such as `location_type` or `addresses`,
and no `status`), which is not a service: its numbers are noted, not imported. A service met
more than once (same `id`) is one service, its links put together.

A file with no HSDS structure at all (no phone, location or service objects) whose records
hold numbers in fields of their own (`"phone": "Crisis line: 877-555-0142"`) is not HSDS: it
is refused, rather than imported as lines with names and no numbers (see `stray_numbers`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

from generator.errors import Code, ContentError, Problem
from generator.importers.loaded import Loaded
from generator.importers.phone_lines import location_note, unserved_note
from generator.importers.stray_numbers import has_structure, stray_numbers
from generator.importers.values import DataError

_ENVELOPES = ("services", "organizations", "service_at_locations", "contents")
_ORGANIZATION_FIELDS = frozenset({"website", "legal_status", "tax_status", "year_incorporated",
                                  "locations", "funding", "organization_identifiers", "logo",
                                  "parent_organization_id", "additional_websites"})
_LOCATION_FIELDS = frozenset({
    "location_type", "latitude", "longitude", "transportation", "addresses", "physical_address",
    "postal_address", "accessibility", "accessibility_for_disabilities", "external_identifier"})
_STRAYS_SHOWN = 10


def services_from_json(path: Path | str, data: object, text: str,
                       country: str) -> Loaded:
    """The services, and notes on organizations and locations with numbers but no
    services."""
    placed = _top_level(path, data)
    items = [item for item, _ in placed]
    merged: dict[object, dict] = {}
    services: list[dict] = []
    problems: list[Problem] = []
    notes: list[str] = []
    where: dict[int, tuple[str, int | None, str]] = {}
    name = path.name if isinstance(path, Path) else str(path)
    for index, (item, at) in enumerate(placed, start=1):
        if not isinstance(item, dict):
            problems.append(Problem(path, f"item {index}: expected an object (an HSDS service, "
                                          "organization or service_at_location)",
                                    code=Code.HSDS_ITEM, fields={"index": index}))
            continue
        if _is_location(item):
            notes.extend(note for note in [_unserved(location_note, item)] if note)
            continue
        expanded = _expand(item, at)
        if not expanded and (note := _unserved(unserved_note, item)):
            notes.append(note)
        for service, place in expanded:
            if isinstance(path, Path):  # an API's services are named by their address
                where[id(service)] = (name, _record_line(text, service), place)
            key = service.get("id")
            if not isinstance(key, str | int):
                services.append(service)
            elif key in merged:
                _merge(merged[key], service)
            else:
                merged[key] = service
                services.append(service)
    if problems:
        raise ContentError(problems)
    if not any(isinstance(item, dict) and has_structure(item) for item in items):
        _refuse_flat(path, text, [item for item in items if isinstance(item, dict)], country)
    return Loaded(services, notes, where=where)


def _refuse_flat(path: Path | str, text: str, records: list[dict], country: str) -> None:
    """A list of places with their numbers in fields of their own is not HSDS: refused, not
    imported as lines with names and no numbers."""
    strays = [(index, record, stray) for index, record in enumerate(records, start=1)
              for stray in stray_numbers(record, country)[:1]]
    if not strays:
        return
    problems = [Problem(path, (
        f"not HSDS data: {len(strays)} of its {len(records)} records hold numbers in fields "
        "HSDS does not have, such as 'phone' written as text (HSDS keeps them in a 'phones' "
        "list: \"phones\": [{\"number\": \"800-799-7233\", \"type\": \"voice\"}]), so "
        "their lines would print without them. Export HSDS from the directory, or save the "
        "list as a spreadsheet (columns name, phone, text_number, url...) and run "
        "`havenprint import csv`"), code=Code.HSDS_STRAYS,
        fields={"strays": len(strays), "records": len(records)})]
    for index, record, (key, value) in strays[:_STRAYS_SHOWN]:
        name = record.get("name")
        label = f"record {index}" + (f" ({name})" if isinstance(name, str) else "")
        problems.append(Problem(path, f"{label}: {key!r} holds {value!r}",
                                _line_of(text, key, record[key]), code=Code.HSDS_STRAY,
                                fields={"record": label, "key": str(key),
                                        "value": repr(value)}))
    if len(strays) > _STRAYS_SHOWN:
        problems.append(Problem(path, f"and {len(strays) - _STRAYS_SHOWN} more records like "
                                      "these", code=Code.HSDS_MORE_STRAYS,
                                fields={"count": len(strays) - _STRAYS_SHOWN}))
    raise ContentError(problems)


def _line_of(text: str, key: str, value: object) -> int | None:
    """The line of the first `"key": value` in the file, when the value is text or a number."""
    if not isinstance(value, str | int | float) or isinstance(value, bool):
        return None
    found = re.search(re.escape(json.dumps(key)) + r"\s*:\s*"
                      + re.escape(json.dumps(value, ensure_ascii=False)), text)
    return text.count("\n", 0, found.start()) + 1 if found else None


def _is_location(item: dict) -> bool:
    """A location record (the specification's location.json): location fields, and none of
    a service's, an organization's or a service_at_location's."""
    return ("status" not in item and not isinstance(item.get("service"), dict)
            and "services" not in item and not _ORGANIZATION_FIELDS & item.keys()
            and bool(_LOCATION_FIELDS & item.keys()))


def _unserved(note: Callable[[dict], str | None], record: dict) -> str | None:
    try:
        return note(record)
    except DataError:  # malformed phones: the record is not read at all
        return None


def _top_level(path: Path | str, data: object) -> list[tuple[object, str]]:
    """The items of the file, each with its JSON path ("$[2]", "$.services[0]", "$")."""
    if isinstance(data, list):
        return [(item, f"$[{index}]") for index, item in enumerate(data)]
    if isinstance(data, dict):
        if any(isinstance(data.get(key), list) for key in _ENVELOPES) and "name" not in data:
            items: list[tuple[object, str]] = []
            for key in _ENVELOPES:
                value = data.get(key, [])
                if not isinstance(value, list):
                    raise ContentError(Problem(path, f"'{key}' should be a list",
                                               code=Code.HSDS_NOT_LIST, fields={"key": key}))
                items.extend((item, f"$.{key}[{index}]") for index, item in enumerate(value))
            return items
        if "name" in data or isinstance(data.get("service"), dict):
            return [(data, "$")]
    raise ContentError(Problem(
        path, "not HSDS data: expected a service, an organization, a service_at_location, a "
              "list of them, or an object with 'services', 'organizations' or 'contents'",
        code=Code.HSDS_NOT_DATA))


def _record_line(text: str, service: dict) -> int | None:
    """The line of the file where the service is written: its `id`, else its `name`."""
    for key in ("id", "name"):
        if (line := _line_of(text, key, service.get(key))) is not None:
            return line
    return None


def _expand(item: dict, at: str) -> list[tuple[dict, str]]:
    """The services an item stands for (a copy of each: the data itself is not changed),
    each with its JSON path (`at`: the item's)."""
    if isinstance(item.get("service"), dict):
        return [(_from_link(item), f"{at}.service")]
    nested = item.get("services")
    if "status" not in item and (isinstance(nested, list) or _ORGANIZATION_FIELDS & item.keys()):
        organization = {key: value for key, value in item.items() if key != "services"}
        services = []
        for index, service in enumerate(nested if isinstance(nested, list) else []):
            if isinstance(service, dict):
                copy = dict(service)
                if not copy.get("organization"):
                    copy["organization"] = organization
                services.append((copy, f"{at}.services[{index}]"))
        return services
    return [(dict(item), at)]


def _from_link(link: dict) -> dict:
    service = dict(link["service"])
    rest = {key: value for key, value in link.items() if key != "service"}
    own = service.get("service_at_locations")
    service["service_at_locations"] = [*(own if isinstance(own, list) else []), rest]
    return service


def _merge(into: dict, other: dict) -> None:
    links = other.get("service_at_locations")
    if not isinstance(links, list):
        return
    mine = into.get("service_at_locations")
    mine = list(mine) if isinstance(mine, list) else []
    known = {link.get("id") for link in mine if isinstance(link, dict) and link.get("id")}
    mine += [link for link in links
             if not (isinstance(link, dict) and link.get("id") and link.get("id") in known)]
    into["service_at_locations"] = mine
