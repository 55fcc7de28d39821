"""The documentation site (mkdocs.yml) opened from disk in Chromium, as a shelter without a
connection would: nothing is requested from anywhere else, and the search finds pages."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import CHROMIUM

REPO = Path(__file__).resolve().parent.parent
MKDOCS = Path(sys.executable).parent / "mkdocs"

if not CHROMIUM.exists():
    pytest.skip("needs Chromium: install Debian's `chromium` package (.ci/run does)",
                allow_module_level=True)
pytest.importorskip("playwright.sync_api", reason="needs PyPI's `playwright`")
if not MKDOCS.exists():
    pytest.skip("needs mkdocs (the test extra)", allow_module_level=True)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("docs") / "site"
    subprocess.run([str(MKDOCS), "build", "--strict", "--quiet", "--site-dir", str(out)],
                   cwd=REPO, check=True)
    return out


def test_the_site_loads_nothing_from_elsewhere_and_searches_offline(browser, site) -> None:
    context = browser.new_context()
    tab = context.new_page()
    requested: list[str] = []
    tab.on("request", lambda request: requested.append(request.url))
    try:
        tab.goto((site / "index.html").as_uri())
        tab.get_by_role("link", name="Search").first.click()
        query = tab.locator("#mkdocs-search-query")
        query.wait_for()
        query.fill("quick exit")
        results = tab.locator("#mkdocs-search-results article")
        results.first.wait_for()
        assert results.count() >= 1
        titles = " ".join(results.all_inner_texts())
        assert "quick exit" in titles.casefold()
        first = results.first.get_by_role("link")
        with tab.expect_navigation():
            first.click()
        assert tab.url.startswith("file://") and Path(tab.url.split("#")[0][7:]).is_file()
        # every page's link opens a page from disk (no folder URLs a disk cannot serve)
        pages = tab.eval_on_selector_all(
            ".navbar a[href]", "links => links.map(link => link.href)")
        pages = [url.split("#")[0] for url in pages if url.startswith("file://")]
        assert pages and all(Path(url[7:]).is_file() for url in pages), pages
    finally:
        context.close()
    assert [url for url in requested if not url.startswith(("file://", "data:"))] == []
