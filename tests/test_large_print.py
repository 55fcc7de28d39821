"""Large print, read back from its PDFs: no text drawn in ink under 14 pt (18 pt with
large_print_size: 18) in Latin, Arabic, Chinese and Thai, measured from the content streams
and by pdfium; every line whole and the whole article in order; lines start at the left
margin (the right one in Arabic); no italic face; Letter or A4 pages, as many as the text
needs."""

from __future__ import annotations

import ctypes
import re
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pypdfium2.raw as pdfium_c
import pytest
import yaml
from pypdf import PdfReader

from generator.content.layouts import available_layouts
from tests.conftest import (
    DEFAULT_CONTENT,
    INVISIBLE_RENDER_MODES,
    REPO,
    beyond_bleed,
    bleed_box,
    edit,
    glyphs_only,
    inked_chars,
    page_texts,
)
from tests.pdf_paint import page_marks
from tests.test_brochure import article_words, words

LANGUAGES = ["en", "ar", "zh-Hans", "th"]
SPEC = available_layouts()["large-print"].spec
LETTER, A4 = (612.0, 792.0), (595.28, 841.89)
MARGIN = SPEC.sizes["letter"].safe_margin  # 0.75 in
# The column: its share of the safe area's width, set in from its left side (centred)
INSET, SHARE = SPEC.faces["pages"].slots[0].box[0], SPEC.faces["pages"].slots[0].box[2]
COLUMN_LEFT = MARGIN + INSET * (LETTER[0] - 2 * MARGIN)
COLUMN_RIGHT = COLUMN_LEFT + SHARE * (LETTER[0] - 2 * MARGIN)


def build(root: Path, extra: str = "", languages: list[str] = LANGUAGES,
          paper: str = "letter") -> Path:
    from generator.commands.cli import main

    content = root / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    site = content / "site.yaml"
    text = re.sub(r"^languages: .*$", f"languages: [{', '.join(languages)}]",
                  site.read_text(encoding="utf-8"), flags=re.MULTILINE)
    site.write_text(text.replace("paper: letter", f"paper: {paper}") + extra, encoding="utf-8")
    out = root / "out"
    assert main(["build", str(content), "--out", str(out), "--format", "large-print",
                 "--target", "all", "--no-previews"]) == 0
    return out


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("large-print"))


@pytest.fixture(scope="module")
def built_18(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("large-print-18"), "large_print_size: 18\n",
                 ["en", "ar"])


# Type is what is drawn in ink. Text drawn with none (render mode 3) is left out: the glyphs
# of one point a right-to-left paragraph gives PDFium its text on (01ae2bb), and the word
# an icon stands for, squeezed into the icon's width.

def operator_sizes(pdf: Path) -> list[float]:
    """The size of every piece of text drawn in ink, from the content streams (Tf and
    matrices), but a shop page's slug line below its bleed."""
    reader = PdfReader(pdf)
    return [mark.size for index in range(len(reader.pages))
            for mark in page_marks(reader, index)[0] if mark.kind == "text"
            and mark.points[0][1] > float(reader.pages[index].bleedbox.bottom)]


def pdfium_sizes(pdf: Path) -> list[float]:
    """The font size pdfium reports for every character it reads from a glyph drawn in ink,
    each glyph read where it is drawn (without /ActualText: pdfium reads a right-to-left
    paragraph of a printed file from its invisible glyphs only)."""
    sizes = []
    for number, page in enumerate(glyphs_only(pdf)):
        text = page.get_textpage()
        bleed = bleed_box(pdf, number)
        for index in range(text.count_chars()):
            drawn = pdfium_c.FPDFText_GetTextObject(text.raw, index)
            if beyond_bleed(text.get_charbox(index), bleed):  # a shop page's slug line
                continue
            if not text.get_text_range(index, 1).strip() or (
                    drawn and pdfium_c.FPDFTextObj_GetTextRenderMode(drawn)
                    in INVISIBLE_RENDER_MODES):
                continue
            sizes.append(pdfium_c.FPDFText_GetFontSize(text.raw, index))
    return sizes


@pytest.mark.parametrize("target", ["", "-shop", "-screen"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_nothing_under_14_pt(built: Path, lang: str, target: str) -> None:
    pdf = built / lang / f"large-print{target}.pdf"
    # pdfium's sizes and the operators' (the screen copy's shaped text is TrueType too, as
    # every other text: issue 42)
    measured = [pdfium_sizes(pdf), operator_sizes(pdf)]
    for sizes in measured:
        assert len(sizes) > 50  # a line at least, or a character
        assert min(sizes) >= 14 - 0.01, (lang, target, min(sizes))


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_nothing_under_18_pt_on_request(built_18: Path, built: Path, lang: str) -> None:
    for target in ("", "-shop"):
        pdf = built_18 / lang / f"large-print{target}.pdf"
        for sizes in (operator_sizes(pdf), pdfium_sizes(pdf)):
            assert min(sizes) >= 18 - 0.01, (lang, target, min(sizes))
    # the larger type takes more pages
    assert len(PdfReader(built_18 / lang / "large-print.pdf").pages) > len(
        PdfReader(built / lang / "large-print.pdf").pages)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_letter_pages_none_of_them_blank(built: Path, lang: str) -> None:
    reader = PdfReader(built / lang / "large-print.pdf")
    assert 2 <= len(reader.pages) <= len(SPEC.sizes["letter"].panels or [])
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == LETTER
    assert all(text.strip() for text in page_texts(built / lang / "large-print.pdf"))


def test_no_italic_face(built: Path) -> None:
    for lang in LANGUAGES:
        reader = PdfReader(built / lang / "large-print.pdf")
        fonts = {mark.font for index in range(len(reader.pages))
                 for mark in page_marks(reader, index)[0] if mark.kind == "text"}
        assert fonts and not [font for font in fonts if re.search("italic|oblique", font, re.I)]


def test_every_line_whole_and_the_article_in_order(built: Path) -> None:
    text = " ".join(" ".join(page_texts(built / "en" / "large-print.pdf")).split())
    lines = yaml.safe_load((DEFAULT_CONTENT / "resources.yaml").read_text(encoding="utf-8"))
    for line in lines["resources"]:
        assert line["phone"] in text
        if "text" in line:
            number = line["text"]["number"]
            keyword = line["text"].get("keyword")
            assert (f"Text {keyword} to {number}" if keyword else f"Text {number}") in text
        if "tty" in line:
            assert f"TTY: {line['tty']}" in text
    assert "In an emergency, call 911." in text  # the safety wording
    # each page's number, at its foot, is not the article's (drawn last on the page)
    printed = words(" ".join(re.sub(r"\s*\d+ / \d+\s*$", "", page)
                             for page in page_texts(built / "en" / "large-print.pdf")))
    markdown = DEFAULT_CONTENT / "articles" / "trauma-bonding.en.md"
    article = article_words(markdown)
    title_words = len(words(re.search(r"^title: (.+)$", markdown.read_text(encoding="utf-8"),
                                      re.MULTILINE).group(1)))
    title, body = article[:title_words], article[title_words:]
    assert printed[:len(title)] == title
    # the article, then what the brochure prints beside it (its key points, what calling is
    # like, the checklist), then its sources
    sources = len(words(markdown.read_text(encoding="utf-8").split("## Sources", 1)[1])) + 1
    front = yaml.safe_load(markdown.read_text(encoding="utf-8").split("---\n")[1])
    strings = yaml.safe_load((REPO / "generator" / "locales" / "en.yaml").read_text(
        encoding="utf-8"))
    beside = words(" ".join([strings["key_points_heading"], *front["key_points"],
                             strings["when_you_call_title"], strings["when_you_call"],
                             strings["safety_plan_heading"],
                             *(strings[f"safety_plan_{n}"].replace("{emergency}", "911")
                               for n in range(1, 6))]))
    expected = body[:-sources] + [word.replace("'", "’") for word in beside] + body[-sources:]
    start = next(i for i in range(len(printed)) if printed[i:i + 8] == body[:8])
    assert printed[start:start + len(expected)] == expected


def line_starts(pdf: Path, page_index: int) -> tuple[list[float], list[float]]:
    """The left and right ends of each printed line: the glyphs grouped by their baseline
    (pdfium's character origins), where each is drawn."""
    page = glyphs_only(pdf)[page_index]
    text = page.get_textpage()
    rows: dict[int, list[tuple[float, float]]] = {}
    x, y = ctypes.c_double(), ctypes.c_double()
    for index in range(text.count_chars()):
        char = text.get_text_range(index, 1)
        if unicodedata.category(char)[0] not in "LNPS" and unicodedata.category(char) != "Co":
            continue  # spaces; marks above and below letters, on baselines of their own
            # (and without the text of their own that a letter has); a glyph read without
            # its /ActualText as a private-use character (an Arabic letter's joined form) is
            # ink where the line starts
        pdfium_c.FPDFText_GetCharOrigin(text.raw, index, ctypes.byref(x), ctypes.byref(y))
        left, _, right, _ = text.get_charbox(index, loose=False)
        rows.setdefault(round(y.value), []).append((left, right))
    # Arabic's dots and marks drawn as glyphs of their own sit on baselines a little off
    # their letters' (up to half the size: Arabic is set larger than Latin, 17 pt at 14):
    # such a row joins the fuller row within that distance
    for baseline in sorted(rows, key=lambda key: len(rows[key])):
        fuller = [other for other in rows if other != baseline
                  and len(rows[other]) > len(rows[baseline]) and abs(other - baseline) <= 9]
        if fuller:
            rows[min(fuller, key=lambda other: abs(other - baseline))] += rows.pop(baseline)
    lines = [row for row in rows.values() if len(row) >= 6]  # not a stray glyph
    return ([min(left for left, _ in row) for row in lines],
            [max(right for _, right in row) for row in lines])


def test_left_aligned_and_right_to_left_from_the_right(built: Path) -> None:
    """Lines start at one edge, inside the slot's box (the column, narrowed about its
    middle to the layout's `measure`: test_the_column_stands_in_the_middle_of_the_page)."""
    hang = SPEC.styles["bullet"].hang
    for page_index in range(2):
        lefts, _ = line_starts(built / "en" / "large-print.pdf", page_index)
        assert len(lefts) > 15
        edge = min(lefts)
        assert COLUMN_LEFT - 1 <= edge <= COLUMN_LEFT + 0.1 * (COLUMN_RIGHT - COLUMN_LEFT)
        # every line starts at the column's edge, or a bullet's hanging indent in from it
        for left in lefts:
            assert min(abs(left - edge), abs(left - edge - hang)) < 2.5, (left, edge)
        _, rights = line_starts(built / "ar" / "large-print.pdf", page_index)
        # a line starts at the column's right edge: its first glyph's ink within a letter
        edge = max(rights)
        assert edge <= COLUMN_RIGHT + 2, (edge, COLUMN_RIGHT)
        starts = [right for right in rights if abs(right - edge) < 12]
        assert len(starts) >= 0.9 * len(rights), rights


def full_body_lines(pdf: Path) -> list[str]:
    """The lines of running text that fill their measure: poppler's lines as tall as most
    lines are (the body's), at least 85 % as wide as the widest of them (not a paragraph's
    last line)."""
    import html
    import subprocess
    from collections import Counter

    xhtml = subprocess.run(["pdftotext", "-bbox-layout", str(pdf), "-"], capture_output=True,
                           text=True, check=True).stdout
    lines = []
    for attributes, body in re.findall(r"<line ([^>]*)>(.*?)</line>", xhtml, re.DOTALL):
        box = {key: float(value) for key, value in re.findall(r'(\w+)="([\d.]+)"', attributes)}
        text = " ".join(html.unescape(word) for word in re.findall(r">([^<]*)</word>", body))
        lines.append((round(box["yMax"] - box["yMin"]), box["xMax"] - box["xMin"], text))
    body_height = Counter(height for height, _, _ in lines).most_common(1)[0][0]
    body = [(width, text) for height, width, text in lines if height == body_height]
    widest = max(width for width, _ in body)
    return [text for width, text in body if width >= 0.85 * widest]


@pytest.mark.skipif(shutil.which("pdftotext") is None,
                    reason="needs pdftotext from Debian's poppler-utils")
def test_a_measure_of_60_to_70_characters(built: Path, tmp_path: Path) -> None:
    """Clear-print guidance: about 60 to 70 characters a line at 14 pt (the designer
    measured 75 to 83 on a column the width of the page's margins), on Letter and A4."""
    a4 = build(tmp_path, "", ["es", "fr"], "a4")
    for pdf in (built / "en" / "large-print.pdf", a4 / "es" / "large-print.pdf",
                a4 / "fr" / "large-print.pdf"):
        lines = full_body_lines(pdf)
        assert len(lines) > 20, (pdf, lines)
        average = sum(len(line) for line in lines) / len(lines)
        assert 60 <= average <= 70, (pdf, average, lines[:3])


def test_a4_pages(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "paper: letter", "paper: a4")
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, "--format", "large-print", "--no-previews").code == 0
    for page in PdfReader(out / "en" / "large-print.pdf").pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(A4,
                                                                                       abs=0.01)


def test_a_short_article_takes_fewer_pages(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    article = kit / "articles" / "trauma-bonding.en.md"
    raw = article.read_text(encoding="utf-8")
    front = raw.split("---\n", 2)[1]
    article.write_text(f"---\n{front}---\nA short note. Help is here when you are ready.\n",
                       encoding="utf-8")
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", "large-print", "--no-previews")
    assert result.code == 0, result.err
    assert "large-print" not in result.err  # no warning about the page it ends part-way down
    # the head and the note fill page 1; its key points, what calling is like and the
    # checklist go on to a second (the default article takes four)
    assert len(PdfReader(out / "en" / "large-print.pdf").pages) == 2


def test_an_article_too_long_for_its_pages_is_an_error(kit: Path, run) -> None:  # noqa: ANN001
    article = kit / "articles" / "trauma-bonding.en.md"
    edit(article, "## Sources", ("More words to read slowly and calmly. " * 40 + "\n\n") * 20
         + "## Sources")
    result = run("check", kit, "--format", "large-print")
    assert result.code == 1
    line = next(line for line in result.err.splitlines() if "large-print" in line)
    assert "trauma-bonding.en.md" in line and "too tall even at 14 pt" in line


@pytest.mark.parametrize(("value", "message"), [
    ("16", "large_print_size: must be one of 14 or 18, not 16"),
    ('"18"', "large_print_size: must be one of 14 or 18"),
])
def test_other_sizes_are_refused(kit: Path, run, value: str, message: str) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "brand_color:", f"large_print_size: {value}\nbrand_color:")
    result = run("check", kit, "--format", "large-print")
    assert result.code == 1
    assert re.search(r"site\.yaml:\d+: " + re.escape(message), result.err), result.err


def test_formats_lists_it_with_its_setting(run) -> None:  # noqa: ANN001
    out = run("formats").out
    assert "large-print    Large print: letter 8.5 x 11 in (216 x 279 mm), a4 8.27 x 11.7 in" in out
    assert "site.yaml large_print_size: 14 | 18 (default: 14)" in out


def test_print_instructions_name_the_page(built: Path) -> None:
    page = (built / "index.html").read_text(encoding="utf-8")
    section = page[page.index("large-print.pdf"):]
    assert "Print at 100 %" in section and "Letter, portrait" in section


def test_a_directory_of_lines_prints_a_dozen_and_says_so(tmp_path: Path, run) -> None:  # noqa: ANN001
    """A kit of a hundred lines stopped large print with "the article is about 1808 words too
    long: shorten it": the lines, not the article, filled its six pages. It prints twelve and
    says of each other line that it is left out, unless max_lines asks for another number."""
    from tests.test_growth import kit_with_lines

    content = kit_with_lines(tmp_path / "kit", 100, ["en"])
    # --verbose: check prints every message, not the first three of each kind and a count
    result = run("check", content, "--format", "large-print", "--verbose")
    assert result.code == 0, result.err[-1500:]
    left_out = [line for line in result.err.splitlines()
                if "large-print: left out" in line and "prints at most 12 lines" in line]
    assert len(left_out) == 100 + 3 - 12  # the default kit's three lines and a hundred more


def margin_chars(pdf: Path, page_index: int) -> list[tuple[str, float, float, float]]:
    """(character, left, top, size) of every drawn character of the page below the text
    area (in its bottom margin), read by pdfium."""
    document = glyphs_only(pdf)
    page = document[page_index]
    text = page.get_textpage()
    found = []
    for index, char, (left, _, _, top) in inked_chars(text):
        if top < MARGIN:
            found.append((char, left, top, pdfium_c.FPDFText_GetFontSize(text.raw, index)))
    return found


@pytest.mark.parametrize("target", ["", "-screen"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_of_several_says_its_number_in_the_margin(built: Path, lang: str,
                                                              target: str) -> None:
    """Loose sheets go back in order: "2 / 4" at the foot of each page, in the bottom
    margin (the text area untouched), at the body's size, first number where the page's
    lines start (on the right in Arabic)."""
    pdf = built / lang / f"large-print{target}.pdf"
    pages = len(PdfReader(pdf).pages)
    assert pages > 1
    for index in range(pages):
        chars = margin_chars(pdf, index)
        digits = [char for char in chars if char[0].isdecimal()]
        assert [char[0] for char in chars if not char[0].isdecimal()] == ["/"], (lang, index)
        assert sorted(int(char[0]) for char in digits) == sorted((index + 1, pages)), (
            lang, index, chars)
        first, last = sorted(digits, key=lambda char: char[1], reverse=lang == "ar")
        assert (int(first[0]), int(last[0])) == (index + 1, pages), (lang, index, chars)
        assert all(char[3] >= 14 - 0.01 for char in chars), chars
        # centred on the page, in the margin's lower part: clear of the text area
        middle = (min(char[1] for char in chars) + max(char[1] for char in chars)) / 2
        assert abs(middle - LETTER[0] / 2) < 20, middle
        assert max(char[2] for char in chars) < MARGIN - 10


def test_the_screen_copy_marks_page_numbers_as_pagination_artifacts(built: Path) -> None:
    """The page numbers are not the document's text: a screen reader skips them."""
    import pikepdf

    from tests.test_screen import _marked_content

    for lang in ("en", "ar"):
        with pikepdf.open(built / lang / "large-print-screen.pdf") as pdf:
            for page in pdf.pages:
                pagination = [operator for stack, operator in _marked_content(page)
                              if any(tag == "/Artifact" and isinstance(props, pikepdf.Dictionary)
                                     and props.get("/Type") == "/Pagination"
                                     for tag, props in stack)]
                assert pagination and set(pagination) <= {"Tj", "TJ"}, lang


def poppler_pages(pdf: Path) -> list[str]:
    """Each page's text as poppler's pdftotext reads it (right-to-left lines in logical
    order)."""
    if shutil.which("pdftotext") is None:
        pytest.skip("needs pdftotext from Debian's poppler-utils")
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    return text.split("\f")[:-1]


@pytest.fixture(scope="module")
def built_a4(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("large-print-a4"), languages=["en", "ar"],
                 paper="a4")


def test_the_lines_stay_together_under_their_heading(built: Path, built_a4: Path) -> None:
    """"Who you can contact" and every line under it, the emergency line and its number
    last, on one page (the Arabic emergency line opened page 2 on Letter and A4): "Checked"
    may start the next page alone."""
    resources = yaml.safe_load((DEFAULT_CONTENT / "resources.yaml").read_text(
        encoding="utf-8"))["resources"]
    numbers = [str(line["phone"]) for line in resources if "phone" in line]
    for folder, langs in ((built, LANGUAGES), (built_a4, ["en", "ar"])):
        for lang in langs:
            heading = yaml.safe_load((REPO / "generator" / "locales" / f"{lang}.yaml")
                                     .read_text(encoding="utf-8"))["lines_heading"]
            pages = poppler_pages(folder / lang / "large-print.pdf")
            [first] = [index for index, page in enumerate(pages)
                       if heading in " ".join(page.split())]
            # each number a line of its own (the body's "call 911." is not)
            alone = {"".join(char for char in line if unicodedata.category(char) != "Cf")
                     .strip() for line in pages[first].splitlines()}
            for number in numbers:
                assert number in alone, (lang, folder.name, number)
