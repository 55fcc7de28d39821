"""What a process that lays out or draws starts once, before anything is measured: the
ReportLab patches (generator/render/patches.py: each installed only onto the function it
was written against; `--verbose` says which was left off), then the default faces
(generator/i18n/fonts.py). Whatever starts the process hands them to the engine: the command
line, the web page's server, a batch worker, a test session."""

from __future__ import annotations

from collections.abc import Callable

from generator.render import deferred_modules  # noqa: F401 -- first: before ReportLab loads

# isort: split
from generator.engine import Engine, Starter, start_engine
from generator.i18n.fonts import register_default_faces
from generator.render.patches import install


def install_patches(engine: Engine) -> None:
    """The patches that match the libraries here, each one's outcome kept by the engine."""
    for name, outcome in install(engine).items():
        engine.patches[name] = outcome
        if outcome != "installed" and engine.verbose is not None:
            engine.verbose(f"patch '{name}' left off: {outcome}")


def default_faces(engine: Engine) -> None:
    """The faces captions and a canvas's first font use, registered with ReportLab."""
    register_default_faces()


STARTERS: tuple[Starter, ...] = (install_patches, default_faces)


def start(verbose: Callable[[str], None] | None = None) -> Engine:
    """The process's engine, started with STARTERS (those it has not run yet)."""
    return start_engine(STARTERS, verbose)
