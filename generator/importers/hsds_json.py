"""HSDS 3.x JSON: the services in a file, whatever shape the publisher used.

Accepted: a list; an object with `services`, `organizations`, `service_at_locations` or an
API page's `contents`; or a single object. Each item is read as what it is: a service (it
has a `status`, or is none of the others); an organization (it has nested `services`, or
organization fields such as `website` and no `status`), whose services get it as their
`organization` unless they name one; a service_at_location (it has a `service` object),
whose service gets the link, with its location, phones and schedules, in its
`service_at_locations`. A service met more than once (same `id`) is one service, its links
put together.
"""

from __future__ import annotations

from pathlib import Path

from generator.errors import ContentError, Problem
from generator.importers.loaded import Loaded
from generator.importers.phone_lines import unserved_note
from generator.importers.values import DataError

_ENVELOPES = ("services", "organizations", "service_at_locations", "contents")
_ORGANIZATION_FIELDS = {"website", "legal_status", "tax_status", "year_incorporated",
                        "locations", "funding", "organization_identifiers", "logo",
                        "parent_organization_id", "additional_websites"}


def services_from_json(path: Path, data: object) -> Loaded:
    """The services, and notes on organizations that have numbers but no services."""
    items = _top_level(path, data)
    merged: dict[object, dict] = {}
    services: list[dict] = []
    problems: list[Problem] = []
    notes: list[str] = []
    for index, item in enumerate(items, start=1):
        if not isinstance(item, dict):
            problems.append(Problem(path, f"item {index}: expected an object (an HSDS service, "
                                          "organization or service_at_location)"))
            continue
        expanded = _expand(item)
        if not expanded and (note := _unserved(item)):
            notes.append(note)
        for service in expanded:
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
    return Loaded(services, notes)


def _unserved(organization: dict) -> str | None:
    try:
        return unserved_note(organization)
    except DataError:  # malformed phones: the organization is not read at all
        return None


def _top_level(path: Path, data: object) -> list:
    if isinstance(data, list):
        return data
    if isinstance(data, dict):
        if any(isinstance(data.get(key), list) for key in _ENVELOPES) and "name" not in data:
            items: list = []
            for key in _ENVELOPES:
                value = data.get(key, [])
                if not isinstance(value, list):
                    raise ContentError(Problem(path, f"'{key}' should be a list"))
                items.extend(value)
            return items
        if "name" in data or isinstance(data.get("service"), dict):
            return [data]
    raise ContentError(Problem(
        path, "not HSDS data: expected a service, an organization, a service_at_location, a "
              "list of them, or an object with 'services', 'organizations' or 'contents'"))


def _expand(item: dict) -> list[dict]:
    """The services an item stands for (a copy of each: the data itself is not changed)."""
    if isinstance(item.get("service"), dict):
        return [_from_link(item)]
    nested = item.get("services")
    if "status" not in item and (isinstance(nested, list) or _ORGANIZATION_FIELDS & item.keys()):
        organization = {key: value for key, value in item.items() if key != "services"}
        services = []
        for service in nested if isinstance(nested, list) else []:
            if isinstance(service, dict):
                copy = dict(service)
                if not copy.get("organization"):
                    copy["organization"] = organization
                services.append(copy)
        return services
    return [dict(item)]


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
