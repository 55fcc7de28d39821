"""What reading HSDS data gives the importer, before any service becomes a line."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Loaded:
    services: list[dict]  # the canonical nested service objects (see `hsds_entry`)
    notes: list[str] = field(default_factory=list)  # version, tables and columns not read...
    # records and rows not read that could have been printed (a service, a number), with the
    # reason: (label, reason); a build warns of each
    skipped: list[tuple[str, str]] = field(default_factory=list)
    # where each service (by id()) was read: (its file's name, its line there when known,
    # where in the file: a JSON path, "$[2]" or "$.organizations[0].services[1]"; a row)
    where: dict[int, tuple[str, int | None, str]] = field(default_factory=dict)
    # where each of `skipped` is, by (label, reason), when it is a row of a table
    skipped_places: dict[tuple[str, str], tuple[str, int | None, str]] = field(
        default_factory=dict)
