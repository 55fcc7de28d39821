"""The one thread all engine work of the web page runs on, one job at a time.

A daemon thread of its own rather than a ThreadPoolExecutor: the executor's threads are
joined when the interpreter exits, so a job that did not end (a build, a layout's template
past its limits) kept `havenprint serve` from stopping on Ctrl-C or SIGTERM. `close` waits a
little for the job running, cancels those queued, and lets the process go.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

CLOSE_WAIT_SECONDS = 2.0


class EngineThread:
    def __init__(self, name: str = "havenprint-engine") -> None:
        self._jobs: queue.SimpleQueue[tuple[Future[Any], Callable[[], Any]] | None] = (
            queue.SimpleQueue())
        self._closed = False
        self._thread = threading.Thread(target=self._work, name=name, daemon=True)
        self._thread.start()

    def submit(self, work: Callable[[], Any]) -> Future[Any]:
        future: Future[Any] = Future()
        if self._closed:
            future.cancel()
            future.set_running_or_notify_cancel()
            return future
        self._jobs.put((future, work))
        return future

    def close(self, wait: float = CLOSE_WAIT_SECONDS) -> bool:
        """Cancel the jobs queued, wait up to `wait` seconds for the one running; whether
        the thread has ended."""
        self._closed = True
        while True:
            try:
                job = self._jobs.get_nowait()
            except queue.Empty:
                break
            if job is not None:
                job[0].cancel()
        self._jobs.put(None)
        self._thread.join(wait)
        return not self._thread.is_alive()

    def _work(self) -> None:
        while True:
            job = self._jobs.get()
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
