"""Import: upload HSDS data (a JSON file, or a zip of a tabular data package) or a
spreadsheet, read the import report (kept, skipped and why), choose "Add to my lines" or
"Replace my lines", see which lines that adds, changes and removes, and accept it into
resources.yaml. An import with which the kit would not load is never written: the page
says why and what to give (the date the lines were checked)."""

from __future__ import annotations

import dataclasses
import re
import secrets
import sys
from datetime import date
from pathlib import Path
from types import MappingProxyType
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.formparsers import MultiPartException, MultiPartParser
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse

from generator.content.extends import content_folders, resources_file
from generator.content.schema import written_date
from generator.errors import Code, ContentError, Note
from generator.importers import AreaFilter
from generator.importers.hsds import import_hsds_api
from generator.importers.hsds_api import ApiRead, is_api_address, read_api, shown_address
from generator.serve.drafts import draft_resources
from generator.serve.files import ChangedOnDisk
from generator.serve.import_merge import MODES, ImportPreview, preview_import
from generator.serve.kit_state import KitState
from generator.serve.plain import as_sentence, capitalised, plain
from generator.serve.settings import MAX_UPLOAD_BYTES
from generator.serve.templating import page
from generator.serve.uploads import (
    KINDS,
    ImportOptions,
    PendingImport,
    UploadError,
    clear_uploads,
    problems_as_upload_error,
    run_import,
    scratch,
    store,
)
from generator.serve.web import (
    BROKEN_CHARACTER,
    BadRequest,
    broken_text,
    chosen,
    json_action,
    kept_over,
    problem,
    text_field,
    workspace,
)
from generator.serve.workspace import Workspace, words_for
from generator.storage.write import write_atomic

_WHOLE = re.compile(r"[0-9]{1,6}")
MAX_LIMIT = 999_999

# An upload stays in memory (the guard has read the whole body already, 20 MB at most)
# instead of being spooled to a temporary file outside the content and output folders.
MultiPartParser.spool_max_size = max(MultiPartParser.spool_max_size, MAX_UPLOAD_BYTES + 1)


async def import_page(request: Request) -> HTMLResponse:
    ws = workspace(request)
    state = await ws.run(ws.state)
    path = ws.root / "resources.yaml"
    return page(request, "import.html", title="Import", site=state.site,
                problems=state.problems, digest=ws.files.load(path).digest,
                max_mb=ws.settings.max_upload // (1024 * 1024),
                has_lines=path.is_file(), today=date.today().isoformat())


async def upload(request: Request) -> JSONResponse:
    ws = workspace(request)
    try:
        async with request.form(max_files=1, max_fields=20) as form:
            upload_file = form.get("file")
            fields = {key: value for key, value in form.items() if isinstance(value, str)}
            address = fields.get("api", "").strip()
            chosen_file = isinstance(upload_file, UploadFile) and bool(upload_file.filename)
            if broken_text(fields) is not None or (isinstance(upload_file, UploadFile) and (
                    broken_text(upload_file.filename) is not None)):
                raise BadRequest(f"A box {BROKEN_CHARACTER}.", 422)
            if address:
                if chosen_file:
                    raise BadRequest("Give a file or the address of a directory's API, not "
                                     "both.", 422)
                return await _from_api(ws, address, fields)
            if not isinstance(upload_file, UploadFile) or not upload_file.filename:
                raise BadRequest("Choose a file to import, or give the address of a "
                                 "directory's HSDS API.", 422)
            data = await upload_file.read()
            return await ws.run(_upload, ws, upload_file.filename, data, fields)
    except MultiPartException as error:
        raise BadRequest(f"The upload could not be read ({error.message}): choose the file "
                         "again.", 422) from None


async def _from_api(ws: Workspace, address: str, fields: dict[str, str]) -> JSONResponse:
    """An HSDS API read (off the engine's thread: it may take a minute, and previews go on),
    then imported as a file is, with the same filters and limits as `havenprint import hsds
    ADDRESS`; an HTTP failure is said plainly, and nothing is imported."""
    if not is_api_address(address) or len(address) > 2000:
        raise BadRequest("The address of an HSDS API starts with https:// (or http://), as "
                         "https://directory.example.org/hsds/: the part before /services.", 422)
    _options(fields)  # a wrong limit or date is said before anything is read
    try:
        read = await run_in_threadpool(read_api, address)
    except ContentError as error:
        return problem(api_failure(error, address), 422)
    return await ws.run(_upload_api, ws, address, read, fields)


def _upload_api(ws: Workspace, address: str, read: ApiRead,
                fields: dict[str, str]) -> JSONResponse:
    state = ws.state()
    if state.site is None:
        return problem("site.yaml does not load: fix it on the Settings page first.", 409)
    options = _options(fields)
    site = state.site.options
    area = (AreaFilter(country=site.country, region=options.region,
                       postal_prefix=options.postal_prefix)
            if options.region or options.postal_prefix else None)
    try:
        result = import_hsds_api(address, country=site.country, area=area,
                                 tags=set(options.tags) or None, limit=options.limit,
                                 verified=options.verified, own_organization=site.organization,
                                 first=options.first, read=read)
    except ContentError as error:
        return problem(as_sentence(str(problems_as_upload_error(error))), 422)
    clear_uploads(ws.out)  # one pending import at a time
    upload_id = secrets.token_hex(8)
    return _report(ws, state, PendingImport(upload_id, shown_address(address),
                                            scratch(ws.out) / "uploads" / upload_id, result),
                   shown_address(address))


# What an API's failure means to a volunteer, by the HTTP status it answered
_STATUS_SAID = (
    (frozenset({401, 403}), "The directory refused to answer (HTTP {status}): its address may "
                            "need a key it gives its users (…?api_key=…), or this key is not "
                            "allowed."),
    (frozenset({404, 410}), "There is nothing at that address (HTTP {status}): check it is the "
                            "API's address, the part before /services."),
    (frozenset({429}), "The directory says it has had too many requests (HTTP 429), also after "
                       "waiting: try again in a while."),
)


def api_failure(error: ContentError, address: str) -> str:
    """Why an HSDS API could not be read, in plain words, with the address (without any
    secret in it) and what to do; nothing was imported."""
    shown = shown_address(address)
    first = error.problems[0]
    if first.code is Code.API_HTTP and isinstance(first.fields.get("status"), int):
        code = int(first.fields["status"])  # type: ignore[arg-type]
        sentence = next((text.format(status=code) for codes, text in _STATUS_SAID
                         if code in codes), None)
        if sentence is None and code >= 500:
            sentence = (f"The directory's server failed (HTTP {code}), also when asked again: "
                        "try again later, or tell whoever keeps the directory.")
        sentence = sentence or f"The directory answered HTTP {code}."
    elif first.code is Code.API_SLOW:
        sentence = ("The directory did not answer in time, also when asked again: try again "
                    "later.")
    elif first.code is Code.API_UNREACHABLE:
        sentence = ("The directory could not be reached: check the address, and that this "
                    "computer is on the internet.")
    elif first.code is Code.API_ANSWER:
        sentence = ("That address does not answer as an HSDS API does: check it is the API's "
                    "address (the part before /services), not the directory's website.")
    else:
        return " ".join(as_sentence(plain(problem).text) for problem in error.problems) + (
            f" (Address: {shown})")
    return f"{sentence} Nothing was imported. (Address: {shown})"


def _options(fields: dict[str, str]) -> ImportOptions:
    def text(key: str) -> str | None:
        value = fields.get(key, "").strip()
        return value or None

    limit = text("limit")
    # ASCII digits, a few of them: int() refuses over 4,300 digits (a traceback and a 500)
    # and `isdigit` takes "²", which int() refuses too
    if limit is not None and (not _WHOLE.fullmatch(limit) or int(limit) < 1):
        raise BadRequest(f"The limit must be a whole number from 1 to {MAX_LIMIT:,}.", 422)
    tags = frozenset(tag.strip() for tag in (text("tags") or "").split(",") if tag.strip())
    return ImportOptions(text("region"), text("postal_prefix"), tags,
                         int(limit) if limit else None, _checked_on(text("verified")),
                         text("first"))


def _checked_on(value: str | None) -> date | None:
    if not value:
        return None
    try:
        checked = written_date(value)
    except ValueError as error:
        raise BadRequest(f"Checked on: {error}.", 422) from None
    if checked > date.today():
        raise BadRequest("Checked on: the date is in the future.", 422)
    return checked


def _upload(ws: Workspace, filename: str, data: bytes, fields: dict[str, str]) -> JSONResponse:
    state = ws.state()
    if state.site is None:
        return problem("site.yaml does not load: fix it on the Settings page first.", 409)
    options = _options(fields)
    try:
        upload_id, folder, source = store(ws.out, filename, data)
        kind = "hsds" if source.is_dir() else fields.get("kind") or KINDS[source.suffix.lower()]
        if kind not in ("hsds", "csv"):
            raise UploadError("choose HSDS or spreadsheet")
        site = state.site.options
        result = run_import(source, kind, site.country, site.organization, options)
    except UploadError as error:
        clear_uploads(ws.out)
        return problem(as_sentence(str(error)), 422)
    except ContentError as error:
        clear_uploads(ws.out)
        return problem(as_sentence(str(problems_as_upload_error(error))), 422)
    except Exception as error:  # noqa: BLE001 -- a file the importers did not foresee
        clear_uploads(ws.out)
        print(f"havenprint serve: import: {type(error).__name__}: {error}", file=sys.stderr)
        return problem(f"{filename[:80]!r} could not be read as HSDS data or a spreadsheet "
                       f"({type(error).__name__}): is it the export you meant? Nothing was "
                       "changed.", 422)
    return _report(ws, state, PendingImport(upload_id, filename, folder, result), filename,
                   source)


def _report(ws: Workspace, state: KitState, pending: PendingImport, name: str,
            source: Path | None = None) -> JSONResponse:
    """The import report: the lines read; what was refused for its data (each with its file,
    line and field, as `havenprint import` names it: Accept imports every other line, as
    the command writes them); what a filter, a status, the limit or a repeat left out; the
    notes; and what Accept would change."""
    assert state.site is not None
    result = pending.result
    ws.pending.clear()
    ws.pending[pending.id] = pending
    current = ws.files.load(_path(ws)).text
    previews = {mode: _preview(ws, state, pending, mode, None).as_json() for mode in MODES}
    refused = set(result.rejected)
    return JSONResponse({
        "id": pending.id,
        "name": name,
        "kept": [{"name": _name(entry), "phone": entry.get("phone") or "",
                  "text": (entry.get("text") or {}).get("number", ""),
                  "verified": str(entry.get("verified") or "")}
                 for entry in result.entries],
        "refused": [{"label": problem.record, "where": _where(name, problem.line),
                     "reason": _columns_said(as_sentence(str(problem.fields["reason"]))),
                     "number": problem.code is Code.NUMBER_LEFT_OUT}
                    for problem in result.refusals(source or Path(name))],
        "skipped": [{"label": label, "reason": capitalised(reason)}
                    for label, reason in result.skipped if (label, reason) not in refused],
        "notes": [plain(note.at(name)).text if isinstance(note, Note) else capitalised(note)
                  for note in result.notes],
        "reads_directly": state.site.resource_source is not None,
        "has_lines": current is not None,
        "previews": previews,
    })


_COLUMNS = MappingProxyType({"text_number": "texting number", "text_keyword": "texting keyword",
                             "url": "website"})


def _columns_said(text: str) -> str:
    """A spreadsheet's column names in a reason as words (`text_number`: texting number)."""
    return re.sub(r"\b(text_number|text_keyword|url)\b", lambda found: _COLUMNS[found[1]], text)


def _where(name: str, line: int | None) -> str:
    """Where in the data a refusal is, when a line of it says more than its name."""
    return f"{name}, line {line}" if line else ""


def _name(entry: dict[str, Any]) -> str:
    name = entry.get("name")
    if isinstance(name, dict):
        return " / ".join(str(text) for text in name.values())
    return str(name or "")


def _path(ws: Workspace) -> Any:
    try:
        folders = content_folders(ws.root)
    except ContentError:
        folders = (ws.root,)
    found = resources_file(folders, False)
    return found if ws.files.is_own(found) else ws.files.path("resources.yaml")


def _preview(ws: Workspace, state: KitState, pending: PendingImport, mode: str,
             verified: date | None) -> ImportPreview:
    assert state.site is not None
    path = _path(ws)
    return preview_import(pending.result.entries, ws.files.load(path).text, mode, state.site,
                          path, pending.name, verified, words_for(state))


def _pending(ws: Workspace, data: dict[str, Any]) -> PendingImport:
    pending = ws.pending.get(text_field(data, "id"))
    if pending is None:
        raise BadRequest("This import is no longer waiting: read the file again.", 410)
    return pending


def _chosen_preview(ws: Workspace, data: dict[str, Any]
                    ) -> tuple[KitState, PendingImport, ImportPreview]:
    state = ws.state()
    if state.site is None:
        raise BadRequest("site.yaml does not load: fix it on the Settings page first.", 409)
    pending = _pending(ws, data)
    mode = chosen(text_field(data, "mode", "add"), MODES, "choice")
    verified = _checked_on(data.get("verified") if isinstance(data.get("verified"), str)
                           else None)
    return state, pending, _preview(ws, state, pending, mode, verified)


def _preview_action(ws: Workspace, data: dict[str, Any]) -> JSONResponse:
    _, _, preview = _chosen_preview(ws, data)
    return JSONResponse(preview.as_json())


def _accept(ws: Workspace, data: dict[str, Any]) -> JSONResponse:
    state, pending, preview = _chosen_preview(ws, data)
    if preview.blocking:
        return problem("Not written: with these lines the kit would not load. "
                       + " ".join(preview.problems), 422, preview=preview.as_json())
    path = _path(ws)
    refused = _refused(ws, state, path, preview)
    if refused:
        return problem("Not written: with these lines the build would leave pieces out. "
                       + " ".join(refused), 422, preview=preview.as_json())
    old = ws.files.load(path).text
    try:
        digest = ws.files.save(path, preview.text, kept_over(data))
    except ChangedOnDisk as error:
        return problem(str(error), 409, conflict=True, current=ws.files.load(path).digest)
    remarks = []
    if old is not None and preview.mode == "replace":  # as `havenprint import` does
        backup = path.with_name(path.name + ".bak")
        write_atomic(backup, old.encode("utf-8"))
        remarks.append(f"The file it replaces is kept as {backup.name} too.")
    ws.pending.clear()
    clear_uploads(ws.out)
    ws.drafts.drop("lines")
    what = (f"added {len(preview.added)} line(s) and updated {len(preview.changed)}"
            if preview.mode == "add" else f"wrote {len(preview.added) + len(preview.changed)}"
            f" line(s) in place of yours ({len(preview.removed)} removed)")
    return JSONResponse({"saved": True, "digest": digest, "remarks": remarks,
                         "message": f"Done: {what}. The previous resources.yaml is kept in "
                                    "History."})


def _refused(ws: Workspace, state: KitState, path: Path, preview: ImportPreview) -> list[str]:
    """What the build would stop a piece with, with the import's lines, that it does not
    stop now, said plainly (each once)."""
    if state.kit is None or state.site is None:
        return []
    resources, _, _ = draft_resources(state.site, path, preview.text, [], words_for(state))
    if resources is None:
        return []
    refused = ws.refused(dataclasses.replace(state.kit, resources=resources), state.languages)
    return list(dict.fromkeys(plain(error, words_for(state)).text
                              for error in refused))


preview = json_action(_preview_action)
accept = json_action(_accept)
