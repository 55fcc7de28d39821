"""A progress bar (rich) on a terminal; silent otherwise, where the caller prints plain lines."""

from __future__ import annotations

import sys
from types import TracebackType
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from rich.progress import Progress, TaskID


class Stage:
    """One bar, redrawn at every step. Call it with the name of each item as work on it
    *starts*; `done(name)` counts an item that has *finished* (work done out of order)."""

    def __init__(self, bar: Progress | None = None, task: TaskID | None = None) -> None:
        self._bar, self._task = bar, task
        self._started = False

    def __call__(self, item: str) -> None:
        if self._bar is None or self._task is None:
            return
        if self._started:
            self._bar.advance(self._task)
        self._bar.update(self._task, item=item, refresh=True)
        self._started = True

    def done(self, item: str) -> None:
        if self._bar is not None and self._task is not None:
            self._bar.update(self._task, advance=1, item=item, refresh=True)

    def finish(self) -> None:
        if self._bar is not None and self._task is not None:
            total = self._bar.tasks[self._task].total
            self._bar.update(self._task, completed=total, item="", refresh=True)


class ProgressDisplay:
    """`with ProgressDisplay(live) as display: step = display.stage("build", 8)`.

    `live=None` shows bars when `stream` is a terminal."""

    def __init__(self, live: bool | None = None, stream: TextIO | None = None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.live = self.stream.isatty() if live is None else live
        self._bar: Progress | None = None
        self._stages: list[Stage] = []

    def __enter__(self) -> ProgressDisplay:
        if self.live:  # rich is imported only when a bar is shown
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
            )

            self._bar = Progress(
                TextColumn("{task.description:<9}"), BarColumn(), MofNCompleteColumn(),
                TimeElapsedColumn(), TextColumn("{task.fields[item]}"),
                console=Console(file=self.stream),
                auto_refresh=False,  # no refresh thread: a batch forks its workers meanwhile
            )
            self._bar.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self._bar is not None:
            if kind is None:
                for stage in self._stages:
                    stage.finish()
            self._bar.stop()

    def stage(self, label: str, total: int) -> Stage:
        if self._bar is None:
            return Stage()
        for stage in self._stages:  # a new stage begins when the one before has ended
            stage.finish()
        stage = Stage(self._bar, self._bar.add_task(label, total=total, item=""))
        self._stages.append(stage)
        return stage
