"""Join HSDS tables (any version, see `tabular_tables`) into nested service objects.

Each phone, schedule and language row goes to the most specific object it names: a service,
else a service_at_location, else a location, else an organization (phones), and languages
also to a phone. A phone with a `contact_id` is a person's own line (a director's desk),
whatever else it names (Ohana-style exports give contacts' phones the organization's id too),
and one that names nothing at all is no one's: both are noted, never printed. A service
linked to a location by its own `location_id` (HSDS 1.0, Ohana) gets that link, and its
organization through the location when it names none. Each organization gets its locations
(their `organization_id`): their numbers serve its services that have no location of their
own (WellSky-style exports put every number there). A location with numbers that no service
reaches is noted.

Rows are read one by one: a row whose required cell is empty (a phone without a number, a
service without a name), whose reference matches no row, or whose id is on another row with
other values (its phones could belong to either) is skipped with the reason, its file and row,
and the rest is read; a row repeated exactly is read once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from generator.importers.files import CsvTable
from generator.importers.phone_lines import location_note, phone_kind, unserved_note
from generator.importers.stray_numbers import is_phone_field
from generator.importers.tabular_tables import PRINTABLE_TABLES, row_required
from generator.importers.values import split_list

Row = dict[str, str]
_SHOWN = 5  # rows named in a note about many


def compact(row: Row, *keys: str) -> dict[str, Any]:
    return {key: row[key] for key in keys or tuple(row) if row.get(key)}


def _phone_columns(row: Row) -> dict[str, str]:
    """A `phone` or `crisis_line` column of a services, organizations or locations table:
    kept, so that the number it holds is never dropped in silence (`stray_numbers`)."""
    return {key: value for key, value in row.items() if value and is_phone_field(key)}


def _named_list(text: str | None) -> list[dict]:
    """Ohana writes languages and service areas as text: `Spanish, Tagalog`."""
    return [{"name": part} for part in split_list(text)]


class _BadRow(Exception):
    """A row that cannot be read; the message says why. `dependent`: because a row it names
    was not read (whose own reason is given already)."""

    def __init__(self, reason: str, *, dependent: bool = False) -> None:
        super().__init__(reason)
        self.dependent = dependent


@dataclass
class Index:
    """One table's objects by id."""

    key: str
    objects: dict[str, dict] = field(default_factory=dict)


class Joiner:
    """Joins the tables into nested service objects. A row not read that could have held a
    line or a number goes to `skipped` (label, reason), the others to `notes`."""

    def __init__(self, tables: dict[str, CsvTable]) -> None:
        self.tables = tables
        self.notes: list[str] = []
        self.skipped: list[tuple[str, str]] = []
        self.not_read: dict[str, dict[str, str]] = {}  # table -> id -> the row(s) not read
        self._empty: dict[tuple[str, str], list[int]] = {}  # (file, reason) -> rows
        # where each service (by id()) was read: its table's name, its row, "row N"
        self.where: dict[int, tuple[str, int | None, str]] = {}
        self.skipped_places: dict[tuple[str, str], tuple[str, int | None, str]] = {}

    def build(self) -> list[dict]:
        organizations = self._index("organizations", self._organization)
        locations = self._index("locations", lambda number, row: self._location(row))
        for location in locations.objects.values():
            owner = organizations.objects.get(location.get("organization_id", ""))
            if owner is not None:
                owner["locations"].append(location)
        services = self._index("services", lambda number, row: self._service(
            row, organizations, locations))
        self._attach("addresses", ("location_id", locations))
        links = self._links(services, locations)
        phones = self._phones(services, links, locations, organizations)
        self._attach("schedules", ("service_id", services), ("service_at_location_id", links),
                     ("location_id", locations))
        self._attach("languages", ("service_id", services), ("location_id", locations),
                     ("phone_id", phones))
        self._attach("service_areas", ("service_id", services))
        self._attributes(services, locations)
        kept = list(services.objects.values())
        self.notes += self._unreached(kept, organizations, locations)
        self.notes += self._hours_unreached(kept, locations)
        self.notes += [f"{file} row(s) {', '.join(map(str, numbers))} not read: {reason}"
                       for (file, reason), numbers in self._empty.items()]
        return kept

    # --- objects of each table ------------------------------------------------------------

    def _organization(self, number: int, row: Row) -> dict:
        if not row.get("name"):  # its services are still lines, under their own names
            self.notes.append(f"{self._file('organizations')} row {number}: the organization "
                              f"{row['id']!r} has no name")
        return {**_phone_columns(row), **compact(row, "id", "name", "alternate_name"),
                "website": row.get("website") or row.get("url", ""), "phones": [],
                "locations": []}

    def _location(self, row: Row) -> dict:
        virtual = row.get("virtual", "").lower() in ("true", "yes", "1")
        return {**_phone_columns(row),
                **compact(row, "id", "name", "location_type", "organization_id"),
                **({"location_type": "virtual"} if virtual else {}),
                "languages": _named_list(row.get("languages")), "addresses": [],
                "attributes": [], "phones": [], "schedules": []}

    def _service(self, row: Row, organizations: Index, locations: Index) -> dict:
        location = self._find(row, "location_id", locations)
        organization = self._find(row, "organization_id", organizations)
        if organization is None and location is not None:
            organization = organizations.objects.get(location.get("organization_id", ""))
        service = {
            **_phone_columns(row), **compact(row, "id", "name", "alternate_name", "url", "website",
                                             "assured_date"),
            "organization": organization or {},
            "phones": [], "schedules": [], "languages": _named_list(row.get("languages")),
            "service_at_locations": [{"location": location, "phones": [], "schedules": []}]
            if location is not None else [],
            "attributes": [], "service_areas": _named_list(row.get("service_areas"))}
        if "status" in row:
            service["status"] = row["status"]
        return service

    # --- reading rows -----------------------------------------------------------------------

    def _file(self, key: str) -> str:
        return self.tables[key].path.name

    def _rows(self, key: str) -> Iterator[tuple[int, Row]]:
        """The rows of `key` that have their required cells; the others are skipped."""
        table = self.tables.get(key)
        for bad in table.bad_rows if table else ():
            # a row of its own is refused on its file's line; one a stray quote took in, at it
            self._skip(key, bad.number, bad.row, bad.reason, where=bad.where or None)
        for number, row in table.rows if table else ():
            empty = next((column for column in row_required(key) if not row[column]), None)
            if empty is None:
                yield number, row
            else:
                self._skip(key, number, row, f"{empty} is empty",
                           printable=key != "phones")  # a phone without a number held none

    def _skip(self, key: str, number: int, row: Row, reason: str, *,
              printable: bool | None = None, where: str | None = None) -> None:
        """Skip a row; `printable` (by default: of a table whose rows hold lines or numbers)
        makes it a skipped record, else a note (rows with the same empty cell: one note).
        `where`: the row's place when not `row N` (a line a stray quote took in)."""
        file = self._file(key)
        row_of_its_own = where is None
        where = f"{file} {where or f'row {number}'}"
        if row.get("id"):
            self.not_read.setdefault(key, {}).setdefault(row["id"], where)
        if printable is None:  # a fax number is never printed
            printable = key in PRINTABLE_TABLES and not (
                key == "phones" and phone_kind(compact(row)) == "fax")
        shown = row.get("name") if key == "services" else row.get("number") \
            if key == "phones" else None
        label = f"{shown} ({where})" if key == "services" and shown else \
            f"{where} ({shown})" if shown else where
        if printable:
            self.skipped.append((label, reason))
            if row_of_its_own:  # refused on its file's line (the header is line 1)
                self.skipped_places[(label, reason)] = (file, number, f"row {number}")
        elif reason.endswith(" is empty"):
            self._empty.setdefault((file, reason), []).append(number)
        else:
            self.notes.append(f"{label} not read: {reason}")

    def _read(self, key: str, number: int, row: Row, read: Callable[..., Any],
              *args: Any) -> Any:
        """`read(*args)`, or None when it finds the row cannot be read (skipped, with why)."""
        try:
            return read(*args)
        except _BadRow as bad:
            # a services row is a line: said whatever the cause; a row of a row not read
            # (a phone of a service without a name) is a note beside that row's reason
            printable = True if key == "services" else False if bad.dependent else None
            self._skip(key, number, row, str(bad), printable=printable)
            return None

    def _index(self, key: str, make: Callable[[int, Row], dict]) -> Index:
        """The rows of `key` by id: an id on two rows with different values is neither."""
        index = Index(key)
        first: dict[str, tuple[int, Row]] = {}
        twice: dict[str, list[int]] = {}
        for number, row in self._rows(key):
            ident = row["id"]
            if ident in first:
                if row == first[ident][1]:
                    self.notes.append(f"{self._file(key)} row {number} repeats row "
                                      f"{first[ident][0]}: read once")
                else:
                    twice.setdefault(ident, [first[ident][0]]).append(number)
                    self._skip(key, number, row, f"id {ident!r} is also on row "
                                                 f"{first[ident][0]}, with other values")
                continue
            first[ident] = (number, row)
            made = self._read(key, number, row, make, number, row)
            if made is not None:
                index.objects[ident] = made
                if key == "services":
                    self.where[id(made)] = (self._file(key), number, f"row {number}")
        for ident, numbers in twice.items():  # neither row: what names the id could mean either
            number, row = first[ident]
            index.objects.pop(ident, None)
            others = ", ".join(str(other) for other in numbers[1:])
            self._skip(key, number, row, f"id {ident!r} is also on row(s) {others}, with "
                                         "other values")
            self.not_read[key][ident] = f"rows {', '.join(map(str, numbers))} of " \
                                        f"{self._file(key)}"
        return index

    def _find(self, row: Row, column: str, index: Index, what: str | None = None) -> dict | None:
        """The object `column` names, None when it is empty; _BadRow when it names none."""
        value = row.get(column, "")
        if not value:
            return None
        found = index.objects.get(value)
        if found is not None:
            return found
        if value in self.not_read.get(index.key, {}):
            raise _BadRow(f"{column} {value!r} is that of {self.not_read[index.key][value]}, "
                          "which is not read either", dependent=True)
        what = what or column.removesuffix("_id").replace("_", " ")
        raise _BadRow(f"{column} {value!r} matches no {what}")

    def _pair(self, row: Row, first: tuple[str, Index], second: tuple[str, Index],
              what: tuple[str | None, str | None] = (None, None)) -> tuple:
        """The two objects the row names (either None when its column is empty)."""
        return (self._find(row, *first, what[0]), self._find(row, *second, what[1]))

    def _owner(self, row: Row, owners: tuple[tuple[str, Index], ...]) -> dict | None:
        """The object named by the first of `owners`' columns that the row fills in."""
        for column, index in owners:
            if row.get(column):
                return self._find(row, column, index)
        return None

    # --- tables that hang off the objects ---------------------------------------------------

    def _attach(self, key: str, *owners: tuple[str, Index]) -> None:
        """Append each row of `key` to its owner's `key` list."""
        for number, row in self._rows(key):
            owner = self._read(key, number, row, self._owner, row, owners)
            if owner is not None:
                owner.setdefault(key, []).append(compact(row))

    def _links(self, services: Index, locations: Index) -> Index:
        links = Index("service_at_locations")
        for number, row in self._rows("service_at_locations"):
            pair = self._read("service_at_locations", number, row, self._pair, row,
                              ("service_id", services), ("location_id", locations))
            if pair is None or None in pair:
                continue
            service, location = pair
            link: dict[str, Any] = {"location": location, "phones": [], "schedules": []}
            if row.get("id"):
                links.objects[row["id"]] = link
            own = service["service_at_locations"]
            if not any(known["location"] is location and not known.get("id") for known in own):
                own.append(link)
        return links

    def _phones(self, services: Index, links: Index, locations: Index,
                organizations: Index) -> Index:
        owners = (("service_id", services), ("service_at_location_id", links),
                  ("location_id", locations), ("organization_id", organizations))
        phones = Index("phones")
        contacts: list[str] = []
        for number, row in self._rows("phones"):
            if row.get("contact_id"):  # a person's own line, whatever else the row names
                contacts.append(f"row {number} ({row['number']}, contact {row['contact_id']})")
                continue
            if not any(row.get(column) for column, _ in owners):
                self.notes.append(f"{self._file('phones')} row {number}: {row['number']} "
                                  "belongs to no service, location or organization; not printed")
                continue
            owner = self._read("phones", number, row, self._owner, row, owners)
            if owner is None:
                continue
            phone = compact(row)
            owner["phones"].append(phone)
            if row.get("id"):
                phones.objects[row["id"]] = phone
        if contacts:
            shown = ", ".join(contacts[:_SHOWN]) + (
                f" and {len(contacts) - _SHOWN:,} more" if len(contacts) > _SHOWN else "")
            self.notes.append(
                f"{self._file('phones')}: {len(contacts):,} number(s) with a contact_id are a "
                "person's own line, not the number of the service, location or organization "
                f"the row also names; not printed: {shown}")
        return phones

    def _attributes(self, services: Index, locations: Index) -> None:
        """Taxonomy terms of services (for the tag filter) and locations (public addresses)."""
        has_terms = "taxonomy_terms" in self.tables
        terms = self._index("taxonomy_terms", lambda number, row: {
            **compact(row, "id", "code", "name"),
            **({"name": row["term"]} if row.get("term") and not row.get("name") else {})})
        for number, row in self._rows("attributes"):
            link = "link_id" if row.get("link_id") else "service_id"
            entity = (row.get("link_entity") or "service").lower()
            owners = {"service": services, "location": locations}.get(entity)
            if owners is None:
                continue
            term_column = "taxonomy_term_id" if row.get("taxonomy_term_id") else "taxonomy_id"
            if not has_terms:  # the term is its id
                owner = self._read("attributes", number, row, self._find, row, link, owners,
                                   entity)
                if owner is not None:
                    owner["attributes"].append({"taxonomy_term": {"id": row[term_column]}})
                continue
            pair = self._read("attributes", number, row, self._pair, row, (link, owners),
                              (term_column, terms), (entity, "taxonomy term"))
            if pair is not None and None not in pair:
                pair[0]["attributes"].append({"taxonomy_term": pair[1]})

    # --- numbers and hours no service reaches -----------------------------------------------

    def _hours_unreached(self, services: list[dict], locations: Index) -> list[str]:
        """A note for schedule rows of locations no service is at: a location's hours are
        printed for the services at it (service_at_location, or a service's own
        `location_id`); HSDS 1.x exports link thousands of schedules by location only."""
        at = {id(link["location"]) for service in services
              for link in service["service_at_locations"]}
        unlinked = [location for location in locations.objects.values()
                    if location.get("schedules") and id(location) not in at]
        if not unlinked:
            return []
        rows = sum(len(location["schedules"]) for location in unlinked)
        names = [text for location in unlinked[:_SHOWN]
                 if (text := location.get("name") or location.get("id"))]
        more = f" and {len(unlinked) - _SHOWN:,} more" if len(unlinked) > _SHOWN else ""
        return [f"{self._file('schedules')}: {rows:,} schedule row(s) name only a location "
                f"no service is at ({len(unlinked):,} location(s): {', '.join(names)}{more}): "
                "their hours are not printed; a location's hours are printed for the "
                "services at it (export service_at_location, which links them)"]


    def _unreached(self, services: list[dict], organizations: Index,
                   locations: Index) -> list[str]:
        """Notes for organizations with numbers and no services, and for locations whose
        numbers no service reaches (none is at them, and their organization's services are
        at locations of their own): only services become lines."""
        served = {id(service["organization"]) for service in services}
        reached = {id(link["location"]) for service in services
                   for link in service["service_at_locations"]}
        reached |= {id(location) for service in services if not service["service_at_locations"]
                    for location in service["organization"].get("locations", [])}
        notes = [note for organization in organizations.objects.values()
                 if id(organization) not in served and (note := unserved_note(organization))]
        for location in locations.objects.values():
            organization = organizations.objects.get(location.get("organization_id", ""))
            if id(location) in reached or (organization is not None
                                           and id(organization) not in served):
                continue  # reached, or named with its unserved organization
            if note := location_note(location):
                notes.append(note)
        return notes
