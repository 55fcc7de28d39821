"""HSDS tabular form (one CSV per object) read into the canonical nested service objects.

Tables are found by their datapackage.json resource `name` (singular or plural: `service`,
`services`), else by file name stem; without datapackage.json, by file name in the folder
(`services.csv`, `service_at_location.csv` ...). Used: organizations and services (required),
locations, addresses, service_at_locations, phones, languages, schedules, attributes and
taxonomy_terms. The cell `null` counts as empty. Every file datapackage.json names must
exist, and every reference (`organization_id`, `service_id`, `location_id`, ...) must match
a row; problems name the file and the row (the header is row 1).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from generator.errors import ContentError, Problem
from generator.importers.files import CsvTable, read_csv, read_json

RESOURCES = {
    "organizations": ("organizations", "organization"),
    "services": ("services", "service"),
    "locations": ("locations", "location"),
    "addresses": ("addresses", "address", "physical_addresses", "physical_address"),
    "service_at_locations": ("service_at_locations", "service_at_location",
                             "services_at_location"),
    "phones": ("phones", "phone"),
    "languages": ("languages", "language"),
    "schedules": ("schedules", "schedule", "regular_schedules", "regular_schedule"),
    "attributes": ("attributes", "attribute"),
    "taxonomy_terms": ("taxonomy_terms", "taxonomy_term"),
}
_ALIASES = {alias: key for key, aliases in RESOURCES.items() for alias in aliases}
REQUIRED_COLUMNS = {
    "organizations": ("id", "name"),
    "services": ("id", "organization_id", "name", "status"),
    "locations": ("id",),
    "addresses": ("location_id",),
    "service_at_locations": ("service_id", "location_id"),
    "phones": ("number",),
    "languages": (),
    "schedules": (),
    "attributes": ("link_id", "taxonomy_term_id"),
    "taxonomy_terms": ("id",),
}
NULL_WORDS = frozenset({"null", "NULL"})


def load_folder(folder: Path) -> list[dict]:
    package = folder / "datapackage.json"
    if package.is_file():
        data, text = read_json(package)
        if not isinstance(data, dict):
            raise ContentError(Problem(package, "expected an object with 'resources'", 1))
        return load_package(package, data, text)
    files = {}
    for key, aliases in RESOURCES.items():
        found = [folder / f"{alias}.csv" for alias in aliases]
        existing = [path for path in found if path.is_file()]
        if existing:
            files[key] = existing[0]
    return _build(folder, files)


def load_package(package: Path, data: dict, text: str) -> list[dict]:
    resources = data.get("resources")
    if not isinstance(resources, list):
        raise ContentError(Problem(package, "'resources' should be a list", 1))
    folder = package.parent.resolve()
    files: dict[str, Path] = {}
    problems = []
    for index, resource in enumerate(resources, start=1):
        name = resource.get("name") if isinstance(resource, dict) else None
        path = resource.get("path") if isinstance(resource, dict) else None
        label = f"resource {name!r}" if isinstance(name, str) else f"resource {index}"
        if not isinstance(path, str) or not path:
            problems.append(Problem(package, f"{label}: 'path' should name one CSV file", 1))
            continue
        line = _line_of(text, path)
        target = package.parent / path
        if "://" in path or not target.resolve().is_relative_to(folder):
            problems.append(Problem(package, f"{label}: {path} is not a file in {folder}", line))
        elif not target.is_file():
            problems.append(Problem(package, f"{label} names {path}, which does not exist", line))
        else:
            key = _ALIASES.get(str(name).lower()) or _ALIASES.get(Path(path).stem.lower())
            if key:
                files.setdefault(key, target)
    if problems:
        raise ContentError(problems)
    return _build(package, files)


def _line_of(text: str, path: str) -> int:
    position = text.find(f'"{path}"')
    return text.count("\n", 0, position) + 1 if position >= 0 else 1


def _build(source: Path, files: dict[str, Path]) -> list[dict]:
    missing = [key for key in ("organizations", "services") if key not in files]
    if missing:
        raise ContentError([Problem(source, f"no {key} table ({key}.csv)") for key in missing])
    tables = {key: read_csv(path, null_words=NULL_WORDS) for key, path in files.items()}
    problems = [problem for key, table in tables.items()
                for problem in table.require(REQUIRED_COLUMNS[key])]
    if problems:
        raise ContentError(problems)
    builder = _Builder(tables)
    services = builder.build()
    if builder.problems:
        raise ContentError(builder.problems)
    return services


def _compact(row: dict[str, str], *keys: str) -> dict[str, Any]:
    return {key: row[key] for key in keys or tuple(row) if row.get(key)}


class _Builder:
    """Joins the tables into nested service objects, noting every broken reference."""

    def __init__(self, tables: dict[str, CsvTable]) -> None:
        self.tables = tables
        self.problems: list[Problem] = []

    def build(self) -> list[dict]:
        organizations = self._index("organizations", lambda number, row: {
            **_compact(row, "id", "name"), "website": row.get("website") or row.get("url", "")})
        services = self._index("services", lambda number, row: {
            **_compact(row, "id", "name", "status", "url", "assured_date"),
            "organization": self._find("services", number, row, "organization_id",
                                       organizations) or {},
            "phones": [], "schedules": [], "languages": [], "service_at_locations": [],
            "attributes": []})
        locations = self._index("locations", lambda number, row: {
            **_compact(row, "id", "name", "location_type"), "addresses": [], "attributes": []})
        self._attach("addresses", "location_id", locations)
        links = self._links(services, locations)
        for key in ("phones", "schedules"):
            self._attach(key, "service_id", services, ("service_at_location_id", links))
        self._attach("languages", "service_id", services)
        self._attributes(services, locations)
        return list(services.values())

    def _rows(self, key: str) -> tuple[tuple[int, dict[str, str]], ...]:
        table = self.tables.get(key)
        return table.rows if table else ()

    def _index(self, key: str, make: Callable[[int, dict[str, str]], dict]) -> dict[str, dict]:
        index: dict[str, dict] = {}
        for number, row in self._rows(key):
            if row["id"] in index:
                self._problem(key, f"id {row['id']!r} appears twice", number)
            else:
                index[row["id"]] = make(number, row)
        return index

    def _find(self, key: str, number: int, row: dict[str, str], column: str,
              index: dict[str, dict], what: str | None = None) -> dict | None:
        value = row.get(column, "")
        found = index.get(value) if value else None
        if value and found is None:
            what = what or column.removesuffix("_id").replace("_", " ")
            self._problem(key, f"{column} {value!r} matches no {what}", number)
        return found

    def _problem(self, key: str, message: str, number: int) -> None:
        self.problems.append(Problem(self.tables[key].path, message, number))

    def _attach(self, key: str, column: str, owners: dict[str, dict],
                fallback: tuple[str, dict[str, dict]] | None = None) -> None:
        """Append each row of `key` to the object its `column` names (or its fallback's)."""
        for number, row in self._rows(key):
            owner = self._find(key, number, row, column, owners)
            if owner is None and not row.get(column) and fallback:
                owner = self._find(key, number, row, fallback[0], fallback[1])
            if owner is not None:
                owner[key].append(_compact(row))

    def _links(self, services: dict[str, dict], locations: dict[str, dict]) -> dict[str, dict]:
        links: dict[str, dict] = {}
        for number, row in self._rows("service_at_locations"):
            service = self._find("service_at_locations", number, row, "service_id", services)
            location = self._find("service_at_locations", number, row, "location_id", locations)
            link = {"location": location, "phones": [], "schedules": []}
            if row.get("id"):
                links[row["id"]] = link
            if service is not None and location is not None:
                service["service_at_locations"].append(link)
        return links

    def _attributes(self, services: dict[str, dict], locations: dict[str, dict]) -> None:
        """Taxonomy terms of services (for the tag filter) and locations (public addresses)."""
        has_terms = "taxonomy_terms" in self.tables
        terms = self._index("taxonomy_terms", lambda number, row: _compact(
            row, "id", "code", "name"))
        for number, row in self._rows("attributes"):
            entity = (row.get("link_entity") or "service").lower()
            owners = {"service": services, "location": locations}.get(entity)
            if owners is None:
                continue
            owner = self._find("attributes", number, row, "link_id", owners, entity)
            term = (self._find("attributes", number, row, "taxonomy_term_id", terms)
                    if has_terms else {"id": row["taxonomy_term_id"]})
            if owner is not None and term is not None:
                owner["attributes"].append({"taxonomy_term": term})
