"""The routes: one module per page (pages_*.py), the previews' PNGs and the static files,
all behind the guard (guard.py)."""

from __future__ import annotations

import contextlib
import re
import sys
from collections.abc import AsyncIterator

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from generator.serve import (
    pages_article,
    pages_download,
    pages_drafts,
    pages_fonts,
    pages_history,
    pages_import,
    pages_lines,
    pages_overview,
    pages_settings,
    pages_translations,
    pages_translator_files,
    pages_web,
)
from generator.serve.files import OutsideContent
from generator.serve.guard import Guard
from generator.serve.templating import STATIC, page
from generator.serve.uploads import clear_uploads
from generator.serve.web import BadRequest, workspace
from generator.serve.workspace import Workspace

_PNG_KEY = re.compile(r"[0-9a-f]{32}")


async def png(request: Request) -> Response:
    key = request.path_params["key"]
    data = workspace(request).pngs.get(key) if _PNG_KEY.fullmatch(key) else None
    if data is None:
        return PlainTextResponse("This preview is no longer kept: reload the page.", 404)
    return Response(data, media_type="image/png",
                    headers={"cache-control": "private, max-age=86400, immutable"})


ROUTES = (
    Route("/", pages_overview.overview),
    Route("/preview", pages_overview.preview),
    Route("/fingerprint", pages_overview.fingerprint),
    Route("/lines", pages_lines.lines),
    Route("/lines/draft", pages_lines.draft, methods=["POST"]),
    Route("/lines/check", pages_lines.check, methods=["POST"]),
    Route("/lines/save", pages_lines.save, methods=["POST"]),
    Route("/article", pages_article.article),
    Route("/article/draft", pages_article.draft, methods=["POST"]),
    Route("/article/save", pages_article.save, methods=["POST"]),
    Route("/translations", pages_translations.translations),
    Route("/translations/draft", pages_translations.draft, methods=["POST"]),
    Route("/translations/save", pages_translations.save, methods=["POST"]),
    Route("/translations/export", pages_translator_files.export),
    Route("/translations/import", pages_translator_files.upload, methods=["POST"]),
    Route("/import", pages_import.import_page),
    Route("/import/upload", pages_import.upload, methods=["POST"]),
    Route("/import/preview", pages_import.preview, methods=["POST"]),
    Route("/import/accept", pages_import.accept, methods=["POST"]),
    Route("/download", pages_download.download),
    Route("/download/build", pages_download.build, methods=["POST"]),
    Route("/download/refresh", pages_download.refresh, methods=["POST"]),
    Route("/download/kit.zip", pages_download.kit_zip),
    Route("/download/file/{path:path}", pages_download.one_file),
    Route("/settings", pages_settings.settings),
    Route("/settings/draft", pages_settings.draft, methods=["POST"]),
    Route("/settings/save", pages_settings.save, methods=["POST"]),
    Route("/settings/language", pages_settings.language, methods=["POST"]),
    Route("/settings/font", pages_fonts.use_installed, methods=["POST"]),
    Route("/settings/font-upload", pages_fonts.upload, methods=["POST"]),
    Route("/history", pages_history.history),
    Route("/history/restore", pages_history.restore, methods=["POST"]),
    Route("/csrf", pages_drafts.csrf),
    Route("/drafts/keep", pages_drafts.keep, methods=["POST"]),
    Route("/drafts/drop", pages_drafts.drop, methods=["POST"]),
    Route("/png/{key}.png", png),
    Route("/web/{lang}.html", pages_web.web_page),  # the kit's web page, before a build
    Mount("/static", StaticFiles(directory=STATIC), name="static"),
)


def _answer(request: Request, message: str, status: int, **extra: object) -> Response:
    """A refusal: a page of its own for a page asked for in the browser, else JSON for the
    page's script."""
    if request.method in ("GET", "HEAD") and "text/html" in request.headers.get("accept", ""):
        return page(request, "error.html", status_code=status, title="This page cannot be shown",
                    message=message)
    return JSONResponse({"message": message, **extra}, status_code=status)


async def _bad_request(request: Request, error: Exception) -> Response:
    assert isinstance(error, BadRequest)
    return _answer(request, str(error), error.status, where=list(error.where))


async def _outside(request: Request, error: Exception) -> Response:
    return _answer(request, str(error), 403)


async def _unexpected(request: Request, error: Exception) -> Response:
    print(f"havenprint serve: {type(error).__name__}: {error}", file=sys.stderr)
    text = str(error).encode("utf-8", "replace").decode("utf-8")[:300]
    return _answer(request, "Something went wrong on the server, and nothing was saved: "
                            f"{type(error).__name__}: {text}", 500)


async def _not_found(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    return PlainTextResponse(error.detail or "Not found", error.status_code)


def create_app(ws: Workspace, warm: bool = True) -> Guard:
    @contextlib.asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        clear_uploads(ws.out)
        if warm:
            ws.run_soon(ws.warm_up)
        yield
        clear_uploads(ws.out)
        ws.close()

    app = Starlette(routes=ROUTES, lifespan=lifespan, exception_handlers={
        BadRequest: _bad_request, OutsideContent: _outside, HTTPException: _not_found,
        Exception: _unexpected})
    app.state.workspace = ws
    return Guard(app, ws.settings, ws.csrf)
