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
from generator.render.pdf_files import Drawn


def _slowed(seconds: float) -> None:
    drawn_pdf = generator.pipeline.build.drawn_pdf

    def draw_then_wait(*args: Any, **kwargs: Any) -> Drawn:
        drawn = drawn_pdf(*args, **kwargs)
        time.sleep(seconds)
        return drawn

    generator.pipeline.build.drawn_pdf = draw_then_wait  # type: ignore[assignment]


if __name__ == "__main__":
    delay = float(sys.argv.pop(1))
    if delay:
        _slowed(delay)
    entry()
