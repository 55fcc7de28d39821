"""Font files are made in a child process: a build process never holds fontTools' whole
outlines (the memory would stay with it), and what the child makes is the font asked for."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parents[1]

MAKE_FONTS = """
import json, sys
from generator.i18n import fonts
from generator.i18n.font_files import emboldened, static_instance, truetype_subset
heebo = fonts.FAMILIES["heebo"]
cjk = fonts.FAMILIES["noto-cjk-sc"]
bold = heebo.bold()
subset = truetype_subset(cjk.regular(), 2, "安全热线电话0123456789 ")
subset_bold = emboldened(subset)
heavy = [name for name in ("fontTools.varLib.instancer", "fontTools.subset", "pathops",
                           "fontTools.pens.cu2quPen") if name in sys.modules]
print(json.dumps({"bold": str(bold), "subset": str(subset), "subset_bold": str(subset_bold),
                  "heavy": heavy}))
"""


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict:
    cache = tmp_path_factory.mktemp("cache")
    done = subprocess.run([sys.executable, "-c", MAKE_FONTS], cwd=ROOT, capture_output=True,
                          text=True, check=True, env={"HAVENPRINT_CACHE": str(cache),
                                                      "PATH": "/usr/bin:/bin"})
    result = json.loads(done.stdout)
    result["cache"] = str(cache)
    return result


def test_the_build_process_never_loads_the_font_makers(made: dict) -> None:
    assert made["heavy"] == []


def test_the_files_are_in_the_cache_folder_given(made: dict) -> None:
    for key in ("bold", "subset", "subset_bold"):
        assert Path(made[key]).parent == Path(made["cache"]) / "havenprint" / "fonts"


def test_a_variable_font_is_instanced_at_the_weight_asked(made: dict) -> None:
    with TTFont(made["bold"]) as bold:
        assert "fvar" not in bold and "gvar" not in bold
        assert bold["OS/2"].usWeightClass == 700
        assert bold["name"].getDebugName(6).endswith("-Bold")


def test_the_cjk_subset_has_truetype_outlines_for_the_characters(made: dict) -> None:
    for key in ("subset", "subset_bold"):
        with TTFont(made[key]) as font:
            assert "glyf" in font and "CFF " not in font
            cmap = font.getBestCmap()
            assert {ord(c) for c in "安全热线电话0123456789"} <= set(cmap)
            assert len(cmap) < 40  # the characters asked for, not the collection's 65 000


def test_the_bold_is_heavier_than_the_regular(made: dict) -> None:
    def ink(path: str) -> float:
        from fontTools.pens.areaPen import AreaPen

        with TTFont(path) as font:
            glyphs = font.getGlyphSet()
            pen = AreaPen(glyphs)
            glyphs[font.getBestCmap()[ord("安")]].draw(pen)
            return abs(pen.value)

    assert ink(made["subset_bold"]) > 1.2 * ink(made["subset"])


def test_a_font_that_cannot_be_made_is_an_error_naming_it(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.i18n import font_files

    broken = tmp_path / "Broken-Regular.ttf"
    broken.write_bytes(b"not a font at all")
    monkeypatch.setattr(font_files, "cache_dir", lambda: tmp_path)
    with pytest.raises(RuntimeError, match="Broken-Regular"):
        font_files.emboldened(broken)


def test_the_same_fonts_made_again_are_the_same_bytes(made: dict, tmp_path: Path) -> None:
    """A font file records when it was made (`head`'s modified time): the files take their
    source's time instead, so that an empty cache makes the fonts, and the PDFs that embed
    them, byte for byte those of a full one."""
    import time

    first = {key: Path(made[key]).read_bytes() for key in ("bold", "subset", "subset_bold")}
    time.sleep(1.1)  # head's time counts seconds
    done = subprocess.run([sys.executable, "-c", MAKE_FONTS], cwd=ROOT, capture_output=True,
                          text=True, check=True, env={"HAVENPRINT_CACHE": str(tmp_path),
                                                      "PATH": "/usr/bin:/bin"})
    again = json.loads(done.stdout)
    for key, data in first.items():
        assert Path(again[key]).read_bytes() == data, key
        with TTFont(again[key]) as font, TTFont(made[key]) as other:
            assert font["head"].modified == other["head"].modified


def test_a_cjk_subset_is_named_the_same_wherever_its_font_is_installed(
        made: dict, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The subset's name (its cache key, which its embedded name and its bold's carry into
    every PDF) comes from the font file's name and size, not its path: the same font under
    another virtual environment's path gave the same kit other bytes."""
    from generator.i18n import font_files, fonts

    subset = Path(made["subset"])
    source = fonts.FAMILIES["noto-cjk-sc"].regular()
    elsewhere = tmp_path / "another-venv" / "site-packages" / source.name
    elsewhere.parent.mkdir(parents=True)
    elsewhere.symlink_to(source)
    monkeypatch.setattr(font_files, "cache_dir", lambda: subset.parent)
    assert font_files.truetype_subset(elsewhere, 2, "安全热线电话0123456789 ") == subset
