"""Directory exports as publishers write them, read right (issue 39): a contact's own phone
is never a line's number, one bad CSV row is left out with its reason and the rest imported,
a stray quote is named where it opens, and tables the import does not read are not parsed.

Fixtures (invented organisations and numbers, real structure): hsds/contact-phones (an
Ohana-style export from iCarol tooling, whose contacts' phone rows carry their
organization's id too); the others are copies of hsds/v1.1-bad-rows and
spreadsheet/hotlines.csv broken in one place. Expected values are read off the fixtures.
"""

from __future__ import annotations

import csv
import json
import re
import shutil
from datetime import date
from pathlib import Path

import pytest

from generator.content.yamlfile import load_yaml
from generator.importers import ImportResult, import_hsds, import_spreadsheet
from tests.conftest import decode_qr_codes, edit

FIXTURES = Path(__file__).parent / "fixtures"
HSDS = FIXTURES / "hsds"
CONTACTS = HSDS / "contact-phones"
BAD_ROWS = HSDS / "v1.1-bad-rows"
TODAY = date(2026, 11, 20)


def imported(path: Path, country: str = "US", **options) -> ImportResult:  # noqa: ANN003
    return import_hsds(path, country=country, today=TODAY, **options)


def table(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as opened:
        return list(csv.DictReader(opened))


def written_lines(kit: Path) -> list[dict]:
    data = load_yaml(kit / "resources.yaml").data
    assert isinstance(data, dict)
    return data["resources"]


def digits(text: object) -> str:
    return "".join(char for char in str(text) if char.isdigit())


# --- a contact's own phone ---------------------------------------------------------------


def test_a_contacts_phone_is_never_a_lines_number(kit: Path, run) -> None:  # noqa: ANN001
    """Contact rows also carried organization_id and were taken as the organization's
    number: a fund's card printed its president's desk line."""
    phones = table(CONTACTS / "phones.csv")
    personal = {digits(row["number"]) for row in phones if row["contact_id"]}
    organization = {digits(row["number"]) for row in phones
                    if row["organization_id"] and not row["contact_id"]}
    assert personal and organization
    assert all(row["organization_id"] or row["location_id"] for row in phones
               if row["contact_id"])  # the shape that misled the import
    result = run("import", "hsds", CONTACTS, "--into", kit, "--force")
    assert result.code == 0, result.err
    lines = written_lines(kit)
    printed = {digits(line.get(key)) for line in lines for key in ("phone", "tty")}
    assert not printed & personal
    # the fund has no number but its president's: its line keeps only its web address
    fund = next(line for line in lines if line["name"].startswith("Linden Memorial Fund"))
    assert "phone" not in fund and fund["qr"] == "url"
    # a service without a number of its own takes its organization's, not a contact's
    # (whose row comes first in the file)
    drop_in = next(line for line in lines if line["name"].endswith("Drop-in Advice"))
    assert digits(drop_in["phone"]) in organization
    first = next(row for row in phones if row["contact_id"])
    assert (f"phones.csv: {len(personal)} number(s) with a contact_id are a person's own "
            "line") in result.err
    assert f"({first['number']}, contact {first['contact_id']})" in result.err


def test_a_json_phone_with_a_contact_id_is_not_printed(tmp_path: Path) -> None:
    path = tmp_path / "services.json"
    path.write_text("""[{"id": "s1", "name": "Oak Line", "status": "active",
        "phones": [{"number": "(614) 555-0120", "type": "voice", "contact_id": "c9"},
                   {"number": "(614) 555-0121", "type": "voice"}]}]""", encoding="utf-8")
    result = imported(path)
    assert [entry.get("phone") for entry in result.entries] == ["(614) 555-0121"]
    assert "Oak Line: (614) 555-0120 is the line of contact c9, a person's own; not " \
           "printed" in result.notes


# --- one bad row, not the whole import ------------------------------------------------------


def with_row_changed(folder: Path, target: Path, file: str, row_index: int,
                     change: str) -> Path:
    """A copy of `folder` whose `file` has `change` appended to data row `row_index`
    (0: the first row after the header)."""
    shutil.copytree(folder, target)
    path = target / file
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[row_index + 1] = lines[row_index + 1].rstrip("\r\n") + change + "\n"
    path.write_text("".join(lines), encoding="utf-8")
    return target


def test_one_extra_cell_skips_its_row_and_imports_the_rest(tmp_path: Path) -> None:
    """One extra cell in services.csv stopped the whole import (0 of 430 lines)."""
    whole = imported(BAD_ROWS)
    services = table(BAD_ROWS / "services.csv")
    broken = next(index for index, row in enumerate(services)
                  if row["name"] == "Birchwood Eviction Hotline")
    export = with_row_changed(BAD_ROWS, tmp_path / "export", "services.csv", broken, ",stray")
    result = imported(export)
    assert [entry["name"] for entry in result.entries] == [
        entry["name"] for entry in whole.entries if "Birchwood" not in entry["name"]]
    row = broken + 2
    width = len(services[0])
    reason = (f"it has {width + 1} cells where the header has {width} columns: value 'stray' "
              "is in a column with no header (a value holding a comma not put in quotes?); "
              "not read")
    assert (f"Birchwood Eviction Hotline (services.csv row {row})", reason) in result.rejected
    # its phone is named with the row it depends on, not as a reference to nothing
    phone = next(index for index, row in enumerate(table(BAD_ROWS / "phones.csv"))
                 if row["service_id"] == services[broken]["id"])
    assert any(note.startswith(f"phones.csv row {phone + 2} ") and "which is not read either"
               in note for note in result.notes)


def test_a_row_with_an_extra_cell_is_refused_on_its_file_and_line(tmp_path: Path, kit: Path,
                                                                 run) -> None:  # noqa: ANN001
    """The refusal named the folder ("export: refused 'Birchwood Eviction Hotline
    (services.csv row 5)'") where it names the file and line of every other refusal; and
    the count said each refused record was skipped too (issue 39 verifier)."""
    whole = imported(BAD_ROWS)
    services = table(BAD_ROWS / "services.csv")
    broken = next(index for index, row in enumerate(services)
                  if row["name"] == "Birchwood Eviction Hotline")
    export = with_row_changed(BAD_ROWS, tmp_path / "export", "services.csv", broken, ",stray")
    result = run("import", "hsds", export, "--into", kit, "--force")
    assert result.code == 1, result.err
    line = broken + 2  # the header is line 1
    assert (f"{export / 'services.csv'}:{line}: refused 'Birchwood Eviction Hotline "
            f"(services.csv row {line})': it has") in result.err, result.err
    assert not re.search(rf"^{re.escape(str(export))}: refused", result.err, re.MULTILINE)
    again = imported(export)
    counted = re.search(r"^([\d,]+) line\(s\) kept, ([\d,]+) skipped, ([\d,]+) refused$",
                        result.err, re.MULTILINE)
    assert counted is not None, result.err
    refused = len(again.rejected)
    assert [int(group) for group in counted.groups()] == [
        len(again.entries), len(again.skipped) - refused, refused], result.err
    assert len(whole.skipped) == len(again.skipped) - 1  # the one row more, refused


def test_import_csv_counts_a_refused_row_once(tmp_path: Path, kit: Path,
                                              run) -> None:  # noqa: ANN001
    """Six rows, five refused, were "1 line(s) kept, 5 skipped, 5 refused"."""
    path = tmp_path / "lines.csv"
    path.write_text("name,phone,verified\nOak Line,1-800-555-0120,2026-11-01\n" + "".join(
        f"Line {index},555-1{index},2026-11-01\n" for index in range(5)), encoding="utf-8")
    result = run("import", "csv", path, "--into", kit, "--force")
    assert result.code == 1, result.err
    assert "1 line(s) kept, 0 skipped, 5 refused" in result.err, result.err


def test_a_table_the_import_does_not_read_is_not_parsed(tmp_path: Path) -> None:
    """taxonomy.csv (not read: no table links its terms) stopped the import with an extra
    cell; a stray quote or a broken row there is nothing to the import."""
    whole = imported(BAD_ROWS)
    export = with_row_changed(BAD_ROWS, tmp_path / "export", "taxonomy.csv", 2,
                              ',stray,"unclosed')
    result = imported(export)
    assert result.entries == whole.entries
    assert "taxonomy.csv" in next(note for note in result.notes
                                  if note.startswith("tables not read"))


def test_a_spreadsheet_row_with_an_extra_cell_is_left_out_alone(tmp_path: Path,
                                                                 kit: Path,
                                                                 run) -> None:  # noqa: ANN001
    rows = [("Oak Line", "1-800-555-0120"), ("Elm Line", "1-800-555-0121"),
            ("Ash Line", "1-800-555-0122")]
    path = tmp_path / "hotlines.csv"
    path.write_text("name,phone,verified\n" + "".join(
        f"{name},{phone},2026-11-01" + (",stray" if name == "Elm Line" else "") + "\n"
        for name, phone in rows), encoding="utf-8")
    result = run("import", "csv", path, "--into", kit, "--force")
    # every other row imported; the row refused is an error naming the file and its line,
    # and the import exits 1 so that a script notices (issue 39)
    assert result.code == 1, result.err
    assert [(line["name"], line["phone"]) for line in written_lines(kit)
            if line["name"] != "Emergency"] == [rows[0], rows[2]]  # 911: carried over
    assert (f"{path}:3: refused 'hotlines.csv row 3 (Elm Line)': it has 4 cells where the "
            "header has 3 columns: value 'stray' is in a column with no header") in result.err


# --- a stray quote ------------------------------------------------------------------------------


def with_stray_quote(tmp_path: Path, name: str, column: str) -> tuple[Path, int]:
    """A copy of hsds/v1.1-bad-rows whose services row `name` has a quote opening its
    `column` cell, and the row's line."""
    export = tmp_path / "export"
    shutil.copytree(BAD_ROWS, export)
    path = export / "services.csv"
    rows = table(BAD_ROWS / "services.csv")
    index = next(index for index, row in enumerate(rows) if row["name"] == name)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    written = f",{rows[index][column]}," if column != list(rows[0])[-1] else \
        f",{rows[index][column]}\n"
    assert lines[index + 1].count(written) == 1
    lines[index + 1] = lines[index + 1].replace(written, written[0] + '"' + written[1:])
    path.write_text("".join(lines), encoding="utf-8")
    return export, index + 2


def test_a_stray_quote_in_a_row_is_named(tmp_path: Path) -> None:
    """A quote left open ran on to the next quote in the row: a line got a name of CSV
    fragments ("Pinecrest Legal Advocacy,,Help with protective orders.,,,active,...")."""
    export, line = with_stray_quote(tmp_path, "Pinecrest Legal Advocacy", "name")
    result = imported(export)
    assert not any("," in entry["name"] or len(entry["name"]) > 80 for entry in result.entries)
    reason = dict(result.rejected)[f"services.csv row {line}"]
    assert reason.startswith(f"name: a quote opens a field on line {line} that runs on "
                             "through ")
    assert reason.endswith("a stray quote? The row is not read; fix the quote")
    # what hangs off the row is named with it, not as a reference to nothing
    assert any(note.startswith("phones.csv row ") and f"services.csv row {line}, which is "
               "not read either" in note for note in result.notes)


def test_a_stray_quote_that_swallows_rows_is_named_with_each_row(tmp_path: Path) -> None:
    """A quote left open at the end of a row swallowed the rows after it: a service
    vanished without a word."""
    export, line = with_stray_quote(tmp_path, "Pinecrest Legal Advocacy", "audience")
    result = imported(export)
    kept = [entry["name"] for entry in result.entries]
    assert not any("Birchwood" in name or "\n" in name for name in kept)
    reasons = dict(result.rejected)
    opened = reasons[f"Pinecrest Legal Advocacy (services.csv row {line})"]
    assert opened.startswith(f"audience: a quote opens a field on line {line} that runs on "
                             "to line ")
    assert "a stray quote? Lines " in opened
    swallowed = {label: reason for label, reason in reasons.items()
                 if "services.csv line " in label}
    assert f"Birchwood Eviction Hotline (services.csv line {line + 2})" in swallowed
    assert all(reason.startswith(f"taken into the field 'audience' that a quote opens on "
                                 f"line {line}") for reason in swallowed.values())


def test_text_over_several_lines_in_quotes_is_read(tmp_path: Path) -> None:
    """A description written over lines (legitimate CSV) is no stray quote."""
    export = tmp_path / "export"
    shutil.copytree(BAD_ROWS, export)
    path = export / "services.csv"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"Crisis support, safety planning and referrals by phone."',
                                 '"Crisis support,\nsafety planning,\nand referrals by phone."'),
                    encoding="utf-8")
    assert imported(export).entries == imported(BAD_ROWS).entries


def test_a_quote_never_closed_in_a_long_file_is_named(tmp_path: Path) -> None:
    path = tmp_path / "hotlines.csv"
    path.write_text("name,phone\n" + 'Oak Line,"614-555-0120\n' + "x" * 140_000 + "\n",
                    encoding="utf-8")
    from generator.errors import ContentError

    with pytest.raises(ContentError) as caught:
        import_spreadsheet(path, country="US")
    assert str(caught.value.problems[0]).startswith(
        f"{path}:2: a quote opens a field on line 2 that runs on past 131,072 characters")


# --- languages, dates, hours ------------------------------------------------------------------


def test_languages_written_as_a_list_of_names_are_read(tmp_path: Path) -> None:
    """`languages: ["English", "Spanish"]` skipped the whole line ('should be a list of
    objects')."""
    path = tmp_path / "services.json"
    path.write_text("""[{"id": "s1", "name": "Oak Line", "status": "active",
        "languages": ["English", "Spanish", "es"],
        "phones": [{"number": "(614) 555-0121", "type": "voice",
                    "languages": ["Vietnamese"]}]}]""", encoding="utf-8")
    result = imported(path)
    assert result.skipped == []
    assert result.entries[0]["languages"] == ["en", "es", "vi"]


@pytest.mark.parametrize(("country", "phone", "read"), [
    ("US", "(614) 555-0121", "2026-10-01"), ("GB", "0808 157 0142", "2026-01-10")])
def test_a_date_written_as_the_country_writes_it_is_read_so(tmp_path: Path, kit: Path, run,  # noqa: ANN001
                                                            country: str, phone: str,
                                                            read: str) -> None:
    """10/01/2026 was a note in HSDS data and an error in a spreadsheet, while the docs
    promised an error: both now read it in the country's order, and say so."""
    path = tmp_path / "services.json"
    path.write_text(f"""[{{"id": "s1", "name": "Oak Line", "status": "active",
        "assured_date": "10/01/2026",
        "phones": [{{"number": "{phone}", "type": "voice"}}]}}]""", encoding="utf-8")
    first = "month" if country == "US" else "day"
    note = (f"dates written with the year last are read {first} first (the order of dates in "
            f"{'United States' if country == 'US' else 'United Kingdom'}): 10/01/2026 is "
            f"{read}; check a few against the source")
    result = import_hsds(path, country=country, today=TODAY)
    assert str(result.entries[0]["verified"]) == read
    assert note in result.notes
    sheet = tmp_path / "lines.csv"
    sheet.write_text(f"name,phone,verified\nOak Line,{phone},10/01/2026\n", encoding="utf-8")
    edit(kit / "site.yaml", "country: US", f"country: {country}")
    imported_sheet = run("import", "csv", sheet, "--into", kit, "--force")
    assert imported_sheet.code == 0, imported_sheet.err
    assert f"note: {note}" in imported_sheet.err
    assert [str(line.get("verified")) for line in written_lines(kit)
            if line["name"] == "Oak Line"] == [read]


def test_a_date_whose_order_the_country_does_not_tell_is_not_read(tmp_path: Path) -> None:
    """Canada writes dates year first: 10/01/2026 could be either, so it is not read."""
    path = tmp_path / "services.json"
    path.write_text("""[{"id": "s1", "name": "Oak Line", "status": "active",
        "assured_date": "10/01/2026",
        "phones": [{"number": "(416) 555-0121", "type": "voice"}]}]""", encoding="utf-8")
    result = import_hsds(path, country="CA", today=TODAY)
    assert "verified" not in result.entries[0]
    assert any(note.startswith("Oak Line: assured_date '10/01/2026' is not a date (YYYY-MM-DD")
               for note in result.notes)
    sheet = tmp_path / "lines.csv"
    sheet.write_text("name,phone,verified\nOak Line,(416) 555-0121,10/01/2026\n",
                     encoding="utf-8")
    refused = import_spreadsheet(sheet, country="CA")  # the row, not the whole import
    assert refused.entries == []
    assert [str(problem) for problem in refused.refusals(sheet)] == [
        f"{sheet}:2: refused 'Oak Line': verified: '10/01/2026' is not a date written "
        "YYYY-MM-DD (the order of day and month is not told by this country's dates)"]


def test_a_canadian_date_gets_one_verdict(tmp_path: Path) -> None:
    """A CA sheet with 2026/10/01 (year first: read) and 10/01/2026 (either) refused the
    second row as not telling its order, and noted that dates were read 'day first (the
    order of dates in Canada): 10/01/2026 is 2026-01-10' (issue 39): one verdict, no note."""
    sheet = tmp_path / "lines.csv"
    sheet.write_text("name,phone,verified\nOak Line,(416) 555-0121,2026/10/01\n"
                     "Elm Line,(416) 555-0122,10/01/2026\n", encoding="utf-8")
    result = import_spreadsheet(sheet, country="CA", today=TODAY)
    assert [(entry["name"], str(entry["verified"])) for entry in result.entries] == [
        ("Oak Line", "2026-10-01")]
    assert [label for label, _ in result.rejected] == ["Elm Line"]
    assert not any("10/01/2026 is" in note or "Canada" in note for note in result.notes), \
        result.notes


def test_schedules_of_locations_no_service_is_at_are_named(tmp_path: Path) -> None:
    """An HSDS 1.x export linked its 2,492 schedules by location only and no service to a
    location: 0 hours and not a word."""
    export = tmp_path / "export"
    export.mkdir()
    (export / "organizations.csv").write_text(
        "id,name,url\n1,Oak Family Center,https://oak.example.org\n", encoding="utf-8")
    (export / "services.csv").write_text(
        "id,organization_id,name,status\n10,1,Oak Helpline,active\n", encoding="utf-8")
    (export / "locations.csv").write_text(
        "id,organization_id,name\n30,1,Oak Center\n31,1,Oak Annex\n", encoding="utf-8")
    (export / "phones.csv").write_text(
        "id,service_id,location_id,number,type\n50,10,,(614) 555-0121,voice\n",
        encoding="utf-8")
    days = ("Monday", "Tuesday", "Wednesday")
    (export / "regular_schedules.csv").write_text(
        "id,service_id,location_id,weekday,opens_at,closes_at\n" + "".join(
            f"{60 + index},,{30 + index % 2},{day},9:00 AM,5:00 PM\n"
            for index, day in enumerate(days)), encoding="utf-8")
    result = imported(export)
    assert "hours" not in result.entries[0]
    assert ("regular_schedules.csv: 3 schedule row(s) name only a location no service is at "
            "(2 location(s): Oak Center, Oak Annex): their hours are not printed") in \
        " ".join(result.notes)
    # linked, they are printed
    (export / "services_at_location.csv").write_text(
        "id,service_id,location_id\n20,10,30\n", encoding="utf-8")
    linked = imported(export)
    assert linked.entries[0]["hours"] == "Mon, Wed 9:00–17:00"
    assert "1 schedule row(s) name only a location no service is at (1 location(s): Oak " \
           "Annex)" in " ".join(linked.notes)


# --- names and the first line ---------------------------------------------------------------

NAMES = HSDS / "service-names" / "organizations.json"


def test_a_taxonomy_code_as_a_name_is_printed_by_its_readable_name(kit: Path,
                                                                   run) -> None:  # noqa: ANN001
    """'211 Brevard Inc – RP-1500.1400-800' printed while alternate_name held 'Suicide
    Prevention Hotlines'."""
    organizations = json.loads(NAMES.read_text(encoding="utf-8"))
    services = {service["name"]: service for organization in organizations
                for service in organization["services"]}
    result = run("import", "hsds", NAMES, "--into", kit, "--force")
    assert result.code == 1, result.err  # the code with nothing readable for it is refused
    names = [line["name"] for line in written_lines(kit)]
    assert "211 Brevard Inc – " + services["RP-1500.1400-800"]["alternate_name"] in names
    term = services["BH-1800.1500-100"]["attributes"][0]["taxonomy_term"]
    assert "211 Brevard Inc – " + term["name"] in names
    assert not any(re.search(r"[A-Z]{2}-\d{4}", name) for name in names)
    assert ("note: 211 Brevard Inc – Suicide Prevention Hotlines: the service's name in the "
            "data is the taxonomy code 'RP-1500.1400-800'; printed as 'Suicide Prevention "
            "Hotlines' (its alternate_name)") in result.err
    # a code with nothing readable for it: the line is refused, with why
    assert re.search(r"organizations\.json:\d+: refused '211 Brevard Inc – LH-2700\.6500' "
                     r"\(at \$\[\d+\]\.services\[\d+\]\): its name", result.err), result.err
    assert ("its name "
            "'LH-2700.6500' is a taxonomy code, not a name a card can print") in result.err
    assert not any(digits(line.get("phone")).endswith(
        digits(services["LH-2700.6500"]["phones"][0]["number"])) for line in written_lines(kit))


@pytest.mark.parametrize(("name", "code"), [
    ("rp-1500.1400-800", "rp-1500.1400-800"),
    ("211 Brevard Inc – RP-1500.1400-800", "RP-1500.1400-800"),
    ("Crisis line (rp-1500.1400-800.17)", "rp-1500.1400-800.17"),
])
def test_a_taxonomy_code_in_any_case_or_within_a_name_is_one(kit: Path, tmp_path: Path,
                                                             run, name: str,  # noqa: ANN001
                                                             code: str) -> None:
    """A code written in lower case, or within a longer name, was refused as "the number
    1500.1400-800 cannot be printed" (issue 39 verifier): it is a taxonomy code, printed by
    its alternate_name; with no readable name, refused as a taxonomy code."""
    data = tmp_path / "coded.json"
    services = [{"id": "s1", "name": name, "alternate_name": "Suicide Prevention Hotlines",
                 "status": "active", "phones": [{"number": "(321) 555-0104", "type": "voice"}]},
                {"id": "s2", "name": f"Helpline {code}", "status": "active",
                 "phones": [{"number": "(321) 555-0105", "type": "voice"}]}]
    data.write_text(json.dumps([{"id": "o1", "name": "211 Brevard Inc", "services": services}]),
                    encoding="utf-8")
    result = run("import", "hsds", data, "--into", kit, "--force")
    assert result.code == 1, result.err  # the second, with nothing readable, is refused
    assert "cannot be printed" not in result.err, result.err
    assert [line["name"] for line in written_lines(kit)][:1] == [
        "211 Brevard Inc – Suicide Prevention Hotlines"], result.err
    assert "printed as 'Suicide Prevention Hotlines' (its alternate_name)" in result.err
    assert f"{code!r}" in result.err
    assert re.search(rf"coded\.json:\d+: refused '211 Brevard Inc – Helpline {re.escape(code)}'"
                     rf".*: its name 'Helpline {re.escape(code)}' holds the taxonomy code "
                     rf"'{re.escape(code)}', not a name a card can print", result.err), result.err
    assert not any("555-0105" in str(line.get("phone")) for line in written_lines(kit))


def test_the_data_first_service_is_not_taken_for_the_shelter_line(kit: Path, tmp_path: Path,
                                                                  run) -> None:  # noqa: ANN001
    """A foreclosure hotline (the data's first service) printed as the card's first line
    and QR code, before the organisation's domestic violence hotline: the import says so,
    and `first:` puts the line first."""
    organization = json.loads(NAMES.read_text(encoding="utf-8"))[0]
    first, *_, violence = organization["services"]
    result = run("import", "hsds", NAMES, "--into", kit, "--force")
    assert result.code == 1, result.err  # another organization's taxonomy code is refused
    assert written_lines(kit)[0]["name"].endswith(first["name"])
    term = violence["attributes"][0]["taxonomy_term"]["name"]
    assert (f"{organization['name']} – {violence['name']} says it is a domestic violence line "
            f"(its taxonomy term {term!r}): to put it first, add `first: {violence['name']}` "
            "under `resources:` in site.yaml") in result.err
    again = run("import", "hsds", NAMES, "--into", kit, "--force", "--first", violence["name"],
                "--verified", "2026-11-20")
    assert again.code == 1, again.err  # the same refusal
    assert "to put it first" not in again.err
    assert written_lines(kit)[0]["name"].endswith(violence["name"])
    out = tmp_path / "out"
    built = run("build", kit, "--out", out, "--format", "pocket-card", "--target", "shop",
                "--no-previews")
    assert built.code == 0, built.err
    number = digits(violence["phones"][0]["number"])
    assert decode_qr_codes(out / "en" / "pocket-card-shop.pdf", 1) == [f"tel:+1{number}"]


def test_no_suggestion_when_the_first_line_is_the_shelter_line(tmp_path: Path) -> None:
    organizations = json.loads(NAMES.read_text(encoding="utf-8"))
    services = organizations[0]["services"]
    organizations[0]["services"] = [services[-1], *services[:-1]]
    path = tmp_path / "organizations.json"
    path.write_text(json.dumps(organizations), encoding="utf-8")
    assert not any("to put it first" in note for note in imported(path).notes)


# --- a city's list of places with nested services -------------------------------------------

LINKSF = FIXTURES / "directory" / "linksf.json"


def test_a_list_of_places_with_nested_services_is_refused(kit: Path, tmp_path: Path,
                                                          run) -> None:  # noqa: ANN001
    """San Francisco's linksf.json: each place's `services` list and GeoPoint `location`
    counted as HSDS structure; 92 lines imported with 0 numbers, exit 0, and the card
    printed only a web address."""
    places = json.loads(LINKSF.read_text(encoding="utf-8"))
    with_numbers = [place for place in places if place["phone"]]
    assert all(isinstance(place["services"], list) and place["location"]["__type"] == "GeoPoint"
               for place in places)
    before = (kit / "resources.yaml").read_text(encoding="utf-8")
    result = run("import", "hsds", LINKSF, "--into", kit, "--force")
    assert result.code == 1
    assert (f"{LINKSF.name}: not HSDS data: {len(with_numbers)} of its {len(places)} records "
            "hold numbers") in result.err
    text = LINKSF.read_text(encoding="utf-8").splitlines()
    line = next(number for number, written in enumerate(text, start=1)
                if json.dumps(with_numbers[0]["phone"]) in written)
    assert (f"{LINKSF.name}:{line}: record 1 ({with_numbers[0]['name']}): 'phone' holds "
            f"{with_numbers[0]['phone']!r}") in result.err
    assert (kit / "resources.yaml").read_text(encoding="utf-8") == before
    source = kit / LINKSF.name
    shutil.copy(LINKSF, source)
    edit(kit / "site.yaml", "brand_color:",
         f"resources: {{path: {source.name}, verified: 2026-11-20}}\nbrand_color:")
    for command in (("check", kit), ("build", kit, "--out", tmp_path / "out")):
        refused = run(*command)
        assert refused.code == 1
        assert "not HSDS data" in refused.err
    assert not (tmp_path / "out").exists()


def test_an_hsds_service_whose_only_number_is_unread_is_not_kept(tmp_path: Path) -> None:
    """In HSDS data, a service with no number of its own whose organization keeps its
    number in a text field: the line would print with a web address and no number."""
    path = tmp_path / "organizations.json"
    path.write_text(json.dumps([{
        "id": "o1", "name": "Casa Linda", "website": "https://casalinda.example.org",
        "phone": "Crisis line: 877-555-0150",
        "services": [
            {"id": "s1", "name": "Shelter", "status": "active"},
            {"id": "s2", "name": "Helpline", "status": "active",
             "phones": [{"id": "p2", "number": "877-555-0152", "type": "voice"}]}]}]),
        encoding="utf-8")
    result = imported(path)
    assert [entry["name"] for entry in result.entries] == ["Casa Linda – Helpline"]
    assert dict(result.rejected)["Casa Linda – Shelter"].startswith(
        "it has no number of its own, and its organization's 'phone' holds 'Crisis line: "
        "877-555-0150'")
    # the line kept is warned of the number it does not print
    assert ("Casa Linda – Helpline", "its organization's 'phone' holds 'Crisis line: "
            "877-555-0150', a number HSDS keeps in 'phones'; not read") in result.dropped
