"""The checks of a kit that content cannot make from below i18n and render: the fonts
site.yaml names read as fonts, the ICC profile reads as a CMYK output profile, a layout's
strings are new names, and each language's catalogues parse (read once for the kit and its
audience packs). Run by whoever loads a kit to build or check it: `load_checked_kit`
instead of content's `load_kit`, and `load_checked_site` for site.yaml alone (the web
page's drafts and the versions it restores)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from generator.content.caches import cached_layouts
from generator.content.extends import locale_root
from generator.content.kit_parts import line_numbers
from generator.content.layouts import declared_strings
from generator.content.load import load_kit, load_site
from generator.content.models import Kit, Site, Source
from generator.content.text_numbers import printed_text_problem
from generator.content.yamlfile import YamlDoc, load_yaml, parse_yaml
from generator.errors import Code, ContentError, Problem
from generator.i18n.font_check import font_problems
from generator.i18n.layout_strings import layout_string_problems
from generator.i18n.localize import BUILTIN_DIR, FALLBACK, language_status, load_strings
from generator.layout.compose import template_number_problems
from generator.render.cmyk import ProfileError, load_profile


def load_checked_kit(root: Path, allow_outside: tuple[Path, ...] = ()) -> Kit:
    """`load_kit` (the lines of `resources:` data read by the importers), then
    `checked_kit`: ContentError listing every problem found."""
    return checked_kit(load_kit(root, allow_outside, lines_from_source))


def lines_from_source(root: Path, source: dict[str, Any], country: str,
                      organization: str | None
                      ) -> tuple[Path, list[dict[str, Any]], list[Problem], list[Source]]:
    """content's `LinesFromSource`, by the importers, which stay unimported for a kit whose
    lines are its resources.yaml (`tests/test_imports.py`)."""
    from generator.importers.source import entries_from_source

    return entries_from_source(root, source, country, organization)


def checked_kit(kit: Kit) -> Kit:
    """`kit` with each language's interface strings (a catalogue that cannot be read breaks
    its language only, in `broken_strings`); ContentError with the kit's warnings and every
    problem of its fonts, its profile and its layouts' strings."""
    layouts = cached_layouts(kit.root)
    problems = [*site_problems(kit.site), *layout_string_problems(layouts.values()),
                *(problem for layout in layouts.values()
                  for problem in template_number_problems(
                      layout, kit.site.options.country, line_numbers(kit.resources)))]
    if problems:
        raise ContentError([*kit.warnings, *problems])
    layout_strings = declared_strings(layouts)
    strings: dict[str, dict[str, str]] = {}
    broken: dict[str, tuple[Problem, ...]] = {}
    for lang in kit.site.options.languages:
        try:
            strings[lang] = load_strings(lang, locale_root(kit.root, lang), layout_strings)
            numbers = printed_number_problems(lang, locale_root(kit.root, lang),
                                              layout_strings, kit.site.options.country,
                                              line_numbers(kit.resources))
            if numbers:
                raise ContentError(numbers)
        except ContentError as error:
            strings.pop(lang, None)
            broken[lang] = tuple(error.problems)
    packs = tuple(replace(pack, strings=strings, broken_strings=broken)
                  for pack in kit.audiences)
    return replace(kit, strings=strings, broken_strings=broken, audiences=packs)


def printed_number_problems(lang: str, root: Path, layout_strings: Mapping[str, str],
                            country: str, known: frozenset[str] = frozenset()
                            ) -> list[Problem]:
    """Each interface string of `lang` with a number in it that a line could not print for
    `country` (premium rate, not valid there, two scripts' digits: content/text_numbers.py),
    on its catalogue's line."""
    status = language_status(lang, root, layout_strings)
    problems = []
    for key, text in status.strings.items():
        problem = printed_text_problem(text, country, known=known)
        if problem is None:
            continue
        origin = status.origins.get(key)
        path = origin.path if origin is not None else BUILTIN_DIR / f"{FALLBACK}.yaml"
        line = load_yaml(path).line_of((key,)) if path.is_file() else None
        problems.append(problem.at(path, line, prefix=f"{key}: ", key=key))
    return problems


def load_checked_site(path: Path, text: str | None = None) -> Site:
    """`load_site` (`text`: site.yaml as it would be saved), then `site_problems`:
    ContentError listing every problem."""
    site = load_site(path, text)
    problems = site_problems(site, parse_yaml(text, path) if text is not None else None)
    if problems:
        raise ContentError(problems)
    return site


def site_problems(site: Site, doc: YamlDoc | None = None) -> list[Problem]:
    """What site.yaml names that is no font or no CMYK output profile (`doc`: site.yaml as
    read, when it is not the file on disk)."""
    return [*font_problems(site, doc), *profile_problems(site)]


def profile_problems(site: Site) -> list[Problem]:
    """A print shop's profile (`icc_profile:`, found inside the content folder by load_site)
    that is not a CMYK output profile."""
    if site.icc_profile is None:
        return []
    try:
        load_profile(site.icc_profile)
    except ProfileError as error:
        return [Problem(site.file_of("icc_profile"),
                        f"icc_profile: {site.options.icc_profile}: {error}",
                        site.line_of("icc_profile"), code=Code.PROFILE,
                        fields={"file": site.options.icc_profile, "reason": str(error)})]
    return []
