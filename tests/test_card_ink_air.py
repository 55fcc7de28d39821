"""The pocket card's back keeps white between the ink of one line and the next in scripts
whose letters join or stack (Arabic, Persian, Urdu, Devanagari, Bengali), read back with
pdfium's glyph boxes from the print shop's PDF: 0.5 mm at least (layouts/pocket-card/
layout.yaml: `ink_air`), on US and ISO cards.

A designer measured these lines about 1.11 em apart on the back, an Arabic alef with its
hamza within 0.04 mm of the tails of the line over it (ar, ur): the leading alone spaced
them, whatever their letters reach."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from tests.conftest import text_objects

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
    page = pdfium.PdfDocument(str(pdf))[1]
    objects = [obj for obj in text_objects(page) if obj.inked
               and obj.bounds[2] - obj.bounds[0] > 0.05 and obj.bounds[3] - obj.bounds[1] > 0.05]
    slug = max(obj.baseline for obj in objects if obj.text.startswith("Pocket card"))
    lines: list[list[float]] = []  # baseline, left, bottom, right, top, size
    for obj in sorted(objects, key=lambda found: found.bounds[2] - found.bounds[0],
                      reverse=True):
        if obj.baseline <= slug + 1:
            continue
        lines.append([obj.baseline, *obj.bounds, obj.size])
    merged = True
    while merged:  # join what belongs to one line, whatever order its runs came in
        merged = False
        for one in lines:
            for other in lines:
                if other is not one and _one_line(one, other):
                    one[1:5] = [min(one[1], other[1]), min(one[2], other[2]),
                                max(one[3], other[3]), max(one[4], other[4])]
                    lines.remove(other)
                    merged = True
                    break
            if merged:
                break
    return sorted((line[:5] for line in lines), key=lambda line: -line[0])


GAP = 12.0  # points across between two runs of one line at most


def _one_line(one: list[float], other: list[float]) -> bool:
    return (abs(one[5] - other[5]) < 0.05 and abs(one[0] - other[0]) < 0.45 * one[5]
            and other[1] <= one[3] + GAP and other[3] >= one[1] - GAP)


def whites(lines: list[list[float]]) -> list[float]:
    """The white between the ink of each line and of the nearest line under it that it
    stands over (their ink overlapping across)."""
    found = []
    for index, line in enumerate(lines):
        under = next((other for other in lines[index + 1:]
                      if other[1] < line[3] and other[3] > line[1] and other[0] < line[0] - 1),
                     None)
        if under is not None:
            found.append(line[2] - under[4])
    return found


@pytest.mark.parametrize("lang", SHAPED)
def test_shaped_lines_keep_white_between_their_ink(backs: Path, lang: str) -> None:
    lines = ink_lines(backs / lang / "pocket-card-shop.pdf")
    assert len(lines) >= 8, (lang, lines)  # two lines' names, numbers, details; the note
    found = whites(lines)
    assert len(found) >= 7, (lang, lines)
    assert min(found) >= LEAST_WHITE - 0.01, (lang, [round(white / MM, 2) for white in found])
