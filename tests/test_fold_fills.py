"""Colour fills never change colour on a fold of a shop file (design.md: "colour fills that
meet at a fold overlap or stop short so a 1 mm folding error does not show"), and no text
comes within 3 mm of one.

The review (19:43) measured the brochure's cover teal starting at 185.72 mm against its fold
at 185.74 (Letter; 196.98 against 197 on A4), the flap's tint ending on its fold, and the
safety plan's back-cover tint ending where the cover's teal starts, on the spine.

Read back from the shop PDFs: the folds from the dashed fold marks in the margins (checked
against layout.yaml's panel sizes), every filled path with its colour and the clipping box
in force (tests/pdf_paint.py); the colour seen at a point is the last rectangle filled over
it. Across 0.5 mm either side of a fold, at every height, one colour only; no other shape
(the ornaments' circles) within that band; pdfium's character boxes 3 mm clear of it.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from tests.conftest import char_boxes, default_kit_in, edit
from tests.pdf_paint import Box, Colour, Mark, bounds, intersect, page_marks
from tests.test_where_lines_print import run_cli

MM = 72 / 25.4
BAND = 0.5 * MM  # either side of a fold: one colour
TEXT_CLEAR = 3 * MM  # design.md: nothing important within 3 mm of a fold
BRIEF = Path(__file__).parent / "fixtures" / "articles" / "brief"
LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"
PAPERS = ("letter", "a4")
LANGS = ("en", "ar")  # left to right, and mirrored


def length(value: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(in|mm)", value).groups()
    return float(number) * (72.0 if unit == "in" else MM)


def panel_sizes(layout: str, paper: str, bifold: bool = False) -> list[float]:
    """layout.yaml's panel sizes (points), read here, not through the generator."""
    spec = yaml.safe_load((LAYOUTS / layout / "layout.yaml").read_text(encoding="utf-8"))
    sizes = (spec["short_form"] if bifold else spec)["sizes"][paper]["panels"]
    return [length(size) for size in sizes]


@pytest.fixture(scope="module", params=PAPERS)
def shop(request: pytest.FixtureRequest,
         tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path, Path]:
    """The default kit's shop brochure (tri-fold) and safety plan, and a 50-word article's
    shop brochure (the bi-fold), on `paper`, in English and Arabic."""
    paper = request.param
    root = tmp_path_factory.mktemp(f"fold-fills-{paper}")
    content = default_kit_in(root / "kit", LANGS)
    edit(content / "site.yaml", "paper: letter", f"paper: {paper}")
    code, err = run_cli("build", content, "--out", root / "out", "--no-previews", "--target",
                        "shop", "--format", "brochure", "--format", "safety-plan")
    assert code == 0, err
    brief = default_kit_in(root / "brief", LANGS)
    for old in (brief / "articles").iterdir():
        old.unlink()
    for article in BRIEF.iterdir():
        if article.name.split(".")[1] in LANGS:
            shutil.copy(article, brief / "articles" / article.name)
    edit(brief / "site.yaml", "article: trauma-bonding", "article: brief")
    edit(brief / "site.yaml", "paper: letter", f"paper: {paper}")
    code, err = run_cli("build", brief, "--out", root / "brief-out", "--no-previews",
                        "--target", "shop", "--format", "brochure")
    assert code == 0, err
    assert "printed as a bi-fold brochure" in err, err
    return paper, root / "out", root / "brief-out"


PIECES = {  # name: (layout, which output folder, a bi-fold)
    "tri-fold brochure": ("brochure", 1, False),
    "bi-fold brochure": ("brochure", 2, True),
    "safety plan": ("safety-plan", 1, False),
}


def trim_box(reader: PdfReader, index: int) -> Box:
    left, bottom, right, top = (float(value) for value in reader.pages[index].trimbox)
    return left, bottom, right, top


def fold_marks(marks: list[Mark], trim: Box) -> list[float]:
    """The x of every fold mark: an upright line in the margin above or below the trim,
    away from its left and right edges (where the crop marks are)."""
    left, bottom, right, top = trim
    folds = set()
    for mark in marks:
        if mark.kind != "stroke" or len(mark.points) != 2:
            continue
        (x1, y1), (x2, y2) = mark.points
        if abs(x1 - x2) > 0.01 or not left + 1 < x1 < right - 1:
            continue
        if min(y1, y2) >= top - 0.01 or max(y1, y2) <= bottom + 0.01:
            folds.add(round(x1 - left, 2))
    return sorted(folds)


def painted(mark: Mark) -> Box | None:
    box = bounds(mark.points)
    return intersect(mark.clip, box) if mark.clip is not None else box


def seen(rects: list[tuple[Box, Colour]], x: float, y: float) -> Colour | None:
    """The colour on top at (x, y): the last rectangle filled over it."""
    colour = None
    for (left, bottom, right, top), fill in rects:
        if left <= x <= right and bottom <= y <= top:
            colour = fill
    return colour


def colours_across(marks: list[Mark], fold: float, trim: Box) -> tuple[set, list[str]]:
    """Every colour seen within BAND of the fold at `fold` (page x), at every height of the
    trim; and every shape that is not a rectangle reaching into that band."""
    low, high = fold - BAND, fold + BAND
    rects, shapes = [], []
    for mark in marks:
        if mark.kind != "fill" or not mark.points:
            continue
        box = painted(mark)
        if box[2] <= low or box[0] >= high or box[3] <= trim[1] or box[1] >= trim[3]:
            continue
        if box[2] <= box[0] or box[3] <= box[1]:
            continue  # clipped away
        if mark.rects == 1 and len(mark.points) == 4:
            rects.append((box, mark.colour))
        else:
            shapes.append(f"{mark.colour} over x {box[0] - trim[0]:.2f}..{box[2] - trim[0]:.2f}")
    xs = sorted({low, high, *(edge for box, _ in rects for edge in (box[0], box[2])
                              if low < edge < high)})
    ys = sorted({trim[1], trim[3], *(edge for box, _ in rects for edge in (box[1], box[3])
                                     if trim[1] < edge < trim[3])})
    samples_x = [low, high, *((a + b) / 2 for a, b in zip(xs, xs[1:], strict=False))]
    samples_y = [(a + b) / 2 for a, b in zip(ys, ys[1:], strict=False)]
    return {seen(rects, x, y) for x in samples_x for y in samples_y}, shapes


@pytest.mark.parametrize("piece", list(PIECES))
@pytest.mark.parametrize("lang", LANGS)
def test_no_two_fills_meet_on_a_fold(shop: tuple[str, Path, Path], piece: str,
                                     lang: str) -> None:
    paper, *folders = shop
    layout, folder, bifold = PIECES[piece]
    pdf = folders[folder - 1] / lang / f"{layout}-shop.pdf"
    sizes = panel_sizes(layout, paper, bifold)
    expected = {tuple(round(sum(order[:i]), 2) for i in range(1, len(order)))
                for order in (sizes, sizes[::-1])}
    reader = PdfReader(pdf)
    for index in range(len(reader.pages)):
        trim = trim_box(reader, index)
        marks, _ = page_marks(reader, index)
        folds = fold_marks(marks, trim)
        assert any(all(abs(a - b) < 0.05 for a, b in zip(folds, want, strict=True))
                   for want in expected if len(want) == len(folds)), (folds, expected)
        for fold in folds:
            colours, shapes = colours_across(marks, trim[0] + fold, trim)
            where = (paper, piece, lang, index + 1, f"fold at {fold / MM:.2f} mm")
            assert len(colours) == 1, (*where, colours)
            assert not shapes, (*where, shapes)


@pytest.mark.parametrize("piece", list(PIECES))
def test_text_keeps_3mm_from_every_fold(shop: tuple[str, Path, Path], piece: str) -> None:
    paper, *folders = shop
    layout, folder, _ = PIECES[piece]
    for lang in LANGS:
        pdf = folders[folder - 1] / lang / f"{layout}-shop.pdf"
        reader = PdfReader(pdf)
        for index in range(len(reader.pages)):
            trim = trim_box(reader, index)
            folds = fold_marks(page_marks(reader, index)[0], trim)
            for char, left, _, right, _ in char_boxes(pdf, index):
                for fold in folds:
                    x = trim[0] + fold
                    clear = max(left - x, x - right)
                    assert clear >= TEXT_CLEAR - 0.01, (paper, piece, lang, index + 1, char,
                                                        f"{clear / MM:.2f} mm from a fold")

