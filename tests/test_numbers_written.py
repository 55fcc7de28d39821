"""How numbers are written (issue 40): every emergency number of the country, in any digits,
as the first line; an extension the QR code and links dial; full-width and mixed digits;
`phone: yes`, a number in scientific notation; `--country ""`. Read back from `check`,
`build` (pdftotext, QR codes decoded with zxing-cpp), the screen copy's links and the web
page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import decode_qr_codes, edit, page_texts


def _lines(kit: Path, body: str) -> None:
    (kit / "resources.yaml").write_text(f"resources:\n{body}", encoding="utf-8")


def _helpline_second(first: str) -> str:
    return (f"  - name: First\n    phone: \"{first}\"\n    verified: 2026-11-01\n"
            "  - name: Helpline\n    phone: 1-800-555-0142\n    verified: 2026-11-01\n")


# --- the emergency number as the first line ---------------------------------------------------

@pytest.mark.parametrize(("country", "number"), [
    ("US", "911"), ("US", "９１１"), ("US", "٩١١"), ("GB", "112"),
    ("GB", "999"), ("AU", "000"), ("FR", "17"), ("FR", "15"), ("DE", "110"),
    ("IN", "100"), ("CA", "911"),
])
def test_any_emergency_number_first_is_an_error(kit: Path, run, country: str,
                                                number: str) -> None:
    if country != "US":
        emergency = {"GB": "999", "AU": "000", "FR": "112", "DE": "112", "IN": "112",
                     "CA": "911"}[country]
        edit(kit / "site.yaml", "country: US", f"country: {country}")
        _lines(kit, f"  - name: First\n    phone: \"{number}\"\n    verified: 2026-11-01\n"
                    f"  - name: Helpline\n    phone: \"{_helpline(country)}\"\n"
                    f"    verified: 2026-11-01\n  - name: Emergency\n"
                    f"    phone: \"{emergency}\"\n    verified: 2026-11-01\n")
    else:
        _lines(kit, _helpline_second(number))
    result = run("check", kit)
    assert result.code == 1, result.err
    shown = "911" if number == "９１１" else number  # full width: the same digits
    assert (f"{kit / 'resources.yaml'}:2: the first line dials the emergency number {shown}: "
            "it prints largest and the QR code calls it; list 'Helpline' first") in result.err, \
        result.err


def _helpline(country: str) -> str:
    return {"GB": "0808 2000 247", "AU": "1800 737 732", "FR": "01 23 45 67 89",
            "DE": "030 1234567", "IN": "1800 180 1104", "CA": "1-866-863-0511"}[country]


def test_a_helpline_first_and_the_emergency_number_after_it_builds(kit: Path, run) -> None:
    _lines(kit, "  - name: Helpline\n    phone: 1-800-555-0142\n    verified: 2026-11-01\n"
                "  - name: Emergency\n    phone: \"٩١١\"\n    verified: 2026-11-01\n")
    result = run("check", kit)
    assert result.code == 0, result.err


# --- an extension the QR code and links dial ----------------------------------------------------

@pytest.mark.parametrize("written", ["614-555-0106 ext. 12", "614-555-0106 x12",
                                     "614-555-0106 #12"])
def test_an_extension_is_dialled_by_the_qr_code_and_the_links(kit: Path, run,
                                                              written: str) -> None:
    """The card printed "ext. 12" while its QR code and links dialled the switchboard."""
    _lines(kit, f"  - name: Intake line\n    phone: \"{written}\"\n    verified: 2026-11-01\n"
                "  - name: Emergency\n    phone: \"911\"\n    verified: 2026-11-01\n")
    out = kit.parent / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--target", "all",
                 "--no-previews")
    assert result.code == 0, result.err
    pdf = out / "en" / "pocket-card.pdf"
    back = " ".join(page_texts(pdf)[1].split())
    assert re.search(r"614-555-0106 (ext\. |x|#)12", back), back
    assert set(decode_qr_codes(pdf, 1)) == {"tel:+16145550106,12"}
    import pikepdf

    screen = out / "en" / "pocket-card-screen.pdf"
    with pikepdf.open(screen) as document:
        uris = {str(annot.A.URI) for page in document.pages for annot in page.get("/Annots", [])
                if "/A" in annot and "/URI" in annot.A}
    assert "tel:+16145550106,12" in uris, uris
    web_page = (out / "en" / "trauma-bonding.html").read_text(encoding="utf-8")
    assert 'href="tel:+16145550106,12"' in web_page


# --- how a number is written ------------------------------------------------------------------

def test_full_width_digits_print_as_the_digits_they_are(kit: Path, run) -> None:
    """`１-８００-５５５-０１４２` failed later as "a word wider than the slot"."""
    _lines(kit, "  - name: Helpline\n    phone: \"１-８００-５５５-０１４２\"\n"
                "    verified: 2026-11-01\n  - name: Emergency\n    phone: \"911\"\n"
                "    verified: 2026-11-01\n")
    out = kit.parent / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--no-previews")
    assert result.code == 0, result.err
    back = " ".join(page_texts(out / "en" / "pocket-card.pdf")[1].split())
    assert "1-800-555-0142" in back and "８" not in back, back


def test_digits_of_two_scripts_in_one_number_are_an_error(kit: Path, run) -> None:
    _lines(kit, "  - name: Helpline\n    phone: \"1-800-٥٥٥-0142\"\n    verified: 2026-11-01\n")
    result = run("check", kit)
    assert result.code == 1
    assert ("resources.yaml:3: Helpline: phone: '1-800-٥٥٥-0142' mixes the digits of two "
            "scripts, Western 0-9 and Arabic-Indic ٠-٩: write the whole number in one "
            "script's digits, e.g. 1-800-555-0142") in result.err, result.err


@pytest.mark.parametrize(("value", "said"), [
    ("yes", "phone: is read as yes/no (YAML reads yes, no, true, false, on and off so), not a "
            "phone number: write the line's number"),
    ("1.8007997233e9", "phone: '1.8007997233e9' is written as a spreadsheet shows a long "
                       "number (in scientific notation"),
    ("1.8e+10", "phone: is read as a number with a decimal point or an exponent (1.8e+10), "
                "not a phone number"),
])
def test_what_is_not_a_number_says_why(kit: Path, run, value: str, said: str) -> None:
    edit(kit / "resources.yaml", "phone: 1-800-799-7233", f"phone: {value}")
    result = run("check", kit)
    assert result.code == 1
    assert f"resources.yaml:29: National Domestic Violence Hotline: {said}" in result.err, \
        result.err
    assert "True" not in result.err and "spelled in letters" not in result.err


def test_an_empty_country_is_refused(kit: Path, run) -> None:
    sheet = kit.parent / "lines.csv"
    sheet.write_text("name,phone\nA Line,1-800-555-0142\n", encoding="utf-8")
    before = (kit / "resources.yaml").read_bytes()
    result = run("import", "csv", sheet, "--into", kit, "--country", "", "--force")
    assert result.code == 2
    assert "--country: '' is not a country whose phone numbers can be checked" in result.err
    assert (kit / "resources.yaml").read_bytes() == before
