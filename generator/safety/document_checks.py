"""The safety checks of one laid-out document, as the build runs them (generator/pipeline/build.py):
the safety wording its layout and composed faces must carry (`check_wording`), revealing
words on its outside surfaces (`discretion`) and text too faint on its grounds
(`legible`)."""

from __future__ import annotations

from collections.abc import Sequence

from generator.content.layouts import Layout
from generator.content.models import Kit
from generator.errors import ContentError, Problem
from generator.layout.document import Composition
from generator.layout.placed import PlacedFace
from generator.safety.discretion import discretion_problems, lexicon, unchecked_language
from generator.safety.legibility import ContrastError, TextOnGround, contrast_problem, text_pairs
from generator.safety.safety_slots import composed_problems, layout_problems
from generator.safety.word_sources import source_of


def check_wording(kit: Kit, composition: Composition) -> None:
    """ContentError unless the layout and every composed face carry the safety wording
    (generator/safety/safety_slots.py): checked before anything is placed."""
    layout = composition.layout
    problems = layout_problems(layout) + composed_problems(
        layout, composition.faces, composition.strings, kit.site.emergency_number)
    if problems:
        raise ContentError(problems)


def discretion(kit: Kit, layout: Layout, lang: str, faces: list[PlacedFace]) -> list[Problem]:
    """Revealing words on outside surfaces fail the build while the site is discreet (those
    of a language only read in the country are warnings)."""
    if not kit.site.options.discreet:
        return []
    outside = [face for face in faces if face.spec.outside
               and (face.spec.outside_when is None or kit.site.option(face.spec.outside_when))]
    if not outside:
        return []
    unchecked = unchecked_language(kit.site, lang)
    if unchecked is not None:
        return [unchecked]
    return discretion_problems(
        outside, layout.name, lexicon(kit.site, lang), kit.site.file_of("discreet_title"),
        kit.resources[0].source, lambda found, text: source_of(kit, layout, found, text, lang))


def prepare_discretion(kit: Kit, languages: Sequence[str]) -> None:
    """Make the revealing words `discretion` checks each of `languages` with, as it would
    on the language's first outside surface: each language's lists are part of every other
    language's, so a process made now (a forked copy) has them all."""
    if kit.site.options.discreet:
        for lang in languages:
            if unchecked_language(kit.site, lang) is None:
                lexicon(kit.site, lang)


def legible(kit: Kit, layout: Layout, lang: str, faces: list[PlacedFace]) -> list[TextOnGround]:
    """Every text on its grounds; ContrastError (with them) when one is too faint for the
    site's brand_color, so that the build can give one advice for the whole kit."""
    pairs = text_pairs(faces, layout.spec, lang)
    faint = contrast_problem(kit.site, pairs)
    if faint is not None:
        raise ContrastError(faint, pairs)
    return pairs
