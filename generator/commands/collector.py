"""Python's cyclic garbage collector kept out of the way while havenprint loads its
libraries (generator/commands/launch.py, cli.py). Imports nothing but the standard library."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator

BUILD_THRESHOLD = 10_000  # objects made between young passes of the collector, in a build


@contextlib.contextmanager
def loading() -> Iterator[None]:
    """Python's cyclic garbage collector paused while the libraries load: importing creates
    objects by the hundred thousand, which its full passes walk again and again (some 15 % of
    the import time), and leaves no garbage to collect. What was loaded is then set aside
    from its passes (gc.freeze) before it runs again: else its first pass walks every object
    the imports made, one young generation of them (7 ms, twice before a build's first
    document). A kit's build takes it back when it ends (loaded_left_alone)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if enabled:
            gc.enable()


@contextlib.contextmanager
def loaded_left_alone() -> Iterator[None]:
    """What is loaded by now (modules, fonts, the engine) set aside from the collector's
    passes while one kit is built: a quarter of a second less for a new process, and a
    forked copy then shares those pages instead of copying them; and its young passes made
    rarer (BUILD_THRESHOLD): laying out makes and drops paragraphs by the thousand, and the
    default 700 objects ran 150 passes a kit, 40 ms. Taken back afterwards, so a process
    that builds again (tests, the web page) still collects everything."""
    threshold = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(BUILD_THRESHOLD, *threshold[1:])
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
        gc.unfreeze()
