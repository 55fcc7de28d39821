"""A document laid out in one language: what the layout stage hands to render, which draws
it for each target (generator/render/pdf_files.py) without laying anything out again."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from generator.content.layouts import Layout, SizeSpec
from generator.errors import Problem
from generator.i18n.fonts import FontSet
from generator.layout.placed import PlacedFace, PlacedText


@dataclass(frozen=True)
class SheetCaptions:
    """Each office page's caption (the first ones, when there are more pages than captions),
    in `lang`, with the fonts that draw it (generator/render/captions.py writes them)."""

    lang: str
    texts: tuple[str, ...]
    fonts: FontSet
    size: float | None = None  # the layout's sheet_caption_size: at it, never smaller


@dataclass
class LaidOut:
    """Every face of `layout` placed at `size` in `lang`, with what the build tells of it."""

    layout: Layout
    lang: str
    size: SizeSpec
    faces: list[PlacedFace]
    warnings: list[Problem] = field(default_factory=list)
    # the lines it prints whole, and those it leaves out (each with its warning), by where
    # they are in the kit's resources; the lines its lists could not hold
    printed_lines: frozenset[int] = frozenset()
    # the lines it prints a part of, with which parts (generator/layout/document.py)
    partly_lines: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    left_out_lines: list[tuple[int, Problem]] = field(default_factory=list)
    cut_lines: frozenset[int] = frozenset()
    captions: SheetCaptions | None = None  # the office sheets' print instructions
    # the slots that gave way, each with the texts it could have printed and its note; and
    # everything the document prints (letters, marks and digits, as lines_told compares),
    # for the build to say which other piece prints what gave way
    gave_way: list[tuple[tuple[str, ...], Problem]] = field(default_factory=list)
    printed_text: str = ""
    # "Checked Nov 2026", for the screen copy of a piece that prints it nowhere
    # (generator/layout/document.py's screen_checked); None: none to add
    screen_checked: PlacedText | None = None
    # the web addresses paper left out of the lines it prints, for the screen copy
    # (generator/layout/document.py's screen_addresses), each before `screen_checked`
    screen_addresses: tuple[PlacedText, ...] = ()
