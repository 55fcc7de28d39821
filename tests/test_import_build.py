"""Listings imported from HSDS end up on printed cards: right lines, QR types, dates, and
no confidential address anywhere."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from generator.content.invisible import invisible_in
from tests.conftest import decode_qr_codes, edit, page_texts

FIXTURES = Path(__file__).parent / "fixtures"
ADDRESSES = ["415 Quay Street", "1207 Willow Bend Road", "88 Court Street", "2 Dune Drive"]


@pytest.fixture
def imported(kit: Path, run) -> Path:  # noqa: ANN001
    (kit / "resources.yaml").unlink()
    result = run("import", "hsds", FIXTURES / "hsds" / "services.json", "--into", kit)
    # the fixture's Youth Outreach (555-0100, no area code) is refused: exit 1, the rest written
    assert result.code == 1, result.err
    assert "services.json:528: refused 'Riverbend Safe Haven – Youth Outreach' (at $[7]): " \
        "voice number '555-0100' is not a valid phone number or short code in US" in result.err
    assert "wrote" in result.out and "6 line(s)" in result.out
    assert "skipped Harbor Light Family Services – Counseling: service status is defunct" \
        in result.err
    assert "temporarily closed" in result.err
    assert "address of Safe Haven Shelter hidden" in result.err
    # The coordinator checks the one line the data had no date for, as the note asks.
    edit(kit / "resources.yaml", "    qr: sms\n", "    qr: sms\n    verified: 2026-11-20\n")
    return kit


def all_text(pdf: Path) -> str:
    return " ".join(" ".join(page_texts(pdf)).split())


def test_imported_lines_print_with_dates_and_no_address(imported: Path, tmp_path: Path,
                                                        run) -> None:  # noqa: ANN001
    out = tmp_path / "out"
    result = run("build", imported, "--out", out, "--format", "brochure", "--no-previews")
    assert result.code == 0, result.err
    text = all_text(out / "en" / "brochure.pdf")
    for expected in ("Northstar Helpline", "1-800-555-0199", "Text HOPE to 1-888-555-0175",
                     "1-800-555-0142", "TTY: 1-800-555-0163", "Mon–Fri 9:00–17:00",
                     ):
        assert expected in text, expected
    # One date for the lines: the oldest check among those imported (each line's own is in
    # resources.yaml), never one per line.
    lines = yaml.safe_load((imported / "resources.yaml").read_text(encoding="utf-8"))
    oldest = min(line["verified"] for line in lines["resources"] if "verified" in line)
    assert text.count("Checked ") == 1 and f"Checked {oldest:%b %Y}" in text, text
    for absent in ("Counseling", "Transitional Housing", "Youth Outreach", *ADDRESSES):
        assert absent not in text, absent
    assert decode_qr_codes(out / "en" / "brochure.pdf", 0) == ["tel:+18005550199"]


def test_old_lines_warn_at_check(imported: Path, run) -> None:  # noqa: ANN001
    result = run("check", imported, "--format", "brochure")
    assert result.code == 0
    assert "Lakeshore Crisis Line: last checked 2024-09-30, over 12 months ago" in result.err


def test_site_yaml_can_read_hsds_directly(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    shutil.copytree(FIXTURES / "hsds" / "tabular", kit / "hsds")
    edit(kit / "site.yaml", "brand_color:",
         "resources: {path: hsds, tags: [], limit: 1}\nbrand_color:")
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--target", "shop",
                 "--no-previews")
    assert result.code == 0, result.err
    back = all_text(out / "en" / "pocket-card-shop.pdf")
    assert "Northstar Helpline" in back
    assert "Harbor Light" not in back
    assert decode_qr_codes(out / "en" / "pocket-card-shop.pdf", 1) == ["tel:+18005550199"]


def test_sms_first_line_gives_an_smsto_code(imported: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    text = (imported / "resources.yaml").read_text(encoding="utf-8")
    first, second = text.split("\n  - name: ")[1:3]
    head = text.split("\n  - name: ")[0]
    (imported / "resources.yaml").write_text(
        head + "\n  - name: " + second + "\n  - name: " + first, encoding="utf-8")
    out = tmp_path / "out"
    assert run("build", imported, "--out", out, "--format", "brochure", "--no-previews").code == 0
    assert decode_qr_codes(out / "en" / "brochure.pdf", 0) == ["SMSTO:+18885550175:HOPE"]


def test_import_refuses_to_replace_a_hand_written_file(kit: Path, run) -> None:  # noqa: ANN001
    result = run("import", "hsds", FIXTURES / "hsds" / "services.json", "--into", kit)
    assert result.code == 1
    assert "resources.yaml" in result.err


def test_max_lines_per_format(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "brand_color:", "max_lines: {pocket-card: 2}\nbrand_color:")
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--target", "shop", "--no-previews")
    assert result.code == 0
    # The emergency line always prints: the 988 line makes room for it.
    assert ("pocket-card: left out '988 Suicide & Crisis Lifeline': max_lines is 2 for this "
            "format") in result.err
    card = " ".join(page_texts(out / "en" / "pocket-card-shop.pdf")[1].split())
    assert "988 Suicide" not in card and "In an emergency, call 911." in card  # its note
    assert "988 Suicide" in page_texts(out / "en" / "brochure-shop.pdf")[0]


PREMIUM = "'1-900-234-5678' is a premium-rate number"


def test_a_premium_number_in_imported_data_is_reported_not_printed(kit: Path, tmp_path: Path,
                                                                   run) -> None:  # noqa: ANN001
    sheet = kit / "lines.csv"
    sheet.write_text("name,phone,verified\n"
                     "Good Line,1-800-555-0142,2026-10-01\n"
                     "Costly Line,1-900-234-5678,2026-10-01\n", encoding="utf-8")
    edit(kit / "site.yaml", "brand_color:", "resources: lines.csv\nbrand_color:")
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", "brochure", "--no-previews")
    assert result.code == 1, result.err  # refused: the kit prints the rest, and says so
    assert f"lines.csv:3: refused 'Costly Line': phone {PREMIUM}" in result.err
    assert "1 record(s) of " in result.err and "1 file(s) written with every other line" \
        in result.err
    text = all_text(out / "en" / "brochure.pdf")
    assert "Good Line" in text and "1-800-555-0142" in text
    assert "Costly Line" not in text and "234-5678" not in text

    imported = run("import", "csv", sheet, "--into", kit, "--force")
    assert imported.code == 1, imported.err
    assert f"lines.csv:3: refused 'Costly Line': phone {PREMIUM}" in imported.err
    assert "1-900" not in (kit / "resources.yaml").read_text(encoding="utf-8")


def test_extensions_and_escaped_invisible_characters_in_hsds_json(kit: Path, tmp_path: Path,
                                                                  run) -> None:  # noqa: ANN001
    """An extension (HSDS 3's `extension` field, or written after the number) is printed
    with its number: it was left out with a note, the card reaching a switchboard. Bidi
    controls and zero-width spaces written as JSON escapes reached resources.yaml, where
    nobody can see them."""
    services = [
        {"id": "s1", "name": "Intake", "status": "active", "assured_date": "2026-10-01",
         "phones": [{"id": "p1", "number": "(614) 555-0106", "extension": 12,
                     "type": "voice"}]},
        {"id": "s2", "name": "Legal desk", "status": "active", "assured_date": "2026-10-01",
         "phones": [{"id": "p2", "number": "+1 614 555 0107 x 3", "type": "voice"},
                    {"id": "p3", "number": "614-555-0107", "extension": "ext. 4",
                     "type": "textphone"}]},
        {"id": "s3", "name": "Pasted", "status": "active", "assured_date": "2026-10-01",
         "phones": [{"id": "p4", "number": "\u200e614\u00a0555\u00a00108\u200b\u200f",
                     "type": "voice"}]},
    ]
    data = tmp_path / "services.json"
    data.write_text(json.dumps(services), encoding="utf-8")  # ascii escapes, as APIs send
    assert "\\u200e" in data.read_text(encoding="utf-8")
    (kit / "resources.yaml").unlink()
    result = run("import", "hsds", data, "--into", kit)
    assert result.code == 0, result.err
    written = (kit / "resources.yaml").read_text(encoding="utf-8")
    assert not invisible_in(written), invisible_in(written)
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", "brochure", "--no-previews")
    assert result.code == 0, result.err
    text = all_text(out / "en" / "brochure.pdf")
    for printed in ("(614) 555-0106 ext. 12", "614-555-0107 ext. 3", "TTY: 614-555-0107 ext. 4",
                    "614 555 0108"):
        assert printed in text, (printed, text)
    assert decode_qr_codes(out / "en" / "brochure.pdf", 0) == ["tel:+16145550106,12"]


def test_an_extension_that_is_not_digits_leaves_the_number_out(tmp_path: Path, run,
                                                                kit: Path) -> None:  # noqa: ANN001
    services = [{"id": "s1", "name": "Intake", "status": "active",
                 "assured_date": "2026-10-01",
                 "phones": [{"id": "p1", "number": "614-555-0106", "extension": "press 2",
                             "type": "voice"}]}]
    data = tmp_path / "services.json"
    data.write_text(json.dumps(services), encoding="utf-8")
    (kit / "resources.yaml").unlink()
    result = run("import", "hsds", data, "--into", kit)
    assert result.code == 1
    assert ("services.json:1: refused 'Intake' (at $[0]): voice number '614-555-0106' has "
            "extension "
            "'press 2', which is not digits: the number is not printed without it") \
        in result.err, result.err


def test_a_repeated_record_prints_once(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    """A spreadsheet row pasted twice printed the same line twice on every card, taking the
    room of another line."""
    sheet = tmp_path / "lines.csv"
    sheet.write_text("name,phone,verified\n"
                     "Intake line,1-800-555-0142,2026-10-01\n"
                     "Intake line,1-800-555-0142,2026-10-01\n"
                     "Legal line,1-800-555-0144,2026-10-01\n", encoding="utf-8")
    result = run("import", "csv", sheet, "--into", kit, "--force")
    assert result.code == 0, result.err
    assert ("skipped Intake line: the same name and numbers as an earlier record "
            "(Intake line)") in result.err
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, "--format", "brochure", "--no-previews").code == 0
    text = all_text(out / "en" / "brochure.pdf")
    # The line once on the flap, and its number once more on the back panel, which prints
    # the first line's numbers with no name (ebb86c2, issue 42): twice would be three.
    assert text.count("Intake line") == 1 and text.count("1-800-555-0142") == 2, text
    assert "1-800-555-0144" in text, text


def test_a_text_number_written_as_a_sentence_gives_number_and_keyword(kit: Path, tmp_path: Path,
                                                                      run) -> None:  # noqa: ANN001
    """`"number": "Text HOME to 741741"` on a text phone (how directories list a crisis
    text line) was taken as the short code with the sentence as its printed form, and is now
    refused as a short code; it is read as the number 741741 and the keyword HOME."""
    services = [{"id": "s1", "name": "Crisis Text Line", "status": "active",
                 "assured_date": "2026-10-01",
                 "phones": [{"id": "p1", "number": "Text HOME to 741741", "type": "text"}]}]
    data = tmp_path / "services.json"
    data.write_text(json.dumps(services), encoding="utf-8")
    (kit / "resources.yaml").unlink()
    result = run("import", "hsds", data, "--into", kit)
    assert result.code == 0, result.err
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, "--format", "brochure", "--no-previews").code == 0
    text = all_text(out / "en" / "brochure.pdf")
    assert "Text HOME to 741741" in text and "Text HOME to Text" not in text, text
    assert decode_qr_codes(out / "en" / "brochure.pdf", 0) == ["SMSTO:741741:HOME"]


def test_an_imported_emergency_line_goes_last(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    """A directory's "Police: 911" record listed first made the card's QR code call 911."""
    services = [
        {"id": "s1", "name": "Police", "status": "active", "assured_date": "2026-10-01",
         "phones": [{"id": "p1", "number": "911", "type": "voice"}]},
        {"id": "s2", "name": "Helpline", "status": "active", "assured_date": "2026-10-01",
         "phones": [{"id": "p2", "number": "1-800-555-0142", "type": "voice"}]}]
    data = tmp_path / "services.json"
    data.write_text(json.dumps(services), encoding="utf-8")
    (kit / "resources.yaml").unlink()
    assert run("import", "hsds", data, "--into", kit).code == 0
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, "--format", "pocket-card", "--no-previews").code == 0
    assert set(decode_qr_codes(out / "en" / "pocket-card.pdf", 1)) == {"tel:+18005550142"}
    sheet = tmp_path / "lines.csv"
    sheet.write_text("name,phone,verified\nPolice,911,2026-10-01\n"
                     "Helpline,1-800-555-0142,2026-10-01\n", encoding="utf-8")
    assert run("import", "csv", sheet, "--into", kit, "--force").code == 0
    written = (kit / "resources.yaml").read_text(encoding="utf-8")
    assert written.index("Helpline") < written.index("Police")
