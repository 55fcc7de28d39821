"""Broken values that used to end in a traceback: each is an error naming the file, the line
and the setting, with exit 1 (2 for a command line's path), run through the real command line
in this process (`run` fails a test on any traceback)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from generator.errors import ContentError
from generator.importers.report import ImportResult
from generator.importers.writer import write_resources_yaml
from tests.conftest import REPO, edit, page_texts

HSDS = REPO / "tests" / "fixtures" / "hsds" / "services.json"
SPREADSHEET = REPO / "tests" / "fixtures" / "spreadsheet" / "hotlines.csv"
LONG = "a" * 300
LONG_CODE = "en" + "-abcdefgh" * 40  # articles/<slug>.<code>.md is no file name
LONG_NAME = ("'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'... is a name of 300 bytes, over the 255 a file or "
             "folder name may have: is this the right name?")
SOURCE_FIELDS = "path, format, region, postal_prefix, tags, limit, verified, first"
HALF_A_CHARACTER = ("the value holds U+D800, half of a character (an escape such as \\ud800 "
                    "without its other half: text cut in the middle of a character, or "
                    "converted wrongly): write the character itself")
NOT_A_WEB_ADDRESS = ("'https://[www.thehotline.org' is not a web address (invalid IPv6 "
                     "address): copy it from a browser's address bar")


def appended(line: str) -> Callable[[Path], str]:
    """Add `line` at the end of site.yaml; its message starts with `site.yaml:<its line>`."""
    def change(kit: Path) -> str:
        site = kit / "site.yaml"
        site.write_text(site.read_text(encoding="utf-8") + line + "\n", encoding="utf-8")
        return f"site.yaml:{len(site.read_text(encoding='utf-8').splitlines())}"
    return change


def replaced(name: str, old: str, new: str) -> Callable[[Path], str]:
    """Replace `old` in the kit's file `name`; the message starts with `<name>:<its line>`."""
    def change(kit: Path) -> str:
        path = kit / name
        text = path.read_text(encoding="utf-8")
        edit(path, old, new)
        return f"{name}:{text[:text.index(old)].count(chr(10)) + 1}"
    return change


def hsds_source(change_data: Callable[[list], None]) -> Callable[[Path], str]:
    """The kit's lines read from an HSDS file (`resources: data.json`) changed by
    `change_data`; the message starts with the data file's name."""
    def change(kit: Path) -> str:
        data = json.loads(HSDS.read_text(encoding="utf-8"))
        change_data(data)
        (kit / "data.json").write_text(json.dumps(data, indent=1), encoding="utf-8")
        appended("resources: data.json")(kit)
        return "data.json"
    return change


def long_number(data: list) -> None:
    data[0]["capacity"] = "NUMBER"  # written as digits below


def hsds_with_long_number(kit: Path) -> str:
    hsds_source(long_number)(kit)
    path = kit / "data.json"
    text = path.read_text(encoding="utf-8").replace('"NUMBER"', "9" * 5001)
    path.write_text(text, encoding="utf-8")
    line = text[:text.index("9" * 5001)].count("\n") + 1
    return f"data.json:{line}"


def hsds_with_half_a_character(kit: Path) -> str:
    hsds_source(lambda data: data[0].update(name="Crisis \ud800 line"))(kit)
    text = (kit / "data.json").read_text(encoding="utf-8")
    assert "\\ud800" in text  # json.dumps writes it as an escape, as a broken export would
    return f"data.json:{text[:text.index(chr(92) + 'ud800')].count(chr(10)) + 1}"


def hsds_with_escape(kit: Path) -> str:
    hsds_source(lambda data: data[0]["phones"][1].update(description="Text \x1b[31mSAFE"))(kit)
    text = (kit / "data.json").read_text(encoding="utf-8")
    return f"data.json:{text[:text.index(chr(92) + 'u001b')].count(chr(10)) + 1}"


def spreadsheet_with_bracket(kit: Path) -> str:
    text = SPREADSHEET.read_text(encoding="utf-8").replace(
        "https://northstar.example.org", "https://[www.thehotline.org", 1)
    (kit / "lines.csv").write_text(text, encoding="utf-8")
    appended("resources: lines.csv")(kit)
    return "lines.csv:2"


# A setting written in neither of its forms, or a mapping missing a key: pydantic's
# errors carried the form's tag ('ResourceSourceModel'), which stopped with a KeyError.
UNION_FORMS = {
    "resources: {}": (appended("resources: {}"),
                      f"resources: missing field 'path'; valid fields: {SOURCE_FIELDS}"),
    "resources without a path": (
        appended("resources: {region: OH}"),
        f"resources: missing field 'path'; valid fields: {SOURCE_FIELDS}"),
    "resources with an unknown key": (
        appended("resources: {path: data.json, area: OH}"),
        f"resources: unknown field 'area'; valid fields: {SOURCE_FIELDS}"),
    "resources as a number": (
        appended("resources: 5"),
        f"resources: input should be a text, or a mapping of {SOURCE_FIELDS}"),
    "a bold font without its regular": (
        appended("fonts: {am: {bold: fonts/NotoSansEthiopic-Bold.ttf}}"),
        "fonts.am: missing field 'regular'; valid fields: regular, bold"),
    "a font with an unknown key": (
        appended("fonts: {am: {regular: a.ttf, italic: b.ttf}}"),
        "fonts.am: unknown field 'italic'; valid fields: regular, bold"),
    "a font as a list": (appended("fonts: {am: [a.ttf]}"),
                         "fonts.am: input should be a text, or a mapping of regular, bold"),
    "stock as a list": (appended("stock: [avery-5371]"),
                        "stock: input should be a text, or a mapping"),
    "revealing words as a number": (appended("revealing_words: 5"),
                                    "revealing_words: input should be a list, or a mapping"),
}
# Names no file system takes: they stopped with OSError 'File name too long'.
NAMES = {
    "a 300-character extends": (appended(f"extends: {LONG}"), f"extends: {LONG_NAME}"),
    "a 300-character folder in extends": (appended(f"extends: ../{LONG}/base"),
                                          f"extends: {LONG_NAME}"),
    "a 300-character resources": (appended(f"resources: {LONG}"),
                                  f"resources.path: {LONG_NAME}"),
    "a 300-character font": (appended(f"fonts: {{am: {LONG}}}"), f"fonts.am: {LONG_NAME}"),
    "a 300-character bold font": (
        appended(f"fonts: {{am: {{regular: {LONG}.ttf, bold: {LONG}-Bold.ttf}}}}"),
        "fonts.am: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'... is a name of 304 bytes, over the 255 a "
        "file or folder name may have: is this the right name?"),
    "a 300-character profile": (appended(f"icc_profile: {LONG}"), f"icc_profile: {LONG_NAME}"),
    "a 363-character language code": (
        replaced("site.yaml", "languages: [en]", f"languages: [{LONG_CODE}]"),
        "languages: 'en-abcdefgh-abcdefgh'... is over 35 characters: not a language code such "
        "as en, es or zh-Hans"),
}
# Addresses urllib cannot split: they stopped with ValueError 'Invalid IPv6 URL'.
WEB_ADDRESSES = {
    "a bracketed web address": (
        replaced("resources.yaml", "url: https://www.thehotline.org",
                 "url: https://[www.thehotline.org"),
        f"National Domestic Violence Hotline: url: {NOT_A_WEB_ADDRESS}"),
    "a port past 65535": (
        replaced("resources.yaml", "url: https://www.thehotline.org",
                 "url: https://www.thehotline.org:99999"),
        "National Domestic Violence Hotline: url: 'https://www.thehotline.org:99999' is not a "
        "web address (invalid port number): copy it from a browser's address bar"),
    # its row refused, naming the file, the row and the column (the others print: issue 39)
    "a bracketed web address in a spreadsheet": (
        spreadsheet_with_bracket, f"refused 'Northstar Helpline': url: {NOT_A_WEB_ADDRESS}"),
}
# Escapes of half a character, numbers too long for Python and dates that do not exist:
# pydantic's raw dump, ValueError 'Exceeds the limit (4300 digits)' and 'day is out of range'.
CHARACTERS = {
    "half a character in site.yaml": (
        replaced("site.yaml", "organization: Lives Healing",
                 'organization: "Lives \\ud800 Healing"'),
        f"organization: {HALF_A_CHARACTER}"),
    "half a character in resources.yaml": (
        replaced("resources.yaml", "hours: 24/7", 'hours: "24/7 \\udfff"'),
        "resources.0.hours: the value holds U+DFFF, half of a character (an escape such as "
        "\\udfff without its other half: text cut in the middle of a character, or converted "
        "wrongly): write the character itself"),
    "a 5,001-digit number in resources.yaml": (
        replaced("resources.yaml", "phone: 1-800-799-7233", "phone: " + "9" * 5001),
        "resources.0.phone: a number of 5,001 digits: is this the right value?"),
    "a 5,001-digit number in HSDS data": (
        hsds_with_long_number, "a number of 5,001 digits: is this the right file?"),
    "half a character in HSDS data": (hsds_with_half_a_character,
                                      f"[0].name: {HALF_A_CHARACTER}"),
    "a date that does not exist": (
        replaced("resources.yaml", "verified: 2026-11-01  #", "verified: 2026-02-30  #"),
        "resources.0.verified: 2026-02-30 is not a date (day is out of range for month): "
        "write it as YYYY-MM-DD"),
    "an hour that does not exist": (
        appended("verified_at: 2026-11-01 25:00:00"),
        "verified_at: 2026-11-01 25:00:00 is not a date (hour must be in 0..23): write it as "
        "YYYY-MM-DD"),
    "an escape character in HSDS data": (
        hsds_with_escape, "[0].phones[1].description: the value holds the control character "
        "U+001B (an escape such as \\u001b or \\b), which cannot be printed"),
}
CASES = {**UNION_FORMS, **NAMES, **WEB_ADDRESSES, **CHARACTERS}
IMPORTS = [(spreadsheet_with_bracket, "csv"), (hsds_with_long_number, "hsds"),
           (hsds_with_half_a_character, "hsds")]


@pytest.mark.parametrize("case", CASES)
def test_a_broken_value_is_an_error_naming_its_line(case: str, kit: Path, run) -> None:  # noqa: ANN001
    change, message = CASES[case]
    where = change(kit)
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1, result.err
    lines = result.err.splitlines()
    assert f"{kit / where}: {message}" in lines, result.err


@pytest.mark.parametrize("source, kind", IMPORTS)
def test_an_import_of_a_broken_value_is_an_error_naming_its_line(
        source: Callable[[Path], str], kind: str, kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    where = source(kit)
    before = (kit / "resources.yaml").read_bytes()
    data = kit / where.split(":")[0]
    result = run("import", kind, data, "--into", kit, "--force")
    assert result.code == 1, result.err
    assert any(line.startswith(f"{kit / where}: ") for line in result.err.splitlines()), \
        result.err
    if kind == "csv":  # the row is refused and every other row written (issue 39)
        written = (kit / "resources.yaml").read_text(encoding="utf-8")
        assert "Northstar Helpline" not in written and "Harbor Light" in written
    else:  # a file that cannot be read at all: nothing written
        assert (kit / "resources.yaml").read_bytes() == before


@pytest.mark.parametrize("argv", [
    ["check", LONG], ["build", "{kit}", "--out", LONG], ["check", "{kit}", "--allow-outside",
                                                         f"{LONG}/x"],
    ["batch", LONG], ["import", "hsds", LONG], ["import", "csv", "x.csv", "--into", LONG],
    ["locale", "init", "fr", LONG], ["serve", LONG]])
def test_a_300_character_path_on_the_command_line_is_a_usage_error(
        argv: list[str], kit: Path, run, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: ANN001
    with pytest.raises(SystemExit) as stopped:
        run(*(arg.replace("{kit}", str(kit)) for arg in argv))
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.splitlines()[-1].endswith(f": {LONG_NAME}"), err
    assert "Traceback" not in err


def test_a_link_to_a_broken_address_prints_as_written(kit: Path, run) -> None:  # noqa: ANN001
    edit(kit / "articles" / "trauma-bonding.en.md", "## Sources", (
        "See <https://[www.thehotline.org> today.\n\n## Sources"))
    out = Path(str(kit) + "-out")
    result = run("build", kit, "--out", out, "--format", "brochure", "--no-previews")
    assert result.code == 0, result.err
    text = " ".join(" ".join(page_texts(out / "en" / "brochure.pdf")).split())
    assert "See https://[www.thehotline.org today." in text
    shutil.rmtree(out)


def test_an_import_keeps_no_language_code_too_long_for_a_file_name(kit: Path, run) -> None:  # noqa: ANN001
    data = json.loads(HSDS.read_text(encoding="utf-8"))
    legal = next(service for service in data if service["name"] == "Legal Advocacy Clinic")
    legal["language"] = LONG_CODE.replace("en", "es", 1)
    (kit / "data.json").write_text(json.dumps(data), encoding="utf-8")
    result = run("import", "hsds", kit / "data.json", "--into", kit, "--force")
    assert result.code == 1, result.err  # the fixture's Youth Outreach (555-0100) is refused
    assert "refused 'Riverbend Safe Haven – Youth Outreach'" in result.err
    text = (kit / "resources.yaml").read_text(encoding="utf-8")
    assert "  - name: Riverbend Safe Haven – Legal Advocacy Clinic\n" in text
    assert "abcdefgh" not in text


def test_an_imported_entry_check_refuses_is_said_as_check_says_it(tmp_path: Path) -> None:
    """Not pydantic's dump of the error (input_value=..., the address of its docs)."""
    entries = [{"name": {LONG_CODE: "Línea"}, "phone": "1-800-799-7233",
                "verified": "2026-11-01"}]
    target = tmp_path / "resources.yaml"
    with pytest.raises(ContentError) as refused:
        write_resources_yaml(ImportResult(entries=entries, skipped=[], notes=[]), target,
                             source_note="data.json", country="US")
    assert [str(problem) for problem in refused.value.problems] == [
        f"{target}: an imported entry is not valid: Línea: name: 'en-abcdefgh-abcdefgh'... is "
        "over 35 characters: not a language code such as en, es or zh-Hans"]
    assert not target.exists()
