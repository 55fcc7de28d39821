"""The web page's engine thread: a preview asked for while a background check runs goes
before the check's next part, and a check is given up once another edit came."""

from __future__ import annotations

import http.client
import json
import shutil
import threading

from generator.serve.engine_thread import EngineThread
from generator.serve.server import serving
from tests.conftest import DEFAULT_CONTENT, english_only
from tests.serve_support import table_of


def test_a_waited_for_job_goes_before_every_background_job_queued() -> None:
    engine = EngineThread("test-engine")
    release = threading.Event()
    order: list[str] = []
    try:
        engine.submit(release.wait, background=True)  # running: the part of a check now
        later = [engine.submit(lambda name=name: order.append(name), background=True)
                 for name in ("check 2", "check 3")]
        preview = engine.submit(lambda: order.append("preview"))
        release.set()
        preview.result(timeout=30)
        for future in later:
            future.result(timeout=30)
        assert order == ["preview", "check 2", "check 3"]
    finally:
        assert engine.close()


def test_a_check_is_given_up_when_another_edit_comes(tmp_path) -> None:
    content = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    site = content / "site.yaml"
    site.write_text(english_only(site.read_text(encoding="utf-8")), encoding="utf-8")
    rows = [("r0", {}), ("r1", {"name": "988 Lifeline"}), ("r2", {})]
    with serving(content, tmp_path / "output", warm=False) as (url, workspace):
        def post(path: str, body: dict) -> dict:
            connection = http.client.HTTPConnection(url.removeprefix("http://"), timeout=120)
            connection.request("POST", path, json.dumps(body), {
                "X-CSRF-Token": workspace.csrf, "Content-Type": "application/json"})
            answer = connection.getresponse()
            data = json.loads(answer.read())
            connection.close()
            assert answer.status == 200, data
            return data

        release = threading.Event()
        workspace.run_soon(release.wait)  # the engine busy: the check waits to start
        while workspace.queued:  # the engine has taken it
            release.wait(0.01)
        answers: dict[str, dict] = {}
        checking = threading.Thread(target=lambda: answers.setdefault(
            "check", post("/lines/check", {"table": table_of(rows)})))
        checking.start()
        while workspace.queued == 0:  # the check has come, and waits for the engine
            checking.join(0.01)
        edits = workspace.edits
        drafting = threading.Thread(target=lambda: answers.setdefault(
            "draft", post("/lines/draft", {"table": table_of(rows)})))
        drafting.start()
        while workspace.edits == edits:  # the edit has reached the server
            drafting.join(0.01)
        release.set()
        checking.join(120)
        drafting.join(120)
        assert answers["check"] == {"superseded": True}
        assert answers["draft"]["faces"]
        complete = post("/lines/check", {"table": table_of(rows)})  # nothing typed since
        assert complete["complete"] is True


def test_warming_up_goes_document_by_document_behind_any_page(tmp_path) -> None:
    """A restarted server warmed its whole Overview in one job: the page the browser
    reopened waited for all of it (10.7 s). Each document is a background job of its own,
    and a page's job goes before those left."""
    import asyncio

    from generator.serve.settings import Settings
    from generator.serve.workspace import Workspace

    content = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    site = content / "site.yaml"
    site.write_text(english_only(site.read_text(encoding="utf-8")), encoding="utf-8")
    workspace = Workspace(Settings(content=content, out=tmp_path / "out"))
    release = threading.Event()
    try:
        workspace.run_soon(release.wait)
        while workspace.queued:
            release.wait(0.01)
        workspace.warm_up()
        state = workspace.state()
        assert workspace.queued > len(state.layouts)  # a job per document, and more
        release.set()
        asyncio.run(workspace.run(workspace.state))  # a page: before the documents left
        assert workspace.queued > 0
    finally:
        release.set()
        workspace.close()
