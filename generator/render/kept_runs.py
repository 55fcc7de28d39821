"""How ReportLab writes each shaped run of a document, kept on disk: a new process drawing an
unchanged document reads the operators of its Arabic, Devanagari or Thai runs instead of
working each out again glyph by glyph (shaped_text.written: 40 ms of the default kit's
Arabic documents in a new process, a sixth of what they cost).

`written` is a function of a run's glyph positions, size and rise alone, and those are its
key in the engine's `shaped_runs`; what one document used is kept in one file, named by the
document, its language, its content folder, and the code that writes runs (shaped_text.py
and patches.py, ReportLab's version). Whatever a file holds, an entry is used only for the
very positions, size and rise it was worked out for: a file from an older version of the
document gives what is still the same and is written again with what it lacked. Kept for the
build's documents only, as their placements are (layout/kept_placed.py).
"""

from __future__ import annotations

import contextlib
import hashlib
import pickle
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import reportlab

from generator.disk_cache import cache_folder, keep_file, read_used
from generator.engine import current_engine, remembered
from generator.render.shaped_text import Written

VERSION = "1"
FOLDER = "runs"
MOST = 2048  # documents
HERE = Path(__file__).parent
SOURCES = (HERE / "shaped_text.py", HERE / "patches.py")


@contextlib.contextmanager
def kept_runs(root: Path, document: str, lang: str) -> Iterator[None]:
    """While the block draws the document `document` of the content folder `root` in
    `lang`: its shaped runs read from the cache folder first, and the ones it used kept
    there if it used any the file did not hold."""
    engine = current_engine()
    parts = (VERSION, _code(), str(root), document, lang)
    key = hashlib.sha256(repr(parts).encode()).hexdigest()[:32]
    path = cache_folder(FOLDER) / f"runs-{key}.pickle"
    found = read_used(path, pickle.loads)
    kept: dict[Any, Written] = found if _runs(found) else {}  # type: ignore[assignment]
    for run, steps in kept.items():
        if engine.shaped_runs.get(run) is None:
            engine.shaped_runs.remember(run, steps)
    used: dict[Any, Written] = {}
    before, engine.runs_used = engine.runs_used, used
    try:
        yield
    finally:
        engine.runs_used = before
    if any(run not in kept for run in used):
        with contextlib.suppress(pickle.PicklingError):
            keep_file(path, pickle.dumps(used, pickle.HIGHEST_PROTOCOL), MOST)


def _runs(found: object) -> bool:
    """Whether what a file held is runs as `shaped_runs` keys them: (positions, size,
    rise), each with its Written."""
    return isinstance(found, dict) and all(
        isinstance(run, tuple) and len(run) == 3 and isinstance(run[0], tuple)
        and isinstance(steps, Written) for run, steps in found.items())


@remembered(1)
def _code() -> str:
    digest = hashlib.sha256(repr((sys.version, reportlab.Version)).encode())
    for source in SOURCES:
        digest.update(source.read_bytes())
    return digest.hexdigest()
