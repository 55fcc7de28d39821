"""Overview: every format and language as pictures, with the checks of `build` and `check`
beside them and the print instructions of every file."""

from __future__ import annotations

from dataclasses import dataclass, field

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse

from generator.content.audiences import pack_of
from generator.content.documents import document_sizes
from generator.serve.kit_changes import worklist
from generator.serve.kit_state import KitState
from generator.serve.languages import english_name
from generator.serve.pages_download import manifest
from generator.serve.rendering import DocumentView, preview_document
from generator.serve.shown import ShownProblem, shown_problems
from generator.serve.templating import page
from generator.serve.web import chosen, workspace
from generator.serve.workspace import Workspace, words_for


def chosen_audience(request: Request, state: KitState) -> str | None:
    """The audience pack `?audience=` names (None: the main kit); BadRequest naming the
    kit's packs for another name."""
    value = request.query_params.get("audience") or None
    if value is None:
        return None
    names = list(state.site.options.audiences) if state.site is not None else []
    return chosen(value, names or [""], "audience pack")


async def overview(request: Request) -> HTMLResponse:
    ws = workspace(request)
    state = await ws.run(ws.state)
    audience = chosen_audience(request, state)
    built = await ws.run(ws.overview, audience)
    by_document: dict[str, list[DocumentView]] = {}
    for view in built.documents:
        by_document.setdefault(view.name, []).append(view)
    groups = await ws.run(_grouped, ws, state, by_document)
    counts = {
        "built": sum(not view.errors for view in built.documents),
        "failed": sum(bool(view.errors) for view in built.documents),
        "warnings": sum(len(view.warnings) for view in built.documents),
        "language_warnings": sum(p.severity != "info" for checks in built.checks.values()
                                 for p in checks),
    }
    kit = pack_of(state.kit, audience) if state.kit is not None else None
    to_check = await ws.run(worklist, ws, state, manifest(ws.out)) if not audience else None
    return page(request, "overview.html", title="Overview", state=state, overview=built,
                to_check=to_check,
                layouts=state.layouts, groups=groups, counts=counts,
                fingerprint=state.fingerprint,
                audience=audience, kit_problems=list(kit.warnings) if kit and audience
                else state.problems,
                audiences=list(state.site.options.audiences) if state.site else [])


@dataclass
class ViewShown:
    """One document in one language as the Overview shows it: its own problems."""

    view: DocumentView
    errors: list[ShownProblem]
    warnings: list[ShownProblem]


@dataclass
class DocumentGroup:
    """A format's documents in every language, and the problems several of them share, said
    once with their languages (the sticker's note on a line it leaves out, in each)."""

    name: str
    title: str
    views: list[ViewShown] = field(default_factory=list)
    shared: list[tuple[ShownProblem, list[str]]] = field(default_factory=list)


def _grouped(ws: Workspace, state: KitState,
             by_document: dict[str, list[DocumentView]]) -> list[DocumentGroup]:
    words = words_for(state)
    groups = []
    for name, views in by_document.items():
        group = DocumentGroup(name, views[0].title)
        said = [(view, shown_problems(view.errors, words, ws.root),
                 shown_problems(view.warnings, words, ws.root)) for view in views]
        langs: dict[ShownProblem, list[str]] = {}
        for view, errors, warnings in said:
            for problem in (*errors, *warnings):
                langs.setdefault(problem, []).append(view.lang)
        shared = {problem for problem, where in langs.items() if len(where) > 1}
        group.shared = [(problem, [english_name(lang) for lang in where])
                        for problem, where in langs.items() if problem in shared]
        group.views = [ViewShown(view, [p for p in errors if p not in shared],
                                 [p for p in warnings if p not in shared])
                       for view, errors, warnings in said]
        groups.append(group)
    return groups


async def fingerprint(request: Request) -> JSONResponse:
    """The content folder's state, which an open Overview compares with its own to lay
    itself out again when a file changed (from this page or another program)."""
    ws = workspace(request)
    return JSONResponse({"fingerprint": await ws.run(ws.fingerprint)},
                        headers={"cache-control": "no-store"})


async def preview(request: Request) -> HTMLResponse:
    """One document drawn large, with the text of each face: what a picture of the
    Overview opens."""
    ws = workspace(request)
    return await ws.run(_preview, ws, request)


def _preview(ws: Workspace, request: Request) -> HTMLResponse:
    state = ws.state()
    if state.kit is None:
        return page(request, "error.html", 409, title="Preview",
                    message="The kit does not load: see the Overview.")
    audience = chosen_audience(request, state)
    kit = pack_of(state.kit, audience)
    layout = state.layouts[chosen(request.query_params.get("format"), list(state.layouts),
                                  "format")]
    lang = chosen(request.query_params.get("lang"), state.languages, "language")
    size = chosen(request.query_params.get("size"), document_sizes(kit, layout), "size")
    view = preview_document(kit, layout, lang, ws.pngs, size)
    pack = f" (audience pack {audience})" if audience else ""
    return page(request, "preview.html", title=f"{view.title}, {english_name(lang)}{pack}",
                view=view)
