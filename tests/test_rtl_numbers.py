"""Numbers read left to right, group by group, in every right-to-left kit and format.

The pages are read back with pdfium: each character's box, grouped into visual lines and
read in the order they stand on the page. A number drawn with its groups turned round
(`247 2000 0808` for `0808 2000 247`) or its brackets swapped fails, whatever the code
that drew it thinks it did.
"""

from __future__ import annotations

import contextlib
import ctypes
import io
import re
import shutil
import subprocess
import unicodedata
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image
from pypdf import PdfReader
from reportlab.lib.styles import ParagraphStyle

from generator.i18n.bidi_text import BidiParagraph
from generator.i18n.fonts import FontSet, font_set, register_fonts
from generator.i18n.reportlab_text import LevelCanvas
from tests.conftest import (
    DEFAULT_CONTENT,
    decode_qr_codes,
    default_kit_in,
    glyphs_only,
    office_pdf,
)
from tests.test_text_extraction import needs_pdftotext

RTL_LANGUAGES = ("ar", "fa", "ur", "he")
FORMATS = ("pocket-card", "brochure", "pocket-fold", "poster", "safety-plan", "sticker",
           "large-print")

# Each kit: its country, its lines as resources.yaml says them, and the numbers that must be
# printed exactly as written there (display forms a reader of the page can check by eye):
# the lines' own numbers first, then their TTY and text numbers, which a format short of room
# may leave out (saying so).
US_LINES = """resources:
  - name: Ohio Intake Line
    phone: (614) 555-0101
    tty: 614.555.0106
    text: {number: "88788", keyword: START}
    verified: 2026-11-01
  - name: London partner line
    phone: +44 20 7946 0000
    verified: 2026-11-01
  - name: Counselling desk
    phone: 614 555 0106 ext. 12
    verified: 2026-11-01
  - name: Emergency
    phone: "911"
    verified: 2026-11-01
"""
US_NUMBERS = ["(614) 555-0101", "+44 20 7946 0000", "614 555 0106 ext. 12", "911"]
US_NAMES = ["Ohio Intake Line", "London partner line", "Counselling desk", "Emergency"]
US_DETAILS = ["614.555.0106", "88788"]
GB_LINES = """resources:
  - name: Domestic abuse helpline
    phone: 0808 2000 247
    text: {number: "85258", keyword: shout}
    verified: 2026-11-01
  - name: Support line
    phone: 020 7946 0000
    verified: 2026-11-01
  - name: Emergency
    phone: "999"
    verified: 2026-11-01
"""
GB_NUMBERS = ["0808 2000 247", "020 7946 0000", "999"]
GB_NAMES = ["Domestic abuse helpline", "Support line", "Emergency"]
GB_DETAILS = ["85258"]


def _kit(root: Path, country: str, lines: str) -> Path:
    content = root / f"content-{country}"
    shutil.copytree(DEFAULT_CONTENT, content)
    site = content / "site.yaml"
    text = site.read_text(encoding="utf-8")
    text = re.sub(r"^languages: .*$", f"languages: [{', '.join(RTL_LANGUAGES)}]", text,
                  flags=re.MULTILINE)
    text = re.sub(r"^country: \w+", f"country: {country}", text, flags=re.MULTILINE)
    site.write_text(text, encoding="utf-8")
    (content / "resources.yaml").write_text(lines, encoding="utf-8")
    return content


@dataclass
class Built:
    out: Path
    numbers: list[str]
    details: list[str]
    warnings: list[str]
    names: dict[str, str]  # number: the name of its line, as a left-out warning names it


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Built]:
    from generator.commands.cli import main
    root = tmp_path_factory.mktemp("rtl-numbers")
    kits = {}
    for country, lines, numbers, details, names in (
            ("US", US_LINES, US_NUMBERS, US_DETAILS, US_NAMES),
            ("GB", GB_LINES, GB_NUMBERS, GB_DETAILS, GB_NAMES)):
        out = root / f"out-{country}"
        messages = io.StringIO()
        with contextlib.redirect_stderr(messages):
            code = main(["build", str(_kit(root, country, lines)), "--out", str(out),
                         "--no-previews"])
        assert code == 0, messages.getvalue()
        kits[country] = Built(out, numbers, details, messages.getvalue().splitlines(),
                              dict(zip(numbers, names, strict=True)))
    return kits


_SCALE = 4  # pixels per point when looking at a bracket's shape


def _unseen(text: pdfium.PdfTextPage, index: int) -> bool:
    """Whether the character is drawn invisibly (text render mode 3)."""
    drawn = pdfium_c.FPDFText_GetTextObject(text.raw, index)
    return bool(drawn) and pdfium_c.FPDFTextObj_GetTextRenderMode(drawn) == \
        pdfium_c.FPDF_TEXTRENDERMODE_INVISIBLE


def visual_lines(page: pdfium.PdfPage) -> list[str]:
    """Every line of text on the page as it stands there: characters ordered left to right
    (bottom to top for text turned 90°), a space wherever a gap is wider than a quarter of
    the type size. Brackets are read from their drawn shape: pdfium swaps "(" and ")" in
    lines it takes for right-to-left text, so its character codes cannot tell."""
    text = page.get_textpage()
    chars = []
    for index in range(text.count_chars()):
        char = text.get_text_range(index, 1)
        if not char.strip() or _unseen(text, index):
            continue  # a space, or drawn unseen (a word an icon stands for, a line's anchor)
        left, bottom, right, top = text.get_charbox(index)
        origin_x, origin_y = ctypes.c_double(), ctypes.c_double()
        pdfium_c.FPDFText_GetCharOrigin(text.raw, index, origin_x, origin_y)
        # Turned 90° (a poster's tabs): pdfium gives 3π/2, not π/2, for the characters of a
        # right-to-left line, drawn the same way up.
        angle = pdfium_c.FPDFText_GetCharAngle(text.raw, index)
        turned = min(abs(angle - 1.5708), abs(angle - 4.7124)) < 0.1
        size = pdfium_c.FPDFText_GetFontSize(text.raw, index)
        if char in "()":
            char = drawn_bracket(page, (left, bottom, right, top), turned)
        if turned:  # reading upwards: the line is a column, read from the bottom
            chars.append((("turned", round(origin_x.value)), bottom, top, size, char))
        else:  # characters on one baseline
            chars.append((("flat", round(origin_y.value)), left, right, size, char))
    lines: dict[tuple[str, int], list[tuple[float, float, float, str]]] = {}
    for key, start, end, size, char in chars:
        lines.setdefault(key, []).append((start, end, size, char))
    read = []
    for placed in lines.values():
        placed.sort()
        line, previous_end = "", None
        for start, end, size, char in placed:
            if previous_end is not None and start - previous_end > 0.25 * size:
                line += " "
            line += char
            previous_end = end
        read.append(line)
    return read


def drawn_bracket(page: pdfium.PdfPage, box: tuple[float, float, float, float],
                  turned: bool) -> str:
    """"(" or ")", by the glyph's ink: an opening bracket's ends lie further along the line
    than its middle."""
    left, bottom, right, top = box
    margin = 0.5
    crop = page.render(scale=_SCALE, crop=(
        left - margin, bottom - margin, page.get_width() - right - margin,
        page.get_height() - top - margin)).to_pil().convert("L")
    if turned:  # turn the line back to read left to right
        crop = crop.transpose(Image.Transpose.ROTATE_270)
    width, height = crop.size
    pixels = crop.load()
    background = pixels[0, 0]
    ink = [(x, y) for y in range(height) for x in range(width)
           if abs(pixels[x, y] - background) > 60]
    low, high = min(y for _, y in ink), max(y for _, y in ink)
    span = high - low
    ends = [x for x, y in ink if y < low + span * 0.2 or y > high - span * 0.2]
    middle = [x for x, y in ink if abs(y - (low + span / 2)) < span * 0.15]
    return "(" if sum(ends) / len(ends) > sum(middle) / len(middle) else ")"


def _digits(text: str) -> str:
    return re.sub(r"\D", "", text)


def _printed_left_to_right(number: str, digit_lines: list[str]) -> bool:
    """The number's digits in order on one line; a line may break before its extension
    ("614 555 0106 / ext. 12"), whose digits then begin the next line."""
    if any(_digits(number) in digits for digits in digit_lines):
        return True
    parts = re.fullmatch(r"(.*?)\s*(?:ext\.?|x)\s*(\d+)", number)
    return parts is not None and any(
        digits.endswith(_digits(parts[1])) and following.startswith(parts[2])
        for digits, following in pairwise(digit_lines))


def _groups_turned_round(number: str) -> str:
    groups = re.findall(r"\d+", number)
    return "".join(reversed(groups))


@pytest.mark.parametrize("country", ["US", "GB"])
@pytest.mark.parametrize("layout", FORMATS)
@pytest.mark.parametrize("lang", RTL_LANGUAGES)
def test_numbers_read_left_to_right_in_the_sources_order(
        built: dict[str, Built], country: str, layout: str, lang: str) -> None:
    kit = built[country]
    document = glyphs_only(office_pdf(kit.out / lang, layout))
    lines = [line for page in document for line in visual_lines(page)]
    digit_lines = [_digits(line) for line in lines]
    # The poster prints the main line large, and its neighbours only where there is room;
    # so does the pocket card, whose type is never below 8 pt in these scripts; the sticker
    # prints the main line alone.
    must_print = kit.numbers[:1] if layout in ("poster", "pocket-card", "sticker") else kit.numbers
    for number in must_print:
        assert _printed_left_to_right(number, digit_lines), (
            f"{number} is not printed left to right in {layout} ({lang}): {lines}")
    for number in kit.numbers[len(must_print):]:
        left_out = [w for w in kit.warnings if layout in w and f"[{lang}]" in w and
                    "left out" in w and kit.names[number] in w]
        assert left_out or any(_digits(number) in digits for digits in digit_lines), (
            f"{number} is neither printed left to right in {layout} ({lang}) nor reported")
    for number in kit.details:
        left_out = [w for w in kit.warnings
                    if w.count(layout) and f"[{lang}]" in w and number in w and "left out" in w]
        assert left_out or any(_digits(number) in digits for digits in digit_lines), (
            f"{number} is neither printed left to right in {layout} ({lang}) nor reported")
    for number in kit.numbers + kit.details:
        turned = _groups_turned_round(number)
        if turned != _digits(number):
            assert not any(turned in digits for digits in digit_lines), (
                f"{number} is printed with its groups turned round in {layout} ({lang})")
    for line in lines:  # brackets stay the right way round: "(614)", never ")614("
        assert not re.search(r"\)\s*\d+\s*\(", line), line


# Numbers as people write them: groups of digits joined by spaces, hyphens, dots or
# brackets, maybe with a country code or an extension.
_group = st.text("0123456789", min_size=1, max_size=4)
_joiner = st.sampled_from([" ", "-", ".", " - ", "/"])


@st.composite
def number_forms(draw: st.DrawFn) -> str:
    groups = draw(st.lists(_group, min_size=1, max_size=5))
    if len(groups) > 1 and draw(st.booleans()):
        groups[0] = f"({groups[0]})"
    number = groups[0]
    for group in groups[1:]:
        number += draw(_joiner) + group
    if draw(st.booleans()):
        number = "+" + number
    if draw(st.booleans()):
        number += draw(st.sampled_from([" ext. ", " x", " ext "])) + draw(_group)
    return number


_SENTENCES = {
    "ar": "في حالة الطوارئ، اتصل بالرقم {} الآن.",
    "fa": "در شرایط اضطراری با {} تماس بگیرید.",
    "ur": "ہنگامی صورت میں {} پر کال کریں۔",
    "he": "במקרה חירום התקשרו אל {} עכשיו.",
}


def _drawn_lines(text: str, style: ParagraphStyle, fonts: FontSet,
                 one_line: bool = False) -> list[str]:
    """`text` drawn as a BidiParagraph 780 pt wide, read back as the page's visual lines."""
    buffer = io.BytesIO()
    canvas = LevelCanvas(buffer, pagesize=(800, 60), invariant=1)
    para = BidiParagraph(text, style, fonts, "regular")
    para.wrap(780, 60)
    if one_line:
        assert len(para.lines) == 1
    para.drawOn(canvas, 10, 20)
    canvas.save()
    return visual_lines(glyphs_only(buffer.getvalue())[0])


@settings(max_examples=60, deadline=None)
@given(lang=st.sampled_from(RTL_LANGUAGES), number=number_forms())
def test_any_number_form_reads_left_to_right_inside_a_sentence(lang: str, number: str) -> None:
    """Drawn alone and inside a right-to-left sentence, on one line, the number's characters
    stand left to right in the order they were written."""
    register_fonts()
    fonts = font_set(lang)
    style = ParagraphStyle("t", fontName=fonts.primary(), fontSize=10, leading=12)
    for text in (number, _SENTENCES[lang].format(number)):
        [line] = [line for line in _drawn_lines(text, style, fonts, one_line=True)
                  if _digits(line)]
        written = number.replace(" ", "")
        assert written in line.replace(" ", ""), (text, line)


@needs_pdftotext
@pytest.mark.parametrize("layout", ["pocket-card", "poster", "sticker"])
def test_the_tty_label_keeps_its_colon_before_the_number(built: dict[str, Built],
                                                          layout: str) -> None:
    """"TTY: {number}" (English in every right-to-left catalogue) inside a right-to-left
    line (the poster's "text START to 88788 · TTY: ... · 24/7") was drawn "614.555.0106
    :TTY", the colon set at the paragraph's level between the label and the number, and
    poppler read "TTY 614.555.0106:". On every card back, poster and sticker, poppler reads
    the label, its colon and the number in that order, and no colon after the number."""
    for lang in RTL_LANGUAGES:
        pdf = office_pdf(built["US"].out / lang, layout)
        text = subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"],
                              capture_output=True, text=True, check=True).stdout
        plain = "".join(char for char in text if char not in CONTROLS)
        assert "TTY: 614.555.0106" in plain, (lang, layout, plain)
        assert not re.search(r"0106\s*:", plain), (lang, layout, plain)


@pytest.mark.parametrize("lang", RTL_LANGUAGES)
def test_a_latin_label_and_its_number_are_drawn_in_their_order(lang: str) -> None:
    register_fonts()
    fonts = font_set(lang)
    style = ParagraphStyle("t", fontName=fonts.primary(), fontSize=10, leading=12)
    text = _SENTENCES[lang].format("TTY: 1-800-787-3224")
    [line] = [line for line in _drawn_lines(text, style, fonts, one_line=True) if _digits(line)]
    assert "TTY:1-800-787-3224" in line.replace(" ", ""), line


CONTROLS = ("\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
            "\u200b\u2060\ufeff\u00ad")


def test_invisible_controls_in_content_never_reach_the_page(tmp_path: Path) -> None:
    """Bidi controls, zero-width characters and soft hyphens pasted into a number, a name and
    the article are taken out as the files are read: the number still reads left to right
    and nothing invisible is drawn (a Persian word keeps its zero-width non-joiner)."""
    from generator.commands.cli import main
    content = _kit(tmp_path, "US", (
        "resources:\n"
        "  - name: \"Ohio\u200b Intake\u00ad Line\u202e\"\n"
        "    phone: \"\u202e(614)\u200f 555-0101\u2069\"\n"
        "    verified: 2026-11-01\n"
        "  - name: Emergency\n    phone: \"\u2066911\u2069\"\n    verified: 2026-11-01\n"))
    article = content / "articles" / "trauma-bonding.fa.md"
    article.write_text(article.read_text(encoding="utf-8").replace(
        "\n\n", "\n\n\u202eپیوند\u200b\u00ad \u2067", 3), encoding="utf-8")
    out = tmp_path / "out"
    code = main(["build", str(content), "--out", str(out), "--lang", "fa", "--lang", "ar",
                 "--no-previews"])
    assert code == 0
    for lang in ("fa", "ar"):
        for layout in FORMATS:
            document = glyphs_only(office_pdf(out / lang, layout))
            text = "".join(page.get_textpage().get_text_range() for page in document)
            assert not set(text) & set(CONTROLS), (lang, layout)
            lines = [line for page in document for line in visual_lines(page)]
            assert any("(614) 555-0101" in line for line in lines), (lang, layout)


def test_reading_a_content_file_removes_invisible_controls(tmp_path: Path) -> None:
    from generator.content.yamlfile import load_yaml
    path = tmp_path / "x.yaml"
    path.write_text(f"name: \"vio{CONTROLS}lence\"\nfa: \"تماس\u200cها\"\n", encoding="utf-8")
    data = load_yaml(path).data
    assert data == {"name": "violence", "fa": "تماس\u200cها"}


def test_invisible_controls_written_as_escapes_are_removed_too(tmp_path: Path) -> None:
    """In double quotes YAML reads `\\u202e` as the character itself: the file's text shows
    only the escape, so the values are cleaned as well (the card's title is the PDF's title
    and the kit page's heading, where a right-to-left override would turn it round)."""
    from generator.commands.cli import main
    from generator.content.yamlfile import load_yaml
    escapes = "".join(f"\\u{ord(char):04x}" for char in CONTROLS)
    path = tmp_path / "x.yaml"
    path.write_text(f'name: "vio{escapes}lence"\nfa: "تماس\\u200cها"\n', encoding="utf-8")
    assert load_yaml(path).data == {"name": "violence", "fa": "تماس\u200cها"}
    content = default_kit_in(tmp_path / "content", ["en"])
    site = content / "site.yaml"
    site.write_text(re.sub(r"^discreet_title:.*\n(?:  .*\n)*",
                           lambda _: 'discreet_title: "Wellness \\u202econtacts\\u00ad"\n',
                           site.read_text(encoding="utf-8"), flags=re.MULTILINE),
                    encoding="utf-8")
    out = tmp_path / "out"
    assert main(["build", str(content), "--out", str(out), "--format", "pocket-card",
                 "--no-previews"]) == 0
    title = PdfReader(out / "en" / "pocket-card.pdf").metadata.title
    assert title == "Wellness contacts", ascii(title)  # the outside title alone (ed7383a)
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "Wellness contacts<" in page
    assert not set(page) & set(CONTROLS)


@pytest.mark.parametrize("lang", ["en", "ar", "he", "ru"])
def test_a_line_never_breaks_inside_a_number(lang: str) -> None:
    """However narrow the column, the groups of a number stay on one line (the fit shrinks
    the text instead)."""
    from generator.content.layouts import LAYOUTS_DIR, load_layout
    from generator.layout.compose import Paragraph
    from generator.layout.fit import Typesetter
    register_fonts()
    sentence = {"en": "In an emergency call {} now", "ar": _SENTENCES["ar"],
                "he": _SENTENCES["he"], "ru": "В экстренной ситуации звоните {} сейчас"}[lang]
    text = sentence.format("0808 2000 247")
    spec = load_layout(LAYOUTS_DIR / "pocket-card").spec
    typesetter = Typesetter(spec, "#2f5d62", font_set(lang, text))
    [para] = typesetter.paragraphs([Paragraph("note", text)], 1.0)
    para.wrap(para.minWidth() + 1, 1000)
    assert para.minWidth() > 40  # the whole number is one unbreakable piece
    lines = [para.text[start:end] for start, end in para.lines] if lang in RTL_LANGUAGES \
        else [" ".join(words) for _, words in para.blPara.lines]
    assert any("0808\u00a02000\u00a0247" in line.replace(" ", "\u00a0") for line in lines), lines


def test_the_readmes_uk_arabic_example_prints_the_helpline_left_to_right(tmp_path: Path) -> None:
    from generator.commands.cli import main
    example = Path(__file__).resolve().parent.parent / "docs" / "examples" / "uk-arabic"
    code = main(["build", str(example), "--out", str(tmp_path), "--format", "pocket-card",
                 "--target", "shop", "--no-previews"])
    assert code == 0
    back = glyphs_only(tmp_path / "ar" / "pocket-card-shop.pdf")[1]
    lines = visual_lines(back)
    # The number on a line of its own, but for the word its call icon stands for.
    assert any(re.fullmatch(r"0808 2000 247( \S+)?", line) for line in lines), lines
    assert any("85258" in line for line in lines)


def test_urdu_hours_keep_their_24_beside_the_word(tmp_path: Path) -> None:
    """"24 گھنٹے" (24 hours) after a TTY number on the poster: its 24 stays with its word,
    never pulled against the number before it."""
    from generator.commands.cli import main
    content = default_kit_in(tmp_path / "content", ["ur"])
    assert main(["build", str(content), "--out", str(tmp_path / "out"), "--format", "poster",
                 "--no-previews"]) == 0
    page = glyphs_only(office_pdf(tmp_path / "out" / "ur", "poster"))[0]
    # (the tear-off tabs print the TTY number too, on a line of its own: "3224 :TTY")
    [line] = [line for line in visual_lines(page) if "TTY" in line and " · " in line]
    # Left to right on the page: "گھنٹے 24 · 1-800-787-3224 :TTY": the word, then its 24.
    assert re.search("[\u0600-\u06ff\ue000-\uf8ff] ?24 ·", line), line
    assert "18007873224" in re.sub(r"\D", "", line), line


def test_a_character_unknown_to_unicodedata_does_not_stop_the_bidi_algorithm() -> None:
    """U+AAFC has no bidi class in this Python's tables; python-bidi would assert on it."""
    from generator.i18n.bidi_text import embedding_levels
    levels = embedding_levels("\uaafc لا 1234 \uaafc")
    assert len(levels) == 11 and levels[2] == 1 and levels[5:9] == (2, 2, 2, 2)


def _digit_values(text: str) -> str:
    """The digits of `text` as ASCII, whatever their script (pdfium reads a Persian digit
    the font shares with Arabic as the Arabic-Indic one)."""
    return "".join(str(unicodedata.digit(char)) for char in text if char.isdecimal())


@pytest.mark.parametrize("lang", ["ar", "fa", "he"])
@pytest.mark.parametrize("number", ["٠٨٠٨ ٢٠٠٠ ٢٤٧", "۰۸۰۸ ۲۰۰۰ ۲۴۷", "٠٨٠٨-٢٠٠٠-٢٤٧", "١١٦ ١٢٣"])
def test_arabic_indic_and_persian_digits_read_in_their_order(lang: str, number: str) -> None:
    """HarfBuzz sets Arabic-Indic and Persian digits right to left (they are of the Arabic
    script), and the bidi algorithm puts Arabic-Indic groups in right-to-left order: `۱۲۳`
    was drawn as 321 and `٠٨٠٨ ٢٠٠٠ ٢٤٧` as 247 2000 0808 (740 2000 8080 within groups)."""
    register_fonts()
    fonts = font_set(lang, number)
    style = ParagraphStyle("t", fontName=fonts.primary(), fontSize=10, leading=12)
    for text in (number, _SENTENCES[lang].format(number)):
        lines = _drawn_lines(text, style, fonts)
        assert any(_digit_values(number) == _digit_values(line) for line in lines), (
            text, lines)


@pytest.mark.parametrize(("lang", "sentence"), [("th", "โทร {} ตอนนี้"),
                                               ("zh-Hans", "请拨打 {} 热线")])
@pytest.mark.parametrize("number", ["٠٨٠٨ ٢٠٠٠ ٢٤٧", "۰۸۰۸-۲۰۰۰-۲۴۷"])
def test_arabic_indic_digits_in_a_segmented_paragraph(lang: str, sentence: str,
                                                      number: str) -> None:
    """Thai and Chinese text is laid out by SegmentedParagraph, which shaped a run of
    Arabic-Indic digits right to left too (`٠٨٠٨ ٢٠٠٠ ٢٤٧` drawn as 742 0002 8080)."""
    from generator.i18n.segmented_text import SegmentedParagraph
    register_fonts()
    text = sentence.format(number)
    fonts = font_set(lang, text)
    style = ParagraphStyle("t", fontName=fonts.primary(), fontSize=10, leading=12)
    buffer = io.BytesIO()
    canvas = LevelCanvas(buffer, pagesize=(800, 60), invariant=1)
    para = SegmentedParagraph(text, style, fonts, "regular")
    para.wrap(780, 60)
    para.drawOn(canvas, 10, 20)
    canvas.save()
    [line] = visual_lines(glyphs_only(buffer.getvalue())[0])
    assert _digit_values(line) == _digit_values(number), line


@needs_pdftotext
def test_a_number_in_arabic_indic_digits_prints_and_dials_as_written(tmp_path: Path) -> None:
    """A UK line written in Arabic-Indic digits, in an Arabic, a Persian and an English kit:
    its digits stand on the page in the source's order, copy out in it, and the QR code
    dials the same number."""
    from generator.commands.cli import main
    content = _kit(tmp_path, "GB", GB_LINES.replace("0808 2000 247", "٠٨٠٨ ٢٠٠٠ ٢٤٧"))
    out = tmp_path / "out"
    assert main(["build", str(content), "--out", str(out), "--lang", "ar", "--lang", "fa",
                 "--format", "pocket-card", "--format", "brochure", "--no-previews"]) == 0
    for lang in ("ar", "fa"):
        for layout in ("pocket-card", "brochure"):
            pdf = office_pdf(out / lang, layout)
            lines = [line for page in glyphs_only(pdf) for line in visual_lines(page)]
            assert any("08082000247" in _digit_values(line) for line in lines), (
                lang, layout, lines)
            copied = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True,
                                    text=True, check=True).stdout  # honours /ActualText
            copied = "".join(c for c in copied if unicodedata.category(c) != "Cf")
            assert "٠٨٠٨ ٢٠٠٠ ٢٤٧" in copied, (lang, layout)
        codes = decode_qr_codes(office_pdf(out / lang, "pocket-card"), 1)
        assert codes[0] == "tel:+448082000247", codes


def test_digits_are_found_and_written_as_isdecimal_finds_them() -> None:
    """in_digits finds digits with a regular expression (\\d: Unicode's Nd): the characters
    str.isdecimal() is true for, every code point, each written as its value's digit."""
    from generator.i18n.digits import DECIMAL, WESTERN, in_digits

    bengali = "০১২৩৪৫৬৭৮৯"
    for code in range(0x110000):
        char = chr(code)
        assert bool(DECIMAL.fullmatch(char)) == char.isdecimal(), hex(code)
        if char.isdecimal():
            assert in_digits(f"a{char}b", WESTERN) == f"a{unicodedata.decimal(char)}b"
    assert in_digits("২৪ ঘণ্টা, 7 দিন", WESTERN) == "24 ঘণ্টা, 7 দিন"
    assert in_digits("24 ঘণ্টা", bengali) == "২৪ ঘণ্টা"
    assert in_digits("no digits", bengali) == "no digits"
