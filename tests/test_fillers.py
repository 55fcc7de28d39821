"""A brochure built for the article it gets: a short one (~120 words) is a bi-fold whose
inside carries it, what the flap would carry ("Before you call", the lines, once) and, in
the room it leaves, designed content at the article's own size (its key points in a tinted
box, what happens when you call, a safety checklist) and notes of at most half a panel,
nothing padded: what white is left lies at the foot of a panel. A long one fails saying how
many words must go, `check` warns about a panel left more than a third empty, and headings
keep no lone word on their last line.

Panels and empty space are measured on the PDF: character boxes, and rendered pixels for
the lines to write on.
"""

from __future__ import annotations

import ctypes
import re
import shutil
import subprocess
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
import yaml
from pypdf import PdfReader

from generator.commands.cli import main
from tests.conftest import DEFAULT_CONTENT, edit
from tests.test_text_extraction import needs_pdftotext, words

INCH = 72.0
SAFE = 0.3 * INCH  # the Letter brochure's safe margin
# The inside, left to right as printed: [3.6875 | 3.6875 | 3.625 in] (the outside reversed);
# a short article's bi-fold: [5.5 | 5.5 in].
INSIDE = [(0.0, 3.6875 * INCH), (3.6875 * INCH, 7.375 * INCH), (7.375 * INCH, 11 * INCH)]
BIFOLD = [(0.0, 5.5 * INCH), (5.5 * INCH, 11 * INCH)]
HEIGHT = 8.5 * INCH
SHORT = Path(__file__).parent / "fixtures" / "articles" / "short"
LANGUAGES = ["en", "ar", "zh-Hans"]


def short_kit(root: Path) -> Path:
    """The default kit carrying a ~120-word article in English, Arabic and Chinese."""
    content = root / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    for old in (content / "articles").iterdir():
        old.unlink()
    for article in SHORT.iterdir():
        shutil.copy(article, content / "articles" / article.name)
    edit(content / "site.yaml", "languages: [en, es, ar, zh-Hans]",
         f"languages: [{', '.join(LANGUAGES)}]")
    edit(content / "site.yaml", "article: trauma-bonding", "article: phone-privacy")
    return content


@pytest.fixture(scope="module")
def short(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("short")
    out = root / "out"
    assert main(["build", str(short_kit(root)), "--out", str(out), "--format", "brochure",
                 "--target", "shop", "--no-previews"]) == 0
    return out


def panel_of(x: float, origin: float, panels: list[tuple[float, float]] = INSIDE) -> int:
    return next(index for index, (left, right) in enumerate(panels)
                if left <= x - origin < right)


def ink_rows(pdf: Path, page_index: int, panels: list[tuple[float, float]] = INSIDE
             ) -> tuple[list[set[int]], float, float]:
    """For each inside panel, the rows (points from the trim's bottom) holding any ink:
    text, pictures and the lines to write on, from a rendering at 2 px a point."""
    page = pdfium.PdfDocument(str(pdf))[page_index]
    x0, y0, _, _ = (float(v) for v in PdfReader(pdf).pages[page_index]["/TrimBox"])
    scale = 2
    image = page.render(scale=scale).to_pil().convert("L")
    page_height = page.get_height()
    rows: list[set[int]] = [set() for _ in panels]
    for index, (left, right) in enumerate(panels):
        box = (round((x0 + left + SAFE) * scale), round((page_height - y0 - HEIGHT + SAFE)
                                                       * scale),
               round((x0 + right - SAFE) * scale), round((page_height - y0 - SAFE) * scale))
        crop = image.crop(box)
        pixels = crop.load()
        for y in range(crop.height):
            if any(pixels[x, y] < 200 for x in range(0, crop.width, 2)):
                rows[index].add(round(HEIGHT - SAFE - y / scale))
    return rows, x0, y0


def largest_gap(rows: set[int]) -> float:
    """The tallest band of the safe area without ink, in points."""
    bottom, top = SAFE, HEIGHT - SAFE
    marks = sorted(y for y in rows if bottom <= y <= top)
    edges = [bottom, *marks, top]
    return max(b - a for a, b in zip(edges, edges[1:], strict=False))


@pytest.fixture(scope="module")
def default(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The default kit's brochure, its article long enough to fill the panels itself."""
    root = tmp_path_factory.mktemp("default")
    content = root / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    edit(content / "site.yaml", "languages: [en, es, ar, zh-Hans]",
         f"languages: [{', '.join(LANGUAGES)}]")
    out = root / "out"
    assert main(["build", str(content), "--out", str(out), "--format", "brochure",
                 "--target", "shop", "--no-previews"]) == 0
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_default_article_leaves_no_inside_panel_mostly_blank(default: Path,
                                                                 lang: str) -> None:
    rows, _, _ = ink_rows(default / lang / "brochure-shop.pdf", 1)
    for index, panel_rows in enumerate(rows):
        assert panel_rows, f"panel {index + 1} is blank"
        gap = largest_gap(panel_rows)
        assert gap <= (HEIGHT - 2 * SAFE) / 3, (lang, index + 1, gap)


def gaps(rows: set[int]) -> list[tuple[float, float]]:
    """The bands without ink down a panel's safe area: (top, bottom) in points from the
    trim's bottom, top to bottom."""
    bottom, top = SAFE, HEIGHT - SAFE
    edges = [top, *sorted((y for y in rows if bottom <= y <= top), reverse=True), bottom]
    return [(a, b) for a, b in zip(edges, edges[1:], strict=False) if a - b > 1]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_short_articles_white_lies_at_the_foot_of_its_panels(short: Path, lang: str) -> None:
    """Nothing is stretched or padded to fill a panel: blocks stand one under the other from
    the top, no wider apart than two lines, and what is left is white at the foot, under a
    quarter of the panel (issue 42: a tri-fold's inside was 34-54 % empty)."""
    rows, _, _ = ink_rows(short / lang / "brochure-shop.pdf", 1, BIFOLD)
    for index, panel_rows in enumerate(rows):
        bands = gaps(panel_rows)
        assert bands[0][0] - bands[0][1] <= 8  # the first block starts at the top
        between = [top - bottom for top, bottom in bands[1:-1]]
        assert max(between) <= 2.2 * 16 * 13 / 11.5, (lang, index + 1, between)  # two lines
        assert bands[-1][0] - bands[-1][1] < (HEIGHT - 2 * SAFE) / 4, (lang, index + 1)


def rule_rows(pdf: Path, page_index: int,
              panels: list[tuple[float, float]] = INSIDE) -> list[list[int]]:
    """For each inside panel, the rows (points from the trim's bottom) that are a line to
    write on: inked across nine tenths of the panel's safe width (a light grey: a thin rule
    between two rows of pixels renders as two lighter ones; the tint is lighter still)."""
    page = pdfium.PdfDocument(str(pdf))[page_index]
    x0, y0, _, _ = (float(v) for v in PdfReader(pdf).pages[page_index]["/TrimBox"])
    scale = 2
    image = page.render(scale=scale).to_pil().convert("L")
    page_height = page.get_height()
    found: list[list[int]] = []
    for left, right in panels:
        crop = image.crop((round((x0 + left + SAFE) * scale),
                           round((page_height - y0 - HEIGHT) * scale),
                           round((x0 + right - SAFE) * scale),
                           round((page_height - y0) * scale)))
        pixels = crop.load()
        found.append(sorted({round(HEIGHT - y / scale) for y in range(crop.height)
                             if sum(pixels[x, y] < 215 for x in range(crop.width))
                             >= 0.9 * crop.width}))
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_notes_take_at_most_half_a_panel_and_no_other_panel_is_ruled(short: Path,
                                                                     lang: str) -> None:
    pdf = short / lang / "brochure-shop.pdf"
    ruled = [rows for rows in rule_rows(pdf, 1, BIFOLD) if rows]
    assert len(ruled) <= 1, "lines to write on in one panel only"
    if not ruled:  # content first: the Arabic checklist takes the room (issue 42)
        return
    assert len(ruled[0]) >= 3
    heading = notes_heading_top(pdf, max(ruled[0]))
    assert heading - min(ruled[0]) <= (HEIGHT - 2 * SAFE) / 2 + 1


def notes_heading_top(pdf: Path, first_rule: float) -> float:
    """The top (points from the trim's bottom) of the notes' heading: the lowest text top
    above the first line to write on."""
    y0 = float(PdfReader(pdf).pages[1]["/TrimBox"][1])
    text = pdfium.PdfDocument(str(pdf))[1].get_textpage()
    tops = [text.get_charbox(index)[3] - y0 for index in range(text.count_chars())
            if text.get_text_range(index, 1).strip()]
    return min(top for top in tops if top > first_rule)


@needs_pdftotext
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_bifold_carries_the_lines_once_and_what_fills_the_room(short: Path,
                                                                   lang: str) -> None:
    """Read as readers read it (pdftotext honours /ActualText: Arabic comes back whole):
    the inside carries "Before you call" and the lines, each once, whole; what calling is
    like and the safety-planning checklist in the room the article leaves (notes only where
    they leave room); nothing outside but what the back panel
    and the cover say."""
    pdf = short / lang / "brochure-shop.pdf"
    assert len(PdfReader(pdf).pages) == 2
    inside = subprocess.run(["pdftotext", "-f", "2", "-l", "2", str(pdf), "-"],
                            capture_output=True, text=True, check=True).stdout
    found = "".join(words(inside))
    strings = yaml.safe_load((Path(__file__).parent.parent / "generator" / "locales" /
                              f"{lang}.yaml").read_text(encoding="utf-8"))
    for key in ("before_you_call_title", "lines_heading", "when_you_call_title",
                "when_you_call", "safety_plan_heading"):
        assert "".join(words(strings[key])) in found, key
        assert found.count("".join(words(strings[key]))) == 1, key  # once: never twice
    # notes only in the room every block leaves (not in Arabic, whose checklist takes it)
    assert found.count("".join(words(strings["notes_heading"]))) <= 1
    assert inside.count("1-800-799-7233") == 1 and "1-800-787-3224" in inside
    assert "88788" in inside and "thehotline.org" in inside  # its texting line, its web
    assert "Español" in inside  # the languages it serves
    checked = words(strings["checked"].split("{date}")[0])
    assert " ".join(words(inside)).count(" ".join(checked)) == 1  # one date for the lines


def test_the_key_points_stand_in_a_tinted_box(default: Path) -> None:
    """"Good to know" and its points on the tint, the box as wide as the panel's text."""
    pdf = default / "en" / "brochure-shop.pdf"
    x0 = float(PdfReader(pdf).pages[1]["/TrimBox"][0])
    page = pdfium.PdfDocument(str(pdf))[1]
    text = page.get_textpage()
    chars = [(text.get_text_range(i, 1), text.get_charbox(i)) for i in range(text.count_chars())]
    read = "".join(char for char, _ in chars)
    start = read.index("Good to know")
    # the safety checklist under the box (where it prints), the sources closing the article
    end = min(read.find(after, start) % (len(read) + 1)
              for after in ("Planning for your safety", "Sources"))
    box = [b for char, b in chars[start:end] if char.strip()]
    scale = 2
    image = page.render(scale=scale).to_pil().convert("RGB")

    def colour(x: float, y: float) -> tuple[int, int, int]:
        return image.getpixel((round(x * scale), round((page.get_height() - y) * scale)))

    left, top, bottom = min(b[0] for b in box), max(b[3] for b in box), min(b[1] for b in box)
    middle = (top + bottom) / 2
    tint = colour(left - 4, middle)
    assert tint != (255, 255, 255) and min(tint) > 200, tint  # a light tint, not paper
    assert colour(left - 4, top + 4) == tint and colour(left - 4, bottom - 4) == tint
    panel_left = x0 + INSIDE[2][0] + SAFE
    assert colour(panel_left + 1, middle) == tint  # from the panel's text edge
    assert colour(panel_left - 3, middle) == (255, 255, 255)


def text_sizes(pdf: Path, page_index: int) -> dict[str, float]:
    """Each line of text and the size it is set at (pypdf)."""
    found: dict[str, float] = {}

    def visit(text, cm, tm, font_dict, font_size):  # noqa: ANN001, ANN202
        if text.strip():
            scale = (tm[2] ** 2 + tm[3] ** 2) ** 0.5 * (cm[2] ** 2 + cm[3] ** 2) ** 0.5
            found[text.strip()] = round(font_size * scale, 2)

    PdfReader(pdf).pages[page_index].extract_text(visitor_text=visit)
    return found


def test_what_fills_the_room_is_set_at_the_articles_size(short: Path) -> None:
    """One type scale: what fills the room reads at the article's body size, its heading at
    the article's heading size; a short article is set at the brochure's ceiling (11.5 pt)
    or, on the bi-fold, larger (up to 13 pt) where what fills its room still goes in."""
    sizes = text_sizes(short / "en" / "brochure-shop.pdf", 1)
    body = next(size for text, size in sizes.items() if text.startswith("Someone close"))
    heading = sizes["Small steps"]
    assert sizes["When you call"] == heading
    filler = next(size for text, size in sizes.items() if text.startswith("You decide what"))
    assert filler == body
    assert 11.5 <= body <= 13


def first_text_panel(pdf: Path, panels: list[tuple[float, float]] = INSIDE) -> int:
    """The inside panel of the first text drawn (the article's title)."""
    x0 = float(PdfReader(pdf).pages[1]["/TrimBox"][0])
    text = pdfium.PdfDocument(str(pdf))[1].get_textpage()
    left, _, right, _ = text.get_charbox(0)
    return panel_of((left + right) / 2, x0, panels)


def test_a_right_to_left_inside_mirrors_its_panels(short: Path, default: Path) -> None:
    """Arabic reads from the right: the article starts in the rightmost panel, English in
    the leftmost, on the bi-fold as on the tri-fold."""
    assert first_text_panel(short / "ar" / "brochure-shop.pdf", BIFOLD) == 1
    assert first_text_panel(short / "en" / "brochure-shop.pdf", BIFOLD) == 0
    assert first_text_panel(default / "ar" / "brochure-shop.pdf") == 2
    assert first_text_panel(default / "en" / "brochure-shop.pdf") == 0


def test_headings_keep_no_lone_word_on_their_last_line(tmp_path: Path) -> None:
    """"Your phone and your privacy" fits 20 pt in a tri-fold's panel as "Your phone and
    your" / "privacy"; balanced, its last line holds more than one word, and it breaks
    between phrases: "and" and "your" do not end a title's line ("Your phone / and your
    privacy"). (The default article's text under the short one's title: a tri-fold.)"""
    content = short_kit(tmp_path)
    default = (DEFAULT_CONTENT / "articles" / "trauma-bonding.en.md").read_text("utf-8")
    (content / "articles" / "phone-privacy.en.md").write_text(default.replace(
        "title: Why it can be hard to leave", "title: Your phone and your privacy"), "utf-8")
    edit(content / "site.yaml", "languages: [en, ar, zh-Hans]", "languages: [en]")
    assert main(["build", str(content), "--out", str(tmp_path / "out"), "--format",
                 "brochure", "--target", "shop", "--no-previews"]) == 0
    pdf = tmp_path / "out" / "en" / "brochure-shop.pdf"
    text = pdfium.PdfDocument(str(pdf))[1].get_textpage()
    rows: dict[int, str] = {}
    for index in range(text.count_chars()):
        char = text.get_text_range(index, 1)
        if char.strip() and pdfium_c.FPDFText_GetFontSize(text.raw, index) > 19:  # 20 pt
            origin_x, origin_y = ctypes.c_double(), ctypes.c_double()
            pdfium_c.FPDFText_GetCharOrigin(text.raw, index, origin_x, origin_y)
            rows[round(origin_y.value)] = rows.get(round(origin_y.value), "") + char
    lines = [rows[key] for key in sorted(rows, reverse=True)]
    assert "".join(lines) == "Yourphoneandyourprivacy"
    assert len(lines) == 2 and lines[-1] == "andyourprivacy", lines


def test_check_warns_about_a_panel_left_mostly_blank(tmp_path: Path, run) -> None:  # noqa: ANN001
    """A site's own brochure without fillers or a short form: the short article leaves two
    panels bare."""
    content = short_kit(tmp_path)
    folder = content / "layouts" / "brochure"
    shutil.copytree(Path(__file__).parent.parent / "layouts" / "brochure", folder)
    edit(folder / "layout.yaml", "fillers: [{block: key_points, callout: true, essential: true,"
         "\n                    gives_way_to: safety_plan},"
         "\n                   {block: when_you_call, essential: true, unless: flap_call},"
         "\n                   {block: safety_plan}, {block: notes, ruled: true}]",
         "fillers: []")
    layout = folder / "layout.yaml"
    text = layout.read_text(encoding="utf-8")
    layout.write_text(text[:text.index("\nshort_form:")] + "\n", encoding="utf-8")
    result = run("check", content, "--format", "brochure")
    assert result.code == 0, result.err
    warned = [line for line in result.err.splitlines() if "of it is empty" in line]
    for lang in LANGUAGES:
        for panel in (2, 3):
            assert any(f"brochure (inside), panel {panel}: 100% of it is empty" in line
                       and line.endswith(f"[{lang}]") and "phone-privacy" in line
                       for line in warned), (lang, panel, warned)
    # The default article and layout fill every panel: nothing to warn about.
    result = run("check", DEFAULT_CONTENT, "--format", "brochure")
    assert "of it is empty" not in result.err


def test_a_long_article_fails_saying_how_many_words_must_go(kit: Path, run) -> None:  # noqa: ANN001
    article = kit / "articles" / "trauma-bonding.en.md"
    added = ("More words to read slowly and calmly. " * 40 + "\n\n") * 4
    edit(article, "## Sources", added + "## Sources")
    result = run("check", kit, "--format", "brochure")
    assert result.code == 1
    line = next(line for line in result.err.splitlines() if "slot 'article'" in line)
    match = re.search(r"too tall even at 9.5 pt: about (\d+) words too long", line)
    assert match, line
    count = int(match.group(1))
    assert 0 < count < len(added.split())
    # Cutting that many words from the end of what was added makes it fit...
    kept = added.split()[:len(added.split()) - count]
    edit(article, added, " ".join(kept) + "\n\n")
    assert run("check", kit, "--format", "brochure").code == 0
    # ...and it is no gross over-estimate: a fifth fewer cut would not.
    edit(article, " ".join(kept) + "\n\n",
         " ".join(added.split()[:len(added.split()) - count * 4 // 5]) + "\n\n")
    assert run("check", kit, "--format", "brochure").code == 1
