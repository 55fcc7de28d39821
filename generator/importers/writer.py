"""Write imported entries as a readable resources.yaml: atomically, never over hand edits.

The first line of a written file carries a fingerprint of the rest. A file whose rest no
longer matches it (someone added `verified` dates, or fixed a number) or that was never
written by an import is only replaced when asked to (`overwrite`), and the file replaced is
always kept beside it as `resources.yaml.bak`. The emergency line the replaced file had (a
line whose phone is the country's emergency number) is carried over when the import has
none, so that replacing a file never drops it.
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import replace
from datetime import date
from pathlib import Path

import yaml
from pydantic import ValidationError

from generator.content.bounded_read import read_limited
from generator.content.containment import is_inside
from generator.content.schema import ResourcesFileModel
from generator.content.validation_problems import problems_from
from generator.content.yaml_parser import SAFE_LOADER
from generator.content.yamlfile import MAX_CONTENT_BYTES, YamlDoc
from generator.errors import Code, ContentError, Problem
from generator.importers.phone_lines import is_emergency
from generator.importers.report import ImportResult
from generator.storage.write import write_atomic

MARK = "# Written by havenprint import"
KEY_ORDER = ("name", "phone", "tty", "text", "url", "hours", "languages", "free",
             "confidential", "qr", "verified", "required", "differs_from_published",
             "tab_label")
_FINGERPRINT = re.compile(r"; fingerprint ([0-9a-f]{12})\.$")


def write_resources_yaml(result: ImportResult, path: Path, *, source_note: str,
                         today: date | None = None, overwrite: bool = False,
                         country: str | None = None) -> list[str]:
    """Write `result.entries` to `path`; a file not written by an import, or edited since,
    is only replaced when `overwrite` is true. Returns what was done besides (the backup, an
    emergency line carried over) for the report."""
    if not result.entries:
        raise ContentError(Problem(path, "nothing to write: no line was imported",
                                   code=Code.IMPORT_NOTHING))
    old = _check_target(path, overwrite)
    entries, remarks = _with_emergency_lines(result.entries, old, path, country)
    try:
        ResourcesFileModel.model_validate({"resources": entries})
    except ValidationError as error:  # said as check would say it, not pydantic's dump
        raise ContentError([replace(problem, path=path, line=None, message=(
            f"an imported entry is not valid: {problem.message}"))
            for problem in problems_from(error, YamlDoc(path, {"resources": entries}),
                                         ResourcesFileModel)]) from None
    text = render(entries, source_note=source_note, today=today or date.today())
    if old is not None:
        backup = path.with_name(path.name + ".bak")
        write_atomic(backup, old.encode("utf-8"))
        remarks.append(f"the file it replaces is kept as {backup}")
    write_atomic(path, text.encode("utf-8"))
    return remarks


def render(entries: list[dict], *, source_note: str, today: date) -> str:
    # an uploaded file's name: no control character may make the file unreadable
    note = "".join(char for char in " ".join(source_note.split()) if char.isprintable()) \
        or "an unnamed source"
    body = [
        "# Check every line (call it) before printing, and update `verified` when you do.",
        "# Addresses are never copied here: a shelter's address is confidential.",
        "resources:",
    ]
    blocks = ["\n".join(_entry_lines(entry)) for entry in entries]
    rest = "\n".join(body) + "\n" + "\n\n".join(blocks) + "\n"
    return f"{MARK} on {today.isoformat()} from {note}; fingerprint {_digest(rest)}.\n" + rest


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def _entry_lines(entry: dict) -> list[str]:
    unknown = sorted(set(entry) - set(KEY_ORDER))
    if unknown:
        raise ValueError(f"not resources.yaml fields: {', '.join(unknown)}")
    lines: list[str] = []
    for key in KEY_ORDER:
        if key not in entry or entry[key] is None:
            continue
        value = entry[key]
        dumped = yaml.safe_dump({key: value}, default_flow_style=None if isinstance(
            value, dict | list) else False, sort_keys=False, allow_unicode=True, width=10_000)
        prefix = "  - " if not lines else "    "
        lines.append(prefix + dumped.rstrip("\n").replace("\n", "\n    "))
    return lines


def _check_target(path: Path, overwrite: bool) -> str | None:
    """The text of the file to be replaced (None if there is none), after making sure it may
    be replaced."""
    if path.is_dir():
        raise ContentError(Problem(path, "is a folder, not a file",
                                   code=Code.IMPORT_TARGET_FOLDER))
    if not os.path.lexists(path):
        return None
    if path.is_symlink() and not is_inside(path, (path.parent.resolve(),)):
        # its text would be copied into the content folder as the backup
        raise ContentError(Problem(path, (
            f"is a link to {path.resolve()}, outside the content folder: not replacing it "
            "(remove the link, or copy the file into the content folder)"),
            code=Code.IMPORT_TARGET_LINK, fields={"target": str(path.resolve())}))
    text = read_limited(path, MAX_CONTENT_BYTES).decode("utf-8", errors="replace")
    first_line, _, rest = text.partition("\n")
    fingerprint = _FINGERPRINT.search(first_line)
    if overwrite or (fingerprint and fingerprint.group(1) == _digest(rest)):
        return text
    why = ("was edited by hand after it was imported" if first_line.startswith(MARK)
           else "was not written by havenprint import")
    raise ContentError(Problem(
        path, f"{path.name} {why}: not replacing it (use --force to replace it; the old file "
              f"is then kept as {path.name}.bak)", code=Code.IMPORT_TARGET_NOT_OURS,
        fields={"edited": int(first_line.startswith(MARK))}))


def _with_emergency_lines(entries: list[dict], old: str | None, path: Path,
                          country: str | None) -> tuple[list[dict], list[str]]:
    if old is None or country is None:
        return entries, []
    try:
        data = yaml.load(old, Loader=SAFE_LOADER)  # safe, and 000 stays text
    except yaml.YAMLError:
        return entries, [f"{path.name} could not be read to keep its emergency line"]
    items = data.get("resources") if isinstance(data, dict) else None
    numbers = {str(entry.get("phone")) for entry in entries}
    carried, remarks = [], []
    for item in items if isinstance(items, list) else []:
        phone = str(item.get("phone", "")) if isinstance(item, dict) else ""
        if phone and phone not in numbers and is_emergency(phone, country):
            carried.append({key: item[key] for key in KEY_ORDER if key in item})
            remarks.append(f"kept the emergency line {item.get('name')!r} ({phone}) of the "
                           f"{path.name} it replaces")
    return entries + carried, remarks
