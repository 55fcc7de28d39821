"""What a process that lays out or draws starts once, before anything is measured: the
default faces (generator/i18n/fonts.py), then the check that ReportLab draws shaped text as
havenprint's corrections of it need (generator/i18n/reportlab_text.py: a LibraryError
naming the release when it does not, so that nothing is built). Whatever starts the process
hands them to the engine: the command line, the web page's server, a batch worker, a test
session."""

from __future__ import annotations

from collections.abc import Callable

import reportlab

from generator.engine import Engine, Starter, start_engine
from generator.i18n.fonts import REGULAR, register_default_faces
from generator.i18n.reportlab_text import check_corrections


def default_faces(engine: Engine) -> None:
    """The faces captions and a canvas's first font use, registered with ReportLab."""
    register_default_faces()


def checked_library(engine: Engine) -> None:
    """ReportLab's shaped text checked, on the default face (LibraryError if it fails)."""
    check_corrections(REGULAR)
    if engine.verbose is not None:
        engine.verbose(f"ReportLab {reportlab.Version}: its shaped text checked (marks on the "
                       "line, private characters by glyph)")


STARTERS: tuple[Starter, ...] = (default_faces, checked_library)


def start(verbose: Callable[[str], None] | None = None) -> Engine:
    """The process's engine, started with STARTERS (those it has not run yet)."""
    return start_engine(STARTERS, verbose)
