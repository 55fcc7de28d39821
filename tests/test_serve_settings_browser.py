"""The Settings page in Chromium: saving writes only what the volunteer changed, and a
setting that defaults from another (the poster's size, from the paper) follows it on the
page."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

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
    # paper left out: it defaults to Letter, as the poster's size does from it
    text = re.sub(r"^paper: .*\n", "", english_only(site.read_text(encoding="utf-8")),
                  flags=re.M)
    site.write_text(text, encoding="utf-8")
    with serving(content, tmp_path / "output", warm=False) as (url, _):
        yield url, content


def test_only_the_paper_is_written_and_the_poster_follows_it(browser, server) -> None:
    url, content = server
    site = content / "site.yaml"
    before_text = site.read_text(encoding="utf-8")
    before = yaml.safe_load(before_text)
    assert "paper" not in before and "poster_size" not in before
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    try:
        tab.goto(f"{url}/settings")
        poster = tab.get_by_label("The poster's size")
        assert poster.input_value() == "letter"
        tab.get_by_label("Paper", exact=True).select_option("a4")
        tab.wait_for_function(
            "() => document.querySelector('[data-setting=\"option:poster_size\"]').value === 'a4'")
        tab.get_by_role("button", name="Save the settings").click()
        tab.wait_for_url(re.compile(r"saved=1"))
        after = yaml.safe_load(site.read_text(encoding="utf-8"))
        assert after == {**before, "paper": "a4"}  # one key, nothing pinned
        assert len(site.read_text(encoding="utf-8").splitlines()) == \
            len(before_text.splitlines()) + 1
        assert tab.get_by_label("The poster's size").input_value() == "a4"  # as it defaults
        # a poster size chosen against the paper is the volunteer's, and is written
        tab.get_by_label("The poster's size").select_option("tabloid")
        with tab.expect_response(re.compile(r"/settings/draft$")):
            tab.get_by_label("Paper", exact=True).select_option("letter")
        tab.evaluate("() => new Promise(requestAnimationFrame)")  # the answer applied
        assert tab.get_by_label("The poster's size").input_value() == "tabloid"
        with tab.expect_navigation():
            tab.get_by_role("button", name="Save the settings").click()
        final = yaml.safe_load(site.read_text(encoding="utf-8"))
        assert final == {**before, "paper": "letter", "poster_size": "tabloid"}
    finally:
        context.close()
    assert errors == []


ETHIOPIC = Path("/usr/share/fonts/truetype/noto/NotoSansEthiopic-Regular.ttf")


@pytest.mark.skipif(not ETHIOPIC.is_file(),
                    reason="needs Debian's fonts-noto-core (Noto Sans Ethiopic)")
def test_amharic_added_with_a_font_from_the_page_builds(browser, server) -> None:
    url, content = server
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    try:
        tab.goto(f"{url}/settings")
        tab.get_by_label("Add a language").fill("Amharic")
        tab.get_by_role("button", name="Add", exact=True).click()
        tab.wait_for_url(re.compile(r"/translations\?lang=am"))
        tab.get_by_role("link", name=re.compile("Choose a font for the Ethiopic script")).click()
        tab.wait_for_url(re.compile(r"/settings\?lang=am#font-am"))
        choice = tab.get_by_label("A font on this computer")
        assert "Noto Sans Ethiopic" in choice.locator("option:checked").inner_text()
        assert "has all" in choice.locator("option:checked").inner_text()
        tab.get_by_role("button", name="Use this font").click()
        tab.wait_for_url(re.compile(r"font=1"))
        assert "prints with fonts/NotoSansEthiopic-Regular.ttf" in tab.locator(
            "#font-am").inner_text()
        tab.goto(f"{url}/download")
        tab.get_by_role("button", name="Build the kit").click()
        tab.wait_for_url(re.compile(r"built=1"))
        missing = tab.get_by_role("region", name="Not built")
        assert missing.count() == 0 or "Amharic" not in missing.inner_text()
        assert tab.get_by_role("link", name=re.compile(r"^Print Pocket card \(Amharic")).count()
    finally:
        context.close()
    assert errors == []
