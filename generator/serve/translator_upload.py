"""A translated XLIFF or PO file uploaded on the Translations page: checked as `havenprint
locale import` checks it (generator/translating/translator_import.py: placeholders, control
characters, revealing words on outside surfaces, fit), each problem said plainly on the
string it is about, and nothing written on any problem; else each file it changes saved as
the page saves files (atomically, the version it replaces kept in History)."""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from generator.errors import ContentError, Problem
from generator.serve.drafts import Remark
from generator.serve.files import ChangedOnDisk
from generator.serve.kit_state import KitState
from generator.serve.plain import plain
from generator.serve.workspace import Workspace
from generator.translating.translator_import import Change, planned_import, read_translator_bytes

SUFFIXES = (".xlf", ".xliff", ".po")


class Refused(Exception):
    """The upload is not imported: a reason for the whole file, and the problems."""

    def __init__(self, message: str, remarks: list[Remark] | None = None,
                 status: int = 422) -> None:
        super().__init__(message)
        self.remarks = remarks or []
        self.status = status


@dataclass
class Done:
    written: list[Path]
    message: str
    notes: list[str] = field(default_factory=list)


def upload_name(filename: str) -> Path:
    """The uploaded file's own name (no folders), as messages say it; Refused for a file
    that is no translator file by its name."""
    name = PurePosixPath(filename.replace("\\", "/")).name.strip()[:80] or "the file"
    if Path(name).suffix.lower() not in SUFFIXES:
        raise Refused(f"“{name}” is not a file for translation tools: upload the .xlf (XLIFF) "
                      "or .po file that “Download for translation tools” gave, once "
                      "translated.")
    return Path(name)


def import_upload(ws: Workspace, state: KitState, lang: str, name: Path, data: bytes,
                  keys: Collection[str]) -> Done:
    """Check the file and write what it gives (`keys`: the strings the page shows, on
    which problems are said); Refused with every problem when anything is wrong."""
    kit = state.kit
    if kit is None:
        raise Refused("The kit does not load as it is: see the Overview, fix what it says, "
                      "then upload the file again.", status=409)
    try:
        read = read_translator_bytes(name, data)
        result, changes = planned_import(kit, state.layouts.values(), read, lang)
    except ContentError as error:
        text = data.decode("utf-8", "replace")
        remarks = [remark(problem, name, keys, text) for problem in error.problems]
        count = len(remarks)
        raise Refused(f"Nothing was imported: {count} problem{'s' if count != 1 else ''} in "
                      f"{name.name} (each is shown on its string, or under the upload box). Fix "
                      f"{'them' if count != 1 else 'it'} in the file, then upload it again.",
                      remarks) from None
    notes = [remark(note, name, keys).message for note in result.notes]
    if not changes:
        return Done([], f"Nothing to change: the kit already has what {name.name} gives.",
                    notes)
    written = _save_all(ws, changes)
    files = ", ".join(_shown(path, ws.root) for path in written)
    articles = sum(1 for path in written if path.suffix == ".md")
    lines = " and the article's lines" if articles else ""
    return Done(written, f"Imported {name.name}: {result.changed} string"
                f"{'s' if result.changed != 1 else ''} changed{lines}, written to {files}. "
                "History keeps the versions replaced.", notes)


def _save_all(ws: Workspace, changes: list[Change]) -> list[Path]:
    """Each file saved as a page saves it; when one cannot be, those saved before it are
    put back, and nothing is imported."""
    expected = []
    for path, _, now in changes:
        if not ws.files.is_own(path):
            raise Refused(f"{path.name} is in a base folder this kit extends: import the file "
                          "there.", status=403)
        loaded = ws.files.load(path)
        if loaded.text != now:
            raise Refused(f"{path.name} changed on disk while the file was checked (saved "
                          "from another program or tab). Nothing was imported: upload the "
                          "file again.", status=409)
        expected.append(loaded.digest)
    done: list[tuple[Path, str | None, str]] = []
    for (path, new, now), digest in zip(changes, expected, strict=True):
        try:
            done.append((path, now, ws.files.save(path, new, digest)))
        except (OSError, ChangedOnDisk) as error:
            for saved, old, new_digest in reversed(done):
                try:
                    if old is None:
                        saved.unlink(missing_ok=True)
                    else:
                        ws.files.save(saved, old, new_digest)
                except (OSError, ChangedOnDisk):
                    pass
            reason = (error.strerror or "the disk refused it" if isinstance(error, OSError)
                      else "it changed on disk meanwhile")
            raise Refused(f"{path.name} could not be written ({reason}): nothing was "
                          "imported. Check that the content folder can be written to, then "
                          "upload the file again.", status=409) from None
    return [path for path, _, _ in done]


def _shown(path: Path, root: Path) -> str:
    """`locales/vi.yaml`: a file of the content folder as the page names it."""
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.name


def remark(problem: Problem, name: Path, keys: Collection[str], text: str = "") -> Remark:
    """A problem of the import said for the page: on its string's box when the page shows
    it, else in the list, naming what it is about. A problem with the file's text (`text`)
    on a line (a control character) is said on the string whose unit holds that line."""
    line = f", line {problem.line}" if problem.line else ""
    key = problem.fields.get("key") if Path(problem.path) == name else None
    if not isinstance(key, str) or not key:
        key = unit_at(text, problem.line) if Path(problem.path) == name else None
    if key is not None and key in keys:
        said = plain(problem, on_field=problem.fields.get("key") == key)
        return Remark(f"In {name.name}{line}: {_sentence(said.text)}", problem.severity,
                      problem.line, field=key)
    where = name.name if Path(problem.path) == name else Path(problem.path).name
    return Remark(f"{where}{line}: {_sentence(plain(problem).text)}", problem.severity,
                  problem.line)


def _sentence(text: str) -> str:
    return text if text.endswith((".", "?", "!")) else text + "."


_OPENS = re.compile(r'<(?:[\w.-]+:)?trans-unit\b[^>]*?\b(?:resname|id)="(?P<xliff>[^"]+)"'
                    r'|^msgctxt "(?P<po>.+)"$')


def unit_at(text: str, line: int | None) -> str | None:
    """The name of the unit (XLIFF trans-unit, PO entry) that line `line` of `text` is in:
    the last one opened at or before it."""
    if not text or line is None:
        return None
    for row in reversed(text.splitlines()[:line]):
        found = _OPENS.search(row)
        if found is not None:
            return found["xliff"] or found["po"]
    return None
    for number in range(min(line, text.count("\n") + 1), 0, -1):
        found = _OPENS.search(text.splitlines()[number - 1] if number else "")
        if found is not None:
            return found["xliff"] or found["po"]
    return None
