"""Server-rendered pages: jinja2 templates inside the package, escaped, strict about names."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from starlette.requests import Request
from starlette.responses import HTMLResponse

from generator.errors import shown_path
from generator.i18n.localize import native_name

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
STATIC = HERE / "static"

PAGES = (  # (path, title) in the navigation's order
    ("/", "Overview"),
    ("/lines", "Lines"),
    ("/article", "Article"),
    ("/translations", "Translations"),
    ("/import", "Import"),
    ("/download", "Download"),
)

_environment = Environment(
    loader=FileSystemLoader(TEMPLATES),
    autoescape=select_autoescape(("html",)),
    undefined=StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
)
_environment.filters["language"] = lambda code: f"{native_name(code)} ({code})"
_environment.filters["shown"] = lambda path: shown_path(path)


def page(request: Request, template: str, status_code: int = 200,
         **context: Any) -> HTMLResponse:
    workspace = request.app.state.workspace
    html = _environment.get_template(template).render(
        pages=PAGES, current=request.url.path, csrf=workspace.csrf,
        content_folder=shown_path(workspace.root), **context)
    return HTMLResponse(html, status_code=status_code)
