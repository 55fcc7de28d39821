"""Words are measured with HarfBuzz's advances summed (generator/i18n/shaped_width.py), not
with ReportLab's shapeFragWord, which also works out how to draw each glyph: the widths must
be the ones shapeFragWord gives with the features havenprint draws with (FEATURES: no `dlig`,
which ReportLab's default turns on), in every shaped script and for text shaping leaves
alone."""

from __future__ import annotations

import math

import pytest
from reportlab.lib.abag import ABag
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.ttfonts import shapeFragWord

from generator.i18n.fonts import font_set
from generator.i18n.reportlab_text import FEATURES
from generator.i18n.shaped_width import shaped_width_at_1000
from generator.render.starters import start

WORDS = {
    "ar": ["الخط الساخن", "للعنف", "الأسري", "٧٢٣٣", "1-800-799-7233", "لا"],
    "fa": ["خط", "کمک‌رسانی", "خشونت خانگی", "۱۲۳"],
    "ur": ["ہیلپ لائن", "گھریلو تشدد", "مدد"],
    "hi": ["घरेलू हिंसा", "सहायता", "क्षत्रिय", "जाँच"],
    "bn": ["সাহায্য", "পারিবারিক সহিংসতা", "ক্ষ"],
    "th": ["สายด่วน", "ความรุนแรง", "ที่"],
    "he": ["קו חם", "אלימות"],
}


def _shapefragword_width(text: str, font: str) -> float:
    shaped = shapeFragWord([0, (ABag(fontName=font, fontSize=1000), text)],
                           features=dict(FEATURES))
    return shaped[0] if shaped[0] else stringWidth(text, font, 1000)


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_a_shaped_width_is_shapefragwords(lang: str) -> None:
    start()
    for text in WORDS[lang]:
        fonts = font_set(lang, text)
        for weight in ("regular", "bold"):
            font = fonts.faces[0].name(weight)
            expected = _shapefragword_width(text, font)
            assert math.isclose(shaped_width_at_1000(text, font), expected,
                                rel_tol=1e-12), (lang, text, weight)
            assert expected > 0
