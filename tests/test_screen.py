"""Screen copies (`--target screen`): tagged PDF/UA-1 files, one piece per page, with links,
read back with pikepdf, the `pdfua` checker and poppler; and the web page beside them.

What each file must say is derived from the content folder (resources.yaml, the article,
the catalogues), never written out here.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pikepdf
import pytest

from generator.commands.cli import main
from generator.content.placeholders import substitute
from generator.kit.web_page import QUICK_EXIT, content_security_policy
from generator.pipeline.kit_checks import load_checked_kit
from tests.conftest import default_kit_in

LANGUAGES = ("en", "ar", "zh-Hans")
FORMATS = {"pocket-card": 2, "brochure": 6, "pocket-fold": 8, "poster-letter": 1,  # pages
           "safety-plan": 4, "sticker": 1, "large-print": 4}
# Arabic large print is set larger than Latin, to look as large (issue 42: 17.2 pt for 14):
# a page more; Chinese a page less
PAGES_IN = {("large-print", "ar"): 5, ("large-print", "zh-Hans"): 3}
needs_poppler = pytest.mark.skipif(
    shutil.which("pdfinfo") is None,
    reason="needs pdfinfo from Debian's poppler-utils (apt-get install -y poppler-utils)")


@pytest.fixture(scope="module")
def content(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return default_kit_in(tmp_path_factory.mktemp("screen") / "content", LANGUAGES)


@pytest.fixture(scope="module")
def out(content: Path) -> Path:
    out = content.parent / "out"
    assert main(["build", str(content), "--out", str(out), "--target", "screen",
                 "--no-previews"]) == 0
    return out


def screen_pdfs(out: Path) -> list[Path]:
    return sorted(out.glob("*/*-screen.pdf"))


def strings(content: Path, lang: str) -> dict[str, str]:
    return load_checked_kit(content).strings[lang]


def fill(text: str, **values: object) -> str:
    return substitute(text, values)


# --- what is built ---------------------------------------------------------------------

def test_every_format_has_a_screen_copy_per_language_one_piece_a_page(out: Path) -> None:
    assert sorted(p.relative_to(out).as_posix() for p in screen_pdfs(out)) == sorted(
        f"{lang}/{name}-screen.pdf" for lang in LANGUAGES for name in FORMATS)
    for path in screen_pdfs(out):
        with pikepdf.open(path) as pdf:
            name = path.stem.removesuffix("-screen")
            wanted = PAGES_IN.get((name, path.parent.name), FORMATS[name])
            assert len(pdf.pages) == wanted, path


def test_screen_copies_are_rgb_and_not_pdfx(out: Path) -> None:
    for path in screen_pdfs(out):
        with pikepdf.open(path) as pdf:
            assert "/OutputIntents" not in pdf.Root, path
            for page in pdf.pages:
                data = page.obj.Contents.read_bytes() if not isinstance(
                    page.obj.Contents, pikepdf.Array) else b"".join(
                    part.read_bytes() for part in page.obj.Contents)
                assert b" k\n" not in data and b" K\n" not in data, path  # no CMYK colour


# --- PDF/UA ----------------------------------------------------------------------------

def test_every_screen_copy_passes_the_pdfua_checker(out: Path) -> None:
    """`pdfua check --min-severity warning`, as the package's command line runs it."""
    command = [sys.executable, "-m", "pdfua", "check", "--min-severity", "warning",
               *map(str, screen_pdfs(out))]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count("result: PASS") == len(screen_pdfs(out))


@needs_poppler
def test_poppler_says_every_screen_copy_is_tagged(out: Path) -> None:
    for path in screen_pdfs(out):
        info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True,
                              check=True)
        assert re.search(r"^Tagged:\s+yes$", info.stdout, re.MULTILINE), path
        assert "Syntax Error" not in info.stderr, info.stderr


@needs_poppler
@pytest.mark.parametrize("lang", LANGUAGES)
def test_poppler_reads_the_brochures_title_as_its_heading(out: Path, content: Path,
                                                           lang: str) -> None:
    title = load_checked_kit(content).library["trauma-bonding"][lang].title
    tree = subprocess.run(["pdfinfo", "-struct-text", str(out / lang / "brochure-screen.pdf")],
                          capture_output=True, text=True, check=True).stdout
    lines = tree.splitlines()
    headings = [lines[i + 1].strip().strip('"').strip() for i, line in enumerate(lines[:-1])
                if line.strip().startswith("H1")]
    assert title in headings, tree[:2000]


def test_catalog_declares_tagging_language_title_and_pdfua(out: Path) -> None:
    for path in screen_pdfs(out):
        lang = path.parent.name
        with pikepdf.open(path) as pdf:
            root = pdf.Root
            assert root.MarkInfo.Marked is True
            assert str(root.Lang) == lang
            assert root.ViewerPreferences.DisplayDocTitle is True
            assert str(pdf.docinfo["/Title"]).strip()
            xmp = root.Metadata.read_bytes().decode()
            assert "<pdfuaid:part>1</pdfuaid:part>" in xmp
            assert str(pdf.docinfo["/Title"]).split(" – ")[0] in xmp
            assert "/StructTreeRoot" in root
            for page in pdf.pages:
                assert page.obj.Tabs == "/S"


def test_the_arabic_file_is_in_arabic(out: Path) -> None:
    with pikepdf.open(out / "ar" / "pocket-card-screen.pdf") as pdf:
        assert str(pdf.Root.Lang) == "ar"


# --- the structure tree ----------------------------------------------------------------

def elements(node: pikepdf.Object) -> Iterator[pikepdf.Dictionary]:
    """Every structure element below `node`, in reading order."""
    kids = node.get("/K")
    for kid in (kids if isinstance(kids, pikepdf.Array) else [kids]):
        if isinstance(kid, pikepdf.Dictionary) and kid.get("/Type") not in ("/MCR", "/OBJR"):
            yield kid
            yield from elements(kid)


def annotations(element: pikepdf.Dictionary) -> list[pikepdf.Dictionary]:
    kids = element.get("/K")
    return [kid.Obj for kid in (kids if isinstance(kids, pikepdf.Array) else [kids])
            if isinstance(kid, pikepdf.Dictionary) and kid.get("/Type") == "/OBJR"]


def test_the_cards_qr_code_is_a_figure_saying_what_it_does(out: Path, content: Path) -> None:
    kit = load_checked_kit(content)
    first = kit.resources[0]
    assert first.qr == "tel" and first.phone is not None
    for lang in LANGUAGES:
        with pikepdf.open(out / lang / "pocket-card-screen.pdf") as pdf:
            figures = [e for e in elements(pdf.Root.StructTreeRoot) if e.S == "/Figure"]
            assert len(figures) == 1
            alt = str(figures[0].Alt)
            assert alt == fill(kit.strings[lang]["qr_alt_tel"], number=first.phone.display)
            assert first.phone.display in alt
            # The code is a link too: tapped on a screen, it calls.
            link = figures[0].P
            assert link.S == "/Link"
            assert [str(a.A.URI) for a in annotations(link)] == [f"tel:{first.phone.e164}"]


def test_the_hotlines_number_is_a_tel_link_with_a_description(out: Path,
                                                             content: Path) -> None:
    kit = load_checked_kit(content)
    phone = kit.resources[0].phone
    assert phone is not None and phone.e164 == "+18007997233"
    for lang in LANGUAGES:
        with pikepdf.open(out / lang / "pocket-card-screen.pdf") as pdf:
            back = pdf.pages[1]
            uris = [str(a.A.URI) for a in back.Annots]
            assert "tel:+18007997233" in uris
            for annotation in back.Annots:
                assert annotation.Subtype == "/Link"
                assert str(annotation.Contents).strip(), annotation
                assert annotation.F == 4
            call = [a for a in back.Annots if str(a.A.URI) == "tel:+18007997233"
                    and "QR" not in str(a.Contents)][0]
            assert str(call.Contents) == f"{kit.strings[lang]['icon_call']} {phone.display}"


def test_every_line_number_and_address_is_a_link(out: Path, content: Path) -> None:
    """The brochure's flap and inside list every line with its number, text line, TTY
    number and website: each is a link, tel: sms: or https:."""
    kit = load_checked_kit(content)
    wanted = set()
    for resource in kit.resources:
        if resource.phone:
            wanted.add(f"tel:{resource.phone.e164}")
        if resource.tty:
            wanted.add(f"tel:{resource.tty.e164}")
        if resource.text:
            body = f"?body={resource.text.keyword}" if resource.text.keyword else ""
            wanted.add(f"sms:{resource.text.e164 or resource.text.number}{body}")
        if resource.url:
            wanted.add(resource.url)
    for lang in LANGUAGES:
        with pikepdf.open(out / lang / "brochure-screen.pdf") as pdf:
            found = {str(a.A.URI) for page in pdf.pages for a in page.get("/Annots", [])}
        assert wanted <= found, (lang, wanted - found)


def test_the_lines_are_a_list_one_item_a_line(out: Path, content: Path) -> None:
    kit = load_checked_kit(content)
    for lang in LANGUAGES:
        with pikepdf.open(out / lang / "pocket-card-screen.pdf") as pdf:
            lists = [e for e in elements(pdf.Root.StructTreeRoot) if e.S == "/L"]
            assert len(lists) == 1
            items = [kid for kid in lists[0].K if kid.S == "/LI"]
            listed = [r for r in kit.resources if not r.emergency]  # its number: the note's
            assert len(items) == len(listed)
            for item, resource in zip(items, listed, strict=True):
                parts = [e for e in elements(item) if e.S == "/P"]
                assert len(parts) >= 2  # the name, then the number and what follows
                links = [str(a.A.URI) for e in elements(item) for a in annotations(e)]
                assert resource.phone and links[0] == f"tel:{resource.phone.e164}"


def test_every_link_annotation_sits_in_a_link_element_of_the_parent_tree(out: Path) -> None:
    for path in screen_pdfs(out):
        with pikepdf.open(path) as pdf:
            root = pdf.Root.StructTreeRoot
            nums = list(root.ParentTree.Nums)
            tree = dict(zip(nums[::2], nums[1::2], strict=True))
            assert int(root.ParentTreeNextKey) == max(tree) + 1
            for page in pdf.pages:
                for annotation in page.get("/Annots", []):
                    element = tree[int(annotation.StructParent)]
                    assert element.S == "/Link", path
                    assert any(a.objgen == annotation.objgen for a in annotations(element))


def _marked_content(page: pikepdf.Page) -> Iterator[tuple[list[tuple[str, object]], str]]:
    """(the marked-content sequences open, outermost first, as (tag, properties)) for every
    operator that shows text or paints, with the operator's name."""
    stack: list[tuple[str, object]] = []
    for operands, operator in pikepdf.parse_content_stream(page):
        name = str(operator)
        if name in ("BDC", "BMC"):
            stack.append((str(operands[0]), operands[1] if len(operands) > 1 else None))
        elif name == "EMC":
            stack.pop()
        elif name in ("Tj", "TJ", "'", '"', "f", "F", "f*", "S", "s", "B", "b", "Do"):
            yield list(stack), name


def test_every_mark_on_a_page_is_content_of_an_element_or_an_artifact(out: Path) -> None:
    """Nothing is drawn outside marked content; tagged content and artifacts never nest in
    each other; each MCID belongs to the element the parent tree names for it, and every
    structure element's MCIDs are on the page it says."""
    for path in screen_pdfs(out):
        with pikepdf.open(path) as pdf:
            nums = list(pdf.Root.StructTreeRoot.ParentTree.Nums)
            tree = dict(zip(nums[::2], nums[1::2], strict=True))
            for index, page in enumerate(pdf.pages):
                by_mcid = tree[int(page.obj.StructParents)]
                seen = set()
                for stack, operator in _marked_content(page):
                    assert stack, (path, index, operator)
                    tags = [tag for tag, _ in stack]
                    mcids = [props.MCID for _, props in stack
                             if isinstance(props, pikepdf.Dictionary) and "/MCID" in props]
                    artifact = "/Artifact" in tags
                    assert artifact != bool(mcids), (path, index, tags)
                    if mcids:
                        assert len(mcids) == 1, tags
                        seen.add(int(mcids[0]))
                assert seen == set(range(len(by_mcid))), (path, index)
                for mcid, element in enumerate(by_mcid):
                    kids = element.K if isinstance(element.K, pikepdf.Array) else [element.K]
                    # an MCID of the element's own page (/Pg), or a marked-content
                    # reference naming its page (an element over two pages: a paragraph
                    # that runs on from one panel to the next, ISO 32000-1 14.7.4.2)
                    own = element.Pg.objgen == page.obj.objgen and any(
                        (isinstance(k, int) or getattr(k, "is_integer", False))
                        and int(k) == mcid for k in kids)
                    referred = any(isinstance(k, pikepdf.Dictionary)
                                   and k.get("/Type") == "/MCR" and int(k.MCID) == mcid
                                   and k.Pg.objgen == page.obj.objgen for k in kids)
                    assert own or referred, (path, index, mcid)


def test_headings_start_at_level_one_and_never_skip(out: Path) -> None:
    for path in screen_pdfs(out):
        with pikepdf.open(path) as pdf:
            levels = [int(str(e.S)[2:]) for e in elements(pdf.Root.StructTreeRoot)
                      if re.fullmatch(r"/H\d", str(e.S))]
            assert levels and levels[0] == 1, path
            assert all(b <= a + 1 for a, b in zip(levels, levels[1:], strict=False)), path


def test_runs_in_another_script_carry_their_language(out: Path) -> None:
    """START and TTY on an Arabic or Chinese card are marked English for a screen reader's
    voice; an English card has nothing marked."""
    for lang, expected in (("ar", True), ("zh-Hans", True), ("en", False)):
        with pikepdf.open(out / lang / "pocket-card-screen.pdf") as pdf:
            langs = {str(props.Lang) for stack, _ in _marked_content(pdf.pages[1])
                     for _, props in stack
                     if isinstance(props, pikepdf.Dictionary) and "/Lang" in props}
            langs |= {str(e.Lang) for e in elements(pdf.Root.StructTreeRoot) if "/Lang" in e}
        assert (langs == {"en"}) if expected else (langs == set()), (lang, langs)


def test_right_to_left_pages_keep_the_reading_order_of_the_panels(out: Path,
                                                                 content: Path) -> None:
    """A brochure reads cover, flap, the three inside panels, the back panel, in Arabic as
    in English (each panel's page is the mirror of its English one)."""
    kit = load_checked_kit(content)
    for lang in ("en", "ar"):
        title = kit.site.title_for(lang)
        heading = load_checked_kit(content).library["trauma-bonding"][lang].title
        with pikepdf.open(out / lang / "brochure-screen.pdf") as pdf:
            firsts = []
            for page in pdf.pages:
                texts = [e for e in elements(pdf.Root.StructTreeRoot)
                         if "/Pg" in e and e.Pg.objgen == page.obj.objgen
                         and re.fullmatch(r"/H\d", str(e.S))]
                firsts.append(len(texts))
            assert firsts[0] == 1 and firsts[-1] == 0  # the cover's title; the back: none
        tree = subprocess.run(["pdfinfo", "-struct-text", "-f", "1", "-l", "1",
                               str(out / lang / "brochure-screen.pdf")],
                              capture_output=True, text=True).stdout \
            if shutil.which("pdfinfo") else ""
        if tree:
            assert tree.index(title) < tree.index(heading)


# --- the web page ----------------------------------------------------------------------

class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.style = self.script = ""
        self._in = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._in = tag

    def handle_endtag(self, tag: str) -> None:
        self._in = ""

    def handle_data(self, data: str) -> None:
        if self._in == "style":
            self.style += data
        elif self._in == "script":
            self.script += data


def parsed(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def test_each_language_has_a_web_page_beside_its_screen_copies(out: Path) -> None:
    assert sorted(p.relative_to(out).as_posix() for p in out.glob("*/*.html")) == sorted(
        f"{lang}/trauma-bonding.html" for lang in LANGUAGES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_web_page_links_every_number_and_asks_nothing_of_anyone(out: Path, content: Path,
                                                                    lang: str) -> None:
    page = parsed(out / lang / "trauma-bonding.html")
    html = dict(page.tags[0][1]) if page.tags[0][0] == "html" else {}
    assert html["lang"] == lang
    assert html["dir"] == ("rtl" if lang == "ar" else "ltr")
    hrefs = [attrs["href"] for tag, attrs in page.tags if tag == "a"]
    kit = load_checked_kit(content)
    for resource in kit.resources:
        if resource.phone:
            assert f"tel:{resource.phone.e164}" in hrefs
        if resource.text:
            assert any(h and h.startswith(f"sms:{resource.text.e164 or resource.text.number}")
                       for h in hrefs)
    # Nothing that a browser fetches: no src, no stylesheet, no script file, no frame.
    assert not [(tag, attrs) for tag, attrs in page.tags
                if "src" in attrs or tag in ("link", "iframe", "object", "embed", "img")]
    assert all(h and (h.startswith(("tel:", "sms:", "https://")) or h == QUICK_EXIT)
               for h in hrefs)
    # The page's own policy forbids anything else, allowing only its own style and script.
    policy = [attrs["content"] for tag, attrs in page.tags
              if tag == "meta" and attrs.get("http-equiv") == "Content-Security-Policy"]
    assert policy == [content_security_policy(page.style, page.script)]
    assert "default-src 'none'" in policy[0]
    exit_links = [attrs for tag, attrs in page.tags if tag == "a"
                  and attrs.get("id") == "quick-exit"]
    assert exit_links and exit_links[0]["href"] == QUICK_EXIT
    assert "location.replace" in page.script


def test_the_index_links_the_screen_copies_and_web_pages_saying_what_they_are_for(
        out: Path) -> None:
    index = (out / "index.html").read_text(encoding="utf-8")
    for lang in LANGUAGES:
        assert f'href="{lang}/trauma-bonding.html"' in index
        for name in FORMATS:
            assert f'href="{lang}/{name}-screen.pdf"' in index
    assert "screen readers" in index and "not for printing" in index
    assert "quick exit" in index.lower()


@pytest.mark.parametrize("name", ["pocket-fold", "brochure", "poster-letter"])
def test_each_line_links_each_way_to_reach_it_once(out: Path, content: Path,
                                                   name: str) -> None:
    """Within a line's item, a link per way to reach it, each going where that way goes:
    not a second call for the 988 after a speech bubble (it texts), nor for the 988 in
    988lifeline.org (it opens the website)."""
    kit = load_checked_kit(content)
    ways = {}
    for resource in kit.resources:
        found = set()
        if resource.phone:
            found.add(f"tel:{resource.phone.e164}")
        if resource.tty:
            found.add(f"tel:{resource.tty.e164}")
        if resource.text:
            body = f"?body={resource.text.keyword}" if resource.text.keyword else ""
            found.add(f"sms:{resource.text.e164 or resource.text.number}{body}")
        if resource.url:
            found.add(resource.url)
        ways[resource.name_in("en")] = found
    checked = 0
    for lang in LANGUAGES:
        with pikepdf.open(out / lang / f"{name}-screen.pdf") as pdf:
            for item in (e for e in elements(pdf.Root.StructTreeRoot) if e.S == "/LI"):
                links = [str(a.A.URI) for e in elements(item) for a in annotations(e)]
                if not links:
                    continue  # an item of a list that is not the lines
                assert len(links) == len(set(links)), (name, lang, links)
                assert any(set(links) <= found for found in ways.values()), (name, lang, links)
                checked += 1
    assert checked >= len(LANGUAGES)


@needs_poppler
def test_the_posters_first_tab_is_read_whole_and_the_others_not_at_all(out: Path) -> None:
    """A screen reader reads the tear-off tabs once: the first tab's every paragraph (its
    name, number, texting line and TTY) as text, the repeated tabs as artifacts, however
    many tabs the line's length left room for (poppler's structure text)."""
    tree = subprocess.run(["pdfinfo", "-struct-text", str(out / "en" / "poster-letter-screen.pdf")],
                          capture_output=True, text=True, check=True).stdout
    texts = [line.strip().strip('"').strip() for line in tree.splitlines()
             if line.strip().startswith('"')]
    assert "Take one" not in texts  # said to the paper alone: an artifact
    # the first tab, then what the screen copy adds below the piece (a web address)
    last = len(texts) - 1 - texts[::-1].index("TTY: 1-800-787-3224")
    tail = texts[last - 3:last + 1]
    assert tail == ["National Domestic Violence Hotline", "1-800-799-7233",
                    "Text START to 88788", "TTY: 1-800-787-3224"], tail
    assert texts.count("TTY: 1-800-787-3224") == 2, texts  # the lines' and the first tab's


def test_the_title_a_viewer_shows_is_the_outside_title_in_the_language(out: Path,
                                                                       content: Path) -> None:
    """A viewer shows the file's title in its tab and recent files: outside wording, as the
    card's front is. It was "<title> – Safety plan", in English in every language."""
    from generator.safety.discretion import builtin_words, revealing_words_in

    site = load_checked_kit(content).site
    layouts = ("Safety plan", "Pocket card", "brochure", "Poster", "Sticker", "Large print")
    for path in screen_pdfs(out):
        lang = path.parent.name
        with pikepdf.open(path) as pdf:
            shown = str(pdf.docinfo["/Title"])
        assert shown == site.title_for(lang), path
        assert not any(name.casefold() in shown.casefold() for name in layouts), path
        assert revealing_words_in(shown, builtin_words(lang), lang) == [], path


# --- one content, one tag; lists; bookmarks (issue 42) -----------------------------------

def struct_tree(pdf: Path) -> dict:
    """The structure poppler reads (`pdfinfo -struct-text`): nodes {"tag", "kids"}, a kid a
    node or a string of text."""
    text = subprocess.run(["pdfinfo", "-struct-text", str(pdf)], capture_output=True,
                          text=True, check=True).stdout
    root: dict = {"tag": "", "kids": []}
    stack: list[tuple[int, dict]] = [(-1, root)]
    for line in text.splitlines():
        body = line.strip()
        if not body or body.startswith("Object "):
            continue
        depth = len(line) - len(line.lstrip(" "))
        while stack[-1][0] >= depth:
            stack.pop()
        if body.startswith('"'):
            stack[-1][1]["kids"].append(body[1:-1])
        else:
            node: dict = {"tag": body.split()[0], "kids": []}
            stack[-1][1]["kids"].append(node)
            stack.append((depth, node))
    return root


def struct_nodes(node: dict) -> Iterator[dict]:
    for kid in node["kids"]:
        if isinstance(kid, dict):
            yield kid
            yield from struct_nodes(kid)


def struct_words(node: dict) -> str:
    return " ".join(" ".join(kid if isinstance(kid, str) else struct_words(kid)
                             for kid in node["kids"]).replace("\u00a0", " ").split())


# Headings printed by several formats, each from the catalogue
SHARED_HEADINGS = ("lines_heading", "key_points_heading",
                   "before_you_call_title", "when_you_call_title", "sources_heading")


@needs_poppler
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_heading_is_tagged_the_same_in_every_format(out: Path, content: Path,
                                                      lang: str) -> None:
    """"Who you can contact" was a heading (H2) in large print and a paragraph (P) on the
    brochure's flap and in the safety plan. Every catalogue heading a format prints is an
    H2 wherever it prints ("Notes", over lines to write on, is said to the paper alone:
    test_what_speaks_to_the_paper_alone_is_not_read)."""
    catalogue = strings(content, lang)
    tags: dict[str, set[tuple[str, str]]] = {key: set() for key in SHARED_HEADINGS}
    for path in sorted((out / lang).glob("*-screen.pdf")):
        for node in struct_nodes(struct_tree(path)):
            said = struct_words(node)
            for key in SHARED_HEADINGS:
                if node["tag"] not in ("Link", "Document") and said == " ".join(
                        catalogue[key].split()):
                    tags[key].add((node["tag"], path.stem))
    for key, found in tags.items():
        assert found, (lang, key)  # printed somewhere
        assert {tag for tag, _ in found} == {"H2"}, (lang, key, sorted(found))
    assert len({name for _, name in tags["lines_heading"]}) >= 3, tags["lines_heading"]


@needs_poppler
def test_list_items_are_a_label_and_a_body(out: Path) -> None:
    """Every item of a list of points (the article's bullets, "Good to know") is LI > Lbl +
    LBody: its bullet the label, its words the body; an item of the lines (a name, its
    number...) an LBody of paragraphs. A box to tick (the safety plan's, the brochure's
    checklist) is an artifact, its item an LBody read as its words alone: it was an Lbl
    read as "☐" before each item (the review)."""
    bullets = boxed = 0
    for path in screen_pdfs(out):
        for node in struct_nodes(struct_tree(path)):
            if node["tag"] != "L":
                continue
            for item in node["kids"]:
                assert isinstance(item, dict) and item["tag"] == "LI", path
                parts = [kid["tag"] for kid in item["kids"] if isinstance(kid, dict)]
                body = next(kid for kid in item["kids"] if kid["tag"] == "LBody")
                a_line = any(isinstance(kid, dict) and kid["tag"] == "P"
                             for kid in body["kids"])
                if a_line:
                    assert parts == ["LBody"], (path, parts)
                    continue
                if parts == ["LBody"]:  # a box to tick's item: its words
                    assert struct_words(body) and "\u2610" not in struct_words(body), path
                    boxed += 1
                    continue
                assert parts == ["Lbl", "LBody"], (path, parts, struct_words(item))
                assert struct_words(item["kids"][0]) == "•", path
                assert struct_words(body) and "•" not in struct_words(body), path
                bullets += 1
    for name in ("safety-plan-screen.pdf", "brochure-screen.pdf"):
        with pikepdf.open(out / "en" / name) as pdf:
            said = [str(e.get("/ActualText", "")) for e in elements(pdf.Root.StructTreeRoot)]
            assert "\u2610" not in "".join(said), name
    assert bullets and boxed


@needs_poppler
def test_the_flap_reads_in_the_order_it_is_seen(out: Path, content: Path) -> None:
    """The review: the flap's "Checked Nov 2026", at its foot, was read before "When you
    call" above it (its slot listed before). Read back in the copy's structure tree (what a
    screen reader reads, in order): "Before you call", "When you call", then the date, as
    they stand on the flap."""
    said = strings(content, "en")
    words = struct_words(struct_tree(out / "en" / "brochure-screen.pdf"))
    start = words.index(said["before_you_call_title"])
    checked = words.index(fill(said["checked"], date="").strip(), start)
    assert start < words.index(said["when_you_call_title"], start) < checked, words[:400]


@needs_poppler
def test_a_list_split_at_a_panel_break_is_one_list(out: Path, content: Path) -> None:
    """The review: the article's list under "Signs you might notice" runs from the inside's
    first panel into its second, and was tagged as two lists (L), one a page. It is one L
    now, holding every item of that list in the article (its Markdown source), in order."""
    source = (content / "articles" / "trauma-bonding.en.md").read_text(encoding="utf-8")
    groups, current = [], []
    for line in source.splitlines() + [""]:
        if line.startswith("- "):
            current.append(" ".join(line[2:].split()))
        elif current:
            groups.append(current)
            current = []
    items = max(groups, key=len)  # the longest list: the one the brochure splits
    lists = [node for node in struct_nodes(struct_tree(out / "en" / "brochure-screen.pdf"))
             if node["tag"] == "L"]
    holding = [node for node in lists if any(items[0][:30] in struct_words(kid)
                                             for kid in node["kids"])]
    assert len(holding) == 1, [struct_words(node)[:80] for node in holding]
    said = [struct_words(kid) for kid in holding[0]["kids"]]
    assert len(said) == len(items), said
    for item, words in zip(items, said, strict=True):
        assert " ".join(item.split())[:30] in " ".join(words.split()), (item, words)


@needs_poppler
def test_every_multi_page_copy_has_a_bookmark_for_each_heading(out: Path) -> None:
    """Bookmarks (outlines) from the headings, in reading order, each opening the page its
    heading is on; the large print had none. The viewer does not open with them shown: the
    pane would list the inside's headings beside the discreet cover."""
    checked = 0
    for path in screen_pdfs(out):
        headings = [struct_words(node) for node in struct_nodes(struct_tree(path))
                    if re.fullmatch(r"H\d", node["tag"])]
        with pikepdf.open(path) as pdf:
            pages = [elements_page(pdf, e) for e in elements(pdf.Root.StructTreeRoot)
                     if re.fullmatch(r"/H\d", str(e.S))]
            if len(pdf.pages) == 1:
                continue
            assert pdf.Root.get("/PageMode", "/UseNone") == "/UseNone", path
            with pdf.open_outline() as outline:
                marks = []
                stack = list(reversed(outline.root))
                while stack:
                    item = stack.pop()
                    marks.append((item.title, pdf.pages.index(pikepdf.Page(
                        item.destination[0]))))
                    stack.extend(reversed(item.children))
        assert [title for title, _ in marks] == headings, path
        assert [page for _, page in marks] == pages, path
        checked += 1
    assert checked >= 5 * len(LANGUAGES)


def elements_page(pdf: pikepdf.Pdf, element: pikepdf.Dictionary) -> int:
    return next(index for index, page in enumerate(pdf.pages)
                if page.obj.objgen == element.Pg.objgen)


@needs_poppler
@pytest.mark.parametrize("lang", LANGUAGES)
def test_when_the_lines_were_checked_is_a_paragraph_after_their_list(
        out: Path, content: Path, lang: str) -> None:
    """"Checked Nov 2026" is said of all the lines: a paragraph of the document after
    their list, in every format that prints it (the brochure and large print had it
    inside the emergency line's list item, the poster after the list)."""
    lead = strings(content, lang)["checked"].split("{date}")[0].strip()
    formats = set()
    for path in sorted((out / lang).glob("*-screen.pdf")):
        root = struct_tree(path)
        document = next(node for node in root["kids"] if isinstance(node, dict))
        for node in struct_nodes(document):
            said = struct_words(node)
            if node["tag"] in ("P", "LBody", "LI") and said.startswith(lead) and len(
                    said) < len(lead) + 20:
                assert node in document["kids"] and node["tag"] == "P", (path, node["tag"])
                formats.add(path.stem)
    assert len(formats) >= 3, formats


def test_the_stickers_circle_shows_on_a_screen(out: Path) -> None:
    """A white disc on a white page showed no circle: outside the cut is grey, inside
    white, and the cut's ground is an artifact (test_every_mark_on_a_page_is_content_...),
    in the screen copy only (the printed sticker is cut round)."""
    import pypdfium2 as pdfium

    for lang in LANGUAGES:
        document = pdfium.PdfDocument(str(out / lang / "sticker-screen.pdf"))
        image = document[0].render(scale=1).to_pil().convert("L")
        width, height = image.size
        corners = [image.getpixel((x, y)) for x in (2, width - 3) for y in (2, height - 3)]
        assert all(200 < value < 250 for value in corners), (lang, corners)
        # just inside the cut, level with the centre, on the side away from the text
        assert image.getpixel((width // 2, 6)) > 250 or image.getpixel((6, height // 2)) > 250
        with pikepdf.open(out / lang / "sticker-screen.pdf") as pdf:
            data = pdf.pages[0].obj.Contents.read_bytes() if not isinstance(
                pdf.pages[0].obj.Contents, pikepdf.Array) else b"".join(
                part.read_bytes() for part in pdf.pages[0].obj.Contents)
            ground = data.index(b".93 g")
            assert data.rfind(b"/Artifact", 0, ground) > data.rfind(b"EMC", 0, ground), lang


# --- what a screen copy says that paper does not, and the reverse (issue 42) --------------

def oldest_check_said(content: Path, lang: str) -> str:
    """"Checked Nov 2026": the catalogue's `checked` with the oldest `verified` of
    resources.yaml as the language writes a month (babel), spaceless, digits as 0-9."""
    import yaml
    from babel.dates import format_skeleton

    lines = yaml.safe_load((content / "resources.yaml").read_text("utf-8"))["resources"]
    month = format_skeleton("yMMM", min(line["verified"] for line in lines),
                            locale=lang.replace("-", "_"))
    return comparable(fill(strings(content, lang)["checked"], date=month))


def comparable(text: str) -> str:
    """`text` without spaces and the direction marks poppler adds around right-to-left
    runs, with any script's digits as 0-9."""
    import unicodedata

    text = re.sub(r"[\s\u200e\u200f\u202a-\u202e\u2066-\u2069]", "", text)
    return "".join(str(unicodedata.digit(char)) if char.isdigit() else char for char in text)


@needs_poppler
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_screen_copy_says_when_its_lines_were_checked(out: Path, content: Path,
                                                            lang: str) -> None:
    """Issue 42: the card's, the folding card's, the safety plan's and the sticker's screen
    copies said nowhere when their lines were last checked (on paper it is the office
    sheet's margin note): each has "Checked Nov 2026" as a paragraph of the document (a P
    of the Document), after the piece, and it shows on the last page."""
    said = oldest_check_said(content, lang)
    for name in ("pocket-card", "pocket-fold", "sticker", "safety-plan"):
        path = out / lang / f"{name}-screen.pdf"
        document = next(node for node in struct_tree(path)["kids"] if isinstance(node, dict))
        found = [node for node in document["kids"] if isinstance(node, dict)
                 and comparable(struct_words(node)) == said]
        assert [node["tag"] for node in found] == ["P"], (path, said)
        with pikepdf.open(path) as pdf:
            last = len(pdf.pages)
        shown = subprocess.run(["pdftotext", "-f", str(last), "-l", str(last), str(path), "-"],
                               capture_output=True, text=True, check=True).stdout
        assert said in comparable(shown), (path, said)


# What a piece says to the paper alone, from the catalogue: a rack's "please take one", a
# poster's "Take one" over its tear-off tabs, "Notes" over lines to write on.
PRINT_ONLY = ("free_to_take", "take_one", "notes_heading")


@needs_poppler
@pytest.mark.parametrize("lang", LANGUAGES)
def test_what_speaks_to_the_paper_alone_is_not_read(out: Path, content: Path,
                                                    lang: str) -> None:
    """Issue 42: "Please take one, and one to pass on." and "Notes" (over lines to write
    on) were tagged as the document's text and read aloud. They are drawn as the page
    shows them, artifacts: in no structure element of any screen copy, still on its
    page (the brochure's back panel, the poster)."""
    catalogue = strings(content, lang)
    words = {key: comparable(catalogue[key]) for key in PRINT_ONLY}
    shown: set[str] = set()
    for path in sorted((out / lang).glob("*-screen.pdf")):
        read = [comparable(struct_words(node)) for node in struct_nodes(struct_tree(path))]
        for key, said in words.items():
            assert said not in read, (path, key)
        page_text = comparable(subprocess.run(["pdftotext", str(path), "-"],
                                              capture_output=True, text=True,
                                              check=True).stdout)
        shown |= {key for key, said in words.items() if said in page_text}
    assert {"free_to_take", "take_one"} <= shown, shown


def article_paragraphs(content: Path, lang: str) -> list[str]:
    """The article's running paragraphs as its markdown file writes them (not its headings,
    lists or quotes), each on one line."""
    text = next((content / "articles").glob(f"*.{lang}.md")).read_text("utf-8")
    body = text.split("\n---\n", 1)[1] if text.startswith("---\n") else text
    found = []
    for block in re.split(r"\n\s*\n", body):
        block = " ".join(block.split())
        if block and not re.match(r"(#|[-*+>]\s|\d+[.)]\s)", block):
            found.append(block)
    return found


@needs_poppler
@pytest.mark.parametrize("lang", ("en", "ar"))
def test_a_paragraph_split_between_panels_reads_as_one(out: Path, content: Path,
                                                       lang: str) -> None:
    """Issue 42: a screen copy is the piece a panel a page, and the article's paragraph
    that runs from one panel on to the next was two paragraphs, read with a break in the
    middle of a sentence ("…may be a safer" / "choice. If you share a device…"). Each of
    the article's paragraphs is one P of the structure, whole, on as many pages as it
    runs over (the brochure's and the large print's)."""
    wanted = [comparable(paragraph).replace("\u2019", "'")
              for paragraph in article_paragraphs(content, lang)]
    assert len(wanted) >= 5, wanted
    spanning = 0
    for name in ("brochure", "large-print"):
        path = out / lang / f"{name}-screen.pdf"
        read = [comparable(struct_words(node)).replace("\u2019", "'")
                for node in struct_nodes(struct_tree(path)) if node["tag"] == "P"]
        missing = [paragraph[:40] for paragraph in wanted if paragraph not in read]
        assert not missing, (path, missing)
        with pikepdf.open(path) as pdf:
            pages = {page.obj.objgen: index for index, page in enumerate(pdf.pages)}
            for element in elements(pdf.Root.StructTreeRoot):
                kids = element.get("/K")
                kids = kids if isinstance(kids, pikepdf.Array) else [kids]
                on = {pages[kid.Pg.objgen] for kid in kids if isinstance(kid, pikepdf.Dictionary)
                      and kid.get("/Type") == "/MCR"}
                if "/Pg" in element and any(isinstance(kid, int) for kid in kids):
                    on.add(pages[element.Pg.objgen])  # its marked content on its own page
                spanning += element.S == "/P" and len(on) > 1
    assert spanning, lang  # one at least runs over two pages: the case is read


@pytest.mark.parametrize("lang", ("en", "ar"))
def test_no_fold_fill_shows_on_a_screen(out: Path, lang: str) -> None:
    """The cover's teal wraps 1.5 mm round the spine onto the back cover in print, so a
    fold a little out shows no sliver of paper on the cover. A screen copy has no fold: its
    back cover's page (the safety plan's last) showed a teal band 4 pt wide down its spine
    edge (its right in English, its left in Arabic). Both edges of that page are paper."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(str(out / lang / "safety-plan-screen.pdf"))
    image = document[len(document) - 1].render(scale=1).to_pil().convert("L")
    width, height = image.size
    edges = [min(image.getpixel((x, y)) for y in range(height // 4, 3 * height // 4))
             for x in (0, 1, 2, width - 3, width - 2, width - 1)]
    assert min(edges) > 240, (lang, edges)


# --- where the QR code is read (issue 42's screen review) --------------------------------

def top_level(pdf: Path) -> list[dict]:
    """The document's elements, as poppler reads its structure, in reading order."""
    root = struct_tree(pdf)
    document = next(node for node in root["kids"] if isinstance(node, dict))
    return [node for node in document["kids"] if isinstance(node, dict)]


def is_figure(node: dict) -> bool:
    return any(kid["tag"].startswith("Figure") for kid in struct_nodes(node))


@needs_poppler
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_sticker_reads_its_heading_first_and_its_qr_code_after_its_text(
        out: Path, content: Path, lang: str) -> None:
    """The review: the sticker's QR code (at its top) and caption were read before its
    heading. Its H1 ("Need to talk?", from the catalogue) comes first, then its text, then
    the code and its caption, then when its lines were checked."""
    said = strings(content, lang)
    nodes = top_level(out / lang / "sticker-screen.pdf")
    assert nodes[0]["tag"] == "H1", [node["tag"] for node in nodes]
    assert struct_words(nodes[0]) == " ".join(said["need_to_talk"].split())
    figures = [index for index, node in enumerate(nodes) if is_figure(node)]
    assert len(figures) == 1, [node["tag"] for node in nodes]
    figure = figures[0]
    text = nodes[1:figure]
    assert len(text) >= 3 and all(node["tag"] == "P" and struct_words(node)
                                  for node in text), [node["tag"] for node in text]
    numbers = " ".join(struct_words(node) for node in text)
    for resource in load_checked_kit(content).resources[:1]:  # the line it carries
        assert resource.phone and resource.phone.display in numbers, (resource.phone, numbers)
    caption, *rest = nodes[figure + 1:]
    assert caption["tag"] == "P" and struct_words(caption) in {
        " ".join(value.split()) for key, value in said.items() if key.startswith("scan_")}
    lead = said["checked"].split("{date}")[0].strip()
    assert [struct_words(node).startswith(lead) for node in rest] == [True]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_folding_cards_lines_are_one_list_and_its_qr_code_after_it(
        out: Path, content: Path, lang: str) -> None:
    """The review: the folding card's lines were tagged as two lists (L) split around the
    QR code that stands beside the first. One L holds every line of resources.yaml, an
    item each (its number's tel: link first), and the code's figure follows it."""
    kit = load_checked_kit(content)
    with pikepdf.open(out / lang / "pocket-fold-screen.pdf") as pdf:
        kids = list(pdf.Root.StructTreeRoot.K.K)
        lines = [index for index, kid in enumerate(kids) if kid.S == "/L" and any(
            part.S == "/P" for item in kid.K for part in elements(item))]
        assert len(lines) == 1, lines
        items = [kid for kid in kids[lines[0]].K if kid.S == "/LI"]
        assert len(items) == len(kit.resources)
        for item, resource in zip(items, kit.resources, strict=True):
            links = [str(a.A.URI) for e in elements(item) for a in annotations(e)]
            number = (resource.phone.e164 if resource.phone
                      else kit.site.emergency_number)
            assert links[0] == f"tel:{number}", (links, resource.names)
        after = kids[lines[0] + 1]
        assert after.S == "/Link" and [e.S for e in elements(after)] == ["/Figure"], after.S


@needs_poppler
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_screen_copy_carries_the_web_address_of_every_line_it_prints(
        out: Path, content: Path, lang: str) -> None:
    """The review: screen copies dropped the web addresses paper left out for room (a
    screen has room: 988lifeline.org on the Arabic card, on the Letter poster). Every
    screen copy that links a line's number has its web address (resources.yaml's url) as
    words of a link that opens it. Not the sticker: it names no line (its one number is
    the hotline's, with no name: an address would name it)."""
    kit = load_checked_kit(content)
    checked = 0
    for path in sorted((out / lang).glob("*-screen.pdf")):
        if path.name == "sticker-screen.pdf":
            continue
        with pikepdf.open(path) as pdf:
            uris = {str(a.A.URI) for page in pdf.pages for a in page.get("/Annots", [])}
        # spaces aside: poppler reads the Arabic brochure's "988 lifeline.org"
        links = {struct_words(node).replace(" ", "")
                 for node in struct_nodes(struct_tree(path)) if node["tag"] == "Link"}
        for resource in kit.resources:
            if not (resource.url and resource.phone
                    and f"tel:{resource.phone.e164}" in uris):
                continue
            address = resource.url.split("//", 1)[1].removeprefix("www.").rstrip("/")
            assert resource.url in uris and address in links, (path.name, address)
            checked += 1
    assert checked >= 10
