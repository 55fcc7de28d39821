"""Plain language: a reading grade per article, where a formula exists for the language."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from generator.content.articles import first_sentence
from generator.content.models import Article
from generator.engine import remembered
from generator.errors import Code, Problem, shortened

if TYPE_CHECKING:
    from pyphen import Pyphen

GRADE_LIMIT = 8.0
SENTENCE_SHOWN = 400
LONGEST_SHOWN = 3


_WORD = re.compile(r"\w+(?:['’]\w+)*")


@dataclass(frozen=True)
class Counts:
    sentences: int
    words: int
    syllables: int


@dataclass(frozen=True)
class Formula:
    name: str
    hyphenation: str  # pyphen's dictionary, whose hyphenation points count syllables

    def grade(self, counts: Counts) -> float:
        raise NotImplementedError


class FleschKincaid(Formula):
    """Grade = 0.39 words per sentence + 11.8 syllables per word - 15.59 (Kincaid et al.,
    1975)."""

    def grade(self, counts: Counts) -> float:
        return (0.39 * counts.words / counts.sentences
                + 11.8 * counts.syllables / counts.words - 15.59)


class Crawford(Formula):
    """Years of school = -0.205 sentences per 100 words + 0.049 syllables per 100 words
    - 3.407 (Crawford, 1984, for Spanish)."""

    def grade(self, counts: Counts) -> float:
        return (-0.205 * 100 * counts.sentences / counts.words
                + 0.049 * 100 * counts.syllables / counts.words - 3.407)


FORMULAS: Mapping[str, Formula] = MappingProxyType({
    "en": FleschKincaid("Flesch-Kincaid grade", "en_US"),
    "es": Crawford("Crawford (years of school)", "es"),
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


@remembered(4)
def _hyphenator(dictionary: str) -> Pyphen:
    from pyphen import Pyphen  # only `check` reports reading grades

    return Pyphen(lang=dictionary)


def counts_of(text: str, formula: Formula) -> Counts:
    """Sentences (as `sentences` finds them, those with a word), words, and syllables (a
    word's hyphenation points plus one)."""
    hyphenator = _hyphenator(formula.hyphenation)
    words = _WORD.findall(text)
    return Counts(
        sentences=max(1, sum(1 for sentence in sentences(text) if _WORD.search(sentence))),
        words=len(words),
        syllables=sum(len(hyphenator.positions(word)) + 1 for word in words))


def reading_report(article: Article) -> list[Problem]:
    """An info line with the grade, or a warning naming the longest sentences above grade 8."""
    path = article.source.path if article.source else article.slug
    formula = FORMULAS.get(article.lang.split("-")[0])
    if formula is None:
        return [Problem(path, f"no readability formula for '{article.lang}'; ask a native "
                              "speaker to check the reading level", severity="info",
                        code=Code.NO_READING_FORMULA, lang=article.lang)]
    text = article_text(article)
    counts = counts_of(text, formula)
    if not counts.words:
        return []
    grade = round(formula.grade(counts), 1)
    if grade <= GRADE_LIMIT:
        return [Problem(path, f"reading grade {grade:.1f} ({formula.name})", severity="info",
                        code=Code.READING_GRADE, lang=article.lang,
                        fields={"grade": grade, "formula": formula.name})]
    counted = sorted(((len(re.findall(r"\w+", s)), s) for s in sentences(text)),
                     key=lambda pair: pair[0], reverse=True)
    # A sentence is shown whole up to SENTENCE_SHOWN characters, else its start and end: a
    # paragraph pasted without full stops (250 KB) is named, not printed.
    longest = [shortened(s, SENTENCE_SHOWN) + (f" ({count:,} words)"
                                                if len(s) > SENTENCE_SHOWN else "")
               for count, s in counted[:LONGEST_SHOWN]]
    shown = "; ".join(f"\"{shortened(s, SENTENCE_SHOWN)}\""
                      + (f" ({count:,} words)" if len(s) > SENTENCE_SHOWN else "")
                      for count, s in counted[:LONGEST_SHOWN])
    return [Problem(path, (f"reading grade {grade:.1f} ({formula.name}) is above "
                           f"{GRADE_LIMIT:g}: aim for short sentences and common words. "
                           f"Longest sentences: {shown}"), severity="warning",
                    code=Code.READING_ABOVE, lang=article.lang, fields={
                        "grade": grade, "formula": formula.name, "limit": GRADE_LIMIT,
                        "sentences": tuple(longest)})]
