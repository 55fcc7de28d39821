"""The one thread all engine work of the web page runs on, one job at a time.

A daemon thread of its own rather than a ThreadPoolExecutor: the executor's threads are
joined when the interpreter exits, so a job that did not end (a build, a layout's template
past its limits) kept `havenprint serve` from stopping on Ctrl-C or SIGTERM. `close` waits a
little for the job running, cancels those queued, and lets the process go.

Jobs come in two kinds: those someone waits for as they type (a draft's preview, a page)
and background ones (the check of every format and language when typing pauses, warming
up), which the page cuts into small jobs. The thread takes every waiting job of the first
kind before the next of the second, so a keystroke's preview waits at most for the one
background job running, never for a whole check.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

CLOSE_WAIT_SECONDS = 2.0

Job = tuple[Future[Any], Callable[[], Any]]


class EngineThread:
    def __init__(self, name: str = "havenprint-engine") -> None:
        self._urgent: deque[Job] = deque()
        self._background: deque[Job] = deque()
        self._ready = threading.Condition()
        self._closed = False
        self._thread = threading.Thread(target=self._work, name=name, daemon=True)
        self._thread.start()

    def submit(self, work: Callable[[], Any], background: bool = False) -> Future[Any]:
        """`work` queued: before every background job unless it is one itself."""
        future: Future[Any] = Future()
        with self._ready:
            if self._closed:
                future.cancel()
                future.set_running_or_notify_cancel()
                return future
            (self._background if background else self._urgent).append((future, work))
            self._ready.notify()
        return future

    @property
    def queued(self) -> int:
        """Jobs waiting (not the one running)."""
        with self._ready:
            return len(self._urgent) + len(self._background)

    def close(self, wait: float = CLOSE_WAIT_SECONDS) -> bool:
        """Cancel the jobs queued, wait up to `wait` seconds for the one running; whether
        the thread has ended."""
        with self._ready:
            self._closed = True
            for queue in (self._urgent, self._background):
                while queue:
                    queue.popleft()[0].cancel()
            self._ready.notify()
        self._thread.join(wait)
        return not self._thread.is_alive()

    def _next(self) -> Job | None:
        with self._ready:
            while not (self._urgent or self._background or self._closed):
                self._ready.wait()
            if self._closed:
                return None
            return (self._urgent or self._background).popleft()

    def _work(self) -> None:
        while True:
            job = self._next()
            if job is None:
                return
            future, work = job
            if not future.set_running_or_notify_cancel():
                continue
            try:
                result = work()
            except BaseException as error:  # noqa: BLE001 -- handed to whoever waits
                future.set_exception(error)
            else:
                future.set_result(result)
