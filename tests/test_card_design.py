"""The pocket card as a designer checks it: 4 mm of margin to the trim (the folding card's
strips 3.5 mm: print-and-safety.md asks 3), no type below 8 pt
(9 pt in scripts whose letters join or stack), the ways to reach a line in words ("Text
START to 88788", "TTY: ..."), the number the largest thing on the back, and air between the
lines and what is set under them. Everything is measured on the PDF."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.commands.cli import main
from tests.conftest import (
    DEFAULT_CONTENT,
    beyond_bleed,
    bleed_box,
    char_boxes,
    drawn_text,
    drawn_text_sizes,
    edit,
    glyphs_only,
)

MM = 72 / 25.4
MARGIN = 4 * MM
# The folding card's strips keep 3.5 mm (0d48794, 03598f4): print-and-safety.md asks 3 mm.
MARGINS = {"pocket-card": MARGIN, "pocket-fold": 3.5 * MM}
GLYPH_SLACK = 1.0  # a glyph's box may reach a hair past where its line starts (the tail of
# a Hebrew qof at the start of a 16.5 pt title: 0.84 pt)
# design.md: 8 pt in Latin, Cyrillic, Greek, Hebrew and CJK; 9 pt in Arabic, Persian, Urdu,
# Devanagari, Bengali, Thai: by the script a text is written in (a web address on an
# Arabic card's number row is Latin, 8 pt: generator/layout/beside_rows.py)
FLOORS = {"en": 8.0, "zh-Hans": 8.0, "ar": 9.0, "hi": 9.0, "he": 8.0}
LATIN_FLOOR = 8.0
# letters that join or whose marks stack (their shaped glyphs may read back as private-use
# characters: counted with them)
FINE_MARKS = re.compile("[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff"
                        "\u0900-\u097f\u0980-\u09ff\u0e00-\u0e7f\ue000-\uf8ff]")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("cards")
    content = root / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    edit(content / "site.yaml", "languages: [en, es, ar, zh-Hans]",
         "languages: [en, ar, zh-Hans, hi, he]")
    out = root / "out"
    assert main(["build", str(content), "--out", str(out), "--format", "pocket-card",
                 "--format", "pocket-fold", "--target", "all", "--no-previews"]) == 0
    return out


def trim(pdf: Path, page_index: int) -> tuple[float, float, float, float]:
    return tuple(float(v) for v in PdfReader(pdf).pages[page_index]["/TrimBox"])


@pytest.mark.parametrize("lang", FLOORS)
@pytest.mark.parametrize("layout", ["pocket-card", "pocket-fold"])
def test_text_keeps_its_margin_from_the_trim(built: Path, lang: str, layout: str) -> None:
    pdf = built / lang / f"{layout}-shop.pdf"
    margin = MARGINS[layout]
    for page_index in (0, 1):
        left, bottom, right, top = trim(pdf, page_index)
        boxes = char_boxes(pdf, page_index)
        assert boxes
        for char, x0, y0, x1, y1 in boxes:
            assert x0 >= left + margin - GLYPH_SLACK and x1 <= right - margin + GLYPH_SLACK, \
                (page_index, char, x0 - left, right - x1)
            assert y0 >= bottom + margin - GLYPH_SLACK and y1 <= top - margin + GLYPH_SLACK, \
                (page_index, char, y0 - bottom, top - y1)


def text_sizes(pdf: Path, page_index: int) -> list[tuple[float, str]]:
    """(size in points, text) of every piece of text drawn in ink on the page."""
    return [(size, text) for size, text, _ in drawn_text_sizes(pdf, page_index)]


@pytest.mark.parametrize("lang", FLOORS)
@pytest.mark.parametrize("layout", ["pocket-card", "pocket-fold"])
def test_no_type_below_the_scripts_floor(built: Path, lang: str, layout: str) -> None:
    for page_index in (0, 1):
        sizes = text_sizes(built / lang / f"{layout}-shop.pdf", page_index)
        assert sizes
        for size, text in sizes:
            floor = FLOORS[lang] if FINE_MARKS.search(text) else LATIN_FLOOR
            assert size >= floor - 0.01, (size, text)


@pytest.mark.parametrize("lang", FLOORS)
def test_the_number_is_the_largest_type_on_the_back(built: Path, lang: str) -> None:
    sizes = text_sizes(built / lang / "pocket-card-shop.pdf", 1)
    largest = max(size for size, _ in sizes)
    numbers = [size for size, text in sizes if "799" in text]
    assert numbers and max(numbers) == pytest.approx(largest)


@pytest.mark.parametrize("layout", ["pocket-card", "pocket-fold"])
def test_ways_to_reach_a_line_are_printed_words(built: Path, layout: str) -> None:
    """"Text START to 88788" and "TTY: 1-800-787-3224" in ink, as on every other piece:
    a picture alone, with its word drawn unseen, told a reader nothing."""
    pdf = built / "en" / f"{layout}-shop.pdf"
    shown = " ".join(drawn_text(pdf, 1).split())
    for expected in ("Text START to 88788", "TTY: 1-800-787-3224", "Text 988"):
        assert expected in shown, (expected, shown)
    content = PdfReader(pdf).pages[1].get_contents()
    assert b"3 Tr" not in content.get_data()  # nothing on a left-to-right back is unseen


def lines_of(pdf: Path, page_index: int) -> list[tuple[float, float, str]]:
    """(ink bottom, ink top, text) of each line of visible text, top to bottom: glyphs
    grouped by the baseline they stand on (pdfium's char origins), so that letters reaching
    below it (Arabic's, descenders) stay with their line; their text as drawn (a right to
    left line's in visual order)."""
    import pypdfium2.raw as pdfium_c

    text = glyphs_only(pdf)[page_index].get_textpage()  # each glyph's box where it is drawn
    bleed = bleed_box(pdf, page_index)
    rows: dict[float, list[tuple[str, float, float]]] = {}
    for index in range(text.count_chars()):
        char = text.get_text_range(index, 1)
        if not char.strip() or beyond_bleed(text.get_charbox(index), bleed):  # slug line
            continue
        x, y = pdfium_c.c_double(), pdfium_c.c_double()
        pdfium_c.FPDFText_GetCharOrigin(text.raw, index, x, y)
        _, bottom, _, top = text.get_charbox(index)
        rows.setdefault(round(y.value), []).append((char, bottom, top))
    return sorted(((min(b for _, b, _ in row), max(t for _, _, t in row),
                    "".join(c for c, _, _ in row)) for row in rows.values()), reverse=True)


@pytest.mark.parametrize("lang", ["en", "ar", "hi"])
def test_air_between_the_lines_and_what_is_under_them(built: Path, lang: str) -> None:
    """The last line's last row and the card's line or safety note under it: at least 3 pt
    between the ink of the one and the ink of the other (the Arabic card had them touching),
    and the safety note, naming the emergency number, last."""
    pdf = built / lang / "pocket-card-shop.pdf"
    rows = lines_of(pdf, 1)
    last = next(row for row in reversed(rows) if "988" in row[2] and "911" not in row[2])
    below = [row for row in rows if row[1] < last[0]]
    assert below, rows
    under_top = max(top for _, top, _ in below)
    assert last[0] - under_top >= 3.0, (last, under_top)
    assert "911" in "".join(row[2] for row in below[-2:])  # the note names the number


def test_an_icons_word_on_an_outside_surface_is_checked(kit: Path, run) -> None:  # noqa: ANN001
    """The word an icon stands for is never printed, but screen readers say it and copied
    text keeps it: on the outside of a card it must be as discreet as printed words."""
    folder = kit / "layouts" / "pocket-card"
    shutil.copytree(Path(__file__).parent.parent / "layouts" / "pocket-card", folder)
    edit(folder / "front.j2", '<p style="cover">', '<p style="cover" icon="call" alt="Hotline">')
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1
    assert "hotline" in result.err.lower() and "front" in result.err
