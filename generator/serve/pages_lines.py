"""Lines: the table of hotlines (add, edit, reorder, remove), checked as people type, the
card beside it redrawn with every change, and resources.yaml saved with its comments."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse

from generator.content.extends import content_folders, resources_file
from generator.content.models import Resource
from generator.errors import ContentError, Problem
from generator.serve.drafts import (
    Draft,
    Remark,
    draft_resources,
    emergency_line_removed,
    line_remarks_of,
    lines_draft,
)
from generator.serve.files import ABSENT, ChangedOnDisk, digest_of
from generator.serve.kit_state import KitState
from generator.serve.line_checks import line_remarks
from generator.serve.lines_form import FormError, apply_lines, empty_row, rows_from
from generator.serve.rendering import document_checks, unique_problems
from generator.serve.templating import page
from generator.serve.web import (
    BadRequest,
    chosen,
    json_action,
    json_body,
    merged_with_saved,
    problem,
    workspace,
)
from generator.serve.workspace import Workspace, words_for
from generator.serve.yaml_edit import EditError, RoundTrip

STARTER = ("# Lines printed on every card, in this order. The first and the emergency line "
           "always are.\n# Check each line before printing and update `verified` when you "
           "do.\nresources: []\n")
DEFAULT_FORMAT = "pocket-card"
DRAFT_KEY = "lines"


@dataclass
class LinesFile:
    path: Path
    text: str
    digest: str
    editable: bool


def _file(ws: Workspace, state: KitState) -> LinesFile:
    assert state.site is not None
    try:
        folders = content_folders(ws.root)
    except ContentError:
        folders = (ws.root,)
    path = resources_file(folders, False)
    loaded = ws.files.load(path)
    return LinesFile(path, loaded.text if loaded.text is not None else STARTER, loaded.digest,
                     ws.files.is_own(path))


def _choices(state: KitState, data: dict[str, Any]) -> tuple[str, str]:
    formats = list(state.layouts)
    wanted = data.get("format") or (DEFAULT_FORMAT if DEFAULT_FORMAT in formats else None)
    return chosen(wanted, formats, "format"), chosen(data.get("lang"), state.languages,
                                                     "language")


async def lines(request: Request) -> HTMLResponse:
    ws = workspace(request)
    return await ws.run(_lines_page, ws, request)


def _lines_page(ws: Workspace, request: Request) -> HTMLResponse:
    state = ws.state()
    context: dict[str, Any] = {"title": "Lines", "site": state.site, "problems": state.problems,
                               "source_note": None, "yaml_problem": None}
    if state.site is None:
        return page(request, "lines.html", **context)
    if state.site.resource_source is not None:
        context["source_note"] = (
            f"This kit reads its lines from {state.site.resource_source['path']} "
            "(`resources:` in site.yaml): change that data, or remove the setting and use "
            "the Import page to turn the data into a list you can edit here.")
        return page(request, "lines.html", **context)
    lines_file = _file(ws, state)
    langs = state.languages
    try:
        rows = rows_from(RoundTrip(lines_file.text).data, langs)
    except EditError as error:
        context["yaml_problem"] = str(error)
        return page(request, "lines.html", **context)
    format_name, lang = _choices(state, dict(request.query_params))
    order = [row.id for row in rows]
    draft = lines_draft(state.kit, state.site, lines_file.path, lines_file.text, order,
                        state.layouts[format_name], lang, ws.pngs, words_for(state))
    by_row: dict[str, list[Remark]] = {}
    for remark in draft.remarks:
        if remark.row is not None:
            by_row.setdefault(remark.row, []).append(remark)
    saved = request.query_params.get("saved") == "1"
    context.update(
        path=lines_file.path, digest=lines_file.digest, editable=lines_file.editable,
        rows=rows, new_row=empty_row("__ROW__", langs), langs=langs, row_remarks=by_row,
        general=[r for r in draft.remarks if r.row is None], format=format_name, lang=lang,
        formats=[(name, layout.spec.title) for name, layout in state.layouts.items()],
        faces=draft.view.faces if draft.view else [], today=date.today().isoformat(),
        base_text=lines_file.text, server_draft=ws.drafts.get(DRAFT_KEY),
        preview_note=("Saved. " if saved else "") + _preview_note(state, draft))
    return page(request, "lines.html", **context)


def _preview_note(state: KitState, draft: Draft) -> str:
    if state.kit is None:
        return "No preview: the kit as saved does not load (see the Overview)."
    if draft.view is None:
        return "No preview until the problems marked are fixed."
    if draft.view.errors:
        return "This format cannot be built with these lines: see the problems."
    return ""


def _table(data: dict[str, Any]) -> dict[str, Any]:
    table = data.get("table")
    if not isinstance(table, dict):
        raise BadRequest("expected the table of lines")
    return table


def _draft(ws: Workspace, data: dict[str, Any]) -> JSONResponse:
    started = time.perf_counter()
    state = ws.state()
    if state.site is None:
        return problem("site.yaml does not load: see the Overview", 409)
    format_name, lang = _choices(state, data)
    lines_file = _file(ws, state)
    table = _table(data)
    try:
        text = apply_lines(RoundTrip(_edited_text(lines_file, data)), table,
                           state.languages[0])
    except (FormError, EditError) as error:
        return problem(str(error))
    result = lines_draft(state.kit, state.site, lines_file.path, text, table["order"],
                         state.layouts[format_name], lang, ws.pngs, words_for(state),
                         line_remarks(table, state.languages[0]))
    view = result.view
    return JSONResponse({
        "remarks": [remark.as_json() for remark in result.remarks],
        "faces": [face.as_json() for face in view.faces] if view else None,
        "displays": result.displays,
        "blocking": result.blocking,
        "note": _preview_note(state, result),
        "changed_on_disk": lines_file.digest != data.get("base"),
        "current": lines_file.digest,
        "ms": round((time.perf_counter() - started) * 1000),
    })


def _save(ws: Workspace, data: dict[str, Any]) -> JSONResponse:
    state = ws.state()
    if state.site is None:
        return problem("site.yaml does not load: see the Overview", 409)
    lines_file = _file(ws, state)
    if not lines_file.editable:
        return problem(f"{lines_file.path} is in a base folder: edit it there", 403)
    table = _table(data)
    expected = lines_file.digest
    try:
        if lines_file.digest == data.get("base"):
            text = apply_lines(RoundTrip(_edited_text(lines_file, data)), table,
                               state.languages[0])
        else:  # saved meanwhile (another tab, an editor): both versions' edits kept
            sent = data.get("base_text")
            merged = merged_with_saved(
                ws, lines_file.path, data, lines_file.text, lines_file.digest,
                lambda base: apply_lines(RoundTrip(base or STARTER), table,
                                         state.languages[0]),
                sent if isinstance(sent, str) else None)
            if isinstance(merged, JSONResponse):
                return merged
            text = merged
    except (FormError, EditError) as error:
        return problem(str(error))
    resources, remarks, doc = draft_resources(state.site, lines_file.path, text,
                                              table["order"], words_for(state))
    remarks = [*line_remarks(table, state.languages[0]), *remarks]
    if any(remark.blocking for remark in remarks):
        return problem("Not saved: fix the problems marked first (with them, no kit could "
                       "be built).", 422, remarks=[r.as_json() for r in remarks])
    if resources is not None and state.kit is not None:
        refused = ws.refused(dataclasses.replace(state.kit, resources=resources),
                             state.languages)
        if refused:
            remarks = line_remarks_of(refused, doc, table["order"], resources,
                                      words_for(state), blocking=True)
            return problem("Not saved: fix the problems marked first (with them the build "
                           "would leave pieces out).", 422,
                           remarks=[r.as_json() for r in remarks])
    try:
        digest = ws.files.save(lines_file.path, text, expected)
    except ChangedOnDisk as error:
        return problem(str(error), 409, conflict=True, current=ws.files.load(
            lines_file.path).digest)
    ws.drafts.drop(DRAFT_KEY)
    return JSONResponse({"saved": True, "digest": digest,
                         "message": f"Saved {lines_file.path.name}."})


def _edited_text(lines_file: LinesFile, data: dict[str, Any]) -> str:
    """The version of resources.yaml the table's rows (`r0`, `r1`...) are lines of: the
    file as the page loaded it, which the page sends (checked against its digest). Once
    another version was saved meanwhile (and "Keep my changes" chosen, or edits brought back
    after a restart), it is no longer the file on disk."""
    base_text = data.get("base_text")
    if isinstance(base_text, str) and base_text != lines_file.text:
        if digest_of(base_text.encode("utf-8")) == data.get("base"):
            return base_text
        if data.get("base") == ABSENT:
            return STARTER
    return lines_file.text


async def draft(request: Request) -> JSONResponse:
    """The card drawn with the table as typed: an edit, after which a check of every
    format and language still running is stale (see `check`)."""
    ws = workspace(request)
    data = await json_body(request)
    ws.edited()
    return await ws.run(_draft, ws, data)


async def check(request: Request) -> JSONResponse:
    """Every format and language laid out with the table as typed (as `check` does), when
    typing pauses: one background job per document and language, so that a preview asked
    for meanwhile goes first; given up (`superseded`) once another edit came."""
    ws = workspace(request)
    data = await json_body(request)
    edits = ws.edits
    prepared = await ws.run_background(_check_prepared, ws, data)
    if isinstance(prepared, JSONResponse):
        return prepared
    found: list[list[Problem]] = []
    for job in prepared.jobs:
        if ws.edits != edits:
            return JSONResponse({"superseded": True})
        found.append(await ws.run_background(job))
    if ws.edits != edits:
        return JSONResponse({"superseded": True})
    return await ws.run_background(_check_result, ws, prepared, unique_problems(found))


@dataclass
class Prepared:
    """A draft of the lines ready to be checked document by document."""

    table: dict[str, Any]
    text: str
    resources: tuple[Resource, ...]
    remarks: list[Remark]
    doc: Any
    jobs: list[Callable[[], list[Problem]]]


def _check_prepared(ws: Workspace, data: dict[str, Any]) -> Prepared | JSONResponse:
    state = ws.state()
    if state.site is None:
        return problem("site.yaml does not load: see the Overview", 409)
    lines_file = _file(ws, state)
    table = _table(data)
    try:
        text = apply_lines(RoundTrip(_edited_text(lines_file, data)), table,
                           state.languages[0])
    except (FormError, EditError) as error:
        return problem(str(error))
    resources, remarks, doc = draft_resources(state.site, lines_file.path, text,
                                              table["order"], words_for(state))
    remarks = [*line_remarks(table, state.languages[0]), *remarks]
    if resources is not None and state.kit is not None:
        remarks += emergency_line_removed(state.kit.resources, resources, state.site)
    if resources is None or state.kit is None or any(r.blocking for r in remarks):
        return JSONResponse({"remarks": [r.as_json() for r in remarks], "complete": True})
    drafted = dataclasses.replace(state.kit, resources=resources)
    jobs = document_checks(drafted, list(state.layouts.values()), list(state.languages))
    return Prepared(table, text, resources, remarks, doc, jobs)


def _check_result(ws: Workspace, prepared: Prepared, problems: list[Problem]) -> JSONResponse:
    remarks = [*prepared.remarks, *line_remarks_of(
        problems, prepared.doc, prepared.table["order"], prepared.resources,
        words_for(ws.state()))]
    return JSONResponse({"remarks": [r.as_json() for r in dict.fromkeys(remarks)],
                         "complete": True})


save = json_action(_save)
