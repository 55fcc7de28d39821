"""In Chromium: a translation the build would refuse is marked on its field as it is typed,
Save refuses it on that field, and locales/es.yaml is not written."""

from __future__ import annotations

import pytest

from generator.serve.server import serving
from tests.conftest import CHROMIUM, default_kit_in

if not CHROMIUM.exists():
    pytest.skip("needs Chromium: install Debian's `chromium` package (.ci/run does)",
                allow_module_level=True)
pytest.importorskip("playwright.sync_api", reason="needs PyPI's `playwright`")


@pytest.fixture
def spanish(tmp_path):
    content = default_kit_in(tmp_path / "content", ["en", "es"])
    with serving(content, tmp_path / "output", warm=False) as (url, _):
        yield url, content


def test_a_revealing_translation_is_refused_on_its_field(browser, spanish) -> None:
    url, content = spanish
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    try:
        tab.goto(f"{url}/translations?lang=es")
        field = tab.get_by_label("“Scan to call” in Spanish")
        field.fill("Llame: violencia doméstica")
        tab.wait_for_function("() => document.querySelector('#s-scan_tel')"
                              ".getAttribute('aria-invalid') === 'true'")
        tab.get_by_role("button", name="Save es.yaml").click()
        status = tab.locator("#status.error")
        status.wait_for()
        assert "Not saved" in status.inner_text()
        assert "locales/es.yaml is unchanged" in status.inner_text()
        assert tab.evaluate("document.activeElement.id") == "s-scan_tel"
        described = field.get_attribute("aria-describedby") or ""
        said = " ".join(tab.locator(f"#{one}").inner_text() for one in described.split())
        assert "“violencia” and “doméstica” would print on the outside" in said
        assert not (content / "locales" / "es.yaml").exists()
        assert "Saved" not in status.inner_text()
    finally:
        context.close()
    assert errors == []


def test_a_sign_off_names_who_checked_the_strings(browser, spanish) -> None:
    url, content = spanish
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    try:
        tab.goto(f"{url}/translations?lang=es")
        assert "Not signed off" in tab.locator("#review-now").inner_text()
        tab.get_by_label("A native speaker has checked every Spanish string").check()
        tab.get_by_role("button", name="Save es.yaml").click()
        tab.locator("#status.error").wait_for()
        assert "name of the native speaker" in tab.locator("#status").inner_text()
        assert tab.evaluate("document.activeElement.id") == "reviewed-by"
        assert not (content / "locales" / "es.yaml").exists()
        tab.get_by_label("Name of the native speaker who checked them").fill("Lucía Pérez")
        with tab.expect_navigation():
            tab.get_by_role("button", name="Save es.yaml").click()
        assert "Signed off by Lucía Pérez on " in tab.locator("#review-now").inner_text()
        assert "reviewed_by: \"Lucía Pérez\"" in (content / "locales" / "es.yaml").read_text(
            encoding="utf-8")
    finally:
        context.close()
    assert errors == []
