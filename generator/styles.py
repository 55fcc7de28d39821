"""Layout styles turned into ReportLab paragraph styles, at a shrink scale."""

from __future__ import annotations

import functools

from reportlab.lib.colors import Color, HexColor, white
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle

from generator.layouts import StyleSpec

INK = HexColor("#1c2b2d")
MUTED = HexColor("#46585b")
_ALIGN = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT}


def color_for(name: str, brand: str) -> Color:
    return {"ink": INK, "muted": MUTED, "paper": white}.get(name) or HexColor(brand)


def tint(brand: str, amount: float) -> Color:
    """`brand` mixed with white: amount 0 is the brand colour, 1 is white (no transparency)."""
    base = HexColor(brand)
    return Color(*(c + (1 - c) * amount for c in (base.red, base.green, base.blue)))


def smallest_size(spec: StyleSpec, floor: float) -> float:
    """How far a style may shrink: its own minimum, else the floor (never above its size)."""
    return min(spec.size, spec.min_size if spec.min_size is not None else floor)


def shrink_ratio(spec: StyleSpec, scale: float, floor: float) -> float:
    """The style's size ratio at `scale`: scaled, but clamped at its smallest size."""
    return max(spec.size * scale, smallest_size(spec, floor)) / spec.size


@functools.cache
def paragraph_style(name: str, spec: StyleSpec, scale: float, floor: float, brand: str,
                    font: str, shaping: bool = False,
                    word_wrap: str | None = None) -> ParagraphStyle:
    ratio = shrink_ratio(spec, scale, floor)
    return ParagraphStyle(
        name=f"{name}@{ratio:.3f}",
        fontName=font,
        shaping=int(shaping),
        wordWrap=word_wrap,
        fontSize=spec.size * ratio,
        leading=spec.leading * ratio,
        textColor=color_for(spec.color, brand),
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
