"""History: the versions each save replaced (kept in `.havenprint/history/`, see files.py),
file by file, newest first, each with what it changes back and a Restore button. A version
is restored as a save is made: checked first (it must load as the kit is now), and the
version it replaces kept in its turn."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse

from generator.content.layouts import declared_strings
from generator.errors import ContentError
from generator.i18n.localize import language_status
from generator.pipeline.kit_checks import load_checked_site
from generator.serve.drafts import catalogue_remarks, draft_article, draft_resources
from generator.serve.files import HISTORY_FOLDER, ChangedOnDisk, OutsideContent
from generator.serve.kit_state import KitState
from generator.serve.plain import plain
from generator.serve.templating import page
from generator.serve.web import json_action, problem, text_field, workspace
from generator.serve.workspace import Workspace, words_for

# The files the pages write, as their history folders name them ("/" becomes "__").
EDITED = re.compile(r"resources\.yaml|site\.yaml|articles/[a-z0-9][a-z0-9-]*\.[A-Za-z0-9-]+"
                    r"\.(?:md|txt)|locales/[A-Za-z0-9-]+\.yaml")
STAMP = re.compile(r"(\d{8}T\d{6}\.\d{6}Z)\.(yaml|md|txt)")
SHOWN_LINES = 40  # of each list: the rest is counted


@dataclass
class Version:
    name: str  # 20261120T140312.123456Z.yaml
    when: str  # 20 Nov 2026, 14:03:12
    size: int
    back: list[str]  # the lines restoring it puts back
    away: list[str]  # ... and takes out

    @property
    def said(self) -> str:
        """"puts back 2 lines and takes out 1 line"."""
        parts = [f"puts back {lines_said(len(self.back))}" if self.back else "",
                 f"takes out {lines_said(len(self.away))}" if self.away else ""]
        return " and ".join(part for part in parts if part)


@dataclass
class FileHistory:
    relative: str
    versions: list[Version]
    exists: bool
    digest: str


def _histories(ws: Workspace) -> list[FileHistory]:
    folder = ws.root / HISTORY_FOLDER
    if not folder.is_dir():
        return []
    found = []
    for kept in sorted(folder.iterdir()):
        relative = kept.name.replace("__", "/")
        if not kept.is_dir() or not EDITED.fullmatch(relative):
            continue
        try:
            path = ws.files.path(relative)
        except OutsideContent:
            continue
        current = ws.files.load(path)
        versions = [_version(old, current.text or "")
                    for old in sorted(kept.iterdir(), reverse=True)
                    if STAMP.fullmatch(old.name) and old.is_file()]
        if versions:
            found.append(FileHistory(relative, versions, current.text is not None,
                                     current.digest))
    return found


def _version(old: Path, current: str) -> Version:
    """What restoring `old` changes, in lines of the file as people wrote them (not a diff's
    + and - and @@)."""
    text = old.read_bytes()[:2_000_000].decode("utf-8", errors="replace")
    now, then = current.splitlines(), text.splitlines()
    back: list[str] = []
    away: list[str] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, now, then,
                                                       autojunk=False).get_opcodes():
        if tag in ("replace", "delete"):
            away.extend(now[i1:i2])
        if tag in ("replace", "insert"):
            back.extend(then[j1:j2])
    return Version(old.name, _when(old.name), len(text.encode("utf-8")), back, away)


def lines_said(count: int) -> str:
    return "1 line" if count == 1 else f"{count} lines"


def _when(name: str) -> str:
    stamp = name.split(".", 2)
    try:
        moment = datetime.strptime(f"{stamp[0]}.{stamp[1][:-1]}", "%Y%m%dT%H%M%S.%f")
    except (ValueError, IndexError):
        return name
    return moment.replace(tzinfo=UTC).astimezone().strftime("%d %b %Y, %H:%M:%S")


async def history(request: Request) -> HTMLResponse:
    ws = workspace(request)
    histories = await ws.run(_histories, ws)
    return page(request, "history.html", title="History", histories=histories, shown=SHOWN_LINES,
                restored=request.query_params.get("restored"))


def _problems(ws: Workspace, state: KitState, relative: str, path: Path,
              text: str) -> list[str]:
    """Why the version cannot be restored as the kit is now (nothing: it can)."""
    try:
        if relative == "site.yaml":
            load_checked_site(path, text)
            return []
        if relative == "resources.yaml":
            if state.site is None:
                return ["site.yaml does not load: fix it on the Settings page first"]
            _, remarks, _ = draft_resources(state.site, path, text, [], words_for(state))
            return [remark.message for remark in remarks if remark.blocking]
        if relative.startswith("articles/"):
            slug, _, lang = path.name.rsplit(".", 1)[0].rpartition(".")
            _, remarks = draft_article(path, text, slug, lang)
            return [remark.message for remark in remarks if remark.blocking]
        english = language_status("en", None, declared_strings(state.layouts)).english
        return [remark.message for remark in catalogue_remarks(path, text, english)]
    except ContentError as error:
        return [plain(problem, words_for(state)).text for problem in error.problems]


def _restore(ws: Workspace, data: dict[str, Any]) -> JSONResponse:
    state = ws.state()
    relative = text_field(data, "file")
    version = text_field(data, "version")
    if not EDITED.fullmatch(relative) or not STAMP.fullmatch(version):
        return problem("No such version to restore.", 404)
    path = ws.files.path(relative)
    kept = {old.name: old for old in ws.files.history(path)}
    if version not in kept:
        return problem("This version is no longer kept (the last 20 of each file are).", 404)
    text = kept[version].read_bytes().decode("utf-8", errors="replace")
    reasons = _problems(ws, state, relative, path, text)
    if reasons:
        return problem(f"Not restored: as the kit is now, this version of {relative} would "
                       f"not load ({'; '.join(reasons[:3])}).", 422)
    try:
        ws.files.save(path, text, text_field(data, "base"))
    except ChangedOnDisk as error:
        return problem(str(error), 409, conflict=True)
    return JSONResponse({"saved": True, "message": f"Restored {relative} as it was on "
                                                   f"{_when(version)}."})


restore = json_action(_restore)
