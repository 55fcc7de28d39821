"""What changed in a kit's lines since a kit was printed, and which pieces to reprint.

A kit's manifest.json records, for each PDF, the lines it prints whole and the ways to reach
each (`manifest.printed_line`: its numbers by what they dial and as printed, its texting line
and keyword, its web address, its hours in the PDF's language, what its QR code encodes
when the PDF prints it, its checked date), and the lines it prints a part of (a restroom
poster's or a sticker's first number and QR code, the safety note's emergency number) with
only what it prints of them. Today's lines are matched with them by name (of two with one
name, the one that dials the same; a line renamed, by its number): a line whose number, TTY
or texting line dials elsewhere, whose keyword, web address, hours or QR code changed, that
was renamed or that is no longer in the data makes every piece printing it (whole, or the
part that changed) one to reprint; the others are still right. A line in the data
that was not in the data the kit was built from (manifest.json lists every line, printed or
not) is said as added, and one gone that no piece printed as removed: no printed piece is
wrong for either. A number written another way that dials the same, or a new checked date,
is no reason to reprint.

The lines past their check date (`verify_within_months`) come as a worklist, the line on the
most printed pieces first, each with where it is written: what to call or text again first.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path
from typing import Any

from generator.content.models import Kit, Resource
from generator.errors import ContentError, Refused
from generator.kit.manifest import printed_line
from generator.render.qr import QrError, payload_for

# what differs between a printed line and today's that makes its pieces wrong, in order
_WAYS = (("phone", "number"), ("tty", "TTY number"), ("text", "texting line"),
         ("url", "web address"), ("hours", "hours"))


NOTHING_TO_REPRINT = ("nothing to reprint: every piece printed still gives the data's numbers, "
                      "texting lines, web addresses, hours and QR codes")


@dataclass(frozen=True)
class Difference:
    """One way to reach a line that changed since a piece printed it: `what` ("number", "TTY
    number", "texting line", "web address", "hours", "QR code", "name"), as it `was` printed
    and as it is `now`."""

    what: str
    was: str
    now: str

    def __str__(self) -> str:  # "number 1-800-555-0199 -> 1-800-555-0111"
        if self.what == "name":
            return f"name {self.was!r} -> {self.now!r}"
        return f"{self.what} {self.was} -> {self.now}"


@dataclass(frozen=True)
class LineChange:
    name: str
    kind: str  # "changed", "removed", "refused" (today's data has it, unprintable) or "added"
    details: tuple[str, ...] = ()  # "number 1-800-555-0199 -> 1-800-555-0111"
    audience: str | None = None
    # "refused": what today's data refused of it, as data (the web page words them by code)
    refusals: tuple[Refused, ...] = field(default=(), compare=False)
    # "changed": the details as data (the web page says them in words)
    differences: tuple[Difference, ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class Piece:
    """One document in one language (of a site's kit, or of one of its audience packs), and
    its files (office, shop, screen)."""

    format: str
    lang: str
    files: tuple[str, ...]
    audience: str | None = None
    article: str = ""

    @property
    def label(self) -> str:
        pack = f"{self.audience}/" if self.audience else ""
        return f"{pack}{self.format} ({self.lang})"


@dataclass(frozen=True)
class StaleLine:
    """A line past its check date (`verify_within_months`), and the printed pieces that
    carry it: the worklist of what to call or text again, most printed first."""

    name: str
    verified: date | None
    pieces: int
    source: str  # where the line is written (resources.yaml:12, the data's file)
    audience: str | None = None


@dataclass
class ChangeReport:
    changes: list[LineChange] = field(default_factory=list)
    reprint: list[tuple[Piece, tuple[str, ...]]] = field(default_factory=list)  # and why
    still_right: list[Piece] = field(default_factory=list)
    stale: list[StaleLine] = field(default_factory=list)
    months: int = 12  # the site's verify_within_months
    # what today's data is, when it is not the content folder's own file: the copy of an
    # HSDS API and when it was read (without --refresh, that copy is "today's data")
    data: str | None = None
    # what today's data refused, each `path:line: message` (check and build exit 1 for it)
    refused: list[str] = field(default_factory=list)
    # the same as data, each path relative to the content folder (the web page words them)
    refusals: list[Refused] = field(default_factory=list)

    @property
    def needs_reprint(self) -> bool:
        return bool(self.reprint)

    def as_json(self) -> dict[str, Any]:
        return {
            "reprint_needed": self.needs_reprint,
            **({"data": self.data} if self.data else {}),
            "refused": list(self.refused),
            "lines": [{"name": change.name, "change": change.kind,
                       "details": list(change.details),
                       **({"audience": change.audience} if change.audience else {})}
                      for change in self.changes],
            "reprint": [{**_piece_json(piece), "lines": list(lines)}
                        for piece, lines in self.reprint],
            "still_right": [_piece_json(piece) for piece in self.still_right],
            "to_check": [{"name": line.name, "pieces": line.pieces, "source": line.source,
                          "verified": line.verified.isoformat() if line.verified else None,
                          **({"audience": line.audience} if line.audience else {})}
                         for line in self.stale],
        }

    def as_text(self) -> list[str]:
        said = [f"compared with {self.data}"] if self.data else []
        said += [f"{change.kind} {change.name!r}"
                + (f" ({change.audience})" if change.audience else "")
                + (f": {'; '.join(change.details)}" if change.details else "")
                for change in self.changes]
        said += self._worklist()
        if self.refused:
            said += [f"today's data refused {len(self.refused)} record(s) or number(s) "
                     "(`havenprint check` exits 1 for them):",
                     *(f"  {refusal}" for refusal in self.refused)]
        if not self.reprint:
            return [*said, NOTHING_TO_REPRINT]
        said.append(f"reprint {len(self.reprint)} of {len(self.reprint) + len(self.still_right)}"
                    " piece(s):")
        said += [f"  {piece.label}: {', '.join(repr(line) for line in lines)} "
                 f"[{', '.join(piece.files)}]" for piece, lines in self.reprint]
        if self.still_right:
            said.append("still right: " + ", ".join(piece.label for piece in self.still_right))
        return said


    def _worklist(self) -> list[str]:
        if not self.stale:
            return []
        return [f"to check again (not checked within {self.months} months), most printed "
                "first:"] + [
            f"  {line.name!r}" + (f" ({line.audience})" if line.audience else "")
            + (f": checked {line.verified.isoformat()}" if line.verified else ": never checked")
            + f", on {line.pieces} printed piece(s); {line.source}" for line in self.stale]


def _piece_json(piece: Piece) -> dict[str, Any]:
    return {"format": piece.format, "lang": piece.lang, "files": list(piece.files),
            **({"audience": piece.audience} if piece.audience else {}),
            **({"article": piece.article} if piece.article else {})}


class NoLinesRecorded(ValueError):
    """The manifest records no lines per piece (a kit built before it did)."""


def compare(kit: Kit, manifest: dict[str, Any], today: date | None = None) -> ChangeReport:
    """Today's lines of `kit` (and its packs) against what the pieces in `manifest` print,
    and the lines past their check date, most printed first."""
    today = today or date.today()
    outputs = [entry for entry in manifest.get("outputs", [])
               if isinstance(entry, dict) and entry.get("kind") == "pdf"]
    if not outputs or any("lines" not in entry or "partly" not in entry for entry in outputs):
        raise NoLinesRecorded("its manifest.json does not record the lines each piece prints "
                              "(a kit built before havenprint recorded them all): build it "
                              "again to have a kit to compare with later")
    kits = {one.audience: one for one in (kit, *kit.audiences)}
    pieces: dict[tuple[Any, ...], tuple[Piece, dict[str, dict[str, Any]]]] = {}
    for entry in outputs:  # a piece's office, shop and screen files: one piece
        key = (entry.get("audience"), entry.get("format"), entry.get("format_size"),
               entry.get("lang"), entry.get("article", ""))
        found = pieces.get(key)
        files = (*found[0].files, entry["path"]) if found else (entry["path"],)
        piece = Piece(str(entry.get("format")), str(entry.get("lang")), files,
                      entry.get("audience"), str(entry.get("article", "")))
        records = found[1] if found else {}
        for old in [*entry["lines"], *entry["partly"]]:
            if isinstance(old, dict):
                records.setdefault(json.dumps(old, sort_keys=True), old)
        pieces[key] = (piece, records)
    known = manifest.get("lines")
    before = ({(entry.get("audience"), str(entry.get("name"))) for entry in known
               if isinstance(entry, dict)} if isinstance(known, list) else set())
    report = ChangeReport()
    # what today's data refused (a record whose number became a fragment is not "gone")
    refusals = [problem for problem in kit.warnings if isinstance(problem, Refused)]
    refused = {name: problem for problem in refusals
               for name in (problem.record, _in_brackets(problem.record)) if name}
    report.refusals = [replace(problem, path=_relative_path(problem.path, kit))
                       for problem in refusals]
    report.refused = [str(problem) for problem in report.refusals]
    details: dict[tuple[str | None, str], dict[str | Difference, None]] = {}  # in order
    renamed: dict[tuple[str | None, str], str] = {}
    carried: dict[tuple[str | None, str], int] = {}
    for (audience, *_), (piece, records) in pieces.items():
        one = kits.get(audience) or kit
        wrong: list[str] = []
        for old in records.values():
            name = str(old.get("name"))
            line = _today(old, one, before, audience)
            if line is not None and line.name != name:
                renamed[(audience, name)] = line.name
            said = _differences(old, line, piece.lang, refused)
            if said:
                details.setdefault((audience, name), {}).update(dict.fromkeys(said))
                if name not in wrong:
                    wrong.append(name)
        for name in dict.fromkeys(str(old.get("name")) for old in records.values()):
            carried[(audience, name)] = carried.get((audience, name), 0) + 1
        if wrong:
            report.reprint.append((piece, tuple(wrong)))
        else:
            report.still_right.append(piece)
    for (audience, name), differences in details.items():
        kind = ("removed" if "no longer in the data" in differences else "refused"
                if any(str(said).startswith("refused by today's data") for said in differences)
                else "changed")
        why = refused.get(name) if kind == "refused" else None
        report.changes.append(LineChange(
            name, kind, tuple(map(str, differences)), audience,
            (why,) if why is not None else (),
            tuple(said for said in differences if isinstance(said, Difference))))
    report.months = kit.site.options.verify_within_months
    report.stale = stale_lines(kit, carried, today)
    report.data = data_read(kit)
    printed = set(carried)
    for audience, one in kits.items():
        names = {line.name for line in one.resources}
        now = set(renamed.values())
        report.changes += [LineChange(line.name, "added", ("not in the data the kit was built "
                                                           "from",), audience)
                           for line in one.resources
                           if (audience, line.name) not in before and line.name not in now
                           and (audience, line.name) not in printed]
        report.changes += [LineChange(name, "removed", ("no longer in the data; no printed "
                                                        "piece carried it",), audience)
                           for owner, name in sorted(before, key=str)
                           if owner == audience and name not in names
                           and (audience, name) not in printed]
    return report


def data_read(kit: Kit) -> str | None:
    """What a kit's data is when it is the copy of an HSDS API: that copy, and when it was
    read (what `changes` compares with is then the API as it was then)."""
    from generator.importers.hsds_api import COPY_NAME, copy_of, is_api_address  # such kits

    source = kit.site.resource_source
    if source is None or not is_api_address(source.get("path")):
        return None
    try:
        read, address = copy_of(str(source["path"]), kit.root / COPY_NAME)
    except ContentError:
        return None
    return (f"the copy of the API {address} read {read} ({COPY_NAME}; --refresh reads the "
            "API again)")


def stale_lines(kit: Kit, carried: Mapping[tuple[str | None, str], int],
                today: date | None = None) -> list[StaleLine]:
    """The lines of `kit` (and its packs) past their check date (`verify_within_months`), or
    with none: the line on the most printed pieces first (`carried`: how many pieces print
    each, by pack and name), then the one checked longest ago."""
    today = today or date.today()
    months = kit.site.options.verify_within_months
    return sorted(
        (StaleLine(line.name, line.verified, carried.get((one.audience, line.name), 0),
                   _written_at(line, kit), one.audience)
         for one in (kit, *kit.audiences) for line in one.resources
         if line.verified is None or (today - line.verified).days / 30.44 > months),
        key=lambda line: (-line.pieces, line.verified or date.min, line.name))


def _today(old: dict[str, Any], kit: Kit, before: set[tuple[str | None, str]],
           audience: str | None) -> Resource | None:
    """Today's line for a printed one: the line of the same name (of two, the one that
    dials the same), else one renamed: a line not in the data the kit was built from that
    dials the same number."""
    name = str(old.get("name"))
    same = [line for line in kit.resources if line.name == name]
    if same:
        return next((line for line in same if _dials(printed_line(line, "")) == _dials(old)),
                    same[0])
    if _dials(old) == (None, None):
        return None
    return next((line for line in kit.resources
                 if (audience, line.name) not in before
                 and _dials(printed_line(line, "")) == _dials(old)), None)


def _in_brackets(record: str) -> str:
    """The line's name a record's label ends with, in brackets (`lines.csv row 5 (Oak)`)."""
    return record[record.rindex("(") + 1:-1] if record.endswith(")") and "(" in record else ""


def _relative_path(path: Path | str, kit: Kit) -> Path:
    try:
        return Path(os.path.relpath(Path(path).resolve(), kit.root.resolve()))
    except (OSError, ValueError):
        return Path(Path(path).name)


def _written_at(line: Resource, kit: Kit) -> str:
    """Where a line is written, relative to the content folder (`resources.yaml:12`, a
    base's `../base/resources.yaml:4`, `hsds-api-copy.json (service svc-2 at https://…)`):
    never a path of this computer, in a report that is sent on."""
    return str(replace(line.source, path=_relative_path(line.source.path, kit)))


def _dials(record: dict[str, Any]) -> tuple[Any, Any]:
    return _reaches(record.get("phone")), _reaches(record.get("text"))


def _differences(old: dict[str, Any], line: Resource | None, lang: str,
                 refused: dict[str, Refused]) -> list[str | Difference]:
    """What makes a piece printing `old` wrong today: each way to reach the line it prints
    that changed (only those it prints of a line printed in part), or the line gone."""
    if line is None:
        why = refused.get(str(old.get("name")))
        if why is not None:  # its record is there, with what cannot be printed
            return [f"refused by today's data: {why.said}"]
        return ["no longer in the data"]
    try:
        qr: str | None = payload_for(line)
    except QrError:
        qr = None
    new = printed_line(line, lang, qr=qr)
    said: list[str | Difference] = []
    name = str(old.get("name"))
    if line.name != name:
        said.append(Difference("name", name, line.name))
    printed = old.get("printed")
    ways = _WAYS + ((("qr", "QR code"),) if "qr" in old else ())
    for key, what in ways:
        if isinstance(printed, list) and key not in printed:
            continue
        before, after = old.get(key), new.get(key)
        if _reaches(before) != _reaches(after):
            said.append(Difference(what, _shown(before), _shown(after)))
    return said


def _reaches(value: Any) -> Any:
    """What a way to reach a line does: a number by what it dials (written another way it is
    the same), a texting line by its number and keyword."""
    if isinstance(value, dict):
        return (value.get("dials") or value.get("display") or value.get("number"),
                value.get("keyword"))
    return value


def _shown(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, dict):
        shown = str(value.get("display") or value.get("number"))
        return f"{value['keyword']} to {shown}" if value.get("keyword") else shown
    return str(value)


@dataclass
class SiteChanges:
    """One site of a batch: its report, or why there is none (`problem`): no kit printed to
    compare with (`no_kit`: build it), or data that could not be read."""

    name: str
    report: ChangeReport | None = None
    problem: str | None = None
    no_kit: bool = False

    @property
    def status(self) -> str:
        if self.report is not None:
            return "reprint" if self.report.needs_reprint else "nothing to reprint"
        return "no kit" if self.no_kit else "failed"

    @property
    def to_build(self) -> bool:
        """Whether a build of this site is wanted: a piece to reprint, or no kit yet."""
        return self.no_kit or (self.report is not None and self.report.needs_reprint)


def batch_json(sites: list[SiteChanges], day: date) -> dict[str, Any]:
    """One report for every site of a batch: `to_build` names the sites whose kit should be
    built again (a piece to reprint, or no kit yet), `failed` those that could not be
    compared."""
    return {
        "compared_on": day.isoformat(),
        "reprint_needed": any(site.report is not None and site.report.needs_reprint
                              for site in sites),
        "to_build": [site.name for site in sites if site.to_build],
        "failed": [site.name for site in sites if site.status == "failed"],
        # sites whose data holds records that cannot be printed (their kits print the rest)
        "refused": [site.name for site in sites if site.report and site.report.refused],
        "sites": [{"site": site.name, "status": site.status,
                   **({"problem": site.problem} if site.problem else {}),
                   **(site.report.as_json() if site.report is not None else {})}
                  for site in sites],
    }


def batch_text(sites: list[SiteChanges]) -> list[str]:
    """The batch's report for people: each site's, then one line per site."""
    said: list[str] = []
    for site in sites:
        said.append(f"{site.name}: {site.status}")
        if site.problem:
            said.append(f"  {site.problem}")
        told = site.report.as_text() if site.report is not None else []
        if told != [NOTHING_TO_REPRINT]:  # the status says that much
            said += [f"  {line}" for line in told]
    building = [site.name for site in sites if site.to_build]
    failed = [site.name for site in sites if site.status == "failed"]
    refused = [site.name for site in sites if site.report and site.report.refused]
    said.append(f"{len(building)} of {len(sites)} site(s) to build again"
                + (f": {', '.join(building)}" if building else "")
                + (f"; {len(failed)} could not be compared: {', '.join(failed)}"
                   if failed else "")
                + (f"; the data of {len(refused)} refused records: {', '.join(refused)}"
                   if refused else ""))
    return said
