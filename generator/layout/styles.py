"""Layout styles turned into ReportLab paragraph styles, at a shrink scale."""

from __future__ import annotations

import math
from dataclasses import dataclass
from types import MappingProxyType

from reportlab.lib.colors import Color
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle

from generator.content.layouts import StyleSpec
from generator.engine import remembered
from generator.layout.paints import TEXT_PAINTS

INK = TEXT_PAINTS["ink"].color("#000000")
MUTED = TEXT_PAINTS["muted"].color("#000000")
SCRIPT_LEADING_DOWN_TO = 0.9  # of its size: a style's own script leading gives way below
_ALIGN = MappingProxyType({"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT})


def color_for(name: str, brand: str, size: float | None = None, bold: bool = False) -> Color:
    """A text colour; `size` and `bold` decide how it prints in a shop file (small type in
    black ink only)."""
    return TEXT_PAINTS[name].color(brand, size, bold)


def style_name(style: ParagraphStyle) -> str:
    """The layout style a paragraph style was made from (see `paragraph_style`)."""
    return style.name.partition("@")[0]


@dataclass(frozen=True)
class Limits:
    """How far a layout's styles may shrink and grow for one script.

    `floor` is the layout's body_floor: the size styles shrink to unless they have a
    `min_size` of their own. `minimum` is the size no text may print below whatever its
    style says: the layout's `shaped_floor` for scripts whose letters join or stack (Arabic,
    Hebrew, Devanagari), which blur at sizes Latin text still reads at. `leading` is the
    least line spacing over the size the script asks (1.5 for Arabic, Thai and Indic
    scripts, whose marks above and below need room between lines); 0: the style's own.
    `optical`: how much larger than its style says the script is set, to look as large as
    Latin text (generator/i18n/optical_size.py): every size, floor and spacing grows by it."""

    floor: float
    minimum: float = 0.0
    leading: float = 0.0
    optical: float = 1.0
    scripted: bool = True  # every style takes `leading` unless it says otherwise
    face_leading: float = 0.0  # the face's least leading over the size (leading_steps)
    shaped: bool = False  # set at the layout's shaped floor: `shaped_min_size` holds
    # how far styles shrink past their `min_size`: 1, to their `step_min_size`; 2, also to
    # their `last_min_size`
    last_resort: int = 0
    # the sheet's type scale (SizeSpec.type_scale): a style with `levels` prints at one of
    # its steps
    steps: tuple[tuple[str, float], ...] = ()

    def leading_for(self, spec: StyleSpec, scale: float) -> float:
        """The script's leading where `spec` takes it when set at `scale`, else 0: every
        style of a layout with `script_leading` takes it (unless it says `false`); a style
        that says `true` in a layout without takes it where the room allows: while its box
        holds it at SCRIPT_LEADING_DOWN_TO of its size or more (or its own
        `script_leading_down_to`), whatever smaller size it is
        capped at (one size per group: the roomier panels keep the looser leading). A style
        set at the steps of a type scale (`levels`) takes it at every step: a step is a size
        the design chose, not text squeezed into its box (a folding card's running text at
        its smaller step kept 1.25 in Thai)."""
        if spec.script_leading is False or not self.leading:
            return 0.0
        down_to = spec.script_leading_down_to or SCRIPT_LEADING_DOWN_TO
        if self.scripted or scale >= down_to - 1e-9 or self.levels_of(spec):
            return self.leading if (self.scripted or spec.script_leading) else 0.0
        return 0.0

    def levels_of(self, spec: StyleSpec) -> list[float]:
        """The sizes of the sheet's scale `spec` may print at, smallest first (none: the
        sheet has no scale, or the style names no level of it)."""
        if not spec.levels or not self.steps:
            return []
        levels = [size for name, size in self.steps if name in spec.levels]
        if self.last_resort >= 2 and spec.last_min_size is not None:  # the steps down to it
            levels += [size for _, size in self.steps
                       if spec.last_min_size - 1e-9 <= size <= max(levels) + 1e-9]
        return sorted(set(levels))


def size_range(spec: StyleSpec, limits: Limits, cap: float | None = None) -> tuple[float, float]:
    """(smallest, largest) size a style may print at: from its own `min_size` (else the
    floor, never above its size) to its `max_size` (else its size), no larger than `cap`
    (the size the same style got elsewhere in the document), never below the minimum."""
    levels = limits.levels_of(spec)
    if levels:  # a sheet's steps are the sizes it prints, whatever the script
        smallest, largest = levels[0], levels[-1]
    else:
        smallest = min(spec.size, spec.min_size if spec.min_size is not None else limits.floor)
        largest = spec.max_size if spec.max_size is not None else spec.size
        if limits.shaped and spec.shaped_max_size is not None:
            largest = spec.shaped_max_size
        if limits.shaped and spec.shaped_min_size is not None:
            smallest = min(spec.shaped_min_size, largest)
        step = (spec.shaped_step_min_size if limits.shaped and spec.shaped_step_min_size
                is not None else spec.step_min_size)
        if limits.last_resort >= 1 and step is not None:
            smallest = min(smallest, step)
            if spec.steps_only:
                largest = min(largest, step)
        if limits.last_resort >= 2 and spec.last_min_size is not None:
            smallest = min(smallest, spec.last_min_size)
            if spec.steps_only:
                largest = min(largest, spec.last_min_size)
        smallest, largest = smallest * limits.optical, largest * limits.optical
    if cap is not None:
        largest = min(largest, cap)
        smallest = min(smallest, largest)
    return max(smallest, limits.minimum), max(largest, limits.minimum)


AIR_LEADING = 1.45  # of its size: the most a style's leading opens to with `air`


def style_leading(spec: StyleSpec, ratio: float, limits: Limits,
                  scale: float | None = None, air: float = 1.0) -> float:
    """The style's leading at `ratio` of its size: its own, or the face's least line spacing
    over the size (a layout's `leading_steps`) where that is more, or at `scale` the
    script's (`Limits.leading_for`); never more than its own for `own_leading` styles.
    `air`: its own opened by that much (`air_ratio`; not where it opens only its spaces,
    `air_leading: false`), to AIR_LEADING of its size at most (the designer's review: 1.57
    read as loose; the white goes between paragraphs and groups instead, air_spaces), the
    script's least as it is."""
    own = spec.leading * ratio
    if air > 1.0 and spec.air_leading:
        own = min(own * air, max(own, spec.size * ratio * AIR_LEADING))
    if spec.own_leading:
        return own
    least = limits.face_leading
    if scale is not None:
        least = max(least, limits.leading_for(spec, scale))
    return max(own, spec.size * ratio * least)


def size_ratio(spec: StyleSpec, scale: float, limits: Limits, cap: float | None = None) -> float:
    """The style's size at `scale` over its size: scaled (and grown by the script's optical
    scale), then clamped to its range."""
    smallest, largest = size_range(spec, limits, cap)
    size = min(max(spec.size * scale * limits.optical, smallest), largest)
    levels = limits.levels_of(spec)
    if levels:  # the nearest step (by ratio): a slot that shrinks a little keeps its
        # number at the hero's size, its smaller lines a step down first
        steps = [level for level in levels if smallest - 1e-6 <= level <= largest + 1e-6]
        size = min(steps, key=lambda level: abs(math.log(level / size))) if steps else size
    return size / spec.size


KEEP, KEEP_IF_FITS = 1, 2  # a ParagraphStyle's keepWithNext (generator/layout/flow.py)
AIR_SPACES = 3.0  # a style with `air` opens its spaces this many times as much as its leading


def air_spaces(spec: StyleSpec, air: float) -> float:
    """How much a style's space before and after opens where its `air` is `air`: by its
    `air_spaces` (else AIR_SPACES) times as much as its leading."""
    return 1.0 + (air - 1.0) * (spec.air_spaces if spec.air_spaces is not None else AIR_SPACES)


def air_ratio(spec: StyleSpec, scale: float, limits: Limits, ratio: float) -> float:
    """How much a style with `air` opens its leading at `scale`, where it is at `ratio` of
    its size: by what the scale asks past the size the style stopped growing at, up to its
    `air` (1: it has none, or the scale asks for no more)."""
    if spec.air is None or ratio <= 0:
        return 1.0
    return min(max(scale * limits.optical / ratio, 1.0), spec.air)


@remembered(8192)
def paragraph_style(name: str, spec: StyleSpec, scale: float, limits: Limits, brand: str,
                    font: str, shaping: bool = False, word_wrap: str | None = None,
                    cap: float | None = None, indent: float = 0.0) -> ParagraphStyle:
    """`indent`: room at the start of every line (an icon's column: generator/render/icons.py)."""
    ratio = size_ratio(spec, scale, limits, cap)
    size = spec.size * ratio
    air = air_ratio(spec, scale, limits, ratio)
    spaces = air_spaces(spec, air)
    leading = style_leading(spec, ratio, limits, scale, air)
    return ParagraphStyle(
        name=f"{name}@{ratio:.3f}" + (f"+{air:.3f}" if air > 1.0 else ""),
        fontName=font,
        shaping=int(shaping),
        wordWrap=word_wrap,
        fontSize=size,
        leading=leading,
        textColor=color_for(spec.color, brand, size, spec.weight == "bold"),
        alignment=_ALIGN[spec.align],
        spaceBefore=spec.space_before * ratio * spaces,
        spaceAfter=max(spec.space_after * ratio * spaces, spec.space_lines * leading),
        leftIndent=spec.hang * ratio + indent,
        keepWithNext=KEEP if spec.keep_with_next else KEEP_IF_FITS if spec.keep_if_fits else 0,
        firstLineIndent=-spec.hang * ratio,
        splitLongWords=0,
        allowWidows=0,
        allowOrphans=0,
        lastLineShare=spec.last_line_share or 0.0,  # read by widows.py, line_paragraph.py
    )
