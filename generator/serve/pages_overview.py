"""Overview: every format and language as pictures, with the checks of `build` and `check`
beside them and the print instructions of every file."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import HTMLResponse

from generator.content.documents import document_sizes
from generator.serve.languages import english_name
from generator.serve.rendering import DocumentView, preview_document
from generator.serve.templating import page
from generator.serve.web import chosen, workspace
from generator.serve.workspace import Workspace


async def overview(request: Request) -> HTMLResponse:
    ws = workspace(request)
    state = await ws.run(ws.state)
    built = await ws.run(ws.overview)
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
    return page(request, "overview.html", title="Overview", state=state, overview=built,
                layouts=state.layouts, by_document=list(by_document.items()), counts=counts)


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
    layout = state.layouts[chosen(request.query_params.get("format"), list(state.layouts),
                                  "format")]
    lang = chosen(request.query_params.get("lang"), state.languages, "language")
    size = chosen(request.query_params.get("size"), document_sizes(state.kit, layout), "size")
    view = preview_document(state.kit, layout, lang, ws.pngs, size)
    return page(request, "preview.html", title=f"{view.title}, {english_name(lang)}",
                view=view)
