"""Typed work is never dropped without asking, in Chromium: Discard changes and Reload (after
a conflict) ask first, and the same page being changed in another tab is said (edits in two
tabs are not merged); an open Overview lays itself out again when a file changes."""

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

TYPED = "988 Lifeline (typed here)"


@pytest.fixture
def server(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    site = content / "site.yaml"
    site.write_text(english_only(site.read_text(encoding="utf-8")), encoding="utf-8")
    with serving(content, tmp_path / "output", warm=False) as (url, _):
        yield url, content


@pytest.fixture
def context(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    yield context
    context.close()


def _asked(tab, answer: bool) -> list[str]:  # noqa: ANN001
    asked: list[str] = []

    def dialog(box) -> None:  # noqa: ANN001
        asked.append(box.message)
        if answer:
            box.accept()
        else:
            box.dismiss()
    tab.once("dialog", dialog)
    return asked


def test_discard_changes_asks_before_dropping_typed_work(context, server) -> None:
    url, _ = server
    tab = context.new_page()
    tab.goto(f"{url}/lines")
    tab.fill("#r1-name", TYPED)
    asked = _asked(tab, answer=False)
    tab.get_by_role("link", name="Discard changes").click()
    tab.wait_for_timeout(100)  # the dialog's answer acted on (nothing happens)
    assert asked and "will be lost" in asked[0]
    assert tab.input_value("#r1-name") == TYPED
    asked = _asked(tab, answer=True)
    with tab.expect_navigation():
        tab.get_by_role("link", name="Discard changes").click()
    assert asked and tab.input_value("#r1-name") != TYPED


def test_reload_after_a_conflict_asks_too(context, server) -> None:
    url, content = server
    tab = context.new_page()
    tab.goto(f"{url}/lines")
    tab.fill("#r1-name", TYPED)
    resources = content / "resources.yaml"
    resources.write_text(resources.read_text(encoding="utf-8") + "# edited elsewhere\n",
                         encoding="utf-8")
    tab.get_by_role("button", name="Save resources.yaml").click()
    reload = tab.locator("#status").get_by_role("button", name="Reload")
    reload.wait_for()
    asked = _asked(tab, answer=False)
    reload.click()
    tab.wait_for_timeout(100)
    assert asked and "will be lost" in asked[0]
    assert tab.input_value("#r1-name") == TYPED
    assert "# edited elsewhere" in resources.read_text(encoding="utf-8")


def test_the_same_page_changed_in_another_tab_is_said(context, server) -> None:
    url, _ = server
    first, second = context.new_page(), context.new_page()
    first.goto(f"{url}/lines")
    second.goto(f"{url}/lines")
    first.fill("#r1-name", TYPED)
    status = second.locator("#status")
    status.filter(has_text=re.compile("open in another tab")).wait_for()
    assert "not merged" in status.inner_text()


def test_an_open_overview_is_laid_out_again_when_a_file_changes(context, server) -> None:
    url, content = server
    tab = context.new_page()
    tab.goto(f"{url}/")
    assert "Lives Healing" in tab.locator(".lead").inner_text()
    site = content / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8").replace(
        "organization: Lives Healing", "organization: Harbor Lights"), encoding="utf-8")
    tab.locator(".lead", has_text="Harbor Lights").wait_for()
