"""havenprint's corrections of ReportLab's shaped text (generator/i18n/reportlab_text.py):
each does what it is for on the Python running the tests (CI runs these on every Python it
supports), and a ReportLab they no longer suit stops the build with an error that names it,
never a misprint."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys
import unicodedata
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import reportlab
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.pdfbase.ttfonts import ShapeData, ShapedStr, TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from generator.errors import LibraryError
from generator.i18n import reportlab_text
from generator.i18n.fonts import REGULAR
from generator.i18n.reportlab_text import (
    CAPITAL_ACCENT,
    PRIVATE_FIRST,
    LevelCanvas,
    ShapingFont,
    check_corrections,
    level_text,
    shaped_str,
)
from tests.conftest import DEFAULT_CONTENT, REPO, default_kit_in

needs_mutool = pytest.mark.skipif(shutil.which("mutool") is None,
                                  reason="MuPDF's mutool is not installed (mupdf-tools)")


def test_the_corrections_hold_with_the_reportlab_here() -> None:
    check_corrections(REGULAR)  # as every process does when its engine starts
    assert isinstance(getFont(REGULAR), ShapingFont)


def test_a_text_object_that_keeps_the_first_rise_stops_the_build(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """ReportLab's own text object (a release whose canvas no longer hands out LevelText
    would draw it): the check sees the letter after two raised marks drawn off the line."""
    monkeypatch.setattr(reportlab_text, "level_text",
                        lambda canvas, x, y: PDFTextObject(canvas, x, y))
    with pytest.raises(LibraryError, match=rf"^ReportLab {reportlab.Version} .*marks raised"):
        check_corrections(REGULAR)


def test_a_font_that_hands_out_the_next_private_character_stops_the_build(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """ReportLab's own private characters (a release that no longer asks the font's
    hbAddPrivate after hbFont): the check sees the glyph's character is not its id's."""
    from fontTools.ttLib import TTFont as FontFile
    from reportlab.pdfbase import pdfmetrics

    # The default face under another name: ReportLab registers one font per face name, and
    # this one has no private character given yet.
    copy = tmp_path / "copy.ttf"
    font_file = FontFile(getFont(REGULAR).face.filename)
    font_file["name"].setName("HavenprintTestPrivate", 6, 3, 1, 0x409)
    font_file.save(copy)
    monkeypatch.setattr(ShapingFont, "hbFont", TTFont.hbFont)
    pdfmetrics.registerFont(ShapingFont("havenprint-test-private", str(copy)))
    with pytest.raises(LibraryError, match=rf"^ReportLab {reportlab.Version} .*private"):
        check_corrections("havenprint-test-private")


def test_the_command_line_says_which_library_and_exits_5() -> None:
    script = (
        "import sys\n"
        "from reportlab.pdfgen.textobject import PDFTextObject\n"
        "import generator.i18n.reportlab_text as fixes\n"
        "fixes.level_text = lambda canvas, x, y: PDFTextObject(canvas, x, y)\n"
        "from generator.commands.cli import main\n"
        "sys.exit(main(['check', sys.argv[1], '--format', 'pocket-card', '--lang', 'en']))\n")
    result = subprocess.run([sys.executable, "-c", script, str(DEFAULT_CONTENT)], cwd=REPO,
                            capture_output=True, text=True)
    assert result.returncode == 5, result.stderr
    [line] = result.stderr.splitlines()
    assert line.startswith(f"havenprint: error: ReportLab {reportlab.Version} does not draw")
    assert "nothing was built" in line


def test_shaped_text_is_drawn_on_a_level_canvas_only() -> None:
    assert isinstance(level_text(LevelCanvas(io.BytesIO()), 0, 0), reportlab_text.LevelText)
    with pytest.raises(TypeError, match="LevelCanvas, not a Canvas"):
        level_text(Canvas(io.BytesIO()), 0, 0)


def test_a_run_that_starts_with_a_raised_mark_is_drawn() -> None:
    """A shaped run whose first glyph is raised (an Arabic mark), drawn after another in
    the same subset: ReportLab's setRise looked back at the run's code, and there was none
    yet (IndexError); the mark is raised and the letter after it back on the line."""
    widths = getFont(REGULAR).face.charWidths
    mark_first = ShapedStr("\u0301b", shapeData=[
        ShapeData(0, 0, 0, -300, 200, widths[0x301]),
        ShapeData(1, widths[0x62], 0, 0, 0, widths[0x62])])
    for text_object in (PDFTextObject, reportlab_text.LevelText):
        text = text_object(LevelCanvas(io.BytesIO()), 0, 0)
        text.setFont(REGULAR, 10)
        text.textOut(shaped_str("b", REGULAR, 10))
        if text_object is PDFTextObject:
            with pytest.raises(IndexError):  # ReportLab's own, which the subclass corrects
                text.textOut(mark_first)
            continue
        text.textOut(mark_first)
        assert re.search(r"2 Ts \[300 \(\\\d+\) -300\] TJ 0 Ts \(b\) Tj ET$", text.getCode())


def test_a_glyph_gets_its_private_character_whatever_was_shaped_before() -> None:
    """The capital accent's glyph gets U+E000 plus its glyph id, in any order of shaping,
    with the glyph's own advance as its width."""
    shaped = shaped_str(CAPITAL_ACCENT, REGULAR, 10)
    face = getFont(REGULAR).face
    [private] = [ord(char) for char in shaped if ord(char) >= PRIVATE_FIRST]
    gid = face.charToGlyph[private]
    assert private == PRIVATE_FIRST + gid
    assert face.charWidths[private] == face.hmetrics[gid][0]  # 1000 units per em
    assert shaped_str("E" + CAPITAL_ACCENT, REGULAR, 12).endswith(chr(private))


def thai_lines(pdf: Path) -> list[tuple[str, list[tuple[str, float]]]]:
    """Each line as MuPDF reads it (`mutool draw -F stext`): its text, and its Thai letters
    (not the marks above and below them) with their baselines (how far each letter's
    origin is across the line's direction: a margin's caption runs up the page)."""
    stext = subprocess.run(["mutool", "draw", "-q", "-F", "stext", "-o", "-", str(pdf)],
                           capture_output=True, check=True).stdout
    lines = []
    for line in ET.fromstring(stext).iter("line"):
        dx, dy = (float(value) for value in line.get("dir", "1 0").split())
        chars = [(char.get("c", ""),
                  float(char.get("y", "0")) * dx - float(char.get("x", "0")) * dy)
                 for char in line.iter("char")]
        letters = [(c, y) for c, y in chars
                   if "\u0e01" <= c <= "\u0e5b" and unicodedata.category(c) != "Mn"]
        lines.append(("".join(c for c, _ in chars), letters))
    return lines


@needs_mutool
def test_thai_letters_keep_one_baseline_as_mupdf_reads_them(tmp_path: Path, run) -> None:  # noqa: ANN001
    """"ตลอด 24 ชั่วโมง" on the card's back: ReportLab kept the rise of the vowel above
    "ช" in force after the tone mark above it, and drew "วโมง" 1.6 pt above the line."""
    kit = default_kit_in(tmp_path / "content", ["th"])
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--format",
                 "pocket-fold", "--no-previews", "--jobs", "1")
    assert result.code == 0, result.err
    for name in ("pocket-card.pdf", "pocket-fold.pdf"):
        lines = thai_lines(out / "th" / name)
        # the tone mark's raised form has no character of its own: read as a private one
        assert any("ตลอด 24 ชั" in text and text.endswith("วโมง") for text, _ in lines), name
        off = [(text, letters) for text, letters in lines
               if len({round(y, 2) for _, y in letters}) > 1]
        assert off == [], name


def test_a_level_canvas_keeps_each_page_size_as_the_pdf_says_it() -> None:
    """The sizes the kit's index and manifest tell without reading the PDF back: each
    page's, in order, as pypdf reads its MediaBox, whether the size came with the canvas,
    was set before drawing or between pages, and for the last page saved without
    showPage; a canvas with ReportLab's own crop marks (pages larger than their size) is
    refused."""
    from pypdf import PdfReader

    buffer = io.BytesIO()
    canvas = LevelCanvas(buffer, pagesize=(200.5, 300.25), invariant=1)
    canvas.drawString(10, 10, "one")
    canvas.showPage()
    canvas.setPageSize((612, 792))
    canvas.drawString(10, 10, "two")
    canvas.showPage()
    canvas.drawString(10, 10, "three")
    canvas.showPage()
    a4 = (297 * 72 / 25.4, 210 * 72 / 25.4)  # written to 4 decimals: 841.8898 595.2756
    canvas.setPageSize(a4)
    canvas.drawString(10, 10, "four")
    canvas.save()
    read = [(float(page.mediabox.width), float(page.mediabox.height))
            for page in PdfReader(io.BytesIO(buffer.getvalue())).pages]
    assert len(canvas.page_sizes) == len(read) == 4
    assert all(abs(a - b) < 1e-3 for drawn, written in zip(canvas.page_sizes, read, strict=True)
               for a, b in zip(drawn, written, strict=True)), (canvas.page_sizes, read)
    assert read[:3] == [(200.5, 300.25), (612, 792), (612, 792)]
    with pytest.raises(ValueError, match="cropMarks"):
        LevelCanvas(io.BytesIO(), pagesize=(100, 100), cropMarks=True)


# --- a glyph that several characters share stands for the one written ----------------------

PERSIAN, ARABIC_INDIC = "۰۱۲۳۴۵۶۷۸۹", "٠١٢٣٤٥٦٧٨٩"


def _digit_set(char: str) -> str:
    return ("persian" if char in PERSIAN else "arabic-indic" if char in ARABIC_INDIC
            else "western" if char.isascii() else unicodedata.name(char))


@pytest.mark.parametrize("digits", [PERSIAN, ARABIC_INDIC])
@pytest.mark.parametrize("lang", ["fa", "ar", "ur"])
def test_shared_digit_glyphs_are_written_as_the_digits_given(lang: str, digits: str) -> None:
    """The fonts draw ۸ and ٨ (and most Persian and Arabic-Indic digits) with one glyph;
    ReportLab gave the glyph the first character mapped to it, the Arabic-Indic one."""
    from generator.i18n.fonts import font_set, register_fonts

    register_fonts()
    fonts = font_set(lang, digits)
    font = fonts.primary()
    shared = [char for char in digits if getFont(font).face.charToGlyph.get(ord(char)) in {
        getFont(font).face.charToGlyph.get(ord(twin)) for twin in PERSIAN + ARABIC_INDIC
        if twin != char}]
    assert shared, f"{font} shares no digit glyph: the test looks at nothing"
    shaped = shaped_str(f"تماس {digits}", font, 10)
    assert {_digit_set(char) for char in shaped if char.isdecimal()} == {_digit_set(digits[0])}


@needs_mutool
def test_a_persian_number_reads_in_its_own_digits_in_mupdf(tmp_path: Path, run) -> None:  # noqa: ANN001
    """The verifier's second pass: a line written "۰۸۰۸ ۲۰۰۰ ۲۴۷" printed, and MuPDF read
    "۰٨۰٨ ۲۰۰۰ ۲۴۷" (the eights Arabic-Indic). Every number on the card back and the
    brochure, in Persian and Arabic kits, reads in one digit set, the source's."""
    kit = default_kit_in(tmp_path / "content", ["fa", "ar"])
    site = kit / "site.yaml"
    site.write_text(re.sub(r"^country: \w+", "country: GB", site.read_text(encoding="utf-8"),
                           flags=re.MULTILINE), encoding="utf-8")
    (kit / "resources.yaml").write_text(
        "resources:\n  - name: Domestic abuse helpline\n    phone: ۰۸۰۸ ۲۰۰۰ ۲۴۷\n"
        "    verified: 2026-11-01\n  - name: Support line\n    phone: ٠٢٠ ٧٩٤٦ ٠٠٠٠\n"
        "    verified: 2026-11-01\n  - name: Emergency\n    phone: \"999\"\n"
        "    verified: 2026-11-01\n", encoding="utf-8")
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--format",
                 "brochure", "--no-previews")
    assert result.code == 0, result.err
    for lang in ("fa", "ar"):
        for name in ("pocket-card.pdf", "brochure.pdf"):
            stext = subprocess.run(["mutool", "draw", "-q", "-F", "stext", "-o", "-",
                                    str(out / lang / name)], capture_output=True,
                                   check=True).stdout
            read = ["".join(char.get("c", "") for char in line.iter("char"))
                    for line in ET.fromstring(stext).iter("line")]
            numbers = [found.group() for text in read
                       for found in re.finditer(r"\d(?:[ \d]*\d)?", text)]
            assert "۰۸۰۸ ۲۰۰۰ ۲۴۷" in numbers and "٠٢٠ ٧٩٤٦ ٠٠٠٠" in numbers, (lang, name,
                                                                             numbers)
            mixed = [number for number in numbers
                     if len({_digit_set(char) for char in number if char.isdecimal()}) > 1]
            assert mixed == [], (lang, name, mixed)
