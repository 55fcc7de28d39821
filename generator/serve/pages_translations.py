"""Translations: the interface strings side by side (English, the language, where each is
printed), those that print in English marked, saved to the content folder's
`locales/<lang>.yaml`."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse

from generator.content.extends import locale_root
from generator.errors import ContentError
from generator.i18n.localize import language_status, site_catalogue_path
from generator.i18n.translator_file import descriptions
from generator.layout.formats import declared_strings
from generator.serve.drafts import catalogue_remarks
from generator.serve.files import ChangedOnDisk
from generator.serve.templating import page
from generator.serve.translations_form import apply_strings, reviewed, string_rows
from generator.serve.web import BadRequest, chosen, json_action, problem, text_field, workspace
from generator.serve.workspace import Workspace
from generator.serve.yaml_edit import EditError


async def translations(request: Request) -> HTMLResponse:
    ws = workspace(request)
    return await ws.run(_page, ws, request)


def _page(ws: Workspace, request: Request) -> HTMLResponse:
    state = ws.state()
    if state.site is None:
        return page(request, "translations.html", title="Translations", site=None,
                    problems=state.problems)
    langs = state.languages
    lang = chosen(request.query_params.get("lang") or _first_to_translate(langs), langs,
                  "language")
    root = locale_root(ws.root, lang)
    site_file = site_catalogue_path(lang, root)
    try:
        status = language_status(lang, root, declared_strings(state.layouts))
    except ContentError as error:
        return page(request, "translations.html", title="Translations", site=state.site,
                    problems=error.problems, lang=lang, langs=langs, rows=[])
    loaded = ws.files.load(site_file)
    rows = string_rows(status, site_file, descriptions(state.layouts))
    return page(request, "translations.html", title="Translations", site=state.site,
                problems=[], lang=lang, langs=langs, rows=rows, digest=loaded.digest,
                path=site_file, exists=loaded.text is not None,
                editable=ws.files.is_own(site_file), reviewed=reviewed(status, site_file),
                missing=sum(row.falls_back for row in rows), english=status.is_english,
                needs_review=status.needs_review,
                saved=request.query_params.get("saved") == "1")


def _first_to_translate(langs: tuple[str, ...]) -> str | None:
    return next((lang for lang in langs if lang.split("-")[0] != "en"), None)


def _save(ws: Workspace, data: dict[str, Any]) -> JSONResponse:
    state = ws.state()
    if state.site is None:
        return problem("site.yaml does not load: see the Overview", 409)
    lang = chosen(text_field(data, "lang"), state.languages, "language")
    strings = data.get("strings")
    if not isinstance(strings, dict) or not all(
            isinstance(key, str) and isinstance(value, str) for key, value in strings.items()):
        raise BadRequest("expected the strings as name: text")
    is_reviewed = data.get("reviewed")
    if is_reviewed is not None and not isinstance(is_reviewed, bool):
        raise BadRequest("expected true or false for reviewed")
    root = locale_root(ws.root, lang)
    path = site_catalogue_path(lang, root)
    if not ws.files.is_own(path):
        return problem(f"{path} is in a base folder: edit it there", 403)
    loaded = ws.files.load(path)
    base = text_field(data, "base")
    if loaded.digest != base:
        return problem(str(ChangedOnDisk(path)), 409, conflict=True)
    try:
        status = language_status(lang, root, declared_strings(state.layouts))
        text = apply_strings(loaded.text, lang, status, strings, is_reviewed, state.layouts)
    except (ContentError, EditError, ValueError) as error:
        return problem(f"{path.name} cannot be edited here: {error}", 409)
    remarks = catalogue_remarks(path, text, status.english)
    if remarks:
        return problem("Not saved: fix the strings marked first.", 422,
                       remarks=[r.as_json() for r in remarks])
    try:
        digest = ws.files.save(path, text, base)
    except ChangedOnDisk as error:
        return problem(str(error), 409, conflict=True)
    return JSONResponse({"saved": True, "digest": digest, "message": f"Saved {path.name}."})


save = json_action(_save)
