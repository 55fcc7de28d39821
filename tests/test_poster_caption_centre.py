"""The QR code's caption stands centred on the code's modules (issue 42, the review of
19acfa4): it stood 3.4 mm off on Letter, 13 mm on the restroom Letter and 1.9 mm on Tabloid,
because its box, not the code, was centred (the code sits against the margin, its quiet
zone in it, or right-aligned in a wider box). Read back from the session's posters
(tests/conftest.py's `built_posters`: ten languages, four sheets, standard and restroom):
the caption's first line, read by pdfium's text objects, centred within CAPTION_OFF_MM of
the code zxing-cpp finds.
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest

from tests.conftest import qr_modules, text_objects

MM = 72 / 25.4
LANGS = ("en", "ar", "zh-Hans")  # left to right, mirrored, CJK: each sheet's own boxes
CAPTION_OFF_MM = 1.0


def upright_text(pdf: Path) -> list[tuple[float, float, float, float]]:
    """The bounds of each upright text object drawn in ink on the first page."""
    return [found.bounds for found in text_objects(pdfium.PdfDocument(str(pdf))[0])
            if found.inked and not found.turned]


@pytest.mark.parametrize("size", ("letter", "a4", "tabloid", "a3"))
@pytest.mark.parametrize("discreet", [False, True], ids=["standard", "restroom"])
def test_the_caption_stands_centred_on_the_code(built_posters: dict[bool, Path],
                                                discreet: bool, size: str) -> None:
    for lang in LANGS:
        pdf = built_posters[discreet] / lang / f"poster-{size}.pdf"
        left, bottom, right, _, _ = qr_modules(pdf, scale=2)
        under = [box for box in upright_text(pdf) if bottom - 35 * MM < box[3] <= bottom + 1
                 and box[2] > left and box[0] < right]
        assert under, (lang, size)
        first = max(box[3] for box in under)
        line = [box for box in under if box[3] > first - 3]  # the caption's first line
        centre = (min(box[0] for box in line) + max(box[2] for box in line)) / 2
        off = (centre - (left + right) / 2) / MM
        assert abs(off) <= CAPTION_OFF_MM, (lang, size, round(off, 1))
