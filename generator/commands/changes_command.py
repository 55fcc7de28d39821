"""`havenprint changes CONTENT --since OUT`: what changed in the kit's lines since the kit in
OUT was printed, and which pieces to reprint (generator/kit/changes.py). Exit 0: nothing to
reprint; 1: a piece prints a line that changed or is gone (or the content has a problem);
2: OUT holds no kit to compare with."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

from generator.content.file_names import path_argument
from generator.errors import EXIT_CONTENT, EXIT_OK, UsageError


def add_changes_command(commands: argparse._SubParsersAction,
                        add_allow_outside: Callable[[argparse.ArgumentParser], None]) -> None:
    command = commands.add_parser(
        "changes", help="what changed in the lines since a kit was printed, and which "
                        "pieces to reprint")
    command.add_argument("content", nargs="?", type=path_argument, default=Path("content"),
                         metavar="CONTENT_DIR", help="content folder (default: content)")
    command.add_argument("--since", type=path_argument, required=True, metavar="OUT",
                         help="the output folder of the kit that was printed")
    command.add_argument("--json", action="store_true", help="the report as JSON")
    command.add_argument("--refresh", action="store_true",
                         help="read the HSDS API that resources: names again first (and keep "
                              "its copy)")
    add_allow_outside(command)
    command.set_defaults(run=run_changes)


def run_changes(args: argparse.Namespace) -> int:
    from generator.kit.changes import NoLinesRecorded, compare
    from generator.kit_checks import load_checked_kit

    manifest_path = args.since / "manifest.json"
    if not manifest_path.is_file():
        raise UsageError(f"{args.since} holds no kit (no manifest.json): give the output "
                         "folder of the kit that was printed")
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    except (ValueError, OSError) as error:
        raise UsageError(f"{manifest_path} cannot be read: {error}") from None
    if not isinstance(manifest, dict):
        raise UsageError(f"{manifest_path} is not a kit's manifest")
    if not args.content.is_dir():
        raise UsageError(f"{args.content} is not a folder")
    if args.refresh:
        from generator.importers.source import refresh_copy

        said = refresh_copy(args.content)
        if said is None:
            raise UsageError("--refresh: resources: in site.yaml names no HSDS API")
        print(f"note: {said}", file=sys.stderr)
    kit = load_checked_kit(args.content, tuple(args.allow_outside))
    try:
        report = compare(kit, manifest)
    except NoLinesRecorded as error:
        raise UsageError(f"{args.since}: {error}") from None
    if args.json:
        print(json.dumps(report.as_json(), indent=2, ensure_ascii=False))
    else:
        print("\n".join(report.as_text()))
    return EXIT_CONTENT if report.needs_reprint else EXIT_OK
