"""The pocket card's back in sixteen languages on US (3.5 x 2 in) and ISO (85 x 55 mm) cards,
read back from the print shop's files (a card a page) with poppler and pdfium: every line
printed whole with its hours, the card's line (the article's warm sentence) on every ISO
back and every US back but the Vietnamese (the folding card prints it), no band of the back
left blank, and the ways to reach a line as words that no line break splits.

A designer found the Russian ISO card without the national hotline's hours ("круглосуточно"
left out, with a note) and without its card line, the Vietnamese US card without its card
line, and the ISO backs padded with blank bands (9.4 mm in English, 12 mm in Chinese)."""

from __future__ import annotations

import contextlib
import html
import io
import re
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from generator.commands.cli import main
from generator.content.placeholders import substitute
from generator.pipeline.kit_checks import load_checked_kit
from tests.conftest import char_boxes, drawn_text, drawn_text_sizes, starts_with_its_number
from tests.test_card_hierarchy import MOST_SIZES, NAME_STEP, STEP, _leadings, _lines
from tests.test_card_ink_air import (
    LEAST_RENDERED_WHITE,
    LEAST_WHITE,
    ink_lines,
    inked_glyphs,
    rendered_whites,
    whites,
)
from tests.test_card_languages import (
    FINE_MARKS,
    LANGUAGES,
    RIGHT_TO_LEFT,
    _kit,
    _languages,
    ink_under,
    letters,
    texting_sentences,
)
from tests.test_line_ends import printed_lines

pytestmark = pytest.mark.skipif(
    shutil.which("pdftotext") is None,
    reason="needs pdftotext from Debian's poppler-utils (apt-get install -y poppler-utils)")

MM = 72 / 25.4
# The largest band of the back, across the card's width, with no ink in it, between the
# first ink and the last: less than the number's line at its least (13 pt bold on a line of
# about 14 pt, design.md's floor for numbers). A band that would hold the card's hero reads
# as a line left out, not as air between groups (the designer's were 9.4 and 12 mm, 27 and
# 34 pt; between the lines' groups the card leaves 1.5 to 4 mm).
BLANK_BAND_UNDER = 14.0  # pt, 4.9 mm
INK = 160  # a pixel darker than this (of 255) is ink: text in every colour the card prints


def _build(root: Path, card_size: str) -> tuple[Path, Path]:
    """The kit and its output folder; what the build said is in stderr.txt beside them."""
    content = _kit(root / "content", card_size)
    out = root / "out"
    said = io.StringIO()
    with contextlib.redirect_stderr(said), contextlib.redirect_stdout(io.StringIO()):
        assert main(["build", str(content), "--out", str(out), "--target", "shop",
                     "--no-previews", "--jobs", "2", "--format", "pocket-card",
                     "--format", "pocket-fold"]) == 0
    (root / "stderr.txt").write_text(said.getvalue(), encoding="utf-8")
    return content, out


@pytest.fixture(scope="module", params=["us", "iso"])
def cards(request: pytest.FixtureRequest,
          tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path, Path]:
    size = request.param
    return (size, *_build(tmp_path_factory.mktemp(f"card-fit-{size}"), size))


def _back_text(out: Path, lang: str, layout: str = "pocket-card") -> str:
    """The card's back as poppler reads it (the folding card's: both sides)."""
    pages = ["-f", "2", "-l", "2"] if layout == "pocket-card" else []
    return subprocess.run(["pdftotext", *pages, str(out / lang / f"{layout}-shop.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout


def _digits_as_ascii(text: str) -> str:
    """A card prints one digit system, the numbers' (Western): a catalogue's hours in
    Bengali digits ("২৪ ঘণ্টা") print as "24 ঘণ্টা"."""
    return "".join(str(unicodedata.digit(char)) if unicodedata.category(char) == "Nd" else char
                   for char in text)


def _hours(content: Path, lang: str) -> list[str]:
    """The hours of each line the card lists (the emergency number is in its safety
    note), as the language writes them: a 24/7 line's in the catalogue's words."""
    kit = load_checked_kit(content)
    strings = kit.strings[lang]
    found = []
    for line in kit.resources:
        hours = line.hours_in(lang)
        if hours is None or line.emergency:
            continue
        found.append(strings["hours_24_7"] if hours.replace(" ", "") == "24/7" else hours)
    return found


def _each_language(cards: tuple[str, Path, Path]) -> list[str]:
    """Every language built (Amharic where Debian's fonts-noto-core gives its font)."""
    return list(_languages())


def test_every_line_prints_its_hours(cards: tuple[str, Path, Path]) -> None:
    """Each line's hours, in every language, on both sizes: as many times as lines have
    them (the Russian ISO card left out the national hotline's "круглосуточно")."""
    size, content, out = cards
    missing = []
    for lang in _each_language(cards):
        hours = _hours(content, lang)
        assert hours
        read = _digits_as_ascii(letters(_back_text(out, lang)))
        for text in set(hours):
            found = read.count(_digits_as_ascii(letters(text)))
            if found < hours.count(text):
                missing.append((lang, text, found))
    assert missing == [], size


def test_the_card_line_prints(cards: tuple[str, Path, Path]) -> None:
    """On every ISO back; on every US back but the Vietnamese, whose two long names need
    its room (its note says the folding card prints it, and it does)."""
    size, content, out = cards
    kit = load_checked_kit(content)
    left_out = []
    for lang in _each_language(cards):
        line = letters(kit.articles[lang].card_line)
        if line in letters(_back_text(out, lang)):
            continue
        left_out.append(lang)
        assert line in letters(_back_text(out, lang, "pocket-fold")), lang
    assert set(left_out) <= ({"vi"} if size == "us" else set()), left_out
    assert len(_each_language(cards)) - len(left_out) >= 14 - (len(LANGUAGES)
                                                                 - len(_languages()))


def _largest_blank_band(pdf: Path) -> float:
    """In points: the tallest run of rows of the back's trimmed card with no ink across its
    width, between its first ink and its last."""
    scale = 4
    page = pdfium.PdfDocument(str(pdf))[1]
    left, bottom, right, top = page.get_trimbox()
    height = page.get_height()
    image = page.render(scale=scale, grayscale=True).to_pil().convert("L")
    card = image.crop((round(left * scale), round((height - top) * scale),
                       round(right * scale), round((height - bottom) * scale)))
    inked = [card.crop((0, row, card.width, row + 1)).getextrema()[0] < INK
             for row in range(card.height)]
    rows = [row for row, ink in enumerate(inked) if ink]
    largest = run = 0
    for ink in inked[rows[0]:rows[-1] + 1]:
        run = 0 if ink else run + 1
        largest = max(largest, run)
    return largest / scale


def test_no_band_of_the_back_is_left_blank(cards: tuple[str, Path, Path]) -> None:
    size, _, out = cards
    bands = {lang: round(_largest_blank_band(out / lang / "pocket-card-shop.pdf"), 1)
             for lang in _each_language(cards)}
    assert max(bands.values()) < BLANK_BAND_UNDER, (size, bands)


def test_ways_to_reach_a_line_are_words_no_break_splits(cards: tuple[str, Path, Path]) -> None:
    """"TTY" and the texting sentence, its verb included, on the back and in ink (a right to
    left line, read from an unseen anchor, by the ink where pdfium places it); no line of it
    ends or starts with the "·" between a way to reach a line and its hours; every number
    (to call, the TTY's, the texting number) whole on one line."""
    size, content, out = cards
    kit = load_checked_kit(content)
    numbers = {number for line in kit.resources if not line.emergency
               for number in (line.phone.raw if line.phone else None,
                              line.tty.raw if line.tty else None,
                              line.text.number if line.text else None) if number}
    for lang in _each_language(cards):
        pdf = out / lang / "pocket-card-shop.pdf"
        read = letters(_back_text(out, lang))
        assert "TTY" in read, (size, lang)
        for sentence in texting_sentences(content, lang):
            assert letters(sentence) in read, (size, lang, sentence)
        if lang in RIGHT_TO_LEFT:
            assert ink_under(pdf, 1, "TTY"), (size, lang)
        else:
            shown = letters(drawn_text(pdf, 1))
            assert "TTY" in shown, (size, lang)
            for sentence in texting_sentences(content, lang):
                assert letters(sentence) in shown, (size, lang, sentence)
        lines = [line for line in printed_lines(pdf, "pocket-card", lang)]
        assert lines
        for line in lines:
            assert not line.words[-1].endswith("·"), (size, str(line))
            assert not line.words[0].startswith("·"), (size, str(line))
        joined = ["".join(letters(word) for word in line.words) for line in lines]
        for number in numbers:
            assert any(letters(number) in text for text in joined), (size, lang, number)


def test_the_safety_note_is_whole(cards: tuple[str, Path, Path]) -> None:
    """What gives way never includes the safety note naming the emergency number."""
    size, content, out = cards
    kit = load_checked_kit(content)
    for lang in _each_language(cards):
        note = substitute(kit.strings[lang]["safety_note"],
                          {"emergency": kit.site.emergency_number})
        assert letters(note) in letters(_back_text(out, lang)), (size, lang)


# A line of the safety note, but its last two, at least this share of the line under it
# (generator/layout/phrase_breaks.py: SHORT_OVER_LONG): the Russian ISO note broke as
# "Пользуйтесь телефоном, / который другой человек не может проверить. / В экстренной
# ситуации звоните 911.", a short line over a long one (the designer's review).
NOTE_LINE_SHARE = 0.6
SPACED_SCRIPTS = ("en", "es", "fr", "ru", "vi", "ko")  # broken between words by spaces


def _note_lines(pdf: Path, note: str) -> list[tuple[str, float]]:
    """The lines of the back (poppler's, with their width) that print the safety note: the
    lines one after the other whose letters, joined, are the note's."""
    xhtml = subprocess.run(["pdftotext", "-bbox-layout", "-f", "2", "-l", "2", "-enc",
                            "UTF-8", str(pdf), "-"], capture_output=True, text=True,
                           check=True).stdout
    lines = []
    for attributes, line in re.findall(r"<line ([^>]*)>(.*?)</line>", xhtml, re.DOTALL):
        box = dict(re.findall(r'(\w+)="([\d.]+)"', attributes))
        words = [html.unescape(word) for word in re.findall(r"<word [^>]*>([^<]*)</word>", line)]
        lines.append((" ".join(words), float(box["xMax"]) - float(box["xMin"])))
    for start in range(len(lines)):
        for stop in range(start + 1, min(start + 6, len(lines) + 1)):
            if letters(" ".join(text for text, _ in lines[start:stop])) == letters(note):
                return lines[start:stop]
    return []


def test_the_safety_note_breaks_evenly(cards: tuple[str, Path, Path]) -> None:
    """No line of the safety note but its last two is under NOTE_LINE_SHARE of the line
    under it, in the languages broken between words by spaces, on both sizes."""
    size, content, out = cards
    kit = load_checked_kit(content)
    uneven = []
    for lang in SPACED_SCRIPTS:
        note = substitute(kit.strings[lang]["safety_note"],
                          {"emergency": kit.site.emergency_number})
        lines = _note_lines(out / lang / "pocket-card-shop.pdf", note)
        assert lines, (size, lang)
        uneven += [(lang, above[0], below[0])
                   for above, below in zip(lines[:-2], lines[1:-1], strict=True)
                   if above[1] < NOTE_LINE_SHARE * below[1]]
    assert uneven == [], size


def test_type_floors(cards: tuple[str, Path, Path]) -> None:
    """design.md's floors, measured on the page: 8 pt (9 pt in scripts whose letters join or
    stack), numbers 13 pt, on both sizes, where the lines grow and where they are tightest."""
    size, _, out = cards
    for lang in _each_language(cards):
        sizes = drawn_text_sizes(out / lang / "pocket-card-shop.pdf", 1)
        assert sizes
        for points, text, _ in sizes:
            floor = 9.0 if FINE_MARKS.search(text) else 8.0
            assert points >= floor - 0.01, (size, lang, points, text)
        numbers = [points for points, text, _ in sizes if "7233" in text]
        assert numbers and min(numbers) >= 13 - 0.01, (size, lang, numbers)


def test_hours_never_stand_alone_on_a_line(cards: tuple[str, Path, Path]) -> None:
    """A line's hours end its last way to reach it, on that way's line: never wrapped onto
    a line of their own (the lines grew to fill an ISO back until the Chinese TTY line's
    '全天24小时' wrapped, while the next line's hours stood beside its texting number)."""
    size, content, out = cards
    alone = []
    for lang in _each_language(cards):
        hours = {_digits_as_ascii(letters(text)) for text in _hours(content, lang)}
        for line in printed_lines(out / lang / "pocket-card-shop.pdf", "pocket-card", lang):
            if _digits_as_ascii("".join(letters(word) for word in line.words)) in hours:
                alone.append((lang, str(line)))
    assert alone == [], size


# Where the back cannot yet keep a line's name a step (1.1) over its details with every line
# and the card's line: both names run to two lines in the lines' column at 1.1 times the
# details' size, and the back lacks the room even at a leading of 1.1, so the names shrink
# to their details' size rather than leave out the card's line (layouts/pocket-card/
# layout.yaml: last_min_size). Exact: a language that gains its step leaves this list, one
# that loses it fails. Russian (US and ISO) and Thai (US) gained theirs from names set
# narrower (`narrow_width`: Noto Sans and Noto Sans Thai at wdth 85, each name on one
# line); Amharic's face (Debian's Noto Sans Ethiopic, static) has no width axis, but its
# ISO back gained its step where its web addresses print at the end of a row (generator/
# layout/beside_rows.py) rather than at a closer leading.
NAME_STEP_NOT_YET: dict[str, set[str]] = {
    "us": set(),
    "iso": set(),
}


def test_the_back_keeps_its_type_scale(cards: tuple[str, Path, Path]) -> None:
    """Read with pdfium (tests/test_card_hierarchy.py): in every language the number is the
    largest type, 13 pt at least, 1.15 over the name; a line's name is never smaller than
    its details, and 1.1 over them but where NAME_STEP_NOT_YET says; no more than four sizes;
    lines at least 1.1 apart (the least of leading_steps)."""
    size, _, out = cards
    no_step = set()
    for lang in _each_language(cards):
        lines = _lines(out / lang / "pocket-card-shop.pdf")
        number = max(line[0] for line in lines)
        first_number = next(index for index, line in enumerate(lines) if line[0] == number)
        name, details = lines[0][0], lines[first_number + 1][0]
        assert number >= 13.0 and number / name >= STEP - 0.005, (size, lang, number, name)
        assert name >= details - 0.01, (size, lang, name, details)
        if name / details < NAME_STEP - 0.005:
            no_step.add(lang)
        assert len({line[0] for line in lines}) <= MOST_SIZES, (size, lang)
        leadings = _leadings(lines)
        assert leadings and min(leadings) >= 1.1 - 0.005, (size, lang, leadings)
    assert no_step == NAME_STEP_NOT_YET[size] & set(_each_language(cards)), size


def test_a_name_prints_without_the_number_under_it(cards: tuple[str, Path, Path]) -> None:
    """A line's name that starts with the line's own number ("988 Línea de Prevención del
    Suicidio y Crisis") prints on the card's back without it, the number itself still
    printed under it at the number's size (13 pt at least); on the folding card too (its
    number at 20 pt under it: the name whole ran to two lines and left 988lifeline.org out)."""
    size, content, out = cards
    kit = load_checked_kit(content)
    checked = 0
    for lang in _each_language(cards):
        back = letters(_back_text(out, lang)).casefold()
        fold = letters(_back_text(out, lang, "pocket-fold")).casefold()
        sizes = drawn_text_sizes(out / lang / "pocket-card-shop.pdf", 1)
        for line in kit.resources:
            if line.phone is None or line.emergency:
                continue
            name = line.name_in(lang, kit.strings[lang])
            rest = starts_with_its_number(name, line.phone.raw)
            if rest is None:
                assert letters(name).casefold() in back, (size, lang, name)
                continue
            checked += 1
            assert letters(rest).casefold() in back, (size, lang, rest)
            assert letters(name).casefold() not in back, (size, lang, name)
            assert letters(rest).casefold() in fold, (size, lang, rest)
            assert letters(name).casefold() not in fold, (size, lang, name)
            heroes = [points for points, text, _ in sizes if text.strip() == line.phone.raw]
            assert heroes and max(heroes) >= 13 - 0.01, (size, lang, line.phone.raw, heroes)
    assert checked >= 12, size  # the 988 line's name starts with 988 in most languages


def test_one_number_size_across_languages(cards: tuple[str, Path, Path]) -> None:
    """Cards of a size in a rack read as one series: each line's number at one size in
    every language (it was 13 pt in most, 14.1 in English and Korean and 15.8 in Chinese
    on a US card; 16.5 on ISO ones), the largest every language's back holds with its
    card line and its names' step, and 13 pt at least (design.md's floor)."""
    size, content, out = cards
    kit = load_checked_kit(content)
    numbers = [line.phone.raw for line in kit.resources if line.phone and not line.emergency]
    assert numbers
    found: dict[str, set[float]] = {}
    for lang in _each_language(cards):
        sizes = drawn_text_sizes(out / lang / "pocket-card-shop.pdf", 1)
        for points, text, _ in sizes:
            if text.strip() in numbers and points >= 12:  # a number as its line's hero
                found.setdefault(lang, set()).add(round(points, 1))
    assert set(found) == set(_each_language(cards)), (size, found)
    every = set().union(*found.values())
    assert len(every) == 1 and min(every) >= 13 - 0.01, (size, found)


# design.md and the print shop's safe area: text 3 mm inside the trim; a card's safe margin
# is 4 mm, and what its last line's descenders reach below it must leave 3.5 mm (an Arabic
# safety note's tails stood 3.1 mm from the trim).
INK_FROM_TRIM_MM = 3.5
# The white under a line's number before the ink of the line under it (a Thai tone mark
# stood 0.2 mm under the digits, an Arabic alef 0.4 mm, a Chinese line 0.6 mm). In the
# scripts whose letters join or stack, whose every two lines now keep 0.5 mm between their
# ink (layouts/pocket-card/layout.yaml: ink_air; tests/test_card_ink_air.py), 0.58 mm: with
# 1 mm the Arabic US back kept its lines and its card line only with its names at 9.12 pt
# over 9 pt details (no step), with 0.75 mm the Thai ISO back.
AIR_UNDER_THE_NUMBER_MM = 1.0
SHAPED_AIR_UNDER_THE_NUMBER_MM = 0.58
SHAPED_SCRIPTS = ("ar", "fa", "ur", "hi", "bn", "th", "am")


def _glyphs(pdf: Path) -> tuple[list[tuple[str, float, float, float, float]],
                                 tuple[float, float, float, float]]:
    """The back's glyphs where they are drawn (pdfium, the page read without /ActualText)
    and its TrimBox."""
    trim = tuple(pdfium.PdfDocument(str(pdf))[1].get_trimbox())
    return char_boxes(pdf, 1, glyphs=True), trim  # type: ignore[return-value]


def test_ink_keeps_off_the_trim(cards: tuple[str, Path, Path]) -> None:
    """Every glyph of the back, its descenders and marks included, 3.5 mm from each edge
    of the trim at least."""
    size, _, out = cards
    near = []
    for lang in _each_language(cards):
        boxes, (left, bottom, right, top) = _glyphs(out / lang / "pocket-card-shop.pdf")
        assert boxes, (size, lang)
        least = min(min(box[1] - left, box[2] - bottom, right - box[3], top - box[4])
                    for box in boxes) / MM
        if least < INK_FROM_TRIM_MM - 0.005:
            near.append((lang, round(least, 2)))
    assert near == [], size


def test_air_under_each_number(cards: tuple[str, Path, Path]) -> None:
    """Under each line's number (its digits, found by the number in resources.yaml), 1 mm
    of white before the highest ink of the line under it, across the number's width (0.58 mm
    in scripts whose letters join or stack: SHAPED_AIR_UNDER_THE_NUMBER_MM)."""
    size, content, out = cards
    kit = load_checked_kit(content)
    numbers = [line.phone.raw for line in kit.resources if line.phone and not line.emergency]
    tight = []
    for lang in _each_language(cards):
        boxes, _ = _glyphs(out / lang / "pocket-card-shop.pdf")
        runs = _number_runs(boxes, numbers)
        assert len(runs) == len(numbers), (size, lang, runs)
        for number, (left, right, digits_bottom) in runs.items():
            under = [box[4] for box in boxes
                     if box[4] < digits_bottom and box[1] < right and box[3] > left]
            assert under, (size, lang, number)
            air = (digits_bottom - max(under)) / MM
            least = (SHAPED_AIR_UNDER_THE_NUMBER_MM if lang in SHAPED_SCRIPTS
                     else AIR_UNDER_THE_NUMBER_MM)
            if air < least - 0.005:
                tight.append((lang, number, round(air, 2)))
    assert tight == [], size


def test_thai_and_amharic_lines_keep_white_between_their_ink(
        cards: tuple[str, Path, Path]) -> None:
    """Thai and Amharic (not among built_card_backs' languages: tests/test_card_ink_air.py
    reads the others) keep 0.5 mm between the ink of a line and of the next under it: a
    Thai name's two lines stood 0.5 mm into each other on an ISO card, its card line's
    vowels 0.26 mm over its safety note's tone marks. Read with pdfium's glyph boxes and
    rendered at 600 dpi (0.45 mm: anti-aliased edges)."""
    size, _, out = cards
    for lang in ("th", "am"):
        if lang not in _each_language(cards):
            continue
        pdf = out / lang / "pocket-card-shop.pdf"
        lines = ink_lines(pdf)
        found = whites(lines, inked_glyphs(pdf))
        assert len(found) >= 7, (size, lang, lines)
        assert min(found) >= LEAST_WHITE - 0.01, (size, lang, [round(w / MM, 2) for w in found])
        rendered = rendered_whites(out / lang / "pocket-card-shop.pdf")
        assert min(rendered)[0] >= LEAST_RENDERED_WHITE, (size, lang, sorted(rendered)[:3])


def _number_runs(boxes: list[tuple[str, float, float, float, float]],
                 numbers: list[str]) -> dict[str, tuple[float, float, float]]:
    """Each number's (left, right, lowest ink) where its characters stand in a row on their
    own, as tall as a 13 pt bold number's digits (the number, not a TTY's or a texting
    line's "988", 8 or 9 pt)."""
    found: dict[str, tuple[float, float, float]] = {}
    for number in numbers:
        for start in range(len(boxes) - len(number) + 1):
            run = boxes[start:start + len(number)]
            if "".join(box[0] for box in run) != number:
                continue
            digits = [box for box in run if box[0].isdigit()]
            if min(box[4] - box[2] for box in digits) < 8.5:  # 13 pt digits: 9.3 pt tall
                continue
            before = boxes[start - 1] if start else None
            if before is not None and abs(before[2] - run[0][2]) < 2 and before[0].isdigit():
                continue
            found[number] = (min(box[1] for box in run), max(box[3] for box in run),
                             min(box[2] for box in digits))
            break
    return found


def _address(url: str) -> str:
    """A web address as a card prints it: without its scheme, "www." and a closing slash
    ("https://www.thehotline.org" -> "thehotline.org")."""
    return url.split("://", 1)[-1].removeprefix("www.").rstrip("/")


def test_web_addresses_print_where_they_fit(cards: tuple[str, Path, Path]) -> None:
    """Each line's web address (resources.yaml's `url:`) on the back, exactly, whole on one
    printed line, where the back has room for it (the first line's on the English back of
    both sizes); where it has none, a note of the build names it and the language. Never
    at the cost of the card's line, the hours or the names' step (the other tests here)."""
    size, content, out = cards
    kit = load_checked_kit(content)
    said = (out.parent / "stderr.txt").read_text(encoding="utf-8")
    addresses = [_address(line.url) for line in kit.resources
                 if line.url and not line.emergency and (line.phone or line.text or line.tty)]
    assert addresses
    printed: dict[str, list[str]] = {}
    for lang in _each_language(cards):
        read = _back_text(out, lang)
        lines = ["".join(word for word in line.words)
                 for line in printed_lines(out / lang / "pocket-card-shop.pdf", "pocket-card",
                                           lang)]
        for address in addresses:
            if address in read:
                assert any(address in line for line in lines), (size, lang, address, lines)
                printed.setdefault(lang, []).append(address)
            else:
                assert any(f"'{address}' (web)" in note and note.endswith(f"[{lang}]")
                           for note in said.splitlines()), (size, lang, address)
    assert addresses[0] in printed.get("en", []), (size, printed)


def test_a_web_address_written_with_its_final_dot_prints_without_it(tmp_path: Path) -> None:
    """"https://www.thehotline.org." (a fully qualified name) opens thehotline.org: the back
    printed "thehotline.org." beside the texting line, read as a sentence's end."""
    from tests.conftest import default_kit_in, page_texts

    kit = default_kit_in(tmp_path / "content", ["en"])
    lines = kit / "resources.yaml"
    text = lines.read_text(encoding="utf-8")
    assert "url: https://www.thehotline.org\n" in text
    lines.write_text(text.replace("url: https://www.thehotline.org\n",
                                  "url: https://www.thehotline.org.\n"), encoding="utf-8")
    out = tmp_path / "out"
    assert main(["build", str(kit), "--out", str(out), "--format", "pocket-card",
                 "--no-previews"]) == 0
    back = " ".join(page_texts(out / "en" / "pocket-card.pdf")[1].split())
    assert "thehotline.org" in back, back
    assert "thehotline.org." not in back, back
