"""A pasted article whose first line is a sentence builds every format (issue 42: the second
seed article, pasted as it is, built nothing: "no title found")."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from generator.content.layouts import LAYOUTS_DIR
from tests.conftest import default_kit_in, page_texts
from tests.notes_truth import needs_pdftotext

PASTED = Path(__file__).parent / "fixtures" / "articles" / "missing-him-pasted.en.txt"
def pdf_text(pdf: Path) -> str:
    """The PDF's text as poppler reads it (an independent reader)."""
    return subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout


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


@needs_pdftotext
def test_the_second_seeds_pointer_to_the_web_prints_nowhere_and_the_note_says_so(
        tmp_path: Path, run) -> None:  # noqa: ANN001
    """The second seed pasted as it is: its "Before you read on: our original guide has..."
    (a pointer a printed reader cannot follow) printed as the first paragraph under the
    headline of the brochure, the large print and the screen copy, and the build only said
    "cut or reword it". It is left out once, where it is flagged, and the note says so."""
    content = default_kit_in(tmp_path / "content", ("en",))
    (content / "articles" / "trauma-bonding.en.md").unlink()
    shutil.copy(PASTED, content / "articles" / "trauma-bonding.en.txt")
    pointer = next(line for line in PASTED.read_text(encoding="utf-8").splitlines()
                   if line.startswith("Before you read on"))
    for paper in ("letter", "a4"):
        site = content / "site.yaml"
        site.write_text(re.sub(r"(?m)^paper:.*$", f"paper: {paper}", site.read_text(
            encoding="utf-8")), encoding="utf-8")
        out = tmp_path / f"out-{paper}"
        result = run("build", content, "--out", out, "--target", "all", "--no-previews",
                     "--jobs", "1")
        assert result.code == 0, result.err
        pdfs = sorted(out.rglob("*.pdf"))
        assert {"brochure", "large-print"} <= {pdf.stem for pdf in pdfs}, pdfs
        assert any("screen" in str(pdf.relative_to(out)) for pdf in pdfs), pdfs
        for pdf in pdfs:
            printed = " ".join(pdf_text(pdf).split())
            if pdf.stem in ("brochure", "large-print"):
                assert "You may have left, or you may spend less time" in printed, pdf
            for words in (pointer.split(":")[0], "original guide"):
                assert words.lower() not in printed.lower(), (pdf, words)
        warned = " ".join(result.err.split())
        assert ("trauma-bonding.en.txt:2: note: this paragraph points to other web content"
                in warned), warned
        left_out = "that sentence is left out of every printed piece and the screen copy"
        assert left_out in warned, warned
