"""Text copied, searched or read aloud from a PDF is the text that was printed.

Shaped scripts draw glyphs that do not map back to characters one by one (Arabic joining
forms, Devanagari vowel signs drawn before their consonant), so their lines carry
/ActualText. poppler's pdftotext stands in for the readers and search engines that honour
it; pypdf reads glyphs only, which is enough for Hebrew and Latin text.
"""

from __future__ import annotations

import shutil
import subprocess
import unicodedata
from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.commands.cli import main
from generator.content.kit_parts import find_article
from tests.conftest import DEFAULT_CONTENT, default_kit_in, shop_pdf

SHAPED_OR_RTL = ("hi", "ar", "fa", "ur", "he")
FORMATS = ("pocket-card", "brochure", "pocket-fold", "poster", "safety-plan", "sticker",
           "large-print")
needs_pdftotext = pytest.mark.skipif(
    shutil.which("pdftotext") is None,
    reason="needs pdftotext from Debian's poppler-utils (apt-get install -y poppler-utils)")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("extraction")
    content, out = root / "content", root / "out"
    default_kit_in(content, SHAPED_OR_RTL)
    assert main(["build", str(content), "--out", str(out), "--target", "shop",
                 "--no-previews"]) == 0
    return out


def words(text: str) -> list[str]:
    """Words without punctuation, directional marks or presentation forms."""
    text = unicodedata.normalize("NFKC", text)
    return "".join(" " if unicodedata.category(char)[0] in "PZC" or char in "·•"
                   else char for char in text).split()


def article_words(lang: str) -> list[str]:
    article = find_article(DEFAULT_CONTENT, "trauma-bonding", lang)
    parts = [article.title]
    for section in article.sections:
        parts += [section.heading or "", *section.paragraphs]
    return words(" ".join(parts))


def recall(source: list[str], extracted: list[str]) -> tuple[float, float]:
    """(share of the source's words found, share of its word pairs found side by side)."""
    found, wanted = Counter(extracted), Counter(source)
    words_found = sum(min(found[word], count) for word, count in wanted.items())
    pairs = set(zip(extracted, extracted[1:], strict=False))
    source_pairs = list(zip(source, source[1:], strict=False))
    in_order = sum(pair in pairs for pair in source_pairs)
    return words_found / len(source), in_order / len(source_pairs)


def pdftotext(pdf: Path, page: int, panels: int = 1) -> str:
    """The page's text as poppler reads it; with `panels`, each of that many equal strips
    across the page read alone, left to right (a brochure's panels: poppler's own order may
    weave a right-to-left panel's lines with its neighbour's)."""
    if panels == 1:
        return subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), str(pdf), "-"],
                              capture_output=True, text=True, check=True).stdout
    box = PdfReader(pdf).pages[page - 1].mediabox
    width, height = int(box.width) + 1, int(box.height) + 1
    strip = width / panels
    return "\n".join(subprocess.run(
        ["pdftotext", "-f", str(page), "-l", str(page), "-r", "72", "-x", str(int(i * strip)),
         "-y", "0", "-W", str(int(strip) + 1), "-H", str(height), str(pdf), "-"],
        capture_output=True, text=True, check=True).stdout for i in range(panels))


@needs_pdftotext
@pytest.mark.parametrize("lang", SHAPED_OR_RTL)
def test_pdftotext_recovers_the_article_in_reading_order(built: Path, lang: str) -> None:
    extracted = words(pdftotext(built / lang / "brochure-shop.pdf", 2))
    found, in_order = recall(article_words(lang), extracted)
    assert found >= 0.98, f"{lang}: {found:.1%} of the article's words"
    assert in_order >= 0.95, f"{lang}: {in_order:.1%} of the article's word pairs in order"


@needs_pdftotext
@pytest.mark.parametrize("lang", SHAPED_OR_RTL)
def test_pdftotext_recovers_the_card_line_and_numbers(built: Path, lang: str) -> None:
    """The card line as the folding card opens on it (the pocket card gives its room to the
    lines in these languages), the numbers on the card's back."""
    article = find_article(DEFAULT_CONTENT, "trauma-bonding", lang)
    front = words(pdftotext(built / lang / "pocket-fold-shop.pdf", 1))
    assert " ".join(words(article.card_line or "")) in " ".join(front)
    back = words(pdftotext(built / lang / "pocket-card-shop.pdf", 2))
    assert "1-800-799-7233".replace("-", "") in "".join(back)
    assert "1-800-787-3224".replace("-", "") in "".join(back)  # its TTY, whole


def test_pypdf_reads_hebrew_glyphs_in_reading_order(built: Path) -> None:
    """Hebrew maps glyph for character, so it needs no /ActualText: any reader gets it."""
    text = PdfReader(built / "he" / "brochure-shop.pdf").pages[1].extract_text()
    found, in_order = recall(article_words("he"), words(text))
    assert found >= 0.98 and in_order >= 0.95, (found, in_order)


@pytest.mark.parametrize("lang", SHAPED_OR_RTL)
@pytest.mark.parametrize("layout", FORMATS)
def test_every_file_says_its_language(built: Path, lang: str, layout: str) -> None:
    reader = PdfReader(shop_pdf(built / lang, layout))
    assert reader.trailer["/Root"]["/Lang"] == lang


ARTICLE_LANGUAGES = ("en", "es", "vi", "fr", "ru", "ar", "fa", "ur", "he", "hi", "zh-Hans",
                     "ko")


@needs_pdftotext
def test_a_heading_never_ends_a_panel(tmp_path: Path) -> None:
    """Keep-with-next holds in every script: the last line of each inside panel of the
    brochure is never (the end of) a section heading."""
    content, out = tmp_path / "content", tmp_path / "out"
    default_kit_in(content, ARTICLE_LANGUAGES)
    assert main(["build", str(content), "--out", str(out), "--format", "brochure",
                 "--no-previews"]) == 0
    for lang in ARTICLE_LANGUAGES:
        article = find_article(DEFAULT_CONTENT, "trauma-bonding", lang)
        headings = [words(section.heading) for section in article.sections if section.heading]
        pdf = out / lang / "brochure.pdf"
        width, height = (round(float(side)) for side in PdfReader(pdf).pages[1].mediabox[2:])
        for third in range(3):
            text = subprocess.run(
                ["pdftotext", "-f", "2", "-l", "2", "-x", str(third * width // 3), "-y", "0",
                 "-W", str(width // 3), "-H", str(height), str(pdf), "-"],
                capture_output=True, text=True, check=True).stdout
            # the panel's last words are not a whole heading (its last line alone may be the
            # end of a paragraph that happens to end with the same word)
            found = words(text)
            assert not any(found[-len(heading):] == heading for heading in headings), (
                f"{lang}: panel {third + 1} ends with a heading: {' '.join(found[-6:])}")
