"""The folding card's type designed to its panels (issue 42: a print designer scored it 7.5,
"under-scaled: body about 8.5 pt while panels are half empty; the 988/911 panel half
blank"), read back from its shop PDFs in a Latin, a right-to-left, a Chinese, a Thai and a
Cyrillic kit, on US (3.5 x 8 in, 2 in panels) and ISO (85 x 220 mm, 55 mm panels) strips.

- No panel, inside or out, has a blank band across it over a quarter of its height: rows of
  rendered pixels of one colour across the strip (design.md: "white space is calm and
  deliberate ... not left over").
- The type is set to the panel, from pdfium's text objects (their font size times their
  matrix: right-to-left and shaped runs are drawn as glyph runs whose characters pdfium
  reads from unseen text): nothing inside under 9 pt in any script (design.md's pocket-card
  floor for scripts whose letters join or stack, 8 pt for the rest, was for a 2 in wallet
  side that holds the whole kit; the folding card has six inside panels for it); the body,
  the size half the inside's characters are set at or above, is 10 pt at least
  (design.md's brochure body, 10-11.5 pt: the inside panels are read as a leaflet's); and
  the number to call is the largest type inside.
- Every line still prints whole: its number, texting line ("Text START to 88788", in the
  language's words), "TTY" and its number, and its hours, each number on one line.
"""

from __future__ import annotations

import html
import re
import unicodedata
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import yaml

from generator.content.layouts import load_layout
from generator.content.load import load_kit
from generator.i18n.localize import load_strings
from generator.i18n.text_language import language_leading
from generator.layout.compose import fill
from tests.conftest import REPO, fold_languages, glyphs_only, text_objects
from tests.notes_truth import needs_pdftotext, pdf_text, prints_whole, spaceless
from tests.test_large_print_last_page import poppler_lines

LANGS = ("en", "ar", "zh-Hans", "th", "ru")
SIZES = ("us", "iso")
PANELS = 4
SCALE = 2  # pixels a point when rendering
BLANK_SHARE = 0.25  # the largest band of one colour across a panel, over its height
INSIDE = [(0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (1, 3)]  # (page, panel) not seen folded
LEAST_INSIDE = 9.0
LEAST_BODY = 10.0
# Where the lines' names print at their details' size (a name falls a step only where the
# lines would otherwise lose a detail or their numbers' size): none in the default kit.
NAMES_NOT_YET: set[tuple[str, str]] = set()
# Tagalog's article (tests/fixtures/more-languages) has no key points and one section: on
# the ISO strip the panel that condenses it holds a heading and three lines, a band of a
# third of it white.
BLANK_NOT_YET = {("tl", "iso")}
RUNNING = [(0, 2), (1, 2), (1, 3)]  # before you call; the key points; what calling is like


@pytest.fixture(scope="module")
def cards(every_language: dict[str, tuple[Path, Path, str]]
          ) -> dict[str, tuple[Path, Path]]:
    """Each size's kit folder and output folder (every_language's build: LANGS are among
    its languages)."""
    built = {}
    for size, (kit, out, err) in every_language.items():
        # nothing left out in LANGS but a key point (named: test_key_points_print_under_
        # their_heading), no panel said to be empty
        assert not [line for line in err.splitlines()
                    if "warning" in line and "slot 'condensed'" not in line
                    and _about(line, LANGS)], err
        built[size] = (kit, out)
    return built


def _about(message: str, langs: tuple[str, ...]) -> bool:
    """Whether a build message is about one of `langs` (its closing [tags]), or about none
    in particular."""
    tags = re.search(r"\[([^\]]+)\]$", message)
    return tags is None or bool(set(re.split(r"[,\s]+", tags[1])) & set(langs))


def shop(cards: dict[str, tuple[Path, Path]], size: str, lang: str) -> Path:
    return cards[size][1] / lang / "pocket-fold-shop.pdf"


def panel_rows(page: pdfium.PdfPage, index: int) -> tuple[float, float]:
    """(top, bottom) of panel `index` in points from the page's top (the trim's quarters)."""
    _, bottom, _, top = page.get_trimbox()
    height = page.get_height()
    panel = (top - bottom) / PANELS
    return height - top + index * panel, height - top + (index + 1) * panel


def blank_share(page: pdfium.PdfPage, image, index: int) -> float:  # noqa: ANN001
    """The tallest run of pixel rows across panel `index` that hold one colour (a spread of
    under 12 in each channel), over the panel's height: its top and bottom pixel rows, on
    a fold or the trim, are left out, as are two pixels at each side of the strip."""
    left, _, right, _ = page.get_trimbox()
    top, bottom = panel_rows(page, index)
    first, last = round(top * SCALE) + 1, round(bottom * SCALE) - 1
    x0, x1 = round(left * SCALE) + 2, round(right * SCALE) - 2
    longest = run = 0
    for y in range(first, last):
        extrema = image.crop((x0, y, x1, y + 1)).getextrema()
        if max(high - low for low, high in extrema) < 12:
            run += 1
            longest = max(longest, run)
        else:
            run = 0
    return longest / (last - first)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", fold_languages())
def test_no_panel_has_a_blank_band_over_a_quarter_of_it(every_language, request,  # noqa: ANN001
                                                        size: str, lang: str) -> None:
    """Before: the 988/911 panel and the card line's had bands of 22-40 % of the panel, the
    back cover 35 % of bare colour above its rings. In every language of the review (h51fold:
    its running text a step down, the panels that hold it must not be left half white)."""
    if (lang, size) in BLANK_NOT_YET:
        request.applymarker(pytest.mark.xfail(strict=True, reason="a short article's panel"))
    document = pdfium.PdfDocument(str(every_language[size][1] / lang / "pocket-fold-shop.pdf"))
    shares = {}
    for page_index in (0, 1):
        page = document[page_index]
        image = page.render(scale=SCALE).to_pil().convert("RGB")
        for index in range(PANELS):
            shares[page_index, index] = round(blank_share(page, image, index), 3)
    assert max(shares.values()) <= BLANK_SHARE, (lang, size, shares)


def inked_runs(pdf: Path, page_index: int) -> list[tuple[int, float, int]]:
    """(panel, size in points, characters) of each text object drawn in ink on the page."""
    page = pdfium.PdfDocument(str(pdf))[page_index]
    top = panel_rows(page, 0)[0]
    panel_height = panel_rows(page, 1)[0] - top
    height = page.get_height()
    return [(int((height - (drawn.bounds[1] + drawn.bounds[3]) / 2 - top) // panel_height),
             round(drawn.size, 2), max(len(drawn.text.strip()), 1))
            for drawn in text_objects(page) if drawn.inked]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_type_is_set_to_the_panel(cards, size: str, lang: str) -> None:  # noqa: ANN001
    """Before: names, ways to reach a line, captions and notes at 8.5 pt (the body, half
    the inside's characters, at 8.5-10 pt)."""
    pdf = shop(cards, size, lang)
    inside = [(points, characters) for page_index in (0, 1)
              for panel, points, characters in inked_runs(pdf, page_index)
              if (page_index, panel) in INSIDE]
    assert inside
    assert min(points for points, _ in inside) >= LEAST_INSIDE, (lang, size, sorted(inside))
    by_size = sorted(inside)
    half, counted = sum(characters for _, characters in by_size) / 2, 0
    body = next(points for points, characters in by_size
                if (counted := counted + characters) >= half)
    assert body >= LEAST_BODY, (lang, size, by_size)
    number = max(points for panel, points, _ in inked_runs(pdf, 1) if panel == 0)
    assert number == max(points for points, _ in inside), (lang, size, number)
    assert number >= 13  # design.md: numbers 13 pt or more


@needs_pdftotext
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", fold_languages())
def test_every_line_still_prints_whole(cards, size: str, lang: str) -> None:  # noqa: ANN001
    kit_folder, _ = cards[size]
    kit = load_kit(kit_folder)
    pdf = shop(cards, size, lang)
    strings = load_strings(lang, kit_folder)
    source = yaml.safe_load((kit_folder / "resources.yaml").read_text(encoding="utf-8"))
    text = pdf_text(pdf)
    back = pdfium.PdfDocument(str(pdf))[1].get_textpage()
    for line, entry in zip(kit.resources, source["resources"], strict=True):
        assert prints_whole(pdf, line, kit, lang), (lang, size, line.name)
        numbers = [str(entry[key]) for key in ("phone", "tty") if key in entry]
        if "text" in entry:
            numbers.append(str(entry["text"]["number"]))
            said = (fill(strings["text_keyword_to"], keyword=entry["text"]["keyword"],
                         number=entry["text"]["number"]) if "keyword" in entry["text"]
                    else fill(strings["text_to"], number=entry["text"]["number"]))
            assert spaceless(html.unescape(said)) in text, (lang, size, said)
        if "tty" in entry:
            said = fill(strings["tty"], number=entry["tty"])
            assert "TTY" in said and spaceless(html.unescape(said)) in text, (lang, size, said)
        for number in numbers:  # found as one run: no line ends inside it
            assert back.search(number).get_next() is not None, (lang, size, number)


def text_runs(pdf: Path, page_index: int) -> list[tuple[int, float, str]]:
    """(panel, size in points, text) of each text object drawn in ink on the page, a
    shaped or right-to-left run with the unseen text drawn before it (the text readers get)."""
    page = pdfium.PdfDocument(str(pdf))[page_index]
    top = panel_rows(page, 0)[0]
    panel_height = panel_rows(page, 1)[0] - top
    height = page.get_height()
    runs, unseen = [], ""
    for drawn in text_objects(page):
        if not drawn.inked:
            unseen = drawn.text
            continue
        panel = int((height - (drawn.bounds[1] + drawn.bounds[3]) / 2 - top) // panel_height)
        runs.append((panel, round(drawn.size, 1),
                     drawn.text if spaceless(drawn.text) else unseen))
    return runs


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_running_text_is_one_size_on_every_panel(cards, size: str,  # noqa: ANN001
                                                     lang: str) -> None:
    """design.md: one scale per piece. Each panel fitted its own text, so "Before you
    call" printed at 12.5 pt beside key points at 11.6 and "When you call" at 12 (en; ru
    11.3, 9.8 and 10.2): the running text, read back by what it says (the catalogue's
    safety note and what calling is like, the article's key points), is one size on every
    panel, never under the names' and details' 10 pt."""
    kit_folder, _ = cards[size]
    kit = load_kit(kit_folder)
    strings = load_strings(lang, kit_folder)
    running = [spaceless(html.unescape(fill(strings["before_you_call"],
                                            emergency=kit.site.emergency_number))),
               spaceless(html.unescape(strings["when_you_call"]))]
    running += [spaceless(point) for point in kit.articles[lang].key_points]
    pdf = shop(cards, size, lang)
    sizes: dict[float, list[str]] = {}
    for page_index in (0, 1):
        for panel, points, text in text_runs(pdf, page_index):
            said = spaceless(text)
            if (page_index, panel) in RUNNING and len(said) >= 4 and any(
                    said in whole for whole in running):
                sizes.setdefault(points, []).append(text)
    assert len(sizes) == 1, (lang, size, {points: texts[:2] for points, texts in sizes.items()})
    assert min(sizes) >= LEAST_BODY, (lang, size, sizes.keys())


ALL_LANGS = fold_languages()


def panel_words(pdf: Path, page_index: int, index: int) -> str:
    """What panel `index` of a page says, spaces and line breaks taken out (pdfium's text
    page: it reads right-to-left and shaped runs from the unseen text drawn with them)."""
    page = pdfium.PdfDocument(str(pdf))[page_index]
    left, _, right, _ = page.get_trimbox()
    top, bottom = panel_rows(page, index)
    height = page.get_height()
    said = page.get_textpage().get_text_bounded(left=left, right=right, top=height - top,
                                                bottom=height - bottom)
    return spaceless(said.replace("\u00ad", "").replace("\u2022", ""))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ALL_LANGS)
def test_key_points_print_under_their_heading(every_language, size: str,  # noqa: ANN001
                                              lang: str) -> None:
    """The review (h45fold): "Good to know" went with no build note in vi (US) and ru
    (ISO), leaving a list of bullets with no heading. Wherever the article's key points
    print, their heading ("Good to know", in the language) prints over them; the points
    that do not print are the last ones, and the build says how many and from which."""
    kit_folder, out, err = every_language[size]
    kit = load_kit(kit_folder)
    heading = spaceless(html.unescape(load_strings(lang, kit_folder)["key_points_heading"]))
    points = [spaceless(point) for point in kit.articles[lang].key_points]
    if not points:
        pytest.skip(f"the {lang} article has no key points (its sections' headings print)")
    said = panel_words(out / lang / "pocket-fold-shop.pdf", 1, 2)
    printed = [point in said for point in points]
    assert any(printed), (lang, size, said)
    assert heading in said, (lang, size, heading, said)
    assert said.index(heading) < min(said.index(point) for point, ok
                                     in zip(points, printed, strict=True) if ok)
    kept = printed.count(True)
    assert printed == [True] * kept + [False] * (len(points) - kept), (lang, size, printed)
    notes = [line for line in err.splitlines()
             if "slot 'condensed'" in line and f"[{lang}]" in line]
    if kept == len(points):
        assert not notes, notes
        return
    assert len(notes) == 1, (lang, size, notes)
    count = re.search(r"left out its last (\d+) of \d+ paragraphs, from '(.*)'", notes[0])
    assert count, notes[0]
    assert int(count.group(1)) == len(points) - kept, notes[0]
    # only the folding card was built: the note says nothing else prints them
    assert notes[0].endswith(f"none of the pieces built prints it [{lang}]"), notes[0]
    assert spaceless(count.group(2)).lstrip("\u2022") == points[kept], notes[0]


FOLD_SCALE = 300 / 72  # pixels a point: 300 dpi, a pixel under 0.1 mm
MM = 72 / 25.4
PIXEL = 0.1  # mm: a colour's edge read to within a pixel
REACH = 3.0  # mm either side of a fold: text keeps 3 mm or more off it, so only fills change


def colour_edges(image, page: pdfium.PdfPage, fold: float, share: float,  # noqa: ANN001
                 reach: float = REACH) -> list[float]:
    """Where the colour changes down a column of pixels (at `share` of the strip's width)
    within `reach` mm of a fold `fold` points from the page's top, in mm from the fold
    (positive: below it)."""
    left, _, right, _ = page.get_trimbox()
    x = round((left + share * (right - left)) * FOLD_SCALE)
    first, last = round((fold - reach * MM) * FOLD_SCALE), round((fold + reach * MM) * FOLD_SCALE)
    edges, before = [], image.getpixel((x, first))
    for y in range(first + 1, last + 1):
        pixel = image.getpixel((x, y))
        if max(abs(a - b) for a, b in zip(pixel, before, strict=True)) > 24:
            edges.append(round((y / FOLD_SCALE - fold) / MM, 2))
        before = pixel
    return edges


def layout_folds(size: str) -> list[float]:
    """The folds' distances from the strip's top edge, in points, from the layout's own
    panel sizes (layouts/pocket-fold/layout.yaml), not from the PDF."""
    panels = load_layout(REPO / "layouts" / "pocket-fold").spec.sizes[size].panels
    assert panels is not None and len(panels) == PANELS
    return [sum(panels[:index]) for index in range(1, PANELS)]


def layout_colours(face: str) -> list[str]:
    spec = load_layout(REPO / "layouts" / "pocket-fold").spec.faces[face]
    assert spec.panel_backgrounds is not None
    return spec.panel_backgrounds


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ar"])
def test_colour_fills_end_at_the_folds(cards, size: str, lang: str) -> None:  # noqa: ANN001
    """The review of main at 8.5: the covers' colour ran 1.2 mm past the folds, a teal strip
    on panels 2 and 3 when the card was open (h45fold had asked for it, for a fold 1 mm
    out). Each panel's fill ends at its folds; it bleeds only past the trim. Read from the
    shop file's pixels at 300 dpi down five columns across the strip, 3 mm either side of
    each fold placed where the layout's panel sizes put it: where the panels either side
    are of different colours (the layout's panel_backgrounds) the colour changes once,
    within 0.1 mm (a pixel) of the fold; where they are the same it does not change."""
    document = pdfium.PdfDocument(str(shop(cards, size, lang)))
    found = {}
    for page_index, face in ((0, "front"), (1, "back")):
        page = document[page_index]
        image = page.render(scale=FOLD_SCALE).to_pil().convert("RGB")
        trim_top = page.get_height() - page.get_trimbox()[3]  # from the page's top
        colours = layout_colours(face)
        for index, fold in enumerate(layout_folds(size), start=1):
            differ = colours[index - 1] != colours[index]
            for share in (0.1, 0.3, 0.5, 0.7, 0.9):
                edges = colour_edges(image, page, trim_top + fold, share)
                found[face, index, share] = edges
                if differ:
                    assert len(edges) == 1 and abs(edges[0]) <= PIXEL + 0.01, (
                        lang, size, face, index, share, edges)
                else:
                    assert not edges, (lang, size, face, index, share, edges)
    # the fills meet at four folds: cover and grey, grey and paper, paper and back cover,
    # paper and the notes' grey
    assert sum(1 for edges in found.values() if edges) == 4 * 5, (lang, size, found)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_first_lines_panel_keeps_to_two_sizes(cards, size: str,  # noqa: ANN001
                                                  lang: str) -> None:
    """The review (h45fold): five sizes on the piece, three within 13 %; the QR caption at
    9.5 pt beside the line's 10 pt name and details. Behind the cover, the first line and
    its code print in three sizes (issue 42, h51fold: the name a step above its details,
    as on the pocket card): the number, the name, and one size for its details and what
    scanning does, the smallest (read from pdfium's text objects of that panel). Where
    the names print at their details' size (NAMES_NOT_YET), two."""
    strings = load_strings(lang, cards[size][0])
    caption = spaceless(html.unescape(strings["scan_tel"]))
    runs = [(points, spaceless(text)) for panel, points, text
            in text_runs(shop(cards, size, lang), 1) if panel == 0 and spaceless(text)]
    sizes = {points for points, _ in runs}
    assert any(said and said in caption for _, said in runs), (lang, size, runs)
    assert len(sizes) == (2 if (lang, size) in NAMES_NOT_YET else 3), (lang, size, sorted(sizes))
    assert {points for points, said in runs if said in caption} == {min(sizes)}, (lang, size)


def _point_lines(pdf: Path, top: float, bottom: float) -> list[tuple[bool, float, str]]:
    """The lines of the back's text between `top` and `bottom` (points from the page's top),
    each as whether it starts with a bullet, where its text's ink starts (the bullet's
    not counted) and its characters: pdfium's character boxes, grouped by their middles."""
    page = glyphs_only(pdf)[1]  # each glyph where it is drawn (Thai runs carry /ActualText)
    height, text = page.get_height(), page.get_textpage()
    chars = []
    for index in range(text.count_chars()):
        char = text.get_text_range(index, 1)
        left, low, _, high = text.get_charbox(index)
        if not char.strip() or unicodedata.category(char)[0] in "MC":
            continue  # spaces; marks above and below their letter (Thai), unmapped glyphs
        if top <= height - (low + high) / 2 <= bottom:
            chars.append((char, left, height - (low + high) / 2))
    rows: list[list[tuple[str, float, float]]] = []
    for char in sorted(chars, key=lambda found: found[2]):
        if rows and abs(char[2] - rows[-1][-1][2]) < 4:
            rows[-1].append(char)
        else:
            rows.append([char])
    lines = []
    for row in rows:
        row.sort(key=lambda found: found[1])
        ink = [found[1] for found in row if found[0] != "\u2022"]
        lines.append((row[0][0] == "\u2022", min(ink), "".join(found[0] for found in row)))
    return lines


@pytest.mark.parametrize("size", SIZES)
def test_a_points_lines_start_where_its_text_does(cards, size: str) -> None:  # noqa: ANN001
    """The review of main at 8.5: the Chinese key points' second lines stood 3 mm left of
    their text (a hanging indent of 7 pt under a bullet and space 15 pt wide in the Chinese
    face), and on the ISO strip the text of a justified first line started a gap further
    right than an unjustified one's. Every further line of a point starts where the text
    after its bullet does, and every point's text at one x, within the letters' own side
    bearings (1.5 pt). Read from pdfium's character boxes in the key points' panel (the
    back's third, placed by the layout's panel sizes; the letters, not the marks over and
    under them), left-to-right languages."""
    checked = 0
    for lang in ("en", "zh-Hans", "ko", "ru", "vi", "th"):
        pdf = shop(cards, size, lang)
        trim_top = pdfium.PdfDocument(str(pdf))[1].get_height() \
            - pdfium.PdfDocument(str(pdf))[1].get_trimbox()[3]
        folds = layout_folds(size)
        lines = _point_lines(pdf, trim_top + folds[1], trim_top + folds[2])
        starts = [start for bullet, start, _ in lines if bullet]
        assert len(starts) >= 2, (lang, size, lines)
        assert max(starts) - min(starts) < 1.5, (lang, size, lines)
        text_x = None
        for bullet, start, words in lines:
            if bullet:
                text_x = start
            elif text_x is not None:
                checked += 1
                assert abs(start - text_x) < 1.5, (lang, size, words, start, text_x)
    assert checked >= 4, checked


LIST_AIR = 0.4  # the most white between two points over their leading, in their size


def point_steps(pdf: Path, size: str) -> tuple[float, list[float]]:
    """The key points' size and the steps between their lines, top first (their heading
    left out): poppler's lines (pdftotext -bbox-layout, which keeps a line's marks with its
    letters) in the back's third panel, placed by the layout's panel sizes, each line's
    step the distance between the feet of their boxes (one size, one box height); the size
    the commonest of pdfium's text objects there."""
    page = pdfium.PdfDocument(str(pdf))[1]
    trim_top = page.get_height() - page.get_trimbox()[3]  # from the page's top
    folds = layout_folds(size)
    top, bottom = trim_top + folds[1], trim_top + folds[2]
    sizes = [round(found.size, 1) for found in text_objects(page)
             if found.inked and page.get_height() - bottom < found.baseline
             < page.get_height() - top]
    body = max(set(sizes), key=sizes.count)
    feet = [foot for _, head, _, foot, _ in poppler_lines(pdf)[1]
            if top < (head + foot) / 2 < bottom][1:]  # the heading's left out
    return body, [lower - upper for upper, lower in zip(feet, feet[1:], strict=False)]


@needs_pdftotext
@pytest.mark.parametrize("size", SIZES)
def test_the_points_stand_as_close_as_latins(cards, size: str) -> None:  # noqa: ANN001
    """The review of main at 8.5: loose lists in ar ur hi (their points at 10 pt with 8.75
    pt between them, English's at 12 with 0.5). In every language, the white between two
    points, the step between their baselines less the leading (the step inside a point that
    wraps, else the script's least leading, 1.25 where it asks none), is at most 0.4 of
    their size (3.75 pt at 10 pt now)."""
    loose = {}
    for lang in fold_languages():
        body, steps = point_steps(shop(cards, size, lang), size)
        assert len(steps) >= 2, (lang, size, steps)
        leading = min(min(steps), body * (language_leading(lang) or 1.25))
        if max(steps) - leading > LIST_AIR * body + 0.05:
            loose[lang] = (body, [round(step, 2) for step in steps])
    assert loose == {}, loose
