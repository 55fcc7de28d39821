"""The fast mask choice scores and chooses exactly as the `qrcode` package does."""

from __future__ import annotations

import qrcode
import qrcode.constants
import qrcode.util
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.render.qr_masks import FastMaskQRCode, _finder_like_penalty, _geometry, pack, penalty

QR_SIZES = [version * 4 + 17 for version in (1, 2, 3, 4, 7, 10)]
LEVELS = [qrcode.constants.ERROR_CORRECT_L, qrcode.constants.ERROR_CORRECT_M,
          qrcode.constants.ERROR_CORRECT_Q, qrcode.constants.ERROR_CORRECT_H]


def packed_penalty(matrix: list[list[bool]]) -> int:
    return penalty(*pack(matrix), len(matrix))


def test_an_all_dark_matrix_costs_what_the_rules_add_up_to():
    size = 21
    runs = 2 * size * (size - 2)  # one run of 21 per row and per column: 21 - 2 each
    blocks = 3 * (size - 1) ** 2
    balance = 10 * int((100 - 50) / 5)
    assert packed_penalty([[True] * size for _ in range(size)]) == runs + blocks + balance


def test_finder_like_windows_cost_40_in_rows_and_in_columns():
    size = 21
    in_a_row = [[False] * size for _ in range(size)]
    in_a_row[10][3:14] = [cell == "1" for cell in "10111010000"]
    in_a_column = [list(column) for column in zip(*in_a_row, strict=True)]
    geometry = _geometry(size)
    rows, columns = pack(in_a_row)
    assert (_finder_like_penalty(rows, geometry), _finder_like_penalty(columns, geometry)) == \
        (40, 0)
    rows, columns = pack(in_a_column)
    assert (_finder_like_penalty(rows, geometry), _finder_like_penalty(columns, geometry)) == \
        (0, 40)
    for matrix in (in_a_row, in_a_column):
        assert packed_penalty(matrix) == qrcode.util.lost_point(matrix)


@st.composite
def matrices(draw: st.DrawFn) -> list[list[bool]]:
    size = draw(st.sampled_from(QR_SIZES))
    dark_share = draw(st.sampled_from([0.0, 0.2, 0.5, 0.8, 1.0]))
    seed = draw(st.randoms(use_true_random=False))
    return [[seed.random() < dark_share for _ in range(size)] for _ in range(size)]


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(matrices())
def test_penalty_equals_the_packages_lost_point(matrix: list[list[bool]]):
    assert packed_penalty(matrix) == qrcode.util.lost_point(matrix)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.one_of(st.text(min_size=1, max_size=120),
                 st.from_regex(r"tel:\+[1-9][0-9]{6,14}", fullmatch=True),
                 st.from_regex(r"SMSTO:[0-9]{3,10}:[A-Z]{0,8}", fullmatch=True)),
       st.sampled_from(LEVELS))
def test_the_code_made_is_the_packages_own(payload: str, level: int):
    theirs = qrcode.QRCode(error_correction=level, border=0)
    ours = FastMaskQRCode(error_correction=level, border=0)
    for code in (theirs, ours):
        code.add_data(payload)
        code.make()
    assert ours.get_matrix() == theirs.get_matrix()
    assert ours.best_mask_pattern() == theirs.best_mask_pattern()
