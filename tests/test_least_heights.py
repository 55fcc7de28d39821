"""The shortcuts that give up on a fit without measuring never change a result: text given
up on does not fit at any size, and the overflow reported is what trying every size would
report."""

from __future__ import annotations

import random

import pytest

from generator.i18n.fonts import font_set, register_fonts
from generator.layout.fit import UNBREAKABLE, Typesetter
from generator.layout.flow import fit_flow, flow
from generator.layout.formats import LAYOUTS_DIR, load_layout
from generator.layout.geometry import Rect
from generator.layout.least_height import surely_too_tall
from generator.layout.paragraphs import Paragraph


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
