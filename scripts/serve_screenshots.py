"""Screenshots of the web page's pages for the README, taken in Debian's Chromium at 1366 px
(a laptop) and 390 px (a phone): `python scripts/serve_screenshots.py` (needs
/usr/bin/chromium and Playwright)."""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from generator.serve.server import serving

REPO = Path(__file__).resolve().parent.parent
IMAGES = REPO / "docs" / "images"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
SPREADSHEET = REPO / "tests" / "fixtures" / "spreadsheet" / "hotlines.csv"
LAPTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}


def shoot(page: Page, name: str, full: bool = False) -> None:
    page.wait_for_load_state("networkidle")
    page.screenshot(path=str(IMAGES / f"serve-{name}.png"), full_page=full)
    print(f"wrote docs/images/serve-{name}.png")


def translations(page: Page, url: str) -> None:
    """The Translations page, then a Spanish text typed past its room, with the files for
    translation tools above it (docs/translators-web-page.md)."""
    page.goto(url + "/translations?lang=ar")
    shoot(page, "translations")
    page.goto(url + "/translations?lang=es")
    page.locator("#s-scan_tel").fill("Escanee este código con su teléfono para llamarnos ahora")
    page.locator("#count-scan_tel.over").wait_for()
    page.locator('[data-problems-for="scan_tel"] .field-problem').first.wait_for()
    page.locator(".translator-files").evaluate(
        "panel => window.scrollTo(0, panel.getBoundingClientRect().top + scrollY - 8)")
    shoot(page, "translations-room")
    with page.expect_navigation():
        page.get_by_role("link", name="Discard changes").click()


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)  # the page names the folder as given: `content`
        content = Path("content")
        shutil.copytree(REPO / "content", content)
        with serving(content, Path("output")) as (url, _), \
                sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                                 args=CHROMIUM_ARGS)
            page = browser.new_page(viewport=LAPTOP)
            page.on("dialog", lambda dialog: dialog.accept())
            page.goto(url + "/")
            shoot(page, "overview")

            page.goto(url + "/lines")
            page.locator("#r0-phone").fill("911")
            page.locator('tbody[data-row="r0"] .row-problems li').first.wait_for()
            page.evaluate("window.scrollTo(0, 0)")
            shoot(page, "lines")
            with page.expect_navigation():
                page.get_by_role("link", name="Discard changes").click()

            page.goto(url + "/settings")
            page.locator("#s-title-en").fill("Domestic violence help")
            page.locator('p.field-problem').first.wait_for()
            page.locator("#s-title-en").blur()
            page.evaluate("window.scrollTo(0, 0)")
            shoot(page, "settings")
            with page.expect_navigation():
                page.get_by_role("link", name="Discard changes").click()

            page.goto(url + "/article?lang=es")
            page.wait_for_load_state("networkidle")
            shoot(page, "article")

            translations(page, url)

            page.goto(url + "/import")
            page.get_by_label("File to import").set_input_files(str(SPREADSHEET))
            page.get_by_role("button", name="Read the data").click()
            page.locator("#import-report").wait_for(state="visible")
            page.get_by_label("The date you checked the imported lines").fill("2026-11-02")
            page.get_by_role("button", name="Accept: add to my lines").wait_for()
            page.locator("#import-mode, .import-mode").first.scroll_into_view_if_needed()
            shoot(page, "import")

            page.goto(url + "/download")
            page.get_by_role("button", name="Build the kit").click()
            page.wait_for_url(re.compile("built=1"), timeout=300_000)
            shoot(page, "download")

            page.goto(url + "/lines")
            page.locator("#r1-hours").fill("24 hours")
            page.get_by_role("button", name="Save resources.yaml").click()
            page.wait_for_url(re.compile("saved=1"))
            page.goto(url + "/history")
            shoot(page, "history")

            phone = browser.new_page(viewport=PHONE)
            phone.goto(url + "/lines")
            phone.locator("#r1-phone").focus()
            phone.locator("#r1-phone").evaluate("box => window.scrollTo(0, "
                                                "box.getBoundingClientRect().top + scrollY - 120)")
            shoot(phone, "lines-phone")
            phone.goto(url + "/settings")
            phone.locator("#s-title-es").focus()
            phone.locator("#lang-es").scroll_into_view_if_needed()
            shoot(phone, "settings-phone")
            browser.close()


if __name__ == "__main__":
    main()
