"""The Translations page: every interface string beside its English text and where it is
printed, and the page's changes written into the content folder's `locales/<lang>.yaml`
(created as `havenprint locale init` would, then edited: comments and order kept)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from generator.content.layouts import Layout, declared_strings
from generator.i18n.localize import META_KEY, LanguageStatus, language_status
from generator.serve.yaml_edit import RoundTrip, drop_key, set_key
from generator.translating.translator_file import (
    DESCRIPTIONS,
    catalogue_text,
    descriptions,
    known_language,
)

LONG = 90  # characters: a text area rather than one line


@dataclass(frozen=True)
class StringRow:
    key: str
    english: str
    where: str
    text: str  # as it prints in the language now; "" when it prints in English
    origin: str  # "this content folder", "built in", "English"
    falls_back: bool  # prints in English: missing, or marked untranslated

    @property
    def long(self) -> bool:
        return max(len(self.english), len(self.text)) > LONG


def string_rows(status: LanguageStatus, site_file: Path,
                printed: Mapping[str, str] = DESCRIPTIONS) -> list[StringRow]:
    """Every string, the kit's layouts' own too (`printed` says where each is: see
    locale_command.descriptions)."""
    fallbacks = set(status.fallbacks)
    rows = []
    for key, english_text in status.english.items():
        origin = status.origins.get(key)
        text = status.strings[key] if origin is not None else ""
        where = ("this content folder" if origin is not None and origin.path == site_file
                 else "built in" if origin is not None else "English")
        rows.append(StringRow(key, english_text, printed.get(key, "Printed by the layouts"),
                              text, where, key in fallbacks and not status.is_english))
    return rows


def reviewed(status: LanguageStatus, site_file: Path) -> bool:
    """Whether the content folder's catalogue says a native speaker checked it."""
    own = [c for c in status.catalogues if c.path == site_file]
    return bool(own) and not own[0].meta.needs_review


def apply_strings(current: str | None, lang: str, status: LanguageStatus,
                  submitted: dict[str, str], is_reviewed: bool | None,
                  layouts: Mapping[str, Layout] | None = None) -> str:
    """The catalogue's new text: `submitted` strings that differ from what prints now are
    written (an empty one is removed: the built-in or English text prints), taken off
    `untranslated`; `is_reviewed` sets `needs_review` (None: left as it is). `layouts`: the
    kit's, whose own strings a new catalogue lists too."""
    if current is None:
        code, name = known_language(lang)
        layouts = layouts or {}
        current = catalogue_text(code, name, language_status(
            lang, None, declared_strings(layouts)), descriptions(layouts))
    document = RoundTrip(current)
    data = document.data
    if not isinstance(data, CommentedMap):
        raise ValueError("the catalogue is not a mapping of string name: text")
    order = [META_KEY, *status.english]
    changed = []
    for key, value in submitted.items():
        if key not in status.strings:
            continue
        value = value.strip()
        shown = status.strings[key] if status.origins.get(key) is not None else ""
        if value == shown.strip():
            continue
        changed.append(key)
        if value:
            set_key(data, key, value, order)
        else:
            drop_key(data, key)
    meta = data.get(META_KEY)
    if (changed or is_reviewed is not None) and not isinstance(meta, CommentedMap):
        meta = CommentedMap()
        data.insert(0, META_KEY, meta)
    if isinstance(meta, CommentedMap):
        untranslated = meta.get("untranslated")
        if isinstance(untranslated, CommentedSeq):
            kept = [key for key in untranslated if key not in changed]
            if not kept:
                del meta["untranslated"]
            elif kept != list(untranslated):
                untranslated[:] = kept
        if is_reviewed is not None and meta.get("needs_review", False) != (not is_reviewed):
            set_key(meta, "needs_review", not is_reviewed,
                    ("language", "needs_review", "note", "untranslated"))
    return document.dump()
