"""Write imported entries as a readable resources.yaml: atomically, never over a hand-made one."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import yaml
from pydantic import ValidationError

from generator.errors import ContentError, Problem
from generator.importers.report import ImportResult
from generator.schema import ResourcesFileModel
from generator.write import write_atomic

MARK = "# Written by havenprint import"
KEY_ORDER = ("name", "phone", "tty", "text", "url", "hours", "languages", "qr", "verified",
             "required")


def write_resources_yaml(result: ImportResult, path: Path, *, source_note: str,
                         today: date | None = None, overwrite: bool = False) -> None:
    """Write `result.entries` to `path`; a file not written by an import is only replaced
    when `overwrite` is true."""
    if not result.entries:
        raise ContentError(Problem(path, "nothing to write: no line was imported"))
    _check_target(path, overwrite)
    try:
        ResourcesFileModel.model_validate({"resources": result.entries})
    except ValidationError as error:
        raise ContentError(Problem(path, f"an imported entry is not valid: {error}")) from None
    text = render(result.entries, source_note=source_note, today=today or date.today())
    write_atomic(path, text.encode("utf-8"))


def render(entries: list[dict], *, source_note: str, today: date) -> str:
    note = " ".join(source_note.split()) or "an unnamed source"
    header = [
        f"{MARK} on {today.isoformat()} from {note}.",
        "# Check every line (call it) before printing, and update `verified` when you do.",
        "# Addresses are never copied here: a shelter's address is confidential.",
        "resources:",
    ]
    blocks = ["\n".join(_entry_lines(entry)) for entry in entries]
    return "\n".join(header) + "\n" + "\n\n".join(blocks) + "\n"


def _entry_lines(entry: dict) -> list[str]:
    unknown = sorted(set(entry) - set(KEY_ORDER))
    if unknown:
        raise ValueError(f"not resources.yaml fields: {', '.join(unknown)}")
    lines = []
    for key in KEY_ORDER:
        if key not in entry or entry[key] is None:
            continue
        value = entry[key]
        dumped = yaml.safe_dump({key: value}, default_flow_style=None if isinstance(
            value, dict | list) else False, sort_keys=False, allow_unicode=True, width=10_000)
        prefix = "  - " if not lines else "    "
        lines.append(prefix + dumped.rstrip("\n").replace("\n", "\n    "))
    return lines


def _check_target(path: Path, overwrite: bool) -> None:
    if path.is_dir():
        raise ContentError(Problem(path, "is a folder, not a file"))
    if not path.exists() or overwrite:
        return
    try:
        with path.open(encoding="utf-8", errors="replace") as handle:
            first_line = handle.readline()
    except OSError as exc:
        raise ContentError(Problem(path, f"cannot read file: {exc.strerror}")) from None
    if not first_line.startswith(MARK):
        raise ContentError(Problem(
            path, f"{path.name} was not written by havenprint import: not replacing it "
                  "(move it away first, or choose to overwrite it)"))
