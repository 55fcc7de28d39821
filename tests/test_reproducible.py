"""The same input gives the same bytes (manifest.json says so of every file): in a kit of six
shaped and right-to-left scripts built again and again with its documents shared among
processes as each becomes free, and for one document whichever documents a process drew
before it. CI runs these on every Python it supports."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO, default_kit_in

SCRIPTS = ["ar", "fa", "ur", "hi", "th", "bn"]  # Arabic, Devanagari, Thai and Bengali shaping
FORMATS = ["pocket-card", "brochure", "poster"]


def _pdfs(folder: Path) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes()
            for path in sorted(folder.rglob("*.pdf"))}


def test_three_builds_shared_among_processes_are_the_same_bytes(tmp_path: Path, run) -> None:  # noqa: ANN001
    """Which process draws which document, and in what order, changes from run to run;
    the PDFs do not (they did on Python 3.12, whose builds left a correction of ReportLab's
    private characters off: 10 of these 18 differed between three runs). One process
    building it alone makes the same kit."""
    kit = default_kit_in(tmp_path / "content", SCRIPTS)
    formats = [arg for name in FORMATS for arg in ("--format", name)]
    builds = []
    for number, jobs in enumerate(("2", "2", "2", "1")):
        out = tmp_path / f"out-{number}"
        result = run("build", kit, "--out", out, "--no-previews", "--jobs", jobs, *formats)
        assert result.code == 0, result.err
        builds.append(_pdfs(out))
    first = builds[0]
    assert len(first) == len(SCRIPTS) * len(FORMATS)
    for other in builds[1:]:
        assert [name for name in first if other[name] != first[name]] == []


def test_a_document_is_the_same_whatever_was_drawn_before_it(tmp_path: Path, run) -> None:  # noqa: ANN001
    """Hindi's safety plan alone, in a new process, and after the other Hindi documents in
    this one: ReportLab gave a glyph without a character the width it was shaped with where
    a process first met it, so the plan's font widths came from the brochure's text."""
    kit = default_kit_in(tmp_path / "content", ["hi"])
    alone, after = tmp_path / "alone", tmp_path / "after"
    subprocess.run([sys.executable, "-m", "generator", "build", str(kit), "--out", str(alone),
                    "--no-previews", "--jobs", "1", "--format", "safety-plan"],
                   cwd=REPO, check=True, capture_output=True)
    result = run("build", kit, "--out", after, "--no-previews", "--jobs", "1")
    assert result.code == 0, result.err
    plan = Path("hi") / "safety-plan.pdf"
    assert len(_pdfs(after)) > 1
    assert (alone / plan).read_bytes() == (after / plan).read_bytes()
