"""What `havenprint check` says a kit prints in another language than the item's: the
resources.yaml texts (a line's name, hours, tear-off tab label, text-line description) and
site.yaml's `card_line:` given as one plain text, which prints as written in every language.

A plain text is taken to be in the site's first language; give it per language
(`name: {en: ..., es: ...}`) for the others. The emergency line named "Emergency" (or not
named) prints the catalogue's word for it, which the catalogue checks cover. With `strict`,
an outside title that falls back to another language's (a warning as the kit loads) is an
error too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from generator.content.caches import cached_layouts
from generator.content.load import title_fallbacks
from generator.content.models import Kit, Resource, Texts
from generator.errors import Code, Problem
from generator.layout.compose import weekday_free

_LETTER = re.compile(r"[^\W\d_]")


def untranslated_problems(kit: Kit, langs: Iterable[str], strict: bool = False,
                          names: dict[str, str] | None = None) -> list[Problem]:
    """Per language, each printed resources.yaml text that is not in it: warnings, or
    errors with `strict`. `names` gives each language's own name for the messages."""
    severity = "error" if strict else "warning"
    first = kit.site.options.languages[0]
    langs = list(langs)
    # Outside titles that fall back: loading the kit warned already; strict makes it an error.
    problems = [replace(p, severity="error") for p in title_fallbacks(kit.site)
                if strict and p.lang in langs]
    # Tab labels print on tear-off tabs: on any format with a slot of them (the poster's, on
    # the restroom poster always, elsewhere where the line's name does not fit a tab).
    tab_labels = any(layout.spec.slots_of_kind("tabs")
                     for layout in cached_layouts(kit.root).values())
    for lang in langs:
        if _same_language(lang, first):
            continue
        shown = f"{lang} ({names[lang]})" if names and lang in names else lang
        for resource in kit.resources:
            for field, text in _plain_texts(resource, lang, tab_labels):
                what = (f"line name {text!r}" if field == "name"
                        else f"{field} {text!r} of '{resource.name}'")
                problems.append(Problem(resource.source.path, (
                    f"{shown}: {what} prints as written, not in this language: give it per "
                    f"language, e.g. `{field}: {{{first}: ..., {lang}: ...}}`"),
                    resource.source.line, severity,  # type: ignore[arg-type]
                    code=Code.LINE_TEXT_UNTRANSLATED, lang=lang,
                    fields={"key": field, "text": text, "name": resource.name}))
        card_line = kit.site.card_line
        if card_line.default is not None and not card_line.has(lang):
            problems.append(Problem(kit.site.file_of("card_line"), (
                f"{shown}: card_line {card_line.get(lang)!r} prints as written, not in this "
                f"language: give it per language, e.g. `card_line: {{{first}: ..., "
                f"{lang}: ...}}` (a language left out prints the first article's line)"),
                kit.site.line_of("card_line"), severity,  # type: ignore[arg-type]
                code=Code.CARD_LINE_UNTRANSLATED, lang=lang,
                fields={"text": card_line.get(lang)}))
    return problems


def _same_language(lang: str, other: str) -> bool:
    return lang.split("-")[0] == other.split("-")[0] and (
        "-" not in lang or "-" not in other or lang == other)


def _plain_texts(resource: Resource, lang: str, tab_labels: bool) -> list[tuple[str, str]]:
    found = []
    if not resource.names_the_emergency(lang) and _plain(resource.names, lang):
        found.append(("name", resource.name_in(lang)))
    hours = resource.hours_in(lang)
    if hours and _plain(resource.hours_by_lang, lang) and _has_words(hours):
        found.append(("hours", hours))
    if tab_labels and resource.tab_label_in(lang) and _plain(resource.tab_labels, lang):
        found.append(("tab_label", resource.tab_label_in(lang) or ""))
    if resource.text and resource.text.description and _plain(resource.text.description, lang):
        found.append(("text.description", resource.text.description.get(lang) or ""))
    return found


def _plain(texts: Texts, lang: str) -> bool:
    """Whether what prints in `lang` is not given in it."""
    return bool(texts) and not texts.has(lang)


def _has_words(hours: str) -> bool:
    """Hours with words left once "24/7" and weekday names are translated ("Mon–Fri 9–5"
    prints in the kit's language; "9am to 5pm" does not)."""
    return bool(_LETTER.search(weekday_free(hours)))
