"""How quickly the web page shows a changed card (`havenprint serve`), on a warm server.

    .venv/bin/python bench/serve_bench.py [--changes 40] [--no-browser]

The default kit is copied to a temporary folder and served on a free port of 127.0.0.1. A
"change" gives the first line a new phone number (so a new QR code, a new fit of the
lines), as typing in the Lines table does. Measured, each a median, a 95th percentile and
the slowest of `--changes` changes, after the server has warmed up:

- server: the draft request alone, timed inside the server (the table applied to
  resources.yaml with its comments, the lines checked, the card laid out, drawn and turned
  into PNGs);
- HTTP: the draft request and the download of the card's back, from a client in this
  process, as the page makes them;
- browser: in Debian's Chromium (when /usr/bin/chromium and Playwright are there), from the
  keystroke that completes the number to the new picture decoded on the page (the page asks
  at once; serve_typing_bench.py measures it while typing).

The target: one card's preview within 300 ms of a change. Prints a Markdown table. Not a
test: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import http.client
import json
import shutil
import socket
import statistics
import tempfile
import time
from pathlib import Path

from generator.serve.server import serving

REPO = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
TARGET_MS = 300


def number(index: int) -> str:
    return f"1-800-555-{index:04d}"


def table(index: int) -> dict:
    return {"order": ["r0", "r1", "r2"], "lines": {"r0": {"phone": number(index)}}}


def summary(name: str, times_ms: list[float]) -> str:
    ordered = sorted(times_ms)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return (f"| {name} | {statistics.median(ordered):.0f} ms | {p95:.0f} ms | "
            f"{ordered[-1]:.0f} ms |")


def over_http(url: str, csrf: str, changes: int) -> tuple[list[float], list[float]]:
    server_ms, total_ms = [], []
    connection = http.client.HTTPConnection(url.removeprefix("http://"), timeout=60)
    connection.connect()  # headers and body go in two writes: no waiting for an ACK
    connection.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def request(method: str, path: str, body: dict | None = None) -> bytes:
        headers = {"X-CSRF-Token": csrf, "Content-Type": "application/json"} if body else {}
        connection.request(method, path, json.dumps(body) if body else None, headers)
        answer = connection.getresponse()
        data = answer.read()
        assert answer.status == 200, data[:200]
        return data

    request("GET", "/lines")
    for index in range(-5, changes):  # five to warm up
        started = time.perf_counter()
        data = json.loads(request("POST", "/lines/draft", {
            "table": table(1000 + index), "format": "pocket-card", "lang": "en"}))
        png = request("GET", data["faces"][1]["url"])
        elapsed = (time.perf_counter() - started) * 1000
        assert png.startswith(b"\x89PNG")
        if index >= 0:
            server_ms.append(data["ms"])
            total_ms.append(elapsed)
    connection.close()
    return server_ms, total_ms


def in_browser(url: str, changes: int) -> list[float] | None:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    if not CHROMIUM.exists():
        return None
    times = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.goto(f"{url}/lines")
        field = page.locator("#r0-phone")
        for index in range(-3, changes):
            old = page.locator("#preview-faces img").nth(1).get_attribute("src")
            field.fill(number(2000 + index)[:-1])
            page.wait_for_timeout(50)
            page.evaluate("""() => {
                window.__changed = null;
                const box = document.getElementById('preview-faces');
                new MutationObserver((_, observer) => {
                    const image = box.querySelectorAll('img')[1];
                    if (!image) return;
                    observer.disconnect();
                    image.decode().then(() => { window.__changed = performance.now(); });
                }).observe(box, {childList: true});
            }""")
            started = page.evaluate("performance.now()")
            field.press(number(2000 + index)[-1])
            page.wait_for_function("() => window.__changed !== null")
            changed = page.evaluate("window.__changed")
            assert page.locator("#preview-faces img").nth(1).get_attribute("src") != old
            if index >= 0:
                times.append(changed - started)
        browser.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--changes", type=int, default=40)
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        content = Path(folder) / "content"
        shutil.copytree(REPO / "content", content)
        with serving(content, Path(folder) / "output", warm=True) as (url, workspace):
            warm = http.client.HTTPConnection(url.removeprefix("http://"), timeout=300)
            warm.request("GET", "/")  # the Overview: every document once, warm
            warm.getresponse().read()
            warm.close()
            server_ms, http_ms = over_http(url, workspace.csrf, args.changes)
            browser_ms = None if args.no_browser else in_browser(url, args.changes)
    print(f"One card's preview after a change ({args.changes} changes, warm server; "
          f"target {TARGET_MS} ms)\n")
    print("| measured | median | 95th percentile | slowest |")
    print("|---|---:|---:|---:|")
    print(summary("server: draft checked, laid out, drawn, PNGs", server_ms))
    print(summary("HTTP: draft request + the card's PNG", http_ms))
    if browser_ms is not None:
        print(summary("browser: keystroke to new picture", browser_ms))
    else:
        print("| browser | (no Chromium or Playwright here) | | |")


if __name__ == "__main__":
    main()
