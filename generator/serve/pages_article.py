"""Article: the Markdown of the kit's article in one language, the brochure (or another
format) beside it redrawn when typing pauses, each problem shown with its line."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse

from generator.content.extends import content_folders, first_folder
from generator.content.kit_parts import ARTICLE_SUFFIXES
from generator.errors import ContentError
from generator.serve.drafts import Remark, article_draft, draft_article, with_article
from generator.serve.files import ChangedOnDisk
from generator.serve.kit_state import KitState
from generator.serve.languages import english_name
from generator.serve.plain import plain
from generator.serve.templating import page
from generator.serve.web import (
    chosen,
    json_action,
    merged_with_saved,
    problem,
    text_field,
    workspace,
)
from generator.serve.workspace import Workspace, words_for

DEFAULT_FORMAT = "brochure"
COPY_NOTE = ("# {name}: a copy of the {first} article, to translate into {name}. Keep the "
             "lines of three dashes and the names before the colons (title:, card:) as they "
             "are.\n")
STARTER = """---
title: {title}
card: One short sentence for the card.
---
Write the article here: paragraphs separated by a blank line, `## Headings` for sections.
"""


def article_path(ws: Workspace, state: KitState, lang: str, slug: str) -> Path:
    """The file of article `slug` in a language: the site's own, a base's, or the one to
    create."""
    try:
        folders = content_folders(ws.root)
    except ContentError:
        folders = (ws.root,)
    names = [f"articles/{slug}.{lang}{suffix}" for suffix in ARTICLE_SUFFIXES]
    folder = first_folder(folders, *names)
    for name in names:
        if (folder / name).is_file():
            return folder / name
    return ws.files.path(names[0])


def _choices(state: KitState, data: dict[str, Any]) -> tuple[str, str, str]:
    """The format, language and article asked for (each checked against the kit's own)."""
    assert state.site is not None
    formats = list(state.layouts)
    wanted = data.get("format") or (DEFAULT_FORMAT if DEFAULT_FORMAT in formats else None)
    slugs = list(state.site.article_slugs)
    return (chosen(wanted, formats, "format"),
            chosen(data.get("lang"), state.languages, "language"),
            chosen(data.get("article") or slugs[0], slugs, "article"))


async def article(request: Request) -> HTMLResponse:
    ws = workspace(request)
    return await ws.run(_article_page, ws, request)


def _article_page(ws: Workspace, request: Request) -> HTMLResponse:
    state = ws.state()
    if state.site is None:
        return page(request, "article.html", title="Article", site=None,
                    problems=state.problems)
    format_name, lang, slug = _choices(state, dict(request.query_params))
    path = article_path(ws, state, lang, slug)
    loaded = ws.files.load(path)
    first = state.languages[0]
    reference = (ws.files.load(article_path(ws, state, first, slug)).text
                 if lang != first else None)
    text = loaded.text if loaded.text is not None else starter(
        reference, lang, first, state.site.discreet_title)
    draft = article_draft(state.kit, path, text, lang, state.layouts[format_name], ws.pngs,
                          slug, words_for(state))
    return page(request, "article.html", title="Article", site=state.site, path=path,
                reference=reference, first=first, draft_key=draft_key(slug, lang),
                server_draft=ws.drafts.get(draft_key(slug, lang)),
                exists=loaded.text is not None, editable=ws.files.is_own(path),
                digest=loaded.digest, text=text, lang=lang, langs=state.languages,
                format=format_name, article=slug, articles=list(state.site.article_slugs),
                formats=[(name, layout.spec.title) for name, layout in state.layouts.items()],
                remarks=draft.remarks, faces=draft.view.faces if draft.view else [],
                saved=request.query_params.get("saved") == "1",
                kit_loads=state.kit is not None)


def draft_key(slug: str, lang: str) -> str:
    return f"article:{slug}:{lang}"


def starter(reference: str | None, lang: str, first: str, title: str) -> str:
    """A new article: a copy of the first language's, to translate (with a note saying
    so), or a skeleton when there is none."""
    if reference is None or not reference.startswith("---\n"):
        return STARTER.format(title=title)
    note = COPY_NOTE.format(name=english_name(lang), first=english_name(first))
    return reference.replace("---\n", "---\n" + note, 1)


def _draft(ws: Workspace, data: dict[str, Any]) -> JSONResponse:
    started = time.perf_counter()
    state = ws.state()
    if state.site is None:
        return problem("site.yaml does not load: see the Overview", 409)
    format_name, lang, slug = _choices(state, data)
    path = article_path(ws, state, lang, slug)
    result = article_draft(state.kit, path, text_field(data, "text"), lang,
                           state.layouts[format_name], ws.pngs, slug, words_for(state))
    view = result.view
    return JSONResponse({
        "remarks": [remark.as_json() for remark in result.remarks],
        "faces": [face.as_json() for face in view.faces] if view else None,
        "blocking": result.blocking,
        "changed_on_disk": ws.files.load(path).digest != data.get("base"),
        "current": ws.files.load(path).digest,
        "ms": round((time.perf_counter() - started) * 1000),
    })


def _save(ws: Workspace, data: dict[str, Any]) -> JSONResponse:
    state = ws.state()
    if state.site is None:
        return problem("site.yaml does not load: see the Overview", 409)
    _, lang, slug = _choices(state, data)
    path = article_path(ws, state, lang, slug)
    if not ws.files.is_own(path):
        return problem(f"{path} is in a base folder: edit it there", 403)
    text = text_field(data, "text")
    loaded = ws.files.load(path)
    if loaded.digest != text_field(data, "base"):  # saved meanwhile: both versions' edits
        typed = text
        merged = merged_with_saved(ws, path, data, loaded.text, loaded.digest,
                                   lambda base: typed)
        if isinstance(merged, JSONResponse):
            return merged
        text = merged
    article, remarks = draft_article(path, text, slug, lang)
    if any(remark.blocking for remark in remarks):
        return problem("Not saved: fix the problems marked first.", 422,
                       remarks=[r.as_json() for r in remarks])
    if article is not None and state.kit is not None:
        words = words_for(state)
        refused = ws.refused(with_article(state.kit, article, slug, lang), [lang])
        if refused:
            return problem("Not saved: fix the problems marked first (with them the build "
                           "would leave pieces out).", 422, remarks=[Remark(
                               plain(p, words).text, "error", p.line,
                               field="text" if Path(p.path) == path else None, blocking=True)
                               .as_json() for p in refused])
    try:
        digest = ws.files.save(path, text, loaded.digest)
    except ChangedOnDisk as error:
        return problem(str(error), 409, conflict=True, current=ws.files.load(path).digest)
    ws.drafts.drop(draft_key(slug, lang))
    return JSONResponse({"saved": True, "digest": digest, "message": f"Saved {path.name}."})


draft = json_action(_draft)
save = json_action(_save)
