"""Font subsets kept on disk, compressed as a PDF embeds them, for the next process.

ReportLab makes each document's subsets of each face in Python (`makeSubset`, a fraction
of a millisecond each) and compresses them (zlib, about a millisecond per 20 KB): 70
subsets and 50 ms of a new process's build of the default kit, the same subsets as the
build before whenever the text did not change. A subset depends only on the face (its
file's bytes, its place in a collection: the key face_cache.py gives it, which holds
ReportLab's version), the glyphs asked for, in their order, and makeSubset's code; it is
kept under a digest of those and of zlib's version, as `zlib.compress` gives it, which is
what ReportLab's FlateDecode filter writes (patches.py gives that form to the PDF when it
embeds the subset). What does not decompress is made again.
"""

from __future__ import annotations

import contextlib
import hashlib
import zlib
from collections.abc import Callable

from generator.disk_cache import prune_now, read_used
from generator.i18n.font_files import CACHE_LIMIT_MB, cache_dir, prune_cache
from generator.write import write_atomic

VERSION = "1"
PREFIX = "subset-"  # the font cache's pruning counts these files with its own


def kept_subset(face_key: str, subset: tuple[int, ...], code: str,
                make: Callable[[], bytes]) -> tuple[bytes, bytes]:
    """(the subset, compressed): read back from the cache, or made and kept there."""
    key = _key(face_key, subset, code)
    path = cache_dir() / f"{PREFIX}{key}.z"
    found = read_used(path, lambda compressed: (zlib.decompress(compressed), compressed))
    if found is not None:
        return found
    made = make()
    compressed = zlib.compress(made)
    with contextlib.suppress(OSError):  # a cache: never a failure
        write_atomic(path, compressed, durable=False)
        if prune_now(key):
            prune_cache(path.parent, CACHE_LIMIT_MB * 1024 * 1024, keep=path)
    return made, compressed


def _key(face_key: str, subset: tuple[int, ...], code: str) -> str:
    parts = (VERSION, face_key, code, zlib.ZLIB_RUNTIME_VERSION, subset)
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]
