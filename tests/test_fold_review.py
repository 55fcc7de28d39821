"""The folding card after the professional review that scored it 8 (issue 42), read back from
the every_language fixture's shop PDFs (sixteen languages, US strips on Letter and ISO strips
on A4):

- Chinese running text fills its measure: "Before you call" began "请使用对方" alone (five
  characters of fourteen) on the ISO strip, the paragraph's one ragged line put where it was
  emptiest (generator/i18n/cjk_lines.py).
- Text keeps 3 mm clear of the rings of every ornament: pdfium's glyph boxes against the
  circles read from the page's paths (centre and radius from the path's bounds, less its
  stroke). Not yet beside "Before you call" (Urdu, Amharic and Persian lines 1-1.8 mm from
  its dawn): RING_NOT_YET.
- The cover titles keep the card's safe margin (layout.yaml's `safe_margin`, 3.5 mm) from
  the first fold and the trim: Thai and Bengali marks below the cover title's last line
  reached 3.1 mm from the fold.
- The cover title, the card line and the numbers print at steps of the card's type scale
  (17.5, 19 and 20 pt read as nearly one size): each at a size of the scale, two of them
  either the same or a step (about 1.2) apart.
- A line's web address prints beside its numbers where the panel holds it, else a note.
"""

from __future__ import annotations

import ctypes
import html
import math
import re
import subprocess
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
import yaml

from generator.content.load import load_kit
from generator.i18n.localize import load_strings
from generator.layout.compose import fill, language_names
from tests.conftest import char_boxes, fold_languages, text_objects
from tests.notes_truth import spaceless
from tests.test_fold_scale import text_runs

MM = 72 / 25.4
SIZES = ("us", "iso")
LANGS = fold_languages()
LAYOUT = Path(__file__).resolve().parent.parent / "layouts" / "pocket-fold" / "layout.yaml"
ORNAMENT_CLEAR = 3 * MM  # design.md: ornament gives way first; the reviewer asked ~3 mm
STEP = 1.2  # design.md: sizes about 1.2-1.25 apart
SAME = 0.05  # points: one size, read back
PANELS = 4


def shop(every_language: dict[str, tuple[Path, Path, str]], size: str, lang: str) -> Path:
    return every_language[size][1] / lang / "pocket-fold-shop.pdf"


def layout_size(size: str) -> dict:
    return yaml.safe_load(LAYOUT.read_text(encoding="utf-8"))["sizes"][size]


def length(value: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(in|mm)", value).groups()
    return float(number) * (72.0 if unit == "in" else MM)


def panel_of(page: pdfium.PdfPage, y: float) -> int:
    """The panel (0 at the top) a height on the page (points up) falls in."""
    _, bottom, _, top = page.get_trimbox()
    return int((top - y) // ((top - bottom) / PANELS))


def circles(page: pdfium.PdfPage) -> list[tuple[float, float, float]]:
    """(x, y, outer radius) of every circle drawn on the page: a path of Bézier arcs whose
    bounds are square; pdfium's bounds of a stroked path reach a stroke's width past it on
    each side, so the ring's ink reaches half a stroke less far."""
    found = []
    for drawn in page.get_objects(max_depth=8):
        if drawn.type != pdfium_c.FPDF_PAGEOBJ_PATH or \
                pdfium_c.FPDFPath_CountSegments(drawn.raw) < 9:
            continue
        left, bottom, right, top = drawn.get_bounds()
        if abs((right - left) - (top - bottom)) > 0.5:
            continue
        fill_mode, stroked, width = ctypes.c_int(), ctypes.c_int(), ctypes.c_float()
        pdfium_c.FPDFPath_GetDrawMode(drawn.raw, ctypes.byref(fill_mode), ctypes.byref(stroked))
        pdfium_c.FPDFPageObj_GetStrokeWidth(drawn.raw, ctypes.byref(width))
        half_stroke = width.value / 2 if stroked.value else 0.0
        found.append(((left + right) / 2, (bottom + top) / 2, (right - left) / 2 - half_stroke))
    return found


# "Before you call" (front panel 2) still runs 1-3 mm from its dawn on the ISO strip where
# its lines reach the end of their measure: a smaller dawn left Thai, Bengali and Korean
# panels over a quarter blank (test_fold_scale), a narrower measure as well, and a ragged
# first line in Chinese. The US strip's dawn is smaller (0.165 of the panel): every language
# keeps 3 mm clear there (before: en es fr ar zh-Hans vi ur hi tl am at 1-3 mm).
BEFORE_YOU_CALL = (0, 2)
RING_NOT_YET = {("es", "iso"), ("fr", "iso"), ("zh-Hans", "iso"), ("bn", "iso"), ("ko", "iso"),
                ("tl", "iso")}


def ring_clearances(pdf: Path, panels: set[tuple[int, int]] | None,
                    skip: set[tuple[int, int]]) -> list[tuple[float, int, int, str]]:
    """(mm from the nearest ring, page, panel, character) of every glyph on a panel with
    rings (of `panels`, else any, less `skip`)."""
    document = pdfium.PdfDocument(str(pdf))
    found = []
    for page_index in range(len(document)):
        page = document[page_index]
        rings = [(x, y, radius, panel_of(page, y)) for x, y, radius in circles(page)]
        for char, left, bottom, right, top in char_boxes(pdf, page_index, glyphs=True):
            panel = panel_of(page, (bottom + top) / 2)
            if (page_index, panel) in skip or (panels is not None
                                               and (page_index, panel) not in panels):
                continue
            for x, y, radius, ring_panel in rings:
                if ring_panel == panel:
                    clear = math.hypot(max(left - x, 0.0, x - right),
                                       max(bottom - y, 0.0, y - top)) - radius
                    found.append((clear / MM, page_index, panel, char))
    return found


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_text_keeps_3mm_from_every_ornament(every_language, size: str,  # noqa: ANN001
                                            lang: str) -> None:
    """The covers' titles and the card line beside their rings (before: the card line's
    dawn 1.2 mm from its measure, the back cover's rings 1.7 mm from its title's box)."""
    found = ring_clearances(shop(every_language, size, lang), None, {BEFORE_YOU_CALL})
    assert found
    least = min(found)
    assert least[0] >= ORNAMENT_CLEAR / MM - 0.02, (lang, size, least)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_before_you_call_keeps_3mm_from_its_dawn(every_language, request,  # noqa: ANN001
                                                 size: str, lang: str) -> None:
    if (lang, size) in RING_NOT_YET:
        request.applymarker(pytest.mark.xfail(strict=True, reason="not yet: see RING_NOT_YET"))
    found = ring_clearances(shop(every_language, size, lang), {BEFORE_YOU_CALL}, set())
    assert found
    least = min(found)
    assert least[0] >= ORNAMENT_CLEAR / MM - 0.02, (lang, size, least)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_cover_titles_keep_the_safe_margin(every_language, size: str,  # noqa: ANN001
                                           lang: str) -> None:
    """The front's cover (panel 0) from the first fold under it, the back cover (panel 3)
    from the trim: every glyph's box, which holds the marks below a Thai or Bengali line."""
    margin = length(layout_size(size)["safe_margin"])
    pdf = shop(every_language, size, lang)
    page = pdfium.PdfDocument(str(pdf))[0]
    _, trim_bottom, _, trim_top = page.get_trimbox()
    fold = trim_top - (trim_top - trim_bottom) / PANELS
    boxes = char_boxes(pdf, 0, glyphs=True)
    cover = [bottom for _, _, bottom, _, top in boxes if (bottom + top) / 2 > fold]
    back = [bottom for _, _, bottom, _, top in boxes
            if panel_of(page, (bottom + top) / 2) == PANELS - 1]
    assert cover and back
    assert min(cover) - fold >= margin - 0.05, (lang, size, (min(cover) - fold) / MM)
    assert min(back) - trim_bottom >= margin - 0.05, (lang, size,
                                                      (min(back) - trim_bottom) / MM)


def inked_sizes(page: pdfium.PdfPage, panel: int) -> set[float]:
    return {round(drawn.size, 1) for drawn in text_objects(page)
            if drawn.inked and panel_of(page, (drawn.bounds[1] + drawn.bounds[3]) / 2) == panel
            and drawn.bounds[2] > drawn.bounds[0]}


def a_step_apart(one: float, other: float) -> bool:
    low, high = sorted((one, other))
    return high - low <= SAME or high >= STEP * low - SAME


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_cover_card_line_and_numbers_are_steps_of_the_scale(every_language, size: str,  # noqa: ANN001
                                                            lang: str) -> None:
    """Before: cover title 17.5 pt, card line 19, numbers 20."""
    scale = set(layout_size(size)["type_scale"].values())
    document = pdfium.PdfDocument(str(shop(every_language, size, lang)))
    cover = inked_sizes(document[0], 0)
    card_line = inked_sizes(document[0], 1)
    numbers = {max(inked_sizes(document[1], 0))}
    assert len(cover) == 1 and len(card_line) == 1, (lang, size, cover, card_line)
    sizes = {"cover": cover.pop(), "card line": card_line.pop(), "number": numbers.pop()}
    for name, points in sizes.items():
        assert any(abs(points - step) <= SAME for step in scale), (lang, size, name, points)
    for one, other in [("cover", "card line"), ("card line", "number"), ("cover", "number")]:
        assert a_step_apart(sizes[one], sizes[other]), (lang, size, one, other, sizes)


LINE_SPREAD = 6.0  # points: half a 12 pt line's leading (15) and more


def lines_of(pdf: Path, page_index: int, panel: int, said: str
             ) -> list[tuple[str, float, float]]:
    """(text, left, right) of each line on the panel that prints part of `said` (spaceless),
    top to bottom: pdfium's character boxes grouped by the line they stand on (a box whose
    middle is within LINE_SPREAD of the line's first, top down: the middles of one Chinese
    line's boxes differ by up to 3 pt, and rounding them to 3 pt rows split "是否" and "可以"
    from their lines on the US strip)."""
    page = pdfium.PdfDocument(str(pdf))[page_index]
    found = sorted(((char, left, right, (bottom + top) / 2)
                    for char, left, bottom, right, top in char_boxes(pdf, page_index)
                    if panel_of(page, (bottom + top) / 2) == panel),
                   key=lambda box: -box[3])
    rows: list[list[tuple[str, float, float]]] = []
    first = math.inf
    for char, left, right, middle in found:
        if not rows or first - middle > LINE_SPREAD:
            rows.append([])
            first = middle
        rows[-1].append((char, left, right))
    lines = []
    for row in rows:
        chars = sorted(row, key=lambda box: box[1])
        text = "".join(char for char, _, _ in chars)
        if len(spaceless(text)) >= 2 and spaceless(text) in said:
            lines.append((text, chars[0][1], chars[-1][2]))
    return lines


# On the US strip the running text prints at 12 pt: at 0.8 of the panel "Before you call"
# began with a ragged line (12 characters of 15); at 0.81 (its dawn smaller) it fills.
FILL_NOT_YET: set[str] = set()


@pytest.mark.parametrize("size", SIZES)
def test_chinese_running_text_fills_its_measure(every_language, request,  # noqa: ANN001
                                                size: str) -> None:
    if size in FILL_NOT_YET:
        request.applymarker(pytest.mark.xfail(strict=True, reason="a ragged first line at 12 pt"))
    """Every line of "Before you call" and "When you call" but its last reaches to within
    a character and a half of the paragraph's longest line (justified, CLREQ; pdfium reads
    no box for the full-width mark a line may end with, "，" or "、", which holds an em)."""
    if "zh-Hans" not in LANGS:
        pytest.skip("no Chinese kit")
    kit_folder = every_language[size][0]
    kit = load_kit(kit_folder)
    strings = load_strings("zh-Hans", kit_folder)
    pdf = shop(every_language, size, "zh-Hans")
    for page_index, panel, said in [
            (0, 2, fill(strings["before_you_call"], emergency=kit.site.emergency_number)),
            (1, 3, strings["when_you_call"])]:
        lines = lines_of(pdf, page_index, panel, spaceless(html.unescape(said)))
        assert len(lines) >= 2, (size, panel, lines)
        measure = max(right for _, _, right in lines)
        em = (measure - min(left for _, left, _ in lines)) / max(
            len(spaceless(text)) for text, _, _ in lines)
        for text, _, right in lines[:-1]:
            assert right >= measure - 1.5 * em, (size, panel, text, measure - right)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_a_line_prints_its_web_address_or_says_so(every_language, size: str,  # noqa: ANN001
                                                  lang: str) -> None:
    """Before: no line's web address ("chat at thehotline.org") printed on the folding card.
    As on the pocket card (635507c): each line with a `url:` in resources.yaml prints its
    bare domain on the back, in ink, where the panel holds it; else the build notes it,
    naming the address and the language. The English strips print both."""
    kit_folder, out, err = every_language[size]
    source = yaml.safe_load((kit_folder / "resources.yaml").read_text(encoding="utf-8"))
    hosts = [urlsplit(entry["url"]).hostname.removeprefix("www.")
             for entry in source["resources"] if entry.get("url")]
    assert hosts
    # each run drawn in ink, a right-to-left or shaped one read from the unseen text drawn
    # with it
    said = spaceless("".join(text for _, _, text in text_runs(
        out / lang / "pocket-fold-shop.pdf", 1)))
    for host in hosts:
        noted = [line for line in err.splitlines() if "pocket-fold" in line
                 and f"'{host}' (web)" in line and line.endswith(f"[{lang}]")]
        assert spaceless(host) in said or noted, (lang, size, host)
        if lang == "en":
            assert spaceless(host) in said, (size, host)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_key_point_prints(every_language, size: str, lang: str) -> None:  # noqa: ANN001
    """Before: the Thai US strip left its fourth key point out (a build note said so): the
    points' spacing where the panel is full is 0.5 pt, not 1.5 (more where there is room).
    Each of the article's key points prints on the back's third panel, and no build note
    says one was left out."""
    kit_folder, out, err = every_language[size]
    points = load_kit(kit_folder).articles[lang].key_points
    if not points:
        pytest.skip("the article has no key points")
    assert not [line for line in err.splitlines()
                if "slot 'condensed'" in line and line.endswith(f"[{lang}]")], err
    page = pdfium.PdfDocument(str(out / lang / "pocket-fold-shop.pdf"))[1]
    _, bottom, _, top = page.get_trimbox()
    left, _, right, _ = page.get_trimbox()
    panel = (top - bottom) / PANELS
    said = spaceless(page.get_textpage().get_text_bounded(
        left=left, right=right, top=top - 2 * panel, bottom=top - 3 * panel))
    for point in points:
        assert spaceless(point) in said, (lang, size, point)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_line_prints_its_numbers_and_web_address(every_language, size: str,  # noqa: ANN001
                                                       lang: str) -> None:
    """Before: 988lifeline.org left out of the US strip in es ar fa ur he th bn ru vi hi (a
    note said none of the pieces built printed it), thehotline.org in ar and th: a survivor
    with the cards alone lacked 988 whole. Each line of resources.yaml prints its number,
    TTY, texting number and web address on the back in every language (a name that starts
    with its number prints without it, over the number; a line's languages give their place
    to its web address, and the build says so)."""
    kit_folder, out, err = every_language[size]
    said = spaceless(subprocess.run(
        ["pdftotext", "-f", "2", "-l", "2", str(out / lang / "pocket-fold-shop.pdf"), "-"],
        capture_output=True, text=True, check=True).stdout)
    for line in load_kit(kit_folder).resources:
        for number in (line.phone, line.tty):
            if number is not None:
                assert spaceless(number.display) in said, (lang, size, number.display)
        if line.text is not None:
            assert spaceless(line.text.number) in said, (lang, size, line.text.number)
        if line.url:
            host = urlsplit(line.url).hostname.removeprefix("www.")
            assert spaceless(host) in said, (lang, size, host)
    for row in err.splitlines():
        if "pocket-fold" in row and "(languages)" in row and row.endswith(f"[{lang}]"):
            assert "its web address takes its place" in row, row


# Where a line's languages still give their place to its web address (the review of main
# at 8.5: "English · Español" left out for the address in ar ur th hi vi): none.
LANGUAGES_NOT_YET: set[tuple[str, str]] = set()


@pytest.mark.parametrize("size", SIZES)
def test_every_line_prints_its_languages_beside_its_web_address(every_language,  # noqa: ANN001
                                                                 size: str) -> None:
    """Each line of resources.yaml that serves languages prints them ("English · Español",
    worked out from its `languages:` as the kit names them) on the back, with its web
    address, in every language: on the address's row where theirs would cost a line
    ("988lifeline.org · English · Español"). Read with pdftotext; the languages where a
    note says the address took their place are LANGUAGES_NOT_YET's, no other."""
    kit_folder, out, err = every_language[size]
    missing = set()
    for lang in LANGS:
        said = spaceless(subprocess.run(
            ["pdftotext", "-f", "2", "-l", "2", str(out / lang / "pocket-fold-shop.pdf"), "-"],
            capture_output=True, text=True, check=True).stdout)
        wanted_names = Counter(spaceless(names) for line in load_kit(kit_folder).resources
                               if (names := language_names(line.languages, lang)))
        if any(said.count(names) < count for names, count in wanted_names.items()):
            missing.add((lang, size))  # each line's, not one line's for both
    traded = {(row.rsplit("[", 1)[1].rstrip("]"), size) for row in err.splitlines()
              if "pocket-fold" in row and "its web address takes its place" in row}
    wanted = {pair for pair in LANGUAGES_NOT_YET if pair[1] == size}
    assert missing == traded == wanted, (sorted(missing), sorted(traded))


@pytest.mark.parametrize("size", SIZES)
def test_no_persian_line_ends_on_and(every_language, size: str) -> None:  # noqa: ANN001
    """Before: "تنها نیستید و / احساستان" (the card line), "پیامک‌ها و / وب‌سایت‌ها"
    ("Before you call"): a Persian line ended on "و" (and), as it may not on "در". Each
    line poppler reads on both sides of the strip ends on another word."""
    if "fa" not in LANGS:
        pytest.skip("no Persian kit")
    text = subprocess.run(["pdftotext", str(every_language[size][1] / "fa"
                                             / "pocket-fold-shop.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout
    lines = [re.sub(r"[\u200e\u200f\u202a-\u202e\u2066-\u2069]", "", row).strip()
             for row in text.splitlines()]
    assert len([row for row in lines if row]) > 20
    assert [row for row in lines if row.split()[-1:] == ["و"]] == []
