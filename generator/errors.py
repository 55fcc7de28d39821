"""Content problems: collected, never raised one at a time to the user as tracebacks."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

Severity = Literal["error", "warning", "info"]


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


def shown_path(path: Path | str) -> str:
    """A path relative to the working directory when it is below it, as messages show it."""
    if not Path(path).is_absolute():
        return str(path)
    relative = os.path.relpath(path)
    return str(path) if relative.startswith("..") else relative
