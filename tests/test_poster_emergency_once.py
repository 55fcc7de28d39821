"""The poster says the emergency number once (issue 42, the review of 19acfa4: Letter/A4 8):
the standard poster's safety note says "In an emergency, call 911" and its column listed the
emergency line again under it, as an "Emergency" block with 911 at the other lines' size.
The column now leaves that line out (layout.yaml's `emergency: in_note`, as the pocket
card's back does), and the room it took goes to the lines under the note.

Read back from the session's posters (tests/conftest.py's `built_posters`: ten languages,
four sheets, standard and restroom) with pdfium:

- above the tear line, "911" prints exactly once in every language on the standard poster
  of every sheet (twice before: Letter and A4 until e647c12, Tabloid and A3 until the review
  of ed0dc70, their column now filled with "When you call" where the block stood) and on the
  restroom poster of every sheet (its emergency sentence);
- Letter and A4: the row of the date and 'Take one' stands at least a body line under the
  column's last ink (3.8 mm under the Emergency block's 911 in Vietnamese before).
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
import yaml

from generator.content.layouts import LayoutSpec
from tests.conftest import POSTER_LANGS, POSTER_SIZES, char_boxes
from tests.test_poster import LAYOUT, tab_band
from tests.test_poster_column_rhythm import column_lines, take_one_top

MM = 72 / 25.4
# English and the long languages whose column reached nearest the row (the review: th vi ar
# ru), each read with zxing-cpp and pdfium (0.3 s a language)
ROW_LANGS = ("en", "ar", "th", "ru", "vi", "es")


@pytest.mark.parametrize(("discreet", "size"), [
    (discreet, size) for discreet in (False, True) for size in POSTER_SIZES])
def test_911_is_said_once(built_posters: dict[bool, Path], discreet: bool, size: str) -> None:
    for lang in POSTER_LANGS:
        pdf = built_posters[discreet] / lang / f"poster-{size}.pdf"
        tear = tab_band(size, discreet)[3]
        page = pdfium.PdfDocument(str(pdf))[0]
        text = page.get_textpage().get_text_bounded(0, tear, page.get_width(),
                                                    page.get_height())
        assert text.count("911") == 1, (lang, size, discreet, text.count("911"))


@pytest.mark.parametrize("size", ("letter", "a4"))
def test_the_date_row_stands_a_body_line_under_the_column(built_posters: dict[bool, Path],
                                                          size: str) -> None:
    body_line = LAYOUT["sizes"][size]["type_scale"]["body"] * 1.25
    for lang in ROW_LANGS:
        pdf = built_posters[False] / lang / f"poster-{size}.pdf"
        last = column_lines(pdf, size, lang)[-1][0]
        row = [box for box in char_boxes(pdf, 0) if tab_band(size)[3] < box[2]
               < take_one_top(size)]
        assert row, (lang, size)
        gap = last - max(box[4] for box in row)
        assert gap >= body_line - 0.5, (lang, size, round(gap / MM, 1))


def test_a_sizes_emergency_names_a_list_slot() -> None:
    """sizes.<size>.emergency overrides a list slot's `emergency` on that sheet: a name that
    is no list slot (a typo) is an error, not an override that silently does nothing."""
    spec = yaml.safe_load((Path(__file__).parents[1] / "layouts" / "poster" / "layout.yaml")
                          .read_text(encoding="utf-8"))
    spec["sizes"]["a3"]["emergency"] = {"line": "listed"}
    with pytest.raises(ValueError, match=r"sizes\.a3\.emergency: line is no list slot"):
        LayoutSpec.model_validate(spec)
