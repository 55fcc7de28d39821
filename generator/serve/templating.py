"""Server-rendered pages: jinja2 templates inside the package, escaped, strict about names."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, pass_context, select_autoescape
from jinja2.runtime import Context
from starlette.requests import Request
from starlette.responses import HTMLResponse

from generator.errors import Problem, shown_path
from generator.serve.languages import choice
from generator.serve.shown import ShownProblem, shown_problems

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
    ("/settings", "Settings"),
    ("/history", "History"),
)

_environment = Environment(
    loader=FileSystemLoader(TEMPLATES),
    autoescape=select_autoescape(("html",)),
    undefined=StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
)
_environment.filters["language"] = lambda code: choice(code).label
_environment.filters["shown"] = lambda path: shown_path(path)


@pass_context
def _said(context: Context, problems: list[Problem]) -> list[ShownProblem]:
    """Problems said plainly, each with the page that fixes it."""
    return shown_problems(problems, context["words"], context["root"])


_environment.filters["said"] = _said


def page(request: Request, template: str, status_code: int = 200,
         **context: Any) -> HTMLResponse:
    workspace = request.app.state.workspace
    html = _environment.get_template(template).render(
        pages=PAGES, current=request.url.path, csrf=workspace.csrf,
        content_folder=shown_path(workspace.root), words=workspace.words(),
        folder_key=workspace.folder_key,
        root=workspace.root, **context)
    return HTMLResponse(html, status_code=status_code)
