"""Plain language: a reading grade per article, where a formula exists for the language."""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.content.articles import first_sentence
from generator.content.models import Article
from generator.errors import Problem

GRADE_LIMIT = 8.0
LONGEST_SHOWN = 3


@dataclass(frozen=True)
class Formula:
    name: str
    textstat_lang: str
    textstat_function: str


FORMULAS = {
    "en": Formula("Flesch-Kincaid grade", "en_US", "flesch_kincaid_grade"),
    "es": Formula("Crawford (years of school)", "es_ES", "crawford"),
}


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


def reading_report(article: Article) -> list[Problem]:
    """An info line with the grade, or a warning naming the longest sentences above grade 8."""
    path = article.source.path if article.source else article.slug
    formula = FORMULAS.get(article.lang.split("-")[0])
    if formula is None:
        return [Problem(path, f"no readability formula for '{article.lang}'; ask a native "
                              "speaker to check the reading level", severity="info")]
    import textstat  # 0.2 s to import, and only `check` reports reading grades

    text = article_text(article)
    textstat.set_lang(formula.textstat_lang)
    grade = float(getattr(textstat, formula.textstat_function)(text))
    if grade <= GRADE_LIMIT:
        return [Problem(path, f"reading grade {grade:.1f} ({formula.name})", severity="info")]
    longest = sorted(sentences(text), key=lambda s: len(re.findall(r"\w+", s)), reverse=True)
    shown = "; ".join(f"\"{s}\"" for s in longest[:LONGEST_SHOWN])
    return [Problem(path, (f"reading grade {grade:.1f} ({formula.name}) is above "
                           f"{GRADE_LIMIT:g}: aim for short sentences and common words. "
                           f"Longest sentences: {shown}"), severity="warning")]
