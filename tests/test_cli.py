"""The installed entry points, run as a shelter coordinator would."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from generator.content.layouts import LAYOUTS_DIR
from tests.conftest import DEFAULT_CONTENT


def test_python_dash_m_builds_the_default_kit(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "generator", "build", str(DEFAULT_CONTENT), "--out",
         str(tmp_path), "--target", "all"],
        capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "en" / "pocket-card.pdf").is_file()
    assert (tmp_path / "en" / "pocket-card-shop.pdf").is_file()


def test_bad_arguments_exit_2(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "generator", "build", "--target", "moon"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 2
    assert "invalid choice: 'moon'" in result.stderr


def test_the_command_leaves_with_everything_said_and_its_exit_code(tmp_path: Path) -> None:
    """The command skips the interpreter's teardown (os._exit): what it printed into a pipe
    must still all arrive, and a content error must still exit 1 (EXIT_CONTENT)."""
    out = tmp_path / "out"
    result = subprocess.run(
        [sys.executable, "-m", "generator", "build", str(DEFAULT_CONTENT), "--out", str(out),
         "--no-previews", "--lang", "en"], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    written = [line for line in result.stdout.splitlines() if line.startswith("wrote ")]
    formats = [folder for folder in LAYOUTS_DIR.iterdir() if (folder / "layout.yaml").is_file()]
    assert len(written) == len(formats) + 2  # a PDF of each format, index.html, manifest.json
    assert written[-1].endswith("manifest.json")
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "site.yaml").write_text("organization: [unclosed\n", encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "generator", "build", str(broken), "--out",
                             str(tmp_path / "none")], capture_output=True, text=True,
                            check=False)
    assert result.returncode == 1, result.stderr
    assert "site.yaml:2: malformed YAML" in result.stderr
