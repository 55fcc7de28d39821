"""havenprint's folder of files worth keeping between runs: the font files made from the
packages, with what was read from them (fonts/: generator/i18n/font_files.py), and compiled
templates (templates/). $HAVENPRINT_CACHE, else the user's cache folder ($XDG_CACHE_HOME or
~/.cache, then havenprint/), else a temporary folder. Everything in it can be deleted at any
time; it is made again when needed."""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from pathlib import Path

from generator.engine import current_engine, remembered


@remembered(8)
def cache_folder(name: str) -> Path:
    """The cache's folder `name`, made if it is not there. Compiled templates are loaded
    from it as code: a folder someone else owns or can write in is not used."""
    base = os.environ.get("HAVENPRINT_CACHE") or os.environ.get("XDG_CACHE_HOME")
    root = Path(base) / "havenprint" if base else Path.home() / ".cache" / "havenprint"
    return _first_of_ours((root / name, _spare(name)), name)


@remembered(8)
def spare_cache_folder(name: str) -> Path:
    """Where what the cache folder `name` cannot take (its disk is full) is kept instead:
    the temporary folder's, else one of this process's own."""
    return _first_of_ours((_spare(name),), name)


def _spare(name: str) -> Path:
    return Path(tempfile.gettempdir()) / f"havenprint-{os.getuid()}-{name}"


def _first_of_ours(folders: tuple[Path, ...], name: str) -> Path:
    for folder in folders:
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


def not_kept(folder: Path, error: OSError) -> None:
    """What could not be written into the cache `folder` (a full disk, a read-only one) is
    used without being kept: said once per process, on stderr, never an error (the cache
    only saves time)."""
    unkept = current_engine().unkept_caches
    if str(folder) in unkept:
        return
    unkept.add(str(folder))
    print(f"havenprint: warning: the cache folder {folder} cannot be written "
          f"({error.strerror or error}): working without keeping files there, which is "
          "slower; free some space on its disk, or set HAVENPRINT_CACHE to a folder elsewhere",
          file=sys.stderr)
