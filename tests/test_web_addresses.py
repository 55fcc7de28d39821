"""Web addresses a phone cannot open, or that are not what they look like, are refused on
their line; the scheme is read in any case and printed (and scanned) in small letters."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.content.web_address import web_address, web_address_problem
from generator.serve.field_checks import url_problem
from tests.conftest import decode_qr_codes, edit, page_texts

REFUSED = {
    "https://.": "not a name on the internet",
    "https://example": "not a name on the internet",
    "https://localhost": "not a name on the internet",
    "https://localhost:8080/admin": "not a name on the internet",
    "https://127.0.0.1": "a number address (IP)",
    "https://10.0.0.1/admin": "a number address (IP)",
    "https://[::1]/": "a number address (IP)",
    "https://[fe80::1]:8443/x": "a number address (IP)",
    "https://0x7f.0.0.1": "not a top-level domain",
    "https://example..org": "not a host name",
    "https://-example.org": "not a host name",
    "https://example-.org": "not a host name",
    "https://ex_ample.org": "not a host name",
    "https://example.org:0": "port 0",
    "https://exa mple.org": "has a space",
    "https://example.org/a b": "has a space",
    "https://ex\u0430mple.org": "mixes letters of Cyrillic and Latin",  # Cyrillic а
    "https://xn--exmple-4nf.org": "mixes letters of Cyrillic and Latin",  # the same, encoded
    "https://p\u0391ypal.com": "mixes letters of Greek and Latin",  # Greek capital Alpha
    # whole-script homographs: every letter another script's look-alike of a Latin one
    "https://\u0435\u0455\u0441\u0430\u0440\u0435.org":  # Cyrillic "escape"
        "written in Cyrillic letters that all look like Latin ones: it reads as 'escape'",
    "https://www.\u0415\u0405\u0421\u0410\u0420\u0415.org/help":  # in capitals
        "it reads as 'escape'",
    "https://\u0433\u0430\u0440\u0435-\u0441\u0433\u0456\u0455\u0456\u0455.org":
        "it reads as 'rape-crisis'",
    "https://xn--80ak6aa92e.com": "it reads as 'appie'",  # Cyrillic "аррӏе", encoded
    "https://\u03bf\u03c1.com": "written in Greek letters",
    "https://printer.local": "not a top-level domain",
    "https://intranet.internal/help": "not a top-level domain",
    "https://thehotline.test": "not a top-level domain",
    "https://thehotline.org@evil.example.net": "after an '@'",
    "https://user:secret@thehotline.org": "after an '@'",
}
ACCEPTED = ["https://www.thehotline.org", "http://example.org:8080/path?q=1#x",
            "https://a.b.example.co.uk", "https://bücher.de/", "https://пример.рф",
            "https://пример.com", "https://\u0455\u0441\u0430\u0440\u0435.рф",
            "https://ελλάδα.gr",
            "https://日本語ドメイン.jp", "https://example.xn--p1ai", "https://www.thehotline.org.",
            "HTTPS://WWW.THEHOTLINE.ORG", "Https://thehotline.org/Help"]


@pytest.mark.parametrize("address", sorted(REFUSED))
def test_an_address_a_phone_cannot_open_or_that_spoofs_is_refused(address: str) -> None:
    problem = web_address_problem(address)
    assert problem is not None and REFUSED[address] in problem, problem
    assert url_problem(address) is not None  # the web page's Lines page says so as typed


@pytest.mark.parametrize("address", ACCEPTED)
def test_a_public_address_is_accepted_with_its_scheme_in_small_letters(address: str) -> None:
    assert web_address_problem(address) is None
    assert url_problem(address) is None
    printed = web_address(address)
    assert printed.startswith(("https://", "http://"))
    assert printed[printed.index("://"):] == address[address.index("://"):]


@pytest.mark.parametrize(("address", "said"), [
    ("https://ex\u0430mple.org", "mixes letters of Cyrillic and Latin"),
    ("https://localhost", "not a name on the internet"),
    ("https://\u0435\u0455\u0441\u0430\u0440\u0435.org", "it reads as 'escape'"),
    ("https://10.0.0.1/admin", "a number address (IP)")])
def test_check_names_the_line_of_a_refused_address(kit: Path, run, address: str,  # noqa: ANN001
                                                   said: str) -> None:
    edit(kit / "resources.yaml", "url: https://www.thehotline.org", f"url: {address}")
    result = run("check", kit)
    assert result.code == 1
    assert (f"resources.yaml:32: National Domestic Violence Hotline: url: {address!r} is not "
            "a web address") in result.err
    assert said in result.err


@pytest.mark.parametrize(("address", "said"), [
    ("https://thehotline.org\u3002evil.com", "it opens 'thehotline.org.evil.com'"),
    ("https://\uff54\uff48\uff45hotline.org", "it opens 'thehotline.org'"),
    ("https://\uff45\uff58\uff41\uff4d\uff50\uff4c\uff45.org", "it opens 'example.org'"),
    ("https://the\u200bhotline.org", "it opens 'thehotline.org'"),
    ("https://thehotIine.org", "reads as 'thehotline.org', a national line's site, but opens "
                               "'thehotiine.org'"),
])
def test_a_host_written_otherwise_than_it_opens_is_refused(address: str, said: str) -> None:
    """Issue 40 verifier (D10): what is printed is what the QR code opens."""
    problem = web_address_problem(address)
    assert problem is not None and said in problem, problem


@pytest.mark.parametrize("address", ["https://LoveIsRespect.org/help",
                                     "https://www.TheHotline.org:443/x?y=1",
                                     "https://b\u00fccher.de"])
def test_a_host_in_capitals_or_another_script_is_still_accepted(address: str) -> None:
    assert web_address_problem(address) is None


def test_a_capital_scheme_prints_and_scans_in_small_letters(kit: Path, run,  # noqa: ANN001
                                                            tmp_path: Path) -> None:
    edit(kit / "resources.yaml", "url: https://www.thehotline.org",
         "url: HTTPS://www.thehotline.org/help")
    edit(kit / "resources.yaml", "qr: tel ", "qr: url ")
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--target", "shop",
                 "--no-previews")
    assert result.code == 0, result.err
    pdf = out / "en" / "pocket-card-shop.pdf"
    codes = [code for page in range(len(page_texts(pdf))) for code in decode_qr_codes(pdf, page)]
    assert "https://www.thehotline.org/help" in codes, codes
    assert not any("HTTPS" in code for code in codes)
