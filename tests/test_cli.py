"""The installed entry points, run as a shelter coordinator would."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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
