"""The `havenprint` command's first module: the command line imported with Python's cyclic
garbage collector paused (collector.loading, which cli.py uses again to load the engine and
the build). Importing the command line makes some 40,000 objects the collector tracks, and
no garbage; left running, the collector passed over them 57 times (about 10 ms of a new
process, before anything else can start)."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import NoReturn

from generator.commands.collector import loading


def command_line() -> ModuleType:
    """generator.commands.cli, imported while `loading`, the dataclasses' methods compiled
    once per machine (generator/compiled_methods.py)."""
    with loading():
        from generator import compiled_methods

        compiled_methods.install()
        from generator.commands import cli
    return cli


def entry() -> NoReturn:
    run: Callable[[], NoReturn] = command_line().entry
    run()
