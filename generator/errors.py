"""Content problems: collected, never raised one at a time to the user as tracebacks."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

Severity = Literal["error", "warning", "info"]
# The command line's exit codes; 130 is Ctrl-C's.
EXIT_OK, EXIT_CONTENT, EXIT_USAGE, EXIT_WRITE, EXIT_IN_USE, EXIT_INTERRUPTED = 0, 1, 2, 3, 4, 130
EXIT_LIBRARY = 5


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the content, printed as `path:line: message`."""

    path: Path | str
    message: str
    line: int | None = None
    severity: Severity = "error"

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else f"{self.path}"
        prefix = {"warning": "warning: ", "info": "note: "}.get(self.severity, "")
        return f"{where}: {prefix}{self.message}"


@dataclass(frozen=True)
class Refused(Problem):
    """A record of the data an import or `resources:` reads that cannot be printed (a
    number that is a fragment, a row with a cell beyond its header): an error that leaves
    that record (or number) out without stopping the rest, which is imported and printed;
    the command then exits 1, so that a script running it notices. `record`: the record as
    the import names it (the line's name, or its file and row)."""

    record: str = ""


def quoted(text: str, limit: int = 120) -> str:
    """`text` in quotes for a message, its middle left out where it is longer than `limit`
    characters: a message names a 250 KB sentence or a 100-letter word, never prints it
    whole."""
    return f"'{shortened(text, limit)}'"


def shortened(text: str, limit: int = 120) -> str:
    """`text`, or where it is longer than `limit` characters its start and end around '…'."""
    if len(text) <= limit:
        return text
    head = (limit - 1) * 2 // 3
    return f"{text[:head]}…{text[len(text) - (limit - 1 - head):]}"


class ContentError(Exception):
    """One or more problems that stop a build; the CLI prints them and exits 1."""

    def __init__(self, problems: list[Problem] | Problem):
        self.problems = [problems] if isinstance(problems, Problem) else list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class UsageError(Exception):
    """A mistake on the command line (unknown format, language...): exit 2."""


class WriteError(Exception):
    """The output could not be written (read-only or full disk, a file where a folder should
    be, permission denied): exit 3, with one line naming the path and the reason."""


class OutputInUse(WriteError):
    """Another build holds the output folder: exit 4."""

    def __init__(self, folder: str, pid: int | None):
        self.pid = pid
        owner = f" (pid {pid})" if pid else ""
        super().__init__(f"{folder} is in use by another build{owner}; wait for it to finish")


class LibraryError(Exception):
    """A library installed here does not behave as havenprint's corrections of it need
    (generator/i18n/reportlab_text.py): pages would print wrong, so nothing is built, exit 5,
    with one line naming the library and its version."""


class InterruptedAfterSwap(KeyboardInterrupt):
    """Ctrl-C came while the new kit was being swapped in: it was finished first."""

    def __init__(self, out: Path) -> None:
        super().__init__(str(out))
        self.out = out


def print_problems(problems: Iterable[Problem]) -> None:
    """Each problem once, on stderr, its path as `shown_path` gives it (a locale problem
    shows up once per format)."""
    paths: dict[Path | str, str] = {}  # a kit of 2,000 lines has as many problems in one file
    for problem in dict.fromkeys(problems):
        if problem.path not in paths:
            paths[problem.path] = shown_path(problem.path)
        shown = Problem(paths[problem.path], problem.message, problem.line, problem.severity)
        print(shown, file=sys.stderr)


def shown_path(path: Path | str) -> str:
    """A path relative to the working directory when it is below it, as messages show it."""
    if not Path(path).is_absolute():
        return str(path)
    relative = os.path.relpath(path)
    return str(path) if relative.startswith("..") else relative
