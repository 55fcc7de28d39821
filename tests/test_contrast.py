"""Text contrast, read back from the PDF: every glyph's fill colour against the pixels behind
its box (the page rendered with its text taken out), by WCAG 2.x; brand_color errors and the
shade they suggest; the covers' titles never on the sunrise's disc or rings."""

from __future__ import annotations

import colorsys
import ctypes
import dataclasses
import re
import shutil
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from generator.content.layouts import LAYOUTS_DIR, available_layouts
from generator.content.load import load_kit
from generator.content.models import Kit
from generator.content.site_options import BrandColorModel
from generator.layout.geometry import Rect, panel_rects
from generator.pipeline.build import BuildRequest, build, lay_out
from generator.render.pdf_files import proof_pdf
from generator.safety.contrast import contrast_ratio, darker_shade, needed_ratio
from tests.conftest import edit, glyphs_only, inked_chars

RGB8 = tuple[int, int, int]
DEFAULT_BRAND = "#2f5d62"
SHADE = re.compile(r'use "(#[0-9a-f]{6})"')
LAYOUTS = available_layouts()
WHITE, INK, MUTED = (255, 255, 255), (0x1C, 0x2B, 0x2D), (0x46, 0x58, 0x5B)
RENDER_TOLERANCE = 0.99  # colours pass through 8-bit rendering: allow 1 % on the ratio


def wcag_ratio(first: RGB8, second: RGB8) -> float:
    """WCAG 2.x contrast, written out here so the test does not lean on
    generator.safety.contrast."""
    def luminance(rgb: RGB8) -> float:
        linear = [c / 255 / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4
                  for c in rgb]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def hex8(value: str) -> RGB8:
    return int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16)


@dataclass(frozen=True)
class Glyph:
    char: str
    size: float
    bold: bool
    colour: RGB8
    grounds: frozenset[RGB8]  # every pixel colour under the glyph's box, text taken out

    @property
    def needed(self) -> float:
        large = self.size >= 17.99 or (self.bold and self.size >= 13.99)
        return 3.0 if large and not self.char.isdigit() else 4.5

    @property
    def worst(self) -> float:
        return min(wcag_ratio(self.colour, ground) for ground in self.grounds)


def glyphs(pdf: Path | bytes, page_index: int, dpi: float = 100, margin: float = 0.0,
           within: list[Rect] | None = None) -> list[Glyph]:
    """Every visible glyph on the page, with the colours printed behind its box, grown by
    `margin` times the font size on every side but kept inside the one of `within` (page
    coordinates) that holds the glyph's centre: a panel, not across a fold. Read without
    /ActualText: a right-to-left line's text for PDFium sits on an invisible glyph."""
    document = glyphs_only(pdf)
    page = document[page_index]
    text = page.get_textpage()
    found = []
    for index, char, (left, bottom, right, top) in inked_chars(text):
        red, green, blue, alpha = (ctypes.c_uint() for _ in range(4))
        pdfium_c.FPDFText_GetFillColor(text.raw, index, red, green, blue, alpha)
        name = ctypes.create_string_buffer(256)
        pdfium_c.FPDFText_GetFontInfo(text.raw, index, name, 256, ctypes.c_int())
        size = pdfium_c.FPDFText_GetFontSize(text.raw, index)
        bold = b"bold" in name.value.lower()
        found.append((char, size, bold, (red.value, green.value, blue.value),
                      (left, bottom, right, top)))
    for obj in list(page.get_objects()):
        if obj.type == pdfium_c.FPDF_PAGEOBJ_TEXT:
            page.remove_obj(obj)
    scale = dpi / 72
    image = page.render(scale=scale).to_pil().convert("RGB")
    height = page.get_height()
    result = []
    for char, size, bold, colour, (left, bottom, right, top) in found:
        grow = margin * size
        left, bottom, right, top = left - grow, bottom - grow, right + grow, top + grow
        centre_x, centre_y = (left + right) / 2, (bottom + top) / 2
        panel = next((r for r in within or [] if r.x <= centre_x <= r.x + r.width
                      and r.y <= centre_y <= r.top), None)
        if panel is not None:  # less a point: the fold's own pixel row is either colour
            left, right = max(left, panel.x + 1), min(right, panel.x + panel.width - 1)
            bottom, top = max(bottom, panel.y + 1), min(top, panel.top - 1)
        x0, y0 = int(left * scale), int((height - top) * scale)
        crop = image.crop((x0, y0, max(x0 + 1, round(right * scale)),
                           max(y0 + 1, round((height - bottom) * scale))))
        grounds = frozenset(rgb for _, rgb in crop.getcolors(crop.width * crop.height))
        result.append(Glyph(char, size, bold, colour, grounds))
    return result


def screen_pdfs(kit: Path, langs: Iterable[str], formats: Iterable[str] = tuple(LAYOUTS)
                ) -> dict[tuple[str, str], bytes]:
    """(language, format) -> shop pages drawn in the layout's screen colours: these tests
    measure the design's contrast, which the office files print as it is (shop files print
    CMYK inks chosen from it, checked in test_pdfx.py)."""
    loaded = load_kit(kit)
    return {(lang, name): proof_pdf(loaded, lay_out(loaded, LAYOUTS[name], lang))
            for lang in langs for name in formats}


def pages_of(pdf: Path | bytes) -> int:
    return len(pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf)))


def every_glyph(pdfs: Iterable[Path | bytes]) -> list[Glyph]:
    return [glyph for pdf in pdfs for page in range(pages_of(pdf))
            for glyph in glyphs(pdf, page)]


def too_faint(found: Iterable[Glyph]) -> list[tuple[Glyph, float]]:
    return [(glyph, glyph.worst) for glyph in found
            if glyph.worst < glyph.needed * RENDER_TOLERANCE]


def brand_line(site_yaml: Path) -> int:
    lines = site_yaml.read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if line.startswith("brand_color:"))


def set_brand(kit: Path, colour: str) -> None:
    site = kit / "site.yaml"
    text = re.sub(r'^brand_color: .*$', f'brand_color: "{colour}"',
                  site.read_text(encoding="utf-8"), flags=re.MULTILINE)
    site.write_text(text, encoding="utf-8")


# --- the ratio itself -------------------------------------------------------------------

def test_wcag_reference_values() -> None:
    assert contrast_ratio((0, 0, 0), (1, 1, 1)) == pytest.approx(21.0)
    assert contrast_ratio((1, 1, 1), (1, 1, 1)) == pytest.approx(1.0)
    grey = tuple(0x76 / 255 for _ in range(3))
    assert contrast_ratio(grey, (1, 1, 1)) == pytest.approx(4.54, abs=0.01)  # the classic
    assert contrast_ratio((1, 0, 0), (1, 1, 1)) == pytest.approx(wcag_ratio((255, 0, 0), WHITE))


@pytest.mark.parametrize(("size", "bold", "digits", "needed"), [
    (10, False, False, 4.5), (17.9, False, False, 4.5), (18, False, False, 3.0),
    (14, True, False, 3.0), (13.9, True, False, 4.5), (14, False, False, 4.5),
    (92, True, True, 4.5),  # a number needs 4.5:1 at any size
])
def test_needed_ratio(size: float, bold: bool, digits: bool, needed: float) -> None:
    assert needed_ratio(size, bold, digits) == needed


def test_darker_shade_keeps_the_hue() -> None:
    shade = darker_shade("#f4c2c2", lambda colour: wcag_ratio(hex8(colour), WHITE) >= 4.5)
    assert shade is not None
    assert wcag_ratio(hex8(shade), WHITE) >= 4.5
    _, original, saturation = colorsys.rgb_to_hls(*(c / 255 for c in hex8("#f4c2c2")))
    hue, lightness, _ = colorsys.rgb_to_hls(*(c / 255 for c in hex8(shade)))
    assert hue == pytest.approx(0.0, abs=0.01) and lightness < original
    # the lightest such shade: a little lighter no longer passes
    lighter = colorsys.hls_to_rgb(hue, lightness + 0.01, saturation)
    assert wcag_ratio(tuple(round(c * 255) for c in lighter), WHITE) < 4.5
    assert darker_shade("#000000", lambda colour: False) is None


# --- the default kit, read back from the PDF --------------------------------------------

def test_default_brand_colour_reads_everywhere(kit: Path) -> None:
    """Every glyph of every format, in English, Arabic and Chinese, on what is behind it; and
    the pairs the layouts rely on are all there (muted on the tint, brand on paper and on the
    tint, white on brand), so this cannot pass by measuring nothing."""
    edit(kit / "site.yaml", "languages: [en]", "languages: [en, ar, zh-Hans]")
    pdfs = screen_pdfs(kit, ["en", "ar", "zh-Hans"])
    formats = [folder for folder in LAYOUTS_DIR.iterdir() if (folder / "layout.yaml").is_file()]
    assert len(pdfs) == 3 * len(formats)  # every format (the poster at one size), 3 languages
    found = every_glyph(pdfs.values())
    assert too_faint(found) == []
    brand = hex8(DEFAULT_BRAND)
    tint = tuple(round(c + (255 - c) * 0.88) for c in brand)
    seen = {(glyph.colour, ground) for glyph in found for ground in glyph.grounds}
    for pair in [(MUTED, tint), (INK, tint), (brand, tint), (brand, WHITE), (WHITE, brand),
                 (MUTED, WHITE), (INK, WHITE)]:
        assert any(colour == pair[0] and max(abs(a - b) for a, b in zip(ground, pair[1],
                                                                         strict=True)) <= 1
                   for colour, ground in seen), pair


@pytest.mark.parametrize("colour", ["#f4c2c2", "#ffffff", "#ffff00", "#8fbc8f"])
def test_a_light_brand_colour_is_an_error_with_a_shade_that_builds(
        kit: Path, run, colour: str) -> None:  # noqa: ANN001
    set_brand(kit, colour)
    failed = run("check", kit)
    assert failed.code == 1
    line = brand_line(kit / "site.yaml")
    errors = [row for row in failed.err.splitlines() if "brand_color" in row]
    assert len(errors) == 1, failed.err  # one error for the whole kit, not one per format
    assert re.search(rf'site\.yaml:{line}: brand_color "{colour}" makes text too faint', errors[0])
    assert re.search(r"a contrast of \d+\.\d\d:1, below the (4\.5|3):1 it needs", errors[0])
    shade = SHADE.search(errors[0])
    assert shade, errors[0]
    set_brand(kit, shade.group(1))
    assert run("check", kit).code == 0
    assert too_faint(every_glyph(screen_pdfs(kit, ["en"]).values())) == []


def test_the_default_colour_checks_cleanly(kit: Path, run) -> None:  # noqa: ANN001
    result = run("check", kit)
    assert result.code == 0, result.err
    assert "brand_color" not in result.err


# --- sizes after shrinking, and text over an ornament ------------------------------------

def own_pocket_card(kit: Path) -> Path:
    """The pocket card as the site's own layout, to change one thing in it."""
    folder = kit / "layouts" / "pocket-card"
    shutil.copytree(LAYOUTS["pocket-card"].folder, folder)
    return folder / "layout.yaml"


def test_a_large_title_shrunk_below_large_size_needs_body_contrast(kit: Path, run) -> None:  # noqa: ANN001
    """White on #8c8c8c is 3.4:1: enough for the 15 pt bold title, not once a long title has
    shrunk it below 14 pt."""
    layout = own_pocket_card(kit)
    edit(layout, "phone:  {weight: bold, size: 13, leading: 13.75, color: brand",
         "phone:  {weight: bold, size: 13, leading: 13.75, color: ink")
    set_brand(kit, "#8c8c8c")
    assert run("check", kit, "--format", "pocket-card").code == 0
    edit(kit / "site.yaml", "discreet_title: Wellness contacts",
         "discreet_title: Everyday wellness, community, neighbourhood and family contacts "
         "for you and the people around you")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1
    assert re.search(r'"Everyday wellness.*" \(pocket-card front \[en\], (\d+(\.\d+)?) pt bold\)'
                     r", white text on brand_color, has a contrast of 3\.\d\d:1, below the "
                     r"4\.5:1", result.err), result.err
    size = float(re.search(r"front \[en\], ([\d.]+) pt", result.err).group(1))
    assert size < 14


def test_text_run_over_the_ornament_is_checked_against_it(kit: Path, run) -> None:  # noqa: ANN001
    """A layout whose title box reaches across the sunrise: the light disc under white text
    fails, whatever the brand colour, until the shade is nearly black."""
    layout = own_pocket_card(kit)
    edit(layout, "box: [0.0, 0.45, 0.6, 0.55], valign: bottom",
         "box: [0.0, 0.45, 1.0, 0.55], valign: bottom")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1
    assert "white text on the sunrise's disc" in result.err
    assert "keep the text clear of the ornament" in result.err


# --- covers: the title never on the disc or rings ----------------------------------------

LONG_TITLES = {
    "en": "Everyday wellness and neighbourhood contacts for you and your family",
    "ar": "جهات اتصال للعافية والصحة اليومية لك ولعائلتك في الحي",
}
COVERS = {"pocket-card": "card_size", "pocket-fold": "card_size", "brochure": "paper"}
SIZES = {"card_size": ("us", "iso"), "paper": ("letter", "a4")}


@pytest.mark.parametrize("size", [0, 1])
@pytest.mark.parametrize("title", ["short", "long"])
@pytest.mark.parametrize("layout", sorted(COVERS))
def test_cover_titles_sit_on_the_plain_background(kit: Path, run, layout: str, size: int,
                                                  title: str) -> None:  # noqa: ANN001
    """Rendered with its text taken out, the page behind every glyph of a cover title (white
    text) and a margin of a third of its size around it is the brand colour alone, in English
    and Arabic (where the layout and the sunrise are mirrored)."""
    option = COVERS[layout]
    edit(kit / "site.yaml", f"{option}: {SIZES[option][0]}", f"{option}: {SIZES[option][size]}")
    edit(kit / "site.yaml", "languages: [en]", "languages: [en, ar]")
    titles = LONG_TITLES if title == "long" else {"en": "Wellness contacts",
                                                  "ar": "جهات اتصال للعافية"}
    edit(kit / "site.yaml", "discreet_title: Wellness contacts",
         "discreet_title:\n" + "".join(f"  {lang}: {text}\n" for lang, text in titles.items()))
    assert run("check", kit, "--format", layout).code == 0
    pdfs = screen_pdfs(kit, titles, [layout])
    brand = hex8(DEFAULT_BRAND)
    spec = LAYOUTS[layout].spec
    size_spec = spec.sizes[SIZES[option][size]]
    face = next(iter(spec.faces.values()))
    for lang in titles:
        pdf = pdfs[lang, layout]
        trim_x, trim_y, _, _ = pdfium.PdfDocument(pdf)[0].get_trimbox()
        panels = [Rect(trim_x + r.x, trim_y + r.y, r.width, r.height)
                  for r in panel_rects(size_spec, face, rtl=lang == "ar")]
        title_glyphs = [g for g in glyphs(pdf, 0, dpi=150, margin=0.33, within=panels)
                        if g.colour == WHITE]
        assert len(title_glyphs) >= len(titles[lang].replace(" ", "")) // 2  # shaped: fewer
        for glyph in title_glyphs:
            assert all(max(abs(a - b) for a, b in zip(ground, brand, strict=True)) <= 2
                       for ground in glyph.grounds), (lang, glyph.char, sorted(glyph.grounds))


# --- any brand colour --------------------------------------------------------------------

PROPERTY_FORMATS = ("pocket-card", "pocket-fold", "brochure")


def pdfs_for(kit: Kit) -> list[bytes]:
    return [proof_pdf(kit, lay_out(kit, LAYOUTS[name], "en"))
            for name in PROPERTY_FORMATS]


def errors_for(kit: Kit) -> list[str]:
    """The build's errors for the three formats in English: laid out and checked as the build
    does, drawn for no target (drawing tells no problem; `pdfs_for` draws what is read)."""
    layouts = tuple(LAYOUTS[name] for name in PROPERTY_FORMATS)
    return [str(p) for p in build(BuildRequest(kit, layouts, ("en",), ())).errors]


@pytest.fixture(scope="module")
def english_kit(tmp_path_factory: pytest.TempPathFactory) -> Kit:
    from tests.conftest import DEFAULT_CONTENT, english_only
    root = tmp_path_factory.mktemp("contrast") / "content"
    shutil.copytree(DEFAULT_CONTENT, root)
    site = root / "site.yaml"
    site.write_text(english_only(site.read_text(encoding="utf-8")), encoding="utf-8")
    return load_kit(root)


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(colour=st.integers(0, 0xFFFFFF).map(lambda value: f"#{value:06x}"))
@example(colour="#f4c2c2")
@example(colour=DEFAULT_BRAND)
def test_any_brand_colour_reads_or_names_a_shade_that_does(english_kit: Kit,
                                                           colour: str) -> None:
    kit = dataclasses.replace(english_kit, site=english_kit.site.with_option(
        "brand_color", BrandColorModel(rgb=colour)))
    errors = errors_for(kit)
    if not errors:
        assert too_faint(every_glyph(pdfs_for(kit))) == []
        return
    line = brand_line(kit.site.source.path)
    assert len(errors) == 1, errors
    assert f'site.yaml:{line}: brand_color "{colour}"' in errors[0]
    shade = SHADE.search(errors[0])
    assert shade, errors[0]
    hue, lightness, saturation = colorsys.rgb_to_hls(*(c / 255 for c in hex8(colour)))
    new_hue, new_lightness, _ = colorsys.rgb_to_hls(*(c / 255 for c in hex8(shade.group(1))))
    assert new_lightness <= lightness + 0.005
    if saturation > 0.2 and new_lightness > 0.1:  # the hue of a near-grey or near-black drifts
        assert min(abs(new_hue - hue), 1 - abs(new_hue - hue)) < 0.03
    fixed = dataclasses.replace(kit, site=kit.site.with_option(
        "brand_color", BrandColorModel(rgb=shade.group(1))))
    assert errors_for(fixed) == []
    assert too_faint(every_glyph(pdfs_for(fixed))) == []
