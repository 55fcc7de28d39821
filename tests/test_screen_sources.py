"""Every web address the article's Sources section prints is a link in the screen copies
(brochure, large print; left to right and right to left): a /Link annotation opening it,
tied into the structure tree by a Link element's /OBJR. The addresses are read from the
article's source text, the links back from the PDF with pikepdf."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from urllib.parse import urlsplit

import pikepdf
import pytest
import yaml

from generator.commands.cli import main
from tests.conftest import default_kit_in

LANGUAGES = ("en", "ar")
FORMATS = ("brochure", "large-print")


@pytest.fixture(scope="module")
def content(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return default_kit_in(tmp_path_factory.mktemp("sources") / "content", LANGUAGES)


@pytest.fixture(scope="module")
def out(content: Path) -> Path:
    out = content.parent / "out"
    arguments = ["build", str(content), "--out", str(out), "--target", "screen",
                 "--no-previews"]
    for name in FORMATS:
        arguments += ["--format", name]
    assert main(arguments) == 0
    return out


def sources_in(article: Path) -> list[str]:
    """The items of the article's `## Sources` section, as written."""
    text = article.read_text(encoding="utf-8")
    section = re.split(r"^##\s*Sources\s*$", text, flags=re.MULTILINE | re.IGNORECASE)[1]
    section = re.split(r"^#", section, flags=re.MULTILINE)[0]
    items = [re.sub(r"^\s*[-*•]\s*", "", line).strip() for line in section.splitlines()]
    return [item for item in items if item]


def host(uri: str) -> str:
    return (urlsplit(uri).hostname or "").removeprefix("www.")


def linked(pdf: pikepdf.Pdf) -> dict[str, set[str]]:
    """Each annotation's URI's host -> "annotation", and "element" when a Link structure
    element holds the annotation (/OBJR)."""
    found: dict[str, set[str]] = {}
    in_elements = set()
    stack = [pdf.Root.StructTreeRoot]
    while stack:
        node = stack.pop()
        kids = node.get("/K")
        for kid in (kids if isinstance(kids, pikepdf.Array) else [kids]):
            if not isinstance(kid, pikepdf.Dictionary):
                continue
            if kid.get("/Type") == "/OBJR":
                if node.get("/S") == "/Link":
                    in_elements.add(kid.Obj.objgen)
            elif kid.get("/Type") != "/MCR":
                stack.append(kid)
    for page in pdf.pages:
        for annotation in page.get("/Annots", []):
            if annotation.get("/Subtype") != "/Link" or "/A" not in annotation:
                continue
            uri = str(annotation.A.get("/URI", ""))
            marks = found.setdefault(host(uri), set())
            marks.add("annotation")
            assert str(annotation.get("/Contents", "")).strip(), uri
            if annotation.objgen in in_elements:
                marks.add("element")
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", FORMATS)
def test_every_source_address_is_a_tagged_link(out: Path, content: Path, name: str,
                                               lang: str) -> None:
    sources = sources_in(content / "articles" / f"trauma-bonding.{lang}.md")
    assert len(sources) >= 3, sources
    with pikepdf.open(out / lang / f"{name}-screen.pdf") as pdf:
        found = linked(pdf)
    for source in sources:
        address = source if "://" in source else f"https://{source}"
        assert found.get(host(address)) == {"annotation", "element"}, (source, found)


# --- the brochure's "Good to know" box: a list, as the article's other lists ---------------

needs_poppler = pytest.mark.skipif(
    shutil.which("pdfinfo") is None,
    reason="needs pdfinfo from Debian's poppler-utils (apt-get install -y poppler-utils)")


def key_points_in(article: Path) -> list[str]:
    """The `key_points:` of the article's front matter, as written."""
    front = article.read_text(encoding="utf-8").split("---")[1]
    return [str(point) for point in yaml.safe_load(front)["key_points"]]


def list_item_texts(pdf: Path) -> list[str]:
    """The text poppler reads in each LBody inside an LI inside an L, from the structure:
    an LBody's pieces joined (a bullet's item marks its words apart from its label, Lbl,
    so poppler reads them a piece a line)."""
    tree = subprocess.run(["pdfinfo", "-struct-text", str(pdf)], check=True,
                          capture_output=True, text=True).stdout
    path: list[tuple[int, str, int]] = []  # (depth, tag, the line that opened it)
    found: dict[int, str] = {}
    for number, line in enumerate(tree.splitlines()):
        depth = len(line) - len(line.lstrip(" "))
        path = [entry for entry in path if entry[0] < depth]
        stripped = line.strip()
        if stripped.startswith('"'):
            tags = [tag for _, tag, _ in path]
            if tags[-3:] == ["L", "LI", "LBody"]:
                body = path[-1][2]
                found[body] = found.get(body, "") + stripped.strip('"')
        elif stripped:
            path.append((depth, stripped.split()[0], number))
    return list(found.values())


def words(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").replace("•", " ").split())


@needs_poppler
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_brochures_key_points_are_a_list(out: Path, content: Path, lang: str) -> None:
    points = key_points_in(content / "articles" / f"trauma-bonding.{lang}.md")
    assert points
    items = {words(item) for item in list_item_texts(out / lang / "brochure-screen.pdf")}
    for point in points:
        assert words(point) in items, (point, items)
