"""`havenprint import hsds|csv PATH`: convert listings once into a readable resources.yaml,
and the same importers behind `resources:` in site.yaml."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from generator.errors import ContentError, Problem, UsageError
from generator.importers import (
    AreaFilter,
    ImportResult,
    import_hsds,
    import_spreadsheet,
    write_resources_yaml,
)
from generator.yamlfile import load_yaml

IMPORTERS = {"hsds": import_hsds, "csv": import_spreadsheet}


def add_import_command(commands: argparse._SubParsersAction) -> None:
    command = commands.add_parser(
        "import", help="convert HSDS data or a spreadsheet into resources.yaml")
    command.add_argument("kind", choices=sorted(IMPORTERS), help="hsds or csv")
    command.add_argument("path", type=Path, help="HSDS JSON file or data package folder, or CSV")
    command.add_argument("--into", type=Path, default=Path("content"), metavar="CONTENT_DIR",
                         help="content folder to write resources.yaml into (default: content)")
    command.add_argument("--country", help="country for phone numbers (default: site.yaml's)")
    command.add_argument("--region", help="keep lines in this state or province")
    command.add_argument("--postal-prefix", help="keep lines whose postal code starts so")
    command.add_argument("--tag", action="append", dest="tags", metavar="TAG",
                         help="keep services with this taxonomy term (repeatable)")
    command.add_argument("--limit", type=int, help="keep at most this many lines")
    command.add_argument("--force", action="store_true",
                         help="replace a resources.yaml that was not written by an import")
    command.set_defaults(run=run_import)


def run_import(args: argparse.Namespace) -> int:
    if not args.path.exists():
        raise UsageError(f"{args.path} does not exist")
    if args.limit is not None and args.limit < 1:
        raise UsageError("--limit must be 1 or more")
    country = args.country or _site_country(args.into)
    result = IMPORTERS[args.kind](
        args.path, country=country, area=_area(country, args.region, args.postal_prefix),
        tags=set(args.tags) if args.tags else None, limit=args.limit)
    target = args.into / "resources.yaml"
    write_resources_yaml(result, target, source_note=str(args.path), overwrite=args.force)
    print(f"wrote {target}: {len(result.entries)} line(s)")
    report(result)
    return 0


def report(result: ImportResult) -> None:
    for label, reason in result.skipped:
        print(f"skipped {label}: {reason}", file=sys.stderr)
    for note in result.notes:
        print(f"note: {note}", file=sys.stderr)


def _site_country(content: Path) -> str:
    site = content / "site.yaml"
    if not site.is_file():
        raise UsageError(f"no {site}: give --country (e.g. --country US)")
    data = load_yaml(site).data
    country = data.get("country") if isinstance(data, dict) else None
    if not isinstance(country, str):
        raise ContentError(Problem(site, "no country: add `country: US` (ISO code)", 1))
    return country


def _area(country: str, region: str | None, postal_prefix: str | None) -> AreaFilter | None:
    if region is None and postal_prefix is None:
        return None
    return AreaFilter(country=country, region=region, postal_prefix=postal_prefix)


def entries_from_source(root: Path, source: dict,
                        country: str) -> tuple[Path, list[dict], list[Problem]]:
    """Resource entries read straight from the file that site.yaml's `resources:` names, and
    a warning for each record left out because its data cannot be printed (a premium-rate
    or invalid number...): nobody reads an import report on this path."""
    path = (root / source["path"]).resolve()
    kind = source.get("format") or ("csv" if path.suffix.lower() == ".csv" else "hsds")
    if not path.exists():
        raise ContentError(Problem(root / "site.yaml", f"resources: {path} does not exist"))
    result = IMPORTERS[kind](
        path, country=country, area=_area(country, source.get("region"),
                                          source.get("postal_prefix")),
        tags=set(source.get("tags") or []) or None, limit=source.get("limit"))
    left_out = [Problem(path, f"left out {label!r}: {reason}", severity="warning")
                for label, reason in result.rejected]
    return path, result.entries, left_out
