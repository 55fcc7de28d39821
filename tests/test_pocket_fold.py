"""The folding pocket card: a strip of four 2 in panels per side, folded zigzag to wallet size.

Panels are numbered 0-3 from the top of the strip. Folded, only panels 0 and 3 of the front
side (page 1) are seen; everything else is inside. Panel rectangles are computed here from
the trim size, not taken from the engine.
"""

from __future__ import annotations

import ctypes
import re
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
import yaml
from pypdf import PdfReader

import generator.render.sheets as sheets
from generator.content.layouts import available_layouts
from generator.content.load import load_kit
from generator.content.models import Offset
from generator.pipeline.build import lay_out
from generator.render.office import office_grid
from tests.conftest import (
    DEFAULT_CONTENT,
    add_local_lines,
    char_boxes,
    decode_qr_codes,
    default_kit_in,
    edit,
    page_texts,
    use_pasted_article,
)
from tests.notes_truth import needs_pdftotext, pdf_text, spaceless
from tests.test_pocket_card import REVEALING_WORDS
from tests.test_sheets import RecordingCanvas

INCH, MM = 72.0, 72 / 25.4
LETTER = (612.0, 792.0)
A4 = (595.276, 841.89)
US_STRIP = (3.5 * INCH, 8 * INCH)  # 252 x 576 pt
US_PANEL = 2 * INCH
US_SAFE = 3.5 * MM  # as ISO_SAFE (h51fold)
ISO_STRIP = (85 * MM, 220 * MM)
ISO_PANEL = 55 * MM
# 3.5 mm on both strips (h51fold: 12 pt names, Thai's 1.5 leading, the last key points):
# print-and-safety.md keeps text 3 mm inside the trim, design.md 3 mm off a fold
ISO_SAFE = 3.5 * MM
GLYPH_OVERHANG = 2.0  # glyph boxes may reach a little beyond the text frame
PAYLOAD = "tel:+18007997233"
# Two strips side by side on Letter, cut by hand: 4 mm apart (colour runs into the gap from
# both sides), centred.
GAP = 4 * MM
STRIP_LEFTS = ((LETTER[0] - 2 * US_STRIP[0] - GAP) / 2,
               (LETTER[0] - 2 * US_STRIP[0] - GAP) / 2 + US_STRIP[0] + GAP)
FORMAT = "pocket-fold"


# --- helpers -------------------------------------------------------------------------------

def words(text: str) -> set[str]:
    return set(re.findall(r"[\w']+", text.lower()))


def flat(text: str) -> str:
    """Text read back from the PDF with line breaks and soft hyphens made plain spaces."""
    return " ".join(text.replace("\u00ad", "").split())


def trim_origin(page: pdfium.PdfPage) -> tuple[float, float]:
    """Lower-left corner of the TrimBox of a shop page."""
    left, bottom, _, _ = page.get_trimbox()
    return left, bottom


def panel_rect(origin: tuple[float, float], index: int, strip: tuple[float, float] = US_STRIP,
               panel: float = US_PANEL) -> tuple[float, float, float, float]:
    """(left, bottom, right, top) of panel `index` (0 = top) of a strip at `origin`."""
    x, y = origin
    top = y + strip[1] - index * panel
    return x, top - panel, x + strip[0], top


def panel_text(pdf: Path, page_index: int, index: int) -> str:
    page = pdfium.PdfDocument(str(pdf))[page_index]
    left, bottom, right, top = panel_rect(trim_origin(page), index)
    return flat(page.get_textpage().get_text_bounded(left=left, bottom=bottom, right=right,
                                                     top=top))


def fold_ys(strip_bottom: float, strip_height: float, panel: float) -> list[float]:
    return [strip_bottom + strip_height - k * panel for k in (1, 2, 3)]


def assert_no_char_on_a_fold(pdf: Path, page_index: int, folds: list[float],
                             safe: float) -> None:
    boxes = char_boxes(pdf, page_index)
    assert boxes
    reach = safe - GLYPH_OVERHANG
    for fold in folds:
        crossing = [c for c, _, bottom, _, top in boxes
                    if bottom < fold + reach and top > fold - reach]
        assert not crossing, (page_index, round(fold, 2), crossing[:20])


def key_points(markdown: Path) -> list[str]:
    """The key points as the article's author wrote them, read from its front matter."""
    front = markdown.read_text(encoding="utf-8").split("---\n", 2)[1]
    return yaml.safe_load(front)["key_points"]


def mediabox(page) -> tuple[float, float]:  # noqa: ANN001
    return float(page.mediabox.width), float(page.mediabox.height)


def trimbox(page) -> list[float]:  # noqa: ANN001
    return [float(v) for v in page["/TrimBox"]]


def bleedbox(page) -> list[float]:  # noqa: ANN001
    return [float(v) for v in page["/BleedBox"]]


@pytest.fixture
def built(kit: Path, tmp_path: Path, run) -> Path:  # noqa: ANN001
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", FORMAT, "--target", "all", "--no-previews")
    assert result.code == 0, result.err
    assert result.err == ""  # the default kit fits without shrinking a line away
    return out


def office(out: Path) -> Path:
    return out / "en" / f"{FORMAT}.pdf"


def shop(out: Path) -> Path:
    return out / "en" / f"{FORMAT}-shop.pdf"


# --- paper, boxes, QR codes ------------------------------------------------------------------

def test_office_sheet_is_letter_with_fronts_then_backs(built: Path) -> None:
    reader = PdfReader(office(built))
    assert len(reader.pages) == 2
    for page in reader.pages:
        assert mediabox(page) == LETTER


def test_shop_pages_are_the_strip_with_bleed(built: Path) -> None:
    reader = PdfReader(shop(built))
    assert len(reader.pages) == 2
    for page in reader.pages:
        x0, y0, x1, y1 = trimbox(page)
        assert (x1 - x0, y1 - y0) == pytest.approx(US_STRIP)
        bx0, by0, bx1, by1 = bleedbox(page)
        assert (x0 - bx0, y0 - by0, bx1 - x1, by1 - y1) == pytest.approx((9.0,) * 4)
        mx0, my0, mx1, my1 = (float(v) for v in page.mediabox)
        assert mx0 <= bx0 and my0 <= by0 and mx1 >= bx1 and my1 >= by1


def test_qr_code_calls_the_first_line_on_every_strip(built: Path) -> None:
    assert decode_qr_codes(office(built), 1) == [PAYLOAD, PAYLOAD]  # two strips
    assert decode_qr_codes(shop(built), 1) == [PAYLOAD]
    assert decode_qr_codes(office(built), 0) == []  # nothing to scan on the outside


# --- what each panel says --------------------------------------------------------------------

def test_outside_panels_show_only_the_discreet_title(built: Path) -> None:
    for index in (0, 3):  # front side: the cover and the back cover
        text = panel_text(shop(built), 0, index)
        assert "Wellness contacts" in text, index
        found = words(text) & set(REVEALING_WORDS)
        assert not found, (index, found)
    # The same on both strips of the office sheet.
    page = pdfium.PdfDocument(str(office(built)))[0]
    textpage = page.get_textpage()
    for origin_x in STRIP_LEFTS:
        for index in (0, 3):
            left, bottom, right, top = panel_rect((origin_x, 108.0), index)
            text = textpage.get_text_bounded(left=left, bottom=bottom, right=right, top=top)
            assert "Wellness contacts" in flat(text)
            assert not words(text) & set(REVEALING_WORDS)


def test_inside_panels_carry_lines_card_line_key_points_and_safety(built: Path,
                                                                 kit: Path) -> None:
    inside = " ".join([panel_text(shop(built), 0, 1), panel_text(shop(built), 0, 2)]
                      + [panel_text(shop(built), 1, index) for index in range(4)])
    expected = [
        "1-800-799-7233", "Text START to 88788", "TTY: 1-800-787-3224", "988", "911",
        "You are not alone, and what you feel makes sense.",
        "Before you call",
        "Use a phone or computer the other person cannot check. Calls, texts and web visits "
        "can show up in call logs and browser history. In an emergency, call 911.",
        "Scan to call",
    ]
    for text in expected + key_points(kit / "articles" / "trauma-bonding.en.md"):
        assert text in inside, text


def test_the_safety_note_prints_once(built: Path) -> None:
    """Before you call" on the front says it in full; the pocket card's short note under
    the first line said it a second time (issue 42): one "In an emergency, call 911." on
    the strip, both sides read."""
    strip = " ".join(panel_text(shop(built), page, index) for page in (0, 1)
                     for index in range(4))
    assert " ".join(strip.split()).count("In an emergency, call 911.") == 1
    assert "Use a phone the other person cannot check." not in strip


def test_the_first_line_and_its_code_stand_in_the_middle_of_their_panel(built: Path) -> None:
    """The room the short note left is shared above and below the first line and its
    code, as the other lines stand in the middle of theirs: no band of nothing at the
    panel's foot."""
    page = pdfium.PdfDocument(str(shop(built)))[1]
    left, bottom, right, top = panel_rect(trim_origin(page), 0)
    inked = [(box_bottom, box_top) for char, _, box_bottom, _, box_top
             in char_boxes(shop(built), 1)
             if char.strip() and bottom < box_bottom and box_top < top]
    assert inked
    above = top - max(box_top for _, box_top in inked)
    below = min(box_bottom for box_bottom, _ in inked) - bottom
    panel = top - bottom
    assert abs(above - below) < panel / 4, (above, below, panel)


def test_reading_order_panel_by_panel(built: Path) -> None:
    """Front: cover, card line, before you call, back cover. Back: the first line with its
    QR code, the other lines, key points, what happens when you call and
    room for notes."""
    assert "You are not alone" in panel_text(shop(built), 0, 1)
    assert "Before you call" in panel_text(shop(built), 0, 2)
    first = panel_text(shop(built), 1, 0)
    assert "1-800-799-7233" in first and "Scan to call" in first
    others = panel_text(shop(built), 1, 1)
    assert "Suicide & Crisis Lifeline 988" in others and "911" in others
    assert "1-800-799-7233" not in others
    assert "Good to know" in panel_text(shop(built), 1, 2)
    last = panel_text(shop(built), 1, 3)
    assert "When you call" in last and "Notes" in last


def test_the_number_is_large_bold_and_in_the_brand_colour(built: Path) -> None:
    """In the office sheet's RGB (shop files print it in the brand's inks: test_pdfx.py)."""
    text = pdfium.PdfDocument(str(office(built)))[1].get_textpage()
    index, count = text.search("1-800-799-7233").get_next()
    for char in range(index, index + count):
        red, green, blue, alpha = (ctypes.c_uint() for _ in range(4))
        assert pdfium_c.FPDFText_GetFillColor(text, char, red, green, blue, alpha)
        assert (red.value, green.value, blue.value) == (0x2F, 0x5D, 0x62)  # brand_color
        assert pdfium_c.FPDFText_GetFontSize(text, char) >= 10
        assert pdfium_c.FPDFText_GetFontWeight(text, char) >= 700


# --- folds, duplex --------------------------------------------------------------------------

def test_no_text_crosses_a_fold(built: Path) -> None:
    for page_index in (0, 1):
        page = pdfium.PdfDocument(str(shop(built)))[page_index]
        _, bottom = trim_origin(page)
        folds = fold_ys(bottom, US_STRIP[1], US_PANEL)
        assert_no_char_on_a_fold(shop(built), page_index, folds, US_SAFE)
        assert_no_char_on_a_fold(office(built), page_index, fold_ys(108.0, 576.0, US_PANEL),
                                 US_SAFE)


def test_text_keeps_to_the_safe_area_of_its_strip(built: Path) -> None:
    reach = US_SAFE - GLYPH_OVERHANG
    for page_index in (0, 1):
        for char, left, bottom, right, top in char_boxes(office(built), page_index):
            if bottom < 100:  # the printing hint in the bottom margin
                continue
            column = 0 if left < LETTER[0] / 2 else 1
            strip_left = STRIP_LEFTS[column]
            assert strip_left + reach <= left and right <= strip_left + 252 - reach, char
            assert 108 + reach <= bottom and top <= 108 + 576 - reach, char


def test_decoration_stays_on_its_panel(built: Path) -> None:
    """The cover's rings run off the card's edge but never across a fold."""
    scale = 2.0
    page = pdfium.PdfDocument(str(shop(built)))[0]
    image = page.render(scale=scale).to_pil().convert("RGB")
    left, bottom = trim_origin(page)
    height = page.get_height()
    for fold in fold_ys(bottom, US_STRIP[1], US_PANEL):
        for offset in (-2.0, 2.0):  # a row of pixels just above and just below each fold
            y = round((height - (fold + offset)) * scale)
            row = {image.getpixel((round(x * scale), y))
                   for x in range(round(left) + 1, round(left + US_STRIP[0]) - 1)}
            assert len(row) == 1, (fold, offset, row)


def test_backs_are_mirrored_for_long_edge_duplex(built: Path) -> None:
    """Turned over on its long edge, a point at x on the front lands at width - x: each
    strip's back must sit exactly there, panel behind panel (the same heights)."""
    def found(page_index: int, needle: str) -> list[tuple[float, float, float]]:
        """(strip left, bottom, top) of each occurrence, from its first character."""
        text = pdfium.PdfDocument(str(office(built)))[page_index].get_textpage()
        searcher = text.search(needle)
        spots = []
        while (hit := searcher.get_next()) is not None:
            left, bottom, _, top = text.get_charbox(hit[0])
            if bottom > 108:  # not the printing hint below the strips
                spots.append((left - US_SAFE, bottom, top))
        return sorted(spots)

    covers = found(0, "Wellness")  # cover and back cover of each strip (stacked or not)
    numbers = found(1, "1-800-799-7233")  # in words, flush with the safe area's edge
    assert len(covers) == 4 and len(numbers) == 2
    # each title starts at its strip's safe edge, within a glyph's side bearing
    for left, _, _ in covers:
        assert min(abs(left - strip) for strip in STRIP_LEFTS) < 2, (left, STRIP_LEFTS)
    assert {min(STRIP_LEFTS, key=lambda strip: abs(left - strip))
            for left, _, _ in covers} == set(STRIP_LEFTS)
    mirrored = sorted(LETTER[0] - left - US_STRIP[0] for left in STRIP_LEFTS)
    assert [left for left, _, _ in numbers] == pytest.approx(mirrored, abs=2)
    # The number is in back panel 0, behind the cover: the top panel on both pages.
    cover_band = panel_rect((STRIP_LEFTS[0], 108.0), 0)
    for _, bottom, top in numbers:
        assert cover_band[1] < bottom < top < cover_band[3]


def test_back_of_each_strip_lands_behind_its_front(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine's imposition: two strips, backs in mirrored columns, fold marks between."""
    kit = load_kit(DEFAULT_CONTENT)
    laid = lay_out(kit, available_layouts()[FORMAT], "en")
    grid = office_grid(laid.layout, laid.size, kit.site)
    assert (grid.columns, grid.rows) == (2, 1)
    assert [face.name for face in laid.faces] == ["front", "back"]
    calls: list[tuple[int, float, float]] = []
    canvas = RecordingCanvas()
    monkeypatch.setattr(sheets, "draw_face", lambda *args, **kwargs: None)
    monkeypatch.setattr(sheets, "stamp", lambda c, form, x, y, clip=None:
                        calls.append((len(canvas.pages) - 1, round(x, 3), round(y, 3))))
    sheets.draw_office_sheets(canvas, laid.faces, grid, "#2f5d62", Offset(), None)
    fronts = [(x, y) for page, x, y in calls if page == 0]
    backs = [(x, y) for page, x, y in calls if page == 1]
    # The strip in column 0 of the front is drawn in column 1 of the back.
    assert [x for x, _ in fronts] == pytest.approx(STRIP_LEFTS, abs=0.001)
    assert [y for _, y in fronts] == [108.0, 108.0]
    assert backs == [(round(LETTER[0] - x - US_STRIP[0], 3), y) for x, y in fronts]
    # Fold marks: short horizontal lines in the side margins at each fold, on both sides.
    for page in canvas.pages[:2]:
        for fold in fold_ys(108.0, US_STRIP[1], US_PANEL):
            marks = [(x1, x2) for x1, y1, x2, y2 in page
                     if y1 == pytest.approx(fold) and y2 == pytest.approx(fold)]
            assert len(marks) == 2, fold
            assert all(max(x1, x2) < STRIP_LEFTS[0] or min(x1, x2) > STRIP_LEFTS[1] + 252
                       for x1, x2 in marks)


# --- ISO -------------------------------------------------------------------------------------

def test_iso_strip_on_a4(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "card_size: us", "card_size: iso")
    edit(kit / "site.yaml", "paper: letter", "paper: a4")
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", FORMAT, "--target", "all", "--no-previews")
    assert result.code == 0, result.err
    assert result.err == ""
    reader = PdfReader(office(out))
    assert len(reader.pages) == 2
    for page in reader.pages:
        assert mediabox(page) == pytest.approx(A4, abs=0.01)
    for page in PdfReader(shop(out)).pages:
        x0, y0, x1, y1 = trimbox(page)
        assert (x1 - x0, y1 - y0) == pytest.approx(ISO_STRIP, abs=0.01)
        assert x0 - bleedbox(page)[0] == pytest.approx(3 * MM, abs=0.01)
    assert decode_qr_codes(office(out), 1) == [PAYLOAD, PAYLOAD]
    assert decode_qr_codes(shop(out), 1) == [PAYLOAD]
    grid_bottom = (A4[1] - ISO_STRIP[1]) / 2
    for page_index in (0, 1):
        assert_no_char_on_a_fold(office(out), page_index,
                                 fold_ys(grid_bottom, ISO_STRIP[1], ISO_PANEL), ISO_SAFE)
    page = pdfium.PdfDocument(str(shop(out)))[0]
    for index in (0, 3):
        left, bottom, right, top = panel_rect(trim_origin(page), index, ISO_STRIP, ISO_PANEL)
        text = page.get_textpage().get_text_bounded(left=left, bottom=bottom, right=right,
                                                    top=top)
        assert "Wellness contacts" in flat(text)
        assert not words(text) & set(REVEALING_WORDS)


# --- what does not fit -----------------------------------------------------------------------

def test_too_many_key_points_are_shortened_naming_the_slot(kit: Path, tmp_path: Path,
                                                           run) -> None:  # noqa: ANN001
    """The panel prints the first points that fit, at the floor size, and says how many it
    left out (it stopped the build, though a folding card's summary may be shorter). The
    points print under their heading, whatever is left out (h45fold: a list without its
    heading read as a stray list), so the count is of the heading and the 18 points."""
    article = kit / "articles" / "trauma-bonding.en.md"
    extra = "".join(f"  - Another thing worth knowing, written out at some length, number {n}.\n"
                    for n in range(14))
    edit(article, "  - Free, private support is ready when you are.\n",
         "  - Free, private support is ready when you are.\n" + extra)
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", FORMAT, "--target", "shop",
                 "--no-previews")
    assert result.code == 0, result.err
    line = next(line for line in result.err.splitlines() if "slot 'condensed'" in line)
    assert "trauma-bonding.en.md: warning: pocket-fold (back), slot 'condensed':" in line
    kept = re.search(r"left out its last (\d+) of 19 paragraphs", line)
    assert kept, line
    panel = panel_text(shop(out), 1, 2)
    assert "Good to know" in panel
    printed = [n for n in range(14) if f"number {n}." in panel]
    assert printed == list(range(len(printed)))  # the first ones, in order
    assert 19 - int(kept.group(1)) == 1 + 4 + len(printed)  # the heading, 4 points, extras


def test_optional_lines_that_do_not_fit_are_left_out_and_named(kit: Path, tmp_path: Path,
                                                              run) -> None:  # noqa: ANN001
    add_local_lines(kit, 4)
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", FORMAT, "--target", "shop",
                 "--no-previews")
    assert result.code == 0, result.err
    assert "warning: pocket-fold (back), slot 'resources': left out 'Local line 3'" in result.err
    lines = panel_text(shop(out), 1, 0)
    assert "1-800-799-7233" in lines
    assert "Local line 3" not in lines


def test_plain_text_article_without_key_points_fits(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    use_pasted_article(kit)
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", FORMAT, "--target", "shop",
                 "--no-previews")
    assert result.code == 0, result.err
    article = panel_text(shop(out), 1, 2)
    assert "Why it can be hard to leave" in article  # the title heads the sections
    assert "What is trauma bonding?" in article
    # Its first sentence is the card line, on the front: the section goes on from its next
    # one (issue 42: nothing prints twice on the piece; it printed here again).
    first = "Trauma bonding is a strong emotional tie to someone who hurts you."
    assert first in panel_text(shop(out), 0, 1)
    assert first not in article
    assert "It can grow with a partner, a family member, or anyone close to you." in article


def test_the_print_note_shows_how_to_fold(built: Path) -> None:
    """Issue 42: a fold diagram above the note that says to fold (the backs' sheet): the
    strip with its cover and back cover in the brand colour, the strip folding back and
    forth seen from its edge, the folded card; in the bottom margin, clear of the marks and
    the note, and only on the office sheet that says to fold."""
    from tests.pdf_paint import page_marks

    brand = tuple(round(int("2f5d62"[i:i + 2], 16) / 255, 3) for i in (0, 2, 4))
    reader = PdfReader(office(built))

    def in_margin(page_index: int) -> list:
        marks, _ = page_marks(reader, page_index)
        return [mark for mark in marks if mark.points and mark.kind in ("fill", "stroke")
                and max(y for _, y in mark.points) < 108 - 3 - 14]  # below the marks' ends

    below = in_margin(1)
    brand_fills = [mark for mark in below if mark.kind == "fill"
                   and tuple(round(v, 3) for v in mark.colour.values) == brand]
    assert len(brand_fills) >= 3, len(brand_fills)  # cover, back cover, the folded card
    zigzag = [mark for mark in below if mark.kind == "stroke" and len(mark.points) == 2
              and abs(mark.points[0][1] - mark.points[1][1]) > 5]  # slanted strokes
    assert len(zigzag) >= 3
    caption_top = 24.0  # the note: one line of 6.5 pt on the printer's edge
    assert min(y for mark in below for _, y in mark.points) > caption_top
    assert not [mark for mark in in_margin(0) if mark.kind == "fill"]  # not on the fronts
    assert "fold at the dashed marks" in page_texts(office(built))[1]


# --- a short article ----------------------------------------------------------------------

BRIEF = Path(__file__).parent / "fixtures" / "articles" / "brief" / "brief.en.md"


def test_a_short_articles_panel_carries_its_paragraph_whole(kit: Path, tmp_path: Path,
                                                            run) -> None:  # noqa: ANN001
    """A 50-word article's panel printed its section's first sentence alone and stood half
    empty (a blank band of 21 of 43 mm): where the panel has the room, the section's
    first paragraph prints whole; a long article's sections keep their first sentences."""
    article = kit / "articles" / "trauma-bonding.en.md"
    article.write_text(BRIEF.read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", FORMAT, "--target", "shop",
                 "--no-previews")
    assert result.code == 0, result.err
    assert "panel 3:" not in result.err  # no warning of a half-empty panel
    paragraph = BRIEF.read_text(encoding="utf-8").split("## You are not alone\n\n")[1]
    paragraph = paragraph.split("\n\n")[0]
    assert paragraph.count(". ") >= 3
    assert flat(paragraph) in panel_text(shop(out), 1, 2)


def test_long_sections_keep_their_first_sentences(kit: Path, tmp_path: Path,
                                                  run) -> None:  # noqa: ANN001
    """Without key points, four sections of the default article: each heading with its
    first sentence (its whole paragraph does not fit), as before."""
    article = kit / "articles" / "trauma-bonding.en.md"
    text = article.read_text(encoding="utf-8")
    front, body = text.split("---\n", 2)[1:]
    front = re.sub(r"^key_points:\n(?:  - .*\n)+", "", front, flags=re.MULTILINE)
    article.write_text(f"---\n{front}---\n{body}", encoding="utf-8")
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", FORMAT, "--target", "shop",
                 "--no-previews")
    assert result.code == 0, result.err
    panel = panel_text(shop(out), 1, 2)
    assert "What is trauma bonding?" in panel
    assert "Trauma bonding is a strong emotional tie to someone who hurts you." in panel
    assert "It can grow with" not in panel  # the paragraph's second sentence


SHORT_LANGS = ("en", "ar", "zh-Hans", "th")
SENTENCE_END = re.compile(r"(?<=[.!?。؟])\s*")


def sentences(article: str, lang: str) -> list[str]:
    """The body's sentences (in Thai, each run between spaces), from the article file."""
    body = article.split("---\n", 2)[2]
    texts = [line for line in body.splitlines() if line and not line.startswith("#")]
    end = re.compile(r"\s+") if lang == "th" else SENTENCE_END
    return [part for text in texts for part in end.split(text) if len(spaceless(part)) >= 12]


@needs_pdftotext
def test_a_short_article_prints_no_sentence_twice(tmp_path: Path, run) -> None:  # noqa: ANN001
    """A 50-word article pasted without a card line: its first sentence is the card line on
    the front, and the key-points panel printed its paragraph whole, the same sentence
    again. Each sentence of the article prints once on the strip, the first one included."""
    kit = default_kit_in(tmp_path / "kit", SHORT_LANGS)
    for old in (kit / "articles").iterdir():
        old.unlink()
    for lang in SHORT_LANGS:
        text = (BRIEF.parent / f"brief.{lang}.md").read_text(encoding="utf-8")
        if lang != "th":  # written without full stops: a card line of its own
            text = re.sub(r"^card: .*\n", "", text, flags=re.MULTILINE)
        (kit / "articles" / f"brief.{lang}.md").write_text(text, encoding="utf-8")
    edit(kit / "site.yaml", "article: trauma-bonding", "article: brief")
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", FORMAT, "--target", "shop",
                 "--no-previews")
    assert result.code == 0, result.err
    for lang in SHORT_LANGS:
        printed = pdf_text(out / lang / f"{FORMAT}-shop.pdf")
        said = sentences((kit / "articles" / f"brief.{lang}.md").read_text(encoding="utf-8"),
                         lang)
        assert said, lang
        counts = {sentence: printed.count(spaceless(sentence)) for sentence in said}
        assert max(counts.values()) == 1 and counts[said[0]] == 1, (lang, counts)


SECOND_SEED = Path(__file__).parent / "fixtures" / "articles" / "missing-him-pasted.en.txt"


@needs_pdftotext
def test_the_second_seed_pasted_prints_no_pointer_to_the_web_and_nothing_twice(
        kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    """The second seed article pasted as it is: its summary panel printed "Before you read
    on: our original guide has..." (a pointer a printed piece cannot follow, which the card
    line already passes over) as its first point, and its first section's sentence that is
    the card line again."""
    (kit / "articles" / "trauma-bonding.en.md").unlink()
    text = SECOND_SEED.read_text(encoding="utf-8")
    (kit / "articles" / "trauma-bonding.en.txt").write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", FORMAT, "--target", "shop",
                 "--no-previews")
    assert result.code == 0, result.err
    pointer = next(line for line in text.splitlines() if line.startswith("Before you read on"))
    printed = pdf_text(shop(out))
    assert spaceless(pointer.split(":")[0]) not in printed
    said = [part for line in text.splitlines()[2:] for part in SENTENCE_END.split(line)
            if len(spaceless(part)) >= 12]
    counts = {sentence: printed.count(spaceless(sentence)) for sentence in said}
    assert max(counts.values()) == 1, {s: n for s, n in counts.items() if n > 1}
