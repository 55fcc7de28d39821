"""Quotation marks and apostrophes print as each language writes them, not as typed."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.i18n.quotes import NARROW_NBSP, typographic
from tests.conftest import edit, page_texts


@pytest.mark.parametrize(("lang", "markup", "printed"), [
    ("en", "Call a friend&#39;s phone", "Call a friend’s phone"),
    ("en", "She said &#34;call&#34; twice", "She said “call” twice"),
    ("en", "the &#39;90s and &#39;quoted&#39; words", "the ’90s and ‘quoted’ words"),
    ("en", "<b>&#34;Hold on&#34;</b>, she said", "<b>“Hold on”</b>, she said"),  # across tags
    ("en", 'a <font name="NotoSans">tag</font>&#39;s', 'a <font name="NotoSans">tag</font>’s'),
    ("es", "&#34;Hola&#34;, dijo", "«Hola», dijo"),
    ("ru", "&#34;Да&#34;", "«Да»"),
    ("pl", "&#34;Tak&#34;", "„Tak”"),
    ("ko", "&#34;안녕&#34;", "“안녕”"),
    ("zh-Hant", "&#34;你好&#34;", "「你好」"),
    ("zh-TW", "&#34;你好&#34;", "「你好」"),
    ("zh-Hans", "&#34;你好&#34;", "“你好”"),
    ("he", "נגד אלמ&#34;ב", "נגד אלמ״ב"),  # gershayim, not a quotation mark
    ("he", "לכתוב בצ'אט, ח' ו&#34;שלום&#34;", 'לכתוב בצ׳אט, ח׳ ו"שלום"'),  # geresh
    ("he", "ב&#34;ה, עו&#34;ד, מנכ&#34;לים", "ב״ה, עו״ד, מנכ״לים"),  # gershayim
    ("ar", "&#34;مرحبا&#34;", "&#34;مرحبا&#34;"),
])
def test_quotes_and_apostrophes_by_language(lang: str, markup: str, printed: str) -> None:
    assert typographic(markup, lang) == printed


@pytest.mark.parametrize(("markup", "printed"), [
    ("Avant d&#39;appeler: oui", f"Avant d’appeler{NARROW_NBSP}: oui"),
    ("Vraiment ? Oui !", f"Vraiment{NARROW_NBSP}? Oui{NARROW_NBSP}!"),
    ("Tom &amp; Jerry ; oui", f"Tom &amp; Jerry{NARROW_NBSP}; oui"),  # not inside &amp;
    ("&#34;Allô&#34;", f"«{NARROW_NBSP}Allô{NARROW_NBSP}»"),
    ("https://exemple.fr/?q=1 à 9:30", "https://exemple.fr/?q=1 à 9:30"),  # left alone
])
def test_french_spaces_before_high_punctuation(markup: str, printed: str) -> None:
    assert typographic(markup, "fr") == printed


def test_the_printed_brochure_has_typographers_apostrophes(kit: Path, run) -> None:  # noqa: ANN001
    """"friend's" printed with a typewriter's apostrophe, and French "d'aide" too."""
    edit(kit / "site.yaml", "languages: [en]", "languages: [en, fr]")
    out = kit.parent / "out"
    assert run("build", kit, "--out", out, "--format", "brochure", "--no-previews").code == 0
    english = " ".join(page_texts(out / "en" / "brochure.pdf"))
    french = " ".join(page_texts(out / "fr" / "brochure.pdf"))
    assert "friend’s" in english and "'" not in english
    assert "d’" in french and "'" not in french


def test_french_prints_a_narrow_no_break_space_before_its_marks(tmp_path: Path,
                                                                run) -> None:  # noqa: ANN001
    """"Besoin de parler ?" and "TTY : 1-800-787-3224" on the restroom poster and sticker
    extracted with a plain space before ? and :: read back (pdfium, whose text follows the
    PDF's ToUnicode; poppler writes every space as U+0020), U+202F stands there, and the
    number after "TTY :" is whole."""
    import pypdfium2 as pdfium

    from tests.conftest import default_kit_in

    content = default_kit_in(tmp_path / "content", ("fr",))
    with (content / "site.yaml").open("a", encoding="utf-8") as site:
        site.write("poster_discreet: true\n")
    out = tmp_path / "out"
    assert run("build", content, "--out", out, "--format", "poster", "--format", "sticker",
               "--no-previews").code == 0
    for piece in ("poster-letter", "sticker"):
        document = pdfium.PdfDocument(str(out / "fr" / f"{piece}.pdf"))
        text = "".join(page.get_textpage().get_text_range() for page in document)
        assert f"parler{NARROW_NBSP}?" in text, piece
        assert f"TTY{NARROW_NBSP}:" in text, piece
        assert "parler ?" not in text and "TTY :" not in text, piece
        assert "1-800-787-3224" in text, piece


def test_check_names_hebrew_quotes_for_a_geresh_and_the_pieces_print_it(
        tmp_path: Path, run) -> None:  # noqa: ANN001
    """The Hebrew article wrote "בצ'אט" with an apostrophe for the geresh: `check` names the
    word in the article and in a catalogue, and the pieces print ׳ (U+05F3)."""
    import shutil
    import subprocess

    from tests.conftest import default_kit_in

    content = default_kit_in(tmp_path / "content", ("he",))
    edit(content / "articles" / "trauma-bonding.he.md", "בצ׳אט", "בצ'אט")
    (content / "locales").mkdir()
    (content / "locales" / "he.yaml").write_text('checked: "נבדק ע\\"י הצוות: {date}"\n',
                                                 encoding="utf-8")
    result = run("check", content, "--format", "brochure")
    assert result.code == 0, result.err
    warned = result.err.replace("\n", " ")
    assert "trauma-bonding.he.md:46: warning: a quote written for a geresh" in warned
    assert "בצ'אט -> בצ׳אט" in warned
    assert 'checked: a quote written for a geresh (׳ U+05F3) or gershayim (״ U+05F4): ע"י' \
        in warned
    if shutil.which("pdftotext") is None:
        return
    out = tmp_path / "out"
    assert run("build", content, "--out", out, "--format", "brochure", "--no-previews",
               "--target", "office").code == 0
    text = subprocess.run(["pdftotext", str(out / "he" / "brochure.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout
    assert "׳" in text and "'" not in text
