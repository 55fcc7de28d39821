"""Join HSDS tables (any version, see `tabular_tables`) into nested service objects.

Each phone, schedule and language row goes to the most specific object it names: a service,
else a service_at_location, else a location, else an organization (phones), and languages
also to a phone. A phone that names only a contact (a person's own line) or nothing at all
is noted, never printed. A service linked to a location by its own `location_id` (HSDS 1.0,
Ohana) gets that link, and its organization through the location when it names none.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from generator.errors import Problem
from generator.importers.files import CsvTable
from generator.importers.phone_lines import unserved_note
from generator.importers.values import split_list

Row = dict[str, str]
Index = dict[str, dict]


def compact(row: Row, *keys: str) -> dict[str, Any]:
    return {key: row[key] for key in keys or tuple(row) if row.get(key)}


def _named_list(text: str | None) -> list[dict]:
    """Ohana writes languages and service areas as text: `Spanish, Tagalog`."""
    return [{"name": part} for part in split_list(text)]


class Joiner:
    """Joins the tables into nested service objects, noting every broken reference."""

    def __init__(self, tables: dict[str, CsvTable]) -> None:
        self.tables = tables
        self.problems: list[Problem] = []
        self.notes: list[str] = []

    def build(self) -> list[dict]:
        organizations = self._index("organizations", lambda number, row: {
            **compact(row, "id", "name", "alternate_name"),
            "website": row.get("website") or row.get("url", ""), "phones": []})
        locations = self._index("locations", self._location)
        services = self._index("services", lambda number, row: self._service(
            number, row, organizations, locations))
        self._attach("addresses", ("location_id", locations))
        links = self._links(services, locations)
        phones = self._phones(services, links, locations, organizations)
        self._attach("schedules", ("service_id", services), ("service_at_location_id", links),
                     ("location_id", locations))
        self._attach("languages", ("service_id", services), ("location_id", locations),
                     ("phone_id", phones))
        self._attach("service_areas", ("service_id", services))
        self._attributes(services, locations)
        served = {id(service["organization"]) for service in services.values()}
        self.notes += [note for organization in organizations.values()
                       if id(organization) not in served and (note := unserved_note(organization))]
        return list(services.values())

    def _location(self, number: int, row: Row) -> dict:
        virtual = row.get("virtual", "").lower() in ("true", "yes", "1")
        return {**compact(row, "id", "name", "location_type", "organization_id"),
                **({"location_type": "virtual"} if virtual else {}),
                "languages": _named_list(row.get("languages")), "addresses": [],
                "attributes": [], "phones": [], "schedules": []}

    def _service(self, number: int, row: Row, organizations: Index, locations: Index) -> dict:
        location = self._find("services", number, row, "location_id", locations)
        organization = self._find("services", number, row, "organization_id", organizations)
        if organization is None and location is not None:
            organization = organizations.get(location.get("organization_id", ""))
        service = {
            **compact(row, "id", "name", "url", "website", "assured_date"),
            "organization": organization or {},
            "phones": [], "schedules": [], "languages": _named_list(row.get("languages")),
            "service_at_locations": [{"location": location, "phones": [], "schedules": []}]
            if location is not None else [],
            "attributes": [], "service_areas": _named_list(row.get("service_areas"))}
        if "status" in row:
            service["status"] = row["status"]
        return service

    def _rows(self, key: str) -> tuple[tuple[int, Row], ...]:
        table = self.tables.get(key)
        return table.rows if table else ()

    def _index(self, key: str, make: Callable[[int, Row], dict]) -> Index:
        index: Index = {}
        for number, row in self._rows(key):
            if row["id"] in index:
                self._problem(key, f"id {row['id']!r} appears twice", number)
            else:
                index[row["id"]] = make(number, row)
        return index

    def _find(self, key: str, number: int, row: Row, column: str, index: Index,
              what: str | None = None) -> dict | None:
        value = row.get(column, "")
        found = index.get(value) if value else None
        if value and found is None:
            what = what or column.removesuffix("_id").replace("_", " ")
            self._problem(key, f"{column} {value!r} matches no {what}", number)
        return found

    def _problem(self, key: str, message: str, number: int) -> None:
        self.problems.append(Problem(self.tables[key].path, message, number))

    def _owner(self, key: str, number: int, row: Row,
               owners: tuple[tuple[str, Index], ...]) -> dict | None:
        """The object named by the first of `owners`' columns that the row fills in."""
        for column, index in owners:
            if row.get(column):
                return self._find(key, number, row, column, index)
        return None

    def _attach(self, key: str, *owners: tuple[str, Index]) -> list[tuple[dict, dict]]:
        """Append each row of `key` to its owner's `key` list; the rows with their owner."""
        attached = []
        for number, row in self._rows(key):
            owner = self._owner(key, number, row, owners)
            if owner is not None:
                item = compact(row)
                owner.setdefault(key, []).append(item)
                attached.append((row, item))
        return attached

    def _links(self, services: Index, locations: Index) -> Index:
        links: Index = {}
        for number, row in self._rows("service_at_locations"):
            service = self._find("service_at_locations", number, row, "service_id", services)
            location = self._find("service_at_locations", number, row, "location_id",
                                  locations)
            link: dict[str, Any] = {"location": location, "phones": [], "schedules": []}
            if row.get("id"):
                links[row["id"]] = link
            if service is not None and location is not None:
                own = service["service_at_locations"]
                if not any(known["location"] is location and not known.get("id")
                           for known in own):
                    own.append(link)
        return links

    def _phones(self, services: Index, links: Index, locations: Index,
                organizations: Index) -> Index:
        owners = (("service_id", services), ("service_at_location_id", links),
                  ("location_id", locations), ("organization_id", organizations))
        phones: Index = {}
        for number, row in self._rows("phones"):
            owner = self._owner("phones", number, row, owners)
            phone = compact(row)
            if owner is not None:
                owner["phones"].append(phone)
            elif not any(row.get(column) for column, _ in owners):
                whose = (f"contact {row['contact_id']} only: a person's own line"
                         if row.get("contact_id") else "no service, location or organization")
                self.notes.append(f"{self.tables['phones'].path.name} row {number}: "
                                  f"{row['number']} belongs to {whose}; not printed")
            if row.get("id"):
                phones[row["id"]] = phone
        return phones

    def _attributes(self, services: Index, locations: Index) -> None:
        """Taxonomy terms of services (for the tag filter) and locations (public addresses)."""
        has_terms = "taxonomy_terms" in self.tables
        terms = self._index("taxonomy_terms", lambda number, row: compact(row, "id", "code",
                                                                         "name"))
        for number, row in self._rows("attributes"):
            link = "link_id" if row.get("link_id") else "service_id"
            entity = (row.get("link_entity") or "service").lower()
            owners = {"service": services, "location": locations}.get(entity)
            if owners is None:
                continue
            owner = self._find("attributes", number, row, link, owners, entity)
            term_column = "taxonomy_term_id" if row.get("taxonomy_term_id") else "taxonomy_id"
            term = (self._find("attributes", number, row, term_column, terms, "taxonomy term")
                    if has_terms else {"id": row.get(term_column, "")})
            if owner is not None and term is not None:
                owner["attributes"].append({"taxonomy_term": term})
