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
- a listed word also matches its other forms, by their stem (stems.py): "suicide" catches
  "Suicidal"; the words of a phrase too ("горячей линии" for "горячая линия"). A word found
  only so is named when no other listed word is found there ("abusers" names "abuse" and
  "abuser", not "abusive" as well);
- a listed word of COMPOUND letters or more also matches inside a longer word
  ("nonviolence", "thehotline.org") and written as two words of PIECE letters or more each
  ("Hot line", "Dom\nestic" broken across lines);
- a short listed word (SHORT_WORD letters or fewer: "dv", Vietnamese syllables, Arabic
  three-letter roots) matches a whole word only, so "dv" does not catch "advice"; its
  letters are also read together whatever separates them ("D.V.", "D V", "d/v", "I.P.V.").
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
  read whole.
"""

from __future__ import annotations

import html
import unicodedata
from dataclasses import dataclass
from itertools import pairwise
from types import MappingProxyType

from generator.engine import remembered
from generator.safety.discretion.skeleton import skeleton
from generator.safety.discretion.stems import MIN_PHRASE_STEM, MIN_STEM, algorithms_for, stem

SHORT_WORD = 3
COMPOUND = 7  # letters a listed word needs to be read inside or across words
PIECE = 3  # letters each piece of a word written apart needs ("Hot line", "Dom estic")

# Default_Ignorable_Code_Point (Unicode's DerivedCoreProperties.txt, stable since 6.0).
_IGNORABLE_RANGES = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
    (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
    (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
_IGNORABLE = MappingProxyType({code: None for first, last in _IGNORABLE_RANGES
                               for code in range(first, last + 1)})
_TATWEEL = 0x0640
_SMALL_CAPITAL = "LATIN LETTER SMALL CAPITAL "
# Small capitals have no compatibility decomposition and few are in confusables.txt.
_SMALL_CAPITALS = MappingProxyType({
    code: unicodedata.name(chr(code))[-1].lower()
    for block in ((0x0250, 0x02AF), (0x1D00, 0x1D7F), (0xA720, 0xA7FF))
    for code in range(block[0], block[1] + 1)
    if unicodedata.name(chr(code), "").startswith(_SMALL_CAPITAL)
    and len(unicodedata.name(chr(code))) == len(_SMALL_CAPITAL) + 1
})
_PLAIN = MappingProxyType({**_IGNORABLE, _TATWEEL: None, **_SMALL_CAPITALS})


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
    # (stemmer, the key of each part's stem, "" where too short): see stems.py
    stems: tuple[tuple[str, tuple[str, ...]], ...] = ()
    letters: int = 0  # how many letters a one-word term has (its marks not counted)

    @property
    def joined(self) -> str:
        return "".join(self.parts)

    @property
    def compound(self) -> bool:
        """A one-word term long enough to be found inside a longer word ("nonviolence",
        "thehotline.org") or written as two ("Hot line"); shorter ones would be found
        inside everyday words and phrases ("нас или" is "us or")."""
        return len(self.parts) == 1 and not self.unspaced and self.letters >= COMPOUND


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


def term(entry: str, algorithms: tuple[str, ...] = ()) -> Term | None:
    """A list entry as a Term, with its stems under each of `algorithms`; None for an entry
    with no letters."""
    listed = " ".join(normalised(entry).split())
    words = words_of(listed)
    if not words:
        return None
    whole_word = len(words) == 1 and _is_short(words[0])
    unspaced = _unspaced(listed)
    shortest = MIN_STEM if len(words) == 1 else MIN_PHRASE_STEM
    stems = () if whole_word or unspaced else tuple(
        (algorithm, tuple(_key(stem(algorithm, word)) if len(stem(algorithm, word)) >= shortest
                          else "" for word in words))
        for algorithm in algorithms)
    bare = _bare(unicodedata.normalize("NFD", listed))
    return Term(listed, tuple(_key(word) for word in words), whole_word=whole_word,
                unspaced=unspaced, markless=bare == unicodedata.normalize("NFD", listed),
                stems=stems, letters=sum(1 for char in bare if char.isalpha()))


@remembered(256)
def terms(entries: tuple[str, ...], lang: str = "en") -> tuple[Term, ...]:
    """The entries as Terms, stemmed as English and as `lang`."""
    algorithms = algorithms_for(lang)
    found = (term(entry, algorithms) for entry in entries)
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


def _glued(pieces: list[tuple[str, str]]) -> list[str]:
    """The words of normalised text that are run together once what splits them inside a
    word (`_splits_a_word`) is taken out, and letters spaced out one by one ("V I O L E N C
    E") read together. Each run of two words or more."""
    runs: list[list[str]] = []
    for gap, word in pieces:
        spaced = bool(runs) and gap.isspace() and len(word) == 1 == len(runs[-1][-1])
        if runs and (_splits_a_word(gap) or spaced):
            runs[-1].append(word)
        else:
            runs.append([word])
    return ["".join(run) for run in runs if len(run) > 1]


# What may stand between the letters of an abbreviation: "D.V.", "D. V.", "D-V", "d/v", "D V".
_INITIALS_GAP = frozenset({"", ".", "-", "/", "·", "_", "\u2010", "\u2011", "\u2013"})


def _initials(pieces: list[tuple[str, str]]) -> list[str]:
    """Runs of two or more single letters written apart ("I.P.V.", "D V"), read together."""
    runs: list[list[str]] = []
    for gap, word in pieces:
        joins = (bool(runs) and len(word) == 1 == len(runs[-1][-1]) and len(gap) <= 3
                 and gap.strip() in _INITIALS_GAP)
        if joins:
            runs[-1].append(word)
        else:
            runs.append([word])
    return ["".join(run) for run in runs if len(run) > 1]


def _written_apart(pieces: list[tuple[str, str]]) -> list[str]:
    """Two neighbouring words read as one ("Hot line", "Dom\nestic"), where each has at least
    PIECE letters: how a listed compound is written apart or broken across lines."""
    return [first + second for (_, first), (gap, second) in pairwise(pieces)
            if gap.isspace() and min(len(_bare(first)), len(_bare(second))) >= PIECE]


class _Words:
    """The words of a text as compared (keys), indexed by their first character."""

    def __init__(self, text: str) -> None:
        plain = normalised(text)
        pieces = _pieces(plain)
        self.plain = [word for _, word in pieces]  # normalised, for the stemmers
        self.words = [_key(word) for word in self.plain]
        self.by_first: dict[str, list[int]] = {}
        for index, word in enumerate(self.words):
            self.by_first.setdefault(word[:1], []).append(index)
        self.run_together = "".join(self.words)  # for scripts without spaces
        # the same without the combining marks it is written with
        self.bare_run_together = "".join(
            _key(word) for word in words_of(_bare(unicodedata.normalize("NFD", plain))))
        self.glued = [_key(word) for word in _glued(pieces)]  # split inside, read whole
        self.initials = [_key(word) for word in _initials(pieces)]
        self.apart = [_key(word) for word in _written_apart(pieces)]
        # every word and glued word, for listed words inside them
        self.inside = "\0".join((*self.words, *self.glued))
        self._stems: dict[str, dict[str, list[int]]] = {}

    def by_stem(self, algorithm: str) -> dict[str, list[int]]:
        """The words' indexes by the key of their stem under `algorithm`."""
        if algorithm not in self._stems:
            index: dict[str, list[int]] = {}
            for position, word in enumerate(self.plain):
                stemmed = stem(algorithm, word)
                if len(stemmed) >= MIN_PHRASE_STEM:
                    index.setdefault(_key(stemmed), []).append(position)
            self._stems[algorithm] = index
        return self._stems[algorithm]


def _clusters(key: str) -> list[tuple[str, frozenset[str]]]:
    """A key as its letters, each with the combining marks written on it."""
    clusters: list[tuple[str, set[str]]] = []
    for char in key:
        if unicodedata.category(char).startswith("M") and clusters:
            clusters[-1][1].add(char)
        else:
            clusters.append((char, set()))
    return [(letter, frozenset(marks)) for letter, marks in clusters]


@remembered(1 << 16)  # a text repeats its words, and texts repeat each other
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


def _part_at(term_: Term, part: int, text: _Words, index: int, whole: bool,
             stems: bool) -> bool:
    """Word `index` of `text` is part `part` of the term: spelt so (see _covers), or, with
    `stems`, another form of it (the same stem)."""
    if _covers(text.words[index], term_.parts[part], whole):
        return True
    return stems and any(
        stemmed[part] and index in text.by_stem(algorithm).get(stemmed[part], ())
        for algorithm, stemmed in term_.stems)


def _starts_of(term_: Term, text: _Words, stems: bool) -> set[int]:
    """Where the term's first word may stand: words of its first letter, or of its stem."""
    starts = set(text.by_first.get(term_.parts[0][:1], ()))
    for algorithm, stemmed in term_.stems if stems else ():
        if stemmed[0]:
            starts.update(text.by_stem(algorithm).get(stemmed[0], ()))
    return starts


ANYWHERE = -1  # a match that is not at one word (run together, inside a word, initials)


def _found(term_: Term, text: _Words, stems: bool = False) -> set[int]:
    """Where the term is found in `text`: the index of the word it starts at (ANYWHERE for
    a match across or inside words). With `stems`, also its other forms."""
    if term_.unspaced:
        return {ANYWHERE} if term_.joined in text.run_together or (
            term_.markless and term_.joined in text.bare_run_together) else set()
    words = text.words
    first = term_.parts[0]
    if term_.whole_word:
        at = {i for i in text.by_first.get(first[:1], ()) if _covers(words[i], first, True)}
        # within a run of letters: "a D.V. advocate" reads "adv"
        return at | ({ANYWHERE} if any(first in run for run in text.initials) else set())
    size = len(term_.parts)
    at = {start for start in _starts_of(term_, text, stems) if start + size <= len(words)
          and all(_part_at(term_, part, text, start + part, part < size - 1, stems)
                  for part in range(size))}
    if at or stems:
        return at
    candidates = text.by_first.get(first[:1], ())
    if size > 1 and any(_covers(words[i], term_.joined, whole=False) for i in candidates):
        return {ANYWHERE}
    together = (*text.glued, *text.apart) if term_.compound else text.glued
    if (term_.compound and term_.joined in text.inside) or any(
            _covers(word, term_.joined, False) for word in together):
        return {ANYWHERE}
    return set()


def revealing_terms_in(text: str, listed: tuple[Term, ...]) -> list[str]:
    """The listed terms (as normalised) found in `text`, in list order. Text that carries an
    HTML entity ("vi&#111;lence" prints as written) is also read with it decoded. A term
    found only as another form of a word (its stem) is named when no listed term is found
    at that word already: "abusers" names "abuse" and "abuser", not "abusive" too."""
    found: set[Term] = set()
    for variant in dict.fromkeys((text, html.unescape(text))):
        words = _Words(variant)
        claimed: set[int] = set()
        for listed_term in listed:
            at = _found(listed_term, words)
            if at:
                found.add(listed_term)
                claimed |= at
        for listed_term in listed:
            if listed_term not in found and listed_term.stems:
                at = _found(listed_term, words, stems=True)
                if at - claimed:
                    found.add(listed_term)
                    claimed |= at
    return [t.listed for t in listed if t in found]
