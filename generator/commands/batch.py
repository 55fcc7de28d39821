"""`havenprint batch SITES_DIR`: build the kit of every site, in parallel over the cores.

A site is a subfolder of SITES_DIR with a site.yaml (it may `extends:` a shared base folder).
Its files go to `<out>/<site>/<lang>/...`, with its own index.html and manifest.json, all
or nothing per site (generator/kit/kit_folder.py). One failing site does not stop the others;
the exit code is the highest of the failed sites' (1 content, 3 could not write, 4 in use).
`--shard K/N` builds only the sites of shard K (generator/commands/shard.py), so that N jobs
on as many machines build each site once between them.
The pipeline is imported when a batch runs, not when the command line is parsed.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path

from generator.commands.progress import ProgressDisplay
from generator.commands.shard import parse_shard, shard_of
from generator.commands.site_job import (
    SiteJob,
    SiteOutcome,
    build_site,
    start_worker,
    warm_up,
)
from generator.content.containment import is_inside, read_roots
from generator.content.file_names import path_argument
from generator.errors import EXIT_CONTENT, ContentError, UsageError, shown_path
from generator.kit.kit_folder import check_out, finish_cut_swap, folder_lock
from generator.render.targets import TARGETS, Target, chosen_targets


def add_batch_command(commands: argparse._SubParsersAction) -> None:
    command = commands.add_parser(
        "batch", help="build every site of a folder of content folders, in parallel")
    command.add_argument("sites", type=path_argument, metavar="SITES_DIR",
                         help="a folder with one content folder (with site.yaml) per site")
    command.add_argument("--out", type=path_argument, default=Path("output"),
                         help="output folder; each site gets <out>/<site>/ (default: output)")
    command.add_argument("--jobs", "-j", type=int, default=None, metavar="N",
                         help="sites built at once (default: the number of cores)")
    command.add_argument("--format", action="append", dest="formats", metavar="NAME",
                         help="only this format (repeatable)")
    command.add_argument("--target", choices=(*TARGETS, "all"), default=Target.OFFICE,
                         help="office: sheets for an office printer; shop: pages with bleed")
    command.add_argument("--no-previews", action="store_true", help="skip the PNG previews")
    command.add_argument("--allow-outside", action="append", type=path_argument, default=[],
                         metavar="PATH",
                         help="also read inputs from this folder outside the sites' content "
                              "folders and their bases (repeatable)")
    command.add_argument("--site", action="append", dest="only", metavar="NAME",
                         help="build only this site (repeatable): the sites `havenprint "
                              "changes` says to build again")
    command.add_argument("--refresh", action="store_true",
                         help="read again the HSDS API each site's resources: names (and keep "
                              "its copy) before building it; a site whose API cannot be read "
                              "fails and keeps its kit")
    command.add_argument("--shard", metavar="K/N",
                         help="build only shard K of N (1/4 ... 4/4): N jobs together build "
                              "each site once; a site's shard depends on its name alone")
    command.set_defaults(run=run_batch)


def find_sites(folder: Path) -> list[Path]:
    """The subfolders of `folder` that are content folders, in name order."""
    return sorted(child for child in folder.iterdir()
                  if child.is_dir() and not child.name.startswith(".")
                  and (child / "site.yaml").is_file())


def run_all(jobs: list[SiteJob], workers: int,
            on_done: Callable[[SiteOutcome], None]) -> list[SiteOutcome]:
    """Every job's outcome, in name order; `workers` processes (1: in this process)."""
    from concurrent.futures import ProcessPoolExecutor, as_completed

    outcomes = []
    share_cjk_characters([job.folder for job in jobs])
    if workers <= 1 or len(jobs) <= 1:
        for job in jobs:
            outcomes.append(build_site(job))
            on_done(outcomes[-1])
        return sorted(outcomes, key=lambda outcome: outcome.name)
    warm_up()  # forked workers start with what the parent has loaded
    with ProcessPoolExecutor(max_workers=min(workers, len(jobs)), initializer=start_worker,
                             initargs=(os.getpid(),)) as pool:
        futures = {pool.submit(build_site, job): job for job in jobs}  # workers fork here
        try:
            for future in as_completed(futures):
                try:
                    outcome = future.result()
                except Exception as error:  # noqa: BLE001 -- a worker that died
                    outcome = _worker_failed(futures[future], error)
                outcomes.append(outcome)
                on_done(outcome)
        except KeyboardInterrupt:
            pool.shutdown(wait=False, cancel_futures=True)
            _interrupt_workers()  # else each would finish its site first
            raise
    return sorted(outcomes, key=lambda outcome: outcome.name)


def _interrupt_workers() -> None:
    """Ctrl-C to every worker, as a terminal sends it to the batch and its workers alike:
    `kill -INT` reaches the batch alone."""
    import multiprocessing

    for worker in multiprocessing.active_children():
        if worker.pid is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(worker.pid, signal.SIGINT)


def share_cjk_characters(sites: list[Path]) -> None:
    """Every Chinese, Japanese or Korean site's characters, for one face subset that serves
    the whole batch (forked workers inherit them) instead of one per site."""
    from generator.content.extends import content_folders
    from generator.content.yamlfile import load_yaml
    from generator.i18n.kit_characters import CJK_LANGUAGES, share_characters

    by_lang: dict[str, list[tuple[Path, ...]]] = {}
    for site in sites:
        try:
            languages = load_yaml(site / "site.yaml").data.get("languages") or []
            chain = content_folders(site)
        except (ContentError, AttributeError):
            continue  # the site's own build reports it
        for lang in languages:
            if isinstance(lang, str) and lang.split("-")[0] in CJK_LANGUAGES:
                by_lang.setdefault(lang, []).append(chain)
    for lang, chains in by_lang.items():
        share_characters(chains, lang)


def _worker_failed(job: SiteJob, error: Exception) -> SiteOutcome:
    """The outcome of a site whose worker process ended without returning one."""
    from concurrent.futures.process import BrokenProcessPool

    if isinstance(error, BrokenProcessPool):
        reason = ("a worker process ended abruptly (killed, or out of memory) while this "
                  "site was queued or building; its output folder keeps its previous kit")
    else:
        reason = f"the worker building it stopped: {type(error).__name__}: {error}"
    return SiteOutcome(job.name, errors=(f"{shown_path(job.folder)}: {reason}",),
                       code=EXIT_CONTENT)


def run_batch(args: argparse.Namespace) -> int:
    if not args.sites.is_dir():
        raise UsageError(f"{args.sites} is not a folder")
    sites = find_sites(args.sites)
    if not sites:
        raise UsageError(f"no sites in {args.sites}: each site is a subfolder with a site.yaml")
    if args.jobs is not None and args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    shard = parse_shard(args.shard) if args.shard is not None else None
    _check_inside(sites, args.sites, tuple(args.allow_outside))
    check_out(args.out, (args.sites,))
    if args.only:
        names = {site.name for site in sites}
        unknown = [name for name in args.only if name not in names]
        if unknown:
            raise UsageError(f"--site {unknown[0]}: no such site in {args.sites} (each site is "
                             "a subfolder with a site.yaml)")
    chosen = [site for site in sites if not args.only or site.name in args.only]
    built = chosen if shard is None else [site for site in chosen
                                          if shard_of(site.name, shard[1]) == shard[0]]
    for site in built:  # swaps cut short are finished first, whatever the batch then finds
        finish_cut_swap(args.out / site.name)
    formats = tuple(args.formats) if args.formats else None
    _check_formats(formats, sites)
    _check_names(sites)  # every site, also in a shard: each shard refuses the same names
    if shard is not None:
        print(f"shard {shard[0]}/{shard[1]}: {len(built)} of the {len(sites)} site(s)",
              flush=True)
        if not built:
            return 0
    targets = chosen_targets(args.target)
    jobs = [SiteJob(site.name, site, args.out / site.name, formats, targets,
                    not args.no_previews, tuple(args.allow_outside), args.refresh)
            for site in built]
    # Shards may share one --out (a shared volume): each holds its own sites' folders'
    # locks, not the whole folder's, which would keep all but one of them out.
    out_lock = folder_lock(args.out) if shard is None else contextlib.nullcontext()
    with out_lock, ProgressDisplay() as display:
        stage = display.stage("sites", len(jobs))

        def done(outcome: SiteOutcome) -> None:
            stage.done(outcome.name)
            if not display.live:
                state = f"built, {outcome.written} file(s)" if outcome.ok else "FAILED"
                print(f"{outcome.name}: {state}", flush=True)

        outcomes = run_all(jobs, args.jobs or os.cpu_count() or 1, done)
    return report(outcomes)


def report(outcomes: list[SiteOutcome]) -> int:
    """The summary: problems per site on stderr, then one line per site; 1 if any failed."""
    for outcome in outcomes:
        for line in (*outcome.errors, *outcome.warnings):
            print(f"[{outcome.name}] {line}", file=sys.stderr)
    width = max(len(outcome.name) for outcome in outcomes)
    print("summary:")
    for outcome in outcomes:
        notes = f", {len(outcome.warnings)} warning(s)" if outcome.warnings else ""
        if outcome.ok:
            print(f"  {outcome.name:<{width}}  built   {outcome.written} file(s){notes}")
        else:  # the first problem, so that the summary says why
            print(f"  {outcome.name:<{width}}  FAILED  {len(outcome.errors)} problem(s)"
                  f"{notes}: {outcome.errors[0]}")
    failed = [outcome.name for outcome in outcomes if not outcome.ok]
    print(f"{len(outcomes) - len(failed)} site(s) built, {len(failed)} failed"
          + (f": {', '.join(failed)}" if failed else ""))
    return max((outcome.code or 1 for outcome in outcomes if not outcome.ok), default=0)


def _check_inside(sites: list[Path], folder: Path, allowed: tuple[Path, ...]) -> None:
    """A site folder that is a link leading out of SITES_DIR would have its files read from
    there: refused unless that place is allowed, as `build` refuses such links."""
    roots = read_roots([folder], allowed)
    outside = [site for site in sites if not is_inside(site, roots)]
    if outside:
        named = ", ".join(f"{shown_path(site)} -> {site.resolve()}" for site in outside[:5])
        more = f" and {len(outside) - 5} more" if len(outside) > 5 else ""
        raise UsageError(f"site folders leading outside {shown_path(folder)}: {named}{more}; "
                         "havenprint reads only inside the folders it is given: move them in, "
                         "or allow their folder with --allow-outside")


def _check_names(sites: list[Path]) -> None:
    """Two sites whose names differ only in case would share an output folder on a disk
    that ignores case (macOS, Windows): one would replace the other's kit."""
    seen: dict[str, str] = {}
    for site in sites:
        other = seen.setdefault(site.name.casefold(), site.name)
        if other != site.name:
            raise UsageError(f"sites {other!r} and {site.name!r} differ only in case: their "
                             "output folders would be one on some disks; rename one")


def _check_formats(formats: tuple[str, ...] | None, sites: list[Path]) -> None:
    """A format that no site can build is a typo: exit 2 before starting."""
    from generator.content.caches import cached_layouts
    from generator.content.layouts import LAYOUT_NAME

    known = set(cached_layouts())
    for name in formats or ():
        if name not in known and not (LAYOUT_NAME.fullmatch(name) and any(
                (site / "layouts" / name / "layout.yaml").is_file() for site in sites)):
            raise UsageError(f"unknown format {name!r}; valid: {', '.join(sorted(known))}")
