"""The shortcuts that give up on a fit without measuring never change a result: each least
height is never more than what is measured, and a list fitted with them keeps and leaves
out exactly what trying every cut in turn, measuring each, would (the way list_fit.py
worked before them, written out plainly here)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from generator.content.layouts import LAYOUTS_DIR, load_layout
from generator.i18n.fonts import font_set, register_fonts
from generator.layout.compose import Item
from generator.layout.fit import (
    UNBREAKABLE,
    Typesetter,
    fit_stack,
    floor_overflow,
    least_stacked,
    stacked,
)
from generator.layout.flow import fit_flow, flow
from generator.layout.geometry import Rect
from generator.layout.least_height import surely_too_tall
from generator.layout.list_fit import Cut, _fit_list, assemble, cut_order
from generator.layout.paragraphs import Paragraph, parse_block

LATIN_NAMES = ["Help Line", "Community Wellness and Family Support Center of the Valley",
               "Emergency", "Línea de ayuda", "988",
               "A very long name that wraps onto two or three lines in a narrow column"]
NAMES = [*LATIN_NAMES, "خط المساعدة للأسرة", "社区健康热线"]
DETAILS = ["24/7", "Mon–Fri 9:00–17:00", "Text START to 88788", "English · Español",
           "Weekdays 8am to 8pm, weekends 10am to 4pm", "TTY 1-800-787-3224",
           "Call any time of the day or night for free, confidential support, safety planning "
           "and someone to listen, in English, Spanish and two hundred other languages"]


def _line(rng: random.Random, number: int, names: Sequence[str] = NAMES) -> str:
    """A line's block as the pocket card's template renders it (generator/layout/paragraphs.py)."""
    optional = ' optional="checked"' if rng.random() < 0.15 else ""  # a line all optional
    block = f'<p style="name"{optional}>{rng.choice(names)} {number}</p>'
    if rng.random() < 0.9:
        block += f'<p style="phone" icon="call" alt="Call">1-800-799-{7000 + number}</p>'
    if rng.random() < 0.5:
        block += (f'<p style="detail" icon="text" alt="Text">{rng.choice(DETAILS)}'
                  f'<optional kind="hours" sep=" · ">{rng.choice(DETAILS)}</optional>'
                  f'<optional kind="languages" sep=" · ">{rng.choice(DETAILS)}</optional></p>')
    if rng.random() < 0.4:  # a TTY: never optional
        block += f'<p style="detail" icon="tty" alt="TTY">1-800-799-{8000 + number}</p>'
    for kind in ("hours", "checked", "languages"):
        if rng.random() < 0.4:
            block += f'<p style="detail" optional="{kind}">{rng.choice(DETAILS)}</p>'
    return block


def _poster_line(rng: random.Random, number: int, names: Sequence[str] = NAMES) -> str:
    block = '<p style="others_heading" once="1">Also here for you</p>'
    block += f'<p style="other_name">{rng.choice(names)} {number}</p>'
    if rng.random() < 0.8:
        block += f'<p style="other_phone">1-800-799-{7000 + number}</p>'
    if rng.random() < 0.4:
        block += f'<p style="other_detail" optional="hours">{rng.choice(DETAILS)}</p>'
    return block


def _items(rng: random.Random, count: int, poster: bool,
           names: Sequence[str] = NAMES) -> tuple[Item, ...]:
    """Lines with names in several scripts, or in `names` (Latin only: lines that are set by
    ReportLab's Paragraph, whose least number of lines is worked out)."""
    make = _poster_line if poster else _line
    return tuple(Item(f"line {number}", parse_block(make(rng, number, names), "resource",
                                                    LAYOUTS_DIR / "x"),
                      number == 0 or rng.random() < 0.1)
                 for number in range(count))


def _typesetter(layout: str, items: Sequence[Item], lang: str) -> Typesetter:
    register_fonts()
    text = " ".join(p.markup for item in items for p in item.paragraphs)
    return Typesetter(load_layout(LAYOUTS_DIR / layout).spec, "#2f5d62", font_set(lang, text))


def _fit_by_trying_every_cut(items: tuple[Item, ...], width: float, height: float,
                             typesetter: Typesetter) -> tuple[list[str] | None, list[Cut]]:
    """list_fit's algorithm with every trial measured: the reference. The lines left out are
    the last ones, in order: a line that does not fit leaves out every (optional) line
    after it."""
    fitted, _ = fit_stack(assemble(items, frozenset()), width, height, typesetter)
    if fitted is not None:
        return [p.getPlainText() for p in fitted], []

    def fits(cuts: frozenset[Cut]) -> bool:
        return floor_overflow(assemble(items, cuts), width, height, typesetter) <= 0.01

    order = cut_order(items)
    needed = next((count for count in range(1, len(order) + 1)
                   if fits(frozenset(order[:count]))), None)
    if needed is None:
        return None, []
    cuts = set(order[:needed])
    for cut in reversed(order[:needed - 1]):  # details come back; a whole line stays out
        if (not cut.whole_line and Cut(cut.item) not in cuts
                and fits(frozenset(cuts - {cut}))):
            cuts.discard(cut)
    lines_out = sorted(cut.item for cut in cuts if cut.whole_line)
    optional = [index for index, item in enumerate(items) if not item.required]
    assert lines_out == [index for index in optional if index >= min(lines_out, default=1e9)]
    fitted, _ = fit_stack(assemble(items, frozenset(cuts)), width, height, typesetter)
    assert fitted is not None
    shown = sorted(cut for cut in cuts if cut.whole_line or Cut(cut.item) not in cuts)
    return [p.getPlainText() for p in fitted], shown


@pytest.mark.parametrize("seed", range(12))
def test_a_list_keeps_and_leaves_out_what_trying_every_cut_would(seed: int) -> None:
    rng = random.Random(seed)
    poster = seed % 3 == 2
    lang = ("en", "ar", "zh-Hans")[seed % 3 if seed % 4 else 0]
    names = LATIN_NAMES if seed % 2 else NAMES
    items = _items(rng, rng.choice([3, 8, 20, 45]), poster, names)
    typesetter = _typesetter("poster" if poster else "pocket-card", items, lang)
    for width, height in ((150.0, 90.0), (230.0, 125.0), (110.0, 300.0), (260.0, 40.0)):
        fitted = _fit_list.__wrapped__(items, width, height, typesetter)  # type: ignore[attr-defined]
        expected, left_out = _fit_by_trying_every_cut(items, width, height, typesetter)
        got = None if fitted.paragraphs is None else [p.getPlainText()
                                                      for p in fitted.paragraphs]
        assert got == expected, (width, height)
        assert list(fitted.left_out) == left_out, (width, height)


@pytest.mark.parametrize("lang", ["en", "ar", "zh-Hans", "th", "hi"])
def test_least_heights_are_never_more_than_measured(lang: str) -> None:
    rng = random.Random(lang)
    names = LATIN_NAMES if lang == "en" else NAMES
    items = _items(rng, 30, False, names) + _items(rng, 30, True, names)
    paragraphs = [p for item in items for p in item.paragraphs]
    for layout in ("pocket-card", "poster"):
        typesetter = _typesetter(layout, items, lang)
        styles = typesetter.spec.styles
        usable = [p for p in paragraphs if p.style in styles]
        for _ in range(40):
            chosen = rng.sample(usable, rng.randint(1, 6))
            width = rng.uniform(60, 300)
            scale = rng.choice(typesetter.scales(chosen))
            _, measured = stacked(chosen, scale, width, typesetter)
            assert least_stacked(chosen, scale, typesetter) <= measured + 1e-6
            lowest = typesetter.lowest_scale(chosen)
            made = typesetter.paragraphs(chosen, lowest)
            for paragraph, para in zip(chosen, made, strict=True):
                if para.minWidth() > width + 0.01:
                    continue  # an unbreakable word: measured as UNBREAKABLE
                _, height = para.wrap(width, 10_000)
                lines = round(height / para.style.leading)
                assert typesetter.least_lines(paragraph, paragraph, width) <= lines, (
                    paragraph.markup, width)


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "ar"])
def test_text_surely_too_tall_overflows_at_every_size(lang: str) -> None:
    """What `surely_too_tall` gives up on, a flow at the smallest size does not hold (and
    larger sizes hold less: fit_flow finds none that does)."""
    rng = random.Random(lang)
    sentence = {"en": "More words to read slowly and calmly, one after another. ",
                "zh-Hans": "您可能爱着对方，同时又害怕对方。",
                "ar": "قد تنشأ مع شريك الحياة. "}[lang]
    spec = load_layout(LAYOUTS_DIR / "brochure").spec
    register_fonts()
    typesetter = Typesetter(spec, "#2f5d62", font_set(lang, sentence))
    boxes = (Rect(0, 0, 240, 500), Rect(260, 0, 240, 500))
    given_up = 0
    for _ in range(12):
        items = tuple(Paragraph("body", sentence * rng.randint(5, 300))
                      for _ in range(rng.randint(1, 5)))
        lowest = typesetter.paragraphs(items, typesetter.lowest_scale(items))
        if surely_too_tall(lowest, 240, 1000):
            given_up += 1
            _, overflow = flow(typesetter.paragraphs(items, typesetter.lowest_scale(items)),
                               list(boxes))
            assert overflow > 0.01
            assert fit_flow(items, boxes, typesetter)[0] is None
    assert given_up


def test_a_flow_given_up_on_reports_the_overflow_trying_every_size_would() -> None:
    register_fonts()
    spec = load_layout(LAYOUTS_DIR / "brochure").spec
    text = "More words to read slowly and calmly. " * 400
    typesetter = Typesetter(spec, "#2f5d62", font_set("en", text))
    items = (Paragraph("heading", "A heading"), Paragraph("body", text))
    boxes = (Rect(0, 0, 240, 500), Rect(260, 0, 240, 500))
    fitted, overflow = fit_flow(items, boxes, typesetter)
    assert fitted is None
    # Every size tried in turn: none fits, and the smallest overflows by what was reported.
    results = [flow(typesetter.paragraphs(items, scale), list(boxes))[1]
               for scale in typesetter.scales(items)]
    assert all(result > 0.01 for result in results)
    assert results[-1] == overflow != UNBREAKABLE
