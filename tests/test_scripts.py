"""Every script a shelter serves prints: embedded fonts cover it, right-to-left reads right to
left, QR codes decode, and a script with no font is an error, never a box."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import yaml
import zxingcpp
from fontTools.ttLib import TTFont
from pypdf import PdfReader

from generator.i18n.bidi_text import BidiParagraph
from generator.i18n.fonts import font_set
from generator.safety.discretion import has_builtin_list
from tests.conftest import edit

SAMPLES = yaml.safe_load((Path(__file__).parent / "fixtures" / "scripts" / "samples.yaml")
                         .read_text(encoding="utf-8"))
RTL = {"ar", "fa", "he"}
SHAPED = RTL | {"hi"}


def kit_in(kit: Path, lang: str) -> Path:
    sample = SAMPLES[lang]
    front = yaml.safe_dump({"title": sample["title"], "card": sample["card"]},
                           allow_unicode=True)
    (kit / "articles" / f"trauma-bonding.{lang}.md").write_text(
        f"---\n{front}---\n\n## {sample['heading']}\n\n{sample['body']}\n", encoding="utf-8")
    languages = f"languages: [{lang}]"
    if not has_builtin_list(lang):  # Greek: a site gives its own revealing words
        languages += f"\nrevealing_words: {{{lang}: [{sample['revealing']}]}}"
    edit(kit / "site.yaml", "languages: [en]", languages)
    edit(kit / "site.yaml", "discreet_title: Wellness contacts",
         f"discreet_title: {{{lang}: {sample['title'].split()[0]}}}")
    return kit


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    import shutil

    from generator.commands.cli import main
    from tests.conftest import DEFAULT_CONTENT, english_only
    outputs = {}
    for lang in SAMPLES:
        root = tmp_path_factory.mktemp(lang)
        kit = root / "content"
        shutil.copytree(DEFAULT_CONTENT, kit)
        site = kit / "site.yaml"
        site.write_text(english_only(site.read_text(encoding="utf-8")), encoding="utf-8")
        kit_in(kit, lang)
        out = root / "out"
        code = main(["build", str(kit), "--out", str(out), "--format", "pocket-card",
                     "--format", "pocket-fold", "--format", "brochure", "--target", "shop",
                     "--no-previews"])
        assert code == 0, lang
        outputs[lang] = out / lang
    return outputs


def embedded_unicode(pdf: Path) -> set[str]:
    """Characters the PDF's embedded fonts really draw: ToUnicode entries whose code maps to
    a glyph with an outline in the embedded font program (not .notdef)."""
    drawn: set[str] = set()
    reader = PdfReader(pdf)
    seen = set()
    for page in reader.pages:
        for ref in page["/Resources"]["/Font"].values():
            font = ref.get_object()
            if ref.idnum in seen or "/ToUnicode" not in font:
                continue
            seen.add(ref.idnum)
            descriptor = (font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font
                          else font)["/FontDescriptor"].get_object()
            program = TTFont(__import__("io").BytesIO(descriptor["/FontFile2"].get_data()))
            cmap = {code: name for table in program["cmap"].tables  # ReportLab: a Mac cmap
                    for code, name in table.cmap.items()}
            glyf = program["glyf"]
            tounicode = font["/ToUnicode"].get_object().get_data().decode("latin-1")
            for code, text in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", tounicode):
                glyph = cmap.get(int(code, 16))
                if glyph and glyph != ".notdef" and glyf[glyph].numberOfContours != 0:
                    drawn.add(bytes.fromhex(text).decode("utf-16-be"))
    return drawn


@pytest.mark.parametrize("lang", sorted(set(SAMPLES) - SHAPED))
def test_every_character_is_drawn_by_an_embedded_font(built: dict[str, Path], lang: str) -> None:
    # the card line: on the folding card's panel always (on the pocket card it may give way)
    drawn = embedded_unicode(built[lang] / "pocket-fold-shop.pdf")
    wanted = {c for c in SAMPLES[lang]["card"] if not c.isspace()}
    assert wanted <= drawn, sorted(wanted - drawn)
    brochure = embedded_unicode(built[lang] / "brochure-shop.pdf")
    body = {c for c in SAMPLES[lang]["body"] + SAMPLES[lang]["title"] if not c.isspace()}
    assert body <= brochure, sorted(body - brochure)


@pytest.mark.parametrize("lang", sorted(SAMPLES))
def test_qr_codes_decode_in_every_script(built: dict[str, Path], lang: str) -> None:
    for name, page in (("pocket-card-shop.pdf", 1), ("brochure-shop.pdf", 0)):
        image = pdfium.PdfDocument(str(built[lang] / name))[page].render(scale=150 / 72).to_pil()
        assert [r.text for r in zxingcpp.read_barcodes(image)] == ["tel:+18007997233"]


@pytest.mark.parametrize("lang", sorted(SAMPLES))
def test_no_missing_glyphs_by_the_fonts_cmaps(lang: str) -> None:
    sample = SAMPLES[lang]
    fonts = font_set(lang, "".join(sample.values()))
    assert fonts.missing("".join(sample.values())) == []


def qr_x(pdf: Path, page: int) -> float:
    image = pdfium.PdfDocument(str(pdf))[page].render(scale=1).to_pil()
    position = zxingcpp.read_barcodes(image)[0].position
    return (position.top_left.x + position.top_right.x) / 2 / image.width


@pytest.mark.parametrize("lang", sorted(RTL))
def test_right_to_left_layouts_mirror(built: dict[str, Path], lang: str) -> None:
    assert qr_x(built[lang] / "pocket-card-shop.pdf", 1) < 0.5  # QR code on the left
    assert qr_x(built["ru"] / "pocket-card-shop.pdf", 1) > 0.5  # and on the right in LTR
    # The brochure's cover (front panel) is on the left when folded right to left.
    def edges(folder: Path) -> tuple[tuple[int, ...], tuple[int, ...]]:
        page = pdfium.PdfDocument(str(folder / "brochure-shop.pdf"))[0]
        image = page.render(scale=0.5).to_pil().convert("RGB")
        return (image.getpixel((25, image.height // 2)),
                image.getpixel((image.width - 25, image.height // 2)))

    left, right = edges(built[lang])
    flap, cover = edges(built["ru"])  # left to right: the cover is on the right
    assert sum(cover) < 300 and sum(flap) > 600, (cover, flap)  # the brand colour; light
    assert left == cover, left
    assert right == flap, right


@pytest.mark.parametrize("lang", sorted(RTL))
def test_numbers_stay_left_to_right(built: dict[str, Path], lang: str) -> None:
    page = pdfium.PdfDocument(str(built[lang] / "pocket-card-shop.pdf"))[1]
    text = page.get_textpage()
    digits = [(text.get_text_range(i, 1), text.get_charbox(i)[0])
              for i in range(text.count_chars()) if text.get_text_range(i, 1) in "0123456789"]
    phone = "18007997233"
    positions = _find_sequence(digits, phone)
    assert positions, "the number is not drawn as one run"
    assert positions == sorted(positions)  # each digit right of the one before


def _find_sequence(chars: list[tuple[str, float]], wanted: str) -> list[float]:
    letters = "".join(c for c, _ in chars)
    index = letters.find(wanted)
    return [x for _, x in chars[index:index + len(wanted)]] if index >= 0 else []


def visual_runs(lang: str, text: str) -> list[str]:
    """The first line's runs of `text`, left to right on the page, spaces stripped."""
    from reportlab.lib.styles import ParagraphStyle
    fonts = font_set(lang)
    style = ParagraphStyle("t", fontName=fonts.primary(), fontSize=10, leading=12)
    para = BidiParagraph(text, style, fonts, "regular")
    para.wrap(500, 100)
    return [run.text.strip() for run in para._runs(*para.lines[0]) if run.text.strip()]


@pytest.mark.parametrize(("lang", "text", "runs"), [
    # the first word on the right
    ("ar", "اتصل بالرقم 988 الآن", ["الآن", "988", "اتصل بالرقم"]),
    # a Persian "text START to 88788" line: START comes first, so it is the rightmost run
    ("fa", "START را به 88788 پیامک کنید", ["پیامک کنید", "88788", "را به", "START"]),
    # no right-to-left letter (an English line name): left to right
    ("ar", "National Hotline 24/7", ["National Hotline", "24/7"]),
])
def test_bidi_runs_in_visual_order(lang: str, text: str, runs: list[str]) -> None:
    assert visual_runs(lang, text) == runs


def test_script_without_a_font_is_an_error(kit: Path, run) -> None:  # noqa: ANN001
    edit(kit / "resources.yaml", "name: Emergency", "name: ድንገተኛ")  # Ethiopic
    result = run("check", kit, "--format", "pocket-fold")  # it lists the emergency line
    assert result.code == 1
    named = ", ".join(f"{char!r} (U+{ord(char):04X})" for char in "ድንገተኛ")
    assert f"characters {named} are in no configured font (language en" in result.err


@pytest.mark.parametrize("lang", ["zh-Hans", "ko", "ar", "hi", "ru"])
def test_bold_text_is_set_in_a_bold_face(built: dict[str, Path], lang: str) -> None:
    names = {str(ref.get_object()["/BaseFont"]) for page in
             PdfReader(built[lang] / "pocket-card-shop.pdf").pages
             for ref in page["/Resources"]["/Font"].values()}
    assert any("Bold" in name for name in names), names
    assert any("Bold" not in name for name in names), names


def test_hebrew_letters_are_not_joined_into_presentation_ligatures(tmp_path: Path) -> None:
    """HarfBuzz's discretionary ligatures would draw alef-lamed as U+FB4F in Heebo."""
    import io

    from reportlab.lib.styles import ParagraphStyle

    from generator.i18n.fonts import register_fonts
    from generator.i18n.reportlab_text import LevelCanvas
    register_fonts()
    fonts = font_set("he", "אליהם האלה Domestic")
    style = ParagraphStyle("t", fontName=fonts.primary(), fontSize=12, leading=14)
    para = BidiParagraph("אליהם האלה Domestic", style, fonts, "regular")
    buffer = io.BytesIO()
    canvas = LevelCanvas(buffer)
    para.wrapOn(canvas, 400, 100)
    para.drawOn(canvas, 50, 700)
    canvas.save()
    text = pdfium.PdfDocument(buffer.getvalue())[0].get_textpage().get_text_range()
    assert "\ufb4f" not in text
    assert "Domestic" in text and "אל" in text


def test_korean_breaks_between_words_chinese_between_characters() -> None:
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    korean = "연인이나 배우자 또는 가까운 사람과 생길 수 있습니다"
    fonts = font_set("ko", korean)
    assert fonts.word_wrap is None
    assert font_set("zh-Hans", "你好").word_wrap == "CJK"
    style = ParagraphStyle("t", fontName=fonts.primary(), fontSize=10, leading=12,
                           wordWrap=fonts.word_wrap)
    para = Paragraph(korean, style)
    para.wrap(60, 1000)
    lines = [" ".join(word.strip() for word in line[1]) for line in para.blPara.lines]
    assert len(lines) > 2
    words = korean.split()
    for line in lines:
        assert all(word in words for word in line.split()), line


@pytest.mark.parametrize("lang", ["ar", "fa", "ur", "he"])
def test_lines_broken_by_word_widths_match_lines_measured_whole(lang: str) -> None:
    """Right-to-left lines are broken by adding word widths, then checked whole; for the
    article in each language and many widths this gives the lines measuring each candidate
    line whole would."""
    from reportlab.lib.styles import ParagraphStyle

    from generator.content.kit_parts import find_article
    from generator.i18n.fonts import register_fonts
    from tests.conftest import DEFAULT_CONTENT
    register_fonts()
    article = find_article(DEFAULT_CONTENT, "trauma-bonding", lang)
    texts = [p for section in article.sections for p in section.paragraphs]
    fonts = font_set(lang, " ".join(texts))
    style = ParagraphStyle("t", fontName=fonts.primary(), fontSize=9, leading=11)
    for text in texts:
        para = BidiParagraph(text, style, fonts, "regular")
        words = [(m.start(), m.end()) for m in re.finditer(r"\S+", para.text)]
        for width in (90.0, 140.0, 233.5):
            assert para._break_by_words(words, width) == para._break_by_lines(width)


def test_a_paragraph_wrapped_again_at_a_width_is_not_broken_again() -> None:
    """A fitted paragraph is wrapped again where it is placed: its lines are broken once
    per width and style, and again when the style changes (a balanced heading's trials)."""
    from reportlab.lib.styles import ParagraphStyle

    from generator.i18n.fonts import register_fonts
    register_fonts()
    text = "اتصل بنا مجانًا في أي وقت من اليوم أو الليل، نحن هنا للاستماع"
    fonts = font_set("ar", text)
    style = ParagraphStyle("t", fontName=fonts.primary(), fontSize=9, leading=11)
    para = BidiParagraph(text, style, fonts, "regular")
    broken: list[float] = []
    original = para._break_lines

    def counted(width: float) -> list[tuple[int, int]]:
        broken.append(width)
        return original(width)

    para._break_lines = counted  # type: ignore[method-assign]
    first = (para.wrap(80, 500), list(para.lines))
    assert (para.wrap(80, 500), list(para.lines)) == first
    assert broken == [80]
    para.wrap(120, 500)
    para.wrap(80, 500)
    assert broken == [80, 120]
    para.style = ParagraphStyle("t2", parent=style, rightIndent=20)
    para.wrap(80, 500)
    assert broken == [80, 120, 80]



def test_a_language_without_a_font_is_one_problem_per_slot(kit: Path, run) -> None:  # noqa: ANN001
    """Amharic labels without an Ethiopic font: each slot named once with its first
    characters, not one line per character."""
    edit(kit / "site.yaml", "languages: [en]", "languages: [en, am]")
    result = run("check", kit, "--format", "pocket-card", "--lang", "am")
    assert result.code == 1
    lines = [line for line in result.err.splitlines() if "in no configured font" in line]
    slots = [line.split(" slot ")[1].split(")")[0] for line in lines]
    assert len(lines) >= 3 and len(slots) == len(set(slots))
    for line in lines:
        assert "language am, pocket-card slot" in line
        assert line.count("(U+") <= 6


def test_a_spaceless_character_is_found_in_text_as_one_by_one() -> None:
    """has_spaceless (a regular expression over the spaceless scripts' ranges) answers as
    is_spaceless asked of every character: every code point, alone and among Latin."""
    from generator.i18n.scripts import has_spaceless, is_spaceless

    for code in range(0x110000):
        char = chr(code)
        assert has_spaceless(char) == is_spaceless(char), hex(code)
    assert has_spaceless("call สายด่วน now") and not has_spaceless("call the hotline")
