"""HSDS 3.x JSON: the services in a file, whatever envelope the publisher used.

Accepted: a list of services; `{"services": [...]}`; `{"organizations": [...]}` with nested
`services`; an API page `{"contents": [...]}`; or a single service object. A service nested
in an organization gets that organization as its `organization` unless it names one itself.
Services repeated (same `id`) are taken once.
"""

from __future__ import annotations

from pathlib import Path

from generator.errors import ContentError, Problem

_ENVELOPES = ("services", "organizations", "contents")


def services_from_json(path: Path, data: object) -> list[dict]:
    items = _top_level(path, data)
    services: list[dict] = []
    seen: set[str] = set()
    problems: list[Problem] = []
    for index, item in enumerate(items, start=1):
        if not isinstance(item, dict):
            problems.append(Problem(path, f"item {index}: expected an object (an HSDS service)"))
            continue
        for service in _expand(item):
            key = service.get("id")
            if isinstance(key, str | int) and key in seen:
                continue
            if isinstance(key, str | int):
                seen.add(key)
            services.append(service)
    if problems:
        raise ContentError(problems)
    return services


def _top_level(path: Path, data: object) -> list:
    if isinstance(data, list):
        return data
    if isinstance(data, dict):
        if any(key in data for key in _ENVELOPES):
            items: list = []
            for key in _ENVELOPES:
                value = data.get(key, [])
                if not isinstance(value, list):
                    raise ContentError(Problem(path, f"'{key}' should be a list"))
                items.extend(value)
            return items
        if "name" in data and ("status" in data or "phones" in data):
            return [data]
    raise ContentError(Problem(
        path, "not HSDS data: expected a list of services or an object with 'services'"))


def _expand(item: dict) -> list[dict]:
    """An organization with nested services becomes those services; a service stays itself."""
    nested = item.get("services")
    if "status" in item or not isinstance(nested, list):
        return [item]
    organization = {key: value for key, value in item.items() if key != "services"}
    services = []
    for service in nested:
        if isinstance(service, dict):
            merged = dict(service)
            if not merged.get("organization"):
                merged["organization"] = organization
            services.append(merged)
    return services
