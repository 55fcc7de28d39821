"""Helpers for the tests of `havenprint serve`: the app in-process."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from generator.serve.app import create_app
from generator.serve.files import ABSENT, digest_of
from generator.serve.settings import Settings
from generator.serve.workspace import Workspace

HOST = "127.0.0.1"
PORT = 8765


def client_for(content: Path, out: Path, **settings: Any) -> tuple[TestClient, Workspace]:
    """The app in-process, as a browser on this computer would reach it."""
    workspace = Workspace(Settings(content=content, out=out, host=settings.pop("host", HOST),
                                   port=PORT, **settings))
    client = TestClient(create_app(workspace, warm=False), base_url=f"http://{HOST}:{PORT}")
    return client, workspace


def digest_on_disk(path: Path) -> str:
    """The file's digest as the page compares it, or ABSENT for no file."""
    return digest_of(path.read_bytes()) if path.exists() else ABSENT


def csrf_headers(workspace: Workspace) -> dict[str, str]:
    return {"X-CSRF-Token": workspace.csrf}


def table_of(rows: list[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    return {"order": [row_id for row_id, _ in rows], "lines": dict(rows)}


def raw_request(app: Any, method: str, path: str, headers: list[tuple[bytes, bytes]],
                body: bytes = b"", query: bytes = b"") -> tuple[int, dict[bytes, bytes], bytes]:
    """One request straight to the ASGI app, with headers of any bytes (an HTTP client
    refuses to send some that a hostile one would)."""
    import asyncio

    sent: list[dict[str, Any]] = []
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": method, "scheme": "http", "path": path, "raw_path": path.encode(),
             "query_string": query, "root_path": "",
             "headers": [(b"host", f"{HOST}:{PORT}".encode()), *headers],
             "client": ("127.0.0.1", 50000), "server": (HOST, PORT)}
    messages = [{"type": "http.request", "body": body, "more_body": False}]

    async def receive() -> dict[str, Any]:
        return messages.pop(0) if messages else {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    start = next(message for message in sent if message["type"] == "http.response.start")
    content = b"".join(message.get("body", b"") for message in sent
                       if message["type"] == "http.response.body")
    return start["status"], dict(start.get("headers", [])), content
