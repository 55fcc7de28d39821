"""`havenprint build | check | formats | serve`: exit 0 ok, 1 content problems, 2 usage errors,
3 could not write the output, 4 output folder in use by another build, 5 a library that would
print wrong (generator/i18n/reportlab_text.py), 130 interrupted.

What a command runs is imported when it runs: `--version` loads no library, `formats` no
more than the layouts need, and `build` neither the importers nor the web page."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, NoReturn

from generator import __version__
from generator.commands.batch import add_batch_command
from generator.commands.changes_command import add_changes_command
from generator.commands.format_sizes import add_size_options, sized_formats
from generator.commands.import_command import add_import_command
from generator.commands.locale_command import add_locale_command
from generator.content.file_names import path_argument
from generator.content.units import PT_PER_UNIT
from generator.errors import (
    EXIT_CONTENT,
    EXIT_IN_USE,
    EXIT_INTERRUPTED,
    EXIT_LIBRARY,
    EXIT_OK,
    EXIT_USAGE,
    EXIT_WRITE,
    ContentError,
    InterruptedAfterSwap,
    LibraryError,
    OutputInUse,
    UsageError,
    WriteError,
    shown_path,
)
from generator.render.targets import TARGETS, Target
from generator.serve.command import add_serve_command

if TYPE_CHECKING:
    from generator.content.site_options import LayoutOption

INTERRUPTED = MappingProxyType({  # what Ctrl-C left, by command
    "build": "; the output folder still holds the previous kit, unchanged",
    "batch": ("; each site's output folder holds its previous kit, or its new one if it "
              "was complete"),
})


def entry() -> NoReturn:
    """The `havenprint` command: `main`, then out without tearing the interpreter down.
    Freeing the fonts, caches and modules one object at a time is slow (bench/README.md);
    by now every file is written and flushed to disk (havenprint registers
    no exit handlers), and only the two streams are left to flush."""
    code = main()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):  # closed by a reader that went away
            stream.flush()
    os._exit(code)


def main(argv: Sequence[str] | None = None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    parser = _parser(sized_formats(given))
    args = parser.parse_args(given)
    say = _say if args.verbose else None
    try:
        if args.command in NEEDS_ENGINE:
            from generator.render.starters import start  # ReportLab: not for --version

            start(verbose=say)
        return args.run(args)
    except UsageError as error:
        print(f"havenprint: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except ContentError as error:  # summarised as a kit's warnings are (1,500 undated lines)
        from generator.commands.problem_summary import print_summary

        print_summary(error.problems, verbose=bool(args.verbose),
                      command=str(getattr(args, "command", None) or "check"))
        return EXIT_CONTENT
    except OutputInUse as error:
        print(f"havenprint: error: {error}", file=sys.stderr)
        return EXIT_IN_USE
    except WriteError as error:
        print(f"havenprint: error: {error}", file=sys.stderr)
        return EXIT_WRITE
    except LibraryError as error:
        print(f"havenprint: error: {error}", file=sys.stderr)
        return EXIT_LIBRARY
    except InterruptedAfterSwap as error:
        print(f"havenprint: interrupted once the new kit was complete: {shown_path(error.out)} "
              "holds it", file=sys.stderr)
        return EXIT_INTERRUPTED
    except KeyboardInterrupt:
        print(f"havenprint: interrupted{INTERRUPTED.get(args.command, '')}", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the output piped into `head` or a pager that closed
        sys.stderr.close()  # nothing more can be said; Python must not report it either
        return EXIT_OK


# Commands that lay out or draw pages (locale export and import measure each string's room):
# they start the engine (default faces, the check of ReportLab's shaped text) first.
NEEDS_ENGINE = frozenset({"build", "check", "batch", "serve", "locale", "changes"})


def _say(message: str) -> None:
    print(f"havenprint: {message}", file=sys.stderr)


def _parser(sized_formats: Sequence[str] = ()) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="havenprint",
        description="Print-ready, discreet pocket cards with QR codes to hotlines.",
    )
    parser.add_argument("--version", action="version", version=f"havenprint {__version__}")
    parser.add_argument("--verbose", action="store_true",
                        help="also say what the engine checked as it started (ReportLab's "
                             "release, its shaped text), and print every message of a check "
                             "or build")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    build_cmd = commands.add_parser("build", help="build PDFs from a content folder")
    _content_arguments(build_cmd)
    build_cmd.add_argument("--out", type=path_argument, default=Path("output"),
                           help="output folder (default: output)")
    build_cmd.add_argument("--target", choices=(*TARGETS, "all"), default=Target.OFFICE,
                           help="office: 10-up sheets; shop: one card per page with bleed")
    add_size_options(build_cmd, sized_formats)
    build_cmd.add_argument("--no-previews", action="store_true",
                           help="skip the PNG page previews (index.html shows no pictures)")
    build_cmd.set_defaults(run=_build)

    check_cmd = commands.add_parser(
        "check", help="validate and lay out everything in memory, write nothing")
    _content_arguments(check_cmd)
    check_cmd.add_argument("--strict", action="store_true",
                           help="strings printed in English (or in another language than "
                                "the item's) and translations not reviewed by a native "
                                "speaker are errors, not warnings")
    check_cmd.set_defaults(run=_check, target="all", no_previews=True)

    add_import_command(commands)
    add_changes_command(commands, add_allow_outside)
    add_locale_command(commands)
    add_batch_command(commands)
    add_serve_command(commands, add_allow_outside)

    formats_cmd = commands.add_parser("formats", help="list the formats and their sizes")
    formats_cmd.set_defaults(run=_formats)
    return parser


def _content_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument("--refresh", action="store_true",
                         help="read the HSDS API that resources: in site.yaml names again, "
                              "and keep its copy beside site.yaml (without it, the copy is "
                              "read: a build never depends on the network)")
    command.add_argument("--verbose", action="store_true", default=argparse.SUPPRESS,
                         help="print every message, not the first few of each kind and "
                              "their counts")
    command.add_argument("content", nargs="?", type=path_argument, default=Path("content"),
                         metavar="CONTENT_DIR", help="content folder (default: content)")
    command.add_argument("--format", action="append", dest="formats", metavar="NAME",
                         help="only this format (repeatable)")
    command.add_argument("--lang", action="append", dest="langs", metavar="CODE",
                         help="only this language (repeatable)")
    command.add_argument("--jobs", "-j", type=int, default=None, metavar="N",
                         help="processes sharing the languages (default: the number of cores)")
    add_allow_outside(command)


def add_allow_outside(command: argparse.ArgumentParser) -> None:
    command.add_argument("--allow-outside", action="append", type=path_argument, default=[],
                         metavar="PATH",
                         help="also read inputs (resources: data, linked files) from this "
                              "folder outside the content folder (repeatable)")


def _build(args: argparse.Namespace) -> int:
    return _one_kit(args, write=True)


def _check(args: argparse.Namespace) -> int:
    return _one_kit(args, write=False)


def _one_kit(args: argparse.Namespace, write: bool) -> int:
    from generator.commands.build_command import run_kit

    return run_kit(args, write=write)


def _formats(args: argparse.Namespace) -> int:
    from generator.content.layouts import available_layouts, page_size

    for name, layout in available_layouts().items():
        pages = {key: page_size(layout.spec, size) for key, size in layout.spec.sizes.items()}
        sizes = ", ".join(f"{key} {_describe(size.width, size.height)}"
                          for key, size in pages.items())
        print(f"{name:<14} {layout.spec.title}: {sizes}")
        print(f"{'':<14} {layout.spec.description}")
        for setting, option in layout.options.items():
            print(f"{'':<14} site.yaml {setting}: {_setting(option)}")
    return EXIT_OK


def _setting(option: LayoutOption) -> str:
    """`letter | a4 (default: paper's): the poster's size`, for `havenprint formats`."""
    kind = (" | ".join(str(value) for value in option.values) if option.values is not None
            else "true | false" if option.type == "bool" else option.type)
    default = (f"{option.default_from}'s" if option.default_from is not None
               else str(option.default).lower() if isinstance(option.default, bool)
               else option.default)
    return f"{kind} (default: {default}): {option.description}"


def _describe(width: float, height: float) -> str:
    inches = PT_PER_UNIT["in"]
    millimetres = PT_PER_UNIT["mm"]
    return (f"{width / inches:.3g} x {height / inches:.3g} in "
            f"({width / millimetres:.0f} x {height / millimetres:.0f} mm)")
