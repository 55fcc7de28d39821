"""The brochure's outside, read back from the PDF: the flap's lines stand under their heading
with one date for them, the back panel carries a calm line, the QR code, "free to take" and
(where show_organization allows) the organisation and its website; neither panel has a blank
band over a quarter of it, and the office file's colours keep one margin on all four sides.

Panels come from layout.yaml's sizes (the outside runs [flap | back panel | cover], mirrored
right to left); blank bands and colour edges are measured on the rendered page.
"""

from __future__ import annotations

import ctypes
import shutil
import subprocess
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
import yaml

from generator.commands.cli import main
from generator.i18n.localize import BUILTIN_DIR
from tests.conftest import DEFAULT_CONTENT, decode_qr_codes, edit
from tests.test_text_extraction import needs_pdftotext

INCH, MM = 72.0, 72 / 25.4
PAPERS = {  # page width, height, safe margin, the outside's panels left to right (LTR)
    "letter": (11 * INCH, 8.5 * INCH, 0.3 * INCH, (3.625 * INCH, 3.6875 * INCH, 3.6875 * INCH)),
    "a4": (297 * MM, 210 * MM, 7.5 * MM, (97 * MM, 100 * MM, 100 * MM)),
}
LANGUAGES = ["en", "ar", "zh-Hans", "th", "hi"]
RTL = {"ar"}
PRINTABLE = 5 * MM  # what an office printer leaves unprinted at a sheet's edge
SCALE = 3  # pixels a point


def outside_panels(paper: str, lang: str) -> dict[str, tuple[float, float]]:
    """Left and right edge of the flap, back panel and cover on the outside page."""
    width, _, _, panels = PAPERS[paper]
    edges, x = [], 0.0
    for extent in panels:
        edges.append((x, x + extent))
        x += extent
    if lang in RTL:
        edges = [(width - right, width - left) for left, right in edges]
    return dict(zip(("flap", "back", "cover"), edges, strict=True))


def strings(lang: str) -> dict[str, str]:
    return yaml.safe_load((BUILTIN_DIR / f"{lang}.yaml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The default kit's office brochure on Letter and A4, in five scripts."""
    built = {}
    for paper in PAPERS:
        root = tmp_path_factory.mktemp(paper)
        content = root / "content"
        shutil.copytree(DEFAULT_CONTENT, content)
        edit(content / "site.yaml", "languages: [en, es, ar, zh-Hans]",
             f"languages: [{', '.join(LANGUAGES)}]")
        edit(content / "site.yaml", "paper: letter", f"paper: {paper}")
        assert main(["build", str(content), "--out", str(root / "out"), "--format", "brochure",
                     "--no-previews"]) == 0
        built[paper] = root / "out"
    return built


def render(pdf: Path, page_index: int = 0):  # noqa: ANN201
    return pdfium.PdfDocument(str(pdf))[page_index].render(scale=SCALE).to_pil().convert("L")


def largest_blank_band(image, left: float, right: float, paper: str,  # noqa: ANN001
                       lightest: int = 200) -> float:
    """The tallest band across the panel's safe area (points) without a pixel darker than
    `lightest` (by default the flap's tint and the back panel's pattern count as blank)."""
    _, height, margin, _ = PAPERS[paper]
    crop = image.crop((round((left + margin) * SCALE), round(margin * SCALE),
                       round((right - margin) * SCALE), round((height - margin) * SCALE)))
    pixels = crop.load()
    inked = [y for y in range(crop.height)
             if any(pixels[x, y] < lightest for x in range(0, crop.width, 2))]
    edges = [0, *inked, crop.height]
    return max(b - a for a, b in zip(edges, edges[1:], strict=False)) / SCALE


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_blank_band_over_a_quarter_of_the_flap_or_back_panel(kits: dict[str, Path],
                                                                paper: str, lang: str) -> None:
    image = render(kits[paper] / lang / "brochure.pdf")
    _, height, margin, _ = PAPERS[paper]
    for panel in ("flap", "back"):
        left, right = outside_panels(paper, lang)[panel]
        # the back panel's quiet rising sun at its foot is drawn, not blank (its disc and
        # rings, brand tints 0.7-0.86, read as blank under 200): its white is what is not
        # the pattern (the design test's 225, test_the_back_panel_has_no_band_over_a_...)
        band = largest_blank_band(image, left, right, paper, 225 if panel == "back" else 200)
        assert band <= (height - 2 * margin) / 4, (panel, band / (height - 2 * margin))


FLAP_BAND = 0.1  # of the panel's safe height: the most a flap leaves blank in one band


@pytest.mark.parametrize("paper", ["us", "iso"])
def test_the_flaps_groups_leave_no_wide_band_blank(built_brochures, paper: str) -> None:  # noqa: ANN001
    """The designer's second review: on A4 the flap's notes were left out in most languages,
    a band of 35-42 mm blank above its date (18-21 % of the panel; 11-15 % in Russian, Hindi,
    Arabic and Thai on Letter too). Notes go in with two lines to write on where three did
    not; where none fit, the lines and what calling is like come down, the white shared
    between the groups (layout.yaml's `drops`). Read in every language of the default kit:
    no band across the flap's safe area without ink taller than a tenth of it."""
    from tests.test_brochure_languages import RIGHT_TO_LEFT
    from tests.test_card_languages import _languages

    _, out, err = built_brochures(paper)
    size = "letter" if paper == "us" else "a4"
    width, height, margin, _ = PAPERS[size]
    bands = {}
    for lang in _languages():
        if any(line.endswith(f"[{lang}]") and "printed as a bi-fold" in line
               for line in err.splitlines()):
            continue  # no flap: its lines print inside (Tagalog's short article)
        left, right = outside_panels(size, "ar" if lang in RIGHT_TO_LEFT else "en")["flap"]
        band = largest_blank_band(render(out / lang / "brochure.pdf"), left, right, size)
        bands[lang] = round(band / (height - 2 * margin), 3)
    assert len(bands) >= 14 and max(bands.values()) <= FLAP_BAND, (paper, bands)


def panel_text(pdf: Path, paper: str, lang: str, panel: str) -> str:
    left, right = outside_panels(paper, lang)[panel]
    page = pdfium.PdfDocument(str(pdf))[0]
    text = page.get_textpage().get_text_bounded(left=left, bottom=0, right=right,
                                               top=PAPERS[paper][1])
    return " ".join(text.split())


def line_tops(pdf: Path, paper: str, lang: str, panel: str) -> list[tuple[float, str]]:
    """Each text line of a panel, top to bottom: (its top in points from the page's top,
    its characters), lines told apart by their baselines."""
    left, right = outside_panels(paper, lang)[panel]
    height = PAPERS[paper][1]
    text = pdfium.PdfDocument(str(pdf))[0].get_textpage()
    rows: dict[int, list[tuple[float, float, str]]] = {}
    origin_x, origin_y = ctypes.c_double(), ctypes.c_double()
    for index in range(text.count_chars()):
        char = text.get_text_range(index, 1)
        x0, _, x1, top = text.get_charbox(index)
        if char.strip() and left <= (x0 + x1) / 2 <= right:
            pdfium_c.FPDFText_GetCharOrigin(text.raw, index, origin_x, origin_y)
            rows.setdefault(round(origin_y.value), []).append((height - top, x0, char))
    return sorted((min(top for top, _, _ in row),
                   "".join(char for _, _, char in sorted(row, key=lambda c: c[1])))
                  for row in rows.values())


@pytest.mark.parametrize("paper", list(PAPERS))
def test_the_lines_stand_under_their_heading_below_before_you_call(kits: dict[str, Path],
                                                                    paper: str) -> None:
    """"Before you call", then at once the lines' heading and the lines: no gap of an inch."""
    rows = line_tops(kits[paper] / "en" / "brochure.pdf", paper, "en", "flap")
    texts = [text for _, text in rows]
    before = texts.index("Beforeyoucall")
    heading = texts.index("Whoyoucancontact")
    first = next(i for i, text in enumerate(texts) if text == "NationalDomesticViolenceHotline")
    assert before < heading < first
    note_end = rows[heading - 1][0]  # the last line of the safety note
    assert rows[heading][0] - note_end < 40  # points: one group after the other
    assert rows[first][0] - rows[heading][0] < 40
    assert "1-800-799-7233" in texts[first + 1]


def read_back(pdf: Path, page: int) -> str:
    """The page's text as pdftotext reads it (with /ActualText: shaped and right-to-left
    text in reading order), without spaces or the marks it puts around right-to-left runs."""
    text = subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), str(pdf), "-"],
                          capture_output=True, text=True, check=True).stdout
    return "".join(char for char in text if not char.isspace()
                   and not "\u202a" <= char <= "\u202e" and not "\u2066" <= char <= "\u2069")


@needs_pdftotext
@pytest.mark.parametrize("lang", LANGUAGES)
def test_one_checked_date_on_the_outside(kits: dict[str, Path], lang: str) -> None:
    """One date for all the lines of the flap, not one under every line."""
    checked = "".join(strings(lang)["checked"].split("{date}")[0].split())
    assert read_back(kits["letter"] / lang / "brochure.pdf", 1).count(checked) == 1


@needs_pdftotext
@pytest.mark.parametrize("lang", LANGUAGES)
def test_back_panel_carries_a_calm_line_the_qr_code_and_free_to_take(kits: dict[str, Path],
                                                                     lang: str) -> None:
    """Read as readers read it (pdftotext honours /ActualText: Arabic comes back whole)."""
    pdf = kits["letter"] / lang / "brochure.pdf"
    outside = read_back(pdf, 1)
    catalogue = strings(lang)
    for key in ("discreet_message", "free_to_take", "scan_tel"):
        assert "".join(catalogue[key].split()) in outside, key
    assert decode_qr_codes(pdf, 0) == ["tel:+18007997233"]


def test_back_panel_names_the_organisation_and_its_website_only_when_allowed(
        kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "brand_color:", "website: https://www.liveshealing.org\n"
         "brand_color:")
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, "--format", "brochure", "--no-previews").code == 0
    back = panel_text(out / "en" / "brochure.pdf", "letter", "en", "back")
    assert "Lives Healing" not in back and "liveshealing.org" not in back
    assert back.endswith("Wellness contacts")  # the cover's title, small, at the foot
    edit(kit / "site.yaml", "website:", "show_organization: true\nwebsite:")
    assert run("build", kit, "--out", out, "--format", "brochure", "--no-previews").code == 0
    back = panel_text(out / "en" / "brochure.pdf", "letter", "en", "back")
    assert back.endswith("Lives Healing liveshealing.org"), back
    assert back.startswith("Free and private, any time.")


def test_a_website_that_is_not_a_web_address_is_an_error(kit: Path, run) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "brand_color:", "website: liveshealing\nbrand_color:")
    result = run("check", kit, "--format", "brochure")
    assert result.code == 1
    assert "site.yaml:" in result.err and "website:" in result.err
    assert "must start with https://" in result.err


def colour_edges(image, left: float, right: float, dark: bool,  # noqa: ANN001
                 fold_side: str) -> tuple[float, float, float, float]:
    """Left, top, right and bottom edge (points) of the panel's colour: the brand colour
    (`dark`) or the tint, along the panel's middle row and down a column just inside the
    colour on the fold's side (clear of the text and of the cover's sunrise)."""
    def coloured(value: int) -> bool:
        return value < 120 if dark else 215 <= value <= 245

    xs = [x for x in range(round(left * SCALE), round(right * SCALE))
          if coloured(image.getpixel((x, image.height // 2)))]
    column = xs[0] + 2 if fold_side == "left" else xs[-1] - 2
    ys = [y for y in range(image.height) if coloured(image.getpixel((column, y)))]
    return xs[0] / SCALE, ys[0] / SCALE, (xs[-1] + 1) / SCALE, (ys[-1] + 1) / SCALE


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("lang", ["en", "ar"])
def test_office_cover_and_flap_keep_one_margin_on_all_four_sides(kits: dict[str, Path],
                                                                 paper: str, lang: str) -> None:
    """The cover's colour (and the flap's tint) stop 5 mm from the trim on three sides and
    5 mm from the fold on the fourth: no white border on three sides and colour into the fold."""
    height = PAPERS[paper][1]
    image = render(kits[paper] / lang / "brochure.pdf")
    for panel, dark in (("cover", True), ("flap", False)):
        left, right = outside_panels(paper, lang)[panel]
        fold_side = "left" if (panel == "cover") != (lang in RTL) else "right"
        x0, top, x1, bottom = colour_edges(image, left, right, dark, fold_side)
        margins = (x0 - left, top, right - x1, height - bottom)
        for margin in margins:
            assert margin == pytest.approx(PRINTABLE, abs=0.75), (panel, margins)
