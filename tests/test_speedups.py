"""The ReportLab speed-ups only remember: every PDF is byte for byte what ReportLab makes
without them, the first time and when the remembered results are used again."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.conftest import DEFAULT_CONTENT, REPO

# Builds every format, office and shop, in a left-to-right, a right-to-left and a Chinese
# kit twice (the second round finds subsets, compressed streams, strings and numbers
# remembered); prints digests.
BUILD_TWICE = """
import hashlib, json, sys
from pathlib import Path
import generator.render.patches
if sys.argv[1] == "without":
    generator.render.patches.PATCHES = generator.render.patches.FIXES
from generator.build import lay_out
from generator.render.pdf_files import render_pdf
from generator.render.targets import Target
from generator.content.caches import cached_layouts
from generator.content.load import load_kit
from generator.render.starters import start
start()
kit = load_kit(Path(sys.argv[2]))
digests = []
for round in range(2):
    for lang in ("en", "ar", "zh-Hans"):
        for name, layout in sorted(cached_layouts(kit.root).items()):
            laid = lay_out(kit, layout, lang)
            for target in (Target.OFFICE, Target.SHOP):
                pdf = render_pdf(kit, laid, target)
                digests.append(f"{round} {lang} {name} {target} "
                               f"{hashlib.sha256(pdf).hexdigest()}")
from reportlab.pdfbase import pdfdoc
patched = getattr(pdfdoc.format, "_havenprint", False)
print(json.dumps({"patched": patched, "digests": digests}))
"""


def _digests(speedups: str) -> list[str]:
    result = subprocess.run([sys.executable, "-c", BUILD_TWICE, speedups, str(DEFAULT_CONTENT)],
                            cwd=REPO, capture_output=True, text=True, check=True)
    built = json.loads(result.stdout)
    assert built["patched"] == (speedups == "with")
    return built["digests"]


def test_pdfs_are_the_same_bytes_with_and_without_the_speedups() -> None:
    with_them, without = _digests("with"), _digests("without")
    assert len(with_them) == 2 * 3 * 2 * len(list((REPO / "layouts").glob("*/layout.yaml")))
    assert with_them == without
    first_round = [line.split(" ", 1)[1] for line in with_them if line.startswith("0 ")]
    second_round = [line.split(" ", 1)[1] for line in with_them if line.startswith("1 ")]
    assert first_round == second_round


def test_the_speedups_are_installed_when_the_engine_starts() -> None:
    from reportlab.pdfbase import pdfdoc
    from reportlab.pdfbase.ttfonts import TTFontFile

    from generator.engine import engine

    assert set(engine().patches.values()) == {"installed"}
    patched = [pdfdoc.pdfdocEnc, pdfdoc.format, pdfdoc.PDFZCompress.encode,
               TTFontFile.makeSubset]
    assert all(getattr(function, "_havenprint", False) for function in patched)


# Shaped runs with marks drawn raised or lowered (Arabic and Persian dots and vowels, Urdu,
# a Thai vowel and tone mark stacked, Devanagari), parentheses and a backslash to escape,
# and Latin with kerning: each written by ReportLab's own code and by the remembered steps.
SHAPED_RUNS = [
    ("fa", "بِسْمِ اللَّهِ (پنج) تماس بگیرید ۱۲۳"), ("ar", "اتصل بنا \\ مجانًا"),
    ("ur", "ہیلپ لائن سے رابطہ کریں"), ("th", "ชั่วโมง น้ำ ที่นี่"),
    ("hi", "नमस्ते, कॉल करें"), ("en", "AVATAR Wave (toll-free)"),
]


def test_shaped_runs_are_written_as_reportlab_writes_them() -> None:
    """Each run written first (steps worked out) and again (steps remembered), in a new
    document each time and after a raised mark was left in force, as ReportLab writes it."""
    from reportlab.pdfbase.ttfonts import shapeStr
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.pdfgen.textobject import PDFTextObject

    from generator.engine import engine
    from generator.i18n.fonts import font_set

    engine()
    patched = PDFTextObject._formatText
    reportlab_own = patched.__wrapped__
    remembered_before = len(engine().shaped_runs)
    for lang, text in SHAPED_RUNS:
        font = font_set(lang, text).face_for(text[0], "regular").name("regular")
        for size, rise in ((9.5, 0), (12, 1.5), (9.5, 0)):
            shaped = shapeStr(text, font, size)
            outputs = []
            for write in (reportlab_own, patched):
                canvas = Canvas("unused.pdf")
                text_object = canvas.beginText(10, 10)
                text_object.setFont(font, size)
                text_object.setRise(rise)
                outputs.append((write(text_object, shaped), text_object._rise,
                                text_object._curSubset))
            assert outputs[0] == outputs[1], (lang, size)
    assert len(engine().shaped_runs) > remembered_before  # the steps were remembered
