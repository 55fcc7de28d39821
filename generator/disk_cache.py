"""havenprint's folder of files worth keeping between runs: the font files made from the
packages, with what was read from them (fonts/: generator/i18n/font_files.py), and compiled
templates (templates/). $HAVENPRINT_CACHE, else the user's cache folder ($XDG_CACHE_HOME or
~/.cache, then havenprint/), else a temporary folder. Everything in it can be deleted at any
time; it is made again when needed."""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from generator.engine import remembered


@remembered(8)
def cache_folder(name: str) -> Path:
    """The cache's folder `name`, made if it is not there. Compiled templates are loaded
    from it as code: a folder someone else owns or can write in is not used."""
    base = os.environ.get("HAVENPRINT_CACHE") or os.environ.get("XDG_CACHE_HOME")
    root = Path(base) / "havenprint" if base else Path.home() / ".cache" / "havenprint"
    for folder in (root / name, Path(tempfile.gettempdir()) / f"havenprint-{os.getuid()}-{name}"):
        try:
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        except OSError:
            continue
        if _ours(folder):
            return folder
    return Path(tempfile.mkdtemp(prefix=f"havenprint-{name}-"))  # this process's alone


def _ours(folder: Path) -> bool:
    found = folder.lstat()
    return (stat.S_ISDIR(found.st_mode) and found.st_uid == os.getuid()
            and not found.st_mode & (stat.S_IWGRP | stat.S_IWOTH))
