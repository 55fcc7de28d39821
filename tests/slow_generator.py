"""`python -m tests.slow_generator SECONDS ARGS...`: `python -m generator ARGS...` that waits
SECONDS after drawing each PDF, so that a test can interrupt or race a real build part-way
through (its forked copies and batch workers wait too). The wait lives here, in the tests,
not in the pipeline."""

from __future__ import annotations

import sys
import time
from typing import Any

import generator.pipeline.build
from generator.commands.cli import entry


def _slowed(seconds: float) -> None:
    render_pdf = generator.pipeline.build.render_pdf

    def render_then_wait(*args: Any, **kwargs: Any) -> bytes:
        pdf = render_pdf(*args, **kwargs)
        time.sleep(seconds)
        return pdf

    generator.pipeline.build.render_pdf = render_then_wait  # type: ignore[assignment]


if __name__ == "__main__":
    delay = float(sys.argv.pop(1))
    if delay:
        _slowed(delay)
    entry()
