"""setup.py lists every folder Python could import from the package as a package: setuptools
printed a "Package would be ignored" box (about 300 lines in `make demo`) for each folder
of data (locales/, profiles/, serve/static/, each layout) that `find_packages` left out."""

from __future__ import annotations

import runpy
from pathlib import Path
from unittest import mock

import pytest

REPO = Path(__file__).resolve().parent.parent


def _declared(monkeypatch: pytest.MonkeyPatch) -> tuple[set[str], dict[str, str]]:
    """What setup.py gives setuptools, run from the repository as pip runs it."""
    monkeypatch.chdir(REPO)
    with mock.patch("setuptools.setup") as setup:
        runpy.run_path(str(REPO / "setup.py"), run_name="__main__")
    kwargs = setup.call_args.kwargs
    return set(kwargs["packages"]), kwargs["package_dir"]


def test_every_folder_of_the_package_is_declared(monkeypatch: pytest.MonkeyPatch) -> None:
    packages, package_dir = _declared(monkeypatch)
    assert package_dir == {"generator.formats": "layouts"}
    folders = {"generator." + ".".join(path.relative_to(REPO / "generator").parts)
               for path in (REPO / "generator").rglob("*") if path.is_dir()
               and "__pycache__" not in path.parts}
    folders |= {"generator", "generator.formats"}
    folders |= {"generator.formats." + ".".join(path.relative_to(REPO / "layouts").parts)
                for path in (REPO / "layouts").rglob("*") if path.is_dir()
                and "__pycache__" not in path.parts}
    assert folders - packages == set()
    assert not [name for name in packages if "__pycache__" in name]
