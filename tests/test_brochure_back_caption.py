"""The brochure's back panel, an outside surface, captions its QR code with a short neutral
line ("Scan to call"), as the cards and posters do, in all sixteen languages of the default
kit on Letter and A4 (issue 42), and says nothing a watching partner would read as about
abuse or safety (the discretion lint's built-in words). Read back from the office PDFs
(built_brochures): zxing-cpp finds the code on the back panel and decodes the first line's
number (from resources.yaml, never from the output); pdfium finds the caption, from the
catalogue, under the code and within the panel; pdftotext reads the panel's words. The
number is the panel's hero, the code 25-31 mm across (_number_outweighs_its_code)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import yaml
import zxingcpp

from generator.i18n.localize import load_strings
from generator.safety.discretion import builtin_words, revealing_words_in
from tests.conftest import text_objects
from tests.notes_truth import needs_pdftotext, spaceless
from tests.test_brochure_languages import PAPERS, _back_panel, _bi_fold
from tests.test_card_languages import _languages

DPI = 150
MM = 72 / 25.4


def _first_line_digits(content: Path) -> str:
    first = yaml.safe_load((content / "resources.yaml").read_text(encoding="utf-8"))
    return re.sub(r"\D", "", first["resources"][0]["phone"])


def _back_code(pdf: Path, left: float, right: float) -> tuple[str, float, float, float]:
    """(payload, left, right, bottom in points from the page's foot) of the QR code on the
    back panel (between `left` and `right`)."""
    page = pdfium.PdfDocument(str(pdf))[0]
    height = page.get_height()
    image = page.render(scale=DPI / 72).to_pil()
    found = []
    for code in zxingcpp.read_barcodes(image):
        corners = [code.position.top_left, code.position.top_right,
                   code.position.bottom_left, code.position.bottom_right]
        xs = [point.x * 72 / DPI for point in corners]
        ys = [point.y * 72 / DPI for point in corners]
        if left <= min(xs) and max(xs) <= right:
            found.append((code.text, min(xs), max(xs), height - max(ys)))
    assert len(found) == 1, (pdf, found)
    return found[0]


@needs_pdftotext
@pytest.mark.parametrize("paper", ["us", "iso"])
def test_the_back_panels_code_is_captioned_neutrally(built_brochures, paper: str) -> None:  # noqa: ANN001
    content, out, err = built_brochures(paper)
    digits = _first_line_digits(content)
    height, _, _, _ = PAPERS[paper]
    for lang in _languages():
        pdf = out / lang / "brochure.pdf"
        left, right = _back_panel(paper, lang, _bi_fold(err, lang))
        payload, qr_left, qr_right, qr_bottom = _back_code(pdf, left, right)
        assert payload.startswith("tel:") and re.sub(r"\D", "", payload).endswith(digits), (
            lang, payload)
        _number_outweighs_its_code(pdf, lang, paper, digits, left, right, qr_left, qr_right)
        caption = load_strings(lang, content)["scan_tel"]
        page = pdfium.PdfDocument(str(pdf))[0]
        text = page.get_textpage()
        hit = text.search(caption).get_next()
        assert hit is not None, (lang, paper, caption)
        boxes = [text.get_charbox(index) for index in range(hit[0], hit[0] + hit[1])]
        boxes = [box for box in boxes if box[2] > box[0]]
        top = max(box[3] for box in boxes)
        assert left <= min(box[0] for box in boxes) and max(box[2] for box in boxes) <= right
        # its line's ink as drawn (a shaped line's text reads back from unseen text at its
        # start, not spread across its glyphs: Persian's centre read 6 pt left of a 27 mm
        # code): the inked text on the caption's baseline, within the panel
        bottom = min(box[1] for box in boxes)
        inked = [drawn.bounds for drawn in text_objects(page) if drawn.inked
                 and left <= drawn.bounds[0] and drawn.bounds[2] <= right
                 and drawn.bounds[1] < top and drawn.bounds[3] > bottom]
        assert inked, (lang, paper)
        assert qr_left - 1 <= (min(box[0] for box in inked) + max(box[2] for box in inked)
                               ) / 2 <= qr_right + 1, (lang, paper)
        assert 0 < qr_bottom - top <= 15 * MM, (lang, paper, qr_bottom - top)
        words = subprocess.run(
            ["pdftotext", "-f", "1", "-l", "1", "-r", "72", "-x", str(int(left + 2)), "-y", "0",
             "-W", str(int(right - left - 4)), "-H", str(int(height)), str(pdf), "-"],
            capture_output=True, text=True, check=True).stdout
        assert spaceless(caption) in spaceless(words), (lang, paper)
        assert revealing_words_in(words, builtin_words(lang), lang) == [], (lang, paper)


CODE_MM = (25.0, 31.0)  # the back panel's code itself, without its quiet zone (the review)
SHAPED = {"ar", "fa", "ur", "he", "hi", "bn", "th", "am"}  # text read from unseen runs
HERO = 1.2  # the number over the next size on the back panel: a step of the scale at least


def _number_outweighs_its_code(pdf: Path, lang: str, paper: str, digits: str, left: float,
                               right: float, qr_left: float, qr_right: float) -> None:
    """The designer's review: the back panel's code was 44.5 mm across and outweighed the
    first line's number at 20 pt. The code (as zxing-cpp finds it) is 25-31 mm across; the
    largest text on the panel (pdfium) is the first line's number, whose digits it carries,
    a step of the scale over anything else there."""
    assert CODE_MM[0] <= (qr_right - qr_left) / MM <= CODE_MM[1], (
        lang, paper, round((qr_right - qr_left) / MM, 1))
    found = [(round(drawn.size, 1), drawn.text) for drawn
             in text_objects(pdfium.PdfDocument(str(pdf))[0]) if drawn.inked
             and left <= drawn.bounds[0] and drawn.bounds[2] <= right
             and drawn.bounds[2] > drawn.bounds[0]]
    largest, *others = sorted({size for size, _ in found}, reverse=True)
    said = "".join(text for size, text in found if size == largest)
    # a shaped line's glyphs read back as nothing (its text is the unseen run before them)
    assert re.sub(r"\D", "", said) in (digits, ""), (lang, paper, said)
    assert said or lang in SHAPED, (lang, paper)
    assert others and largest >= HERO * others[0], (lang, paper, largest, others)
