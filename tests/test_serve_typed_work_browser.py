"""Typed work is never dropped without asking, in Chromium: Discard changes and Reload (after
a conflict) ask first; the same page being changed in another tab is said, and two tabs'
saves of the same file are merged (the same field changed in both shown, never lost); an
open Overview lays itself out again when a file changes."""

from __future__ import annotations

import re
import shutil

import pytest
import yaml

from generator.serve.server import serving
from tests.conftest import CHROMIUM, DEFAULT_CONTENT, english_only

if not CHROMIUM.exists():
    pytest.skip("needs Chromium: install Debian's `chromium` package (.ci/run does)",
                allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="needs PyPI's `playwright`")

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


@pytest.mark.parametrize(("path", "field", "typed"), [
    ("/settings", "#s-organization", "Harbor Lights (typed here)"),
    ("/translations?lang=en", "#s-take_one", "Take one (typed here)"),
    ("/article?lang=en", "#article-text", "Typed here.\n"),
])
def test_every_editing_page_asks_before_discarding(context, server, path: str, field: str,
                                                   typed: str) -> None:
    """Discard changes asks on Settings, Translations and the Article too (the Lines page:
    above), and keeps what was typed when the answer is no."""
    url, _ = server
    tab = context.new_page()
    tab.goto(url + path)
    tab.fill(field, typed)
    asked = _asked(tab, answer=False)
    tab.get_by_role("link", name="Discard changes").click()
    tab.wait_for_timeout(100)
    assert asked and "will be lost" in asked[0]
    assert tab.input_value(field) == typed


def test_reload_after_a_conflict_asks_too(context, server) -> None:
    url, content = server
    tab = context.new_page()
    tab.goto(f"{url}/lines")
    tab.fill("#r1-name", TYPED)
    resources = content / "resources.yaml"
    resources.write_text(resources.read_text(encoding="utf-8").replace(  # the same name
        "en: 988 Suicide & Crisis Lifeline", "en: 988 Lifeline  # edited elsewhere"),
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
    assert "keeps the changes of both" in status.inner_text()


def _save_lines(tab) -> None:  # noqa: ANN001
    with tab.expect_navigation(url=re.compile(r"saved=1")):
        tab.get_by_role("button", name="Save resources.yaml").click()


def test_two_tabs_saving_the_same_file_keep_both_tabs_edits(context, server) -> None:
    """Each tab changes another line; the second tab's save, made to the version before the
    first's, keeps the first tab's edit (issue 43: two tabs never merged, the second save
    dropped the first's)."""
    url, content = server
    first, second = context.new_page(), context.new_page()
    first.goto(f"{url}/lines")
    second.goto(f"{url}/lines")
    first.fill("#r1-name", TYPED)
    second.fill("#r2-name", "Emergency (typed in the second tab)")
    _save_lines(first)
    _save_lines(second)
    saved = yaml.safe_load((content / "resources.yaml").read_text(encoding="utf-8"))
    names = [str(line["name"]) for line in saved["resources"]]
    assert TYPED in names[1] and "Emergency (typed in the second tab)" in names[2]
    assert second.input_value("#r1-name") == TYPED  # the page shows the file as merged


def test_the_same_field_changed_in_two_tabs_is_shown_before_anything_is_lost(
        context, server) -> None:
    url, content = server
    resources = content / "resources.yaml"
    first, second = context.new_page(), context.new_page()
    first.goto(f"{url}/lines")
    second.goto(f"{url}/lines")
    first.fill("#r1-name", TYPED)
    second.fill("#r1-name", "988 Lifeline (the second tab's)")
    _save_lines(first)
    second.get_by_role("button", name="Save resources.yaml").click()
    status = second.locator("#status")
    sync_api.expect(status).to_contain_text(TYPED)  # the other tab's name, shown
    assert "the second tab's" in status.inner_text()
    assert TYPED in resources.read_text(encoding="utf-8")  # the first tab's, not lost
    assert second.input_value("#r1-name") == "988 Lifeline (the second tab's)"
    with second.expect_navigation(url=re.compile(r"saved=1")):
        status.get_by_role("button", name="Keep my changes").click()
    assert "the second tab's" in resources.read_text(encoding="utf-8")


def test_an_open_overview_is_laid_out_again_when_a_file_changes(context, server) -> None:
    url, content = server
    tab = context.new_page()
    tab.goto(f"{url}/")
    assert "Lives Healing" in tab.locator(".lead").inner_text()
    site = content / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8").replace(
        "organization: Lives Healing", "organization: Harbor Lights"), encoding="utf-8")
    tab.locator(".lead", has_text="Harbor Lights").wait_for()


def test_history_restores_a_version_saved_over_and_refuses_one_that_would_not_load(
        context, server) -> None:
    """History (issue 43: Restore was never driven in a browser): a name saved from the
    Lines page, then the version it replaced restored from History, byte for byte, the
    edited one kept at the top of the list in its turn; a kept version with a number no
    card can print refused with the reason, the file unchanged."""
    url, content = server
    resources = content / "resources.yaml"
    original = resources.read_bytes()
    tab = context.new_page()
    tab.goto(f"{url}/lines")
    tab.fill("#r1-name", TYPED)
    _save_lines(tab)
    edited = resources.read_bytes()
    assert TYPED.encode() in edited
    tab.goto(f"{url}/history")
    section = tab.get_by_role("region", name="resources.yaml")
    section.get_by_text("What changes").first.click()
    assert "988 Suicide & Crisis Lifeline" in section.locator(".changed-lines").first.inner_text()
    restore = section.get_by_role("button", name=re.compile("^Restore resources.yaml"))
    assert restore.count() == 1
    with tab.expect_navigation(url=re.compile(r"restored=")):
        restore.click()
    assert resources.read_bytes() == original
    assert "Restored resources.yaml" in tab.locator("#status").inner_text()
    section = tab.get_by_role("region", name="resources.yaml")
    assert section.get_by_role("button", name=re.compile("^Restore")).count() == 2
    # a kept version the kit would not load with: refused, said, nothing written
    folder = content / ".havenprint" / "history" / "resources.yaml"
    broken = original.replace(b'phone: "988"', b'phone: "1-900-555-0100"', 1)
    assert broken != original
    (folder / "20000101T000000.000000Z.yaml").write_bytes(broken)
    tab.goto(f"{url}/history")
    section = tab.get_by_role("region", name="resources.yaml")
    section.get_by_role("button", name=re.compile("^Restore")).last.click()
    status = tab.locator("#status")
    sync_api.expect(status).to_contain_text("Not restored")
    assert "1-900" in status.inner_text() or "premium" in status.inner_text().lower()
    assert resources.read_bytes() == original
