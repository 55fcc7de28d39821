"""The one place that touches ReportLab's global font registry.

Fonts come from PyPI packages, are registered once per process, and are always embedded
(TrueType subsets). `missing_glyphs` checks text against the font's cmap, because ReportLab
silently prints a box for a character the font lacks.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

import fontpkg_atkinson_hyperlegible as atkinson
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

REGULAR = "havenprint-regular"
BOLD = "havenprint-bold"


@dataclass(frozen=True)
class FontFace:
    name: str
    path: Path


def _faces() -> tuple[FontFace, FontFace]:
    files = Path(atkinson.__file__).parent / "files"
    return (
        FontFace(REGULAR, files / "AtkinsonHyperlegible-Regular.ttf"),
        FontFace(BOLD, files / "AtkinsonHyperlegible-Bold.ttf"),
    )


@functools.cache
def register_fonts() -> None:
    """Register the regular and bold faces, and map <b> in paragraphs to the bold one."""
    for face in _faces():
        pdfmetrics.registerFont(TTFont(face.name, str(face.path)))
    family = REGULAR
    addMapping(family, 0, 0, REGULAR)
    addMapping(family, 1, 0, BOLD)
    addMapping(family, 0, 1, REGULAR)
    addMapping(family, 1, 1, BOLD)


def font_name(weight: str) -> str:
    return BOLD if weight == "bold" else REGULAR


@functools.cache
def _cmap(name: str) -> frozenset[int]:
    register_fonts()
    font = pdfmetrics.getFont(name)
    return frozenset(font.face.charToGlyph)


def missing_glyphs(text: str, weight: str = "regular") -> list[str]:
    """Characters of `text` (other than whitespace) that the face cannot draw."""
    cmap = _cmap(font_name(weight))
    seen: dict[str, None] = {}
    for char in text:
        if not char.isspace() and ord(char) not in cmap:
            seen.setdefault(char)
    return list(seen)
