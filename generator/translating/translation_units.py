"""What a translator file holds, whatever its format (XLIFF: generator/translating/xliff.py, gettext
PO: generator/translating/po_file.py): one unit per interface string of a language and per line of
the kit's articles in it (title, card line, key points), each with its English source, the
translation there is now, where it prints and the room it has there (string_room.py), and
whether a native speaker has checked it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from generator.content.layouts import Layout, declared_strings
from generator.content.models import Kit
from generator.content.placeholders import names
from generator.i18n.localize import (
    FALLBACK,
    SAFETY_STRINGS,
    Catalogue,
    LanguageStatus,
    language_status,
)
from generator.translating.string_room import StringRoom, article_key, in_language, string_rooms
from generator.translating.translator_file import descriptions

SCREEN_ONLY = ("qr_alt_", "quick_exit")  # read aloud in screen copies, on the web page


@dataclass(frozen=True)
class Unit:
    """One string for a translator."""

    key: str  # the catalogue's name for it, or `article_key`
    file: str  # the content file it is written to: locales/vi.yaml, articles/<slug>.vi.md
    source: str  # English (an article's line: the article in the kit's source language)
    target: str | None  # the translation that prints now; None: it prints in English
    reviewed: bool  # a native speaker has checked `target`
    notes: tuple[str, ...]  # where it prints and the room it has there, in words
    limit: int | None  # the most characters it may have as written; None: no limit
    locations: tuple[tuple[str, int | None], ...]  # the templates that print it
    placeholders: tuple[str, ...]  # its {names}, to keep as they are
    outside: bool = False  # prints where anyone can see it


@dataclass(frozen=True)
class TranslatorFile:
    lang: str
    language: str  # the language's own name
    source_lang: str  # the language the article lines are translated from
    units: tuple[Unit, ...]

    def unit(self, key: str) -> Unit | None:
        return next((unit for unit in self.units if unit.key == key), None)


def catalogue_file(lang: str) -> str:
    return f"locales/{lang}.yaml"


def article_file(slug: str, lang: str) -> str:
    return f"articles/{slug}.{lang}.md"


def translator_file(kit: Kit, lang: str, layouts: Iterable[Layout],
                    rooms: Mapping[str, StringRoom] | None = None) -> TranslatorFile:
    """The units for `lang`: every interface string, then each article's lines when the kit
    has the article in `lang`. `rooms`: `kit_rooms` as measured already (the web page keeps
    them), else measured here."""
    chosen = {layout.name: layout for layout in layouts}
    status = language_status(lang, _locale_root(kit, lang), declared_strings(chosen))
    if rooms is None:
        rooms = kit_rooms(kit, lang, chosen.values())
    where = descriptions(chosen)
    units = [_interface_unit(key, status, rooms[key], where.get(key, "Printed by the layouts"),
                             lang) for key in status.english]
    source_lang = FALLBACK if FALLBACK in kit.site.options.languages \
        else kit.site.options.languages[0]
    units += _article_units(kit, lang, source_lang, rooms)
    return TranslatorFile(lang, status.language, source_lang, tuple(units))


def file_title(kit: Kit) -> str:
    """What a translator file says the kit is, in its header."""
    return f"{kit.site.options.organization or 'havenprint'}'s havenprint kit"


def kit_rooms(kit: Kit, lang: str, layouts: Iterable[Layout]) -> dict[str, StringRoom]:
    """The room of every string of `lang` in `kit` as its translator file gives it (the
    strings as they print now, the kit printing `lang` too)."""
    chosen = {layout.name: layout for layout in layouts}
    status = language_status(lang, _locale_root(kit, lang), declared_strings(chosen))
    return string_rooms(in_language(kit, lang), lang, chosen.values(), status.strings)


def _locale_root(kit: Kit, lang: str) -> Path:
    from generator.content.extends import locale_root

    return locale_root(kit.root, lang)


def _interface_unit(key: str, status: LanguageStatus, room: StringRoom, where: str,
                    lang: str) -> Unit:
    origin: Catalogue | None = status.origins.get(key)
    translated = origin is not None and key not in status.fallbacks and not status.is_english
    english = status.english[key]
    notes = [where]
    if key in SAFETY_STRINGS:
        notes.append("Safety wording: reword it if you need to, never leave it out.")
    notes += _room_notes(room, screen=key.startswith(SCREEN_ONLY))
    fields = tuple(sorted(names(english)))
    if fields:
        written = ", ".join(f"{{{name}}}" for name in fields)
        notes.append(f"Keep {written} exactly as written: havenprint fills it in; it counts "
                     "as written in the limit.")
    if translated and origin is not None and origin.meta.needs_review:
        notes.append("Drafted without a native speaker: check it.")
    return Unit(key, catalogue_file(lang), english, status.strings[key] if translated else None,
                translated and origin is not None and not origin.meta.needs_review,
                tuple(notes), room.characters, _locations(room), fields, room.outside)


def _room_notes(room: StringRoom, screen: bool = False) -> list[str]:
    notes = []
    if room.characters is not None:
        tightest = room.tightest
        where = f" ({tightest.place.describe()})" if tightest is not None else ""
        notes.append(f"At most {room.characters} characters{where}.")
    notes += [f"Prints on: {one.describe()}" for one in room.rooms]
    if not room.rooms:
        notes.append("Not on the printed pieces: read aloud in the screen copies or shown on "
                     "the web page." if screen else
                     "Not printed by this kit as it is (no line, QR code or setting of it "
                     "uses this string).")
    if room.outside:
        notes.append("Printed on the outside, where anyone sees it: it must not say what the "
                     "piece is for.")
    return notes


def _locations(room: StringRoom) -> tuple[tuple[str, int | None], ...]:
    return tuple(dict.fromkeys((one.place.template, one.place.line) for one in room.rooms))


def _article_units(kit: Kit, lang: str, source_lang: str,
                   rooms: Mapping[str, StringRoom]) -> list[Unit]:
    units = []
    for slug in kit.site.article_slugs:
        by_lang = kit.library.get(slug, {})
        source, article = by_lang.get(source_lang), by_lang.get(lang)
        if source is None or article is None or lang == source_lang:
            continue
        lines: list[tuple[str, int | None, str, str | None, str]] = [
            ("title", None, source.title, article.title, "The article's title")]
        lines.append(("card", None, source.card_line or "",
                      article.card_line if article.card_line_given else None,
                      "The card line: the short calm sentence on the pocket card and the "
                      "folding card (`card:` in the front matter)"))
        count = max(len(source.key_points), len(article.key_points))
        for point in range(1, count + 1):
            english = source.key_points[point - 1] if point <= len(source.key_points) else ""
            own = article.key_points[point - 1] if point <= len(article.key_points) else None
            lines.append(("key_points", point, english, own,
                          f"Key point {point} of the article (`key_points:` in the front "
                          "matter)"))
        for field, number, english, own, what in lines:
            if not english:
                continue
            key = article_key(slug, field, number)
            room = rooms.get(key, StringRoom(key, own or english))
            units.append(Unit(key, article_file(slug, lang), english, own, False,
                              (what + ".", *_room_notes(room)), room.characters,
                              _locations(room), (), room.outside))
    return units
