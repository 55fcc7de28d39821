"""Paper: every sheet havenprint prints on, by the name site.yaml, layout.yaml and
layouts/stock.yaml give it, with its size and the name print instructions call it by; and
which of them an office printer takes (site.yaml's `paper:`, a card stock's sheet). The one
home of these names: the layouts' sizes, card stock, the office sheets, the print
instructions, the command line and the web page's settings read them here.

Sizes in points, portrait, worked out as ReportLab's `reportlab.lib.pagesizes` works them
out (tests/test_papers.py compares them), without loading ReportLab for `havenprint
--version` or `formats`."""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal, get_args

_INCH = 72.0
_MM = _INCH / 2.54 * 0.1  # as ReportLab's units: cm = inch / 2.54, mm = cm * 0.1

PaperName = Literal["letter", "a4", "tabloid", "a3"]  # a layout size's paper
OfficePaper = Literal["letter", "a4"]  # site.yaml's `paper:`, a card stock's sheet


@dataclass(frozen=True)
class Paper:
    title: str  # as print instructions name it: "Letter"
    width: float  # points, portrait
    height: float


PAPERS: MappingProxyType[str, Paper] = MappingProxyType({
    "letter": Paper("Letter", 8.5 * _INCH, 11 * _INCH),
    "a4": Paper("A4", 210 * _MM, 297 * _MM),
    "tabloid": Paper("Tabloid", 11 * _INCH, 17 * _INCH),
    "a3": Paper("A3", 297 * _MM, 420 * _MM),
})
PAPER_NAMES: tuple[str, ...] = get_args(PaperName)
OFFICE_PAPERS: tuple[str, ...] = get_args(OfficePaper)
# (width, height) by name, and the name print instructions use
PAPER_SIZES = MappingProxyType({name: (paper.width, paper.height)
                                for name, paper in PAPERS.items()})
PAPER_TITLES = MappingProxyType({name: paper.title for name, paper in PAPERS.items()})
