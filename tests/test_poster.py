"""The poster end to end: page sizes, the QR code's printed size, the main number's type size,
the eight tear-off tabs, the discreet restroom variant and overflow.

Tab rectangles are computed here from layout.yaml's numbers (box fractions of the safe area),
not by the engine, so that a bug in the engine's geometry shows up as a failing test.
"""

from __future__ import annotations

import ctypes
import dataclasses
import itertools
import json
import re
import subprocess
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
import yaml
import zxingcpp
from pypdf import PdfReader
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_RIGHT

from generator.content.layouts import available_layouts
from generator.content.load import load_kit
from generator.layout.qr_size import symbol_share
from generator.layout.styles import style_name
from generator.pipeline.build import lay_out
from generator.safety.discretion import builtin_words, revealing_words_in
from tests.conftest import (
    DEFAULT_CONTENT,
    REPO,
    add_local_lines,
    char_boxes,
    decode_qr_codes,
    default_kit_in,
    edit,
    page_texts,
)
from tests.test_pocket_card import REVEALING_WORDS

LAYOUT = yaml.safe_load((REPO / "layouts" / "poster" / "layout.yaml").read_text("utf-8"))
POINTS = {"pt": 1.0, "in": 72.0, "mm": 72 / 25.4, "cm": 72 / 2.54}
PAGE = {  # MediaBox of the office PDF, in points
    "letter": (612.0, 792.0),
    "a4": (595.28, 841.89),
    "tabloid": (792.0, 1224.0),
    "a3": (841.89, 1190.55),
}
BLEED = 9.0  # the default kit prints US cards: 0.125 in
NUMBER = "1-800-799-7233"
PAYLOAD = "tel:+18007997233"
QR_QUIET_ZONE = 4  # modules on each side
# The smallest QR code, quiet zone included (as the layout's qr_min): 3 in on small posters,
# 4 in on large ones (scanned from arm's length to a metre: 1/10 of that).
QR_MINIMUM = {"letter": 3 * 72.0, "a4": 3 * 72.0, "tabloid": 4 * 72.0, "a3": 4 * 72.0}
RENDER_DPI = 150


def length(value: object) -> float:
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(pt|in|mm|cm)?\s*", str(value))
    assert match, value
    return float(match[1]) * POINTS[match[2] or "pt"]


def slot(name: str) -> dict:
    return next(s for s in LAYOUT["faces"]["poster"]["slots"] if s["name"] == name)


def box_of(name: str, size: str, discreet: bool = False) -> list[float]:
    """A slot's box on `size` as layout.yaml gives it: the size's own (the restroom
    poster's, `boxes_when: poster_discreet`, where it has one), else the slot's."""
    spec = LAYOUT["sizes"][size]
    boxes = {**spec.get("boxes", {}),
             **(spec.get("boxes_when", {}).get("poster_discreet", {}) if discreet else {})}
    return boxes.get(name, slot(name)["box"])


def tab_band(size: str, discreet: bool = False) -> tuple[float, float, float, float]:
    """(left, bottom, right, top) of the tabs' band in PDF points on the office page, from
    layout.yaml's box."""
    spec = LAYOUT["sizes"][size]
    width, height, margin = length(spec["width"]), length(spec["height"]), length(
        spec["safe_margin"])
    safe_width, safe_height = width - 2 * margin, height - 2 * margin
    left, top, box_width, box_height = box_of("tabs", size, discreet)
    band_top = height - margin - top * safe_height
    return (margin + left * safe_width, band_top - box_height * safe_height,
            margin + (left + box_width) * safe_width, band_top)


def tab_cuts(pdf: Path) -> list[float]:
    """The x of each cut line drawn up from the poster's bottom edge (pdfium's path boxes):
    the tabs' edges, as many as the line's content left room for."""
    page = pdfium.PdfDocument(str(pdf))[0]
    cuts = []
    for obj in page.get_objects(max_depth=5):
        if obj.type == pdfium_c.FPDF_PAGEOBJ_PATH:
            left, bottom, right, top = obj.get_bounds()
            if right - left < 2 and bottom < 1 and top - bottom > 50:
                cuts.append(round((left + right) / 2, 2))
    return sorted(cuts)


def tab_rects(size: str, pdf: Path, discreet: bool = False
              ) -> list[tuple[float, float, float, float]]:
    """(left, bottom, right, top) of each tab in PDF points: between the cuts drawn on `pdf`,
    within the band (the restroom poster's, `discreet`, where its size has its own)."""
    _, bottom, _, top = tab_band(size, discreet)
    cuts = tab_cuts(pdf)
    return [(left, bottom, right, top) for left, right in itertools.pairwise(cuts)]


def bounded_text(pdf: Path, rect: tuple[float, float, float, float]) -> str:
    page = pdfium.PdfDocument(str(pdf))[0]
    text = page.get_textpage().get_text_bounded(*rect)
    return " ".join(text.split())


@pytest.fixture
def build_poster(kit: Path, tmp_path: Path, run):  # noqa: ANN001, ANN201
    """Build the poster at `size` (office and shop) and return the output folder."""

    def _build(size: str, discreet: bool = False) -> Path:
        if discreet:
            with (kit / "site.yaml").open("a", encoding="utf-8") as site:
                site.write("poster_discreet: true\n")
        out = tmp_path / f"out-{size}-{'discreet' if discreet else 'normal'}"
        result = run("build", kit, "--format", "poster", "--poster-size", size, "--out", out,
                     "--target", "all", "--no-previews")
        assert result.code == 0, result.err
        # No warnings (nothing was left out); notes, such as the article's reading grade, may be.
        assert [line for line in result.err.splitlines() if ": note: " not in line] == []
        return out / "en"

    return _build


def box(page, name: str) -> list[float]:  # noqa: ANN001
    return [float(v) for v in page[name]]


@pytest.mark.parametrize("size", list(PAGE))
def test_office_page_is_the_poster_and_shop_page_has_trim_and_bleed(build_poster,  # noqa: ANN001
                                                                     size: str) -> None:
    out = build_poster(size)
    office = PdfReader(out / f"poster-{size}.pdf").pages
    assert len(office) == 1
    mediabox = office[0].mediabox
    assert (float(mediabox.width), float(mediabox.height)) == pytest.approx(PAGE[size], abs=0.01)

    shop = PdfReader(out / f"poster-{size}-shop.pdf").pages
    assert len(shop) == 1
    x0, y0, x1, y1 = box(shop[0], "/TrimBox")
    assert (x1 - x0, y1 - y0) == pytest.approx(PAGE[size], abs=0.01)
    bx0, by0, bx1, by1 = box(shop[0], "/BleedBox")
    assert (x0 - bx0, y0 - by0, bx1 - x1, by1 - y1) == pytest.approx((BLEED,) * 4, abs=0.01)
    mx0, my0, mx1, my1 = box(shop[0], "/MediaBox")
    assert mx0 <= bx0 and my0 <= by0 and mx1 >= bx1 and my1 >= by1


def find_qr(pdf: Path) -> tuple[zxingcpp.Result, object]:
    image = pdfium.PdfDocument(str(pdf))[0].render(scale=RENDER_DPI / 72).to_pil().convert("L")
    results = zxingcpp.read_barcodes(image)
    assert len(results) == 1
    return results[0], image


@pytest.mark.parametrize("size", ["letter", "tabloid"])
def test_qr_code_calls_the_first_line_and_is_printed_large(build_poster, size: str) -> None:  # noqa: ANN001
    out = build_poster(size)
    assert decode_qr_codes(out / f"poster-{size}.pdf", 0, dpi=RENDER_DPI) == [PAYLOAD]
    result, image = find_qr(out / f"poster-{size}.pdf")
    corners = result.position
    code_px = max(corners.top_right.x - corners.top_left.x,
                  corners.bottom_left.y - corners.top_left.y)
    modules = 17 + 4 * int(result.extra["Version"])
    module_px = code_px / modules
    with_quiet_zone_pt = (modules + 2 * QR_QUIET_ZONE) * module_px * 72 / RENDER_DPI
    # The minimum is on the code *with* its quiet zone, as the layout's qr_min (1/10 of the
    # reading distance); the printed code alone is modules / (modules + 8) of that.
    assert with_quiet_zone_pt >= QR_MINIMUM[size] - 1.0
    assert code_px * 72 / RENDER_DPI >= QR_MINIMUM[size] * modules / (modules + 8) - 1.0
    # The quiet zone is white: nothing overlaps it (a 1-module margin for anti-aliasing).
    quiet = QR_QUIET_ZONE * module_px
    left, top = corners.top_left.x, corners.top_left.y
    right, bottom = left + code_px, top + code_px
    ring = [(x, y) for x in range(int(left - quiet + module_px), int(right + quiet - module_px))
            for y in (int(top - quiet + module_px), int(top - module_px), int(bottom + module_px),
                      int(bottom + quiet - module_px))]
    ring += [(x, y) for y in range(int(top - quiet + module_px), int(bottom + quiet - module_px))
             for x in (int(left - quiet + module_px), int(left - module_px),
                       int(right + module_px), int(right + quiet - module_px))]
    assert min(image.getpixel(point) for point in ring) >= 250


@pytest.mark.parametrize("size", ["letter", "a4", "tabloid", "a3"])
def test_every_tab_carries_the_whole_line(build_poster, size: str) -> None:  # noqa: ANN001
    """Each tab carries the line's name, number, texting line and TTY (design.md: never
    numbers, keywords, TTY): eight tabs where they fit, down to six on a small sheet, all as
    wide, edge to edge along the band."""
    out = build_poster(size)
    pdf = out / f"poster-{size}.pdf"
    tabs = tab_rects(size, pdf)
    # Tabloid and A3 printed eight tabs with the number at 17-19 pt along 62 % of their
    # length: their tabs are now longer and as many as carry it at 22 pt (six or seven)
    assert 6 <= len(tabs) <= 8
    for rect in tabs:
        text = bounded_text(pdf, rect)
        assert NUMBER in text, (rect, text)
        assert "Text START to 88788" in text
        assert "TTY: 1-800-787-3224" in text
        assert "National Domestic Violence Hotline" in text
    left, _, right, top = tab_band(size)
    assert tab_cuts(pdf) == pytest.approx(
        [left + index * (right - left) / len(tabs) for index in range(len(tabs) + 1)], abs=0.6)
    # The tear line runs along the top of the band, as the laid-out face says.
    kit = load_kit(DEFAULT_CONTENT)
    kit = dataclasses.replace(kit, site=kit.site.with_option("poster_size", size))
    face = lay_out(kit, available_layouts()["poster"], "en").faces[0]
    (tear,) = [line for line in face.cut_lines if line.y1 == line.y2]
    assert tear.y1 == pytest.approx(top, abs=0.01)


def text_sizes(pdf: Path) -> list[tuple[str, float]]:
    """(text, size in points as printed) for every piece of text on the first page, but a
    shop page's slug line below its bleed."""
    found: list[tuple[str, float]] = []
    page = PdfReader(pdf).pages[0]
    bleed_bottom = float(page.bleedbox.bottom)

    def visit(text, cm, tm, font_dict, font_size):  # noqa: ANN001, ANN202
        if text.strip() and cm[1] * tm[4] + cm[3] * tm[5] + cm[5] > bleed_bottom:
            scale = (tm[0] ** 2 + tm[1] ** 2) ** 0.5 * (cm[0] ** 2 + cm[1] ** 2) ** 0.5
            found.append((text.strip(), font_size * scale))

    page.extract_text(visitor_text=visit)
    return found


@pytest.mark.parametrize(("size", "smallest"), [("tabloid", 60.0), ("a3", 60.0),
                                                 ("letter", 44.0), ("a4", 44.0)])
def test_main_number_is_readable_from_two_metres(build_poster, size: str,  # noqa: ANN001
                                                 smallest: float) -> None:
    out = build_poster(size)
    sizes = text_sizes(out / f"poster-{size}-shop.pdf")
    number = max(points for text, points in sizes if text == NUMBER)
    assert number >= smallest
    # It is the largest type on the poster, and nothing is below the 12 pt floor but the
    # tear-off tabs, read close up once taken (their styles stop at 9 pt).
    assert number == max(points for _, points in sizes)
    assert min(points for _, points in sizes) >= 9 - 0.01


def test_normal_poster_says_what_it_is_for(build_poster) -> None:  # noqa: ANN001
    text = " ".join(page_texts(build_poster("letter") / "poster-letter.pdf")[0].split())
    for expected in ["Why it can be hard to leave",
                     "You are not alone, and what you feel makes sense.",
                     "National Domestic Violence Hotline", NUMBER,
                     "Text START to 88788 · TTY: 1-800-787-3224 · 24/7", "Scan to call",
                     "Use a phone the other person cannot check. In an emergency, call 911.",
                     "988 Suicide & Crisis Lifeline", "Take one"]:
        assert expected in text


# What the discreet (restroom) poster may say outside its tabs: a coded line ("Need to
# talk?"), what reaching the line is like ("Free and private, any time."), the number with
# its text and TTY lines, "Scan to call", "In an emergency, call 911.", what calling is like
# ("When you call") and "Take one". It leaves out the other lines (their names and 988 say
# what they are) and "Use a phone the other person cannot check.", so the pocket card's
# list of revealing words applies unchanged.
@pytest.mark.parametrize("size", ["letter", "tabloid"])
def test_discreet_poster_reveals_nothing_outside_the_tabs(build_poster, size: str) -> None:  # noqa: ANN001
    out = build_poster(size, discreet=True)
    tabs = tab_rects(size, out / f"poster-{size}.pdf", discreet=True)
    assert len(tabs) >= 6
    band_top = tabs[0][3]
    width, height = PAGE[size]
    outside = bounded_text(out / f"poster-{size}.pdf", (0, band_top, width, height))
    assert "Need to talk?" in outside and "Free and private, any time." in outside
    assert NUMBER in outside
    # What anyone may need, and reveals nothing (issue 42): the emergency sentence alone.
    assert "In an emergency, call 911." in outside
    assert "Use a phone the other person cannot check." not in outside
    words = set(re.findall(r"[\w']+", outside.lower())) - {"emergency", "911"}
    assert not words & set(REVEALING_WORDS), words & set(REVEALING_WORDS)
    assert revealing_words_in(outside, builtin_words("en")) == []  # the engine's list too
    assert "Why it can be hard to leave" not in outside
    # The tabs are seen before anyone takes one: the number alone, no name.
    for rect in tabs:
        tab = bounded_text(out / f"poster-{size}.pdf", rect)
        assert NUMBER in tab
        assert "Text START to 88788" in tab
        assert "TTY: 1-800-787-3224" in tab
        assert revealing_words_in(tab, builtin_words("en")) == []
    page = " ".join(page_texts(out / f"poster-{size}.pdf")[0].split())
    assert "National Domestic Violence Hotline" not in page
    assert decode_qr_codes(out / f"poster-{size}.pdf", 0, dpi=RENDER_DPI) == [PAYLOAD]


def test_discreet_tabs_carry_the_lines_tab_label(kit: Path, build_poster) -> None:  # noqa: ANN001
    edit(kit / "resources.yaml", "    qr: tel ", "    tab_label: Support line\n    qr: tel ")
    out = build_poster("letter", discreet=True)
    tabs = tab_rects("letter", out / "poster-letter.pdf")
    assert len(tabs) >= 6  # as many as carry the number along most of their length
    for rect in tabs:
        tab = bounded_text(out / "poster-letter.pdf", rect)
        assert "Support line" in tab
        assert NUMBER in tab
    page = " ".join(page_texts(out / "poster-letter.pdf")[0].split())
    assert page.count("Support line") == len(tabs)
    assert "National Domestic Violence Hotline" not in page


def test_ordinary_poster_tabs_name_the_line_not_its_tab_label(kit: Path,  # noqa: ANN001
                                                              build_poster) -> None:
    edit(kit / "resources.yaml", "    qr: tel ", "    tab_label: Support line\n    qr: tel ")
    pdf = build_poster("letter") / "poster-letter.pdf"
    page = " ".join(page_texts(pdf)[0].split())
    tabs = len(tab_rects("letter", pdf))
    assert page.count("National Domestic Violence Hotline") == 1 + tabs  # the headline's too
    assert "Support line" not in page


def test_a_revealing_tab_label_fails_check(kit: Path, run) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "brand_color:", "poster_discreet: true\nbrand_color:")
    edit(kit / "resources.yaml", "    qr: tel ", "    tab_label: Abuse helpline\n    qr: tel ")
    result = run("check", kit, "--format", "poster")
    assert result.code == 1
    assert ("resources.yaml:8: poster (poster, tabs): 'abuse' on an outside surface would "
            "reveal what this is for; give the line a `tab_label` in resources.yaml [en]") \
        in result.err
    assert "discreet: false" not in result.err
    assert "poster (poster, tabs): 'helpline'" in result.err


def test_poster_front_matter_sets_headline_and_message(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    article = kit / "articles" / "trauma-bonding.en.md"
    edit(article, "title: Why it can be hard to leave\n",
         "title: Why it can be hard to leave\nposter:\n  headline: You deserve to feel safe\n"
         "  message: Talk to someone today. It is free.\n")
    out = tmp_path / "out"
    assert run("build", kit, "--format", "poster", "--out", out, "--no-previews").code == 0
    text = " ".join(page_texts(out / "en" / "poster-letter.pdf")[0].split())
    assert "You deserve to feel safe" in text
    assert "Talk to someone today. It is free." in text
    assert "Why it can be hard to leave" not in text


def test_a_very_long_headline_fails_naming_the_slot(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    article = kit / "articles" / "trauma-bonding.en.md"
    long = " ".join(["You are not alone and help is here for you"] * 12)
    edit(article, "title: Why it can be hard to leave\n",
         f"title: Why it can be hard to leave\nposter:\n  headline: {long}\n")
    out = tmp_path / "out"
    result = run("build", kit, "--format", "poster", "--poster-size", "tabloid", "--out", out,
                 "--no-previews")
    assert result.code == 1
    assert "trauma-bonding.en.md" in result.err
    assert "poster (poster), slot 'headline'" in result.err
    assert "too tall even at" in result.err
    assert not (out / "en" / "poster-tabloid.pdf").exists()


EXTRA_LINES = """
  - name: StrongHearts Native Helpline
    phone: 1-844-762-8483
    hours: 24/7
    verified: 2026-11-01

  - name: Trans Lifeline
    phone: 1-877-565-8860
    verified: 2026-11-01

  - name: RAINN Sexual Assault Hotline
    phone: 1-800-656-4673
    verified: 2026-11-01

  - name: Childhelp National Child Abuse Hotline
    phone: 1-800-422-4453
    verified: 2026-11-01
"""


def test_details_are_left_out_before_other_lines(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    """Hours go first; then a whole line with every line after it, named with where it does
    print; a kept line keeps its text number ("Text 988" was left out while later lines
    printed). The date the lines were checked no longer gives way for them: since issue 42's
    second review it is foot text on 'Take one''s row (Letter), out of the column."""
    with (kit / "resources.yaml").open("a", encoding="utf-8") as resources:
        resources.write(EXTRA_LINES)
    # one line more than the column holds: since the emergency line is no longer listed
    # under the note that names 911 (issue 42's review of 19acfa4), Childhelp fits too
    add_local_lines(kit, 1)
    out = tmp_path / "out"
    result = run("build", kit, "--format", "poster", "--format", "brochure", "--poster-size",
                 "letter", "--out", out, "--no-previews")
    assert result.code == 0, result.err
    assert "left out 'Checked Nov 2026'" not in result.err
    assert "(text) from" not in result.err
    assert ("left out '24/7' (hours) from 'StrongHearts Native Helpline': it does not fit"
            in result.err)
    # (the column beside the code holds one more line since "Scan to call" went under it,
    # another since it sets its lines at 1.2, and another since 911 is said once: Childhelp
    # prints, the local line after it does not)
    assert ("slot 'lines': left out 'Local line 0': it does not fit whole; it prints whole on "
            "the tri-fold brochure") in result.err
    text = " ".join(page_texts(out / "en" / "poster-letter.pdf")[0].split())
    for kept in ["988 Suicide & Crisis Lifeline", "Text 988", "911",
                 "StrongHearts Native Helpline", "1-844-762-8483", "Trans Lifeline",
                 "RAINN Sexual Assault Hotline", "Childhelp National Child Abuse Hotline",
                 "1-800-422-4453",
                 "Use a phone the other person cannot check. In an emergency, call 911."]:
        assert kept in text
    assert "Local line" not in text and "Checked Nov 2026" in text


def test_the_others_heading_stays_above_the_first_line_kept(kit: Path, tmp_path: Path,
                                                            run) -> None:  # noqa: ANN001
    add_local_lines(kit, 5, required=True)  # 988, the only line that may go, must go (three
    # fitted with it once the column set its lines at 1.2, four once the emergency line was
    # no longer listed under the note that names 911)
    out = tmp_path / "out"
    result = run("build", kit, "--format", "poster", "--poster-size", "letter", "--out", out,
                 "--no-previews")
    assert result.code == 0, result.err
    assert "left out '988 Suicide & Crisis Lifeline': it does not fit" in result.err
    text = " ".join(page_texts(out / "en" / "poster-letter.pdf")[0].split())
    assert "988 Suicide" not in text
    assert text.count("Also here for you") == 1
    assert text.index("Also here for you") < text.index("Local line 0")
    # 911 is said once, in the note, never again as an "Emergency" line (issue 42's review)
    assert "Emergency" not in text and text.count("911") == 1


def test_max_lines_keeps_the_main_and_the_emergency_line(kit: Path, tmp_path: Path,
                                                         run) -> None:  # noqa: ANN001
    with (kit / "site.yaml").open("a", encoding="utf-8") as site:
        site.write("max_lines: {poster: 1}\n")
    out = tmp_path / "out"
    result = run("build", kit, "--format", "poster", "--out", out, "--no-previews")
    assert result.code == 0, result.err
    assert "left out '988 Suicide & Crisis Lifeline': max_lines is 1" in result.err
    text = " ".join(page_texts(out / "en" / "poster-letter.pdf")[0].split())
    assert "988" not in text
    assert "Scan to call" in text and NUMBER in text
    # the emergency number always prints: in the note, which names it (the emergency line is
    # not listed again under it since issue 42's review of 19acfa4), with no note that it
    # was left out
    assert "In an emergency, call 911." in text and "Emergency 911" not in text
    assert "left out 'Emergency'" not in result.err


@pytest.mark.parametrize("discreet", [False, True])
@pytest.mark.parametrize("size", list(PAGE))
def test_nothing_overlaps_and_everything_is_inside_the_margins(size: str, discreet: bool) -> None:
    kit = load_kit(DEFAULT_CONTENT)
    site = kit.site.with_option("poster_size", size).with_option("poster_discreet", discreet)
    face = lay_out(dataclasses.replace(kit, site=site), available_layouts()["poster"],
                   "en").faces[0]
    margin = length(LAYOUT["sizes"][size]["safe_margin"])
    rects, captions = [], []
    for text in face.texts:
        width, height = text.paragraph.width, text.paragraph.height
        if text.rotate:  # turned counter-clockwise about (x, y): it extends to the left
            rects.append((text.x - height, text.y, text.x, text.y + width))
        else:  # where its lines print, by its alignment ('Take one', centred, and the date
            # the lines were checked share a row: issue 42's second review)
            inked = max(text.paragraph.getActualLineWidths0(), default=width)
            offset = {TA_CENTER: (width - inked) / 2, TA_RIGHT: width - inked}.get(
                text.paragraph.style.alignment, 0.0)
            if text.paragraph.style.alignment == TA_JUSTIFY:
                offset, inked = 0.0, width
            rects.append((text.x + offset, text.y, text.x + offset + inked, text.y + height))
        if style_name(text.paragraph.style) == "label":
            captions.append((rects[-1], text.paragraph.style.fontSize))
    (qr,) = face.qrs
    code = (qr.x, qr.y, qr.x + qr.size, qr.y + qr.size)
    # Tabloid and A3 let the code's quiet zone lie in the margin (qr_quiet_zone: margin):
    # there its modules keep inside it
    quiet = qr.size * (1 - 1 / symbol_share(qr.payload)) / 2
    in_margin = quiet if LAYOUT["sizes"][size].get("qr_quiet_zone") == "margin" else 0.0
    modules = (code[0] + in_margin, code[1] + in_margin, code[2] - in_margin,
               code[3] - in_margin)
    for left, bottom, right, top in [*rects, modules]:
        assert left >= margin - 0.01 and bottom >= margin - 0.01
        assert right <= face.width - margin + 0.01 and top <= face.height - margin + 0.01
    # What scanning does stands tight under the code (issue 42): its first line's box may
    # reach into the white of the quiet zone above its letters (a third of its size), never
    # as far as the code's modules; tests/test_caption_gap.py reads from the PDF that no
    # glyph enters the quiet zone.
    for (_, _, _, top), size in captions:
        assert top - code[1] <= min(0.36 * size, quiet), (top - code[1], size)
    others = [rect for rect in rects if rect not in [caption for caption, _ in captions]]
    boxes = [*others, code, *[caption for caption, _ in captions]]
    for index, (l1, b1, r1, t1) in enumerate(boxes):
        for l2, b2, r2, t2 in boxes[index + 1:]:
            if (l1, b1, r1, t1) == code and (l2, b2, r2, t2) not in others:
                continue  # a caption and its code: measured above
            assert min(r1, r2) - max(l1, l2) <= 0.01 or min(t1, t2) - max(b1, b2) <= 0.01


def test_small_posters_keep_the_crisis_line_in_every_language(tmp_path: Path) -> None:
    """On Letter the code needs less width than on Tabloid: the column of lines beside it
    gets that room (the size's own boxes), so the 988 line fits in all 14 languages."""
    import shutil
    kit_folder = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, kit_folder)
    langs = sorted(path.suffixes[0][1:] for path in (kit_folder / "articles").glob("*.md"))
    langs.remove("am")  # needs a font file the site gives (tests/test_more_scripts.py)
    assert len(langs) == 14
    edit(kit_folder / "site.yaml", "languages: [en, es, ar, zh-Hans]",
         f"languages: [{', '.join(langs)}]")
    kit = load_kit(kit_folder)
    letter = LAYOUT["sizes"]["letter"]
    safe_width = length(letter["width"]) - 2 * length(letter["safe_margin"])
    qr_box = box_of("qr", "letter")
    code_column = (1 - qr_box[0]) * safe_width
    for lang in langs:
        laid = lay_out(kit, available_layouts()["poster"], lang)
        # still at least 3 in with its quiet zone, which lies in the right margin
        # (qr_quiet_zone: margin): the code's box is narrower than 3 in, the text column wider
        [code] = laid.faces[0].qrs
        assert code.size >= QR_MINIMUM["letter"] - 0.01, (lang, code.size)
        assert code.size < code_column + length(letter["safe_margin"]), (lang, code.size)
        # the 988 line prints whole: at most its hours give way
        assert not [w for w in laid.warnings if "988" in w.message
                    and "(hours)" not in w.message], lang


def test_posters_of_two_sizes_are_two_files_in_one_kit(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    out = tmp_path / "out"
    result = run("build", kit, "--format", "poster", "--poster-size", "a3", "--poster-size",
                 "tabloid", "--out", out, "--no-previews")
    assert result.code == 0, result.err
    for size in ("a3", "tabloid"):
        mediabox = PdfReader(out / "en" / f"poster-{size}.pdf").pages[0].mediabox
        assert (float(mediabox.width), float(mediabox.height)) == pytest.approx(PAGE[size],
                                                                                abs=0.01)
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert [(entry["path"], entry.get("format_size")) for entry in manifest["outputs"]] == [
        ("en/poster-a3.pdf", "a3"), ("en/poster-tabloid.pdf", "tabloid"), ("index.html", None)]
    index = (out / "index.html").read_text(encoding="utf-8")
    assert 'href="en/poster-a3.pdf"' in index and 'href="en/poster-tabloid.pdf"' in index


# --- the organisation, proportions on every sheet, tabs clear of their cuts ------------------

@pytest.mark.parametrize("discreet", [False, True])
def test_the_poster_names_the_organisation_where_allowed(kit: Path, tmp_path: Path, run,  # noqa: ANN001
                                                         discreet: bool) -> None:
    """With show_organization the poster says who it is from, its website too; without it,
    neither (the restroom poster is an outside surface)."""
    extra = "poster_discreet: true\n" if discreet else ""
    edit(kit / "site.yaml", "brand_color:", f"{extra}website: https://www.liveshealing.org\n"
         "brand_color:")
    out = tmp_path / "out"
    assert run("build", kit, "--format", "poster", "--out", out, "--no-previews").code == 0
    page = " ".join(page_texts(out / "en" / "poster-letter.pdf")[0].split())
    assert "Lives Healing" not in page and "liveshealing.org" not in page
    edit(kit / "site.yaml", "website:", "show_organization: true\nwebsite:")
    result = run("build", kit, "--format", "poster", "--out", out, "--no-previews")
    assert result.code == 0, result.err
    pdf = out / "en" / "poster-letter.pdf"
    page = " ".join(page_texts(pdf)[0].split())
    assert "Lives Healing liveshealing.org" in page
    # under the QR code, clear of it
    _, qr_left, qr_bottom, qr_right, _ = qr_boxes(pdf)[0]
    boxes = char_boxes(pdf, 0)
    start = "".join(box[0] for box in boxes).index("LivesHealing")
    org = boxes[start:start + len("LivesHealing")]
    assert max(top for *_, top in org) < qr_bottom
    assert qr_left - 20 <= min(b[1] for b in org) and max(b[3] for b in org) <= qr_right + 20


def text_lines(pdf: Path) -> list[str]:
    """The page's lines of text (characters without spaces), told apart by their baselines."""
    text = pdfium.PdfDocument(str(pdf))[0].get_textpage()
    rows: dict[int, list[tuple[float, str]]] = {}
    origin_x, origin_y = ctypes.c_double(), ctypes.c_double()
    for index in range(text.count_chars()):
        char = text.get_text_range(index, 1)
        if char.strip():
            pdfium_c.FPDFText_GetCharOrigin(text.raw, index, origin_x, origin_y)
            rows.setdefault(round(origin_y.value), []).append((origin_x.value, char))
    return ["".join(char for _, char in sorted(row)) for row in rows.values()]


def qr_boxes(pdf: Path) -> list[tuple[str, float, float, float, float]]:
    """The QR code as one box (name, left, bottom, right, top), from its position read by
    zxing-cpp at RENDER_DPI, in PDF points."""
    result, image = find_qr(pdf)
    corners = result.position
    scale = 72 / RENDER_DPI
    height = image.height * scale
    left, top = corners.top_left.x * scale, corners.top_left.y * scale
    right, bottom = corners.top_right.x * scale, corners.bottom_left.y * scale
    return [("qr", left, height - bottom, right, height - top)]


@pytest.mark.parametrize("size", list(PAGE))
def test_the_qr_code_never_dominates_the_sheet(build_poster, size: str) -> None:  # noqa: ANN001
    """Every part scales with the sheet: the code (with its quiet zone) takes under half the
    width and is narrower than the number above it, on Tabloid as on Letter, and the lines
    beside it are not squeezed ("988 Suicide & Crisis Lifeline" on one line)."""
    pdf = build_poster(size) / f"poster-{size}.pdf"
    result, _ = find_qr(pdf)
    _, left, _, right, _ = qr_boxes(pdf)[0]
    modules = 17 + 4 * int(result.extra["Version"])
    code = (right - left) * (modules + 2 * QR_QUIET_ZONE) / modules
    width = PAGE[size][0] - 2 * length(LAYOUT["sizes"][size]["safe_margin"])
    assert code <= 0.45 * width, code / width
    number = [box for box in char_boxes(pdf, 0) if box[4] - box[2] > 30]  # the large digits
    assert code < max(b[3] for b in number) - min(b[1] for b in number)
    assert "988Suicide&CrisisLifeline" in text_lines(pdf)


TAB_CLEARANCE = 3 * POINTS["mm"]


@pytest.mark.parametrize("size", ["letter", "a4", "tabloid"])
def test_tab_text_keeps_3_mm_from_every_cut(tmp_path: Path, size: str) -> None:
    """In every script, every glyph on a tab keeps 3 mm from the cuts on its sides and from
    the tear line above it (pdfium's glyph boxes, the page read without /ActualText)."""
    languages = ["en", "ar", "bn", "zh-Hans", "th", "hi", "ru", "he"]
    content = default_kit_in(tmp_path / "content", languages)
    out = tmp_path / "out"
    assert main_build(content, out, size) == 0
    for lang in languages:
        pdf = out / lang / f"poster-{size}.pdf"
        boxes = char_boxes(pdf, 0, glyphs=True)
        for rect in tab_rects(size, pdf):
            left, _, right, top = rect
            on_tab = [b for b in boxes if left <= (b[1] + b[3]) / 2 <= right
                      and b[2] < top and b[4] > rect[1]]
            assert on_tab, (lang, rect)
            assert min(b[1] for b in on_tab) >= left + TAB_CLEARANCE - 0.3, lang
            assert max(b[3] for b in on_tab) <= right - TAB_CLEARANCE + 0.3, lang
            assert max(b[4] for b in on_tab) <= top - TAB_CLEARANCE + 0.3, lang
            # The number stands apart from the lines beside it (turned, they are columns):
            # its column holds its digits and nothing else's.
            columns: list[tuple[float, float, str]] = []  # left, right, digits in it
            for char, x0, _, x1, _ in sorted(on_tab, key=lambda b: b[1]):
                digit = char if char.isdigit() else ""
                if columns and x0 < columns[-1][1] + 0.5:
                    start, end, digits = columns[-1]
                    columns[-1] = (start, max(end, x1), digits + digit)
                else:
                    columns.append((x0, x1, digit))
            number_digits = sorted(re.sub(r"\D", "", NUMBER))
            (number,) = [index for index, column in enumerate(columns)
                         if sorted(column[2]) == number_digits] or [(lang, columns)]
            for neighbour in (number - 1, number + 1):
                if 0 <= neighbour < len(columns):
                    near, far = sorted((columns[number], columns[neighbour]))
                    assert far[0] - near[1] >= 1.5, (lang, columns)


def main_build(content: Path, out: Path, size: str) -> int:
    from generator.commands.cli import main
    return main(["build", str(content), "--format", "poster", "--poster-size", size, "--out",
                 str(out), "--no-previews"])


UK_LINE = """resources:
  - name: Example Organization Inc. – Shout text line
    phone: 0113 496 0000 ext. 12
    text: {number: "85258", keyword: SHOUT}
    hours: 24/7
    verified: 2026-11-20
  - name: Emergency
    phone: "999"
    verified: 2026-11-20
"""


@pytest.mark.parametrize("size", ["letter", "a4"])
def test_a_long_first_line_with_an_extension_and_a_text_line_builds_a_uk_poster(
        tmp_path: Path, run, size: str) -> None:  # noqa: ANN001
    """The tabs keep the number (broken before its extension), the texting line and the
    name: it did not fit beside them on eight tabs and gave way; there are fewer, wider
    tabs instead."""
    content = default_kit_in(tmp_path / "content", ["en", "ar"])
    edit(content / "site.yaml", "country: US", "country: GB")
    (content / "resources.yaml").write_text(UK_LINE, encoding="utf-8")
    out = tmp_path / "out"
    result = run("build", content, "--format", "poster", "--poster-size", size, "--out", out,
                 "--no-previews")
    assert result.code == 0, result.err
    assert "the tabs print the number without the line's name" not in result.err
    tabs = tab_rects(size, out / "en" / f"poster-{size}.pdf")
    assert 6 <= len(tabs) <= 8
    for rect in tabs:
        tab = bounded_text(out / "en" / f"poster-{size}.pdf", rect)
        assert "0113 496 0000" in tab and "ext. 12" in tab and "Text SHOUT to 85258" in tab
        assert "Example Organization Inc. – Shout text line" in tab
    page = " ".join(page_texts(out / "en" / f"poster-{size}.pdf")[0].split())
    assert "Example Organization Inc. – Shout text line" in page  # above the number
    assert decode_qr_codes(out / "en" / f"poster-{size}.pdf", 0, dpi=RENDER_DPI) == [
        "tel:+441134960000,12"]


@pytest.mark.parametrize("lang", ["ru", "vi"])
def test_the_other_lines_numbers_stay_larger_than_their_text(tmp_path: Path, lang: str) -> None:
    """Design review of issue 26: on a Russian or Vietnamese Letter poster the safety note
    beside the QR code is long, and the other lines' numbers shrank with the list to the
    poster's 12 pt floor (988 and 911 smaller than on a wallet card, as small as the words
    around them). They stop at 16 pt: the checked date gives way instead. (911 is said once,
    in the note, since issue 42's review of 19acfa4: 988 is the other lines' one number.)"""
    content = default_kit_in(tmp_path / "content", [lang])
    assert main_build(content, tmp_path / "out", "letter") == 0
    sizes = text_sizes(tmp_path / "out" / lang / "poster-letter.pdf")
    others = [points for text, points in sizes if text in ("988", "911")]
    assert len(others) == 1 and ("988", others[0]) in sizes
    assert min(others) >= 16 - 0.01
    words = max(points for text, points in sizes if "988" in text and len(text) > 10)
    assert min(others) > words  # still the strongest thing in each line


def test_the_russian_poster_says_what_its_qr_code_does_and_keeps_the_hours(
        tmp_path: Path) -> None:
    """'Отсканируйте, чтобы позвонить' took two lines beside the code and pushed the 988
    line's hours off the poster (and the caption off the folding card): 'Сканируйте для
    звонка' says the same in one."""
    content = default_kit_in(tmp_path / "content", ["ru"])
    assert main_build(content, tmp_path / "out", "letter") == 0
    lines = text_lines(tmp_path / "out" / "ru" / "poster-letter.pdf")
    # one caption, centred on the code and as wide as it: on one line or two (text_lines
    # drops the spaces)
    assert "Сканируйтедлязвонка" in lines or any(
        first + second == "Сканируйтедлязвонка" for first, second in itertools.pairwise(lines))
    assert sum("круглосуточно" in line for line in lines) == 2  # the main line's and 988's


@pytest.mark.parametrize("lang", ["ru", "th", "ar"])
def test_the_tty_label_stays_on_the_line_of_its_number(tmp_path: Path, lang: str) -> None:
    """Design review of issue 26: the Russian restroom poster's line under the number broke
    after 'TTY:' and set the TTY number alone on the next line. A label's colon and the
    number it names stay together, in text ReportLab breaks (Russian), in Thai (ICU's
    breaks) and in Arabic (right-to-left lines)."""
    content = default_kit_in(tmp_path / "content", [lang])
    with (content / "site.yaml").open("a", encoding="utf-8") as site:
        site.write("poster_discreet: true\n")
    assert main_build(content, tmp_path / "out", "letter") == 0
    glyphs = []  # each glyph where it is drawn
    for char, left, bottom, _, _ in char_boxes(tmp_path / "out" / lang / "poster-letter.pdf",
                                               0, glyphs=True):
        if char.isascii() and (char.isalnum() or char == ":"):  # the label and the number's
            # digits (a hyphen's box stands higher), in whatever script is around them
            glyphs.append((bottom, left, char))
    # a row: glyph bottoms within 2 pt of the one before (a round digit's overshoot sets
    # its bottom a fraction of a point under a flat one's; lines stand 15 pt or more apart)
    rows: list[list[tuple[float, str]]] = []
    last = None
    for bottom, left, char in sorted(glyphs):
        if last is None or bottom - last > 2:
            rows.append([])
        rows[-1].append((left, char))
        last = bottom
    lines = ["".join(char for _, char in sorted(row)) for row in rows]
    # (in Arabic the label and the number are two runs, set right to left: "3224 :TTY")
    with_label = [line for line in lines if "TTY" in line]
    assert with_label and all("18007873224" in line for line in with_label), lines


def test_a_keyword_of_several_words_stays_on_one_line_of_every_tab(kit: Path,
                                                                    tmp_path: Path) -> None:
    """Design review of issue 26: a keyword is one piece (its spaces no-break spaces), but
    collapsing a template's white space with str.split() took those for spaces too, and
    each tab read 'Text SAFE NOW' / 'PLEASE to 88788': someone texting the first line
    sends a keyword the line does not know."""
    edit(kit / "resources.yaml", 'keyword: START}',  # not the hotline's: confirmed
         'keyword: "SAFE NOW PLEASE"}\n    differs_from_published: true')
    assert main_build(kit, tmp_path / "out", "letter") == 0
    text = subprocess.run(["pdftotext", str(tmp_path / "out" / "en" / "poster-letter.pdf"),
                           "-"], capture_output=True, text=True, check=True).stdout
    lines = [" ".join(line.split()) for line in text.splitlines()]
    with_keyword = [line for line in lines if re.search(r"\b(SAFE|NOW|PLEASE)\b", line)]
    tabs = len(tab_rects("letter", tmp_path / "out" / "en" / "poster-letter.pdf"))
    assert len(with_keyword) >= 1 + tabs >= 7  # the line under the number and every tab
    assert all("SAFE NOW PLEASE" in line for line in with_keyword), with_keyword


def test_an_articles_own_headline_and_message_print_on_its_poster(kit: Path,  # noqa: ANN001
                                                                   build_poster) -> None:
    """The poster's `article_fields` (layouts/poster/layout.yaml): what an article's front
    matter gives it under `poster:` replaces the title and the card line on the poster only."""
    edit(kit / "articles" / "trauma-bonding.en.md", "title: Why it can be hard to leave\n",
         "title: Why it can be hard to leave\nposter:\n  headline: Someone to talk to\n"
         "  message: Free, private, any time of day.\n")
    page = " ".join(page_texts(build_poster("letter") / "poster-letter.pdf")[0].split())
    assert "Someone to talk to" in page and "Free, private, any time of day." in page
    assert "Why it can be hard to leave" not in page


def test_a_sites_own_layout_reads_the_front_matter_it_declares(kit: Path, run,  # noqa: ANN001
                                                                tmp_path: Path) -> None:
    """`article_fields` is any layout's: a site's copy of the poster that declares a
    `footer` of its own reads `article.poster_footer`, and keeps the built-in headline."""
    import shutil

    own = kit / "layouts" / "poster"
    shutil.copytree(REPO / "layouts" / "poster", own)
    layout = own / "layout.yaml"
    text = layout.read_text(encoding="utf-8")
    start = text.index("article_fields:")
    end = text.index("\n", text.index("message:", start))
    layout.write_text(text[:start] + "article_fields:\n  footer: a line at the foot"
                      + text[end:], encoding="utf-8")
    edit(own / "poster.j2", "{% block headline %}\n",
         "{% block headline %}\n{% if article.poster_footer %}<p style=\"headline\">"
         "{{ article.poster_footer }}</p>{% endif %}\n")
    edit(kit / "articles" / "trauma-bonding.en.md", "title: Why it can be hard to leave\n",
         "title: Why it can be hard to leave\nposter:\n  headline: Someone to talk to\n"
         "  footer: Ask at the desk\n")
    out = tmp_path / "out"
    result = run("build", kit, "--format", "poster", "--out", out, "--no-previews")
    assert result.code == 0, result.err
    page = " ".join(page_texts(out / "en" / "poster-letter.pdf")[0].split())
    assert "Ask at the desk" in page and "Someone to talk to" in page


def test_the_organisation_never_prints_over_the_restroom_posters_text(tmp_path: Path,
                                                                       run) -> None:  # noqa: ANN001
    """With show_organization, the restroom poster's "Lives Healing" stood at the foot of
    the code's column on Tabloid and A3, where "When you call" runs across the sheet: it
    printed over its last line (en, ru, ko, bn, am) or gave way (ar, fa, he). Read back
    from the shop files with pdfium: the name is there, clear of every other glyph."""
    langs = ("en", "ru", "ar", "ko", "bn", "th")  # th: issue 42's second review
    content = default_kit_in(tmp_path / "content", langs)
    with (content / "site.yaml").open("a", encoding="utf-8") as site:
        site.write("poster_discreet: true\nshow_organization: true\n")
    out = tmp_path / "out"
    result = run("build", content, "--format", "poster", "--target", "shop", "--no-previews",
                 "--poster-size", "letter", "--poster-size", "a4", "--poster-size",
                 "tabloid", "--poster-size", "a3", "--out", out)
    assert result.code == 0, result.err
    organisation = yaml.safe_load((content / "site.yaml").read_text("utf-8"))["organization"]
    for lang, size in itertools.product(langs, ("letter", "a4", "tabloid", "a3")):
        page = pdfium.PdfDocument(str(out / lang / f"poster-{size}-shop.pdf"))[0]
        text = page.get_textpage()
        hit = text.search(organisation).get_next()
        assert hit is not None, (lang, size)
        own = range(hit[0], hit[0] + hit[1])
        boxes = [text.get_charbox(index) for index in own]
        left, bottom = min(b[0] for b in boxes), min(b[1] for b in boxes)
        right, top = max(b[2] for b in boxes), max(b[3] for b in boxes)
        over = [text.get_text_range(index, 1) for index in range(text.count_chars())
                if index not in own and text.get_text_range(index, 1).strip()
                for l2, b2, r2, t2 in [text.get_charbox(index)]
                if min(right, r2) - max(left, l2) > 0.5 and min(top, t2) - max(bottom, b2) > 0.5]
        assert not over, (lang, size, over)
