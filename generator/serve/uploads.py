"""Uploads for the Import page, kept in the output folder until they are accepted.

An upload is stored in `<out>/.havenprint-serve/uploads/<id>/` (the output folder is the
only other folder the page writes to; `.havenprint-serve` is hidden, so a build neither
lists nor removes it) and removed once accepted, replaced by another, or the server stops.
A zip (an HSDS data package: CSVs with datapackage.json) is unpacked there with every name
checked: no absolute paths, no `..`, no links, at most MAX_MEMBERS files and
MAX_UNPACKED_BYTES in all.
"""

from __future__ import annotations

import contextlib
import lzma
import re
import secrets
import shutil
import zipfile
import zlib
from dataclasses import dataclass
from datetime import date
from io import BytesIO
from pathlib import Path, PurePosixPath
from types import MappingProxyType

from generator.content.containment import is_inside
from generator.errors import ContentError, Problem, quoted
from generator.importers import AreaFilter, ImportResult, import_hsds, import_spreadsheet
from generator.serve.plain import plain

SCRATCH = ".havenprint-serve"
MAX_MEMBERS = 200
MAX_UNPACKED_BYTES = 100_000_000  # what an import reads at most (generator/importers)
KINDS = MappingProxyType({".csv": "csv", ".json": "hsds", ".zip": "hsds"})
MAX_NAME_BYTES = 1000  # a member's whole path in the zip
MAX_PART_BYTES = 255  # a file or folder name: what a disk takes
MAX_STORED_NAME = 100  # characters (ASCII, as stored) of an uploaded file's name on disk
READABLE_PACKING = (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED, zipfile.ZIP_BZIP2,
                    zipfile.ZIP_LZMA)
PACKING_NAMES = MappingProxyType({
    9: "Deflate64", 12: "bzip2", 14: "LZMA", 93: "Zstandard", 95: "XZ", 97: "WavPack", 98: "PPMd",
    99: "AES encryption"})
_SAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")


class UploadError(ValueError):
    """An upload that cannot be imported, said for people."""


@dataclass(frozen=True)
class ImportOptions:
    region: str | None = None
    postal_prefix: str | None = None
    tags: frozenset[str] = frozenset()
    limit: int | None = None
    verified: date | None = None
    first: str | None = None


@dataclass
class PendingImport:
    id: str
    name: str  # the uploaded file's name, as the report and resources.yaml's note say it
    folder: Path
    result: ImportResult


def scratch(out: Path) -> Path:
    return out / SCRATCH


def clear_uploads(out: Path) -> None:
    """Remove the uploads kept, and `.havenprint-serve` when nothing else is in it (the next
    upload makes it again); never through a link (`.havenprint-serve` -> a folder elsewhere
    would have its `uploads` removed)."""
    if _leads_outside(out):
        return
    shutil.rmtree(scratch(out) / "uploads", ignore_errors=True)
    with contextlib.suppress(OSError):  # not empty, or not there
        scratch(out).rmdir()


def _leads_outside(out: Path) -> bool:
    return not is_inside(scratch(out) / "uploads", (out.resolve(),))


def store(out: Path, filename: str, data: bytes) -> tuple[str, Path, Path]:
    """(id, folder, what to import: the file, or the unpacked package's folder)."""
    if _leads_outside(out):
        raise UploadError(f"{scratch(out)} is a link to a folder elsewhere, where uploads "
                          "would be kept: remove the link")
    clear_uploads(out)  # one pending import at a time
    name = _SAFE_NAME.sub("-", PurePosixPath(filename.replace("\\", "/")).name).strip(".-")
    suffix = Path(name).suffix.lower()
    if suffix not in KINDS:
        raise UploadError(f"{quoted(filename)}: upload a .csv spreadsheet, an HSDS .json file or "
                          "a .zip of an HSDS data package")
    # kept under a name any disk takes (a name of 500 characters was "could not be read
    # (OSError)"); the report says the name as it was uploaded
    stem = name[:len(name) - len(suffix)]
    name = stem[:MAX_STORED_NAME - len(suffix)] + name[len(stem):]
    upload_id = secrets.token_hex(8)
    folder = scratch(out) / "uploads" / upload_id
    folder.mkdir(parents=True)
    if suffix != ".zip":
        target = folder / name
        target.write_bytes(data)
        return upload_id, folder, target
    return upload_id, folder, _unpack(data, folder / "package")


def _unpack(data: bytes, folder: Path) -> Path:
    try:
        archive = zipfile.ZipFile(BytesIO(data))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError):
        raise UploadError("the .zip file cannot be opened: is it a zip?") from None
    with archive:
        members = [member for member in archive.infolist() if not member.is_dir()]
        if len(members) > MAX_MEMBERS:
            raise UploadError(f"the zip holds over {MAX_MEMBERS} files: is it a data package?")
        if sum(member.file_size for member in members) > MAX_UNPACKED_BYTES:
            raise UploadError(f"the zip unpacks to over {MAX_UNPACKED_BYTES:,} bytes")
        targets = _targets(members)
        for member, parts in zip(members, targets, strict=True):
            target = folder.joinpath(*parts)
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
                unpacked = _read_member(archive, member)
                target.write_bytes(unpacked)
            except OSError as error:
                raise UploadError(f"the zip's file {_shown(member.filename)} cannot be "
                                  f"unpacked ({error.strerror or error}): pack the data "
                                  "again, with plain file names") from None
    packages = sorted(folder.rglob("datapackage.json"), key=lambda p: len(p.parts))
    if packages:
        return packages[0].parent
    jsons = sorted(folder.rglob("*.json"))
    if len(jsons) == 1:
        return jsons[0]
    csvs = sorted(folder.rglob("*.csv"))
    if csvs:
        return csvs[0].parent
    raise UploadError("the zip holds no datapackage.json, HSDS .json file or CSV tables")


def _shown(name: str) -> str:
    """A member's name as a message quotes it: printable, and not too long to read."""
    printable = "".join(char if char.isprintable() else "?" for char in name)
    return repr(printable if len(printable) <= 80 else printable[:60] + "…" + printable[-15:])


def _targets(members: list[zipfile.ZipInfo]) -> list[tuple[str, ...]]:
    """Each member's path inside the package, checked before anything is written: no name
    that climbs out or is a link, none too long for a disk, no name given twice, and no name
    that is both a file and a folder (`a` and `a/b`)."""
    targets: list[tuple[str, ...]] = []
    files: set[tuple[str, ...]] = set()
    folders: set[tuple[str, ...]] = set()
    for member in members:
        name = member.filename
        parts = PurePosixPath(name.replace("\\", "/")).parts
        if (not parts or name.startswith(("/", "\\")) or ".." in parts
                or ":" in parts[0] or (member.external_attr >> 16) & 0o170000 == 0o120000):
            raise UploadError(f"the zip holds a file named {_shown(name)}, which would land "
                              "outside its folder: refused")
        if (len(name.encode("utf-8", "surrogateescape")) > MAX_NAME_BYTES
                or any(len(part.encode("utf-8", "surrogateescape")) > MAX_PART_BYTES
                       for part in parts)):
            raise UploadError(f"the zip holds a file named {_shown(name)}, a name too long "
                              "for a disk: pack the data again with shorter names")
        if any(not part.isprintable() for part in parts):
            raise UploadError(f"the zip holds a file named {_shown(name)}, with characters "
                              "that are not text in its name: pack the data again")
        key = tuple(part.casefold() for part in parts)
        if key in files or key in folders:
            raise UploadError(f"the zip holds {_shown(name)} twice, or as a file and a "
                              "folder: pack the data again")
        files.add(key)
        folders.update(key[:end] for end in range(1, len(key)))
        targets.append(parts)
    clash = files & folders
    if clash:
        raise UploadError(f"the zip holds {_shown('/'.join(min(clash)))} both as a file and "
                          "as a folder: pack the data again")
    return targets


def _read_member(archive: zipfile.ZipFile, member: zipfile.ZipInfo) -> bytes:
    """A member's bytes, checked against what the zip says of it (packing, size, CRC)."""
    name = _shown(member.filename)
    if member.flag_bits & 0x1:
        raise UploadError(f"the zip's file {name} is encrypted (has a password): pack the "
                          "data again without one")
    if member.compress_type not in READABLE_PACKING:
        method = PACKING_NAMES.get(member.compress_type, f"method {member.compress_type}")
        raise UploadError(f"the zip's file {name} is packed with {method}, which cannot be "
                          "unpacked here: pack the data again as an ordinary zip (Deflate)")
    try:
        with archive.open(member) as source:
            unpacked = source.read(MAX_UNPACKED_BYTES + 1)
    except (zipfile.BadZipFile, EOFError, OSError, ValueError, RuntimeError,
            NotImplementedError, zlib.error, lzma.LZMAError) as error:
        raise UploadError(f"the zip's file {name} is damaged ({_reason(error)}): download "
                          "or pack the data again") from None
    if len(unpacked) != member.file_size:
        raise UploadError(f"the zip's file {name} is damaged (it holds {len(unpacked):,} "
                          f"bytes, the zip says {member.file_size:,}): download or pack the "
                          "data again")
    return unpacked


def _reason(error: Exception) -> str:
    text = str(error)
    if "CRC" in text:
        return "its check sum is wrong"
    return "it ends early" if isinstance(error, EOFError) else "it cannot be read"


def run_import(source: Path, kind: str, country: str, organization: str | None,
               options: ImportOptions) -> ImportResult:
    area = (AreaFilter(country=country, region=options.region,
                       postal_prefix=options.postal_prefix)
            if options.region or options.postal_prefix else None)
    tags = set(options.tags) or None
    if kind == "csv":
        return import_spreadsheet(source, country=country, area=area, tags=tags,
                                  limit=options.limit, verified=options.verified)
    return import_hsds(source, country=country, area=area, tags=tags, limit=options.limit,
                       verified=options.verified, own_organization=organization,
                       first=options.first)


def problems_as_upload_error(error: ContentError) -> UploadError:
    return UploadError("; ".join(_said(p) for p in error.problems[:5]))


def _said(problem: Problem) -> str:
    where = f"line {problem.line}: " if problem.line else ""
    return f"{where}{plain(problem).text}"
