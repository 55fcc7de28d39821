"""`havenprint changes SITES --since OUT` over a batch (issue 44): one report for every site,
on the terminal, as JSON and as OUT/changes.html. Three sites, one reading an HSDS API (a
local server, tests/hsds_server.py) whose service changes its number: the report names that
site alone, and exactly its PDFs whose text (read back by pdftotext) holds the old number;
`batch --refresh --site` builds that site again, after which nothing is to reprint. A site
without a kit is one to build, and one whose API fails is said so while the others are
compared."""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from generator.importers import hsds_api
from tests.conftest import DEFAULT_CONTENT, edit, english_only
from tests.hsds_server import Behaviour
from tests.hsds_server import hsds_api as serving

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None,
                                reason="needs pdftotext from Debian's poppler-utils")

SERVICES = json.loads((Path(__file__).parent / "fixtures" / "hsds" / "services.json")
                      .read_text(encoding="utf-8"))
FORMATS = ("--format", "pocket-card", "--format", "poster", "--format", "brochure",
           "--target", "office", "--no-previews", "--jobs", "1")


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hsds_api, "PER_PAGE", 3)
    monkeypatch.setattr(hsds_api, "pause", lambda seconds: None)


def digits(text: str) -> str:
    return "".join(char for char in text if char.isdigit())


def pdf_digits(folder: Path) -> dict[str, str]:
    """Each PDF below `folder` (its path relative to it) and the digits of its text, as
    poppler reads it."""
    return {path.relative_to(folder).as_posix(): digits(subprocess.run(
        ["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout)
        for path in sorted(folder.rglob("*.pdf"))}


def sites_with_api(root: Path, address: str) -> Path:
    """alpha and beta print the default lines; gamma reads the API at `address`."""
    sites = root / "sites"
    for name in ("alpha", "beta", "gamma"):
        shutil.copytree(DEFAULT_CONTENT, sites / name)
        site = sites / name / "site.yaml"
        site.write_text(english_only(site.read_text(encoding="utf-8")), encoding="utf-8")
    edit(sites / "gamma" / "site.yaml", "brand_color:",
         f"resources: {{path: '{address}', verified: 2026-11-20, limit: 5}}\nbrand_color:")
    (sites / "gamma" / "resources.yaml").unlink()
    return sites


def point_at(site: Path, address: str) -> None:
    """site.yaml's `resources:` at the server's new port (each test's server has its own)."""
    text = (site / "site.yaml").read_text(encoding="utf-8")
    start = text.index("path: '") + len("path: '")
    (site / "site.yaml").write_text(text[:start] + address + text[text.index("'", start):],
                                    encoding="utf-8")


class _Tables(HTMLParser):
    """The page's `lang`, its table captions, and the header cells' scopes."""

    def __init__(self) -> None:
        super().__init__()
        self.lang: str | None = None
        self.captions: list[str] = []
        self.scopes: list[str | None] = []
        self.links: list[str] = []
        self._in_caption = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "html":
            self.lang = found.get("lang")
        elif tag == "caption":
            self._in_caption = True
            self.captions.append("")
        elif tag == "th":
            self.scopes.append(found.get("scope"))
        elif tag == "a" and found.get("href"):
            self.links.append(str(found["href"]))

    def handle_endtag(self, tag: str) -> None:
        if tag == "caption":
            self._in_caption = False

    def handle_data(self, data: str) -> None:
        if self._in_caption:
            self.captions[-1] += data


def test_one_report_for_the_batch_names_the_changed_site_and_its_pieces(
        tmp_path: Path, run) -> None:  # noqa: ANN001
    served = Behaviour(copy.deepcopy(SERVICES))
    kits = tmp_path / "kits"
    with serving(served) as address:
        sites = sites_with_api(tmp_path, address)
        built = run("batch", sites, "--out", kits, *FORMATS, "--refresh")
        assert built.code == 0, built.err
    assert (sites / "gamma" / "hsds-api-copy.json").is_file()
    texts = pdf_digits(kits)
    # the API's service that some of gamma's pieces print, and others do not
    gamma = {file: text for file, text in texts.items() if file.startswith("gamma/")}
    service, old = next(
        (service, service["phones"][0]["number"]) for service in served.services
        if service.get("phones") and service.get("status") == "active"
        and 0 < sum(digits(service["phones"][0]["number"])[-10:] in text
                    for text in gamma.values()) < len(gamma))
    service["phones"][0]["number"] = "1-800-555-0123"
    printing = {file for file, text in texts.items() if digits(old)[-10:] in text}
    assert printing and all(file.startswith("gamma/") for file in printing)

    with serving(served) as address:
        point_at(sites / "gamma", address)
        result = run("changes", sites, "--since", kits, "--refresh", "--json")
    assert result.code == 1, result.err
    report = json.loads(result.out)
    assert report == json.loads((kits / "changes.json").read_text(encoding="utf-8"))
    assert report["to_build"] == ["gamma"] and report["failed"] == []
    by_site = {site["site"]: site for site in report["sites"]}
    assert [by_site[name]["status"] for name in ("alpha", "beta", "gamma")] == \
        ["nothing to reprint", "nothing to reprint", "reprint"]
    to_reprint = {f"gamma/{file}" for piece in by_site["gamma"]["reprint"]
                  for file in piece["files"]}
    assert to_reprint == printing
    assert {f"gamma/{file}" for piece in by_site["gamma"]["still_right"]
            for file in piece["files"]} == set(gamma) - printing
    (change,) = by_site["gamma"]["lines"]
    assert change["change"] == "changed" and change["details"][0].endswith("-> 1-800-555-0123")
    assert digits(change["details"][0].split(" -> ")[0])[-10:] == digits(old)[-10:]
    assert "copy of the API" in by_site["gamma"]["data"]

    # the readable page: every site, the files to reprint linked, tables a reader can walk
    page = _Tables()
    page.feed((kits / "changes.html").read_text(encoding="utf-8"))
    assert page.lang == "en"
    assert page.captions[0] == "Sites"
    assert "Lines changed in the data" in page.captions
    assert all(scope in ("col", "row") for scope in page.scopes)
    assert {link for link in page.links if link.endswith(".pdf")} == printing
    words = run("changes", sites, "--since", kits).out
    assert words.splitlines()[-1] == "1 of 3 site(s) to build again: gamma"

    # build that site alone again, from the API as it is now: nothing is left to reprint
    alpha_before = (kits / "alpha" / "manifest.json").read_bytes()
    with serving(served) as address:
        point_at(sites / "gamma", address)
        rebuilt = run("batch", sites, "--out", kits, *FORMATS, "--refresh", "--site", "gamma")
    assert rebuilt.code == 0, rebuilt.err
    assert "alpha" not in rebuilt.out and "gamma" in rebuilt.out
    assert (kits / "alpha" / "manifest.json").read_bytes() == alpha_before
    assert any("18005550123" in text for text in pdf_digits(kits / "gamma").values())
    again = run("changes", sites, "--since", kits)
    assert again.code == 0, again.out
    assert again.out.splitlines()[-1] == "0 of 3 site(s) to build again"


def test_a_site_without_a_kit_is_to_build_and_a_failing_api_is_said(
        tmp_path: Path, run) -> None:  # noqa: ANN001
    served = Behaviour(copy.deepcopy(SERVICES))
    kits = tmp_path / "kits"
    with serving(served) as address:
        sites = sites_with_api(tmp_path, address)
        assert run("batch", sites, "--out", kits, *FORMATS, "--refresh", "--site", "alpha",
                   "--site", "gamma").code == 0
    copy_before = (sites / "gamma" / "hsds-api-copy.json").read_bytes()
    served.statuses["page:2"] = (500, 99)
    with serving(served) as address:
        point_at(sites / "gamma", address)
        result = run("changes", sites, "--since", kits, "--refresh", "--json")
    assert result.code == 1
    report = json.loads(result.out)
    assert report["to_build"] == ["beta"] and report["failed"] == ["gamma"]
    by_site = {site["site"]: site for site in report["sites"]}
    assert by_site["alpha"]["status"] == "nothing to reprint"
    assert by_site["beta"]["status"] == "no kit"
    assert "HTTP 500" in by_site["gamma"]["problem"]
    assert (sites / "gamma" / "hsds-api-copy.json").read_bytes() == copy_before
    unknown = run("batch", sites, "--out", kits, "--site", "delta")
    assert unknown.code == 2 and "--site delta: no such site" in unknown.err
