"""The pocket card back's safety note does not end on a line too short to end it (issue
42: "call 911." alone under a full line, English, Letter and A4): its last line, read
back from the PDF with pdfium's character boxes, holds two words at least and a fifth of
the measure (the card less its 4 mm safe margins, layouts/pocket-card/layout.yaml)."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest

from tests.conftest import char_boxes, default_kit_in, edit
from tests.test_where_lines_print import run_cli

MM = 72 / 25.4
MEASURES = {"letter": 3.5 * 72 - 8 * MM, "a4": 85 * MM - 8 * MM}  # the card's safe width
WORD_GAP = 1.2  # points between two characters that a space stands for


def lines_of(chars: list[tuple[str, float, float, float, float]]
             ) -> list[list[tuple[str, float, float, float, float]]]:
    """The characters in lines (by baseline), top first, each left to right."""
    rows: dict[int, list[tuple[str, float, float, float, float]]] = {}
    for char in chars:
        rows.setdefault(round(char[2] / 2), []).append(char)
    return [sorted(row, key=lambda c: c[1]) for _, row in sorted(rows.items(), reverse=True)]


def words_of(line: list[tuple[str, float, float, float, float]]) -> list[str]:
    words, word, right = [], "", None
    for char, left, _, char_right, _ in line:
        if right is not None and left - right > WORD_GAP:
            words.append(word)
            word = ""
        word += char
        right = char_right
    return [*words, word]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_safety_notes_last_line_is_no_widow(tmp_path: Path, paper: str) -> None:
    content = default_kit_in(tmp_path / "kit", ("en",))
    edit(content / "site.yaml", "paper: letter", f"paper: {paper}")
    code, err = run_cli("build", content, "--out", tmp_path / "out", "--no-previews",
                        "--format", "pocket-card")
    assert code == 0, err
    pdf = tmp_path / "out" / "en" / "pocket-card.pdf"
    middle = pdfium.PdfDocument(str(pdf))[1].get_width() / 2
    left_cards = [c for c in char_boxes(pdf, 1) if c[3] < middle]
    lines = lines_of(left_cards)
    # the top card's safety note ends with the emergency number
    last = next(line for line in lines if "".join(c[0] for c in line).endswith("911."))
    above = lines[lines.index(last) - 1]
    assert "".join(c[0] for c in above) != "Youarenotalone,andwhatyoufeelmakessense."
    words = words_of(last)
    width = last[-1][3] - last[0][1]
    assert len(words) >= 2 and width >= 0.2 * MEASURES[paper], (words, width)
