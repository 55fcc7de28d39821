"""The room each string of a language has where it prints, for the Translations page: the
measurement `havenprint locale export` writes into its files (translation_units.kit_rooms,
generator/translating/string_room.py), kept per state of the kit and language.

Measuring composes and places every document of the kit with each string marked (about half
a second a language on the default kit, warm), so it is done once for each fingerprint of
the content folder (workspace.py) and language, and the last few are kept."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Mapping

from generator.errors import ContentError
from generator.serve.kit_state import KitState
from generator.translating.string_room import StringRoom, in_language, string_rooms
from generator.translating.translation_units import kit_rooms

KEPT = 8  # languages (or states of the kit) kept


class RoomCache:
    """The rooms measured, by (fingerprint, language); owned by the workspace, used on the
    engine's thread only."""

    def __init__(self) -> None:
        self._kept: OrderedDict[tuple[str, str], dict[str, StringRoom]] = OrderedDict()
        self._tried: tuple[tuple[str, str, frozenset[tuple[str, str]]],
                           dict[str, StringRoom]] | None = None
        self.last_seconds: float | None = None  # how long the last measurement took

    def rooms(self, state: KitState, lang: str) -> Mapping[str, StringRoom]:
        """Every string's room in `lang` for the kit as it is on disk; empty when the kit
        does not load (the page says why elsewhere) or cannot be laid out."""
        kit = state.kit
        if kit is None:
            return {}
        key = (state.fingerprint, lang)
        found = self._kept.get(key)
        if found is not None:
            self._kept.move_to_end(key)
            return found
        started = time.perf_counter()
        try:
            found = kit_rooms(kit, lang, state.layouts.values())
        except ContentError:
            found = {}
        self.last_seconds = time.perf_counter() - started
        self._kept[key] = found
        while len(self._kept) > KEPT:
            self._kept.popitem(last=False)
        return found

    def with_texts(self, state: KitState, lang: str, strings: Mapping[str, str],
                   changed: Mapping[str, str]) -> Mapping[str, StringRoom]:
        """The rooms with `changed` in place of what prints now (`strings`: every string
        as it prints), as `locale import` measures a file's strings; the last one kept
        (a draft checked again as typing pauses, then saved)."""
        kit = state.kit
        if kit is None or not changed:
            return {}
        key = (state.fingerprint, lang, frozenset(changed.items()))
        if self._tried is not None and self._tried[0] == key:
            return self._tried[1]
        try:
            found = string_rooms(in_language(kit, lang), lang, state.layouts.values(),
                                 {**strings, **changed})
        except ContentError:
            found = {}
        self._tried = (key, found)
        return found
