"""`havenprint import hsds|csv PATH`: convert listings once into a readable resources.yaml,
and the same importers behind `resources:` in site.yaml. The importers are imported when
the command runs, not when the command line is parsed."""

from __future__ import annotations

import argparse
import sys
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from generator.commands.problem_summary import print_summary, refused_summary, summarised_lines
from generator.content.file_names import path_argument
from generator.errors import (
    EXIT_CONTENT,
    EXIT_OK,
    Code,
    ContentError,
    Note,
    Problem,
    Refused,
    UsageError,
)

if TYPE_CHECKING:
    from generator.importers import ImportResult

KINDS = ("csv", "hsds")  # generator/importers/source.py runs the one named


def add_import_command(commands: argparse._SubParsersAction) -> None:
    command = commands.add_parser(
        "import", help="convert HSDS data or a spreadsheet into resources.yaml")
    command.add_argument("kind", choices=KINDS, help="hsds or csv")
    command.add_argument("path", type=_source_argument,
                         help="HSDS JSON file or data package folder, an HSDS API's address "
                              "(https://...), or CSV")
    command.add_argument("--into", type=path_argument, default=Path("content"),
                         metavar="CONTENT_DIR",
                         help="content folder to write resources.yaml into (default: content)")
    command.add_argument("--country", help="country for phone numbers (default: site.yaml's)")
    command.add_argument("--region", help="keep lines in this state or province")
    command.add_argument("--postal-prefix", help="keep lines whose postal code starts so")
    command.add_argument("--tag", action="append", dest="tags", metavar="TAG",
                         help="keep services with this taxonomy term (repeatable)")
    command.add_argument("--limit", type=int, help="keep at most this many lines")
    command.add_argument("--verified", metavar="YYYY-MM-DD",
                         help="the date you checked these lines, for records without one")
    command.add_argument("--first", metavar="NAME",
                         help="put this line first: its QR code is the card's")
    command.add_argument("--verbose", action="store_true", default=argparse.SUPPRESS,
                         help="print every record skipped or refused, not the first few of "
                              "each kind and their counts")
    command.add_argument("--force", action="store_true",
                         help="replace a resources.yaml written or edited by hand (the old "
                              "one is kept as resources.yaml.bak)")
    command.set_defaults(run=run_import)


def _source_argument(text: str) -> Path | str:
    """A file or folder, or an HSDS API's address (kept as written: a Path makes `https://`
    `https:/`)."""
    if text.lower().startswith(("http://", "https://")):
        return text
    return path_argument(text)


def run_import(args: argparse.Namespace) -> int:
    if isinstance(args.path, Path) and not args.path.exists():
        raise UsageError(f"{args.path} does not exist")
    if isinstance(args.path, str) and args.kind != "hsds":
        raise UsageError("a web address is read as an HSDS API: havenprint import hsds ADDRESS")
    if args.limit is not None and args.limit < 1:
        raise UsageError("--limit must be 1 or more")
    from generator.importers import write_resources_yaml
    from generator.importers.hsds_api import shown_address
    from generator.importers.source import run_importer

    verified = _verified_option(args.verified)
    site = _site(args.into)
    country = (_country_option(args.country) if args.country is not None
               else _site_country(args.into, site))
    result = run_importer(args.kind, args.path, country, args.region, args.postal_prefix,
                           set(args.tags) if args.tags else None, args.limit, verified,
                           site.get("organization"), args.first)
    source_note = str(args.path) if isinstance(args.path, Path) else shown_address(args.path)
    refused = report(result, args.path if isinstance(args.path, Path) else source_note,
                     verbose=args.verbose)
    # before writing: what was skipped shows even when nothing can be written
    target = args.into / "resources.yaml"
    remarks = write_resources_yaml(result, target, source_note=source_note,
                                   overwrite=args.force, country=country)
    for remark in remarks:
        print(f"note: {remark}", file=sys.stderr)
    carried = sum(remark.startswith("kept the emergency line") for remark in remarks)
    print(f"wrote {target}: {len(result.entries) + carried} line(s)")
    if refused:  # every other record is written; a script running the import notices
        print(f"havenprint: error: {refused_summary(refused)}; every other line was "
              f"written to {target}", file=sys.stderr)
        return EXIT_CONTENT
    return EXIT_OK


def report(result: ImportResult, source: Path | str, *, verbose: bool = False
           ) -> list[Refused]:
    """What the import kept, skipped and refused, and its notes, on stderr; what it refused
    (each an error naming the file, and the line where there is one). Many of one kind
    (99,998 rows skipped) are said by their first few and a count, unless `verbose`."""
    refused = result.refusals(source)
    print(f"{len(result.entries):,} line(s) kept, {len(result.skipped_only):,} skipped"
          + (f", {len(refused):,} refused" if refused else ""), file=sys.stderr)
    print_summary(refused, verbose=verbose, command="import")
    skipped = result.report_lines(notes=False)
    notes = [Note(f"note: {note}", note.code, note.fields) if isinstance(note, Note)
             else f"note: {note}" for note in result.notes]
    for line in summarised_lines([*skipped, *notes], verbose=verbose):
        print(line, file=sys.stderr)
    return refused


def _verified_option(text: str | None) -> date | None:
    if text is None:
        return None
    from generator.content.schema import written_date

    try:
        checked = written_date(text)
    except ValueError as error:
        raise UsageError(f"--verified: {error}") from None
    if checked > date.today():
        raise UsageError(f"--verified: {text} is in the future")
    return checked


def _country_option(code: str) -> str:
    """`--country`, by site.yaml's rule for `country` (`us` or `XX` called every valid number
    invalid)."""
    from generator.content.countries import country_problem

    problem = country_problem(code)
    if problem:
        raise UsageError(f"--country: {problem}")
    return code


def _site(content: Path) -> dict:
    from generator.content.yamlfile import load_yaml

    site = content / "site.yaml"
    data = load_yaml(site).data if site.is_file() else None
    return data if isinstance(data, dict) else {}


def _site_country(content: Path, site: dict) -> str:
    path = content / "site.yaml"
    if not path.is_file():
        raise UsageError(f"no {path}: give --country (e.g. --country US)")
    country = site.get("country")
    if not isinstance(country, str):
        raise ContentError(Problem(path, "no country: add `country: US` (ISO code)", 1,
                                   code=Code.IMPORT_NO_COUNTRY))
    return country
