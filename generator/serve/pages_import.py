"""Import: upload HSDS data (a JSON file, or a zip of a tabular data package) or a
spreadsheet, read the import report (kept, skipped and why), and accept it into
resources.yaml, as `havenprint import` would."""

from __future__ import annotations

from datetime import date
from typing import Any

from starlette.datastructures import UploadFile
from starlette.formparsers import MultiPartParser
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse

from generator.content.schema import written_date
from generator.errors import ContentError
from generator.importers import write_resources_yaml
from generator.serve.files import ChangedOnDisk
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
    store,
)
from generator.serve.web import BadRequest, json_action, problem, text_field, workspace
from generator.serve.workspace import Workspace

# An upload stays in memory (the guard has read the whole body already, 20 MB at most)
# instead of being spooled to a temporary file outside the content and output folders.
MultiPartParser.spool_max_size = max(MultiPartParser.spool_max_size, MAX_UPLOAD_BYTES + 1)


async def import_page(request: Request) -> HTMLResponse:
    ws = workspace(request)
    state = await ws.run(ws.state)
    path = ws.root / "resources.yaml"
    return page(request, "import.html", title="Import", site=state.site,
                problems=state.problems, digest=ws.files.load(path).digest,
                max_mb=ws.settings.max_upload // (1024 * 1024))


async def upload(request: Request) -> JSONResponse:
    ws = workspace(request)
    async with request.form(max_files=1, max_fields=20) as form:
        upload_file = form.get("file")
        if not isinstance(upload_file, UploadFile) or not upload_file.filename:
            raise BadRequest("choose a file to import")
        data = await upload_file.read()
        fields = {key: value for key, value in form.items() if isinstance(value, str)}
        return await ws.run(_upload, ws, upload_file.filename, data, fields)


def _options(fields: dict[str, str]) -> ImportOptions:
    def text(key: str) -> str | None:
        value = fields.get(key, "").strip()
        return value or None

    limit = text("limit")
    if limit is not None and (not limit.isdigit() or int(limit) < 1):
        raise BadRequest("the limit must be a whole number, 1 or more")
    verified: date | None = None
    if text("verified"):
        try:
            verified = written_date(text("verified"))
        except ValueError as error:
            raise BadRequest(f"checked on: {error}") from None
        if verified > date.today():
            raise BadRequest("checked on: the date is in the future")
    tags = frozenset(tag.strip() for tag in (text("tags") or "").split(",") if tag.strip())
    return ImportOptions(text("region"), text("postal_prefix"), tags,
                         int(limit) if limit else None, verified, text("first"))


def _upload(ws: Workspace, filename: str, data: bytes, fields: dict[str, str]) -> JSONResponse:
    state = ws.state()
    if state.site is None:
        return problem("site.yaml does not load: see the Overview", 409)
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
        return problem(str(error), 422)
    except ContentError as error:
        clear_uploads(ws.out)
        return problem(str(problems_as_upload_error(error)), 422)
    ws.pending.clear()
    ws.pending[upload_id] = PendingImport(upload_id, filename, folder, result)
    return JSONResponse({
        "id": upload_id,
        "name": filename,
        "kept": [{"name": _name(entry), "phone": entry.get("phone") or "",
                  "text": (entry.get("text") or {}).get("number", ""),
                  "verified": str(entry.get("verified") or "")}
                 for entry in result.entries],
        "skipped": [{"label": label, "reason": reason} for label, reason in result.skipped],
        "dropped": [{"label": label, "reason": reason} for label, reason in result.dropped],
        "notes": result.notes,
        "reads_directly": state.site.resource_source is not None,
    })


def _name(entry: dict[str, Any]) -> str:
    name = entry.get("name")
    if isinstance(name, dict):
        return " / ".join(str(text) for text in name.values())
    return str(name or "")


def _accept(ws: Workspace, data: dict[str, Any]) -> JSONResponse:
    state = ws.state()
    site = state.site
    if site is None:
        return problem("site.yaml does not load: see the Overview", 409)
    pending = ws.pending.get(text_field(data, "id"))
    if pending is None:
        return problem("This import is no longer waiting: upload the file again.", 410)
    force = data.get("force") is True
    path = ws.files.path("resources.yaml")
    remarks: list[str] = []

    def write() -> None:
        remarks.extend(write_resources_yaml(pending.result, path, source_note=pending.name,
                                            overwrite=force, country=site.options.country))

    try:
        digest = ws.files.replace(path, text_field(data, "base"), write)
    except ChangedOnDisk as error:
        return problem(str(error), 409, conflict=True)
    except ContentError as error:
        message = error.problems[0].message
        return problem(message, 409, needs_force="not replacing it" in message)
    ws.pending.clear()
    clear_uploads(ws.out)
    return JSONResponse({"saved": True, "digest": digest, "remarks": remarks,
                         "message": f"Wrote resources.yaml: {len(pending.result.entries)} "
                                    "line(s). The previous file is kept in "
                                    ".havenprint/history/."})


accept = json_action(_accept)
