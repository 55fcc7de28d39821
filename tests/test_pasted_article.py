"""A pasted article whose first line is a sentence builds every format (issue 42: the second
seed article, pasted as it is, built nothing: "no title found")."""

from __future__ import annotations

import shutil
from pathlib import Path

from generator.content.layouts import LAYOUTS_DIR
from tests.conftest import default_kit_in, page_texts

PASTED = Path(__file__).parent / "fixtures" / "articles" / "missing-him-pasted.en.txt"
HEADLINE = "It is common to miss someone who hurt you, even after you have left"


def test_the_second_seed_pasted_as_it_is_builds_every_format(tmp_path: Path, run) -> None:  # noqa: ANN001
    content = default_kit_in(tmp_path / "content", ("en",))
    (content / "articles" / "trauma-bonding.en.md").unlink()
    shutil.copy(PASTED, content / "articles" / "trauma-bonding.en.txt")
    result = run("build", content, "--out", tmp_path / "out", "--target", "office",
                 "--no-previews", "--jobs", "1")
    assert result.code == 0, result.err
    formats = sorted(folder.name for folder in LAYOUTS_DIR.iterdir()
                     if (folder / "layout.yaml").is_file())
    built = sorted(path.stem for path in (tmp_path / "out" / "en").glob("*.pdf"))
    assert len(formats) >= 7
    for name in formats:
        assert any(stem == name or stem.startswith(f"{name}-") for stem in built), (name, built)
    brochure = " ".join(" ".join(text.split()) for text in page_texts(
        tmp_path / "out" / "en" / "brochure.pdf"))
    assert HEADLINE in brochure
    warned = result.err.replace("\n", " ")
    assert "trauma-bonding.en.txt:1: warning: no title line: the first sentence" in warned
    assert "trauma-bonding.en.txt:2: note: this paragraph points to other web content" in warned
