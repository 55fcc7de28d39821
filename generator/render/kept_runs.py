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
build's documents only, as their placements are (layout/kept_placed.py), and only for the
first content folder a process builds: a new build's, or a batch worker's first site.
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

from generator.disk_cache import cache_folder, installed, keep_file, read_used
from generator.engine import current_engine, remembered
from generator.render.shaped_text import Written

VERSION = "3"
FOLDER = "runs"
MOST = 256  # documents: a new build keeps only its own kit's, up to 260 kB each
HERE = Path(__file__).parent
I18N = HERE.parent / "i18n"
SOURCES = (HERE / "shaped_text.py", HERE / "patches.py", I18N / "kept_shapes.py",
           I18N / "bidi_text.py", I18N / "segmented_text.py")


@contextlib.contextmanager
def kept_runs(root: Path, document: str, lang: str) -> Iterator[None]:
    """While the block draws the document `document` of the content folder `root` in
    `lang`: its shaped runs (HarfBuzz's glyphs, and how ReportLab writes them) read from the
    cache folder first, and those it used kept there if it used any the file did not hold."""
    engine = current_engine()
    if engine.runs_kept_for is None:
        engine.runs_kept_for = root
    if engine.runs_kept_for != root:
        # A batch's later sites: the runs they share with the first (the article, the
        # safety wording) are remembered by now, and reading each site's file (a
        # millisecond a document) cost a batch of Arabic sites more than it saved.
        yield
        return
    parts = (VERSION, _code(), str(root), document, lang)
    key = hashlib.sha256(repr(parts).encode()).hexdigest()[:32]
    path = cache_folder(FOLDER) / f"runs-{key}.pickle"
    found = read_used(path, pickle.loads)
    runs, shapes = found if _kept(found) else ({}, {})  # type: ignore[misc]
    for run, steps in runs.items():
        if engine.shaped_runs.get(run) is None:
            engine.shaped_runs.remember(run, steps)
    runs_used: dict[Any, Written] = {}
    shapes_used: dict[Any, Any] = {}
    before = engine.runs_used, engine.kept_shapes, engine.shapes_used
    engine.runs_used, engine.kept_shapes, engine.shapes_used = runs_used, shapes, shapes_used
    try:
        yield
    finally:
        engine.runs_used, engine.kept_shapes, engine.shapes_used = before
    if any(run not in runs for run in runs_used) or any(
            shape not in shapes for shape in shapes_used):
        # Glyph positions as plain tuples, which equal and hash as ReportLab's ShapeData do
        # (a named tuple: unpickling one calls Python code, five times slower).
        plain = {(tuple(map(tuple, positions)), size, rise): steps
                 for (positions, size, rise), steps in runs_used.items()}
        with contextlib.suppress(pickle.PicklingError):
            keep_file(path, pickle.dumps((plain, shapes_used), pickle.HIGHEST_PROTOCOL), MOST)


def _kept(found: object) -> bool:
    """Whether what a file held is (runs, shapes): runs as `shaped_runs` keys them,
    (positions, size, rise), each with its Written; shapes by (text, font, size)."""
    if not (isinstance(found, tuple) and len(found) == 2 and isinstance(found[0], dict)
            and isinstance(found[1], dict)):
        return False
    runs, shapes = found
    return all(isinstance(run, tuple) and len(run) == 3 and isinstance(run[0], tuple)
               and isinstance(steps, Written) for run, steps in runs.items()) and all(
        isinstance(shape, tuple) and len(shape) == 3 and isinstance(record, tuple)
        for shape, record in shapes.items())


@remembered(1)
def _code() -> str:
    digest = hashlib.sha256(repr((sys.version, reportlab.Version, installed("uharfbuzz"))).encode())
    for source in SOURCES:
        digest.update(source.read_bytes())
    return digest.hexdigest()
