"""The Translations page: every interface string beside its English text and where it is
printed, and the page's changes written into the content folder's `locales/<lang>.yaml`
(created as `havenprint locale init` would, then edited: comments and order kept)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from generator.content.layouts import Layout, declared_strings
from generator.i18n.localize import META_FIELDS, META_KEY, LanguageStatus, language_status
from generator.serve.yaml_edit import RoundTrip, drop_key, set_key
from generator.translating.translator_file import (
    DESCRIPTIONS,
    catalogue_text,
    descriptions,
    known_language,
)
from generator.translating.translator_import import SignOff

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


@dataclass(frozen=True)
class Review:
    """What the content folder's catalogue says of its review."""

    checked: bool  # needs_review: false
    by: str | None = None
    on: str | None = None


def review_of(status: LanguageStatus, site_file: Path) -> Review:
    own = [c for c in status.catalogues if c.path == site_file]
    if not own:
        return Review(False)
    meta = own[0].meta
    return Review(not meta.needs_review, meta.reviewed_by, meta.reviewed_on)


def apply_strings(current: str | None, lang: str, status: LanguageStatus,
                  submitted: dict[str, str], signed_off: SignOff | None,
                  layouts: Mapping[str, Layout] | None = None) -> str:
    """The catalogue's new text: `submitted` strings that differ from what prints now are
    written (an empty one is removed: the built-in or English text prints), taken off
    `untranslated`. `signed_off` (a native speaker, named, today) sets `needs_review: false`
    with who and when; without it, a string changed here needs review again. `layouts`: the
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
    if (changed or signed_off is not None) and not isinstance(meta, CommentedMap):
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
        if signed_off is not None:
            if meta.get("needs_review", False) is not False:
                set_key(meta, "needs_review", False, META_FIELDS)
            set_key(meta, "reviewed_by", signed_off.by, META_FIELDS)
            set_key(meta, "reviewed_on", signed_off.on.isoformat(), META_FIELDS)
        elif changed:  # what a native speaker signed off is not what prints now
            if meta.get("needs_review", False) is not True:
                set_key(meta, "needs_review", True, META_FIELDS)
            drop_key(meta, "reviewed_by")
            drop_key(meta, "reviewed_on")
    return document.dump()
