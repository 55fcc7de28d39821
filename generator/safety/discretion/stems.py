"""Word stems (Snowball), so that a listed word also catches its other forms.

A listed word matches the words that start with it ("abuse": "abusers"), but a word's other
forms often do not start with it: "suicide" and "suicidal", "escape" and "escaping",
Spanish "abuso" and "abusada", Russian "горячая линия" and "горячей линии". Snowball's
stemmers (PyStemmer, Snowball's C code; the stemmers Sphinx and Lucene use) take each form
to one stem.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from generator.engine import remembered

# The kit languages with a Snowball stemmer; the English list is stemmed as English in
# every kit.
ALGORITHMS = MappingProxyType({
    "en": "english", "es": "spanish", "fr": "french", "pt": "portuguese", "ru": "russian",
    "pl": "polish", "ar": "arabic", "fa": "persian", "hi": "hindi"})
# A stem shorter than this stands for too many words: a listed word is compared by a stem of
# MIN_STEM letters or more ("abus"); a word of a phrase, whose neighbours narrow it down, by
# one of MIN_PHRASE_STEM or more ("лин" of "горячая линия").
MIN_STEM = 4
MIN_PHRASE_STEM = 3


def algorithms_for(lang: str) -> tuple[str, ...]:
    """English's stemmer, then the language's own (zh-Hans, es-MX: by their base)."""
    own = ALGORITHMS.get(lang.split("-")[0])
    return tuple(dict.fromkeys(name for name in ("english", own) if name))


@remembered(16)
def _stemmer(algorithm: str) -> Any:
    import Stemmer  # only where a kit is checked for discretion

    return Stemmer.Stemmer(algorithm)


@remembered(1 << 15)
def stem(algorithm: str, word: str) -> str:
    """The stem of a normalised (NFKC, case-folded) word."""
    return str(_stemmer(algorithm).stemWord(word))
