"""One build at a time in an output folder: `<out>/.havenprint/lock`, held with flock and
holding the builder's process id. A second build stops at once with "in use by another
build (pid N)". The kernel lets go of a lock when its process ends however it ends, so the
file a killed build leaves behind is simply taken over (the processes a build forks let go
of it: generator/pipeline/parent_tie.py). Where flock is not available (some network file systems),
the process id decides: a lock whose process is gone is taken over.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from pathlib import Path

from generator.engine import current_engine
from generator.errors import OutputInUse, WriteError

try:
    import fcntl
except ImportError:  # not POSIX
    fcntl = None  # type: ignore[assignment]

LOCK_NAME = "lock"


class FolderLock:
    def __init__(self, state: Path, shown: str) -> None:
        self._path = state / LOCK_NAME
        self._shown = shown  # the output folder, as the user named it
        self._descriptor: int | None = None

    def __enter__(self) -> FolderLock:
        self.acquire()
        return self

    def __exit__(self, *_: object) -> None:
        self.release()

    def acquire(self) -> None:
        for _ in range(20):  # another build may remove the file between open and lock
            descriptor = self._open()
            if not self._lock(descriptor):
                holder = _pid_in(descriptor)
                if holder is not None and not _alive(holder):  # a process it left behind
                    holder = _holding(descriptor) or holder
                os.close(descriptor)
                raise OutputInUse(self._shown, holder)
            if self._same_file(descriptor):
                try:
                    os.ftruncate(descriptor, 0)
                    os.pwrite(descriptor, f"{os.getpid()}\n".encode(), 0)
                except OSError as error:  # a full disk: no room for the process id
                    with contextlib.suppress(OSError):
                        self._path.unlink()  # while held, as release does
                    os.close(descriptor)
                    raise WriteError(f"cannot lock {self._shown}: {error.strerror}") from None
                self._descriptor = descriptor
                current_engine().held_locks.add(descriptor)
                return
            os.close(descriptor)
        raise OutputInUse(self._shown, None)

    def release(self) -> None:
        if self._descriptor is None:
            return
        with contextlib.suppress(OSError):
            self._path.unlink()  # while still held: the next build makes a new file
        current_engine().held_locks.discard(self._descriptor)
        os.close(self._descriptor)
        self._descriptor = None

    def _open(self) -> int:
        try:
            descriptor = os.open(self._path, os.O_RDWR | os.O_CREAT | os.O_NONBLOCK
                                 | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0),
                                 0o644)
        except OSError as error:
            raise WriteError(f"cannot lock {self._shown}: {error.strerror}") from None
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):  # a pipe, a device: not ours
            os.close(descriptor)
            raise WriteError(f"cannot lock {self._shown}: {self._path} is not a file; "
                             "remove it")
        return descriptor

    def _lock(self, descriptor: int) -> bool:
        """True when this process now holds the lock."""
        if fcntl is not None:
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return True
            except OSError as error:
                if error.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                    return False
        holder = _pid_in(descriptor)  # no flock here: trust a process id that is alive
        return holder is None or holder == os.getpid() or not _alive(holder)

    def _same_file(self, descriptor: int) -> bool:
        try:
            return os.stat(self._path, follow_symlinks=False).st_ino == os.fstat(
                descriptor).st_ino
        except OSError:
            return False


def _pid_in(descriptor: int) -> int | None:
    try:
        text = os.pread(descriptor, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


def _holding(descriptor: int) -> int | None:
    """Another process that has the lock file open (Linux: /proc/<pid>/fd): when the process
    the file names has ended, the lock is held by one it started (a worker, or a copy from
    before they let go of it), which is the one to name."""
    mine = os.fstat(descriptor)
    try:
        processes = [entry for entry in os.scandir("/proc") if entry.name.isdigit()]
    except OSError:  # not Linux
        return None
    for process in processes:
        if int(process.name) == os.getpid():
            continue
        try:
            opened = os.scandir(f"/proc/{process.name}/fd")
        except OSError:  # gone, or not ours to look at
            continue
        with opened:
            for entry in opened:
                try:
                    found = os.stat(entry.path)
                except OSError:
                    continue
                if (found.st_dev, found.st_ino) == (mine.st_dev, mine.st_ino):
                    return int(process.name)
    return None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
