"""Uploads for the Import page, kept in the output folder until they are accepted.

An upload is stored in `<out>/.havenprint-serve/uploads/<id>/` (the output folder is the
only other folder the page writes to; `.havenprint-serve` is hidden, so a build neither
lists nor removes it) and removed once accepted, replaced by another, or the server stops.
A zip (an HSDS data package: CSVs with datapackage.json) is unpacked there with every name
checked: no absolute paths, no `..`, no links, at most MAX_MEMBERS files and
MAX_UNPACKED_BYTES in all.
"""

from __future__ import annotations

import re
import secrets
import shutil
import zipfile
from dataclasses import dataclass
from datetime import date
from io import BytesIO
from pathlib import Path, PurePosixPath

from generator.content.containment import is_inside
from generator.errors import ContentError, Problem
from generator.importers import AreaFilter, ImportResult, import_hsds, import_spreadsheet

SCRATCH = ".havenprint-serve"
MAX_MEMBERS = 200
MAX_UNPACKED_BYTES = 100_000_000  # what an import reads at most (generator/importers)
KINDS = {".csv": "csv", ".json": "hsds", ".zip": "hsds"}
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
    """Remove the uploads kept; never through a link (`.havenprint-serve` -> a folder
    elsewhere would have its `uploads` removed)."""
    if _leads_outside(out):
        return
    shutil.rmtree(scratch(out) / "uploads", ignore_errors=True)


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
        raise UploadError(f"{filename!r}: upload a .csv spreadsheet, an HSDS .json file or "
                          "a .zip of an HSDS data package")
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
    except zipfile.BadZipFile:
        raise UploadError("the .zip file cannot be opened: is it a zip?") from None
    with archive:
        members = [member for member in archive.infolist() if not member.is_dir()]
        if len(members) > MAX_MEMBERS:
            raise UploadError(f"the zip holds over {MAX_MEMBERS} files: is it a data package?")
        if sum(member.file_size for member in members) > MAX_UNPACKED_BYTES:
            raise UploadError(f"the zip unpacks to over {MAX_UNPACKED_BYTES:,} bytes")
        for member in members:
            parts = PurePosixPath(member.filename.replace("\\", "/")).parts
            if (not parts or member.filename.startswith(("/", "\\")) or ".." in parts
                    or ":" in parts[0] or (member.external_attr >> 16) & 0o170000 == 0o120000):
                raise UploadError(f"the zip holds a file named {member.filename!r}, which "
                                  "would land outside its folder: refused")
            target = folder.joinpath(*parts)
            target.parent.mkdir(parents=True, exist_ok=True)
            with archive.open(member) as source:
                unpacked = source.read(MAX_UNPACKED_BYTES + 1)
            target.write_bytes(unpacked)
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
    return f"{where}{problem.message}"
