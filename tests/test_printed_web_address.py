"""A line's web address prints as what a person types to reach the page its QR code opens:
the path, port and query kept (a red-team finding: `https://sites.google.com/view/...`
printed `sites.google.com`, which opens Google's own page, not the shelter's chat). Each
format's PDF is read back with pypdf and its words compared with the resources.yaml text."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import decode_qr_codes, edit, page_texts
from tests.notes_truth import needs_pdftotext

CHAT = "https://sites.google.com/view/riverside-chat"
PORTED = "https://thehotline.org:8443/x"
RESOURCES = f"""resources:
  - name: Sites Shelter Chat
    url: {CHAT}
    qr: url
    verified: 2026-11-01
  - name: Local line
    phone: (410) 889-7884
    url: {PORTED}
    verified: 2026-11-01
  - name: Emergency
    phone: "911"
    verified: 2026-11-01
"""
FILES = {"pocket-card": "pocket-card.pdf", "sticker": "sticker.pdf",
         "safety-plan": "safety-plan.pdf", "brochure": "brochure.pdf",
         "large-print": "large-print.pdf", "pocket-fold": "pocket-fold.pdf"}


def spaceless(text: str) -> str:
    return "".join(text.split())


@pytest.mark.parametrize("fmt", list(FILES))
def test_a_web_address_prints_whole_where_the_qr_code_opens_it(kit: Path, tmp_path: Path,
                                                                run, fmt: str) -> None:  # noqa: ANN001
    (kit / "resources.yaml").write_text(RESOURCES, encoding="utf-8")
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", fmt, "--no-previews")
    assert result.code == 0, result.err
    pdf = out / "en" / FILES[fmt]
    texts = [spaceless(text) for text in page_texts(pdf)]
    whole = "".join(texts)
    typed = "sites.google.com/view/riverside-chat"  # the url without https://
    assert typed in whole
    # never the host alone: every time the host prints, its path follows it
    assert whole.count("sites.google.com") == whole.count(typed)
    if fmt != "sticker":  # the sticker carries the first line alone
        assert "thehotline.org:8443/x" in whole  # its port and path
    # and the page that prints it has a QR code opening the same address
    page = next(index for index, text in enumerate(texts) if typed in text)
    if fmt in ("pocket-card", "sticker", "pocket-fold"):
        assert CHAT in decode_qr_codes(pdf, page, dpi=300) or any(
            CHAT in decode_qr_codes(pdf, index, dpi=300) for index in range(len(texts)))



def test_a_qr_code_too_long_for_the_poster_names_the_line(kit: Path, tmp_path: Path,
                                                           run) -> None:  # noqa: ANN001
    """The code is the first line's: its url is what to shorten, not the layout file."""
    (kit / "resources.yaml").write_text(RESOURCES, encoding="utf-8")
    result = run("build", kit, "--out", tmp_path / "out", "--format", "poster",
                 "--no-previews")
    assert result.code == 1
    said = [line for line in result.err.splitlines() if "slot 'qr'" in line]
    assert said, result.err
    assert said[0].startswith(f"{kit / 'resources.yaml'}:2: poster (poster), slot 'qr': "
                              f"the QR code for '{CHAT}' needs"), said
    assert "layout.yaml" not in said[0]


@needs_pdftotext
def test_a_web_address_with_a_path_reads_whole_in_arabic(kit: Path, tmp_path: Path,
                                                          run) -> None:  # noqa: ANN001
    """In a right-to-left paragraph the slash after the host was a neutral drawn at the
    paragraph's level: 'thehotline.org/get-help/?lang=ar' read back as 'thehotline.org'
    then 'get-help/?lang=ar/'. The address is one left-to-right run."""
    import re
    import subprocess

    edit(kit / "site.yaml", "languages: [en]", "languages: [ar]")
    edit(kit / "resources.yaml", "    url: https://www.thehotline.org\n",
         "    url: https://www.thehotline.org/get-help/?lang=ar\n")
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", "safety-plan", "--no-previews")
    assert result.code == 0, result.err
    controls = re.compile("[\u200e\u200f\u202a-\u202e\u2066-\u2069]")
    read = subprocess.run(["pdftotext", str(out / "ar" / "safety-plan.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout  # poppler's order
    text = controls.sub("", read)
    assert "thehotline.org/get-help/?lang=ar" in text, text
