"""Where a revealing word on an outside surface came from: the outside title (site.yaml), a
string of a catalogue (locales/es.yaml), a line (resources.yaml). The build names that file
and line, so that "violencia doméstica" under the Spanish QR code sends the translator to
locales/es.yaml, not to site.yaml."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

from generator.content.extends import locale_root
from generator.content.layouts import Layout, declared_strings
from generator.content.models import Kit
from generator.errors import ContentError
from generator.i18n.localize import BUILTIN_DIR, FALLBACK, language_status
from generator.safety.discretion.matching import Term, found_terms

Source = tuple[Path, int | None, str | None]  # file, line, the catalogue's string name


def _squashed(text: str) -> str:
    return " ".join(text.split()).casefold()


def on_surface(candidate: str, surface_text: str) -> bool:
    """Whether `candidate` (a string, perhaps with `{placeholders}`) is printed in
    `surface_text`: its longest part between placeholders is there."""
    parts = [part for part in re.split(r"\{[^{}]*\}", candidate) if part.strip()]
    longest = max(parts, key=len, default="")
    return bool(longest) and _squashed(longest) in _squashed(surface_text)


def texts_with(term: Term, texts: Mapping[str, str]) -> list[str]:
    """The keys of `texts` whose text holds `term` (as the discretion check finds it)."""
    return [key for key, text in texts.items() if text and found_terms(text, (term,))]


def source_of(kit: Kit, layout: Layout, term: Term, surface_text: str, lang: str) -> Source:
    """The first text that holds `term` (a word found) and is printed on the surface
    (`surface_text`: all it says); else the first that holds it; else site.yaml's outside
    title."""
    candidates = _candidates(kit, layout, lang)
    holding = [(text, where) for text, where in candidates
               if texts_with(term, {"text": text})]
    printed = [where for text, where in holding if on_surface(text, surface_text)]
    if printed:
        return printed[0]
    if holding:
        return holding[0][1]
    return Path(kit.site.file_of("discreet_title")), kit.site.line_of("discreet_title"), None


def _candidates(kit: Kit, layout: Layout, lang: str) -> list[tuple[str, Source]]:
    """Every text that can print on an outside surface, with its file and line."""
    site = kit.site
    found: list[tuple[str, Source]] = [
        (site.title_for(lang), (Path(site.file_of("discreet_title")),
                                site.line_of("discreet_title"), None))]
    if site.options.show_organization:
        found.append((site.options.organization, (Path(site.file_of("organization")),
                                                  site.line_of("organization"), None)))
    strings = kit.strings.get(lang, {})
    try:
        origins = language_status(lang, locale_root(kit.root, lang),
                                  declared_strings({layout.name: layout})).origins
    except ContentError:
        origins = {}
    for key, text in strings.items():
        origin = origins.get(key)
        # no catalogue of the language gives it: the English text, of havenprint's en.yaml
        # or of the layout that declares the string
        english = (layout.folder / "layout.yaml" if key in layout.strings
                   else BUILTIN_DIR / f"{FALLBACK}.yaml")
        found.append((text, (Path(origin.path) if origin is not None else english, None, key)))
    for resource in kit.resources:
        where = (Path(resource.source.path), resource.source.line, None)
        # its texting line prints on the outside with the first line's numbers (the
        # sticker, the brochure's back panel, the safety plan's back cover): a keyword
        # ("Text ABUSE to ...") or the line's own texting words are its, not the title's
        texting = ((resource.text.keyword, resource.text.description.get(lang))
                   if resource.text else ())
        found.extend((text, where) for text in (resource.tab_label_in(lang),
                                                resource.name_in(lang), resource.url,
                                                *texting, resource.hours_in(lang)) if text)
    return found
