"""The poster's brand-colour band is padded on purpose: under its last text line's
descenders at least BOTTOM_SHARE of the colour above the headline's cap top, and never
under MIN_FOOT points, in every language and on every sheet, standard and restroom.

Read back from the PDF: the band's extent from the page's pixels of the brand colour, its
text from pdfium's glyph boxes (the characters inside the band)."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest

from tests.conftest import char_boxes

LANGUAGES = ("en", "es", "fr", "ar", "zh-Hans", "th", "ru", "hi", "ko", "vi")
SIZES = ("letter", "a4", "tabloid", "a3")
BRAND = (0x2F, 0x5D, 0x62)   # content/site.yaml's brand_color
BOTTOM_SHARE = 0.6
MIN_FOOT = 12.0
SCALE = 2   # pixels a point


@pytest.fixture(scope="module")
def posters(built_posters: dict[bool, Path]) -> dict[bool, Path]:
    return built_posters  # tests/conftest.py: ten languages, every sheet, both kits


def band_rows(pdf: Path) -> tuple[float, float, float]:
    """(page height, band top, band bottom) in points from the page's top edge: the run of
    brand-colour pixels down the sheet's left margin, from its top."""
    page = pdfium.PdfDocument(str(pdf))[0]
    height = page.get_height()
    image = page.render(scale=SCALE).to_pil().convert("RGB")

    def brand(x: int, y: int) -> bool:
        return all(abs(a - b) <= 6 for a, b in zip(image.getpixel((x, y)), BRAND, strict=True))

    # the band's left edge (the trim, or an office page's printable edge), a little inside
    # it: left of the safe area, where no text stands
    probe = 60 * SCALE
    edge = next((x for x in range(image.width // 4) if brand(x, probe)), None)
    assert edge is not None, f"{pdf}: no band of the brand colour"
    x = edge + 2 * SCALE
    rows = [y for y in range(image.height) if brand(x, y)]
    top = rows[0]
    bottom = top
    found = set(rows)
    while bottom + 1 in found:
        bottom += 1
    return height, top / SCALE, (bottom + 1) / SCALE


def band_padding(pdf: Path) -> tuple[float, float]:
    """(colour above the band's highest glyph, colour under its lowest), in points."""
    height, top, bottom = band_rows(pdf)
    inside = [box for box in char_boxes(pdf, 0, glyphs=True)
              if top < height - (box[2] + box[4]) / 2 < bottom]
    assert inside, f"{pdf}: no text on the band"
    ink_top = height - max(box[4] for box in inside)
    ink_bottom = height - min(box[2] for box in inside)
    return ink_top - top, bottom - ink_bottom


# Not yet: none. 44 of 80 posters had under 0.6 of the colour over the headline under the
# band's last line; since the headline stands at the top of its box (the spare colour
# between it and the number's group, no longer above it), Tabloid/A3 have their own band
# and the restroom Letter band holds a two-line Korean texting line, every one holds.
RATIO_NOT_YET: set[tuple[bool, str, str]] = set()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("discreet", [False, True], ids=["standard", "restroom"])
def test_the_band_keeps_colour_under_its_last_line(posters: dict[bool, Path], discreet: bool,
                                                   lang: str, size: str) -> None:
    _, below = band_padding(posters[discreet] / lang / f"poster-{size}.pdf")
    assert below >= MIN_FOOT, f"{lang} {size}: {below:.1f} pt under the band's last line"


RATIO_CASES = [
    pytest.param(discreet, lang, size, marks=pytest.mark.xfail(
        strict=True, reason="more colour above a short headline than under the band"))
    if (discreet, lang, size) in RATIO_NOT_YET else (discreet, lang, size)
    for discreet in (False, True) for lang in LANGUAGES for size in SIZES]


@pytest.mark.parametrize(("discreet", "lang", "size"), RATIO_CASES)
def test_the_band_is_padded_evenly(posters: dict[bool, Path], discreet: bool, lang: str,
                                   size: str) -> None:
    above, below = band_padding(posters[discreet] / lang / f"poster-{size}.pdf")
    assert below >= BOTTOM_SHARE * above, (
        f"{lang} {size}: {above:.1f} pt of colour above the headline, {below:.1f} under "
        f"the band's last line")
