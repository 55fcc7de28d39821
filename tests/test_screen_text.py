"""Screen copies copy as written: three readers (poppler's pdftotext, PDFium through
pypdfium2, MuPDF's `mutool draw -F txt`) give the text of every line in logical order, in
Arabic, Persian, Hebrew, Hindi, Thai and Chinese, with no private-use characters and no
character the content does not have (the printed files' invisible PDFium helper read as
an em dash by MuPDF, Arabic letters as U+E000...).

What each reader gives is compared with the content folder's text, the spaces taken out
(readers place them by gaps). A known limit of poppler, the same in every PDF: it orders
the punctuation beside a number in right-to-left text by position ("بالرقم .911"), so it
is held to the letters, marks and digits (the zero-width non-joiner of Persian words
included), in order.
"""

from __future__ import annotations

import shutil
import subprocess
import unicodedata
from functools import cache
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from generator.commands.cli import main
from generator.content.placeholders import substitute
from generator.layout.compose import resource_view
from generator.pipeline.kit_checks import load_checked_kit
from tests.conftest import DEFAULT_CONTENT, card_printed_name, default_kit_in

LANGUAGES = ("ar", "fa", "he", "hi", "th", "zh-Hans")
READERS = ("poppler", "pdfium", "mupdf")
_BIDI_CONTROLS = dict.fromkeys(map(ord, "\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                                        "\u2066\u2067\u2068\u2069"))


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("screen-text")
    content = default_kit_in(root / "content", LANGUAGES)
    assert main(["build", str(content), "--out", str(root / "out"), "--target", "screen",
                 "--format", "pocket-card", "--format", "brochure", "--no-previews"]) == 0
    return root / "out"


def _needs(tool: str, package: str) -> None:
    if shutil.which(tool) is None:
        pytest.skip(f"needs {tool} from Debian's {package} (apt-get install -y {package})")


@cache
def read(reader: str, pdf: Path, page: int | None = None) -> str:
    """What `reader` copies from the PDF (one page, counted from 1, or all of it)."""
    if reader == "poppler":
        _needs("pdftotext", "poppler-utils")
        pages = ["-f", str(page), "-l", str(page)] if page else []
        return subprocess.run(["pdftotext", *pages, str(pdf), "-"], capture_output=True,
                              text=True, check=True).stdout
    if reader == "mupdf":
        _needs("mutool", "mupdf-tools")
        return subprocess.run(["mutool", "draw", "-q", "-F", "txt", "-o", "-", str(pdf),
                               *([str(page)] if page else [])],
                              capture_output=True, text=True, check=True).stdout
    document = pdfium.PdfDocument(str(pdf))
    chosen = [page - 1] if page else range(len(document))
    return "\n".join(document[index].get_textpage().get_text_range() for index in chosen)


def held(reader: str, text: str) -> str:
    """`text` as `reader` is held to it (see the module's docstring)."""
    text = unicodedata.normalize("NFC", text).translate(_BIDI_CONTROLS)
    if reader == "poppler":
        return "".join(char for char in text
                       if unicodedata.category(char)[0] in "LNM" or char in "\u200c\u200d")
    return "".join(text.split())


def fill(template: str, **values: object) -> str:
    return substitute(template, values)


def card_back_texts(lang: str) -> list[str]:
    """What the back of every card prints whatever fits: each line's name, number, texting
    line ("Text START to 88788", in words) and TTY ("TTY: 1-800-787-3224"), what the QR
    code does, the safety note (which names the emergency number: the emergency line is
    not listed again). The card line gives way to the lines in some languages:
    tests/test_pocket_card.py covers it."""
    kit = load_checked_kit(DEFAULT_CONTENT)
    strings = kit.strings.get(lang) or load_checked_kit(_content_with(lang)).strings[lang]
    texts = [strings["scan_tel"],
             fill(strings["safety_note"], emergency=kit.site.emergency_number)]
    for resource in kit.resources:
        if resource.emergency:
            continue
        # the pocket card prints a name without the number it starts with (printed under it)
        texts.append(card_printed_name(resource.name_in(lang, strings),
                                       resource.phone.raw if resource.phone else None))
        if resource.phone:
            texts.append(resource.phone.display)
        if resource.text and resource.text.keyword:
            texts.append(fill(strings["text_keyword_to"], keyword=resource.text.keyword,
                              number=resource.text.number))
        elif resource.text:
            texts.append(fill(strings["text_to"], number=resource.text.number))
        if resource.tty:
            texts.append(fill(strings["tty"], number=resource.tty.display))
    return texts


@cache
def _content_with(lang: str) -> Path:
    import tempfile

    return default_kit_in(Path(tempfile.mkdtemp()) / "content", (lang,))


def article_paragraphs(lang: str) -> list[str]:
    article = load_checked_kit(_content_with(lang)).library["trauma-bonding"][lang]
    texts = [article.title]
    for section in article.sections:
        texts += [section.heading or "", *section.paragraphs]
    return [text for text in texts if text]


def source_characters(lang: str) -> set[str]:
    """Every character the kit could print in `lang`: its article, its catalogue, the
    lines, the outside title."""
    content = _content_with(lang)
    kit = load_checked_kit(content)
    chars = set((content / "articles" / f"trauma-bonding.{lang}.md").read_text("utf-8"))
    chars |= set("".join(kit.strings[lang].values()))
    for resource in kit.resources:  # as printed: dates and language names in `lang`
        view = resource_view(resource, lang, kit.strings[lang])
        chars |= set(str(list(view.values())))
    chars |= set(kit.site.title_for(lang)) | set("0123456789") | {"•"}  # the brochure's bullets
    return chars


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reader_copies_the_card_back_as_written(out: Path, lang: str,
                                                      reader: str) -> None:
    copied = held(reader, read(reader, out / lang / "pocket-card-screen.pdf", 2))
    missing = [text for text in card_back_texts(lang) if held(reader, text) not in copied]
    assert not missing, (missing, read(reader, out / lang / "pocket-card-screen.pdf", 2))


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reader_copies_the_whole_article_in_order(out: Path, lang: str,
                                                        reader: str) -> None:
    """Every paragraph of the article, in the brochure's screen copy: each whole, and one
    after the other as the article has them."""
    copied = held(reader, read(reader, out / lang / "brochure-screen.pdf"))
    position = 0
    for paragraph in article_paragraphs(lang):
        found = copied.find(held(reader, paragraph), position)
        assert found >= 0, (paragraph, copied[position:position + 400])
        position = found


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_reader_gets_a_character_the_content_does_not_have(out: Path, lang: str,
                                                               reader: str) -> None:
    allowed = source_characters(lang)
    for name in ("pocket-card", "brochure"):
        text = read(reader, out / lang / f"{name}-screen.pdf").translate(_BIDI_CONTROLS)
        stray = sorted({char for char in text if not char.isspace() and char not in allowed})
        assert not stray, (name, [f"U+{ord(char):04X} {char}" for char in stray])
        assert not any(0xE000 <= ord(char) <= 0xF8FF for char in text)
