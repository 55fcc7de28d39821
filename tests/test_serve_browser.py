"""`havenprint serve` in Debian's Chromium, driven by Playwright: the main flows, the
security cases, the accessibility checks (axe-core) and the keyboard. One browser for the
module; one server on an English copy of the default kit for the tests that leave it as they
found it, a server of their own for those that add a language, import or restart."""

from __future__ import annotations

import http.client
import io
import re
import shutil
import time
import zipfile
from datetime import date
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import zxingcpp
from PIL import Image
from pypdf import PdfReader

from generator.content.phones import parse_phone
from generator.serve.server import serving
from tests.conftest import BROWSER_WAIT_MS, CHROMIUM, DEFAULT_CONTENT, english_only

if not CHROMIUM.exists():
    pytest.skip("needs Chromium: install Debian's `chromium` package (.ci/run does)",
                allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="needs PyPI's `playwright`")
axe_module = pytest.importorskip("axe_playwright_python.sync_playwright",
                                 reason="needs PyPI's `axe-playwright-python`")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    folder = tmp_path_factory.mktemp("serve")
    content = folder / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    site = content / "site.yaml"
    site.write_text(english_only(site.read_text(encoding="utf-8")), encoding="utf-8")
    with serving(content, folder / "output") as (url, workspace):
        yield url, workspace, content


@pytest.fixture
def page(browser, server):
    context = browser.new_context(accept_downloads=True, viewport={"width": 1400, "height": 1000})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    yield tab
    context.close()
    assert errors == []


def _back_face_src(tab) -> str:
    return tab.locator("#preview-faces img").nth(1).get_attribute("src")


def _qr_codes(png: bytes) -> list[str]:
    return sorted(result.text for result in zxingcpp.read_barcodes(Image.open(io.BytesIO(png))))


def _comments(text: str) -> list[str]:
    return [line[line.index("#"):] for line in text.splitlines() if "#" in line]


def test_a_new_number_shows_on_the_card_and_is_saved_with_the_comments(page, server) -> None:
    url, _, content = server
    resources = content / "resources.yaml"
    original = resources.read_text(encoding="utf-8")
    page.goto(f"{url}/lines")
    before = _back_face_src(page)
    number = "1-800-555-0134"
    page.fill("#r0-phone", number)
    page.wait_for_function(
        "old => document.querySelectorAll('#preview-faces img')[1].getAttribute('src') !== old",
        arg=before)
    png = page.request.get(url + _back_face_src(page)).body()
    assert _qr_codes(png) == [f"tel:{parse_phone(number, 'US').e164}"]
    # how long it takes is bench/serve_bench.py's to measure, not a test's
    page.get_by_role("button", name="Save resources.yaml").click()
    page.wait_for_url(re.compile(r"saved=1"))
    assert "Saved resources.yaml" in page.locator("#status").inner_text()
    saved = resources.read_text(encoding="utf-8")
    assert f'phone: "{number}"\n' in saved  # quoted, as every text the page writes
    assert _comments(saved) == _comments(original)
    assert saved == original.replace("1-800-799-7233", f'"{number}"')


def test_a_wrong_number_is_said_on_its_field(page, server) -> None:
    url, _, _ = server
    page.goto(f"{url}/lines")
    page.fill("#r1-phone", "1-900-555-0100")
    page.wait_for_selector("#r1-phone[aria-invalid=true]")
    described = page.get_attribute("#r1-phone", "aria-describedby")
    message = page.locator(f"#{described}")
    assert "premium-rate" in message.inner_text()
    assert message.evaluate("node => node.closest('tbody').dataset.row") == "r1"
    page.fill("#r1-phone", "988")
    page.wait_for_function("() => !document.querySelector('#r1-phone[aria-invalid]')")


def test_the_kit_downloads_as_a_zip_of_pdfs_that_open(page, server) -> None:
    url, workspace, _ = server
    page.goto(f"{url}/download")
    page.get_by_role("button", name="Build the kit").click()
    page.wait_for_url(re.compile(r"built=1"))
    with page.expect_download() as download:
        page.get_by_role("link", name="Download the whole kit (zip)").click()
    archive = zipfile.ZipFile(download.value.path())
    names = archive.namelist()
    pdfs = [name for name in names if name.endswith(".pdf")]
    assert {"manifest.json", "index.html", "en/pocket-card.pdf", "en/pocket-card-shop.pdf",
            "en/brochure.pdf"} <= set(names)
    assert any(name.startswith("previews/") and name.endswith(".png") for name in names)
    for name in pdfs:
        data = archive.read(name)
        assert len(PdfReader(io.BytesIO(data)).pages) >= 1, name
        document = pdfium.PdfDocument(data)
        assert len(document) >= 1
        document.close()
    card = PdfReader(io.BytesIO(archive.read("en/pocket-card.pdf")))
    assert "Wellness contacts" in " ".join((card.pages[0].extract_text() or "").split())
    assert archive.read("en/pocket-card.pdf") == (workspace.out / "en/pocket-card.pdf").read_bytes()


def _raw_get(url: str, path: str, host: str | None = None) -> tuple[int, bytes]:
    address = url.removeprefix("http://")
    connection = http.client.HTTPConnection(address, timeout=BROWSER_WAIT_MS / 1000)
    connection.putrequest("GET", path, skip_host=host is not None)
    if host is not None:
        connection.putheader("Host", host)
    connection.endheaders()
    answer = connection.getresponse()
    body = answer.read()
    connection.close()
    return answer.status, body


def test_the_security_cases_against_the_real_server(page, server) -> None:
    url, _, content = server
    status, body = _raw_get(url, "/import", host="havenprint.attacker.example")
    assert status == 400 and b"Wrong Host header" in body
    for path in ("/download/file/../site.yaml", "/download/file/../../content/site.yaml",
                 "/static/../app.py", "/download/file/%2e%2e/%2e%2e/etc/passwd"):
        status, body = _raw_get(url, path)
        assert status == 404, path
        assert b"organization" not in body and b"import" not in body
    before = (content / "resources.yaml").read_bytes()
    page.goto(f"{url}/import")
    missing_csrf = page.evaluate("""async () => (await fetch('/lines/save', {method: 'POST',
        headers: {'Content-Type': 'application/json'}, body: '{}'})).status""")
    assert missing_csrf == 403
    oversized = page.evaluate("""async () => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(21 * 1024 * 1024)]), 'big.csv');
        const token = document.querySelector('meta[name=csrf-token]').content;
        return (await fetch('/import/upload', {method: 'POST', body: form,
                                               headers: {'X-CSRF-Token': token}})).status;
    }""")
    assert oversized == 413
    assert (content / "resources.yaml").read_bytes() == before


PAGES = ("/", "/lines", "/article", "/translations", "/import", "/download", "/settings",
         "/history", "/preview?format=pocket-card&lang=en&size=us")


@pytest.mark.parametrize("path", PAGES)
def test_no_serious_accessibility_violations(page, server, path: str) -> None:
    url, _, _ = server
    page.goto(url + path)
    if path in ("/lines", "/article", "/settings"):
        for summary in page.locator("details > summary").all():
            summary.click()  # the controls inside the disclosures are checked too
    results = axe_module.Axe().run(page)
    serious = [(violation["id"], violation["impact"], len(violation["nodes"]))
               for violation in results.response["violations"]
               if violation["impact"] in ("serious", "critical")]
    assert serious == []
    unnamed = page.evaluate("""() => Array.from(document.querySelectorAll(
            'input:not([type=hidden]), select, textarea, button, a[href]'))
        .filter(node => !node.closest('template'))
        .filter(node => !(node.labels && node.labels.length) && !node.getAttribute('aria-label')
                        && !node.textContent.trim())
        .map(node => node.outerHTML.slice(0, 80))""")
    assert unnamed == []


def test_the_lines_table_works_from_the_keyboard(page, server) -> None:
    url, _, _ = server
    page.goto(f"{url}/lines")
    first = page.input_value("#r0-name")
    page.locator("#r0-name").focus()
    for _ in range(40):  # from the first field, Tab reaches the line's buttons
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.action") == "today":
            break
    page.keyboard.press("Enter")
    assert page.input_value("#r0-verified") == date.today().isoformat()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.action") == "up"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.action") == "down"
    page.keyboard.press("Enter")  # the first line moves down, the focus with it
    names = page.locator("tbody.line [data-field=name]")
    assert names.nth(1).input_value() == first
    assert page.evaluate("document.activeElement.closest('tbody').dataset.row") == "r0"
    page.get_by_role("button", name="Add a line").press("Enter")
    assert page.evaluate("document.activeElement.dataset.field") == "name"
    assert page.evaluate("document.activeElement.closest('tbody').dataset.row") == "n1"
    page.keyboard.type("Harbor Light")
    summary = page.locator("tbody[data-row=n1] summary")
    summary.focus()
    page.keyboard.press("Enter")
    assert page.locator("tbody[data-row=n1] details").get_attribute("open") is not None


def test_an_edited_article_is_saved_and_the_page_comes_back_saying_so(page, server) -> None:
    url, _, content = server
    article = content / "articles" / "trauma-bonding.en.md"
    original = article.read_text(encoding="utf-8")
    page.goto(f"{url}/article?lang=en")
    text = page.locator("#article-text")
    edited = original.replace("Trauma", "Traumatic", 1)
    assert edited != original
    text.fill(edited)
    page.locator("#save-article").click()
    page.wait_for_url(re.compile(r"saved=1"))
    assert "lang=en" in page.url
    assert "Saved the article." in page.locator("#status").inner_text()
    assert article.read_text(encoding="utf-8") == edited
    article.write_text(original, encoding="utf-8")


def test_edited_strings_are_saved_and_the_page_comes_back_saying_so(page, server) -> None:
    url, _, content = server
    catalogue = content / "locales" / "en.yaml"
    before = catalogue.read_text(encoding="utf-8") if catalogue.exists() else None
    page.goto(f"{url}/translations?lang=en")
    page.locator("#s-take_one").fill("Take a tab")
    page.locator("#save-strings").click()
    page.wait_for_url(re.compile(r"saved=1"))
    assert "lang=en" in page.url
    assert "Saved." in page.locator("#status").inner_text()
    saved = catalogue.read_text(encoding="utf-8")
    assert 'take_one: "Take a tab"' in saved
    if before is None:
        catalogue.unlink()
    else:
        catalogue.write_text(before, encoding="utf-8")


@pytest.mark.parametrize(("path", "inputs"), [
    ("/lines", 'tbody[data-row="r0"] tr:first-child input[type=text], '
               'tbody[data-row="r0"] tr:first-child input[type=tel]'),
    ("/translations", "table.strings input[type=text]")])
def test_on_a_phone_every_box_is_wide_enough_to_type_in(browser, server, path, inputs) -> None:
    # A coordinator on a phone: the table's boxes were slivers a few pixels wide (names,
    # numbers and translations could not be read back) and the column headings overlapped.
    url, _, _ = server
    context = browser.new_context(viewport={"width": 390, "height": 844})
    tab = context.new_page()
    try:
        tab.goto(url + path)
        boxes = tab.locator(inputs)
        assert boxes.count() > 0
        for index in range(boxes.count()):
            width = boxes.nth(index).bounding_box()["width"]
            assert width >= 200, f"{path}: box {index} is {width:.0f} px wide on a phone"
        assert tab.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        context.close()


def test_a_refused_save_leaves_the_keyboard_on_the_field_to_fix(page, server) -> None:
    # Keyboard only: Save was pressed, refused, and the focus fell to the top of the page
    # (the button is disabled while saving), so the next Tab started over from the menu.
    url, _, content = server
    before = (content / "resources.yaml").read_bytes()
    page.goto(f"{url}/lines")
    page.locator("#r1-phone").fill("1-800-799-723")
    page.locator("#save").focus()
    page.keyboard.press("Enter")
    sync_api.expect(page.locator("#status")).to_contain_text("Not saved")
    assert page.evaluate("document.activeElement.id") == "r1-phone"
    assert page.input_value("#r1-phone") == "1-800-799-723"
    assert (content / "resources.yaml").read_bytes() == before


def test_a_save_that_cannot_reach_the_server_says_so_and_keeps_the_edit(page, server) -> None:
    # `havenprint serve` stopped (window closed, laptop asleep): Save did nothing at all,
    # no message, and the coordinator could believe the number was saved.
    url, _, content = server
    before = (content / "resources.yaml").read_bytes()
    page.goto(f"{url}/lines")
    page.route("**/lines/save", lambda route: route.abort())
    page.locator("#r1-phone").fill("1-800-555-0134")
    page.locator("#save").click()
    status = page.locator("#status")
    sync_api.expect(status).to_contain_text("Not saved")
    assert "havenprint serve" in status.inner_text()
    assert page.input_value("#r1-phone") == "1-800-555-0134"
    assert (content / "resources.yaml").read_bytes() == before


@pytest.fixture(scope="module")
def bilingual(tmp_path_factory: pytest.TempPathFactory):
    folder = tmp_path_factory.mktemp("serve-en-es")
    content = folder / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    site = content / "site.yaml"
    text = english_only(site.read_text(encoding="utf-8"))
    site.write_text(re.sub(r"^languages: .*$", "languages: [en, es]", text, flags=re.MULTILINE),
                    encoding="utf-8")
    with serving(content, folder / "output") as (url, _):
        yield url, content


def test_leaving_for_another_language_cancelled_keeps_the_articles_own(browser, bilingual) -> None:
    # Edits not saved, Spanish chosen, "stay on the page": the menu said Spanish over the
    # English text, and the next preview and Save were for articles/...es.md.
    url, content = bilingual
    english = content / "articles" / "trauma-bonding.en.md"
    spanish = content / "articles" / "trauma-bonding.es.md"
    spanish_before = spanish.read_bytes()
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    tab = context.new_page()
    try:
        tab.goto(f"{url}/article?lang=en")
        text = tab.locator("#article-text")
        edited = text.input_value().replace("It can grow", "It can slowly grow", 1)
        assert edited != text.input_value()
        text.fill(edited)
        tab.once("dialog", lambda dialog: dialog.dismiss())
        tab.select_option("#article-lang", "es")
        tab.wait_for_timeout(500)
        assert tab.input_value("#article-lang") == "en"
        tab.locator("#save-article").click()
        tab.wait_for_url("**saved=1**")
        assert english.read_text(encoding="utf-8") == edited
        assert spanish.read_bytes() == spanish_before
        tab.select_option("#article-lang", "es")  # saved: nothing to ask, Spanish opens
        tab.wait_for_url("**lang=es**")
        assert tab.input_value("#article-text") == spanish_before.decode("utf-8")
    finally:
        context.close()


@pytest.mark.parametrize("width", [1400, 1366, 1200, 1024, 800, 390])
def test_every_number_on_the_lines_page_shows_whole(browser, server, width) -> None:
    # Read back before printing: at 1400 px the boxes showed "1-800-799-723" and
    # "1-800-787-322", the last digit hidden; at 720 px only "1-800-7".
    url, _, _ = server
    context = browser.new_context(viewport={"width": width, "height": 900})
    tab = context.new_page()
    try:
        tab.goto(f"{url}/lines")
        clipped = tab.evaluate("""() => Array.from(document.querySelectorAll(
            'table.lines [data-field=phone], table.lines [data-field=tty]'))
            .filter(box => box.value && box.scrollWidth > box.clientWidth)
            .map(box => box.id + ' ' + box.value)""")
        assert clipped == []
    finally:
        context.close()


@pytest.fixture
def fresh(tmp_path: Path):
    """A server of its own, on a fresh English copy of the default kit."""
    content = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    site = content / "site.yaml"
    site.write_text(english_only(site.read_text(encoding="utf-8")), encoding="utf-8")
    with serving(content, tmp_path / "output") as (url, workspace):
        yield url, workspace, content


def _tab(browser, width: int = 1366, height: int = 1000):
    context = browser.new_context(viewport={"width": width, "height": height},
                                  accept_downloads=True)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.on("dialog", lambda dialog: dialog.accept())  # leaving with edits kept as drafts
    return context, tab, errors


def test_somali_is_added_from_the_settings_page(browser, fresh) -> None:
    url, _, content = fresh
    context, tab, errors = _tab(browser)
    try:
        tab.goto(f"{url}/settings")
        tab.get_by_label("Add a language").fill("Somali")
        tab.get_by_role("button", name="Add", exact=True).click()
        tab.wait_for_url(re.compile(r"/translations\?lang=so"))
        assert tab.locator("h1").inner_text() == "Translations"
        assert "Somali is in the kit" in tab.locator("main").inner_text()
        assert tab.get_by_label("“Scan to call” in Somali").count() == 1
        site = content / "site.yaml"
        assert re.search(r"^languages: \[en, so\]", site.read_text(encoding="utf-8"), re.M)
        article = content / "articles" / "trauma-bonding.so.md"
        assert article.read_text(encoding="utf-8").startswith("---\n# Somali: a copy")
        tab.get_by_role("link", name=re.compile("Translate the article")).click()
        tab.wait_for_url(re.compile(r"/article\?lang=so"))
        reference = tab.locator("#article-reference")
        assert reference.is_visible() and reference.get_attribute("readonly") is not None
        left, right = reference.bounding_box(), tab.locator("#article-text").bounding_box()
        assert abs(left["y"] - right["y"]) < 40 and left["x"] < right["x"]  # side by side
        tab.wait_for_function("() => /Updated|No preview/.test("
                              "document.getElementById('preview-note').textContent)")
        faces = tab.locator("#preview-faces img").count()
        note = tab.locator("#preview-note").inner_text()
        assert faces > 0 or "No preview" in note  # never "Updated" over an empty preview
    finally:
        context.close()
    assert errors == []


def test_911_as_line_1_is_an_error_before_saving_and_is_not_saved(page, server) -> None:
    """Issue 40 made the emergency number as the first line an error (the card's big number
    and QR code would call the police): said on the field as it is typed, and Save refuses
    it, as the build would."""
    url, _, content = server
    before = (content / "resources.yaml").read_bytes()
    page.goto(f"{url}/lines")
    page.locator("#r0-phone").fill("911")
    error = page.locator('tbody[data-row="r0"] .row-problems li.error', has_text="would call 911")
    error.wait_for()
    described = page.get_attribute("#r0-phone", "aria-describedby")
    assert described and page.locator(f"#{described}").inner_text() == error.inner_text()
    with page.expect_response(lambda answer: "/lines/save" in answer.url
                              and answer.request.method == "POST") as answer:
        page.get_by_role("button", name="Save resources.yaml").click()
    assert answer.value.status == 422, answer.value.text()
    sync_api.expect(page.locator("#status")).to_contain_text("Not saved")
    assert (content / "resources.yaml").read_bytes() == before
    # The edit dropped, draft and all, for the tests after this one on the same server.
    page.on("dialog", lambda dialog: dialog.accept())
    with page.expect_navigation():
        page.get_by_role("link", name="Discard changes").click()
    assert page.input_value("#r0-phone") != "911"
    assert not (content / ".havenprint" / "drafts" / "lines.json").exists()


def _saved(tab, url_part: str = "/lines/save") -> None:
    """Save pressed: wait for the save's answer, then for the page it opens."""
    with tab.expect_response(lambda answer: url_part in answer.url
                             and answer.request.method == "POST"
                             and answer.status != 403) as answer, tab.expect_navigation():
        tab.get_by_role("button", name="Save resources.yaml").click()
    assert answer.value.status == 200, answer.value.text()


def test_an_edit_made_before_the_server_restarts_is_saved_after_it(browser, tmp_path) -> None:
    content = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    site = content / "site.yaml"
    site.write_text(english_only(site.read_text(encoding="utf-8")), encoding="utf-8")
    resources = content / "resources.yaml"
    context, tab, errors = _tab(browser)
    console: list[str] = []
    tab.on("console", lambda message: console.append(message.text))
    try:
        with serving(content, tmp_path / "output") as (url, _):
            port = int(url.rsplit(":", 1)[1])
            tab.goto(f"{url}/lines")
            tab.locator("#r1-phone").fill("1-800-273-8255")
            drafted = content / ".havenprint" / "drafts" / "lines.json"
            deadline = time.monotonic() + BROWSER_WAIT_MS / 1000
            while not drafted.is_file() and time.monotonic() < deadline:
                tab.wait_for_timeout(100)  # the draft reaches the server too
            assert drafted.is_file()
        tab.get_by_role("button", name="Save resources.yaml").click()
        sync_api.expect(tab.locator("#status")).to_contain_text("does not answer")
        with serving(content, tmp_path / "output", port=port):  # a new CSRF token
            _saved(tab)
            assert '"1-800-273-8255"' in resources.read_text(encoding="utf-8")
            # Once more, the page reloaded after the restart: the edit comes back from the
            # browser's draft, then is saved.
            tab.locator("#r1-phone").fill("1-800-799-4889")
        with serving(content, tmp_path / "output", port=port):
            tab.reload()
            sync_api.expect(tab.locator("#status")).to_contain_text("are back (not saved yet)")
            assert tab.input_value("#r1-phone") == "1-800-799-4889"
            _saved(tab)
            assert '"1-800-799-4889"' in resources.read_text(encoding="utf-8")
    finally:
        context.close()
    assert errors == [], console


def test_a_conflict_offers_keep_my_changes_beside_reload(browser, fresh) -> None:
    url, _, content = fresh
    resources = content / "resources.yaml"
    context, tab, errors = _tab(browser)
    try:
        tab.goto(f"{url}/lines")
        tab.locator("#r1-phone").fill("1-800-273-8255")
        # another program changed the same number (a change elsewhere is merged: see
        # test_serve_typed_work_browser.py)
        resources.write_text(resources.read_text(encoding="utf-8").replace(
            'phone: "988"', 'phone: "1-800-273-8000"', 1), encoding="utf-8")
        tab.get_by_role("button", name="Save resources.yaml").click()
        status = tab.locator("#status")
        # Save's answer, not the notice the page may show first when it sees the file change
        # ("changed on disk since this page loaded it"): the conflict names the other number.
        sync_api.expect(status).to_contain_text("1-800-273-8000")
        assert "changed on disk" in status.inner_text()
        assert status.get_by_role("button", name="Reload").is_visible()
        status.get_by_role("button", name="Keep my changes").click()
        tab.wait_for_url(re.compile(r"saved=1"))
        assert '"1-800-273-8255"' in resources.read_text(encoding="utf-8")
    finally:
        context.close()
    assert errors == []


def test_an_import_added_to_my_lines_keeps_them_and_the_kit_checks(browser, fresh) -> None:
    from generator.commands.cli import main

    url, _, content = fresh
    resources = content / "resources.yaml"
    csv = Path(__file__).parent / "fixtures" / "spreadsheet" / "hotlines.csv"
    context, tab, errors = _tab(browser)
    try:
        tab.goto(f"{url}/import")
        tab.get_by_label("File to import").set_input_files(str(csv))
        tab.get_by_role("button", name="Read the data").click()
        tab.locator("#import-report").wait_for(state="visible")
        assert tab.get_by_label("Add to my lines").is_checked()
        sync_api.expect(tab.locator("#preview-problems")).to_contain_text("give the date below")
        assert tab.get_by_role("button", name=re.compile("^Accept")).is_disabled()
        tab.get_by_label("The date you checked the imported lines").fill("2026-11-02")
        accept = tab.get_by_role("button", name="Accept: add to my lines")
        sync_api.expect(accept).to_be_enabled()
        assert tab.locator("#preview-removed").inner_text() == "none"
        assert "Northstar Helpline" in tab.locator("#preview-added").inner_text()
        tab.get_by_label("Replace my lines").check()
        sync_api.expect(tab.locator("#preview-removed")).to_contain_text(
            "National Domestic Violence Hotline")
        tab.get_by_label("Add to my lines").check()
        sync_api.expect(tab.locator("#preview-removed")).to_have_text("none")
        accept.click()
        sync_api.expect(tab.locator("#status")).to_contain_text("Done: added")
    finally:
        context.close()
    text = resources.read_text(encoding="utf-8")
    for name in ("National Domestic Violence Hotline", "988 Suicide & Crisis Lifeline",
                 "Northstar Helpline", "911"):
        assert name in text, name
    assert main(["check", str(content)]) == 0
    assert errors == []


def test_a_preview_enlarges_and_reads_as_text(page, server) -> None:
    url, _, _ = server
    page.goto(f"{url}/lines")
    assert page.get_attribute("#preview-note", "role") == "status"  # "Updated" is announced
    back = page.locator("#preview-faces figure").nth(1)
    text = back.locator(".face-text")
    text.locator("summary").click()
    lines = text.locator("li").all_inner_texts()
    number = page.input_value("#r0-phone")  # the QR code calls the first line
    qr = f"QR code: calls {parse_phone(number, 'US').e164}"
    assert qr in lines and any(number in line for line in lines)
    shown = back.locator("img").bounding_box()["width"]
    back.get_by_role("button", name=re.compile("Enlarge")).click()
    dialog = page.locator("dialog#enlarged")
    sync_api.expect(dialog).to_be_visible()
    assert dialog.locator("img").bounding_box()["width"] > shown * 1.5
    assert qr in dialog.inner_text()
    page.keyboard.press("Escape")
    sync_api.expect(dialog).to_be_hidden()


def test_on_a_phone_the_preview_sits_by_the_line_being_edited(browser, server) -> None:
    url, _, _ = server
    context, tab, errors = _tab(browser, 390, 844)
    try:
        tab.goto(f"{url}/lines")
        field = tab.locator("#r1-phone")
        field.focus()
        preview = tab.locator("aside.preview")
        row = preview.evaluate("node => node.closest('tbody') && node.closest('tbody').dataset.row")
        assert row == "r1"
        top = field.bounding_box()["y"]
        assert 0 < preview.bounding_box()["y"] - top < 150  # just below the field
        tab.set_viewport_size({"width": 1400, "height": 900})
        tab.wait_for_function("() => !document.querySelector('aside.preview').closest('tbody')")
    finally:
        context.close()
    assert errors == []


def test_download_prints_each_piece(browser, fresh) -> None:
    url, _, _ = fresh
    context, tab, errors = _tab(browser)
    try:
        tab.goto(f"{url}/download")
        tab.get_by_role("button", name="Build the kit").click()
        tab.wait_for_url(re.compile(r"built=1"))
        heading = tab.get_by_role("heading", name="Pocket card", exact=True)
        card = tab.locator("li.piece").filter(has=heading)
        assert "both sides, flip on the long edge" in card.inner_text()
        with tab.expect_popup() as opened:
            card.get_by_role("link", name=re.compile("^Print")).click()
        assert opened.value.url.endswith("/download/file/en/pocket-card.pdf?print=1")
        answer = tab.request.get(opened.value.url)
        assert answer.headers["content-type"] == "application/pdf"
        assert answer.headers["content-disposition"].startswith("inline")
    finally:
        context.close()
    assert errors == []
