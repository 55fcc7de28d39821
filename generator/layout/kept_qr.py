"""QR codes' sizes and module matrices kept on disk: a new process building an unchanged kit
reads each payload's code from the cache folder instead of making it again, and imports no
`qrcode` (15 ms before the first page, and a few milliseconds a code).

A code depends on its payload, the error correction, and the code that makes it: the key is
the payload, the source of qr_size.py, kept_qr.py and render's qr.py and qr_masks.py, and
qrcode's own source. A matrix read back is used only if it is one a QR code can be: square,
of a version's size. Payloads that cannot be made into a code are made (and refused) every
time.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from generator.disk_cache import installed, kept
from generator.engine import remembered

T = TypeVar("T")
VERSION = "1"
HERE = Path(__file__).parent
SOURCES = (HERE / "qr_size.py", HERE / "kept_qr.py", HERE.parent / "render" / "qr.py",
           HERE.parent / "render" / "qr_masks.py")
QRCODE_SOURCES = ("main.py", "util.py", "base.py", "constants.py", "LUT.py")  # and __init__
Matrix = tuple[tuple[bool, ...], ...]


def kept_version(payload: str, make: Callable[[], int]) -> int:
    """`make()`'s version of the smallest symbol that holds `payload`, or an earlier
    process's."""
    return _kept("version", payload, make,
                 lambda found: isinstance(found, int) and 1 <= found <= 40)


def kept_matrix(payload: str, make: Callable[[], Matrix]) -> Matrix:
    """`make()`'s module matrix of `payload`, or an earlier process's."""
    return _kept("matrix", payload, make, _is_matrix)


def _is_matrix(found: object) -> bool:
    if not isinstance(found, tuple) or (len(found) - 17) % 4 or not 21 <= len(found) <= 177:
        return False
    return all(isinstance(row, tuple) and len(row) == len(found)
               and all(type(cell) is bool for cell in row) for row in found)


def _kept(kind: str, payload: str, make: Callable[[], T], valid: Callable[[object], bool]) -> T:
    key = hashlib.sha256(repr((VERSION, _code(), kind, payload)).encode()).hexdigest()[:32]
    return kept("qr", f"qr-{key}", make, valid, most=4096)


@remembered(1)
def _code() -> str:
    digest = hashlib.sha256(installed("qrcode", QRCODE_SOURCES).encode())
    for source in SOURCES:
        digest.update(source.read_bytes())
    return digest.hexdigest()
