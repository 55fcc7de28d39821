"""What the Settings page checks as a volunteer types, each on its field: the values (see
field_checks.py), site.yaml as `check` would load it, and what the settings say on the
outside of the pieces (a title or an organisation's name that would give the card away, a
language whose outside cannot be checked, a language with no outside title of its own), and
what another country does to the lines' numbers."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from generator.content.kit_parts import load_resources
from generator.content.language_tags import given_for
from generator.content.models import Site
from generator.content.yamlfile import YamlDoc
from generator.errors import ContentError, Problem, Severity
from generator.safety.discretion import lexicon, outside_words, unchecked_language
from generator.serve.drafts import Remark
from generator.serve.field_checks import (
    name_problem,
    text_problem,
    title_problem,
    url_problem,
    word_problem,
)
from generator.serve.languages import english_name
from generator.serve.plain import Words, plain
from generator.serve.site_form import settings_field, split_words


def value_remarks(submitted: Mapping[str, Any]) -> list[Remark]:
    """The values as typed, before they are written."""
    remarks = []

    def error(key: str, message: str) -> None:
        remarks.append(Remark(message, "error", field=key, blocking=True))

    for key, value in submitted.items():
        if not isinstance(value, str):
            continue
        text = value.strip()
        if key == "organization":
            problem = "is empty: write your organisation's name" if not text else name_problem(
                text)
            if problem:
                error(key, f"The organisation's name {problem}.")
        elif key.startswith("title@") and text:
            if problem := title_problem(text):
                error(key, f"The outside title {problem}.")
        elif key.startswith("card@") and text:
            if problem := text_problem(text, 200):
                error(key, f"The card's line {problem}.")
        elif key.startswith("words@") or key == "words":
            for word in split_words(text):
                if problem := word_problem(word):
                    error(key, f"“{word[:30]}” {problem}.")
        elif key == "website" and text and (problem := url_problem(text)):
            error(key, f"This web address {problem}.")
        elif key in ("country", "emergency_number", "bleed") and (
                problem := text_problem(text, 20)):
            error(key, f"This {problem}.")
    return remarks


def load_remarks(error: ContentError, doc: YamlDoc | None, first_lang: str,
                 words: Words) -> list[Remark]:
    """What stops site.yaml (as it would be saved) from loading, each on its field."""
    by_line: dict[int, tuple[str | int, ...]] = {}
    for key, line in (doc.lines.items() if doc is not None else ()):
        if line not in by_line or len(key) > len(by_line[line]):
            by_line[line] = key
    remarks = []
    for problem in error.problems:
        key = by_line.get(problem.line or 0, ())
        field = settings_field(key)
        if field in ("title@", "card@"):
            field = f"{field}{first_lang}"
        said = plain(problem, words, on_field=bool(key))
        remarks.append(Remark(said.text, problem.severity, problem.line, field=field,
                              blocking=True))
    return remarks


def outside_remarks(site: Site) -> list[Remark]:
    """What the settings put on the outside of every language's pieces."""
    remarks = []
    languages = list(site.options.languages)
    first = languages[0]
    for lang in languages:
        name = english_name(lang)
        unchecked = unchecked_language(site, lang)
        if unchecked is not None and site.options.discreet:
            remarks.append(Remark(
                f"havenprint has no list of {name} words that would give the card away, so "
                f"the outside of the {name} pieces cannot be checked: write such words here "
                f"(violence, abuse, shelter, hotline… in {name}), one a line.", "error",
                field=f"words@{lang}"))
        title = site.title_for(lang)
        field = f"title@{lang}" if lang in site.discreet_titles else f"title@{first}"
        if unchecked is None:
            shown = site.options.organization if site.options.show_organization else ""
            for found in outside_words(lexicon(site, lang), {"title": title,
                                                             "organization": shown},
                                       tells=False):
                severity: Severity = "error" if found.refused else "warning"
                if found.where == "title":
                    remarks.append(Remark(
                        f"“{found.word}”{found.whose} in the {name} outside title would "
                        "show what the card is for to anyone who sees it: choose neutral words "
                        "(“Wellness contacts”).", severity, field=field))
                else:
                    remarks.append(Remark(
                        f"“{found.word}”{found.whose} in the organisation's name would "
                        f"show on the outside of the {name} pieces: untick “Print the "
                        "organisation's name on the outside”, or print it only inside.",
                        severity, field="organization"))
        if (lang != first and given_for(site.discreet_titles, lang) is None
                and lang.split("-")[0] != first.split("-")[0]):
            remarks.append(Remark(
                f"No {name} outside title: the {name} pieces print “{title}”. Write it in "
                f"{name} here.", "warning", field=f"title@{lang}"))
    return remarks


def lines_remarks(site: Site, resources: Path, words: Words) -> list[Remark]:
    """The lines' numbers, checked for the settings' country: a warning on the country when
    some are not valid there."""
    if not resources.is_file() or site.resource_source is not None:
        return []
    try:
        load_resources(resources, site)
    except ContentError as error:
        numbers = [p for p in error.problems if _about_a_number(p)]
        if not numbers:
            return []
        first = plain(numbers[0], words, on_field=True).text
        return [Remark(
            f"With the country {site.options.country}, {len(numbers)} of the lines' numbers "
            f"are not valid (the first: {first}): fix them on the Lines page, or choose the "
            "country they are in.", "warning", field="country")]
    return []


def _about_a_number(problem: Problem) -> bool:
    """A line's number found not valid (the schema's check of it, or the published one's)."""
    where = problem.fields.get("field", problem.fields.get("key"))
    return problem.fields.get("name") is not None and where in ("phone", "tty", "text.number")
