"""The Translations page's files for translation tools: "Download for translation tools" (the
XLIFF 1.2 or PO file `havenprint locale export` writes, for the language chosen) and "Upload
a translated file" (read back as `havenprint locale import` reads it: translator_upload.py)."""

from __future__ import annotations

from pathlib import Path
from types import MappingProxyType

from starlette.datastructures import UploadFile
from starlette.formparsers import MultiPartException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from generator.serve.pages_translations import shown_keys
from generator.serve.translator_upload import Refused, import_upload, upload_name
from generator.serve.web import (
    BROKEN_CHARACTER,
    BadRequest,
    broken_text,
    chosen,
    problem,
    workspace,
)
from generator.serve.workspace import Workspace
from generator.translating.po_file import po_text
from generator.translating.translation_units import file_title, translator_file
from generator.translating.xliff import xliff_text

FORMATS = MappingProxyType({"xliff": (".xlf", "application/x-xliff+xml"),
           "po": (".po", "text/x-gettext-translation")})


async def export(request: Request) -> Response:
    ws = workspace(request)
    return await ws.run(_export, ws, request.query_params.get("lang"),
                        request.query_params.get("format"))


def _export(ws: Workspace, lang: str | None, file_format: str | None) -> Response:
    state = ws.state()
    if state.kit is None:
        raise BadRequest("The kit does not load as it is, so there is nothing to translate "
                         "yet: see the Overview, fix what it says, then download again.", 409)
    lang = chosen(lang, state.languages, "language")
    file_format = chosen(file_format, tuple(FORMATS), "file format")
    file = translator_file(state.kit, lang, state.layouts.values(),
                           ws.rooms.rooms(state, lang))
    write = xliff_text if file_format == "xliff" else po_text
    suffix, media_type = FORMATS[file_format]
    return Response(write(file, file_title(state.kit)).encode("utf-8"),
                    media_type=f"{media_type}; charset=utf-8",
                    headers={"content-disposition": f'attachment; filename="{lang}{suffix}"',
                             "cache-control": "no-store"})


async def upload(request: Request) -> JSONResponse:
    ws = workspace(request)
    try:
        async with request.form(max_files=1, max_fields=5) as form:
            sent = form.get("file")
            lang = form.get("lang")
            if not isinstance(sent, UploadFile) or not sent.filename:
                raise BadRequest("Choose the translated file to upload.", 422)
            if not isinstance(lang, str) or broken_text([lang, sent.filename]) is not None:
                raise BadRequest(f"The file's name {BROKEN_CHARACTER}.", 422)
            data = await sent.read()
            return await ws.run(_upload, ws, lang, sent.filename, data)
    except MultiPartException as error:
        raise BadRequest(f"The upload could not be read ({error.message}): choose the file "
                         "again.", 422) from None


def _upload(ws: Workspace, lang: str, filename: str, data: bytes) -> JSONResponse:
    state = ws.state()
    lang = chosen(lang, state.languages, "language")
    try:
        name = upload_name(filename)
        done = import_upload(ws, state, lang, Path(name), data, shown_keys(state, lang))
    except Refused as refused:
        return problem(str(refused), refused.status,
                       remarks=[remark.as_json() for remark in refused.remarks])
    return JSONResponse({"saved": True, "message": done.message, "notes": done.notes,
                         "written": [path.name for path in done.written]})
