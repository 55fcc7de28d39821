"""The web page stays answerable and stops on SIGTERM whatever text its messages quote: the
rewording of messages (serve/plain.py) takes a bounded time on a message of any length (a
region of 100,000 characters in each skipped line's reason took minutes a line, holding
the interpreter so that SIGTERM waited for it); uploads with names no disk takes are kept
under a shorter one; `<out>/.havenprint-serve/` goes when the server stops."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
import time
import urllib.request
import uuid
from pathlib import Path

from generator.errors import Code, Problem
from generator.serve.plain import MESSAGE_LIMIT, plain
from tests.serve_support import client_for, csrf_headers

REGION = "x" * 100_000
ROWS = 400


def _csv(rows: int) -> bytes:
    lines = ["name,phone,region,verified"]
    lines += [f"Line {n},1-800-555-{n % 10_000:04d},OH,2026-10-01" for n in range(rows)]
    return ("\n".join(lines) + "\n").encode()


def test_a_field_of_a_million_characters_is_said_by_its_start_and_end() -> None:
    """What the page says of a problem is at most MESSAGE_LIMIT characters, and a text a
    problem quotes is said by its start and end, however long the text (a line's name of a
    million characters, a region of 100,000)."""
    long = "a" * 1_000_000
    for problem in (
            Problem("resources.yaml", "…", 1, code=Code.LINE_NO_NAME, fields={"name": long}),
            Problem("resources.yaml", "…", 1, "warning", code=Code.LINE_LEFT_OUT, lang="en",
                    fields={"format": "brochure", "face": "outside", "slot": "x",
                            "name": "'" * 999_000, "languages": ()}),
            Problem("resources.yaml", "…", 1, "info", code=Code.IMPORT_SKIPPED,
                    fields={"record": "row 2", "reason": "outside the area (country US, region "
                            + REGION * 10 + ")"}),
            Problem("resources.yaml", "…", 1, "warning", code=Code.LINE_TEXT_UNTRANSLATED,
                    lang="es", fields={"key": "hours", "name": long, "text": "' of " * 200_000})):
        said = plain(problem).text
        assert len(said) <= MESSAGE_LIMIT + 100, len(said)


def test_an_import_with_a_region_of_100000_characters_answers_short_reasons(
        served) -> None:  # noqa: ANN001
    client, workspace, _ = served
    answer = client.post("/import/upload", headers=csrf_headers(workspace),
                         files={"file": ("lines.csv", _csv(20))},
                         data={"region": REGION})
    assert answer.status_code == 200, answer.text[:300]
    skipped = answer.json()["skipped"]
    assert len(skipped) == 20
    for row in skipped:
        assert "utside the area" in row["reason"] and "…" in row["reason"]
        assert len(row["reason"]) < 200, row["reason"]


def test_an_upload_name_of_500_characters_is_read(served) -> None:  # noqa: ANN001
    client, workspace, _ = served
    name = "a" * 496 + ".csv"
    answer = client.post("/import/upload", headers=csrf_headers(workspace),
                         files={"file": (name, _csv(2))})
    assert answer.status_code == 200, answer.text[:300]
    assert answer.json()["name"] == name
    assert [line["name"] for line in answer.json()["kept"]] == ["Line 0", "Line 1"]


def test_the_uploads_folder_goes_when_the_server_stops(kit: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    client, workspace = client_for(kit, out)
    with client:
        answer = client.post("/import/upload", headers=csrf_headers(workspace),
                             files={"file": ("lines.csv", _csv(2))})
        assert answer.status_code == 200, answer.text[:300]
        assert (out / ".havenprint-serve" / "uploads").is_dir()
    assert not (out / ".havenprint-serve").exists()
    # a file of the user's own in it is left, and the folder with it
    (out / ".havenprint-serve").mkdir()
    (out / ".havenprint-serve" / "mine.txt").write_text("kept", encoding="utf-8")
    with client_for(kit, out)[0]:
        pass
    assert (out / ".havenprint-serve" / "mine.txt").read_text(encoding="utf-8") == "kept"


def _multipart(fields: dict[str, str], name: str, data: bytes) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{key}"\r\n\r\n{value}\r\n'
             .encode() for key, value in fields.items()]
    parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="file"; '
                 f'filename="{name}"\r\nContent-Type: text/csv\r\n\r\n'.encode() + data
                 + b"\r\n")
    return b"".join(parts) + f"--{boundary}--\r\n".encode(), boundary


def test_sigterm_stops_the_server_within_seconds_during_a_heavy_import(kit: Path,
                                                                       tmp_path: Path) -> None:
    """SIGTERM while the page's engine words the reasons of hundreds of lines skipped, each
    quoting a region of 100,000 characters: the server stops, with no traceback, and takes
    its uploads with it. (Before, each reason's rewording held the interpreter for minutes:
    the signal waited for all of them.)"""
    out = tmp_path / "out"
    havenprint = Path(sys.executable).parent / "havenprint"
    server = subprocess.Popen([str(havenprint), "serve", str(kit), "--out", str(out),
                               "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    try:
        address = server.stdout.readline().split(" at ")[-1].strip()  # type: ignore[union-attr]
        assert address.startswith("http://127.0.0.1:"), address
        page = urllib.request.urlopen(address + "import", timeout=300).read().decode()
        token = page.split('name="csrf-token" content="', 1)[1].split('"', 1)[0]
        body, boundary = _multipart({"region": REGION}, "lines.csv", _csv(ROWS))
        request = urllib.request.Request(address + "import/upload", data=body, method="POST",
                                         headers={"X-CSRF-Token": token, "Content-Type":
                                                  f"multipart/form-data; boundary={boundary}"})
        answers: list[object] = []

        def ask() -> None:
            try:
                answers.append(json.loads(urllib.request.urlopen(request, timeout=600).read()))
            except Exception as error:  # noqa: BLE001 -- what the stopping server answers
                answers.append(error)

        asking = threading.Thread(target=ask, daemon=True)
        asking.start()
        time.sleep(1.0)  # the upload is read and the import under way
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=120)  # a bound no loaded machine reaches: not a timing
        asking.join(10)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    errors = server.stderr.read()  # type: ignore[union-attr]
    assert "Traceback" not in errors, errors
    assert not (out / ".havenprint-serve").exists()
