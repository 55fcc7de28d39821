"""Large print as a designer would sign it (issue 42), read back from its PDFs: the head
(title, how to reach out, the lines, when they were checked) and the article are two blocks
with a set space between them, whether the article opens with a heading or a paragraph;
Arabic is set larger than Latin by the ratio of the fonts' x-heights (measured here with
fontTools on the font files), Thai (whose letters stand as tall as Latin) at the layout's
size; Arabic lines 1.5 times their size apart."""

from __future__ import annotations

import ctypes
import re
import shutil
import statistics
import subprocess
from collections import Counter
from pathlib import Path

import pypdfium2.raw as pdfium_c
import pytest
import yaml
from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTFont
from pypdf import PdfReader

from generator.content.layouts import available_layouts
from tests.conftest import DEFAULT_CONTENT, char_boxes, default_kit_in, edit, glyphs_only
from tests.test_large_print import pdfium_sizes
from tests.test_where_lines_print import run_cli

BRIEF = Path(__file__).parent / "fixtures" / "articles" / "brief"
SPEC = available_layouts()["large-print"].spec
BODY = SPEC.styles["body"].size  # 14


def brief_kit(folder: Path, headless: bool) -> Path:
    """The default kit carrying the 50-word article in English and Arabic; `headless`: its
    one section's heading taken out, so that the article opens on a paragraph."""
    content = default_kit_in(folder, ["en", "ar"])
    for old in (content / "articles").iterdir():
        old.unlink()
    for lang in ("en", "ar"):
        text = (BRIEF / f"brief.{lang}.md").read_text(encoding="utf-8")
        if headless:
            text = re.sub(r"^## .*\n", "", text, flags=re.MULTILINE)
        (content / "articles" / f"brief.{lang}.md").write_text(text, encoding="utf-8")
    edit(content / "site.yaml", "article: trauma-bonding", "article: brief")
    return content


@pytest.fixture(scope="module", params=["headed", "headless"])
def brief(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp(f"large-print-{request.param}")
    code, err = run_cli("build", brief_kit(root / "kit", request.param == "headless"),
                        "--out", root / "out", "--no-previews", "--format", "large-print")
    assert code == 0, err
    return root / "out"


def gap_under_the_date(pdf: Path, year: str) -> float:
    """The blank, in points, between the ink of the line that says when the lines were
    checked (the one with `year`) and the ink of the first line below it, on its page."""
    pages = len(glyphs_only(pdf))
    for index in range(pages):
        boxes = char_boxes(pdf, index, glyphs=True)
        text = "".join(char for char, *_ in boxes)
        at = text.find(year)
        if at < 0:
            continue
        digits = boxes[at:at + len(year)]
        low, high = min(box[2] for box in digits), max(box[4] for box in digits)
        tall = high - low
        line = [box for box in boxes if low - tall <= (box[2] + box[4]) / 2 <= high + tall]
        bottom = min(box[2] for box in line)
        below = [box[4] for box in boxes if box[4] < bottom - 0.5]
        assert below, f"{pdf}: nothing follows the date on its page"
        return bottom - max(below)
    raise AssertionError(f"{pdf}: no {year}")


def checked_year() -> str:
    """The year the kit's lines were last verified (resources.yaml), which the head's last
    line prints."""
    lines = yaml.safe_load((DEFAULT_CONTENT / "resources.yaml").read_text(encoding="utf-8"))
    return str(max(line["verified"] for line in lines["resources"] if "verified" in line).year)


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_article_opens_a_set_space_below_the_head(brief: Path, lang: str) -> None:
    """The designer: with a short article the body started directly under the "Checked ..."
    line. Two body lines of white (28 pt at 14 pt) at least, heading or not."""
    gap = gap_under_the_date(brief / lang / "large-print.pdf", checked_year())
    assert gap >= 2 * BODY, (lang, gap)


def test_the_space_is_the_same_heading_or_not(tmp_path: Path) -> None:
    """One grid: the article opens as far below the head whether it starts with a heading
    or a paragraph (within a few points: the ink of a heading and of body text)."""
    gaps = {}
    for kind in ("headed", "headless"):
        content = brief_kit(tmp_path / kind, kind == "headless")
        edit(content / "site.yaml", "languages: [en, ar]", "languages: [en]")
        code, err = run_cli("build", content, "--out", tmp_path / f"{kind}-out",
                            "--no-previews", "--format", "large-print")
        assert code == 0, err
        gaps[kind] = gap_under_the_date(tmp_path / f"{kind}-out" / "en" / "large-print.pdf",
                                        checked_year())
    assert abs(gaps["headed"] - gaps["headless"]) <= 6, gaps


# --- Arabic at an optically equal size ------------------------------------------------

def letter_tops(font: Path, letters: str) -> float:
    """The median height of `letters`' outlines over the baseline, in ems."""
    with TTFont(str(font)) as face:
        glyphs, cmap = face.getGlyphSet(), face.getBestCmap()
        tops = []
        for letter in letters:
            pen = BoundsPen(glyphs)
            glyphs[cmap[ord(letter)]].draw(pen)
            tops.append(pen.bounds[3] / face["head"].unitsPerEm)
    return statistics.median(tops)


def font_file(package: str, pattern: str) -> Path:
    import importlib

    module = importlib.import_module(package)
    return next(path for path in sorted((Path(module.__file__).parent / "files").glob(pattern))
                if "Italic" not in path.name)


def body_size(pdf: Path) -> float:
    """The size most of the page's ink is set in: the body's."""
    return Counter(round(size, 1) for size in pdfium_sizes(pdf)).most_common(1)[0][0]


@pytest.fixture(scope="module")
def kit_in_three_scripts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("large-print-scripts")
    content = default_kit_in(root / "kit", ["en", "ar", "th"])
    code, err = run_cli("build", content, "--out", root / "out", "--no-previews", "--format",
                        "large-print")
    assert code == 0, err
    return root / "out"


def test_arabic_looks_as_large_as_latin(kit_in_three_scripts: Path) -> None:
    """At one size Arabic's letters stand lower than Latin ones (Noto Sans Arabic's body of
    teeth and bowls against Atkinson Hyperlegible's x-height): 14 pt Arabic looked small.
    Its body is set so that its letters stand about as tall as the Latin body's, within
    reason (at most 1.3 times the size)."""
    latin = letter_tops(font_file("fontpkg_atkinson_hyperlegible", "*-Regular.ttf"), "xz")
    arabic = letter_tops(font_file("fontpkg_noto_sans_arabic", "*.ttf"), "سصمهوى")
    en = body_size(kit_in_three_scripts / "en" / "large-print.pdf")
    ar = body_size(kit_in_three_scripts / "ar" / "large-print.pdf")
    assert en == pytest.approx(BODY, abs=0.05)
    wanted = min(BODY * latin / arabic, 1.3 * BODY)
    assert ar * arabic >= 0.95 * wanted * arabic, (ar, wanted)
    assert ar <= 1.3 * BODY + 0.05


def test_thai_stands_as_tall_as_latin_and_keeps_the_size(kit_in_three_scripts: Path) -> None:
    latin = letter_tops(font_file("fontpkg_atkinson_hyperlegible", "*-Regular.ttf"), "xz")
    thai = letter_tops(font_file("fontpkg_noto_sans_thai", "*.ttf"), "านมอบ")
    assert thai >= latin  # the premise: nothing to make up for
    assert body_size(kit_in_three_scripts / "th" / "large-print.pdf") == pytest.approx(
        BODY, abs=0.05)


def test_arabic_lines_stand_one_and_a_half_sizes_apart(kit_in_three_scripts: Path) -> None:
    """design.md: leading 1.5 or more for Arabic; the baselines of the body's lines, from
    pdfium's character origins on the article's pages."""
    pdf = kit_in_three_scripts / "ar" / "large-print.pdf"
    size = body_size(pdf)
    document = glyphs_only(pdf)
    steps = []
    x, y = ctypes.c_double(), ctypes.c_double()
    for page in document:
        text = page.get_textpage()
        rows: Counter[int] = Counter()
        for index in range(text.count_chars()):
            if (text.get_text_range(index, 1).strip()
                    and abs(pdfium_c.FPDFText_GetFontSize(text.raw, index) - size) < 0.1):
                pdfium_c.FPDFText_GetCharOrigin(text.raw, index, ctypes.byref(x),
                                                ctypes.byref(y))
                rows[round(y.value)] += 1
        baselines: list[int] = []
        for row in sorted(row for row, count in rows.items() if count >= 8):
            if baselines and row - baselines[-1] <= 3:
                continue  # a glyph a point off its line's baseline (pdfium's rounding)
            baselines.append(row)
        steps += [high - low for high, low in zip(baselines[1:], baselines, strict=False)]
    assert len(steps) > 10
    assert min(steps) >= 1.5 * size - 1, (size, sorted(steps)[:5])


# --- a line whole on one page ------------------------------------------------------------

@pytest.mark.skipif(shutil.which("pdftotext") is None,
                    reason="needs pdftotext from Debian's poppler-utils")
def test_a_line_is_never_split_between_pages(tmp_path: Path) -> None:
    """Set larger, Persian's second line printed its number and web address at the foot of
    page 1 and its languages at the head of page 2. Each page holds as many lines' web
    addresses as lines' languages (every line of the kit that has a web address lists
    English and Spanish: "Español" prints once for each), up to the lines' date."""
    lines = yaml.safe_load((DEFAULT_CONTENT / "resources.yaml").read_text(encoding="utf-8"))
    with_both = [line for line in lines["resources"] if line.get("url") and line.get("languages")]
    assert all("es" in line["languages"] for line in with_both)
    domains = [re.sub(r"^https?://(www\.)?", "", line["url"]).strip("/") for line in with_both]
    content = default_kit_in(tmp_path / "kit", ["fa", "ur"])
    code, err = run_cli("build", content, "--out", tmp_path / "out", "--no-previews",
                        "--format", "large-print")
    assert code == 0, err
    for lang in ("fa", "ur"):
        pdf = tmp_path / "out" / lang / "large-print.pdf"
        pages = len(PdfReader(pdf).pages)
        seen = 0
        for page in range(1, pages + 1):
            text = subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), str(pdf), "-"],
                                  capture_output=True, text=True, check=True).stdout
            addresses = sum(text.count(domain) for domain in domains)
            assert addresses == text.count("Español"), (lang, page, addresses)
            seen += addresses
            if checked_year() in text:
                break  # the lines end with their date; the article's sources come later
        assert seen == len(domains)


@pytest.mark.skipif(shutil.which("pdftotext") is None,
                    reason="needs pdftotext from Debian's poppler-utils")
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_lines_print_together_on_page_1_at_18_pt(tmp_path: Path, paper: str) -> None:
    """The review: Urdu at 18 pt on A4 printed 911 on page 2, Persian on Letter too (their
    script's line spacing, Nastaliq's 2.5 times the size, Arabic's 1.5, taken by numbers
    and web addresses as well). Every number, texting number and TTY of resources.yaml on
    page 1 (poppler), each line's a line of its own."""
    lines = yaml.safe_load((DEFAULT_CONTENT / "resources.yaml").read_text(encoding="utf-8"))
    numbers = [str(number) for line in lines["resources"] for number in (
        line.get("phone"), line.get("tty"), (line.get("text") or {}).get("number")) if number]
    assert "911" in numbers and "1-800-787-3224" in numbers
    content = default_kit_in(tmp_path / "kit", ["fa", "ur"])
    site = content / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8").replace("paper: letter", f"paper: {paper}")
                    + "large_print_size: 18\n", encoding="utf-8")
    code, err = run_cli("build", content, "--out", tmp_path / "out", "--no-previews",
                        "--format", "large-print")
    assert code == 0, err
    for lang in ("fa", "ur"):
        pdf = tmp_path / "out" / lang / "large-print.pdf"
        first = subprocess.run(["pdftotext", "-f", "1", "-l", "1", str(pdf), "-"],
                               capture_output=True, text=True, check=True).stdout
        words = {word for line in first.splitlines() for word in re.split(
            r"[\s\u200e\u200f\u202a-\u202e\u2066-\u2069]+", line) if word}
        missing = [number for number in numbers if number not in words
                   and not any(number in word for word in words)]
        assert not missing, (paper, lang, missing)
        # each line's number a line of its own, the emergency number too
        own = {line.strip("\u200e\u200f\u202a\u202b\u202c\u2066\u2067\u2068\u2069 ")
               for line in first.splitlines()}
        assert {str(line["phone"]) for line in lines["resources"]} <= own, (paper, lang)


def test_the_screen_copy_keeps_its_headings_and_lines(tmp_path: Path) -> None:
    """The styles that set the article's opening apart (heading_open) and keep a line's
    details together (line_detail_kept) keep their roles in the screen copy: the article's
    heading is a heading, and each line is one list item holding its name and every detail
    (from resources.yaml: its number, texting line, TTY, web address and hours, languages)."""
    import pikepdf

    from tests.test_screen import elements

    content = brief_kit(tmp_path / "kit", headless=False)
    edit(content / "site.yaml", "languages: [en, ar]", "languages: [en]")
    code, err = run_cli("build", content, "--out", tmp_path / "out", "--no-previews",
                        "--format", "large-print", "--target", "screen")
    assert code == 0, err
    article = (BRIEF / "brief.en.md").read_text(encoding="utf-8")
    lines = yaml.safe_load((DEFAULT_CONTENT / "resources.yaml").read_text(encoding="utf-8"))
    with pikepdf.open(tmp_path / "out" / "en" / "large-print-screen.pdf") as pdf:
        found = list(elements(pdf.Root.StructTreeRoot))
        headings = [e for e in found if str(e.S) == "/H2"]
        # "Before you call", "Who you can contact", the article's own headings, then "Good
        # to know" where it has key points, "When you call" and "Planning for your safety"
        key_points = "key_points:" in article.split("---", 2)[1]
        assert len(headings) == (2 + len(re.findall(r"^## ", article, re.MULTILINE))
                                 + key_points + 2)
        # the lines are the first list; the checklist to plan for safety the last, its five
        # boxes to tick
        lists = [e for e in found if str(e.S) == "/L"]
        items = [e for e in elements(lists[0]) if str(e.S) == "/LI"]
        assert len(items) == len(lines["resources"])
        assert len([e for e in elements(lists[-1]) if str(e.S) == "/LI"]) == 5
        for item, line in zip(items, lines["resources"], strict=True):
            # its name with its hours; its web address with its languages
            wanted = (1 + ("phone" in line) + ("text" in line) + ("tty" in line)
                      + bool(line.get("url") or line.get("languages")))
            paragraphs = [e for e in elements(item) if str(e.S) == "/P"]
            assert len(paragraphs) >= wanted, (line.get("name"), len(paragraphs), wanted)
