"""Issue 44's parts of the web page in Debian's Chromium (Playwright): the Import page reads
an HSDS API a volunteer types in (a local server on 127.0.0.1) and lists what it refused;
the Overview's lines to check and the Download page's changes since the last kit read with
no serious accessibility violation (axe-core), on a desktop and a phone, with no sideways
scrolling at 390 px."""

from __future__ import annotations

import copy
import json
import re
import shutil
from pathlib import Path

import pytest

from generator.commands.cli import main
from generator.importers import hsds_api
from generator.serve.server import serving
from tests.conftest import CHROMIUM, DEFAULT_CONTENT, english_only
from tests.hsds_server import Behaviour
from tests.hsds_server import hsds_api as api_serving

if not CHROMIUM.exists():
    pytest.skip("needs Chromium: install Debian's `chromium` package (.ci/run does)",
                allow_module_level=True)
pytest.importorskip("playwright.sync_api", reason="needs PyPI's `playwright`")
axe_module = pytest.importorskip("axe_playwright_python.sync_playwright",
                                 reason="needs PyPI's `axe-playwright-python`")

SERVICES = json.loads((Path(__file__).parent / "fixtures" / "hsds" / "services.json")
                      .read_text(encoding="utf-8"))


@pytest.fixture
def kit_with_changes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    """A kit built into its output folder, then a line past its check date and the first
    line's number changed: the Overview has lines to check, the Download page pieces to
    reprint."""
    monkeypatch.setattr(hsds_api, "PER_PAGE", 3)
    monkeypatch.setattr(hsds_api, "pause", lambda seconds: None)
    content = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    site = content / "site.yaml"
    site.write_text(english_only(site.read_text(encoding="utf-8")), encoding="utf-8")
    out = tmp_path / "output"
    assert main(["build", str(content), "--out", str(out), "--format", "pocket-card",
                 "--format", "brochure", "--target", "office", "--no-previews"]) == 0
    resources = content / "resources.yaml"
    text = resources.read_text(encoding="utf-8")
    text = text.replace("phone: 1-800-799-7233", "phone: 1-800-799-7000", 1)
    text = text.replace("    verified: 2026-11-01  # when someone last checked this line works",
                        "    verified: 2024-01-15", 1)
    resources.write_text(text, encoding="utf-8")
    with serving(content, out) as (url, workspace):
        yield url, content


def serious(tab) -> list[tuple[str, str, int]]:  # noqa: ANN001
    results = axe_module.Axe().run(tab)
    return [(violation["id"], violation["impact"], len(violation["nodes"]))
            for violation in results.response["violations"]
            if violation["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("width", [1366, 390])
def test_lines_to_check_and_pieces_to_reprint_read_well(browser, kit_with_changes,
                                                        width: int) -> None:  # noqa: ANN001
    url, _ = kit_with_changes
    context = browser.new_context(viewport={"width": width, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    try:
        tab.goto(url + "/")
        worklist = tab.get_by_role("region", name="Lines to check again")
        assert worklist.get_by_role("rowheader").all_inner_texts() == [
            "National Domestic Violence Hotline"]
        assert worklist.get_by_role("cell").all_inner_texts()[:2] == ["2024-01-15", "2"]
        assert serious(tab) == []
        assert tab.evaluate("document.documentElement.scrollWidth") <= width
        tab.goto(url + "/download")
        changes = tab.get_by_role("region", name="Since this kit was built")
        assert "the number was 1-800-799-7233, now 1-800-799-7000" in changes.inner_text()
        assert tab.get_by_text("out of date: build the kit again").count() == 2
        assert serious(tab) == []
        assert tab.evaluate("document.documentElement.scrollWidth") <= width
    finally:
        context.close()
    assert errors == []


def test_an_api_typed_on_the_import_page_is_read_and_its_refusals_listed(
        browser, kit_with_changes) -> None:  # noqa: ANN001
    url, _ = kit_with_changes
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    tab = context.new_page()
    try:
        with api_serving(Behaviour(copy.deepcopy(SERVICES))) as address:
            tab.goto(url + "/import")
            tab.get_by_label("Or the address of an HSDS API").fill(address + "/")
            tab.get_by_role("button", name="Read the data").click()
            report = tab.get_by_role("region", name="Import report")
            report.wait_for()
        refused = tab.locator("#report-refused li").all_inner_texts()
        assert len(refused) == 1 and "Youth Outreach" in refused[0] and "555-0100" in \
            refused[0]
        kept = tab.locator("#report-kept tr").count()
        assert kept == 6
        assert "6 line(s) read, 1 refused" in tab.locator("#report-summary").inner_text()
        assert serious(tab) == []
        with api_serving(Behaviour(copy.deepcopy(SERVICES),
                                   statuses={"page:1": (503, 99)})) as address:
            tab.get_by_label("Or the address of an HSDS API").fill(address)
            tab.get_by_role("button", name="Read the data").click()
            tab.get_by_text("The directory's server failed (HTTP 503)").wait_for()
    finally:
        context.close()


def test_a_batchs_changes_page_reads_well(browser, tmp_path: Path) -> None:  # noqa: ANN001
    """OUT/changes.html of `havenprint changes SITES --since OUT`: no serious accessibility
    violation, no sideways scrolling on a phone."""
    from datetime import date

    from generator.kit.changes import ChangeReport, LineChange, Piece, SiteChanges, StaleLine
    from generator.kit.changes_page import render_changes_page

    card = Piece("pocket-card", "en", ("en/pocket-card.pdf", "en/pocket-card-shop.pdf"))
    report = ChangeReport(
        [LineChange("Northstar Helpline", "changed",
                    ("number 1-800-555-0199 -> 1-800-555-0111",))],
        [(card, ("Northstar Helpline",))], [Piece("brochure", "en", ("en/brochure.pdf",))],
        [StaleLine("Lakeshore Crisis Line", date(2024, 9, 30), 2,
                   "hsds-api-copy.json (service svc-lakeshore at https://example.org/hsds/"
                   "services/svc-lakeshore)")],
        data="the copy of the API https://example.org/hsds read 2026-12-01T06:00:00Z",
        refused=["lines.csv:3: refused 'Oak Line': phone '614-27' is not a number to call"])
    sites = [SiteChanges("harbor", report), SiteChanges("lakeshore", ChangeReport()),
             SiteChanges("new-site", problem="no kit in kits/new-site to compare with: build it",
                         no_kit=True)]
    page_file = tmp_path / "changes.html"
    page_file.write_bytes(render_changes_page(sites, date(2026, 12, 7)))
    for width in (1366, 390):
        context = browser.new_context(viewport={"width": width, "height": 900})
        tab = context.new_page()
        try:
            tab.goto(page_file.as_uri())
            assert tab.get_by_role("table", name="Sites").get_by_role(
                "rowheader").all_inner_texts() == ["harbor", "lakeshore", "new-site"]
            assert serious(tab) == []
            assert tab.evaluate("document.documentElement.scrollWidth") <= width
        finally:
            context.close()


@pytest.fixture
def api_kit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    """A kit whose resources: names a local HSDS API, built from it (its copy kept), with
    `havenprint serve` running on it; the API's behaviour, to change."""
    monkeypatch.setattr(hsds_api, "PER_PAGE", 3)
    monkeypatch.setattr(hsds_api, "TIMEOUT", 2.0)
    monkeypatch.setattr(hsds_api, "pause", lambda seconds: None)
    content = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    site = content / "site.yaml"
    served = Behaviour([service for service in copy.deepcopy(SERVICES)
                        if service["id"] != "svc-youth"])  # refused: 555-0100
    out = tmp_path / "output"
    with api_serving(served) as address:
        site.write_text(english_only(site.read_text(encoding="utf-8")).replace(
            "\nbrand_color:", f"\nresources: {{path: '{address}', verified: 2026-11-20}}\n"
            "brand_color:"), encoding="utf-8")
        (content / "resources.yaml").unlink()
        assert main(["build", str(content), "--out", str(out), "--format", "pocket-card",
                     "--format", "brochure", "--target", "office", "--no-previews",
                     "--refresh"]) == 0
        with serving(content, out) as (url, _):
            yield url, content, served


def test_the_download_page_reads_the_directory_again(browser, api_kit) -> None:  # noqa: ANN001
    """Issue 44: a kit whose lines come from an HSDS API has "Read the directory again" on
    the Download page; a number changed on the server reaches the page's changes only then,
    with its old and new number; a server failing on a page keeps the copy."""
    url, content, served = api_kit
    service = next(s for s in served.services if s.get("phones"))
    old = service["phones"][0]["number"]
    service["phones"][0]["number"] = "1-800-555-0111"
    copy_file = content / hsds_api.COPY_NAME
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    try:
        tab.goto(url + "/download")
        changes = tab.get_by_role("region", name="Since this kit was built")
        assert "Nothing to reprint" in changes.inner_text()  # the copy: read before
        section = tab.get_by_role("region", name="The directory the lines come from")
        assert "http://127.0.0.1:" in section.inner_text()
        asked = len(served.requests)
        with tab.expect_navigation(url=re.compile(r"refreshed=1")):
            section.get_by_role("button", name="Read the directory again").click()
        assert len(served.requests) > asked  # the directory was read
        changes = tab.get_by_role("region", name="Since this kit was built")
        said = changes.inner_text()
        assert service["name"] in said and "1-800-555-0111" in said
        assert old.split()[-1][-4:] in said  # the old number named too
        assert tab.get_by_text("out of date: build the kit again").count() >= 1
        assert serious(tab) == []
        kept = copy_file.read_bytes()
        served.statuses["page:2"] = (500, 99)
        tab.get_by_role("button", name="Read the directory again").click()
        tab.locator("#status").get_by_text("HTTP 500").wait_for()
        assert "The copy read before is kept" in tab.locator("#status").inner_text()
        assert copy_file.read_bytes() == kept
    finally:
        context.close()
    assert errors == []
