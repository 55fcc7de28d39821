"""Screenshots of the web page's pages for the README, taken in Debian's Chromium:
`python scripts/serve_screenshots.py` (needs /usr/bin/chromium and Playwright)."""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from generator.serve.command import serving

REPO = Path(__file__).resolve().parent.parent
IMAGES = REPO / "docs" / "images"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
SPREADSHEET = REPO / "tests" / "fixtures" / "spreadsheet" / "hotlines.csv"
VIEWPORT = {"width": 1440, "height": 960}


def shoot(page: Page, name: str, full: bool = False) -> None:
    page.wait_for_load_state("networkidle")
    page.screenshot(path=str(IMAGES / f"serve-{name}.png"), full_page=full)
    print(f"wrote docs/images/serve-{name}.png")


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)  # the page names the folder as given: `content`
        content = Path("content")
        shutil.copytree(REPO / "content", content)
        with serving(content, Path("output")) as (url, _), \
                sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                                 args=CHROMIUM_ARGS)
            page = browser.new_page(viewport=VIEWPORT)
            page.goto(url + "/")
            page.locator("section.document").first.scroll_into_view_if_needed()
            page.evaluate("window.scrollTo(0, 0)")
            shoot(page, "overview")

            page.goto(url + "/lines")
            page.get_by_role("button", name="Add a line").click()
            page.locator("tbody[data-row=n1] [data-field=name]").fill("Harbor Light Crisis Line")
            page.locator("tbody[data-row=n1] [data-field=phone]").fill("1-900-555-0142")
            page.locator("tbody[data-row=n1] [aria-invalid=true]").wait_for()
            page.locator("#r0-phone").fill("1-800-799-7233")
            shoot(page, "lines")

            page.goto(url + "/article")
            text = page.locator("#article-text")
            text.fill(text.input_value().replace(
                "card: You are not alone, and what you feel makes sense.",
                "card: You are not alone. What you feel makes sense."))
            page.wait_for_function("() => /Updated/.test("
                                   "document.getElementById('preview-note').textContent)")
            text.evaluate("area => { area.blur(); area.setSelectionRange(0, 0); "
                          "area.scrollTop = 0; }")
            shoot(page, "article")

            page.goto(url + "/translations?lang=ar")
            shoot(page, "translations")

            page.goto(url + "/import")
            page.set_input_files("#import-file", str(SPREADSHEET))
            page.get_by_role("button", name="Read the file").click()
            page.locator("#import-report").wait_for(state="visible")
            shoot(page, "import", full=True)

            page.goto(url + "/download")
            page.get_by_role("button", name="Build the kit").click()
            page.wait_for_url(re.compile("built=1"), timeout=300_000)
            shoot(page, "download")
            browser.close()


if __name__ == "__main__":
    main()
