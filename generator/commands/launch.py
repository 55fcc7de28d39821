"""The `havenprint` command's first module: the command line imported with Python's cyclic
garbage collector paused, as cli.py pauses it to load the engine (its `_loading`).
Importing it makes some 40,000 objects the collector tracks, and no garbage; left running,
the collector passed over them 57 times (about 10 ms of a new process, before anything else
can start)."""

from __future__ import annotations

import gc
from collections.abc import Callable
from types import ModuleType
from typing import NoReturn


def command_line() -> ModuleType:
    """generator.commands.cli, imported with the collector paused; what it loaded is then set
    aside from the collector's passes (gc.freeze), which would otherwise walk it all again."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        from generator.commands import cli
    finally:
        gc.freeze()
        if enabled:
            gc.enable()
    return cli


def entry() -> NoReturn:
    run: Callable[[], NoReturn] = command_line().entry
    run()
