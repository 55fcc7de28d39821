"""Directory data in each shape it comes in, imported and printed: every phone kept where it
hangs, fax never printed, hours and languages on the page, what was skipped said on screen,
and no street address anywhere in the PDF.

Fixtures (tests/fixtures/hsds, invented organisations and numbers, real structure):
v3-json/organization.json (a single HSDS 3.0 organization with nested services and its own
phones), v3-json/service_at_locations.json (an API page of service_at_location objects),
v3-tabular-partial (3.0 CSVs under the whole template's datapackage.json), v1.1-tabular (a UK
HSDS 1.1 export) and ohana (an Ohana-style export with `number_type`). The expected values
were read off the fixture files by hand.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import decode_qr_codes, edit, page_texts

HSDS = Path(__file__).parent / "fixtures" / "hsds"
VERIFIED = "2026-11-20"


@dataclass(frozen=True)
class Form:
    path: Path
    country: str
    lines: dict[str, tuple[str, ...]]  # printed name -> what must print with it
    never: tuple[str, ...]  # fax numbers, bad numbers, closed services, address details
    report: tuple[str, ...]  # lines the import prints to stderr
    built: tuple[str, ...] = ()  # what the build says of them


FORMS = {
    "3.0 organization": Form(
        HSDS / "v3-json" / "organization.json", "US",
        # both services answer on their organization's 614-555-0123: one line, printed
        # once, with the texting line of one and the hours of the first (content/
        # same_number.py), the build saying which hours were left out
        {"Cedar Grove Family Alliance Inc. – Family Support Line / Cedar Grove Family "
         "Alliance Inc. – Evening Text Line":
            ("614-555-0123", "Text talk to 614-555-0177", "Mon–Fri 9:00–17:00",
             "Español · Tiếng Việt")},
        ("614-555-0124", "01234", "\"", "tel:", "Orchard Lane", "43215", "Columbus",
         "Evenings, 6pm to midnight"),
        ("left out of 'Cedar Grove Family Alliance Inc. – Family Support Line' (at "
         "$.services[0]): voice number "
         "'614-555-01234' is not a valid phone number or short code in US",
         "note: Cedar Grove Family Alliance Inc. – Evening Text Line: hours leave out a "
         "schedule that ended 2025-12-31"),
        ("warning: 'Cedar Grove Family Alliance Inc. – Family Support Line' and 'Cedar Grove "
         "Family Alliance Inc. – Evening Text Line' (line",
         "the hours 'Evenings, 6pm to midnight' of 'Cedar Grove Family Alliance "
         "Inc. – Evening Text Line' (kept 'Mon–Fri 9:00–17:00')")),
    "3.0 service_at_location page": Form(
        HSDS / "v3-json" / "service_at_locations.json", "US",
        {"Maple Street Legal Aid – Legal Advocacy": ("(614) 555-0160", "Mon–Thu 9:00–17:00")},
        ("555-0151", "Court Accompaniment", "555-0170", "240 Maple", "Linden", "45402"),
        ("skipped Maple Street Legal Aid – Court Accompaniment: service status is inactive",)),
    "3.0 tabular, partial datapackage": Form(
        HSDS / "v3-tabular-partial", "US",
        {"Harborview Women's Network – Harborview Helpline":
            ("1-800-555-0131", "Mon–Fri 8:00–20:00", "English · Español"),
         "Harborview Women's Network – Harborview Text Support":
            ("1-800-555-0131", "Text HARBOR to 1-888-555-0132"),
         "Lakeview Tenants Union – Tenant Rights Line": ("814-555-0135", "Polski")},
        ("555-0133", "555-0136", "555-0134", "Old Drop-in", "Pier Road", "Lakeview Terrace",
         "44114", "16501"),
        ("skipped Harborview Women's Network – Old Drop-in: service status is defunct",
         "note: datapackage.json lists tables that are not here: programs.csv, "
         "service_areas.csv, contacts.csv",
         "note: phones.csv: 1 number(s) with a contact_id are a person's own line, not the "
         "number of the service, location or organization the row also names; not printed: "
         "row 5 (216-555-0134, contact cf7d8a70-0000-4000-8000-000000000001)")),
    "1.1 tabular (UK)": Form(
        HSDS / "v1.1-tabular", "GB",
        {"Northgate Refuge Trust – Northgate Helpline":
            ("0808 157 0142", "TTY: 18001 0808 157 0142", "Mon–Fri 9:00–17:00; Sat 9:00–13:00",
             "English · Polski · Română"),
         "Northgate Refuge Trust – Northgate Text Support": ("Text calm to 60099",)},
        ("0113 496 0999", "0113 496 0998", "0113 496 012", "Drop-in", "Canal Wharf", "LS1"),
        ("note: read as HSDS 1.x tabular data (datapackage.json says version 1.1)",
         "skipped Northgate Refuge Trust – Northgate Drop-in: service status is inactive",
         "left out of 'Northgate Refuge Trust – Northgate Helpline': voice number "
         "'0113 496 012' is not a valid phone number or short code in GB")),
    "Ohana CSV with number_type": Form(
        HSDS / "ohana", "US",
        {"Lakeside Family Services – Crisis Hotline":
            ("800 555-0182", "TTY: 217 555-0183", "Text HELP to 217 555-0184",
             "Mon–Fri 9:00–16:00", "English · Español"),
         "Lakeside Family Services – Walk-in Advice": ("217 555-0180",)},
        ("555-0181", "555-0185", "555-0186", "Parenting", "Shore Road", "62701",
         "PO Box"),
        ("note: read as an Ohana-style export (HSDS 1.0 era)",
         "note: Lakeside Family Services – Walk-in Advice: voice number 217 555-0180 is its "
         "location's (the service has none of its own)",
         "skipped Lakeside Family Services – Parenting Classes: service status is defunct")),
}


def all_text(pdf: Path) -> str:
    return " ".join(" ".join(page_texts(pdf)).split())


def fixture_text(path: Path) -> str:
    files = [path] if path.is_file() else sorted(path.iterdir())
    return "".join(file.read_text(encoding="utf-8") for file in files)


@pytest.mark.parametrize("form", FORMS.values(), ids=FORMS.keys())
def test_each_form_prints_its_phones_hours_and_languages(form: Form, kit: Path, tmp_path: Path,
                                                         run) -> None:  # noqa: ANN001
    source = fixture_text(form.path)
    assert all(word in source for word in form.never)  # the test can fail
    if form.country != "US":
        edit(kit / "site.yaml", "country: US", f"country: {form.country}")
    result = run("import", "hsds", form.path, "--into", kit, "--force", "--verified", VERIFIED)
    # a number refused for its data is an error: the rest is written, and the import exits 1
    refuses = any(line.startswith(("left out of", "refused")) for line in form.report)
    assert result.code == (1 if refuses else 0), result.err
    for line in form.report:
        assert line in result.err, line
    out = tmp_path / "out"
    built = run("build", kit, "--out", out, "--format", "brochure", "--no-previews")
    assert built.code == 0, built.err
    for said in form.built:
        assert said in built.err, (said, built.err)
    text = all_text(out / "en" / "brochure.pdf")
    for name, details in form.lines.items():
        printed = name.replace("'", "’")  # as a typesetter writes it (generator/i18n/quotes.py)
        assert printed in text, name
        for detail in details:
            assert detail in text, (name, detail)
    for absent in form.never:
        assert absent not in text, absent


def test_the_replaced_file_is_kept_and_its_emergency_line_too(kit: Path, run) -> None:  # noqa: ANN001
    hand_written = (kit / "resources.yaml").read_text(encoding="utf-8")
    refused = run("import", "hsds", HSDS / "ohana", "--into", kit)
    assert refused.code == 1
    assert "resources.yaml was not written by havenprint import: not replacing it (use --force" \
        in refused.err
    assert "skipped Lakeside Family Services – Parenting Classes" in refused.err  # reported
    result = run("import", "hsds", HSDS / "ohana", "--into", kit, "--force")
    assert result.code == 0, result.err
    assert (kit / "resources.yaml.bak").read_text(encoding="utf-8") == hand_written
    assert "kept the emergency line 'Emergency' (911)" in result.err
    written = (kit / "resources.yaml").read_text(encoding="utf-8")
    assert written.rstrip().endswith("- name: Emergency\n    phone: '911'\n    verified: "
                                     "2026-11-01")
    # An imported file that someone then edits by hand is not replaced without --force.
    edit(kit / "resources.yaml", "    qr: tel\n", "    qr: tel\n    verified: 2026-11-20\n")
    again = run("import", "hsds", HSDS / "ohana", "--into", kit)
    assert again.code == 1
    assert "resources.yaml was edited by hand after it was imported" in again.err


def test_import_reports_the_reasons_even_when_nothing_is_kept(kit: Path, run) -> None:  # noqa: ANN001
    result = run("import", "hsds", HSDS / "v3-json" / "service_at_locations.json", "--into", kit,
                 "--force", "--region", "MI")
    assert result.code == 1
    assert "0 line(s) kept, 2 skipped" in result.err
    assert "skipped Maple Street Legal Aid – Legal Advocacy: outside the area (country US, " \
           "region MI)" in result.err
    assert "nothing to write: no line was imported" in result.err


def test_us_style_verified_dates_name_the_expected_format(kit: Path, run) -> None:  # noqa: ANN001
    result = run("import", "hsds", HSDS / "ohana", "--into", kit, "--force",
                 "--verified", "10/01/2026")
    assert result.code == 2
    assert "--verified: '10/01/2026' is not a date written YYYY-MM-DD (year-month-day), " \
           "e.g. 2026-11-20" in result.err
    edit(kit / "site.yaml", "brand_color:",
         f"resources: {{path: {HSDS / 'ohana'}, verified: 10/01/2026}}\nbrand_color:")
    check = run("check", kit, "--format", "pocket-card")
    assert check.code == 1
    assert "'10/01/2026' is not a date written YYYY-MM-DD (year-month-day)" in check.err


def test_site_yaml_source_prints_the_report_and_uses_the_site_date(kit: Path,
                                                                   run) -> None:  # noqa: ANN001
    shutil.copytree(HSDS / "v3-tabular-partial", kit / "directory")  # read inside the folder
    edit(kit / "site.yaml", "brand_color:",
         f"resources: {{path: directory, verified: {VERIFIED}}}\nbrand_color:")
    for command in ("check", "build"):
        extra = ("--out", str(kit.parent / "out"), "--no-previews") if command == "build" else ()
        result = run(command, kit, "--format", "pocket-card", *extra)
        assert result.code == 0, result.err
        assert "note: 3 line(s) kept, 1 skipped (resources: in site.yaml)" in result.err
        assert "note: skipped \"Harborview Women's Network – Old Drop-in\": service status is " \
               "defunct" in result.err
        # the site's date stands in for the records that have none: nothing is unchecked
        assert "no `verified` date" not in result.err


def test_own_organisation_first_and_a_voice_line_takes_the_qr(kit: Path, tmp_path: Path,
                                                              run) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "organization: Lives Healing", "organization: Lakeview Tenants Union")
    result = run("import", "hsds", HSDS / "v3-tabular-partial", "--into", kit, "--force",
                 "--verified", VERIFIED)
    assert result.code == 0, result.err
    written = (kit / "resources.yaml").read_text(encoding="utf-8")
    names = [line.split(": ", 1)[1] for line in written.splitlines()
             if line.startswith("  - name: ")]
    assert names[0] == "Lakeview Tenants Union – Tenant Rights Line"
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, "--format", "brochure", "--no-previews").code == 0
    assert decode_qr_codes(out / "en" / "brochure.pdf", 0) == ["tel:+18145550135"]


def test_an_iso_card_whose_first_line_texts_builds(kit: Path, tmp_path: Path,
                                                  run) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "country: US", "country: GB")
    edit(kit / "site.yaml", "card_size: us", "card_size: iso")
    result = run("import", "hsds", HSDS / "v1.1-tabular", "--into", kit, "--force",
                 "--verified", VERIFIED, "--first", "Northgate Text Support")
    assert result.code == 1, result.err  # the fixture's 0113 496 012 is refused
    assert "refused" in result.err.splitlines()[0]
    out = tmp_path / "out"
    built = run("build", kit, "--out", out, "--format", "pocket-card", "--target", "shop",
                "--no-previews")
    assert built.code == 0, built.err
    assert decode_qr_codes(out / "en" / "pocket-card-shop.pdf", 1) == ["SMSTO:60099:calm"]


@pytest.mark.parametrize("shape", ["one organization", "organizations", "api page"])
def test_organization_shapes_are_read_as_organizations(shape: str, tmp_path: Path) -> None:
    from generator.importers import import_hsds

    organization = json.loads((HSDS / "v3-json" / "organization.json").read_text())
    other = {"id": "x", "name": "Quiet Org", "website": "https://quiet.example.org"}
    data = {"one organization": organization, "organizations": [organization, other],
            "api page": {"total_items": 2, "contents": [organization, other]}}[shape]
    path = tmp_path / "data.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = import_hsds(path, country="US")
    assert [entry["name"] for entry in result.entries] == [
        "Cedar Grove Family Alliance Inc. – Family Support Line",
        "Cedar Grove Family Alliance Inc. – Evening Text Line"]
    assert [entry["phone"] for entry in result.entries] == ["614-555-0123", "614-555-0123"]


# --- without printing: filters, versions, columns ---------------------------------------------


def imported(path: Path, country: str = "US", **options):  # noqa: ANN003, ANN201
    from datetime import date

    from generator.importers import import_hsds
    return import_hsds(path, country=country, today=date(2026, 11, 20), **options)


def test_region_and_postal_filters_go_through_locations_in_every_version() -> None:
    from generator.importers import AreaFilter

    ohana = imported(HSDS / "ohana", area=AreaFilter(country="US", region="il"))
    assert len(ohana.entries) == 2
    elsewhere = imported(HSDS / "ohana", area=AreaFilter(country="US", region="OH"))
    assert elsewhere.entries == []
    assert ("Lakeside Family Services – Crisis Hotline", "outside the area (country US, "
            "region OH)") in elsewhere.skipped
    uk = imported(HSDS / "v1.1-tabular", "GB", area=AreaFilter(country="GB", postal_prefix="LS1"))
    assert [entry["name"] for entry in uk.entries] == [
        "Northgate Refuge Trust – Northgate Helpline"]
    # The text line has no location and no service area: nothing says it serves LS1.
    assert ("Northgate Refuge Trust – Northgate Text Support",
            "the data gives no location or service area, so nothing says it serves the area "
            "(country GB, postal code LS1…)") in uk.skipped
    partial = imported(HSDS / "v3-tabular-partial", area=AreaFilter(country="US",
                                                                     postal_prefix="165"))
    assert [entry["name"] for entry in partial.entries] == [
        "Lakeview Tenants Union – Tenant Rights Line"]


def test_hsds_2_names_are_read_too(tmp_path: Path) -> None:
    """The 3.0 fixture with the 2.x names: physical_address, languages' `language` column."""
    folder = tmp_path / "v2"
    folder.mkdir()
    for source in (HSDS / "v3-tabular-partial").glob("*.csv"):
        text = source.read_text(encoding="utf-8")
        name = {"addresses.csv": "physical_address.csv", "schedules.csv": "schedule.csv",
                "languages.csv": "language.csv"}.get(source.name, source.name)
        if name == "language.csv":
            text = text.replace("phone_id,name,code,note", "phone_id,language,code,note")
            text = text.replace(",en,", ",,").replace(",es,", ",,").replace(",pl,", ",,")
        (folder / name).write_text(text, encoding="utf-8")
    result = imported(folder)
    # its columns are 3.0's (organizations' website, locations' location_type...)
    assert result.notes[0] == "read as HSDS 3.x tabular data"
    assert [entry.get("languages") for entry in result.entries] == [["en", "es"], None, ["pl"]]
    assert result.entries[0]["hours"] == "Mon–Fri 8:00–20:00"


def test_columns_and_tables_not_read_are_named(tmp_path: Path) -> None:

    folder = tmp_path / "ohana"
    shutil.copytree(HSDS / "ohana", folder)
    services = folder / "services.csv"
    lines = services.read_text(encoding="utf-8").splitlines()
    services.write_text("\n".join([lines[0] + ",crisis_line"] + [line + ",1-800-555-0199"
                                                                   for line in lines[1:]]) + "\n",
                        encoding="utf-8")
    notes = imported(folder).notes
    assert "services.csv: column(s) not read: crisis_line" in notes
    assert "tables not read (nothing on a card comes from them): contacts.csv, " \
           "mail_addresses.csv" in notes


def test_a_package_without_services_names_the_version(tmp_path: Path) -> None:

    from generator.errors import ContentError

    folder = tmp_path / "v1"
    shutil.copytree(HSDS / "v1.1-tabular", folder)
    (folder / "services.csv").unlink()
    with pytest.raises(ContentError) as caught:
        imported(folder, "GB")
    [message] = [problem.message for problem in caught.value.problems]
    assert message.startswith("HSDS 1.x tabular data (datapackage.json says version 1.1): no "
                              "services table (services.csv); datapackage.json names ")
    assert "services.csv, postal_addresses.csv" in message


def test_a_records_own_assured_date_wins_over_the_sites() -> None:
    from datetime import date
    result = imported(HSDS / "v3-tabular-partial", verified=date(2026, 11, 20))
    assert [entry["verified"] for entry in result.entries] == [
        date(2026, 8, 3), date(2026, 11, 20), date(2026, 7, 1)]


def test_a_text_only_line_does_not_take_the_qr_from_a_voice_line() -> None:
    from generator.importers.report import Collector
    collector = Collector()
    text_only = {"name": "Text Line", "text": {"number": "88788"}, "qr": "sms"}
    voice = {"name": "Helpline", "phone": "1-800-555-0199", "qr": "tel"}
    collector.keep("Text Line", text_only, group="national")
    collector.keep("Helpline", voice, group="national")
    result = collector.result(None)
    assert result.entries == [voice, text_only]
    assert "Helpline comes first: its voice number is the card's QR code, not Text Line's text " \
           "line (name a line `first` to choose another)" in result.notes
    named = Collector()
    named.keep("Text Line", text_only, group="national")
    named.keep("Helpline", voice, group="national")
    assert named.result(None, first="text line").entries == [text_only, voice]


def test_a_spreadsheet_takes_the_sites_date_for_rows_without_one(tmp_path: Path) -> None:
    from datetime import date

    from generator.importers import import_spreadsheet
    sheet = tmp_path / "lines.csv"
    sheet.write_text("name,phone,tty,verified\n"
                     "Checked Line,1-800-555-0142,,2026-10-01\n"
                     "New Line,1-800-555-0143,1-800-555-01,\n", encoding="utf-8")
    result = import_spreadsheet(sheet, country="US", today=date(2026, 11, 20),
                                verified=date(2026, 11, 20))
    assert [entry["verified"] for entry in result.entries] == [date(2026, 10, 1),
                                                               date(2026, 11, 20)]
    assert "tty" not in result.entries[1]  # the bad TTY number is left out, the line kept
    assert result.dropped == [("New Line", "lines.csv:3: tty '1-800-555-01' is not a valid phone "
                                           "number or short code in US")]
