"""What each colour prints with in a shop file: every paint becomes CMYK inks, by what it is
(text or a shape) and how small the text is. Office files keep the paints' screen colours.

- Ink text ("black" text) prints in 100 % black ink at every size.
- Other text smaller than FOUR_COLOUR_TEXT_PT (muted text, small brand-coloured text) prints
  in black ink alone, as light as its screen colour: four inks on a press never land exactly
  on top of each other, and thin type printed in four of them blurs into coloured fringes.
- Brand-coloured text at least that large, and brand-coloured shapes, print in the brand
  colour's inks: the site's `cmyk:` when given, else its RGB converted through the profile;
  a tint (the brand mixed with white) is the same inks screened lighter.
- White is no ink at all. QR codes (drawn in grey levels) print in black ink alone.
- Crop and registration marks use REGISTRATION, the "All" separation that prints on every
  plate, so that the shop can line the plates up.
- Text in 100 % black ink alone overprints (/OP, /op true, /OPM 1): it prints on top of a
  tint instead of knocking a hole in the other plates, which a press's misregistration
  would show as a white fringe around thin letters. Other text (white, grey, coloured)
  knocks out as before, and every shape keeps knocking out: overprint is on only inside
  the text objects that set 100 % K and is turned off again after each.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType

from reportlab.lib.colors import CMYKColor, Color, PCMYKColorSep

from generator.content.models import Site
from generator.engine import remembered
from generator.i18n.reportlab_text import LevelCanvas, LevelText
from generator.layout.paints import PAPER, TEXT_PAINTS, Paint, PaintColor, hex_rgb
from generator.render.cmyk import DEFAULT_PROFILE, CmykProfile, load_profile

Inks = tuple[float, float, float, float]  # C, M, Y, K in percent (a print spec's may be 12.5)
# Type below these sizes (regular, bold) prints in black ink only: their strokes are thinner
# than about 1 pt, where a press's misregistration shows.
FOUR_COLOUR_TEXT_PT = MappingProxyType({False: 12.0, True: 9.0})
BLACK_TEXT = TEXT_PAINTS["ink"]
REGISTRATION = PCMYKColorSep(100, 100, 100, 100, spotName="All")
NO_INK = CMYKColor(0, 0, 0, 0)
FULL_BLACK = CMYKColor(0, 0, 0, 1)


def four_colour_allowed(size: float, bold: bool) -> bool:
    return size >= FOUR_COLOUR_TEXT_PT[bold] - 0.01


@dataclass(frozen=True)
class ShopInks:
    brand_rgb: str  # "#rrggbb", the site's brand_color
    brand: Inks  # its inks
    profile: CmykProfile
    _paints: dict[tuple, CMYKColor] = field(default_factory=dict, compare=False, repr=False)

    def ink(self, colour: object) -> CMYKColor:
        """The inks for a colour a drawing sets: the canvas hook of a shop file."""
        if isinstance(colour, CMYKColor):
            return colour
        if isinstance(colour, PaintColor) and colour.paint is not None:
            key = (colour.paint, colour.text_size, colour.bold)
            if key not in self._paints:
                self._paints[key] = self.paint(*key)
            return self._paints[key]
        if isinstance(colour, Color):
            return self._converted((colour.red, colour.green, colour.blue))
        raise TypeError(f"a shop file draws only with colour objects, not {colour!r}")

    def paint(self, paint: Paint, text_size: float | None = None,
              bold: bool = False) -> CMYKColor:
        if paint == PAPER:
            return NO_INK
        if text_size is not None:
            if paint == BLACK_TEXT:
                return FULL_BLACK
            if not (paint.uses_brand and four_colour_allowed(text_size, bold)):
                return self.black_only(paint.rgb(self.brand_rgb))
        if paint.uses_brand:
            return _screened(self.brand, paint.white)
        return self._converted(paint.rgb(self.brand_rgb))

    def black_only(self, rgb: tuple[float, float, float]) -> CMYKColor:
        return CMYKColor(0, 0, 0, self.profile.black_for(rgb) / 100)

    def _converted(self, rgb: tuple[float, float, float]) -> CMYKColor:
        """A colour outside the paint table: greys in black ink alone, others converted."""
        if max(rgb) - min(rgb) < 1e-6:
            return self.black_only(rgb)
        return _cmyk_color(self.profile.cmyk(rgb))


@remembered(64)  # one per site, kept with what it has worked out
def shop_inks(brand_rgb: str, brand_cmyk: Inks | None, profile: CmykProfile) -> ShopInks:
    brand = brand_cmyk if brand_cmyk is not None else profile.cmyk(hex_rgb(brand_rgb))
    return ShopInks(brand_rgb, brand, profile)


def site_profile(site: Site) -> CmykProfile:
    """The CMYK profile shop files are made for: site.yaml's icc_profile, or the default."""
    return load_profile(site.icc_profile or DEFAULT_PROFILE)


def site_inks(site: Site) -> ShopInks:
    """The inks of the site's shop files: its brand colour in the site's profile."""
    return shop_inks(site.brand_color, site.brand_cmyk, site_profile(site))


def _screened(inks: Inks, white: float) -> CMYKColor:
    """The inks at (1 - white) of their strength, rounded to a tenth of a percent."""
    return _cmyk_color(tuple(round(ink * (1 - white), 1) for ink in inks))


def _cmyk_color(inks: tuple[float, ...]) -> CMYKColor:
    return CMYKColor(*(ink / 100 for ink in inks))


def full_black(colour: object) -> bool:
    """Whether `colour` is 100 % black ink and no other (not the Registration colour)."""
    return (isinstance(colour, CMYKColor) and not getattr(colour, "spotName", None)
            and colour.cyan == colour.magenta == colour.yellow == 0
            and colour.black * colour.density >= 0.9995)


def _overprint(target: object, on: bool) -> None:
    """Fill and stroke overprint with overprint mode 1, through ReportLab's public setters
    (each writes an ExtGState and its `gs`; a value already in force writes nothing)."""
    target.setOverprintMask(on)  # type: ignore[attr-defined]
    target.setStrokeOverprint(on)  # type: ignore[attr-defined]
    target.setFillOverprint(on)  # type: ignore[attr-defined]


class ShopText(LevelText):
    """A shop file's text object: text set in 100 % K overprints, any other knocks out."""

    def __init__(self, canvas: ShopCanvas, x: float = 0, y: float = 0,
                 direction: str | None = None) -> None:
        super().__init__(canvas, x, y, direction=direction)
        _overprint(self, full_black(canvas._fillColorObj))  # the colour it starts in

    def setFillColor(self, aColor: object, alpha: float | None = None) -> None:  # noqa: N802, N803
        super().setFillColor(aColor, alpha)
        _overprint(self, full_black(self._fillColorObj))


class ShopCanvas(LevelCanvas):
    """A canvas that writes CMYK only: every colour set goes through `inks` (text objects
    copy the hook), and grey levels become black ink; 100 % K text overprints (ShopText)."""

    def __init__(self, *args: object, inks: ShopInks, **kwargs: object) -> None:
        super().__init__(*args, enforceColorSpace=inks.ink, **kwargs)

    def beginText(self, x: float = 0, y: float = 0,  # noqa: N802 -- ReportLab's name
                  direction: str | None = None) -> ShopText:
        return ShopText(self, x, y, direction=direction)

    def drawText(self, aTextObject: object) -> None:  # noqa: N802, N803 -- ReportLab's names
        """The text object, then overprint off again: shapes drawn after it knock out."""
        super().drawText(aTextObject)
        _overprint(self, False)

    def setFillGray(self, gray: float, alpha: float | None = None) -> None:  # noqa: N802
        self.setFillColor(CMYKColor(0, 0, 0, 1 - gray), alpha)

    def setStrokeGray(self, gray: float, alpha: float | None = None) -> None:  # noqa: N802
        self.setStrokeColor(CMYKColor(0, 0, 0, 1 - gray), alpha)
