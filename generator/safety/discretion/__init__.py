"""Discretion: nothing on an outside surface may reveal what the item is for.

The revealing words live in one text file per language beside this module (`zh.txt` serves
zh-Hans and zh-Hant); the English list applies in every language. A site adds its own with
`revealing_words:` in site.yaml: a list for every language, or a mapping per language code.
A language with neither a file here nor words of its own in site.yaml cannot be checked, and
that is an error wherever an outside surface is printed. How words are matched (normalised,
confusables, short words, phrases): see matching.py.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path

from generator.content.language_tags import with_base
from generator.content.models import Site, Source
from generator.engine import remembered
from generator.errors import Problem
from generator.layout.place import PlacedFace
from generator.safety.discretion.matching import revealing_terms_in, terms
from generator.safety.discretion.payloads import payload_words

WORDS_DIR = Path(__file__).resolve().parent
TABS = "tabs"  # the name messages give the tear-off tabs
QR_CODE = "QR code"  # and what a QR code on a surface opens or sends


def list_path(lang: str) -> Path:
    """The built-in list for `lang` (its base language's: zh-Hans -> zh.txt)."""
    return WORDS_DIR / f"{lang.split('-')[0]}.txt"


def has_builtin_list(lang: str) -> bool:
    return list_path(lang).is_file()


@remembered(256)
def builtin_words(lang: str) -> tuple[str, ...]:
    """The English words, then the language's own."""
    words: list[str] = []
    for path in dict.fromkeys((list_path("en"), list_path(lang))):
        if path.is_file():
            lines = path.read_text(encoding="utf-8").splitlines()
            words.extend(w.strip() for w in lines if w.strip() and not w.startswith("#"))
    return tuple(dict.fromkeys(words))


def site_words(site: Site, lang: str) -> tuple[str, ...]:
    """The site's words for `lang`: its list for every language, then those it gives for the
    language and for the tags that serve it (`de` also serves de-AT, `zh-Hant` zh-TW)."""
    by_lang = site.revealing_words_by_lang
    own = [word for tag in _tags(lang) for word in by_lang.get(tag, ())]
    return tuple(dict.fromkeys([*site.revealing_words, *own]))


def _tags(lang: str) -> tuple[str, ...]:
    """The base language, the tags that serve `lang`, then `lang` itself."""
    return tuple(reversed(with_base(lang)))


def unchecked_language(site: Site, lang: str) -> Problem | None:
    """An error when `lang` has no list of revealing words, built in or from site.yaml."""
    by_lang = site.revealing_words_by_lang
    if has_builtin_list(lang) or any(tag in by_lang for tag in _tags(lang)):
        return None
    plain_list = (" (a plain list of words is for every language and does not count as "
                  f"'{lang}' words)" if site.revealing_words else "")
    return Problem(site.source.path, (
        f"language '{lang}' has no list of revealing words, so its outside surfaces cannot be "
        f"checked: add `revealing_words: {{{lang}: [...]}}` to site.yaml with the words that "
        f"would give away what this is for in that language, as generator/safety/discretion/en.txt "
        f"does for English{plain_list}"),
        site.line_of("revealing_words", "languages"))


def revealing_words_in(text: str, words: tuple[str, ...], lang: str = "en") -> list[str]:
    """The words of `words` (normalised as listed) found in `text` of a `lang` kit: see
    matching.py."""
    return revealing_terms_in(text, terms(words, lang))


def outside_text(face: PlacedFace) -> dict[str, str]:
    """Text on the face's outside surfaces, by surface name; tear-off tabs (seen by anyone
    before they are taken) are a surface of their own, TABS."""
    spec = face.spec
    if not spec.outside:
        return {}
    panels = range(len(face.panels))
    outside = spec.outside_panels if spec.outside_panels is not None else list(panels)
    names = spec.panel_names or [f"panel {i + 1}" for i in panels]
    surfaces: dict[str, list[str]] = {names[i] if len(face.panels) > 1 else face.name: []
                                      for i in outside}
    for text in face.texts:
        index = _panel_of(face, text.x + 0.5, text.y + 0.5)
        if index in outside:
            key = names[index] if len(face.panels) > 1 else face.name
            key = TABS if text.private else key
            # An icon's word is unseen but read aloud and copied: it counts as printed.
            word = html.unescape(text.icon.icon.alt) if text.icon is not None else ""
            surfaces.setdefault(key, []).append(f"{word} {text.paragraph.getPlainText()}")
    for qr in face.qrs:  # what a scan shows: the web address, the text message's words
        index = _panel_of(face, qr.x + qr.size / 2, qr.y + qr.size / 2)
        if index in outside:
            key = f"{names[index]}, {QR_CODE}" if len(face.panels) > 1 else QR_CODE
            surfaces.setdefault(key, []).append(payload_words(qr.payload))
    return {name: " ".join(parts) for name, parts in surfaces.items()}


def _panel_of(face: PlacedFace, x: float, y: float) -> int:
    for index, panel in enumerate(face.panels):
        if panel.x <= x <= panel.x + panel.width and panel.y <= y <= panel.top:
            return index
    return -1


# Where a word found on a surface came from: (file, line, a catalogue's string name or None).
WordSource = Callable[[str, str], tuple[Path, int | None, str | None]]


def discretion_problems(faces: list[PlacedFace], layout_name: str, words: tuple[str, ...],
                        lang: str, path: Path, tabs_source: Source | None = None,
                        source_of: WordSource | None = None) -> list[Problem]:
    """One problem per revealing word on each outside surface; those on the tabs (whose text
    comes from resources.yaml) name `tabs_source`, the line they print; the others the file
    `source_of(word, surface_text)` finds the word in (a catalogue, the outside title), else
    `path`."""
    problems = []
    for face in faces:
        for surface, text in outside_text(face).items():
            from_line = surface == TABS or surface.endswith(QR_CODE)
            for word in revealing_words_in(text, words, lang):
                file, line, key = path, None, None
                if from_line and tabs_source is not None:
                    file, line = tabs_source.path, tabs_source.line
                elif not from_line and source_of is not None:
                    file, line, key = source_of(word, text)
                advice = ("give the line a `tab_label` in resources.yaml" if surface == TABS
                          else "give the first line in resources.yaml a neutral `url` or "
                          "`qr: tel`" if surface.endswith(QR_CODE)
                          else f"reword its string `{key}`" if key else "reword it")
                where = surface if surface == face.name else f"{face.name}, {surface}"
                problems.append(Problem(file, (
                    f"{layout_name} ({where}): '{word}' on an outside surface would reveal "
                    f"what this is for; {advice} [{lang}]"), line))
    return problems
