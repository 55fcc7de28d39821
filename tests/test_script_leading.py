"""Line spacing by script (design.md: "Leading about 1.25 for Latin, 1.5 or more for Arabic,
Thai and Indic scripts"): the running text of a brochure, a large-print copy and a safety
plan, read back from the PDF: the distance between the baselines of consecutive lines of one
paragraph, over the size of its type."""

from __future__ import annotations

import ctypes
import itertools
import unicodedata
from pathlib import Path

import pypdfium2.raw as pdfium_c
import pytest

from tests.conftest import INVISIBLE_RENDER_MODES, default_kit_in, glyphs_only

LANGUAGES = ["en", "ar", "th", "hi"]
TALL_SCRIPTS = {"ar", "th", "hi"}


# Columns across a page: the brochure's three panels, the safety plan's two pages a sheet
# (a line of one page and a line of the other may lie a line apart), large print's one.
COLUMNS = {"brochure": 3, "safety-plan": 2, "large-print": 1}


def line_spacings(pdf: Path, columns: int) -> list[float]:
    """For every page and column: each gap between two consecutive baselines set in the
    same type size (letters only: marks sit off the baseline), over that size. Each glyph
    drawn in ink, where it is drawn (the page read without its /ActualText, which a
    right-to-left paragraph gives PDFium on invisible glyphs of one point: 01ae2bb)."""
    document = glyphs_only(pdf)
    ratios: list[float] = []
    for page in document:
        text = page.get_textpage()
        width = page.get_width()
        lines: dict[tuple[int, float], set[float]] = {}  # (column, size) -> baselines
        x, y = ctypes.c_double(), ctypes.c_double()
        for index in range(text.count_chars()):
            char = text.get_text_range(index, 1)
            if not char or unicodedata.category(char) not in ("Lo", "Ll", "Lu"):
                continue
            drawn = pdfium_c.FPDFText_GetTextObject(text.raw, index)
            if drawn and pdfium_c.FPDFTextObj_GetTextRenderMode(drawn) in INVISIBLE_RENDER_MODES:
                continue
            size = round(pdfium_c.FPDFText_GetFontSize(text.raw, index), 1)
            pdfium_c.FPDFText_GetCharOrigin(text.raw, index, x, y)
            column = int(x.value / (width / columns))
            lines.setdefault((column, size), set()).add(round(y.value, 1))
        for (_, size), baselines in lines.items():
            ordered = sorted(baselines)
            for lower, upper in itertools.pairwise(ordered):
                gap = upper - lower
                if 0.5 * size < gap < 1.9 * size:  # lines of one paragraph, not two apart
                    ratios.append(gap / size)
    return ratios


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from generator.commands.cli import main

    folder = tmp_path_factory.mktemp("leading")
    content = default_kit_in(folder / "content", LANGUAGES)
    out = folder / "out"
    assert main(["build", str(content), "--format", "brochure", "--format", "large-print",
                 "--format", "safety-plan", "--out", str(out), "--no-previews"]) == 0
    return out


@pytest.mark.parametrize("layout", ["brochure", "large-print", "safety-plan"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_running_text_is_spaced_for_its_script(built: Path, layout: str, lang: str) -> None:
    ratios = line_spacings(built / lang / f"{layout}.pdf", COLUMNS[layout])
    assert len(ratios) >= 10, ratios  # the article's paragraphs wrap
    if lang in TALL_SCRIPTS:
        assert min(ratios) >= 1.5 - 0.02, (lang, layout, sorted(ratios)[:5])
    else:  # Latin keeps the layout's own, tighter leading: the test can tell them apart
        assert min(ratios) < 1.5, (lang, layout, sorted(ratios)[:5])
