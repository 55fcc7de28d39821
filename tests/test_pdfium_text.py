"""Text copied or read aloud in Chrome (PDFium) comes out in reading order.

(tests/test_reading_order.py reads every line of every format, printed and screen, in
Arabic, Persian, Urdu and Hebrew, with PDFium, poppler and MuPDF.)

PDFium reorders the /ActualText of a right-to-left line its own way, unlike poppler: given
the line in visual order it gave words in reverse order, 'TRATS' for START and '889' for
988 inside an Arabic line name. These tests read card backs with pypdfium2 (the PDFium
that Chrome's viewer and its screen-reader text use) and look for what resources.yaml and
the catalogues say, in logical order.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from generator.i18n.pdfium_order import pdfium_actual_text, pdfium_reading
from generator.pipeline.kit_checks import load_checked_kit
from tests.conftest import built_formats, card_printed_name, default_kit_in

LANGUAGES = ("ar", "fa", "ur", "he")
LAYOUTS = ("pocket-card", "pocket-fold")


@pytest.fixture(scope="module")
def content(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The default kit, printing Arabic and Persian."""
    return default_kit_in(tmp_path_factory.mktemp("pdfium") / "content", LANGUAGES)


@pytest.fixture(scope="module")
def built(content: Path) -> Path:
    return built_formats(content, LAYOUTS)


def plain(text: str) -> str:
    """One line of text: compatibility forms folded, whitespace runs made one space."""
    return " ".join(unicodedata.normalize("NFKC", text).split())


def expected_on_the_back(content: Path, lang: str, layout: str = "pocket-fold") -> list[str]:
    """What the back of a card says of each line, as the source gives it: its name (on the
    pocket and folding cards without the number it starts with, printed under it), its
    number, and the catalogue's "Text START to 88788" with the line's keyword and number."""
    kit = load_checked_kit(content)
    strings = kit.strings[lang]
    wanted = []
    for resource in kit.resources:
        if resource.emergency:
            continue
        name = resource.name_in(lang, strings)
        wanted.append(card_printed_name(name, resource.phone.raw if resource.phone else None)
                      if layout in ("pocket-card", "pocket-fold") else name)
        if resource.phone:
            wanted.append(resource.phone.display)
        if resource.text and resource.text.keyword:
            wanted.append(strings["text_keyword_to"].format(keyword=resource.text.keyword,
                                                            number=resource.text.number))
    return [plain(text) for text in wanted]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_pdfium_reads_the_lines_on_a_back_in_reading_order(content: Path, built: Path,
                                                          lang: str, layout: str) -> None:
    back = pdfium.PdfDocument(str(built / lang / f"{layout}.pdf"))[1]
    text = plain(back.get_textpage().get_text_range())
    wanted = expected_on_the_back(content, lang, layout)
    if lang in ("ar", "fa"):  # (in Urdu and Hebrew the name starts with its number)
        assert any("988" in name and name[0] not in "0123456789" for name in wanted), \
            "the default kit names a line with a number inside it"
    missing = [item for item in wanted if item not in text]
    assert not missing, (missing, text)


def test_the_default_kit_has_what_these_tests_look_for(content: Path) -> None:
    """The Arabic name with a number inside and the keyword sentence are in the source."""
    wanted = expected_on_the_back(content, "ar")
    assert "خط 988 للوقاية من الانتحار والأزمات" in wanted
    assert "أرسل START إلى 88788" in wanted


@pytest.mark.parametrize("line", [
    "خط 988 للوقاية من الانتحار والأزمات",
    "كلمة START إلى الرقم 88788 · على مدار الساعة",
    "שלחו START למספר 88788 (24/7)",
    "(614) 555-0101 اتصال",
    "Crisis Text Line خط",
    "خط START",
    "عليه. في حالة الطوارئ، يمكنك",
    "۰۸۰۸ ۲۰۰۰ ۲۴۷ تماس",
    "رسالة بكلمة START إلى الرقم 88788 · TTY: 1-800-787-3224 · على مدار الساعة",
    "התקשרו (410) 889-7884 עכשיו",
    "שעות 9:00–17:00 · www.thehotline.org",
    "hruth.org · א׳–ה׳ 9:00–17:00",
    "thehotline.org · على مدار الساعة",
    "התקשרו 0808 2000 247 עכשיו",
])
def test_the_text_given_pdfium_reads_back_as_the_line(line: str) -> None:
    assert pdfium_reading(pdfium_actual_text(line)) == line
