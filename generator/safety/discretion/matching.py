"""Finding a revealing word in printed text, however it is spelt or disguised.

Text and listed words go through the same steps before they are compared:
1. default-ignorable characters are removed (soft hyphen, zero-width space and joiners, word
   joiner, bidi controls, BOM...): they print as nothing, so "vio\\u00adlence" is "violence";
2. NFKC and case folding: fullwidth, styled and compatibility letters become plain ones;
3. each word is mapped to its confusable skeleton (Unicode TR39, see skeleton.py), so a
   Cyrillic "о" in "viоlence" compares equal to the Latin "o" it imitates. The words of a
   kit's own language have skeletons too: a Russian word compares with the skeleton of the
   Russian list's word, and still matches.

Then, word by word (words are runs of letters, digits and combining marks):
- a listed word matches the start of a word: "abuse" catches "Abusers";
- a short listed word (SHORT_WORD letters or fewer: "dv", Vietnamese syllables, Arabic
  three-letter roots) matches a whole word only, so "dv" does not catch "advice";
  Hangul syllables are not counted as short: each stands for a syllable of two or three
  letters ("위기" catches "위기에");
- a listed phrase ("safe house") matches its words in a row, whatever separates them
  ("safe-house", "Safe  House"), the last one by its start, and also run together
  ("safehouse");
- in scripts written without spaces (Chinese, Japanese, Thai) a listed word matches
  anywhere, spaces in the text ignored.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from generator.engine import remembered
from generator.safety.discretion.skeleton import skeleton

SHORT_WORD = 3

# Default_Ignorable_Code_Point (Unicode's DerivedCoreProperties.txt, stable since 6.0).
_IGNORABLE_RANGES = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
    (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
    (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
_IGNORABLE = {code: None for first, last in _IGNORABLE_RANGES
              for code in range(first, last + 1)}


def is_ignorable(char: str) -> bool:
    return ord(char) in _IGNORABLE


def normalised(text: str) -> str:
    """Ignorables removed, NFKC, case folded (and NFKC again: folding can undo it)."""
    plain = unicodedata.normalize("NFKC", text.translate(_IGNORABLE)).casefold()
    return unicodedata.normalize("NFKC", plain)


def words_of(text: str) -> list[str]:
    """The words of already normalised text, keeping combining marks inside them
    (Devanagari vowel signs and Vietnamese tone marks are marks)."""
    words, current = [], []
    for char in text:
        if char.isalnum() or unicodedata.category(char).startswith("M"):
            current.append(char)
        elif current:
            words.append("".join(current))
            current = []
    if current:
        words.append("".join(current))
    return words


def _unspaced(word: str) -> bool:
    """Scripts written without spaces between words (Chinese, Japanese, Thai)."""
    return any(unicodedata.name(char, "").startswith(("CJK", "HIRAGANA", "KATAKANA", "THAI"))
               for char in word)


def _is_short(word: str) -> bool:
    return len(word) <= SHORT_WORD and not any(
        unicodedata.name(char, "").startswith("HANGUL") for char in word)


@dataclass(frozen=True)
class Term:
    """A listed word or phrase, ready to compare."""

    listed: str  # normalised, as messages show it
    parts: tuple[str, ...]  # the skeleton of each of its words
    whole_word: bool
    unspaced: bool

    @property
    def joined(self) -> str:
        return "".join(self.parts)


def term(entry: str) -> Term | None:
    """A list entry as a Term; None for an entry with no letters."""
    listed = " ".join(normalised(entry).split())
    parts = words_of(listed)
    if not parts:
        return None
    return Term(listed, tuple(skeleton(part) for part in parts),
                whole_word=len(parts) == 1 and _is_short(parts[0]),
                unspaced=_unspaced(listed))


@remembered(256)
def terms(entries: tuple[str, ...]) -> tuple[Term, ...]:
    found = (term(entry) for entry in entries)
    return tuple(dict.fromkeys(t for t in found if t is not None))


def _starts(word: str, part: str) -> bool:
    """`word` begins with `part`, and not in the middle of a letter with its marks."""
    return word.startswith(part) and (
        len(word) == len(part) or not unicodedata.category(word[len(part)]).startswith("M"))


@dataclass(frozen=True)
class _Words:
    """The words of a text as skeletons, indexed by their first character."""

    words: list[str]
    by_first: dict[str, list[int]]
    run_together: str  # for scripts without spaces

    @classmethod
    def of(cls, text: str) -> _Words:
        plain = words_of(normalised(text))
        words = [skeleton(word) for word in plain]
        by_first: dict[str, list[int]] = {}
        for index, word in enumerate(words):
            by_first.setdefault(word[:1], []).append(index)
        return cls(words, by_first, skeleton("".join(plain)))


def _found(term_: Term, text: _Words) -> bool:
    if term_.unspaced:
        return term_.joined in text.run_together
    words = text.words
    first = term_.parts[0]
    if term_.whole_word:
        return any(words[i] == first for i in text.by_first.get(first[:1], ()))
    *leading, last = term_.parts
    size = len(term_.parts)
    for start in text.by_first.get(first[:1], ()):
        end = start + size - 1
        if (end < len(words) and words[start:end] == leading
                and _starts(words[end], last)):
            return True
    return size > 1 and any(_starts(words[i], term_.joined)
                            for i in text.by_first.get(first[:1], ()))


def revealing_terms_in(text: str, listed: tuple[Term, ...]) -> list[str]:
    """The listed terms (as normalised) found in `text`, in list order."""
    words = _Words.of(text)
    return [t.listed for t in listed if _found(t, words)]
