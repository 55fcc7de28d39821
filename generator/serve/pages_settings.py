"""Settings: everything site.yaml holds that a volunteer needs (the organisation, country,
paper, card size and stock, colour, what the outside of the pieces says in each language),
checked as it is typed with the pocket card drawn beside it, and the kit's languages: one
added (site.yaml lists it, its article starts as a copy of the first language's, shown beside
it to translate, and its Translations page opens) or removed."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse

from generator.content.emergency_numbers import EMERGENCY_NUMBERS
from generator.content.extends import content_folders, resources_file
from generator.content.layouts import declared_options
from generator.content.yamlfile import parse_yaml
from generator.errors import Code, ContentError, Problem
from generator.pipeline.kit_checks import load_checked_site
from generator.serve.drafts import Remark
from generator.serve.files import ABSENT, ChangedOnDisk
from generator.serve.kit_state import KitState
from generator.serve.language_fonts import language_fonts, script_needed
from generator.serve.languages import choice, countries, every_language, find_language
from generator.serve.pages_article import article_path, starter
from generator.serve.plain import plain
from generator.serve.rendering import FaintText, colour_said, preview_document
from generator.serve.settings_checks import (
    lines_remarks,
    load_remarks,
    outside_remarks,
    value_remarks,
)
from generator.serve.site_form import (
    SettingsError,
    apply_settings,
    settings_form,
    with_language,
    without_language,
)
from generator.serve.templating import page
from generator.serve.web import (
    BadRequest,
    chosen,
    json_action,
    merged_with_saved,
    problem,
    text_field,
    workspace,
)
from generator.serve.workspace import Workspace, words_for
from generator.serve.yaml_edit import EditError, RoundTrip

PREVIEW_FORMAT = "pocket-card"
DRAFT_KEY = "settings"


async def settings(request: Request) -> HTMLResponse:
    ws = workspace(request)
    return await ws.run(_page, ws, request)


def _site_path(ws: Workspace) -> Path:
    return ws.files.path("site.yaml")


def _page(ws: Workspace, request: Request) -> HTMLResponse:
    state = ws.state()
    path = _site_path(ws)
    loaded = ws.files.load(path)
    context: dict[str, Any] = {"title": "Settings", "digest": loaded.digest,
                               "yaml_problem": None, "form": None, "problems": state.problems}
    try:
        data = RoundTrip(loaded.text or "").data
    except EditError as error:
        context["yaml_problem"] = str(error)
        return page(request, "settings.html", **context)
    declared = declared_options(state.layouts)
    formats = {name: layout.spec.title for name, layout in state.layouts.items()}
    form = settings_form(data, state.site, declared, formats)
    langs = [row.lang.code for row in form.languages]
    lang = request.query_params.get("lang")
    lang = lang if lang in langs else (langs[0] if langs else "en")
    remarks = _remarks_of_the_file(ws, state, loaded.text or "", lang)
    faces = []
    if state.kit is not None and PREVIEW_FORMAT in state.layouts:
        faces = preview_document(state.kit, state.layouts[PREVIEW_FORMAT], lang, ws.pngs).faces
    removed = request.query_params.get("removed")
    fonts = {font.lang: font for font in language_fonts(state.kit, state.site, langs,
                                                        ws.installed_fonts)}
    context.update(fonts=fonts,
        form=form, formats=formats, lang=lang, faces=faces, remarks=remarks,
        by_field=_by_field(remarks), languages=every_language(), countries=countries(),
        emergency_known=EMERGENCY_NUMBERS,
        in_kit=set(langs), kit_loads=state.kit is not None,
        removed=choice(removed).english if removed and re.fullmatch(
            r"[A-Za-z0-9-]{2,20}", removed) else None,
        saved=request.query_params.get("saved") == "1", server_draft=ws.drafts.get(DRAFT_KEY))
    return page(request, "settings.html", **context)


def _by_field(remarks: list[Remark]) -> dict[str, list[Remark]]:
    found: dict[str, list[Remark]] = {}
    for remark in remarks:
        found.setdefault(remark.field or "", []).append(remark)
    return found


def _remarks_of_the_file(ws: Workspace, state: KitState, text: str, lang: str) -> list[Remark]:
    """The checks of site.yaml as it is on disk, for the page as it opens."""
    words = words_for(state)
    if state.site is None:
        try:
            load_checked_site(_site_path(ws), text)
        except ContentError as error:
            doc = _parsed(text, _site_path(ws))
            return load_remarks(error, doc, _first_language(doc), words)
        return []
    return [*outside_remarks(state.site), *lines_remarks(state.site, _resources(ws), words)]


def _parsed(text: str, path: Path) -> Any:
    try:
        return parse_yaml(text, path)
    except ContentError:
        return None


def _first_language(doc: Any) -> str:
    languages = doc.data.get("languages") if doc is not None and isinstance(
        doc.data, dict) else None
    return str(languages[0]) if isinstance(languages, list) and languages else "en"


def _resources(ws: Workspace) -> Path:
    try:
        folders = content_folders(ws.root)
    except ContentError:
        folders = (ws.root,)
    return resources_file(folders, False)


def _revealing(problem: Problem) -> bool:
    """A revealing word on the outside: outside_remarks says it on its field already."""
    return problem.code in (Code.OUTSIDE_WORD, Code.OUTSIDE_TELLS, Code.NO_WORD_LIST)


def _settings(data: dict[str, Any]) -> dict[str, Any]:
    submitted = data.get("settings")
    if not isinstance(submitted, dict):
        raise BadRequest("expected the settings")
    return submitted


def _checked(ws: Workspace, state: KitState, submitted: dict[str, Any]
             ) -> tuple[str | None, list[Remark], Any]:
    """site.yaml with the settings in it (None when they cannot be written), every problem
    on its field, and the site it loads as (None when it does not)."""
    path = _site_path(ws)
    loaded = ws.files.load(path)
    words = words_for(state)
    remarks = value_remarks(submitted)
    if any(remark.blocking for remark in remarks):
        return None, remarks, None
    try:
        text = apply_settings(RoundTrip(loaded.text or ""), submitted,
                              declared_options(state.layouts))
    except SettingsError as error:
        field, _, reason = str(error).partition(": ")
        return None, [Remark(reason[:1].upper() + reason[1:] + ".", "error", field=field,
                             blocking=True)], None
    except EditError as error:
        return None, [Remark(f"site.yaml cannot be edited here: {error}", "error",
                             blocking=True)], None
    try:
        site = load_checked_site(path, text)
    except ContentError as error:
        doc = _parsed(text, path)
        return text, load_remarks(error, doc, _first_language(doc), words), None
    return text, [*outside_remarks(site), *lines_remarks(site, _resources(ws), words)], site


def _with_settings(state: KitState, text: str, submitted: dict[str, Any]) -> str:
    """`text` with the settings in it, as `_checked` writes them (unchanged when they
    cannot be written: `_checked` says why)."""
    try:
        return apply_settings(RoundTrip(text), submitted, declared_options(state.layouts))
    except (SettingsError, EditError):
        return text


def _defaults(state: KitState, text: str | None, site: Any) -> dict[str, Any]:
    """What the settings site.yaml (as it would be saved) leaves out show: the page moves a
    value the volunteer did not touch to it (the poster's size follows the paper)."""
    if text is None or site is None:
        return {}
    try:
        data = RoundTrip(text).data
    except EditError:
        return {}
    formats = {name: layout.spec.title for name, layout in state.layouts.items()}
    return settings_form(data, site, declared_options(state.layouts), formats).defaulted


def _draft(ws: Workspace, data: dict[str, Any]) -> JSONResponse:
    state = ws.state()
    text, remarks, site = _checked(ws, state, _settings(data))
    faces = None
    if site is not None and state.kit is not None and PREVIEW_FORMAT in state.layouts:
        asked = data.get("lang")
        lang = asked if isinstance(asked, str) and asked in site.options.languages else (
            site.options.languages[0])
        kit = dataclasses.replace(state.kit, site=site)
        view = preview_document(kit, state.layouts[PREVIEW_FORMAT], lang, ws.pngs)
        faces = [face.as_json() for face in view.faces]
        words = words_for(state)
        remarks += [_said(p, site, words) for p in view.errors if not _revealing(p)]
    return JSONResponse({"remarks": [remark.as_json() for remark in remarks],
                         "faces": faces, "blocking": any(r.blocking for r in remarks),
                         "defaults": _defaults(state, text, site),
                         "changed_on_disk": ws.files.load(_site_path(ws)).digest
                         != data.get("base"),
                         "current": ws.files.load(_site_path(ws)).digest})


def _save(ws: Workspace, data: dict[str, Any]) -> JSONResponse:
    state = ws.state()
    path = _site_path(ws)
    loaded = ws.files.load(path)
    expected = loaded.digest
    if loaded.digest != text_field(data, "base"):
        # saved meanwhile (another tab, an editor): the settings changed here are written
        # over that version, unless it changed them too (then both are shown)
        merged = merged_with_saved(ws, path, data, loaded.text, loaded.digest,
                                   lambda base: _with_settings(state, base, _settings(data)))
        if isinstance(merged, JSONResponse):
            return merged
    text, remarks, site = _checked(ws, state, _settings(data))
    if text is None or any(remark.blocking for remark in remarks):
        return problem("Not saved: fix the settings marked first (with them, no kit could "
                       "be built).", 422, remarks=[r.as_json() for r in remarks])
    refused = _refused(ws, state, site, remarks)
    if refused:
        return problem("Not saved: fix the settings marked first (with them the build would "
                       "leave pieces out).", 422, remarks=[r.as_json() for r in refused])
    try:
        digest = ws.files.save(path, text, expected)
    except ChangedOnDisk as error:
        return problem(str(error), 409, conflict=True, current=ws.files.load(path).digest)
    ws.drafts.drop(DRAFT_KEY)
    return JSONResponse({"saved": True, "digest": digest, "message": "Saved the settings."})


def _refused(ws: Workspace, state: KitState, site: Any, remarks: list[Remark]) -> list[Remark]:
    """The settings' remarks, blocking, when with them the build would stop a piece it does
    not stop now (a revealing outside title, a colour too light, a card the lines no longer
    fit); none when it would not."""
    if site is None or state.kit is None:
        return []
    refused = ws.refused(dataclasses.replace(state.kit, site=site), site.options.languages)
    if not refused:
        return []
    words = words_for(state)
    said = [dataclasses.replace(remark, blocking=True) if remark.severity == "error" else remark
            for remark in remarks]
    on_fields = any(remark.blocking for remark in said)
    for error in refused:
        if _revealing(error) and on_fields:
            continue  # said on the title's or the words' field
        said.append(dataclasses.replace(_said(error, site, words), blocking=True))
    return said


def _said(problem: Problem, site: Any, words: Any) -> Remark:
    """A layout's problem with the settings, on the field it is about: a colour too light
    in the page's own words."""
    if isinstance(problem, FaintText):
        return Remark(colour_said(site, problem), problem.severity, field="brand_color")
    return Remark(plain(problem, words).text, problem.severity,
                  field="brand_color" if problem.code is Code.TOO_FAINT else None)


def _language(ws: Workspace, data: dict[str, Any]) -> JSONResponse:
    state = ws.state()
    action = chosen(text_field(data, "action"), ("add", "remove"), "action")
    wanted = text_field(data, "language").strip()
    path = _site_path(ws)
    loaded = ws.files.load(path)
    if loaded.digest != text_field(data, "base"):
        return problem(str(ChangedOnDisk(path)), 409, conflict=True, current=loaded.digest)
    found = find_language(wanted)
    if found is None:
        return problem(f"No language is called {wanted[:40]!r}: type its name in English "
                       "(Somali) or its code (so), or choose it from the list.", 422,
                       field="add-language")
    try:
        text = loaded.text or ""
        if isinstance(data.get("settings"), dict):  # the page's unsaved settings go with it
            text = apply_settings(RoundTrip(text), data["settings"],
                                  declared_options(state.layouts))
        text = (with_language if action == "add" else without_language)(
            RoundTrip(text), found.code)
        site = load_checked_site(path, text)
    except SettingsError as error:
        return problem(f"{error}.", 422, field="add-language")
    except (ContentError, EditError) as error:
        return problem(f"site.yaml cannot be changed here: {error}", 409)
    try:
        ws.files.save(path, text, loaded.digest)
    except ChangedOnDisk as error:
        return problem(str(error), 409, conflict=True, current=ws.files.load(path).digest)
    ws.drafts.drop(DRAFT_KEY)
    if action == "remove":
        return JSONResponse({"saved": True, "redirect": "/settings?" + urlencode(
            {"removed": found.code}), "message": f"Removed {found.english} from the kit."})
    started = _start_articles(ws, state, site, found.code)
    script = script_needed(found.code)
    return JSONResponse({
        "saved": True, "started": started,
        "redirect": "/translations?" + urlencode({"lang": found.code, "added": "1"}),
        "message": f"Added {found.english}." + (
            f" Its pieces need a font for the {script.name} script: choose one on the "
            "Settings page." if script is not None else "")})


def _start_articles(ws: Workspace, state: KitState, site: Any, lang: str) -> list[str]:
    """Each article of the kit in the new language, started as a copy of the first
    language's (a file there already is kept); the files written."""
    first = site.options.languages[0]
    started = []
    for slug in site.article_slugs:
        target = article_path(ws, state, lang, slug)
        if target.exists() or not ws.files.is_own(target):
            continue
        source = ws.files.load(article_path(ws, state, first, slug))
        if source.text is None:
            continue
        text = starter(source.text, lang, first, site.discreet_title)
        try:
            ws.files.save(target, text, ABSENT)
        except ChangedOnDisk:
            continue
        started.append(target.name)
    return started


draft = json_action(_draft)
save = json_action(_save)
language = json_action(_language)
