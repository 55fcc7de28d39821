"""Finding a revealing word in printed text, however it is spelt or disguised.

Text and listed words go through the same steps before they are compared:
1. default-ignorable characters are removed (soft hyphen, zero-width space and joiners, word
   joiner, bidi controls, BOM...): they print as nothing, so "vio\\u00adlence" is "violence";
   so is the Arabic tatweel, which only stretches a joined word ("العنـــف");
2. NFKC and case folding: fullwidth, styled and compatibility letters become plain ones, and
   small capitals ("ᴠɪᴏʟᴇɴᴄᴇ") their letters;
3. each word is mapped to its confusable skeleton (Unicode TR39, see skeleton.py), so a
   Cyrillic "о" in "viоlence" compares equal to the Latin "o" it imitates, and folded again
   (a skeleton may be a capital: "0" is "O"). The words of a kit's own language have
   skeletons too: a Russian word compares with the skeleton of the Russian list's word, and
   still matches.

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
  anywhere, spaces in the text ignored;
- a listed word also matches text whose letters carry marks it does not write: accents or
  strokes added to a Latin or Cyrillic word ("viólence", "v̶iolence", a stress mark in
  "наси́лие", "Bạó lực"), Arabic vowel signs ("العُنف"), Hebrew points; a mark in place of
  the listed one makes another word ("bảo" is not "bạo");
- a word split by punctuation ("vio-lence", "vio**lence**", "vio·lence") or by a hyphen and
  a line break ("vio-\\nlence"), or spelt out letter by letter ("V I O L E N C E"), is also
  read whole (short listed words excepted: "D-V").
"""

from __future__ import annotations

import html
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
_TATWEEL = 0x0640
_SMALL_CAPITAL = "LATIN LETTER SMALL CAPITAL "
# Small capitals have no compatibility decomposition and few are in confusables.txt.
_SMALL_CAPITALS = {
    code: unicodedata.name(chr(code))[-1].lower()
    for block in ((0x0250, 0x02AF), (0x1D00, 0x1D7F), (0xA720, 0xA7FF))
    for code in range(block[0], block[1] + 1)
    if unicodedata.name(chr(code), "").startswith(_SMALL_CAPITAL)
    and len(unicodedata.name(chr(code))) == len(_SMALL_CAPITAL) + 1
}
_PLAIN = {**_IGNORABLE, _TATWEEL: None, **_SMALL_CAPITALS}


def is_ignorable(char: str) -> bool:
    return ord(char) in _IGNORABLE


def normalised(text: str) -> str:
    """Ignorables and tatweel removed, small capitals plain, NFKC, case folded (and NFKC
    again: folding can undo it)."""
    plain = unicodedata.normalize("NFKC", text.translate(_IGNORABLE)).translate(_PLAIN)
    plain = plain.casefold()
    return unicodedata.normalize("NFKC", plain)


def words_of(text: str) -> list[str]:
    """The words of already normalised text, keeping combining marks inside them
    (Devanagari vowel signs and Vietnamese tone marks are marks)."""
    return [word for _, word in _pieces(text)]


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
    markless: bool  # written without combining marks

    @property
    def joined(self) -> str:
        return "".join(self.parts)


# Arabic letters people often type in their plain form: alef with hamza or madda as alef,
# teh marbuta as heh ("ازمه" for "أزمة"), as Arabic search does.
_ARABIC_PLAIN_FORMS = str.maketrans({"أ": "ا", "إ": "ا", "آ": "ا", "ٱ": "ا", "ة": "ه"})


def _key(word: str) -> str:
    """A word as compared: Arabic letter forms made plain, its skeleton, folded again, in
    NFD."""
    return unicodedata.normalize("NFD", skeleton(word.translate(_ARABIC_PLAIN_FORMS)).casefold())


def _bare(text: str) -> str:
    """Text in NFD without its combining marks."""
    return "".join(char for char in text if not unicodedata.category(char).startswith("M"))


def term(entry: str) -> Term | None:
    """A list entry as a Term; None for an entry with no letters."""
    listed = " ".join(normalised(entry).split())
    parts = words_of(listed)
    if not parts:
        return None
    return Term(listed, tuple(_key(part) for part in parts),
                whole_word=len(parts) == 1 and _is_short(parts[0]),
                unspaced=_unspaced(listed),
                markless=_bare(unicodedata.normalize("NFD", listed)) == unicodedata.normalize(
                    "NFD", listed))


@remembered(256)
def terms(entries: tuple[str, ...]) -> tuple[Term, ...]:
    found = (term(entry) for entry in entries)
    return tuple(dict.fromkeys(t for t in found if t is not None))


def _starts(word: str, part: str) -> bool:
    """`word` begins with `part`, and not in the middle of a letter with its marks."""
    return word.startswith(part) and (
        len(word) == len(part) or not unicodedata.category(word[len(part)]).startswith("M"))


def _splits_a_word(gap: str) -> bool:
    """What stands between two pieces of one word: punctuation with no space, or a dash and
    then a line break or spaces ("vio-\\nlence" prints "vio- lence"). A space alone does
    not: "lá nhỏ" (Vietnamese) is not "lánh"."""
    stripped = gap.rstrip()
    return stripped != "" and not any(char.isspace() for char in stripped) and (
        stripped == gap or unicodedata.category(stripped[-1]) == "Pd")


def _in_word(char: str) -> bool:
    return char.isalnum() or unicodedata.category(char).startswith("M")


def _pieces(text: str) -> list[tuple[str, str]]:
    """(what stands before it, word) for each word of normalised text."""
    pieces: list[tuple[str, str]] = []
    gap, current = "", ""
    for char in text:
        if _in_word(char):
            current += char
        else:
            if current:
                pieces.append((gap, current))
                gap, current = "", ""
            gap += char
    if current:
        pieces.append((gap, current))
    return pieces


def _glued(text: str) -> list[str]:
    """The words of normalised text that are run together once what splits them inside a
    word (`_splits_a_word`) is taken out, and letters spaced out one by one ("V I O L E N C
    E") read together. Each run of two words or more."""
    runs: list[list[str]] = []
    for gap, word in _pieces(text):
        spaced = bool(runs) and gap.isspace() and len(word) == 1 == len(runs[-1][-1])
        if runs and (_splits_a_word(gap) or spaced):
            runs[-1].append(word)
        else:
            runs.append([word])
    return ["".join(run) for run in runs if len(run) > 1]


@dataclass(frozen=True)
class _Words:
    """The words of a text as compared (keys), indexed by their first character."""

    words: list[str]
    by_first: dict[str, list[int]]
    run_together: str  # for scripts without spaces
    bare_run_together: str  # the same without the combining marks it is written with
    glued: list[str]  # words split inside by punctuation, read whole

    @classmethod
    def of(cls, text: str) -> _Words:
        plain = normalised(text)
        words = [_key(word) for word in words_of(plain)]
        by_first: dict[str, list[int]] = {}
        for index, word in enumerate(words):
            by_first.setdefault(word[:1], []).append(index)
        bare = "".join(_key(word) for word in words_of(_bare(unicodedata.normalize("NFD", plain))))
        return cls(words, by_first, "".join(words), bare, [_key(word) for word in _glued(plain)])


def _clusters(key: str) -> list[tuple[str, frozenset[str]]]:
    """A key as its letters, each with the combining marks written on it."""
    clusters: list[tuple[str, set[str]]] = []
    for char in key:
        if unicodedata.category(char).startswith("M") and clusters:
            clusters[-1][1].add(char)
        else:
            clusters.append((char, set()))
    return [(letter, frozenset(marks)) for letter, marks in clusters]


def _covers(word: str, part: str, whole: bool) -> bool:
    """`word` is `part` (`whole`) or starts with it, letter by letter, each letter of `word`
    carrying at least the marks of the listed one: a mark the list does not write ("viólence",
    "Bạó lực") hides nothing, a different one ("bảo" for "bạo") is another word."""
    if word == part or (not whole and _starts(word, part)):
        return True
    if word[:1] != part[:1]:
        return False
    letters, listed = _clusters(word), _clusters(part)
    if len(letters) < len(listed) or (whole and len(letters) != len(listed)):
        return False
    return all(letter == want and marks >= wanted
               for (letter, marks), (want, wanted) in zip(letters, listed, strict=False))


def _found(term_: Term, text: _Words) -> bool:
    if term_.unspaced:
        return term_.joined in text.run_together or (
            term_.markless and term_.joined in text.bare_run_together)
    words = text.words
    first = term_.parts[0]
    candidates = text.by_first.get(first[:1], ())
    if term_.whole_word:
        return any(_covers(words[i], first, whole=True) for i in candidates)
    *leading, last = term_.parts
    size = len(term_.parts)
    for start in candidates:
        end = start + size - 1
        if (end < len(words)
                and all(_covers(word, part, whole=True)
                        for word, part in zip(words[start:end], leading, strict=True))
                and _covers(words[end], last, whole=False)):
            return True
    if size > 1 and any(_covers(words[i], term_.joined, whole=False) for i in candidates):
        return True
    return any(_covers(word, term_.joined, whole=False) for word in text.glued)


def revealing_terms_in(text: str, listed: tuple[Term, ...]) -> list[str]:
    """The listed terms (as normalised) found in `text`, in list order. Text that carries an
    HTML entity ("vi&#111;lence" prints as written) is also read with it decoded."""
    found: set[Term] = set()
    for variant in dict.fromkeys((text, html.unescape(text))):
        words = _Words.of(variant)
        found.update(t for t in listed if _found(t, words))
    return [t.listed for t in listed if t in found]
