"""Small helpers the pages share: the workspace, JSON in and out, choosing from a list."""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from generator.serve.kit_state import KitState
from generator.serve.languages import english_name
from generator.serve.workspace import Workspace

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
BROKEN_CHARACTER = ("holds a broken character (half of an emoji or of a letter written with "
                    "two, pasted or typed cut in two): delete it and type it again")


class BadRequest(Exception):
    """What the page sent cannot be used: `where` is the path of the value in the JSON sent
    (the page marks the field it came from)."""

    def __init__(self, message: str, status: int = 400,
                 where: tuple[str | int, ...] = ()) -> None:
        super().__init__(message)
        self.status = status
        self.where = where


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
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise BadRequest("expected JSON") from None
    if not isinstance(data, dict):
        raise BadRequest("expected a JSON object")
    broken = broken_text(data)
    if broken is not None:
        raise BadRequest(f"A box {BROKEN_CHARACTER}.", 422, broken)
    return data


def broken_text(data: Any, where: tuple[str | int, ...] = ()) -> tuple[str | int, ...] | None:
    """The path of the first text (key or value) holding a lone surrogate, which JSON can
    carry (`"\\ud800"`) but no file can be written with; None when there is none."""
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(data, where)]
    while stack:
        value, path = stack.pop()
        if isinstance(value, str):
            if _LONE_SURROGATE.search(value):
                return path
        elif isinstance(value, dict):
            for key, item in value.items():
                if isinstance(key, str) and _LONE_SURROGATE.search(key):
                    return (*path, "(a name)")
                stack.append((item, (*path, key)))
        elif isinstance(value, list):
            stack.extend((item, (*path, index)) for index, item in enumerate(value))
    return None


def text_field(data: dict[str, Any], key: str, default: str | None = None) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise BadRequest(f"expected text in {key!r}")
    return value


def kept_over(data: dict[str, Any]) -> str:
    """The digest a save expects the file on disk to have: the version the page loaded, or,
    once the volunteer chose "Keep my changes" over a version saved meanwhile, that one
    (which History then keeps)."""
    if data.get("keep") is True:
        return text_field(data, "current")
    return text_field(data, "base")


def chosen(value: str | None, valid: tuple[str, ...] | list[str], what: str) -> str:
    """`value` if it is one of `valid`, the first of them when not given; BadRequest (naming
    the valid ones) for anything else, so that no other text reaches a file name."""
    if not valid:
        raise BadRequest(f"no {what} to choose from", 409)
    if value is None or value == "":
        return valid[0]
    if value not in valid:
        shown = value if len(value) <= 40 else value[:40] + "…"
        if what == "language":
            raise BadRequest(f"This kit has no language {shown!r} ({english_name(value)}); it "
                             f"has {', '.join(valid)}. Add a language on the Settings page.")
        raise BadRequest(f"This kit has no {what} {shown!r}; it has {', '.join(valid)}.")
    return value


def problem(message: str, status: int = 400, **extra: Any) -> JSONResponse:
    return JSONResponse({"message": message, **extra}, status_code=status)


def merged_with_saved(ws: Workspace, path: Path, data: dict[str, Any], now: str | None,
                      current: str, edited: Callable[[str], str],
                      base_text: str | None = None) -> str | JSONResponse:
    """The page's edits (`edited`: the file's text with them, given the text they were made
    to) merged with the version of `path` saved since the page loaded it (`now`, on disk):
    no edit of either is lost. Where both changed the same lines, the save stops with the
    other version's lines shown (409), unless the volunteer chose "Keep my changes" over
    that very version (digest `current`): the page's lines there, every other change of the
    other version kept. Edits made to a version no longer known cannot be merged: refused
    as before. `base_text`: the version the edits were made to, as the page knows it (for a
    file that did not exist, what the page started from)."""
    from generator.serve.files import ABSENT, ChangedOnDisk, digest_of
    from generator.serve.merge import clash_said, merged

    base = text_field(data, "base")
    keep = data.get("keep") is True and data.get("current") == current
    if base_text is None or (digest_of(base_text.encode("utf-8")) != base and base != ABSENT):
        base_text = ws.files.version(path, base)
    if base_text is None:  # edits made to a version no longer kept
        if keep:
            return edited(now or "")
        return problem(str(ChangedOnDisk(path)), 409, conflict=True, current=current)
    result = merged(base_text, edited(base_text), now or "", keep_mine=keep)
    if result.clashes and not keep:
        return problem(clash_said(path.name, result.clashes), 409, conflict=True,
                       current=current, clashes=len(result.clashes))
    return result.text
