"""Font files ReportLab can embed, made from the packages on PyPI and cached on disk.

ReportLab embeds TrueType outlines only, and only a variable font's default instance: so
variable fonts are instanced into real Regular and Bold files, and the CFF-based Noto Sans
CJK is subset to the characters a document uses and converted to TrueType outlines.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import subprocess
import sys
from array import array
from pathlib import Path

from generator.engine import remembered
from generator.errors import WriteError
from generator.storage.disk_cache import cache_folder, not_kept, spare_cache_folder
from generator.storage.write import write_atomic

# Font files are made in a child process (generator/i18n/font_making.py), once per machine
# and per set of characters, since they are cached.

CACHE_VERSION = "3"
NOT_WRITTEN = 3  # the exit status of a font job whose file could not be written (a full disk)
# The cache folder holds at most this much (HAVENPRINT_CACHE_MB to change it): the files
# used longest ago go first. A kit needs a few MB (instanced fonts, one CJK subset per
# language); a batch of Chinese sites one subset per language.
CACHE_LIMIT_MB = float(os.environ.get("HAVENPRINT_CACHE_MB") or 512)


def cache_dir() -> Path:
    return cache_folder("fonts")


def _key(*parts: object) -> str:
    return hashlib.sha256(repr((CACHE_VERSION, *parts)).encode()).hexdigest()[:16]


def static_instance(source: Path, axes: dict[str, float], style: str) -> Path:
    """A static TrueType instance of a variable font, made once and cached, named after its
    style: PDF viewers tell embedded fonts apart by name, so a Bold named Regular would
    print regular."""
    if _is_default_instance(source, axes):
        return source  # ReportLab embeds a variable font's default instance: nothing to make
    family = source.stem.split("[")[0]
    target = cache_dir() / f"{family}-{style}-{_key(str(source), source.stat().st_size, axes)}.ttf"
    return _cached_or_made(target, {"kind": "instance", "source": str(source), "axes": axes,
                                    "style": style})


def whole_instance(source: Path, style: str = "Regular") -> Path:
    """A variable font's default instance as a static font of its own, cached: a font a PDF
    embeds whole (a form's typed text, generator/render/field_fonts.py), without the
    variation tables no viewer reads. A static font is itself."""
    if not is_variable(source):
        return source
    family = source.stem.split("[")[0]
    axes = dict(_default_location(source))
    target = cache_dir() / f"{family}-{style}-whole-{_key(str(source), source.stat().st_size)}.ttf"
    return _cached_or_made(target, {"kind": "instance", "source": str(source), "axes": axes,
                                    "style": style})


@remembered(64)
def _default_location(source: Path) -> tuple[tuple[str, float], ...]:
    """A variable font's default location, read once per version of the file (by its path,
    size and time, as face_cmap's) into a small file beside the fonts made from it: a build
    that finds every font it needs made imports no fontTools."""
    stat = source.stat()
    target = cache_dir() / f"axes-{_key(str(source), stat.st_size, stat.st_mtime_ns)}"
    if target.is_file():
        with contextlib.suppress(ValueError, TypeError):  # damaged: read again
            return tuple((str(tag), float(value))
                         for tag, value in json.loads(_used(target).read_bytes()))
    from fontTools.ttLib import TTFont  # once per font file and machine

    with TTFont(str(source), lazy=True) as font:
        found = tuple((axis.axisTag, float(axis.defaultValue)) for axis in font["fvar"].axes)
    _store(target, json.dumps(found).encode())
    return found


def _is_default_instance(source: Path, axes: dict[str, float]) -> bool:
    """Whether `axes` ask for the variable font's default instance (Regular, in every
    family havenprint uses)."""
    return all(axes.get(tag, default) == default for tag, default in _default_location(source))


def _used(path: Path) -> Path:
    """Mark a cached file as just used: pruning removes the files used longest ago."""
    with contextlib.suppress(OSError):  # a read-only cache still serves
        os.utime(path)
    return path


def _store(target: Path, data: bytes) -> None:
    """`data` kept in the cache; where it cannot be (a full disk), said once and not kept:
    it is read from the font again next time."""
    try:
        write_atomic(target, data)
    except OSError as error:
        not_kept(target.parent, error)
        return
    _within_limit(target)


def _within_limit(made: Path) -> Path:
    """`made`, just written, with the cache pruned to its limit around it."""
    prune_cache(made.parent, CACHE_LIMIT_MB * 1024 * 1024, keep=made)
    return made


def prune_cache(folder: Path, limit: float, keep: Path | None = None) -> list[Path]:
    """Remove the files used longest ago until `folder` holds at most `limit` bytes (never
    `keep`, just made); the files removed."""
    files = []
    for path in folder.iterdir():
        if not (path.suffix == ".ttf" or path.name.startswith(
                ("cmap-", "axes-", "height-", "face-", "subset-"))):
            continue  # not ours, or a file being written (face- and subset- files are an
            # earlier release's, pruned with the rest)
        try:
            stat = path.stat()
        except OSError:
            continue
        files.append((stat.st_mtime, stat.st_size, path))
    total = sum(size for _, size, _ in files)
    removed = []
    for _, size, path in sorted(files):
        if total <= limit:
            break
        if path == keep:
            continue
        try:
            path.unlink()
        except OSError:
            continue
        total -= size
        removed.append(path)
    return removed


def truetype_subset(source: Path, face_index: int, chars: str) -> Path:
    """A CFF font face subset to `chars` and converted to TrueType outlines, cached."""
    wanted = "".join(sorted(set(chars)))
    # Keyed by the font file's name and size, not its path: the key names the subset inside
    # every PDF (and its bold), and a path into a virtual environment made two installs
    # print different bytes for the same kit
    key = _key(source.name, source.stat().st_size, face_index, wanted)
    target = cache_dir() / f"cjk-{face_index}-{key}.ttf"
    return _cached_or_made(target, {"kind": "subset", "source": str(source),
                                    "face_index": face_index, "chars": wanted,
                                    "suffix": target.stem.rsplit("-", 1)[-1]})


def emboldened(source: Path, cached: bool = False) -> Path:
    """A bold version of a TrueType font, made by stroking every outline and merging the
    stroke with it (skia-pathops): for faces whose real bold is not on PyPI. Written beside
    `source` (a subset in the cache), or with `cached` into the cache folder (a site's own
    font file, whose folder is not ours to write in)."""
    if cached:  # by content: the same font copied into another folder is the same font
        digest = hashlib.sha256(source.read_bytes()).hexdigest()
        target = cache_dir() / f"{source.stem}-{_key(digest)}-bold.ttf"
    else:
        target = source.with_name(f"{source.stem}-bold.ttf")
    return _cached_or_made(target, {"kind": "bold", "source": str(source),
                                    "suffix": source.stem.rsplit("-", 1)[-1]})


def _cached_or_made(target: Path, job: dict) -> Path:
    """`target` from the cache, else made by generator.i18n.font_making in a child process:
    the outlines fontTools loads to make it would otherwise stay in this process's memory
    for good."""
    if target.is_file():
        return _used(target)
    spare = spare_cache_folder("fonts") / target.name  # where a full cache's are made
    if spare.is_file():
        return _used(spare)
    done = _make(target, job)
    if done.returncode == NOT_WRITTEN and spare.parent != target.parent:
        not_kept(target.parent, OSError(errno.ENOSPC, _said(done)))
        target, done = spare, _make(spare, job)
    if done.returncode == NOT_WRITTEN:
        raise WriteError(f"could not make the font file {target.name}: {target.parent} "
                         f"cannot take it ({_said(done)}); free some space on its disk, or set "
                         "HAVENPRINT_CACHE to a folder elsewhere")
    if done.returncode != 0 or not target.is_file():
        raise RuntimeError(f"could not make the font file {target.name} from "
                           f"{job['source']}: {_said(done)}")
    return _within_limit(target)


def _make(target: Path, job: dict) -> subprocess.CompletedProcess[str]:
    job = {**job, "target": str(target)}
    package_root = Path(__file__).resolve().parents[2]  # this very generator, wherever it is
    return subprocess.run(
        [sys.executable, "-c", "import sys; sys.path.insert(0, sys.argv[1]); "
         "from generator.i18n.font_making import main; main()", str(package_root)],
        input=json.dumps(job), capture_output=True, text=True, check=False)


def _said(done: subprocess.CompletedProcess[str]) -> str:
    return (done.stderr.strip().splitlines() or ["no message"])[-1]



@remembered(64)
def is_variable(source: Path) -> bool:
    from fontTools.ttLib import TTFont  # a site's own font files only

    with TTFont(str(source), lazy=True) as font:
        return "fvar" in font


@remembered(64)
def face_cmap(source: Path, face_index: int = 0) -> frozenset[int]:
    """Code points a font face covers: read from the font once (fontTools takes a tenth of
    a second on a large face), then from a small file in the cache folder."""
    stat = source.stat()
    target = cache_dir() / f"cmap-{_key(str(source), stat.st_size, stat.st_mtime_ns, face_index)}"
    if target.is_file():
        codes = array("I")
        codes.frombytes(_used(target).read_bytes())
        return frozenset(codes)
    from fontTools.ttLib import TTFont  # once per font file and machine

    font = TTFont(str(source), fontNumber=face_index, lazy=True)
    found = frozenset(font.getBestCmap())
    _store(target, array("I", sorted(found)).tobytes())
    return found


@remembered(64)
def letter_height(source: Path, letters: str) -> float:
    """The median height over the baseline of `letters`' outlines, in ems (a script's
    x-height, measured on letters with nothing above their body): read from the font once,
    then from a small file in the cache folder. 0 when the font has none of them."""
    stat = source.stat()
    key = _key(str(source), stat.st_size, stat.st_mtime_ns, letters)
    target = cache_dir() / f"height-{key}"
    if target.is_file():
        with contextlib.suppress(ValueError, TypeError):  # damaged: measured again
            return float(json.loads(_used(target).read_bytes()))
    from fontTools.pens.boundsPen import BoundsPen  # once per font file and machine
    from fontTools.ttLib import TTFont

    with TTFont(str(source), lazy=True) as font:
        glyphs, cmap = font.getGlyphSet(), font.getBestCmap()
        tops = []
        for letter in letters:
            name = cmap.get(ord(letter))
            if name is None:
                continue
            pen = BoundsPen(glyphs)
            glyphs[name].draw(pen)
            if pen.bounds is not None:
                tops.append(pen.bounds[3] / font["head"].unitsPerEm)
    tops.sort()
    found = (tops[(len(tops) - 1) // 2] + tops[len(tops) // 2]) / 2 if tops else 0.0
    _store(target, json.dumps(found).encode())
    return found
