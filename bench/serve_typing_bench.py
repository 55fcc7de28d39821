"""Keystroke to new picture on the Lines page while a volunteer types, in Debian's Chromium.

    .venv/bin/python bench/serve_typing_bench.py [--bursts 12] [--interval 150] [--pause 1.8]

The default kit (four languages) is copied to a temporary folder and served on a free port
of 127.0.0.1, warmed up (the Overview opened once). Chromium opens the Lines page and types
into the second line's name as a person does: bursts of eight keys `--interval` ms apart
(then eight Backspaces), each burst after a pause of `--pause` seconds, long enough for the
page to start its check of every format and language (1.5 s after typing stops), so that
typing resumes while that check runs.

For each keystroke: the time from its `input` event to the first picture of the card, decoded
on the page, drawn from a draft sent at or after it (the page sends the table as it is when
it asks; a request sent before the keystroke cannot show it). Measured in the page
(performance.now()), through a wrapper of `fetch` and a MutationObserver the benchmark adds:
nothing of the page is changed for it. Reported for every keystroke, and for the first
keystroke of each burst (typing resumed after a pause). The goal: a median of 150 ms and a
95th percentile of 400 ms. Prints a Markdown table. Not a test: the figures depend on the
machine.
"""

from __future__ import annotations

import argparse
import http.client
import shutil
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
GOAL_MEDIAN_MS, GOAL_P95_MS = 150, 400
FIELD = "#r1-name"
WORD = " helpers"

RECORDER = """selector => {
  const log = window.__typing = {keys: [], sent: [], answers: [], pictures: []};
  const field = document.querySelector(selector);
  field.addEventListener("input", () => log.keys.push(performance.now()));
  const original = window.fetch;
  window.fetch = async (url, options) => {
    const preview = String(url).endsWith("/lines/draft") && options && options.body &&
      !JSON.parse(options.body).check;
    const sent = performance.now();
    const response = await original(url, options);
    if (preview) {
      const json = response.json.bind(response);
      response.json = async () => {
        const data = await json();
        if (data.faces && data.faces.length) log.answers.push({sent, at: performance.now()});
        return data;
      };
    }
    return response;
  };
  const box = document.getElementById("preview-faces");
  new MutationObserver(() => {
    const answer = log.answers[log.answers.length - 1];
    if (!answer) return;
    const images = Array.from(box.querySelectorAll("img"));
    Promise.all(images.map(image => image.decode().catch(() => null))).then(() => {
      log.pictures.push({sent: answer.sent, at: performance.now()});
    });
  }).observe(box, {childList: true});
}"""


def percentile(ordered: list[float], share: float) -> float:
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def summary(name: str, times_ms: list[float]) -> str:
    ordered = sorted(times_ms)
    if not ordered:
        return f"| {name} | (none) | | | |"
    return (f"| {name} | {len(ordered)} | {statistics.median(ordered):.0f} ms | "
            f"{percentile(ordered, 0.95):.0f} ms | {ordered[-1]:.0f} ms |")


def latencies(log: dict) -> tuple[list[float], list[int]]:
    """Each keystroke's time to the first picture drawn from a draft sent after it (None
    when none came: the run ended first)."""
    pictures = sorted(log["pictures"], key=lambda picture: picture["at"])
    found = []
    for index, key in enumerate(log["keys"]):
        shown = next((picture["at"] for picture in pictures
                      if picture["sent"] >= key and picture["at"] >= key), None)
        if shown is not None:
            found.append((index, shown - key))
    return [ms for _, ms in found], [index for index, _ in found]


def type_bursts(page, bursts: int, interval: float, pause: float) -> list[int]:  # noqa: ANN001
    """Bursts of keys into the field; the index of the first keystroke of each."""
    field = page.locator(FIELD)
    field.click()
    page.keyboard.press("End")
    firsts = []
    count = 0
    for burst in range(bursts):
        time.sleep(pause)
        firsts.append(count)
        keys = list(WORD) if burst % 2 == 0 else ["Backspace"] * len(WORD)
        for key in keys:
            page.keyboard.press(key)
            count += 1
            time.sleep(interval)
    time.sleep(3)  # the last pictures
    return firsts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bursts", type=int, default=12)
    parser.add_argument("--interval", type=float, default=150, help="ms between keys")
    parser.add_argument("--pause", type=float, default=1.8, help="seconds between bursts")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder:
        content = Path(folder) / "content"
        shutil.copytree(REPO / "content", content)
        with serving(content, Path(folder) / "output", warm=True) as (url, _):
            warm = http.client.HTTPConnection(url.removeprefix("http://"), timeout=300)
            warm.request("GET", "/")  # the Overview: every document once, warm
            warm.getresponse().read()
            warm.close()
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                                     args=CHROMIUM_ARGS)
                page = browser.new_page(viewport={"width": 1366, "height": 900})
                page.goto(f"{url}/lines")
                page.wait_for_selector("#preview-faces img")
                page.evaluate(RECORDER, FIELD)
                firsts = type_bursts(page, args.bursts, args.interval / 1000, args.pause)
                log = page.evaluate("window.__typing")
                browser.close()
    every, indexes = latencies(log)
    resumed = [ms for ms, index in zip(every, indexes, strict=True) if index in firsts]
    print(f"Keystroke to new picture on the Lines page, typing in Chromium ({args.bursts} "
          f"bursts of {len(WORD)} keys {args.interval:.0f} ms apart, {args.pause} s pauses; "
          f"goal: median {GOAL_MEDIAN_MS} ms, 95th percentile {GOAL_P95_MS} ms)\n")
    print("| keystrokes | count | median | 95th percentile | slowest |")
    print("|---|---:|---:|---:|---:|")
    print(summary("every keystroke", every))
    print(summary("the first after a pause (typing resumed)", resumed))
    missing = len(log["keys"]) - len(every)
    if missing:
        print(f"\n{missing} keystroke(s) never reached a picture before the run ended.")


if __name__ == "__main__":
    main()
