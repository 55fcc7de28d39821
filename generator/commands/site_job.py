"""One site of a batch, built in a worker process: the job, its outcome as plain data, and
what a worker sets up (warm caches inherited from the parent, its tie to the batch, Ctrl-C
handling). The pipeline is imported when a site is built, not when the command line is
parsed."""

from __future__ import annotations

import signal
from dataclasses import dataclass, replace
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

from generator.engine import current_engine
from generator.errors import (
    EXIT_CONTENT,
    EXIT_IN_USE,
    EXIT_USAGE,
    EXIT_WRITE,
    Code,
    ContentError,
    OutputInUse,
    Problem,
    Refused,
    UsageError,
    WriteError,
    shown_path,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

    from generator.content.layouts import Layout
    from generator.content.models import Kit
    from generator.render.targets import Target

@dataclass(frozen=True)
class SiteJob:
    name: str
    folder: Path
    out: Path
    formats: tuple[str, ...] | None
    targets: tuple[Target, ...]
    previews: bool = True
    allow_outside: tuple[Path, ...] = ()
    refresh: bool = False  # read the HSDS API its `resources:` names again first


@dataclass(frozen=True)
class SiteOutcome:
    """What became of one site: plain data, so that it pickles back from a worker."""

    name: str
    written: int = 0
    errors: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    code: int = 0  # the exit code a build of this site alone would give

    @property
    def ok(self) -> bool:
        return not self.errors


def select_layouts(layouts: dict[str, Layout], names: tuple[str, ...] | None) -> list[Layout]:
    if not names:
        return list(layouts.values())
    unknown = [name for name in names if name not in layouts]
    if unknown:
        raise UsageError(f"unknown format {unknown[0]!r}; valid: {', '.join(layouts)}")
    return [layouts[name] for name in dict.fromkeys(names)]


def build_site(job: SiteJob) -> SiteOutcome:
    """Build one site's kit; every failure becomes part of the outcome, never an exception."""
    worker = current_engine().worker  # Ctrl-C in a worker process (start_worker)
    if worker.interrupted:
        return SiteOutcome(job.name, errors=("interrupted",))
    worker.building = True
    try:
        return _build(job)
    finally:
        worker.building = False


def _build(job: SiteJob) -> SiteOutcome:
    from generator.content.caches import cached_layouts
    from generator.kit.outputs import build_with_kit_files
    from generator.pipeline.build import BuildRequest
    from generator.pipeline.kit_checks import load_checked_kit

    try:
        layouts = select_layouts(cached_layouts(job.folder), job.formats)
        if job.refresh:  # a site whose resources: names no API builds from its own data
            from generator.importers.source import refresh_copy

            refresh_copy(job.folder)
        kit = load_checked_kit(job.folder, job.allow_outside)
        langs = list(kit.site.options.languages)
        request = BuildRequest(kit, tuple(layouts), tuple(langs), job.targets, job.out)
        result, files = build_with_kit_files(request, previews=job.previews)
    except ContentError as error:
        return SiteOutcome(job.name, errors=_shown(error.problems), code=EXIT_CONTENT)
    except UsageError as error:
        return SiteOutcome(job.name, errors=(f"{shown_path(job.folder)}: {error}",),
                           code=EXIT_USAGE)
    except WriteError as error:
        return SiteOutcome(job.name, errors=(f"{shown_path(job.folder)}: {error}",),
                           code=EXIT_IN_USE if isinstance(error, OutputInUse) else EXIT_WRITE)
    except Exception as error:  # noqa: BLE001 -- one site's bug must not stop the batch
        return SiteOutcome(job.name, errors=(
            f"{shown_path(job.folder)}: internal error: {type(error).__name__}: {error}",),
            code=EXIT_CONTENT)
    # records of the site's data refused (the kit prints every other line): a failure to
    # notice, as `build` exits 1 for them
    errors = _shown([problem for problem in kit.warnings if isinstance(problem, Refused)]
                    + result.errors)
    if result.failed:
        failed = ", ".join(f"{name} ({lang})" for name, lang in result.failed)
        errors += (f"{shown_path(job.folder)}: not built: {failed}",)
    return SiteOutcome(job.name, len(result.written) + len(files.paths), errors,
                       _shown([p for p in result.problems if p.severity != "error"]
                              + [p for p in kit_notes(kit, layouts)
                                 if not isinstance(p, Refused)]),
                       EXIT_CONTENT if errors else 0)


def start_worker(batch: int) -> None:
    """In a worker forked by the batch (process `batch`): it lets go of the batch's lock on
    the output folder and ends with the batch (generator/pipeline/parent_tie.py); Ctrl-C stops the
    current site (its output folder keeps its previous kit) and turns the sites already
    queued to this worker into no-ops. A second Ctrl-C (the batch passes the first one on,
    which the terminal may have sent too), or one while waiting for a site, changes nothing
    more: raised there, it would end the worker with a traceback."""
    from generator.pipeline.parent_tie import end_with_parent, let_go_of_locks
    from generator.render.starters import start

    start()  # a forked worker's engine has started in the batch: nothing is run again
    worker = current_engine().worker

    def interrupt(signum: int, frame: FrameType | None) -> None:
        if worker.interrupted:
            return
        worker.interrupted = True
        if worker.building:
            raise KeyboardInterrupt

    let_go_of_locks()
    signal.signal(signal.SIGINT, interrupt)
    end_with_parent(batch)


def warm_up() -> None:
    """Load what every site needs (the built-in layouts, the default fonts) once, and what
    the workers' tie to the batch needs (generator/pipeline/parent_tie.py finds prctl as it
    loads)."""
    import generator.pipeline.parent_tie  # noqa: F401
    from generator.content.caches import cached_layouts
    from generator.render.starters import start

    cached_layouts()
    start()


def _shown(problems: list[Problem]) -> tuple[str, ...]:
    shown = (replace(p, path=shown_path(p.path)) for p in problems)
    return tuple(str(problem) for problem in dict.fromkeys(shown))


def kit_notes(kit: Kit, layouts: Sequence[Layout]) -> list[Problem]:
    """The kit's notes, the one on what pieces say of the first line naming only the pieces
    this build makes (the kit's own names every piece: the web page builds them all)."""
    from generator.content.promises import promise_notes

    built = {layout.name for layout in layouts}
    return [*(problem for problem in kit.warnings if problem.code is not Code.PROMISE_UNSAID),
            *(problem for problem in promise_notes(kit.resources, kit.site, built)
              if problem.code is Code.PROMISE_UNSAID)]
