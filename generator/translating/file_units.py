"""A translator file as read (XLIFF or PO): its units, before an import checks them
(generator/translating/translator_import.py) — what the readers in xliff.py and po_file.py
give."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class FileUnit:
    """One unit as a translator file gives it."""

    key: str
    source: str | None  # the English it says it translates
    target: str | None  # None or empty: not translated
    reviewed: bool  # marked checked (XLIFF approved / final, PO not fuzzy)
    line: int | None
    original: str | None = None  # the content file it says it is for (XLIFF `original`)
    # The translator says a target equal to its English is meant (XLIFF approved, final or
    # signed-off, or a note of their own; a PO translator's comment): otherwise such a
    # target is the English copied in (OmegaT does so), not a translation.
    same_meant: bool = False


@dataclass(frozen=True)
class ReadFile:
    path: Path
    lang: str
    units: tuple[FileUnit, ...]
    kind: str  # XLIFF, PO
