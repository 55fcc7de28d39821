"""The poster's hierarchy holds in every language (issue 42, the designer's pre-review of the
one type scale a sheet): read back from the PDFs of the default kit in ten languages, on
every sheet size.
- The number to call is the hero: set at its sheet's number size (type_scale `hero`) and at
  least 1.5 times the headline (the Korean Letter poster set it at 44 pt, the headline's
  size, because its texting/TTY/hours line took two lines: that line gives way first).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_poster import LAYOUT
from tests.test_poster_type_scale import digits, face_runs
from tests.test_where_lines_print import run_cli

LANGS = ("en", "es", "fr", "ar", "zh-Hans", "th", "ru", "hi", "ko", "vi")
SIZES = ("letter", "a4", "tabloid", "a3")
HERO_OVER_TITLE = 1.5
MAIN_NUMBER = "18007997233"


@pytest.fixture(scope="module")
def posters(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.conftest import default_kit_in

    root = tmp_path_factory.mktemp("poster-hierarchy")
    kit = default_kit_in(root / "kit", LANGS)
    sizes = [arg for size in SIZES for arg in ("--poster-size", size)]
    code, err = run_cli("build", kit, "--out", root / "out", "--no-previews", "--format",
                        "poster", *sizes)
    assert code == 0, err
    return root / "out"


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
