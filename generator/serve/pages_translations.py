"""Translations: the interface strings side by side (English, the language, where each is
printed), those that print in English marked, checked as they are typed (a placeholder
changed, a word on the outside of a piece that would give it away), saved to the content
folder's `locales/<lang>.yaml`."""

from __future__ import annotations

import dataclasses
from datetime import date
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse

from generator.content.extends import locale_root
from generator.content.language_tags import with_base
from generator.content.layouts import declared_strings
from generator.content.yamlfile import parse_yaml
from generator.errors import Code, ContentError
from generator.i18n.localize import catalogue_from_doc, language_status, site_catalogue_path
from generator.safety.word_sources import texts_with
from generator.serve.drafts import Remark, catalogue_remarks
from generator.serve.files import ABSENT, ChangedOnDisk
from generator.serve.kit_state import KitState
from generator.serve.language_fonts import script_needed
from generator.serve.languages import english_name
from generator.serve.outside_words import outside_findings
from generator.serve.pages_article import article_path
from generator.serve.plain import plain
from generator.serve.room_words import place_words, room_view
from generator.serve.templating import page
from generator.serve.translations_form import apply_strings, review_of, string_rows
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
from generator.serve.yaml_edit import EditError
from generator.translating.string_room import Room
from generator.translating.translation_units import SCREEN_ONLY
from generator.translating.translator_file import descriptions
from generator.translating.translator_import import SignOff


def draft_key(lang: str) -> str:
    return f"translations:{lang}"


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
    rooms = ws.rooms.rooms(state, lang)
    views = {row.key: room_view(rooms.get(row.key), row.key.startswith(SCREEN_ONLY))
             for row in rows}
    remarks = _outside_remarks(state, lang, {row.key: row.text for row in rows
                                             if row.origin == "this content folder"})
    remarks += [Remark(_too_long(room, len(" ".join(row.text.split()))), "error", field=row.key)
                for row in rows if row.key in rooms for room in rooms[row.key].overflows()]
    next_steps = _next_steps(ws, state, lang) if request.query_params.get("added") else []
    return page(request, "translations.html", title="Translations", site=state.site,
                problems=[], lang=lang, langs=langs, rows=rows, digest=loaded.digest,
                path=site_file, exists=loaded.text is not None,
                editable=ws.files.is_own(site_file), review=review_of(status, site_file),
                missing=sum(row.falls_back for row in rows), english=status.is_english,
                needs_review=status.needs_review, remarks=remarks,
                by_key={remark.field: remark for remark in remarks if remark.field},
                next_steps=next_steps, language_name=english_name(lang), rooms=views,
                server_draft=ws.drafts.get(draft_key(lang)),
                saved=request.query_params.get("saved") == "1")


def _next_steps(ws: Workspace, state: KitState, lang: str) -> list[tuple[str, str]]:
    """What a language just added still needs before it prints well: (what, link)."""
    assert state.site is not None
    name = english_name(lang)
    slug = state.site.article_slugs[0]
    steps = [(f"Translate these short texts into {name}, then save them.", "#strings-form"),
             (f"Translate the article: it starts as a copy of the "
              f"{english_name(state.languages[0])} one, shown beside it.",
              f"/article?lang={lang}&article={slug}")]
    if state.site.title_for(lang) == state.site.title_for(state.languages[0]):
        steps.append((f"Write the outside title in {name}, and the {name} words that would "
                      "give the card away.", f"/settings#lang-{lang}"))
    if not article_path(ws, state, lang, slug).exists():
        steps[1] = (f"Start the {name} article.", f"/article?lang={lang}&article={slug}")
    script = script_needed(lang)
    if script is not None and not any(font.lang in with_base(lang)
                                      for font in state.site.fonts):
        steps.insert(0, (f"Choose a font for the {script.name} script: havenprint has none, "
                         f"and the {name} pieces cannot print without one.",
                         f"/settings?lang={lang}#font-{lang}"))
    return steps


def shown_keys(state: KitState, lang: str) -> set[str]:
    """The strings the Translations page shows a box for, in `lang`."""
    return set(language_status(lang, None, declared_strings(state.layouts)).english)


def _fit_remarks(ws: Workspace, state: KitState, lang: str, own: dict[str, str]
                 ) -> tuple[list[Remark], list[str]]:
    """Each string that would not fit where it prints with the page's strings, measured as
    `locale import` measures a file's strings (the others in place), and the strings changed
    on the page that fit everywhere (their count may be past the room, which is measured
    around the text there is now: this text fits)."""
    if state.kit is None:
        return [], []
    root = locale_root(ws.root, lang)
    now = language_status(lang, root, declared_strings(state.layouts)).strings
    texts = {key: " ".join(text.split()) for key, text in now.items()}
    changed = {key: " ".join(text.split()) for key, text in own.items()
               if key in texts and " ".join(text.split()) != texts[key]}
    rooms = (ws.rooms.with_texts(state, lang, now, changed) if changed
             else ws.rooms.rooms(state, lang))
    written = {**texts, **changed}
    remarks = [Remark(_too_long(room, len(written[key])), "error", field=key)
               for key in written if key in rooms for room in rooms[key].overflows()]
    return remarks, [key for key in changed if key in rooms and rooms[key].fits]


def _too_long(room: Room, length: int) -> str:
    fit = (f"about {room.characters} fit there" if room.characters is not None
           else "it does not fit there")
    return (f"Too long for the {place_words(room.place)}: it is {length} characters and "
            f"{fit}. Shorten it, or it will not print there.")


def _first_to_translate(langs: tuple[str, ...]) -> str | None:
    return next((lang for lang in langs if lang.split("-")[0] != "en"), None)


def _outside_remarks(state: KitState, lang: str, own: dict[str, str]) -> list[Remark]:
    """A word on the outside of a piece that would give it away, on the string that put it
    there (the strings of `own`: the content folder's catalogue, as it would be saved): one
    remark per string and place, naming the words as the string writes them."""
    kit = state.kit
    if kit is None:
        return []
    found: dict[tuple[str | None, str, str, bool, bool], list[tuple[str, str]]] = {}
    for finding in outside_findings(kit, list(state.layouts.values()), lang):
        keys: list[str | None] = [*texts_with(finding.term, own)] or [None]
        for key in keys:
            words = found.setdefault(
                (key, finding.document, finding.surface, finding.refused, finding.tell), [])
            if (finding.word, finding.whose) not in words:
                words.append((finding.word, finding.whose))
    remarks = []
    for (key, document, surface, refused, tell), words in found.items():
        text = own[key].casefold() if key is not None and key in own else ""
        shown = [f"“{word}”{whose}" for word, whose in words if word.casefold() in text] or [
            f"“{word}”{whose}" for word, whose in words]
        listed = (", ".join(shown[:-1]) + f" and {shown[-1]}" if len(shown) > 1 else shown[0])
        message = (f"{listed} would print on the outside of the {document} ({surface}): words "
                   "about being watched, checked or hiding tell whoever finds it what it may "
                   "be for; choose other words." if tell else
                   f"{listed} would print on the outside of the {document} ({surface}) and "
                   "show what it is for: choose neutral words.")
        # a word only read in the country is said, not refused: the build warns of it
        remarks.append(Remark(message, "error" if refused else "warning", field=key,
                              blocking=refused))
    return remarks


def _strings(data: dict[str, Any]) -> dict[str, str]:
    strings = data.get("strings")
    if not isinstance(strings, dict) or not all(
            isinstance(key, str) and isinstance(value, str) for key, value in strings.items()):
        raise BadRequest("expected the strings as name: text")
    return strings


def _edited(ws: Workspace, state: KitState, data: dict[str, Any], saving: bool = False
            ) -> tuple[str, Path, str, list[Remark], dict[str, str] | None] | JSONResponse:
    """(language, catalogue, its text with the page's strings, problems, the catalogue's
    own strings as parsed: None when it does not load). `saving`: the catalogue saved
    since the page loaded it (another tab, an editor) has the page's strings merged into
    it, or the save is refused where both changed the same strings."""
    lang = chosen(text_field(data, "lang"), state.languages, "language")
    strings = _strings(data)
    signed_off = _sign_off(data)
    root = locale_root(ws.root, lang)
    path = site_catalogue_path(lang, root)
    loaded = ws.files.load(path)
    try:
        status = language_status(lang, root, declared_strings(state.layouts))
        if saving and loaded.digest != data.get("base"):
            # the page sends every string it shows: only those it changed are its edits
            base = data.get("base")
            base_text = (apply_strings(None, lang, status, {}, None, state.layouts)
                         if base == ABSENT else ws.files.version(path, base)
                         if isinstance(base, str) else None)
            edits = (_edits_of_the_page(lang, path, strings, base_text, state)
                     if base_text is not None else strings)
            merged = merged_with_saved(
                ws, path, data, loaded.text, loaded.digest,
                lambda base: apply_strings(base or None, lang, status, edits, signed_off,
                                           state.layouts), base_text)
            if isinstance(merged, JSONResponse):
                return merged
            text = merged
        else:
            text = apply_strings(loaded.text, lang, status, strings, signed_off,
                                 state.layouts)
    except (ContentError, EditError, ValueError) as error:
        raise BadRequest(f"{path.name} cannot be edited here: {error}", 409) from None
    remarks = catalogue_remarks(path, text, status.english)
    if remarks:
        return lang, path, text, remarks, None
    own = catalogue_from_doc(parse_yaml(text, path), status.english).strings
    return lang, path, text, remarks, own


def _edits_of_the_page(lang: str, path: Path, strings: dict[str, str], base_text: str,
                       state: KitState) -> dict[str, str]:
    """The strings the page changed: those that differ from what it showed, the catalogue
    as it loaded it (`base_text`) over the built-in strings."""
    declared = declared_strings(state.layouts)
    built_in = language_status(lang, None, declared)
    try:
        loaded = catalogue_from_doc(parse_yaml(base_text, path), built_in.english).strings
    except (ContentError, ValueError):
        return strings

    def shown(key: str) -> str:
        if key in loaded:
            return loaded[key]
        return built_in.strings.get(key, "") if built_in.origins.get(key) is not None else ""
    return {key: text for key, text in strings.items()
            if " ".join(text.split()) != " ".join(shown(key).split())}


def _sign_off(data: dict[str, Any]) -> SignOff | None:
    """A native speaker's sign-off, given on the page: their name (today)."""
    by = data.get("signed_off_by")
    if by is None or by is False:
        return None
    if not isinstance(by, str):
        raise BadRequest("expected the name of who checked the strings", 400)
    name = " ".join(by.split())
    if not name:
        raise BadRequest("Write the name of the native speaker who checked every string: "
                         "the sign-off says who, and when.", 422, ("signed_off_by",))
    if len(name) > 80:
        raise BadRequest("A name of at most 80 characters.", 422, ("signed_off_by",))
    return SignOff(name, date.today())


def _with_strings(state: KitState, lang: str, own: dict[str, str]) -> KitState:
    """The kit with `own` as the language's catalogue in the content folder."""
    kit = state.kit
    if kit is None:
        return state
    built_in = language_status(lang, None, declared_strings(state.layouts)).strings
    strings = {**kit.strings, lang: {**built_in, **own}}
    return dataclasses.replace(state, kit=dataclasses.replace(kit, strings=strings))


def _draft(ws: Workspace, data: dict[str, Any]) -> JSONResponse:
    state = ws.state()
    if state.site is None:
        return problem("site.yaml does not load: see the Overview", 409)
    edited = _edited(ws, state, {**data, "signed_off_by": None})
    assert not isinstance(edited, JSONResponse)  # only a save merges
    lang, path, _, remarks, own = edited
    fitting: list[str] = []
    if own is not None:
        too_long, fitting = _fit_remarks(ws, state, lang, own)
        remarks = [*_outside_remarks(_with_strings(state, lang, own), lang, own), *too_long]
    return JSONResponse({"remarks": [remark.as_json() for remark in remarks],
                         "fitting": fitting,
                         "changed_on_disk": ws.files.load(path).digest != data.get("base"),
                         "current": ws.files.load(path).digest})


def _save(ws: Workspace, data: dict[str, Any]) -> JSONResponse:
    state = ws.state()
    if state.site is None:
        return problem("site.yaml does not load: see the Overview", 409)
    edited = _edited(ws, state, data, saving=True)
    if isinstance(edited, JSONResponse):
        return edited
    lang, path, text, remarks, own = edited
    if not ws.files.is_own(path):
        return problem(f"{path} is in a base folder: edit it there", 403)
    expected = ws.files.load(path).digest  # the version the page's strings are merged into
    if own is not None:
        remarks = _refusals(ws, state, lang, own)
    if remarks:
        return problem(f"Not saved: fix the strings marked first (with them the build would "
                       f"leave pieces out). {_shown(ws, path)} is unchanged.", 422,
                       remarks=[r.as_json() for r in remarks])
    try:
        digest = ws.files.save(path, text, expected)
    except ChangedOnDisk as error:
        return problem(str(error), 409, conflict=True, current=ws.files.load(path).digest)
    ws.drafts.drop(draft_key(lang))
    return JSONResponse({"saved": True, "digest": digest, "message": f"Saved {path.name}."})


def _shown(ws: Workspace, path: Path) -> str:
    """locales/es.yaml: the file as the content folder holds it."""
    try:
        return path.relative_to(ws.root).as_posix()
    except ValueError:
        return path.name


def _refusals(ws: Workspace, state: KitState, lang: str, own: dict[str, str]) -> list[Remark]:
    """What stops the page's strings from being saved, as `locale import` refuses a file: a
    string changed here that would put a revealing word on the outside of a piece or does
    not fit where it prints, and any other error the build would stop a piece with that the
    kit as saved does not have."""
    drafted = _with_strings(state, lang, own)
    if drafted.kit is None:
        return []
    root = locale_root(ws.root, lang)
    now = language_status(lang, root, declared_strings(state.layouts)).strings
    changed = {key for key, text in own.items()
               if " ".join(text.split()) != " ".join(now.get(key, "").split())}
    too_long, _ = _fit_remarks(ws, state, lang, own)
    remarks = [remark for remark in [*_outside_remarks(drafted, lang, own), *too_long]
               if remark.field in changed and remark.severity == "error"]
    remarks = [dataclasses.replace(remark, blocking=True) for remark in remarks]
    said = {remark.message for remark in remarks}
    for error in ws.refused(drafted.kit, [lang]):
        if error.code in (Code.OUTSIDE_WORD, Code.OUTSIDE_TELLS) and remarks:
            continue  # said on its string above
        remark = Remark(plain(error, words_for(state)).text, "error", blocking=True)
        if remark.message not in said:
            said.add(remark.message)
            remarks.append(remark)
    return remarks


draft = json_action(_draft)
save = json_action(_save)
