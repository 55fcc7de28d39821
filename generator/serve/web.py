"""Small helpers the pages share: the workspace, JSON in and out, choosing from a list."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from generator.serve.workspace import KitState, Workspace


class BadRequest(Exception):
    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def workspace(request: Request) -> Workspace:
    return request.app.state.workspace


async def state(request: Request) -> KitState:
    ws = workspace(request)
    return await ws.run(ws.state)


def json_action(work: Callable[[Workspace, dict[str, Any]], Response]
                ) -> Callable[[Request], Awaitable[Response]]:
    """An endpoint that reads a JSON object and runs `work` with it on the engine's thread."""
    async def endpoint(request: Request) -> Response:
        ws = workspace(request)
        data = await json_body(request)
        return await ws.run(work, ws, data)
    return endpoint


async def json_body(request: Request) -> dict[str, Any]:
    try:
        data = json.loads(await request.body())
    except (ValueError, UnicodeDecodeError):
        raise BadRequest("expected JSON") from None
    if not isinstance(data, dict):
        raise BadRequest("expected a JSON object")
    return data


def text_field(data: dict[str, Any], key: str, default: str | None = None) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise BadRequest(f"expected text in {key!r}")
    return value


def chosen(value: str | None, valid: tuple[str, ...] | list[str], what: str) -> str:
    """`value` if it is one of `valid`, the first of them when not given; BadRequest (naming
    the valid ones) for anything else, so that no other text reaches a file name."""
    if not valid:
        raise BadRequest(f"no {what} to choose from", 409)
    if value is None or value == "":
        return valid[0]
    if value not in valid:
        raise BadRequest(f"unknown {what} {value!r}; valid: {', '.join(valid)}")
    return value


def problem(message: str, status: int = 400, **extra: Any) -> JSONResponse:
    return JSONResponse({"message": message, **extra}, status_code=status)
