"""The files the page edits: read with a digest, saved atomically, the previous version kept.

Only files inside the content folder given on the command line are written, and only the
ones the pages name (resources.yaml, an article, a catalogue): a name is built by the server
from checked parts, then resolved, and refused if it leads outside (a link elsewhere).

A save names the digest of the file as the page loaded it; when the file on disk has another
one (someone edited it in an editor, or another tab saved it), nothing is written and the
page says so. The version a save replaces is kept in `<content>/.havenprint/history/`, the
last HISTORY_KEPT per file, named after the file and the time of the save.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from generator.content.bounded_read import read_limited
from generator.content.containment import is_inside
from generator.content.yamlfile import MAX_CONTENT_BYTES
from generator.errors import ContentError
from generator.storage.write import write_atomic

PRIVATE_FOLDER = Path(".havenprint")  # the page's own: drafts and history, not the kit's
HISTORY_FOLDER = PRIVATE_FOLDER / "history"
IGNORED = ("# havenprint serve's unsaved drafts and the versions saves replaced: not part of "
           "the kit,\n# and kept out of git.\n*\n")


def ignored_by_git(root: Path) -> None:
    """`<root>/.havenprint/.gitignore` ignoring the folder itself (as .pytest_cache does),
    so that a content folder kept in git never commits its drafts or history."""
    marker = root / PRIVATE_FOLDER / ".gitignore"
    if not marker.exists() and is_inside(marker, (root.resolve(),)):
        write_atomic(marker, IGNORED.encode("utf-8"), durable=False)
HISTORY_KEPT = 20
SEEN_KEPT = 32  # versions remembered in memory (History holds those saves replaced)
ABSENT = "absent"  # the digest of a file that does not exist yet


class OutsideContent(ValueError):
    """A path that would lead outside the content folder."""


class ChangedOnDisk(Exception):
    """The file is not the version the page loaded."""

    def __init__(self, path: Path) -> None:
        super().__init__(
            f"{path.name} changed on disk since this page loaded it (edited in another "
            "program, or saved from another tab). Your changes are not saved: copy what you "
            "need, then reload the page to see the file as it is now.")
        self.path = path


@dataclass(frozen=True)
class Loaded:
    path: Path
    text: str | None  # None: the file does not exist
    digest: str


def digest_of(data: bytes | None) -> str:
    return ABSENT if data is None else hashlib.sha256(data).hexdigest()


class ContentFiles:
    """Reads and saves files below `root`, one save at a time."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._resolved = root.resolve()
        self._saving = threading.Lock()
        # the versions pages loaded lately, by digest: what a page's edits were made to,
        # for merging them with a version saved meanwhile (see `version`)
        self._seen: dict[str, bytes] = {}

    def path(self, relative: str) -> Path:
        """`root / relative`, refused when it is absolute, climbs out with `..`, or resolves
        (through a link) outside the content folder."""
        parts = Path(relative).parts
        if not parts or Path(relative).is_absolute() or ".." in parts:
            raise OutsideContent(f"{relative!r} is not a file of the content folder")
        path = self.root / relative
        if not is_inside(path, (self._resolved,)):
            raise OutsideContent(f"{relative} leads outside the content folder")
        return path

    def is_own(self, path: Path) -> bool:
        """Whether `path` is in this content folder (not in a base it extends)."""
        return is_inside(path, (self._resolved,))

    def load(self, path: Path) -> Loaded:
        data = self._read(path)
        self._remember(data)
        text = None if data is None else data.decode("utf-8-sig", errors="replace")
        return Loaded(path, text, digest_of(data))

    def save(self, path: Path, text: str, expected: str) -> str:
        """Write `text` to `path` if it is still the version whose digest is `expected`;
        the new digest. ChangedOnDisk when it is not."""
        if not self.is_own(path):
            raise OutsideContent(f"{path} is not in the content folder")
        data = text.encode("utf-8")
        with self._saving:
            self._history_folder(path)  # before anything is written
            old = self._read(path)
            if digest_of(old) != expected:
                raise ChangedOnDisk(path)
            if old == data:
                return expected
            if old is not None:
                self._keep(path, old)
            write_atomic(path, data)
        self._remember(data)
        return digest_of(data)

    def replace(self, path: Path, expected: str, write: Callable[[], object]) -> str:
        """`write()` (which writes `path` itself) if `path` is still the version whose
        digest is `expected`, the version it replaces kept; the new digest."""
        if not self.is_own(path):
            raise OutsideContent(f"{path} is not in the content folder")
        with self._saving:
            self._history_folder(path)  # before anything is written
            old = self._read(path)
            if digest_of(old) != expected:
                raise ChangedOnDisk(path)
            write()
            if old is not None:
                self._keep(path, old)
            return digest_of(self._read(path))

    def put(self, path: Path, data: bytes, limit: int) -> None:
        """Write a file the page adds whole (a font, up to `limit` bytes), the version it
        replaces kept in History."""
        if not self.is_own(path):
            raise OutsideContent(f"{path} is not in the content folder")
        with self._saving:
            self._history_folder(path)
            try:
                old = read_limited(path, limit) if path.exists() else None
            except ContentError as error:
                raise OSError(str(error.problems[0].message)) from None
            if old == data:
                return
            if old is not None:
                self._keep(path, old)
            write_atomic(path, data)

    def version(self, path: Path, digest: str) -> str | None:
        """The text of `path` whose digest is `digest`, as a page loaded it: remembered
        since, or kept in History once a save replaced it; None when it is neither ("" for
        a file that did not exist)."""
        if digest == ABSENT:
            return ""
        data = self._seen.get(digest)
        if data is None:
            for kept in reversed(self.history(path)):
                try:
                    old = read_limited(kept, MAX_CONTENT_BYTES)
                except (ContentError, OSError):
                    continue
                if digest_of(old) == digest:
                    data = old
                    break
        return None if data is None else data.decode("utf-8-sig", errors="replace")

    def _remember(self, data: bytes | None) -> None:
        if data is None:
            return
        self._seen.pop(digest_of(data), None)
        self._seen[digest_of(data)] = data
        while len(self._seen) > SEEN_KEPT:
            del self._seen[next(iter(self._seen))]

    def history(self, path: Path) -> list[Path]:
        folder = self._history_folder(path)
        return sorted(folder.glob("*")) if folder.is_dir() else []

    def _read(self, path: Path) -> bytes | None:
        if not path.exists():
            return None
        try:
            return read_limited(path, MAX_CONTENT_BYTES)
        except ContentError as error:
            raise OSError(str(error.problems[0].message)) from None

    def _history_folder(self, path: Path) -> Path:
        """Where the versions of `path` are kept; OutsideContent when `.havenprint` (or a
        folder in it) is a link leading out of the content folder."""
        relative = path.resolve().relative_to(self._resolved)
        folder = self.root / HISTORY_FOLDER / relative.as_posix().replace("/", "__")
        if not is_inside(folder, (self._resolved,)):
            raise OutsideContent(f"{HISTORY_FOLDER} in the content folder is a link to a "
                                 "folder elsewhere: remove the link (the previous version of "
                                 "a file is kept there); nothing was saved")
        return folder

    def _keep(self, path: Path, old: bytes) -> None:
        folder = self._history_folder(path)
        ignored_by_git(self.root)
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S.%fZ")
        write_atomic(folder / f"{stamp}{path.suffix}", old)
        for stale in self.history(path)[:-HISTORY_KEPT]:
            stale.unlink(missing_ok=True)
