"""The pocket card's back keeps white between the ink of one line and the next in scripts
whose letters join or stack (Arabic, Persian, Urdu, Devanagari, Bengali, Thai), read back
from the print shop's PDF: with pdfium's glyph boxes, and as the page prints, rendered at
600 dpi line by line: 0.5 mm at least (layouts/pocket-card/layout.yaml: `ink_air`; 0.45 in
pixels, whose edges are anti-aliased), on US and ISO cards, and with a texting code.

A designer measured these lines about 1.11 em apart on the back, an Arabic alef with its
hamza within 0.04 mm of the tails of the line over it (ar, ur): the leading alone spaced
them, whatever their letters reach. After that, the glyph boxes of the default backs kept
0.5 mm while an Urdu texting code's caption came within 0.04 mm of the card's line under
it, rendered: the line rose after the caption was set against it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image

from generator.commands.cli import main
from tests.conftest import (
    edit,
    glyphs_only,
    inked_chars,
    sixteen_language_kit,
    text_objects,
)

MM = 72 / 25.4
LEAST_WHITE = 0.5 * MM  # between the ink of a line and of the next one under it
SHAPED = ("ar", "fa", "ur", "hi", "bn")  # of tests/conftest.py's CARD_LANGS


@pytest.fixture(scope="module", params=["us", "iso"])
def backs(request: pytest.FixtureRequest, built_card_backs: Callable[[str], Path]) -> Path:
    return built_card_backs(request.param)  # tests/conftest.py: CARD_LANGS


def ink_lines(pdf: Path) -> list[list[float]]:
    """The back's printed lines as [baseline, left, bottom, right, top] of their ink (points,
    from the page's foot): the text objects drawn in ink, with glyphs of some size, of one
    size whose baselines are within 0.45 of it (an Arabic hamza or a Devanagari vowel sign
    is an object of its own, off its line's baseline by a third of the size at most; lines
    stand 1.1 apart at least) and that stand less than GAP apart across (a word space is
    under 4 pt; the code's caption beside a line of the lines' column is a line of its
    own). The widest object of a line gives its baseline. The shop page's slug line, under
    the trim, is left out."""
    return [line[:5] for line in _printed_lines(pdfium.PdfDocument(str(pdf))[1])]


def _printed_lines(page: pdfium.PdfPage) -> list[list]:
    """ink_lines' lines, each with its size and the indexes of its text objects among the
    page's (conftest.text_objects' order) last: [baseline, left, bottom, right, top, size,
    indexes]."""
    objects = [(index, obj) for index, obj in enumerate(text_objects(page)) if obj.inked
               and obj.bounds[2] - obj.bounds[0] > 0.05 and obj.bounds[3] - obj.bounds[1] > 0.05]
    slug = max(obj.baseline for _, obj in objects if obj.text.startswith("Pocket card"))
    lines: list[list] = []  # baseline, left, bottom, right, top, size, indexes
    for index, obj in sorted(objects, key=lambda found: found[1].bounds[2] - found[1].bounds[0],
                             reverse=True):
        if obj.baseline <= slug + 1:
            continue
        lines.append([obj.baseline, *obj.bounds, obj.size, {index}])
    merged = True
    while merged:  # join what belongs to one line, whatever order its runs came in
        merged = False
        for one in lines:
            for other in lines:
                if other is not one and _one_line(one, other):
                    one[1:5] = [min(one[1], other[1]), min(one[2], other[2]),
                                max(one[3], other[3]), max(one[4], other[4])]
                    one[6] |= other[6]
                    lines.remove(other)
                    merged = True
                    break
            if merged:
                break
    return sorted(lines, key=lambda line: -line[0])


GAP = 12.0  # points across between two runs of one line at most


def _one_line(one: list[float], other: list[float]) -> bool:
    return (abs(one[5] - other[5]) < 0.05 and abs(one[0] - other[0]) < 0.45 * one[5]
            and other[1] <= one[3] + GAP and other[3] >= one[1] - GAP)


def whites(lines: list[list[float]],
           glyphs: list[tuple[float, ...]] | None = None) -> list[float]:
    """The white between the ink of each line and of the nearest line under it that it
    stands over (their ink overlapping across): with `glyphs` (the box of each glyph drawn
    in ink, each of the line whose ink holds it), between the glyphs of the two lines that
    stand over one another (a web address's g over a gap between the marks of the line
    under it: generator/layout/beside_rows.py), else between the lines' ink."""
    found = []
    members: dict[int, list[tuple[float, ...]]] = {index: [] for index in range(len(lines))}
    for box in glyphs or ():
        holding = [index for index, line in enumerate(lines)
                   if line[1] - 0.01 <= box[0] and box[2] <= line[3] + 0.01
                   and line[2] - 0.01 <= box[1] and box[3] <= line[4] + 0.01]
        if holding:
            middle = (box[1] + box[3]) / 2
            members[min(holding, key=lambda index: abs(lines[index][0] - middle))].append(box)
    for index, line in enumerate(lines):
        under = next((other for other in lines[index + 1:]
                      if other[1] < line[3] and other[3] > line[1] and other[0] < line[0] - 1),
                     None)
        if under is None:
            continue
        facing = [upper[1] - lower[3] for upper in members[index]
                  for lower in members[lines.index(under)]
                  if upper[0] < lower[2] and upper[2] > lower[0]]
        found.append(min(facing) if facing else line[2] - under[4])
    return found


def inked_glyphs(pdf: Path) -> list[tuple[float, ...]]:
    """The box of each glyph drawn in ink on the back, where it is drawn (the page read
    without its /ActualText)."""
    return [box for _, _, box in inked_chars(glyphs_only(pdf)[1].get_textpage())]


@pytest.mark.parametrize("lang", SHAPED)
def test_shaped_lines_keep_white_between_their_ink(backs: Path, lang: str) -> None:
    pdf = backs / lang / "pocket-card-shop.pdf"
    lines = ink_lines(pdf)
    assert len(lines) >= 8, (lang, lines)  # two lines' names, numbers, details; the note
    found = whites(lines, inked_glyphs(pdf))
    assert len(found) >= 7, (lang, lines)
    assert min(found) >= LEAST_WHITE - 0.01, (lang, [round(white / MM, 2) for white in found])


# The white between lines as it prints, measured on the page rendered at 600 dpi, line by
# line (each line's text objects drawn alone): pdfium's glyph boxes bound the ink of a whole
# line, but not the ink of a line set in another slot that moved after its neighbour was
# set (an Urdu caption's yeh tail touched the madda of the card line raised under it).
DPI = 600
PX = DPI / 72  # pixels a point
LEAST_RENDERED_WHITE = 0.45  # mm: the layout's 0.5 less anti-aliased edges (a pixel: 0.04)
NEAR = round(MM * PX)  # pixels across (1 mm): ink farther apart reads as two lines apart
INK = 160  # a pixel darker than this (of 255) is ink: text in every colour the card prints

Columns = list[tuple[int, int] | None]  # per pixel column of the page: top and bottom ink rows


def rendered_whites(pdf: Path) -> list[tuple[float, float, float]]:
    """The white band (mm) between the rendered ink of each line of the back and of each
    line under it, where they come within 4 mm of each other, with the two lines'
    baselines (points up): anywhere across the page, a tail and a mark within 1 mm across
    counted as one over the other."""
    page = pdfium.PdfDocument(str(pdf))[1]
    lines = _printed_lines(page)
    inks = [(line, _line_ink(pdf, line[6], line[0], line[5], page.get_height()))
            for line in lines]
    found = []
    for index, (line, ink) in enumerate(inks):
        assert any(ink), (pdf, line)
        for other, under in inks[index + 1:]:
            if other[0] >= line[0] - 1:  # beside it, not under it
                continue
            gap = _white(ink, under)
            if gap is not None and gap / PX / MM < 4:
                found.append((round(gap / PX / MM, 3), round(line[0], 2), round(other[0], 2)))
    return found


def _line_ink(pdf: Path, indexes: set[int], baseline: float, size: float,
              height: float) -> Columns:
    """The ink of one line alone: every other object of the page taken out, the band from
    two sizes under its baseline to two and a half over it rendered."""
    page = pdfium.PdfDocument(str(pdf))[1]
    import pypdfium2.raw as pdfium_c

    objects = list(page.get_objects(max_depth=0))
    drawn = [obj for obj in objects if obj.type == pdfium_c.FPDF_PAGEOBJ_TEXT]
    assert len(drawn) == len(text_objects(page))  # none inside a form: each can be taken out
    kept = {id(drawn[index]) for index in indexes}
    for obj in objects:
        if id(obj) not in kept:
            page.remove_obj(obj)
    top = min(height, baseline + 2.5 * size)
    bottom = max(0.0, baseline - 2 * size)
    image = page.render(scale=PX, grayscale=True, crop=(0, bottom, 0, height - top)
                        ).to_pil().convert("L").point(lambda value: 255 if value < INK else 0)
    offset = round((height - top) * PX)
    rows = image.height
    data = image.transpose(Image.Transpose.TRANSPOSE).tobytes()
    columns: Columns = []
    for x in range(image.width):
        column = data[x * rows:(x + 1) * rows]
        first = column.find(b"\xff")
        columns.append(None if first < 0 else (offset + first, offset + column.rfind(b"\xff")))
    return columns


def _white(above: Columns, below: Columns) -> float | None:
    """The white band between two lines' ink, in pixels (negative where they overlap), the
    second under the first: from the lowest ink of the one to the highest of the other
    within NEAR columns of it (a tail beside a mark, less than the white apart across, reads
    as one crowded band); None where no ink of one stands within NEAR columns of the
    other's."""
    lowest = max((ink[1] for ink in above if ink), default=None)
    highest = min((ink[0] for ink in below if ink), default=None)
    if lowest is None or highest is None or highest - lowest > 4 * MM * PX:
        return None
    least: int | None = None
    for shift in range(-NEAR, NEAR + 1):
        pairs = zip(above[max(0, -shift):], below[max(0, shift):], strict=False)
        rows = [under[0] - over[1] - 1 for over, under in pairs if over and under]
        if rows:
            least = min(rows) if least is None else min(least, *rows)
    return least


@pytest.mark.parametrize("lang", SHAPED)
def test_shaped_lines_keep_white_between_their_rendered_ink(backs: Path, lang: str) -> None:
    whites_found = rendered_whites(backs / lang / "pocket-card-shop.pdf")
    assert len(whites_found) >= 7, (lang, whites_found)
    assert min(whites_found)[0] >= LEAST_RENDERED_WHITE, (lang, sorted(whites_found)[:3])


TEXTING = (*SHAPED, "th")


@pytest.fixture(scope="module")
def texting_backs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """ISO cards of these scripts whose code starts a text message: its caption ("Scan to
    text") runs to three lines in Urdu, down to the card's line under it."""
    root = tmp_path_factory.mktemp("texting-backs")
    content = sixteen_language_kit(root / "content", "iso", TEXTING)
    edit(content / "resources.yaml", "    qr: tel ", "    qr: sms ")
    assert main(["build", str(content), "--out", str(root / "out"), "--target", "shop",
                 "--no-previews", "--jobs", "2", "--format", "pocket-card"]) == 0
    return root / "out"


@pytest.mark.parametrize("lang", TEXTING)
def test_a_texting_codes_caption_keeps_white_over_the_card_line(texting_backs: Path,
                                                                lang: str) -> None:
    """The Urdu caption's last line ("اسکین کریں") stood over the card's line with its yeh's
    tail 0.04 mm into the band of the card line's madda (rendered): the card's line had
    risen into the caption's box (a share of the lines' spare room) after the caption was
    set against it. The caption now keeps 0.5 mm over the card line's ink, or the line is
    set beside the lines."""
    found = rendered_whites(texting_backs / lang / "pocket-card-shop.pdf")
    assert len(found) >= 7, (lang, found)
    assert min(found)[0] >= LEAST_RENDERED_WHITE, (lang, sorted(found)[:3])
