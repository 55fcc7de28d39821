"""One type scale for the whole brochure (design review, issue h53): the flap set its
headings at 12.5 pt and its text at 10 beside inside headings of 13.3 and body of 10.9
(Spanish: eight sizes, steps of 1.06-1.09 that read as mistakes). Every brochure, in all
sixteen languages on Letter and A4, prints at most five sizes (body, small, heading,
number, headline), each at least 1.15 times the one below, none under 9.5 pt."""

from __future__ import annotations

import ctypes
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

MOST_SIZES = 5
LEAST_STEP = 1.15


def printed_sizes(pdf: Path) -> dict[float, int]:
    """Size in points as printed (the text object's font size times its matrix's scale) ->
    how many visible text objects print at it, within each page's bleed box (the slug line
    outside it is the print shop's, not the design's)."""
    sizes: dict[float, int] = {}
    document = pdfium.PdfDocument(str(pdf))
    for page in document:
        left, bottom, right, top = page.get_bleedbox()
        for text in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_TEXT], max_depth=5):
            if pdfium_c.FPDFTextObj_GetTextRenderMode(text.raw) \
                    == pdfium_c.FPDF_TEXTRENDERMODE_INVISIBLE:
                continue  # the copyable text layer under shaped lines
            x0, y0, x1, y1 = text.get_bounds()
            if x1 < left or x0 > right or y1 < bottom or y0 > top:
                continue
            size = ctypes.c_float()
            assert pdfium_c.FPDFTextObj_GetFontSize(text.raw, ctypes.byref(size))
            a, b, c, d, _, _ = text.get_matrix().get()
            points = round(size.value * abs(a * d - b * c) ** 0.5, 1)
            sizes[points] = sizes.get(points, 0) + 1
    document.close()
    return sizes


@pytest.mark.parametrize("paper", ["us", "iso"])
def test_every_brochure_prints_one_scale_of_five_sizes(built_brochures, paper: str  # noqa: ANN001
                                                       ) -> None:
    _, out, _ = built_brochures(paper)
    pdfs = sorted(out.glob("*/brochure*.pdf"))
    assert len(pdfs) >= 16
    wrong = {}
    for pdf in pdfs:
        sizes = sorted(printed_sizes(pdf))
        assert len(sizes) >= 3, (pdf, sizes)
        close = [(low, high) for low, high in zip(sizes, sizes[1:])
                 if high / low < LEAST_STEP - 0.005]
        if len(sizes) > MOST_SIZES or close or sizes[0] < 9.5 - 0.01:
            wrong[pdf.parent.name] = sizes
    assert not wrong, wrong
