"""WCAG 2.x contrast: relative luminance from sRGB, the ratio two colours make, the ratio a
piece of text needs, and a darker shade of a colour that reaches it."""

from __future__ import annotations

import colorsys
from collections.abc import Callable

from generator.layout.paints import RGB, hex_rgb, rgb_hex

BODY_RATIO = 4.5  # text below large size, and any text with a digit in it
LARGE_RATIO = 3.0  # WCAG "large scale": 18 pt, or 14 pt bold
LARGE_SIZE, LARGE_BOLD_SIZE = 18.0, 14.0
_LIGHTNESS_STEP = 0.002  # HSL lightness; finer than one step of an 8-bit channel


def relative_luminance(rgb: RGB) -> float:
    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(channel) for channel in rgb)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast_ratio(first: RGB, second: RGB) -> float:
    lighter, darker = sorted((relative_luminance(first), relative_luminance(second)),
                             reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def needed_ratio(size: float, bold: bool, has_digits: bool) -> float:
    """4.5:1, or 3:1 for large text. A number is read digit by digit and a misread digit
    dials a stranger, so text with a digit in it needs 4.5:1 at any size."""
    large = size >= LARGE_SIZE - 0.01 or (bold and size >= LARGE_BOLD_SIZE - 0.01)
    return LARGE_RATIO if large and not has_digits else BODY_RATIO


def darker_shade(colour: str, passes: Callable[[str], bool]) -> str | None:
    """The lightest shade of `colour`'s hue and saturation (HSL) at or below its lightness
    that `passes`, as "#rrggbb"; None if not even black does."""
    hue, lightness, saturation = colorsys.rgb_to_hls(*hex_rgb(colour))
    while lightness > 0:
        shade = rgb_hex(colorsys.hls_to_rgb(hue, lightness, saturation))
        if passes(shade):
            return shade
        lightness -= _LIGHTNESS_STEP
    return "#000000" if passes("#000000") else None
