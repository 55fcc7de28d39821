"""The page's own requests: a fresh CSRF token (the server's changes when it restarts), and
the drafts it keeps of unsaved edits (saved_drafts.py)."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from generator.serve.saved_drafts import DraftError
from generator.serve.web import json_body, problem, text_field, workspace
from generator.serve.workspace import Workspace


async def csrf(request: Request) -> JSONResponse:
    """The token this server's pages carry. Another site's page can neither read this answer
    (same origin only) nor have the browser ask for it (Sec-Fetch-Site says where from)."""
    if request.headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
        return problem("Only this server's own pages ask for this.", 403)
    return JSONResponse({"token": workspace(request).csrf})


async def keep(request: Request) -> JSONResponse:
    """Kept at once, not on the engine's thread: a build running there must not hold it."""
    return _keep(workspace(request), await json_body(request))


async def drop(request: Request) -> JSONResponse:
    return _drop(workspace(request), await json_body(request))


def _keep(ws: Workspace, data: dict[str, Any]) -> JSONResponse:
    key = text_field(data, "key")
    value: dict[str, Any] = {name: data[name] for name in ("base", "data", "at", "base_text")
                             if name in data}
    try:
        ws.drafts.keep(key, value)
    except DraftError as error:
        return problem(str(error), 422)
    except OSError as error:
        return problem(f"The draft could not be kept ({error.strerror}); your edits are "
                       "still in this browser.", 507)
    return JSONResponse({"kept": True})


def _drop(ws: Workspace, data: dict[str, Any]) -> JSONResponse:
    ws.drafts.drop(text_field(data, "key"))
    return JSONResponse({"dropped": True})

