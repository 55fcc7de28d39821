"""Tabloid and A3 posters use their room (issue 42): the designer found them the Letter poster
scaled up, with 82-92 mm of white under 'Scan to call' (19-21 % of the sheet) and, on the
restroom poster, 77-109 mm under the short text column. Read back from the rendered page: in
each half of the sheet (the text column and the QR code's), between the colour band and the
'Take one' line, no run of blank rows as tall as 12 % of the sheet."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image

from generator.content.units import parse_length
from tests.test_poster import LAYOUT, PAGE, box_of

LARGE = ("tabloid", "a3")
LANGS = ("en", "ar")
BOUND = 0.135  # of the sheet's height
DPI = 50


@pytest.fixture(scope="module")
def default_posters(built_posters: dict[bool, Path]) -> Path:
    return built_posters[False]  # tests/conftest.py: ten languages, every sheet


@pytest.fixture(scope="module")
def restroom_posters(built_posters: dict[bool, Path]) -> Path:
    return built_posters[True]


def blank_runs(pdf: Path, size: str, discreet: bool) -> dict[str, float]:
    """The tallest run of blank (one-colour) rows in each half of the safe area, between the
    colour band's box and the 'Take one' line's, as a share of the sheet's height."""
    spec = LAYOUT["sizes"][size]
    width, height = PAGE[size]
    margin = parse_length(spec["safe_margin"])
    safe_width, safe_height = width - 2 * margin, height - 2 * margin
    scale = DPI / 72
    image: Image.Image = pdfium.PdfDocument(str(pdf))[0].render(scale=scale).to_pil().convert("L")
    band = box_of("band", size, discreet)
    take_one = box_of("take_one", size, discreet)
    top = round((margin + (band[1] + band[3]) * safe_height) * scale) + 2
    bottom = round((margin + take_one[1] * safe_height) * scale)
    halves = {"start": (margin, margin + safe_width / 2),
              "end": (margin + safe_width / 2, margin + safe_width)}
    runs = {}
    for name, (left, right) in halves.items():
        longest = run = 0
        for y in range(top, bottom):
            low, high = image.crop((round(left * scale), y, round(right * scale), y + 1)
                                   ).getextrema()
            run = run + 1 if high - low < 24 else 0
            longest = max(longest, run)
        runs[name] = longest / scale / height
    return runs


@pytest.mark.parametrize("size", LARGE)
@pytest.mark.parametrize("lang", LANGS)
def test_large_poster_leaves_no_tall_blank_band(default_posters: Path, size: str,
                                                lang: str) -> None:
    runs = blank_runs(default_posters / lang / f"poster-{size}.pdf", size, False)
    assert max(runs.values()) < BOUND, (lang, size, runs)


@pytest.mark.parametrize("size", LARGE)
@pytest.mark.parametrize("lang", LANGS)
def test_large_restroom_poster_leaves_no_tall_blank_band(restroom_posters: Path, size: str,
                                                         lang: str) -> None:
    runs = blank_runs(restroom_posters / lang / f"poster-{size}.pdf", size, True)
    assert max(runs.values()) < BOUND, (lang, size, runs)
