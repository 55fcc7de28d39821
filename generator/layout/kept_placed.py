"""A document's placed faces kept on disk: a new process building an unchanged kit reads
what placing each document came to (every paragraph at the size its fit chose, wrapped into
its lines, where each box went) instead of trying every size again. Fitting is most of what
laying out costs, and a process remembers fits only for itself (fit.py): a build of the
default kit spent 0.3 s of processor time finding again the fits the last build had found.

Placing depends on the composed faces (every word, in its order and style), the layout (its
spec, which is all its layout.yaml says, and its folder), the size and brand colour, the
files problems name, the sizes other faces settled (caps), the fonts (each face's registered
names, the characters it covers and the file ReportLab read it from) and the code that
places: the key is all of that, every module of havenprint (by size and time, as Python
tells compiled code from its source) and the versions of ReportLab, HarfBuzz, python-bidi,
ICU and Python's Unicode data. The objects placed faces share with the process (the
layout's specs, the font set and its faces) are pickled as references to the process's
own, so that a face read back is the same face.

Kept only for what the build and check commands read from files (never for the web page's
drafts), and only when placing found no problem: a document with one is placed, and
reported, every time. What was placed is drawn anew every time.
"""

from __future__ import annotations

import hashlib
import io
import os
import pickle
import sys
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from reportlab.pdfbase import pdfmetrics

from generator.disk_cache import cache_folder, installed, keep_file, read_used
from generator.engine import remembered
from generator.i18n.font_files import cache_dir
from generator.i18n.fonts import FontSet
from generator.layout.document import Composition, Placed, place_document
from generator.layout.place import Placement

VERSION = "1"
FOLDER = "placed"
MOST = 1024  # documents: a kit in 14 languages makes about a hundred
PACKAGE = Path(__file__).resolve().parent.parent
LIBRARIES = ("reportlab", "_rl_accel", "uharfbuzz", "bidi", "icu4py")


def placed_document(composition: Composition, placement: Placement, keep: bool) -> Placed:
    """`place_document`, or what an earlier process placed of the same inputs (`keep`: read
    and kept in the cache folder, for documents made from files)."""
    key = _key(composition, placement) if keep else None
    if key is None:
        return place_document(composition, placement)
    shared = _shared(composition, placement)
    path = cache_folder(FOLDER) / f"placed-{key}.pickle"
    found = read_used(path, lambda data: _Unpickler(io.BytesIO(data), shared).load())
    if isinstance(found, Placed) and not found.problems:
        return found
    placed = place_document(composition, placement)
    if not placed.problems:
        written = io.BytesIO()
        try:
            _Pickler(written, {id(thing): index for index, thing in enumerate(shared)}
                     ).dump(placed)
        except (pickle.PicklingError, TypeError, AttributeError):
            return placed  # something placed that does not pickle: placed again next time
        keep_file(path, written.getvalue(), MOST)
    return placed


def _key(composition: Composition, placement: Placement) -> str | None:
    """A digest of everything placing depends on; None when it cannot be told (a font
    ReportLab did not read from a file)."""
    layout = composition.layout
    fonts = _fonts_key(Same(placement.fonts))
    if fonts is None or placement.layout is not layout:
        return None
    parts = (VERSION, _code(), composition.lang, composition.size, composition.faces,
             str(layout.folder), _spec_text(Same(layout)), placement.size, placement.brand,
             sorted((name, str(path)) for name, path in placement.sources.items()),
             placement.caps, fonts)
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]


@dataclass(frozen=True, eq=False)
class Same:
    """A key that is one object itself, not any equal to it: layouts and font sets are
    made once per process and shared by its documents (remembered by the key, the object
    stays alive, so no other takes its id)."""

    thing: Any

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Same) and other.thing is self.thing

    def __hash__(self) -> int:
        return id(self.thing)


@remembered(64)
def _spec_text(layout: Same) -> str:
    return repr(layout.thing.spec)


@remembered(512)
def _fonts_key(same: Same) -> tuple[Any, ...] | None:
    fonts: FontSet = same.thing
    faces = []
    for face in fonts.faces:
        files = [font_file(name) for name in (face.regular, face.bold)]
        if None in files:
            return None
        faces.append((face.family, face.regular, face.bold, face.shaped, len(face.cmap),
                      hash(face.cmap), files))  # a set of ints hashes alike in every process
    return fonts.lang, tuple(faces)


@remembered(256)
def font_file(name: str) -> tuple[str, int, int] | None:
    """The file ReportLab read the registered font `name` from, by size and time; a file the
    font cache made is named by a digest of what it was made from, and its time is when it
    was last used (pruning removes the files used longest ago), so its name and size tell
    it. None for a font not read from a file."""
    try:
        filename = Path(pdfmetrics.getFont(name).face.filename)
        found = filename.stat()
    except (KeyError, AttributeError, TypeError, OSError):
        return None
    made = filename.parent == cache_dir()
    return str(filename), found.st_size, 0 if made else found.st_mtime_ns


@remembered(1)
def _code() -> str:
    """The libraries' versions, and havenprint's modules by name, size and time, as Python
    itself tells a module's compiled code is still its source's (reading every module's
    text took 6-10 ms of each new process)."""
    digest = hashlib.sha256(repr((sys.version, unicodedata.unidata_version,
                                  [installed(name) for name in LIBRARIES])).encode())
    for path, size, time in sorted(_sources(str(PACKAGE))):
        digest.update(f"{path} {size} {time}\n".encode())
    return digest.hexdigest()


def _sources(folder: str) -> Iterator[tuple[str, int, int]]:
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                if entry.name != "__pycache__":
                    yield from _sources(entry.path)
            elif entry.name.endswith(".py"):
                found = entry.stat()
                yield entry.path, found.st_size, found.st_mtime_ns


def _shared(composition: Composition, placement: Placement) -> list[object]:
    """What placed faces refer to that the process holds: the layout, its specs (each face's
    spec and slots, the styles, the sizes), the sizes placed at, the font set and its faces.
    The same inputs list them in the same order in every process."""
    return [*_layout_models(Same(composition.layout)), composition.size, placement.size,
            placement.fonts, *placement.fonts.faces]


@remembered(64)
def _layout_models(layout: Same) -> tuple[object, ...]:
    return (layout.thing, *_models(layout.thing.spec))


def _models(value: object) -> Iterator[BaseModel]:
    if isinstance(value, BaseModel):
        yield value
        for name in type(value).model_fields:
            yield from _models(getattr(value, name))
    elif isinstance(value, dict):
        for item in value.values():
            yield from _models(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _models(item)


class _Pickler(pickle.Pickler):
    def __init__(self, file: io.BytesIO, shared: dict[int, int]) -> None:
        super().__init__(file, pickle.HIGHEST_PROTOCOL)
        self._shared = shared

    def persistent_id(self, obj: object) -> int | None:
        return self._shared.get(id(obj))


class _Unpickler(pickle.Unpickler):
    def __init__(self, file: io.BytesIO, shared: list[object]) -> None:
        super().__init__(file)
        self._shared = shared

    def persistent_load(self, pid: object) -> object:
        if not isinstance(pid, int) or not 0 <= pid < len(self._shared):
            raise pickle.UnpicklingError(f"no shared object {pid!r}")
        return self._shared[pid]
