"""The Download page in Chromium after a partial build: Somali added from Settings, the kit
built from Download, and the page lists what was not built and why, answering 200 before
and after (and after the language is removed again)."""

from __future__ import annotations

import re
import shutil

import pytest

from generator.serve.server import serving
from tests.conftest import CHROMIUM, DEFAULT_CONTENT, english_only

if not CHROMIUM.exists():
    pytest.skip("needs Chromium: install Debian's `chromium` package (.ci/run does)",
                allow_module_level=True)
pytest.importorskip("playwright.sync_api", reason="needs PyPI's `playwright`")


@pytest.fixture
def server(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    site = content / "site.yaml"
    site.write_text(english_only(site.read_text(encoding="utf-8")), encoding="utf-8")
    with serving(content, tmp_path / "output", warm=False) as (url, _):
        yield url, content


def test_a_partial_build_lists_what_was_not_built_and_the_page_keeps_answering(
        browser, server) -> None:
    url, _ = server
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    try:
        assert tab.goto(f"{url}/download").status == 200
        tab.goto(f"{url}/settings")
        tab.get_by_label("Add a language").fill("Somali")
        tab.get_by_role("button", name="Add", exact=True).click()
        tab.wait_for_url(re.compile(r"/translations\?lang=so"))
        tab.goto(f"{url}/download")
        tab.get_by_role("button", name="Build the kit").click()
        tab.wait_for_url(re.compile(r"built=1"))
        missing = tab.get_by_role("region", name="Not built")
        text = missing.inner_text()
        assert "Pocket card" in text and "Somali" in text
        assert "no list of words that would give the card away" in text
        assert missing.get_by_role("link", name=re.compile(r"Settings \(site\.yaml")).count()
        assert "discreet" not in text
        assert tab.get_by_role("link", name=re.compile("^Print Pocket card")).count() >= 1
        assert tab.goto(f"{url}/download").status == 200  # and on every later visit
        tab.goto(f"{url}/settings")
        tab.once("dialog", lambda dialog: dialog.accept())
        tab.get_by_role("button", name="Remove Somali from the kit").click()
        tab.wait_for_url(re.compile(r"removed=so"))
        assert tab.goto(f"{url}/download").status == 200
    finally:
        context.close()
    assert errors == []
