"""The office sheet of stickers says what it is printed on in the printer's language, in type
that can be read.

Issue 42: a designer read "6 a Letter sheet" in the footer of the sticker sheet; then (the
review of main at 7.5) a footer that mixed languages, the Russian sheet saying "Для 3⅓ in
round labels, six to a sheet (as Avery 5295, ...)" (layouts/stock.yaml's English title in
a translated sentence), at 6.5 pt. Read back from the office PDF of the sixteen-language
kit with `office_language: kit` (each sheet in its own language), on Letter and A4: the
footer's glyphs are the ones outside every label of the stock (its circles worked out from
layouts/stock.yaml); they hold the sentence print_for_labels says in that language
(generator/locales/), filled from stock.yaml's label size, products and columns × rows,
none of the stock's English title in another language, at 7 pt at least, on one line.
"""

from __future__ import annotations

import ctypes
import math
import unicodedata
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
import yaml

from generator.content.placeholders import substitute
from generator.i18n.localize import load_strings
from tests.conftest import INVISIBLE_RENDER_MODES, glyphs_only
from tests.notes_truth import spaceless
from tests.test_sticker import label_circles
from tests.test_sticker_foot import LANGUAGES, sixteen_language_kit
from tests.test_where_lines_print import run_cli

ROOT = Path(__file__).resolve().parent.parent
STOCKS = yaml.safe_load((ROOT / "layouts" / "stock.yaml").read_text(encoding="utf-8"))
PAPERS = {"letter": ("round-3.3in-6up", 792.0), "a4": ("round-85mm-6up", 841.89)}
READABLE = 7.0  # pt: the least a sheet's footer prints at


@pytest.fixture(scope="module", params=list(PAPERS))
def sheets(request: pytest.FixtureRequest,
           tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path, Path]:
    paper = request.param
    root = tmp_path_factory.mktemp(f"sticker-sheet-{paper}")
    kit = sixteen_language_kit(root / "kit", paper, "office_language: kit\n")
    code, err = run_cli("build", kit, "--out", root / "out", "--no-previews", "--format",
                        "sticker", "--target", "office")
    assert code == 0, err
    return paper, kit, root / "out"


def footer_glyphs(pdf: Path, paper: str) -> list[tuple[str, float, float, float]]:
    """(char, size, x, y) of every glyph drawn outside the stock's labels, in drawing order
    (the page read without its /ActualText, where each glyph is drawn)."""
    stock, height = PAPERS[paper]
    circles = label_circles(stock, height)
    page = glyphs_only(pdf)[0]
    text = page.get_textpage()
    found = []
    for index in range(text.count_chars()):
        char = text.get_text_range(index, 1)
        drawn = pdfium_c.FPDFText_GetTextObject(text.raw, index)
        if not char.strip() or (drawn and pdfium_c.FPDFTextObj_GetTextRenderMode(drawn)
                                in INVISIBLE_RENDER_MODES):
            continue  # an anchor right-to-left text is read from, drawn with no ink
        left, bottom, right, top = text.get_charbox(index)
        x, y = (left + right) / 2, (bottom + top) / 2
        if any(math.hypot(x - cx, y - cy) <= radius for cx, cy, radius in circles):
            continue
        origin_x, origin_y = ctypes.c_double(), ctypes.c_double()
        pdfium_c.FPDFText_GetCharOrigin(text.raw, index, origin_x, origin_y)
        found.append((char, pdfium_c.FPDFText_GetFontSize(text.raw, index), origin_x.value,
                      origin_y.value))
    return found


def letters(text: str) -> str:
    """Letters and digits, "⅓" as the "1⁄3" a reader may give for it."""
    return spaceless(unicodedata.normalize("NFKD", text))


def said_for(paper: str, kit: Path, lang: str) -> str:
    """print_for_labels in `lang`, filled from layouts/stock.yaml."""
    stock = STOCKS[PAPERS[paper][0]]
    return substitute(load_strings(lang, kit)["print_for_labels"], {
        "size": stock["label_size"], "products": stock["products"],
        "count": stock["columns"] * stock["rows"]})


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_footer_says_the_labels_in_the_sheets_language(sheets: tuple[str, Path, Path],
                                                            lang: str) -> None:
    """The page's text (pdfium, as a reader gets it): the labels hold none of it."""
    paper, kit, out = sheets
    page = letters(pdfium.PdfDocument(str(out / lang / "sticker.pdf"))[0].get_textpage()
                   .get_text_range())
    assert letters(said_for(paper, kit, lang)) in page, (paper, lang, page[-300:])
    assert letters(load_strings(lang, kit)["print_one_sided"]) in page, (paper, lang)
    if lang != "en":  # nothing of stock.yaml's English title in another language
        title = STOCKS[PAPERS[paper][0]]["title"]
        assert letters(title.split(",")[0]) not in page, (paper, lang, page[-300:])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_footer_is_readable_and_on_one_line(sheets: tuple[str, Path, Path],
                                               lang: str) -> None:
    """7 pt at least, every glyph; one line: along the bottom, every glyph's baseline at
    one height, or up the left margin, at one distance from the edge."""
    paper, _, out = sheets
    glyphs = footer_glyphs(out / lang / "sticker.pdf", paper)
    sizes = [size for _, size, *_ in glyphs]
    assert min(sizes) >= READABLE - 0.01, (paper, lang, min(sizes))
    xs, ys = [x for *_, x, _ in glyphs], [y for *_, y in glyphs]
    spread = min(max(xs) - min(xs), max(ys) - min(ys))
    assert spread < 0.6 * READABLE, (paper, lang, round(spread, 1))


def test_the_sheet_counts_its_labels(sheets: tuple[str, Path, Path]) -> None:
    """In English: how many to a sheet, from stock.yaml's columns and rows (the first
    designer read "6 a Letter sheet")."""
    paper, _, out = sheets
    footer = letters(pdfium.PdfDocument(str(out / "en" / "sticker.pdf"))[0].get_textpage()
                     .get_text_range())
    stock = STOCKS[PAPERS[paper][0]]
    assert f"{stock['columns'] * stock['rows']}toasheet" in footer, (paper, footer)
