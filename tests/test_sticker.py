"""The sticker, read back from its PDFs: the office sheet's stickers sit on the labels of the
stock layouts/stock.yaml describes and call the first line; the shop file's die line is a
circle in the CutContour spot colour, stroked, overprinting, alone in that colour; every
glyph and the QR code's dark modules keep inside the circle its safe margin within the cut,
its quiet zone inside the cut; the line prints whole; nothing under the type floors; the
sticker (always discreet) names no line and is checked for revealing words."""

from __future__ import annotations

import math
import re
import shutil
from pathlib import Path

import pikepdf
import pytest
import yaml
from pypdf import PdfReader

from generator.content.layouts import available_layouts
from generator.content.units import parse_length
from tests.conftest import (
    DEFAULT_CONTENT,
    char_boxes,
    decode_qr_codes,
    drawn_text_sizes,
    edit,
    page_texts,
    under_graphics_state,
)
from tests.pdf_paint import page_marks
from tests.test_sticker_spacing import printed_lines

LANGUAGES = ["en", "ar", "zh-Hans", "th"]
STICKER = available_layouts()["sticker"].spec
STOCKS = yaml.safe_load((Path(__file__).parent.parent / "layouts" / "stock.yaml").read_text(
    encoding="utf-8"))
FLOORS = {"en": 8.0, "zh-Hans": 8.0, "ar": 9.0, "th": 9.0}  # design.md: pocket-sized type
LETTER = (612.0, 792.0)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from generator.commands.cli import main

    root = tmp_path_factory.mktemp("sticker")
    content = root / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    site = content / "site.yaml"
    site.write_text(re.sub(r"^languages: .*$", f"languages: [{', '.join(LANGUAGES)}]",
                           site.read_text(encoding="utf-8"), flags=re.MULTILINE),
                    encoding="utf-8")
    out = root / "out"
    assert main(["build", str(content), "--out", str(out), "--format", "sticker",
                 "--target", "all", "--no-previews"]) == 0
    return out


def label_circles(stock_name: str, paper_height: float) -> list[tuple[float, float, float]]:
    """(x, y, radius) of every label on the stock, in PDF space, worked out from
    layouts/stock.yaml's own numbers."""
    stock = STOCKS[stock_name]
    width, height = (parse_length(value) for value in stock["card"])
    left, top = parse_length(stock["left"]), parse_length(stock["top"])
    dx = width + parse_length(stock["column_gap"])
    dy = height + parse_length(stock["row_gap"])
    return [(left + column * dx + width / 2, paper_height - (top + row * dy + height / 2),
             width / 2) for row in range(stock["rows"]) for column in range(stock["columns"])]


def glyph_boxes(pdf: Path, page_index: int = 0) -> list[tuple[str, tuple[float, ...]]]:
    """Every glyph of the sticker where it is drawn (read without /ActualText, which pdfium
    spreads over a whole span), not the shop page's slug line under the bleed."""
    bleed_bottom = float(PdfReader(pdf).pages[page_index].bleedbox.bottom)
    return [(char, (left, bottom, right, top))
            for char, left, bottom, right, top in char_boxes(pdf, page_index, glyphs=True)
            if top > bleed_bottom]


def corners(box: tuple[float, ...]) -> list[tuple[float, float]]:
    left, bottom, right, top = box
    return [(left, bottom), (left, top), (right, bottom), (right, top)]


def inside(point: tuple[float, float], circle: tuple[float, float, float]) -> bool:
    return math.hypot(point[0] - circle[0], point[1] - circle[1]) <= circle[2] + 0.01


# --- the office sheet ------------------------------------------------------------------

def test_office_sheet_calls_the_hotline_from_every_label(built: Path) -> None:
    assert decode_qr_codes(built / "en" / "sticker.pdf", 0) == ["tel:+18007997233"] * 6


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_glyph_on_the_office_sheet_sits_inside_a_label(built: Path, lang: str) -> None:
    pdf = built / lang / "sticker.pdf"
    size = STICKER.sizes["letter"]
    labels = label_circles(size.stock or "", LETTER[1])
    safe = [(x, y, radius - size.safe_margin) for x, y, radius in labels]
    assert [float(v) for v in PdfReader(pdf).pages[0].mediabox[2:]] == list(LETTER)
    lowest = min(y - radius for _, y, radius in labels)
    seen = {index: 0 for index in range(len(safe))}
    for char, box in glyph_boxes(pdf):
        if box[3] < lowest:
            continue  # the printing instructions in the bottom margin
        homes = [i for i, circle in enumerate(safe) if all(inside(c, circle) for c in corners(box))]
        assert homes, (lang, char, box)
        seen[homes[0]] += 1
    assert min(seen.values()) > 10  # each label carries its text


def test_office_caption_names_the_stock_and_says_nothing_of_cutting(built: Path) -> None:
    """The label sheet as print_for_labels says it (in the printer's language: issue 42,
    tests/test_sticker_sheet_note.py), its size and products from stock.yaml."""
    text = " ".join(page_texts(built / "en" / "sticker.pdf")[0].split())
    stock = STOCKS["round-3.3in-6up"]
    assert (f"For {stock['label_size']} round labels, 6 to a sheet (as {stock['products']})."
            in text), text[-300:]
    assert "cut" not in text.lower() and "perforation" not in text.lower()


# --- the shop file ---------------------------------------------------------------------

def die_line_strokes(pdf: Path) -> list[dict]:
    """Every path painted while the CutContour separation is the stroke colour: its
    operators, its points, whether overprint was on, and how it was painted."""
    document = pikepdf.open(pdf)
    page = document.pages[0]
    spaces = page.Resources.get("/ColorSpace", {})
    found, path = [], []
    for operands, name, state in under_graphics_state(
            page, {"stroke": None, "fill": None, "OP": False}):
        if name in ("CS", "cs"):
            space = spaces.get(str(operands[0]))
            spot = str(space[1]) if space is not None and str(space[0]) == "/Separation" else None
            state["stroke" if name == "CS" else "fill"] = spot
        elif name in ("m", "l", "c", "re"):
            path.append((name, [float(v) for v in operands]))
        elif name in ("S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n"):
            if "/CutContour" in (state["stroke"], state["fill"]) and name != "n":
                found.append({"paint": name, "path": path, "overprint": state["OP"],
                              "fill_spot": state["fill"]})
            path = []
    return found


def test_shop_file_cuts_along_a_cutcontour_circle(built: Path) -> None:
    pdf = built / "en" / "sticker-shop.pdf"
    document = pikepdf.open(pdf)
    (space,) = [value for value in document.pages[0].Resources.ColorSpace.values()
                if str(value[1]) == "/CutContour"]
    assert str(space[0]) == "/Separation" and str(space[2]) == "/DeviceCMYK"
    (stroke,) = die_line_strokes(pdf)  # one path, nothing else in that colour
    assert stroke["paint"] == "S" and stroke["overprint"] and stroke["fill_spot"] is None
    assert {operator for operator, _ in stroke["path"]} == {"m", "c"}  # curves, a circle
    trim = [float(v) for v in PdfReader(pdf).pages[0].trimbox]
    centre = ((trim[0] + trim[2]) / 2, (trim[1] + trim[3]) / 2)
    radius = (trim[2] - trim[0]) / 2
    assert abs(radius - parse_length("3.3125in") / 2) < 0.01
    ends = [(values[-2], values[-1]) for _, values in stroke["path"]]
    assert len(ends) == 5  # the start and four quarter circles back to it
    for point in ends:
        assert abs(math.hypot(point[0] - centre[0], point[1] - centre[1]) - radius) < 0.01


@pytest.mark.parametrize("lang", LANGUAGES)
def test_text_and_code_keep_inside_the_circle(built: Path, lang: str) -> None:
    pdf = built / lang / "sticker-shop.pdf"
    trim = [float(v) for v in PdfReader(pdf).pages[0].trimbox]
    cut = ((trim[0] + trim[2]) / 2, (trim[1] + trim[3]) / 2, (trim[2] - trim[0]) / 2)
    safe = (cut[0], cut[1], cut[2] - STICKER.sizes["letter"].safe_margin)
    boxes = glyph_boxes(pdf)
    assert len(boxes) > 40
    for char, box in boxes:
        assert all(inside(point, safe) for point in corners(box)), (lang, char, box)
    marks = page_marks(PdfReader(pdf), 0)[0]
    (code,) = [index for index, mark in enumerate(marks) if mark.kind == "fill"
               and mark.rects > 20]
    dark = marks[code].points
    xs, ys = [x for x, _ in dark], [y for _, y in dark]
    assert all(inside(point, safe) for point in corners((min(xs), min(ys), max(xs), max(ys))))
    quiet = marks[code - 1].points  # the white square under the code
    qx, qy = [x for x, _ in quiet], [y for _, y in quiet]
    assert all(inside(point, cut) for point in corners((min(qx), min(qy), max(qx), max(qy))))
    assert decode_qr_codes(pdf, 0) == ["tel:+18007997233"]


# --- what it prints --------------------------------------------------------------------

def test_the_line_prints_whole_and_nothing_tells(built: Path) -> None:
    """Every sticker is discreet (an outside surface): the number, texting line and TTY, a
    coded line and the emergency sentence; no line name, nothing of a phone being checked."""
    text = " ".join(page_texts(built / "en" / "sticker-shop.pdf")[0].split())
    for part in ("Need to talk?", "Free and private, any time.", "1-800-799-7233",
                 "Text START to 88788", "TTY: 1-800-787-3224", "In an emergency, call 911."):
        assert part in text
    for tell in ("National Domestic Violence Hotline", "Violence", "cannot check"):
        assert tell not in text
    arabic = " ".join(page_texts(built / "ar" / "sticker-shop.pdf")[0].split())
    for part in ("1-800-799-7233", "START", "88788", "1-800-787-3224"):
        assert part in arabic


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_type_under_the_floor(built: Path, lang: str) -> None:
    reader = PdfReader(built / lang / "sticker-shop.pdf")
    bleed_bottom = float(reader.pages[0].bleedbox.bottom)  # the slug line is below it
    sizes = [mark.size for mark in page_marks(reader, 0)[0]
             if mark.kind == "text" and mark.points[0][1] > bleed_bottom]
    assert sizes and min(sizes) >= FLOORS[lang] - 0.01
    assert max(sizes) >= 14  # the number, the hero


def test_restroom_sticker_names_no_line(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "brand_color:", "sticker_discreet: true\nbrand_color:")
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, "--format", "sticker", "--target", "shop",
               "--no-previews").code == 0
    text = " ".join(page_texts(out / "en" / "sticker-shop.pdf")[0].split())
    assert "Hotline" not in text
    assert "1-800-799-7233" in text and "Text START to 88788" in text
    # What anyone may need, and reveals nothing (issue 42): the emergency sentence alone.
    assert "In an emergency, call 911." in text
    assert "Use a phone the other person cannot check." not in text


@pytest.mark.parametrize("setting", ["", "sticker_discreet: true\n", "sticker_discreet: false\n"])
def test_every_sticker_is_checked_for_revealing_words(kit: Path, run,  # noqa: ANN001
                                                      setting: str) -> None:
    """A sticker is always an outside surface (issue 42), whatever `sticker_discreet` says:
    a revealing texting keyword stops it; only `discreet: false` prints it unchecked."""
    edit(kit / "site.yaml", "brand_color:", f"{setting}brand_color:")
    edit(kit / "resources.yaml", "keyword: START}",  # not the hotline's: confirmed
         "keyword: ABUSE}\n    differs_from_published: true")
    result = run("check", kit, "--format", "sticker")
    assert result.code == 1
    assert "sticker (sticker): 'abuse' on an outside surface" in result.err
    edit(kit / "site.yaml", "brand_color:", "discreet: false\nbrand_color:")
    assert run("check", kit, "--format", "sticker").code == 0


def test_a_long_name_changes_nothing(kit: Path, tmp_path: Path,
                                    run) -> None:  # noqa: ANN001
    """The sticker names no line: a name however long is neither printed nor in the way."""
    long_name = ("National Domestic Violence Hotline for Survivors, their Friends, their "
                 "Families and Everyone Who Supports Them Day and Night")
    edit(kit / "resources.yaml", "      en: National Domestic Violence Hotline\n",
         f"      en: {long_name}\n")
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", "sticker", "--no-previews")
    assert result.code == 0
    assert "slot 'message'" not in result.err and ": warning: " not in result.err
    text = " ".join(page_texts(out / "en" / "sticker.pdf")[0].split())
    assert "Survivors" not in text and text.count("Text START to 88788") == 6
    assert text.count("Need to talk?") == 6


def test_a_layout_naming_a_stock_there_is_not(kit: Path, run) -> None:  # noqa: ANN001
    folder = kit / "layouts" / "sticker"
    shutil.copytree(available_layouts()["sticker"].folder, folder)
    edit(folder / "layout.yaml", "stock: round-3.3in-6up", "stock: round-9in")
    result = run("build", kit, "--out", kit.parent / "out", "--format", "sticker",
                 "--no-previews")
    assert result.code == 1
    assert "sizes.letter.stock: round-9in: layouts/stock.yaml has no such stock" in result.err
    assert str(folder / "layout.yaml") in result.err


def test_formats_lists_the_sticker(run) -> None:  # noqa: ANN001
    result = run("formats")
    assert "sticker        Sticker: letter 3.31 x 3.31 in (84 x 84 mm)" in result.out
    assert "site.yaml sticker_discreet: true | false (default: true)" in result.out


def test_print_instructions_say_how_to_print_and_cut(built: Path) -> None:
    page = (built / "index.html").read_text(encoding="utf-8")
    assert "Peel the stickers off the sheet" in page
    assert "Print one page on plain paper first" in page
    assert "CutContour" in page


def test_the_other_lines_are_said_to_print_elsewhere(kit: Path, run) -> None:  # noqa: ANN001
    result = run("check", kit)
    assert result.code == 0
    assert ("resources.yaml:39: note: sticker: left out '988 Suicide & Crisis Lifeline': it "
            "carries the first line alone; it prints whole on the tri-fold brochure, the large "
            "print, the pocket card, the folding pocket card, the poster and the safety plan "
            "[en]") in result.err


def test_a_long_emergency_sentence_raises_the_foot(kit: Path, tmp_path: Path,
                                                  run) -> None:  # noqa: ANN001
    """A kit's own emergency sentence of three short sentences (four lines at 12 pt, where
    the default takes two): the foot rises from the cut to hold it whole at the sticker's
    size, every glyph inside the circle 4 mm within the cut, and what gives way above for
    it is named in a note (issue 42: the foot's sentence at one size, 12 pt, in every
    language; before, the foot was one box and a line that reached past the circle was a
    warning)."""
    strings = (Path(__file__).parent.parent / "generator" / "locales" / "en.yaml").read_text(
        encoding="utf-8")
    (kit / "locales").mkdir(exist_ok=True)
    (kit / "locales" / "en.yaml").write_text(re.sub(
        r"^emergency_note: .*$", 'emergency_note: "Emergencies: {emergency}. In danger: '
        '{emergency}. Fire: {emergency}."', strings, flags=re.MULTILINE), encoding="utf-8")
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", "sticker", "--target", "shop",
                 "--no-previews")
    assert result.code == 0, result.err
    pdf = out / "en" / "sticker-shop.pdf"
    text = " ".join(page_texts(pdf)[0].split())
    assert "Emergencies: 911. In danger: 911. Fire: 911." in text, text
    sizes = {round(size, 2) for size, drawn, _ in drawn_text_sizes(pdf, 0) if "911" in drawn}
    assert sizes == {12.0}, sizes
    if "Free and private" not in text:
        assert "slot 'promise': left out the block 'Free and private, any time.'" in result.err
    reader = PdfReader(pdf)
    left, bottom, right, top = (float(value) for value in reader.pages[0].trimbox)
    x, y, radius = (left + right) / 2, (bottom + top) / 2, (right - left) / 2 - 4 * 72 / 25.4
    for char, *box in char_boxes(pdf, 0, glyphs=True):
        for cx in (box[0], box[2]):
            for cy in (box[1], box[3]):
                assert math.hypot(cx - x, cy - y) <= radius + 0.01, (char, box)


HERO_BAND_MM = 12.0  # the most white over a texting hero (a seventh of the disc)


def test_a_texting_hero_is_a_step_of_the_scale(kit: Path, tmp_path: Path,
                                               run) -> None:  # noqa: ANN001
    """A first line reached only by text (a crisis text line: no phone, no TTY): its texting
    line in the number's place at the scale's figure step, 16 pt, whole on one run (keyword
    and number unbroken), one step over the 12 pt headline; never the 12 pt it fell to from
    21 with no step between (issue 42, the review of main at 8.5). English and Arabic; the
    QR code texts the keyword to the number."""
    site = kit / "site.yaml"
    site.write_text(re.sub(r"^languages: .*$", "languages: [en, ar]",
                           site.read_text(encoding="utf-8"), flags=re.MULTILINE),
                    encoding="utf-8")
    resources = kit / "resources.yaml"
    head, rest = resources.read_text(encoding="utf-8").split("resources:\n", 1)
    resources.write_text(head + "resources:\n  - name: Crisis Text Line\n"
                         "    text: {number: \"741741\", keyword: HOME}\n"
                         "    hours: 24/7\n    confidential: true\n    qr: sms\n"
                         "    verified: 2026-11-01\n" + rest, encoding="utf-8")
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", "sticker", "--target", "shop",
                 "--no-previews")
    assert result.code == 0, result.err
    for lang in ("en", "ar"):
        pdf = out / lang / "sticker-shop.pdf"
        runs = drawn_text_sizes(pdf, 0)
        hero = {round(size, 2) for size, text, _ in runs if "741741" in text or "HOME" in text}
        assert hero == {16.0}, (lang, hero)
        sizes = {round(size, 2) for size, _, _ in runs}
        assert sizes <= {9.0, 10.0, 12.0, 16.0, 20.0} and len(sizes) <= 4, (lang, sizes)
        assert decode_qr_codes(pdf, 0) == ["SMSTO:741741:HOME"], lang
        # it stands between the coded line and the foot, not under a wide blank band (in
        # English 15 mm of white stood over it, 4 mm under it: its list stood on the foot)
        lines = printed_lines(pdf)
        hero = next(index for index, line in enumerate(lines) if abs(line.size - 16) < 0.05)
        over = (lines[hero - 1].bottom - lines[hero].top) * 25.4 / 72
        assert over <= HERO_BAND_MM, (lang, round(over, 1))
