"""Importing resource listings from Open Referral HSDS data and from a spreadsheet CSV.

The expected values below were worked out by hand from the invented fixtures in
tests/fixtures/hsds (the same directory in JSON and in tabular form) and
tests/fixtures/spreadsheet, with `today` fixed at 2026-06-01.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import shutil
from datetime import date
from pathlib import Path

import pytest
import yaml

from generator.content.load import load_kit
from generator.content.schema import ResourcesFileModel
from generator.content.yamlfile import load_yaml
from generator.errors import ContentError
from generator.importers import (
    SPREADSHEET_COLUMNS,
    AreaFilter,
    ImportResult,
    import_hsds,
    import_spreadsheet,
    write_resources_yaml,
)
from generator.importers import spreadsheet as spreadsheet_module
from generator.importers.hours import hours_text
from generator.importers.values import language_code

FIXTURES = Path(__file__).parent / "fixtures"
HSDS = FIXTURES / "hsds"
SHEET = FIXTURES / "spreadsheet" / "hotlines.csv"
TODAY = date(2026, 6, 1)

NORTHSTAR = {
    "name": "Northstar Helpline", "phone": "1-800-555-0199",
    "url": "https://northstar.example.org", "hours": "24/7", "languages": ["en", "es", "zh"],
    "qr": "tel", "verified": date(2026, 2, 10),
}
TEXT_LINE = {
    "name": "Northstar Helpline – Northstar Text Line",
    "text": {"number": "1-888-555-0175", "keyword": "HOPE"},
    "url": "http://northstar.example.org/text", "hours": "Daily 8:00–22:00", "qr": "sms",
}
CRISIS = {
    "name": "Harbor Light Family Services – 24-Hour Crisis Line", "phone": "1-800-555-0142",
    "tty": "1-800-555-0163", "text": {"number": "1-888-555-0147", "keyword": "SAFE"},
    "url": "https://harborlight.example.org/crisis", "hours": "24/7", "languages": ["en", "es"],
    "qr": "tel", "verified": date(2026, 3, 2),
}
SHELTER = {
    "name": "Riverbend Safe Haven Shelter", "phone": "1-877-555-0190",
    "url": "https://riverbend.example.org", "languages": ["en"], "qr": "tel",
    "verified": date(2025, 11, 20),
}
LEGAL = {
    "name": "Riverbend Safe Haven – Legal Advocacy Clinic", "phone": "(866) 555-0111",
    "url": "https://riverbend.example.org/legal", "hours": "Mon–Fri 9:00–17:00; Sat 10:00–14:00",
    "languages": ["en", "es"], "qr": "tel", "verified": date(2026, 1, 15),
}
LAKESHORE = {
    "name": "Lakeshore Community Partners – Lakeshore Crisis Line", "phone": "1-800-555-0155",
    "hours": "Mon–Thu 8:30–16:30; Fri 8:30–12:00", "qr": "tel", "verified": date(2024, 9, 30),
}
DEFUNCT = ("Harbor Light Family Services – Counseling", "service status is defunct")
CLOSED = ("Harbor Light Family Services – Transitional Housing",
          "service status is temporarily closed")
INVALID = ("Riverbend Safe Haven – Youth Outreach",
           "voice number '555-0100' is not a valid phone number or short code in US")
STREET_DETAILS = ("415 Quay Street", "1207 Willow Bend Road", "88 Court Street", "2 Dune Drive",
                  "Quay", "Willow Bend", "Court Street", "Dune", "Portside", "Millbrook",
                  "Bayview", "43604", "45011", "49503")
HSDS_FORMS = [HSDS / "services.json", HSDS / "tabular", HSDS / "tabular" / "datapackage.json"]


def hsds(path: Path = HSDS / "services.json", **options) -> ImportResult:  # noqa: ANN003
    return import_hsds(path, country="US", today=TODAY, **options)


def names(result: ImportResult) -> list[str]:
    return [entry["name"] for entry in result.entries]


# --- HSDS: mapping ---------------------------------------------------------------------------


@pytest.mark.parametrize("path", HSDS_FORMS, ids=["json", "folder", "datapackage"])
def test_each_hsds_form_gives_the_expected_entries_national_first(path: Path) -> None:
    result = hsds(path)
    assert result.entries == [NORTHSTAR, TEXT_LINE, CRISIS, SHELTER, LEGAL, LAKESHORE]
    assert result.skipped == [DEFUNCT, CLOSED, INVALID]


def test_json_and_tabular_forms_give_the_same_result() -> None:
    json_result, tabular_result = hsds(HSDS / "services.json"), hsds(HSDS / "tabular")
    assert tabular_result.notes[0] == "read as HSDS 3.x tabular data"
    assert json_result == dataclasses.replace(tabular_result, notes=tabular_result.notes[1:])
    assert [list(entry) for entry in json_result.entries] == \
        [list(entry) for entry in tabular_result.entries]


def test_phone_types_become_phone_tty_text_and_the_qr_action() -> None:
    crisis = hsds().entries[2]
    assert (crisis["phone"], crisis["tty"], crisis["text"], crisis["qr"]) == (
        "1-800-555-0142", "1-800-555-0163", {"number": "1-888-555-0147", "keyword": "SAFE"}, "tel")
    assert "1-800-555-0171" not in str(crisis)  # the fax number
    text_only = hsds().entries[1]
    assert "phone" not in text_only and text_only["qr"] == "sms"


def test_hours_for_24_7_and_for_weekday_schedules() -> None:
    hours = {entry["name"]: entry.get("hours") for entry in hsds().entries}
    assert hours == {
        "Northstar Helpline": "24/7",  # 00:00-24:00 every day
        "Northstar Helpline – Northstar Text Line": "Daily 8:00–22:00",
        "Harbor Light Family Services – 24-Hour Crisis Line": "24/7",  # 00:00-23:59 every day
        "Riverbend Safe Haven Shelter": None,
        "Riverbend Safe Haven – Legal Advocacy Clinic": "Mon–Fri 9:00–17:00; Sat 10:00–14:00",
        LAKESHORE["name"]: "Mon–Thu 8:30–16:30; Fri 8:30–12:00",
    }


def test_verified_is_the_assured_date_and_a_missing_or_old_one_is_noted() -> None:
    result = hsds()
    assert [entry.get("verified") for entry in result.entries] == [
        date(2026, 2, 10), None, date(2026, 3, 2), date(2025, 11, 20), date(2026, 1, 15),
        date(2024, 9, 30)]
    assert "Northstar Helpline – Northstar Text Line: no date it was last checked; call or text " \
           "the line, then add `verified`" in result.notes
    assert "Lakeshore Community Partners – Lakeshore Crisis Line: last checked 2024-09-30, over " \
           "a year ago; check it before printing" in result.notes


def test_defunct_and_closed_services_are_left_out_with_their_status() -> None:
    result = hsds()
    assert DEFUNCT in result.skipped and CLOSED in result.skipped
    assert not any("Counseling" in name or "Housing" in name for name in names(result))


def test_an_invalid_number_skips_the_record_naming_the_number() -> None:
    result = hsds()
    assert INVALID in result.skipped
    assert "Riverbend Safe Haven – Youth Outreach" not in names(result)


def test_notes_name_hidden_addresses_and_what_else_was_left_out() -> None:
    assert hsds().notes == [
        "address of Safe Haven Shelter hidden: confidential by default",
        "Northstar Helpline – Northstar Text Line: no date it was last checked; call or text the "
        "line, then add `verified`",
        "Lakeshore Community Partners – Lakeshore Crisis Line: only the first phone number is "
        "used; left out 1-800-555-0156",
        "Lakeshore Community Partners – Lakeshore Crisis Line: 'lakeshore.example.org' is not "
        "a web address: it must start with https://; left out",
        "Lakeshore Community Partners – Lakeshore Crisis Line: last checked 2024-09-30, over a "
        "year ago; check it before printing",
        "address of Lakeshore Crisis Center hidden: confidential by default",
    ]


@pytest.mark.parametrize("path", HSDS_FORMS[:2], ids=["json", "folder"])
def test_no_address_detail_reaches_the_written_file(path: Path, tmp_path: Path) -> None:
    fixture_text = "".join(p.read_text() for p in HSDS.rglob("*") if p.is_file())
    assert all(detail in fixture_text for detail in STREET_DETAILS)  # the test can fail
    result = hsds(path)
    target = tmp_path / "resources.yaml"
    write_resources_yaml(result, target, source_note=str(path), today=TODAY)
    written = target.read_text(encoding="utf-8")
    for detail in STREET_DETAILS:
        assert detail not in written
        assert not any(detail in note for note in result.notes)


# --- HSDS: filters, order, limit -------------------------------------------------------------


def test_region_filter_keeps_national_lines_first_and_skips_other_areas() -> None:
    result = hsds(area=AreaFilter(region="oh"))
    assert names(result) == [NORTHSTAR["name"], TEXT_LINE["name"], CRISIS["name"],
                             SHELTER["name"], LEGAL["name"]]
    assert result.skipped == [DEFUNCT, CLOSED, INVALID,
                              (LAKESHORE["name"], "outside the area (region oh)")]


def test_postal_prefix_and_country_filters() -> None:
    by_postal = hsds(area=AreaFilter(country="US", postal_prefix="450"))
    assert names(by_postal) == [NORTHSTAR["name"], TEXT_LINE["name"], SHELTER["name"],
                                LEGAL["name"]]
    abroad = hsds(area=AreaFilter(country="CA"))
    assert names(abroad) == [NORTHSTAR["name"], TEXT_LINE["name"]]
    assert (CRISIS["name"], "outside the area (country CA)") in abroad.skipped


def test_limit_keeps_the_first_after_ordering_and_reports_the_rest() -> None:
    result = hsds(limit=3)
    assert names(result) == [NORTHSTAR["name"], TEXT_LINE["name"], CRISIS["name"]]
    assert result.skipped[3:] == [(SHELTER["name"], "over the limit of 3"),
                                  (LEGAL["name"], "over the limit of 3"),
                                  (LAKESHORE["name"], "over the limit of 3")]


@pytest.mark.parametrize("path", HSDS_FORMS[:2], ids=["json", "folder"])
def test_tag_filter_matches_taxonomy_codes_and_names(path: Path) -> None:
    assert names(hsds(path, tags={"shelter"})) == [SHELTER["name"]]
    assert names(hsds(path, tags={"Legal Advocacy"})) == [LEGAL["name"]]
    by_code = hsds(path, tags={"DV"})
    assert names(by_code) == [NORTHSTAR["name"], CRISIS["name"], SHELTER["name"],
                              LAKESHORE["name"]]
    assert (TEXT_LINE["name"], "no matching tag (dv)") in by_code.skipped


def test_a_folder_without_datapackage_is_read_by_file_names(tmp_path: Path) -> None:
    folder = tmp_path / "export"
    shutil.copytree(HSDS / "tabular", folder)
    (folder / "datapackage.json").unlink()
    (folder / "service_at_locations.csv").rename(folder / "service_at_location.csv")
    assert hsds(folder) == hsds(HSDS / "tabular")


def test_language_codes_and_names() -> None:
    assert [language_code("EN"), language_code("zh-Hans"), language_code("spa"),
            language_code(None, "Haitian Creole"), language_code("Elvish", "Elvish"),
            language_code(None, "Chinese (Mandarin)"), language_code(None, "Tiếng Việt")] == \
        ["en", "zh-Hans", "es", "ht", None, "zh", "vi"]


def test_organizations_envelope_and_nested_services(tmp_path: Path) -> None:
    services = json.loads((HSDS / "services.json").read_text())
    wrapped = {"organizations": [{**services[4]["organization"],
                                  "services": [{k: v for k, v in services[4].items()
                                                if k != "organization"}]}]}
    path = tmp_path / "orgs.json"
    path.write_text(json.dumps(wrapped))
    assert hsds(path).entries == [NORTHSTAR]


UNSERVED = ("organization Quiet Harbor has no services in the data: its number(s) "
            "1-800-555-0188 not imported (only services become lines)")


def test_an_organization_without_services_is_reported_not_dropped(tmp_path: Path) -> None:
    """Only services become lines: an organization with a number and no services (a 211
    export lists some) was passed over without a word, in JSON and in tables."""
    services = json.loads((HSDS / "services.json").read_text())
    quiet = {"id": "org-quiet", "name": "Quiet Harbor", "website": "https://quiet.example.org",
             "phones": [{"id": "ph-q", "number": "1-800-555-0188", "type": "voice"},
                        {"id": "ph-qf", "number": "1-800-555-0189", "type": "fax"}]}
    empty = {"id": "org-empty", "name": "No Numbers", "website": "https://e.example.org"}
    wrapped = {"organizations": [{**services[4]["organization"],
                                  "services": [{k: v for k, v in services[4].items()
                                                if k != "organization"}]}, quiet, empty]}
    path = tmp_path / "orgs.json"
    path.write_text(json.dumps(wrapped))
    result = hsds(path)
    assert result.entries == [NORTHSTAR]
    assert UNSERVED in result.notes and not any("No Numbers" in n for n in result.notes)

    folder = tmp_path / "export"
    shutil.copytree(HSDS / "tabular", folder)
    with (folder / "organizations.csv").open("a", encoding="utf-8") as table:
        table.write("org-quiet,Quiet Harbor,Invented.,https://quiet.example.org\n")
    with (folder / "phones.csv").open("a", encoding="utf-8") as table:
        table.write("ph-quiet,,,1-800-555-0188,voice,Main line\n")
    phones = (folder / "phones.csv").read_text(encoding="utf-8").splitlines()
    header = phones[0].split(",")
    assert header[:3] == ["id", "service_id", "service_at_location_id"]
    (folder / "phones.csv").write_text(
        "\n".join([",".join([*header, "organization_id"]),
                   *[line + "," for line in phones[1:-1]], phones[-1] + ",org-quiet"]) + "\n",
        encoding="utf-8")
    assert UNSERVED in hsds(folder).notes


def test_an_export_without_its_phones_table_says_so(tmp_path: Path) -> None:
    """Without phones.csv every service became a web-address line, and the report only said
    which version was read."""
    folder = tmp_path / "export"
    shutil.copytree(HSDS / "tabular", folder)
    (folder / "datapackage.json").unlink()
    (folder / "phones.csv").unlink()
    result = hsds(folder)
    assert result.entries and not any("phone" in entry for entry in result.entries)
    assert ("no phones table (phones.csv): no line has a phone or text number; export the "
            "phones too") in result.notes


# --- HSDS: errors ----------------------------------------------------------------------------


def problems_of(call, *args, **kwargs) -> list[str]:  # noqa: ANN001, ANN002, ANN003
    with pytest.raises(ContentError) as caught:
        call(*args, **kwargs)
    return [str(problem) for problem in caught.value.problems]


def test_malformed_json_names_the_line() -> None:
    assert problems_of(hsds, HSDS / "malformed.json") == [
        f"{HSDS / 'malformed.json'}:5: malformed JSON: Expecting ',' delimiter"]


def test_a_partial_datapackage_reads_the_tables_present_and_names_the_others() -> None:
    result = hsds(HSDS / "partial-datapackage")
    assert "datapackage.json lists tables that are not here: phones.csv; the tables present " \
           "were read" in result.notes
    assert result.entries == [{"name": "Northstar Helpline", "url": "https://northstar.example.org",
                               "qr": "url"}]


def test_a_missing_services_table_names_the_version(tmp_path: Path) -> None:
    folder = tmp_path / "export"
    shutil.copytree(HSDS / "partial-datapackage", folder)
    (folder / "services.csv").unlink()
    assert problems_of(hsds, folder) == [
        f"{folder / 'datapackage.json'}: HSDS 3.x tabular data: no services table "
        "(services.csv); datapackage.json names services.csv, phones.csv, not here"]


def test_a_broken_reference_skips_its_row_naming_the_file_and_row() -> None:
    """A phone naming a service that is not there stopped the whole import; now that row is
    left out, with a warning naming it (its number reaches no line), and the rest is read."""
    result = hsds(HSDS / "broken-reference")
    orphan = ("phones.csv row 3 (1-800-555-0198)", "service_id 'svc-missing' matches no service")
    assert result.rejected == [orphan] and result.skipped == [orphan]
    assert [(entry["name"], entry["phone"]) for entry in result.entries] == [
        ("Northstar Helpline", "1-800-555-0199")]


def test_missing_column_and_empty_required_cell(tmp_path: Path) -> None:
    """A missing column of a table lines come from stops the import; an empty required cell
    skips its row only (its phones, which name its id, with it), and the rest is read."""
    folder = tmp_path / "tabular"
    shutil.copytree(HSDS / "tabular", folder)
    services = folder / "services.csv"
    lines = services.read_text().splitlines()
    services.write_text("\n".join([lines[0], lines[1].replace("svc-crisis,", ",", 1)] + lines[2:]))
    result = hsds(folder)
    assert result.rejected[0] == ("24-Hour Crisis Line (services.csv row 2)", "id is empty")
    assert ("phones.csv row 2 (1-800-555-0142)", "service_id 'svc-crisis' matches no service") \
        in result.rejected
    assert names(result) == [NORTHSTAR["name"], TEXT_LINE["name"], SHELTER["name"],
                             LEGAL["name"], LAKESHORE["name"]]
    version = "HSDS 3.x tabular data"
    services.write_text("\n".join(",".join(line.split(",")[:2]) for line in lines))
    assert problems_of(hsds, folder) == [
        f"{services}:1: {version}: missing column name; columns found: id, organization_id"]


def test_without_any_status_every_service_is_taken_as_active(tmp_path: Path) -> None:
    folder = tmp_path / "tabular"
    shutil.copytree(HSDS / "tabular", folder)
    services = folder / "services.csv"
    lines = services.read_text().splitlines()
    services.write_text("\n".join(line.rsplit(",", 3)[0] for line in lines))
    result = hsds(folder)
    assert "the data gives no service status: every service is taken as active; check each " \
           "line before printing" in result.notes
    assert "Harbor Light Family Services – Counseling" in names(result)


def test_wrong_json_shapes_are_problems_not_tracebacks(tmp_path: Path) -> None:
    """A malformed service is left out with the reason (one stopped the whole import); a
    file that is no HSDS shape at all is an error."""
    path = tmp_path / "odd.json"
    path.write_text(json.dumps([{"name": "Odd Line", "status": "active", "phones": "none"},
                                {"status": "active", "url": "https://nameless.example.org"},
                                {**json.loads((HSDS / "services.json").read_text())[4]}]))
    result = hsds(path)
    assert result.rejected == [("service 1 (Odd Line)", "'phones' should be a list of objects"),
                               ("service 2", "'name' is missing")]
    assert names(result) == [NORTHSTAR["name"]]
    path.write_text(json.dumps({"hello": 1}))
    assert problems_of(hsds, path) == [
        f"{path}: not HSDS data: expected a service, an organization, a service_at_location, a "
        "list of them, or an object with 'services', 'organizations' or 'contents'"]


# --- hours -----------------------------------------------------------------------------------


def test_hours_text_groups_days_and_explains_what_it_leaves_out() -> None:
    weekly = [{"freq": "WEEKLY", "byday": "MO,WE,FR", "opens_at": "09:00", "closes_at": "12:00"},
              {"byday": "MO,WE,FR", "opens_at": "13:00", "closes_at": "16:00"},
              {"weekday": "Saturday", "opens_at": "00:00", "closes_at": "00:00"},
              {"freq": "MONTHLY", "byday": "1SA", "opens_at": "09:00", "closes_at": "17:00"},
              {"byday": "SU", "opens_at": "10:00", "closes_at": "11:00", "valid_to": "2026-01-01"}]
    assert hours_text(weekly, TODAY) == (
        "Mon, Wed, Fri 9:00–12:00, 13:00–16:00; Sat 24 hours",
        ["a monthly schedule", "a schedule that ended 2026-01-01"])
    assert hours_text([], TODAY) == (None, [])


# --- spreadsheet -----------------------------------------------------------------------------

SHEET_ENTRIES = [
    {"name": "Northstar Helpline", "phone": "1-800-555-0199",
     "url": "https://northstar.example.org", "hours": "24/7", "languages": ["en"], "qr": "tel",
     "verified": date(2026, 2, 10), "required": True},
    {"name": "Northstar Text Line", "text": {"number": "1-888-555-0175", "keyword": "HOPE"},
     "hours": "Daily 8:00–22:00", "qr": "sms"},
    {"name": "Harbor Light Crisis Line", "phone": "1-800-555-0142", "tty": "1-800-555-0163",
     "text": {"number": "1-888-555-0147", "keyword": "SAFE"},
     "url": "https://harborlight.example.org", "hours": "24/7", "languages": ["en", "es"],
     "verified": date(2026, 3, 2)},
    {"name": "Lakeshore Crisis Line", "phone": "1-800-555-0155", "hours": "Mon–Thu 8:30–16:30",
     "languages": ["en", "es"], "verified": date(2024, 9, 30)},
]


def sheet(path: Path = SHEET, **options) -> ImportResult:  # noqa: ANN003
    return import_spreadsheet(path, country="US", today=TODAY, **options)


def test_spreadsheet_with_bom_semicolons_and_spaced_headers() -> None:
    assert SHEET.read_bytes().startswith(b"\xef\xbb\xbfName;Phone;TTY;Text Number")
    result = sheet()
    assert result.entries == SHEET_ENTRIES
    assert result.skipped == [
        ("Harbor Light Counseling", "status is defunct"),
        ("Riverbend Youth Outreach",
         "hotlines.csv:5: phone '555-0100' is not a valid phone number or short code in US")]
    assert result.notes == [
        "Lakeshore Crisis Line: last checked 2024-09-30, over a year ago; check it before printing",
        "Northstar Text Line: no date it was last checked; call or text the line, then add "
        "`verified`"]


def test_spreadsheet_with_commas_and_other_header_spelling(tmp_path: Path) -> None:
    rows = SHEET.read_text(encoding="utf-8-sig").splitlines()
    header = rows[0].upper().replace(" ", "-").replace(";", ",")
    body = [row.replace('"en; es"', '"en, es"').replace('"dv; hotline"', "dv/hotline")
            .replace("English, Spanish", "English/Spanish").replace(";", ",") for row in rows[1:]]
    path = tmp_path / "commas.csv"
    path.write_text("\n".join([header, *body]) + "\n", encoding="utf-8")
    assert repr(sheet(path)).replace(path.name, SHEET.name) == repr(sheet())


def test_spreadsheet_filters_order_and_limit() -> None:
    ohio = sheet(area=AreaFilter(region="OH"), limit=2)
    assert names(ohio) == ["Northstar Helpline", "Northstar Text Line"]
    assert ohio.skipped[-2:] == [("Lakeshore Crisis Line", "outside the area (region OH)"),
                                 ("Harbor Light Crisis Line", "over the limit of 2")]
    assert names(sheet(tags={"dv"})) == ["Harbor Light Crisis Line", "Lakeshore Crisis Line"]


def test_spreadsheet_cell_problems_name_the_row(tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    path.write_text("name,phone,verified,qr,url\n"
                    "Good Line,1-800-555-0142,2026-01-02,,\n"
                    "Bad Date,1-800-555-0142,01/02/26,,\n"
                    "No Text,1-800-555-0142,,sms,www.example.org\n", encoding="utf-8")
    result = sheet(path)  # each bad row refused with its file, row and column; the rest read
    assert [entry["name"] for entry in result.entries] == ["Good Line"]
    assert [str(problem) for problem in result.refusals(path)] == [
        f"{path}:3: refused 'Bad Date': verified: '01/02/26' is not a date written YYYY-MM-DD "
        "(or month/day/year as in US)",
        f"{path}:4: refused 'No Text': url: 'www.example.org' is not a web address: it must "
        "start with https://; qr: is sms but the row has no text_number",
    ]


def test_spreadsheet_unknown_column_lists_the_valid_ones(tmp_path: Path) -> None:
    path = tmp_path / "typo.csv"
    path.write_text("name,phon\nA Line,1-800-555-0142\n", encoding="utf-8")
    assert problems_of(sheet, path) == [
        f"{path}:1: unknown column phon; columns are: {', '.join(SPREADSHEET_COLUMNS)}"]


def test_spreadsheet_columns_are_all_documented() -> None:
    doc = spreadsheet_module.__doc__ or ""
    assert all(f"\n    {column} " in doc for column in SPREADSHEET_COLUMNS)
    assert list(SPREADSHEET_COLUMNS)[:3] == ["name", "phone", "tty"]


# --- writing resources.yaml ------------------------------------------------------------------


def test_written_file_reads_back_and_validates(tmp_path: Path) -> None:
    target = tmp_path / "resources.yaml"
    result = hsds()
    write_resources_yaml(result, target, source_note="HSDS export\nresources: []", today=TODAY)
    data = yaml.safe_load(target.read_text(encoding="utf-8"))
    model = ResourcesFileModel.model_validate(data, context={"country": "US"})
    assert data["resources"] == result.entries
    assert [resource.name for resource in model.resources] == names(result)
    assert list(tmp_path.iterdir()) == [target]  # no temporary file left behind


def test_written_file_is_readable(tmp_path: Path) -> None:
    target = tmp_path / "resources.yaml"
    result = ImportResult([CRISIS, {"name": "Lifeline", "phone": "988", "qr": "tel"}], [], [])
    write_resources_yaml(result, target, source_note="export.json", today=TODAY)
    assert target.read_text(encoding="utf-8") == (
        "# Written by havenprint import on 2026-06-01 from export.json; fingerprint "
        f"{hashlib.sha256(target.read_text().partition(chr(10))[2].encode()).hexdigest()[:12]}.\n"
        "# Check every line (call it) before printing, and update `verified` when you do.\n"
        "# Addresses are never copied here: a shelter's address is confidential.\n"
        "resources:\n"
        "  - name: Harbor Light Family Services – 24-Hour Crisis Line\n"
        "    phone: 1-800-555-0142\n"
        "    tty: 1-800-555-0163\n"
        "    text: {number: 1-888-555-0147, keyword: SAFE}\n"
        "    url: https://harborlight.example.org/crisis\n"
        "    hours: 24/7\n"
        "    languages: [en, es]\n"
        "    qr: tel\n"
        "    verified: 2026-03-02\n"
        "\n"
        "  - name: Lifeline\n"
        "    phone: '988'\n"
        "    qr: tel\n"
    )


def test_imported_file_loads_as_a_kit(kit: Path) -> None:
    target = kit / "resources.yaml"
    result = sheet(tags={"dv"})  # both lines have a `verified` date, which a build requires
    write_resources_yaml(result, target, source_note="hotlines.csv", overwrite=True)
    loaded = load_kit(kit)
    assert [resource.name for resource in loaded.resources] == \
        ["Harbor Light Crisis Line", "Lakeshore Crisis Line"]
    crisis = loaded.resources[0]
    assert (crisis.qr, crisis.text and crisis.text.keyword, crisis.tty and crisis.tty.e164) == \
        ("tel", "SAFE", "+18005550163")


def test_never_overwrites_a_hand_written_file(tmp_path: Path) -> None:
    target = tmp_path / "resources.yaml"
    hand_written = (Path(__file__).parent.parent / "content" / "resources.yaml").read_text()
    target.write_text(hand_written)
    assert problems_of(write_resources_yaml, hsds(), target, source_note="x") == [
        f"{target}: resources.yaml was not written by havenprint import: not replacing it "
        "(use --force to replace it; the old file is then kept as resources.yaml.bak)"]
    assert target.read_text() == hand_written
    write_resources_yaml(hsds(), target, source_note="x", overwrite=True)
    assert target.read_text().startswith("# Written by havenprint import")
    write_resources_yaml(sheet(), target, source_note="y")  # an imported file may be replaced
    assert "Harbor Light Crisis Line" in target.read_text()


def test_a_linked_or_odd_resources_yaml_is_neither_read_nor_copied(tmp_path: Path) -> None:
    """The file an import replaces is read to keep it as resources.yaml.bak: a link to a
    file elsewhere (a private key) was copied into the content folder with --force, and a
    named pipe or a link to /dev/zero never finished reading."""
    secret = tmp_path / "id_key"
    secret.write_text("PRIVATE KEY", encoding="utf-8")
    content = tmp_path / "content"
    content.mkdir()
    target = content / "resources.yaml"
    target.symlink_to(secret)
    assert problems_of(write_resources_yaml, hsds(), target, source_note="x",
                       overwrite=True) == [
        f"{target}: is a link to {secret}, outside the content folder: not replacing it "
        "(remove the link, or copy the file into the content folder)"]
    assert not (content / "resources.yaml.bak").exists()
    target.unlink()
    os.mkfifo(target)
    assert problems_of(write_resources_yaml, hsds(), target, source_note="x",
                       overwrite=True) == [
        f"{target}: not a regular file (a folder, a device or a pipe): havenprint reads "
        "only files"]


def test_a_csv_linked_from_outside_a_data_package_is_not_read(tmp_path: Path) -> None:
    folder = tmp_path / "export"
    shutil.copytree(HSDS / "tabular", folder)
    (folder / "datapackage.json").unlink()
    secret = tmp_path / "secret.csv"
    shutil.move(folder / "organizations.csv", secret)
    (folder / "organizations.csv").symlink_to(secret)
    assert problems_of(import_hsds, folder, country="US") == [
        f"{folder}/organizations.csv: is a link to {secret}, outside {folder}: copy the file "
        "into the folder"]


def test_control_characters_never_reach_the_written_file(tmp_path: Path) -> None:
    """A stray escape character in a spreadsheet, or in the name of an uploaded file (the
    header's note), wrote a resources.yaml that could not be read back."""
    sheet_with_escape = tmp_path / "lines.csv"
    sheet_with_escape.write_text("name,phone,verified\nHarbor\x1b Line,1-800-555-0142,"
                                 "2026-03-02\n", encoding="utf-8")
    assert problems_of(import_spreadsheet, sheet_with_escape, country="US") == [
        f"{sheet_with_escape}:2: the file holds the control character U+001B, which is not "
        "text: is this the right file? Save it again as plain text"]
    target = tmp_path / "resources.yaml"
    write_resources_yaml(sheet(), target, source_note="lines\x1b\x00.csv", today=TODAY)
    assert target.read_text(encoding="utf-8").startswith(
        "# Written by havenprint import on 2026-06-01 from lines.csv; fingerprint")
    ResourcesFileModel.model_validate(load_yaml(target).data)


def test_a_key_given_twice_in_json_is_an_error_on_its_line(tmp_path: Path) -> None:
    """JSON readers keep the last of two equal keys: a phone with a second "number" printed
    that one without a word."""
    export = tmp_path / "export.json"
    export.write_text(
        '{"services": [{"id": "s1", "name": "Hotline", "status": "active",\n'
        '  "phones": [{"id": "p1", "number": "800-799-7233",\n'
        '              "number": "800-799-7234", "type": "voice"}]}]}\n', encoding="utf-8")
    assert problems_of(hsds, export) == [
        f"{export}:3: 'number' is given twice in one object ('800-799-7233', then "
        "'800-799-7234'): a JSON reader keeps only the last one; remove one"]


def test_millions_of_values_are_refused_before_they_are_parsed(tmp_path: Path) -> None:
    """Far under the byte limit, 30 million empty services (90 MB) took 2 GB to parse and
    14 GB to import; a CSV of millions of one-letter cells the same."""
    export = tmp_path / "services.json"
    export.write_text('{"services": [' + "{}," * 1_500_000 + "{}]}", encoding="utf-8")
    assert problems_of(hsds, export) == [
        f"{export}: the file holds too many JSON values (up to 3,000,003; the limit is "
        "2,000,000): is this the right file? (import a region at a time)"]
    table = tmp_path / "lines.csv"
    table.write_text("name,phone\n" + "a,1\n" * 1_000_000, encoding="utf-8")
    assert problems_of(import_spreadsheet, table, country="US") == [
        f"{table}:1000001: the file holds over 2,000,000 cells: is this the right file? "
        "(import a region at a time)"]


def test_nothing_to_write(tmp_path: Path) -> None:
    target = tmp_path / "resources.yaml"
    assert problems_of(write_resources_yaml, ImportResult([], [], []), target, source_note="x") \
        == [f"{target}: nothing to write: no line was imported"]
    assert not target.exists()


PREMIUM_REASON = ("'1-900-234-5678' is a premium-rate number: calling it costs a high rate and "
                  "shows on the phone bill: print the line's free or ordinary number instead")


def test_a_premium_rate_number_is_left_out_and_the_second_number_kept(tmp_path: Path) -> None:
    data = (HSDS / "services.json").read_text(encoding="utf-8")
    path = tmp_path / "services.json"
    path.write_text(data.replace('"1-800-555-0155"', '"1-900-234-5678"'), encoding="utf-8")
    result = hsds(path)
    dropped = ("Lakeshore Community Partners – Lakeshore Crisis Line",
               f"voice number {PREMIUM_REASON}")
    assert result.dropped == [dropped]
    assert DEFUNCT not in result.rejected  # a status is not a data problem
    lakeshore = result.entries[-1]
    assert (lakeshore["name"], lakeshore["phone"]) == (dropped[0], "1-800-555-0156")
    assert "1-900" not in json.dumps([entry for entry in result.entries], default=str)
    only = path.read_text(encoding="utf-8").replace('"1-800-555-0156"', '"1-900-234-5679"')
    path.write_text(only, encoding="utf-8")
    rejected = hsds(path).rejected
    assert rejected[-1] == (dropped[0], f"voice number {PREMIUM_REASON}")  # nothing left


def test_a_premium_rate_number_skips_the_spreadsheet_row(tmp_path: Path) -> None:
    path = tmp_path / "premium.csv"
    path.write_text(SHEET.read_text(encoding="utf-8-sig").replace("1-800-555-0155",
                                                                 "1-900-234-5678"),
                    encoding="utf-8")
    result = sheet(path)
    line = path.read_text(encoding="utf-8").splitlines().index(
        next(row for row in path.read_text(encoding="utf-8").splitlines()
             if "1-900-234-5678" in row)) + 1
    reason = ("Lakeshore Crisis Line", f"premium.csv:{line}: phone {PREMIUM_REASON}")
    assert reason in result.rejected and reason in result.skipped
    assert "Lakeshore Crisis Line" not in names(result)


# --- numbers in letters -----------------------------------------------------------------------


def test_a_number_spelled_in_letters_is_imported_with_its_digits(tmp_path: Path) -> None:
    """Directories copy a hotline's vanity number as it advertises itself (844-RIGHTS-9):
    printed so, it cannot be checked by eye against what the QR code dials. The import
    writes its digits after it; a letter O typed for a zero is still left out."""
    services = json.loads((HSDS / "services.json").read_text())
    service = {k: v for k, v in services[4].items() if k != "organization"}
    service["phones"] = [{"id": "ph-v", "number": "844-RIGHTS-9", "type": "voice"},
                         {"id": "ph-t", "number": "1-800-555-O163", "type": "textphone"}]
    path = tmp_path / "orgs.json"
    path.write_text(json.dumps({"organizations": [{**services[4]["organization"],
                                                   "services": [service]}]}))
    result = hsds(path)
    (entry,) = result.entries
    assert entry["phone"] == "844-RIGHTS-9 (844-744-4879)"
    assert "tty" not in entry
    assert ("Northstar Helpline: voice number 844-RIGHTS-9 is printed with the digits it "
            "dials: 844-RIGHTS-9 (844-744-4879)") in result.notes
    csv = tmp_path / "lines.csv"
    csv.write_text("Name,Phone,TTY,Verified\nRights Line,844-RIGHTS-9,1-800-555-O163,"
                   "2026-05-01\n", encoding="utf-8")
    result = sheet(csv)
    assert result.entries[0]["phone"] == "844-RIGHTS-9 (844-744-4879)"
    assert "tty" not in result.entries[0]
    assert ("Rights Line: phone 844-RIGHTS-9 is printed with the digits it dials: "
            "844-RIGHTS-9 (844-744-4879)") in result.notes


def test_a_broken_web_address_in_an_import_is_named_as_broken(tmp_path: Path) -> None:
    """`https://[www...` was noted as "not http(s)", which it is: the note says what is wrong."""
    services = json.loads((HSDS / "services.json").read_text())
    service = {k: v for k, v in services[4].items() if k != "organization"}
    service["url"] = "https://[www.northstar.example.org"
    path = tmp_path / "orgs.json"
    path.write_text(json.dumps({"organizations": [{**services[4]["organization"],
                                                   "services": [service]}]}))
    notes = [note for note in hsds(path).notes if "[www.northstar" in note]
    assert notes and "is not a web address (" in notes[0] and "http(s)" not in notes[0], notes
