"""The poster's web address, 'Take one' and a last line (issue 42, the reviews of ed0dc70:
Letter/A4 8.5):

- the standard poster printed no web address (the hotline's chat) and said nothing of it:
  the main line's address (resources.yaml's `url`, as a bare domain) now prints once above
  the tear line, under the QR code's caption, centred on the code's modules, on every sheet,
  or the build says it is left out (Russian Letter: its caption takes two lines); the
  restroom poster names nothing of the line: none there;
- 'Take one' floated in the middle of the date's row: it now stands at the tabs' end of the
  row (the right; the left in right-to-left kits), its ink within a letter's side bearing
  of the tab band's edge (layout.yaml's numbers), and clear of the date by a body line at
  least (Vietnamese: 3.6 mm on the A4 restroom poster, 4 mm on Tabloid, before);
- the restroom poster's "When you call" ended on a short last line in vi and hi ("lúc nào.",
  "सकते हैं।"): its last line now 0.4 of the column at least (layout.yaml's
  `last_line_share`).

Read back from the session's posters (tests/conftest.py's `built_posters`: ten languages,
four sheets, standard and restroom) with pdfium (characters' boxes) and zxing-cpp (the code).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
import yaml

from generator.content.layouts import available_layouts
from generator.content.load import load_kit
from generator.content.units import parse_length
from generator.pipeline.build import lay_out
from tests.conftest import DEFAULT_CONTENT, POSTER_LANGS, POSTER_SIZES, char_boxes, qr_modules
from tests.test_poster import LAYOUT, PAGE, box_of, tab_band

MM = 72 / 25.4
CENTRED = 2 * MM  # a centred line's middle off the code's
LEAST_LAST = 0.4  # of the column: a last line that reads as the paragraph's end
SPACED = ("en", "es", "fr", "ru", "ko", "vi", "hi")  # of POSTER_LANGS: broken at spaces
EDGE = 3.0  # points (1 mm): a last letter's side bearing, inside the line's end


def domain() -> str:
    """The main line's web address as the pieces print it: its host, without "www."."""
    line = yaml.safe_load((DEFAULT_CONTENT / "resources.yaml").read_text("utf-8"))[
        "resources"][0]
    host = line["url"].split("://", 1)[-1].split("/", 1)[0]
    return host.removeprefix("www.")


def find(boxes: list, text: str) -> list[tuple]:
    """The boxes of each place `text` is drawn (characters in reading order)."""
    chars = "".join(box[0] for box in boxes)
    found, start = [], chars.find(text)
    while start >= 0:
        found.append(boxes[start:start + len(text)])
        start = chars.find(text, start + 1)
    return found


@pytest.mark.parametrize("size", POSTER_SIZES)
def test_the_web_address_prints_under_the_caption(built_posters: dict[bool, Path],
                                                  size: str) -> None:
    address = domain()
    for lang in POSTER_LANGS:
        pdf = built_posters[False] / lang / f"poster-{size}.pdf"
        tear = tab_band(size)[3]
        boxes = [box for box in char_boxes(pdf, 0, glyphs=True) if box[2] > tear]
        places = find(boxes, address)
        if not places:  # where the code's column cannot hold it: the build says so
            kit = load_kit(built_posters[False].parent / "kit")
            kit = dataclasses.replace(kit, site=kit.site.with_option("poster_size", size))
            laid = lay_out(kit, available_layouts()["poster"], lang)
            assert any(address in note.message for note in laid.warnings), (lang, size)
            continue
        assert len(places) == 1, (lang, size, len(places))
        left, bottom, right, _, _ = qr_modules(pdf)
        (place,) = places
        middle = (min(box[1] for box in place) + max(box[3] for box in place)) / 2
        assert abs(middle - (left + right) / 2) <= CENTRED, (lang, size)
        # under the code and under its caption: something is drawn between the two
        top = max(box[4] for box in place)
        assert top < bottom, (lang, size)
        between = [box for box in boxes if top < box[2] and box[4] < bottom
                   and left <= (box[1] + box[3]) / 2 <= right]
        assert between, (lang, size)
    for lang in POSTER_LANGS:  # the restroom poster: nowhere
        pdf = built_posters[True] / lang / f"poster-{size}.pdf"
        assert not find(char_boxes(pdf, 0), address), (lang, size)


def row_boxes(pdf: Path, size: str, discreet: bool, rtl: bool
              ) -> tuple[list[tuple], list[tuple]]:
    """The characters of 'Take one' and of the date, by layout.yaml's boxes (the date's
    mirrored in a right-to-left kit), between the tear line and the column above."""
    width, height = PAGE[size]
    margin = parse_length(LAYOUT["sizes"][size]["safe_margin"])

    def rect(name: str) -> tuple[float, float, float, float]:
        left, top, wide, tall = box_of(name, size, discreet)
        if rtl:
            left = 1 - left - wide
        return (margin + left * (width - 2 * margin) - 2,
                height - margin - (top + tall) * (height - 2 * margin) - 2,
                margin + (left + wide) * (width - 2 * margin) + 2,
                height - margin - top * (height - 2 * margin) + 2)

    def inside(box: tuple, area: tuple[float, float, float, float]) -> bool:
        return (area[0] <= (box[1] + box[3]) / 2 <= area[2]
                and area[1] <= (box[2] + box[4]) / 2 <= area[3])

    boxes = char_boxes(pdf, 0)
    date = [box for box in boxes if inside(box, rect("checked"))]
    take = [box for box in boxes if inside(box, rect("take_one")) and box not in date]
    return take, date


@pytest.mark.parametrize("discreet", [False, True], ids=["standard", "restroom"])
@pytest.mark.parametrize("size", POSTER_SIZES)
def test_take_one_stands_at_the_tabs_end_clear_of_the_date(built_posters: dict[bool, Path],
                                                          size: str, discreet: bool) -> None:
    body_line = LAYOUT["sizes"][size]["type_scale"]["body"] * 1.25
    left_edge, _, right_edge, _ = tab_band(size, discreet)
    for lang in POSTER_LANGS:
        rtl = lang == "ar"
        pdf = built_posters[discreet] / lang / f"poster-{size}.pdf"
        take, date = row_boxes(pdf, size, discreet, rtl)
        assert take and date, (lang, size)
        if rtl:  # at the tabs' end: the left in a right-to-left kit
            edge = min(box[1] for box in take)
            assert abs(edge - left_edge) <= EDGE, (lang, size, edge - left_edge)
            across = min(box[1] for box in date) - max(box[3] for box in take)
        else:
            edge = max(box[3] for box in take)
            assert abs(edge - right_edge) <= EDGE, (lang, size, edge - right_edge)
            across = min(box[1] for box in take) - max(box[3] for box in date)
        down = min(box[2] for box in date) - max(box[4] for box in take)
        assert max(across, down) >= body_line, (lang, size, round(across / MM, 1),
                                               round(down / MM, 1))


def line_runs(boxes: list[tuple]) -> list[tuple[float, float, float, float]]:
    """(bottom, top, left, right) of each band of rows with ink, top first."""
    bands: list[list[float]] = []
    for _, left, bottom, right, top in sorted(boxes, key=lambda box: -box[4]):
        if bands and top >= bands[-1][0]:
            band = bands[-1]
            band[0], band[2], band[3] = min(band[0], bottom), min(band[2], left), max(
                band[3], right)
        else:
            bands.append([bottom, top, left, right])
    return [(b[0], b[1], b[2], b[3]) for b in bands]


@pytest.mark.parametrize("size", POSTER_SIZES)
def test_the_restroom_when_you_call_ends_on_a_full_line(built_posters: dict[bool, Path],
                                                        size: str) -> None:
    """The restroom poster's "When you call" ended on "lúc nào." (vi) and "सकते हैं।" (hi)
    under four full lines: its last line now runs along LEAST_LAST of the
    column (layout.yaml's `about` box) at least, less a letter's side bearings, in the
    languages broken at spaces (Latin, Cyrillic, Korean; Devanagari, shaped). Not Arabic,
    whose four lines hold no fuller last one (0.20 -> 0.32: "في أي وقت." now ends on
    "المكالمة في أي وقت."), nor Chinese and Thai, whose own line breakers
    (generator/i18n/cjk_lines.py, segmented_text.py) do not read the share."""
    width, height = PAGE[size]
    margin = parse_length(LAYOUT["sizes"][size]["safe_margin"])
    left, top, wide, tall = box_of("about", size, discreet=True)
    measure = wide * (width - 2 * margin)
    for lang in SPACED:
        pdf = built_posters[True] / lang / f"poster-{size}.pdf"
        x0 = margin + left * (width - 2 * margin)
        y_top = height - margin - top * (height - 2 * margin)
        date = row_boxes(pdf, size, True, False)[1]
        date_top = max(box[4] for box in date)
        column = [box for box in char_boxes(pdf, 0, glyphs=True)
                  if x0 - 2 <= (box[1] + box[3]) / 2 <= x0 + measure + 2
                  and date_top + 1 < box[2] and box[4] <= y_top + 2]
        runs = line_runs(column)
        assert len(runs) >= 3, (lang, size)  # the note, the heading, the paragraph's lines
        last = runs[-1]
        assert last[3] - last[2] >= (LEAST_LAST - 0.03) * measure, (
            lang, size, round((last[3] - last[2]) / measure, 2))
