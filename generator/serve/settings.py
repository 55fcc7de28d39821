"""What `havenprint serve` was started with (imported by the command line: kept light)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

MAX_UPLOAD_BYTES = 20 * 1024 * 1024  # an import: HSDS data, a spreadsheet, a zip of CSVs
MAX_BODY_BYTES = 4 * 1024 * 1024  # anything else: a form, an article (2 MB at most)
LOOPBACK = ("127.0.0.1", "localhost", "[::1]", "::1")


@dataclass(frozen=True)
class Settings:
    content: Path
    out: Path
    allow_outside: tuple[Path, ...] = ()
    host: str = "127.0.0.1"
    port: int = 8765
    token: str | None = None  # asked for in the URL when the server listens beyond loopback
    max_upload: int = MAX_UPLOAD_BYTES
    max_body: int = MAX_BODY_BYTES


def is_loopback(host: str) -> bool:
    return host in LOOPBACK or host.startswith("127.")
