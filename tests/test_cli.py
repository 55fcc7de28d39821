"""The installed entry points, run as a shelter coordinator would."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

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


def test_a_format_sized_in_its_file_names_is_built_at_each_size_given(tmp_path: Path) -> None:
    """`--<format>-size` comes from the layout (`in_file_name` on its size option), not from
    a name the command line knows: the poster's sizes are its layout.yaml's."""
    out = tmp_path / "out"
    result = subprocess.run(
        [sys.executable, "-m", "generator", "build", str(DEFAULT_CONTENT), "--out", str(out),
         "--format", "poster", "--lang", "en", "--poster-size", "a3", "--poster-size=tabloid",
         "--no-previews"], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert sorted(path.name for path in (out / "en").glob("*.pdf")) == [
        "poster-a3.pdf", "poster-tabloid.pdf"]


@pytest.mark.parametrize(("option", "said"), [
    (["--poster-size", "a5"], "--poster-size: invalid choice 'a5' (choose from letter, a4, "
                              "tabloid, a3)"),
    (["--brochure-size", "a4"], "--brochure-size: no format 'brochure' carries its size in its "
                                "file names; the options there are: --poster-size"),
    (["--moon-size", "a4"], "no format 'moon'")])
def test_a_size_the_layouts_do_not_have_is_a_usage_error(tmp_path: Path, option: list[str],
                                                          said: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "generator", "build", str(DEFAULT_CONTENT), "--out",
         str(tmp_path / "out"), *option], capture_output=True, text=True, check=False)
    assert result.returncode == 2
    assert said in result.stderr
    assert not (tmp_path / "out").exists()


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
