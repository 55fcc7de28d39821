"""What an import gives back, and the filters, order and limit both importers share.

Filters: a record passes the area filter when one of its places (physical addresses, or
service areas the data names) matches every field the filter sets: country (ISO code),
region (state or province, compared without case) and postal code prefix (spaces ignored).
A national line serves every area, so it passes the area filter; a record the data places
nowhere is left out by an area filter, since nothing says it serves the area. A record passes
the tag filter when one of its tags (HSDS taxonomy term codes or names; the spreadsheet's
`tags`) equals one of the wanted tags, without case.

Order: the site's own organisation's lines first, then national lines, then local ones (and
those the data places nowhere), each in file order; `limit` keeps the first N of that order,
and an import keeping more lines than any format prints without one says that it exists.
The first line's QR code is the card's: a text-only line is never first while a line of the
same group has a voice number, unless the site names it as `first`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from generator.errors import Code, Refused, shortened

# Lines in the order they are written; an emergency number's line last, as in the default
# kit: the first line's QR code is the card's, and one that calls 911 helps nobody.
GROUPS = ("own", "national", "local", "emergency")
# More lines than any built-in format prints (40 short lines: the pocket card printed 4, the
# poster and the folding card 5, the brochure 13): an import keeping more says how to choose.
MANY_LINES = 13


@dataclass(frozen=True)
class ImportResult:
    entries: list[dict]  # resources.yaml entries, keys in the README's order
    skipped: list[tuple[str, str]]  # (record label, reason)
    notes: list[str]  # other remarks for whoever checks the import
    # the skipped records whose data cannot be printed (a number invalid for the country, a
    # premium-rate number...), as opposed to those a filter or their status left out
    rejected: list[tuple[str, str]] = field(default_factory=list)
    # numbers left out of records that were kept: (record label, number and reason)
    dropped: list[tuple[str, str]] = field(default_factory=list)
    # where each entry was read: its line in the file (a spreadsheet's row) or its record
    # (an HSDS service's id), for naming the record to check again
    # (where they were read is not what was read: JSON and tables of the same data compare
    # equal)
    origins: list[tuple[int | None, str | None]] = field(default_factory=list, compare=False)
    # the file (in the folder read) whose lines `origins` are: an HSDS folder's services table
    records_file: str | None = field(default=None, compare=False)
    # where each refused record, or record a number was left out of, was read: (label,
    # reason) -> (its file's name, its line, its JSON path or row), for naming it
    places: dict[tuple[str, str], tuple[str, int | None, str]] = field(
        default_factory=dict, compare=False)

    @property
    def skipped_only(self) -> list[tuple[str, str]]:
        """The records skipped that were not refused (a filter, their status, the limit, a
        repeat left them out): what "N skipped" counts, beside "M refused"."""
        refused = set(self.rejected)
        return [record for record in self.skipped if record not in refused]

    def report_lines(self, *, notes: bool = True) -> list[str]:
        """What was skipped and why, for people, besides what was refused (`refusals`): the
        records a filter, their status, the limit or a repeat left out; and the notes."""
        refused = set(self.rejected)
        lines = [f"skipped {label}: {reason}" for label, reason in self.skipped
                 if (label, reason) not in refused]
        if notes:
            lines += [f"note: {note}" for note in self.notes]
        return lines

    def refusals(self, path: Path | str) -> list[Refused]:
        """Each record and number of the data at `path` refused for its data (a fragment of
        a number, a row with a cell beyond its header, a service without a name...): an
        error naming the file, and the line where the reason names one (`lines.csv:3:
        phone ...`). Every other record is imported; the import, `check` and `build` exit
        1 for them."""
        return [*(_refused(path, f"refused {label!r}", reason, label, Code.REFUSED_RECORD,
                           self.places.get((label, reason)))
                  for label, reason in self.rejected),
                *(_refused(path, f"left out of {label!r}", reason, label, Code.NUMBER_LEFT_OUT,
                           self.places.get((label, reason)))
                  for label, reason in self.dropped)]


_AT_LINE = re.compile(r"^(?P<file>[^:\n]+):(?P<line>[0-9]+): ")


def _refused(path: Path | str, what: str, reason: str, label: str, code: Code,
             place: tuple[str, int | None, str] | None = None) -> Refused:
    """`path:line: what: reason` when `reason` starts with the file's name and a line (a
    file of the folder `path`: an HSDS table), or `place` says where the record was read
    (`file:line: what (at [7]): reason`, with its JSON path)."""
    if place is not None:
        name, line, where = place
        what += "" if where.startswith("row ") else f" (at {where})"
        reason = f"{name}:{line}: {reason}" if line else f"{name} {where}: {reason}"
    at = _AT_LINE.match(reason)
    if at is not None and isinstance(path, Path) and (
            at["file"] == path.name or (path.is_dir() and (path / at["file"]).is_file())):
        file = path if at["file"] == path.name else path / at["file"]
        return Refused(file, f"{what}: {reason[at.end():]}", int(at["line"]), code=code,
                       fields={"record": label, "reason": reason[at.end():]}, record=label)
    return Refused(path, f"{what}: {reason}", code=code,
                   fields={"record": label, "reason": reason}, record=label)


@dataclass(frozen=True)
class AreaFilter:
    country: str | None = None
    region: str | None = None
    postal_prefix: str | None = None

    def matches(self, place: Place) -> bool:
        def same(wanted: str | None, actual: str | None) -> bool:
            return wanted is None or (actual or "").casefold() == wanted.strip().casefold()

        prefix = _squash(self.postal_prefix or "")
        return (
            same(self.country, place.country)
            and same(self.region, place.region)
            and _squash(place.postal_code or "").startswith(prefix)
        )

    def describe(self) -> str:
        parts = [  # a value of 100,000 characters said by its start and end, in every skip
            f"{label} {shortened(value, 40)}"
            for label, value in (("country", self.country), ("region", self.region),
                                 ("postal code", self.postal_prefix and f"{self.postal_prefix}…"))
            if value
        ]
        return ", ".join(parts)


@dataclass(frozen=True)
class Place:
    """Where a local line is: a physical address reduced to what the filters need."""

    country: str | None
    region: str | None
    postal_code: str | None


def _squash(text: str) -> str:
    return "".join(text.split()).upper()


# What says a line is a domestic violence line, or a hotline (its name, its taxonomy terms:
# AIRS's Domestic Violence Hotlines and Domestic Violence Shelters by code too)
_DOMESTIC_VIOLENCE = re.compile(
    r"\b(?:domestic|family|dating|intimate[\s-]+partner|partner)\s+(?:violence|abuse)\b|"
    r"\bbattered\b|\bdv\b|\bgender[\s-]+based\s+violence\b|\bRP-1500\.1400-200\b|"
    r"\bBH-1800\.1500-100\b", re.IGNORECASE)
_HOTLINE = re.compile(r"\b(?:hot\s?line|help\s?line|crisis\s+line)s?\b", re.IGNORECASE)


@dataclass(frozen=True)
class LineFacts:
    """What the data says a line is, for which line comes first: the service's own name,
    its organization's, and its taxonomy terms (codes and names)."""

    name: str
    organization: str | None = None
    terms: tuple[str, ...] = ()

    def says(self) -> tuple[int, str]:
        """2 for a domestic violence line, 1 a hotline, 0 neither; and what says so."""
        for rank, pattern in ((2, _DOMESTIC_VIOLENCE), (1, _HOTLINE)):
            if pattern.search(self.name):
                return rank, "its name"
            term = next((term for term in self.terms if pattern.search(term)), None)
            if term is not None:
                return rank, f"its taxonomy term {term!r}"
        return 0, ""


def _line_key(entry: dict, country: str | None) -> tuple[str, ...] | None:
    """What makes records one printed line (content/same_number.py's key): the number
    dialled; without one, the number texted and its keyword; None: a line of its own."""
    from generator.content.phones import PhoneError, parse_phone, parse_text_number

    if country is None:
        return None
    try:
        if entry.get("phone"):
            return ("tel", parse_phone(str(entry["phone"]), country).tel)
        text = entry.get("text")
        if isinstance(text, dict) and text.get("number"):
            return ("sms", parse_text_number(str(text["number"]), country).e164,
                    str(text.get("keyword") or "").casefold())
    except PhoneError:
        return None
    return None


def _within(ordered: list[tuple[str, dict]], limit: int,
            keys: dict[int, tuple[str, ...] | None]
            ) -> tuple[list[tuple[str, dict]], list[tuple[str, dict]]]:
    """The first `limit` lines of `ordered`, a record whose number a kept one dials kept
    with it (printed as that line); and the rest."""
    kept: list[tuple[str, dict]] = []
    over: list[tuple[str, dict]] = []
    lines: set[tuple[str, ...]] = set()
    count = 0
    for item in ordered:
        key = keys[id(item[1])]
        if key is not None and key in lines:
            kept.append(item)
        elif count < limit:
            kept.append(item)
            count += 1
            if key is not None:
                lines.add(key)
        else:
            over.append(item)
    return kept, over


def entry_name(entry: dict) -> str:
    """An entry's name as text (the first of a name given per language)."""
    name = entry.get("name")
    if isinstance(name, dict):
        return str(next(iter(name.values()), ""))
    return str(name or "")


@dataclass
class Collector:
    """Gathers kept entries, skipped records and notes while an importer walks its records."""

    area: AreaFilter | None = None
    tags: set[str] | None = None
    groups: dict[str, list[tuple[str, dict]]] = field(
        default_factory=lambda: {group: [] for group in GROUPS})
    skipped: list[tuple[str, str]] = field(default_factory=list)
    rejected: list[tuple[str, str]] = field(default_factory=list)
    dropped: list[tuple[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    _noted: set[str] = field(default_factory=set)  # the notes, to keep each once in O(1)
    facts: dict[int, LineFacts] = field(default_factory=dict)  # by id() of a kept entry
    origins: dict[int, tuple[int | None, str | None]] = field(default_factory=dict)  # so too
    # where each kept entry (by id()) and each refused record would stand in print order: its
    # group and its place in the data, so that one the limit would leave out anyway is not
    # said to be refused (a 211's 2,000 services under `limit: 6`)
    _order: dict[int, tuple[int, int]] = field(default_factory=dict)
    _refused_order: dict[tuple[str, str], tuple[int, int]] = field(default_factory=dict)
    _count: int = 0
    current: tuple[str, int | None, str] | None = None  # see `at`
    country: str | None = None  # what the numbers of what is kept are checked for (`keep`)
    places: dict[tuple[str, str], tuple[str, int | None, str]] = field(default_factory=dict)
    _files: set[str] = field(default_factory=set)  # the files kept records were read from

    def skip(self, label: str, reason: str) -> None:
        self.skipped.append((label, reason))

    def at(self, where: tuple[str, int | None, str] | None) -> None:
        """The record read next is at `where` (its file's name, its line, its JSON path or
        row): what is refused of it says so."""
        self.current = where

    def _placed(self, label: str, reason: str) -> tuple[str, str]:
        """(label, reason), the current record's place kept for them (`places`)."""
        if self.current is not None and not _AT_LINE.match(reason):
            self.places[(label, reason)] = self.current
        return label, reason

    def drop(self, label: str, reason: str) -> None:
        """A number (or printed text) left out of a record that is kept, with the reason."""
        self.dropped.append(self._placed(label, reason))

    def reject(self, label: str, reason: str, group: str | None = None) -> None:
        """Skip a record whose data must not be printed (kept apart: an error that leaves the
        rest to import). `group`: where it would be printed (GROUPS), when known."""
        self._placed(label, reason)
        self.skip(label, reason)
        self.rejected.append((label, reason))
        self._count += 1
        if group is not None:
            self._refused_order[(label, reason)] = (GROUPS.index(group), self._count)

    def note(self, *texts: str) -> None:
        for text in texts:
            if text not in self._noted:  # a list's `in`: 2,000 services' notes took seconds
                self._noted.add(text)
                self.notes.append(text)

    def passes(self, label: str, places: list[Place] | None, tags: set[str]) -> bool:
        """True when the record passes the filters; otherwise it is skipped with the reason.
        `places` is [] for a national line, None when the data places the record nowhere."""
        area = self.area
        if area and places is None:
            self.skip(label, f"the data gives no location or service area, so nothing says it "
                             f"serves the area ({area.describe()})")
            return False
        if area and places and not any(area.matches(place) for place in places):
            self.skip(label, f"outside the area ({area.describe()})")
            return False
        wanted = {tag.strip().casefold() for tag in self.tags or ()}
        if wanted and not wanted & {tag.casefold() for tag in tags}:
            self.skip(label, f"no matching tag ({', '.join(sorted(wanted))})")
            return False
        return True

    def keep(self, label: str, entry: dict, *, group: str,
             about: LineFacts | None = None,
             origin: tuple[int | None, str | None] | None = None) -> None:
        """`origin`: the entry's line in its file, or its record (`service svc-2`). What it
        prints is checked first, for the `country` (importers/printed_checks.py): a number
        a digit off a national line's, or in its name or hours, that cannot print is left
        out, and the record refused when nothing is left to reach it by."""
        if self.country is not None:
            from generator.importers.printed_checks import check_printed

            checked = check_printed(entry, self.country)
            if checked.refused is not None:
                self.reject(label, checked.refused, group)
                return
            for reason in checked.left_out:
                self.drop(label, reason)
        self.groups[group].append((label, entry))
        self._count += 1
        self._order[id(entry)] = (GROUPS.index(group), self._count)
        if about is not None:
            self.facts[id(entry)] = about
        if origin is not None and origin[0] is None and self.current is not None:
            origin = (self.current[1], origin[1])
            self._files.add(self.current[0])
        if origin is not None:
            self.origins[id(entry)] = origin

    def result(self, limit: int | None, first: str | None = None,
               country: str | None = None) -> ImportResult:
        """`limit` counts lines as they print: records dialling the same number (`country`:
        what their numbers are read for) are printed as one line (content/same_number.py),
        so they count once; the limit of 3 over a hotline and its counselling line with one
        number printed 2 lines."""
        if limit is not None and limit < 0:
            raise ValueError("limit must be 0 or more")
        ordered = self._without_repeats([item for group in GROUPS for item in self.groups[group]])
        ordered = self._first_line(ordered, first)
        if not first:
            self._suggest_first(ordered)
        keys = {id(entry): _line_key(entry, country) for _, entry in ordered}
        kept, over = (ordered, []) if limit is None else _within(ordered, limit, keys)
        if limit is not None:
            firsts: dict[tuple[str, ...], str] = {}
            for label, entry in kept:
                key = keys[id(entry)]
                if key is not None and key in firsts:
                    self.note(f"{label} dials the same number as {firsts[key]}: they print as "
                              f"one line, counted once toward the limit of {limit}")
                elif key is not None:
                    firsts[key] = label
        if len(kept) > MANY_LINES:
            self.note(f"{len(kept)} lines kept, more than a card or brochure prints (a pocket "
                      "card about 4, a brochure about 12): each piece prints them in this "
                      "order until one does not fit, and leaves out that one and every line "
                      "after it. Keep the ones to print with --limit N (in site.yaml, "
                      "`limit: N` under `resources:`), or choose them by region, tag or first")
        skipped = self.skipped + [(label, f"over the limit of {limit}") for label, _ in over]
        rejected, dropped = list(self.rejected), list(self.dropped)
        if limit is not None:  # what the limit leaves out anyway is no refusal
            places = [(self._order.get(id(entry), (len(GROUPS), 0)), keys[id(entry)] or id(entry))
                      for _, entry in ordered]
            beyond = {refused for refused, at in self._refused_order.items()
                      if len({line for place, line in places if place < at}) >= limit}
            rejected = [refused for refused in rejected if refused not in beyond]
            skipped = [(label, f"over the limit of {limit}, and refused for its data: "
                               f"{reason}") if (label, reason) in beyond else (label, reason)
                       for label, reason in skipped]
            left = {label for label, _ in over}
            dropped = [item for item in dropped if item[0] not in left]
        return ImportResult([entry for _, entry in kept], skipped, list(self.notes),
                            rejected, dropped,
                            [self.origins.get(id(entry), (None, None)) for _, entry in kept],
                            next(iter(self._files)) if len(self._files) == 1 else None,
                            dict(self.places))

    def _without_repeats(self, ordered: list[tuple[str, dict]]) -> list[tuple[str, dict]]:
        """The records without a repeat of an earlier one (the same name and numbers: a
        spreadsheet row pasted twice, a service listed on two API pages), which would print
        the same line twice."""
        kept: list[tuple[str, dict]] = []
        lines: dict[str, str] = {}
        for item in ordered:
            label, entry = item
            line = repr([entry.get(key) for key in ("name", "phone", "tty", "text", "url")])
            if line in lines:
                self.skip(label, f"the same name and numbers as an earlier record ({lines[line]})")
                continue
            lines[line] = label
            kept.append(item)  # the same object: _first_line tells items apart by identity
        return kept

    def _first_line(self, ordered: list[tuple[str, dict]],
                    first: str | None) -> list[tuple[str, dict]]:
        """The line named `first` at the top; else a voice line of the leading group ahead
        of a text-only line, whose QR code would otherwise be the card's."""
        if first:
            wanted = " ".join(first.split()).casefold()
            named = [item for item in ordered if entry_name(item[1]).casefold() == wanted
                     or entry_name(item[1]).casefold().endswith(f" – {wanted}")]
            if named:
                return [named[0], *(item for item in ordered if item is not named[0])]
            self.note(f"no line named {first!r} to put first")
            return ordered
        if not ordered or "phone" in ordered[0][1]:
            return ordered
        leading = next(group for group in self.groups.values() if group)
        voice = next((item for item in leading if "phone" in item[1]), None)
        if voice is None:
            return ordered
        instead = "text line" if "text" in ordered[0][1] else "web address"
        self.note(f"{voice[0]} comes first: its voice number is the card's QR code, not "
                  f"{ordered[0][0]}'s {instead} (name a line `first` to choose another)")
        return [voice, *(item for item in ordered if item is not voice)]

    def _suggest_first(self, ordered: list[tuple[str, dict]]) -> None:
        """A note when the first line (the data's first service, whose number is the card's
        QR code) is not its organization's domestic violence line, or hotline, and another
        of its lines says it is: `first` puts that one at the top."""
        if not ordered or id(ordered[0][1]) not in self.facts:
            return
        leading = self.facts[id(ordered[0][1])]
        rank = leading.says()[0]
        group = {id(entry) for _, entry in next(group for group in self.groups.values()
                                                 if group)}
        mates = [item for item in ordered[1:] if id(item[1]) in self.facts and (
            self.facts[id(item[1])].organization == leading.organization
            if leading.organization else id(item[1]) in group)]
        for wanted in (2, 1):
            if rank >= wanted:
                return
            found = next((item for item in mates
                          if self.facts[id(item[1])].says()[0] == wanted), None)
            if found is not None:
                break
        else:
            return
        label, entry = found
        facts = self.facts[id(entry)]
        what = "a domestic violence line" if wanted == 2 else "a hotline"
        whose = f" of {leading.organization}" if leading.organization else ""
        name = facts.name if sum(entry_name(other).casefold().endswith(
            f" – {facts.name.casefold()}") or entry_name(other).casefold()
            == facts.name.casefold() for _, other in ordered) == 1 else entry_name(entry)
        self.note(f"{ordered[0][0]} comes first, as the data's first service{whose}: its "
                  f"number is the card's QR code. {label} says it is {what} "
                  f"({facts.says()[1]}): to put it first, add `first: {name}` under "
                  f"`resources:` in site.yaml (`--first \"{name}\"` for havenprint import)")
