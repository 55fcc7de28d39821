"""Two versions of a file made from one, merged line by line (serve/merge.py): each side's
changes kept, a place both changed differently a clash with both sides' lines."""

from __future__ import annotations

from generator.serve.merge import merged

BASE = "a: 1\nb: 2\nc: 3\nd: 4\n"


def test_changes_to_different_lines_are_both_kept() -> None:
    result = merged(BASE, "a: 1\nb: mine\nc: 3\nd: 4\n", "a: 1\nb: 2\nc: theirs\nd: 4\n")
    assert result.clashes == ()
    assert result.text == "a: 1\nb: mine\nc: theirs\nd: 4\n"


def test_lines_added_and_removed_on_either_side_are_kept() -> None:
    result = merged(BASE, "a: 1\nb: 2\nc: 3\nd: 4\ne: 5\n", "b: 2\nc: 3\nd: 4\n")
    assert result.clashes == ()
    assert result.text == "b: 2\nc: 3\nd: 4\ne: 5\n"


def test_the_same_change_on_both_sides_is_made_once() -> None:
    same = "a: 1\nb: 9\nc: 3\nd: 4\n"
    assert merged(BASE, same, same) == merged(BASE, same, BASE)
    assert merged(BASE, same, same).text == same


def test_one_line_changed_differently_is_a_clash_with_both_sides() -> None:
    mine, theirs = "a: 1\nb: mine\nc: 3\nd: 4\n", "a: 1\nb: theirs\nc: 3\nd: 4\n"
    result = merged(BASE, mine, theirs)
    assert [(c.line, c.theirs, c.mine) for c in result.clashes] == [
        (2, ("b: theirs\n",), ("b: mine\n",))]
    assert result.text == theirs  # nothing of the page's taken where they clash
    assert merged(BASE, mine, theirs, keep_mine=True).text == mine


def test_lines_added_at_the_same_place_clash() -> None:
    result = merged(BASE, BASE + "e: mine\n", BASE + "e: theirs\n")
    assert len(result.clashes) == 1
    kept = merged(BASE, BASE + "e: mine\n", "a: 0\n" + BASE[5:] + "e: theirs\n",
                  keep_mine=True)
    assert kept.text == "a: 0\nb: 2\nc: 3\nd: 4\ne: mine\n"
