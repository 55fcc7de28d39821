"""Every placed piece of text against every colour printed behind it, at the size it was set
at after shrinking; a brand_color that leaves any of them too faint is an error that names a
darker shade of it that passes."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from generator.content.layouts import LayoutSpec
from generator.content.models import Site
from generator.errors import Code, ContentError, Problem
from generator.layout.paints import FILL_PAINTS, TEXT_PAINTS, Paint
from generator.layout.placed import PlacedFace, PlacedText
from generator.layout.styles import style_name
from generator.safety.backdrop import paints_behind, text_box
from generator.safety.contrast import contrast_ratio, darker_shade, needed_ratio

_QUOTED_CHARS = 32


@dataclass(frozen=True)
class TextOnGround:
    """A piece of text, in its colour and set size, over one colour printed behind it."""

    text: Paint
    ground: Paint
    size: float
    bold: bool
    needed: float
    where: str  # format, face and the words, for messages

    @property
    def key(self) -> tuple[Paint, Paint, float]:
        return self.text, self.ground, self.needed

    def ratio(self, brand: str) -> float:
        return contrast_ratio(self.text.rgb(brand), self.ground.rgb(brand))


class ContrastError(ContentError):
    """Text too faint on what is behind it; `pairs` are all the layout's pairs, so a build of
    several formats can name one shade that passes in all of them."""

    def __init__(self, problem: Problem, pairs: list[TextOnGround]):
        super().__init__(problem)
        self.pairs = pairs


def text_pairs(faces: Iterable[PlacedFace], spec: LayoutSpec, lang: str) -> list[TextOnGround]:
    """One pair per (text colour, colour behind it, ratio needed), the first place it occurs."""
    pairs: dict[tuple[Paint, Paint, float], TextOnGround] = {}
    for face in faces:
        for text in face.texts:
            if text.screen_only:  # on a reader's note of its own (render/screen_notes.py)
                continue
            for pair in _pairs_of(text, face, spec, lang):
                pairs.setdefault(pair.key, pair)
    return list(pairs.values())


def _pairs_of(text: PlacedText, face: PlacedFace, spec: LayoutSpec,
              lang: str) -> list[TextOnGround]:
    style = text.paragraph.style
    layout_style = spec.styles[style_name(style)]
    words = " ".join(text.paragraph.getPlainText().split())
    bold = layout_style.weight == "bold"
    needed = needed_ratio(style.fontSize, bold, any(map(str.isdigit, words)))
    quoted = words if len(words) <= _QUOTED_CHARS else words[:_QUOTED_CHARS - 1] + "…"
    where = (f"\"{quoted}\" ({spec.name} {face.name} [{lang}], {style.fontSize:.3g} pt"
             f"{' bold' if bold else ''})")
    return [TextOnGround(TEXT_PAINTS[layout_style.color], ground, style.fontSize, bold, needed,
                         where)
            for ground in paints_behind(face, text_box(text))]


def too_faint(pairs: Iterable[TextOnGround], brand: str) -> list[TextOnGround]:
    return [pair for pair in pairs if pair.ratio(brand) < pair.needed]


def contrast_problem(site: Site, pairs: list[TextOnGround]) -> Problem | None:
    """None when every pair is legible in the site's brand_color; else one error naming
    brand_color, the faintest pair and a darker shade that makes every pair legible."""
    brand = site.brand_color
    failing = too_faint(pairs, brand)
    if not failing:
        return None
    worst = min(failing, key=lambda pair: pair.ratio(brand) / pair.needed)
    shade = darker_shade(brand, lambda colour: not too_faint(pairs, colour))
    advice = (f"use \"{shade}\", the same hue darker, which passes in every format and "
              "language checked" if shade else
              "no darker shade of this hue passes: change the layout's colours")
    if worst.ground not in FILL_PAINTS.values():
        advice += "; or keep the text clear of the ornament in the layout"
    message = (f"brand_color \"{brand}\" makes text too faint to read: {worst.where}, "
               f"{worst.text.name} text on {worst.ground.name}, has a contrast of "
               f"{worst.ratio(brand):.2f}:1, below the {worst.needed:g}:1 it needs; {advice}")
    return Problem(site.file_of("brand_color"), message, site.line_of("brand_color"),
                   code=Code.TOO_FAINT, fields={
                       "colour": brand, "where": worst.where,
                       "ratio": round(worst.ratio(brand), 2), "needed": worst.needed,
                       "shade": shade})

