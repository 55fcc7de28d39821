"""mypy finds nothing in generator/ (configured in pyproject.toml: strict for the engine and
the corrections of ReportLab), so that `make test` catches a type error as `make lint` and CI do.

mypy runs in its own process, as `make lint` runs it: in this one it would add its modules to
what tests/test_engine.py measures. Its cache (.mypy_cache/) makes a rerun take about a second.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest

from tests.conftest import REPO


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None,
                    reason="mypy is not installed (pip install -e '.[test]' installs it)")
def test_generator_type_checks() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", "pyproject.toml", "generator"],
        cwd=REPO, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("Success: no issues found"), result.stdout
