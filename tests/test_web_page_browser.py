"""The kit's web page in Debian's Chromium (Playwright): axe-core finds no serious or
critical problem, nothing is fetched from anywhere, it reflows at 400 % zoom, and the quick
exit leaves for a neutral site, taking the page out of the tab's back button."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.commands.cli import main
from generator.kit.web_page import QUICK_EXIT
from tests.conftest import CHROMIUM, default_kit_in

if not CHROMIUM.exists():
    pytest.skip("needs Chromium: install Debian's `chromium` package (.ci/run does)",
                allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="needs PyPI's `playwright`")
axe_module = pytest.importorskip("axe_playwright_python.sync_playwright",
                                 reason="needs PyPI's `axe-playwright-python`")

LANGUAGES = ("en", "ar")


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("web-page")
    content = default_kit_in(root / "content", LANGUAGES)
    out = root / "out"
    assert main(["build", str(content), "--out", str(out), "--target", "screen",
                 "--format", "pocket-card", "--no-previews"]) == 0
    return {lang: out / lang / "trauma-bonding.html" for lang in LANGUAGES}


@pytest.fixture
def tab(browser):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text)
            if message.type == "error" else None)  # a style or script the policy refused
    yield page
    context.close()
    assert errors == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_axe_finds_no_serious_problem_and_nothing_is_fetched(tab, pages, lang: str) -> None:
    requested: list[str] = []
    tab.on("request", lambda request: requested.append(request.url))
    url = pages[lang].as_uri()
    tab.goto(url)
    assert requested == [url]  # the page, and nothing else
    results = axe_module.Axe().run(tab)
    serious = [(violation["id"], violation["impact"], len(violation["nodes"]))
               for violation in results.response["violations"]
               if violation["impact"] in ("serious", "critical")]
    assert serious == []
    # Its own style applied (the policy allows it by its digest): the exit is a button.
    background = tab.eval_on_selector("#quick-exit", "e => getComputedStyle(e).backgroundColor")
    assert background == "rgb(26, 26, 26)"


def test_lang_and_direction_are_the_pages(tab, pages) -> None:
    tab.goto(pages["ar"].as_uri())
    assert tab.evaluate("[document.documentElement.lang, document.documentElement.dir]") == [
        "ar", "rtl"]
    # A number reads left to right on a right-to-left page.
    directions = tab.eval_on_selector_all(
        "a[href^='tel:'] bdi", "nodes => nodes.map(n => getComputedStyle(n).direction)")
    assert directions and set(directions) == {"ltr"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_it_reflows_at_four_hundred_percent(browser, pages, lang: str) -> None:
    """A 1280 px window at 400 % is 320 CSS px wide: no scrolling sideways, and the quick
    exit on screen."""
    context = browser.new_context(viewport={"width": 320, "height": 256})
    page = context.new_page()
    page.goto(pages[lang].as_uri())
    wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 1
    box = page.locator("#quick-exit").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 320
    page.mouse.wheel(0, 2000)  # still there when scrolled: it stays at the top
    assert page.locator("#quick-exit").bounding_box()["y"] >= 0
    context.close()


def test_the_quick_exit_leaves_and_takes_the_page_out_of_the_back_button(tab, pages) -> None:
    tab.route(f"{QUICK_EXIT}**", lambda route: route.fulfill(
        status=200, content_type="text/html", body="<title>elsewhere</title>"))
    tab.goto("data:text/html,<title>before</title>")
    tab.goto(pages["en"].as_uri())
    tab.click("#quick-exit")
    tab.wait_for_url(QUICK_EXIT)
    assert tab.title() == "elsewhere"
    tab.go_back()
    assert tab.title() == "before"  # the web page is not in the tab's history any more


@pytest.mark.parametrize("lang", LANGUAGES)
def test_escape_leaves_as_the_button_does(tab, pages, lang: str) -> None:
    """Domestic-violence websites leave on the Escape key: the page is replaced in the
    tab's history, so that Back does not return to it."""
    tab.route(f"{QUICK_EXIT}**", lambda route: route.fulfill(
        status=200, content_type="text/html", body="<title>elsewhere</title>"))
    tab.goto("data:text/html,<title>before</title>")
    tab.goto(pages[lang].as_uri())
    tab.keyboard.press("Escape")
    tab.wait_for_url(QUICK_EXIT)
    assert tab.title() == "elsewhere"
    tab.go_back()
    assert tab.title() == "before"


def test_without_javascript_the_button_still_leaves(browser, pages) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.route(f"{QUICK_EXIT}**", lambda route: route.fulfill(
        status=200, content_type="text/html", body="<title>elsewhere</title>"))
    page.goto(pages["en"].as_uri())
    page.click("#quick-exit")
    page.wait_for_url(QUICK_EXIT)
    assert page.title() == "elsewhere"
    context.close()


def test_without_javascript_the_link_leaves_in_the_same_tab_telling_nothing(
        browser, pages) -> None:
    """With JavaScript off the quick exit is a plain link, and no link can take the page out
    of the tab's Back button (only a script's location.replace can): the best a link does is
    leave in the same tab (the screen and the tab's title change at once; a new tab would
    leave this one open, its title showing) and tell the neutral site nothing of where the
    reader came from. Served over HTTP, where a browser would otherwise send it."""
    import functools
    import threading
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:  # noqa: A002
            pass

    handler = functools.partial(Quiet, directory=str(pages["en"].parent.parent))
    with ThreadingHTTPServer(("127.0.0.1", 0), handler) as site:
        thread = threading.Thread(target=site.serve_forever, daemon=True)
        thread.start()
        context = browser.new_context(java_script_enabled=False)
        try:
            page = context.new_page()
            told: list[str | None] = []

            def neutral(route) -> None:  # noqa: ANN001
                told.append(route.request.headers.get("referer"))
                route.fulfill(status=200, content_type="text/html",
                              body="<title>elsewhere</title>")
            page.route(f"{QUICK_EXIT}**", neutral)
            address = f"http://127.0.0.1:{site.server_address[1]}/en/{pages['en'].name}"
            page.goto(address)
            assert page.get_attribute("#quick-exit", "target") in (None, "_self")
            page.click("#quick-exit")
            page.wait_for_url(QUICK_EXIT)
            assert page.title() == "elsewhere" and len(context.pages) == 1
            assert told == [None]
        finally:
            context.close()
            site.shutdown()
            thread.join()
