"""Whether the fonts cover a document's text: a character no configured font has is an
error naming the slot and the file to change, never a box on the page."""

from __future__ import annotations

from pathlib import Path

from generator.content.layouts import Layout
from generator.content.models import Kit
from generator.errors import Code, Problem
from generator.i18n.fonts import SITE_FONT_LANGUAGES, FontSet
from generator.i18n.plain_text import plain_text
from generator.i18n.scripts import font_advice, script_of
from generator.layout.compose import ComposedFace


def served_languages(kit: Kit) -> tuple[str, ...]:
    """The languages the kit's lines are answered in (their names print in every kit)."""
    return tuple(sorted({code for line in kit.resources for code in line.languages}))


def slot_paragraphs(composed: ComposedFace) -> dict[str, list]:
    """Each slot's paragraphs: its text, its list's items, its fillers."""
    texts = {name: list(paragraphs) for name, paragraphs in composed.texts.items()}
    texts.update({name: [p for item in items for p in item.paragraphs]
                  for name, items in composed.lists.items()})
    for name, fillers in composed.fillers.items():
        texts[name] = texts.get(name, []) + [p for _, paragraphs in fillers for p in paragraphs]
    return texts


def plain(paragraphs: list) -> str:
    """The text of the paragraphs, with the words their icons stand for."""
    return " ".join(plain_text(f"{p.alt} {p.markup}") for p in paragraphs)


def plain_texts(composed_faces: list[ComposedFace]) -> list[str]:
    return [plain(paragraphs) for composed in composed_faces
            for paragraphs in slot_paragraphs(composed).values()]


def glyph_problems(composed: ComposedFace, layout: Layout, lang: str,
                   sources: dict[str, Path], fonts: FontSet) -> list[Problem]:
    """A character no configured font covers is an error, never a box on the page: one
    problem per slot, naming its first few such characters (a language without a font
    would otherwise give hundreds of lines)."""
    problems = []
    slots = {slot.name: slot for slot in layout.spec.faces[composed.name].slots}
    for slot_name, paragraphs in slot_paragraphs(composed).items():
        missing = fonts.missing(plain(paragraphs))
        if not missing:
            continue
        path = sources.get(slots[slot_name].source or "", layout.folder)
        advice = "".join(dict.fromkeys(font_advice(char, _font_key(lang, char))
                                       for char in missing))
        script = next((found for char in missing if (found := script_of(char)) is not None
                       and found.family is None), None)
        problems.append(Problem(path, (
            f"{characters(missing)} in no configured font "
            f"(language {lang}, {layout.name} slot '{slot_name}'){advice}"), code=Code.NO_FONT,
            lang=lang, fields={"characters": characters(missing), "format": layout.name,
                               "slot": slot_name,
                               "script": script.name if script is not None else None}))
    return problems


def characters(chars: list[str], shown: int = 6) -> str:
    """`character 'x' (U+0078) is`, or the first `shown` of several and how many more."""
    named = [f"{char!r} (U+{ord(char):04X})" for char in chars]
    if len(named) == 1:
        return f"character {named[0]} is"
    more = f" and {len(named) - shown} more" if len(named) > shown else ""
    return f"characters {', '.join(named[:shown])}{more} are"


def _font_key(lang: str, char: str) -> str:
    """The language code a `fonts:` setting for `char` would name: the kit's language when
    `char` is in its own script (Ethiopic in an Amharic kit), else a placeholder (an
    Ethiopic line name in an English kit could take any code)."""
    script = script_of(char)
    own = SITE_FONT_LANGUAGES.get(lang.split("-")[0])
    return lang if script is not None and script.name == own else "LANG"
