"""Helpers for the tests of `havenprint serve`: the app in-process."""

from __future__ import annotations

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
