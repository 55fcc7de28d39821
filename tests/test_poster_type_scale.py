"""One type scale a poster (issue 42: 11-15 sizes a poster, "Scan to call" at 28 pt over the
988 and 911 numbers at 27.4 pt, the French subtitle shrunk to body size, leading 1.2-1.3 in
every script). Read back from the PDF (pypdf: each text run's size and baseline; pdfium:
each glyph's baseline) on every sheet size, in a Latin, a right-to-left, a Chinese, a Thai
and an Indic kit:
- above the tear line, at most five sizes (number, headline, subtitle and the other lines'
  numbers, body, captions), six where the sheet's scale has a foot step (the date the lines
  were checked, on Tabloid and A3: issue 42's second review); the tabs, read close up once
  torn off, are a piece of their own;
- the number to call is the largest or the second largest (after the headline);
- the QR caption is smaller than every number above the tear line (988, 911, the main one);
- the subtitle (the card line) is larger than the safety note (body);
- lines of one paragraph in the text column: baselines 1.2 times the size apart or more in
  Latin, 1.5 in Arabic, Thai and Devanagari (0.02 for rounding);
- the QR code's column (its half of the safe area, between the colour band and 'Take one')
  has no run of blank rows as tall as 10 % of the sheet (Tabloid left 54-68 mm, 11-13 %,
  under 'Scan to call': tests/test_poster_large_sheets.py's measure, at every size)."""

from __future__ import annotations

import ctypes
import itertools
import unicodedata
from pathlib import Path

import pypdfium2.raw as pdfium_c
import pytest

from generator.content.units import parse_length
from tests.conftest import drawn_text_sizes, glyphs_only
from tests.test_poster import LAYOUT, PAGE, box_of
from tests.test_poster_large_sheets import blank_runs

LANGS = ("en", "fr", "ar", "zh-Hans", "th", "hi")
SIZES = ("letter", "a4", "tabloid", "a3")
MOST_SIZES = 5
LEADING = {"ar": 1.5, "th": 1.5, "hi": 1.5}  # else 1.2
SUBTITLE = {"en": "You are not alone", "fr": "On est là pour vous"}
BODY = {"en": "Use a phone the other", "fr": "Utilisez un téléphone"}
RESTROOM_SUBTITLE = {"en": "Free and private", "fr": "Gratuit et confidentiel"}
RESTROOM_BODY = {"en": "You decide what", "fr": "Vous décidez"}
QR_COLUMN_BLANK = 0.1  # of the sheet's height
# the standard poster's Tabloid and A3: the code level with the column's first line, the room
# under its caption is the column's foot above 'Take one' (issue 53), deliberately larger
QR_COLUMN_FOOT = 0.175  # measured 0.13-0.165 (before 0.05-0.08)
CAPTION = {"en": "Scan to call", "fr": "Scannez pour appeler", "zh-Hans": "扫码拨打电话"}
NUMBERS = ("18007997233", "988", "911")


@pytest.fixture(scope="module")
def posters(built_posters: dict[bool, Path]) -> dict[bool, Path]:
    return built_posters  # tests/conftest.py: ten languages, every sheet, both kits


def tear_line(size: str, discreet: bool) -> float:
    """The tabs' top edge, in PDF points from the page's foot."""
    spec = LAYOUT["sizes"][size]
    width, height = PAGE[size]
    margin = parse_length(spec["safe_margin"])
    tabs = box_of("tabs", size, discreet)
    return height - (margin + tabs[1] * (height - 2 * margin))


def band_foot(size: str, discreet: bool) -> float:
    """The colour band's foot, in PDF points from the page's foot (the text column starts
    under it: on Tabloid and A3 above 0.6 of the sheet's height since the band is 0.35 of
    the safe area)."""
    height = PAGE[size][1]
    margin = parse_length(LAYOUT["sizes"][size]["safe_margin"])
    return height - (margin + box_of("band", size, discreet)[3] * (height - 2 * margin))


def face_runs(pdf: Path, size: str, discreet: bool) -> list[tuple[float, str, float]]:
    line = tear_line(size, discreet)
    return [(round(s, 1), text, y) for s, text, y in drawn_text_sizes(pdf, 0) if y > line + 1]


def digits(text: str) -> str:
    return "".join(char for char in text if char.isdigit())


def has_a_foot_step(size: str, discreet: bool) -> bool:
    """Whether the sheet's scale sets the date the lines were checked a step under `small`
    (issue 42: foot text on Tabloid and A3, a sixth size; on Letter and A4 `small` itself)."""
    scale = dict(LAYOUT["sizes"][size]["type_scale"])
    if discreet:
        scale.update(LAYOUT["sizes"][size].get("type_scale_when", {}).get("poster_discreet", {}))
    return scale["foot"] < scale["small"]


CASES = [(discreet, lang, size) for discreet in (False, True) for lang in LANGS
         for size in SIZES]


@pytest.mark.parametrize(("discreet", "lang", "size"), CASES)
def test_one_scale_with_the_number_first(posters: dict[bool, Path], discreet: bool,
                                         lang: str, size: str) -> None:
    pdf = posters[discreet] / lang / f"poster-{size}.pdf"
    runs = face_runs(pdf, size, discreet)
    sizes = sorted({s for s, _, _ in runs}, reverse=True)
    assert len(sizes) <= MOST_SIZES + has_a_foot_step(size, discreet), (lang, size, sizes)
    number = max(s for s, text, _ in runs if "18007997233" in digits(text))
    assert number in sizes[:2], (lang, size, number, sizes)
    numbers = [s for s, text, _ in runs if digits(text.strip()) in NUMBERS
               and not any(char.isalpha() for char in text)]
    assert numbers, (lang, size)
    if lang in CAPTION:
        # (its first word: a caption as wide as the code may take two lines)
        caption = [s for s, text, _ in runs if CAPTION[lang].split()[0] in text]
        assert caption, (lang, size)
        assert max(caption) < min(numbers), (lang, size, caption, numbers)
    subtitles, bodies = (RESTROOM_SUBTITLE, RESTROOM_BODY) if discreet else (SUBTITLE, BODY)
    if lang in subtitles:
        subtitle = [s for s, text, _ in runs if text.strip().startswith(subtitles[lang])]
        body = [s for s, text, _ in runs if text.strip().startswith(bodies[lang])]
        assert subtitle and body, (lang, size)
        assert min(subtitle) > max(body), (lang, size, subtitle, body)
    blank = blank_runs(pdf, size, discreet)["start" if lang == "ar" else "end"]
    bound = QR_COLUMN_FOOT if not discreet and size in ("tabloid", "a3") else QR_COLUMN_BLANK
    assert blank < bound, (lang, size, round(blank, 3))


def column_spacings(pdf: Path, size: str, discreet: bool, rtl: bool) -> list[float]:
    """Each gap between consecutive baselines of letters of one size in the text column
    (the sheet's start half: its right in a right-to-left kit; under the band, above the
    tear line), over that size."""
    page = glyphs_only(pdf)[0]
    text = page.get_textpage()
    width = page.get_width()
    line = tear_line(size, discreet)
    band = band_foot(size, discreet)
    lines: dict[float, set[float]] = {}
    x, y = ctypes.c_double(), ctypes.c_double()
    for index in range(text.count_chars()):
        char = text.get_text_range(index, 1)
        if not char or unicodedata.category(char) not in ("Lo", "Ll", "Lu"):
            continue
        pdfium_c.FPDFText_GetCharOrigin(text.raw, index, x, y)
        if y.value < line or (x.value < width / 2 if rtl else x.value > width / 2) \
                or y.value > band:
            continue
        font_size = round(pdfium_c.FPDFText_GetFontSize(text.raw, index), 1)
        lines.setdefault(font_size, set()).add(round(y.value, 1))
    ratios = []
    for font_size, baselines in lines.items():
        for lower, upper in itertools.pairwise(sorted(baselines)):
            if 0.5 * font_size < upper - lower < 1.9 * font_size:
                ratios.append((upper - lower) / font_size)
    return ratios


@pytest.mark.parametrize(("discreet", "lang", "size"), CASES)
def test_column_leading_suits_the_script(posters: dict[bool, Path], discreet: bool, lang: str,
                                         size: str) -> None:
    ratios = column_spacings(posters[discreet] / lang / f"poster-{size}.pdf", size, discreet,
                             lang == "ar")
    assert ratios, (lang, size)
    assert min(ratios) >= LEADING.get(lang, 1.2) - 0.02, (lang, size, sorted(ratios)[:4])
