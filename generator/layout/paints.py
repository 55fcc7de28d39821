"""The colours a layout may name, as data: what draws them and what checks their contrast
read the same table."""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from reportlab.lib.colors import Color

RGB = tuple[float, float, float]  # sRGB channels, 0..1


def hex_rgb(value: str) -> RGB:
    """"#2f5d62" as channels from 0 to 1."""
    return (int(value[1:3], 16) / 255, int(value[3:5], 16) / 255, int(value[5:7], 16) / 255)


def rgb_hex(rgb: RGB) -> str:
    return "#" + "".join(f"{round(channel * 255):02x}" for channel in rgb)


@dataclass(frozen=True)
class Paint:
    """A fixed colour, or the brand colour with a share of white mixed in (printed as one
    flat colour, never as transparency)."""

    name: str  # as a message names it
    fixed: str | None = None  # "#rrggbb"; None: the site's brand_color
    white: float = 0.0  # 0: the colour itself, 1: white

    def rgb(self, brand: str) -> RGB:
        base = hex_rgb(self.fixed or brand)
        return (base[0] + (1 - base[0]) * self.white, base[1] + (1 - base[1]) * self.white,
                base[2] + (1 - base[2]) * self.white)

    def color(self, brand: str, text_size: float | None = None, bold: bool = False) -> Color:
        """The screen colour, tagged with this paint (and, for text, its set size and weight):
        shop files print it in CMYK from those (generator/render/inks.py)."""
        return PaintColor(*self.rgb(brand), paint=self, text_size=text_size, bold=bold)

    @property
    def uses_brand(self) -> bool:
        return self.fixed is None


class PaintColor(Color):
    """A ReportLab colour that remembers the paint it was mixed from, and for text the size
    and weight it is set in. Office files draw it as the sRGB colour it is; a shop file's
    canvas turns it into inks (generator/render/inks.py)."""

    _cKwds = [*Color._cKwds, "paint", "text_size", "bold"]  # so that clone() keeps them

    def __init__(self, red: float = 0, green: float = 0, blue: float = 0, alpha: float = 1,
                 paint: Paint | None = None, text_size: float | None = None,
                 bold: bool = False) -> None:
        super().__init__(red, green, blue, alpha)
        self.paint = paint
        self.text_size = text_size
        self.bold = bold

    @property
    def __key__(self) -> tuple:  # equal only when it prints the same in a shop file too
        return (*super().__key__, self.paint, self.text_size, self.bold)


def brand_tint(white: float, name: str) -> Paint:
    return Paint(f"{name} (brand_color with {white:.0%} white)", white=white)


PAPER = Paint("white", "#ffffff")
BRAND = Paint("brand_color")
TEXT_PAINTS = MappingProxyType({  # layout.yaml styles: color
                     "ink": Paint("ink", "#1c2b2d"),
                     "muted": Paint("muted", "#46585b"),
                     "paper": PAPER,
                     "brand": BRAND,
                 })
FILL_PAINTS = MappingProxyType({  # layout.yaml faces: background, panel_backgrounds
                     "brand": BRAND,
                     "tint": brand_tint(0.88, "the tint"),
                     "paper": PAPER,
                 })
CALLOUT_FILL = "tint"  # behind a callout's text (the key points on a brochure's inside)
