"""The output folder as a whole: a kit is all or nothing.

A build writes its whole kit into `<out>/.havenprint/staging/` (on the same file system, so
that files move by renaming) while holding `<out>/.havenprint/lock`, and swaps it in only
once everything is written (generator/kit/kit_commit.py). Until then the folder holds the
previous kit, untouched, whatever happens to the build.

The kit is what the build made: files of the previous kit (those its manifest.json lists)
that the new one does not have are removed. Files havenprint did not write are left as
they are and never listed in the manifest; one in the place of a file of the new kit stops
the build before anything changes.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from generator.errors import OutputInUse, UsageError, WriteError, shown_path
from generator.kit.kit_commit import (
    JOURNAL_NAME,
    HeldSignals,
    apply,
    plan,
    previous_kit,
    read_journal,
    sync_folder,
    write_errors,
    write_journal,
)
from generator.kit.out_lock import FolderLock

STATE_NAME = ".havenprint"
STAGING_NAME = "staging"


@dataclass
class Commit:
    removed: list[str] = field(default_factory=list)  # previous kit files not made again
    left: list[str] = field(default_factory=list)  # ... that could not be removed
    unknown: list[str] = field(default_factory=list)  # files havenprint did not write


def check_out(out: Path, content: tuple[Path, ...]) -> None:
    """UsageError when `out` is `/`, a content folder or a folder above one; WriteError
    when it is a file."""
    target = out.resolve()
    if target == Path(target.anchor):
        raise UsageError(f"--out {out} is the root folder: give a folder for the kit")
    for folder in content:
        folder = folder.resolve()
        if folder == target:
            raise UsageError(f"--out {out} is the content folder: the kit needs a folder "
                             "of its own (the default is output)")
        if folder.is_relative_to(target):
            raise UsageError(f"--out {out} holds the content folder {shown_path(folder)}: "
                             "the kit needs a folder of its own (the default is output)")
    if out.exists() and not out.is_dir():
        raise WriteError(f"could not write the kit: {shown_path(out)} is a file, not a folder")


@contextlib.contextmanager
def folder_lock(out: Path) -> Iterator[None]:
    """Hold `out`'s lock without building a kit in it: a batch, over its sites' folders."""
    state = out / STATE_NAME
    with write_errors("prepare the output folder"):
        out.mkdir(parents=True, exist_ok=True)
        _make_state_folder(state)
    with FolderLock(state, shown_path(out)):
        yield
    with contextlib.suppress(OSError):
        state.rmdir()


def finish_cut_swap(out: Path) -> None:
    """Finish the swap an earlier build into `out` was cut short in (its journal is there)
    before anything else: a build that then stops at its content or at an unknown format
    leaves the folder holding one kit, not half of two. Nothing is done while another build
    holds the folder: that one finishes it."""
    if not os.path.lexists(out / STATE_NAME / JOURNAL_NAME):
        return
    with contextlib.suppress(OutputInUse), KitFolder(out):
        pass  # entering finishes it


class KitFolder:
    """`with KitFolder(out) as folder:` write into `folder.staging`, then `folder.commit(...)`
    with the paths written there; leaving without a commit leaves `out` as it was."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.state = out / STATE_NAME
        self.staging = self.state / STAGING_NAME
        self.committed = False
        self._lock = FolderLock(self.state, shown_path(out))

    def __enter__(self) -> KitFolder:
        with write_errors("prepare the output folder"):
            self.out.mkdir(parents=True, exist_ok=True)
            _make_state_folder(self.state)
        try:
            self._lock.acquire()
        except WriteError:  # a full disk: the folder made for it goes too
            with contextlib.suppress(OSError):
                self.state.rmdir()
            raise
        try:
            with write_errors("finish the kit an earlier build was swapping in"):
                self._recover()
            with write_errors("prepare the output folder"):
                self.staging.mkdir()
        except BaseException:
            self._lock.release()
            raise
        return self

    def __exit__(self, *_: object) -> None:
        if not (self.state / JOURNAL_NAME).exists():  # else a swap cut short needs it
            with contextlib.suppress(OSError):  # else the next build clears it
                _clear(self.staging)
        self._lock.release()
        with contextlib.suppress(OSError):  # only when empty: another build may be starting
            self.state.rmdir()

    def commit(self, written: list[str]) -> Commit:
        """Swap the staged files (paths relative to the staging folder) in for the previous
        kit; WriteError, and the folder as it was, when one of them cannot take its place."""
        previous = previous_kit(self.out)
        swap = plan(written, previous)
        with write_errors("write the kit"):
            self._check_places(swap.new, previous or set())
            for folder, _, _ in os.walk(self.staging):
                sync_folder(Path(folder))  # the staged files' names are on disk too
            write_journal(self.state, swap)
        try:
            with HeldSignals(), write_errors("swap the new kit in"):
                left = apply(self.out, self.staging, swap)
                self.committed = True
                (self.state / JOURNAL_NAME).unlink()
        except WriteError as error:
            raise WriteError(f"{error}; the next build into {shown_path(self.out)} finishes "
                             "the swap") from None
        return Commit(removed=[path for path in swap.remove if path not in left], left=left,
                      unknown=self._unknown(swap.new))

    def _recover(self) -> None:
        swap = read_journal(self.state)
        if swap is not None:
            apply(self.out, self.staging, swap)
            (self.state / JOURNAL_NAME).unlink()
        _clear(self.staging)

    def _check_places(self, new: tuple[str, ...], known: set[str]) -> None:
        """Every file of the new kit can take its place: nothing is there that havenprint
        did not write (that the previous manifest, `known`, does not list), and the folders
        on the way are folders, not links (made now when missing)."""
        for path in new:
            target = self.out / path
            if target.is_dir() and not target.is_symlink():
                raise WriteError(f"could not write the kit: {shown_path(target)} is a folder")
            if (target.exists() or target.is_symlink()) and path not in known:
                raise WriteError(
                    f"could not write the kit: {shown_path(target)} is there and havenprint "
                    f"did not write it (it is not in {shown_path(self.out / 'manifest.json')});"
                    " move it away or choose another --out")
        folders = sorted({(self.out / path).parent for path in new})
        for folder in folders:
            relative = folder.relative_to(self.out)
            for step in [*reversed(relative.parents)][1:] + [relative]:  # previews, previews/en
                place = self.out / step
                if os.path.islink(place):  # it could lead anywhere
                    raise WriteError(f"could not write the kit: {shown_path(place)} is a link "
                                     "where the kit needs a folder of its own")
                if os.path.lexists(place) and not place.is_dir():
                    raise WriteError(f"could not write the kit: {shown_path(place)} is a "
                                     "file where the kit needs a folder")
        for folder in folders:
            folder.mkdir(parents=True, exist_ok=True)

    def _unknown(self, new: tuple[str, ...]) -> list[str]:
        """Files in the kit's folders that are not the kit's: left as they are."""
        kit = set(new)
        folders = {self.out} | {(self.out / path).parent for path in new}
        found = []
        for folder in sorted(folders):
            try:
                entries = sorted(folder.iterdir())
            except OSError:
                continue
            for entry in entries:
                relative = entry.relative_to(self.out).as_posix()
                if (not entry.name.startswith(".") and relative not in kit
                        and (entry.is_file() or entry.is_symlink())):
                    found.append(relative)
        return sorted(found)


def _make_state_folder(state: Path) -> None:
    """`<out>/.havenprint`, a folder of its own: a link there would put the lock (made, then
    removed) and the staged kit in a folder elsewhere."""
    if state.is_symlink() or (state.exists() and not state.is_dir()):
        raise WriteError(f"could not prepare the output folder: {shown_path(state)} is not "
                         "a folder; remove it")
    state.mkdir(exist_ok=True)


def _clear(path: Path) -> None:
    """Remove `path` whatever it is; a link is removed, never followed."""
    if path.is_symlink() or path.is_file():
        path.unlink()
    elif path.is_dir():
        shutil.rmtree(path)
