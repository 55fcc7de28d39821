"""What the web page says of the kit last built in the output folder against the lines as
they are saved now (generator/kit/changes.py, as `havenprint changes` says it): on the
Overview, the lines to check again, the one on the most printed pieces first, with the
record to check each against; on the Download page, what changed since that kit and which
of its pieces to reprint."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from markupsafe import Markup

from generator.content.models import Kit, Resource
from generator.errors import Problem
from generator.kit.changes import (
    ChangeReport,
    Difference,
    LineChange,
    NoLinesRecorded,
    compare,
    stale_lines,
)
from generator.kit.changes_page import numbers_whole
from generator.serve.kit_state import KitState
from generator.serve.plain import Words, plain
from generator.serve.shown import page_for
from generator.serve.workspace import Workspace, words_for


@dataclass(frozen=True)
class LineToCheck:
    name: str
    checked: str | None  # YYYY-MM-DD; None: never
    pieces: int  # printed pieces of the last kit that carry it
    where: str  # "Lines page (resources.yaml, line 12)", "hsds-api-copy.json"
    href: str | None
    record: str | None  # the data's record to check it against (an HSDS service)
    audience: str | None


@dataclass
class Worklist:
    lines: list[LineToCheck]
    months: int
    counted: bool  # pieces counted in a kit built in the output folder


@dataclass(frozen=True)
class PieceToReprint:
    title: str  # "Pocket card"
    lang: str
    audience: str | None
    because: tuple[str, ...]  # the lines that changed on it
    files: tuple[str, ...]


@dataclass
class KitChanges:
    """The kit in the output folder against the lines now: `report`, said plainly, or why
    there is none to compare (`unknown`)."""

    report: ChangeReport | None = None
    unknown: str | None = None
    lines: list[tuple[str, Markup]] = field(default_factory=list)  # each line, what changed
    reprint: list[PieceToReprint] = field(default_factory=list)
    still_right: list[str] = field(default_factory=list)
    reprint_files: set[str] = field(default_factory=set)
    refused: list[str] = field(default_factory=list)  # what the data now refuses, said


@dataclass(frozen=True)
class Reprinted:
    """What the last build from the page made new: the changes since the kit it replaced
    (its pieces to print again), for as long as the output folder holds the kit it made
    (`manifest`: the digest of its manifest.json)."""

    changes: KitChanges
    manifest: str


def manifest_digest(out: Path) -> str | None:
    try:
        return hashlib.sha256((out / "manifest.json").read_bytes()).hexdigest()
    except OSError:
        return None


def reprinted(ws: Workspace) -> KitChanges | None:
    """The pieces the last build from the page made to print again, while the output
    folder still holds that kit."""
    last = ws.reprinted
    if isinstance(last, Reprinted) and last.manifest == manifest_digest(ws.out):
        return last.changes
    return None


def worklist(ws: Workspace, state: KitState, built: dict[str, Any] | None) -> Worklist | None:
    """The lines to check again; their pieces counted in `built` (the manifest of the kit in
    the output folder) when there is one that records them."""
    kit = state.kit
    if kit is None:
        return None
    report = _report(kit, built)
    stale = report.stale if isinstance(report, ChangeReport) else stale_lines(kit, {})
    lines = []
    for line in stale:
        found = _line(kit, line.audience, line.name)
        path, number = (Path(found.source.path), found.source.line) if found else (None, None)
        where, href = page_for(path, number, words_for(state), ws.root) if path else ("", None)
        lines.append(LineToCheck(line.name, line.verified.isoformat() if line.verified else None,
                                 line.pieces, where, href,
                                 found.source.record if found else None, line.audience))
    return Worklist(lines, kit.site.options.verify_within_months,
                    isinstance(report, ChangeReport))


def kit_changes(state: KitState, built: dict[str, Any] | None) -> KitChanges | None:
    """What changed since the kit in the output folder was built (`built`: its manifest)."""
    if state.kit is None or built is None:
        return None
    report = _report(state.kit, built)
    if not isinstance(report, ChangeReport):
        return KitChanges(unknown=report)
    words = words_for(state)
    shown = KitChanges(report)
    shown.lines = [(change.name + (f" ({change.audience})" if change.audience else ""),
                    numbers_whole(_what_changed(change, words)))
                   for change in report.changes]
    shown.reprint = [PieceToReprint(words.format(piece.format), piece.lang, piece.audience,
                                    lines, piece.files) for piece, lines in report.reprint]
    shown.still_right = [f"{words.format(piece.format)} ({words.language(piece.lang)})"
                         + (f", audience pack {piece.audience}" if piece.audience else "")
                         for piece in report.still_right]
    shown.reprint_files = {file for piece in shown.reprint for file in piece.files}
    shown.refused = [f"{refusal.record} ({_where(refusal)}): {plain(refusal, words).text}"
                     for refusal in report.refusals]
    return shown


def _where(problem: Problem) -> str:
    """"lines.csv, line 3": where the data holds a refused record."""
    return f"{problem.path}, line {problem.line}" if problem.line else str(problem.path)


def _what_changed(change: LineChange, words: Words) -> str:
    kind, details = change.kind, change.details
    if kind == "added":
        return "new in the lines, on no printed piece yet"
    if kind == "removed":
        printed = not any("no printed piece" in detail for detail in details)
        return "no longer in the lines" + ("" if printed else "; no printed piece carried it")
    if kind == "refused":
        return ("the data now has it with what cannot be printed: "
                + "; ".join(plain(refusal, words).text for refusal in change.refusals))
    return "; ".join(_plainly(difference) for difference in change.differences)


def _plainly(difference: Difference) -> str:
    """"the number was 1-800-555-0199, now 1-800-555-0111"; a QR code by what it does
    ("calls +18005550111"), a name in quotes."""
    was, now = difference.was, difference.now
    if difference.what == "QR code":
        return f"its QR code {_qr_does(was, 'did')}; now it {_qr_does(now, 'does')}"
    if difference.what == "name":
        return f"the name was “{was}”, now “{now}”"
    return f"the {difference.what} was {was}, now {now}"


def _qr_does(payload: str, tense: str) -> str:
    """What a QR code's payload does, in words: "calls +18005550111"."""
    kind, _, rest = payload.partition(":")
    if kind.lower() == "tel":
        return f"called {rest}" if tense == "did" else f"calls {rest}"
    if kind.upper() == "SMSTO":
        number, _, keyword = rest.partition(":")
        text = f"{keyword} to {number}" if keyword else number
        return f"texted {text}" if tense == "did" else f"texts {text}"
    if payload == "none":
        return "was not there" if tense == "did" else "is not there"
    return f"opened {payload}" if tense == "did" else f"opens {payload}"


def _report(kit: Kit, built: dict[str, Any] | None) -> ChangeReport | str:
    if built is None:
        return "no kit has been built in the output folder yet"
    try:
        return compare(kit, built)
    except NoLinesRecorded:
        return ("the kit in the output folder was built before havenprint recorded the lines "
                "each piece prints: build it again to compare it with later changes")


def _line(kit: Kit, audience: str | None, name: str) -> Resource | None:
    one = next((pack for pack in (kit, *kit.audiences) if pack.audience == audience), kit)
    return next((line for line in one.resources if line.name == name), None)
