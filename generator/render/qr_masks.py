"""Choosing a QR code's mask fast, with exactly the choice the `qrcode` package makes.

`qrcode` places the data eight times, once per mask, and scores each matrix with its penalty
rules cell by cell in Python: most of the time it takes to make a code (the benchmark's
"one more site" is a new number, so a new code). Here the data is placed once; the other
seven matrices differ from it only where the mask patterns differ on data modules, so each
is one XOR of whole matrices packed into integers (one bit per module), and every penalty
rule is a handful of shifts, ANDs and bit counts over the whole matrix.

The rules are `qrcode.util.lost_point` as that package computes them (the spec's N1-N4,
with its particulars: the format information left light while scoring, no light margin
assumed beyond the edges for the finder-like rule), so the mask chosen and the code made
are the package's own; tests/test_qr_masks.py compares both over random payloads and
matrices.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import qrcode
import qrcode.util

from generator.engine import current_engine, remembered

MASK_COUNT = 8
_AS_DIGITS = bytes.maketrans(b"\x00\x01", b"01")
_FINDER_LIKE = ("10111010000", "00001011101")  # dark:light 1:1:3:1:1 with 4 light on a side


@dataclass(frozen=True)
class _Geometry:
    """Per matrix size: which bits of a packed matrix each rule may start from."""

    size: int
    every: int  # all n*n modules
    pairs: int  # modules with a right-hand neighbour in their row: c <= n-2
    blocks: int  # top-left corners of 2x2 blocks: r, c <= n-2
    windows: int  # starts of 11-module windows: c <= n-11


@remembered(64)
def _geometry(size: int) -> _Geometry:
    def where(keep: Callable[[int, int], bool]) -> int:
        return pack_bits(keep(r, c) for r in range(size) for c in range(size))
    return _Geometry(
        size=size,
        every=(1 << size * size) - 1,
        pairs=where(lambda r, c: c <= size - 2),
        blocks=where(lambda r, c: r <= size - 2 and c <= size - 2),
        windows=where(lambda r, c: c <= size - 11),
    )


def pack_bits(cells: Iterable[bool]) -> int:
    """Truth values as an integer: the first is bit 0."""
    digits = bytes(cells).translate(_AS_DIGITS)  # bools are 0 and 1: b"\x01\x00" -> b"10"
    return int(digits[::-1], 2) if digits else 0


def pack(matrix: Sequence[Sequence[bool]]) -> tuple[int, int]:
    """A square matrix packed row by row and column by column (module (r, c) is bit r*n+c
    of the first and bit c*n+r of the second)."""
    return (pack_bits(itertools.chain.from_iterable(matrix)),
            pack_bits(itertools.chain.from_iterable(zip(*matrix, strict=True))))


def _runs_penalty(packed: int, geometry: _Geometry) -> int:
    """N1 along each line: every run of five or more same-coloured modules costs its length
    minus 2. A run of length L holds L-4 five-module windows, and one of them is its first."""
    same_as_next = ~(packed ^ (packed >> 1)) & geometry.pairs
    fives = same_as_next & (same_as_next >> 1) & (same_as_next >> 2) & (same_as_next >> 3)
    firsts = fives & ~(fives << 1)
    return fives.bit_count() + 2 * firsts.bit_count()


def _blocks_penalty(rows: int, geometry: _Geometry) -> int:
    """N2: 3 for every 2x2 block of one colour (overlapping blocks all count)."""
    same_below = ~(rows ^ (rows >> geometry.size))
    same_right = ~(rows ^ (rows >> 1))
    return 3 * (same_below & (same_below >> 1) & same_right & geometry.blocks).bit_count()


def _finder_like_penalty(packed: int, geometry: _Geometry) -> int:
    """N3 along each line: 40 for every window that looks like a finder pattern."""
    light = ~packed & geometry.every
    found = 0
    for pattern in _FINDER_LIKE:
        match = geometry.windows
        for offset, cell in enumerate(pattern):
            match &= (packed if cell == "1" else light) >> offset
        found += match.bit_count()
    return 40 * found


def _balance_penalty(rows: int, size: int) -> int:
    """N4, with the package's own arithmetic so that every boundary case rounds alike."""
    percent = float(rows.bit_count()) / (size**2)
    return int(abs(percent * 100 - 50) / 5) * 10


def penalty(rows: int, columns: int, size: int) -> int:
    """`qrcode.util.lost_point` of the matrix packed as (`rows`, `columns`) by `pack`."""
    geometry = _geometry(size)
    return (_runs_penalty(rows, geometry) + _runs_penalty(columns, geometry)
            + _blocks_penalty(rows, geometry)
            + _finder_like_penalty(rows, geometry) + _finder_like_penalty(columns, geometry)
            + _balance_penalty(rows, size))


@remembered(64)
def _mask_changes(version: int, data_rows: int, data_columns: int) -> tuple[tuple[int, int], ...]:
    """For each mask, the data modules where it differs from mask 0, packed like `pack`."""
    size = version * 4 + 17
    masks = [qrcode.util.mask_func(pattern) for pattern in range(MASK_COUNT)]
    changes = []
    for mask in masks:
        rows, columns = pack([[masks[0](r, c) != mask(r, c) for c in range(size)]
                              for r in range(size)])
        changes.append((rows & data_rows, columns & data_columns))
    return tuple(changes)


class FastMaskQRCode(qrcode.QRCode):
    """`qrcode.QRCode`, choosing its mask with packed matrices instead of eight placements."""

    def map_data(self, data: list[int], mask_pattern: int) -> None:
        known = current_engine().qr_data_modules  # version: its data modules, packed
        if known.get(self.version) is None:  # the modules not set yet are the data modules
            known.remember(self.version,
                           pack([[cell is None for cell in row] for row in self.modules]))
        super().map_data(data, mask_pattern)

    def best_mask_pattern(self) -> int:
        self.makeImpl(True, 0)
        rows, columns = pack(self.modules)
        data_modules = current_engine().qr_data_modules.get(self.version)
        assert data_modules is not None  # map_data, which packs them, runs first
        changes = _mask_changes(self.version, *data_modules)
        scores = [penalty(rows ^ changed_rows, columns ^ changed_columns, self.modules_count)
                  for changed_rows, changed_columns in changes]
        return scores.index(min(scores))  # the first of equals, as the package picks
