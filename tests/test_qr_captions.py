"""Every QR code on the sticker, the poster (the restroom one too) and the brochure (its
tri-fold and a short article's bi-fold) says what scanning does, in the piece's language,
next to the code (issue 42: "QR codes always captioned"). The code is found where zxing-cpp
reads it on pdfium's rendering; the caption's characters where pdfium reads them."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import zxingcpp

from generator.i18n.localize import load_strings
from tests.conftest import DEFAULT_CONTENT, char_boxes, default_kit_in, edit
from tests.notes_truth import spaceless
from tests.test_brochure_design import BRIEF
from tests.test_where_lines_print import run_cli

LANGS = ("en", "ar", "zh-Hans", "th", "ru")
NEAR = 72.0  # points between the code (its quiet zone included) and its caption, at most


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The default kit's sticker, poster and brochure, its restroom sticker and poster, and
    a short article's brochure (a bi-fold), in five scripts."""
    root = tmp_path_factory.mktemp("captions")
    plain = default_kit_in(root / "content-plain", LANGS)
    restroom = default_kit_in(root / "content-restroom", LANGS)
    with (restroom / "site.yaml").open("a", encoding="utf-8") as site:
        site.write("poster_discreet: true\nsticker_discreet: true\n")
    short = default_kit_in(root / "content-short", ("en", "ar", "zh-Hans", "th"))
    for old in (short / "articles").iterdir():
        old.unlink()
    for article in BRIEF.iterdir():
        shutil.copy(article, short / "articles" / article.name)
    edit(short / "site.yaml", "article: trauma-bonding", "article: brief")
    for name, content, formats in (("plain", plain, ("sticker", "poster", "brochure")),
                                   ("restroom", restroom, ("sticker", "poster")),
                                   ("short", short, ("brochure",))):
        args = [arg for fmt in formats for arg in ("--format", fmt)]
        code, err = run_cli("build", content, "--out", root / name, "--no-previews",
                            "--target", "shop", *args)
        assert code == 0, err
    return root


def codes(pdf: Path, page: int) -> list[tuple[float, float, float, float]]:
    """Each QR code's box (left, bottom, right, top) in points, as zxing-cpp finds it."""
    document = pdfium.PdfDocument(str(pdf))[page]
    scale = 3
    image = document.render(scale=scale).to_pil().convert("L")
    height = document.get_height()
    found = []
    for result in zxingcpp.read_barcodes(image):
        if result.format != zxingcpp.BarcodeFormat.QRCode:
            continue
        points = [result.position.top_left, result.position.top_right,
                  result.position.bottom_left, result.position.bottom_right]
        xs, ys = [p.x / scale for p in points], [height - p.y / scale for p in points]
        found.append((min(xs), min(ys), max(xs), max(ys)))
    return found


def caption_distance(pdf: Path, page: int, caption: str,
                     code: tuple[float, float, float, float]) -> float:
    """How far the nearest whole caption's characters stand from the code's box: a run of
    the page's characters holding the caption's letters and digits (in whatever order a
    shaped script's marks are read back)."""
    boxes = [box for box in char_boxes(pdf, page) if spaceless(box[0])]
    wanted = Counter(spaceless(caption))
    size = sum(wanted.values())
    best = float("inf")
    for start in range(len(boxes) - size + 1):
        found = boxes[start:start + size]
        if Counter("".join(box[0] for box in found)) != wanted:
            continue
        left, bottom = min(b[1] for b in found), min(b[2] for b in found)
        right, top = max(b[3] for b in found), max(b[4] for b in found)
        dx = max(code[0] - right, left - code[2], 0.0)
        dy = max(code[1] - top, bottom - code[3], 0.0)
        best = min(best, (dx * dx + dy * dy) ** 0.5)
    return best


PIECES = [("plain", "sticker-shop.pdf", 0), ("plain", "poster-letter-shop.pdf", 0),
          ("plain", "brochure-shop.pdf", 0), ("restroom", "sticker-shop.pdf", 0),
          ("restroom", "poster-letter-shop.pdf", 0), ("short", "brochure-shop.pdf", 0)]


@pytest.mark.parametrize(("kit", "name", "page"), PIECES)
def test_every_qr_code_says_what_scanning_does_beside_it(kits: Path, kit: str, name: str,
                                                         page: int) -> None:
    langs = LANGS if kit != "short" else ("en", "ar", "zh-Hans", "th")
    for lang in langs:
        pdf = kits / kit / lang / name
        caption = load_strings(lang, DEFAULT_CONTENT)["scan_tel"]
        found = codes(pdf, page)
        assert found, (kit, name, lang)
        for code in found:
            distance = caption_distance(pdf, page, caption, code)
            assert distance <= NEAR, (kit, name, lang, distance)
