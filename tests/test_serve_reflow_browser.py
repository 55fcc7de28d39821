"""Every page at 320 CSS px (a 1280 px window at 400 %, WCAG 1.4.10), in Chromium: nothing
scrolls sideways, in every state (a built kit, an import's report, a field's error), and a
field's error is right under the field, inside the window."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.serve.server import serving
from tests.conftest import CHROMIUM, default_kit_in

if not CHROMIUM.exists():
    pytest.skip("needs Chromium: install Debian's `chromium` package (.ci/run does)",
                allow_module_level=True)
pytest.importorskip("playwright.sync_api", reason="needs PyPI's `playwright`")

PAGES = ("/", "/lines", "/article", "/translations", "/import", "/download", "/settings",
         "/history")
CSV = Path(__file__).parent / "fixtures" / "spreadsheet" / "hotlines.csv"
WIDER = """() => {
  const width = document.documentElement.clientWidth;
  return {scroll: document.documentElement.scrollWidth, width,
          wider: Array.from(document.querySelectorAll('body *'))
            .filter(node => node.getBoundingClientRect().right > width + 1)
            .filter(node => !node.closest('table.files'))  // scrolls by itself
            .slice(0, 5).map(node => node.tagName + '#' + node.id + '.' + node.className)};
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("reflow")
    content = default_kit_in(folder / "content", ["en", "es", "ar"])
    with serving(content, folder / "output", warm=False) as (url, _):
        yield url


@pytest.fixture
def narrow(browser):
    context = browser.new_context(viewport={"width": 320, "height": 640})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    yield tab
    context.close()
    assert errors == []


def _fits(tab, what: str) -> None:  # noqa: ANN001
    found = tab.evaluate(WIDER)
    assert found["scroll"] <= found["width"], (what, found)


def test_no_page_scrolls_sideways_at_320_css_px(narrow, server) -> None:
    for path in PAGES:
        narrow.goto(server + path)
        _fits(narrow, path)


def test_nor_once_built_imported_or_marked(narrow, server) -> None:
    narrow.goto(f"{server}/download")
    narrow.get_by_role("button", name="Build the kit").click()
    narrow.wait_for_url(re.compile(r"built=1"))
    _fits(narrow, "the download page of a built kit")
    narrow.goto(f"{server}/")
    _fits(narrow, "the overview of a built kit")
    narrow.goto(f"{server}/import")
    narrow.set_input_files("#import-file", str(CSV))
    narrow.get_by_role("button", name="Read the data").click()
    narrow.get_by_role("heading", name="Import report").wait_for()
    _fits(narrow, "an import's report")
    narrow.goto(f"{server}/translations?lang=es")
    narrow.fill("#s-scan_tel", "Llame: violencia doméstica")
    narrow.wait_for_selector("#s-scan_tel[aria-invalid=true]")
    _fits(narrow, "a translation marked")


def test_a_fields_error_is_right_under_it(narrow, server) -> None:
    narrow.goto(f"{server}/lines")
    narrow.fill("#r1-phone", "1-900-555-0100")
    narrow.wait_for_selector("#r1-phone[aria-invalid=true]")
    _fits(narrow, "a line's error")
    field, message = narrow.evaluate("""() => {
        const input = document.getElementById('r1-phone');
        const said = document.getElementById(input.getAttribute('aria-describedby').split(' ')[0]);
        const box = node => {
            const r = node.getBoundingClientRect();
            return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};
        };
        return [box(input), box(said)];
    }""")
    assert 0 <= message["top"] - field["bottom"] < 24, (field, message)
    assert message["left"] >= 0 and message["right"] <= 320
    said = narrow.locator("#r1-phone + .field-problem")
    assert "premium-rate" in said.inner_text()
    narrow.set_viewport_size({"width": 1400, "height": 900})  # wide: under the line again
    narrow.wait_for_function("() => document.querySelector("
                             "'tbody[data-row=r1] .row-problems li.error')")
