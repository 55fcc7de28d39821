"""Pillow's Image module loaded the first time something uses it, rather than when
ReportLab loads.

`reportlab.lib.utils` imports `PIL.Image` as it loads (12 ms of a new process: Pillow's
core and its registry of image formats), for bitmaps, which havenprint never draws; its
previews and the shop files' colour conversions use Pillow, and load it then. Imported before
ReportLab (by the engine's starters), `PIL.Image` is in sys.modules as importlib's
LazyLoader makes it: the module itself, run the first time one of its attributes is read.
Nothing changes where Pillow is loaded already.
"""

from __future__ import annotations

import importlib.util
import sys


def defer_pillow() -> None:
    if "PIL.Image" in sys.modules:
        return
    spec = importlib.util.find_spec("PIL.Image")  # imports the PIL package only
    if spec is None or spec.loader is None:
        return
    loader = importlib.util.LazyLoader(spec.loader)
    spec.loader = loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["PIL.Image"] = module
    loader.exec_module(module)
    sys.modules["PIL"].Image = module  # type: ignore[attr-defined]  # as an import sets it


defer_pillow()
