"""Modules ReportLab imports as it loads, loaded instead the first time something uses them.

`reportlab.lib.utils` imports Pillow's `PIL.Image` (12 ms of a new process: Pillow's core
and its registry of image formats) for bitmaps, which havenprint never draws; its previews
and the shop files' colour conversions use Pillow, and load it then. Imported before
ReportLab (by the engine's starters), it is in sys.modules as importlib's LazyLoader makes
it: the module itself, run the first time one of its attributes is read. Nothing changes for
a module loaded already.

Only a module imported as `from package import module` stays unloaded so: on Python 3.11 an
`import module` of one already in sys.modules reads its `__spec__`, which runs it. So
HarfBuzz (`import uharfbuzz` in ReportLab's ttfonts, 12 ms), which English and Chinese
documents never call, is not deferred.
"""

from __future__ import annotations

import importlib.util
import sys

DEFERRED = ("PIL.Image",)


def defer(name: str) -> None:
    """`name` in sys.modules, to be run when first used."""
    if name in sys.modules:
        return
    spec = importlib.util.find_spec(name)  # imports its parent package only
    if spec is None or spec.loader is None:
        return
    loader = importlib.util.LazyLoader(spec.loader)
    spec.loader = loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    loader.exec_module(module)
    parent, _, child = name.rpartition(".")
    if parent:
        setattr(sys.modules[parent], child, module)  # as an import sets it


for _name in DEFERRED:
    defer(_name)
