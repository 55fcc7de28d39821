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

from generator.build import lay_out
from generator.content.documents import document_sizes, sized_kit
from generator.content.layouts import Layout
from generator.content.models import Kit
from generator.errors import ContentError, Problem
from generator.layout.place import PlacedFace
from generator.safety.discretion import (
    QR_CODE,
    Lexicon,
    lexicon,
    outside_text,
    unchecked_language,
)
from generator.safety.discretion.matching import Term
from generator.safety.word_sources import source_of

TABS = "tear-off tabs"


@dataclass(frozen=True)
class Finding:
    term: Term  # the word found, and its list's language
    document: str  # the format's title
    surface: str  # "front", "back, panel 2", "tear-off tabs"
    text: str = ""  # all the surface says
    whose: str = ""  # " (Spanish, which this kit also prints)" for another language's word
    refused: bool = True  # an error; False: a warning (a language only read in the country)
    tell: bool = False  # words about being watched, checked or hiding: a warning

    @property
    def word(self) -> str:
        return self.term.listed


def without_discretion(kit: Kit) -> Kit:
    """The kit laid out whatever its outside says: this module checks it instead."""
    return dataclasses.replace(kit, site=kit.site.with_option("discreet", False))


def checks_outside(kit: Kit, lang: str) -> bool:
    """Whether the outside of `lang`'s pieces is checked here (discreet, and with words to
    check it with: a language without them fails the build with that message)."""
    return kit.site.options.discreet and unchecked_language(kit.site, lang) is None


def face_findings(kit: Kit, faces: list[PlacedFace], title: str, lang: str) -> list[Finding]:
    """The revealing words, and the tells, on the outside surfaces of laid-out `faces`
    (`kit`: as given, discreet)."""
    words: Lexicon = lexicon(kit.site, lang)
    found: dict[str, Finding] = {}
    for face in faces:
        spec = face.spec
        if not spec.outside or (spec.outside_when is not None
                                and not kit.site.option(spec.outside_when)):
            continue
        for surface, text in outside_text(face).items():
            where = surface if surface == face.name else f"{face.name}, {surface}"
            for term in words.found(text):
                found.setdefault(term.listed, Finding(term, title, where, text, words.whose(term),
                                                      words.refuses(term)))
            for term in words.tells_in(text) if not surface.endswith(QR_CODE) else ():
                found.setdefault(term.listed, Finding(term, title, where, text, refused=False,
                                                      tell=True))
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


def finding_problem(kit: Kit, layout: Layout, finding: Finding, lang: str) -> Problem:
    """The finding as the build words it, on the file (and line) that put the word there:
    the outside title (site.yaml), a string (its catalogue), a line (resources.yaml)."""
    path, line, _ = source_of(kit, layout, finding.term, finding.text, lang)
    advice = ("give the line a `tab_label` in resources.yaml" if finding.surface.endswith(TABS)
              else "reword it")
    if finding.tell:
        return Problem(path, (
            f"{layout.name} ({finding.surface}): '{finding.word}' on an outside surface speaks "
            "of being watched, checked or hiding something, which tells whoever finds it what "
            f"it may be for; {advice}"), line, "warning", lang=lang)
    if not finding.refused:
        return Problem(path, (
            f"{layout.name} ({finding.surface}): '{finding.word}'{finding.whose} on an outside "
            f"surface may reveal what this is for to them; {advice}"), line, "warning",
            lang=lang)
    return Problem(path, (f"{layout.name} ({finding.surface}): '{finding.word}'{finding.whose} "
                          f"on an outside surface would reveal what this is for; {advice}"),
                   line, lang=lang)
