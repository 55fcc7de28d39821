"""The poster's web address and 'Take one' (issue 42, the reviews of ed0dc70: Letter/A4 8.5):

- the standard poster printed no web address (the hotline's chat) and said nothing of it:
  the main line's address (resources.yaml's `url`, as a bare domain) now prints once above
  the tear line, under the QR code's caption, centred on the code's modules, on every sheet,
  or the build says it is left out (Russian Letter: its caption takes two lines); the
  restroom poster names nothing of the line: none there;
- 'Take one' floated in the middle of the date's row: it now stands at the tabs' end of the
  row (the right; the left in right-to-left kits), its ink within a letter's side bearing
  of the tab band's edge (layout.yaml's numbers), and clear of the date by a body line at
  least (Vietnamese: 3.6 mm on the A4 restroom poster, 4 mm on Tabloid, before).

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
