"""Two versions of a file made from one, merged line by line: a page's edits and another
version saved meanwhile (from another tab of the browser, or in an editor).

Each side's changes to the version both started from are found with difflib; changes to
different lines are both kept. Where both sides changed the same lines (or added lines at
the same place) differently, that place is a clash: the save stops and shows the other
version's lines there beside the page's, unless the volunteer chose to keep theirs for
those places ("Keep my changes"), which keeps every other change of the other version
(and, where both only added lines, the other's too: two tabs each adding a line). In
the files the page writes one setting, string or field of a line is one line of YAML (or of
an article's text), so this merges them field by field.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass


@dataclass(frozen=True)
class _Hunk:
    start: int  # in the version both started from: lines start..end replaced by `lines`
    end: int
    lines: tuple[str, ...]
    mine: bool


@dataclass(frozen=True)
class Clash:
    """One place both versions changed: its first line in the other version (1-based)."""

    line: int
    theirs: tuple[str, ...]
    mine: tuple[str, ...]


@dataclass(frozen=True)
class Merged:
    # both sides' changes; at a clash the page's when kept (lines both added at one place:
    # the other's, then the page's), else the other's
    text: str
    clashes: tuple[Clash, ...]


def merged(base: str, mine: str, theirs: str, keep_mine: bool = False) -> Merged:
    """`mine` and `theirs`, both edits of `base`, as one text."""
    old = base.splitlines(keepends=True)
    hunks = sorted([*_hunks(old, mine, True), *_hunks(old, theirs, False)],
                   key=lambda hunk: (hunk.start, hunk.end))
    out: list[str] = []
    clashes: list[Clash] = []
    position = 0
    index = 0
    while index < len(hunks):
        group = [hunks[index]]
        start, end = hunks[index].start, hunks[index].end
        index += 1
        while index < len(hunks) and _touches(start, end, hunks[index]):
            group.append(hunks[index])
            end = max(end, hunks[index].end)
            index += 1
        out += old[position:start]
        position = end
        mine_lines = _side(old, start, end, [h for h in group if h.mine])
        theirs_lines = _side(old, start, end, [h for h in group if not h.mine])
        if not any(h.mine for h in group):
            out += theirs_lines
        elif all(h.mine for h in group) or mine_lines == theirs_lines:
            out += mine_lines
        else:
            clashes.append(Clash(len(out) + 1, tuple(theirs_lines), tuple(mine_lines)))
            if keep_mine and start == end:  # lines added at one place by both: both kept
                out += theirs_lines + mine_lines
            else:
                out += mine_lines if keep_mine else theirs_lines
    out += old[position:]
    return Merged("".join(out), tuple(clashes))


def _hunks(old: list[str], new: str, mine: bool) -> list[_Hunk]:
    lines = new.splitlines(keepends=True)
    matcher = difflib.SequenceMatcher(None, old, lines, autojunk=False)
    return [_Hunk(i1, i2, tuple(lines[j1:j2]), mine)
            for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal"]


def _touches(start: int, end: int, hunk: _Hunk) -> bool:
    """Whether `hunk` changes lines of start..end, or adds lines at the same place."""
    if hunk.start < end:
        return True
    return hunk.start == end and (start == end or hunk.start == hunk.end)


def _side(old: list[str], start: int, end: int, hunks: list[_Hunk]) -> list[str]:
    """Lines start..end of `old` as one side's hunks left them."""
    out: list[str] = []
    position = start
    for hunk in hunks:
        out += old[position:hunk.start]
        out += hunk.lines
        position = hunk.end
    out += old[position:end]
    return out


def clash_said(name: str, clashes: tuple[Clash, ...], shown: int = 3) -> str:
    """The clashes in words: where, what the other version has there, what this page has."""
    parts = []
    for clash in clashes[:shown]:
        theirs = " / ".join(line.strip() for line in clash.theirs if line.strip()) or "nothing"
        mine = " / ".join(line.strip() for line in clash.mine if line.strip()) or "nothing"
        parts.append(f"at line {clash.line} the other version has “{theirs[:200]}”, this "
                     f"page “{mine[:200]}”")
    more = len(clashes) - shown
    return (f"{name} changed on disk since this page loaded it (saved from another tab, or "
            f"in another program) in the same places as your changes, so nothing is saved "
            f"yet: "
            + "; ".join(parts) + (f"; and {more} more place(s)" if more > 0 else "") + ".")
