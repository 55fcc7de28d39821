"""The QR code's caption on an ISO pocket card's back stands in the code's own column, clear
of the lines beside it: a reviewer found it starting 3.5 mm from the end of a line's name
(ISO Hindi; 3.8 mm on a US Vietnamese card, not yet changed: see layout.yaml), a little
lower, so that it read as one row with the name. Read back from the print shop's PDF:
zxing-cpp gives the code's modules, pdfium the caption's glyphs (found by the catalogue's
string) and every other glyph beside it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import zxingcpp

from generator.i18n.localize import load_strings
from tests.conftest import DEFAULT_CONTENT, char_boxes
from tests.test_caption_gap import _runs

MM = 72 / 25.4
LANGS = ("en", "es", "ru", "vi")  # Hindi, shaped, reads back no letters to find it by
CLEAR_OF_THE_LINES = 4.0 * MM  # between the caption's ink and a line's, on its rows
ROUNDING = 0.3 * MM  # zxing's corners, read from a render at 4 px a point


@pytest.fixture(scope="module", params=["iso"])
def backs(request: pytest.FixtureRequest, built_card_backs: Callable[[str], Path]) -> Path:
    return built_card_backs(request.param)  # tests/conftest.py: CARD_LANGS


def _modules(pdf: Path) -> tuple[float, float]:
    """The code's modules' left and bottom edges, in points."""
    page = pdfium.PdfDocument(str(pdf))[1]
    scale = 4
    image = page.render(scale=scale).to_pil().convert("L")
    found = [result for result in zxingcpp.read_barcodes(image)
             if result.format == zxingcpp.BarcodeFormat.QRCode]
    assert found, pdf
    position = found[0].position
    corners = [position.top_left, position.top_right, position.bottom_left,
               position.bottom_right]
    return (min(p.x for p in corners) / scale,
            page.get_height() - max(p.y for p in corners) / scale)


@pytest.mark.parametrize("lang", LANGS)
def test_the_caption_stands_in_the_codes_column(backs: Path, lang: str) -> None:
    pdf = backs / lang / "pocket-card-shop.pdf"
    left, bottom = _modules(pdf)
    caption = load_strings(lang, DEFAULT_CONTENT)["scan_tel"]
    glyphs = char_boxes(pdf, 1, glyphs=True)
    runs = [run for run in _runs(glyphs, caption) if max(box[4] for box in run) < bottom]
    assert runs, (lang, caption)
    run = runs[0]
    ink_left = min(box[1] for box in run)
    low, high = min(box[2] for box in run), max(box[4] for box in run)
    assert ink_left >= left - ROUNDING, (lang, round((left - ink_left) / MM, 2))
    beside = [box for box in glyphs if box not in run and box[2] < high and box[4] > low
              and box[3] <= ink_left]
    if beside:
        gap = ink_left - max(box[3] for box in beside)
        assert gap >= CLEAR_OF_THE_LINES, (lang, round(gap / MM, 2))
