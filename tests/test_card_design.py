"""The pocket card as a designer checks it: 4 mm of margin to the trim, no type below 7 pt
(8 pt in scripts whose letters join or stack), pictures for call, text and TTY with their
words kept in the text, the number the largest thing on the back, and air between the lines
and the safety note. Everything is measured on the PDF."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from generator.commands.cli import main
from tests.conftest import DEFAULT_CONTENT, char_boxes, edit, page_texts

MM = 72 / 25.4
MARGIN = 4 * MM
GLYPH_SLACK = 0.6  # a glyph's box may reach a hair past where its line starts
FLOORS = {"en": 7.0, "zh-Hans": 7.0, "ar": 8.0, "hi": 8.0}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("cards")
    content = root / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    edit(content / "site.yaml", "languages: [en, es, ar, zh-Hans]",
         "languages: [en, ar, zh-Hans, hi]")
    out = root / "out"
    assert main(["build", str(content), "--out", str(out), "--format", "pocket-card",
                 "--format", "pocket-fold", "--target", "all", "--no-previews"]) == 0
    return out


def trim(pdf: Path, page_index: int) -> tuple[float, float, float, float]:
    return tuple(float(v) for v in PdfReader(pdf).pages[page_index]["/TrimBox"])


@pytest.mark.parametrize("lang", FLOORS)
@pytest.mark.parametrize("layout", ["pocket-card", "pocket-fold"])
def test_text_keeps_4_mm_from_the_trim(built: Path, lang: str, layout: str) -> None:
    pdf = built / lang / f"{layout}-shop.pdf"
    for page_index in (0, 1):
        left, bottom, right, top = trim(pdf, page_index)
        boxes = char_boxes(pdf, page_index)
        assert boxes
        for char, x0, y0, x1, y1 in boxes:
            assert x0 >= left + MARGIN - GLYPH_SLACK and x1 <= right - MARGIN + GLYPH_SLACK, \
                (page_index, char, x0 - left, right - x1)
            assert y0 >= bottom + MARGIN - GLYPH_SLACK and y1 <= top - MARGIN + GLYPH_SLACK, \
                (page_index, char, y0 - bottom, top - y1)


def text_sizes(pdf: Path, page_index: int) -> list[tuple[float, str]]:
    """(size in points, text) of every piece of text drawn on the page."""
    found: list[tuple[float, str]] = []

    def visit(text, cm, tm, font_dict, font_size):  # noqa: ANN001, ANN202
        if text.strip():
            scale = (tm[2] ** 2 + tm[3] ** 2) ** 0.5 * (cm[2] ** 2 + cm[3] ** 2) ** 0.5
            found.append((font_size * scale, text))

    PdfReader(pdf).pages[page_index].extract_text(visitor_text=visit)
    return found


@pytest.mark.parametrize("lang", FLOORS)
@pytest.mark.parametrize("layout", ["pocket-card", "pocket-fold"])
def test_no_type_below_the_scripts_floor(built: Path, lang: str, layout: str) -> None:
    for page_index in (0, 1):
        sizes = text_sizes(built / lang / f"{layout}-shop.pdf", page_index)
        assert sizes
        smallest = min(sizes)
        assert smallest[0] >= FLOORS[lang] - 0.01, smallest


@pytest.mark.parametrize("lang", FLOORS)
def test_the_number_is_the_largest_type_on_the_back(built: Path, lang: str) -> None:
    sizes = text_sizes(built / lang / "pocket-card-shop.pdf", 1)
    largest = max(size for size, _ in sizes)
    numbers = [size for size, text in sizes if "799" in text]
    assert numbers and max(numbers) == pytest.approx(largest)


def test_icons_stand_for_their_words_in_the_text(built: Path) -> None:
    """The words call, text and TTY are not printed: pictures stand before the line, and
    the words stay in the text layer (read aloud, copied), in front of what they name."""
    back = " ".join(page_texts(built / "en" / "pocket-card-shop.pdf")[1].split())
    for expected in ("Call 1-800-799-7233", "Text START to 88788", "TTY 1-800-787-3224",
                     "Call 988", "Text 988", "In an emergency, call 911."):
        assert expected in back
    content = PdfReader(built / "en" / "pocket-card-shop.pdf").pages[1].get_contents()
    assert b"3 Tr" in content.get_data()  # the words are drawn unseen (render mode 3)...
    image = pdfium.PdfDocument(str(built / "en" / "pocket-card-shop.pdf"))[1] \
        .render(scale=4).to_pil().convert("L")
    page = pdfium.PdfDocument(str(built / "en" / "pocket-card-shop.pdf"))[1]
    text = page.get_textpage()
    searcher = text.search("1-800-799-7233")
    index, _ = searcher.get_next()
    left, bottom, right, top = text.get_charbox(index)
    height = page.get_height()
    # ...and a picture is drawn in the 10 pt before the number, at its height.
    icon = image.crop((round((left - 10) * 4), round((height - top) * 4),
                       round((left - 1) * 4), round((height - bottom) * 4)))
    assert icon.getextrema()[0] < 160
    # The words themselves leave no ink: the region holds the picture only, no letters.
    plain = " ".join(text.get_text_bounded(left=left - 10, bottom=bottom, right=left - 1,
                                           top=top).split())
    assert plain in ("Call", "Cal", "Call ")


def test_right_to_left_icons_stand_at_the_right(built: Path) -> None:
    page = pdfium.PdfDocument(str(built / "ar" / "pocket-card-shop.pdf"))[1]
    text = page.get_textpage()
    searcher = text.search("799")
    index, _ = searcher.get_next()
    _, bottom, right, top = text.get_charbox(index + 7)  # the number's last digit
    image = page.render(scale=4).to_pil().convert("L")
    height = page.get_height()
    icon = image.crop((round((right + 1) * 4), round((height - top) * 4),
                       round((right + 10) * 4), round((height - bottom) * 4)))
    assert icon.getextrema()[0] < 160


def lines_of(pdf: Path, page_index: int) -> list[tuple[float, float, str]]:
    """(bottom, top, text) of each line of visible text, top to bottom."""
    rows: dict[int, list[tuple[str, float, float]]] = {}
    for char, _, y0, _, y1 in char_boxes(pdf, page_index):
        rows.setdefault(round(y0), []).append((char, y0, y1))
    return sorted(((min(y0 for _, y0, _ in row), max(y1 for _, _, y1 in row),
                    "".join(c for c, _, _ in row)) for row in rows.values()), reverse=True)


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_air_between_the_lines_and_the_safety_note(built: Path, lang: str) -> None:
    """The last line's last row and the safety note under it: at least 4 pt between the ink
    of the one and the ink of the other (the Arabic card had them touching)."""
    pdf = built / lang / "pocket-card-shop.pdf"
    rows = lines_of(pdf, 1)
    last = next(row for row in reversed(rows) if re.search(r"988", row[2])
                and "911" not in row[2])
    below = [row for row in rows if row[1] < last[0]]
    assert below, rows
    note_top = max(top for _, top, _ in below)
    assert last[0] - note_top >= 4.0, (last, note_top)
    assert any("911" in row[2] for row in below)  # the note names the emergency number


def test_an_icons_word_on_an_outside_surface_is_checked(kit: Path, run) -> None:  # noqa: ANN001
    """The word an icon stands for is never printed, but screen readers say it and copied
    text keeps it: on the outside of a card it must be as discreet as printed words."""
    folder = kit / "layouts" / "pocket-card"
    shutil.copytree(Path(__file__).parent.parent / "layouts" / "pocket-card", folder)
    edit(folder / "front.j2", '<p style="cover">', '<p style="cover" icon="call" alt="Hotline">')
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1
    assert "hotline" in result.err.lower() and "front" in result.err
