"""`havenprint changes CONTENT --since OUT` (issue 44): after a service's number changes on
the HSDS API a kit reads (a local server, tests/hsds_server.py) and the copy is refreshed,
it names that line with its old and new number and exactly the pieces that print it (read
back from the PDFs, not from the manifest), exit 1; an unchanged source says "nothing to
reprint", exit 0."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from generator.importers import hsds_api
from tests.conftest import edit, page_texts
from tests.hsds_server import Behaviour
from tests.hsds_server import hsds_api as serving

# the fixture but its Youth Outreach, whose number is refused (a build of it exits 1)
SERVICES = [service for service in json.loads(
    (Path(__file__).parent / "fixtures" / "hsds" / "services.json").read_text(encoding="utf-8"))
    if service["id"] != "svc-youth"]
FORMATS = ("--format", "pocket-card", "--format", "brochure", "--format", "large-print")


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hsds_api, "PER_PAGE", 3)
    monkeypatch.setattr(hsds_api, "pause", lambda seconds: None)


def digits(text: object) -> str:
    return "".join(char for char in str(text) if char.isdigit())


def printed_digits(out: Path) -> dict[str, str]:
    """Each PDF of the kit (relative path) and the digits of its text."""
    return {path.relative_to(out).as_posix(): digits(" ".join(page_texts(path)))
            for path in sorted(out.rglob("*.pdf"))}


def printed_kit(kit: Path, out: Path, served: Behaviour, run) -> str:  # noqa: ANN001
    """The kit built from the API (and its copy kept); the API's address."""
    with serving(served) as address:
        edit(kit / "site.yaml", "brand_color:",
             f"resources: {{path: '{address}', verified: 2026-11-20}}\nbrand_color:")
        (kit / "resources.yaml").unlink()
        built = run("build", kit, "--out", out, *FORMATS, "--target", "all", "--no-previews",
                    "--refresh")
        assert built.code == 0, built.err
    return address


def test_a_changed_number_names_its_line_and_exactly_its_pieces(kit: Path, tmp_path: Path,
                                                                run) -> None:  # noqa: ANN001
    served = Behaviour(copy.deepcopy(SERVICES))
    out = tmp_path / "out"
    printed_kit(kit, out, served, run)
    texts = printed_digits(out)
    # a line some pieces print and others do not
    numbers = {service["name"]: phone["number"] for service in served.services
               for phone in service.get("phones", [])[:1]}
    name, old = next((name, number) for name, number in numbers.items()
                     if 0 < sum(digits(number)[-10:] in text for text in texts.values())
                     < len(texts))
    service = next(service for service in served.services if service["name"] == name)
    service["phones"][0]["number"] = "1-800-555-0111"
    with serving(served) as address:
        edit(kit / "site.yaml", "path: 'http://127.0.0.1:", "path: 'http://127.0.0.1:")
        site = (kit / "site.yaml").read_text(encoding="utf-8")
        start = site.index("path: '") + len("path: '")
        (kit / "site.yaml").write_text(site[:start] + address + site[site.index("'", start):],
                                       encoding="utf-8")
        refreshed = run("check", kit, *FORMATS, "--refresh")
        assert refreshed.code == 0, refreshed.err
    result = run("changes", kit, "--since", out)
    assert result.code == 1, result.err
    assert any(line.startswith("changed '") and name in line and
               f"number {old}" in line.replace("+1 ", "").replace(" ", "-") or
               (name in line and "-> 1-800-555-0111" in line) for line in
               result.out.splitlines()), result.out
    report = json.loads(run("changes", kit, "--since", out, "--json").out)
    assert report["reprint_needed"] is True
    to_reprint = {file for piece in report["reprint"] for file in piece["files"]}
    printing = {file for file, text in texts.items() if digits(old)[-10:] in text}
    assert to_reprint == printing
    assert {file for piece in report["still_right"] for file in piece["files"]} == \
        set(texts) - printing
    change = next(line for line in report["lines"] if line["change"] == "changed")
    assert change["details"] == [f"number {change['details'][0].split()[1]} -> 1-800-555-0111"]
    assert digits(change["details"][0].split()[1])[-10:] == digits(old)[-10:]


def test_an_unchanged_source_needs_no_reprint(kit: Path, tmp_path: Path,
                                              run) -> None:  # noqa: ANN001
    out = tmp_path / "out"
    printed_kit(kit, out, Behaviour(copy.deepcopy(SERVICES)), run)
    result = run("changes", kit, "--since", out)
    assert result.code == 0, result.err
    assert result.out.strip().endswith("nothing to reprint: every piece printed still gives "
                                       "the data's numbers, texting lines, web addresses, "
                                       "hours and QR codes")
    assert result.out.startswith("compared with the copy of the API http://127.0.0.1:")


def test_a_line_gone_from_the_data_is_named_and_its_pieces_reprinted(
        kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    out = tmp_path / "out"
    run("import", "hsds", Path(__file__).parent / "fixtures" / "hsds" / "services.json",
        "--into", kit, "--force", "--verified", "2026-11-20")
    assert run("build", kit, "--out", out, *FORMATS, "--no-previews").code == 0
    resources = (kit / "resources.yaml").read_text(encoding="utf-8")
    first = resources.index("\n  - name: ")
    second = resources.index("\n  - name: ", first + 1)
    gone = resources[first + len("\n  - name: "):resources.index("\n", first + 1)]
    (kit / "resources.yaml").write_text(resources[:first] + resources[second:],
                                        encoding="utf-8")
    result = run("changes", kit, "--since", out, "--json")
    assert result.code == 1
    report = json.loads(result.out)
    assert {"name": gone, "change": "removed", "details": ["no longer in the data"]} in \
        report["lines"]


def test_a_kit_without_recorded_lines_is_not_compared(kit: Path, tmp_path: Path,
                                                      run) -> None:  # noqa: ANN001
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, "--format", "pocket-card", "--no-previews").code == 0
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    for entry in manifest["outputs"]:
        entry.pop("lines", None)
    (out / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    result = run("changes", kit, "--since", out)
    assert result.code == 2
    assert "does not record the lines each piece prints" in result.err
    assert run("changes", kit, "--since", tmp_path / "nothing").code == 2


def test_lines_past_their_check_date_come_most_printed_first(kit: Path, tmp_path: Path,
                                                             run) -> None:  # noqa: ANN001
    """The worklist of lines to call or text again: those past verify_within_months, the one
    on the most printed pieces first (counted from the PDFs' text, not the manifest)."""
    from tests.conftest import add_local_lines

    add_local_lines(kit, 6)
    resources = kit / "resources.yaml"
    text = resources.read_text(encoding="utf-8")
    text = text.replace("    verified: 2026-11-01  # when someone last checked this line works",
                        "    verified: 2024-01-15", 1)
    last = text.rindex("verified: 2026-11-01")
    resources.write_text(text[:last] + "verified: 2024-03-01" + text[last + 20:],
                         encoding="utf-8")
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, *FORMATS, "--no-previews").code == 0
    texts = printed_digits(out)
    report = json.loads(run("changes", kit, "--since", out, "--json").out)
    stale = report["to_check"]
    assert [line["name"] for line in stale] == ["National Domestic Violence Hotline",
                                                "Local line 5"]
    assert stale[0]["pieces"] == sum("18007997233" in text for text in texts.values())
    assert stale[1]["pieces"] == sum("18007997205" in text for text in texts.values())
    assert stale[0]["pieces"] > stale[1]["pieces"]
    assert stale[0]["source"].startswith("resources.yaml:")  # never a path of this computer
    words = run("changes", kit, "--since", out).out
    assert "to check again (not checked within 12 months), most printed first:" in words
    assert f"'National Domestic Violence Hotline': checked 2024-01-15, on {stale[0]['pieces']} " \
           "printed piece(s)" in words


def pdftotext_digits(out: Path) -> dict[str, str]:
    """Each PDF of the kit (relative path) and the digits of its text, read by poppler."""
    import subprocess

    return {path.relative_to(out).as_posix(): digits(subprocess.run(
        ["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout)
        for path in sorted(out.rglob("*.pdf"))}


def qr_codes(out: Path) -> dict[str, set[str]]:
    """What each PDF's QR codes encode, decoded from its pages (zxing-cpp)."""
    from pypdf import PdfReader

    from tests.conftest import decode_qr_codes

    return {path.relative_to(out).as_posix(): {
        code for page in range(len(PdfReader(path).pages))
        for code in decode_qr_codes(path, page)} for path in sorted(out.rglob("*.pdf"))}


RESTROOM = ("--format", "poster", "--format", "sticker", "--format", "pocket-card",
            "--format", "brochure")


@pytest.mark.skipif(__import__("shutil").which("pdftotext") is None,
                    reason="needs pdftotext from Debian's poppler-utils")
def test_a_restroom_poster_and_sticker_printing_the_first_number_are_reprinted(
        kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    """The restroom poster and sticker name no line (they print no line whole) but print the
    first line's number and its QR code: a change of that number makes them wrong too."""
    edit(kit / "site.yaml", "brand_color:", "poster_discreet: true\nsticker_discreet: true\n"
         "brand_color:")
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, *RESTROOM, "--no-previews").code == 0
    texts = pdftotext_digits(out)
    printing = {file for file, text in texts.items() if "18007997233" in text}
    assert {"en/poster-letter.pdf", "en/sticker.pdf"} <= printing  # office, shop, screen
    edit(kit / "resources.yaml", "phone: 1-800-799-7233", "phone: 1-800-799-7000")
    result = run("changes", kit, "--since", out, "--json")
    assert result.code == 1, result.err
    report = json.loads(result.out)
    assert {file for piece in report["reprint"] for file in piece["files"]} == printing
    assert {file for piece in report["still_right"] for file in piece["files"]} == \
        set(texts) - printing
    assert report["lines"] == [{
        "name": "National Domestic Violence Hotline", "change": "changed",
        "details": ["number 1-800-799-7233 -> 1-800-799-7000",
                    "QR code tel:+18007997233 -> tel:+18007997000"]}]


def test_a_qr_code_that_now_does_another_thing_is_a_reprint(kit: Path, tmp_path: Path,
                                                            run) -> None:  # noqa: ANN001
    """`qr: sms` instead of `qr: tel` changes no number a piece prints, but every QR code
    that called the line: exactly the pieces whose QR codes (decoded) call it are wrong."""
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, *RESTROOM, "--no-previews",
               "--target", "office").code == 0
    codes = qr_codes(out)
    calling = {file for file, found in codes.items() if "tel:+18007997233" in found}
    assert len(calling) == 4
    edit(kit / "resources.yaml", "qr: tel ", "qr: sms ")
    report = json.loads(run("changes", kit, "--since", out, "--json").out)
    assert {file for piece in report["reprint"] for file in piece["files"]} == calling
    assert report["lines"][0]["details"] == ["QR code tel:+18007997233 -> SMSTO:88788:START"]


def test_a_renamed_line_is_said_renamed_and_a_new_check_date_is_no_reprint(
        kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, "--format", "pocket-card", "--no-previews",
               "--target", "office").code == 0
    edit(kit / "resources.yaml", "verified: 2026-11-01  #", "verified: 2026-11-20  #")
    edit(kit / "resources.yaml", "phone: 1-800-799-7233", "phone: (800) 799-7233")
    assert run("changes", kit, "--since", out).code == 0
    edit(kit / "resources.yaml", "en: National Domestic Violence Hotline",
         "en: The Hotline")
    report = json.loads(run("changes", kit, "--since", out, "--json").out)
    assert report["lines"] == [{"name": "National Domestic Violence Hotline",
                                "change": "changed",
                                "details": ["name 'National Domestic Violence Hotline' -> "
                                            "'The Hotline'"]}]
    assert [piece["files"] for piece in report["reprint"]] == [["en/pocket-card.pdf"]]
