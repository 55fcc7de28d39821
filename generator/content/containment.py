"""Inputs come from inside the content folder and the folders it extends, or from a folder
allowed on the command line (`--allow-outside PATH`). A link that leads elsewhere (an
article that is a symbolic link to /etc/passwd), or a setting whose path does (`resources:
../../secret.csv`), is an error that names the file or the setting; the file is never read,
so nothing of it can show up in a message or on a page."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path

from generator.errors import Code, ContentError, Problem

MAX_CONTENT_FILES = 10_000  # files and folders in a content folder and the ones it extends
MAX_LINKS_LISTED = 20  # links leading outside, named one by one; the rest counted
ALLOW_HINT = "move it into the content folder, or allow its folder with --allow-outside"


def read_roots(folders: Iterable[Path], allowed: Iterable[Path] = ()) -> tuple[Path, ...]:
    """The folders inputs may come from, resolved."""
    return tuple(dict.fromkeys(_resolved(folder) for folder in (*folders, *allowed)))


def is_inside(path: Path, roots: tuple[Path, ...]) -> bool:
    """Whether `path`, its links followed, is one of `roots` or lies below one."""
    target = _resolved(path)
    return any(target == root or target.is_relative_to(root) for root in roots)


def check_site_file(root: Path, allowed: Iterable[Path]) -> None:
    """site.yaml is read to find the folders a site extends: it must not lead outside."""
    site = root / "site.yaml"
    if site.is_symlink() and not is_inside(site, read_roots([root], allowed)):
        raise ContentError(_outside(site, root))


def check_links(folders: tuple[Path, ...], roots: tuple[Path, ...]) -> None:
    """ContentError naming every link in `folders` that leads outside `roots`, or when the
    folders hold over MAX_CONTENT_FILES entries (`extends: /` would walk the whole disk)."""
    problems = []
    for count, path in enumerate(_entries(folders), start=1):
        if count > MAX_CONTENT_FILES:
            raise ContentError(Problem(folders[0], (
                f"the content folder and the folders it extends hold over "
                f"{MAX_CONTENT_FILES:,} files: is this the right folder?"),
                code=Code.TOO_MANY_FILES, fields={"limit": MAX_CONTENT_FILES}))
        if os.path.islink(path) and not is_inside(path, roots):
            problems.append(_outside(path, folders[0]))
    if len(problems) > MAX_LINKS_LISTED:  # `extends: /etc` is not a list to read through
        rest = len(problems) - MAX_LINKS_LISTED
        problems[MAX_LINKS_LISTED:] = [Problem(folders[0], (
            f"and {rest:,} more link(s) outside the content folder: is this the right "
            "folder (and the right `extends:`)?"), code=Code.MORE_LINKS_OUTSIDE,
            fields={"count": rest})]
    if problems:
        raise ContentError(problems)


def _outside(path: Path, root: Path) -> Problem:
    return Problem(path, (
        f"is a link to {_resolved(path)}, outside the content folder {root}: havenprint "
        f"reads only files inside it; {ALLOW_HINT}"), code=Code.LINK_OUTSIDE,
        fields={"target": str(_resolved(path))})


def _entries(folders: tuple[Path, ...]) -> Iterator[Path]:
    """Every file and folder below `folders`, not following links, without hidden ones or
    other content folders nested inside (a base may be the folder above its sites)."""
    for folder in folders:
        for current, dirs, files in os.walk(folder):
            here = Path(current)
            dirs[:] = [name for name in dirs if not name.startswith(".")]
            for name in (*dirs, *files):
                if not name.startswith("."):
                    yield here / name
            dirs[:] = [name for name in dirs if not _is_file(here / name / "site.yaml")]


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except OSError:  # not allowed to look: not a content folder havenprint can read
        return False


def _resolved(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # a loop of links
        return path.absolute()
