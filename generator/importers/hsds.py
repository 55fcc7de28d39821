"""Import hotline listings from Open Referral HSDS data: 3.x JSON in any of its shapes, or
tabular data (one CSV per object) of HSDS 1.x, 2.x or 3.x, or an Ohana-style export.

Each service becomes one resources.yaml entry (mapping in `hsds_entry`). A service whose
`status` is not active (`active`, or a word exports use for it such as `available`) is
skipped with its status as the reason; when the data gives no status for any service, every
service is taken as active, with a note. Addresses are never copied: resources.yaml has no
place for them, and a shelter's address is confidential. Each kept service's location with an
address gets a note saying it was hidden, unless the location carries an attribute whose
taxonomy term code or name is `public-address` (HSDS has no field for this; it is
havenprint's convention).

Where a service is: its locations' physical addresses (`address_type` physical or unset).
A service with none is national when one of its service areas says so (national, nationwide,
or the country's name), local to a region when a service area names one, and otherwise
placed nowhere (see `report` for what the area filter does with each). A service's tags are
its attributes' taxonomy term codes, names and ids.

A record that cannot be read (malformed, without a name, a tabular row naming no row) is
skipped with the reason and the rest imported. A number in a field the import does not read
(`stray_numbers`) never goes in silence: a service with one of its own and no phones is
skipped, else its line is kept with a warning naming the number.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from types import MappingProxyType

from babel import Locale

from generator.errors import Code, ContentError, Problem
from generator.importers.files import read_json
from generator.importers.hsds_api import ApiRead, read_api
from generator.importers.hsds_entry import build_entry, locations_of, service_label
from generator.importers.hsds_json import services_from_json
from generator.importers.hsds_tabular import load_folder, load_package
from generator.importers.loaded import Loaded
from generator.importers.phone_lines import last_if_emergency
from generator.importers.report import AreaFilter, Collector, ImportResult, LineFacts, Place
from generator.importers.stray_numbers import stray_numbers
from generator.importers.values import DataError, SkipRecord, object_of, objects_of, text_of

PUBLIC_ADDRESS_TERMS = frozenset({"public-address", "public address", "public_address"})
ACTIVE = frozenset({"active", "available", "open", "operating", "operational", "current"})
NATIONAL_WORDS = frozenset({"national", "nationwide", "nation-wide", "countrywide", "country-wide",
                            "whole country", "the whole country", "all states"})
COUNTRY_ALIASES = MappingProxyType({
    "US": {"us", "usa", "u.s.", "u.s.a.", "united states of america"},
    "GB": {"uk", "u.k.", "united kingdom", "great britain"}})
_LEGAL_SUFFIX = re.compile(r"\b(inc|incorporated|llc|ltd|limited|cic|corp|co)\b\.?")
# AIRS / 211 LA taxonomy codes: RP-1500.1400-800, BH-1800.1500-100, LH-2700.6500, YF-5000
# (in any case: rp-1500.1400-800 is the same code), alone or within a longer name ("211
# Brevard Inc – RP-1500.1400-800"), where its digits were taken for a phone number that cannot
# print
_CODE = r"[A-Z]{1,2}-\d{4}(?:\.\d{3,4})?(?:-\d{3})?(?:\.\d{2,3})?"
_TAXONOMY_CODE = re.compile(_CODE, re.IGNORECASE)
_TAXONOMY_CODE_IN = re.compile(rf"(?<![\w.-]){_CODE}(?![\w-]|\.\d)", re.IGNORECASE)


def import_hsds(path: Path, *, country: str, today: date | None = None,
                area: AreaFilter | None = None, tags: set[str] | None = None,
                limit: int | None = None, verified: date | None = None,
                own_organization: str | None = None, first: str | None = None) -> ImportResult:
    """Entries for the active services in HSDS data: the site's own organisation's lines
    first (`own_organization`, matched against the data's organization names), then
    national lines, then local ones. `verified` is the date the site checked the lines, for
    records without `assured_date`; `first` names a line to put first whatever it is. A
    record that cannot be read (malformed, without a name) is skipped with the reason, and
    the others imported."""
    return import_loaded(load_services(path, country), country=country, today=today,
                         area=area, tags=tags, limit=limit, verified=verified,
                         own_organization=own_organization, first=first)


def import_hsds_api(address: str, *, country: str, today: date | None = None,
                    area: AreaFilter | None = None, tags: set[str] | None = None,
                    limit: int | None = None, verified: date | None = None,
                    own_organization: str | None = None, first: str | None = None,
                    read: ApiRead | None = None) -> ImportResult:
    """`import_hsds` of every service an HSDS API holds (`read`: what was read of it already);
    nothing is imported when any page cannot be read."""
    read = read or read_api(address)
    loaded = services_from_json(read.address, {"contents": read.services}, "", country)
    loaded.notes.insert(0, f"read {len(read.services):,} service(s) from the API "
                           f"{read.address} ({read.pages} page(s), {read.requests} "
                           "request(s))")
    return import_loaded(loaded, country=country, today=today, area=area, tags=tags,
                         limit=limit, verified=verified, own_organization=own_organization,
                         first=first)


def import_loaded(loaded: Loaded, *, country: str, today: date | None = None,
                  area: AreaFilter | None = None, tags: set[str] | None = None,
                  limit: int | None = None, verified: date | None = None,
                  own_organization: str | None = None, first: str | None = None
                  ) -> ImportResult:
    """`import_hsds` of services read already (from files or an API)."""
    today = today or date.today()
    collector = Collector(area, tags, country=country)
    collector.note(*loaded.notes)
    for label, reason in loaded.skipped:
        collector.at(loaded.skipped_places.get((label, reason)))
        collector.reject(label, reason)
    collector.at(None)
    services = loaded.services
    statuses = any(text_of(service, "status") for service in services
                   if isinstance(service.get("status"), str))
    if services and not statuses:
        collector.note("the data gives no service status: every service is taken as active; "
                       "check each line before printing")
    run = _Run(collector, country, today, verified, own_organization, statuses)
    for index, service in enumerate(services, start=1):
        collector.at(loaded.where.get(id(service)))  # what is refused of it names its place
        try:
            _import_service(service, run)
        except DataError as error:
            name = service.get("name")
            label = f"service {index}" + (f" ({name})" if isinstance(name, str) else "")
            collector.reject(label, str(error))
    collector.at(None)
    if not services:
        collector.note("the data holds no services (an organization list, a location or an "
                       "API page without them): export the services, or their "
                       "service_at_location records")
    return collector.result(limit, first, country)


def load_services(path: Path, country: str) -> Loaded:
    """The services of a JSON file, a datapackage.json, or a folder of HSDS CSV files, and
    notes about what was read (version, tables absent, columns not read)."""
    if path.is_dir():
        return load_folder(path)
    if not path.exists():
        raise ContentError(Problem(path, "no such file or folder",
                                   code=Code.IMPORT_NO_SUCH_FILE))
    if path.suffix.lower() == ".csv":
        raise ContentError(Problem(path, "an HSDS table alone cannot be imported: give the "
                                         "folder of CSV files or its datapackage.json",
                                   code=Code.IMPORT_TABLE_ALONE))
    data, text = read_json(path)
    if isinstance(data, dict) and isinstance(data.get("resources"), list):
        return load_package(path, data, text)
    return services_from_json(path, data, text, country)


@dataclass
class _Run:
    """What each service of one import is read with."""

    collector: Collector
    country: str
    today: date
    verified: date | None  # the site's date for records without assured_date
    own_organization: str | None
    statuses: bool  # whether the data gives any service a status
    strays: dict[int, list[tuple[str, str]]] = field(default_factory=dict)  # see _strays


def _import_service(service: dict, run: _Run) -> None:
    collector, country = run.collector, run.country
    if not text_of(service, "name"):
        raise DataError("'name' is missing")
    coded = text_of(service, "name") or ""
    codes = taxonomy_codes_in(coded)
    if codes:  # a 211's export naming a service by its AIRS code, or with it
        whole = is_taxonomy_code(coded)
        said = (f"its name {coded!r} is a taxonomy code" if whole else
                f"its name {coded!r} holds the taxonomy code {codes[0]!r}")
        readable = readable_name(service)
        if readable is None:
            collector.reject(service_label(service), (
                f"{said}, not a name a card can print, and neither its alternate_name nor "
                "its taxonomy terms give one: name the service in the data"))
            return
        source = ("alternate_name" if readable == text_of(service, "alternate_name")
                  else "taxonomy term")
        service = {**service, "name": readable}
        what = (f"is the taxonomy code {coded!r}" if whole else
                f"{coded!r} holds the taxonomy code {codes[0]!r}")
        collector.note(f"{service_label(service)}: the service's name in the data {what}; "
                       f"printed as {readable!r} (its {source})")
    label = service_label(service)
    status = (text_of(service, "status") or "").lower().replace("_", " ")
    if run.statuses and status not in ACTIVE:
        collector.skip(label, f"service status is {status}" if status else "no service status")
        return
    locations = locations_of(service)
    places = _where(service, locations, country)
    if not collector.passes(label, places, _terms(service)):
        return
    own = run.own_organization and _same_organization(run.own_organization, service)
    group = "own" if own else "national" if places == [] else "local"
    own_strays, other_strays = _strays(service, country, run.strays)
    if own_strays and not objects_of(service, "phones"):  # it may be the line's only number
        key, text = own_strays[0]
        collector.reject(label, f"its {key!r} holds {text!r}, a number HSDS keeps in 'phones' "
                                "(objects with 'number' and 'type'), where the import reads "
                                "numbers: move it there", group)
        return
    other_strays = [("its own", *stray) for stray in own_strays] + other_strays
    try:
        built = build_entry(service, label, country, run.today, run.verified)
    except SkipRecord as reason:
        collector.reject(label, str(reason), group)
        return
    if other_strays and not {"phone", "text", "tty"} & built.entry.keys():
        whose, key, text = other_strays[0]  # the line's only number may be that one
        collector.reject(label, f"it has no number of its own, and {whose} {key!r} holds "
                                f"{text!r}, a number HSDS keeps in 'phones' (objects with "
                                "'number' and 'type'), where the import reads numbers: the "
                                "line would print without it; move it there", group)
        return
    collector.note(*built.notes)
    for left_out in built.left_out:
        collector.drop(label, left_out)
    for whose, key, text in other_strays:
        collector.drop(label, f"{whose} {key!r} holds {text!r}, a number HSDS keeps in "
                              "'phones'; not read")
    collector.note(*(_hidden_address_note(location, label) for location in locations
                     if _has_address(location) and not _is_public(location)))
    organization = object_of(service, "organization") or {}
    about = LineFacts(text_of(service, "name") or label, text_of(organization, "name"),
                      tuple(_term_names(service)))
    ident = service.get("id")
    collector.keep(label, built.entry, group=last_if_emergency(built.entry, group, country),
                   about=about, origin=(None, f"service {ident}" if isinstance(ident, str | int)
                                        and str(ident).strip() else None))


def _strays(service: dict, country: str, known: dict[int, list[tuple[str, str]]]
            ) -> tuple[list[tuple[str, str]], list[tuple[str, str, str]]]:
    """Numbers in fields the import does not read (see `stray_numbers`): (field, text) of
    the service's own (and its service_at_locations'), and (whose, field, text) of its
    organization's and locations'. `known`: those of the records seen already (an
    organization's, by id, is read once for all its services)."""
    def strays(record: dict) -> list[tuple[str, str]]:
        if id(record) not in known:
            known[id(record)] = stray_numbers(record, country)
        return known[id(record)]

    links = objects_of(service, "service_at_locations")
    own = stray_numbers(service, country) + [stray for link in links for stray in strays(link)]
    organization = object_of(service, "organization") or {}
    others = [("its organization's", *stray) for stray in strays(organization)]
    others += [(f"its location {text_of(location, 'name') or text_of(location, 'id') or ''}'s"
                .replace(" 's", "'s"), *stray)
               for location in locations_of(service) for stray in strays(location)]
    return own, others


def _where(service: dict, locations: list[dict], country: str) -> list[Place] | None:
    """The places a service serves: [] when national, None when the data does not say."""
    places = [place for location in locations for place in _places(location, country)]
    if places:
        return places
    areas = [text for area in objects_of(service, "service_areas")
             for key in ("name", "service_area", "description")
             if (text := text_of(area, key))]
    if isinstance(service.get("service_areas"), str):  # Ohana: a list written as text
        areas += [part.strip() for part in service["service_areas"].split(",") if part.strip()]
    if any(_is_national(area, country) for area in areas):
        return []
    regional = [Place(country.upper(), area, None) for area in areas]
    return regional or None


def _is_national(text: str, country: str) -> bool:
    words = " ".join(text.casefold().split()).strip(" .")
    names = NATIONAL_WORDS | COUNTRY_ALIASES.get(country.upper(), set()) | {country.casefold()}
    territory = Locale("en").territories.get(country.upper())
    if territory:
        names |= {territory.casefold(), f"the {territory.casefold()}"}
    return words in names or any(re.search(rf"\b{re.escape(word)}\b", words)
                                 for word in ("nationwide", "national"))


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


def is_taxonomy_code(name: str) -> bool:
    """A name that is only taxonomy codes: AIRS/211 LA's (`RP-1500.1400-800`), one or more."""
    return all(_TAXONOMY_CODE.fullmatch(part.strip())
               for part in re.split(r"[;,]", name)) and bool(name.strip())


def taxonomy_codes_in(name: str) -> list[str]:
    """The taxonomy codes a name is or holds, as written: `rp-1500.1400-800`, or the code of
    "211 Brevard Inc – RP-1500.1400-800"."""
    if is_taxonomy_code(name):
        return [part.strip() for part in re.split(r"[;,]", name) if part.strip()]
    return [match.group() for match in _TAXONOMY_CODE_IN.finditer(name)]


def readable_name(service: dict) -> str | None:
    """A name to print for a service the data names by a taxonomy code, or with one: its
    alternate_name, else the name of its taxonomy term with that code."""
    alternate = text_of(service, "alternate_name")
    if alternate and not taxonomy_codes_in(alternate):
        return alternate
    codes = {code.casefold() for code in taxonomy_codes_in(text_of(service, "name") or "")}
    for attribute in objects_of(service, "attributes"):
        term = object_of(attribute, "taxonomy_term") or {}
        name = text_of(term, "name")
        if name and (text_of(term, "code") or "").casefold() in codes \
                and not taxonomy_codes_in(name):
            return name
    return None


def _term_names(service: dict) -> list[str]:
    """The taxonomy terms' codes and names of a service, as written (what it says it is)."""
    return [value for attribute in objects_of(service, "attributes")
            for key in ("name", "code")
            if (value := text_of(object_of(attribute, "taxonomy_term") or {}, key))]


def _terms(obj: dict) -> set[str]:
    terms = set()
    for attribute in objects_of(obj, "attributes"):
        term = object_of(attribute, "taxonomy_term") or {}
        for key in ("code", "name", "id"):
            value = text_of(term, key)
            if value:
                terms.add(value.casefold())
    return terms


def _same_organization(site_organization: str, service: dict) -> bool:
    """The site's organisation is the service's, by name or alternate name, ignoring case,
    punctuation and legal suffixes (Inc., Ltd...)."""
    organization = object_of(service, "organization") or {}
    wanted = _name_key(site_organization)
    names = [text_of(organization, key) for key in ("name", "alternate_name")]
    return bool(wanted) and any(name and _name_key(name) == wanted for name in names)


def _name_key(name: str) -> str:
    words = _LEGAL_SUFFIX.sub(" ", name.casefold())
    return " ".join(re.sub(r"[^\w\s]", " ", words).split())
