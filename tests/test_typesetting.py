"""Lines broken as a typesetter breaks them, read back from the built PDFs.

Each piece of the default kit is laid out, drawn, and read back with poppler's pdftotext
(`-raw`: lines in the order they are drawn, right-to-left text in reading order): every
paragraph the piece prints is found among those lines, and where it takes more than one,
its last line holds more than a widow. Numbers, dates, keywords and web addresses are never
broken; Chinese breaks between words and keeps its punctuation rules; a heading and a
list's lead-in stay with what follows them; a piece prints one digit system; Thai sits on
one baseline.
"""

from __future__ import annotations

import ctypes
import html
import re
import shutil
import subprocess
import unicodedata
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
import yaml
from icu4py.breakers import WordBreaker

from generator.content.caches import cached_layouts
from generator.content.documents import document_kit, plan_documents
from generator.content.load import load_kit
from generator.layout.placed import PlacedFace
from generator.pipeline.build import lay_out
from generator.render.pdf_files import render_pdf
from generator.render.targets import Target
from tests.conftest import DEFAULT_CONTENT, default_kit_in, edit, glyphs_only

needs_pdftotext = pytest.mark.skipif(
    shutil.which("pdftotext") is None,
    reason="needs pdftotext from Debian's poppler-utils (apt-get install -y poppler-utils)")
pytestmark = needs_pdftotext

LANGS = ("en", "es", "vi", "zh-Hans", "ar", "he", "th", "hi", "bn")
RIGHT_TO_LEFT = frozenset({"ar", "he"})
FORMATS = ("pocket-card", "pocket-fold", "poster", "brochure")
BIDI_CONTROLS = dict.fromkeys(map(ord, "\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                                        "\u2066\u2067\u2068\u2069"))


@dataclass(frozen=True)
class Piece:
    name: str  # format and size
    lang: str
    pdf: Path
    faces: list[PlacedFace]


def build_pieces(content: Path, out: Path, langs: tuple[str, ...],
                 formats: tuple[str, ...]) -> dict[tuple[str, str], Piece]:
    """Every piece of `formats` in `langs`, laid out and drawn as the build does (a print
    shop's file: one face a page), keyed by (format, language)."""
    kit = load_kit(content)
    layouts = cached_layouts(content)
    pieces = {}
    for document in plan_documents(kit, [layouts[name] for name in formats]):
        sized = document_kit(kit, document)
        for lang in langs:
            laid = lay_out(sized, document.layout, lang)
            pdf = out / f"{document.layout.name}-{document.size_key}-{lang}.pdf"
            pdf.parent.mkdir(parents=True, exist_ok=True)
            pdf.write_bytes(render_pdf(sized, laid, Target.SHOP))
            pieces[(document.layout.name, lang)] = Piece(
                f"{document.layout.name} {document.size_key}", lang, pdf, laid.faces)
    return pieces


@pytest.fixture(scope="module")
def pieces(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Piece]:
    """The default kit (US card, Letter paper) in languages of every script."""
    root = tmp_path_factory.mktemp("typeset")
    content = default_kit_in(root / "content", LANGS)
    return build_pieces(content, root / "out", LANGS, FORMATS)


@pytest.fixture(scope="module")
def iso_pieces(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Piece]:
    """The default kit on ISO cards and A4 paper."""
    root = tmp_path_factory.mktemp("typeset-iso")
    content = default_kit_in(root / "content", ("en", "es", "zh-Hans"))
    edit(content / "site.yaml", "paper: letter", "paper: a4")
    edit(content / "site.yaml", "card_size: us", "card_size: iso")
    return build_pieces(content, root / "out", ("en", "es", "zh-Hans"),
                        ("pocket-card", "pocket-fold", "poster"))


def raw_lines(pdf: Path, page: int, face: PlacedFace | None = None,
              rtl: bool = False) -> list[str]:
    """The page's lines as poppler reads them, in the order they are drawn; above the
    face's text turned on its side (a poster's tear-off tabs, which poppler reads a word
    a line), when a face is given. `rtl`: a right-to-left page, read in poppler's reading
    order instead: a printed line draws its runs in the order they are read (01ae2bb, for
    MuPDF), so a number to the left of the Hebrew before it ("... 2026") is drawn after it,
    and `-raw` starts a new line there."""
    crop: list[str] = []
    turned = [text for text in face.texts if text.rotate] if face else []
    if face is not None and turned:
        width, height = pdfium.PdfDocument(str(pdf))[page].get_size()
        bleed = (height - face.height) / 2
        tabs_top = max(text.y + text.paragraph.width for text in turned) + bleed
        crop = ["-x", "0", "-y", "0", "-W", str(int(width)), "-H", str(int(height - tabs_top))]
    order = [] if rtl else ["-raw"]
    text = subprocess.run(["pdftotext", *order, "-enc", "UTF-8", *crop, "-f", str(page + 1),
                           "-l", str(page + 1), str(pdf), "-"],
                          capture_output=True, text=True, check=True).stdout
    return [line.translate(BIDI_CONTROLS).strip() for line in text.splitlines()
            if line.strip()]


def letters(text: str) -> Counter[str]:
    """The letters and digits of a text, whatever order they were read back in."""
    return Counter(char for char in unicodedata.normalize("NFKC", text.translate(BIDI_CONTROLS))
                   if char.isalnum())


def printed_paragraphs(face: PlacedFace) -> list[str]:
    """The text of every paragraph the face prints whole (not a part of one split between
    panels, which goes on in the next one)."""
    texts = [" ".join(html.unescape(text.paragraph.getPlainText()).split())
             for text in face.texts if not text.private and not text.rotate]
    return [text for index, text in enumerate(texts)
            if not _continued(text, texts[index + 1] if index + 1 < len(texts) else "")]


def _continued(text: str, following: str) -> bool:
    """A split paragraph's first part: the lines of the next text go on with its words."""
    return bool(following) and not re.search(r"[.!?:。．！？।۔]\W*$", text) and \
        following[:1].islower()


def runs_of(paragraph: str, lines: list[str]) -> list[list[str]]:
    """Each run of consecutive lines that together hold exactly the paragraph's letters."""
    wanted = letters(paragraph)
    runs = []
    for start in range(len(lines)):
        found: Counter[str] = Counter()
        for end in range(start, min(start + 20, len(lines))):
            found += letters(lines[end])
            if found == wanted:
                runs.append(lines[start:end + 1])
                break
            if any(count > wanted[char] for char, count in found.items()):
                break
    return runs


def is_cjk(char: str) -> bool:
    return "\u3040" <= char <= "\u30ff" or "\u4e00" <= char <= "\u9fff"


def is_thai(char: str) -> bool:
    return "\u0e00" <= char <= "\u0e7f"


def words(text: str) -> int:
    """How many words `text` holds (what has a letter or digit in it); Chinese counts its
    characters beside digits and punctuation, Thai the words of ICU's dictionary."""
    if any(is_cjk(char) for char in text):
        return sum(1 for char in text if is_cjk(char))
    if any(is_thai(char) for char in text):
        pieces = [text[start:end] for start, end in WordBreaker(text, "th").segments()]
        return sum(1 for piece in pieces if any(char.isalnum() for char in piece))
    return sum(1 for word in text.split() if any(char.isalnum() for char in word))


def widow(line: str) -> bool:
    """Too little to end a paragraph on: one word, or two Chinese characters."""
    return words(line) < (3 if any(is_cjk(char) for char in line) else 2)


def can_share(paragraph: str) -> bool:
    """Whether a paragraph has words enough for two lines without a widow (not "Wellness
    contacts" in a box narrower than both)."""
    return words(paragraph) >= (6 if any(is_cjk(char) for char in paragraph) else 3)


def can_give(line: str) -> bool:
    """Whether a line can give a word to the line below and keep more than a widow."""
    return words(line) >= (4 if any(is_cjk(char) for char in line) else 3)


def last_lines(piece: Piece) -> list[tuple[str, list[str]]]:
    """(paragraph, its lines) for every paragraph of the piece that takes two lines or more."""
    found = []
    for page, face in enumerate(piece.faces):
        lines = raw_lines(piece.pdf, page, face, piece.lang in RIGHT_TO_LEFT)
        for paragraph in printed_paragraphs(face):
            for run in runs_of(paragraph, lines):
                if len(run) > 1:
                    found.append((paragraph, run))
    return found


def test_no_paragraph_ends_on_a_widow(pieces: dict[tuple[str, str], Piece],
                                      iso_pieces: dict[tuple[str, str], Piece]) -> None:
    """"911." alone under the safety note (ISO card, Letter poster, Spanish folding card),
    "911。" in Chinese, "đình", "משבר" and Arabic "الساعة" alone under a line name. A word
    alone under a line of two ("جهات اتصال / للعافية", "Study group / contacts") stays:
    mending it would leave a word alone above and cut a phrase."""
    widows, wrapped = [], 0
    for piece in [*pieces.values(), *iso_pieces.values()]:
        for paragraph, run in last_lines(piece):
            wrapped += 1
            if widow(run[-1]) and can_share(paragraph) and can_give(run[-2]):
                widows.append(f"{piece.name} [{piece.lang}]: {' / '.join(run)}")
    assert wrapped > 150  # paragraphs of every piece and script were found and read
    assert not widows, "\n".join(widows)


def split_across(lines: list[str], whole: str) -> list[str]:
    """Each place where `whole` (a date, a number, a keyword) starts at the end of one line
    and ends at the start of the next, spaces not counted."""
    unspaced = re.sub(r"\s", "", whole)
    found = []
    for line, following in zip(lines, lines[1:], strict=False):
        before, after = re.sub(r"\s", "", line), re.sub(r"\s", "", following)
        if any(before.endswith(unspaced[:cut]) and after.startswith(unspaced[cut:])
               for cut in range(1, len(unspaced))):
            found.append(f"{line} / {following}")
    return found


def unbreakable(lang: str) -> list[str]:
    """What a line never breaks inside on the default kit's pieces: its lines' numbers,
    keywords and web addresses, "24/7" and the date they were checked, as babel writes it."""
    from babel.dates import format_skeleton

    from generator.i18n.localize import babel_locale
    resources = yaml.safe_load((DEFAULT_CONTENT / "resources.yaml").read_text(encoding="utf-8"))
    kept = ["24/7", format_skeleton("yMMM", resources["resources"][0]["verified"],
                                    locale=babel_locale(lang))]
    for line in resources["resources"]:
        kept += [str(line[key]) for key in ("phone", "tty") if key in line]
        kept += [str(value) for value in line.get("text", {}).values()]
        kept += [re.sub(r"^https?://(www\.)?", "", line["url"])] if "url" in line else []
    return kept


def test_nothing_breaks_inside_a_number_date_keyword_or_address(
        pieces: dict[tuple[str, str], Piece], iso_pieces: dict[tuple[str, str], Piece]) -> None:
    broken = []
    for piece in [*pieces.values(), *iso_pieces.values()]:
        for page, face in enumerate(piece.faces):
            lines = raw_lines(piece.pdf, page, face, piece.lang in RIGHT_TO_LEFT)
            for whole in unbreakable(piece.lang):
                broken += [f"{piece.name} [{piece.lang}]: {whole!r}: {where}"
                           for where in split_across(lines, whole)]
    assert not broken, "\n".join(broken)


@pytest.mark.parametrize(("lang", "checked"), [("vi", "Kiểm tra lần cuối"), ("en", "Checked"),
                                               ("zh-Hans", "最后核实")])
def test_a_date_is_never_broken(tmp_path: Path, lang: str, checked: str) -> None:
    """"thg / 11 2026": the date a line was checked, after a longer and longer wording, lands
    at every place of a line of the brochure's flap and the poster, and stays whole."""
    from babel.dates import format_skeleton

    from generator.i18n.localize import babel_locale
    date = format_skeleton("yMMM", yaml.safe_load(
        (DEFAULT_CONTENT / "resources.yaml").read_text(encoding="utf-8"))["resources"][0][
        "verified"], locale=babel_locale(lang))
    filler = "好" if lang == "zh-Hans" else " so"
    seen = 0
    for longer in range(12):  # up to 11 more words: the line stays on the flap at 9.5 pt
        content = default_kit_in(tmp_path / f"content-{longer}", (lang,))
        (content / "locales").mkdir()
        (content / "locales" / f"{lang}.yaml").write_text(yaml.safe_dump(
            {"checked": checked + filler * longer + ": {date}"}, allow_unicode=True),
            encoding="utf-8")
        built = build_pieces(content, tmp_path / f"out-{longer}", (lang,), ("brochure",))
        piece = built[("brochure", lang)]
        lines = raw_lines(piece.pdf, 0, piece.faces[0])
        seen += sum(date.replace(" ", "") in re.sub(r"\s", "", line) for line in lines)
        assert not split_across(lines, date), (longer, split_across(lines, date))
    # The flap's one date, printed whole wherever it prints: the check date is the first
    # detail to give way when a longer wording no longer fits the flap at 9.5 pt, and it
    # still lands at half a line's worth of places.
    assert seen >= 6, seen


NO_LINE_START = "。，、」）！？：；》"
NO_LINE_END = "「（《"


@pytest.mark.parametrize("lang", ["zh-Hans"])
def test_chinese_lines_keep_punctuation_rules(
        pieces: dict[tuple[str, str], Piece], iso_pieces: dict[tuple[str, str], Piece],
        lang: str) -> None:
    """No 。，、」）！？：；at a line's start and no 「（《 at its end; never one character
    and its full stop alone on a line. (Words: a break inside one is allowed where keeping
    it whole would space its line loosely, as a CJK typesetter sets running text to the
    measure: test_script_breaks.py reads where each split falls; until issue 42, every
    break had to be a word boundary, and lines were justified up to 0.15 em a gap.)"""
    found, problems = 0, []
    for piece in [p for p in [*pieces.values(), *iso_pieces.values()] if p.lang == lang]:
        for page, face in enumerate(piece.faces):
            lines = raw_lines(piece.pdf, page, face)
            problems += [f"{piece.name}: {line!r} starts with {line[0]}"
                         for line in lines if line[0] in NO_LINE_START]
            problems += [f"{piece.name}: {line!r} ends with {line[-1]}"
                         for line in lines if line[-1] in NO_LINE_END]
            for paragraph in printed_paragraphs(face):
                for run in runs_of(paragraph, lines):
                    if len(run) < 2 or not any(is_cjk(char) for char in paragraph):
                        continue
                    found += 1
                    last = "".join(char for char in run[-1] if char.isalnum())
                    if len(last) < 2:
                        problems.append(f"{piece.name}: one character alone: {' / '.join(run)}")
    assert found > 20
    assert not problems, "\n".join(problems)


@dataclass(frozen=True)
class Line:
    text: str
    left: float
    top: float  # from the top of the page


def placed_lines(pdf: Path, page: int) -> list[Line]:
    """The page's lines with where they stand (poppler's boxes)."""
    xhtml = subprocess.run(["pdftotext", "-bbox-layout", "-f", str(page + 1), "-l",
                            str(page + 1), str(pdf), "-"],
                           capture_output=True, text=True, check=True).stdout
    lines = []
    for attributes, body in re.findall(r"<line ([^>]*)>(.*?)</line>", xhtml, re.DOTALL):
        box = dict(re.findall(r'(\w+)="([\d.]+)"', attributes))
        text = " ".join(html.unescape(word) for word in re.findall(r">([^<]*)</word>", body))
        lines.append(Line(text, float(box["xMin"]), float(box["yMin"])))
    return lines


def column_below(lines: list[Line], line: Line) -> list[Line]:
    """The lines under `line` in its column (a brochure panel), from the top."""
    return sorted((other for other in lines if abs(other.left - line.left) < 40
                   and other.top > line.top + 1), key=lambda other: other.top)


def test_headings_and_lead_ins_stay_with_what_follows(tmp_path: Path) -> None:
    """"Signs you might notice" and its lead-in "You might notice some of these feelings:"
    were left at the foot of the brochure's first panel, its list in the next. An article
    whose first section grows a sentence at a time brings them to every place of the
    panel's foot: the heading always has two lines under it in its panel, and the lead-in
    the list's first item."""
    sentence = "Feelings like these are common and they make sense. "
    positions = set()
    for sentences in range(12, 24):
        content = default_kit_in(tmp_path / f"content-{sentences}", ("en",))
        article = content / "articles" / "trauma-bonding.en.md"
        text = article.read_text(encoding="utf-8")
        head, _, rest = text.partition("## What is trauma bonding?")
        signs = rest[rest.index("## Signs you might notice"):rest.index("## It is not your")]
        article.write_text(f"{head}## What is trauma bonding?\n\n{sentence * sentences}\n\n"
                           f"{signs}## Sources\n\n- thehotline.org\n", encoding="utf-8")
        piece = build_pieces(content, tmp_path / f"out-{sentences}", ("en",),
                             ("brochure",))[("brochure", "en")]
        lines = placed_lines(piece.pdf, 1)
        heading = next(line for line in lines if line.text == "Signs you might notice")
        lead_in = next(line for line in lines if line.text.startswith("You might notice"))
        item = next(line for line in lines if "You defend the person" in line.text)
        positions.add((round(heading.left), round(heading.top / 50)))
        assert len(column_below(lines, heading)) >= 2, (sentences, heading)
        assert abs(heading.left - lead_in.left) < 40, (sentences, heading, lead_in)
        assert abs(lead_in.left - item.left) < 40, (sentences, lead_in, item)
        assert lead_in.top < item.top
    assert len({left for left, _ in positions}) == 2  # at the foot of one panel, or the next


def off_the_line(pdf: Path) -> list[str]:
    """Thai letters (not the vowels and tone marks above and below them) drawn off the
    baseline of the letter before them on the same line, where each glyph is drawn."""
    document = glyphs_only(pdf)
    moved = []
    for page_index in range(len(document)):
        text = document[page_index].get_textpage()
        previous: tuple[str, float, float, float] | None = None
        for index in range(text.count_chars()):
            char = text.get_text_range(index, 1)
            if not is_thai(char) or unicodedata.category(char) == "Mn":
                if not char.strip():
                    previous = None  # a word or a run ends: the next starts afresh
                continue
            x, y = ctypes.c_double(), ctypes.c_double()
            pdfium_c.FPDFText_GetCharOrigin(text.raw, index, x, y)
            size = pdfium_c.FPDFText_GetFontSize(text.raw, index)
            if previous is not None and 0 < x.value - previous[1] < 2 * size \
                    and 0.05 < abs(y.value - previous[2]) < size / 2:
                moved.append(f"page {page_index + 1}: {previous[0]}{char} "
                             f"{y.value - previous[2]:+.2f} pt")
            previous = (char, x.value, y.value, size)
    return moved


@pytest.mark.parametrize("name", FORMATS)
def test_thai_sits_on_one_baseline(pieces: dict[tuple[str, str], Piece], name: str) -> None:
    """"ชั่วโมง" in the card's and the folding card's line rows was drawn "ชั่", then "วโมง"
    1.5 pt higher: ReportLab kept the first of two rises in a row as the one in force."""
    assert not off_the_line(pieces[(name, "th")].pdf)


def digit_systems(pdf: Path) -> dict[str, str]:
    """Each digit system the PDF's text uses ("DIGIT" for Western digits), with a line that
    uses it."""
    text = subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    systems: dict[str, str] = {}
    for line in text.splitlines():
        for char in line:
            if char.isdecimal():
                systems.setdefault(unicodedata.name(char).rsplit(" ", 1)[0], line.strip())
    return systems


@pytest.mark.parametrize("name", FORMATS)
def test_one_digit_system_per_piece(pieces: dict[tuple[str, str], Piece], name: str) -> None:
    """A Bengali kit printed "২৪ ঘণ্টা" from its catalogue beside 2026 (babel's date) and
    its numbers as written, 1-800-799-7233: the kit's numbers are in Western digits, so is
    everything else."""
    for lang in ("bn", "hi", "ar", "th", "zh-Hans"):
        systems = digit_systems(pieces[(name, lang)].pdf)
        assert list(systems) == ["DIGIT"], (lang, systems)


def test_numbers_print_in_the_digits_they_are_written_in(tmp_path: Path) -> None:
    """A number to dial is never changed: written in Bengali digits, it prints in them."""
    content = default_kit_in(tmp_path / "content", ("bn",))
    bengali = str.maketrans("0123456789", "০১২৩৪৫৬৭৮৯")
    edit(content / "resources.yaml", "phone: 1-800-799-7233",
         f'phone: "{"1-800-799-7233".translate(bengali)}"')
    piece = build_pieces(content, tmp_path / "out", ("bn",), ("pocket-card",))[
        ("pocket-card", "bn")]
    assert "১-৮০০-৭৯৯-৭২৩৩" in "\n".join(raw_lines(piece.pdf, 1))


def test_the_web_page_prints_the_pieces_digits(tmp_path: Path) -> None:
    """The article's web page says what the pieces say: "24 ঘণ্টা" beside 1-800-799-7233."""
    from generator.kit.web_page import render_web_page

    content = default_kit_in(tmp_path / "content", ("bn",))
    page = render_web_page(load_kit(content), "trauma-bonding", "bn").decode("utf-8")
    text = html.unescape(re.sub(r"<[^>]+>", " ", page)).replace("\u00a0", " ")
    assert "24 ঘণ্টা" in text  # short hours in one piece, as on the pieces
    assert not [char for char in text if char.isdecimal() and not char.isascii()]


def test_a_templates_no_break_spaces_reach_the_page() -> None:
    """A keyword's, a date's and short hours' no-break spaces were turned into plain ones
    as a template's block was read (str.split), and "· على / مدار الساعة" broke inside the
    Arabic card's hours."""
    from generator.layout.paragraphs import parse_block

    block = '<p style="detail">\n  Text LOVE\u00a0IS to 22522 · على\u00a0مدار\u00a0الساعة\n</p>'
    (paragraph,) = parse_block(block, "resource", Path("back.j2"))
    assert paragraph.markup == "Text LOVE\u00a0IS to 22522 · على\u00a0مدار\u00a0الساعة"


def test_a_short_number_stays_with_the_word_before_it() -> None:
    """"إلى الرقم / 88788": a texting number or the emergency number is kept on the line of
    the word that leads to it; a long number may still start a line of its own."""
    from generator.layout.compose import fill

    assert str(fill("Text {keyword} to {number}", keyword="START", number="88788")) == \
        "Text START to\u00a088788"
    assert str(fill("In an emergency, call {emergency}.", emergency="911")) == \
        "In an emergency, call\u00a0911."
    assert str(fill("TTY: {number}", number="1-800-787-3224")) == "TTY: 1-800-787-3224"


def test_words_joined_by_no_break_spaces_are_no_widow() -> None:
    """"على مدار الساعة", short hours in one piece, is three words on a last line, not a
    widow to pull the words before it down to."""
    from generator.i18n.last_lines import too_short_to_end

    assert not too_short_to_end("على\u00a0مدار\u00a0الساعة", "ar")
    assert too_short_to_end("الساعة", "ar")


def test_characters_beyond_the_basic_plane_break_where_icu_says() -> None:
    """ICU counts UTF-16 units: with '𠀀' (a supplementary ideograph) before them, every
    break was one place off, and hours of two such characters raised IndexError."""
    from generator.i18n.line_breaks import segments

    text = "电话𠀀𠀀联系 a 𐀀𠀀 b"
    pieces = segments(text, "zh-Hans")
    assert "".join(text[start:end] for start, end in pieces) == text
    assert all(0 <= start < end <= len(text) for start, end in pieces)
    assert ("电话" in (text[s:e] for s, e in pieces)) or pieces[0][1] >= 2


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs poppler's pdftotext")
@pytest.mark.parametrize(("lang", "layout", "discreet", "page", "hours", "sentence"), [
    ("ar", "pocket-card", False, 2, "على مدار الساعة", "أرسل إلى 88788"),
    ("th", "poster", True, 1, "ตลอด 24 ชั่วโมง", None),  # (the narrow tabs break before ที่)
])
def test_the_words_for_24_7_stay_on_one_line(tmp_path: Path, lang: str, layout: str,
                                             discreet: bool, page: int, hours: str,
                                             sentence: str | None) -> None:
    """Design review of issue 26: "24/7" never breaks, and neither do the words a language
    writes for it: the Arabic card's texting line ended on "على" with "مدار الساعة" below,
    the Thai restroom poster's on "ตลอด" with "24 ชั่วโมง" below. Held in one piece, the
    words count as the words they are for the widow rule, which would otherwise pull the
    number down and cut it from its sentence ("إلى الرقم" / "88788")."""
    content = default_kit_in(tmp_path / "content", (lang,))
    if discreet:
        with (content / "site.yaml").open("a", encoding="utf-8") as site:
            site.write("poster_discreet: true\n")
    pdf = build_pieces(content, tmp_path / "out", (lang,), (layout,))[(layout, lang)].pdf
    text = subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), str(pdf), "-"],
                          capture_output=True, text=True, check=True).stdout
    lines = [" ".join(re.sub("[\u200e\u200f\u202a-\u202e\u2066-\u2069]", "", line).split())
             for line in text.splitlines()]
    holding = [line for line in lines if hours.split()[0] in line]
    assert holding and all(hours in line for line in holding), holding
    # the number stays on the line of the words before it (pdftotext may set the two
    # left-to-right runs of an Arabic line in either order)
    if sentence:
        holding = [line for line in lines if "88788" in line]
        assert holding and all(word in line for line in holding for word in sentence.split()), \
            holding


def text_rows(pdf: Path, page: int) -> list[tuple[float, float, float, float, str]]:
    """(baseline, size, left, right, text) of each row of glyphs on the page, a row split
    where a gap wider than two characters parts it (the brochure's panels)."""
    document = glyphs_only(pdf)
    text = document[page].get_textpage()
    glyphs = []
    for index in range(text.count_chars()):
        char = text.get_text_range(index, 1)
        if not char.strip():
            continue
        box = pdfium_c.FS_RECTF()  # the glyph's advance, not its ink (a full stop's is small)
        pdfium_c.FPDFText_GetLooseCharBox(text.raw, index, box)
        x, y = ctypes.c_double(), ctypes.c_double()
        pdfium_c.FPDFText_GetCharOrigin(text.raw, index, x, y)
        size = round(pdfium_c.FPDFText_GetFontSize(text.raw, index), 1)
        glyphs.append((round(y.value, 1), size, box.left, box.right, char))
    rows: list[tuple[float, float, float, float, str]] = []
    for glyph in sorted(glyphs):
        last = rows[-1] if rows else None
        if last and last[0] == glyph[0] and last[1] == glyph[1] \
                and glyph[2] - last[3] < 2 * glyph[1]:
            rows[-1] = (last[0], last[1], last[2], max(last[3], glyph[3]), last[4] + glyph[4])
        else:
            rows.append(glyph)
    return rows


SQUEEZED = "，。、」』）》】"  # full-width marks whose blank half may end a line past the measure


def test_chinese_running_text_is_justified(pieces: dict[tuple[str, str], Piece]) -> None:
    """CLREQ: Chinese running text reaches the end of its measure on every line but a
    paragraph's last (it was ragged at word ends): within a paragraph, every line but the
    last ends where its longest does. The line-start and line-end rules and whole words
    hold as before (test above)."""
    pdf = pieces[("brochure", "zh-Hans")].pdf
    rows = [row for row in text_rows(pdf, 1) if any(is_cjk(char) for char in row[4])]
    body = Counter(size for _, size, _, _, _ in rows).most_common(1)[0][0]
    columns: dict[int, list[tuple[float, float, float, float, str]]] = {}
    for row in rows:
        if row[1] == body:
            columns.setdefault(round(row[2] / 100), []).append(row)
    paragraphs = []
    for column in columns.values():
        column.sort(key=lambda row: -row[0])  # from the top
        leading = min((upper[0] - lower[0] for upper, lower in zip(column, column[1:],
                                                                  strict=False)), default=0)
        paragraphs.append([column[0]])
        for upper, lower in zip(column, column[1:], strict=False):
            if upper[0] - lower[0] > leading + 0.5:
                paragraphs.append([])  # a gap: the next paragraph
            paragraphs[-1].append(lower)
    flush, ragged = 0, []
    for paragraph in paragraphs:
        # A line may end past the measure by the blank half of the comma or full stop it
        # ends with (CLREQ's line-end squeeze, issue 42: "…变得更强。"): the measure's end is
        # where the other lines end.
        plain = [right for _, _, _, right, text in paragraph if text[-1] not in SQUEEZED]
        edge = max(plain or [right for _, _, _, right, _ in paragraph])
        for row in paragraph[:-1]:
            past = row[1] / 2 if row[4][-1] in SQUEEZED else 0.0
            if -1.0 <= row[3] - edge <= past + 1.0:
                flush += 1
            else:
                ragged.append(f"{row[4]} ({edge - row[3]:.1f} pt short)")
    assert flush + len(ragged) > 30, (flush, ragged)
    assert len(ragged) <= 0.1 * (flush + len(ragged)), ragged


ETHIOPIC_FONTS = Path("/usr/share/fonts/truetype/noto")


@pytest.mark.skipif(not (ETHIOPIC_FONTS / "NotoSansEthiopic-Regular.ttf").is_file(),
                    reason="needs Debian's fonts-noto-core (NotoSansEthiopic)")
def test_amharic_digits_in_one_design(tmp_path: Path) -> None:
    """An Amharic kit (its Ethiopic face given in `fonts:`) prints every digit of a piece in
    one typeface: a number beside Ethiopic words in the same design as the line's number
    (NotoSansEthiopic has digits of its own; the default face draws them all)."""
    content = default_kit_in(tmp_path / "content", ("am",))
    (content / "fonts").mkdir()
    for weight in ("Regular", "Bold"):
        (content / "fonts" / f"NotoSansEthiopic-{weight}.ttf").write_bytes(
            (ETHIOPIC_FONTS / f"NotoSansEthiopic-{weight}.ttf").read_bytes())
    with (content / "site.yaml").open("a", encoding="utf-8") as site:
        site.write("fonts: {am: fonts/NotoSansEthiopic-Regular.ttf}\n")
    built = build_pieces(content, tmp_path / "out", ("am",), FORMATS)
    for (name, _), piece in built.items():
        families = set()
        document = pdfium.PdfDocument(str(piece.pdf))
        for page in document:
            text = page.get_textpage()
            for index in range(text.count_chars()):
                if text.get_text_range(index, 1).isdigit():
                    buffer = ctypes.create_string_buffer(256)
                    flags = ctypes.c_int()
                    pdfium_c.FPDFText_GetFontInfo(text.raw, index, buffer, 256,
                                                  ctypes.byref(flags))
                    family = buffer.value.decode().split("+")[-1].split("-")[0]
                    families.add(family)
        assert len(families) == 1, (name, families)
