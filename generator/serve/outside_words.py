"""Revealing words on the outside of the pieces, found where they come from: which string of
a catalogue (or outside title, or line) put "violencia doméstica" on the outside of the
Spanish card, so that the page marks that string and names its file, not site.yaml.

The documents are laid out as the build does, but with the discretion check left to this
module (a revealing word stops the build's layout, and the page still draws the piece, with
the word marked): the words are looked for on each outside surface
(generator/safety/discretion), then in the texts that could have put them there
(generator/safety/word_sources.py, which the build's message names too).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from generator.content.documents import document_sizes, sized_kit
from generator.content.layouts import Layout
from generator.content.models import Kit
from generator.errors import ContentError, Problem
from generator.layout.placed import PlacedFace
from generator.pipeline.build import lay_out
from generator.safety.discretion import (
    Lexicon,
    OutsideWord,
    face_surfaces,
    lexicon,
    outside_problems,
    outside_words,
    unchecked_language,
)
from generator.safety.discretion.matching import Term
from generator.safety.word_sources import source_of


@dataclass(frozen=True)
class Finding:
    """A word found on the outside of a document (safety/discretion's OutsideWord), with
    the document's title."""

    found: OutsideWord
    document: str  # the format's title

    @property
    def term(self) -> Term:
        return self.found.term

    @property
    def word(self) -> str:
        return self.found.word

    @property
    def surface(self) -> str:  # "front", "back, panel 2", "front, tear-off tabs"
        return self.found.where

    @property
    def whose(self) -> str:
        return self.found.whose

    @property
    def refused(self) -> bool:
        return self.found.refused

    @property
    def tell(self) -> bool:
        return self.found.tell


def without_discretion(kit: Kit) -> Kit:
    """The kit laid out whatever its outside says: this module checks it instead."""
    return dataclasses.replace(kit, site=kit.site.with_option("discreet", False))


def checks_outside(kit: Kit, lang: str) -> bool:
    """Whether the outside of `lang`'s pieces is checked here (discreet, and with words to
    check it with: a language without them fails the build with that message)."""
    return kit.site.options.discreet and unchecked_language(kit.site, lang) is None


def face_findings(kit: Kit, faces: list[PlacedFace], title: str, lang: str) -> list[Finding]:
    """The revealing words, and the tells, on the outside surfaces of laid-out `faces`
    (`kit`: as given, discreet), each word once."""
    words: Lexicon = lexicon(kit.site, lang)
    found: dict[str, Finding] = {}
    for face in faces:
        spec = face.spec
        if not spec.outside or (spec.outside_when is not None
                                and not kit.site.option(spec.outside_when)):
            continue
        for one in outside_words(words, face_surfaces(face)):
            found.setdefault(one.word, Finding(one, title))
    return list(found.values())


def outside_findings(kit: Kit, layouts: list[Layout], lang: str) -> list[Finding]:
    """Every revealing word on an outside surface of the documents in `lang`."""
    if not checks_outside(kit, lang):
        return []
    unchecked = without_discretion(kit)
    found: dict[tuple[str, str], Finding] = {}
    for layout in layouts:
        for size_key in document_sizes(unchecked, layout):
            try:
                laid = lay_out(sized_kit(unchecked, layout, size_key), layout, lang)
            except (ContentError, ValueError):
                continue  # what stops it is said elsewhere
            for finding in face_findings(kit, laid.faces, layout.spec.title, lang):
                found.setdefault((finding.word, finding.document), finding)
    return list(found.values())


def finding_problems(kit: Kit, layout: Layout, findings: list[Finding],
                     lang: str) -> list[Problem]:
    """The findings as the build words them (safety/discretion's `outside_problems`), each
    on the file (and line) that put the word there: the outside title (site.yaml), a string
    (its catalogue), a line (resources.yaml)."""
    return outside_problems([finding.found for finding in findings], layout.name, lang,
                            kit.site.file_of("discreet_title"), kit.resources[0].source,
                            lambda term, text: source_of(kit, layout, term, text, lang))
