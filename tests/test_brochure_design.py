"""The brochure as a designer would sign it (issue 42), read back from its PDFs: its back
panel groups a calm line, the first line's numbers, the QR code and what scanning does
over who the brochure is from and a quiet pattern, with no blank band over a quarter of
it; a short article (about 50 words) is a bi-fold whose inside panels are each filled to
within a quarter, printing
the lines once; the article's sources come after its key points; the flap with few lines
carries what calling is like. Blank bands are read from pdfium's rendering, row by row;
text with pdftotext and pdfium's character boxes."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image

from generator.i18n.localize import load_strings
from tests.conftest import (
    DEFAULT_CONTENT,
    char_boxes,
    default_kit_in,
    drawn_text,
    drawn_text_sizes,
    edit,
)
from tests.notes_truth import needs_pdftotext, spaceless
from tests.test_where_lines_print import run_cli

BRIEF = Path(__file__).parent / "fixtures" / "articles" / "brief"
LANGS = ("en", "ar", "zh-Hans", "th")
BODY_LANGS = (*LANGS, "ru")  # the default kit's: its article's body size, in a longer text too
INCH = 72.0
SIZES = {"letter": (11 * INCH, 8.5 * INCH, 0.3 * INCH), "a4": (841.89, 595.28, 7.5 * 72 / 25.4)}
# the tri-fold's panels as printed on the outside, left to right: flap, back panel, cover
OUTSIDE = {"letter": (3.625 * INCH, 3.6875 * INCH, 3.6875 * INCH),
           "a4": tuple(mm * 72 / 25.4 for mm in (97, 100, 100))}


def brief_kit(folder: Path, paper: str = "letter") -> Path:
    """The default kit carrying a 50-word article in English, Arabic, Chinese and Thai."""
    content = default_kit_in(folder, LANGS)
    for old in (content / "articles").iterdir():
        old.unlink()
    for article in BRIEF.iterdir():
        shutil.copy(article, content / "articles" / article.name)
    edit(content / "site.yaml", "article: trauma-bonding", "article: brief")
    edit(content / "site.yaml", "paper: letter", f"paper: {paper}")
    return content


@pytest.fixture(scope="module", params=["letter", "a4"])
def brief(request: pytest.FixtureRequest,
          tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path, str]:
    root = tmp_path_factory.mktemp(f"brief-{request.param}")
    code, err = run_cli("build", brief_kit(root / "kit", request.param), "--out",
                        root / "out", "--no-previews", "--format", "brochure")
    assert code == 0, err
    return request.param, root / "out", err


@pytest.fixture(scope="module", params=["letter", "a4"])
def default(request: pytest.FixtureRequest,
            tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    root = tmp_path_factory.mktemp(f"default-{request.param}")
    content = default_kit_in(root / "kit", BODY_LANGS)
    edit(content / "site.yaml", "paper: letter", f"paper: {request.param}")
    code, err = run_cli("build", content, "--out", root / "out", "--no-previews", "--format",
                        "brochure")
    assert code == 0, err
    return request.param, root / "out"


def rendered(pdf: Path, page: int) -> Image.Image:
    """The page at 2 pixels a point."""
    return pdfium.PdfDocument(str(pdf))[page].render(scale=2).to_pil().convert("RGB")


def blank_runs(image: Image.Image, left: float, right: float, top: float,
               bottom: float, lightest: int = 225) -> float:
    """The tallest run of rows (points) between `top` and `bottom` (points from the page's
    top) with nothing darker than `lightest` from `left` to `right`: no text, no QR code,
    no line to write on (by default a row of the tint alone counts as blank too)."""
    grey = image.convert("L")
    longest = run = 0
    for y in range(round(top * 2), round(bottom * 2)):
        low, _ = grey.crop((round(left * 2), y, round(right * 2), y + 1)).getextrema()
        if low >= lightest:
            run += 1
            longest = max(longest, run)
        else:
            run = 0
    return longest / 2


def panel_bands(pdf: Path, page: int, edges: list[float], margin: float,
                height: float, lightest: int = 225) -> list[float]:
    """Each panel's tallest blank band as a share of its safe area's height."""
    image = rendered(pdf, page)
    return [blank_runs(image, left + margin, right - margin, margin, height - margin,
                       lightest) / (height - 2 * margin)
            for left, right in zip(edges, edges[1:], strict=False)]


@pytest.mark.parametrize("lang", LANGS)
def test_the_back_panel_has_no_band_over_a_quarter_blank(default: tuple[str, Path],
                                                         lang: str) -> None:
    """It was 63 % blank bands; QR code, caption and a calm line are grouped now, over a
    quiet rising sun with who the brochure is from (or its cover's title) above it. The
    designer's review of that still marked a 44 mm band (21 %) under the group: the group
    stands lower, and the sun and who it is from higher, so the white is shared above and
    below the group, no band over 15 % of the panel."""
    size, out = default
    width, height, margin = SIZES[size]
    flap, back, _ = OUTSIDE[size]
    left = width - flap - back if lang == "ar" else flap  # right to left: mirrored
    (share,) = panel_bands(out / lang / "brochure.pdf", 0, [left, left + back], margin, height)
    assert share < 0.15, (lang, size, share)


@needs_pdftotext
@pytest.mark.parametrize("lang", LANGS)
def test_the_flap_says_the_emergency_number_once(default: tuple[str, Path], lang: str) -> None:
    """The designer's review: the flap said 911 twice, in "Before you call" ("In an
    emergency, call 911") and as an Emergency line listed under it. Read with poppler in
    the flap's own crop: once; nowhere else on the outside."""
    size, out = default
    width, height, _ = SIZES[size]
    flap = OUTSIDE[size][0]
    left = width - flap if lang == "ar" else 0.0  # right to left: mirrored
    pdf = out / lang / "brochure.pdf"

    def said(x: float, across: float) -> str:
        return subprocess.run(["pdftotext", "-f", "1", "-l", "1", "-x", str(round(x)), "-y",
                               "0", "-W", str(round(across)), "-H", str(round(height)),
                               str(pdf), "-"], capture_output=True, text=True,
                              check=True).stdout

    assert said(left, flap).count("911") == 1, (lang, size)
    assert said(0, width).count("911") == 1, (lang, size)


@needs_pdftotext
@pytest.mark.parametrize("lang", LANGS)
def test_the_back_panel_says_how_to_reach_the_first_line_and_nothing_more(
        default: tuple[str, Path], lang: str) -> None:
    size, out = default
    width, height, margin = SIZES[size]
    flap, back, _ = OUTSIDE[size]
    left = width - flap - back if lang == "ar" else flap
    text = spaceless(subprocess.run(
        ["pdftotext", "-f", "1", "-l", "1", "-r", "72", "-x", str(int(left + 2)), "-y", "0",
         "-W", str(int(back - 4)), "-H", str(int(height)), str(out / lang / "brochure.pdf"),
         "-"], capture_output=True, text=True, check=True).stdout)
    strings = load_strings(lang, DEFAULT_CONTENT)
    for part in ("1-800-799-7233", "88788", "START", "1-800-787-3224", strings["scan_tel"],
                 strings["discreet_message"], strings["free_to_take"]):
        assert spaceless(part) in text, (lang, part)
    assert "Hotline" not in text and "988" not in text  # no line's name, no other line


def test_a_short_article_is_a_bifold_whose_panels_are_filled(brief: tuple[str, Path, str]
                                                             ) -> None:
    """50 words left a tri-fold's inside panels 34-54 % empty, with the flap's lines printed
    again: it is a bi-fold now, its inside two panels each blank for less than a quarter
    of its height, in every script."""
    size, out, err = brief
    width, height, margin = SIZES[size]
    for lang in LANGS:
        assert err.count("note: brochure: printed as a bi-fold brochure") == len(LANGS), err
        pdf = out / lang / "brochure.pdf"
        shares = panel_bands(pdf, 1, [0, width / 2, width], margin, height)
        assert max(shares) < 0.25, (lang, size, shares)
        # as a tri-fold's thirds would be measured, too (the tint box behind the lines is
        # printed: only paper counts as blank)
        thirds = panel_bands(pdf, 1, [0, width / 3, 2 * width / 3, width], margin, height,
                             lightest=250)
        assert max(thirds) < 0.25, (lang, size, thirds)
        back = [width / 2, width] if lang == "ar" else [0, width / 2]  # mirrored in Arabic
        outside = panel_bands(pdf, 0, back, margin, height)  # the back panel
        assert max(outside) < 0.25, (lang, size, outside)


@needs_pdftotext
def test_a_short_articles_bifold_prints_the_lines_once(brief: tuple[str, Path, str]) -> None:
    size, out, _ = brief
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "into 2 panels" in index and "into 3 panels" not in index
    for lang in LANGS:
        inside = subprocess.run(["pdftotext", "-f", "2", "-l", "2",
                                 str(out / lang / "brochure.pdf"), "-"],
                                capture_output=True, text=True, check=True).stdout
        assert inside.count("1-800-799-7233") == 1, lang  # the flap's lines, once
        assert inside.count("1-800-787-3224") == 1 and "88788" in inside
        strings = load_strings(lang, DEFAULT_CONTENT)
        said = spaceless(inside)
        for key in ("before_you_call_title", "lines_heading", "when_you_call_title"):
            assert said.count(spaceless(strings[key])) == 1, (lang, key)


def tops(pdf: Path, page: int, phrase: str) -> float:
    """How far from the page's top the first character of `phrase` stands, in points."""
    boxes = char_boxes(pdf, page)
    text = "".join(box[0] for box in boxes)
    start = text.index(phrase.replace(" ", ""))
    height = pdfium.PdfDocument(str(pdf))[page].get_height()
    return height - boxes[start][4]


def test_sources_come_last_after_good_to_know(default: tuple[str, Path]) -> None:
    """In the panel where the article ends, its key points ("Good to know") stand above its
    sources, which close the article."""
    _, out = default
    pdf = out / "en" / "brochure.pdf"
    assert tops(pdf, 1, "Good to know") < tops(pdf, 1, "Sources") < tops(pdf, 1,
                                                                         "thehotline.org")
    boxes = char_boxes(pdf, 1)
    sources = next(box for index, box in enumerate(boxes)
                   if "".join(b[0] for b in boxes[index:index + 7]) == "Sources")
    below = [box for box in boxes if box[4] < sources[2] - 1  # under it, in its panel
             and sources[1] - 2 <= box[1] < sources[1] + 3.5 * INCH]
    assert all(re.fullmatch(r"[a-z.]", box[0]) for box in below)  # the sources' domains


def reading_place(pdf: Path, phrase: str, rtl: bool) -> tuple[int, float]:
    """Where `phrase` stands on the inside in reading order: its panel (thirds of the
    page, from the right in a right-to-left brochure), then how far down it is."""
    page = pdfium.PdfDocument(str(pdf))[1]
    width, height = page.get_width(), page.get_height()
    text = page.get_textpage()
    hit = text.search(phrase).get_next()
    assert hit is not None, phrase
    left, _, right, top = text.get_charbox(hit[0])
    return int(((width - right) if rtl else left) // (width / 3)), height - top


@pytest.mark.parametrize("lang", LANGS)
def test_sources_close_the_article_in_reading_order(default: tuple[str, Path],
                                                    lang: str) -> None:
    """Thai's "Good to know" stood in the third panel, after the sources that ended the
    second: the sources move on to the panel of the last key points, under them."""
    _, out = default
    strings = load_strings(lang, DEFAULT_CONTENT)
    pdf = out / lang / "brochure.pdf"
    rtl = lang == "ar"
    key_points = strings["key_points_heading"]
    if key_points not in " ".join(subprocess.run(
            ["pdftotext", "-f", "2", "-l", "2", str(pdf), "-"], capture_output=True,
            text=True, check=True).stdout.split()):
        pytest.skip(f"the {lang} article fills its panels: no key points printed")
    assert reading_place(pdf, key_points, rtl) < reading_place(
        pdf, strings["sources_heading"], rtl)


def test_a_flap_with_two_lines_says_what_calling_is_like(kit: Path, tmp_path: Path) -> None:
    """The flap was 35 % empty with two lines: what calling is like fills it under them."""
    resources = kit / "resources.yaml"
    text = resources.read_text(encoding="utf-8")
    start = text.index("  - name:\n      en: 988")
    end = text.index("  - name:", start + 10)
    resources.write_text(text[:start] + text[end:], encoding="utf-8")
    code, err = run_cli("build", kit, "--out", tmp_path / "out", "--no-previews", "--format",
                        "brochure")
    assert code == 0, err
    pdf = tmp_path / "out" / "en" / "brochure.pdf"
    # under the line listed (the emergency line is not: "Before you call" says its number)
    assert tops(pdf, 0, "When you call") > tops(pdf, 0, "National Domestic Violence Hotline")
    assert spaceless(" ".join(drawn_text(pdf, 0).split())).count("911") == 1
    width, height, margin = SIZES["letter"]
    (share,) = panel_bands(pdf, 0, [0, OUTSIDE["letter"][0]], margin, height)
    assert share < 0.25, share


def tick_boxes(pdf: Path, page: int) -> list[tuple[float, float, float, float]]:
    """The stroked squares drawn on the page (left, bottom, right, top), as read from its
    content stream: a checklist's boxes to tick."""
    from pypdf import PdfReader

    from tests.pdf_paint import page_marks

    marks, _ = page_marks(PdfReader(pdf), page)
    squares = []
    for mark in marks:
        if mark.kind != "stroke" or mark.rects != 1 or len(mark.points) < 4:
            continue
        xs = [x for x, _ in mark.points]
        ys = [y for _, y in mark.points]
        if abs((max(xs) - min(xs)) - (max(ys) - min(ys))) < 0.01 and max(xs) - min(xs) < 20:
            squares.append((min(xs), min(ys), max(xs), max(ys)))
    return squares


def test_a_short_articles_checklist_has_boxes_a_pen_can_tick(
        brief: tuple[str, Path, str]) -> None:
    """The safety-planning checklist's boxes were 6 pt squares 3 pt from their words (a
    stray glyph at the line's start): each is as tall as the capitals of the 11.5-13 pt
    text beside it, and half an em clear of its first letter, on the reading side."""
    _, out, _ = brief
    for lang in ("en", "ar"):
        pdf = out / lang / "brochure.pdf"
        boxes = tick_boxes(pdf, 1)
        assert len(boxes) == 5, (lang, boxes)  # the catalogue's five planning steps
        chars = [box for box in char_boxes(pdf, 1) if box[0].isalnum()]
        for left, bottom, right, top in boxes:
            side = right - left
            level = [c for c in chars if c[2] < top and c[4] > bottom]  # on its line
            if lang == "ar":  # the box stands right of its words
                gap = min(left - c[3] for c in level if c[3] <= left + 0.5)
            else:
                gap = min(c[1] - right for c in level if c[1] >= right - 0.5)
            cap = max(c[4] - c[2] for c in level)
            assert side >= 7.5 and side >= 0.6 * cap, (lang, side, cap)
            assert gap >= 4.5, (lang, gap)


def test_a_short_article_is_set_larger_before_notes_fill_its_room(
        brief: tuple[str, Path, str]) -> None:
    """Content wins over filler: the 50-word article's text is set larger than the
    tri-fold's 11.5 pt body (Thai's stayed at 11.5 pt under half a panel of
    lines to write on, which took the room larger type would have). Read with pdfium, at
    the size its first word is drawn at (a right-to-left line is read from an unseen
    anchor of another size: Arabic is left out)."""
    import pypdfium2.raw as pdfium_c

    from generator.content.kit_parts import find_article

    _, out, _ = brief
    kit = out.parent / "kit"
    for lang in (lang for lang in LANGS if lang != "ar"):
        first = find_article(kit, "brief", lang).sections[0].paragraphs[0].split()[0]
        text = pdfium.PdfDocument(str(out / lang / "brochure.pdf"))[1].get_textpage()
        hit = text.search(first).get_next()
        assert hit is not None, (lang, first)
        size = pdfium_c.FPDFText_GetFontSize(text.raw, hit[0])
        assert size > 11.5 + 0.05, (lang, first, size)


def test_a_short_articles_bifold_keeps_to_a_type_scale(brief: tuple[str, Path, str]) -> None:
    """Grown, the bi-fold's inside is set on the outside's scale (10, 12.5, 15.5, 20, 25
    pt): five sizes at most, in every script (it set six or seven, its article grown a
    step at a time beside lines at sizes of their own)."""
    from tests.conftest import drawn_text_sizes

    _, out, _ = brief
    for lang in LANGS:
        for page in (0, 1):
            sizes = {round(size, 1) for size, _, _ in
                     drawn_text_sizes(out / lang / "brochure.pdf", page)}
            assert len(sizes) <= 5, (lang, page, sorted(sizes))


def test_notes_name_a_short_articles_brochure_as_the_bifold_it_is(tmp_path: Path) -> None:
    """The sticker carries the first line alone and its note names where the others print
    whole: the brochure a short article made is the bi-fold, and the note says so (it said
    "the tri-fold brochure", a piece the build did not make; issue 42, notes name only
    what the kit built)."""
    content = brief_kit(tmp_path / "kit")
    code, err = run_cli("check", content, "--format", "brochure", "--format", "sticker")
    assert code == 0, err
    sticker = [row for row in err.splitlines() if "sticker: left out" in row]
    assert sticker, err
    for row in sticker:
        assert "the bi-fold brochure" in row and "tri-fold" not in row, row


# --- the second seed article, pasted as plain text (issue 42) ---------------------------------

SECOND_SEED = Path(__file__).parent / "fixtures" / "articles" / "missing-him-pasted.en.txt"
# the inside's panels, left to right: the outside's mirrored (the fold-in panel last)
INSIDE = {"letter": (3.6875 * INCH, 3.6875 * INCH, 3.625 * INCH),
          "a4": tuple(mm * 72 / 25.4 for mm in (100, 100, 97))}


@pytest.fixture(scope="module", params=["letter", "a4"])
def second_seed(request: pytest.FixtureRequest,
                tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    root = tmp_path_factory.mktemp(f"second-seed-{request.param}")
    content = default_kit_in(root / "kit", ["en"])
    for old in (content / "articles").iterdir():
        old.unlink()
    shutil.copy(SECOND_SEED, content / "articles" / "missing-him.en.txt")
    edit(content / "site.yaml", "article: trauma-bonding", "article: missing-him")
    edit(content / "site.yaml", "paper: letter", f"paper: {request.param}")
    code, err = run_cli("build", content, "--out", root / "out", "--no-previews", "--format",
                        "brochure")
    assert code == 0, err
    assert "printed as a bi-fold" not in err  # long enough for the tri-fold
    return request.param, root / "out" / "en" / "brochure.pdf"


def test_a_sentence_long_headline_takes_at_most_three_lines(second_seed: tuple[str, Path]
                                                            ) -> None:
    """The pasted article's first sentence is its headline (68 characters): at the
    brochure's 20 pt it ran to four lines of its panel; it is set to its measure now, in
    three lines at most, every word of it printed."""
    size, pdf = second_seed
    headline = SECOND_SEED.read_text(encoding="utf-8").splitlines()[0].rstrip(".")
    pieces = drawn_text_sizes(pdf, 1)
    largest = max(points for points, _, _ in pieces)
    lines: dict[int, str] = {}
    for points, text, baseline in sorted(pieces, key=lambda piece: -piece[2]):
        if abs(points - largest) < 0.05 and spaceless(text):
            lines[round(baseline)] = lines.get(round(baseline), "") + text
    assert spaceless("".join(lines.values())) == spaceless(headline), (size, lines)
    assert len(lines) <= 3, (size, lines)


def test_the_second_seed_articles_inside_panels_have_no_band_over_a_quarter_blank(
        second_seed: tuple[str, Path]) -> None:
    """The article filled the first panel and two thirds of the second, whose last third
    stood blank (35 %: the checklist, whole in one panel, went to the third): set a little
    larger where that fills its panels better, no panel is blank over a quarter of it."""
    size, pdf = second_seed
    _, height, margin = SIZES[size]
    first, second, third = INSIDE[size]
    shares = panel_bands(pdf, 1, [0, first, first + second, first + second + third], margin,
                         height)
    assert max(shares) < 0.25, (size, [round(share, 3) for share in shares])


@pytest.mark.parametrize("lang", ("en", "ar", "zh-Hans"))
def test_the_bifolds_lines_box_runs_the_panels_measure(brief: tuple[str, Path, str],
                                                       lang: str) -> None:
    """The box of "Before you call" and the lines set its text 6 % in from each side of the
    panel's measure, a column narrower than the article's beside it and the tint behind
    it: its text now runs the measure less the box's padding. Read back: "Before you call"
    (the top of the box's panel) starts within 5 % of the panel's edge (6 % before) and
    spans 85 % of its measure or more (Thai keeps its breaks on A4, so its wrap does not
    show the wider measure)."""
    size, out, _ = brief
    width, height, margin = SIZES[size]
    left = margin if lang == "ar" else width / 2 + margin  # the box's panel, mirrored in ar
    right = left + width / 2 - 2 * margin
    top_share = 0.35  # "Before you call" is set in the top of the box's panel
    low = height - margin - top_share * (height - 2 * margin)  # pdfium's y runs up
    boxes = [box for box in char_boxes(out / lang / "brochure.pdf", 1, glyphs=True)
             if left - 1 <= box[1] and box[3] <= right + 1 and box[2] >= low]
    assert boxes, lang
    spread = max(box[3] for box in boxes) - min(box[1] for box in boxes)
    # the text's start, in from the panel's edge on its reading side: 6 % before, the box's
    # padding now. Its longest line (below) is a proxy for the measure only where the lines
    # run full: a paragraph of a few sentences may be set a sentence a line (50be679)
    inset = (right - max(box[3] for box in boxes) if lang == "ar"
             else min(box[1] for box in boxes) - left)
    assert inset <= 0.05 * (right - left), (lang, size, inset / (right - left))
    assert spread >= 0.85 * (right - left), (lang, size, spread / (right - left))


# --- the inside's type scale (design.md: a brochure's body 10-11.5 pt) ------------------------

BODY = (10.0, 11.5)  # design.md: a brochure's body text, in points


def article_letters(article: Path) -> int:
    """How many letters and digits the article's running text has: its source without its
    front matter and its headings (a Markdown `#` line)."""
    text = article.read_text(encoding="utf-8")
    if text.startswith("---"):
        text = text.split("\n---", 1)[1]
    return len(spaceless("".join(line for line in text.splitlines(keepends=True)
                                 if not line.lstrip().startswith("#"))))


def inside_sizes(pdf: Path, letters: int) -> tuple[float, float]:
    """(body, heading) sizes of the inside's text as drawn (pypdf's text runs): the body the
    size that carries most of it, at least half the article's letters (the article's
    running text, not its sources or a filler); the heading the size above it, below the
    headline's, that carries most."""
    carried: dict[float, int] = {}
    for points, text, _ in drawn_text_sizes(pdf, 1):
        carried[round(points, 2)] = carried.get(round(points, 2), 0) + len(spaceless(text))
    body = max(carried, key=lambda points: carried[points])
    assert carried[body] >= letters / 2, (carried, letters)
    headline = max(carried)
    heading = max((points for points in carried if body < points < headline),
                  key=lambda points: carried[points])
    return body, heading


@pytest.mark.parametrize("lang", BODY_LANGS)
def test_the_inside_body_is_set_between_10_and_11_5_pt(default: tuple[str, Path],
                                                       lang: str) -> None:
    """The article's body grew to 12.4-12.7 pt in Thai, 11.9 in Arabic and Chinese on A4
    where it left room (design.md: 10-11.5): it stays at 11.5 pt at most, its leading and
    the white between its paragraphs opening instead; its headings a step above on the
    brochure's scale (about 1.2-1.25 over the body, 14 pt over 11.5)."""
    size, out = default
    article = DEFAULT_CONTENT / "articles" / f"trauma-bonding.{lang}.md"
    body, heading = inside_sizes(out / lang / "brochure.pdf", article_letters(article))
    assert BODY[0] - 0.01 <= body <= BODY[1] + 0.01, (lang, size, body)
    assert 1.19 <= heading / body <= 1.27, (lang, size, body, heading)


def test_the_second_seed_articles_body_is_set_between_10_and_11_5_pt(
        second_seed: tuple[str, Path]) -> None:
    """87c998c set it at 13 pt (headings 15) to fill its panels: 11.5 at most now, the
    room it leaves taken by a looser leading and more white between paragraphs and groups
    (its panels' bands: test_the_second_seed_articles_inside_panels_...)."""
    size, pdf = second_seed
    body, heading = inside_sizes(pdf, article_letters(SECOND_SEED))
    assert BODY[0] - 0.01 <= body <= BODY[1] + 0.01, (size, body)
    assert 1.19 <= heading / body <= 1.27, (size, body, heading)


# The brochure's body leading over its size, as layout.yaml sets it (15 pt over 11.5)
BODY_LEADING = 15 / 11.5


def test_the_second_seed_article_is_set_at_the_bodys_own_leading(
        second_seed: tuple[str, Path]) -> None:
    """A Latin article that leaves room: its leading opened to 1.57 of its size (18 pt over
    11.5), then to 1.45 (the designer's third review: stretched); now never past the body's
    own 1.30, the room it leaves between paragraphs and groups instead."""
    from tests.test_brochure_spacing import body_leading

    size, pdf = second_seed
    body, ratio = body_leading(pdf)
    assert ratio <= BODY_LEADING + 0.01, (size, body, ratio)


def test_a_short_articles_notes_fill_what_the_blocks_leave(brief: tuple[str, Path, str]
                                                          ) -> None:
    """The bi-fold's lines to write on took half the article's panel (English, Chinese and
    Thai on A4, Chinese on Letter), its checklist pushed beside the lines: they come after
    every block now, in what is left, and no panel is blank over a quarter (the blocks
    stand further apart where they leave more: layout.yaml's spread)."""
    from tests.test_brochure_spacing import _after_every_block

    size, out, _ = brief
    content = out.parent / "kit"
    for lang in LANGS:
        assert _after_every_block(out / lang / "brochure.pdf", lang, content, 2) == [], (
            lang, size)


MEASURE = 75  # characters a line at most (45-75: the standard measure for running text)
MEASURE_EMS = 28  # the same in ems of its size (a Latin letter averages about half an em)


def test_the_bifolds_lines_box_sets_its_running_text_to_a_readable_measure(
        brief: tuple[str, Path, str]) -> None:
    """The designer's second review: "Before you call" ran about 90 characters a line at
    10 pt across the bi-fold's box (twice the flap's measure). It is set a step up the
    outside's scale (12.5 pt) now. Read back with pdfium in the box's panel, line by line
    (by baseline): its lines hold 75 characters at most, and the widest spans 28 ems of its
    size at most (a line broken after a sentence can be short: the ems read the measure),
    over two lines at least."""
    import ctypes

    import pypdfium2.raw as pdfium_c

    from generator.i18n.localize import load_strings

    size, out, _ = brief
    width, _, _ = SIZES[size]
    words = set(load_strings("en", DEFAULT_CONTENT)["before_you_call"]
                .replace("{emergency}", "911").split())
    text = pdfium.PdfDocument(str(out / "en" / "brochure.pdf"))[1].get_textpage()
    x, y = ctypes.c_double(), ctypes.c_double()
    lines: dict[float, list[tuple[float, float, float, str]]] = {}
    for index in range(text.count_chars()):
        left, _, right, _ = text.get_charbox(index)
        pdfium_c.FPDFText_GetCharOrigin(text.raw, index, x, y)
        if left >= width / 2:  # the box's panel, on the right
            lines.setdefault(round(y.value, 1), []).append((
                left, right, pdfium_c.FPDFText_GetFontSize(text.raw, index),
                text.get_text_range(index, 1)))
    note = []
    for chars in lines.values():
        said = " ".join("".join(char for *_, char in sorted(chars)).split())
        if said and set(said.split()) <= words:
            ems = (max(c[1] for c in chars) - min(c[0] for c in chars)) / chars[0][2]
            note.append((said, round(ems, 1)))
    assert len(note) >= 2, (size, note)
    assert max(len(said) for said, _ in note) <= MEASURE, (size, note)
    assert max(ems for _, ems in note) <= MEASURE_EMS, (size, note)


def test_a_short_articles_panel_is_filled_to_its_foot(brief: tuple[str, Path, str]) -> None:
    """The designer's second review: the bi-fold's article panel stood 20-24 % blank at its
    foot (its blocks spread to leave a fifth of it). They spread to leave a tenth now, so the
    tallest blank band across either inside panel is under a sixth of it, in every script
    (Chinese, whose blocks reach the most white between them, 16 %)."""
    size, out, _ = brief
    width, height, margin = SIZES[size]
    for lang in LANGS:
        shares = panel_bands(out / lang / "brochure.pdf", 1, [0, width / 2, width], margin,
                             height, lightest=250)
        assert max(shares) < 1 / 6, (lang, size, [round(share, 3) for share in shares])


# Where the second seed's middle panel still stands blank at its foot: on A4 "When you
# call", taken inside, goes to the last panel and leaves the middle one as it was (19 %).
SEED_NOT_YET = {"a4"}


@needs_pdftotext
def test_the_second_seeds_middle_panel_takes_what_calling_is_like(
        second_seed: tuple[str, Path], request: pytest.FixtureRequest) -> None:
    """The designer's second review: the pasted second seed's middle panel stood 22 % short
    at its foot (the checklist, whole in one panel, went to the last) while the flap held
    what calling is like. Where the inside leaves a panel that blank, "When you call" is
    taken inside (under "If you want to reach out" on Letter) and the flap, with room
    again, takes its notes: read back, the title prints once, on the inside, and the middle
    panel is blank for under a tenth of it (21 % before)."""
    size, pdf = second_seed
    if size in SEED_NOT_YET:
        request.applymarker(pytest.mark.xfail(reason="its filler goes to the last panel",
                                              strict=True))
    strings = load_strings("en", DEFAULT_CONTENT)
    pages = [spaceless(subprocess.run(["pdftotext", "-f", str(page), "-l", str(page),
                                       str(pdf), "-"], capture_output=True, text=True,
                                      check=True).stdout) for page in (1, 2)]
    title = spaceless(strings["when_you_call_title"])
    assert (pages[0].count(title), pages[1].count(title)) == (0, 1), size
    assert spaceless(strings["notes_heading"]) in pages[0], size  # the flap's notes
    _, height, margin = SIZES[size]
    first, second, third = INSIDE[size]
    shares = panel_bands(pdf, 1, [0, first, first + second, first + second + third], margin,
                         height)
    assert shares[1] < 0.1, (size, [round(share, 3) for share in shares])
