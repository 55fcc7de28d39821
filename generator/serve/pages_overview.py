"""Overview: every format and language as pictures, with the checks of `build` and `check`
beside them and the print instructions of every file."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import HTMLResponse

from generator.content.audiences import pack_of
from generator.content.documents import document_sizes
from generator.serve.kit_state import KitState
from generator.serve.languages import english_name
from generator.serve.rendering import DocumentView, preview_document
from generator.serve.templating import page
from generator.serve.web import chosen, workspace
from generator.serve.workspace import Workspace


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
    counts = {
        "built": sum(not view.errors for view in built.documents),
        "failed": sum(bool(view.errors) for view in built.documents),
        "warnings": sum(len(view.warnings) for view in built.documents),
        "language_warnings": sum(p.severity != "info" for checks in built.checks.values()
                                 for p in checks),
    }
    kit = pack_of(state.kit, audience) if state.kit is not None else None
    return page(request, "overview.html", title="Overview", state=state, overview=built,
                layouts=state.layouts, by_document=list(by_document.items()), counts=counts,
                audience=audience, kit_problems=list(kit.warnings) if kit and audience
                else state.problems,
                audiences=list(state.site.options.audiences) if state.site else [])


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
