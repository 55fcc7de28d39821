"""The revealing-word lists as Terms (stems and skeletons worked out), kept on disk.

Stemming and mapping a kit's lists takes a new process 50-100 ms per language, the same
every time the lists are unchanged. A list's Terms depend on its entries, the stemmers it is
stemmed with and the code that works them out: the key is the entries themselves, the
source of this package's matching, stems and skeleton modules with the prototypes table,
the Snowball stemmers' build (PyStemmer's extension), and Python's Unicode version; a
change to any is a new key.
"""

from __future__ import annotations

import hashlib
import sys
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from generator.disk_cache import installed, kept
from generator.engine import remembered

T = TypeVar("T")
VERSION = "1"
HERE = Path(__file__).parent
SOURCES = ("matching.py", "stems.py", "skeleton.py", "prototypes.tsv")


def kept_terms(entries: tuple[str, ...], algorithms: tuple[str, ...], make: Callable[[], T],
               valid: Callable[[object], bool]) -> T:
    """`make()`'s Terms of `entries` stemmed with `algorithms`, from the cache when an
    earlier process worked out the same."""
    key = hashlib.sha256(repr((VERSION, _code(), installed("Stemmer"), algorithms,
                               entries)).encode()).hexdigest()[:32]
    return kept("discretion", f"terms-{key}", make, valid)


@remembered(1)
def _code() -> str:
    digest = hashlib.sha256(repr((sys.version_info[:2], unicodedata.unidata_version)).encode())
    for name in SOURCES:
        digest.update((HERE / name).read_bytes())
    return digest.hexdigest()

