"""Every right-to-left page is its left-to-right twin turned over: panels, colours and the
motif mirror exactly. Compared as pictures, with the text and the QR code taken off both
pages (words differ by language, and a QR code never mirrors)."""

from __future__ import annotations

import ctypes
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from PIL import Image, ImageChops, ImageOps

from generator.commands.cli import main
from tests.conftest import char_boxes, default_kit_in, shop_pdf

RTL_LANGUAGES = ("ar", "fa", "ur", "he")
FORMATS = ("pocket-card", "brochure", "pocket-fold", "poster", "safety-plan")
DIFFERENT = 40  # a pixel differs when a channel is off by more than this
# The poster's dashed tear line starts its dashes from the other end when mirrored.
TOLERANCE = 0.002


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("mirror")
    content, out = root / "content", root / "out"
    default_kit_in(content, ["en", *RTL_LANGUAGES])
    assert main(["build", str(content), "--out", str(out), "--target", "shop",
                 "--no-previews"]) == 0
    return out


SMALL = 12.0  # points: a line's icon, not a panel or the motif
THIN = 1.5  # points: a line to write on, under text that differs by language


def without_text_or_qr(pdf: Path, index: int) -> Image.Image:
    """The page drawn without its text objects, its black-filled shapes (QR modules) and
    what goes with the text: the small pictures before its lines, the lines to write on."""
    page = pdfium.PdfDocument(str(pdf))[index]
    for obj in list(page.get_objects(max_depth=1)):
        is_path = obj.type == pdfium_c.FPDF_PAGEOBJ_PATH
        if obj.type == pdfium_c.FPDF_PAGEOBJ_TEXT or (is_path and _with_the_text(obj)):
            page.remove_obj(obj)
        elif obj.type == pdfium_c.FPDF_PAGEOBJ_PATH:
            red, green, blue, alpha = (ctypes.c_uint() for _ in range(4))
            pdfium_c.FPDFPageObj_GetFillColor(obj.raw, red, green, blue, alpha)
            mode, stroke = ctypes.c_int(), ctypes.c_int()
            pdfium_c.FPDFPath_GetDrawMode(obj.raw, ctypes.byref(mode), ctypes.byref(stroke))
            # QR modules are 100 % black ink, which pdfium shows as a very dark grey
            if mode.value and max(red.value, green.value, blue.value) < 64:
                page.remove_obj(obj)
    page.gen_content()
    return page.render(scale=1).to_pil().convert("RGB")


def _with_the_text(obj: pdfium.PdfObject) -> bool:
    left, bottom, right, top = obj.get_bounds()
    width, height = right - left, top - bottom
    return max(width, height) < SMALL or min(width, height) < THIN


@pytest.mark.parametrize("layout", FORMATS)
@pytest.mark.parametrize("lang", RTL_LANGUAGES)
def test_right_to_left_pages_mirror_their_left_to_right_twins(built: Path, layout: str,
                                                              lang: str) -> None:
    english = shop_pdf(built / "en", layout)
    pages = len(pdfium.PdfDocument(str(english)))
    for index in range(pages):
        mirrored = ImageOps.mirror(without_text_or_qr(english, index))
        page = without_text_or_qr(shop_pdf(built / lang, layout), index)
        difference = ImageChops.difference(mirrored, page).convert("L").histogram()
        share = sum(difference[DIFFERENT:]) / sum(difference)
        assert share < TOLERANCE, f"{layout} page {index + 1} ({lang}): {share:.2%} differs"


# --- a right-to-left language havenprint has no catalogue for -------------------------------

SORANI_ARTICLE = """---
# Drafted without a native speaker: please review.
title: بۆچی جێهێشتن قورسە
card: تۆ تەنیا نیت، و هەستەکانت تێگەیشتنیان هەیە.
---

## چۆن یارمەتی وەربگریت

پێویست ناکات بە تەنیا ڕووبەڕووی ئەمە ببیتەوە. ڕاوێژکارانی ڕاهێنراو گوێت لێ دەگرن.
"""


ENGLISH_ARTICLE = """---
title: Why it can be hard to leave
card: You are not alone, and what you feel makes sense.
---

## How to get help

You do not have to face this alone. Trained advocates listen to you.
"""


@pytest.fixture(scope="module")
def sorani(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """English and Sorani Kurdish (ckb, Arabic script), which has no built-in catalogue or
    font of its own: a language a site adds."""
    root = tmp_path_factory.mktemp("sorani")
    content, out = root / "content", root / "out"
    default_kit_in(content, ["en", "ckb"])
    (content / "articles" / "trauma-bonding.ckb.md").write_text(SORANI_ARTICLE, "utf-8")
    # as short in English, so that both are made the same way (a short article's bi-fold)
    (content / "articles" / "trauma-bonding.en.md").write_text(ENGLISH_ARTICLE, "utf-8")
    site = content / "site.yaml"
    site.write_text(site.read_text("utf-8").replace(
        "  bn: সুস্থতার যোগাযোগ\n",
        "  bn: সুস্থতার যোগাযোগ\n  ckb: پەیوەندییەکانی تەندروستی\n"
        "revealing_words: {ckb: [توندوتیژی, پەناگە]}\n"), "utf-8")
    assert main(["build", str(content), "--out", str(out), "--target", "shop", "--no-previews",
                 "--format", "pocket-card", "--format", "brochure"]) == 0
    return out


@pytest.mark.parametrize("layout", ["pocket-card", "brochure"])
def test_a_right_to_left_language_a_site_adds_mirrors(sorani: Path, layout: str) -> None:
    english = shop_pdf(sorani / "en", layout)
    for index in range(len(pdfium.PdfDocument(str(english)))):
        mirrored = ImageOps.mirror(without_text_or_qr(english, index))
        page = without_text_or_qr(shop_pdf(sorani / "ckb", layout), index)
        difference = ImageChops.difference(mirrored, page).convert("L").histogram()
        share = sum(difference[DIFFERENT:]) / sum(difference)
        assert share < TOLERANCE, f"{layout} page {index + 1} (ckb): {share:.2%} differs"


def test_a_right_to_left_language_a_site_adds_sets_its_title_on_the_right(sorani: Path) -> None:
    """The card's front title starts at the right edge, where the English one starts at the
    left: as far from the right as the English title is from the left."""
    english = char_boxes(shop_pdf(sorani / "en", "pocket-card"), 0)
    sorani_title = char_boxes(shop_pdf(sorani / "ckb", "pocket-card"), 0, glyphs=True)
    width = pdfium.PdfDocument(str(shop_pdf(sorani / "en", "pocket-card")))[0].get_width()
    english_start = min(left for _, left, *_ in english)
    sorani_start = width - max(right for _, _, _, right, _ in sorani_title)
    assert abs(english_start - sorani_start) < 2, (english_start, sorani_start)
