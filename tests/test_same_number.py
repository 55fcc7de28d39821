"""Lines with the same number print once (issue 39: House of Ruth's counselling line and its
hotline, both (410) 889-7884, took two of a card's three places; an import gave six "211"
lines): merged where a kit's lines are assembled, with every way to reach each, and a note.
Read back from `check`, the built PDFs (pdftotext, QR codes) and the web page."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import decode_qr_codes

HOUSE_OF_RUTH = """resources:
  - name: House of Ruth Hotline
    phone: (410) 889-7884
    hours: 24/7
    verified: 2026-11-01
  - name: Counseling Line
    phone: 410-889-7884
    text: {number: "741741", keyword: HOME}
    languages: [en, es]
    verified: 2026-10-01
  - name: Legal Clinic
    phone: 410-554-8463
    verified: 2026-11-01
  - name: Emergency
    phone: "911"
    verified: 2026-11-01
"""


def _text(pdf: Path) -> str:
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    return subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout


def test_lines_with_one_number_print_once_with_every_way_to_reach_them(kit: Path,
                                                                        run) -> None:
    (kit / "resources.yaml").write_text(HOUSE_OF_RUTH, encoding="utf-8")
    out = kit.parent / "out"
    result = run("build", kit, "--out", out, "--format", "brochure", "--format",
                 "pocket-card", "--no-previews")
    assert result.code == 0, result.err
    assert (f"{kit / 'resources.yaml'}:2: note: 'House of Ruth Hotline' and 'Counseling Line' "
            "(line 6) have the same number, (410) 889-7884: printed once, as 'House of Ruth "
            "Hotline / Counseling Line', with every way to reach each") in result.err, result.err
    brochure = _text(out / "en" / "brochure.pdf")
    # Once in the flap's lines, and once on the back panel, which prints the first line's
    # numbers with no name (ebb86c2, issue 42): two lines apart would print it three times.
    assert brochure.count("889-7884") == 2 and brochure.count("Counseling Line") == 1, brochure
    assert "Counseling Line" in brochure and "Text HOME to 741741" in brochure
    assert "Legal Clinic" in brochure and "554-8463" in brochure
    card = _text(out / "en" / "pocket-card.pdf").split("\f")[1]  # the backs: ten cards
    assert card.count("889-7884") == 10 and card.count("554-8463") == 10, card
    assert set(decode_qr_codes(out / "en" / "pocket-card.pdf", 1)) == {"tel:+14108897884"}


def test_check_says_which_of_two_different_details_was_kept(kit: Path, run) -> None:
    (kit / "resources.yaml").write_text(
        "resources:\n  - name: Legal Clinic\n    phone: 773-731-1762\n"
        "    text: {number: \"741741\", keyword: LEGAL}\n    url: https://example.org\n"
        "    verified: 2026-11-01\n  - name: Legal Clinic Pilsen\n    phone: (773) 731-1762\n"
        "    text: {number: \"741741\", keyword: PILSEN}\n    tty: 1-800-555-0143\n"
        "    url: https://example.com/pilsen\n    verified: 2026-11-01\n"
        "  - name: Emergency\n    phone: \"911\"\n    verified: 2026-11-01\n", encoding="utf-8")
    result = run("check", kit)
    assert result.code == 0, result.err
    said = next(line for line in result.err.splitlines() if "have the same number" in line)
    assert said.startswith(f"{kit / 'resources.yaml'}:2: warning: 'Legal Clinic' and 'Legal "
                           "Clinic Pilsen' (line 7) have the same number, 773-731-1762")
    assert ("left out the texting line 'PILSEN to 741741' of 'Legal Clinic Pilsen' (kept "
            "'LEGAL to 741741'); the web address https://example.com/pilsen of 'Legal Clinic "
            "Pilsen' (kept https://example.org)") in said, said
    assert "TTY" not in said  # the TTY number only the second gives is kept, not left out


def test_the_merged_line_keeps_the_tty_only_the_second_gives(kit: Path, run) -> None:
    (kit / "resources.yaml").write_text(
        "resources:\n  - name: Helpline\n    phone: 1-800-555-0142\n    verified: 2026-11-01\n"
        "  - name: Helpline for deaf callers\n    phone: 1-800-555-0142\n"
        "    tty: 1-800-555-0143\n    verified: 2026-11-01\n"
        "  - name: Emergency\n    phone: \"911\"\n    verified: 2026-11-01\n", encoding="utf-8")
    out = kit.parent / "out"
    result = run("build", kit, "--out", out, "--format", "brochure", "--no-previews")
    assert result.code == 0, result.err
    brochure = " ".join(_text(out / "en" / "brochure.pdf").split())
    # The flap's lines and the back panel's first line (its numbers, texting line and TTY,
    # ebb86c2, issue 42) each print the merged line's number and its TTY once.
    assert brochure.count("555-0142") == 2, brochure
    assert brochure.count("TTY: 1-800-555-0143") == 2, brochure


@pytest.mark.parametrize(("lines", "merged"), [
    # six 211 lines of one import
    ("".join(f"  - name: United Way 211 site {n}\n    phone: \"211\"\n    verified: 2026-11-01\n"
             for n in range(6)), True),
    # a texting line alone: the same number and keyword
    ("  - name: Text line\n    text: {number: \"741741\", keyword: HOME}\n"
     "    verified: 2026-11-01\n  - name: Crisis Text Line\n"
     "    text: {number: \"741741\", keyword: home}\n    verified: 2026-11-01\n", True),
    # the same short code, other keywords: other lines
    ("  - name: Text line\n    text: {number: \"741741\", keyword: HOME}\n"
     "    verified: 2026-11-01\n  - name: Youth text line\n"
     "    text: {number: \"741741\", keyword: YOUTH}\n    verified: 2026-11-01\n", False),
    # a number to call each, the same texting line: other lines
    ("  - name: Columbus line\n    phone: 614-555-0100\n"
     "    text: {number: \"741741\", keyword: HOME}\n    verified: 2026-11-01\n"
     "  - name: Dayton line\n    phone: 937-555-0100\n"
     "    text: {number: \"741741\", keyword: HOME}\n    verified: 2026-11-01\n", False),
    # web addresses only
    ("  - name: Chat\n    url: https://example.org\n    verified: 2026-11-01\n"
     "  - name: Other chat\n    url: https://example.org\n    verified: 2026-11-01\n", False),
])
def test_what_makes_two_lines_one(kit: Path, run, lines: str, merged: bool) -> None:
    (kit / "resources.yaml").write_text(
        f"resources:\n{lines}  - name: Emergency\n    phone: \"911\"\n"
        "    verified: 2026-11-01\n", encoding="utf-8")
    result = run("check", kit)
    assert result.code == 0, result.err
    assert ("have the same number" in result.err) is merged, result.err


def test_names_are_joined_in_every_language() -> None:
    from dataclasses import replace

    from generator.content.load import load_kit
    from generator.content.same_number import merged_lines
    from tests.conftest import DEFAULT_CONTENT

    kit = load_kit(DEFAULT_CONTENT)
    hotline, lifeline, emergency = kit.resources
    twin = replace(lifeline, phone=hotline.phone, text=None, tty=None, url=None)
    lines, notes = merged_lines((hotline, twin, emergency))
    assert len(lines) == 2 and len(notes) == 1 and notes[0].severity == "info"
    line = lines[0]
    assert line.name_in("es") == ("Línea Nacional sobre la Violencia Doméstica / 988 Línea de "
                                  "Prevención del Suicidio y Crisis")
    assert line.phone == hotline.phone and line.tty == hotline.tty and line.text == hotline.text
    assert line.required and not line.emergency


def test_the_lines_page_says_so_on_the_first_lines_row(served) -> None:
    from tests.serve_support import csrf_headers, table_of

    client, workspace, _ = served
    # the Lifeline's row given the hotline's number: confirmed, or it is another national
    # line's number under the Lifeline's name (an error of its own, test_published_lines)
    table = table_of([("r0", {}), ("r1", {"phone": "1-800-799-7233", "text.number": "",
                                           "url": "", "differs_from_published": True}),
                      ("r2", {})])
    draft = client.post("/lines/draft", headers=csrf_headers(workspace),
                        json={"table": table, "format": "pocket-card", "lang": "en"}).json()
    said = [r for r in draft["remarks"] if "same number" in r["message"]]
    assert [(r["row"], r["severity"]) for r in said] == [("r0", "info")], draft["remarks"]
    assert not draft["blocking"]
