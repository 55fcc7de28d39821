"""Layout styles turned into ReportLab paragraph styles, at a shrink scale."""

from __future__ import annotations

import functools

from reportlab.lib.colors import Color
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle

from generator.layouts import StyleSpec
from generator.paints import TEXT_PAINTS

INK = TEXT_PAINTS["ink"].color("#000000")
MUTED = TEXT_PAINTS["muted"].color("#000000")
_ALIGN = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT}


def color_for(name: str, brand: str, size: float | None = None, bold: bool = False) -> Color:
    """A text colour; `size` and `bold` decide how it prints in a shop file (small type in
    black ink only)."""
    return TEXT_PAINTS[name].color(brand, size, bold)


def style_name(style: ParagraphStyle) -> str:
    """The layout style a paragraph style was made from (see `paragraph_style`)."""
    return style.name.partition("@")[0]


def smallest_size(spec: StyleSpec, floor: float) -> float:
    """How far a style may shrink: its own minimum, else the floor (never above its size)."""
    return min(spec.size, spec.min_size if spec.min_size is not None else floor)


def shrink_ratio(spec: StyleSpec, scale: float, floor: float) -> float:
    """The style's size ratio at `scale`: scaled, but clamped at its smallest size."""
    return max(spec.size * scale, smallest_size(spec, floor)) / spec.size


@functools.cache
@functools.cache
def paragraph_style(name: str, spec: StyleSpec, scale: float, floor: float, brand: str,
                    font: str, shaping: bool = False,
                    word_wrap: str | None = None) -> ParagraphStyle:
    ratio = shrink_ratio(spec, scale, floor)
    size = spec.size * ratio
    return ParagraphStyle(
        name=f"{name}@{ratio:.3f}",
        fontName=font,
        shaping=int(shaping),
        wordWrap=word_wrap,
        fontSize=size,
        leading=spec.leading * ratio,
        textColor=color_for(spec.color, brand, size, spec.weight == "bold"),
        alignment=_ALIGN[spec.align],
        spaceBefore=spec.space_before * ratio,
        spaceAfter=spec.space_after * ratio,
        leftIndent=spec.hang * ratio,
        keepWithNext=int(spec.keep_with_next),
        firstLineIndent=-spec.hang * ratio,
        splitLongWords=0,
        allowWidows=0,
        allowOrphans=0,
    )
