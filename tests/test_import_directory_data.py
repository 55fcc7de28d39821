"""Directory data as publishers export it (issue 25): never a line without its number, bad
rows left out and the rest imported, organisation numbers reached through its locations,
and the import's report where `check` and `build` show it.

Fixtures (invented organisations and numbers, real structure):
hsds/v1.1-bad-rows (an HSDS 1.1 export from Ohana tooling: a service without a name, phone
rows without numbers, Ohana's taxonomy.csv and extra tables, "Spanish." and "ASL."),
hsds/wellsky (a WellSky-style export: every number on the organizations' locations, no
service_at_location table), hsds/v3-json/organization_full.json and location.json (HSDS 3.0
shapes of the specification's examples) and directory/places.json (a city's list of places,
not HSDS, numbers in a `phone` text field). Expected values are read off the fixtures.
"""

from __future__ import annotations

import csv
import json
import shutil
from datetime import date
from pathlib import Path

import pytest

from generator.errors import ContentError
from generator.importers import ImportResult, import_hsds
from tests.conftest import edit, page_texts

FIXTURES = Path(__file__).parent / "fixtures"
HSDS = FIXTURES / "hsds"
PLACES = FIXTURES / "directory" / "places.json"
BAD_ROWS = HSDS / "v1.1-bad-rows"
WELLSKY = HSDS / "wellsky"
WILLOW = HSDS / "v3-json" / "organization_full.json"
TODAY = date(2026, 11, 20)
NOT_HSDS = ("not HSDS data: {n} of its {of} records hold numbers in fields HSDS does not have, "
            "such as 'phone' written as text")


def imported(path: Path, country: str = "US", **options) -> ImportResult:  # noqa: ANN003
    return import_hsds(path, country=country, today=TODAY, **options)


def problems_of(path: Path) -> list[str]:
    with pytest.raises(ContentError) as caught:
        imported(path)
    return [str(problem) for problem in caught.value.problems]


def rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as table:
        return list(csv.DictReader(table))


def use_source(kit: Path, source: Path, options: str = "") -> Path:
    """The kit reads its lines from a copy of `source` (`resources:` in site.yaml)."""
    target = kit / source.name
    (shutil.copytree if source.is_dir() else shutil.copy)(source, target)
    edit(kit / "site.yaml", "brand_color:",
         f"resources: {{path: {source.name}, verified: 2026-11-20{options}}}\nbrand_color:")
    (kit / "resources.yaml").unlink()
    return target


def all_text(pdf: Path) -> str:
    return " ".join(" ".join(page_texts(pdf)).split())


# --- a flat list of places is not HSDS ------------------------------------------------------


# --- a location record is not a line --------------------------------------------------------


# --- organisation numbers on its locations (WellSky-style) -----------------------------------


# --- one bad row stops nothing but itself ----------------------------------------------------


# --- what check and build show with `resources:` ---------------------------------------------


def test_free_text_languages_ending_with_a_full_stop_are_read() -> None:
    result = imported(WILLOW)
    assert result.entries[0]["languages"] == ["en", "ase", "es"]
    assert not any("has no known code" in note for note in result.notes)


def test_a_web_address_without_https_is_named_when_it_is_all_a_service_has(
        kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    path = tmp_path / "services.json"
    path.write_text(json.dumps([
        {"id": "s1", "name": "Online Chat", "status": "active", "url": "www.example.org/chat"},
        {"id": "s2", "name": "Helpline", "status": "active",
         "phones": [{"number": "1-800-555-0152", "type": "voice"}]}]), encoding="utf-8")
    result = run("import", "hsds", path, "--into", kit, "--force")
    assert result.code == 0, result.err
    assert ("skipped Online Chat: no phone or text number, and its web address "
            "'www.example.org/chat' does not start with https:// or http:// (write it in full "
            "in the data)") in result.err
    assert "no phone, text number or web address" not in result.err


# --- more lines than a card prints ----------------------------------------------------------


def many_services(path: Path, count: int) -> Path:
    path.write_text(json.dumps([
        {"id": f"s{n}", "name": f"Helpline {n}", "status": "active", "assured_date": "2026-10-01",
         "phones": [{"number": f"1-800-555-01{n:02d}", "type": "voice"}]}
        for n in range(count)]), encoding="utf-8")
    return path


