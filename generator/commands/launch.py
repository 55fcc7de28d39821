"""The `havenprint` command's entry point (pyproject.toml's script, `python -m generator`):
the command line, imported when it runs."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import NoReturn


def command_line() -> ModuleType:
    """generator.commands.cli."""
    from generator.commands import cli

    return cli


def entry() -> NoReturn:
    run: Callable[[], NoReturn] = command_line().entry
    run()
