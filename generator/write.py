"""Write output files atomically: a failed build never leaves half a file or loses a good one."""

from __future__ import annotations

import os
import tempfile
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
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise
