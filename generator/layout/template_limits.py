"""Limits on layout templates. A content folder's own `layouts/<format>/` brings templates,
code that jinja2's sandbox keeps away from files and Python's insides but not from running
for ever or filling memory. While a face of such a template renders (generator/layout/compose.py;
havenprint's own templates skip the first two, which cost time on every face):

- it may take MAX_TEMPLATE_SECONDS of processor time, its thread's own (a timer interrupts
  a loop that does not end; the time other processes take on a loaded machine does not
  count, so a template stops at the same point of its work however busy the machine is);
- the process may grow by MAX_TEMPLATE_MEMORY of address space (the allocation that would
  pass it fails with MemoryError instead of the machine swapping);
- a block may render MAX_TEMPLATE_OUTPUT characters, and numbers multiplied or raised to a
  power stay under MAX_TEMPLATE_INT_BITS bits (one such operation cannot be interrupted);
- template files are read up to MAX_TEMPLATE_BYTES (jinja2's sandbox already refuses a
  `range` over 100,000 items, and recursion stops at Python's limit).

The time and the memory limits need a POSIX process. On the main thread a timer signal stops
the template; on another thread (the web page's engine) a watching thread raises an exception
in it. The memory ceiling is the process's: while a face of a site's own template renders, the
whole process may grow by MAX_TEMPLATE_MEMORY.
"""

from __future__ import annotations

import ctypes
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

from jinja2 import BaseLoader, Environment, TemplateError, TemplateNotFound
from jinja2.loaders import split_template_path
from jinja2.runtime import Context
from jinja2.sandbox import ImmutableSandboxedEnvironment

from generator.content.bounded_read import read_limited
from generator.content.yamlfile import utf8_text

try:
    import resource
except ImportError:  # not POSIX: no memory ceiling
    resource = None  # type: ignore[assignment]

MAX_TEMPLATE_BYTES = 200_000
MAX_TEMPLATE_SECONDS = 2.0
MAX_TEMPLATE_OUTPUT = 1_000_000  # characters, per block
MAX_TEMPLATE_MEMORY = 256 * 1024 * 1024  # bytes of address space
MAX_TEMPLATE_INT_BITS = 100_000
_TICK = 0.05  # seconds between two looks at the clock


class TemplateLimitError(TemplateError):
    """A template went over one of the limits above."""


class BoundedLoader(BaseLoader):
    """jinja2's FileSystemLoader for one folder, reading regular files up to a size."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def get_source(self, environment: Environment,
                   template: str) -> tuple[str, str, Callable[[], bool]]:
        path = self.folder.joinpath(*split_template_path(template))
        if not path.is_file():
            raise TemplateNotFound(template)
        source = utf8_text(path, read_limited(path, MAX_TEMPLATE_BYTES))  # as content files
        mtime = path.stat().st_mtime_ns

        def uptodate() -> bool:
            try:
                return path.stat().st_mtime_ns == mtime
            except OSError:
                return False

        return source, str(path), uptodate


class LimitedSandbox(ImmutableSandboxedEnvironment):
    """The immutable sandbox, with `*` and `**` on whole numbers kept to a size."""

    intercepted_binops = frozenset({"*", "**"})

    def call_binop(self, context: Context, operator: str, left: Any, right: Any) -> Any:
        if isinstance(left, int) and isinstance(right, int):
            bits = (left.bit_length() * max(right, 0) if operator == "**"
                    else left.bit_length() + right.bit_length())
            if bits > MAX_TEMPLATE_INT_BITS:
                raise TemplateLimitError(
                    f"a number over {MAX_TEMPLATE_INT_BITS:,} bits ({operator})")
        elif operator == "*" and isinstance(right, int) and hasattr(left, "__len__"):
            _check_repeat(len(left) * right)
        elif operator == "*" and isinstance(left, int) and hasattr(right, "__len__"):
            _check_repeat(len(right) * left)
        return super().call_binop(context, operator, left, right)


def _check_repeat(length: int) -> None:
    if length > MAX_TEMPLATE_OUTPUT:
        raise TemplateLimitError(
            f"repeats text or a list to {length:,} items; the limit is {MAX_TEMPLATE_OUTPUT:,}")


def joined(pieces: Iterator[str]) -> str:
    """A block's output, stopped once it passes MAX_TEMPLATE_OUTPUT characters."""
    kept, size = [], 0
    for piece in pieces:
        size += len(piece)
        if size > MAX_TEMPLATE_OUTPUT:
            raise TemplateLimitError(
                f"renders over {MAX_TEMPLATE_OUTPUT:,} characters in one block")
        kept.append(piece)
    return "".join(kept)


@contextmanager
def render_limits() -> Iterator[None]:
    """The time and memory limits around rendering a face (see the module's docstring)."""
    if not hasattr(signal, "setitimer"):
        yield
        return
    on_main = threading.current_thread() is threading.main_thread()
    stop_clock = _main_thread_clock() if on_main else _thread_clock()
    restore_memory = _lower_memory_ceiling()
    try:
        yield
    except MemoryError:
        raise TemplateLimitError(
            f"needs over {MAX_TEMPLATE_MEMORY // 2**20} MB of memory to render") from None
    except _TookTooLong:
        raise TemplateLimitError(TOO_LONG) from None
    finally:
        stop_clock()
        restore_memory()


TOO_LONG = (f"rendering took over {MAX_TEMPLATE_SECONDS:g} s of processor time: a loop that "
            "does not end?")


class _TookTooLong(BaseException):
    """Raised inside a thread whose rendering is past its time (a BaseException, so that no
    `except Exception` on the way swallows it); render_limits turns it into
    TemplateLimitError."""


def _main_thread_clock() -> Callable[[], None]:
    """A timer signal that interrupts the main thread once its processor time is up (the
    timer ticks by the clock, and each tick looks at the thread's time); the undo."""
    deadline = time.thread_time() + MAX_TEMPLATE_SECONDS
    armed = True

    def tick(signum: int, frame: FrameType | None) -> None:
        nonlocal armed
        if armed and time.thread_time() > deadline:
            # Once only, and the timer off first: an exception raised again while the
            # first one unwinds (through contextlib, a MemoryError's cleanup) could leave
            # render_limits unclosed, the timer running, and the process killed by SIGALRM
            # once Python puts the default handler back as it exits.
            armed = False
            signal.setitimer(signal.ITIMER_REAL, 0, 0)
            raise TemplateLimitError(TOO_LONG)

    previous_handler = signal.signal(signal.SIGALRM, tick)
    previous_timer = signal.setitimer(signal.ITIMER_REAL, _TICK, _TICK)

    def stop() -> None:
        nonlocal armed
        armed = False
        signal.setitimer(signal.ITIMER_REAL, *previous_timer)
        signal.signal(signal.SIGALRM, previous_handler)

    return stop


def _thread_clock() -> Callable[[], None]:
    """For a thread other than the main one (`havenprint serve` renders on a thread of its
    own), where signals cannot reach: a watching thread raises _TookTooLong in it once its
    processor time is up (CPython checks for it between two steps of the template's code, as
    it does for Ctrl-C); the undo, which also withdraws an exception raised too late to
    land."""
    target = threading.get_ident()
    used = _processor_clock(target)
    deadline = used() + MAX_TEMPLATE_SECONDS
    lock = threading.Lock()
    stopped = threading.Event()
    armed, fired = True, False

    def watch() -> None:
        nonlocal fired
        while not stopped.wait(_TICK):
            if used() > deadline:
                with lock:
                    if armed:
                        fired = True
                        _set_async_exception(target, _TookTooLong)
                return

    threading.Thread(target=watch, name="template-clock", daemon=True).start()

    def stop() -> None:
        nonlocal armed
        stopped.set()
        with lock:
            armed = False
            if fired:
                _set_async_exception(target, None)

    return stop


def _processor_clock(thread_id: int) -> Callable[[], float]:
    """The processor seconds the thread `thread_id` has used, read from any thread; the
    clock's where the system keeps no such time per thread."""
    try:
        clock = time.pthread_getcpuclockid(thread_id)
    except (AttributeError, OSError):
        return time.monotonic
    return lambda: time.clock_gettime(clock)


def _set_async_exception(thread_id: int, exception: type[BaseException] | None) -> None:
    """Raise `exception` in the thread `thread_id` at its next step (None: withdraw one not
    raised yet)."""
    given = ctypes.py_object(exception) if exception is not None else None
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread_id), given)


def _lower_memory_ceiling() -> Callable[[], None]:
    """Let the address space grow by MAX_TEMPLATE_MEMORY at most; the undo."""
    if resource is None:
        return lambda: None
    try:
        with open("/proc/self/statm", "rb") as statm:
            used = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        ceiling = used + MAX_TEMPLATE_MEMORY
        if soft != resource.RLIM_INFINITY and soft <= ceiling:
            return lambda: None
        if hard != resource.RLIM_INFINITY:
            ceiling = min(ceiling, hard)
        resource.setrlimit(resource.RLIMIT_AS, (ceiling, hard))
    except (OSError, ValueError):  # no /proc (not Linux), or a limit that cannot be set
        return lambda: None
    return lambda: resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
