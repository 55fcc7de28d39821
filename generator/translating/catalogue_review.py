"""What `havenprint check` and the web page say about the interface catalogues, per language:
strings that still print in English, and catalogues a native speaker has not reviewed."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from generator.content.caches import cached_layouts
from generator.content.extends import locale_root
from generator.content.hebrew_marks import hebrew_mark_problems
from generator.content.layouts import declared_strings
from generator.errors import Code, ContentError, Problem, Severity
from generator.i18n.localize import (
    BUILTIN_DIR,
    Catalogue,
    LanguageStatus,
    builtin_catalogue_path,
    language_status,
    role_order,
    site_catalogue_path,
)


def locale_problems(content_root: Path, langs: Iterable[str],
                    strict: bool = False) -> list[Problem]:
    """Per language: strings that print in English, and catalogues drafted without a native
    speaker. Warnings, or errors with `strict`. A broken catalogue is left to the build."""
    severity: Severity = "error" if strict else "warning"
    problems = []
    layout_strings = declared_strings(cached_layouts(content_root))
    for lang in langs:
        try:
            status = language_status(lang, locale_root(content_root, lang), layout_strings)
        except ContentError:
            continue
        problems.extend(_fallback_problems(status, content_root, severity))
        problems.extend(_review_problems(status, content_root, severity))
        problems.extend(_hebrew_mark_problems(status))
        problems.extend(_order_notes(status))
    return problems


def _order_notes(status: LanguageStatus) -> list[Problem]:
    """A site's translation of a message with two number-like placeholders (what to text
    and where) in a language havenprint has no translation of to compare the order with
    (localize._order_problem does where it has): a note asking a second speaker to check."""
    if builtin_catalogue_path(status.lang) is not None:
        return []
    problems = []
    for key, english_text in status.english.items():
        catalogue = status.origins.get(key)
        if catalogue is None or _builtin(catalogue) or len(set(role_order(english_text))) < 2:
            continue
        problems.append(Problem(catalogue.path, (
            f"{status.lang}: {key}: havenprint has no {status.lang} translation to compare "
            f"its placeholders' order with; have a second speaker check that each of "
            f"{' and '.join(f'{{{n}}}' for n in role_order(english_text))} says what it "
            f"stands for ({english_text!r} in English)"), severity="info",
            code=Code.PLACEHOLDER_ORDER_UNCHECKED, lang=status.lang, fields={"key": key}))
    return problems


def _hebrew_mark_problems(status: LanguageStatus) -> list[Problem]:
    """A Hebrew string with a quote written for a geresh or gershayim: printed right (the
    build prints the marks), but wrong in the screen copies' and web page's text."""
    if status.lang.split("-")[0] not in ("he", "yi"):
        return []
    problems = []
    for key, text in status.strings.items():
        catalogue = status.origins.get(key)
        words = hebrew_mark_problems(text) if catalogue is not None else []
        if words:
            problems.append(Problem(catalogue.path if catalogue else key, (
                f"{status.lang}: {key}: a quote written for a geresh (׳ U+05F3) or gershayim "
                f"(״ U+05F4): {', '.join(words)}"), severity="warning",
                code=Code.HEBREW_QUOTES, lang=status.lang,
                fields={"key": key, "words": tuple(words)}))
    return problems


def _fallback_problems(status: LanguageStatus, root: Path, severity: Severity) -> list[Problem]:
    if not status.fallbacks:
        return []
    lang, count = status.lang, len(status.fallbacks)
    init = f"`havenprint locale init {lang}`"
    if not status.catalogues:
        return [Problem(site_catalogue_path(lang, root), (
            f"{lang}: no interface strings in this language: all {count} print in English; "
            f"{init} writes a file to translate them in"), severity=severity,
            code=Code.NO_CATALOGUE, lang=lang, fields={"count": count})]
    where = status.catalogues[-1]
    parts = []
    if status.missing:
        parts.append(f"missing {', '.join(status.missing)}")
    if status.untranslated:
        parts.append(f"marked untranslated {', '.join(status.untranslated)}")
    fix = (f"{init} copies the strings into your content folder to translate"
           if _builtin(where)
           else "translate them in this file")
    strings = "string prints" if count == 1 else "strings print"
    return [Problem(where.path, (f"{lang} ({status.language}): {count} interface {strings} "
                                 f"in English ({'; '.join(parts)}); {fix}"), severity=severity,
                    code=Code.IN_ENGLISH, lang=lang,
                    fields={"count": count, "missing": tuple(status.missing),
                            "untranslated": tuple(status.untranslated),
                            "builtin": int(_builtin(where))})]


def _review_problems(status: LanguageStatus, root: Path, severity: Severity) -> list[Problem]:
    problems = []
    for catalogue in status.unreviewed:
        used = sum(origin is catalogue for origin in status.origins.values())
        strings = "string needs" if used == 1 else "strings need"
        note = f" (note: {catalogue.meta.note})" if catalogue.meta.note else ""
        site_file = site_catalogue_path(status.lang, root)
        if _builtin(catalogue) and site_file.is_file():
            fix = (f"have a native speaker check them, copy them into {site_file} and set "
                   "`needs_review: false` there")
        elif _builtin(catalogue):
            fix = (f"run `havenprint locale init {status.lang}`, have a native speaker check "
                   f"{site_file}, then set `needs_review: false` in it")
        else:
            fix = "have a native speaker check it, then set `needs_review: false` in its _meta"
        problems.append(Problem(catalogue.path, (
            f"{status.lang} ({status.language}): {used} interface {strings} review by a "
            f"native speaker{note}; {fix}"), severity=severity, code=Code.UNREVIEWED,
            lang=status.lang, fields={"count": used, "note": catalogue.meta.note}))
    return problems


def _builtin(catalogue: Catalogue) -> bool:
    return catalogue.path.parent == BUILTIN_DIR
