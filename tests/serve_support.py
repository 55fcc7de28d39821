"""Helpers for the tests of `havenprint serve`: the app in-process, and a real server."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from generator.serve.app import create_app
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


def csrf_headers(workspace: Workspace) -> dict[str, str]:
    return {"X-CSRF-Token": workspace.csrf}


def table_of(rows: list[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    return {"order": [row_id for row_id, _ in rows], "lines": dict(rows)}


@contextlib.contextmanager
def running_server(content: Path, out: Path) -> Iterator[tuple[str, Workspace]]:
    """A real uvicorn server on a free port of 127.0.0.1, stopped on leaving."""
    import uvicorn

    from generator.serve.command import listen

    sock = listen(HOST, 0)
    port = sock.getsockname()[1]
    workspace = Workspace(Settings(content=content, out=out, host=HOST, port=port))
    config = uvicorn.Config(create_app(workspace), log_level="warning", access_log=False,
                            lifespan="on", ws="none")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.02)
    try:
        yield f"http://{HOST}:{port}", workspace
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()
