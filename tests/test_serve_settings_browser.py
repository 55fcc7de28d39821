"""The Settings page in Chromium: saving writes only what the volunteer changed, and a
setting that defaults from another (the poster's size, from the paper) follows it on the
page."""

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
