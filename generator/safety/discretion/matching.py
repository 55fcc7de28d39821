"""Finding a revealing word in printed text, however it is spelt or disguised.

A list holds one entry a line: a word, a phrase, or one of these, marked:
- `word*`: a stem, matching every word it starts ("maltrat*": maltrato, maltratada). An
  entry without the star matches the word itself and its other forms by their Snowball stem
  ("abuse": abused, abusers), never the start of another word ("refuge" is not "refugee",
  "rape" not "rapeseed");
- `*word*`: found inside any word (Korean and Amharic compounds: "*학대*" in "아동학대");
- `~phrase`: written without its marks, as people type it ("~bao luc" for "bạo lực"),
  matching only text written without any mark, so that "Làm dụng cụ" (making tools) is not
  "~lam dung";
- `?word` (read by discretion/__init__.py's `ordinary_words`): an ordinary word of the
  list's language that another language's list gives ("?tráfico" in es.txt: Portuguese
  "tráfico" is trafficking, Spanish traffic); the other list's word does not count on this
  language's pieces;
- `!word` or `!phrase`: an everyday word or phrase (whole words) that a listed word would
  otherwise catch ("!battery recycling", "!domestically"): the words it covers are not
  looked at.

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

Text is also read in two other ways (`_readings`), as a reader would see it:
- letters that read as another letter by their own skeleton than folded first, each way
  (`_two_way_letters`, from the confusables table): a Greek or Cyrillic capital is folded to
  its own small letter before its skeleton is taken (Greek "Η" to "η", whose skeleton is
  "n"), so "SΗELTER" is also read with the capitals' own skeletons ("SHELTER"). A letter
  that looks like "l" (Latin "I" and "l", Cyrillic "Ӏ", Greek "Ι") is read as its word's
  case says: "I" among capitals ("VlOLENCE", "VӀCTIM", "HOTLlNE"), "l" after the first
  letter among small ones ("sheIter", "SheӀter"). Stretches of a few words around each such
  word are read in every combination, so a text is read in time in proportion to its
  length. A Cyrillic or Greek list word is also compared written in Latin capitals
  ("HACИЛИE" for "насилие");
- digits and symbols inside a word of more than SHORT_WORD characters read as the letters
  they stand for ("Abu5e", "4buse", "@buse", "v1olence", "Sh3lter": 1, ! and | as "i" and as
  "l"), with every digit or symbol the confusables table reads as a letter, in any script or
  style ("ab∪se", "V١OLENCE", "V𝟏OLENCE"), so that "5A" is not "sa".

Then, word by word (words are runs of letters, digits and combining marks):
- a listed word matches that word, and its other forms by their stem (stems.py): "suicide"
  catches "Suicidal"; the words of a phrase too ("горячей линии" for "горячая линия"). A word
  found only so is named when no other listed word is found there ("abusers" names "abuse"
  and "abuser", not "abusive" as well);
- a listed word of COMPOUND letters or more also matches inside a longer word
  ("nonviolence", "thehotline.org"), but not at its start: a word it starts is one of its
  forms (found by its stem: "shelters") or another word ("Shelterwood", "domestically"),
  unless its language has no stemmer to find its forms by (Tagalog "sinaktang");
  a word joined to others by punctuation (an address: "hotlinehelp.org") is read whole,
  words run together in camel case apart ("ShelterHouse"); it also matches written as two
  words of PIECE letters or more each ("Hot line", "Dom\\nestic" broken across lines);
- a short listed word (SHORT_WORD letters or fewer: "dv", Vietnamese syllables, Arabic
  three-letter roots) matches a whole word only, so "dv" does not catch "advice"; its
  letters are also read together whatever separates them ("D.V.", "D V", "d/v", "I.P.V.").
  Hangul syllables are not counted as short: each stands for a syllable of two or three
  letters;
- a listed phrase ("safe house") matches its words in a row, whatever separates them
  ("safe-house", "Safe  House"), the last one by its start when it has more than
  SHORT_WORD letters, and also run together ("safehouse");
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

import dataclasses
import html
import re
import unicodedata
from dataclasses import dataclass
from itertools import pairwise, product
from types import MappingProxyType

from generator.engine import remembered
from generator.safety.discretion.skeleton import prototypes, skeleton
from generator.safety.discretion.stems import (
    ALGORITHMS,
    MIN_PHRASE_STEM,
    MIN_STEM,
    algorithms_for,
    stem,
)

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
    return not word.isascii() and any(_script(char) in _UNSPACED for char in word)


def _is_short(word: str) -> bool:
    return len(word) <= SHORT_WORD and (word.isascii() or not any(
        _script(char) == "HANGUL" for char in word))


_UNSPACED = frozenset({"CJK", "HIRAGANA", "KATAKANA", "THAI"})


@remembered(1 << 14)
def _script(char: str) -> str:
    """The first word of a character's name ("CJK", "HANGUL", "LATIN"): unicodedata.name
    takes microseconds, and texts repeat their characters."""
    return unicodedata.name(char, "").partition(" ")[0]


# How a list entry is marked (see above).
EVERYDAY, BARE, STEM = "!", "~", "*"


@dataclass(frozen=True)
class Term:
    """A listed word or phrase, ready to compare."""

    listed: str  # normalised, as messages show it
    parts: tuple[str, ...]  # the skeleton of each of its words
    whole_word: bool  # a short word: a whole word only, and its letters read together
    unspaced: bool
    markless: bool  # written without combining marks
    # (stemmer, the key of each part's stem, "" where too short): see stems.py
    stems: tuple[tuple[str, tuple[str, ...]], ...] = ()
    letters: int = 0  # how many letters a one-word term has (its marks not counted)
    prefix: bool = False  # `word*`: every word it starts
    inside: bool = False  # `*word*`: inside any word
    bare: bool = False  # `~phrase`: text written without marks only
    everyday: bool = False  # `!phrase`: never revealing; what it covers is not looked at
    # found at the start of a longer word too, as a compound: its language has no stemmer
    # to find its other forms by (Tagalog "sinaktang", Haitian, romanised Hindi)
    starts_words: bool = False

    @property
    def joined(self) -> str:
        return "".join(self.parts)

    @property
    def compound(self) -> bool:
        """A one-word term long enough to be found inside a longer word ("nonviolence",
        "thehotline.org") or written as two ("Hot line"); shorter ones would be found
        inside everyday words and phrases ("нас или" is "us or")."""
        return (len(self.parts) == 1 and not self.unspaced and not self.bare
                and not self.everyday and self.letters >= COMPOUND)


# Arabic letters people often type in their plain form: alef with hamza or madda as alef,
# teh marbuta as heh ("ازمه" for "أزمة"), as Arabic search does.
_ARABIC_PLAIN_FORMS = str.maketrans({"أ": "ا", "إ": "ا", "آ": "ا", "ٱ": "ا", "ة": "ه"})


@remembered(1 << 16)  # texts repeat their words, and a word typed is checked again
def _key(word: str) -> str:
    """A word as compared: Arabic letter forms made plain, its skeleton, folded again, in
    NFD."""
    key = skeleton(word.translate(_ARABIC_PLAIN_FORMS)).casefold()
    # a skeleton that is a capital may fold to a letter with a skeleton of its own: "ᗰ" is
    # "M", folded "m", whose skeleton is "rn" (as "m" itself reads)
    folded = skeleton(key).casefold()
    return unicodedata.normalize("NFD", folded)


@remembered(1 << 16)  # a word's, as texts repeat their words
def _bare(text: str) -> str:
    """Text in NFD without its combining marks."""
    if text.isascii():
        return text
    return "".join(char for char in text if not unicodedata.category(char).startswith("M"))


@dataclass(frozen=True)
class _Marks:
    """How a list entry is marked (see the module's docstring)."""

    prefix: bool = False
    inside: bool = False
    bare: bool = False
    everyday: bool = False


def _marked(entry: str) -> tuple[str, _Marks]:
    """A list entry without its marks (`!`, `~`, `*`), and which it has."""
    text = entry.strip()
    everyday, bare = text.startswith(EVERYDAY), text.startswith(BARE)
    text = text[1:] if everyday or bare else text
    inside = len(text) > 2 and text.startswith(STEM) and text.endswith(STEM)
    prefix = not inside and text.endswith(STEM)
    text = text[1:-1] if inside else text[:-1] if prefix else text
    return text, _Marks(prefix, inside, bare, everyday)


def term(entry: str, algorithms: tuple[str, ...] = ()) -> Term | None:
    """A list entry as a Term, with its stems under each of `algorithms`; None for an entry
    with no letters."""
    text, marks = _marked(entry)
    listed = " ".join(normalised(text).split())
    words = words_of(listed)
    if not words:
        return None
    unspaced = _unspaced(listed)
    whole_word = len(words) == 1 and _is_short(words[0]) and not marks.prefix and not marks.inside
    shortest = MIN_STEM if len(words) == 1 else MIN_PHRASE_STEM
    unstemmed = whole_word or unspaced or marks.everyday or marks.bare or marks.inside
    stems = () if unstemmed else tuple(
        (algorithm, tuple(_key(stem(algorithm, word)) if len(stem(algorithm, word)) >= shortest
                          else "" for word in words))
        for algorithm in algorithms)
    bare = _bare(unicodedata.normalize("NFD", listed))
    return Term(listed, tuple(_key(word) for word in words), whole_word=whole_word,
                unspaced=unspaced, markless=bare == unicodedata.normalize("NFD", listed),
                stems=stems, letters=sum(1 for char in bare if char.isalpha()),
                prefix=marks.prefix, inside=marks.inside, bare=marks.bare,
                everyday=marks.everyday)


def terms(entries: tuple[str, ...], lang: str = "en",
          list_lang: str | None = None) -> tuple[Term, ...]:
    """The entries as Terms, stemmed as English and as `lang`, each Cyrillic or Greek one
    also as written in the Latin capitals it looks like. `list_lang`: the language the
    entries are written in (`lang` unless said): where it has no stemmer of its own, a
    long word is also found at the start of a longer one (`Term.starts_words`)."""
    return _terms(entries, algorithms_for(lang), (list_lang or lang).split("-")[0])


# Stemmers for a script: a word in Latin letters in a list whose stemmer is for another
# script (romanised Hindi "balatkar") has no stemmer of its own either.
_NON_LATIN_STEMMERS = frozenset({"russian", "arabic", "persian", "hindi"})


def _stemmed_in_its_language(entry: str, list_lang: str) -> bool:
    algorithm = ALGORITHMS.get(list_lang)
    return algorithm is not None and not (algorithm in _NON_LATIN_STEMMERS
                                          and entry.isascii())


@remembered(256)  # by stemmers: the English list is the same for the 11 languages without one
def _terms(entries: tuple[str, ...], algorithms: tuple[str, ...],
           list_lang: str = "en") -> tuple[Term, ...]:
    found: list[Term | None] = []
    for entry in entries:
        listed = term(entry, algorithms)
        if listed is not None and not _stemmed_in_its_language(entry, list_lang):
            listed = dataclasses.replace(listed, starts_words=True)
        found.append(listed)
        alias = _in_latin_capitals(entry)
        if listed is not None and alias is not None and not listed.everyday:
            found.append(_renamed(term(alias), listed.listed))
    return tuple(dict.fromkeys(t for t in found if t is not None))


def _renamed(found: Term | None, listed: str) -> Term | None:
    return None if found is None else dataclasses.replace(found, listed=listed)


# --- other readings of a text: capitals by their own skeletons, digits and symbols as letters

@remembered(1)
def _latin_capitals() -> dict[int, str]:
    """Each capital of another script (Greek, Cyrillic, Cherokee...) that looks like Latin
    letters, to those letters as capitals read them: "Η" to "H", "В" to "B", a capital that
    looks like "l" to "I" ("І", "Ι")."""
    return {ord(char): prototype.replace("l", "I") for char, prototype in prototypes().items()
            if len(char) == 1 and char.isupper() and unicodedata.normalize("NFKC", char) == char
            and not unicodedata.name(char, "").startswith("LATIN")
            and prototype.isascii() and prototype.isalpha() and len(prototype) <= 2}


def _capitals_read(text: str) -> str:
    """`text` with its capitals of other scripts read as the Latin ones they look like;
    `text` itself when it has none."""
    plain = unicodedata.normalize("NFKC", text.translate(_IGNORABLE))
    read = plain.translate(_latin_capitals())
    return read if read != plain else text


def _in_latin_capitals(entry: str) -> str | None:
    """A list entry in capitals, read as Latin ones where they look alike ("насили*" as
    "HACИЛИ*"); None where that changes nothing (a Latin, Arabic or Chinese entry)."""
    upper = entry.upper()
    read = _capitals_read(upper)
    return read if read != upper else None


# Digits and symbols that stand for letters inside a word; 1, ! and | for "i" or "l". Those
# that look like a letter (Unicode's confusables: "∪" for "u", "١", "𝟏" and "׀" for "l" or
# "i", "℮" for "e") are added from the confusables table (`_symbol_letters`).
_SYMBOL_LETTERS = MappingProxyType({
    "0": "o", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "9": "g", "@": "a", "$": "s",
    "+": "t", "€": "e"})
_I_OR_L = ("i", "l")


# Where styled and compatibility forms of letters, digits and symbols are ("Ｉ", "𝐈", "𝟏",
# "Ⅰ"): read as the character NFKC makes of them, before NFKC (which makes "ϲ", a
# lunate sigma that looks like "c", a "ς", and "˛" a space and a mark).
_STYLED_RANGES = ((0x2000, 0x33FF), (0xFB00, 0xFB4F), (0xFF00, 0xFFEF), (0x1D400, 0x1D7FF),
                  (0x1F100, 0x1F1FF), (0x1FBF0, 0x1FBF9))


@remembered(1)
def _lookalike_candidates() -> frozenset[str]:
    """Every character the confusables table maps, with the capitals of those that have
    them, and every styled form of a character (`_STYLED_RANGES`)."""
    table = prototypes()
    found = {char for char in table if len(char) == 1}
    found |= {cased for char in list(found) for cased in (char.upper(), char.title())
              if len(cased) == 1}
    found |= {chr(code) for first, last in _STYLED_RANGES for code in range(first, last + 1)
              if unicodedata.normalize("NFKC", chr(code)) != chr(code)}
    return frozenset(found | set("lI"))


def _own_reads(char: str) -> set[str]:
    """The strings `char` reads as by its own skeleton, and by that of the one character
    NFKC makes of it."""
    plain = unicodedata.normalize("NFKC", char)
    return {skeleton(char), *((skeleton(plain),) if len(plain) == 1 else ())}


@remembered(1)
def _symbol_letters() -> dict[str, tuple[str, ...]]:
    """Each digit or symbol (of any script, in any style) that stands for a letter inside a
    word, to the letters it is read as: one, or "i" and "l" for what looks like "l" ("1",
    "!", "|", "١", "𝟏", "￨")."""
    letters: dict[str, tuple[str, ...]] = {
        char: (letter,) for char, letter in _SYMBOL_LETTERS.items()}
    letters.update(dict.fromkeys("1!|", _I_OR_L))
    for char in sorted(_lookalike_candidates()):
        if char.isalpha() or char.isspace() or unicodedata.category(char).startswith("M"):
            continue  # a letter is `_two_way_letters`', a mark is of its word
        plain = unicodedata.normalize("NFKC", char)
        if plain in letters:  # a styled digit or symbol: "𝟏" is "1"
            letters.setdefault(char, letters[plain])
            continue
        reads = {read.casefold() for read in _own_reads(char)}
        latin = sorted(read for read in reads if len(read) == 1 and read.isascii()
                       and read.isalpha())
        if latin:
            letters[char] = _I_OR_L if "l" in latin else (latin[0],)
    return letters


@remembered(1)
def _run_pattern() -> re.Pattern[str]:
    symbols = "".join(sorted(re.escape(char) for char in _symbol_letters()))
    return re.compile(rf"[\w{symbols}]+")


def _symbols_read(text: str) -> tuple[str, ...]:
    """`text` with the digits and symbols of each word that also has letters ("Abu5e",
    "@buse", "Hotl1ne", "ab∪se") read as letters: once with those that look like "l" as
    "i", once as "l"; none when no word mixes them."""
    symbols = _symbol_letters()
    text = text.translate(_IGNORABLE)  # (before NFKC: see _STYLED_RANGES)
    if symbols.keys().isdisjoint(text):
        return ()
    runs = [run for run in _run_pattern().finditer(text) if _spelt(run.group(), symbols)]
    if not runs:
        return ()
    readings = []
    for turn in (0, 1):
        pieces, last = [], 0
        for run in runs:
            pieces += [text[last:run.start()], _as_letters(run.group(), turn, symbols)]
            last = run.end()
        readings.append("".join([*pieces, text[last:]]))
    return tuple(dict.fromkeys(readings))


def _spelt(run: str, symbols: dict[str, tuple[str, ...]]) -> bool:
    """A run of a word's characters with letters and with digits or symbols in it, of more
    than SHORT_WORD characters ("5A" is not "SA"; "!" at either end is punctuation:
    "Help!")."""
    run = run.strip("!")
    return (len(run) > SHORT_WORD and any(char.isalpha() for char in run)
            and not symbols.keys().isdisjoint(run))


def _as_letters(run: str, turn: int, symbols: dict[str, tuple[str, ...]]) -> str:
    word = run.strip("!")
    start = run.index(word)
    letters = "".join(symbols[char][turn % len(symbols[char])] if char in symbols else char
                      for char in word)
    return run[:start] + letters + run[start + len(word):]


# --- letters read by their own skeletons as well as folded ones

# A word's letters that read two ways: at most this many are read each way (2 ** 4 readings
# of the text); the others as folded (a disguise changes a letter or two of a word).
_MOST_AMBIGUOUS = 4


@remembered(1)
def _two_way_letters() -> dict[str, tuple[str, ...]]:
    """Each letter that reads as another letter by its own skeleton than folded first, to
    the letters it reads as (itself, read folded, first): a capital of another script
    ("Η", Greek Eta, is "H" by its own skeleton, "n" folded: "η"), a Latin capital "I" (its
    skeleton is "l", folded it is "i": "sheIter"), a Greek lunate sigma "ϲ" (a "c", folded
    "σ"). A letter that looks like "l" ("l", "I", "Ӏ", "Ι") is read as its word's case
    says (`_l_like`). Digits and symbols ("1", "|") are `_symbols_read`'s. Taken from the
    confusables table, once a process."""
    letters: dict[str, tuple[str, ...]] = {}
    for char in sorted(_lookalike_candidates()):
        if not char.isalpha():
            continue  # digits and symbols are read as letters in words long enough only
        read: dict[str, str] = {_key(normalised(char)): char}  # by what it compares as
        for letter in sorted(_own_reads(char)):
            read.setdefault(_key(letter), letter)
        if len(read) > 1 or "l" in read:
            letters[char] = tuple(read.values())
    return letters


@remembered(1)
def _l_like() -> frozenset[str]:
    """The letters that look like "l" ("l", "I", "Ӏ", "Ι", "ǀ"): among capitals they stand
    for "I" ("VlCTIM", "VӀCTIM"), among small letters for "l" ("sheIter", "SheӀter")."""
    return frozenset(char for char, read in _two_way_letters().items()
                     if any(_key(letter) == "l" for letter in read))


def _l_read(word: str, position: int) -> tuple[str, ...]:
    """What the letter at `position` that looks like "l" stands for, by the case of the
    word's other letters: "i" among capitals ("VlCTIM"), "l" after the first letter among
    small letters ("sheIter", "SheIter"), either where the case is mixed or it starts a
    word of small letters ("Iowa", "Iesbian")."""
    l_like = _l_like()
    capitals = [char.isupper() for char in word
                if char not in l_like and (char.isupper() or char.islower())]
    if capitals and all(capitals):
        return ("i",)
    if capitals and not any(capitals[1:]) and position > 0 and (
            not capitals[0] or word[0] not in l_like):
        return ("l",)
    return ("i", "l")


_WORD_RUN = re.compile(r"\w+")
# A listed phrase has at most this many words (the Vietnamese "đường dây trợ giúp"): the
# words read two ways are read so with as many words on each side.
_PHRASE_WORDS = 4
_MOST_READINGS = 16  # of one stretch of words: beyond, each word is read alone


def _letters_read(text: str) -> tuple[str, ...]:
    """Stretches of `text` read with the letters of their words that read two ways
    (`_two_way_letters`) each way: around each word that has one, its own and its
    neighbours' combinations (up to _MOST_AMBIGUOUS letters a word and _MOST_READINGS
    readings a stretch); none when no word has such a letter. "sheIter" (a capital I, whose
    skeleton is "l") is read "shelter", "SΗELTER" "SHELTER", "vIoIence" "violence",
    "WOΜENS AID" "WOMENS AID". Each stretch is a few words long, so a text of any length
    is read in time in proportion to it."""
    two_way = _two_way_letters()
    plain = text.translate(_IGNORABLE)  # (before NFKC: see _STYLED_RANGES)
    if two_way.keys().isdisjoint(plain):
        return ()
    runs = list(_WORD_RUN.finditer(plain))
    options = [_word_readings(run.group(), two_way) for run in runs]
    # the whole text with every such letter read by its own skeleton at once (capitals of
    # other scripts as the Latin ones they look like: "RΕЅΤΑΙΝΙΝG ΟRDΕR")
    pieces, at = [], 0
    for run, own in zip(runs, options, strict=True):
        pieces += [plain[at:run.start()], own[-1]]
        at = run.end()
    readings: dict[str, None] = dict.fromkeys(("".join([*pieces, plain[at:]]),))
    readings.pop(plain, None)
    for centre, own in enumerate(options):
        if len(own) < 2:
            continue
        first, last = max(0, centre - _PHRASE_WORDS + 1), min(len(runs), centre + _PHRASE_WORDS)
        window = options[first:last]
        count = 1
        for each in window:
            count *= len(each)
        if count <= _MOST_READINGS:
            combinations: list[tuple[str, ...]] = list(product(*window))
        else:  # the word alone read each way, its neighbours as written
            combinations = [tuple(word if at == centre - first else each[0]
                                  for at, each in enumerate(window)) for word in own]
        start, end = runs[first].start(), runs[last - 1].end()
        for words in combinations:
            pieces, at = [], start
            for run, word in zip(runs[first:last], words, strict=True):
                pieces += [plain[at:run.start()], word]
                at = run.end()
            readings["".join(pieces)] = None
        readings.pop(plain[start:end], None)
    return tuple(readings)


def _word_readings(word: str, two_way: dict[str, tuple[str, ...]]) -> tuple[str, ...]:
    """A word as written and with its letters that read two ways read each way (up to
    _MOST_AMBIGUOUS of them)."""
    if not any(char.isalpha() for char in word) or two_way.keys().isdisjoint(word):
        return (word,)
    # another script's letters first, the odd ones out in a word ("FEMINICIDIО" with a
    # Cyrillic О), then Latin ones ("I", "l") from the start
    l_like = _l_like()
    choices: list[tuple[str, ...]] = []
    for position, char in enumerate(word):
        read = two_way.get(char, (char,))
        if char in l_like:
            read = tuple({_key(one): one for one in (
                *(one for one in read if _key(one) not in ("i", "l")),
                *_l_read(word, position))}.values())
            read = read if _key(normalised(char)) in map(_key, read) else (char, *read)
        choices.append(read)
    at = sorted((position for position, read in enumerate(choices) if len(read) > 1),
                key=lambda position: word[position].isascii())[:_MOST_AMBIGUOUS]
    own = "".join(read[-1] for read in choices)  # every one by its own skeleton: last
    choices = [read if position in at else (word[position],)
               for position, read in enumerate(choices)]
    return tuple(dict.fromkeys((*("".join(letters) for letters in product(*choices)), own)))


def _camel_case_split(text: str) -> str:
    """`text` with a space where a small letter is followed by a capital: words run
    together in camel case ("ShelterHouse") are read apart, as a reader sees them."""
    if text.isascii() and text.islower():
        return text
    return "".join(f" {char}" if char.isupper() and before.islower() else char
                   for before, char in zip(f" {text}", text, strict=False))


# Words run together with a listed one without a capital between them, read apart (issue
# 40): at a digit ("Shelter4U"), after capitals ("DVhelp", "SOSrape", "IPVsupport"), and,
# in a web address's labels, the words sites join to a listed one ("stopabuse.org",
# "abusehelp.org", "rapecrisis.org.uk"). Only the words taken off are known here (there is
# no dictionary): what is left is a listed word when it is one whole, and is otherwise read
# as it was.
_RUN_APART = re.compile(r"(?<=[^\W\d_])(?=\d)|(?<=\d)(?=[^\W\d_])|(?<=[A-Z]{2})(?=[a-z]{2})")
_LABEL = re.compile(r"\b[a-z0-9]{5,}(?=\.[a-z])|(?<=[a-z0-9]\.)[a-z0-9]{5,}\b")
_JOINED_BEFORE = ("stop", "end", "no", "anti", "beat", "help", "safe", "beyond", "after")
_JOINED_AFTER = ("help", "crisis", "support", "line", "lines", "center", "centre", "info",
                 "now", "sos", "network", "net", "hub", "services", "house", "home", "aid",
                 "project", "today", "4u", "us", "uk", "org", "free")


def _run_apart(text: str) -> str:
    """`text` with the words run together above read apart."""
    text = _RUN_APART.sub(" ", text)
    return _LABEL.sub(lambda label: _label_apart(label.group()), text)


def _label_apart(label: str) -> str:
    words = []
    for _ in range(3):
        before = next((word for word in _JOINED_BEFORE
                       if label.startswith(word) and len(label) - len(word) >= 4), None)
        if before is None:
            break
        words.append(before)
        label = label[len(before):]
    after: list[str] = []
    for _ in range(3):
        found = next((word for word in _JOINED_AFTER
                      if label.endswith(word) and len(label) - len(word) >= 4), None)
        if found is None:
            break
        after.insert(0, found)
        label = label[:-len(found)]
    return " ".join((*words, label, *after))


def _readings(text: str) -> tuple[str, ...]:
    """The ways `text` is read: as written, with HTML entities decoded ("vi&#111;lence"
    prints as written), with words run together in camel case apart ("ShelterHouse"),
    stretches of it with letters that read two ways read each way (capitals of other
    scripts as the Latin ones they look like, "I" and "l" as either), and each of those
    with digits and symbols inside words as letters."""
    readings = dict.fromkeys((text, html.unescape(text)))
    for reading in list(readings):
        readings.setdefault(_camel_case_split(reading))
        readings.setdefault(_run_apart(reading))
    for reading in list(readings):
        readings.update(dict.fromkeys(_letters_read(reading)))
    for reading in list(readings):
        readings.update(dict.fromkeys(_symbols_read(reading)))
    return tuple(readings)


# --- words --------------------------------------------------------------------------------

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


def _glued(pieces: list[tuple[str, str]]) -> list[tuple[range, str]]:
    """The words of normalised text that are run together once what splits them inside a
    word (`_splits_a_word`) is taken out, and letters spaced out one by one ("V I O L E N C
    E") read together: each run of two words or more, with the words it is made of."""
    runs: list[list[str]] = []
    starts: list[int] = []
    for index, (gap, word) in enumerate(pieces):
        spaced = bool(runs) and gap.isspace() and len(word) == 1 == len(runs[-1][-1])
        if runs and (_splits_a_word(gap) or spaced):
            runs[-1].append(word)
        else:
            runs.append([word])
            starts.append(index)
    return [(range(start, start + len(run)), "".join(run))
            for start, run in zip(starts, runs, strict=True) if len(run) > 1]


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


def _written_apart(pieces: list[tuple[str, str]]) -> list[tuple[int, str, str]]:
    """Two neighbouring words read as one ("Hot line", "Dom\\nestic"), where each has at least
    PIECE letters: how a listed compound is written apart or broken across lines; each with
    the index of its first word, and that word."""
    return [(index, first, first + second)
            for index, ((_, first), (gap, second)) in enumerate(pairwise(pieces))
            if gap.isspace() and min(len(_bare(first)), len(_bare(second))) >= PIECE]


class _Words:
    """The words of a text as compared (keys), indexed by their first character; the words
    an everyday term of `index` covers are left out of the indexes."""

    def __init__(self, text: str, index: TermIndex | None = None) -> None:
        plain = normalised(text)
        pieces = _pieces(plain)
        self.plain = [word for _, word in pieces]  # normalised, for the stemmers
        self.words = [_key(word) for word in self.plain]
        self.by_first: dict[str, list[int]] = {}
        for position, word in enumerate(self.words):
            self.by_first.setdefault(word[:1], []).append(position)
        self.run_together = "".join(self.words)  # for scripts without spaces
        # the same without the combining marks it is written with
        self.bare_run_together = "".join(
            _key(word) for word in words_of(_bare(unicodedata.normalize("NFD", plain))))
        glued = _glued(pieces)
        self.initials = [_key(word) for word in _initials(pieces)]
        apart = _written_apart(pieces)
        # everything a listed term could be found in, without marks: the first word of
        # every term found is in it (TermIndex.candidates)
        self.corpus = "\0".join(("".join(map(_bare, self.words)), self.bare_run_together,
                                  *(_bare(_key(word)) for _, word in glued),
                                  *map(_bare, self.initials),
                                  *(_bare(_key(word)) for _, _, word in apart)))
        self._stems: dict[str, dict[str, list[int]]] = {}
        self._markless: list[bool] | None = None
        self.covered: frozenset[int] = frozenset()
        if index is not None and index.everyday:
            self.covered = frozenset(
                position for phrase in index.candidates(self, everyday=True)
                for start in _found(phrase, self)
                for position in range(start, start + len(phrase.parts)))
        if self.covered:
            self.by_first = {first: [i for i in at if i not in self.covered]
                             for first, at in self.by_first.items()}
            self._stems = {}
        self.glued = [_key(word) for at, word in glued  # split inside, read whole
                      if self.covered.isdisjoint(at)]
        # (the two words read as one, the first word's letters): a listed word is found in
        # them only where it runs on into the second ("domestic" is not in "doméstica uno")
        self.apart = [(_key(word), len(_bare(_key(first)))) for at, first, word in apart
                      if at not in self.covered and at + 1 not in self.covered]
        # every word and glued word, for listed words inside them
        self.inside = "\0".join((*(word for position, word in enumerate(self.words)
                                   if position not in self.covered), *self.glued))
        # the same without each word's first letter, for listed words inside a longer word
        # but not starting it: a word it starts is one of its forms (its stem's business:
        # "shelters") or another word ("Shelterwood", "domestically"); a glued word (a web
        # address, "hotlinehelp.org", or a word split by punctuation) is read whole
        self.within = "\0".join((*(word[1:] for position, word in enumerate(self.words)
                                   if position not in self.covered), *self.glued))

    def by_stem(self, algorithm: str) -> dict[str, list[int]]:
        """The words' indexes by the key of their stem under `algorithm`."""
        if algorithm not in self._stems:
            index: dict[str, list[int]] = {}
            for position, word in enumerate(self.plain):
                stemmed = stem(algorithm, word)
                if len(stemmed) >= MIN_PHRASE_STEM and position not in self.covered:
                    index.setdefault(_key(stemmed), []).append(position)
            self._stems[algorithm] = index
        return self._stems[algorithm]

    def markless(self, index: int) -> bool:
        """Word `index` is written without any mark."""
        if self._markless is None:
            self._markless = [word == _bare(word) for word in self.words]
        return self._markless[index]


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
    """Word `index` of `text` is part `part` of the term: spelt so (see _covers; a `~` term's
    word as written, with no mark), or, with `stems`, another form of it (the same stem)."""
    if term_.bare:
        return text.markless(index) and text.words[index] == term_.parts[part]
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
    if term_.inside:
        return {ANYWHERE} if term_.joined in text.inside else set()
    words = text.words
    first = term_.parts[0]
    if term_.whole_word:
        at = {i for i in text.by_first.get(first[:1], ()) if _covers(words[i], first, True)}
        # within a run of letters: "a D.V. advocate" reads "adv"
        return at | ({ANYWHERE} if any(first in run for run in text.initials) else set())
    size = len(term_.parts)
    # the last word of a phrase by its start (unless short: "קו חם" is not "קו חמישי"); a
    # word by itself or its stem, unless listed as a stem
    last_whole = (term_.everyday or term_.bare or _is_short(term_.parts[-1])
                  if size > 1 else not term_.prefix)
    at = {start for start in _starts_of(term_, text, stems) if start + size <= len(words)
          and all(_part_at(term_, part, text, start + part, part < size - 1 or last_whole,
                           stems) for part in range(size))}
    if at or stems or term_.everyday or term_.bare:
        return at
    candidates = text.by_first.get(first[:1], ())
    if size > 1 and any(_covers(words[i], term_.joined, whole=False) for i in candidates):
        return {ANYWHERE}
    if term_.compound and (term_.joined in (
            text.inside if term_.starts_words else text.within) or any(
            _covers(word, term_.joined, False) for word in text.glued) or any(
            _covers(word, term_.joined, False) for word, first in text.apart
            if first < len(_bare(term_.joined)))):
        return {ANYWHERE}
    if any(_covers(word, term_.joined, not term_.prefix) for word in text.glued):
        return {ANYWHERE}
    return set()


class TermIndex:
    """Terms ready to look for in many texts: each by the first character of its first word
    (without marks) and by that word's stems, so that a text is compared only with the
    terms whose first word it holds (or a form of it), whatever the size of the lists."""

    def __init__(self, listed: tuple[Term, ...]) -> None:
        self.listed = listed
        self.everyday = tuple(one for one in listed if one.everyday)
        self._by_char: dict[str, list[tuple[str, int]]] = {}
        self._by_stem: dict[tuple[str, str], list[int]] = {}
        for position, one in enumerate(listed):
            first = _bare(one.parts[0]) or one.parts[0]
            self._by_char.setdefault(first[:1], []).append((first, position))
            for algorithm, stemmed in one.stems:
                if stemmed[0]:
                    self._by_stem.setdefault((algorithm, stemmed[0]), []).append(position)
        self._algorithms = tuple(dict.fromkeys(algorithm for algorithm, _ in self._by_stem))

    def candidates(self, text: _Words, everyday: bool = False) -> list[Term]:
        """The terms (everyday ones, or the others) that may be in `text`, in list order:
        their first word is in it (without marks), or a form of it."""
        corpus = text.corpus
        positions: set[int] = set()
        for char in set(corpus).intersection(self._by_char):
            positions.update(position for first, position in self._by_char[char]
                             if first in corpus)
        if not everyday:
            for algorithm in self._algorithms:
                for key in text.by_stem(algorithm):
                    positions.update(self._by_stem.get((algorithm, key), ()))
        return [self.listed[position] for position in sorted(positions)
                if self.listed[position].everyday == everyday]

    def found(self, text: str) -> list[Term]:
        """The terms found in `text`, in list order, in any of its readings (`_readings`).
        A term found only as another form of a word (its stem) is counted when no listed
        term is found at that word already: "abusers" finds "abuse", not "abuser" and
        "abusive" too. Everyday terms (`!`) are never found: the words they cover are not
        looked at."""
        found: dict[int, Term] = {}
        for reading in _readings(text):
            words = _Words(reading, self)
            looked_for = self.candidates(words)
            claimed: set[int] = set()
            here: set[int] = set()  # the terms found in this reading as written
            for listed_term in looked_for:
                at = _found(listed_term, words)
                if at:
                    found[id(listed_term)] = listed_term
                    here.add(id(listed_term))
                    claimed |= at
            for listed_term in looked_for:
                if not listed_term.stems or id(listed_term) in here:
                    continue
                at = _found(listed_term, words, stems=True)
                if id(listed_term) in found:  # named in another reading: its words are its
                    claimed |= at
                elif at - claimed:
                    found[id(listed_term)] = listed_term
                    claimed |= at
        return [one for one in self.listed if id(one) in found]


def found_terms(text: str, listed: tuple[Term, ...]) -> list[Term]:
    """The listed terms found in `text` (see TermIndex.found)."""
    return TermIndex(listed).found(text)


def revealing_terms_in(text: str, listed: tuple[Term, ...] | TermIndex) -> list[str]:
    """The listed terms found in `text` (as normalised, each once), in list order."""
    index = listed if isinstance(listed, TermIndex) else TermIndex(listed)
    return list(dict.fromkeys(one.listed for one in index.found(text)))


@remembered(256)
def indexed_terms(entries: tuple[str, ...], lang: str = "en",
                  list_lang: str | None = None) -> TermIndex:
    """`terms(entries, lang, list_lang)`, indexed."""
    return TermIndex(terms(entries, lang, list_lang))
