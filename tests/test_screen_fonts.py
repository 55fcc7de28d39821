"""Every font of every screen copy is an embedded TrueType program (a simple TrueType font or
a CIDFontType2 one) whose /FontBBox holds every glyph's outline and whose widths are the
program's advances, with a ToUnicode map that gives the text back.

Issue 42: the Arabic, Persian, Urdu, Hebrew, Hindi, Bengali and Thai screen copies (and a
Chinese poster) drew their shaped clusters, bidi marks and the glyphs carrying a line's
text for PDFium with Type 3 fonts, whose carrier glyphs reached far outside the font's box
(poppler: "Bad bounding box in Type 3 glyph"; a PDF/UA checker flagged them). Each font is read back
from the PDF (pikepdf) and its program with fontTools; the text PDFium copies is compared
with the content folder's.
"""

from __future__ import annotations

import io
import re
import shutil
import unicodedata
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from fontTools.pens.areaPen import AreaPen
from fontTools.ttLib import TTFont

from generator.commands.cli import main
from generator.render.glyph_fonts import icon_path
from generator.render.icons import ICONS
from tests.conftest import default_kit_in, edit
from tests.test_screen_text import article_paragraphs, card_back_texts, held

# Every script the screen copies shape or turn: Latin, Arabic (Persian, Urdu), Hebrew,
# Devanagari, Bengali, Thai, Chinese.
LANGUAGES = ("en", "ar", "th", "zh-Hans", "fa", "ur", "he", "hi", "bn")
FORMATS = ("pocket-card", "pocket-fold", "brochure", "large-print", "poster-letter",
           "safety-plan", "sticker")
_TOLERANCE = 1.0  # thousandths of the text size: rounding of the box and the widths
# The article's straight quotes print as typographic ones (generator/i18n/quotes.py).
_QUOTES = str.maketrans("\u2018\u2019\u201c\u201d", "''\"\"")


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("screen-fonts")
    content = default_kit_in(root / "content", LANGUAGES)
    assert main(["build", str(content), "--out", str(root / "out"), "--target", "screen",
                 "--no-previews"]) == 0
    return root / "out"


@pytest.fixture(scope="module")
def with_icons(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A kit whose own card layout puts an icon before each number, texting line and TTY
    line, each read as its word (the catalogue's icon_* strings)."""
    root = tmp_path_factory.mktemp("screen-icons")
    content = default_kit_in(root / "content", ("en", "ar"))
    folder = content / "layouts" / "pocket-card"
    shutil.copytree(Path(__file__).parent.parent / "layouts" / "pocket-card", folder)
    back = folder / "back.j2"
    edit(back, '<p style="phone">', '<p style="phone" icon="call" alt="{{ t.icon_call }}">')
    edit(back, '{% if item.tty %}<p style="detail">',
         '{% if item.tty %}<p style="detail" icon="tty" alt="{{ t.icon_tty }}">')
    assert main(["build", str(content), "--out", str(root / "out"), "--target", "screen",
                 "--format", "pocket-card", "--no-previews"]) == 0
    return root / "out"


Fonts = dict[tuple[int, int], tuple[str, pikepdf.Dictionary, set[int]]]


def _fonts(pdf: pikepdf.Pdf) -> Fonts:
    """Every font the pages and the forms they draw use, by object, with the codes drawn
    with it (two bytes each in a Type 0 font, one in a simple one)."""
    found: Fonts = {}

    def walk(owner: pikepdf.Object) -> None:
        resources = owner.get("/Resources")
        if resources is None:
            return
        fonts = resources.get("/Font") or {}
        for name, font in fonts.items():
            found.setdefault(font.objgen, (name, font, set()))
        current: set[int] | None = None
        width = 1
        for operands, operator in pikepdf.parse_content_stream(owner):
            if operator == pikepdf.Operator("Tf"):
                font = fonts[str(operands[0])]
                current = found[font.objgen][2]
                width = 2 if font.get("/Subtype") == "/Type0" else 1
            elif operator in (pikepdf.Operator("Tj"), pikepdf.Operator("TJ"),
                              pikepdf.Operator("'"), pikepdf.Operator('"')):
                assert current is not None
                for item in operands:
                    for string in (item if isinstance(item, pikepdf.Array) else [item]):
                        if isinstance(string, pikepdf.String):
                            data = bytes(string)
                            current.update(int.from_bytes(data[i:i + width], "big")
                                           for i in range(0, len(data), width))
        for form in (resources.get("/XObject") or {}).values():
            if form.get("/Subtype") == "/Form":
                walk(form)

    for page in pdf.pages:
        walk(page.obj)
    return found


def _to_unicode(stream: pikepdf.Stream) -> dict[int, str]:
    """A ToUnicode CMap's codes and their text (bfchar and bfrange)."""
    data = stream.read_bytes().decode("latin-1")
    mapped: dict[int, str] = {}

    def text(hexes: str) -> str:
        return bytes.fromhex(hexes).decode("utf-16-be")

    for block in re.findall(r"beginbfchar(.*?)endbfchar", data, re.S):
        for code, value in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]*)>", block):
            mapped[int(code, 16)] = text(value)
    for block in re.findall(r"beginbfrange(.*?)endbfrange", data, re.S):
        for first, last, value in re.findall(
                r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]*>|\[[^\]]*\])", block):
            start, end = int(first, 16), int(last, 16)
            if value.startswith("["):
                for offset, item in enumerate(re.findall(r"<([0-9A-Fa-f]*)>", value)):
                    mapped[start + offset] = text(item)
            else:
                base = text(value[1:-1])
                for offset in range(end - start + 1):
                    mapped[start + offset] = base[:-1] + chr(ord(base[-1]) + offset)
    return mapped


def _cid_widths(cid_font: pikepdf.Dictionary) -> dict[int, float]:
    widths: dict[int, float] = {}
    entries = list(cid_font.get("/W", []))
    index = 0
    while index < len(entries):
        first = int(entries[index])
        following = entries[index + 1]
        if isinstance(following, pikepdf.Array):
            for offset, width in enumerate(following):
                widths[first + offset] = float(width)
            index += 2
        else:
            for cid in range(first, int(following) + 1):
                widths[cid] = float(entries[index + 2])
            index += 3
    return widths


def font_problems(font: pikepdf.Dictionary, drawn: set[int]) -> list[str]:
    """What is wrong with a font of a screen copy (nothing: an empty list), the codes it
    draws `drawn`: veraPDF's PDF/UA-1 font rules (ISO 14289-1 7.21: embedded, widths the
    program's, a symbolic TrueType font with no /Encoding and one cmap, no .notdef drawn,
    a Unicode value for every code drawn) and the box holding every glyph's outline."""
    subtype = str(font.get("/Subtype"))
    if subtype == "/Type0":
        cid_font = font.DescendantFonts[0]
        if cid_font.get("/Subtype") != "/CIDFontType2":
            return [f"a Type 0 font of {cid_font.get('/Subtype')}, not CIDFontType2"]
        if cid_font.get("/CIDToGIDMap") != "/Identity":
            return ["a CIDFontType2 font without an identity CIDToGIDMap"]
        descriptor = cid_font.get("/FontDescriptor")
    elif subtype == "/TrueType":
        descriptor = font.get("/FontDescriptor")
        if "/Encoding" in font:
            return ["a symbolic TrueType font with an /Encoding"]
    else:
        return [f"a {subtype} font"]
    if descriptor is None or "/FontFile2" not in descriptor:
        return ["not embedded (no /FontFile2)"]
    program = TTFont(io.BytesIO(descriptor.FontFile2.read_bytes()))
    scale = 1000 / program["head"].unitsPerEm
    glyf, hmtx, order = program["glyf"], program["hmtx"], program.getGlyphOrder()
    if "/ToUnicode" not in font:
        return ["no ToUnicode map"]
    texts = _to_unicode(font.ToUnicode)
    problems = []
    if subtype == "/Type0":
        widths = _cid_widths(cid_font)
        gids = {cid: cid for cid in widths}
    else:  # ReportLab's subsets: one-byte codes through the program's one cmap, (1, 0)
        cmap = program["cmap"].tables
        if len(cmap) != 1:
            problems.append(f"a symbolic TrueType font with {len(cmap)} cmap subtables")
        names = cmap[0].cmap
        first = int(font.FirstChar)
        widths = {first + index: float(width) for index, width in enumerate(font.Widths)}
        gids = {code: order.index(names[code]) for code in widths if code in names}
    box = [float(value) for value in descriptor.FontBBox]
    if not (box[2] - box[0] > 0 and box[3] - box[1] > 0):
        problems.append(f"a degenerate FontBBox {box}")
    for code in drawn:
        if code not in gids or gids[code] == 0:
            problems.append(f"code {code:#x} drawn: no glyph or .notdef")
    for code, gid in gids.items():
        name = order[gid]
        width = hmtx[name][0] * scale
        if abs(width - widths[code]) > _TOLERANCE:
            problems.append(f"code {code:#x}: width {widths[code]} but the program's {width}")
        glyph = glyf[name]
        glyph.recalcBounds(glyf)
        if glyph.numberOfContours:
            extent = [glyph.xMin * scale, glyph.yMin * scale, glyph.xMax * scale,
                      glyph.yMax * scale]
            if (extent[0] < box[0] - _TOLERANCE or extent[1] < box[1] - _TOLERANCE
                    or extent[2] > box[2] + _TOLERANCE or extent[3] > box[3] + _TOLERANCE):
                problems.append(f"code {code:#x} ({texts.get(code)!r}): outline {extent} "
                                f"outside FontBBox {box}")
        text = texts.get(code)
        if text is None or not text:
            problems.append(f"code {code:#x}: no text in the ToUnicode map")
        elif any(0xE000 <= ord(char) <= 0xF8FF or char == "\ufffd" for char in text):
            problems.append(f"code {code:#x}: ToUnicode {text!r} is no character of the text")
        elif all(char.isspace() or unicodedata.category(char) == "Cf" for char in text):
            pen = AreaPen(program.getGlyphSet())
            program.getGlyphSet()[name].draw(pen)
            if abs(pen.value) > 0:  # a space, a bidi mark, a line's carrier for PDFium
                problems.append(f"code {code:#x} reads as {text!r} but draws something")
    return problems


def _screen_copies(folder: Path) -> list[Path]:
    return sorted(folder.glob("*/*-screen.pdf"))


def test_every_screen_copy_is_built(out: Path) -> None:
    assert {(path.parent.name, path.name) for path in _screen_copies(out)} == {
        (lang, f"{name}-screen.pdf") for lang in LANGUAGES for name in FORMATS}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_font_is_embedded_truetype_with_its_box_and_widths(out: Path,
                                                                 lang: str) -> None:
    problems = []
    for path in sorted((out / lang).glob("*-screen.pdf")):
        with pikepdf.open(path) as pdf:
            for name, font, drawn in _fonts(pdf).values():
                problems += [f"{path.name} {name}: {problem}"
                             for problem in font_problems(font, drawn)]
    assert not problems, problems[:20]


def test_icons_are_glyphs_of_an_embedded_font(with_icons: Path) -> None:
    """An icon is a glyph of a TrueType font (its outline in the box) read as its word."""
    for lang, word in (("en", "Call"), ("ar", "اتصال")):
        path = with_icons / lang / "pocket-card-screen.pdf"
        with pikepdf.open(path) as pdf:
            fonts = _fonts(pdf).values()
            problems = [f"{name}: {problem}" for name, font, drawn in fonts
                        for problem in font_problems(font, drawn)]
        assert not problems, (lang, problems)
        text = pdfium.PdfDocument(str(path))[1].get_textpage().get_text_range()
        assert held("pdfium", word) in held("pdfium", text), (lang, text)


@pytest.mark.parametrize("name", sorted(ICONS))
def test_an_icons_outline_stays_in_its_square(name: str) -> None:
    """The outline an icon's glyph is made of (generator/render/icons.py's drawing, its
    strokes and white parts followed): something, inside its square (a stroke's half width
    aside)."""
    bounds = icon_path(name, 1000.0, 0.0, 0.0).bounds
    assert bounds != (0.0, 0.0, 0.0, 0.0)
    left, bottom, right, top = bounds
    assert -60 <= left < right <= 1060 and -60 <= bottom < top <= 1060, bounds


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pdfium_copies_the_text_from_the_fonts(out: Path, lang: str) -> None:
    """What PDFium copies from the glyphs is the content's: the card back's lines and safety
    note, the article's paragraphs in order, no private-use or replacement character."""
    def read(path: Path, pages: list[int] | None = None) -> str:
        document = pdfium.PdfDocument(str(path))
        chosen = pages if pages is not None else range(len(document))
        return "\n".join(document[index].get_textpage().get_text_range() for index in chosen)

    card = held("pdfium", read(out / lang / "pocket-card-screen.pdf", [1]))
    missing = [text for text in card_back_texts(lang) if held("pdfium", text) not in card]
    assert not missing, (missing, card)
    brochure = held("pdfium", read(out / lang / "brochure-screen.pdf")).translate(_QUOTES)
    position = 0
    for paragraph in article_paragraphs(lang):
        found = brochure.find(held("pdfium", paragraph).translate(_QUOTES), position)
        assert found >= 0, (paragraph, brochure[position:position + 300])
        position = found
    for path in sorted((out / lang).glob("*-screen.pdf")):
        text = read(path)
        assert not any(0xE000 <= ord(char) <= 0xF8FF or char == "\ufffd" for char in text), \
            path.name
