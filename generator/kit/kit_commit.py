"""Swapping a staged kit into the output folder, and finishing a swap a crash cut short.

The new kit is complete in the staging folder, every file flushed to disk, before anything
in the output folder changes. Then `commit.json` is written (atomically, flushed): from that
moment the new kit is the one the folder will hold. The swap moves each staged file over its
place (manifest.json last) and removes the previous kit's files that the new one does not
have, with Ctrl-C held back until it is done: a few renames, milliseconds. Only a power
cut or a killed process can stop it half-way; the next build then reads `commit.json` and
finishes it before anything else, so the folder holds the previous kit or the new one.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import signal
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from generator.content.bounded_read import read_limited
from generator.errors import ContentError, WriteError, shown_path

JOURNAL_NAME = "commit.json"
MANIFEST_NAME = "manifest.json"
INDEX_NAME = "index.html"
MAX_MANIFEST_BYTES = 50_000_000
# The paths a kit's files may have: `index.html`, `<lang>/<name>.pdf`,
# `previews/<lang>/<name>.png`, an audience pack's `<pack>/previews/<lang>/<name>.png`.
# Anything else in a manifest or a journal is ignored, so that neither can make havenprint
# remove a file outside the kit.
_KIT_PATH = re.compile(r"(?:[A-Za-z0-9][A-Za-z0-9-]*/){0,3}[A-Za-z0-9][A-Za-z0-9._-]*")


@dataclass(frozen=True)
class Swap:
    new: tuple[str, ...]  # paths relative to the output folder, manifest.json last
    remove: tuple[str, ...]  # the previous kit's files that the new one does not have


def kit_path(text: object) -> str | None:
    """`text` when it is a path a kit's file may have, else None."""
    if not isinstance(text, str) or not _KIT_PATH.fullmatch(text):
        return None
    return None if any(part in ("", ".", "..") for part in text.split("/")) else text


def previous_kit(out: Path) -> set[str] | None:
    """The files the manifest in `out` lists (itself included); None when there is no
    manifest havenprint wrote."""
    manifest = out / MANIFEST_NAME
    try:
        if manifest.is_symlink():
            return None
        data = json.loads(read_limited(manifest, MAX_MANIFEST_BYTES))  # never a pipe
    except (ContentError, ValueError):
        return None
    if not isinstance(data, dict) or "manifest_version" not in data or not isinstance(
            data.get("outputs"), list):
        return None
    listed = {kit_path(entry.get("path")) for entry in data["outputs"]
              if isinstance(entry, dict)}
    return {path for path in listed if path} | {MANIFEST_NAME}


def plan(new: Iterable[str], previous: set[str] | None) -> Swap:
    ordered = sorted(set(new), key=lambda path: (path == MANIFEST_NAME, path == INDEX_NAME,
                                                 path))
    return Swap(tuple(ordered), tuple(sorted((previous or set()) - set(ordered))))


def write_journal(state: Path, swap: Swap) -> None:
    journal = state / JOURNAL_NAME
    temporary = state / f".{JOURNAL_NAME}.tmp"
    data = json.dumps({"new": list(swap.new), "remove": list(swap.remove)}).encode()
    with open(temporary, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, journal)
    sync_folder(state)


def read_journal(state: Path) -> Swap | None:
    journal = state / JOURNAL_NAME
    if not os.path.lexists(journal):
        return None
    try:  # a regular file only: a pipe would wait for ever
        data = json.loads(read_limited(journal, MAX_MANIFEST_BYTES))
    except (ContentError, ValueError):
        data = {}  # never half-written (it is renamed into place): unreadable, so unusable
    if not isinstance(data, dict):
        data = {}
    new, remove = ([path for path in map(kit_path, listed) if path]
                   for listed in (_list(data.get("new")), _list(data.get("remove"))))
    return Swap(tuple(new), tuple(remove))


def _list(value: object) -> list[object]:
    return value if isinstance(value, list) else []


def apply(out: Path, staging: Path, swap: Swap) -> list[str]:
    """Move the staged files into `out` and remove the old ones; safe to run again after it
    was cut short. The old files that could not be removed."""
    touched = {out}
    for path in swap.new:
        source, target = staging / path, out / path
        # A link on either side would move a file out of, or into, a folder elsewhere:
        # checked here too, since a journal left in the folder is read as it was found.
        link = (staging if os.path.islink(staging) else None) or _first_link(staging, path) \
            or _first_link(out, path)
        if link is not None:
            raise OSError(errno.ELOOP, "is a link where the kit needs a folder of its own",
                          str(link))
        if os.path.lexists(source):
            if not target.parent.is_dir():  # made before the journal; again when recovering
                target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(source, target)
            touched.add(target.parent)
    left = []
    for path in swap.remove:
        target = out / path
        if _through_link(out, path):  # out/en -> elsewhere: never remove files there
            left.append(path)
            continue
        try:
            if not target.is_dir() or target.is_symlink():
                target.unlink(missing_ok=True)
                touched.add(target.parent)
        except OSError:
            left.append(path)
    for folder in sorted(_emptied(out, swap.remove), key=lambda f: -len(f.parts)):
        with contextlib.suppress(OSError):
            folder.rmdir()  # only when empty: files havenprint did not write stay
    for folder in touched:
        if folder.is_dir():
            sync_folder(folder)
    return left


def _through_link(out: Path, path: str) -> bool:
    """Whether a folder on the way from `out` to `path` is a symbolic link."""
    return _first_link(out, path) is not None


def _first_link(out: Path, path: str) -> Path | None:
    """The first folder on the way from `out` to `path` that is a symbolic link."""
    parts = path.split("/")[:-1]
    return next((out.joinpath(*parts[:end]) for end in range(1, len(parts) + 1)
                 if os.path.islink(out.joinpath(*parts[:end]))), None)


def _emptied(out: Path, removed: Iterable[str]) -> set[Path]:
    folders = set()
    for path in removed:
        parent = (out / path).parent
        while parent != out and parent.is_relative_to(out):
            folders.add(parent)
            parent = parent.parent
    return folders


def sync_folder(folder: Path) -> None:
    """Flush a folder's entries (renames into it) to disk."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass  # some file systems cannot flush a folder: nothing more to do
    finally:
        os.close(descriptor)


class HeldSignals:
    """Ctrl-C (and SIGTERM) held back while the swap runs, then delivered."""

    SIGNALS = (signal.SIGINT, signal.SIGTERM)

    def __init__(self) -> None:
        self._received: list[int] = []
        self._previous: dict[int, object] = {}

    def __enter__(self) -> HeldSignals:
        if threading.current_thread() is threading.main_thread():
            for number in self.SIGNALS:
                self._previous[number] = signal.signal(number, self._hold)
        return self

    def _hold(self, signum: int, frame: object) -> None:
        self._received.append(signum)

    def __exit__(self, *_: object) -> None:
        for number, handler in self._previous.items():
            signal.signal(number, handler)  # type: ignore[arg-type]
        for number in dict.fromkeys(self._received):
            signal.raise_signal(number)


@contextlib.contextmanager
def write_errors(action: str) -> Iterator[None]:
    """An OSError as a WriteError: `could not <action>: <reason>`."""
    try:
        yield
    except OSError as error:
        where = f" {shown_path(error.filename)}:" if error.filename else ""
        raise WriteError(f"could not {action}:{where} {error.strerror or error}") from None
