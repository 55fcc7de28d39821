"""Every build writes PNG previews, an index.html contact sheet and a manifest.json, the
same bytes for the same input."""

from __future__ import annotations

import hashlib
import io
import json
import re
import shutil
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from generator.commands.cli import main
from generator.commands.progress import ProgressDisplay
from generator.content.layouts import available_layouts
from generator.kit.page_sizes import page_sizes
from generator.render.printing import describe_size
from tests.conftest import DEFAULT_CONTENT


@dataclass
class Built:
    content: Path
    out: Path
    first: dict[str, bytes]  # index.html and manifest.json after the first build


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """The default kit, every format, both targets, built twice into the same folder."""
    root = tmp_path_factory.mktemp("outputs")
    content = root / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    out = root / "out"
    argv = ["build", str(content), "--out", str(out), "--target", "all", "--lang", "en"]
    assert main(argv) == 0
    first = {name: (out / name).read_bytes() for name in ("index.html", "manifest.json")}
    assert main(argv) == 0
    return Built(content, out, first)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


class IndexParser(HTMLParser):
    """Per PDF section (its id is the PDF's path): the thumbnails and the flip edge shown."""

    def __init__(self) -> None:
        super().__init__()
        self.sections: dict[str, dict[str, list[str]]] = {}
        self._current: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "section" and found.get("id"):
            self._current = found["id"]
            self.sections[self._current] = {"img": [], "flip": []}
        elif self._current and tag == "img":
            self.sections[self._current]["img"].append(found["src"] or "")
        elif self._current and "data-flip" in found:
            self.sections[self._current]["flip"].append(found["data-flip"] or "")


def parse_index(out: Path) -> dict[str, dict[str, list[str]]]:
    parser = IndexParser()
    parser.feed((out / "index.html").read_text(encoding="utf-8"))
    return parser.sections


def pdfs(out: Path) -> list[str]:
    return sorted(p.relative_to(out).as_posix() for p in out.rglob("*.pdf"))


def test_index_lists_every_pdf_with_thumbnails_and_its_flip_edge(built: Built) -> None:
    """Printed files with a picture of each page and how to print them; screen copies (not
    printed) and the web page with what they are for."""
    sections = parse_index(built.out)
    web_pages = sorted(p.relative_to(built.out).as_posix() for p in built.out.rglob("*.html")
                       if p.name != "index.html")
    assert web_pages == ["en/trauma-bonding.html"]
    assert sorted(sections) == sorted(pdfs(built.out) + web_pages)
    assert len(sections) == 3 * len(available_layouts()) + 1
    layouts = available_layouts()
    for pdf, shown in sections.items():
        if pdf.endswith(".html") or pdf.endswith("-screen.pdf"):
            assert shown == {"img": [], "flip": []}, pdf
            continue
        pages = len(PdfReader(built.out / pdf).pages)
        assert len(shown["img"]) == pages, pdf
        assert all((built.out / src).is_file() for src in shown["img"]), pdf
        name = Path(pdf).stem.removesuffix("-shop").removesuffix("-letter")  # poster-letter
        spec = layouts[name].spec
        if pdf.endswith("-shop.pdf"):
            expected = "shop"
        else:
            expected = spec.imposition.flip if len(spec.faces) > 1 else "none"
        assert shown["flip"] == [expected], pdf
    text = (built.out / "index.html").read_text(encoding="utf-8")
    assert "on the long edge" in text and "on the short edge" in text  # card and brochure
    assert "8.5 × 11 in (216 × 279 mm)" in text


def test_manifest_hashes_match_the_files_on_disk(built: Built) -> None:
    manifest = json.loads((built.out / "manifest.json").read_text(encoding="utf-8"))
    outputs = {entry["path"]: entry for entry in manifest["outputs"]}
    on_disk = {p.relative_to(built.out).as_posix() for p in built.out.rglob("*")
               if p.is_file() and p.name != "manifest.json"}
    assert set(outputs) == on_disk
    for path, entry in outputs.items():
        assert entry["sha256"] == sha256(built.out / path), path
        assert entry["size"] == (built.out / path).stat().st_size, path
    assert {e["kind"] for e in outputs.values()} == {"pdf", "preview", "index", "web page"}
    inputs = {entry["path"]: entry for entry in manifest["inputs"]}
    for name in ("site.yaml", "resources.yaml", "articles/trauma-bonding.en.md"):
        assert inputs[name]["sha256"] == sha256(built.content / name)
        assert inputs[name]["role"] == "content"
    layout_file = "layouts/pocket-card/layout.yaml"
    assert inputs[layout_file]["role"] == "layout"
    assert inputs[layout_file]["sha256"] == sha256(available_layouts()["pocket-card"].folder
                                                   / "layout.yaml")
    assert set(manifest["versions"]) == {"havenprint", "python", "reportlab", "qrcode",
                                         "jinja2", "pypdfium2", "pikepdf"}
    from importlib import metadata

    for name in ("reportlab", "qrcode", "jinja2", "pypdfium2", "pikepdf"):
        assert manifest["versions"][name] == metadata.version(name)  # read another way


def test_page_sizes_are_those_a_pdf_library_reads(built: Built) -> None:
    """index.html and the manifest read page sizes with pdfium: as pypdf reads them (to
    pdfium's 32-bit floats), for every format, office sheets and shop pages."""
    for pdf in pdfs(built.out):
        data = (built.out / pdf).read_bytes()
        expected = [(float(page.mediabox.width), float(page.mediabox.height))
                    for page in PdfReader(io.BytesIO(data)).pages]
        found = page_sizes(data)
        assert len(found) == len(expected), pdf
        assert all(abs(a - b) < 1e-3 for size, other in zip(found, expected, strict=True)
                   for a, b in zip(size, other, strict=True)), (pdf, found, expected)
    manifest = json.loads((built.out / "manifest.json").read_text(encoding="utf-8"))
    for entry in manifest["outputs"]:
        if entry["kind"] == "pdf":
            assert entry["pages"] == len(PdfReader(built.out / entry["path"]).pages)


def test_index_tells_each_page_size_as_a_pdf_library_reads_it(built: Built) -> None:
    """index.html's page sizes are the ones drawn (the PDF is not read back): each page's,
    in order, as pypdf reads its MediaBox, for every format and target."""
    index = (built.out / "index.html").read_text(encoding="utf-8")
    for pdf in pdfs(built.out):
        section = re.search(rf'<section class="doc" id="{re.escape(pdf)}">(.*?)</section>',
                            index, re.S)
        assert section is not None, pdf
        told = re.search(r"<dt>Pages</dt>\s*<dd>(.*?)</dd>", section.group(1), re.S)
        assert told is not None, pdf
        pages = PdfReader(built.out / pdf).pages
        expected = [f"{number}: {describe_size(float(box.width), float(box.height))}"
                    for number, box in enumerate((page.mediabox for page in pages), 1)]
        assert told.group(1).split("<br>") == expected, pdf


def test_rebuilding_gives_identical_manifest_and_index(built: Built) -> None:
    for name, first in built.first.items():
        assert (built.out / name).read_bytes() == first, name


def test_one_png_preview_per_page_with_the_page_aspect_ratio(built: Built) -> None:
    """Of every printed file; a screen copy's pages are the printed ones again, unpreviewed."""
    for pdf in pdfs(built.out):
        pages = PdfReader(built.out / pdf).pages
        lang, stem = Path(pdf).parent.name, Path(pdf).stem
        previews = sorted((built.out / "previews" / lang).glob(f"{stem}-p*.png"))
        if stem.endswith("-screen"):
            assert previews == [], pdf
            continue
        assert [p.name for p in previews] == [f"{stem}-p{n}.png"
                                              for n in range(1, len(pages) + 1)], pdf
        for page, preview in zip(pages, previews, strict=True):
            with Image.open(preview) as image:
                image.verify()
            with Image.open(preview) as image:
                width, height = image.size
            page_width, page_height = float(page.mediabox.width), float(page.mediabox.height)
            assert 40 <= width / page_width * 72 <= 100  # a thumbnail, ~60-80 dpi
            assert abs(width / height - page_width / page_height) < 0.02, preview


def test_no_previews_skips_the_pngs_but_not_index_and_manifest(kit: Path, tmp_path: Path,
                                                               run) -> None:  # noqa: ANN001
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--lang", "en",
                 "--no-previews")
    assert result.code == 0
    assert not (out / "previews").exists()
    assert "<img" not in (out / "index.html").read_text(encoding="utf-8")
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert [e["path"] for e in manifest["outputs"]] == ["en/pocket-card.pdf", "index.html"]
    assert "wrote" in result.out and "index.html" in result.out


def test_index_text_is_escaped(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    site = kit / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8").replace(
        "discreet_title: Wellness contacts", 'discreet_title: "Notes <b>&amp; more</b>"'),
        encoding="utf-8")
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, "--format", "pocket-card", "--lang", "en",
               "--no-previews").code == 0
    html = (out / "index.html").read_text(encoding="utf-8")
    assert "Notes &lt;b&gt;&amp;amp; more&lt;/b&gt;" in html and "<b>&amp;" not in html


def test_progress_bar_counts_every_step() -> None:
    stream = io.StringIO()
    with ProgressDisplay(live=True, stream=stream) as display:
        step = display.stage("build", 2)
        step("pocket-card (en)")
        step("brochure (en)")
    assert "build" in stream.getvalue() and "2/2" in stream.getvalue()
    quiet = io.StringIO()
    with ProgressDisplay(stream=quiet) as display:  # not a terminal: no bar
        display.stage("build", 1)("pocket-card (en)")
    assert quiet.getvalue() == ""


def test_previews_rendered_beside_the_build_are_the_ones_rendered_after_it(
        built: Built, tmp_path: Path) -> None:
    """The CLI renders previews on a thread of their own while it draws the next PDF; they
    are the bytes that rendering each PDF afterwards, on the main thread, gives."""
    from generator.content.load import load_kit
    from generator.kit.previews import render_previews

    brand = load_kit(built.content).site.brand_color
    pdfs = sorted(pdf for pdf in (built.out / "en").glob("*.pdf")
                  if not pdf.stem.endswith("-screen"))
    assert pdfs
    for pdf in pdfs:
        again = render_previews(pdf.read_bytes(), tmp_path, pdf.stem, brand)
        for preview in again:
            assert preview.path.read_bytes() == \
                (built.out / "previews" / "en" / preview.path.name).read_bytes()


def test_build_hands_every_pdf_it_writes_to_on_pdf(kit: Path, tmp_path: Path) -> None:
    from generator.content.caches import cached_layouts
    from generator.content.load import load_kit
    from generator.pipeline.build import BuildRequest, build
    from generator.render.targets import Target

    handed: list[tuple[Path, str, bytes]] = []
    content = load_kit(kit)
    result = build(BuildRequest(
        content, tuple(cached_layouts(kit).values()), ("en",), (Target.OFFICE, Target.SHOP),
        tmp_path, on_pdf=lambda path, lang, data: handed.append((path, lang, data))))
    assert [path for path, _, _ in handed] == result.written
    assert all(lang == "en" and path.read_bytes() == data for path, lang, data in handed)
