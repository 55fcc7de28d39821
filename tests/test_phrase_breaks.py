"""A poster's short paragraphs end on a line of some length, broken between phrases.

A print designer (issue 42) found "En una emergencia, llame / al 911." on the Spanish
restroom poster, "cannot check. In an emergency, / call 911." on the English A4 poster and
"…what you feel / makes sense." on the Tabloid poster's subtitle: a last line of a third of
the line above or less, where the same number of lines broke between phrases ("En una
emergencia, / llame al 911."). Each poster is built as a print shop's file and read back
with poppler's lines and their boxes (tests/test_typeset_breaks.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import default_kit_in
from tests.test_line_ends import _build, pytestmark
from tests.test_typeset_breaks import _lines

__all__ = ["pytestmark"]

LANGS = ("en", "es", "ru")
SIZES = ("letter", "a4", "tabloid")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("phrase-breaks")
    sizes = [arg for size in SIZES for arg in ("--poster-size", size)]
    default = default_kit_in(root / "default", LANGS)
    _build(default, root / "out", "--format", "poster", *sizes)
    restroom = default_kit_in(root / "restroom", LANGS)
    with (restroom / "site.yaml").open("a", encoding="utf-8") as site:
        site.write("poster_discreet: true\n")
    _build(restroom, root / "restroom-out", "--format", "poster", *sizes)
    return {"default": root / "out", "restroom": root / "restroom-out"}


def test_no_short_paragraph_ends_on_a_short_line(built: dict[str, Path]) -> None:
    read, bad = 0, []
    for kit, out in built.items():
        for lang in LANGS:
            for pdf in sorted((out / lang).glob("poster-*.pdf")):
                for block in _lines(pdf):
                    if not 2 <= len(block) <= 4 or any(
                            line.bottom - line.top > line.width for line in block):
                        continue  # not a paragraph of a few lines (a tab's turned text)
                    if not block[-1].text.endswith((".", "!", "?")):
                        continue  # not a sentence: a heading, a line's details
                    read += 1
                    widest = max(line.width for line in block)
                    last = block[-1]
                    if last.width < widest / 3 or len(last.text.split()) < 2:
                        bad.append(f"{kit} {lang} {pdf.stem}: "
                                   + " / ".join(line.text for line in block))
    assert read > 20, read
    assert not bad, "\n".join(bad)
