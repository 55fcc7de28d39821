"""Read an input file without trusting it: regular files only (a pipe would wait forever and
/dev/zero never ends), and never more than a limit, checked before the bytes are in memory."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from generator.errors import Code, ContentError, Problem

_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)


def read_limited(path: Path, limit: int) -> bytes:
    """The bytes of the regular file `path`; ContentError when it is something else (a
    device, a pipe, a folder), holds over `limit` bytes, or cannot be read."""
    try:
        # Non-blocking, so that opening a pipe returns at once and is refused below.
        descriptor = os.open(path, _FLAGS)
    except OSError as exc:
        raise ContentError(unreadable(path, exc)) from None
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            raise ContentError(Problem(path, (
                "not a regular file (a folder, a device or a pipe): "
                "havenprint reads only files"), code=Code.FILE_NOT_REGULAR))
        if info.st_size > limit:
            raise ContentError(too_big(path, info.st_size, limit))
        # A regular file reads the same without blocking. One read, unless it grows.
        chunks, size, wanted = [], 0, info.st_size + 1
        while size <= limit:
            chunk = os.read(descriptor, min(wanted, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            wanted = 1 << 20
        if size > limit:  # it grew while being read
            raise ContentError(too_big(path, size, limit))
        return chunks[0] if len(chunks) == 1 else b"".join(chunks)
    except OSError as exc:
        raise ContentError(unreadable(path, exc)) from None
    finally:
        os.close(descriptor)


def too_big(path: Path, size: int, limit: int) -> Problem:
    return Problem(path, (f"the file is {size:,} bytes; the limit is {limit:,}: "
                          "is this the right file?"), code=Code.FILE_TOO_BIG,
                   fields={"size": size, "limit": limit})


def unreadable(path: Path, error: OSError) -> Problem:
    return Problem(path, f"cannot read the file: {error.strerror}", code=Code.FILE_UNREADABLE,
                   fields={"reason": error.strerror})
