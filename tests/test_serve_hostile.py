"""What a hostile or broken request does to `havenprint serve`: every one is answered with a
plain message (4xx), never a 500 or a traceback, and nothing is written."""

from __future__ import annotations

import io
import json
import shutil
import struct
import time
import zipfile
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.serve_support import client_for, csrf_headers, raw_request

CSV = b"name,phone,verified\nHarbor Light,1-800-555-0142,2026-10-01\n"


def _patched(data: bytes, local: dict[int, tuple[str, int]],
             central: dict[int, tuple[str, int]]) -> bytes:
    """The zip with fields of its first entry's local and central headers replaced
    (offset: (struct format, value))."""
    raw = bytearray(data)
    for signature, fields in ((b"PK\x03\x04", local), (b"PK\x01\x02", central)):
        start = raw.index(signature)
        for offset, (kind, value) in fields.items():
            struct.pack_into(f"<{kind}", raw, start + offset, value)
    return bytes(raw)


def _zip(entries: list[tuple[str, bytes]], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=method) as archive:
        for name, data in entries:
            archive.writestr(name, data)
    return buffer.getvalue()


def _broken_crc() -> bytes:
    data = _zip([("lines.csv", CSV)], zipfile.ZIP_STORED)
    return data.replace(b"Harbor Light", b"Harbor Night", 1)


HOSTILE_ZIPS = {
    "a file and a folder of one name": (
        _zip([("data", b"x"), ("data/lines.csv", CSV)]), "both as a file and as a folder"),
    "a name of 300 characters": (
        _zip([("a" * 300 + ".csv", CSV)]), "too long for a disk"),
    "a wrong check sum": (_broken_crc(), "check sum is wrong"),
    "a wrong size": (
        _patched(_zip([("lines.csv", CSV)]), {22: ("I", len(CSV) + 40)},
                 {24: ("I", len(CSV) + 40)}), "the zip says"),
    "the encrypted flag": (
        _patched(_zip([("lines.csv", CSV)]), {6: ("H", 1)}, {8: ("H", 1)}), "encrypted"),
    "deflate64": (
        _patched(_zip([("lines.csv", CSV)]), {8: ("H", 9)}, {10: ("H", 9)}), "Deflate64"),
    "not a zip at all": (b"PK\x03\x04 not really", "cannot be opened"),
    "a name given twice": (_zip([("lines.csv", CSV), ("LINES.csv", CSV)]), "twice"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE_ZIPS))
def test_a_broken_zip_is_a_plain_422(served, case: str) -> None:
    client, workspace, kit = served
    before = (kit / "resources.yaml").read_bytes()
    data, said = HOSTILE_ZIPS[case]
    answer = client.post("/import/upload", headers=csrf_headers(workspace),
                         files={"file": ("export.zip", data, "application/zip")})
    assert answer.status_code == 422, answer.text
    message = answer.json()["message"]
    assert said in message and "Traceback" not in message
    assert (kit / "resources.yaml").read_bytes() == before


def test_a_csrf_header_of_any_bytes_is_refused_not_a_500(served) -> None:
    client, workspace, _ = served
    for value in ("é".encode(), b"\xff\xfe", "токен".encode(), workspace.csrf.encode() + b"\x80"):
        status, _, body = raw_request(client.app, "POST", "/lines/draft", [
            (b"x-csrf-token", value), (b"content-type", b"application/json")], b"{}")
        assert status == 403, value
        assert b"CSRF" in body


def test_a_token_of_any_characters_is_refused_not_a_500(kit: Path, tmp_path: Path) -> None:
    client, _ = client_for(kit, tmp_path / "out", host="0.0.0.0", token="s3cret-token")
    for query in ("token=%C3%A9t%C3%A9", "token=%FF", "token=s3cret-token%00"):
        status, _, _ = raw_request(client.app, "GET", "/", [], query=query.encode())
        assert status == 401, query
    status, _, _ = raw_request(client.app, "GET", "/", [(b"cookie", "havenprint_token=é".encode())])
    assert status == 401


@pytest.mark.parametrize("path", ["//evil.example/", "/\\evil.example/", "///evil.example",
                                  "/\\/evil.example"])
def test_the_token_never_sends_the_browser_to_another_site(kit: Path, tmp_path: Path,
                                                           path: str) -> None:
    client, _ = client_for(kit, tmp_path / "out", host="0.0.0.0", token="s3cret-token")
    status, headers, _ = raw_request(client.app, "GET", path, [], query=b"token=s3cret-token")
    assert status == 303
    location = headers[b"location"].decode()
    assert location.startswith("/") and not location.startswith(("//", "/\\"))
    assert location == "/evil.example/" or location == "/evil.example"


def test_a_lone_surrogate_is_refused_on_its_field(served) -> None:
    client, workspace, kit = served
    before = (kit / "resources.yaml").read_bytes()
    body = (b'{"table": {"order": ["r0", "r1", "r2"], "lines": {"r0": {"name": "Hotline \\ud83d"}'
            b'}}, "base": "x", "format": "pocket-card", "lang": "en"}')
    for path in ("/lines/draft", "/lines/save"):
        answer = client.post(path, content=body, headers={
            **csrf_headers(workspace), "content-type": "application/json"})
        assert answer.status_code == 422, answer.text
        data = answer.json()
        assert "broken character" in data["message"]
        assert data["where"] == ["table", "lines", "r0", "name"]
    assert (kit / "resources.yaml").read_bytes() == before


def test_a_layouts_endless_loop_is_stopped_on_the_servers_thread(served) -> None:
    """The 2 s limit ran on the main thread only: under `serve` (the engine's own thread) a
    looping template held every page, and the server, for ever. (The page answers: a
    bound by the clock, which a loaded machine reaches, would prove nothing more.)"""
    client, _, kit = served
    shutil.copytree(REPO / "layouts" / "pocket-card", kit / "layouts" / "pocket-card")
    loop = REPO / "tests/fixtures/invalid/template-endless-loop/layouts/pocket-card/front.j2"
    shutil.copy(loop, kit / "layouts" / "pocket-card" / "front.j2")
    page = client.get("/lines?format=pocket-card")
    assert page.status_code == 200
    assert "a loop that does not end" in page.text


def test_a_layout_that_fills_memory_is_stopped_on_the_servers_thread(served) -> None:
    client, _, kit = served
    shutil.copytree(REPO / "layouts" / "pocket-card", kit / "layouts" / "pocket-card")
    doubling = REPO / "tests/fixtures/invalid/template-doubling/layouts/pocket-card/front.j2"
    shutil.copy(doubling, kit / "layouts" / "pocket-card" / "front.j2")
    page = client.get("/lines?format=pocket-card")
    assert page.status_code == 200
    assert "MB of memory" in page.text


def test_json_that_is_not_an_object_or_nests_too_deep_is_a_400(served) -> None:
    client, workspace, _ = served
    for body in (b"[]", b"nope", b"[" * 100_000, b'{"a": ' * 50_000 + b"1" + b"}" * 50_000):
        answer = client.post("/lines/draft", content=body, headers={
            **csrf_headers(workspace), "content-type": "application/json"})
        assert answer.status_code == 400, body[:20]
        json.loads(answer.text)


def test_sigterm_stops_the_server_within_seconds_while_a_layout_loops(kit: Path,
                                                                     tmp_path: Path) -> None:
    """A site's layout that loops for ever held the engine's thread, whose join kept
    `havenprint serve` from stopping on SIGTERM: it ran until killed."""
    import signal
    import subprocess
    import sys
    import threading
    import urllib.request

    shutil.copytree(REPO / "layouts" / "pocket-card", kit / "layouts" / "pocket-card")
    loop = REPO / "tests/fixtures/invalid/template-endless-loop/layouts/pocket-card/front.j2"
    shutil.copy(loop, kit / "layouts" / "pocket-card" / "front.j2")
    havenprint = Path(sys.executable).parent / "havenprint"
    server = subprocess.Popen([str(havenprint), "serve", str(kit), "--out", str(tmp_path / "out"),
                               "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    try:
        address = server.stdout.readline().split(" at ")[-1].strip()
        assert address.startswith("http://127.0.0.1:"), address
        answers: list[object] = []

        def ask() -> None:
            try:
                answers.append(urllib.request.urlopen(address + "lines", timeout=120).status)
            except Exception as error:  # noqa: BLE001 -- what the stopping server answers
                answers.append(error)

        asking = threading.Thread(target=ask, daemon=True)
        asking.start()
        time.sleep(1.0)  # the page's engine work is running (each face stopped after 2 s)
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=300)  # it stops (a bound no loaded machine reaches: not a timing)
        asking.join(10)
    finally:
        if server.poll() is None:
            server.kill()
    errors = server.stderr.read()
    assert "Traceback" not in errors, errors


def test_ctrl_c_stops_the_server_without_an_error_and_no_display_is_said(
        kit: Path, tmp_path: Path) -> None:
    """`make serve` on a machine without a display said nothing of the browser it did not
    open, and ended with "Error 130" on Ctrl-C, the way the page is closed."""
    import os
    import signal
    import subprocess
    import sys

    havenprint = Path(sys.executable).parent / "havenprint"
    env = {key: value for key, value in os.environ.items()
           if key not in ("DISPLAY", "WAYLAND_DISPLAY")}
    server = subprocess.Popen([str(havenprint), "serve", str(kit), "--out", str(tmp_path / "out"),
                               "--port", "0", "--open"], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, env=env)
    try:
        address = server.stdout.readline().split(" at ")[-1].strip()
        assert address.startswith("http://127.0.0.1:"), address
        said = ""
        while "no display" not in said:
            line = server.stderr.readline()
            assert line, said
            said += line
        assert f"open {address} in a browser on this computer" in said
        # Ctrl-C once the page answers: the server is running, whatever the machine's load.
        import urllib.request
        with urllib.request.urlopen(address, timeout=300) as answer:
            assert answer.status == 200
        server.send_signal(signal.SIGINT)
        assert server.wait(timeout=300) == 0
    finally:
        if server.poll() is None:
            server.kill()
    rest = server.stderr.read()
    assert "havenprint: stopped" in rest and "Traceback" not in rest and "interrupted" not in rest
