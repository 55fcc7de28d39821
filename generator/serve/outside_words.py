"""Revealing words on the outside of the pieces, found where they come from: which string of
a catalogue (or outside title) put "violencia doméstica" on the outside of the Spanish card,
so that the page marks that string, not site.yaml.

The documents are laid out as the build does, but with the discretion check left to this
module (the build stops at the first revealing word, with a message naming site.yaml): the
words are looked for on each outside surface (generator/safety/discretion), then in the
texts that could have put them there.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass

from generator.build import lay_out
from generator.content.documents import sized_kit
from generator.content.models import Kit
from generator.errors import ContentError
from generator.layout.formats import Layout
from generator.safety.discretion import (
    builtin_words,
    outside_text,
    revealing_words_in,
    site_words,
    unchecked_language,
)
from generator.serve.rendering import documents


@dataclass(frozen=True)
class Finding:
    word: str
    document: str  # the format's title
    surface: str  # "front", "back, panel 2", "tear-off tabs"


def outside_findings(kit: Kit, layouts: list[Layout], lang: str) -> list[Finding]:
    """Every revealing word on an outside surface of the documents in `lang`."""
    if not kit.site.options.discreet or unchecked_language(kit.site, lang) is not None:
        return []
    unchecked = dataclasses.replace(kit, site=kit.site.with_option("discreet", False))
    words = builtin_words(lang) + site_words(kit.site, lang)
    found: dict[tuple[str, str], Finding] = {}
    for layout, size_key in documents(unchecked, layouts):
        try:
            laid = lay_out(sized_kit(unchecked, layout, size_key), layout, lang)
        except (ContentError, ValueError):
            continue  # what stops it is said elsewhere
        for face in laid.faces:
            spec = face.spec
            if not spec.outside or (spec.outside_when is not None
                                    and not kit.site.option(spec.outside_when)):
                continue
            for surface, text in outside_text(face).items():
                where = surface if surface == face.name else f"{face.name}, {surface}"
                for word in revealing_words_in(text, words, lang):
                    found.setdefault((word, layout.spec.title),
                                     Finding(word, layout.spec.title, where))
    return list(found.values())


def texts_with(word: str, texts: Mapping[str, str], lang: str) -> list[str]:
    """The keys of `texts` whose text holds `word` (as the discretion check finds it)."""
    return [key for key, text in texts.items()
            if text and revealing_words_in(text, (word,), lang)]
