"""A record whose number cannot print correctly (issue 39): `614-27` and `555-12` as a US
phone, a row with a cell beyond its header, a date that is not one. The importers agree:
each is refused on its own, as an error naming the file, the line and the field; every other
row is imported (written by `import`, printed by `build` with `resources:`), and `import`,
`check` and `build` exit 1, so that a script running them notices. A record the limit would
leave out anyway is no refusal. Checked against the file written and the PDFs' text
(pdftotext)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from generator.content.yamlfile import load_yaml
from tests.conftest import edit

needs_pdftotext = pytest.mark.skipif(shutil.which("pdftotext") is None,
                                     reason="needs pdftotext from Debian's poppler-utils")

ROWS = ("name,phone,tty,verified\n"
        "Oak Line,614-555-0106,,2026-11-01\n"            # line 2
        "Fragment Line,614-27,,2026-11-01\n"             # line 3: refused, phone
        "Other Fragment,555-12,,2026-11-01\n"            # line 4: refused, phone
        "Stray Line,614-555-0111,,2026-11-01,stray\n"    # line 5: refused, a cell too many
        "Pine Line,614-555-0107,555-12,2026-11-01\n"     # line 6: its tty refused
        "Date Line,614-555-0108,,2026-13-45\n")          # line 7: refused, verified
REFUSED = {
    3: "refused 'Fragment Line': phone '614-27' is not a number to call in US",
    4: "refused 'Other Fragment': phone '555-12' is not a number to call in US",
    5: "refused 'lines.csv row 5 (Stray Line)': it has 5 cells where the header has 4 columns",
    6: "left out of 'Pine Line': tty '555-12' is not a number to call in US",
    7: "refused 'Date Line': verified: '2026-13-45' is not a date",
}


def pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout


def said(err: str, path: Path) -> dict[int, str]:
    """Each `path:line: message` of `err` about `path`, by line."""
    found = {}
    for row in err.splitlines():
        head, _, message = row.partition(": ")
        name, _, line = head.rpartition(":")
        if name.endswith(path.name) and line.isdigit():
            found[int(line)] = message
    return found


def test_import_refuses_each_bad_row_alone_and_exits_1(kit: Path, tmp_path: Path,
                                                       run) -> None:  # noqa: ANN001
    sheet = tmp_path / "lines.csv"
    sheet.write_text(ROWS, encoding="utf-8")
    result = run("import", "csv", sheet, "--into", kit, "--force")
    assert result.code == 1, result.err
    named = said(result.err, sheet)
    assert sorted(named) == sorted(REFUSED)
    for line, start in REFUSED.items():
        assert named[line].startswith(start), (line, named[line])
    # a CSV with one extra cell imports every other row
    lines = load_yaml(kit / "resources.yaml").data["resources"]
    assert [(line["name"], line.get("phone"), line.get("tty")) for line in lines] == [
        ("Oak Line", "614-555-0106", None), ("Pine Line", "614-555-0107", None),
        ("Emergency", "911", None)]  # the emergency line of the file replaced, carried over
    assert "havenprint: error: 4 record(s) and 1 number(s) of" in result.err
    assert "every other line was written to" in result.err


@needs_pdftotext
def test_check_and_build_reading_the_sheet_print_the_rest_and_exit_1(
        kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    (kit / "lines.csv").write_text(ROWS, encoding="utf-8")
    edit(kit / "site.yaml", "brand_color:", "resources: lines.csv\nbrand_color:")
    checked = run("check", kit, "--format", "brochure")
    assert checked.code == 1, checked.err
    named = said(checked.err, kit / "lines.csv")
    assert all(named[line].startswith(start) for line, start in REFUSED.items()), named
    assert checked.err.rstrip().endswith("every other line lays out cleanly")
    out = tmp_path / "out"
    built = run("build", kit, "--out", out, "--format", "brochure", "--no-previews")
    assert built.code == 1, built.err
    text = pdf_text(out / "en" / "brochure.pdf")
    assert "614-555-0106" in text and "614-555-0107" in text
    for fragment in ("614-27", "555-12", "Fragment", "Stray Line", "Date Line", "0111"):
        assert fragment not in text, fragment
    # the manifest says the kit is whole: nothing is "not built"
    assert json.loads((out / "manifest.json").read_text(encoding="utf-8"))["not_built"] == []


def test_a_fragment_in_resources_yaml_is_an_error_naming_its_line(kit: Path,
                                                                   run) -> None:  # noqa: ANN001
    edit(kit / "resources.yaml", "phone: 1-800-799-7233", "phone: 614-27")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1
    line = next(number for number, text in enumerate(
        (kit / "resources.yaml").read_text(encoding="utf-8").splitlines(), start=1)
        if "614-27" in text)
    assert any(row.startswith(f"{kit / 'resources.yaml'}:{line}: ") and "phone" in row
               and "614-27" in row for row in result.err.splitlines()), result.err


def test_a_record_the_limit_leaves_out_anyway_is_no_refusal(kit: Path, tmp_path: Path,
                                                             run) -> None:  # noqa: ANN001
    sheet = tmp_path / "lines.csv"
    sheet.write_text(ROWS, encoding="utf-8")
    result = run("import", "csv", sheet, "--into", kit, "--force", "--limit", "1")
    assert result.code == 0, result.err
    assert "refused" not in result.err.split("\nskipped", 1)[0]  # no error line
    assert ("skipped Fragment Line: over the limit of 1, and refused for its data: "
            "lines.csv:3: phone '614-27'") in result.err
    # the tty of a line over the limit is not said as refused either
    assert "left out of 'Pine Line'" not in result.err
    two = run("import", "csv", sheet, "--into", kit, "--force", "--limit", "2")
    assert two.code == 1  # the fragment is the second line: it would have printed
    assert said(two.err, sheet)[3].startswith(REFUSED[3])


@needs_pdftotext
def test_changes_names_a_printed_line_whose_record_is_now_refused(
        kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    sheet = kit / "lines.csv"
    sheet.write_text("name,phone,verified\nOak Line,614-555-0106,2026-11-01\n"
                     "Pine Line,614-555-0107,2026-11-01\n", encoding="utf-8")
    edit(kit / "site.yaml", "brand_color:", "resources: lines.csv\nbrand_color:")
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, "--format", "brochure", "--format", "pocket-card",
               "--no-previews").code == 0
    printing = {path.relative_to(out).as_posix() for path in out.rglob("*.pdf")
                if "614-555-0107" in pdf_text(path)}
    assert printing
    sheet.write_text(sheet.read_text(encoding="utf-8").replace("614-555-0107", "614-27"),
                     encoding="utf-8")
    result = run("changes", kit, "--since", out, "--json")
    assert result.code == 1, result.err
    report = json.loads(result.out)
    (change,) = report["lines"]
    assert change["name"] == "Pine Line" and change["change"] == "refused"
    assert change["details"][0].startswith(
        "refused by today's data: refused 'Pine Line': phone '614-27' is not a number to call")
    assert report["refused"][0].startswith("lines.csv:3: refused 'Pine Line': phone '614-27'")
    assert {file for piece in report["reprint"] for file in piece["files"]} == printing


def test_a_batch_builds_the_site_and_counts_its_refusals(kit: Path, tmp_path: Path,
                                                         run) -> None:  # noqa: ANN001
    sites = tmp_path / "sites"
    shutil.copytree(kit, sites / "oak")
    (sites / "oak" / "lines.csv").write_text(ROWS, encoding="utf-8")
    edit(sites / "oak" / "site.yaml", "brand_color:", "resources: lines.csv\nbrand_color:")
    result = run("batch", sites, "--out", tmp_path / "out", "--format", "pocket-card",
                 "--no-previews", "--jobs", "1")
    assert result.code == 1, result.out
    assert (tmp_path / "out" / "oak" / "en" / "pocket-card.pdf").is_file()
    assert "[oak] " in result.err and "refused 'Fragment Line': phone '614-27'" in result.err


def _hsds_tables(folder: Path) -> Path:
    folder.mkdir()
    (folder / "organizations.csv").write_text("id,name\no1,Oak Network\n", encoding="utf-8")
    (folder / "services.csv").write_text(
        "id,organization_id,name,status\ns1,o1,Walk-in,active\ns2,o1,Fragment Line,active\n"
        "s3,o1,Pine Line,active\n", encoding="utf-8")
    (folder / "phones.csv").write_text(
        "id,service_id,number,type\np1,s1,614-555-0106,voice\np2,s2,614-27,voice\n"
        "p3,s3,614-555-0107,voice\np4,s3,555-12,textphone\np5,s9,614-555-0109,voice\n",
        encoding="utf-8")
    return folder


def test_hsds_tables_name_the_row_of_each_record_refused(kit: Path, tmp_path: Path,
                                                         run) -> None:  # noqa: ANN001
    """An HSDS refusal named the data (a folder) and the service, not where it is: each names
    the services table and the record's row (issue 39), in `import` and in `check`."""
    folder = _hsds_tables(tmp_path / "export")
    result = run("import", "hsds", folder, "--into", kit, "--force")
    assert result.code == 1, result.err
    services = folder / "services.csv"
    assert (f"{services}:3: refused 'Oak Network – Fragment Line': voice number '614-27' is "
            "not a number to call in US") in result.err, result.err
    assert (f"{services}:4: left out of 'Oak Network – Pine Line': TTY number '555-12'"
            ) in result.err, result.err
    assert (f"{folder / 'phones.csv'}:6: refused 'phones.csv row 6 (614-555-0109)': "
            "service_id 's9' matches no service") in result.err, result.err
    shutil.copytree(folder, kit / "export")
    edit(kit / "site.yaml", "brand_color:",
         "resources: {path: export, verified: 2026-11-20}\nbrand_color:")
    checked = run("check", kit, "--format", "pocket-card")
    assert checked.code == 1
    assert (f"{kit / 'export' / 'services.csv'}:3: refused 'Oak Network – Fragment Line'"
            ) in checked.err, checked.err


@pytest.mark.parametrize(("data", "line", "path"), [
    ([{"id": "s1", "name": "Oak Line", "status": "active",
       "phones": [{"number": "614-555-0106", "type": "voice"}]},
      {"id": "s2", "name": "Fragment Line", "status": "active",
       "phones": [{"number": "614-27", "type": "voice"}]}], 14, "$[1]"),
    ({"organizations": [{"id": "o1", "name": "Oak Network", "website": "https://oak.example",
                         "services": [{"id": "s2", "name": "Fragment Line", "status": "active",
                                       "phones": [{"number": "614-27", "type": "voice"}]}]}]},
     9, "$.organizations[0].services[0]"),
])
def test_hsds_json_names_the_line_and_path_of_each_record_refused(
        kit: Path, tmp_path: Path, run, data: object, line: int,  # noqa: ANN001
        path: str) -> None:
    source = tmp_path / "services.json"
    source.write_text(json.dumps(data, indent=1), encoding="utf-8")
    assert '"id": "s2"' in source.read_text(encoding="utf-8").splitlines()[line - 1]
    result = run("import", "hsds", source, "--into", kit, "--force")
    assert result.code == 1, result.err
    assert (f"{source}:{line}: refused ") in result.err, result.err
    assert f"Fragment Line' (at {path}): voice number '614-27'" in result.err, result.err


def test_the_limit_counts_lines_as_they_print(kit: Path, tmp_path: Path,
                                              run) -> None:  # noqa: ANN001
    """`--limit 3` over a hotline and its counselling line with one number (printed as one
    line) gave a kit of 2 lines: the limit counts lines as they print (issue 39)."""
    sheet = tmp_path / "lines.csv"
    sheet.write_text("name,phone,verified\nHouse Hotline,410-889-7884,2026-11-01\n"
                     "House Counselling,(410) 889-7884,2026-11-01\n"
                     "Line C,1-800-555-0102,2026-11-01\nLine D,1-800-555-0103,2026-11-01\n"
                     "Line E,1-800-555-0104,2026-11-01\n", encoding="utf-8")
    result = run("import", "csv", sheet, "--into", kit, "--force", "--limit", "3")
    assert result.code == 0, result.err
    assert [line["name"] for line in load_yaml(kit / "resources.yaml").data["resources"]] == [
        "House Hotline", "House Counselling", "Line C", "Line D", "Emergency"]
    assert ("note: House Counselling dials the same number as House Hotline: they print as "
            "one line, counted once toward the limit of 3") in result.err
    assert "skipped Line E: over the limit of 3" in result.err
    checked = run("check", kit, "--format", "brochure", "--verbose")
    assert "printed once, as 'House Hotline / House Counselling'" in checked.err


def test_many_skipped_and_refused_rows_are_summarised(kit: Path, tmp_path: Path,
                                                      run) -> None:  # noqa: ANN001
    """A table of 99,998 rows skipped printed 99,998 lines: the first few of each kind and a
    count, `--verbose` every one (issue 39). (Counted here on 300 and 80 rows.)"""
    rows = ["name,phone,verified,status", "Oak Line,614-555-0106,2026-11-01,"]
    rows += [f"Closed {index},614-555-{index:04d},2026-11-01,inactive" for index in range(300)]
    rows += [f"Fragment {index},614-{index:02d},2026-11-01," for index in range(10, 90)]
    sheet = tmp_path / "lines.csv"
    sheet.write_text("\n".join(rows) + "\n", encoding="utf-8")
    result = run("import", "csv", sheet, "--into", kit, "--force")
    assert result.code == 1
    said = result.err.splitlines()
    assert len(said) < 20, result.err
    assert said[0] == "1 line(s) kept, 300 skipped, 80 refused"  # a refused row counted once
    assert [line for line in said if line.startswith("skipped ")] == [
        "skipped Closed 0: status is inactive", "skipped Closed 1: status is inactive",
        "skipped Closed 2: status is inactive"]
    assert "300 in all; 297 more like those above, by kind (`havenprint import --verbose` " \
        "prints every one):" in said, said
    assert "      300 skipped: status is inactive" in said, said
    assert sum(line.startswith(f"{sheet}:") for line in said) == 3  # the first refusals
    assert re.search(r"^ +80 \S+lines\.csv: refused '…': phone '…' is not a number", result.err,
                     re.MULTILINE), result.err
    every = run("import", "csv", sheet, "--into", kit, "--force", "--verbose")
    assert sum(line.startswith("skipped Closed ") for line in every.err.splitlines()) == 300
    assert sum(line.startswith(f"{sheet}:") for line in every.err.splitlines()) == 80


def test_an_import_checks_what_each_record_prints(kit: Path, tmp_path: Path,
                                                  run) -> None:  # noqa: ANN001
    """`import` wrote 1-800-799-7223 under the Hotline's name, and hours 'after hours call
    555-12', exit 0: check refused them only afterwards. The import checks what a record
    prints as check does (a number a digit off a national line's; a number in its name or
    its hours, a schedule's description), each refused on its row (issue 39)."""
    sheet = tmp_path / "lines.csv"
    sheet.write_text(
        "name,phone,hours,verified\n"
        "National Domestic Violence Hotline,1-800-799-7223,24/7,2026-11-01\n"  # line 2
        "Oak Line,614-555-0106,\"Mon-Fri; after hours call 555-12\",2026-11-01\n"  # 3
        "Pine Line,614-555-0107,,2026-11-01\n"  # 4
        "Line 614-27,614-555-0108,,2026-11-01\n", encoding="utf-8")  # 5
    result = run("import", "csv", sheet, "--into", kit, "--force")
    assert result.code == 1, result.err
    named = said(result.err, sheet)
    assert named[2].startswith(
        "refused 'National Domestic Violence Hotline': phone: 1-800-799-7223 differs from the "
        "National Domestic Violence Hotline's published 1-800-799-7233"), named
    assert named[3].startswith("left out of 'Oak Line': hours 'Mon-Fri; after hours call "
                               "555-12': the number 555-12 in it cannot be printed"), named
    assert named[5].startswith("refused 'Line 614-27': its name 'Line 614-27': the number "
                               "614-27 in it cannot be printed"), named
    lines = load_yaml(kit / "resources.yaml").data["resources"]
    assert [(line["name"], line.get("hours")) for line in lines[:2]] == [
        ("Oak Line", None), ("Pine Line", None)]
    assert run("check", kit, "--format", "pocket-card").code == 0


def test_a_schedules_description_is_checked_like_text(kit: Path, tmp_path: Path,
                                                      run) -> None:  # noqa: ANN001
    data = tmp_path / "services.json"
    data.write_text(json.dumps([
        {"id": "s1", "name": "Oak Line", "status": "active",
         "phones": [{"number": "614-555-0106", "type": "voice"}],
         "schedules": [{"id": "h1", "description": "Mon-Fri; after hours 1-800-799-7223"}]},
        {"id": "s2", "name": "Pine Line", "status": "active",
         "phones": [{"number": "614-555-0107", "type": "voice"}],
         "schedules": [{"id": "h2", "description": "Open 24 hours"}]}], indent=1),
        encoding="utf-8")
    result = run("import", "hsds", data, "--into", kit, "--force", "--verified", "2026-11-01")
    assert result.code == 1, result.err
    assert (f"{data}:3: left out of 'Oak Line' (at $[0]): hours 'Mon-Fri; after hours "
            "1-800-799-7223': the number 1-800-799-7223 in it cannot be printed: it differs "
            "from the National Domestic Violence Hotline's published 1-800-799-7233"
            ) in result.err, result.err
    lines = {line["name"]: line for line in load_yaml(kit / "resources.yaml").data["resources"]}
    assert "hours" not in lines["Oak Line"] and lines["Oak Line"]["phone"] == "614-555-0106"
    assert lines["Pine Line"]["hours"]


def test_a_site_yaml_problem_does_not_hide_a_records_slip(kit: Path, run) -> None:  # noqa: ANN001
    """With `resources:` data, a site.yaml that did not load (a setting misspelled) hid the
    record a digit off the Hotline's number until it was mended (issue 39)."""
    (kit / "lines.csv").write_text(
        "name,phone,verified\nNational Domestic Violence Hotline,1-800-799-7223,2026-11-01\n"
        "Oak Line,614-555-0106,2026-11-01\n", encoding="utf-8")
    edit(kit / "site.yaml", "brand_color:", "resources: lines.csv\npaper_size: letter\n"
                                            "brand_color:")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1
    assert "unknown field 'paper_size'" in result.err, result.err
    assert (f"{kit / 'lines.csv'}:2: refused 'National Domestic Violence Hotline': phone: "
            "1-800-799-7223 differs from the National Domestic Violence Hotline's published "
            "1-800-799-7233") in result.err, result.err
