"""Settings: a font for a language havenprint has none for (Amharic, Tigrinya...), chosen
among those installed on this computer or uploaded, copied into the content folder's fonts/
and named in site.yaml's `fonts:` (see language_fonts.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from starlette.datastructures import UploadFile
from starlette.formparsers import MultiPartException
from starlette.requests import Request
from starlette.responses import JSONResponse

from generator.content.layouts import declared_options
from generator.content.site_fonts import MAX_FONT_BYTES
from generator.errors import ContentError
from generator.pipeline.kit_checks import load_checked_site
from generator.serve.files import ChangedOnDisk
from generator.serve.language_fonts import coverage, font_cmap, font_file_name, script_needed
from generator.serve.languages import english_name
from generator.serve.plain import plain
from generator.serve.site_form import SettingsError, apply_settings, with_font
from generator.serve.web import (
    BadRequest,
    broken_text,
    chosen,
    json_body,
    problem,
    text_field,
    workspace,
)
from generator.serve.workspace import Workspace, words_for
from generator.serve.yaml_edit import EditError, RoundTrip

DRAFT_KEY = "settings"


async def use_installed(request: Request) -> JSONResponse:
    ws = workspace(request)
    data = await json_body(request)
    return await ws.run(_use_installed, ws, data)


def _use_installed(ws: Workspace, data: dict[str, Any]) -> JSONResponse:
    lang, script = _language(ws, data)
    font = ws.installed_fonts.by_key(script, text_field(data, "font"))
    if font is None:
        return problem("That font is no longer on this computer: reload the page and choose "
                       "again.", 422, field=f"font-choice-{lang}")
    try:
        regular = font.path.read_bytes()
        bold = font.bold.read_bytes() if font.bold is not None else None
        _, _, postscript = font_cmap(regular)
    except (OSError, ValueError) as error:
        return problem(f"{font.path.name} cannot be used: {error}.", 422,
                       field=f"font-choice-{lang}")
    name = font_file_name(lang, postscript, font.path.stem)
    files = [(name, regular)]
    if bold is not None and name.endswith("-Regular.ttf"):
        files.append((name.replace("-Regular.ttf", "-Bold.ttf"), bold))
    return _install(ws, data, lang, files, font.label)


async def upload(request: Request) -> JSONResponse:
    ws = workspace(request)
    try:
        async with request.form(max_files=1, max_fields=10) as form:
            given = form.get("file")
            if not isinstance(given, UploadFile) or not given.filename:
                raise BadRequest("Choose a font file to upload.", 422)
            data = await given.read()
            fields: dict[str, Any] = {key: value for key, value in form.items()
                                      if isinstance(value, str)}
            if broken_text(fields) is not None:
                raise BadRequest("A box holds a broken character.", 422)
            try:  # the page's unsaved settings go with the font
                fields["settings"] = json.loads(fields.get("settings") or "{}")
            except (ValueError, RecursionError):
                raise BadRequest("expected the settings as JSON", 400) from None
            if broken_text(fields) is not None:
                raise BadRequest("A box holds a broken character.", 422)
            filename = given.filename
    except MultiPartException as error:
        raise BadRequest(f"The upload could not be read ({error.message}): choose the file "
                         "again.", 422) from None
    return await ws.run(_upload, ws, fields, filename, data)


def _upload(ws: Workspace, fields: dict[str, Any], filename: str,
            data: bytes) -> JSONResponse:
    lang, script = _language(ws, fields)
    try:
        cmap, family, postscript = font_cmap(data)
    except ValueError as error:
        return problem(f"{filename[:80]} cannot be used: {error}.", 422,
                       field=f"font-file-{lang}")
    sample = frozenset(chr(code) for start, end in script.ranges[:1]
                       for code in range(start, min(start + 0x60, end)))
    if len(coverage(cmap, sample).missing) > len(sample) // 2:
        return problem(f"{filename[:80]} ({family}) has no {script.name} letters: choose a "
                       f"font for the {script.name} script.", 422, field=f"font-file-{lang}")
    name = font_file_name(lang, postscript, Path(filename).stem)
    return _install(ws, fields, lang, [(name, data)], family)


def _language(ws: Workspace, data: dict[str, Any]) -> tuple[str, Any]:
    state = ws.state()
    lang = chosen(text_field(data, "lang"), state.languages, "language")
    script = script_needed(lang)
    if script is None:
        raise BadRequest(f"{english_name(lang)} is printed with havenprint's own fonts.", 422)
    return lang, script


def _install(ws: Workspace, data: dict[str, Any], lang: str, files: list[tuple[str, bytes]],
             label: str) -> JSONResponse:
    """The font files copied into fonts/, and site.yaml naming the first for `lang` (the
    page's unsaved settings go with it), or nothing written and why."""
    state = ws.state()
    path = ws.files.path("site.yaml")
    loaded = ws.files.load(path)
    if loaded.digest != text_field(data, "base"):
        return problem(str(ChangedOnDisk(path)), 409, conflict=True, current=loaded.digest)
    text = loaded.text or ""
    try:
        settings = data.get("settings")
        if isinstance(settings, dict):
            text = apply_settings(RoundTrip(text), settings, declared_options(state.layouts))
        text = with_font(RoundTrip(text), lang, files[0][0])
    except (SettingsError, EditError) as error:
        return problem(f"site.yaml cannot be changed here: {error}", 409)
    for name, font in files:
        try:
            ws.files.put(ws.files.path(name), font, MAX_FONT_BYTES)
        except OSError as error:
            return problem(f"{name} could not be written: {error}.", 500)
    try:
        load_checked_site(path, text)
    except ContentError as error:
        said = plain(error.problems[0], words_for(state)).text
        return problem(f"Not used: {said}", 422, field=f"font-file-{lang}")
    try:
        ws.files.save(path, text, loaded.digest)
    except ChangedOnDisk as error:
        return problem(str(error), 409, conflict=True, current=ws.files.load(path).digest)
    ws.drafts.drop(DRAFT_KEY)
    return JSONResponse({
        "saved": True, "message": f"{english_name(lang)} now prints with {label}.",
        "redirect": "/settings?" + urlencode({"lang": lang, "font": "1"}) + f"#font-{lang}"})
