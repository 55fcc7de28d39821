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
from tests.conftest import decode_qr_codes, edit, page_texts

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


def test_a_flat_directory_with_numbers_in_a_text_field_is_refused(kit: Path,
                                                                  run) -> None:  # noqa: ANN001
    """It imported 96 lines with their names and no numbers, exit 0."""
    places = json.loads(PLACES.read_text(encoding="utf-8"))
    with_numbers = [place for place in places if any(char.isdigit() for char in place["phone"])]
    assert with_numbers and all("phones" not in place for place in places)
    before = (kit / "resources.yaml").read_text(encoding="utf-8")
    result = run("import", "hsds", PLACES, "--into", kit, "--force")
    assert result.code == 1
    assert f"{PLACES.name}: " + NOT_HSDS.format(n=len(with_numbers), of=len(places)) \
        in result.err
    assert "`havenprint import csv`" in result.err
    lines = PLACES.read_text(encoding="utf-8").splitlines()
    for index, place in enumerate(with_numbers, start=1):
        line = next(number for number, text in enumerate(lines, start=1)
                    if json.dumps(place["phone"]) in text)
        assert (f"{PLACES.name}:{line}: record {index} ({place['name']}): 'phone' holds "
                f"{place['phone']!r}") in result.err
    assert "line(s) kept" not in result.err
    assert (kit / "resources.yaml").read_text(encoding="utf-8") == before


def test_a_flat_directory_named_in_site_yaml_stops_check_and_build(kit: Path, tmp_path: Path,
                                                                   run) -> None:  # noqa: ANN001
    source = use_source(kit, PLACES)
    for command in (("check", kit), ("build", kit, "--out", tmp_path / "out")):
        result = run(*command)
        assert result.code == 1
        assert f"{source.name}: not HSDS data: 2 of its 3 records" in result.err
        assert "line(s) kept" not in result.err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(("field", "value"), [
    ("telephone", "877-555-0142"), ("Hotline", "1-800-555-0190"), ("phone_number", 8775550142),
    ("crisis_line", ["877-555-0142"]), ("contact", "Call us: (513) 555-0101"),
    ("phone", {"number": "877-555-0142", "type": "crisis"}),
])
def test_any_field_holding_a_number_makes_a_flat_list_not_hsds(field: str, value: object,
                                                                tmp_path: Path) -> None:
    path = tmp_path / "places.json"
    path.write_text(json.dumps([{"name": "Riverside Line", field: value,
                                 "url": "https://riverside.example.org"}]), encoding="utf-8")
    problems = problems_of(path)
    assert problems[0].startswith(f"{path}: not HSDS data: 1 of its 1 records")
    texts = value.values() if isinstance(value, dict) else value if isinstance(value, list) \
        else [value]
    written = "; ".join(map(str, texts))
    line = "" if isinstance(value, list | dict) else ":1"  # the line of a `"key": text` pair
    assert problems[1] == f"{path}{line}: record 1 (Riverside Line): {field!r} holds {written!r}"


def test_a_flat_list_without_numbers_still_imports(tmp_path: Path) -> None:
    """Names and web addresses only: nothing to lose (a zip+4 or a date is not a number)."""
    path = tmp_path / "places.json"
    path.write_text(json.dumps([{"name": "Riverside Online Chat", "zip": "45011-1234",
                                 "updated": "2026-02-03", "url": "https://chat.example.org"}]),
                    encoding="utf-8")
    assert imported(path).entries == [{"name": "Riverside Online Chat",
                                       "url": "https://chat.example.org", "qr": "url"}]


def test_a_number_outside_phones_in_hsds_data_is_never_dropped_in_silence(
        tmp_path: Path) -> None:
    """HSDS data with a service whose number is in a `phone` text field: without phones of
    its own the service is left out with the reason; with them it keeps its line and the
    other number is a warning; an organization's such field too."""
    organization = {"id": "o1", "name": "Riverside Alliance", "website": "https://r.example.org",
                    "hotline": "1-800-555-0191"}
    services = [
        {"id": "s1", "name": "Crisis Line", "status": "active", "phone": "877-555-0142",
         "organization": organization},
        {"id": "s2", "name": "Shelter Intake", "status": "active", "crisis_line": "1-800-555-0190",
         "phones": [{"number": "513-555-0101", "type": "voice"}], "organization": organization},
    ]
    path = tmp_path / "services.json"
    path.write_text(json.dumps(services), encoding="utf-8")
    result = imported(path)
    assert result.rejected == [("Riverside Alliance – Crisis Line", (
        "its 'phone' holds '877-555-0142', a number HSDS keeps in 'phones' (objects with "
        "'number' and 'type'), where the import reads numbers: move it there"))]
    assert [(entry["name"], entry["phone"]) for entry in result.entries] == [
        ("Riverside Alliance – Shelter Intake", "513-555-0101")]
    assert result.dropped == [
        ("Riverside Alliance – Shelter Intake", "its own 'crisis_line' holds '1-800-555-0190', "
         "a number HSDS keeps in 'phones'; not read"),
        ("Riverside Alliance – Shelter Intake", "its organization's 'hotline' holds "
         "'1-800-555-0191', a number HSDS keeps in 'phones'; not read")]


def test_a_phone_column_in_a_services_table_is_never_dropped_in_silence(tmp_path: Path) -> None:
    """It was only named in a note ("column(s) not read: crisis_line") and every line kept."""
    folder = tmp_path / "ohana"
    shutil.copytree(HSDS / "ohana", folder)
    services = folder / "services.csv"
    lines = services.read_text(encoding="utf-8").splitlines()
    services.write_text("\n".join([lines[0] + ",crisis_line"] + [line + ",1-800-555-0199"
                                                                   for line in lines[1:]]) + "\n",
                        encoding="utf-8")
    result = imported(folder)
    reason = ("its 'crisis_line' holds '1-800-555-0199', a number HSDS keeps in 'phones' "
              "(objects with 'number' and 'type'), where the import reads numbers: move it there")
    assert ("Lakeside Family Services – Walk-in Advice", reason) in result.rejected
    assert result.dropped == [("Lakeside Family Services – Crisis Hotline",
                               "its own 'crisis_line' holds '1-800-555-0199', a number HSDS "
                               "keeps in 'phones'; not read")]
    assert [entry["name"] for entry in result.entries] == [
        "Lakeside Family Services – Crisis Hotline"]


# --- a location record is not a line --------------------------------------------------------


def test_a_location_record_is_not_a_service_line(kit: Path, run) -> None:  # noqa: ANN001
    location = json.loads((HSDS / "v3-json" / "location.json").read_text(encoding="utf-8"))
    number = location["phones"][0]["number"]
    result = run("import", "hsds", HSDS / "v3-json" / "location.json", "--into", kit, "--force")
    assert result.code == 1
    assert "0 line(s) kept" in result.err
    assert (f"note: location {location['name']} has no services at it in the data: its "
            f"number(s) {number} not imported (only services become lines)") in result.err
    assert "nothing to write: no line was imported" in result.err


# --- organisation numbers on its locations (WellSky-style) -----------------------------------


def test_organization_numbers_on_its_locations_are_used_and_named(kit: Path, tmp_path: Path,
                                                                  run) -> None:  # noqa: ANN001
    """23 of 23 phones of such an export were unused, and "211 Seacoast County" was skipped
    for having no number while its locations carried 211 and two 10-digit lines."""
    phones = rows(WELLSKY / "phones.csv")
    assert not any(phone["service_id"] for phone in phones if phone["number"] == "211")
    result = run("import", "hsds", WELLSKY, "--into", kit, "--force", "--verified", "2026-11-20")
    assert result.code == 0, result.err
    assert "no phone, text number or web address" not in result.err
    for note in (
            "211 Seacoast County: voice number 211 is that of a location of its organization "
            "(the service has none of its own)",
            "211 Seacoast County: only the first phone number is used; left out (321) 555-0111, "
            "(321) 555-0113",
            "Harbor Point Legal Aid – Protective Order Clinic: voice number (321) 555-0131 "
            "(its own) is used; left out (321) 555-0130 (of a location of its organization)",
            "organization Lighthouse Drop-in has no services in the data: its number(s) "
            "(321) 555-0140 not imported (only services become lines)"):
        assert f"note: {note}" in result.err, note
    written = (kit / "resources.yaml").read_text(encoding="utf-8")
    for name, number in (("211 Seacoast County", "'211'"),
                         ("Tidewater Women's Shelter – Tidewater 24-Hour Crisis Line",
                          "1-888-555-0121"),
                         ("Harbor Point Legal Aid – Protective Order Clinic", "(321) 555-0131")):
        assert f"  - name: {name}\n    phone: {number}\n" in written, name
    assert "555-0114" not in written and "555-0123" not in written  # the fax numbers
    out = tmp_path / "out"
    built = run("build", kit, "--out", out, "--format", "brochure", "--no-previews")
    assert built.code == 0, built.err
    assert "211 Seacoast County" in all_text(out / "en" / "brochure.pdf")
    assert decode_qr_codes(out / "en" / "brochure.pdf", 0) == ["tel:211"]


def test_a_service_at_a_location_of_its_own_never_takes_another_sites_number(
        tmp_path: Path) -> None:
    """The organization's other locations serve only services at none of their own; a
    location no service reaches is named with its numbers."""
    folder = tmp_path / "wellsky"
    shutil.copytree(WELLSKY, folder)
    with (folder / "locations.csv").open("a", encoding="utf-8") as table:
        table.write("ST-2006,AG-1003,Harbor Point South Office,,,,28.55,-80.80\n")
    with (folder / "phones.csv").open("a", encoding="utf-8") as table:
        table.write("PH-4011,ST-2006,,AG-1003,,,(321) 555-0132,,voice,,South office\n")
    (folder / "service_at_location.csv").write_text(
        "id,service_id,location_id,description\nSL-1,SV-3004,ST-2004,\n", encoding="utf-8")
    result = imported(folder)
    clinic = next(entry for entry in result.entries if entry["name"].endswith("Order Clinic"))
    assert clinic["phone"] == "(321) 555-0131"
    assert ("Harbor Point Legal Aid – Protective Order Clinic: voice number (321) 555-0131 "
            "(its own) is used; left out (321) 555-0130 (of its location)") in result.notes
    assert ("location Harbor Point South Office has no services at it in the data: its "
            "number(s) (321) 555-0132 not imported (only services become lines)") in result.notes
    assert not any("555-0132" in note for note in result.notes if "Order Clinic" in note)


# --- one bad row stops nothing but itself ----------------------------------------------------


def test_bad_rows_are_skipped_with_their_reasons_and_the_rest_imported(kit: Path,
                                                                        run) -> None:  # noqa: ANN001
    """A service without a name, phone rows without numbers and Ohana's taxonomy.csv (no
    `id` column, no attribute table linking it) each stopped the whole import."""
    services = rows(BAD_ROWS / "services.csv")
    printed = [row for row in services if row["name"] and row["status"].lower() == "active"]
    empty_numbers = [str(number) for number, row in
                     enumerate(rows(BAD_ROWS / "phones.csv"), start=2) if not row["number"]]
    unnamed = next(number for number, row in enumerate(services, start=2) if not row["name"])
    result = run("import", "hsds", BAD_ROWS, "--into", kit, "--force")
    assert result.code == 1, result.err  # the unnamed service is refused; the rest written
    assert f"{len(printed)} line(s) kept, 1 skipped, 1 refused" in result.err  # counted once
    # named on the table's own line (issue 39)
    assert (f"v1.1-bad-rows/services.csv:{unnamed}: refused 'services.csv row {unnamed}': "
            "name is empty") in result.err, result.err
    assert f"note: phones.csv row(s) {', '.join(empty_numbers)} not read: number is empty" \
        in result.err
    assert ("note: phones.csv row 9 (330-555-0135) not read: service_id '103' is that of "
            f"services.csv row {unnamed}, which is not read either") in result.err
    assert ("note: tables not read (nothing on a card comes from them): contacts.csv, "
            "eligibility.csv, accessibility_for_disabilities.csv, taxonomy.csv") in result.err
    assert "has no known code" not in result.err  # "English.", "Spanish.", "ASL."
    written = (kit / "resources.yaml").read_text(encoding="utf-8")
    assert [line.removeprefix("  - name: ").split(" – ")[-1] for line in written.splitlines()
            if line.startswith("  - name: ")] == [row["name"] for row in printed] + [
        "Emergency"]  # carried over from the file replaced
    assert "kept the emergency line 'Emergency'" in result.err
    assert "    languages: [en, es, ase]\n" in written
    assert "330-555-0135" not in written


def test_bad_rows_warn_at_check_with_resources_in_site_yaml(kit: Path, run) -> None:  # noqa: ANN001
    use_source(kit, BAD_ROWS)
    result = run("check", kit)
    assert result.code == 1, result.err  # an error, and every other line lays out
    assert ("v1.1-bad-rows/services.csv:4: refused 'services.csv row 4': name is empty"
            in result.err), result.err
    assert result.err.rstrip().endswith("every other line lays out cleanly")
    assert "note: phones.csv row(s) 3, 4, 6, 10 not read: number is empty" in result.err


def test_an_id_on_two_different_rows_is_neither(tmp_path: Path) -> None:
    """Its phones could be either's: both rows are left out, and so are the rows naming the
    id. A row repeated exactly is read once."""
    folder = tmp_path / "export"
    shutil.copytree(BAD_ROWS, folder)
    services = folder / "services.csv"
    lines = services.read_text(encoding="utf-8").splitlines()
    hotline = next(line for line in lines if line.startswith("104,"))
    helpline = next(line for line in lines if line.startswith("101,"))
    services.write_text("\n".join([*lines, hotline.replace("Eviction Hotline", "Legal Line"),
                                   helpline]) + "\n", encoding="utf-8")
    result = imported(folder)
    count = len(lines) + 1
    assert ("Birchwood Eviction Hotline (services.csv row 5)",
            f"id '104' is also on row(s) {count}, with other values") in result.rejected
    assert ("Birchwood Legal Line (services.csv row 7)",
            "id '104' is also on row 5, with other values") in result.rejected
    assert ("phones.csv row 7 (330-555-0140) not read: service_id '104' is that of rows 5, 7 "
            "of services.csv, which is not read either") in result.notes
    assert f"services.csv row {count + 1} repeats row 2: read once" in result.notes
    assert [entry["name"] for entry in result.entries] == [
        "Pinecrest Family Justice Center – Pinecrest 24-Hour Helpline",
        "Pinecrest Family Justice Center – Pinecrest Legal Advocacy"]


def test_a_table_without_the_column_it_is_read_by_is_not_read(tmp_path: Path) -> None:
    """A table no number comes from is left out with a note; one numbers come from stops
    the import (every line would lose its number)."""
    folder = tmp_path / "export"
    shutil.copytree(BAD_ROWS, folder)
    addresses = folder / "physical_addresses.csv"
    text = addresses.read_text(encoding="utf-8")
    addresses.write_text(text.replace("id,location_id,", "id,site_id,", 1), encoding="utf-8")
    result = imported(folder)
    assert len(result.entries) == 3
    assert ("physical_addresses.csv not read: missing column location_id; columns found: id, "
            "site_id, attention, address_1, address_2, address_3, address_4, city, region, "
            "state_province, postal_code, country (no service is placed by its locations' "
            "addresses for the area filter)") in result.notes
    phones = folder / "phones.csv"
    phones.write_text(phones.read_text(encoding="utf-8").replace(",number,", ",phone,", 1),
                      encoding="utf-8")
    assert problems_of(folder) == [
        f"{phones}:1: HSDS 1.x tabular data (datapackage.json says version 1.1): missing "
        "column number; columns found: id, location_id, service_id, organization_id, "
        "contact_id, service_at_location_id, phone, extension, type, language, description"]


def test_an_ohana_export_with_its_taxonomy_csv_imports(tmp_path: Path) -> None:
    folder = tmp_path / "ohana"
    shutil.copytree(HSDS / "ohana", folder)
    shutil.copy(BAD_ROWS / "taxonomy.csv", folder / "taxonomy.csv")
    assert rows(folder / "taxonomy.csv")[0].keys() == {"taxonomy_id", "name", "parent_id",
                                                       "parent_name"}
    result = imported(folder)
    assert result.entries == imported(HSDS / "ohana").entries and len(result.entries) == 2
    assert "tables not read (nothing on a card comes from them): contacts.csv, " \
           "mail_addresses.csv, taxonomy.csv" in result.notes


def test_a_2x_taxonomy_term_named_in_term_serves_the_tag_filter(tmp_path: Path) -> None:
    folder = tmp_path / "tabular"
    shutil.copytree(HSDS / "tabular", folder)
    terms = folder / "taxonomy_terms.csv"
    terms.write_text(terms.read_text(encoding="utf-8").replace("id,code,name,", "id,code,term,",
                                                               1), encoding="utf-8")
    kept = imported(folder, tags={"Legal Advocacy"}).entries
    assert [entry["name"] for entry in kept] == ["Riverbend Safe Haven – Legal Advocacy Clinic"]


# --- what check and build show with `resources:` ---------------------------------------------


def test_the_import_notes_show_at_check_and_build(kit: Path, tmp_path: Path,
                                                  run) -> None:  # noqa: ANN001
    """Hours dropped, organization numbers used, a lower-priority number passed over: only
    `havenprint import` said them."""
    source = use_source(kit, WILLOW)
    notes = [
        "Willow Creek Domestic Abuse Project – Court Advocacy: hours leave out a monthly "
        "schedule",
        "Willow Creek Domestic Abuse Project – Court Advocacy: voice number 740-555-0150 is "
        "its organization's (the service has none of its own)",
        "Willow Creek Domestic Abuse Project – Willow Creek Helpline: voice number "
        "1-800-555-0152 (its own) is used; left out 740-555-0150 (of its organization), "
        "740-555-0151 (of a location of its organization)",
        "Willow Creek Domestic Abuse Project – Willow Creek Helpline: "
        "'www.willowcreek.example.org/help' is not a web address: it must start with "
        "https://; left out",
    ]
    checked = run("check", kit)
    built = run("build", kit, "--out", tmp_path / "out", "--format", "brochure",
                "--no-previews")
    for result in (checked, built):
        assert result.code == 0, result.err
        for note in notes:
            assert f"{source.name}: note: {note}" in result.err, note
        assert "has no known code" not in result.err
    text = all_text(tmp_path / "out" / "en" / "brochure.pdf")
    assert "1-800-555-0152" in text and "740-555-0150" in text and "740-555-0151" not in text


def test_only_the_first_phone_note_shows_at_check(kit: Path, run) -> None:  # noqa: ANN001
    use_source(kit, WELLSKY)
    result = run("check", kit)
    assert result.code == 0, result.err
    assert ("wellsky: note: 211 Seacoast County: only the first phone number is used; left out "
            "(321) 555-0111, (321) 555-0113") in result.err


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
    assert result.code == 1, result.err
    # the record named by its file, line and JSON path (issue 39)
    assert ("services.json:1: refused 'Online Chat' (at $[0]): no phone or text number, and "
            "its web address "
            "'www.example.org/chat' does not start with https:// or http:// (write it in full "
            "in the data)") in result.err
    assert "no phone, text number or web address" not in result.err


@pytest.mark.parametrize(("stated", "label"), [
    ("1.1.1", "HSDS 3.x tabular data, by its tables and columns (datapackage.json says "
              "version 1.1.1, which is not theirs)"),
    ("3.0.0", "HSDS 3.x tabular data (datapackage.json says version 3.0.0)"),
])
def test_the_version_is_the_tables_with_the_package_version_beside_it(
        stated: str, label: str, tmp_path: Path) -> None:
    folder = tmp_path / "export"
    shutil.copytree(HSDS / "tabular", folder)
    package = json.loads((folder / "datapackage.json").read_text(encoding="utf-8"))
    (folder / "datapackage.json").write_text(json.dumps({**package, "version": stated}),
                                             encoding="utf-8")
    assert imported(folder).notes[0] == f"read as {label}"


def test_the_version_of_tables_in_the_2_0_columns(tmp_path: Path) -> None:
    """HSDS 2.0.1's own columns (the specification's datapackage.json of that tag)."""
    folder = tmp_path / "v2"
    folder.mkdir()
    (folder / "organizations.csv").write_text(
        "id,name,alternate_name,description,email,url,tax_status,tax_id,year_incorporated,"
        "legal_status\no1,Harbor Aid,,,,https://h.example.org,,,,\n", encoding="utf-8")
    (folder / "services.csv").write_text(
        "id,organization_id,program_id,name,alternate_name,description,url,email,status,"
        "interpretation_services,application_process,wait_time,fees,accreditations,licenses\n"
        "s1,o1,,Helpline,,,,,active,,,,,,\n", encoding="utf-8")
    (folder / "phones.csv").write_text(
        "id,location_id,service_id,organization_id,contact_id,service_at_location_id,number,"
        "extension,type,language,description,department\np1,,s1,,,,1-800-555-0152,,voice,,,\n",
        encoding="utf-8")
    assert imported(folder).notes[0] == "read as HSDS 1.x or 2.x tabular data"
    assert imported(BAD_ROWS).notes[0] == ("read as HSDS 1.x tabular data (datapackage.json "
                                           "says version 1.1)")


# --- more lines than a card prints ----------------------------------------------------------


def many_services(path: Path, count: int) -> Path:
    path.write_text(json.dumps([
        {"id": f"s{n}", "name": f"Helpline {n}", "status": "active", "assured_date": "2026-10-01",
         "phones": [{"number": f"1-800-555-01{n:02d}", "type": "voice"}]}
        for n in range(count)]), encoding="utf-8")
    return path


def test_an_import_of_many_lines_says_that_limit_exists(kit: Path, tmp_path: Path,
                                                        run) -> None:  # noqa: ANN001
    hint = ("note: 14 lines kept, more than a card or brochure prints (a pocket card about 4, "
            "a brochure about 12): each piece prints them in this order until one does not "
            "fit, and leaves out that one and every line after it. Keep "
            "the ones to print with --limit N (in site.yaml, `limit: N` under `resources:`), or "
            "choose them by region, tag or first")
    many = run("import", "hsds", many_services(tmp_path / "many.json", 14), "--into", kit,
               "--force")
    assert many.code == 0 and hint in many.err
    limited = run("import", "hsds", tmp_path / "many.json", "--into", kit, "--force",
                  "--limit", "4")
    assert limited.code == 0 and "lines kept, more than" not in limited.err
    few = run("import", "hsds", many_services(tmp_path / "few.json", 13), "--into", kit,
              "--force")
    assert few.code == 0 and "lines kept, more than" not in few.err
    use_source(kit, tmp_path / "many.json")
    checked = run("check", kit)
    assert checked.code == 0, checked.err
    assert hint.removeprefix("note: ") in checked.err


def test_a_voice_line_put_ahead_of_a_web_only_line_says_so(tmp_path: Path) -> None:
    """The note called a line with only a web address a "text line"."""
    path = tmp_path / "services.json"
    path.write_text(json.dumps([
        {"id": "s1", "name": "Online Chat", "status": "active", "url": "https://chat.example.org"},
        {"id": "s2", "name": "Helpline", "status": "active",
         "phones": [{"number": "1-800-555-0152", "type": "voice"}]}]), encoding="utf-8")
    result = imported(path)
    assert [entry["name"] for entry in result.entries] == ["Helpline", "Online Chat"]
    assert ("Helpline comes first: its voice number is the card's QR code, not Online Chat's "
            "web address (name a line `first` to choose another)") in result.notes


def test_a_fax_field_or_an_organization_without_a_name_loses_no_line(tmp_path: Path) -> None:
    """A fax number is never one to call, wherever it is; an organization row without a name
    is read, its services printed under their own names, with a note."""
    path = tmp_path / "places.json"
    path.write_text(json.dumps([{"name": "Riverside Online Chat", "fax": "513-555-0109",
                                 "url": "https://chat.example.org"}]), encoding="utf-8")
    assert [entry["name"] for entry in imported(path).entries] == ["Riverside Online Chat"]
    folder = tmp_path / "export"
    shutil.copytree(BAD_ROWS, folder)
    organizations = folder / "organizations.csv"
    organizations.write_text(organizations.read_text(encoding="utf-8").replace(
        "2,Birchwood Tenants Council,", "2,,", 1), encoding="utf-8")
    result = imported(folder)
    assert "organizations.csv row 3: the organization '2' has no name" in result.notes
    assert [entry["name"] for entry in result.entries][-1] == "Birchwood Eviction Hotline"
