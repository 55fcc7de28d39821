"""Shaped text (Arabic, Persian, Urdu, Devanagari, Thai...) written into a PDF text object
the way ReportLab 5.1 writes it, from what is remembered of the same run.

ReportLab writes a shaped run glyph by glyph in Python: each glyph's HarfBuzz offsets
summed, formatted and grouped around its byte, a rise (`Ts`) for each raised or lowered
mark. That was three quarters of what a Persian site costs more than an English one. What
it writes for a run depends on the run's glyph positions, the font size and the rise in
force; only the glyph bytes depend on the document (which subset code each glyph got). So
the operators are worked out once per (positions, size, rise) as a `Written` run, its byte
groups left as slices of the run's codes, and each document fills in its own codes.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import Any, cast

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.ttfonts import ShapeData

_GUARD = ShapeData(-1, 0, 0, 0, 0, 0)  # ReportLab's _sdGuardL: the end of a run
Slice = tuple[int, int]  # glyph bytes [start, end) of the run's codes


@dataclass(frozen=True)
class Written:
    """A part's operators: `middle` joined as ReportLab joins its code (numbers formatted,
    glyph bytes as slices of the part's codes); the rise it starts by setting, which
    replaces a rise the part before it ended on (as setRise does: nothing was drawn between
    them); the rise it ends by setting back."""

    leading: str | None
    middle: tuple[str | Slice, ...]
    trailing: str | None

    @functools.cached_property
    def _split(self) -> tuple[list[str], list[Slice]]:
        """`middle` as the strings around its slices (one more string than slices)."""
        texts, slices = [""], []
        for piece in self.middle:
            if isinstance(piece, str):
                texts[-1] += piece
            else:
                slices.append(piece)
                texts.append("")
        return texts, slices

    def write(self, code: list[str], codes: bytes, escape: Any) -> None:
        """Add the part's operators to a text object's code, `codes` its glyph bytes."""
        if self.leading is not None:
            if code and code[-1].endswith(" Ts"):
                code[-1] = self.leading
            else:
                code.append(self.leading)
        texts, slices = self._split
        parts = [texts[0]]
        for (start, end), text in zip(slices, texts[1:], strict=True):
            parts.append(escape(codes[start:end]))
            parts.append(text)
        code.append("".join(parts))
        if self.trailing is not None:
            code.append(self.trailing)


def written(positions: Sequence[ShapeData], size: float, rise: float) -> Written:
    """What ReportLab's PDFTextObject._formatText writes for one subset's part of a shaped
    run (its loop over the part's glyphs, step for step, and setRise as patched), with the
    rise `rise` in force."""
    steps: list[list[str | Slice]] = []  # operators, and rises set ("... Ts")
    current = rise  # the text object's rise as setRise leaves it
    started = False
    group: list[float | int | _Glyph] = []

    def set_rise(value: float) -> None:
        nonlocal current
        if steps and _is_rise(steps[-1]):  # nothing drawn since the last
            steps[-1] = [f"{fp_str(value)} Ts"]
        else:
            steps.append([f"{fp_str(value)} Ts"])
        current = value

    for index, glyph in enumerate((*positions, _GUARD)):
        raised = rise + size * glyph.y_offset / 1000
        if not started or glyph.cluster < 0 or raised != current:
            if started:
                steps.append(_operator(group))
                if current != rise:
                    set_rise(rise)
                if glyph.cluster < 0:
                    break
            if raised != current:
                set_rise(raised)
            started = True
            group = []
        group.append(-glyph.x_offset)
        group.append(_Glyph(index))
        group.append(glyph.width - glyph.x_advance + glyph.x_offset)
    leading = steps.pop(0)[0] if _is_rise(steps[0]) else None
    trailing = steps.pop()[0] if _is_rise(steps[-1]) else None
    middle: list[str | Slice] = []
    for number, step in enumerate(steps):
        middle.extend(([" "] if number else []) + step)
    return Written(_str(leading), tuple(_merged(middle)), _str(trailing))


def _is_rise(step: list[str | Slice]) -> bool:
    return len(step) == 1 and isinstance(step[0], str) and step[0].endswith(" Ts")


def _str(piece: str | Slice | None) -> str | None:
    assert piece is None or isinstance(piece, str)
    return piece


def _merged(pieces: list[str | Slice]) -> list[str | Slice]:
    """Neighbouring strings as one."""
    merged: list[str | Slice] = []
    for piece in pieces:
        if isinstance(piece, str) and merged and isinstance(merged[-1], str):
            merged[-1] += piece
        else:
            merged.append(piece)
    return merged


@dataclass(frozen=True)
class _Glyph:
    index: int


def _operator(group: list[float | int | _Glyph]) -> list[str | Slice]:
    """A `Tj` or `TJ` of one group of glyphs at one rise, as ReportLab writes it: numbers
    summed and formatted, zeros left out, glyph bytes as an escaped string."""
    shown: list[list[str | Slice]] = []  # ReportLab's list A
    for is_glyph, items in groupby(filter(None, group), lambda item: isinstance(item, _Glyph)):
        if is_glyph:
            glyphs = [item.index for item in items if isinstance(item, _Glyph)]
            shown.append(["(", (glyphs[0], glyphs[-1] + 1), ")"])
        else:
            numbers = cast(list[float], list(items))  # offsets and advances, ints or floats
            number = fp_str(sum(numbers))
            if number != "0":
                shown.append([number])
    if len(shown) == 1 and shown[0][0] == "(":
        return [*shown[0], " Tj"]
    pieces: list[str | Slice] = ["["]
    for index, value in enumerate(shown):
        pieces.extend([" ", *value] if index else value)
    return [*pieces, "] TJ"]
