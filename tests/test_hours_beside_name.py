"""A line's hours are the line's (all its ways to reach it), so they print with its name: on
the name's row or the row right under it, never after the texting line or the web address,
where they read as that row's hours ("Text START to 88788 · 24/7" on the folding card,
"thehotline.org · 24/7" in large print: a designer's review of issue 42).

Read back with poppler's pdftotext (an independent reader), one strip of the folding card's
backs and large print's first page, against the content's hours in the catalogue's wording.

Not yet on the folding card (FOLD_NOT_YET): its hours still follow the texting line. On the
name's row (" · 24/7", a span that may wrap) or under the name (a detail of its own), the
US strip's list no longer holds its sizes: names at their details' 10 pt in ar, th, fa (and
hi, vi, ur, bn under the name), Thai numbers at 14.5 pt, not 20 (test_fold_type_steps,
test_fold_scale): the fit gives the sizes up before the hours.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from generator.layout.compose import hours_text
from generator.pipeline.kit_checks import load_checked_kit
from tests.conftest import built_formats, card_printed_name, default_kit_in

LANGUAGES = ("en", "ar", "zh-Hans", "hi")
LAYOUTS = {"pocket-fold": 1, "large-print": 0}  # the page that prints the lines
SEPARATORS = "·・"
FOLD_NOT_YET = {"pocket-fold"}

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None,
                                reason="needs pdftotext (poppler-utils)")


@pytest.fixture(scope="module")
def content(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return default_kit_in(tmp_path_factory.mktemp("hours") / "content", LANGUAGES)


@pytest.fixture(scope="module")
def built(content: Path) -> Path:
    return built_formats(content, LAYOUTS)


def spaceless(text: str) -> str:
    """Text without spaces, bidi marks and compatibility forms: what a reader's rows and the
    source compare on."""
    folded = unicodedata.normalize("NFKC", text)
    return "".join(char for char in folded
                   if not char.isspace() and unicodedata.category(char) != "Cf")


def printed_rows(pdf: Path, page_index: int, strip: bool) -> list[str]:
    """pdftotext's rows of the page (of its first strip, where the sheet holds two)."""
    page = pdfium.PdfDocument(str(pdf))[page_index]
    width, height = page.get_size()
    crop = ["-x", "0", "-y", "0", "-W", str(int(width / 2)), "-H", str(int(height))] \
        if strip else []
    text = subprocess.run(["pdftotext", "-layout", "-f", str(page_index + 1),
                           "-l", str(page_index + 1), *crop, str(pdf), "-"],
                          capture_output=True, text=True, check=True).stdout
    return [row for row in text.splitlines() if row.strip()]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_lines_hours_print_with_its_name(content: Path, built: Path, layout: str,
                                          lang: str, request: pytest.FixtureRequest) -> None:
    if layout in FOLD_NOT_YET:
        request.applymarker(pytest.mark.xfail(strict=True, reason="hours after texting line"))
    kit = load_checked_kit(content)
    strings = kit.strings[lang]
    captions = [spaceless(value) for key, value in strings.items() if key.startswith("scan_")]
    rows = printed_rows(built / lang / f"{layout}.pdf", LAYOUTS[layout],
                        strip=layout == "pocket-fold")
    read = "".join(spaceless(row) for row in rows)
    for caption in sorted(captions, key=len, reverse=True):  # a QR code's, beside the lines
        read = read.replace(caption, "")
    checked = 0
    for resource in kit.resources:
        hours = hours_text(resource.hours_in(lang), strings, lang)
        if resource.emergency or not hours or not (resource.phone or resource.text):
            continue
        name = resource.name_in(lang, strings)
        if layout == "pocket-fold":
            name = card_printed_name(name, resource.phone.raw if resource.phone else None)
        beside = re.escape(spaceless(name)) + f"[{SEPARATORS}]?" + re.escape(spaceless(hours))
        assert re.search(beside, read), (layout, lang, name, hours, rows)
        checked += 1
    assert checked >= 2, (layout, lang, "the default kit's lines have hours")
