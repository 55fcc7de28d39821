"""The importers run for `resources:` in site.yaml (and by `havenprint import`): the lines
read straight from HSDS data or a spreadsheet, and the import report as problems."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from generator.content.models import Source
from generator.errors import Code, ContentError, Note, Problem
from generator.importers.hsds import import_hsds, import_hsds_api
from generator.importers.hsds_api import (
    COPY_NAME,
    copy_of,
    is_api_address,
    read_api,
    save_copy,
    shown_address,
)
from generator.importers.report import AreaFilter, ImportResult
from generator.importers.spreadsheet import import_spreadsheet


def entries_from_source(root: Path, source: dict, country: str,
                        organization: str | None = None
                        ) -> tuple[Path, list[dict], list[Problem], list[Source]]:
    """Resource entries read straight from the file that site.yaml's `resources:` names,
    the import report as problems: how many lines were kept, each record skipped with
    its reason (a warning when its data cannot be printed, such as a premium-rate number),
    each number left out of a line kept, and the import's notes; and where each entry was
    read (a spreadsheet's row; an HSDS service, with its address on the API)."""
    copied = None
    if is_api_address(source["path"]):  # read from the copy kept beside the content
        path = root / COPY_NAME
        copied = copy_of(source["path"], path)
    else:
        path = (root / source["path"]).resolve()
    kind = source.get("format") or ("csv" if path.suffix.lower() == ".csv" else "hsds")
    if not path.exists():
        raise ContentError(Problem(root / "site.yaml", f"resources: {path} does not exist",
                                   code=Code.LINES_SOURCE_MISSING, fields={"file": str(path)}))
    result = run_importer(kind, path, country, source.get("region"),
                           source.get("postal_prefix"), set(source.get("tags") or []) or None,
                           source.get("limit"), source.get("verified"), organization,
                           source.get("first"))
    rejected = set(result.rejected)
    report: list[Problem] = [Problem(path, (
        f"{len(result.entries)} line(s) kept, {len(result.skipped_only)} skipped (resources: in "
        "site.yaml)"), severity="info", code=Code.IMPORT_KEPT,
        fields={"kept": len(result.entries), "skipped": len(result.skipped_only)})]
    if copied is not None:
        report.append(Problem(path, (
            f"the copy of the API {copied[1]} read {copied[0]}: `--refresh` reads the API "
            "again"), severity="info", code=Code.IMPORT_COPY_READ,
            fields={"address": copied[1], "read": copied[0]}))
    report += [Problem(path, f"skipped {label!r}: {reason}", severity="info",
                       code=Code.IMPORT_SKIPPED, fields={"record": label, "reason": reason})
               for label, reason in result.skipped if (label, reason) not in rejected]
    # what cannot be printed: errors that leave the rest to print (`check` and `build` exit 1)
    report += result.refusals(path)
    # hours dropped, unknown languages, a location's or organization's number used...: what
    # `havenprint import` prints as notes, for whoever checks the kit
    report += [note.at(path) if isinstance(note, Note) else
               Problem(path, note, severity="info", code=Code.IMPORT_NOTE,
                       fields={"reason": note}) for note in result.notes]
    origins = result.origins or [(None, None)] * len(result.entries)
    api = copied[1].rstrip("/") if copied is not None else None
    # a line of an HSDS folder is named on its table's row (export/services.csv:22)
    records = path / result.records_file if path.is_dir() and result.records_file else path
    named = not records.is_dir()  # a line's number names a file's line, not a folder's
    return records, result.entries, report, [
        Source(records, line if named else None,
               f"{record} at {api}/services/{record.removeprefix('service ')}"
               if api and record and record.startswith("service ") else record)
        for line, record in origins]


def run_importer(kind: str, path: Path | str, country: str, region: str | None,
                  postal_prefix: str | None, tags: set[str] | None, limit: int | None,
                  verified: date | None, organization: object,
                  first: str | None) -> ImportResult:
    """The importer of `kind` run on `path`: a file or folder, or an HSDS API's address."""
    area = _area(country, region, postal_prefix)
    own = organization if isinstance(organization, str) else None
    if isinstance(path, str):
        if kind != "hsds":
            raise ContentError(Problem(shown_address(path), (
                "a web address is read as an HSDS API: `havenprint import hsds ADDRESS`"),
                code=Code.IMPORT_ADDRESS_KIND))
        return import_hsds_api(path, country=country, area=area, tags=tags, limit=limit,
                               verified=verified, own_organization=own, first=first)
    if kind == "csv":
        return import_spreadsheet(path, country=country, area=area, tags=tags, limit=limit,
                                  verified=verified)
    return import_hsds(path, country=country, area=area, tags=tags, limit=limit,
                       verified=verified, own_organization=own, first=first)


def api_address(content: Path) -> str | None:
    """The HSDS API site.yaml's `resources:` names (None: none, or site.yaml unread)."""
    from generator.content.yamlfile import load_yaml

    site = content / "site.yaml"
    try:
        data = load_yaml(site).data if site.is_file() else None
    except ContentError:
        return None
    source = data.get("resources") if isinstance(data, dict) else None
    address = source.get("path") if isinstance(source, dict) else source
    return address if isinstance(address, str) and is_api_address(address) else None


def api_copy_read(content: Path) -> tuple[str, str | None] | None:
    """(the API's address as shown, when its copy here was read: None for no copy of it)
    for a content folder whose `resources:` names an API; None for one that does not."""
    address = api_address(content)
    if address is None:
        return None
    try:
        return shown_address(address), copy_of(address, content / COPY_NAME)[0]
    except ContentError:
        return shown_address(address), None


def refresh_copy(content: Path) -> str | None:
    """Read the HSDS API that site.yaml's `resources:` names and keep its copy beside the
    content (nothing is kept when any page cannot be read: the old copy stays); what was
    read, said, or None when `resources:` names no API."""
    address = api_address(content)
    if address is None:
        return None
    read = read_api(address)
    save_copy(read, address, content / COPY_NAME)
    return (f"read {len(read.services):,} service(s) from {read.address} ({read.pages} "
            f"page(s)); kept as {content / COPY_NAME}")


def _area(country: str, region: str | None, postal_prefix: str | None) -> AreaFilter | None:
    if region is None and postal_prefix is None:
        return None
    return AreaFilter(country=country, region=region, postal_prefix=postal_prefix)
