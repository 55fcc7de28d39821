"""Card stock (`stock:` in site.yaml): the office card sheet puts every card where the maker's
template says, colour never runs into a neighbour or the unprintable edge, and each sheet's
footer says what that sheet needs.

The expected geometry is written out here from the makers' numbers (see
/work/shared/reference/print-and-safety.md and the glabels template database), not taken
from layouts/stock.yaml.
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from tests.conftest import edit, page_texts

INCH, MM = 72.0, 72 / 25.4
LETTER = (612.0, 792.0)
A4 = (210 * MM, 297 * MM)
PRINTABLE = 5 * MM

# name: (card_size, paper, card width, card height, left, top, column gap, row gap)
STOCKS = {
    "avery-5371": ("us", LETTER, 3.5 * INCH, 2 * INCH, 0.75 * INCH, 0.5 * INCH, 0.0, 0.0),
    "avery-c32011": ("iso", A4, 85 * MM, 54 * MM, 15 * MM, 13.5 * MM, 10 * MM, 0.0),
    "a4-10up-85x54": ("iso", A4, 85 * MM, 54 * MM, 15 * MM, 13.5 * MM, 10 * MM, 0.0),
    "a4-10up-85x55": ("iso", A4, 85 * MM, 55 * MM, 15 * MM, 10 * MM, 10 * MM, 0.0),
}


def placements(pdf: Path, page_index: int) -> list[tuple[tuple[float, float],
                                                         tuple[float, float, float, float]]]:
    """((x, y) of each drawn card, its clip rectangle (left, bottom, right, top)), read from
    the page's content stream: each card is a form XObject placed by `cm` then `Do`."""
    reader = PdfReader(pdf)
    page = reader.pages[page_index]
    found, clip, origin = [], None, (0.0, 0.0)
    for operands, operator in ContentStream(page.get_contents(), reader).operations:
        if operator == b"re":
            x, y, width, height = (float(v) for v in operands)
            clip = (x, y, x + width, y + height)
        elif operator == b"cm":
            origin = (float(operands[4]), float(operands[5]))
        elif operator == b"Do" and clip is not None:
            found.append((origin, clip))
    return found


def expected_origins(stock: str) -> set[tuple[float, float]]:
    _, paper, width, height, left, top, column_gap, row_gap = STOCKS[stock]
    return {(round(left + column * (width + column_gap), 2),
             round(paper[1] - top - (row + 1) * height - row * row_gap, 2))
            for column in range(2) for row in range(5)}


def use_stock(kit: Path, stock: str) -> None:
    card_size, paper = STOCKS[stock][0], STOCKS[stock][1]
    if card_size == "iso":
        edit(kit / "site.yaml", "card_size: us", "card_size: iso")
    if paper == A4:
        edit(kit / "site.yaml", "paper: letter", "paper: a4")
    edit(kit / "site.yaml", "brand_color:", f"stock: {stock}\nbrand_color:")


@pytest.mark.parametrize("stock", STOCKS)
def test_cards_sit_where_the_stock_has_them(kit: Path, tmp_path: Path, run,  # noqa: ANN001
                                            stock: str) -> None:
    use_stock(kit, stock)
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--target", "all",
                 "--no-previews")
    assert result.code == 0, result.err
    pdf = out / "en" / "pocket-card.pdf"
    _, paper, width, height, *_ = STOCKS[stock]
    assert tuple(float(v) for v in PdfReader(pdf).pages[0].mediabox[2:]) == \
        pytest.approx(paper, abs=0.01)
    # The card itself is the stock's (85 x 54 mm on C32011, though card_size iso is 55 mm).
    shop = PdfReader(out / "en" / "pocket-card-shop.pdf").pages[0]
    x0, y0, x1, y1 = (float(v) for v in shop["/TrimBox"])
    assert (x1 - x0, y1 - y0) == pytest.approx((width, height), abs=0.01)
    for page_index in (0, 1):  # the backs too: mirrored columns of a symmetric sheet
        placed = placements(pdf, page_index)
        got = [value for point in sorted(origin for origin, _ in placed) for value in point]
        want = [value for point in sorted(expected_origins(stock)) for value in point]
        assert got == pytest.approx(want, abs=0.02)
        for (x, y), (left, bottom, right, top) in placed:
            # Colour may run past the card, never into the unprintable edge...
            assert left <= x + 0.01 and right >= x + width - 0.01
            assert bottom <= y + 0.01 and top >= y + height - 0.01
            assert min(left, bottom) >= PRINTABLE - 0.01
            assert right <= paper[0] - PRINTABLE + 0.01 and top <= paper[1] - PRINTABLE + 0.01
        # ...nor into a neighbour.
        clips = [clip for _, clip in placed]
        for index, a in enumerate(clips):
            for b in clips[index + 1:]:
                overlap_x = min(a[2], b[2]) - max(a[0], b[0])
                overlap_y = min(a[3], b[3]) - max(a[1], b[1])
                assert min(overlap_x, overlap_y) <= 0.01, (a, b)


def caption_lines(pdf: Path, page_index: int) -> tuple[str, list[tuple[float, float, float,
                                                                          float]]]:
    """The printing hint's text and its characters' boxes: the small grey text outside the
    cards (everything within PRINTABLE + 12 pt of an edge)."""
    page = pdfium.PdfDocument(str(pdf))[page_index]
    width, height = page.get_size()
    text = page.get_textpage()
    chars, boxes = [], []
    for index in range(text.count_chars()):
        left, bottom, right, top = text.get_charbox(index)
        near_edge = min(left, bottom, width - right, height - top) < PRINTABLE + 12
        if near_edge:
            chars.append(text.get_text_range(index, 1))
            boxes.append((left, bottom, right, top))
    return "".join(chars), boxes


def test_each_sheet_says_what_it_needs(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, "--format", "pocket-card", "--format",
               "pocket-fold", "--no-previews").code == 0
    fronts, backs = (" ".join(page.split()) for page in page_texts(out / "en" /
                                                                    "pocket-card.pdf"))
    assert "Page 1 of 2, the fronts: print two-sided at actual size (100 %), flipping on " \
        "the long edge." in fronts
    assert "Page 2 of 2, the backs" in backs and "Then cut along the solid marks." in backs
    assert "fold" not in (fronts + backs).lower()  # a card sheet has nothing to fold
    fold_back = " ".join(page_texts(out / "en" / "pocket-fold.pdf")[1].split())
    assert "Then cut along the solid marks, and fold at the dashed marks." in fold_back
    for name in ("pocket-card.pdf", "pocket-fold.pdf"):
        pdf = out / "en" / name
        for page_index in (0, 1):
            caption, boxes = caption_lines(pdf, page_index)
            assert "Page" in caption
            width, height = LETTER
            for left, bottom, right, top in boxes:
                assert min(left, bottom) >= PRINTABLE - 0.5
                assert right <= width - PRINTABLE + 0.5 and top <= height - PRINTABLE + 0.5


def test_a_stock_sheet_names_the_stock_and_its_perforations(kit: Path, tmp_path: Path,  # noqa: ANN001
                                                            run) -> None:
    use_stock(kit, "avery-c32011")
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, "--format", "pocket-card", "--no-previews").code == 0
    fronts, backs = (" ".join(page.split()) for page in page_texts(out / "en" /
                                                                    "pocket-card.pdf"))
    assert "For Avery Zweckform C32011" in fronts
    assert "Then separate the cards along the perforations." in backs
    assert "cut along" not in backs


def test_iso_hand_cut_sheet_puts_its_caption_up_the_left_margin(kit: Path, tmp_path: Path,  # noqa: ANN001
                                                                run) -> None:
    """Five 55 mm cards leave 11 mm above and below on A4: too little for the printer's edge,
    the bleed, the cut marks and a line of text, so the hint reads up the wide side margin."""
    edit(kit / "site.yaml", "card_size: us", "card_size: iso")
    edit(kit / "site.yaml", "paper: letter", "paper: a4")
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, "--format", "pocket-card", "--no-previews").code == 0
    caption, boxes = caption_lines(out / "en" / "pocket-card.pdf", 1)
    assert "cut along the solid marks" in caption
    assert all(right < 15 * MM and left >= PRINTABLE - 0.5 for left, _, right, _ in boxes)


def test_unknown_stock_lists_the_known_ones(kit: Path, run) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "brand_color:", "stock: avery-9999\nbrand_color:")
    result = run("check", kit)
    assert result.code == 1
    assert "stock: unknown card stock 'avery-9999'; valid: hand-cut, avery-5371, " \
        "avery-c32011, a4-10up-85x54, a4-10up-85x55" in result.err


def test_stock_for_another_card_size_is_an_error(kit: Path, run) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "brand_color:", "stock: avery-c32011\nbrand_color:")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1
    assert "stock avery-c32011 holds cards of 85 mm × 54 mm, the pocket-card is 88.9 mm × " \
        "50.8 mm: choose the card_size that matches the stock" in result.err


def test_a_site_describes_its_own_stock(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "brand_color:",
         "stock: {title: Our cards, perforated: true, paper: letter, card: [3.5in, 2in], "
         "columns: 2, rows: 5, left: 0.5in, top: 0.25in, column_gap: 0.5in, row_gap: 0.1in}"
         "\nbrand_color:")
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--no-previews")
    assert result.code == 0, result.err
    origins = sorted(origin for origin, _ in placements(out / "en" / "pocket-card.pdf", 0))
    expected = sorted((36 + column * (252 + 36), 792 - 18 - (row + 1) * 144 - row * 7.2)
                      for column in range(2) for row in range(5))
    assert [v for point in origins for v in point] == \
        pytest.approx([v for point in expected for v in point], abs=0.02)


def test_own_stock_off_the_paper_is_an_error(kit: Path, run) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "brand_color:",
         "stock: {paper: letter, card: [3.5in, 2in], columns: 2, rows: 5, left: 1in, top: 1.5in}"
         "\nbrand_color:")
    result = run("check", kit)
    assert result.code == 1
    assert "stock: the cards run 12.7 mm off the letter sheet" in result.err


def test_print_notes_name_the_stock(kit: Path) -> None:
    """index.html's instructions say the same as the sheet's footer."""
    from generator.content.layouts import available_layouts
    from generator.content.load import load_kit
    from generator.render.printing import print_note

    use_stock(kit, "avery-c32011")
    note = print_note(load_kit(kit), available_layouts()["pocket-card"], "office", A4)
    assert note.steps[0].startswith("Print on Avery Zweckform C32011")
    assert any(step == "Separate the cards along the perforations: 10 pieces of 3.35 × 2.13 in "
               "(85 × 54 mm) per sheet." for step in note.steps), note.steps
    assert not any("Cut" in step for step in note.steps)


def test_a_stock_with_no_margin_still_holds_every_card(kit: Path, tmp_path: Path,
                                                       run) -> None:  # noqa: ANN001
    """A sheet whose cards start at the paper's edge is not one page-sized item: all ten
    cards print, the backs mirrored behind them (it once printed one card in a corner)."""
    edit(kit / "site.yaml", "brand_color:",
         "stock: {title: Edge, perforated: true, paper: letter, card: [3.5in, 2in], "
         "columns: 2, rows: 5, left: 0in, top: 0in, column_gap: 0in, row_gap: 0in}"
         "\nbrand_color:")
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--no-previews")
    assert result.code == 0, result.err
    pdf = out / "en" / "pocket-card.pdf"
    for page_index, columns_x in ((0, (0, 252)), (1, (360, 108))):
        origins = sorted(origin for origin, _ in placements(pdf, page_index))
        expected = sorted((x, 792 - (row + 1) * 144) for x in columns_x for row in range(5))
        assert [v for point in origins for v in point] == \
            pytest.approx([v for point in expected for v in point], abs=0.02)


def test_a_stock_of_another_grid_is_an_error(kit: Path, run) -> None:  # noqa: ANN001
    """Eight cards a sheet: the pocket card's ten would not land on its perforations (it
    once printed ten cards on plain paper, cut marks and all, and said nothing)."""
    edit(kit / "site.yaml", "brand_color:",
         "stock: {title: Eight, perforated: true, paper: letter, card: [3.5in, 2in], "
         "columns: 2, rows: 4, left: 0.75in, top: 1.5in}\nbrand_color:")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1
    assert "stock: stock own holds 2 × 4 cards a sheet, the pocket-card prints 2 × 5: " \
        "choose a stock of 2 × 5 cards, or hand-cut" in result.err


def test_a_stock_length_needs_a_unit(kit: Path, run) -> None:  # noqa: ANN001
    """`left: 15` meant 15 mm to whoever wrote it; it was read as 15 pt (5.3 mm)."""
    edit(kit / "site.yaml", "brand_color:",
         "stock: {perforated: true, paper: letter, card: [3.5in, 2in], columns: 2, rows: 5, "
         "left: 15, top: 0.5in}\nbrand_color:")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1
    assert "stock: left: 15 has no unit: write 15mm or 15pt" in result.err


def test_cut_marks_stay_off_the_cards_where_a_margin_has_no_room(kit: Path, tmp_path: Path,
                                                                 run) -> None:  # noqa: ANN001
    """A hand-cut sheet of the site's own with no margin on the left and top: no mark there
    (they were drawn backwards, from off the paper across the cards' edges), and the backs'
    marks mirrored with the backs (they stayed where the fronts' were, over the cards)."""
    from tests.pdf_paint import page_marks
    edit(kit / "site.yaml", "brand_color:",
         "stock: {title: Edge, perforated: false, paper: letter, card: [3.5in, 2in], "
         "columns: 2, rows: 5, left: 0in, top: 0in}\nbrand_color:")
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--no-previews")
    assert result.code == 0, result.err
    pdf = out / "en" / "pocket-card.pdf"
    reader = PdfReader(pdf)
    for page_index in (0, 1):
        cards = [(x, y, x + 252, y + 144) for (x, y), _ in placements(pdf, page_index)]
        marks, _ = page_marks(reader, page_index)
        lines = [mark.points for mark in marks  # the cut marks: black lines (cards have none)
                 if mark.kind == "stroke" and len(mark.points) == 2
                 and mark.colour.values == (0.0, 0.0, 0.0)]
        assert lines  # the right and bottom margins keep theirs
        for (x0, y0), (x1, y1) in lines:
            assert min(x0, x1) >= PRINTABLE - 0.01 and min(y0, y1) >= PRINTABLE - 0.01
            assert max(x0, x1) <= 612 - PRINTABLE + 0.01
            assert max(y0, y1) <= 792 - PRINTABLE + 0.01
            for left, bottom, right, top in cards:
                crosses = (min(x0, x1) < right - 0.01 and max(x0, x1) > left + 0.01
                           and min(y0, y1) < top - 0.01 and max(y0, y1) > bottom + 0.01)
                assert not crosses, ((x0, y0), (x1, y1), (left, bottom, right, top))
        edges = {round(x, 2) for card in cards for x in (card[0], card[2])}
        span = (min(card[0] for card in cards), max(card[2] for card in cards))
        for (x0, _), (x1, _) in lines:
            if x0 == x1:  # above or below the cards: at a cut
                assert round(x0, 2) in edges, (page_index, x0, edges)
            else:  # beside them: in a margin
                assert max(x0, x1) <= span[0] + 0.01 or min(x0, x1) >= span[1] - 0.01
