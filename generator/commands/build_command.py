"""`havenprint build` and `check`: load the kit, lay out (and write) every format in every
language, and report what happened. Imported when one of them runs (generator/commands/cli.py
parses the command line)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from generator.commands.format_sizes import given_sizes
from generator.commands.problem_summary import print_summary, refused_summary
from generator.commands.progress import ProgressDisplay
from generator.commands.site_job import kit_notes, select_layouts
from generator.content.caches import cached_layouts
from generator.content.layouts import Layout
from generator.content.models import Kit
from generator.errors import (
    EXIT_CONTENT,
    EXIT_OK,
    Problem,
    Refused,
    UsageError,
    shown_path,
)
from generator.kit.kit_folder import check_out, finish_cut_swap
from generator.kit.outputs import KitFiles, build_with_kit_files
from generator.pipeline.build import BuildRequest, BuildResult
from generator.pipeline.forked import available_cores
from generator.pipeline.kit_checks import load_checked_kit
from generator.pipeline.kits import build_kits, document_count
from generator.render.targets import chosen_targets
from generator.translating.kit_report import KitReport, kit_report


def run_kit(args: argparse.Namespace, write: bool) -> int:
    """`build` (write=True) or `check` (lay out in memory, write nothing, report more)."""
    if write:  # a swap cut short is finished first, whatever this build then finds
        check_out(args.out, (args.content,))
        finish_cut_swap(args.out)
    if not args.content.is_dir():
        raise UsageError(f"{args.content} is not a folder")
    if args.jobs is not None and args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    layouts = _select_layouts(args.formats, args.content)
    if args.refresh:
        _refresh(args.content)
    kit = load_checked_kit(args.content, tuple(args.allow_outside))
    sizes = given_sizes(args, cached_layouts(args.content))
    langs = _select_langs(kit, args.langs)
    targets = chosen_targets(args.target)
    documents = document_count(kit, layouts, sizes)
    jobs = args.jobs or available_cores()
    with ProgressDisplay(None if write else False) as display:
        request = BuildRequest(kit, tuple(layouts), tuple(langs), targets,
                               args.out if write else None, sizes, jobs,
                               on_step=display.stage("build", documents * len(langs)))
        if write:
            result, files = build_with_kit_files(
                request, previews=not args.no_previews,
                preview_stage=lambda count: display.stage("previews", count))
        else:
            result = build_kits(request)
            files = KitFiles()
    report = KitReport() if write else kit_report(kit, langs, strict=args.strict)
    result.problems.extend(report.translation)  # with --strict, errors: check exits 1
    pack_warnings = [warning for pack in kit.audiences for warning in pack.warnings]
    print_summary(_once([*kit_notes(kit, layouts), *pack_warnings, *report.reading,
                         *result.problems]),
                  verbose=args.verbose, lines=len(kit.resources),
                  from_source=kit.site.resource_source is not None)
    _wrote(result, files, display.live)
    if write:
        _kit_notes(result, files, args.out)
    refused = [problem for problem in kit.warnings if isinstance(problem, Refused)]
    if result.errors:
        failed = ", ".join(f"{name} ({lang})" for name, lang in result.failed)
        print(f"{len(result.errors) + len(refused)} problem(s); see above. Not built: "
              f"{failed or 'none'}; {len(result.written)} file(s) written", file=sys.stderr)
        return EXIT_CONTENT
    if refused:  # every other line printed: said, and exit 1 so that a script notices
        done = (f"{len(result.written)} file(s) written with every other line" if write
                else "every other line lays out cleanly")
        print(f"{refused_summary(refused)}; {done}", file=sys.stderr)
        return EXIT_CONTENT
    if not write:
        slugs = kit.site.article_slugs
        articles = f" for {len(slugs)} articles" if len(slugs) > 1 else ""
        packs = (f", and the audience pack(s) {', '.join(kit.site.options.audiences)}"
                 if kit.audiences else "")
        print(f"ok: {len(layouts)} format(s){articles} x {len(langs)} language(s){packs} lay "
              "out cleanly")
    return EXIT_OK


def _once(problems: list[Problem]) -> list[Problem]:
    """Each problem once: a warning `--strict` makes an error (an outside title that falls
    back to another language's, which loading the kit warned of) is said as the error."""
    errors = {(p.path, p.line, p.message, p.lang) for p in problems if p.severity == "error"}
    return [p for p in problems
            if p.severity == "error" or (p.path, p.line, p.message, p.lang) not in errors]


def _refresh(content: Path) -> None:
    """`--refresh`: read the HSDS API `resources:` names again and keep its copy (the old
    copy stays when any page cannot be read, and nothing is built)."""
    from generator.importers.source import refresh_copy  # only when asked: a build never

    said = refresh_copy(content)
    if said is None:
        raise UsageError("--refresh: resources: in site.yaml names no HSDS API (an address "
                         "starting https://): there is nothing to read again")
    print(f"note: {said}", file=sys.stderr)


def _wrote(result: BuildResult, files: KitFiles, live: bool) -> None:
    """One line per file written (the previews counted); a summary under a progress bar."""
    if live and result.written:
        pages = f", {len(files.web_pages)} web page(s)" if files.web_pages else ""
        print(f"wrote {len(result.written)} PDF(s){pages} and {len(files.previews)} preview(s); "
              f"open {shown_path(files.index) if files.index else 'the PDFs'} to see them")
        return
    for path in [*result.written, *files.web_pages, files.index, files.manifest]:
        if path is not None:
            print(f"wrote {shown_path(path)}")
    if files.previews:
        folders = dict.fromkeys(shown_path(path.parent.parent) for path in files.previews)
        print(f"wrote {len(files.previews)} preview(s) (PNG) in {', '.join(folders)}")


def _kit_notes(result: BuildResult, files: KitFiles, out: Path) -> None:
    """What became of the previous kit, and of files havenprint did not write."""
    if not result.written:
        print(f"nothing was built: {shown_path(out)} still holds the previous kit, unchanged",
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
        print(f"note: {len(commit.unknown)} file(s) in {shown_path(out)} were not written by "
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
