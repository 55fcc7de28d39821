"""Work shared with forked copies of this process: a kit's languages built on every core.

A fork starts with everything this process has imported and set up (what a new process
would spend again: bench/README.md), and asks for the next group of keys (a language) whenever it
has finished one, as this process takes its own. It never writes a file
or the terminal: it sends each result back through a pipe, and this process writes and
reports it, so a copy left behind by a killed build cannot put anything in a kit. It lets go
of the output folder's lock (see Engine.held_locks), and ends with this process, however this
one ends (generator/pipeline/parent_tie.py).
"""

from __future__ import annotations

import contextlib
import os
import queue
import signal
import sys
import threading
import traceback
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

from generator.pipeline.parent_tie import end_with_parent, let_go_of_locks

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class ForkedWorkError(RuntimeError):
    """A forked copy failed in a way it could not send back as it was."""


def available_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def run_shared(groups: Sequence[Sequence[K]], work: Callable[[K], V],
               on_start: Callable[[K], None], on_done: Callable[[K, V], None],
               copies: int = 1) -> None:
    """`work` on every key of every group, a group's keys in one process, in their order:
    this process takes the first group and each of up to `copies - 1` forked copies the
    next, then each takes the next group left as it finishes one (give the heaviest first),
    so that no core waits while another has work queued. `on_start` and `on_done` are
    called here, in this thread, for every key (a copy's as its results arrive, so a copy's
    key may start after it is done)."""
    copies = min(copies, len(groups))
    # Linux only: macOS's system libraries are not safe to use in a forked copy.
    if sys.platform != "linux" or copies < 2:
        for group in groups:
            for key in group:
                on_start(key)
                on_done(key, work(key))
        return
    pending = _Pending(groups[copies:])
    arrived: queue.Queue[tuple[str, Any, Any]] = queue.Queue()
    forked: list[tuple[int, Connection]] = []
    try:
        for copy_keys in groups[1:copies]:  # each starts on its own
            # Ctrl-C held back across the fork until the copy is in `forked`: one that came
            # meanwhile raises here, where the copy is stopped and waited for below, not
            # between the fork and the list (the copy would outlive the build).
            held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
            try:
                forked.append(_fork(copy_keys, work, held))
            finally:
                signal.pthread_sigmask(signal.SIG_SETMASK, held)
        readers = [threading.Thread(target=_read, args=(connection, arrived, pending),
                                    daemon=True) for _, connection in forked]
        for reader in readers:
            reader.start()
        finished = 0
        keys: Sequence[K] | None = groups[0]
        while keys is not None:
            for key in keys:
                on_start(key)
                on_done(key, work(key))
                finished += _handle(arrived, on_start, on_done, block=False)
            keys = pending.next()
        while finished < len(forked):
            finished += _handle(arrived, on_start, on_done, block=True)
    except BaseException:
        pending.close()
        for pid, _ in forked:
            _stop(pid)
        raise
    finally:
        for pid, connection in forked:
            connection.close()
            _reap(pid)


class _Pending:
    """The groups no process has taken yet, taken by this process's thread and by the
    threads that answer its copies."""

    def __init__(self, groups: Sequence[Sequence[Any]]) -> None:
        self._groups = list(groups)
        self._lock = threading.Lock()

    def next(self) -> Sequence[Any] | None:
        with self._lock:
            return self._groups.pop(0) if self._groups else None

    def close(self) -> None:
        with self._lock:
            self._groups.clear()


def _handle(arrived: queue.Queue[tuple[str, Any, Any]], on_start: Callable[[Any], None],
            on_done: Callable[[Any, Any], None], block: bool) -> int:
    """Report what the copies sent; how many of them finished."""
    finished = 0
    while True:
        try:
            kind, key, value = arrived.get(block=block)
        except queue.Empty:
            return finished
        block = False
        if kind == "start":
            on_start(key)
        elif kind == "done":
            on_done(key, value)
        elif kind == "finished":
            return finished + 1
        else:  # "failed": the exception, or the traceback of one that could not be sent
            raise value if isinstance(value, BaseException) else ForkedWorkError(value)


def _read(connection: Connection, arrived: queue.Queue[tuple[str, Any, Any]],
          pending: _Pending) -> None:
    """A copy's messages, to this process's thread; its asks for more, answered here."""
    try:
        while True:
            message = connection.recv()
            if message[0] == "next":
                connection.send(pending.next())
                continue
            arrived.put(message)
            if message[0] in ("finished", "failed"):
                return
    except (EOFError, OSError):
        arrived.put(("failed", None, "a forked copy ended before it finished (killed?)"))
    except Exception:  # noqa: BLE001 -- a result that cannot be rebuilt here: say so, not hang
        arrived.put(("failed", None, traceback.format_exc()))


def _fork(keys: Sequence[Any], work: Callable[[Any], Any],
          held: set[int | signal.Signals]) -> tuple[int, Connection]:
    """Called with Ctrl-C blocked (`held` is the mask before): a copy ignores it (the build
    stops its copies) before it can arrive there, else it would raise in the copy's first
    lines, which are the build's own code."""
    from multiprocessing.connection import Pipe  # a build of one language never forks

    here, there = Pipe(duplex=True)
    for stream in (sys.stdout, sys.stderr):
        stream.flush()  # else what is buffered would be written twice
    parent = os.getpid()
    pid = os.fork()
    if pid:
        there.close()
        return pid, here
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_SETMASK, held)
    here.close()
    _work_in_copy(parent, keys, work, there)  # never returns


def _work_in_copy(parent: int, keys: Sequence[Any] | None, work: Callable[[Any], Any],
                  connection: Connection) -> NoReturn:
    code = 0
    try:
        # Ctrl-C reaches every process of the terminal: the build (the parent) stops its
        # copies (ignored since the fork: _fork)
        let_go_of_locks()  # the parent holds the output folder, not this copy
        end_with_parent(parent)
        while keys is not None:
            for key in keys:
                connection.send(("start", key, None))
                connection.send(("done", key, work(key)))
            connection.send(("next", None, None))
            keys = connection.recv()
        connection.send(("finished", None, None))
    except BaseException as error:  # noqa: BLE001 -- everything goes back to the parent
        code = 1
        try:
            connection.send(("failed", None, error))  # pickled whole before anything is sent
        except Exception:  # noqa: BLE001 -- not picklable, or the parent is gone
            with contextlib.suppress(Exception):  # else the parent is gone: nothing to tell
                connection.send(("failed", None, traceback.format_exc()))
    finally:
        os._exit(code)  # no atexit handlers, no flushing of the parent's buffers


def _stop(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)


def _reap(pid: int) -> None:
    with contextlib.suppress(ChildProcessError):
        os.waitpid(pid, 0)
