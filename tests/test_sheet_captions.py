"""An office sheet's print instructions, in its margin, in the language of whoever prints it:
the site's first language by default, another with `office_language: <code>`, each kit's own
with `office_language: kit`; shaped and set right to left where the language is, marked with
its language, inside the printable part of the sheet, with the month the lines were checked.

Read back with pdftotext (which honours /ActualText: Arabic and Devanagari come back in
reading order) from the bottom strip of the page, and with pdfium's glyph boxes.
"""

from __future__ import annotations

import re
import subprocess
import unicodedata
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from generator.i18n.localize import BUILTIN_DIR
from tests.conftest import char_boxes, default_kit_in, edit
from tests.test_text_extraction import needs_pdftotext

MM = 72 / 25.4
PRINTABLE = 5 * MM
LANGUAGES = ["en", "ar", "zh-Hans", "hi", "th"]
MONTH = {"en": "Nov 2026", "ar": "نوفمبر 2026", "zh-Hans": "2026年11月", "hi": "नव॰ 2026",
         "th": "พ.ย. 2026", "es": "nov 2026"}


def strings(lang: str) -> dict[str, str]:
    return yaml.safe_load((BUILTIN_DIR / f"{lang}.yaml").read_text(encoding="utf-8"))


def plain(text: str) -> str:
    """Its letters and digits: without spaces, punctuation (pdftotext reads the brackets and
    commas around a number in Arabic text in an order of its own) or direction marks."""
    return "".join(char for char in text if unicodedata.category(char)[0] in "LNM")


def margin_text(pdf: Path, page: int) -> str:
    """What pdftotext reads in the sheet's bottom 10 mm, or else up its left margin (where
    the caption goes when the bottom has no room for its letters and the cut marks)."""
    width, height = (round(float(v)) for v in PdfReader(pdf).pages[page - 1].mediabox[2:])
    strip = round(10 * MM)
    for x, y, w, h in ((0, height - strip, width, strip), (0, 0, strip, height)):
        text = subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), "-x", str(x),
                               "-y", str(y), "-W", str(w), "-H", str(h), str(pdf), "-"],
                              capture_output=True, text=True, check=True).stdout
        if text.strip():
            return text
    return ""


def expected(lang: str, page: int, stock_cut: str = "print_then_cut") -> list[str]:
    catalogue = strings(lang)
    flip = catalogue[f"print_{'fronts' if page == 1 else 'backs'}_long"]
    parts = [flip.replace("{page}", str(page)).replace("{pages}", "2")]
    if page == 1:
        parts.append(catalogue["print_lines_checked"].replace("{date}", MONTH[lang]))
    else:
        parts.append(catalogue[stock_cut])
    return [plain(part) for part in parts]


@pytest.fixture(scope="module")
def own_language(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Card sheets of five scripts, each kit's instructions in its own language."""
    root = tmp_path_factory.mktemp("own")
    content = default_kit_in(root / "content", LANGUAGES)
    edit(content / "site.yaml", "brand_color:", "office_language: kit\nbrand_color:")
    from generator.commands.cli import main
    assert main(["build", str(content), "--out", str(root / "out"), "--format", "pocket-card",
                 "--format", "pocket-fold", "--no-previews"]) == 0
    return root / "out"


@needs_pdftotext
@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_kit_prints_its_instructions_in_its_own_language(own_language: Path,
                                                              lang: str) -> None:
    for page in (1, 2):
        found = plain(margin_text(own_language / lang / "pocket-card.pdf", page))
        for part in expected(lang, page):
            assert part in found, (lang, page, part, found)
    fold = plain(margin_text(own_language / lang / "pocket-fold.pdf", 2))
    assert plain(strings(lang)["print_then_cut_fold"]) in fold


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_instructions_are_marked_with_their_language(own_language: Path, lang: str) -> None:
    """Screen readers speak the margin's words in their own language (/Span /Lang)."""
    reader = PdfReader(own_language / lang / "pocket-card.pdf")
    content = reader.pages[0].get_contents().get_data()
    assert f"/Span <</Lang ({lang})>> BDC".encode() in content


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_instructions_stay_in_the_printable_part_of_the_sheet(own_language: Path,
                                                                  lang: str) -> None:
    pdf = own_language / lang / "pocket-card.pdf"
    width, height = (float(v) for v in PdfReader(pdf).pages[0].mediabox[2:])
    for page in (0, 1):
        boxes = char_boxes(pdf, page, glyphs=True)
        bottom = [box for box in boxes if box[4] < 12 * MM]
        left = [box for box in boxes if box[3] < 12 * MM]
        margin = bottom or left
        assert margin and not (bottom and left), (lang, page)
        assert min(box[1] for box in margin) >= PRINTABLE - 0.5
        assert min(box[2] for box in margin) >= PRINTABLE - 0.5
        assert max(box[3] for box in margin) <= width - PRINTABLE + 0.5
        assert max(box[4] for box in margin) <= height - PRINTABLE + 0.5
        # one line, clear of the cut marks' ends (which stop 1.5 pt from the caption)
        across = [box[4] for box in margin] if bottom else [box[3] for box in margin]
        assert max(across) < 10 * MM


@needs_pdftotext
def test_by_default_every_kit_prints_the_sites_first_language(tmp_path: Path, run) -> None:  # noqa: ANN001
    content = default_kit_in(tmp_path / "content", ["en", "ar"])
    out = tmp_path / "out"
    assert run("build", content, "--out", out, "--format", "pocket-card", "--no-previews"
               ).code == 0
    for lang in ("en", "ar"):
        found = plain(margin_text(out / lang / "pocket-card.pdf", 1))
        assert all(part in found for part in expected("en", 1)), (lang, found)
    edit(content / "site.yaml", "brand_color:", "office_language: es\nbrand_color:")
    assert run("build", content, "--out", out, "--format", "pocket-card", "--no-previews"
               ).code == 0
    for lang in ("en", "ar"):
        found = plain(margin_text(out / lang / "pocket-card.pdf", 1))
        assert all(part in found for part in expected("es", 1)), (lang, found)


def test_an_office_language_that_is_no_language_code_is_an_error(kit: Path, run) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "brand_color:", "office_language: english please\nbrand_color:")
    result = run("check", kit)
    assert result.code == 1
    line = next(line for line in result.err.splitlines() if ": office_language:" in line)
    assert re.search(r"site\.yaml:\d+: office_language: 'english please' is not a language "
                     r"code such as en, es or zh-Hans, or `kit` for each kit's own", line), line


def test_an_office_language_no_font_draws_says_which_font_to_give(kit: Path, run) -> None:  # noqa: ANN001
    """Amharic needs a font the site gives: without one, the margin would print boxes."""
    edit(kit / "site.yaml", "brand_color:", "office_language: am\nbrand_color:")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1
    line = next(line for line in result.err.splitlines() if ": office_language:" in line)
    assert re.search(r"site\.yaml:\d+: office_language: am: the print instructions' "
                     r"characters .* in no configured font", line), line
    assert "fonts:" in line  # what to give


@pytest.mark.parametrize(("lang", "month"), [("en", "Nov 2026"), ("ru", "нояб. 2026 г."),
                                              ("es", "nov 2026")])
def test_the_checked_sentence_ends_with_one_full_stop(lang: str, month: str) -> None:
    """"Lines last checked Nov 2026." keeps its full stop; a month that is written with its
    own ("нояб. 2026 г.") ends the sentence without a second."""
    from generator.render.captions import caption_texts

    first = caption_texts(2, "long", False, False, None, month, strings(lang))[0]
    assert first.endswith(month if month.endswith(".") else f"{month}.")
    assert ".." not in first
