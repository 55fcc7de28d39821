"""A process forked to work for this one (a batch worker, a copy building some languages)
is tied to it: it lets go of the output folders' locks it inherited, which only the parent
holds, and it ends when the parent ends, however that ends (kill -9 too), instead of
living on idle for minutes while a lock names a process that is gone.

On Linux the kernel sends it SIGTERM as the parent ends (prctl's PR_SET_PDEATHSIG); where
that is not available a thread sees within half a second that its parent is gone. A kit's
swap holds SIGTERM back until it is done (generator/kit/kit_commit.py), so a site half-way
through it finishes it first.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import threading
import time
from collections.abc import Callable

from generator.engine import current_engine

_PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
_WATCH_SECONDS = 0.5


def _find_prctl() -> Callable[..., int] | None:
    """The C library's prctl (Linux), found when this module is imported: in the parent,
    since looking a library up in a forked copy of a process with threads may hang."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return getattr(ctypes.CDLL(None, use_errno=True), "prctl", None)
    except OSError:
        return None


_PRCTL = _find_prctl()  # a function of the C library, the same for the whole process


def let_go_of_locks() -> None:
    """Close the descriptors of the locks the parent held when it forked this process: an
    flock lasts while any process holds its descriptor, so a copy kept would keep the
    folder locked after the parent is gone."""
    held = current_engine().held_locks
    for descriptor in held:
        with contextlib.suppress(OSError):
            os.close(descriptor)
    held.clear()


def end_with_parent(parent: int) -> None:
    """SIGTERM to this process once `parent` (the process that forked it) has ended."""
    if not _death_signal(signal.SIGTERM):
        threading.Thread(target=_watch, args=(parent,), daemon=True,
                         name="havenprint-parent-watch").start()
    if os.getppid() != parent:  # it ended before the signal was asked for
        os.kill(os.getpid(), signal.SIGTERM)


def _death_signal(number: int) -> bool:
    """Ask the kernel for `number` when the parent ends; whether it will send it."""
    return _PRCTL is not None and _PRCTL(_PR_SET_PDEATHSIG, int(number), 0, 0, 0) == 0


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(_WATCH_SECONDS)
    os.kill(os.getpid(), signal.SIGTERM)
