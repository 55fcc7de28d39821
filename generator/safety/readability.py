"""Plain language: a reading grade per article, where a formula exists for the language."""

from __future__ import annotations

import re
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from generator.content.articles import first_sentence
from generator.content.models import Article
from generator.engine import engine
from generator.errors import Problem

GRADE_LIMIT = 8.0
LONGEST_SHOWN = 3


@dataclass(frozen=True)
class Formula:
    name: str
    textstat_lang: str
    textstat_function: str


FORMULAS = MappingProxyType({
    "en": Formula("Flesch-Kincaid grade", "en_US", "flesch_kincaid_grade"),
    "es": Formula("Crawford (years of school)", "es_ES", "crawford"),
})


def article_text(article: Article) -> str:
    return "\n".join(p for section in article.sections for p in section.paragraphs)


def sentences(text: str) -> list[str]:
    """Sentences paragraph by paragraph (list items are sentences of their own)."""
    found = []
    for paragraph in text.splitlines():
        rest = " ".join(paragraph.removeprefix("• ").split())
        while rest:
            sentence = first_sentence(rest) or rest
            found.append(sentence)
            rest = rest[len(sentence):].strip()
    return found


def _counters(lang: str) -> Any:
    """textstat's counters for a language, kept by the engine, each an object of its own:
    textstat's module functions share one whose set_lang changes the whole process's."""
    store = engine().readability
    counters = store.get(lang)
    if counters is None:
        from textstat.textstat import textstatistics  # 0.2 s; only `check` reports grades

        counters = textstatistics()
        counters.set_lang(lang)
        store.remember(lang, counters)
    return counters


def reading_report(article: Article) -> list[Problem]:
    """An info line with the grade, or a warning naming the longest sentences above grade 8."""
    path = article.source.path if article.source else article.slug
    formula = FORMULAS.get(article.lang.split("-")[0])
    if formula is None:
        return [Problem(path, f"no readability formula for '{article.lang}'; ask a native "
                              "speaker to check the reading level", severity="info")]
    text = article_text(article)
    grade = float(getattr(_counters(formula.textstat_lang), formula.textstat_function)(text))
    if grade <= GRADE_LIMIT:
        return [Problem(path, f"reading grade {grade:.1f} ({formula.name})", severity="info")]
    longest = sorted(sentences(text), key=lambda s: len(re.findall(r"\w+", s)), reverse=True)
    shown = "; ".join(f"\"{s}\"" for s in longest[:LONGEST_SHOWN])
    return [Problem(path, (f"reading grade {grade:.1f} ({formula.name}) is above "
                           f"{GRADE_LIMIT:g}: aim for short sentences and common words. "
                           f"Longest sentences: {shown}"), severity="warning")]
