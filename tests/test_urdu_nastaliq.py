"""Urdu in Nastaliq where its room allows (issue 42: Urdu readers expect Nastaliq, and every
piece printed it in Noto Sans Arabic's Naskh). Large print sets Urdu in Debian's Noto
Nastaliq Urdu (fonts-noto-core, never downloaded), its lines far enough apart that no glyph
of one line overlaps the next (pdfium's glyph boxes); the pieces whose room cannot take
Nastaliq's tall lines keep Naskh (measured: the brochure lost its key points and the back
panel's number, the safety plan and the folding card did not fit, the pocket card lost its
card line, and on each their lines overlapped). Read back from the PDFs: the fonts embedded
(pypdf), the text (poppler), the glyph boxes (pdfium)."""

from __future__ import annotations

import ctypes
import functools
import math
import re
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
import uharfbuzz as hb
from fontTools.ttLib import TTFont
from pypdf import PdfReader

from tests.conftest import (
    DEFAULT_CONTENT,
    INVISIBLE_RENDER_MODES,
    REPO,
    default_kit_in,
    edit,
    glyphs_only,
)
from tests.test_where_lines_print import run_cli

NASTALIQ = Path("/usr/share/fonts/truetype/noto/NotoNastaliqUrdu-Regular.ttf")
pytestmark = pytest.mark.skipif(not NASTALIQ.is_file(),
                                reason="needs Noto Nastaliq Urdu from Debian's fonts-noto-core")


def embedded_fonts(pdf: Path) -> set[str]:
    """The /BaseFont of every font the pages use, without the subset's tag."""
    names = set()
    for page in PdfReader(pdf).pages:
        fonts = page.get("/Resources", {}).get("/Font", {})
        for font in fonts.values():
            names.add(str(font.get_object()["/BaseFont"]).lstrip("/").split("+")[-1])
    return names


@pytest.fixture(scope="module")
def urdu(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("urdu")
    code, err = run_cli("build", default_kit_in(root / "kit", ["ur"]), "--out", root / "out",
                        "--no-previews", "--format", "large-print", "--format", "pocket-card",
                        "--format", "brochure")
    assert code == 0, err
    return root / "out"


@pytest.fixture(scope="module")
def urdu_18(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("urdu-18")
    content = default_kit_in(root / "kit", ["ur"])
    site = content / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8") + "large_print_size: 18\n",
                    encoding="utf-8")
    code, err = run_cli("build", content, "--out", root / "out", "--no-previews", "--format",
                        "large-print")
    assert code == 0, err
    return root / "out"


def test_large_print_sets_urdu_in_nastaliq(urdu: Path) -> None:
    pdf = urdu / "ur" / "large-print.pdf"
    fonts = embedded_fonts(pdf)
    assert {"NotoNastaliqUrdu-Regular", "NotoNastaliqUrdu-Bold"} <= fonts, fonts
    # and its text reads back (poppler): the article's title, from its front matter
    if shutil.which("pdftotext"):
        markdown = (DEFAULT_CONTENT / "articles" / "trauma-bonding.ur.md").read_text(
            encoding="utf-8")
        title = re.search(r"^title: (.+)$", markdown, re.MULTILINE).group(1).strip("\"' ")
        text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                              check=True).stdout
        assert "".join(title.split()) in "".join(text.split()), title


def test_pieces_without_room_for_it_keep_naskh(urdu: Path) -> None:
    for piece in ("pocket-card", "brochure"):
        fonts = embedded_fonts(urdu / "ur" / f"{piece}.pdf")
        assert "NotoSansArabic-Regular" in fonts, (piece, fonts)
        assert not [font for font in fonts if "Nastaliq" in font], (piece, fonts)


def line_of(glyph: tuple[float, ...], lines: list[float]) -> float:
    """The line a glyph (its text object's baseline, size and box) belongs to."""
    y, size, _, bottom, _, top = glyph
    fits = [line for line in lines if bottom >= line - 0.65 * size and top <= line + 1.7 * size]
    if len(fits) == 1:
        return fits[0]
    below = [line for line in lines if line <= y + 0.4 * size]
    return below[-1] if below else y


def overlapping_glyphs(pdf: Path) -> list[tuple[int, float, float]]:
    """Pairs of glyphs of different lines whose boxes (pdfium's, tight) overlap, as (page,
    width, depth) of each overlap. Nastaliq draws a word's letters raised above its line in
    text objects of their own: a line is the baseline of its fullest run (of three glyphs or
    more: a word alone, as the lines' "ایمرجنسی" over 911, keeps three), and a glyph
    belongs to the one line its box fits (0.65 em below the baseline to 1.7 em above),
    else to the nearest line at or below its own text object's baseline."""
    found = []
    document = glyphs_only(pdf)
    for page_index in range(len(document)):
        text = document[page_index].get_textpage()
        glyphs = []
        for index in range(text.count_chars()):
            drawn = pdfium_c.FPDFText_GetTextObject(text.raw, index)
            if (not text.get_text_range(index, 1).strip() or not drawn
                    or pdfium_c.FPDFTextObj_GetTextRenderMode(drawn) in INVISIBLE_RENDER_MODES):
                continue
            matrix = pdfium_c.FS_MATRIX()
            pdfium_c.FPDFPageObj_GetMatrix(drawn, ctypes.byref(matrix))
            left, bottom, right, top = text.get_charbox(index, loose=False)
            if right - left > 0.01 and top - bottom > 0.01:
                glyphs.append((round(matrix.f, 1), pdfium_c.FPDFText_GetFontSize(text.raw, index),
                               left, bottom, right, top))
        runs = Counter(glyph[0] for glyph in glyphs)
        sizes = {glyph[0]: glyph[1] for glyph in glyphs}
        lines: list[float] = []
        for baseline in sorted((y for y, count in runs.items() if count >= 3),
                               key=lambda y: -runs[y]):
            if all(abs(baseline - other) > sizes[baseline] for other in lines):
                lines.append(baseline)
        lines.sort()

        placed = [(line_of(glyph, lines), *glyph[2:]) for glyph in glyphs]
        for at, (line_a, left_a, bottom_a, right_a, top_a) in enumerate(placed):
            for line_b, left_b, bottom_b, right_b, top_b in placed[at + 1:]:
                if line_a == line_b:
                    continue
                wide = min(right_a, right_b) - max(left_a, left_b)
                deep = min(top_a, top_b) - max(bottom_a, bottom_b)
                if wide > 0.3 and deep > 0.3:
                    found.append((page_index, wide, deep))
    return found


@pytest.mark.parametrize("size", ["14", "18"])
def test_no_glyph_of_a_line_overlaps_the_next(urdu: Path, urdu_18: Path, size: str) -> None:
    """Nastaliq's cascades stand far above its baseline: at the script's 1.5 times the size
    185 glyphs overlapped the next line's (9.5 pt deep); its lines are set further apart."""
    pdf = (urdu if size == "14" else urdu_18) / "ur" / "large-print.pdf"
    assert "NotoNastaliqUrdu-Regular" in embedded_fonts(pdf)
    assert overlapping_glyphs(pdf) == []


def test_the_measure_finds_lines_set_too_close(tmp_path: Path) -> None:
    """The measure can fail: a site's own large print without the script's leading (its
    styles' 1.43 times the size) overlaps Nastaliq's lines."""
    content = default_kit_in(tmp_path / "kit", ["ur"])
    shutil.copytree(REPO / "layouts" / "large-print", content / "layouts" / "large-print")
    layout = content / "layouts" / "large-print" / "layout.yaml"
    text = layout.read_text(encoding="utf-8")
    layout.write_text(re.sub(r"^script_leading: true", "script_leading: false", text,
                             flags=re.MULTILINE), encoding="utf-8")
    code, err = run_cli("build", content, "--out", tmp_path / "out", "--no-previews",
                        "--format", "large-print")
    assert code == 0, err
    overlaps = overlapping_glyphs(tmp_path / "out" / "ur" / "large-print.pdf")
    assert len(overlaps) > 20 and max(deep for _, _, deep in overlaps) > 3, overlaps[:3]


def test_without_the_font_urdu_prints_in_naskh(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine without fonts-noto-core prints Urdu large print in the built-in Naskh (never
    fetching a font), and the build says so."""
    from generator.i18n import fonts

    monkeypatch.setattr(fonts, "NOTO_CORE", tmp_path / "no-fonts")
    code, err = run_cli("build", default_kit_in(tmp_path / "kit", ["ur"]), "--out",
                        tmp_path / "out", "--no-previews", "--format", "large-print",
                        "--jobs", "1")
    assert code == 0, err
    # and says so, naming the file and the package
    said = [line for line in err.splitlines() if "large-print" in line and "Nastaliq" in line]
    assert said and "NotoNastaliqUrdu-Regular.ttf" in said[0] and "fonts-noto-core" in said[0]
    embedded = embedded_fonts(tmp_path / "out" / "ur" / "large-print.pdf")
    assert "NotoSansArabic-Regular" in embedded and not [
        font for font in embedded if "Nastaliq" in font], embedded


def test_the_screen_copy_is_set_in_naskh(tmp_path: Path) -> None:
    """A screen copy is read by screen readers and copied from: poppler took the screen
    copy's Nastaliq clusters (one glyph each, where its cascades put them) out of their
    words' order ("...کالز، می ج" and "سز اور دیکھی گئی" a line above). It is laid out in
    Naskh; the printed files keep Nastaliq."""
    code, err = run_cli("build", default_kit_in(tmp_path / "kit", ["ur"]), "--out",
                        tmp_path / "out", "--no-previews", "--format", "large-print",
                        "--target", "all")
    assert code == 0, err
    screen = embedded_fonts(tmp_path / "out" / "ur" / "large-print-screen.pdf")
    assert "NotoSansArabic-Regular" in screen and not [f for f in screen if "Nastaliq" in f]
    for printed in ("large-print.pdf", "large-print-shop.pdf"):
        assert "NotoNastaliqUrdu-Regular" in embedded_fonts(tmp_path / "out" / "ur" / printed)


def foot_blank(pdf: Path, page_index: int, margin: float) -> float:
    """The share of the text area's height left blank under the page's last line (ink read
    by pdfium, the folio in the bottom margin aside)."""
    document = pdfium.PdfDocument(str(pdf))
    page = document[page_index]
    text = page.get_textpage()
    bottoms = [text.get_charbox(index)[1] for index in range(text.count_chars())
               if text.get_text_range(index, 1).strip()
               and text.get_charbox(index)[3] > margin]
    return (min(bottoms) - margin) / (page.get_height() - 2 * margin)


@pytest.fixture(scope="module")
def urdu_a4(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("urdu-a4")
    kit = default_kit_in(root / "kit", ["ur"])
    edit(kit / "site.yaml", "paper: letter", "paper: a4")
    code, err = run_cli("build", kit, "--out", root / "out", "--no-previews", "--format",
                        "large-print")
    assert code == 0, err
    return root / "out"


def test_the_first_page_is_not_left_a_third_empty(urdu: Path, urdu_a4: Path) -> None:
    """The 988 line moved whole to page 2 left 76 mm of Letter's page 1 blank (93 mm of
    A4's): a line goes on over a page between its details, so page 1 is fuller. About a
    fifth at most: Letter's page 1 is 0.207 blank now that the title starts below the
    margin (test_the_ink_starts_inside_the_margin; it was 0.24 before the line could go on
    over a page)."""
    for out, margin in ((urdu, 54.0), (urdu_a4, 19 / 25.4 * 72)):
        assert foot_blank(out / "ur" / "large-print.pdf", 0, margin) <= 0.21, out


def test_the_ink_starts_inside_the_margin(urdu: Path, urdu_a4: Path) -> None:
    """Nastaliq's tall ascenders put the title's ink 11.5 mm from the top edge (the margin
    19 mm) and a page's first line's 14.3 mm: every page's ink, as pdfium renders it,
    starts at the margin or below, as other languages' does."""
    for out, margin in ((urdu, 0.75 * 72), (urdu_a4, 19 / 25.4 * 72)):
        document = pdfium.PdfDocument(str(out / "ur" / "large-print.pdf"))
        for index in range(len(document)):
            image = document[index].render(scale=2).to_pil().convert("L")
            width, height = image.size
            pixels = image.load()
            top = next(y for y in range(height) if any(pixels[x, y] < 200
                                                       for x in range(width)))
            assert top / 2 >= margin - 1, (out.parent.name, index, top / 2, margin)


# Where each glyph of a word is drawn, against where HarfBuzz alone puts it. ReportLab 5.1
# drew Nastaliq's stacked joins wrongly before the corrections of
# generator/i18n/reportlab_text.py (docs/languages.md said so): read back with pdfium, each
# inked glyph of a drawn word stands where HarfBuzz's advances and offsets put it, in the
# same font and size, relative to the others.
Glyph = tuple[int, float, float, float]  # glyph id, origin x and y, size (points)


def drawn_nastaliq(pdf: Path, page_index: int) -> list[Glyph]:
    """The page's glyphs of the regular Nastaliq face, in the order drawn, as pdfium reads
    them without /ActualText: a glyph written as a private character (U+E000 + its id:
    generator/i18n/reportlab_text.py) or as the character the font maps to it."""
    cmap = TTFont(NASTALIQ).getBestCmap()
    order = {name: gid for gid, name in enumerate(TTFont(NASTALIQ).getGlyphOrder())}
    text = glyphs_only(pdf)[page_index].get_textpage()
    glyphs = []
    for index in range(text.count_chars()):
        drawn = pdfium_c.FPDFText_GetTextObject(text.raw, index)
        if not drawn or pdfium_c.FPDFTextObj_GetTextRenderMode(drawn) in INVISIBLE_RENDER_MODES:
            continue
        name = ctypes.create_string_buffer(128)
        pdfium_c.FPDFFont_GetBaseFontName(pdfium_c.FPDFTextObj_GetFont(drawn), name, 128)
        if not name.value.endswith(b"NotoNastaliqUrdu-Regular"):
            continue
        char = pdfium_c.FPDFText_GetUnicode(text.raw, index)
        gid = char - 0xE000 if 0xE000 <= char <= 0xF8FF else order[cmap[char]]
        x, y = ctypes.c_double(), ctypes.c_double()
        pdfium_c.FPDFText_GetCharOrigin(text.raw, index, x, y)
        matrix = pdfium_c.FS_MATRIX()
        pdfium_c.FPDFPageObj_GetMatrix(drawn, ctypes.byref(matrix))
        size = ctypes.c_float()
        pdfium_c.FPDFTextObj_GetFontSize(drawn, ctypes.byref(size))
        glyphs.append((gid, x.value, y.value, size.value * math.hypot(matrix.a, matrix.b)))
    return glyphs


@functools.cache
def harfbuzz() -> hb.Font:
    return hb.Font(hb.Face(hb.Blob.from_file_path(NASTALIQ)))


def shaped_by_harfbuzz(word: str, size: float) -> list[tuple[int, float, float]]:
    """The word's inked glyphs as HarfBuzz shapes it (the features havenprint asks for),
    each with its origin in points from the word's start."""
    font = harfbuzz()
    buffer = hb.Buffer()
    buffer.add_str(word)
    buffer.guess_segment_properties()
    hb.shape(font, buffer, {"kern": True, "liga": True})
    scale, pen, glyphs = size / font.face.upem, 0, []
    for info, position in zip(buffer.glyph_infos, buffer.glyph_positions, strict=True):
        if font.get_glyph_extents(info.codepoint).width:  # an empty glyph draws nothing
            glyphs.append((info.codepoint, (pen + position.x_offset) * scale,
                           position.y_offset * scale))
        pen += position.x_advance
    return glyphs


def word_deviations(glyphs: list[Glyph], word: str) -> list[float]:
    return [deviation for _, deviation in word_places(glyphs, word)]


def word_places(glyphs: list[Glyph], word: str) -> list[tuple[int, float]]:
    """For each place the word is drawn, how far (points) its glyph furthest from
    HarfBuzz's position is (with the index of the drawn glyph it is placed by: the word's
    rarest glyph on the page); each HarfBuzz glyph is matched with the drawn glyph of its
    id, among the few drawn around it, nearest where HarfBuzz puts it. Empty where the word
    is not drawn."""
    shaped = shaped_by_harfbuzz(word, glyphs[0][3]) if glyphs else []
    if not shaped:
        return []
    count = Counter(glyph[0] for glyph in glyphs)
    anchor = min(shaped, key=lambda glyph: count[glyph[0]])
    span = len(shaped) + 4
    deviations = []
    for index, (gid, x, y, _) in enumerate(glyphs):
        near = glyphs[max(0, index - span):index + span]
        if gid != anchor[0] or not {one[0] for one in shaped} <= {one[0] for one in near}:
            continue
        left, base = x - anchor[1], y - anchor[2]
        deviations.append((index, max(
            min(max(abs(drawn_x - left - at_x), abs(drawn_y - base - at_y))
                for drawn_gid, drawn_x, drawn_y, _ in near if drawn_gid == want)
            for want, at_x, at_y in shaped)))
    return deviations


def page_words(pdf: Path, page_index: int) -> list[str]:
    """The page's Urdu words, as poppler reads them (from the /ActualText: the words'
    letters in reading order)."""
    text = subprocess.run(["pdftotext", "-f", str(page_index + 1), "-l", str(page_index + 1),
                           str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    words = (word.strip("\u202a\u202b\u202c\u200e\u200f،۔؟:") for word in text.split())
    return [word for word in words if word and all("\u0621" <= c <= "\u06d3" for c in word)]


def placed_words(glyphs: list[Glyph], words: list[str]) -> float:
    """The share of the words (each time the text has it) drawn with every inked glyph
    within 0.01 pt of HarfBuzz's position: a word the text has n times must be found drawn
    so n times. (Its glyphs can also make up part of another word: found there with other
    positions, that place counts for nothing.)"""
    wanted = Counter(words)
    found = {word: sum(deviation < 0.01 for deviation in word_deviations(glyphs, word))
             for word in wanted}
    return sum(min(found[word], times) for word, times in wanted.items()) / len(words)


@pytest.mark.skipif(not shutil.which("pdftotext"), reason="needs poppler's pdftotext")
def test_nastaliq_glyphs_are_drawn_where_harfbuzz_puts_them(urdu: Path) -> None:
    """Page 5 of the 14 pt large print (189 words, "موجود" twice and "رابطہ" among them):
    each inked glyph of a word stands within 0.01 pt of HarfBuzz's position (measured:
    0.0001 at most; 188 of the 189 words: the one pdfium does not place is bold, another
    face). The measure finds a glyph 0.3 pt off its place."""
    pdf = urdu / "ur" / "large-print.pdf"
    glyphs = drawn_nastaliq(pdf, 4)
    words = page_words(pdf, 4)
    assert words.count("موجود") == 2 and "رابطہ" in words and len(words) > 150, words[:20]
    assert placed_words(glyphs, words) >= 0.98
    assert sum(deviation < 0.01 for deviation in word_deviations(glyphs, "موجود")) == 2
    assert min(word_deviations(glyphs, "رابطہ")) < 0.01

    # a glyph of one موجود raised 0.3 pt: that one is found off its place
    index = word_places(glyphs, "موجود")[0][0]
    gid, x, y, size = glyphs[index]
    moved = [*glyphs[:index], (gid, x, y + 0.3, size), *glyphs[index + 1:]]
    assert sum(deviation < 0.01 for deviation in word_deviations(moved, "موجود")) == 1
    assert max(word_deviations(moved, "موجود")) > 0.29
    # every seventh glyph of the page 0.3 pt to the side: most words are off
    shifted = [(gid, x + 0.3 * (at % 7 == 0), y, size)
               for at, (gid, x, y, size) in enumerate(glyphs)]
    assert placed_words(shifted, words) < 0.7
