"""ReportLab's reading of a TrueType face kept on disk, for the next process to read back.

`TTFontFile.extractInfo` reads a face's names, metrics, cmap and every glyph's advance in
Python (about 10 ms per face on this machine, 8 faces and more in a kit's first build). What
it sets depends only on the font file's bytes, the face's place in the file (a collection's
subfont), what it is asked for (`charInfo`), its own code, the class read into (a TTFontFace
holds a typeface's attributes too) and two ReportLab settings: that is the key, the bytes by
their SHA-256, so a file changed or replaced in place is read again, and the same font in
another folder is found. The attributes are kept as ReportLab set them
(pickled, in the font cache folder, which no one else can write in, pruned with it); a face
whose name ReportLab had to make up (no PostScript name: a name from the clock) is not kept.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import reportlab
from reportlab import rl_config
from reportlab.pdfbase.ttfonts import TTFontFile

from generator import disk_cache
from generator.i18n.font_files import CACHE_LIMIT_MB, cache_dir, prune_cache
from generator.write import write_atomic

if TYPE_CHECKING:
    from generator.engine import Engine

ExtractInfo = Callable[[TTFontFile, int], None]
VERSION = "1"
PREFIX = "face-"  # the font cache's pruning counts these files with its own
FACE_KEY = "_havenprint_face_key"  # set on the face: its subsets are kept by it (subset_cache)
# What a face holds that is not what extractInfo worked out (the file, where it was found,
# the key it was kept under), or is made again from what is kept (the scale to 1000 units
# per em, a function)
NOT_KEPT = frozenset({"_ttf_data", "filename", "_pdfScale", FACE_KEY})


def remembered_faces(original: ExtractInfo, engine: Engine) -> ExtractInfo:
    """`extractInfo` that reads what it sets from the cache when an earlier process has
    read the same face, and keeps it there when not."""
    code = hashlib.sha256(original.__code__.co_code).hexdigest()[:16]

    def extract_info(self: TTFontFile, charInfo: int = 1) -> None:  # noqa: N803 -- ReportLab's
        key = face_key(self, charInfo, code)
        path = cache_dir() / f"{PREFIX}{key}.pickle"
        kept = read_kept(path)
        if kept is not None:
            vars(self).update(kept, _pdfScale=_scale(kept["unitsPerEm"]))
            setattr(self, FACE_KEY, key)
            return
        parse(original, self, charInfo)
        if not bytes(getattr(self, "name", b"")).startswith(b"_RL_"):
            keep(path, {name: value for name, value in vars(self).items()
                        if name not in NOT_KEPT})
            setattr(self, FACE_KEY, key)
    return extract_info


def face_key(face: TTFontFile, char_info: int, code: str) -> str:
    """What extractInfo's outcome depends on, digested."""
    digest = hashlib.sha256(face._ttf_data).hexdigest()
    where = (face.subfontNameX, getattr(face, "_pos", None), face.version)
    settings = (os.path.basename(face.filename) in rl_config.allowTTFSubsetting,
                getattr(rl_config, "autoGenerateTTFMissingTTFName", None))
    parts = (VERSION, reportlab.Version, code, type(face).__qualname__, digest, where,
             char_info, settings, pickle.HIGHEST_PROTOCOL)
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]


def _scale(units_per_em: int) -> Callable[[float], float]:
    """extractInfo's own scale from font units to 1000 per em, the same arithmetic."""
    if units_per_em == 1000:
        return lambda x: x
    multiplier = 1000 / units_per_em
    return lambda x: x * multiplier


def parse(original: ExtractInfo, face: TTFontFile, char_info: int) -> None:
    """ReportLab's own reading of the face (tests count these calls)."""
    original(face, char_info)


def read_kept(path: Path) -> dict[str, Any] | None:
    """What a process kept for this face, or None (not kept, or not readable: a damaged file
    is read again from the font)."""
    kept = disk_cache.read_kept(path)
    return kept if isinstance(kept, dict) else None


def keep(path: Path, attributes: dict[str, Any]) -> None:
    with contextlib.suppress(OSError, pickle.PicklingError):  # a cache: never a failure
        write_atomic(path, pickle.dumps(attributes, pickle.HIGHEST_PROTOCOL), durable=False)
        prune_cache(path.parent, CACHE_LIMIT_MB * 1024 * 1024, keep=path)
