"""What an import gives back, and the filters, order and limit both importers share.

Filters: a record passes the area filter when one of its places (physical addresses) matches
every field the filter sets: country (ISO code), region (state or province, compared without
case) and postal code prefix (spaces ignored). A record with no place is a national line: it
serves every area, so it passes the area filter. A record passes the tag filter when one of
its tags (HSDS taxonomy term codes or names; the spreadsheet's `tags`) equals one of the
wanted tags, without case. Order: national lines first, then local ones, each in file order;
`limit` keeps the first N of that order.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class ImportResult:
    entries: list[dict]  # resources.yaml entries, keys in the README's order
    skipped: list[tuple[str, str]]  # (record label, reason)
    notes: list[str]  # other remarks for whoever checks the import
    # the skipped records whose data cannot be printed (a number invalid for the country, a
    # premium-rate number...), as opposed to those a filter or their status left out
    rejected: list[tuple[str, str]] = field(default_factory=list)


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
        parts = [
            f"{label} {value}"
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


@dataclass
class Collector:
    """Gathers kept entries, skipped records and notes while an importer walks its records."""

    area: AreaFilter | None = None
    tags: set[str] | None = None
    national: list[tuple[str, dict]] = field(default_factory=list)
    local: list[tuple[str, dict]] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    rejected: list[tuple[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def skip(self, label: str, reason: str) -> None:
        self.skipped.append((label, reason))

    def reject(self, label: str, reason: str) -> None:
        """Skip a record whose data must not be printed (kept apart: a build warns of it)."""
        self.skip(label, reason)
        self.rejected.append((label, reason))

    def note(self, *texts: str) -> None:
        for text in texts:
            if text not in self.notes:
                self.notes.append(text)

    def passes(self, label: str, places: list[Place], tags: set[str]) -> bool:
        """True when the record passes the filters; otherwise it is skipped with the reason."""
        area = self.area
        if area and places and not any(area.matches(place) for place in places):
            self.skip(label, f"outside the area ({area.describe()})")
            return False
        wanted = {tag.strip().casefold() for tag in self.tags or ()}
        if wanted and not wanted & {tag.casefold() for tag in tags}:
            self.skip(label, f"no matching tag ({', '.join(sorted(wanted))})")
            return False
        return True

    def keep(self, label: str, entry: dict, *, national: bool) -> None:
        (self.national if national else self.local).append((label, entry))

    def result(self, limit: int | None) -> ImportResult:
        if limit is not None and limit < 0:
            raise ValueError("limit must be 0 or more")
        ordered = self.national + self.local
        kept = ordered if limit is None else ordered[:limit]
        over = [] if limit is None else ordered[limit:]
        skipped = self.skipped + [(label, f"over the limit of {limit}") for label, _ in over]
        return ImportResult([entry for _, entry in kept], skipped, list(self.notes),
                            list(self.rejected))
