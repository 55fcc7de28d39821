"""Import hotline listings from Open Referral HSDS 3.x data (JSON, or the tabular data package).

Each service becomes one resources.yaml entry (mapping in `hsds_entry`). A service whose
`status` is not `active` is skipped with its status as the reason. Addresses are never copied:
resources.yaml has no place for them, and a shelter's address is confidential. Each kept
service's location with an address gets a note saying it was hidden, unless the location
carries an attribute whose taxonomy term code or name is `public-address` (HSDS has no field
for this; it is havenprint's convention). Locations' physical addresses (`address_type`
physical or unset) are the places the area filter looks at; a service without one is a
national line. A service's tags are its attributes' taxonomy term codes, names and ids.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from generator.errors import ContentError, Problem
from generator.importers.files import read_json
from generator.importers.hsds_entry import build_entry, service_label
from generator.importers.hsds_json import services_from_json
from generator.importers.hsds_tabular import load_folder, load_package
from generator.importers.report import AreaFilter, Collector, ImportResult, Place
from generator.importers.values import DataError, SkipRecord, object_of, objects_of, text_of

PUBLIC_ADDRESS_TERMS = {"public-address", "public address", "public_address"}


def import_hsds(path: Path, *, country: str, today: date | None = None,
                area: AreaFilter | None = None, tags: set[str] | None = None,
                limit: int | None = None) -> ImportResult:
    """Entries for the active services in an HSDS file or data package, national lines first."""
    today = today or date.today()
    collector = Collector(area, tags)
    problems = []
    for index, service in enumerate(load_services(path), start=1):
        try:
            _import_service(service, collector, country, today)
        except DataError as error:
            name = service.get("name")
            where = f"service {index}" + (f" ({name})" if isinstance(name, str) else "")
            problems.append(Problem(path, f"{where}: {error}"))
    if problems:
        raise ContentError(problems)
    return collector.result(limit)


def load_services(path: Path) -> list[dict]:
    """The services of a JSON file, a datapackage.json, or a folder of HSDS CSV files."""
    if path.is_dir():
        return load_folder(path)
    if not path.exists():
        raise ContentError(Problem(path, "no such file or folder"))
    if path.suffix.lower() == ".csv":
        raise ContentError(Problem(path, "an HSDS table alone cannot be imported: give the "
                                         "folder of CSV files or its datapackage.json"))
    data, text = read_json(path)
    if isinstance(data, dict) and isinstance(data.get("resources"), list):
        return load_package(path, data, text)
    return services_from_json(path, data)


def _import_service(service: dict, collector: Collector, country: str, today: date) -> None:
    if not text_of(service, "name"):
        raise DataError("'name' is missing")
    label = service_label(service)
    status = (text_of(service, "status") or "").lower().replace("_", " ")
    if status != "active":
        collector.skip(label, f"service status is {status}" if status else "no service status")
        return
    locations = _locations(service)
    places = [place for location in locations for place in _places(location, country)]
    if not collector.passes(label, places, _terms(service)):
        return
    try:
        entry, notes = build_entry(service, label, country, today)
    except SkipRecord as reason:
        collector.reject(label, str(reason))
        return
    collector.note(*notes)
    collector.note(*(_hidden_address_note(location, label) for location in locations
                     if _has_address(location) and not _is_public(location)))
    collector.keep(label, entry, national=not places)


def _locations(service: dict) -> list[dict]:
    locations = []
    for link in objects_of(service, "service_at_locations"):
        location = object_of(link, "location")
        if location is not None:
            locations.append(location)
    return locations


def _places(location: dict, country: str) -> list[Place]:
    if (text_of(location, "location_type") or "physical").lower() == "virtual":
        return []
    places = []
    for address in _addresses(location):
        if (text_of(address, "address_type") or "physical").lower() != "physical":
            continue
        places.append(Place(
            country=(text_of(address, "country") or country).upper(),
            region=text_of(address, "state_province"),
            postal_code=text_of(address, "postal_code"),
        ))
    return places


def _addresses(location: dict) -> list[dict]:
    return objects_of(location, "addresses") or objects_of(location, "physical_address")


def _has_address(location: dict) -> bool:
    return any(text_of(address, "address_1") or text_of(address, "postal_code")
               for address in _addresses(location))


def _is_public(location: dict) -> bool:
    return bool(_terms(location) & PUBLIC_ADDRESS_TERMS)


def _hidden_address_note(location: dict, label: str) -> str:
    name = text_of(location, "name") or f"a location of {label}"
    return f"address of {name} hidden: confidential by default"


def _terms(obj: dict) -> set[str]:
    terms = set()
    for attribute in objects_of(obj, "attributes"):
        term = object_of(attribute, "taxonomy_term") or {}
        for key in ("code", "name", "id"):
            value = text_of(term, key)
            if value:
                terms.add(value.casefold())
    return terms
