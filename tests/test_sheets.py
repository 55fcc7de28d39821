"""Office imposition geometry: duplex mirroring, calibration offset, marks outside the cards."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

import generator.render.sheets as sheets
from generator.content.layouts import available_layouts
from generator.content.load import load_kit
from generator.content.models import Offset
from generator.content.stock import named_stocks
from generator.pipeline.build import lay_out
from generator.render.office import office_grid
from tests.conftest import DEFAULT_CONTENT, edit, page_texts, use_pasted_article

MM = 72 / 25.4


class RecordingCanvas:
    """Stands in for a ReportLab canvas: records lines and page breaks."""

    def __init__(self) -> None:
        self.pages: list[list[tuple[float, float, float, float]]] = [[]]
        self._fontname = "x"

    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self.pages[-1].append((x1, y1, x2, y2))

    def showPage(self) -> None:  # noqa: N802 - ReportLab's name
        self.pages.append([])

    def __getattr__(self, name: str):  # noqa: ANN204 - every other call is a no-op
        return lambda *args, **kwargs: None


@pytest.fixture
def laid():  # noqa: ANN201
    kit = load_kit(DEFAULT_CONTENT)
    return kit, lay_out(kit, available_layouts()["pocket-card"], "en")


def on_stock(kit, name: str):  # noqa: ANN001, ANN201
    return replace(kit, site=replace(kit.site, stock=named_stocks()[name]))


def record(laid, offset: Offset, monkeypatch: pytest.MonkeyPatch,  # noqa: ANN001, ANN201
           stock: str = "hand-cut"):
    kit, laid_out = laid
    calls: list[tuple[int, float, float]] = []
    canvas = RecordingCanvas()
    monkeypatch.setattr(sheets, "draw_face", lambda *args, **kwargs: None)
    monkeypatch.setattr(sheets, "_caption", lambda *args, **kwargs: None)
    monkeypatch.setattr(sheets, "stamp", lambda c, form, x, y, clip=None: calls.append(
        (len(canvas.pages) - 1, round(x, 3), round(y, 3))))
    grid = office_grid(laid_out.layout, laid_out.size, on_stock(kit, stock).site)
    sheets.draw_office_sheets(canvas, laid_out.faces, grid, "#2f5d62", offset,
                              laid_out.captions)
    return grid, calls, canvas


def test_avery_5371_is_ten_up_with_the_reference_margins(laid) -> None:  # noqa: ANN001
    kit, laid_out = laid
    grid = office_grid(laid_out.layout, laid_out.size, on_stock(kit, "avery-5371").site)
    assert (grid.columns, grid.rows) == (2, 5)
    assert grid.left == pytest.approx(54.0)  # 0.75 in
    assert grid.bottom == pytest.approx(36.0)  # 0.5 in
    assert (grid.column_gap, grid.row_gap) == (0.0, 0.0)


def test_hand_cut_sheet_has_a_gap_between_columns(laid) -> None:  # noqa: ANN001
    kit, laid_out = laid
    grid = office_grid(laid_out.layout, laid_out.size, kit.site)
    # Letter is 11 in tall and five cards take 10 in: the rows share their cuts; the
    # columns have 4 mm between them, into which colour runs from both sides.
    assert grid.column_gap == pytest.approx(4 * MM)
    assert grid.row_gap == 0.0
    assert grid.left == pytest.approx((612 - 2 * 252 - 4 * MM) / 2)
    assert grid.bottom == pytest.approx(36.0)
    assert grid.cell_bleed(0, 0) == pytest.approx((2 * MM, 0.0, 2 * MM, 2 * MM))


def test_backs_mirror_the_fronts_for_long_edge_duplex(laid, monkeypatch) -> None:  # noqa: ANN001
    for stock in ("hand-cut", "avery-5371"):
        grid, calls, _ = record(laid, Offset(), monkeypatch, stock)
        fronts = sorted((x, y) for page, x, y in calls if page == 0)
        backs = sorted((x, y) for page, x, y in calls if page == 1)
        assert len(fronts) == len(backs) == 10
        # Flipping a portrait sheet on its long edge maps x to paper width - x - card width.
        mirrored = sorted((round(612 - x - 252, 3), y) for x, y in fronts)
        assert backs == mirrored
    # The card at the top left of the fronts: column 0 of page 1 is column 1 of page 2.
    assert (54.0, 36.0 + 4 * 144) in fronts
    assert (54.0 + 252, 36.0 + 4 * 144) in backs


def test_calibration_offset_moves_only_the_backs(laid, monkeypatch) -> None:  # noqa: ANN001
    _, plain, _ = record(laid, Offset(), monkeypatch)
    _, shifted, _ = record(laid, Offset(2.0, -1.5), monkeypatch)
    for (page, x, y), (_, sx, sy) in zip(plain, shifted, strict=True):
        expected = (x + 2.0, y - 1.5) if page == 1 else (x, y)
        assert (sx, sy) == pytest.approx(expected)


def test_cut_marks_stay_outside_the_cards_and_inside_the_printable_area(
        laid, monkeypatch) -> None:  # noqa: ANN001
    grid, _, canvas = record(laid, Offset(), monkeypatch)
    left, bottom = grid.left, grid.bottom
    right, top = left + grid.width, bottom + grid.height
    bleed = 2 * MM
    marks = canvas.pages[0]
    # Four vertical cuts (two each side of the gap) marked above and below; six horizontal
    # cuts (the rows share theirs) marked left and right.
    assert len(marks) == 2 * 4 + 2 * 6
    for x1, y1, x2, y2 in marks:
        for x, y in ((x1, y1), (x2, y2)):
            assert not (left - bleed < x < right + bleed and bottom - bleed < y < top + bleed)
            assert 5 * MM <= x <= 612 - 5 * MM and 5 * MM <= y <= 792 - 5 * MM


def test_perforated_stock_has_no_cut_marks(laid, monkeypatch) -> None:  # noqa: ANN001
    _, _, canvas = record(laid, Offset(), monkeypatch, "avery-5371")
    assert canvas.pages[0] == [] and canvas.pages[1] == []


def test_print_offset_from_site_yaml(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "# print_offset: {x: 0mm, y: 0mm}", "print_offset: {x: 1mm, y: 2pt}")
    assert load_kit(kit).site.print_offset == Offset(72 / 25.4, 2.0)
    assert run("build", kit, "--out", tmp_path / "out", "--no-previews").code == 0


def test_plain_text_article_builds(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    """Its first sentence is the card line: on the folding card's panel, and on the pocket
    card unless the lines need the room, which a note says."""
    use_pasted_article(kit)
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--target", "shop", "--no-previews")
    assert result.code == 0, result.err
    line = "Trauma bonding is a strong emotional tie to someone who hurts you."
    assert line in " ".join(page_texts(out / "en" / "pocket-fold-shop.pdf")[0].split())
    on_card = line in " ".join(page_texts(out / "en" / "pocket-card-shop.pdf")[1].split())
    assert on_card != ("note: pocket-card (back), slot 'card_line': left out: the lines need "
                       "its room [en]" in result.err), result.err


def test_long_first_sentence_without_card_line_takes_the_first_key_point(
        kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    """A first sentence too long for a card line: the first key point prints in its place;
    without key points, the error says what to write and how long it may be."""
    article = kit / "articles" / "trauma-bonding.en.md"
    edit(article, "card: You are not alone, and what you feel makes sense.\n", "")
    edit(article, "Trauma bonding is a strong emotional tie to someone who hurts you.",
         "Trauma bonding is a strong emotional tie to someone who hurts you, and it can grow "
         "with a partner, a family member, or anyone who is close to you over many years.")
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, "--format", "pocket-card", "--format",
               "pocket-fold", "--target", "shop", "--no-previews").code == 0
    for name, page in (("pocket-card-shop.pdf", 1), ("pocket-fold-shop.pdf", 0)):
        assert "A trauma bond is a strong tie to someone who hurts you." in " ".join(
            page_texts(out / "en" / name)[page].split())
    text = article.read_text(encoding="utf-8")
    article.write_text(_without_key_points(text), encoding="utf-8")
    result = run("check", kit)
    assert result.code == 1
    assert ("trauma-bonding.en.md:1: no card line: the first sentence is over 110 characters "
            "and no key point is shorter; add a short `card: ...` line") in result.err


def _without_key_points(article: str) -> str:
    front, body = article.split("---\n", 2)[1:]
    kept = [line for line in front.splitlines(keepends=True)
            if not line.startswith(("key_points:", "  - "))]
    return "---\n" + "".join(kept) + "---\n" + body
