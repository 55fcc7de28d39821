"""The poster's hierarchy holds in every language (issue 42, the designer's pre-review of the
one type scale a sheet): read back from the PDFs of the default kit in ten languages, on
every sheet size.
- The number to call is the hero: set at its sheet's number size (type_scale `hero`) and at
  least 1.5 times the headline (the Korean Letter poster set it at 44 pt, the headline's
  size, because its texting/TTY/hours line took two lines: that line gives way first).
- What is read (the safety note, at the top of the column under the band) keeps its sheet's
  body size in every language on Letter and A4 (es, fr, th, ru, hi and vi were a step
  smaller than English: "Also here for you" stacked each line's name, number, texting line
  and hours; it now puts texting, TTY and hours on one line, as the band does), and the
  other lines' numbers (988, 911) stay a step above it (`sub`). SMALLER_BODY: where the
  column cannot hold that, body is one step smaller, never more.
- The restroom poster's coded line ("Need to talk?") stands at least 1.25 times the promise
  under it in every language (ru and ko Letter set it at 28 pt over a 26 pt promise of two
  lines: the promise now shrinks a step first), and its number is the sheet's hero too.
- The "Checked" date (the shelter's) is a quiet line a step under the emergency sentence
  above it (restroom Tabloid set both at 26 pt).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.content.units import parse_length
from tests.test_poster import LAYOUT, PAGE, box_of
from tests.test_poster_type_scale import digits, face_runs

LANGS = ("en", "es", "fr", "ar", "zh-Hans", "th", "ru", "hi", "ko", "vi")
SIZES = ("letter", "a4", "tabloid", "a3")
HERO_OVER_TITLE = 1.5
MAIN_NUMBER = "18007997233"
# Letter's column is 0.38 of the safe area tall (the tear-off tabs below): Thai and Arabic
# at their 1.5 leading, and Russian's longer note and line names, merge one level there
# (body a step smaller, or the other lines' bold numbers at body's size); and Vietnamese,
# since its two-syllable words and "hãy gọi" are bound (cd8242a): its lines run longer.
SMALLER_BODY = {("letter", "th"), ("letter", "ar"), ("letter", "ru"), ("letter", "vi")}


@pytest.fixture(scope="module")
def posters(built_posters: dict[bool, Path]) -> Path:
    return built_posters[False]  # tests/conftest.py: ten languages, every sheet


@pytest.fixture(scope="module")
def restroom(built_posters: dict[bool, Path]) -> Path:
    return built_posters[True]


def scale_of(size: str) -> dict[str, float]:
    return LAYOUT["sizes"][size]["type_scale"]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_number_is_the_hero(posters: Path, lang: str, size: str) -> None:
    runs = face_runs(posters / lang / f"poster-{size}.pdf", size, False)
    number = max(s for s, text, _ in runs if MAIN_NUMBER in digits(text))
    title = next(s for s, _, _ in sorted(runs, key=lambda run: -run[2]))  # the topmost line
    assert number == pytest.approx(scale_of(size)["hero"], abs=0.1), (lang, size, number)
    assert number >= HERO_OVER_TITLE * title, (lang, size, number, title)


def band_bottom(size: str, discreet: bool = False) -> float:
    """The colour band's foot, in PDF points from the page's foot."""
    height = PAGE[size][1]
    margin = parse_length(LAYOUT["sizes"][size]["safe_margin"])
    return height - (margin + box_of("band", size, discreet)[3] * (height - 2 * margin))


@pytest.mark.parametrize("size", ("letter", "a4"))
@pytest.mark.parametrize("lang", LANGS)
def test_body_keeps_its_size(posters: Path, lang: str, size: str) -> None:
    runs = sorted(face_runs(posters / lang / f"poster-{size}.pdf", size, False),
                  key=lambda run: -run[2])
    column = [(s, text) for s, text, y in runs if y < band_bottom(size)]
    body = column[0][0]  # the safety note's first line, at the column's top
    scale = scale_of(size)
    levels = sorted(scale.values())
    wanted = scale["body"]
    if (size, lang) in SMALLER_BODY:  # one level merged: body a step smaller, or the
        # other lines' numbers (bold) at body's size
        assert body in (levels[levels.index(wanted) - 1], wanted), (lang, size, body)
    else:
        assert body == wanted, (lang, size, body)
    # the other lines' numbers: a step above what is read (the largest run of each: the
    # note and the line names also print 911 and 988)
    numbers: dict[str, float] = {}
    for s, text in column:
        if text.strip() in ("988", "911"):
            numbers[text.strip()] = max(s, numbers.get(text.strip(), 0.0))
    assert set(numbers) == {"988", "911"}, (lang, size, column)
    if (size, lang) in SMALLER_BODY:
        assert min(numbers.values()) >= scale["body"] and max(numbers.values()) <= scale["sub"]
        assert min(numbers.values()) > body or body == scale["body"], (lang, size, numbers)
    else:
        assert set(numbers.values()) == {scale["sub"]}, (lang, size, numbers)


TITLE_OVER_SUBTITLE = 1.25


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_restroom_title_over_its_promise(restroom: Path, lang: str, size: str) -> None:
    runs = sorted(face_runs(restroom / lang / f"poster-{size}.pdf", size, True),
                  key=lambda run: -run[2])
    title = runs[0][0]
    subtitle = next(s for s, _, _ in runs if s < title)  # the line under it, smaller
    assert title >= TITLE_OVER_SUBTITLE * subtitle, (lang, size, title, subtitle)
    number = max(s for s, text, _ in runs if MAIN_NUMBER in digits(text))
    assert number == pytest.approx(scale_of(size)["hero"], abs=0.1), (lang, size, number)


# Not yet: on the Tabloid grid of 52d2d87 the Arabic and Russian columns shrink their note
# to the date's step (22 pt) to hold the other lines.
CHECKED_NOT_YET = {(False, "ar", "tabloid"), (False, "ru", "tabloid")}
CHECKED_CASES = [
    pytest.param(discreet, lang, size, marks=pytest.mark.xfail(
        strict=True, reason="ar/ru Tabloid note at the date's step"))
    if (discreet, lang, size) in CHECKED_NOT_YET else (discreet, lang, size)
    for discreet in (False, True) for lang in LANGS for size in SIZES]


@pytest.mark.parametrize(("discreet", "lang", "size"), CHECKED_CASES)
def test_checked_date_under_the_note(posters: Path, restroom: Path, lang: str, size: str,
                                     discreet: bool) -> None:
    pdf = (restroom if discreet else posters) / lang / f"poster-{size}.pdf"
    runs = sorted(face_runs(pdf, size, discreet), key=lambda run: -run[2])
    column = [s for s, _, y in runs if y < band_bottom(size, discreet)]
    checked = [index for index, (_, text, y) in enumerate(runs)
               if "2026" in text and y < band_bottom(size, discreet)]
    assert checked, (lang, size)
    note = column[0]  # the emergency sentence (the safety note), at the column's top
    assert runs[checked[0]][0] < note, (lang, size, runs[checked[0]][0], note)
