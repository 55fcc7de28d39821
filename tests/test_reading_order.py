"""Every number, keyword and address reads in logical order in poppler, PDFium and MuPDF,
in the screen copies and the printed files (office and shop), in Arabic, Persian, Urdu and
Hebrew, on every format; and each way to reach a line is a link of its own holding its own
words.

Each reader orders what it finds its own way: poppler sorts a line's characters by where
they stand and reads a stretch without right-to-left letters as it stands (it read the
Arabic poster's texting line "... 1-800-787-3224 TTY · 88788": the TTY number where the
texting number belongs); PDFium reorders each line by its own rule ("org.thehotline",
"889-7884 (410)", hours beside an address turned round); MuPDF takes glyphs in the order
they are drawn. The kit prints the National Domestic Violence Hotline (on the poster its
texting line and TTY number share one line), a line written "(410) 889-7884" with a web
address and hours beside it, and, in a UK kit, "0808 2000 247".

What each reader gives is compared with what the layout placed: each line of each
paragraph, in logical order (`lay_out`, as the build does for a kit of one language).
poppler is held to the letters and digits (it orders punctuation beside a number by where
it stands); PDFium and MuPDF to everything but spaces; MuPDF, which reads the glyphs of a
printed file (its Arabic letters are joining forms), to the numbers, addresses and Latin
words of each line, in order. The links are read from the structure tree with pikepdf: the
text of a link element is what its own marked content draws.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pikepdf
import pytest

from generator.commands.cli import main
from generator.content.layouts import available_layouts
from generator.i18n.isolates import isolate_spans
from generator.i18n.line_paragraph import LineParagraph
from generator.layout.compose import resource_view
from generator.pipeline.build import lay_out
from generator.pipeline.kit_checks import load_checked_kit
from generator.render.screen_links import sms_uri
from tests.conftest import default_kit_in
from tests.test_screen_text import held, read

RTL = ("ar", "fa", "ur", "he")
FORMATS = ("pocket-card", "pocket-fold", "brochure", "poster", "sticker", "large-print",
           "safety-plan")
TARGETS = ("screen", "office", "shop")
READERS = ("poppler", "pdfium", "mupdf")

HOUSE_OF_RUTH = """
  - name:
      en: House of Ruth hotline
      ar: خط بيت روث
      fa: خط خانه روت
      ur: ہاؤس آف روتھ ہیلپ لائن
      he: הקו של בית רות
    phone: (410) 889-7884
    url: https://www.hruth.org
    hours:
      en: Mon–Fri 9:00–17:00
      ar: الاثنين–الجمعة 9:00–17:00
      fa: دوشنبه تا جمعه 9:00–17:00
      ur: پیر تا جمعہ 9:00–17:00
      he: א׳–ה׳ 9:00–17:00
    verified: 2026-11-01
"""
# The line is named in each language, as a kit's lines are: poppler takes a whole page's
# direction from whether it holds more left-to-right letters than right-to-left ones, and a
# Hebrew poster whose one line is named in English on its band, its list and eight tabs
# (with the short "שלחו SHOUT ל־85258" of da89c8e) has more Latin letters than Hebrew: poppler
# then reads every Hebrew line of it as a left-to-right one (its words' order reversed),
# whatever the PDF says.
UK_LINES = """resources:
  - name:
      en: Domestic abuse helpline
      ar: خط الدعم الوطني
      he: קו התמיכה הארצי
    phone: 0808 2000 247
    text: {number: "85258", keyword: SHOUT}
    url: https://www.nationaldahelpline.org.uk
    hours: 24/7
    verified: 2026-11-01
  - name: Emergency
    phone: "999"
    verified: 2026-11-01
"""


@dataclass(frozen=True)
class Kit:
    content: Path
    out: Path  # a folder per language


def _built(root: Path, content: Path, languages: tuple[str, ...],
           *extra: str) -> Kit:
    """The kit built for each language on its own (so that what `lay_out` places for a
    language is what its files hold)."""
    out = root / "out"
    for lang in languages:
        assert main(["build", str(content), "--out", str(out / lang), "--lang", lang,
                     "--target", "all", "--no-previews", *extra]) == 0
    return Kit(content, out)


@pytest.fixture(scope="module")
def us(tmp_path_factory: pytest.TempPathFactory) -> Kit:
    root = tmp_path_factory.mktemp("reading-order")
    content = default_kit_in(root / "content", (*RTL, "en"))
    resources = content / "resources.yaml"
    text = resources.read_text(encoding="utf-8")
    resources.write_text(text.replace("\n  - name: Emergency", HOUSE_OF_RUTH +
                                      "\n  - name: Emergency"), encoding="utf-8")
    assert "(410) 889-7884" in resources.read_text(encoding="utf-8")
    return _built(root, content, (*RTL, "en"))


@pytest.fixture(scope="module")
def uk(tmp_path_factory: pytest.TempPathFactory) -> Kit:
    root = tmp_path_factory.mktemp("reading-order-uk")
    content = default_kit_in(root / "content", ("ar", "he"))
    site = content / "site.yaml"
    site.write_text(re.sub(r"^country: \w+", "country: GB", site.read_text(encoding="utf-8"),
                           flags=re.MULTILINE), encoding="utf-8")
    (content / "resources.yaml").write_text(UK_LINES, encoding="utf-8")
    return _built(root, content, ("ar", "he"), "--format", "pocket-card", "--format",
                  "poster", "--format", "brochure")


def _file(kit: Kit, lang: str, layout: str, target: str) -> Path:
    """The built file of `layout` for `target` (the poster's name has its size)."""
    files = sorted((kit.out / lang / lang).glob(f"{layout}*.pdf"))
    [path] = [p for p in files if (p.stem.endswith(f"-{target}") if target != "office"
                                   else not p.stem.endswith(("-screen", "-shop")))]
    return path


@cache
def placed_lines(content: Path, lang: str, layout: str) -> tuple[str, ...]:
    """Every line the layout places, in logical order, as it is drawn (no-break spaces as
    spaces)."""
    kit = load_checked_kit(content)
    laid = lay_out(kit, available_layouts()[layout], lang)
    lines = []
    for face in laid.faces:
        for text in face.texts:
            paragraph = text.paragraph
            assert isinstance(paragraph, LineParagraph), (lang, layout)
            lines += [paragraph.drawn_line(n).text for n in range(len(paragraph.lines))]
    return tuple(line for line in lines if any(char.isalnum() for char in line))


def tokens(line: str) -> list[str]:
    """The numbers, addresses and Latin words of a line, in logical order, spaces out."""
    spans = list(isolate_spans(line))
    spans += [m.span() for m in re.finditer(r"[A-Za-z]+", line)
              if not any(a <= m.start() < b for a, b in spans)]
    return ["".join(line[a:b].split()) for a, b in sorted(spans)]


def without_folios(text: str) -> str:
    """`text` without the lines that are a page's number alone ("4 / 5", a large print's
    folio at the foot of each page): a reader ignoring tags reads it between the last line
    of a page and the first of the next, in the middle of a paragraph."""
    def folio(line: str) -> bool:  # its digits and slash in any order ("4 5 /" in Urdu)
        kept = "".join(char for char in line
                       if not char.isspace() and unicodedata.category(char) != "Cf")
        return re.fullmatch(r"[0-9/]+", kept) is not None and kept.count("/") == 1

    return "\n".join(line for line in text.splitlines() if not folio(line))


def unread(reader: str, pdf: Path, lines: tuple[str, ...]) -> list[str]:
    """The lines `reader` does not give as written (see the module's docstring)."""
    copied = held(reader, without_folios(read(reader, pdf)))
    if reader == "mupdf" and not pdf.stem.endswith("-screen"):
        def found(line: str) -> bool:
            pattern = ".{0,80}?".join(re.escape(token) for token in tokens(line))
            return not pattern or re.search(pattern, copied, re.DOTALL) is not None
    else:
        def found(line: str) -> bool:
            return held(reader, line) in copied
    return [line for line in lines if not found(line)]


def test_the_kit_has_what_these_tests_look_for(us: Kit) -> None:
    """The poster's Arabic texting line holds the keyword, the texting number, "TTY" and
    the TTY number; a line holds an address beside hours."""
    [line] = [line for line in placed_lines(us.content, "ar", "poster")
              if "88788" in line and "TTY" in line]
    assert re.search(r"START.*88788 · TTY: 1-800-787-3224 · \S", line), line
    assert any("hruth.org · א׳–ה׳ 9:00–17:00" in line
               for line in placed_lines(us.content, "he", "brochure"))
    assert any("(410) 889-7884" in line for line in placed_lines(us.content, "fa", "poster"))


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("lang", RTL)
def test_every_line_reads_in_logical_order(us: Kit, lang: str, target: str,
                                           reader: str) -> None:
    failed = {}
    for layout in FORMATS:
        pdf = _file(us, lang, layout, target)
        missing = unread(reader, pdf, placed_lines(us.content, lang, layout))
        if missing:
            failed[pdf.name] = missing
    assert not failed, failed


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("target", ("screen", "shop"))
@pytest.mark.parametrize("lang", ("ar", "he"))
def test_a_number_with_spaces_reads_in_logical_order(uk: Kit, lang: str, target: str,
                                                     reader: str) -> None:
    for layout in ("pocket-card", "poster", "brochure"):
        pdf = _file(uk, lang, layout, target)
        lines = placed_lines(uk.content, lang, layout)
        assert any("0808 2000 247" in line for line in lines)
        assert not unread(reader, pdf, lines), (pdf.name, read(reader, pdf)[:1500])


def test_the_poster_reads_the_texting_number_before_tty_and_its_number(us: Kit) -> None:
    """The issue's own check: poppler and PDFium read "88788" in the Arabic and Hebrew
    posters' texting line, and the TTY number after "TTY"."""
    for lang in ("ar", "he"):
        for target in TARGETS:
            pdf = _file(us, lang, "poster", target)
            for reader in ("poppler", "pdfium"):
                copied = held(reader, read(reader, pdf))
                assert re.search(r"START\w{0,20}?88788TTY18007873224" if reader == "poppler"
                                 else r"START.{0,30}?88788·TTY:1-800-787-3224", copied), (
                    lang, target, reader, copied[:800])


# --- links ------------------------------------------------------------------------------

def _unicode_map(font: pikepdf.Object) -> dict[int, str]:
    table: dict[int, str] = {}
    if "/ToUnicode" not in font:
        return table
    data = font.ToUnicode.read_bytes().decode("latin-1")
    for block in re.findall(r"beginbfchar(.*?)endbfchar", data, re.DOTALL):
        for code, text in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]*)>", block):
            table[int(code, 16)] = bytes.fromhex(text).decode("utf-16-be")
    for block in re.findall(r"beginbfrange(.*?)endbfrange", data, re.DOTALL):
        for first, last, text in re.findall(
                r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            for index, code in enumerate(range(int(first, 16), int(last, 16) + 1)):
                table[code] = chr(int(text, 16) + index)
    return table


def marked_texts(page: pikepdf.Page) -> dict[int, str]:
    """The text each MCID's marked content draws, by its fonts' ToUnicode maps."""
    fonts = page.obj.Resources.get("/Font", {})
    maps = {str(name): _unicode_map(font) for name, font in fonts.items()}
    texts: dict[int, str] = {}
    stack: list[int | None] = []
    font = ""
    for operands, operator in pikepdf.parse_content_stream(page):
        name = str(operator)
        if name == "BDC":
            props = operands[1]
            stack.append(int(props.MCID) if isinstance(props, pikepdf.Dictionary)
                         and "/MCID" in props else None)
        elif name == "BMC":
            stack.append(None)
        elif name == "EMC":
            stack.pop()
        elif name == "Tf":
            font = str(operands[0])
        elif name in ("Tj", "TJ"):
            mcid = next((m for m in reversed(stack) if m is not None), None)
            strings = operands[0] if name == "TJ" else [operands[0]]
            for string in strings:
                if mcid is not None and isinstance(string, pikepdf.String):
                    texts[mcid] = texts.get(mcid, "") + "".join(
                        maps.get(font, {}).get(byte, "\ufffd") for byte in bytes(string))
    return texts


def links(pdf: Path) -> list[tuple[str, str, bool]]:
    """(its URI, its own text, whether it holds a figure) of every link element."""
    found = []
    with pikepdf.open(pdf) as document:
        pages = {page.obj.objgen: page for page in document.pages}
        texts = {key: marked_texts(page) for key, page in pages.items()}

        def walk(element: pikepdf.Object) -> None:
            kids = element.get("/K")
            kids = list(kids) if isinstance(kids, pikepdf.Array) else [kids]
            if element.get("/S") == "/Link":
                text, uri, figure = "", "", False
                for kid in kids:
                    if isinstance(kid, int) or getattr(kid, "is_integer", False):
                        text += texts[element.Pg.objgen].get(int(kid), "")
                    elif isinstance(kid, pikepdf.Dictionary) and kid.get("/Type") == "/MCR":
                        text += texts[kid.Pg.objgen].get(int(kid.MCID), "")
                    elif isinstance(kid, pikepdf.Dictionary) and kid.get("/Type") == "/OBJR":
                        uri = str(kid.Obj.A.URI)
                    elif isinstance(kid, pikepdf.Dictionary) and kid.get("/S") == "/Figure":
                        figure = True
                found.append((uri, text, figure))
            for kid in kids:
                if isinstance(kid, pikepdf.Dictionary) and kid.get("/Type") == "/StructElem":
                    walk(kid)

        walk(document.Root.StructTreeRoot)
    return found


def _digits(text: str) -> str:
    return "".join(str(unicodedata.digit(char)) for char in text if char.isdecimal())


@pytest.mark.parametrize("lang", (*RTL, "en"))
def test_each_way_to_reach_a_line_is_its_own_link_with_its_own_words(us: Kit,
                                                                     lang: str) -> None:
    """Every tel: and sms: link element of every screen copy holds the words that dial or
    text it, and no other line's number: on the poster the TTY number is the TTY link's,
    not the texting line's, and no link is empty but the QR code's, a figure."""
    kit = load_checked_kit(us.content)
    numbers = {}  # each link's URI: the digits it dials or texts, as resources.yaml has them
    addresses = {}  # a web link's URI: its address as printed
    for resource in kit.resources:
        for phone in (resource.phone, resource.tty):
            if phone is not None:
                numbers[f"tel:{phone.e164}"] = _digits(phone.display)
        if resource.text is not None:
            numbers[sms_uri(resource)] = _digits(resource.text.number)
        if resource.url:
            addresses[resource.url] = resource_view(resource, lang, kit.strings[lang])["domain"]
    for layout in FORMATS:
        pdf = _file(us, lang, layout, "screen")
        seen = []
        for uri, text, figure in links(pdf):
            if figure:
                continue
            assert text.strip(), (pdf.name, uri, "an empty link")
            if uri.startswith("https://") and uri not in addresses:  # an address the
                addresses[uri] = uri.removeprefix("https://")  # article prints (its Sources)
            if uri in addresses:
                assert addresses[uri] in text and not _digits(text.replace(
                    addresses[uri], "")), (pdf.name, uri, text)
                continue
            assert uri in numbers, (pdf.name, uri)
            assert _digits(text) == numbers[uri], (pdf.name, uri, text)
            if "?body=" in uri:
                assert uri.split("?body=")[1] in text, (pdf.name, uri, text)
            seen.append(uri)
        if layout == "poster":
            assert any(uri.startswith("sms:88788") for uri in seen), seen
            assert "tel:+18007873224" in seen, seen  # the TTY number, a link of its own

