"""manifest.json: every output file with its sha256 and size, the input files with theirs, and
the versions of the tools that made them. No timestamps and sorted keys: identical input
gives identical bytes, so a rebuild can be compared with `cmp` or a checksum."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import platform
from collections.abc import Iterable, Iterator, Mapping
from importlib import metadata
from pathlib import Path
from typing import Any

from generator import __version__
from generator.content.audiences import with_pack_failures
from generator.content.extends import content_folders
from generator.content.layouts import LAYOUTS_DIR, Layout
from generator.content.models import Kit, Resource
from generator.engine import current_engine, remembered
from generator.errors import Problem

MANIFEST_VERSION = 1
VERSIONED = ("reportlab", "qrcode", "jinja2", "pypdfium2", "pikepdf")
SKIPPED_NAMES = frozenset({"__pycache__", "Thumbs.db"})


def input_sha256(path: Path) -> str:
    """An input file's digest, remembered while the file (its inode, size and modification
    time) stays the same: every site of a batch lists the shared base's files."""
    stat = path.stat()
    key = (path.absolute(), stat.st_ino, stat.st_size, stat.st_mtime_ns)
    digests = current_engine().input_digests
    return digests.get(key) or digests.remember(key, sha256_of(path))


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def versions() -> dict[str, str]:
    return dict(_found_versions())  # a copy: the cached one stays as found


@remembered(1)
def _found_versions() -> dict[str, str]:
    found = {"havenprint": __version__, "python": platform.python_version()}
    for name in VERSIONED:
        try:
            found[name] = _installed_version(name)
        except metadata.PackageNotFoundError:
            found[name] = "not installed"
    return found


def _installed_version(name: str) -> str:
    """The version in the name of the package's one `<name>-<version>.dist-info` folder
    beside it, as pip installs it; else importlib.metadata's (which parses each package's
    METADATA as an e-mail, a package at a time, in every build: bench/README.md)."""
    spec = importlib.util.find_spec(name)
    if spec is not None and spec.origin is not None:
        beside = Path(spec.origin).parent.parent
        folders = list(beside.glob(f"{name}-*.dist-info"))
        if len(folders) == 1:
            return folders[0].name[len(name) + 1:-len(".dist-info")]
    return metadata.version(name)


def printed_line(line: Resource, lang: str, parts: tuple[str, ...] | None = None,
                 qr: str | None = None) -> dict[str, Any]:
    """A line as a piece prints it in `lang`, the ways to reach it: what `havenprint changes`
    compares with today's data (a number by what it dials, and as printed). `parts`: a line
    the piece prints only a part of (a restroom poster's first number), with the parts it
    prints ("name", "phone", "tty", "text", "url", "hours", "qr"): only those are recorded,
    and listed as `printed`; `qr`: what the piece's QR code encodes, when it is this line's."""
    record: dict[str, Any] = {"name": line.name, "printed_name": line.names.get(lang) or line.name}
    for key, phone in (("phone", line.phone), ("tty", line.tty)):
        if phone is not None:
            record[key] = {"display": phone.display, "dials": phone.e164}
    if line.text is not None:
        record["text"] = {"number": line.text.number, "dials": line.text.e164,
                          **({"keyword": line.text.keyword} if line.text.keyword else {})}
    if line.url:
        record["url"] = line.url
    if hours := line.hours_in(lang):
        record["hours"] = hours
    if qr is not None:
        record["qr"] = qr
    if line.verified is not None:
        record["verified"] = line.verified.isoformat()
    if parts is None:
        return record
    kept = {"name", "printed_name", "verified", *parts}
    return {**{key: value for key, value in record.items() if key in kept},
            "printed": list(parts)}


def file_entry(path: Path, label: str, **extra: Any) -> dict[str, Any]:
    return {"path": label, "sha256": sha256_of(path), "size": path.stat().st_size, **extra}


def input_entry(path: Path, label: str, role: str) -> dict[str, Any]:
    return {"path": label, "sha256": input_sha256(path), "size": path.stat().st_size,
            "role": role}


def input_entries(kit: Kit, layouts: Iterable[Layout], out: Path) -> list[dict[str, Any]]:
    """The files of the content folder (and of the folders it extends), then the files of the
    layouts used; paths relative to the content folder, built-in layouts to havenprint's."""
    entries: dict[str, dict[str, Any]] = {}
    root, skip = kit.root.resolve(), out.resolve()
    for folder in content_folders(kit.root):
        for path in _files(folder.resolve(), skip):
            label = _relative(path, root)
            entries[label] = input_entry(path, label, "content")
    for pack in kit.audiences:  # a pack's folder with a site.yaml is not walked above
        assert pack.audience_folder is not None
        for path in _files(pack.audience_folder.resolve(), skip):
            label = _relative(path, root)
            entries[label] = input_entry(path, label, "content")
    builtin = LAYOUTS_DIR.parent.resolve()
    for layout in layouts:
        for path in _files(layout.folder.resolve(), skip):
            label = _relative(path, root if path.is_relative_to(root) else builtin)
            entries.setdefault(label, input_entry(path, label, "layout"))
    return [entries[label] for label in sorted(entries)]


def manifest_bytes(kit: Kit, outputs: list[dict[str, Any]], inputs: list[dict[str, Any]],
                   not_built: list[tuple[str, str]],
                   why: Mapping[tuple[str, str], list[Problem]] | None = None) -> bytes:
    """`why`: the errors that stopped each of `not_built`, listed with it (file relative to
    the content folder), so that whoever reads the kit sees why a piece is missing."""
    root = kit.root.resolve()
    manifest = {
        "manifest_version": MANIFEST_VERSION,
        "site": {"folder": kit.root.name, "organization": kit.site.options.organization,
                 "languages": list(kit.site.options.languages),
                 **({"audiences": list(kit.site.options.audiences)}
                    if kit.site.options.audiences else {})},
        "outputs": sorted(outputs, key=lambda entry: entry["path"]),
        # every line of the data, printed or not (each PDF's entry lists those it prints)
        "lines": [{**printed_line(line, one.site.options.languages[0]),
                   **({"audience": one.audience} if one.audience else {})}
                  for one in (kit, *kit.audiences) for line in one.resources],
        "inputs": inputs,
        "not_built": [{"format": name, "lang": lang, **({"audience": pack} if pack else {}),
                       **_reasons((why or {}).get((f"{pack}/{name}" if pack else name, lang)),
                                  root)}
                      for pack, name, lang in sorted(with_pack_failures(not_built),
                                                     key=lambda f: (f[0] or "", f[1], f[2]))],
        "versions": versions(),
    }
    return (json.dumps(manifest, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode()


def _reasons(problems: list[Problem] | None, root: Path) -> dict[str, Any]:
    if not problems:
        return {}
    return {"problems": [{"file": problem_file(problem.path, root), "message": problem.said,
                          **({"line": problem.line} if problem.line else {}),
                          "code": problem.code.value, "fields": dict(problem.fields),
                          **({"lang": problem.lang} if problem.lang else {})}
                         for problem in dict.fromkeys(problems)]}


def problem_file(path: Path | str, root: Path) -> str:
    """The file a problem is in, relative to the content folder (a built-in layout's to
    havenprint's), as the inputs are listed: never a path of this computer, in a kit that
    is sent on."""
    try:
        resolved = Path(path).resolve()
    except (OSError, ValueError):
        return Path(path).name
    for start in (root, LAYOUTS_DIR.parent.resolve()):
        if resolved.is_relative_to(start):
            return resolved.relative_to(start).as_posix()
    return resolved.name


def _files(folder: Path, skip: Path) -> Iterator[Path]:
    """Files below `folder` (resolved), in name order, without hidden ones, the output folder
    (`skip`, resolved), or other content folders nested inside (when a base is the folder
    above its sites)."""
    for current, dirs, files in os.walk(folder):
        here = Path(current)
        dirs[:] = sorted(name for name in dirs if _kept(name) and not (
            (here / name).resolve() == skip or (here / name / "site.yaml").is_file()))
        for name in sorted(files):
            if _kept(name) and (here / name).is_file():  # no pipe or device: never hashed
                yield here / name


def _kept(name: str) -> bool:
    return not name.startswith(".") and name not in SKIPPED_NAMES


def _relative(path: Path, start: Path) -> str:
    return Path(os.path.relpath(path, start)).as_posix()
