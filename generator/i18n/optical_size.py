"""How much larger a script's text is set to look as large as Latin text of the same size.

At one point size, Arabic letters stand lower than Latin ones: Noto Sans Arabic's body (the
teeth and bowls of س ص م ى, with nothing above them) is about 0.39 em tall, Atkinson
Hyperlegible's x-height 0.50 em, so 14 pt Arabic reads like 11 pt Latin. A layout that sets
one size for readers who need large type (`script_size: true`, large print) sets such a
script larger by the ratio of the two heights, measured on the fonts that print, within
`MOST`. Thai and the Indic scripts measure as tall as Latin or taller (their bodies reach
the head line): they print at the layout's size.
"""

from __future__ import annotations

from generator.engine import remembered
from generator.i18n.font_files import letter_height
from generator.i18n.fonts import FAMILIES, FontSet, family
from generator.i18n.scripts import SCRIPTS
from generator.i18n.text_language import language_scripts

LATIN_CORE = "xvwz"  # the x-height: letters with flat tops, no overshoot
MOST = 1.3  # within reason: a line of 14 pt text no larger than 18.2 pt


@remembered(64)
def optical_scale(fonts: FontSet) -> float:
    """How much larger than the layout's sizes `fonts`' language is set: the Latin face's
    x-height over the language's own face's, between 1 and MOST (1 for Latin, Cyrillic,
    Chinese, or a script with no letters to measure it by)."""
    scripts = language_scripts(fonts.lang)
    letters = next((script.core for script in SCRIPTS if script.name in scripts and script.core),
                   "")
    if not letters or fonts.faces[0].family.startswith("noto-cjk"):
        return 1.0
    primary = family(fonts.faces[0].family)
    own = letter_height(primary.regular(), letters)
    latin = letter_height(FAMILIES["atkinson"].regular(), LATIN_CORE)
    if own <= 0 or latin <= 0:
        return 1.0
    return round(min(max(latin / own, 1.0), MOST), 3)
