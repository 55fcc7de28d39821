"""The web page's parts of issue 44, in-process (Starlette's TestClient): the Import page
reads an HSDS API (a local server on 127.0.0.1, tests/hsds_server.py) with the command
line's filters and limits, says an HTTP failure plainly (never a token) and imports nothing;
the Overview lists the lines past their check date, the one on the most printed pieces
first, counted from the PDFs' text (pdftotext); the Download page says what changed since
the kit in the output folder was built and which of its pieces to reprint (exactly those
whose PDFs print the old number), and after a build from the page, which to print again."""

from __future__ import annotations

import copy
import json
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from generator.importers import hsds_api
from tests.conftest import edit
from tests.hsds_server import Behaviour
from tests.hsds_server import hsds_api as serving
from tests.serve_support import csrf_headers, digest_on_disk

SERVICES = json.loads((Path(__file__).parent / "fixtures" / "hsds" / "services.json")
                      .read_text(encoding="utf-8"))
needs_pdftotext = pytest.mark.skipif(shutil.which("pdftotext") is None,
                                     reason="needs pdftotext from Debian's poppler-utils")


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hsds_api, "PER_PAGE", 2)
    monkeypatch.setattr(hsds_api, "TIMEOUT", 1.0)
    monkeypatch.setattr(hsds_api, "pause", lambda seconds: None)


def read_api(client, workspace, address: str, **fields: str):  # noqa: ANN001, ANN201
    return client.post("/import/upload", headers=csrf_headers(workspace),
                       data={"api": address, **fields})


def digits(text: str) -> str:
    return "".join(char for char in text if char.isdigit())


def pdf_texts(out: Path) -> dict[str, str]:
    """Each PDF of the kit and its text, as poppler reads it."""
    return {path.relative_to(out).as_posix(): subprocess.run(
        ["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
        for path in sorted(out.rglob("*.pdf"))}


def pdf_digits(out: Path) -> dict[str, str]:
    return {file: digits(text) for file, text in pdf_texts(out).items()}


class _Rows(HTMLParser):
    """The rows of the table inside the element with `id`, each a list of its cells' text."""

    def __init__(self, inside: str) -> None:
        super().__init__()
        self.inside, self.depth, self.rows = inside, 0, []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.depth:
            self.depth += tag not in ("br", "img", "input")
        elif dict(attrs).get("aria-labelledby") == self.inside:
            self.depth = 1
        if self.depth and tag == "tr":
            self.rows.append([])
        if self.depth and tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if self.depth and tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append(" ".join("".join(self._cell).split()))
            self._cell = None
        if self.depth:
            self.depth -= tag not in ("br", "img", "input")

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def rows_of(html: str, heading: str) -> list[list[str]]:
    parser = _Rows(heading)
    parser.feed(html)
    return parser.rows


# --- Import: an HSDS API ------------------------------------------------------------------------


def test_the_import_page_reads_an_api_with_the_command_lines_filters(served) -> None:  # noqa: ANN001
    client, workspace, kit = served
    served_api = Behaviour(copy.deepcopy(SERVICES))
    resources = kit / "resources.yaml"
    with serving(served_api) as address:
        answer = read_api(client, workspace, address + "/?api_key=s3cret", limit="3",
                          verified="2026-11-20")
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert "s3cret" not in answer.text and data["name"].endswith("api_key=…")
    # as `havenprint import hsds ADDRESS --limit 3` reads it: the same lines, in order
    assert len(data["kept"]) == 3
    pages = [path for path in served_api.requests if "/services?" in path]
    assert len(pages) == -(-len(SERVICES) // 2)  # every page read, in pages of two
    assert any("over the limit of 3" in item["reason"].lower() for item in data["skipped"])
    accepted = client.post("/import/accept", headers=csrf_headers(workspace), json={
        "id": data["id"], "mode": "replace", "base": digest_on_disk(resources)})
    assert accepted.status_code == 200, accepted.text
    written = resources.read_text(encoding="utf-8")
    for line in data["kept"]:
        assert line["name"] in written and line["phone"] in written
    assert "s3cret" not in written


def test_a_refused_service_of_the_api_is_listed_with_its_reason(served) -> None:  # noqa: ANN001
    client, workspace, _ = served
    with serving(Behaviour(copy.deepcopy(SERVICES))) as address:
        data = read_api(client, workspace, address).json()
    refused = {item["label"]: item for item in data["refused"]}
    assert "555-0100" in refused["Riverbend Safe Haven – Youth Outreach"]["reason"]
    assert not any("Youth Outreach" in item["label"] for item in data["skipped"])
    assert "Youth Outreach" not in " ".join(line["name"] for line in data["kept"])


@pytest.mark.parametrize(("failing", "said"), [
    ({"statuses": {"page:2": (500, 99)}},
     "The directory's server failed (HTTP 500), also when asked again"),
    ({"statuses": {"page:1": (401, 99)}}, "The directory refused to answer (HTTP 401)"),
    ({"statuses": {"page:1": (404, 99)}}, "There is nothing at that address (HTTP 404)"),
    ({"malformed": {"page:1"}}, "That address does not answer as an HSDS API does"),
    ({"delays": {"page:1": 2.5}}, "The directory did not answer in time"),
])
def test_an_http_failure_is_said_plainly_and_imports_nothing(
        served, failing: dict, said: str) -> None:  # noqa: ANN001
    client, workspace, kit = served
    before = (kit / "resources.yaml").read_bytes()
    with serving(Behaviour(copy.deepcopy(SERVICES), **failing)) as address:
        answer = read_api(client, workspace, address + "?token=s3cret")
    assert answer.status_code == 422
    message = answer.json()["message"]
    assert message.startswith(said), message
    assert "Nothing was imported. (Address: http://127.0.0.1:" in message
    assert "s3cret" not in answer.text
    assert (kit / "resources.yaml").read_bytes() == before
    assert workspace.pending == {}


def test_an_address_that_is_no_api_or_a_file_beside_it_is_said(served) -> None:  # noqa: ANN001
    client, workspace, _ = served
    for address in ("directory.example.org/hsds", "ftp://example.org/"):
        answer = read_api(client, workspace, address)
        assert answer.status_code == 422
        assert answer.json()["message"].startswith("The address of an HSDS API starts with")
    both = client.post("/import/upload", headers=csrf_headers(workspace),
                       files={"file": ("a.csv", b"name,phone\nA,1-800-555-0142\n")},
                       data={"api": "https://directory.example.org/hsds/"})
    assert both.status_code == 422
    assert both.json()["message"] == ("Give a file or the address of a directory's API, not "
                                      "both.")
    wrong = read_api(client, workspace, "https://directory.example.org/hsds/", limit="0")
    assert wrong.status_code == 422 and "limit" in wrong.json()["message"]


# --- Overview and Download: the kit in the output folder against the lines now ------------------


@needs_pdftotext
def test_the_overview_lists_the_lines_to_check_most_printed_first(served, run) -> None:  # noqa: ANN001
    client, workspace, kit = served
    resources = kit / "resources.yaml"
    text = resources.read_text(encoding="utf-8")
    text = text.replace("    verified: 2026-11-01  # when someone last checked this line works",
                        "    verified: 2024-01-15", 1)  # the first line, on every piece
    last = text.rindex("verified: 2026-11-01")  # the emergency line
    resources.write_text(text[:last] + "verified: 2024-03-01" + text[last + 20:],
                         encoding="utf-8")
    page = client.get("/").text
    rows = rows_of(page, "to-check-heading")
    assert [row[0] for row in rows[1:]] == ["National Domestic Violence Hotline", "Emergency"]
    assert "build the kit on the" in page  # no kit yet: no pieces counted
    out = workspace.out
    assert run("build", kit, "--out", out, "--format", "pocket-card", "--format", "brochure",
               "--format", "sticker", "--target", "office", "--no-previews").code == 0
    texts = pdf_texts(out)
    rows = rows_of(client.get("/").text, "to-check-heading")
    assert rows[0] == ["Line", "Last checked", "Printed pieces", "Check it against"]
    assert rows[1][:3] == ["National Domestic Violence Hotline", "2024-01-15",
                           str(sum("18007997233" in digits(text)
                                   for text in texts.values()))]
    # the emergency number, printed on the card's and the sticker's safety note
    assert rows[2][:3] == ["Emergency", "2024-03-01",
                           str(sum(re.search(r"(?<!\d)911(?!\d)", text) is not None
                                   for text in texts.values()))]
    assert rows[1][3].startswith("Lines page (resources.yaml, line ")


@needs_pdftotext
def test_the_download_page_says_what_to_reprint_and_after_a_build_what_to_print_again(
        served, run) -> None:  # noqa: ANN001
    client, workspace, kit = served
    out = workspace.out
    assert run("build", kit, "--out", out, "--format", "pocket-card", "--format", "brochure",
               "--format", "large-print", "--no-previews").code == 0
    page = client.get("/download").text
    assert "Nothing to reprint" in page
    texts = pdf_digits(out)
    printing = {file for file, text in texts.items() if "18007997233" in text}
    edit(kit / "resources.yaml", "phone: 1-800-799-7233", "phone: 1-800-799-7000")
    page = client.get("/download").text
    assert ("National Domestic Violence Hotline: the number was 1-800-799-7233, now "
            "1-800-799-7000; its QR code called +18007997233; now it calls +18007997000"
            in re.sub(r"<[^>]+>", "", page))
    assert '<span class="number">1-800-799-7000</span>' in page  # kept on one line
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    office = {entry["path"] for entry in manifest["outputs"] if entry.get("target") == "office"
              and entry["path"] in printing}  # a piece each, as the page lists them
    assert len(office) == 3
    for file in office:
        head = page[:page.index(f'/download/file/{file}?print=1')]
        assert head.rindex("out of date: build the kit again") > head.rindex("<h3>"), file
    assert f"Reprint {len(office)} of {len(office)} piece(s)" in page
    built = client.post("/download/build", headers=csrf_headers(workspace), json={})
    assert built.status_code == 200, built.text
    assert f"Print {len(office)} piece(s) again" in built.json()["message"]
    page = client.get("/download").text
    assert "Print these again" in page and "out of date" not in page
    assert page.count("new: print it again") == len(office)
    assert "Nothing to reprint</strong> since this build" in page
    assert all("18007997000" in text for file, text in pdf_digits(out).items()
               if file in printing)


def test_a_renamed_line_is_said_in_words_on_the_download_page(served, run) -> None:  # noqa: ANN001
    """A line renamed since the kit was built was said as the report's detail ("name '988
    Suicide & Crisis Lifeline' -> '988 Lifeline'"): the page says each change from the
    report's data, not by reading its text."""
    client, workspace, kit = served
    assert run("build", kit, "--out", workspace.out, "--format", "pocket-card",
               "--no-previews").code == 0
    edit(kit / "resources.yaml", "      en: 988 Suicide & Crisis Lifeline",
         "      en: 988 Lifeline")
    page = re.sub(r"<[^>]+>", "", client.get("/download").text).replace("&amp;", "&")
    assert ("988 Suicide & Crisis Lifeline: the name was “988 Suicide & Crisis Lifeline”, now "
            "“988 Lifeline”" in page), page
    assert " -> " not in page and "name '" not in page
