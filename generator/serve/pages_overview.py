"""Overview: every format and language as pictures, with the checks of `build` and `check`
beside them and the print instructions of every file."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import HTMLResponse

from generator.serve.rendering import DocumentView
from generator.serve.templating import page
from generator.serve.web import workspace


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
