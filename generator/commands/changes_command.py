"""`havenprint changes CONTENT --since OUT`: what changed in the kit's lines since the kit in
OUT was printed, and which pieces to reprint (generator/kit/changes.py). Exit 0: nothing to
reprint; 1: a piece prints a line that changed or is gone (or the content has a problem);
2: OUT holds no kit to compare with.

CONTENT may be a batch's folder of sites (each a subfolder with a site.yaml, as `havenprint
batch` reads it) and OUT the batch's output: each site is compared with its kit in
OUT/<site>, and one report says it for all of them, on the terminal (or as JSON) and as
OUT/changes.html and OUT/changes.json. A site that cannot be compared (its API could not be
read again, its content has a problem, it has no kit yet) is said so and the others are
compared; exit 1 when any site is to be built again or could not be compared."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.content.file_names import path_argument
from generator.errors import (
    EXIT_CONTENT,
    EXIT_OK,
    ContentError,
    UsageError,
    WriteError,
    shown_path,
)

if TYPE_CHECKING:
    from generator.kit.changes import ChangeReport, SiteChanges


def add_changes_command(commands: argparse._SubParsersAction,
                        add_allow_outside: Callable[[argparse.ArgumentParser], None]) -> None:
    command = commands.add_parser(
        "changes", help="what changed in the lines since a kit (or a batch's kits) was "
                        "printed, and which pieces to reprint")
    command.add_argument("content", nargs="?", type=path_argument, default=Path("content"),
                         metavar="CONTENT_DIR",
                         help="content folder, or a batch's folder of sites (default: content)")
    command.add_argument("--since", type=path_argument, required=True, metavar="OUT",
                         help="the output folder of the kit that was printed (of a batch: "
                              "its --out, holding a kit per site)")
    command.add_argument("--json", action="store_true", help="the report as JSON")
    command.add_argument("--refresh", action="store_true",
                         help="read the HSDS API that resources: names again first (and keep "
                              "its copy); in a batch, each site's")
    add_allow_outside(command)
    command.set_defaults(run=run_changes)


def run_changes(args: argparse.Namespace) -> int:
    if not args.content.is_dir():
        raise UsageError(f"{args.content} is not a folder")
    if (args.content / "site.yaml").is_file():
        return _one_site(args)
    from generator.commands.batch import find_sites

    sites = find_sites(args.content)
    if not sites:
        raise UsageError(f"{args.content} is not a content folder (no site.yaml) nor a folder "
                         "of sites (subfolders with a site.yaml)")
    return _batch(args, sites)


def _one_site(args: argparse.Namespace) -> int:
    from generator.kit.changes import NoLinesRecorded

    manifest = _manifest(args.since)
    if isinstance(manifest, str):
        raise UsageError(manifest)
    if args.refresh:
        said = _refreshed(args.content)
        if said is None:
            raise UsageError("--refresh: resources: in site.yaml names no HSDS API")
        print(f"note: {said}", file=sys.stderr)
    try:
        report = site_report(args.content, manifest, tuple(args.allow_outside))
    except NoLinesRecorded as error:
        raise UsageError(f"{args.since}: {error}") from None
    if args.json:
        print(json.dumps(report.as_json(), indent=2, ensure_ascii=False))
    else:
        print("\n".join(report.as_text()))
    return EXIT_CONTENT if report.needs_reprint else EXIT_OK


def site_report(content: Path, manifest: dict[str, Any],
                allow_outside: tuple[Path, ...] = ()) -> ChangeReport:
    """The content folder's lines today against the kit `manifest` describes; ContentError
    when the content has a problem, NoLinesRecorded when the kit is too old to compare."""
    from generator.kit.changes import compare
    from generator.pipeline.kit_checks import load_checked_kit

    return compare(load_checked_kit(content, allow_outside), manifest)


def _manifest(out: Path) -> dict[str, Any] | str:
    """The kit's manifest.json in `out`, or why there is none to compare with."""
    path = out / "manifest.json"
    if not path.is_file():
        return (f"{shown_path(out)} holds no kit (no manifest.json): give the output folder "
                "of the kit that was printed")
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, OSError) as error:
        return f"{shown_path(path)} cannot be read: {error}"
    if not isinstance(manifest, dict):
        return f"{shown_path(path)} is not a kit's manifest"
    return manifest


def _refreshed(content: Path) -> str | None:
    from generator.importers.source import refresh_copy

    return refresh_copy(content)


def _batch(args: argparse.Namespace, sites: list[Path]) -> int:
    from generator.kit.changes import batch_json, batch_text
    from generator.kit.changes_page import CHANGES_JSON, CHANGES_PAGE, render_changes_page
    from generator.storage.write import write_atomic

    if not args.since.is_dir():
        raise UsageError(f"{args.since} is not a folder: give the batch's output folder (its "
                         "--out), which holds a kit per site")
    found = [_site_changes(site, args.since / site.name, args.refresh,
                           tuple(args.allow_outside)) for site in sites]
    today = date.today()
    report = batch_json(found, today)
    try:
        write_atomic(args.since / CHANGES_JSON,
                     (json.dumps(report, indent=2, ensure_ascii=False) + "\n").encode())
        write_atomic(args.since / CHANGES_PAGE, render_changes_page(found, today))
    except OSError as error:
        raise WriteError(f"{shown_path(args.since)}: could not write the report: "
                         f"{error.strerror or error}") from None
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        print("\n".join(batch_text(found)))
    print(f"wrote {shown_path(args.since / CHANGES_PAGE)} and "
          f"{shown_path(args.since / CHANGES_JSON)}", file=sys.stderr)
    return EXIT_CONTENT if report["to_build"] or report["failed"] else EXIT_OK


def _site_changes(folder: Path, out: Path, refresh: bool,
                  allow_outside: tuple[Path, ...]) -> SiteChanges:
    """One site of a batch compared with its kit; every failure is part of the answer."""
    from generator.kit.changes import NoLinesRecorded, SiteChanges

    name = folder.name
    if refresh:
        try:
            said = _refreshed(folder)
        except ContentError as error:
            return SiteChanges(name, problem=_first_error(error)
                               + " (its copy of the API, and its kit, are kept as they were)")
        if said is not None:
            print(f"[{name}] note: {said}", file=sys.stderr)
    manifest = _manifest(out)
    if isinstance(manifest, str):
        return SiteChanges(name, problem=f"no kit in {shown_path(out)} to compare with: build "
                                         "it", no_kit=True)
    try:
        return SiteChanges(name, site_report(folder, manifest, allow_outside))
    except NoLinesRecorded as error:
        return SiteChanges(name, problem=f"{shown_path(out)}: {error}", no_kit=True)
    except ContentError as error:
        return SiteChanges(name, problem=_first_error(error))
    except UsageError as error:
        return SiteChanges(name, problem=str(error))


def _first_error(error: ContentError) -> str:
    """The first error of `error` as `path:line: message` (its path as messages show it),
    and how many more there are."""
    errors = [problem for problem in error.problems if problem.severity == "error"]
    if not errors:
        return "its content could not be read: `havenprint check` says why"
    first = errors[0]
    said = str(replace(first, path=shown_path(first.path)))
    more = len(errors) - 1
    return said + (f" (and {more} more: `havenprint check` lists them)" if more else "")
