"""havenprint's folder of files worth keeping between runs: font files made from the
packages and the faces read from them (fonts/), compiled templates (templates/), and values
worked out from unchanged inputs (`kept`: the revealing-word lists, discretion/).
$HAVENPRINT_CACHE, else the user's cache folder ($XDG_CACHE_HOME or ~/.cache, then
havenprint/), else a temporary folder. Everything in it can be deleted at any time; it is
made again when needed."""

from __future__ import annotations

import contextlib
import hashlib
import importlib.machinery
import importlib.util
import os
import pickle
import stat
import tempfile
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from generator.engine import remembered

T = TypeVar("T")
PRUNE_EVERY = 16


@remembered(8)
def cache_folder(name: str) -> Path:
    """The cache's folder `name`, made if it is not there. Compiled templates are loaded
    from it as code: a folder someone else owns or can write in is not used."""
    base = os.environ.get("HAVENPRINT_CACHE") or os.environ.get("XDG_CACHE_HOME")
    root = Path(base) / "havenprint" if base else Path.home() / ".cache" / "havenprint"
    for folder in (root / name, Path(tempfile.gettempdir()) / f"havenprint-{os.getuid()}-{name}"):
        try:
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        except OSError:
            continue
        if _ours(folder):
            return folder
    return Path(tempfile.mkdtemp(prefix=f"havenprint-{name}-"))  # this process's alone


def _ours(folder: Path) -> bool:
    found = folder.lstat()
    return (stat.S_ISDIR(found.st_mode) and found.st_uid == os.getuid()
            and not found.st_mode & (stat.S_IWGRP | stat.S_IWOTH))


def kept(folder: str, key: str, make: Callable[[], T], valid: Callable[[object], bool],
         most: int = 1024, still: Callable[[], bool] = lambda: True) -> T:
    """What `make` gives, kept in the cache's `folder` under `key` (a digest of everything
    it depends on: its inputs, the code that works it out and that code's libraries), and
    read back from there by the next process instead of made again. A file that does not
    unpickle into something `valid` is made again; the folder keeps about the `most` files
    used last (pruned after one write in PRUNE_EVERY, chosen by the key: listing a folder of
    thousands of files takes 50 ms); what `make` gave is not kept unless `still()` (for a
    `make` that reads a file again: the file is still the one the key names). Pickled: a
    folder only this user can write in (see cache_folder) is trusted as the compiled
    templates are."""
    path = cache_folder(folder) / f"{key}.pickle"
    found = read_kept(path)
    if found is not None and valid(found):
        return found  # type: ignore[return-value]  # valid() checked it
    made = make()
    if not still():
        return made
    with contextlib.suppress(pickle.PicklingError):  # a cache: never a failure
        keep_file(path, pickle.dumps(made, pickle.HIGHEST_PROTOCOL), most)
    return made


def keep_file(path: Path, data: bytes, most: int) -> None:
    """`data` written atomically as the kept file `path` (a `*.pickle` of its folder), the
    folder pruned to about the `most` files used last; a write that fails is let be (a
    cache: never a failure)."""
    from generator.write import write_atomic  # concurrent.futures: not for every command

    with contextlib.suppress(OSError):
        write_atomic(path, data, durable=False)
        if prune_now(path.stem):
            _prune(path.parent, most, path)


@remembered(16)
def installed(name: str, also: tuple[str, ...] = ()) -> str:
    """A digest of the library `name` as installed, found without importing it (importing
    some takes 20-60 ms), for the keys of what is worked out with it: its module or package
    __init__.py (which holds its __version__), the files `also` of its package, and the size
    and time of its compiled extension modules (the module itself, or those beside its
    __init__.py); "none" where it is not installed."""
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        return "none"
    origin = Path(spec.origin)
    digest = hashlib.sha256()
    if _is_extension(origin):
        extensions = [origin]
    else:
        digest.update(origin.read_bytes())
        folder = origin.parent if origin.name == "__init__.py" else None
        extensions = sorted(path for path in folder.iterdir() if _is_extension(path)) \
            if folder is not None else []
        for file in also:
            path = origin.parent / file
            digest.update(file.encode() + (path.read_bytes() if path.is_file() else b"-"))
    for extension in extensions:
        found = extension.stat()
        digest.update(f"{extension.name} {found.st_size} {found.st_mtime_ns}".encode())
    return digest.hexdigest()


def _is_extension(path: Path) -> bool:
    return path.name.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def read_kept(path: Path) -> object | None:
    """A kept value, marked as just used; None when there is none or it does not read."""
    return read_used(path, pickle.loads)


def read_used(path: Path, decode: Callable[[bytes], T]) -> T | None:
    """What `decode` makes of a kept file's bytes, the file marked as just used (pruning
    removes the files used longest ago); None when there is none or it does not decode."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    try:
        found = decode(data)
    except Exception:  # noqa: BLE001 -- damaged or from another version: made again
        return None
    with contextlib.suppress(OSError):
        os.utime(path)
    return found


def prune_now(key: str) -> bool:
    """Whether the write of `key` prunes its folder: one in PRUNE_EVERY, chosen by the key
    (listing a folder of thousands of files takes 50 ms)."""
    return zlib.crc32(key.encode()) % PRUNE_EVERY == 0


def _prune(folder: Path, most: int, keep: Path) -> None:
    """Remove the kept files used longest ago beyond the `most` (never `keep`, just made)."""
    files = []
    for path in folder.glob("*.pickle"):
        with contextlib.suppress(OSError):
            files.append((path.stat().st_mtime, path))
    for _, path in sorted(files)[:max(0, len(files) - most)]:
        if path != keep:
            with contextlib.suppress(OSError):
                path.unlink()
