"""`havenprint build | check | formats | serve`: exit 0 ok, 1 content problems, 2 usage errors,
3 could not write the output, 4 output folder in use by another build, 130 interrupted."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from generator import __version__
from generator.build import TARGETS, BuildResult, build
from generator.commands.batch import add_batch_command
from generator.commands.import_command import add_import_command
from generator.commands.locale_command import add_locale_command, locale_problems
from generator.commands.progress import ProgressDisplay
from generator.commands.site_job import select_layouts
from generator.content.caches import cached_layouts
from generator.content.documents import plan_documents
from generator.content.load import load_kit
from generator.content.models import Kit
from generator.content.site_options import LayoutOption
from generator.content.units import PT_PER_UNIT
from generator.engine import start_engine
from generator.errors import (
    ContentError,
    OutputInUse,
    Problem,
    UsageError,
    WriteError,
    shown_path,
)
from generator.forked import available_cores
from generator.i18n.localize import native_name
from generator.i18n.untranslated import untranslated_problems
from generator.kit.outputs import InterruptedAfterSwap, KitFiles, build_with_kit_files
from generator.layout.formats import Layout, available_layouts
from generator.safety.readability import reading_report
from generator.serve.command import add_serve_command

EXIT_OK, EXIT_CONTENT, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130
EXIT_WRITE, EXIT_IN_USE = 3, 4
POSTER_SIZES = ("letter", "a4", "tabloid", "a3")
INTERRUPTED = {  # what Ctrl-C left, by command
    "build": "; the output folder still holds the previous kit, unchanged",
    "batch": ("; each site's output folder holds its previous kit, or its new one if it "
              "was complete"),
}


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    say = _say if args.verbose else None
    try:
        if args.command in NEEDS_ENGINE:
            start_engine(verbose=say)
        return args.run(args)
    except UsageError as error:
        print(f"havenprint: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except ContentError as error:
        _report(error.problems)
        return EXIT_CONTENT
    except OutputInUse as error:
        print(f"havenprint: error: {error}", file=sys.stderr)
        return EXIT_IN_USE
    except WriteError as error:
        print(f"havenprint: error: {error}", file=sys.stderr)
        return EXIT_WRITE
    except InterruptedAfterSwap as error:
        print(f"havenprint: interrupted once the new kit was complete: {_shown(error.out)} "
              "holds it", file=sys.stderr)
        return EXIT_INTERRUPTED
    except KeyboardInterrupt:
        print(f"havenprint: interrupted{INTERRUPTED.get(args.command, '')}", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the output piped into `head` or a pager that closed
        sys.stderr.close()  # nothing more can be said; Python must not report it either
        return EXIT_OK


# Commands that lay out or draw pages: they start the engine (patches, default faces) first.
NEEDS_ENGINE = {"build", "check", "batch", "serve"}


def _say(message: str) -> None:
    print(f"havenprint: {message}", file=sys.stderr)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="havenprint",
        description="Print-ready, discreet pocket cards with QR codes to hotlines.",
    )
    parser.add_argument("--version", action="version", version=f"havenprint {__version__}")
    parser.add_argument("--verbose", action="store_true",
                        help="also say what the engine left off (a library patch that does "
                             "not match this ReportLab)")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    build_cmd = commands.add_parser("build", help="build PDFs from a content folder")
    _content_arguments(build_cmd)
    build_cmd.add_argument("--out", type=Path, default=Path("output"),
                           help="output folder (default: output)")
    build_cmd.add_argument("--target", choices=(*TARGETS, "all"), default="office",
                           help="office: 10-up sheets; shop: one card per page with bleed")
    build_cmd.add_argument("--poster-size", choices=POSTER_SIZES, action="append",
                           dest="poster_sizes", metavar="SIZE",
                           help="poster paper size: letter, a4, tabloid or a3 (repeatable: "
                                "one poster per size; default: poster_size in site.yaml)")
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
    check_cmd.set_defaults(run=_check, target="all", poster_sizes=None, no_previews=True)

    add_import_command(commands)
    add_locale_command(commands)
    add_batch_command(commands)
    add_serve_command(commands, add_allow_outside)

    formats_cmd = commands.add_parser("formats", help="list the formats and their sizes")
    formats_cmd.set_defaults(run=_formats)
    return parser


def _content_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument("content", nargs="?", type=Path, default=Path("content"),
                         metavar="CONTENT_DIR", help="content folder (default: content)")
    command.add_argument("--format", action="append", dest="formats", metavar="NAME",
                         help="only this format (repeatable)")
    command.add_argument("--lang", action="append", dest="langs", metavar="CODE",
                         help="only this language (repeatable)")
    command.add_argument("--jobs", "-j", type=int, default=None, metavar="N",
                         help="processes sharing the languages (default: the number of cores)")
    add_allow_outside(command)


def add_allow_outside(command: argparse.ArgumentParser) -> None:
    command.add_argument("--allow-outside", action="append", type=Path, default=[],
                         metavar="PATH",
                         help="also read inputs (resources: data, linked files) from this "
                              "folder outside the content folder (repeatable)")


def _build(args: argparse.Namespace) -> int:
    return _run(args, write=True)


def _check(args: argparse.Namespace) -> int:
    return _run(args, write=False)


def _run(args: argparse.Namespace, write: bool) -> int:
    if not args.content.is_dir():
        raise UsageError(f"{args.content} is not a folder")
    if args.jobs is not None and args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    layouts = _select_layouts(args.formats, args.content)
    kit = load_kit(args.content, tuple(args.allow_outside))
    poster_sizes = tuple(args.poster_sizes or ())
    langs = _select_langs(kit, args.langs)
    targets = TARGETS if args.target == "all" else (args.target,)
    documents = len(plan_documents(kit, layouts, poster_sizes))
    jobs = args.jobs or available_cores()
    with ProgressDisplay(None if write else False) as display:
        build_step = display.stage("build", documents * len(langs))
        if write:
            result, files = build_with_kit_files(
                kit, layouts, langs, targets, args.out, previews=not args.no_previews,
                on_step=build_step,
                preview_stage=lambda count: display.stage("previews", count),
                poster_sizes=poster_sizes, jobs=jobs)
        else:
            result = build(kit, layouts, langs, targets, None, on_step=build_step, jobs=jobs)
            files = KitFiles()
    if not write:
        result.problems.extend(locale_problems(args.content, langs, strict=args.strict))
        result.problems.extend(untranslated_problems(
            kit, langs, strict=args.strict, names={lang: native_name(lang) for lang in langs}))
    readability = [] if write else [p for articles in kit.library.values() for lang in langs
                                    if lang in articles
                                    for p in reading_report(articles[lang])]
    _report([*kit.warnings, *readability, *result.problems])
    _wrote(result, files, display.live)
    if write:
        _kit_notes(result, files, args.out)
    if result.errors:
        failed = ", ".join(f"{name} ({lang})" for name, lang in result.failed)
        print(f"{len(result.errors)} problem(s); see above. Not built: {failed or 'none'}; "
              f"{len(result.written)} file(s) written", file=sys.stderr)
        return EXIT_CONTENT
    if not write:
        slugs = kit.site.article_slugs
        articles = f" for {len(slugs)} articles" if len(slugs) > 1 else ""
        print(f"ok: {len(layouts)} format(s){articles} x {len(langs)} language(s) lay out "
              "cleanly")
    return EXIT_OK


def _wrote(result: BuildResult, files: KitFiles, live: bool) -> None:
    """One line per file written (the previews counted); a summary under a progress bar."""
    if live and result.written:
        print(f"wrote {len(result.written)} PDF(s) and {len(files.previews)} preview(s); "
              f"open {_shown(files.index) if files.index else 'the PDFs'} to see them")
        return
    for path in [*result.written, files.index, files.manifest]:
        if path is not None:
            print(f"wrote {_shown(path)}")
    if files.previews:
        print(f"wrote {len(files.previews)} preview(s) (PNG) in "
              f"{_shown(files.previews[0].parent.parent)}")


def _kit_notes(result: BuildResult, files: KitFiles, out: Path) -> None:
    """What became of the previous kit, and of files havenprint did not write."""
    if not result.written:
        print(f"nothing was built: {_shown(out)} still holds the previous kit, unchanged",
              file=sys.stderr)
        return
    commit = files.commit
    if commit is None:
        return
    if commit.removed:
        print(f"note: removed {len(commit.removed)} file(s) of the previous kit that this "
              f"build did not make: {_some(commit.removed)}", file=sys.stderr)
    if commit.left:
        print(f"warning: could not remove {len(commit.left)} file(s) of the previous kit: "
              f"{_some(commit.left)}", file=sys.stderr)
    if commit.unknown:
        print(f"note: {len(commit.unknown)} file(s) in {_shown(out)} were not written by "
              f"havenprint and are left as they are: {_some(commit.unknown)}", file=sys.stderr)


def _some(paths: list[str], count: int = 3) -> str:
    more = f" and {len(paths) - count} more" if len(paths) > count else ""
    return ", ".join(paths[:count]) + more


def _select_layouts(names: list[str] | None, content: Path) -> list[Layout]:
    return select_layouts(cached_layouts(content), tuple(names) if names else None)


def _select_langs(kit: Kit, codes: list[str] | None) -> list[str]:
    if not codes:
        return list(kit.site.options.languages)
    unknown = [code for code in codes if code not in kit.site.options.languages]
    if unknown:
        valid = ", ".join(kit.site.options.languages)
        raise UsageError(f"unknown language {unknown[0]!r} for this site; valid: {valid}")
    return list(dict.fromkeys(codes))


def _formats(args: argparse.Namespace) -> int:
    for name, layout in available_layouts().items():
        sizes = ", ".join(
            f"{key} {_describe(size.width, size.height)}" for key, size in layout.spec.sizes.items()
        )
        print(f"{name:<14} {layout.spec.title}: {sizes}")
        print(f"{'':<14} {layout.spec.description}")
        for setting, option in layout.options.items():
            print(f"{'':<14} site.yaml {setting}: {_setting(option)}")
    return EXIT_OK


def _setting(option: LayoutOption) -> str:
    """`letter | a4 (default: paper's): the poster's size`, for `havenprint formats`."""
    kind = (" | ".join(option.values) if option.values is not None
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


def _report(problems: list[Problem]) -> None:
    for problem in dict.fromkeys(problems):  # a locale problem shows up once per format
        shown = Problem(_shown(Path(problem.path)), problem.message, problem.line,
                        problem.severity)
        print(shown, file=sys.stderr)


def _shown(path: Path) -> str:
    return shown_path(path)
