"""A short number is printed as a number to call only where it is one (issue 39): a fragment
of a phone number (`614-27`, `2762`) was taken as a short code, printed large and dialled by
the card's QR code; an SMS short code is a texting number. Read back from `check`, `build`,
`import csv` and the web page's Lines page."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.content.yamlfile import load_yaml
from tests.conftest import decode_qr_codes, edit, page_texts


def _lines(kit: Path, first: str) -> None:
    (kit / "resources.yaml").write_text(
        f"resources:\n  - name: Intake line\n{first}"
        "    verified: 2026-11-01\n  - name: Emergency\n    phone: \"911\"\n"
        "    verified: 2026-11-01\n", encoding="utf-8")


@pytest.mark.parametrize(("field", "number", "why"), [
    ("phone", "614-27", "is not a number to call in US: a 5-digit short number there is an "
                        "SMS short code"),
    ("phone", "555-12", "is not a number to call in US: a 5-digit short number there is an "
                        "SMS short code"),
    ("phone", "4357", "is not a number to call in US: a 4-digit short code there reaches "
                      "only the phones of one carrier"),
    ("tty", "2762", "is not a number to call in US"),
    ("phone", "88788", "is not a number to call in US: a 5-digit short number there is an "
                       "SMS short code, which phones text but do not call; if people text it, "
                       "give it as the line's texting number (text: {number: \"88788\"})"),
])
def test_check_refuses_a_fragment_naming_file_line_and_field(kit: Path, run, field: str,
                                                             number: str, why: str) -> None:
    _lines(kit, f"    {field}: \"{number}\"\n")
    result = run("check", kit)
    assert result.code == 1, result.err
    assert f"{kit / 'resources.yaml'}:3: Intake line: {field}: {number!r} {why}" in result.err, \
        result.err


def test_check_refuses_a_fragment_as_a_texting_number(kit: Path, run) -> None:
    _lines(kit, "    text: {number: \"614-27\", keyword: HELP}\n")
    result = run("check", kit)
    assert result.code == 1
    assert (f"{kit / 'resources.yaml'}:3: Intake line: text.number: '614-27' is written like "
            "part of a phone number") in result.err, result.err


def test_build_refuses_a_fragment_and_prints_nothing(kit: Path, run) -> None:
    _lines(kit, "    phone: \"614-27\"\n")
    out = kit.parent / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--no-previews")
    assert result.code == 1
    assert "phone: '614-27' is not a number to call in US" in result.err
    assert not (out / "en" / "pocket-card.pdf").exists()


def test_real_short_numbers_still_print_and_dial(kit: Path, run) -> None:
    """211 (US N11, which phonenumbers marks as carrier-routed) prints and its QR code dials
    it; an SMS short code texted prints with its keyword and its QR code texts it."""
    _lines(kit, "    phone: \"211\"\n    text: {number: \"741741\", keyword: HOME}\n")
    out = kit.parent / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--no-previews")
    assert result.code == 0, result.err
    pdf = out / "en" / "pocket-card.pdf"
    back = " ".join(page_texts(pdf)[1].split())
    assert "211" in back and "HOME to 741741" in back, back
    assert "tel:211" in decode_qr_codes(pdf, 1)


@pytest.mark.parametrize("number", ["614-27", "555-12"])
def test_import_csv_refuses_the_row_naming_file_row_and_field(kit: Path, run,
                                                              number: str) -> None:
    """The row is refused alone, the others written, and the import exits 1 (6a43872)."""
    sheet = kit.parent / "lines.csv"
    sheet.write_text(f"name,phone,verified\nGood Line,1-800-555-0142,2026-10-01\n"
                     f"Fragment Line,{number},2026-10-01\n", encoding="utf-8")
    result = run("import", "csv", sheet, "--into", kit, "--force")
    assert result.code == 1, result.err
    assert (f"{sheet}:3: refused 'Fragment Line': phone {number!r} is not a number to call "
            "in US") in result.err, result.err
    written = (kit / "resources.yaml").read_text(encoding="utf-8")
    assert "Fragment Line" not in written and number not in written
    assert "Good Line" in written and "1-800-555-0142" in written
    sheet.write_text(f"name,phone\nFragment Line,{number}\n", encoding="utf-8")
    result = run("import", "csv", sheet, "--into", kit, "--force")
    assert result.code == 1  # nothing left to write
    assert (f"{sheet}:2: refused 'Fragment Line': phone {number!r} is not a number to call "
            "in US") in result.err, result.err
    assert "nothing to write: no line was imported" in result.err


def test_import_csv_takes_an_sms_short_code_as_a_texting_number(kit: Path, run) -> None:
    sheet = kit.parent / "lines.csv"
    sheet.write_text("name,phone,text_number,text_keyword,verified\n"
                     "Text Line,,741741,HOME,2026-10-01\n"
                     "Called Code,741741,,,2026-10-01\n", encoding="utf-8")
    result = run("import", "csv", sheet, "--into", kit, "--force")
    assert result.code == 1, result.err  # a refused row (6a43872)
    assert f"{sheet}:3: refused 'Called Code': phone '741741' is not a number to call" \
        in result.err, result.err
    written = load_yaml(kit / "resources.yaml").data["resources"]
    assert [(line["name"], line.get("phone"), line.get("text")) for line in written] == [
        ("Text Line", None, {"number": "741741", "keyword": "HOME"}),
        ("Emergency", "911", None)]  # the emergency line of the file replaced, carried over
    assert run("check", kit).code == 0


def test_the_lines_page_marks_a_fragment_on_its_field(served) -> None:
    from tests.serve_support import csrf_headers, digest_on_disk, table_of

    client, workspace, kit = served
    resources = kit / "resources.yaml"
    before = resources.read_bytes()
    table = table_of([("r0", {}), ("r1", {"phone": "614-27"}), ("r2", {})])
    draft = client.post("/lines/draft", headers=csrf_headers(workspace),
                        json={"table": table, "format": "pocket-card", "lang": "en"}).json()
    marked = [r for r in draft["remarks"] if r["severity"] == "error"]
    assert [(r["row"], r["field"]) for r in marked] == [("r1", "phone")], marked
    assert "614-27" in marked[0]["message"] and "SMS short code" in marked[0]["message"]
    answer = client.post("/lines/save", headers=csrf_headers(workspace),
                         json={"table": table, "base": digest_on_disk(resources)})
    assert answer.status_code == 422
    assert resources.read_bytes() == before


def test_a_uk_kit_keeps_its_helplines(kit: Path, run) -> None:
    edit(kit / "site.yaml", "country: US", "country: GB")
    (kit / "resources.yaml").write_text(
        "resources:\n  - name: Samaritans\n    phone: \"116 123\"\n    verified: 2026-11-01\n"
        "  - name: Shout\n    text: {number: \"85258\", keyword: SHOUT}\n"
        "    verified: 2026-11-01\n  - name: Emergency\n    phone: \"999\"\n"
        "    verified: 2026-11-01\n", encoding="utf-8")
    result = run("check", kit)
    assert result.code == 0, result.err


@pytest.mark.parametrize(("number", "country", "why"), [
    ("411", "US", "directory assistance"), ("611", "US", "repair and customer service"),
    ("933", "US", "a test number for the 911 system"), ("511", "US", "traffic and travel"),
    ("811", "US", "call before you dig"), ("411", "CA", "directory assistance"),
    ("100", "GB", "the operator"), ("155", "GB", "the international operator"),
    ("150", "GB", "repair and customer service"),
])
def test_service_codes_that_reach_no_help_are_refused(kit: Path, run, number: str,  # noqa: ANN001
                                                      country: str, why: str) -> None:
    """A number to call must reach someone who can help: phonenumbers takes the US N11
    codes and 933 (a 911 test number) as valid short numbers."""
    if country != "US":
        edit(kit / "site.yaml", "country: US", f"country: {country}")
    _lines(kit, f"    phone: \"{number}\"\n")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1, result.err
    assert (f"{kit / 'resources.yaml'}:3: Intake line: phone: '{number}' is not a number to "
            f"print in {country}: it is") in result.err and why in result.err, result.err


@pytest.mark.parametrize(("number", "country"), [
    ("211", "US"), ("311", "US"), ("711", "US"), ("988", "US"), ("211", "CA"), ("811", "CA"),
])
def test_service_codes_a_shelter_prints_build_and_dial(kit: Path, run, number: str,  # noqa: ANN001
                                                       country: str) -> None:
    if country != "US":
        edit(kit / "site.yaml", "country: US", f"country: {country}")
    _lines(kit, f"    phone: \"{number}\"\n")
    out = kit.parent / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--no-previews")
    assert result.code == 0, result.err
    assert set(decode_qr_codes(out / "en" / "pocket-card.pdf", 1)) == {f"tel:{number}"}


def test_a_new_zealand_texting_number_is_not_the_cards_number_to_call(kit: Path, run) -> None:
    """Lifeline Aotearoa's texting number 4357 given as its phone: refused (the card's QR code
    was tel:4357); as its texting number it prints, and the QR code texts it."""
    edit(kit / "site.yaml", "country: US", "country: NZ")
    (kit / "resources.yaml").write_text(
        "resources:\n  - name: Lifeline Aotearoa\n    phone: \"4357\"\n"
        "    verified: 2026-11-01\n  - name: Emergency\n    phone: \"111\"\n"
        "    verified: 2026-11-01\n", encoding="utf-8")
    result = run("check", kit)
    assert result.code == 1, result.err
    assert (f"{kit / 'resources.yaml'}:3: Lifeline Aotearoa: phone: '4357' is not a number to "
            "call in NZ") in result.err, result.err
    out = kit.parent / "out"
    assert run("build", kit, "--out", out, "--format", "pocket-card", "--no-previews").code == 1
    assert not (out / "en" / "pocket-card.pdf").exists()
    (kit / "resources.yaml").write_text(
        "resources:\n  - name: Lifeline Aotearoa\n    phone: \"0800 543 354\"\n"
        "    text: {number: \"4357\", keyword: HELP}\n    verified: 2026-11-01\n"
        "  - name: Emergency\n    phone: \"111\"\n    verified: 2026-11-01\n",
        encoding="utf-8")
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--no-previews")
    assert result.code == 0, result.err
    codes = decode_qr_codes(out / "en" / "pocket-card.pdf", 1)
    assert codes and set(codes) == {"tel:+64800543354"}, codes
