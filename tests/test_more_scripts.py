"""Every language a first-class kit: the built-in languages and Thai, Bengali and Amharic
build with nothing left in English that has a translation; lines break where a language
allows; a line name in another script prints in any kit; names, hours and labels are given
per language and `check` says where they are not."""

from __future__ import annotations

import re
import shutil
import unicodedata
from pathlib import Path

import pytest
import yaml
from icu4py.breakers import LineBreaker
from pypdf import PdfReader

from generator.content.kit_parts import find_article
from generator.i18n.fonts import font_set
from generator.i18n.localize import BUILTIN_DIR, builtin_languages, native_name
from tests.conftest import DEFAULT_CONTENT, char_boxes, drawn_text, edit, page_texts
from tests.test_scripts import embedded_unicode
from tests.test_text_extraction import needs_pdftotext, pdftotext

NOTO = Path("/usr/share/fonts/truetype/noto")
ETHIOPIC = NOTO / "NotoSansEthiopic-Regular.ttf"
needs_ethiopic_font = pytest.mark.skipif(
    not ETHIOPIC.is_file(),
    reason="no Ethiopic font: Debian's fonts-noto-core has it (CI installs it)")
MORE = Path(__file__).parent / "fixtures" / "more-languages"
# Outside titles for the languages the default kit has no article in (test data).
TITLES = {"ht": "Kontak pou byennèt", "pl": "Kontakty na co dzień", "pt": "Contatos de bem-estar",
          "tl": "Mga contact para sa kalusugan", "zh-Hant": "健康聯絡資訊"}
ENGLISH_NAMES = ("National Domestic Violence Hotline", "988 Suicide & Crisis Lifeline",
                 "Emergency")


def every_language() -> list[str]:
    """English first, then every language with a built-in catalogue."""
    return ["en", *[lang for lang in builtin_languages() if lang != "en"]]


def kit_in_every_language(root: Path) -> Path:
    kit = root / "content"
    shutil.copytree(DEFAULT_CONTENT, kit)
    for article in (MORE / "articles").iterdir():
        shutil.copy(article, kit / "articles" / article.name)
    (kit / "fonts").mkdir()
    shutil.copy(ETHIOPIC, kit / "fonts")
    shutil.copy(ETHIOPIC.with_name("NotoSansEthiopic-Bold.ttf"), kit / "fonts")
    site = kit / "site.yaml"
    edit(site, "languages: [en, es, ar, zh-Hans]", f"languages: [{', '.join(every_language())}]")
    titles = "".join(f"  {lang}: {title}\n" for lang, title in TITLES.items())
    edit(site, "  ko: 건강 연락처\n", f"  ko: 건강 연락처\n{titles}")
    site.write_text(site.read_text(encoding="utf-8")
                    + "fonts: {am: fonts/NotoSansEthiopic-Regular.ttf}\n", encoding="utf-8")
    return kit


@pytest.fixture(scope="module")
def every_kit(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    """The kit in every language, its pocket cards and brochures built, and `check`'s output."""
    if not ETHIOPIC.is_file():
        pytest.skip("no Ethiopic font: Debian's fonts-noto-core has it (CI installs it)")
    import contextlib
    import io

    from generator.commands.cli import main
    root = tmp_path_factory.mktemp("every")
    kit = kit_in_every_language(root)
    out = root / "out"
    formats = ["--format", "pocket-card", "--format", "brochure"]
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert main(["build", str(kit), "--out", str(out), *formats, "--target", "shop",
                     "--no-previews"]) == 0
        assert main(["check", str(kit), *formats]) == 0
    return kit, out, err.getvalue()


def test_the_built_in_languages_include_amharic_thai_and_bengali() -> None:
    assert {"am", "th", "bn"} <= set(builtin_languages())
    assert len(every_language()) == 20


# Shaped scripts, whose glyphs pypdf cannot map back to characters: their lines carry
# /ActualText, which poppler's pdftotext reads (README: Text that can be copied).
SHAPED = {"ar", "fa", "ur", "hi", "bn", "th"}


@needs_pdftotext
def test_every_built_in_language_builds(every_kit: tuple[Path, Path, str]) -> None:
    """Each language's card and brochure, read back (pypdf; pdftotext for shaped scripts):
    the card's outside carries that language's discreet title, the brochure's inside its
    article's title."""
    kit, out, _ = every_kit
    outside = yaml.safe_load((kit / "site.yaml").read_text(encoding="utf-8"))["discreet_title"]
    for lang in every_language():
        card, brochure = (out / lang / "pocket-card-shop.pdf", out / lang / "brochure-shop.pdf")
        assert len(page_texts(card)) == 2 and len(page_texts(brochure)) == 2, lang
        if lang in SHAPED:
            # the inside read a panel at a time: poppler may weave a right-to-left title's
            # second line among the next panel's lines
            front, inside = pdftotext(card, 1), pdftotext(brochure, 2, panels=3)
        else:
            front, inside = page_texts(card)[0], page_texts(brochure)[1]
        title = find_article(kit, "trauma-bonding", lang).title
        assert _plain(outside[lang]) in _plain(front), (lang, front[:200])
        assert _plain(title) in _plain(inside), (lang, title, inside[:200])


def test_nothing_prints_in_english_that_has_a_translation(
        every_kit: tuple[Path, Path, str]) -> None:
    _, out, err = every_kit
    assert "prints as written" not in err
    assert "(missing " not in err  # no catalogue key without a translation
    assert "discreet_title has no" not in err
    english = yaml.safe_load((Path("generator/locales/en.yaml")).read_text(encoding="utf-8"))
    phrases = [*ENGLISH_NAMES, english["scan_tel"], english["safety_note"].split(".")[0]]
    for lang in every_language()[1:]:
        text = " ".join(page_texts(out / lang / "pocket-card-shop.pdf")
                        + page_texts(out / lang / "brochure-shop.pdf"))
        for phrase in phrases:
            assert phrase not in text, (lang, phrase)


@pytest.mark.parametrize("lang", ["th", "bn", "am"])
def test_new_scripts_are_drawn_by_embedded_fonts(every_kit: tuple[Path, Path, str],
                                                 lang: str) -> None:
    """Each letter of the card line comes from an embedded font that has a glyph for it
    (marks, drawn in place by shaping, are checked against the fonts' cmaps)."""
    kit, out, _ = every_kit
    article = find_article(kit, "trauma-bonding", lang)
    from generator.content.load import load_kit as load
    # the card line where the card prints it (it may give way to the lines), else the
    # first line's name, in the kit's language either way
    printed = _plain(" ".join(page_texts(out / lang / "pocket-card-shop.pdf")))
    card = article.card_line or ""
    if _plain(card) not in printed:
        card = load(kit).resources[0].name_in(lang)
    letters = {c for c in card if unicodedata.category(c) not in ("Mn", "Mc", "Zs")}
    drawn = embedded_unicode(out / lang / "pocket-card-shop.pdf")
    assert letters <= drawn, sorted(letters - drawn)
    from generator.content.load import load_kit
    site_fonts = load_kit(kit).site.fonts
    assert font_set(lang, card, site_fonts).missing(card) == []


def _plain(text: str) -> str:
    """Letters without marks, spaces or format characters: how a line reads back from the
    PDF, whatever order shaping drew the marks in (and pdftotext's bidi embeddings left)."""
    return "".join(c for c in unicodedata.normalize("NFKD", text)
                   if unicodedata.category(c) not in ("Mn", "Mc", "Cf") and not c.isspace())


def visual_lines(pdf: Path, page: int) -> list[str]:
    """The page's lines of text, from pdfium's character boxes: characters whose baselines
    are within a third of a line of each other, cut where a gap is wider than three
    characters (the columns of a brochure); column by column, each from the top. A
    character joins the row whose baseline is nearest its own: a column beside it with a
    baseline a few points off would otherwise take its taller letters (the 't's of a
    cover's "contacts" read as a line of their own beside the flap's text)."""
    rows: list[tuple[float, list[tuple[float, float, str]]]] = []
    for char, left, bottom, right, top in sorted(char_boxes(pdf, page), key=lambda b: -b[2]):
        if "\ue000" <= char <= "\uf8ff":  # private use: not text
            continue
        near = [(abs(baseline - bottom), index) for index, (baseline, _) in enumerate(rows)
                if abs(baseline - bottom) < (top - bottom) / 3]
        if near:
            rows[min(near)[1]][1].append((left, right, char))
        else:
            rows.append((bottom, [(left, right, char)]))
    pieces: list[tuple[float, float, str]] = []  # (left, baseline, text)
    for baseline, chars in rows:
        chars.sort()
        start, text = chars[0][0], chars[0][2]
        for (_, previous_right, _), (left, _, char) in zip(chars, chars[1:], strict=False):
            if left - previous_right > 30:
                pieces.append((start, baseline, text))
                start, text = left, ""
            text += char
        pieces.append((start, baseline, text))
    pieces.sort(key=lambda piece: (round(piece[0] / 100), -piece[1]))
    return [text for _, _, text in pieces]


def test_thai_lines_break_between_words(every_kit: tuple[Path, Path, str]) -> None:
    """Every line of a Thai paragraph on the brochure ends where ICU's line breaker (with
    its Thai dictionary) allows a break, never inside a word."""
    kit, out, _ = every_kit
    article = find_article(kit, "trauma-bonding", "th")
    paragraph = article.sections[0].paragraphs[0]
    allowed = {len(_plain(paragraph[:end])) for _, end in LineBreaker(paragraph, "th").segments()}
    lines = [_plain(line) for line in visual_lines(out / "th" / "brochure-shop.pdf", 1)]
    whole = _plain(paragraph)
    def read_from(first: int) -> list[int]:
        position, breaks = 0, []
        for line in lines[first:]:
            if not line or not whole.startswith(line, position):
                break
            position += len(line)
            breaks.append(position)
        return breaks

    # the paragraph's lines: a heading's line may also start as the paragraph does
    # ("ความผูกพันจากบาดแผลทางใจ / คืออะไร" over "ความผูกพันจากบาดแผลทางใจคือ..."), so the
    # start is the line from which the lines read on furthest into the paragraph
    breaks = max((read_from(i) for i, line in enumerate(lines)
                  if whole.startswith(line) and len(line) > 5), key=len)
    position = breaks[-1]
    assert len(breaks) >= 3, lines  # the paragraph takes several lines
    assert position == len(whole)
    assert set(breaks) <= allowed, sorted(set(breaks) - allowed)


def test_latin_word_in_chinese_is_never_split(every_kit: tuple[Path, Path, str],
                                               tmp_path: Path, run) -> None:  # noqa: ANN001
    """The Chinese brochure cover printed "Wellness contac / ts" (the English outside title,
    wrapped between any two characters)."""
    kit = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, kit)
    edit(kit / "site.yaml", "languages: [en, es, ar, zh-Hans]", "languages: [zh-Hans]")
    edit(kit / "site.yaml", "  zh-Hans: 健康联络信息\n", "")
    result = run("build", kit, "--out", tmp_path / "out", "--format", "brochure",
                 "--target", "shop", "--no-previews")
    assert result.code == 0, result.err
    assert "discreet_title has no 'zh-Hans' title" in result.err  # it falls back, with a warning
    # each word whole, as pdfium reads the page's ink (lines of other panels may share its
    # baselines, so the words are looked for in the page's text, not in grouped lines)
    text = drawn_text(tmp_path / "out" / "zh-Hans" / "brochure-shop.pdf", 0)
    for word in ("Wellness", "contacts"):
        assert re.search(rf"(?<![A-Za-z]){word}(?![A-Za-z])", text), text
    assert not re.search(r"contac\s+ts|Well\s+ness", text), text


def segmented_lines(text: str, lang: str, width: float) -> list[str]:
    from reportlab.lib.styles import ParagraphStyle

    from generator.i18n.fonts import register_fonts
    from generator.i18n.segmented_text import SegmentedParagraph
    register_fonts()
    fonts = font_set(lang, text)
    para = SegmentedParagraph(text, ParagraphStyle("t", fontName=fonts.primary(), fontSize=10,
                                                   leading=12), fonts, "regular")
    para.wrap(width, 1000)
    return [para.text[start:end].strip() for start, end in para.lines]


@pytest.mark.parametrize("width", [30.0, 45.0, 60.0, 80.0, 120.0])
def test_chinese_breaks_keep_words_and_numbers_whole(width: float) -> None:
    text = "热线全天24小时开放 Wellness contacts 2026年11月核实"
    lines = segmented_lines(text, "zh-Hans", width)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    joined = "|".join(lines)
    for kept in ("24小时", "Wellness", "contacts", "2026年"):
        assert kept in joined, (kept, lines)


@pytest.mark.parametrize("width", [40.0, 55.0, 70.0])
def test_a_number_keeps_its_unit(width: float) -> None:
    """"2026 г." (babel's Russian month and year) and "24 h/24" are never split, by either
    line breaker."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    from generator.i18n.line_breaks import keep_units_with_numbers
    text = "Проверено: нояб. 2026\u202fг. 24 h/24"
    number_at_the_end = re.compile(r"(?:^|\s)\d+$")
    segmented = segmented_lines(text, "ru", width)
    assert len(segmented) > 2
    for line in segmented:
        assert not number_at_the_end.search(line), segmented
    fonts = font_set("ru", text)
    para = Paragraph(fonts.with_fallbacks(keep_units_with_numbers(text), "regular"),
                     ParagraphStyle("t", fontName=fonts.primary(), fontSize=10, leading=12,
                                    splitLongWords=0))
    para.wrap(width, 1000)
    assert para.blPara.kind == 0  # one font: lines are (space, words)
    lines = [" ".join(words) for _, words in para.blPara.lines]
    assert len(lines) > 2
    for line in lines:
        assert not number_at_the_end.search(line), lines


def english_kit_with_names(kit: Path, *names: str) -> None:
    """Lines named in other scripts, each with a fictional number (555-01xx): not one or two
    digits from a national line's published number (1-800-799-72xx was, and issue 39 made
    that an error or a warning, 14403ea and ddbe77f)."""
    extra = "".join(f"  - name: {name}\n    phone: 1-800-555-01{n:02d}\n    verified: 2026-11-01\n"
                    for n, name in enumerate(names, start=50))
    path = kit / "resources.yaml"
    path.write_text(path.read_text(encoding="utf-8") + extra, encoding="utf-8")


def test_a_line_name_in_any_known_script_prints_in_an_english_kit(kit: Path, tmp_path: Path,
                                                                  run) -> None:  # noqa: ANN001
    chinese, arabic, hindi, thai = "家庭暴力热线", "خط المساعدة", "महिला हेल्पलाइन", "สายด่วน"
    english_kit_with_names(kit, chinese, arabic, hindi, thai)
    result = run("build", kit, "--out", tmp_path / "out", "--format", "brochure",
                 "--target", "shop", "--no-previews")
    assert result.code == 0, result.err
    pdf = tmp_path / "out" / "en" / "brochure-shop.pdf"
    drawn = embedded_unicode(pdf)
    assert set(chinese) <= drawn
    fonts = {str(ref.get_object()["/BaseFont"]) for page in PdfReader(pdf).pages
             for ref in page["/Resources"]["/Font"].values()}
    for family in ("NotoSansArabic", "NotoSansDevanagari", "NotoSansThai"):
        assert any(family in name for name in fonts), (family, fonts)
    # The Arabic name reads right to left, aligned like the other names (left).
    boxes = char_boxes(pdf, 0, glyphs=True)
    arabic_boxes = [b for b in boxes if "\u0600" <= b[0] <= "\u06ff"]
    assert arabic_boxes
    first_word = [b[1] for b in arabic_boxes if b[0] == "ط"]  # of خط
    second_word = [b[1] for b in arabic_boxes if b[0] in "عس"]  # of المساعدة
    assert first_word and second_word
    assert min(first_word) > max(second_word)  # the first word is on the right
    national = [b for b in boxes if b[0] == "N"]
    assert abs(min(b[1] for b in arabic_boxes) - min(b[1] for b in national)) < 1.0


def test_an_ethiopic_name_without_a_font_names_the_fix(kit: Path, run) -> None:  # noqa: ANN001
    english_kit_with_names(kit, "ድንገተኛ")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1
    assert "havenprint has no built-in Ethiopic font; give one in site.yaml" in result.err
    assert "fonts-noto-core" in result.err


def test_a_kit_in_a_language_without_a_font_names_its_code(kit: Path, run) -> None:  # noqa: ANN001
    """An Amharic kit with no Ethiopic font is told the setting to write for Amharic."""
    shutil.copy(DEFAULT_CONTENT / "articles" / "trauma-bonding.am.md",
                kit / "articles" / "trauma-bonding.am.md")
    edit(kit / "site.yaml", "languages: [en]", "languages: [am]")
    edit(kit / "site.yaml", "discreet_title: Wellness contacts", "discreet_title: የጤና እውቂያዎች")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1
    assert "give one in site.yaml, e.g. `fonts: {am: fonts/NotoSansEthiopic-Regular.ttf}`" in (
        result.err)


def test_a_script_the_kit_does_not_use_costs_nothing() -> None:
    assert [face.family for face in font_set("en", "Hello 24/7").faces] == ["atkinson",
                                                                         "noto-sans"]
    fonts = font_set("en", "Hello नमस्ते")
    assert fonts.face_for("न").family == "noto-devanagari"  # not Noto Sans: shaped
    assert fonts.shaping


@needs_ethiopic_font
def test_a_site_font_sets_its_language_and_is_checked(kit: Path, tmp_path: Path,
                                                      run) -> None:  # noqa: ANN001
    site = kit / "site.yaml"
    text = site.read_text(encoding="utf-8")
    site.write_text(text + "fonts: {am: ../NotoSansEthiopic-Regular.ttf}\n", encoding="utf-8")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1
    assert "fonts.am: '../NotoSansEthiopic-Regular.ttf' is outside the content folder" \
        in result.err
    site.write_text(text + "fonts: {am: fonts/Missing.ttf}\n", encoding="utf-8")
    result = run("check", kit, "--format", "pocket-card")
    assert "fonts.am: 'fonts/Missing.ttf' does not exist in the content folder" in result.err
    (kit / "fonts").mkdir()
    cff = kit / "fonts" / "Cff.otf"
    _cff_font(cff)
    site.write_text(text + "fonts: {am: fonts/Cff.otf}\n", encoding="utf-8")
    result = run("check", kit, "--format", "pocket-card")
    assert "has CFF (PostScript) outlines" in result.err
    shutil.copy(ETHIOPIC, kit / "fonts")
    site.write_text(text + "fonts: {am: fonts/NotoSansEthiopic-Regular.ttf}\n",
                    encoding="utf-8")
    english_kit_with_names(kit, "ድንገተኛ")  # a fourth line: the brochure has room for it
    result = run("build", kit, "--out", tmp_path / "out", "--format", "brochure",
                 "--target", "shop", "--no-previews")
    assert result.code == 0, result.err
    assert set("ድንገተኛ") <= embedded_unicode(tmp_path / "out" / "en" / "brochure-shop.pdf")


def _cff_font(path: Path) -> None:
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen
    builder = FontBuilder(1000, isTTF=False)
    builder.setupGlyphOrder([".notdef", "A"])
    builder.setupCharacterMap({ord("A"): "A"})
    pen = T2CharStringPen(500, None)
    pen.moveTo((0, 0))
    pen.lineTo((500, 0))
    pen.lineTo((250, 700))
    pen.closePath()
    glyph = pen.getCharString()
    builder.setupCFF("Cff", {"FullName": "Cff"}, {".notdef": glyph, "A": glyph}, {})
    builder.setupHorizontalMetrics({".notdef": (500, 0), "A": (500, 0)})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "Cff", "styleName": "Regular"})
    builder.setupOS2()
    builder.setupPost()
    builder.save(str(path))


# --- names, hours and labels per language ----------------------------------------------------

def es_kit(kit: Path) -> Path:
    edit(kit / "site.yaml", "languages: [en]", "languages: [en, es]")
    return kit


def test_names_print_in_the_kit_language(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    es_kit(kit)
    edit(kit / "resources.yaml", "    hours: 24/7\n",
         "    hours: {en: Mon–Fri 9am–5pm, es: lun–vie 9–17 h}\n")
    result = run("build", kit, "--out", tmp_path / "out", "--format", "pocket-card",
                 "--format", "pocket-fold", "--target", "shop", "--no-previews")
    assert result.code == 0, result.err
    spanish = " ".join(" ".join(page_texts(tmp_path / "out" / "es" / "pocket-card-shop.pdf"))
                       .split())
    assert "Línea Nacional sobre la Violencia Doméstica" in spanish
    # without the 988 it starts with, which prints under it (names_without_own_number)
    assert "Línea de Prevención del Suicidio y Crisis" in spanish
    assert "988 Línea de Prevención" not in spanish
    # the catalogue's word for the emergency line, on the folding card (the pocket card's
    # safety note names the number)
    assert "Emergencias" in " ".join(page_texts(tmp_path / "out" / "es" / "pocket-fold-shop.pdf"))
    assert "lun–vie 9–17 h" in spanish
    for english in (*ENGLISH_NAMES, "Mon–Fri"):
        assert english not in spanish
    english_text = " ".join(" ".join(page_texts(tmp_path / "out" / "en" / "pocket-fold-shop.pdf"))
                            .split())  # a name a step up wraps (a236c18)
    assert "National Domestic Violence Hotline" in english_text
    assert "Emergency" in english_text


def test_check_lists_untranslated_names_and_strict_fails(kit: Path, run) -> None:  # noqa: ANN001
    es_kit(kit)
    english_kit_with_names(kit, "Local shelter line")
    # 988's hours (this added a second `hours:` to that line, which YAML kept silently)
    edit(kit / "resources.yaml", "    url: https://988lifeline.org\n    hours: 24/7\n",
         "    url: https://988lifeline.org\n    hours: 9am to 5pm\n")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 0, result.err
    assert ("warning: es (Español): line name 'Local shelter line' prints as written, not in "
            "this language: give it per language, e.g. `name: {en: ..., es: ...}`") in result.err
    assert "en (English)" not in result.err  # the site's first language: as written
    strict = run("check", kit, "--format", "pocket-card", "--strict")
    assert strict.code == 1
    assert re.search(r"resources\.yaml:\d+: es \(Español\): line name 'Local shelter line'",
                     strict.err)


def test_a_tab_label_given_once_is_listed_where_a_format_has_tabs(kit: Path,  # noqa: ANN001
                                                                   run) -> None:
    """A line's tab_label prints on tear-off tabs: the restroom poster's, and the ordinary
    poster's where the name does not fit a tab. Which formats have them is their layouts'
    to say (a slot of kind tabs), not a setting's name the check knows."""
    es_kit(kit)
    edit(kit / "resources.yaml", "    qr: tel ", "    tab_label: Support line\n    qr: tel ")
    result = run("check", kit, "--format", "pocket-card")
    assert ("es (Español): tab_label 'Support line' of 'National Domestic Violence Hotline' "
            "prints as written") in result.err, result.err


def test_check_strict_accepts_names_given_per_language(kit: Path, run) -> None:  # noqa: ANN001
    es_kit(kit)
    english_kit_with_names(kit, "{en: Local shelter line, es: Refugio local}")
    result = run("check", kit, "--format", "pocket-card")
    assert "prints as written" not in result.err


def test_a_missing_outside_title_falls_back_with_a_warning(kit: Path, run) -> None:  # noqa: ANN001
    es_kit(kit)
    edit(kit / "site.yaml", "discreet_title: Wellness contacts",
         "discreet_title: {en: Wellness contacts}")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 0
    assert ("warning: discreet_title has no 'es' title: the outside of the es items prints the "
            "en one ('Wellness contacts')") in result.err
    assert run("check", kit, "--format", "pocket-card", "--strict").code == 1


def test_text_line_description_per_language(kit: Path, tmp_path: Path,
                                            run) -> None:  # noqa: ANN001
    es_kit(kit)
    edit(kit / "resources.yaml", '    text: {number: "88788", keyword: START}\n',
         '    text:\n      number: "88788"\n      keyword: START\n      description:\n'
         '        en: Text START to 88788 to chat\n        es: Escriba START al 88788\n')
    result = run("build", kit, "--out", tmp_path / "out", "--format", "pocket-card",
                 "--target", "shop", "--no-previews")
    assert result.code == 0, result.err
    assert "Escriba START al 88788" in " ".join(
        page_texts(tmp_path / "out" / "es" / "pocket-card-shop.pdf"))
    edit(kit / "resources.yaml", "es: Escriba START al 88788", "es: Escriba START")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1
    assert "does not say the number 88788" in result.err


def test_index_names_languages_in_their_own_names_in_site_order(kit: Path, tmp_path: Path,
                                                                run) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "languages: [en]", "languages: [es, en, ar]")
    edit(kit / "site.yaml", "discreet_title: Wellness contacts",
         "discreet_title: {es: Contactos, en: Wellness contacts, ar: جهات اتصال}")
    result = run("build", kit, "--out", tmp_path / "out", "--format", "pocket-card",
                 "--no-previews")
    assert result.code == 0, result.err
    html = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    # each language's heading has an id the contents at the top link to (a4010ae)
    headings = re.findall(r"<h2 id=\"lang-([^\"]+)\"><span lang=\"([^\"]+)\" dir=\"auto\">"
                          r"([^<]+)</span>", html)
    assert headings == [("es", "es", "Español"), ("en", "en", "English"),
                        ("ar", "ar", "العربية")]


def test_native_names() -> None:
    assert native_name("zh-Hans") == "中文 (简体)"
    assert native_name("am") == "አማርኛ"
    assert native_name("prs") == "دری"
    assert native_name("xx") == "xx"


@pytest.mark.parametrize("lang", ["am", "ti", "th", "bn", "pa", "ta", "km", "my", "ne", "so",
                                  "prs", "ps"])
def test_locale_init_for_more_languages(tmp_path: Path, run, lang: str) -> None:  # noqa: ANN001
    result = run("locale", "init", lang, tmp_path)
    assert result.code == 0, result.err
    assert (tmp_path / "locales" / f"{lang}.yaml").is_file()


def test_a_language_without_a_catalogue_points_at_the_file_to_create(kit: Path) -> None:
    from generator.content.load import load_kit
    from generator.layout.document import slot_sources
    (kit / "articles" / "trauma-bonding.so.md").write_text(
        (kit / "articles" / "trauma-bonding.en.md").read_text(encoding="utf-8"),
        encoding="utf-8")
    edit(kit / "site.yaml", "languages: [en]", "languages: [so]")
    assert slot_sources(load_kit(kit), "so")["locale"] == kit / "locales" / "so.yaml"


def test_hsds_import_keeps_the_data_language(tmp_path: Path) -> None:
    import json

    from generator.importers.hsds import import_hsds
    service = {"id": "1", "name": "Línea de apoyo", "status": "active", "language": "spa",
               "phones": [{"number": "1-800-799-7233", "type": "voice"}]}
    path = tmp_path / "data.json"
    path.write_text(json.dumps({"services": [service]}), encoding="utf-8")
    result = import_hsds(path, country="US")
    assert result.entries[0]["name"] == {"es": "Línea de apoyo"}


MYANMAR = NOTO / "NotoSansMyanmar-Regular.ttf"


@pytest.mark.parametrize(("lang", "text"), [
    ("km", "អ្នកមិននៅម្នាក់ឯងទេ ហើយអ្វីដែលអ្នកមានអារម្មណ៍គឺសមហេតុផល។ "
           "នេះមិនមែនជាកំហុសរបស់អ្នកទេ។"),
    ("my", "သင်တစ်ယောက်တည်းမဟုတ်ပါ။ သင်ခံစားရတာတွေက နားလည်နိုင်ပါတယ်။ "
           "ဒါဟာ သင့်အပြစ်မဟုတ်ပါ။"),
    ("th", "คุณไม่ได้อยู่คนเดียว และสิ่งที่คุณรู้สึกเป็นเรื่องที่เข้าใจได้"),
])
def test_khmer_burmese_and_thai_break_between_words(lang: str, text: str) -> None:
    """At widths from a few words to many, every line ends where ICU allows a break."""
    from reportlab.lib.styles import ParagraphStyle

    from generator.content.models import SiteFont
    from generator.i18n.fonts import register_fonts
    from generator.i18n.segmented_text import SegmentedParagraph
    site_fonts = ()
    if lang == "my":
        if not MYANMAR.is_file():
            pytest.skip("no Myanmar font: Debian's fonts-noto-core has it (CI installs it)")
        site_fonts = (SiteFont("my", MYANMAR),)
    register_fonts()
    fonts = font_set(lang, text, site_fonts)
    assert fonts.missing(text) == []
    allowed = {end for _, end in LineBreaker(text, lang).segments()}
    style = ParagraphStyle("t", fontName=fonts.primary(), fontSize=10, leading=14)
    for width in (40.0, 70.0, 110.0, 160.0):
        para = SegmentedParagraph(text, style, fonts, "regular")
        para.wrap(width, 1000)
        assert len(para.lines) > 1
        assert all(end in allowed for _, end in para.lines), (width, para.lines)
        assert all(para._width(start, end) <= width + 0.01 for start, end in para.lines
                   if para._pieces().count((start, end)) == 0)


def test_a_regional_tag_prints_its_language(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    """es-MX is served by what is written for es, zh-TW by what is written for zh-Hant
    (Traditional Chinese, CLDR's likely script for Taiwan): outside title, interface strings,
    line names and the Traditional Chinese font."""
    articles = kit / "articles"
    for tag, article in (("es-MX", "es"), ("zh-TW", "zh-Hans")):  # the text is not checked
        shutil.copy(articles / f"trauma-bonding.{article}.md",
                    articles / f"trauma-bonding.{tag}.md")
    edit(kit / "site.yaml", "languages: [en]", "languages: [es-MX, zh-TW]")
    edit(kit / "site.yaml", "discreet_title: Wellness contacts",
         "discreet_title: {en: Wellness contacts, es: Contactos de bienestar, "
         "zh-Hant: 健康聯絡資訊}")
    result = run("build", kit, "--out", tmp_path / "out", "--format", "pocket-card",
                 "--target", "shop", "--no-previews")
    assert result.code == 0, result.err
    assert "discreet_title has no" not in result.err
    catalogue = {tag: yaml.safe_load((BUILTIN_DIR / f"{tag}.yaml").read_text("utf-8"))
                 for tag in ("es", "zh-Hant")}
    names = yaml.safe_load((DEFAULT_CONTENT / "resources.yaml").read_text("utf-8"))[
        "resources"][0]["name"]
    for tag, source, title in (("es-MX", "es", "Contactos de bienestar"),
                               ("zh-TW", "zh-Hant", "健康聯絡資訊")):
        pdf = tmp_path / "out" / tag / "pocket-card-shop.pdf"
        front, back = (" ".join(page.split()) for page in page_texts(pdf))
        # the card's front, then the shop page's slug line (under the bleed) naming the tag
        card, slug = front.split(" Pocket card · ")
        assert card == title and slug.startswith(f"{tag} · front · ")
        assert catalogue[source]["scan_tel"] in back
        assert names[source] in back
    fonts = {str(font["/BaseFont"]) for page in PdfReader(
        tmp_path / "out" / "zh-TW" / "pocket-card-shop.pdf").pages
        for font in page["/Resources"]["/Font"].values()}
    assert any("NotoSansCJKTC" in name for name in fonts), fonts
