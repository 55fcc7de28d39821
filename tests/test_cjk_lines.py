"""cjk_lines keeps one choice of breaks for each prefix of a paragraph (its fewest lines, then
its least cost), where a51e2f0 kept one for every count of lines and 9081608 two: checked
against every way to break short paragraphs, the fewest lines and then the least cost."""

from __future__ import annotations

import itertools
import random

from generator.i18n import cjk_lines
from generator.i18n.cjk_lines import Measured

CHARACTERS = "请使用对方无法查看的电话您并不孤单感受是合理准备步骤"
ENDS = "，。"


def a_paragraph(rng: random.Random, size: float) -> Measured:
    """Pieces of one to three characters, some ending a phrase, some breaks inside a word,
    each a little wider or narrower than its characters at `size`."""
    text, pieces, whole = "", [], []
    for _ in range(rng.randint(2, 9)):
        piece = "".join(rng.choice(CHARACTERS) for _ in range(rng.randint(1, 3)))
        if rng.random() < 0.25:
            piece += rng.choice(ENDS)
        pieces.append((len(text), len(text) + len(piece)))
        whole.append(len(piece) * size * rng.uniform(0.9, 1.05))
        text += piece
    in_word = [rng.random() < 0.3 for _ in pieces]
    return Measured(text, pieces, whole, whole, in_word, "zh-Hans")


def costed(measured: Measured, lines: list[tuple[int, int]], rooms: tuple[float, float],
           size: float, justified: bool, ends_paragraph: bool) -> float | None:
    """What breaking `measured` into `lines` (by piece: first piece, piece after the last)
    costs, added line by line as cjk_lines adds it; None where a line of two pieces or more
    is wider than the widest room."""
    widest = max(rooms)
    gaps = cjk_lines._gap_counts(measured.text)
    short = sum(measured.whole) <= cjk_lines.SHORT_PARAGRAPH_LINES * widest
    cost = 0.0
    for number, (first, after) in enumerate(lines):
        width = sum(measured.whole[first:after - 1]) + measured.bare[after - 1]
        if width > widest + 0.01 and after - first > 1:
            return None
        last = after == len(measured.pieces)
        line = cjk_lines._line_cost(measured, measured.pieces[first][0],
                                    measured.pieces[after - 1][1], width,
                                    rooms[0] if number == 0 else rooms[1], size, gaps,
                                    justified, last and ends_paragraph, number == 0)
        if not last:
            line += cjk_lines._break_cost(measured, after - 1, justified,
                                          ragged=line >= cjk_lines._RAGGED, short=short)
        cost += line
    return cost


def every_breaking(count: int) -> list[list[tuple[int, int]]]:
    made = []
    for cuts in itertools.product((False, True), repeat=count - 1):
        starts = [0, *(index + 1 for index, cut in enumerate(cuts) if cut)]
        made.append(list(zip(starts, [*starts[1:], count], strict=True)))
    return made


def test_the_lines_chosen_are_the_fewest_then_the_cheapest_of_every_breaking() -> None:
    rng = random.Random(42)
    for _ in range(300):
        size = rng.choice([8.0, 10.0, 12.0])
        measured = a_paragraph(rng, size)
        others = size * rng.uniform(2.5, 7.5)
        rooms = (others - rng.choice([0.0, 0.0, size, -size / 2]), others)
        justified, ends_paragraph = rng.random() < 0.6, rng.random() < 0.8
        best = min((len(lines), cost) for lines in every_breaking(len(measured.pieces))
                   if (cost := costed(measured, lines, rooms, size, justified,
                                      ends_paragraph)) is not None)
        chosen = cjk_lines.cjk_lines(measured, rooms, size, justified, ends_paragraph)
        starts = [next(index for index, (start, _) in enumerate(measured.pieces)
                       if start == line_start) for line_start, _ in chosen]
        by_piece = list(zip(starts, [*starts[1:], len(measured.pieces)], strict=True))
        cost = costed(measured, by_piece, rooms, size, justified, ends_paragraph)
        assert cost is not None and (len(by_piece), cost) == best, (measured.text, rooms)
