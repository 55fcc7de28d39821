"""The sticker in the sixteen languages a kit may print (issue 42), read back from its PDFs.
A sticker is always on a surface anyone may see: on Letter (3⅓ in) and A4 (85 mm), by
default and with `sticker_discreet: true` alike, it prints on a brand-colour foot that runs
to the die cut its emergency sentence ("In an emergency, call 911."), above it a caption
under its QR code ("Scan to call"), a coded but readable line ("Need to talk?", "Free and
private, any time.") and the number, and nothing that tells (no line name, nothing of a
phone the other person checks): the build's discretion check passes in every language.
Text is read with pdftotext, the colours from pdfium's rendering; what the build must print
is worked out from the catalogues and resources.yaml."""

from __future__ import annotations

import html
import math
import re
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from generator.content.layouts import available_layouts
from generator.content.load import load_kit
from generator.i18n.bound_words import EMERGENCY_PHRASES, SPACELESS_PHRASES
from generator.i18n.localize import load_strings
from generator.i18n.text_language import language_leading
from generator.layout.compose import fill
from generator.layout.paints import hex_rgb
from tests.conftest import (
    DEFAULT_CONTENT,
    char_boxes,
    drawn_text_sizes,
    glyphs_only,
    qr_modules,
)
from tests.notes_truth import needs_pdftotext, spaceless
from tests.pdf_paint import page_marks
from tests.test_sticker_spacing import Line, printed_lines
from tests.test_where_lines_print import run_cli

LANGUAGES = ("en", "es", "vi", "tl", "ar", "fa", "ur", "he", "bn", "am", "ru", "zh-Hans", "ko",
             "th", "hi", "fr")
MORE_ARTICLES = Path(__file__).parent / "fixtures" / "more-languages" / "articles"
ETHIOPIC = Path("/usr/share/fonts/truetype/noto/NotoSansEthiopic-Regular.ttf")
BRAND = "#2f5d62"

pytestmark = [needs_pdftotext, pytest.mark.skipif(
    not ETHIOPIC.is_file(), reason="needs Debian's fonts-noto-core (NotoSansEthiopic)")]


def sixteen_language_kit(folder: Path, paper: str, extra: str = "") -> Path:
    """The default kit printing all sixteen languages (Tagalog's article from the fixtures,
    Amharic with its Ethiopic face given in `fonts:`) on `paper`."""
    shutil.copytree(DEFAULT_CONTENT, folder)
    shutil.copy(MORE_ARTICLES / "trauma-bonding.tl.md", folder / "articles")
    (folder / "fonts").mkdir()
    shutil.copy(ETHIOPIC, folder / "fonts")
    site = folder / "site.yaml"
    text = re.sub(r"^languages: .*$", f"languages: [{', '.join(LANGUAGES)}]",
                  site.read_text(encoding="utf-8"), flags=re.MULTILINE)
    text = re.sub(r"^paper: \w+", f"paper: {paper}", text, flags=re.MULTILINE)
    site.write_text(text + f"fonts: {{am: fonts/{ETHIOPIC.name}}}\n{extra}", encoding="utf-8")
    return folder


@pytest.fixture(scope="module", params=["letter", "a4"])
def stickers(request: pytest.FixtureRequest,
             tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    root = tmp_path_factory.mktemp(f"stickers-{request.param}")
    kit = sixteen_language_kit(root / "kit", request.param)
    code, err = run_cli("build", kit, "--out", root / "out", "--no-previews", "--format",
                        "sticker", "--target", "shop")
    assert code == 0, err
    return kit, root / "out", err


@pytest.fixture(scope="module")
def restroom(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    root = tmp_path_factory.mktemp("restroom-stickers")
    kit = sixteen_language_kit(root / "kit", "letter", "sticker_discreet: true\n")
    code, err = run_cli("build", kit, "--out", root / "out", "--no-previews", "--format",
                        "sticker", "--target", "shop")
    assert code == 0, err
    return kit, root / "out", err


def said(string: str) -> str:
    """A catalogue string as it prints, in letters and digits (fill escapes it as markup)."""
    return spaceless(html.unescape(fill(string, emergency="911")))


def trim_of(pdf: Path) -> tuple[float, float, float, float]:
    """The shop page's trim box (left, bottom, right, top) in points."""
    return tuple(float(value) for value in PdfReader(pdf).pages[0].trimbox)  # type: ignore[return-value]


def text_in(pdf: Path, top: float, bottom: float | None = None) -> str:
    """pdftotext's letters and digits of the band of the page from `top` down to `bottom`
    (points from the page's top edge; by default the bleed's foot, above a shop page's slug
    line), across the whole page."""
    page = PdfReader(pdf).pages[0]
    width, height = float(page.mediabox.width), float(page.mediabox.height)
    bottom = height - float(page.bleedbox.bottom) if bottom is None else bottom
    return spaceless(subprocess.run(
        ["pdftotext", "-r", "72", "-x", "0", "-y", str(int(top)), "-W", str(int(width) + 1),
         "-H", str(int(bottom - top) + 1), str(pdf), "-"],
        capture_output=True, text=True, check=True).stdout)


def foot_top(pdf: Path) -> float:
    """Where the brand colour begins (points from the page's top edge), read up from the
    cut a third of the radius left of the middle, clear of the text on it."""
    left, bottom, right, top = trim_of(pdf)
    page = pdfium.PdfDocument(str(pdf))[0]
    image = page.render(scale=2).to_pil().convert("RGB")
    height = float(page.get_height())
    radius = (right - left) / 2
    across = 0.7 * radius
    x = round((left + radius - across) * 2)
    cut = bottom + radius - math.sqrt(radius ** 2 - across ** 2)  # the cut below that point
    brand = tuple(round(channel * 255) for channel in hex_rgb(BRAND))
    y = round((height - cut) * 2) - 6
    foot = image.getpixel((x, y))
    # the shop file prints the brand colour in CMYK inks: near it on screen, not the same
    assert _near(foot, brand, 30), f"no brand colour at the foot: {foot}"
    while y > 0 and _near(image.getpixel((x, y)), foot, 8):
        y -= 1
    return y / 2


def _near(pixel: tuple[int, ...], colour: tuple[int, ...], tolerance: int) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour, strict=False))


def discreet_sticker_prints_it_all(kit: Path, out: Path, err: str) -> None:
    """Every language's sticker: the emergency sentence on the foot; the caption, the coded
    line and the number above it; no line name, no safety note that tells; no warning."""
    # nothing left out but the other lines and, with a note, what reaching the line is like
    # (the promise: spare room's content since the emergency sentence is 12 pt everywhere)
    assert "printed the shorter" not in err and "left out" not in err.replace(
        "left out '988", "").replace("slot 'promise': left out the block", ""), err
    assert [row for row in err.splitlines() if ": warning: " in row
            and "discreet_title" not in row] == [], err
    resources = load_kit(kit).resources
    for lang in LANGUAGES:
        pdf = out / lang / "sticker-shop.pdf"
        strings = load_strings(lang, kit)
        top = foot_top(pdf)
        assert said(strings["emergency_note"]) in text_in(pdf, top), lang
        above = text_in(pdf, 0, top)
        for key in ("scan_tel", "need_to_talk"):
            assert spaceless(strings[key]) in above, (lang, key)
        assert spaceless(strings["discreet_message"]) in above or promise_noted(err, lang), lang
        assert spaceless(resources[0].phone.display) in above, lang
        whole = text_in(pdf, 0)
        assert spaceless(strings["poster_discreet_note"]) not in whole, lang
        for name in (resources[0].name, resources[0].name_in(lang, strings)):
            assert spaceless(name) not in whole, (lang, name)


def promise_noted(err: str, lang: str) -> bool:
    """Whether the build's messages say the sticker in `lang` left out its promise ("Free
    and private, any time.") for want of room."""
    return any("sticker (sticker), slot 'promise': left out the block" in row
               and row.endswith(f"[{lang}]") for row in err.splitlines())


def test_every_sticker_is_discreet_in_every_language(stickers: tuple[Path, Path, str]) -> None:
    discreet_sticker_prints_it_all(*stickers)


def test_the_foot_is_a_fifth_of_the_sticker_at_least(stickers: tuple[Path, Path, str]) -> None:
    """The foot carries the emergency sentence alone (a sticker is always discreet): about a
    fifth of the sticker's height and more, not the quarter the whole safety note needed. It
    rises from the cut to just over its sentence (issue 42, the review at 8.5: the sentence
    at 12 pt in every language, its widest line where the circle is wide enough): in English
    0.19 of the height (0.2 when the foot was one box for every language), more in Arabic."""
    _, out, _ = stickers
    for lang in ("en", "ar"):
        pdf = out / lang / "sticker-shop.pdf"
        left, bottom, right, top = trim_of(pdf)
        height = float(PdfReader(pdf).pages[0].mediabox.height)
        share = ((height - bottom) - foot_top(pdf)) / (top - bottom)
        assert 0.18 < share < 0.45, (lang, share)


def test_sticker_discreet_true_is_accepted_and_changes_nothing(
        restroom: tuple[Path, Path, str]) -> None:
    discreet_sticker_prints_it_all(*restroom)


def white_ink_rows(pdf: Path, top: float, cut: float) -> tuple[float, float]:
    """The first and last rows (points from the page's top edge) between `top` and the cut
    where the middle fifth of the sticker holds paper-white ink: the text set on the foot."""
    left, _, right, _ = trim_of(pdf)
    page = pdfium.PdfDocument(str(pdf))[0]
    image = page.render(scale=2).to_pil().convert("L")
    middle = (left + right) / 2
    span = (right - left) / 10
    band = image.crop((round((middle - span) * 2), round(top * 2) + 2,
                       round((middle + span) * 2), round(cut * 2) - 4))
    rows = [y for y in range(band.height)
            if band.crop((0, y, band.width, y + 1)).getextrema()[1] > 200]
    assert rows, "no white text on the foot"
    return top + (rows[0] + 2) / 2, top + (rows[-1] + 2) / 2


def test_the_stickers_sentence_stands_in_the_middle_of_its_foot(
        stickers: tuple[Path, Path, str]) -> None:
    """The emergency sentence stands in the foot, not against its top edge: its middle at
    least 0.2 of the foot's height down (0.25 before the foot rose to just over its
    sentence, issue 42: Thai's one line, as low as the circle lets it, stands at 0.23; the
    centre of gravity of the circle's segment is 0.41 down, but the segment narrows below
    it: a sentence of two lines as wide as 0.58 of the safe area keeps its corners inside the
    safe circle only down to 0.9 of it). Measured on the white ink in the middle of the
    foot, from the field's top edge to the cut."""
    _, out, _ = stickers
    for lang in LANGUAGES:
        pdf = out / lang / "sticker-shop.pdf"
        left, bottom, right, top = trim_of(pdf)
        height = float(PdfReader(pdf).pages[0].mediabox.height)
        field_top, cut = foot_top(pdf), height - bottom
        first, last = white_ink_rows(pdf, field_top, cut)
        share = ((first + last) / 2 - field_top) / (cut - field_top)
        assert 0.2 <= share <= 0.5, (lang, round(share, 2))


def test_nothing_is_clipped_by_the_circle(stickers: tuple[Path, Path, str]) -> None:
    """Every glyph of every language's sticker inside the circle the layout's safe margin
    inside the cut (3.5 mm: 4 mm before; the coded line, the number and
    the emergency sentence stand where the circle narrows)."""
    kit, out, _ = stickers
    paper = "a4" if "paper: a4" in (kit / "site.yaml").read_text(encoding="utf-8") else "letter"
    margin = available_layouts()["sticker"].spec.sizes[paper].safe_margin
    assert margin >= 3 * 72 / 25.4 - 0.01  # print-and-safety.md: 3 mm inside the cut
    for lang in LANGUAGES:
        pdf = out / lang / "sticker-shop.pdf"
        left, bottom, right, top = trim_of(pdf)
        x, y, radius = (left + right) / 2, (bottom + top) / 2, (right - left) / 2 - margin
        boxes = char_boxes(pdf, 0, glyphs=True)
        assert len(boxes) > 40, lang
        for char, *box in boxes:
            for cx in (box[0], box[2]):
                for cy in (box[1], box[3]):
                    assert math.hypot(cx - x, cy - y) <= radius + 0.01, (lang, char, box)


# --- the sticker's rhythm (issue 42, the review of main at 7.5) --------------------------
# The designer measured lines 1.15 of their size apart (design.md: about 1.25), the QR
# code's caption 2.0-2.9 mm over the headline in Russian and Korean where English had 3.5,
# their last line 1.0-1.2 mm over the brand-colour field (English 4.7), and the emergency
# sentence broken inside "in an emergency" in Vietnamese and Russian ("Trong trường hợp /
# khẩn cấp, hãy gọi 911."). Lines are read with pdfium's glyph boxes (tests/
# test_sticker_spacing.py's printed_lines), the field's edge from the rendered page.

MM = 72 / 25.4
LEADING = 1.25  # design.md: body about 1.25
EVEN = 3.5 * MM  # the last line over the field: English's
APART = 3.4 * MM  # the caption over the headline (5 mm before its code stood 1/16 in lower)
SPREAD = 0.5 * MM  # how far a language's gaps may differ from English's
BASELINE_READ = 0.5  # pt: printed_lines reads baselines to the half point


def _lines(pdf: Path) -> tuple[list[Line], list[Line], float]:
    """The printed lines above the field and on it, top first, and the field's top edge
    (PDF points up)."""
    height = float(PdfReader(pdf).pages[0].mediabox.height)
    field = height - foot_top(pdf)
    lines = printed_lines(pdf)
    return ([line for line in lines if line.bottom > field],
            [line for line in lines if line.top < field], field)


def test_lines_are_a_quarter_of_their_size_apart(stickers: tuple[Path, Path, str]) -> None:
    """Two lines of one size one under the other (the emergency sentence's, the texting
    line and TTY): their baselines 1.25 of the size apart at least."""
    _, out, _ = stickers
    tight = []
    for lang in LANGUAGES:
        above, on_field, _ = _lines(out / lang / "sticker-shop.pdf")
        for group in (above, on_field):
            for upper, lower in zip(group, group[1:], strict=False):
                if abs(upper.size - lower.size) < 0.05:
                    apart = upper.baseline - lower.baseline  # read to 0.5 pt
                    if apart < LEADING * upper.size - BASELINE_READ:
                        tight.append((lang, round(upper.size, 1),
                                      round(apart / upper.size, 2)))
    assert tight == [], tight


def test_the_emergency_sentence_keeps_its_scripts_leading(
        stickers: tuple[Path, Path, str]) -> None:
    """Arabic, Persian, Urdu, Bengali and Hindi (the scripts whose marks above and below ask
    1.5 times the size between lines: generator/i18n/scripts.py) set the emergency
    sentence's two lines on the foot 1.5 of their size apart (1.24-1.29 on main)."""
    _, out, _ = stickers
    tight = []
    for lang in LANGUAGES:
        wanted = language_leading(lang)
        if not wanted:
            continue
        _, on_field, _ = _lines(out / lang / "sticker-shop.pdf")
        for upper, lower in zip(on_field, on_field[1:], strict=False):
            apart = upper.baseline - lower.baseline
            if apart < wanted * upper.size - BASELINE_READ:
                tight.append((lang, round(upper.size, 1), round(apart / upper.size, 2)))
    assert tight == [], tight


def test_the_groups_stand_evenly_apart(stickers: tuple[Path, Path, str]) -> None:
    """The caption's ink to the headline's: 3.4 mm at least (5 mm after the review of main
    at 8.5, when the caption was teal; the code's quiet zone now keeps 1/16 in inside the
    cut, and the 1.6 mm it takes comes from here, so that every line still prints); the
    caption stands 4 mm under the code's modules (tests/test_sticker_spacing.py); the last
    line's to the field:
    3.5 mm at least; in every language, each within 0.5 mm of English's."""
    _, out, _ = stickers
    gaps = {}
    for lang in LANGUAGES:
        above, _, field = _lines(out / lang / "sticker-shop.pdf")
        gaps[lang] = (above[0].bottom - above[1].top, above[-1].bottom - field)
    english = gaps["en"]
    wrong = {lang: tuple(round(gap / MM, 1) for gap in pair) for lang, pair in gaps.items()
             if pair[0] < APART - 0.01 or pair[1] < EVEN - 0.01
             or any(abs(gap - own) > SPREAD for gap, own in zip(pair, english, strict=True))}
    assert wrong == {}, (wrong, [round(gap / MM, 1) for gap in english])


def test_the_emergency_phrase_prints_whole_on_one_line(
        stickers: tuple[Path, Path, str]) -> None:
    """"In an emergency" in each language (generator/i18n/bound_words.py's phrases, the
    opening of locales/*.yaml's emergency_note) stands on one line of the foot, and the
    whole sentence prints there."""
    kit, out, _ = stickers
    broken = []
    for lang in LANGUAGES:
        pdf = out / lang / "sticker-shop.pdf"
        sentence = load_strings(lang, kit)["emergency_note"]
        top = foot_top(pdf)
        assert said(sentence) in text_in(pdf, top), lang
        base = lang.split("-")[0]
        phrases = [EMERGENCY_PHRASES[base]] if base in EMERGENCY_PHRASES else [
            phrase for phrase in SPACELESS_PHRASES.get(base, ()) if phrase in sentence]
        if not phrases:
            continue  # Thai: no phrase to keep (its sentence is short)
        page = PdfReader(pdf).pages[0]
        width = float(page.mediabox.width)
        rows = subprocess.run(
            ["pdftotext", "-layout", "-r", "72", "-x", "0", "-y", str(int(top)), "-W",
             str(int(width) + 1), "-H", "400", str(pdf), "-"],
            capture_output=True, text=True, check=True).stdout.splitlines()
        phrase = spaceless(phrases[0]).lower()
        if not any(phrase in spaceless(row).lower() for row in rows):
            broken.append((lang, [row.strip() for row in rows if row.strip()]))
    assert broken == [], broken


# --- one scale (the review of main at 8.5) ------------------------------------------------
# The designer measured sizes a fraction of a point apart: 9, 10, 11.1, 12 and 21 pt on the
# Russian sticker, 10 beside 10.2 in Vietnamese, 9.75 beside 10 in Korean. A style that
# must shrink prints at the next step down of the sticker's scale (layouts/sticker/
# layout.yaml's sizes.<size>.type_scale), so that no sticker prints more than four sizes.
LAYOUT = Path(__file__).resolve().parent.parent / "layouts" / "sticker" / "layout.yaml"


def test_each_sticker_prints_four_sizes_of_its_scale_at_most(
        stickers: tuple[Path, Path, str]) -> None:
    """Every size drawn on each language's sticker (pypdf's text sizes) is a step of the
    layout's type scale, and a sticker draws four of them at most."""
    import yaml

    kit, out, _ = stickers
    paper = "a4" if "a4" in kit.parent.name else "letter"
    scale = set(yaml.safe_load(LAYOUT.read_text(encoding="utf-8"))["sizes"][paper]
                ["type_scale"].values())
    wrong = {}
    for lang in LANGUAGES:
        sizes = {round(size, 2) for size, _, _ in drawn_text_sizes(
            out / lang / "sticker-shop.pdf", 0)}
        if len(sizes) > 4 or not sizes <= scale:
            wrong[lang] = sorted(sizes)
    assert wrong == {}, (paper, sorted(scale), wrong)


def _fonts_of(pdf: Path, texting: tuple[str, ...], tty: str) -> dict[str, set[str]]:
    """The fonts (base names) pypdf reads the runs holding any of `texting` drawn in, and
    those holding `tty`."""
    fonts: dict[str, set[str]] = {"texting": set(), "tty": set()}

    def visit(text, cm, tm, font_dict, font_size):  # noqa: ANN001, ANN202
        name = str(font_dict.get("/BaseFont", "")) if font_dict else ""
        if any(part in text for part in texting):
            fonts["texting"].add(name)
        elif tty in text:
            fonts["tty"].add(name)

    PdfReader(pdf).pages[0].extract_text(visitor_text=visit)
    return fonts


def test_the_texting_line_is_bold(stickers: tuple[Path, Path, str]) -> None:
    """The texting line ("Text START to 88788", often the only safe way to reach the line:
    the review of main at 8.5) prints in the bold face, the TTY line under it in the
    regular: the fonts pypdf reads their keyword's and number's runs drawn in."""
    kit, out, _ = stickers
    first = load_kit(kit).resources[0]
    assert first.text is not None and first.tty
    texting = tuple(part for part in (first.text.keyword, first.text.number) if part)
    wrong = {}
    for lang in LANGUAGES:
        fonts = _fonts_of(out / lang / "sticker-shop.pdf", texting, first.tty.display)
        # the TTY line is read in English at least (Amharic's digits are drawn apart)
        if not fonts["texting"] or (lang == "en" and not fonts["tty"]) or not all(
                "Bold" in name for name in fonts["texting"]) or (
                any("Bold" in name for name in fonts["tty"])):
            wrong[lang] = fonts
    assert wrong == {}, wrong


# --- one size for each thing, in every language (issue 42, the review of main at 8.5) ------
# The designer measured the emergency sentence at 10 pt in ar vi ru fa ur hi bn and 12 pt
# bold elsewhere, the number at 20 pt in some languages and 21 in others, and the Russian
# and Korean promise ("Free and private, any time.") at 9 pt across the whole disc. Sizes
# are pypdf's (drawn_text_sizes), the foot's runs those under the brand colour's top edge.
# The review of main at 8.5 then found the promise left out in ar fa ko ru: it prints a
# step down, at the scale's least 9 pt, on one line, where 10 pt has no room for it.
EMERGENCY_SIZE, NUMBER_SIZE, PROMISE_SIZE, PROMISE_STEP = 12.0, 20.0, 10.0, 9.0
# Vietnamese: "Trong trường hợp khẩn cấp," was never broken and as wide at 12 pt as the
# circle is only 0.63 of the radius from the centre: its sentence stepped down to 10 pt.
# Its catalogue now says "Khi khẩn cấp, hãy gọi 911." (12 pt, as every language's).
EMERGENCY_NOT_YET: set[str] = set()


def _foot_runs(pdf: Path) -> list[tuple[float, str]]:
    """(size, text) of each run drawn under the top edge of the foot's brand colour."""
    height = float(PdfReader(pdf).pages[0].mediabox.height)
    field = height - foot_top(pdf)
    return [(size, text) for size, text, baseline in drawn_text_sizes(pdf, 0)
            if text.strip() and baseline < field]


def test_the_emergency_sentence_is_one_size_in_every_language(
        stickers: tuple[Path, Path, str]) -> None:
    """Every run of the foot's sentence at 12 pt, in the bold face, in every language (its
    number among them); the languages of EMERGENCY_NOT_YET at 10 pt, with a note saying so
    (and none in the others)."""
    _, out, err = stickers
    wrong = {}
    for lang in LANGUAGES:
        pdf = out / lang / "sticker-shop.pdf"
        sizes = {round(size, 2) for size, _ in _foot_runs(pdf)}
        wanted = {10.0} if lang in EMERGENCY_NOT_YET else {EMERGENCY_SIZE}
        noted = any("slot 'note': set at 10 pt, a step under its 12 pt" in row
                    and row.endswith(f"[{lang}]") for row in err.splitlines())
        if noted != (lang in EMERGENCY_NOT_YET):
            wrong[f"{lang} note"] = noted
        fonts = _fonts_of(pdf, ("911",), "\0")["texting"]
        if sizes != wanted or not fonts or not all("Bold" in font for font in fonts):
            wrong[lang] = (sorted(sizes), sorted(fonts))
    assert wrong == {}, wrong


def test_the_number_is_one_size_in_every_language(stickers: tuple[Path, Path, str]) -> None:
    """The first line's number (resources.yaml) drawn at 20 pt on every language's sticker,
    one run, unbroken."""
    kit, out, _ = stickers
    number = load_kit(kit).resources[0].phone.display
    wrong = {}
    for lang in LANGUAGES:
        runs = [(round(size, 2), text.strip()) for size, text, _ in
                drawn_text_sizes(out / lang / "sticker-shop.pdf", 0) if number in text]
        if lang == "am":  # Ethiopic kits draw their digits one by one
            continue
        if [size for size, _ in runs] != [NUMBER_SIZE]:
            wrong[lang] = runs
    assert wrong == {}, wrong


def test_the_promise_prints_at_its_size_or_is_said_to_be_left_out(
        stickers: tuple[Path, Path, str]) -> None:
    """What reaching the line is like prints at 10 pt, on one line or two, or a step down
    at 9 pt on one line (never at a size between, nor on two lines at 9 pt); where the
    sticker has no room for it, the build's note names it in that language."""
    kit, out, err = stickers
    wrong = {}
    for lang in LANGUAGES:
        promise = spaceless(load_strings(lang, kit)["discreet_message"])
        pdf = out / lang / "sticker-shop.pdf"
        above = text_in(pdf, 0, foot_top(pdf))
        if promise not in above:
            if not promise_noted(err, lang):
                wrong[lang] = "left out without a note"
            continue
        runs = [(round(size, 2), baseline) for size, text, baseline in drawn_text_sizes(pdf, 0)
                if text.strip() and spaceless(text) in promise and len(spaceless(text)) >= 6]
        sizes = {size for size, _ in runs}  # none read back where glyphs are shaped
        if sizes - {PROMISE_SIZE} and sizes != {PROMISE_STEP} or (
                sizes == {PROMISE_STEP} and max(abs(a[1] - b[1]) for a in runs for b in runs) > 1):
            wrong[lang] = sorted(runs)
    assert wrong == {}, wrong


# Where the promise still has no room (issue 42's review of main at 8: left out in ar fa ur
# ko ru vi; of main at 8.5: ar fa ko ru). Korean (both sizes) and Russian (A4) now print it
# at 9 pt on one line; on Letter the Russian line is 0.9 pt short of room that keeps 1 mm
# over the digits; the Arabic-script foot is two lines at 1.5 times 12 pt, 5 pt short at 9
# pt, read from the build (a shorter translation is the translators' to give).
PROMISE_NOT_YET = {"letter": {"ar", "fa", "ru"}, "a4": {"ar", "fa"}}


def test_the_promise_prints_in_every_language_with_room(
        stickers: tuple[Path, Path, str]) -> None:
    """Before (4 mm safe margin, Vietnamese's long emergency sentence): "Free and private,
    any time." left out in ar fa ur ko ru vi. With the print shop's 3 mm margin and "Khi
    khẩn cấp," it prints in every language but PROMISE_NOT_YET, which the build notes."""
    kit, out, err = stickers
    printed = set()
    for lang in LANGUAGES:
        promise = spaceless(load_strings(lang, kit)["discreet_message"])
        pdf = out / lang / "sticker-shop.pdf"
        if promise in text_in(pdf, 0, foot_top(pdf)):
            printed.add(lang)
    paper = "a4" if "paper: a4" in (kit / "site.yaml").read_text(encoding="utf-8") else "letter"
    assert set(LANGUAGES) - printed == PROMISE_NOT_YET[paper]


def test_the_block_stands_in_the_middle_of_the_disc(stickers: tuple[Path, Path, str]) -> None:
    """What the sticker prints, from the top of the QR code's modules to the lowest ink of its
    foot's sentence, stands in the middle of the disc, its middle 1 mm under to 3 mm over the
    disc's centre, in every language (issue 42: the review of main at 7.5 measured 15-19 mm
    empty at the foot and 5.5 mm at the top; 0 to 3 mm over it until the code's quiet zone
    kept 1/16 in inside the cut: the code stands 1.6 mm lower, its foot's sentence as low as
    before).
    The modules read from the rendered page, the text's ink from pdfium's glyph boxes."""
    _, out, _ = stickers
    wrong = {}
    for lang in LANGUAGES:
        pdf = out / lang / "sticker-shop.pdf"
        left, bottom, right, top = trim_of(pdf)
        centre, radius = (bottom + top) / 2, (right - left) / 2
        page = pdfium.PdfDocument(str(pdf))[0]
        image = page.render(scale=4).to_pil().convert("L")
        height = float(page.get_height())
        middle = (left + right) / 2
        band = image.crop((round((middle - radius / 3) * 4), round((height - top) * 4),
                           round((middle + radius / 3) * 4), round((height - centre) * 4)))
        dark = next(row for row in range(band.height)
                    if band.crop((0, row, band.width, row + 1)).getextrema()[0] < 60)
        code_top = top - dark / 4
        lowest = min(box[2] for box in char_boxes(pdf, 0, glyphs=True))
        over = ((code_top + lowest) / 2 - centre) / MM
        if not -1.0 <= over <= 3.0:
            wrong[lang] = round(over, 2)
    assert wrong == {}, wrong


HEADLINE_CLEAR, PROMISE_CLEAR = 1.5 * MM, 1.0 * MM


def test_the_number_stands_clear_of_the_lines_over_it(stickers: tuple[Path, Path, str]) -> None:
    """The number's digits (the largest type over the foot) under the line over them, ink to
    ink: 1.5 mm at least under "Need to talk?" (12 pt; Arabic's letters reach far below
    their line: 1.0 mm on Letter, where they read as touching the digits), 1.0 mm under the
    promise that stands with the number where there is room for it (10 pt)."""
    _, out, _ = stickers
    tight = {}
    for lang in LANGUAGES:
        above, _, _ = _lines(out / lang / "sticker-shop.pdf")
        number = max(range(len(above)), key=lambda index: above[index].size)
        over = above[number - 1]
        apart = over.bottom - above[number].top
        if apart < (HEADLINE_CLEAR if over.size > 11 else PROMISE_CLEAR) - 0.01:
            tight[lang] = (round(over.size, 1), round(apart / MM, 2))
    assert tight == {}, tight


INK_WHITE = 0.5 * MM  # the least white between two lines' ink (the review of main at 8.5)
INK_SCALE = 600 / 72  # pixels a point: 600 dpi


def _line_spans(pdf: Path, lines: list[Line]) -> list[tuple[float, float]]:
    """Each printed line's left and right (points), from pdfium's glyph boxes on its
    baseline (what a mark drawn on its own adds is within them)."""
    text = glyphs_only(pdf)[0].get_textpage()  # each glyph where it is drawn
    spans = [(math.inf, -math.inf)] * len(lines)
    for index in range(text.count_chars()):
        if not text.get_text_range(index, 1).strip():
            continue
        left, bottom, right, top = text.get_charbox(index)
        if right <= left:
            continue
        middle = (bottom + top) / 2
        home = min(range(len(lines)), key=lambda at: abs(lines[at].baseline - middle))
        spans[home] = (min(spans[home][0], left), max(spans[home][1], right))
    return spans


def ink_white(pdf: Path) -> list[tuple[str, float]]:
    """The white between each two printed lines one under the other, in mm: the tallest
    run of pixel rows (600 dpi) between their baselines in which nothing across the two
    lines' width differs from the row's own colour (the paper's, or the foot's under its
    white sentence), with the texts of the two lines. The slug under the trim is left
    out."""
    page = pdfium.PdfDocument(str(pdf))[0]
    height, bottom = page.get_height(), page.get_trimbox()[1]
    image = page.render(scale=INK_SCALE).to_pil().convert("RGB")
    lines = [line for line in printed_lines(pdf) if line.bottom > bottom]
    spans = _line_spans(pdf, lines)
    found = []
    for number, (upper, lower) in enumerate(zip(lines, lines[1:], strict=False)):
        left = min(spans[number][0], spans[number + 1][0])
        right = max(spans[number][1], spans[number + 1][1])
        x0, x1 = round(left * INK_SCALE), round(right * INK_SCALE)
        run = longest = 0
        for y in range(round((height - upper.baseline) * INK_SCALE),
                       round((height - lower.baseline) * INK_SCALE)):
            data = image.crop((x0, y, x1, y + 1)).tobytes()
            if data == data[:3] * (len(data) // 3):  # one colour across: white
                run += 1
                longest = max(longest, run)
                continue
            row = [data[at:at + 3] for at in range(0, len(data), 3)]
            own = Counter(row).most_common(1)[0][0]
            if any(max(abs(a - b) for a, b in zip(pixel, own, strict=True)) > 60
                   for pixel in set(row)):
                run = 0
            else:
                run += 1
                longest = max(longest, run)
        found.append((f"{number}-{number + 1}", round(longest / INK_SCALE / MM, 2)))
    return found


def test_lines_keep_white_between_their_ink(stickers: tuple[Path, Path, str]) -> None:
    """The review of main at 8.5: the Vietnamese and Urdu blocks crowded, 0.32 mm of white
    between the ink of "Need to talk?" and the promise under it (Vietnamese marks over its
    letters). Every two lines one under the other, on the paper and on the foot, keep 0.5
    mm of white between their ink, read from a 600 dpi rendering of the shop file."""
    _, out, _ = stickers
    tight = {}
    for lang in LANGUAGES:
        gaps = ink_white(out / lang / "sticker-shop.pdf")
        assert len(gaps) >= 5, (lang, gaps)
        close = [(pair, gap) for pair, gap in gaps if gap < INK_WHITE / MM - 0.01]
        if close:
            tight[lang] = close
    assert tight == {}, tight


# --- the code's white and the caption's ink (the designer's review of main at 8.5) --------
# The code's quiet zone touched the die cut at its top corners (0.00 mm: a drifting cutter
# trims the white a scanner needs) and "Scan to call", 10 pt, printed in the brand colour's
# four inks on the shop file (print-and-safety.md: small text in 100 % K only).

QUIET_MODULES = 4  # print-and-safety.md: a quiet zone of 4 modules on every side
DRIFT = 1.5 * MM  # the least white between the quiet zone and the cut (a cutter's 1/16 in)


def test_the_codes_quiet_zone_keeps_clear_of_the_cut(stickers: tuple[Path, Path, str]) -> None:
    """zxing-cpp's corners of the code's modules, 4 modules out on every side, stand at
    least DRIFT inside the circle the layout's size cuts, in every language; the code is
    still at least 0.75 in (qr_size.py's floor) with modules of 0.4 mm or more."""
    kit, out, _ = stickers
    paper = "a4" if "paper: a4" in (kit / "site.yaml").read_text(encoding="utf-8") else "letter"
    size = available_layouts()["sticker"].spec.sizes[paper]
    radius = min(size.width, size.height) / 2
    for lang in LANGUAGES:
        pdf = out / lang / "sticker-shop.pdf"
        left, bottom, right, top = trim_of(pdf)
        assert abs((right - left) - size.width) < 0.1, lang  # the trim is the layout's size
        x, y = (left + right) / 2, (bottom + top) / 2
        code_left, code_bottom, code_right, code_top, module = qr_modules(pdf)
        assert code_right - code_left >= 0.75 * 72 - 0.5 and module >= 0.4 * MM, lang
        quiet = QUIET_MODULES * module
        white = (code_left - quiet, code_bottom - quiet, code_right + quiet, code_top + quiet)
        least = min(radius - math.hypot(cx - x, cy - y)
                    for cx in (white[0], white[2]) for cy in (white[1], white[3]))
        assert least >= DRIFT, (lang, round(least / MM, 2))


def test_the_codes_caption_prints_in_black_ink_alone(stickers: tuple[Path, Path, str]) -> None:
    """Every glyph under 12 pt between the code's quiet zone and 12 mm under it (the
    caption, 10 pt) is painted 100 % K and no other ink on the shop file, in every
    language."""
    _, out, _ = stickers
    for lang in LANGUAGES:
        pdf = out / lang / "sticker-shop.pdf"
        _, code_bottom, _, _, module = qr_modules(pdf)
        under = code_bottom - QUIET_MODULES * module
        caption = [mark for mark in page_marks(PdfReader(pdf), 0)[0] if mark.kind == "text"
                   and under - 12 * MM < mark.points[0][1] < under and mark.size < 12]
        assert caption, lang
        for mark in caption:
            assert mark.colour.space == "DeviceCMYK", (lang, mark)
            assert mark.colour.values == (0.0, 0.0, 0.0, 1.0), (lang, mark.colour)
