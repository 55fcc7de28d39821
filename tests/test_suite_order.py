"""The order the suite's files run in (tests/conftest.py's LONGEST_FIRST): a file renamed or
removed must leave the list, or the file that took its place runs at the end unnoticed."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import LONGEST_FIRST

TESTS = Path(__file__).parent


def test_every_file_said_to_be_long_is_a_test_file_named_once() -> None:
    assert [name for name in LONGEST_FIRST if not (TESTS / name).is_file()] == []
    assert len(set(LONGEST_FIRST)) == len(LONGEST_FIRST)


def test_make_test_hands_files_out_in_the_suites_order() -> None:
    """xdist's own order (the files of most tests first) would undo LONGEST_FIRST."""
    recipe = (TESTS.parent / "Makefile").read_text(encoding="utf-8")
    test_line = next(line for line in recipe.splitlines() if "--dist loadfile" in line)
    assert "--no-loadscope-reorder" in test_line
