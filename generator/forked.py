"""Work shared with forked copies of this process: a kit's languages built on every core.

A fork starts with everything this process has imported and set up (0.5 s or more that a
new process would spend again), and works on its share of the keys. It never writes a file
or the terminal: it sends each result back through a pipe, and this process writes and
reports it, so a copy left behind by a killed build cannot put anything in a kit. It lets go
of the output folder's lock (see Engine.held_locks), and ends with this process, however this
one ends (generator/parent_tie.py).
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

from generator.parent_tie import end_with_parent, let_go_of_locks

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


def shares(weights: dict[K, float], count: int) -> list[list[K]]:
    """`weights`' keys in at most `count` shares of about equal weight (heaviest first, each
    to the lightest share so far); keys keep their order within a share."""
    loads = [0.0] * count
    owner: dict[K, int] = {}
    for key in sorted(weights, key=lambda key: -weights[key]):
        lightest = loads.index(min(loads))
        owner[key] = lightest
        loads[lightest] += weights[key]
    split = [[key for key in weights if owner[key] == index] for index in range(count)]
    return [share for share in split if share]


def run_shared(shares_of_keys: Sequence[Sequence[K]], work: Callable[[K], V],
               on_start: Callable[[K], None], on_done: Callable[[K, V], None]) -> None:
    """`work` on every key: the first share here, every other in a forked copy. `on_start`
    and `on_done` are called here, in this thread, for every key (a copy's as its results
    arrive, so a copy's key may start after it is done)."""
    # Linux only: macOS's system libraries are not safe to use in a forked copy.
    if sys.platform != "linux" or len(shares_of_keys) < 2:
        for keys in shares_of_keys:
            for key in keys:
                on_start(key)
                on_done(key, work(key))
        return
    arrived: queue.Queue[tuple[str, Any, Any]] = queue.Queue()
    copies = [_fork(keys, work) for keys in shares_of_keys[1:]]
    readers = [threading.Thread(target=_read, args=(connection, arrived), daemon=True)
               for _, connection in copies]
    try:
        for reader in readers:
            reader.start()
        finished = 0
        for key in shares_of_keys[0]:
            on_start(key)
            on_done(key, work(key))
            finished += _handle(arrived, on_start, on_done, block=False)
        while finished < len(copies):
            finished += _handle(arrived, on_start, on_done, block=True)
    except BaseException:
        for pid, _ in copies:
            _stop(pid)
        raise
    finally:
        for pid, connection in copies:
            connection.close()
            _reap(pid)


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


def _read(connection: Connection, arrived: queue.Queue[tuple[str, Any, Any]]) -> None:
    try:
        while True:
            message = connection.recv()
            arrived.put(message)
            if message[0] in ("finished", "failed"):
                return
    except (EOFError, OSError):
        arrived.put(("failed", None, "a forked copy ended before it finished (killed?)"))
    except Exception:  # noqa: BLE001 -- a result that cannot be rebuilt here: say so, not hang
        arrived.put(("failed", None, traceback.format_exc()))


def _fork(keys: Sequence[Any], work: Callable[[Any], Any]) -> tuple[int, Connection]:
    from multiprocessing.connection import Pipe  # a build of one language never forks

    receiving, sending = Pipe(duplex=False)
    for stream in (sys.stdout, sys.stderr):
        stream.flush()  # else what is buffered would be written twice
    parent = os.getpid()
    pid = os.fork()
    if pid:
        sending.close()
        return pid, receiving
    receiving.close()
    _work_in_copy(parent, keys, work, sending)  # never returns


def _work_in_copy(parent: int, keys: Sequence[Any], work: Callable[[Any], Any],
                  sending: Connection) -> NoReturn:
    code = 0
    try:
        # Ctrl-C reaches every process of the terminal: the build (the parent) stops its copies
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        let_go_of_locks()  # the parent holds the output folder, not this copy
        end_with_parent(parent)
        for key in keys:
            sending.send(("start", key, None))
            sending.send(("done", key, work(key)))
        sending.send(("finished", None, None))
    except BaseException as error:  # noqa: BLE001 -- everything goes back to the parent
        code = 1
        try:
            sending.send(("failed", None, error))  # pickled whole before anything is sent
        except Exception:  # noqa: BLE001 -- not picklable, or the parent is gone
            with contextlib.suppress(Exception):  # else the parent is gone: nothing to tell
                sending.send(("failed", None, traceback.format_exc()))
    finally:
        os._exit(code)  # no atexit handlers, no flushing of the parent's buffers


def _stop(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)


def _reap(pid: int) -> None:
    with contextlib.suppress(ChildProcessError):
        os.waitpid(pid, 0)
