"""Write output files atomically: a failed build never leaves half a file or loses a good one."""

from __future__ import annotations

import os
import tempfile
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path


def write_atomic(path: Path, data: bytes, durable: bool = True) -> None:
    """Readers see the old file or the new one, never part of one. `durable` also flushes it
    to disk before it replaces the old one, so that a power cut cannot leave an empty file in
    its place; files that a build makes again in a moment (previews) skip that wait."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as temp:
            temp.write(data)
            temp.flush()
            if durable:
                os.fsync(temp.fileno())
        os.chmod(temp_name, 0o644)
        os.replace(temp_name, path)
    except OSError as error:  # named after the file, not its temporary name
        Path(temp_name).unlink(missing_ok=True)
        raise OSError(error.errno, error.strerror, str(path)) from None
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise


class BackgroundWriter:
    """Atomic writes, in order, on one thread of their own: while fsync waits for the disk,
    the next document is drawn. Leaving the `with` block waits for every queued write, also
    when the block is left by an error or Ctrl-C (what was drawn before is written whole);
    a failed write is raised at the next `write` or on leaving."""

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="havenprint-write")
        self._queued: list[Future[None]] = []

    def __enter__(self) -> BackgroundWriter:
        return self

    def __exit__(self, error_type: type[BaseException] | None, *_: object) -> None:
        self._pool.shutdown(wait=True)
        if error_type is None:
            self._raise_failure()

    def write(self, path: Path, data: bytes) -> None:
        self._raise_failure()
        self._queued.append(self._pool.submit(write_atomic, path, data))

    def _raise_failure(self) -> None:
        done = [future for future in self._queued if future.done()]
        self._queued = [future for future in self._queued if not future.done()]
        for future in done:
            future.result()
