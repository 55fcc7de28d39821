"""Discretion: nothing on an outside surface may reveal what the item is for.

The revealing words live in one text file per language beside this module (`zh.txt` serves
zh-Hans and zh-Hant); the English list applies in every language. A site adds its own with
`revealing_words:` in site.yaml: a list for every language, or a mapping per language code.
A language with neither a file here nor words of its own in site.yaml cannot be checked, and
that is an error wherever an outside surface is printed. How words are matched (normalised,
confusables, stems, short words, phrases, everyday exceptions): see matching.py.

Whoever finds a piece may read any language of the household, so each language's pieces are
checked with the words of every language the kit prints (a Spanish word on the English card
of an [en, es] kit is refused), and with those of every list written in a script no other
built-in list uses (Chinese, Korean, Thai, Hebrew, Hindi, Bengali, Amharic, Russian): a word
in such a script is that language's, whatever the kit (家暴热线 on an English card is
refused). The lists that share a script (Latin, Arabic) have false friends (Spanish "abrigo"
is a coat, Portuguese "abrigo" a shelter), so the others count only as a warning, for the
languages that at least COUNTRY_SHARE of the country's people read (CLDR's figures, through
babel): an English card in the US is also read by Spanish speakers the kit does not print
for, and a place or a name may be a word in a language the shelter never chose ("Refugio,
Texas").
"""

from __future__ import annotations

import html
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from generator.content.language_tags import with_base
from generator.content.models import Site, Source
from generator.engine import remembered
from generator.errors import Code, Problem
from generator.layout.placed import PlacedFace
from generator.safety.discretion.matching import (
    SHORT_WORD,
    Term,
    TermIndex,
    indexed_terms,
    revealing_terms_in,
    terms,
    words_of,
)
from generator.safety.discretion.payloads import payload_words

WORDS_DIR = Path(__file__).resolve().parent
TELLS_DIR = WORDS_DIR / "tells"  # words about being watched, checked, hiding: warnings
TABS = "tabs"  # the name messages give the tear-off tabs
QR_CODE = "QR code"  # and what a QR code on a surface opens or sends


def list_path(lang: str) -> Path:
    """The built-in list for `lang` (its base language's: zh-Hans -> zh.txt)."""
    return WORDS_DIR / f"{lang.split('-')[0]}.txt"


def has_builtin_list(lang: str) -> bool:
    return list_path(lang).is_file()


@remembered(64)
def list_entries(lang: str) -> tuple[str, ...]:
    """The entries of `lang`'s own built-in list (none when it has none); not its
    `?word` lines (`ordinary_words`)."""
    return tuple(entry for entry in _list_lines(lang) if not entry.startswith(ORDINARY))


ORDINARY = "?"  # a list's `?word`: an ordinary word of its language (`ordinary_words`)


@remembered(64)
def ordinary_words(lang: str) -> frozenset[str]:
    """The words `lang`'s list marks `?word`: ordinary words of that language that another
    language's list gives as revealing (Spanish "tráfico" is traffic, Portuguese "tráfico"
    trafficking). Another language's word written so (marks and case aside) does not count
    on `lang`'s own pieces (issue 40): their reader reads it in `lang`."""
    return frozenset(_unmarked(entry[1:].strip().casefold())
                     for entry in _list_lines(lang) if entry.startswith(ORDINARY))


@remembered(64)
def _list_lines(lang: str) -> tuple[str, ...]:
    path = list_path(lang)
    if not path.is_file():
        return ()
    lines = path.read_text(encoding="utf-8").splitlines()
    return tuple(dict.fromkeys(w.strip() for w in lines if w.strip() and not w.startswith("#")))


@remembered(64)
def tell_entries(lang: str) -> tuple[str, ...]:
    """The entries of `lang`'s own list of tells (tells/<lang>.txt; none when it has none)."""
    path = TELLS_DIR / f"{lang.split('-')[0]}.txt"
    if not path.is_file():
        return ()
    lines = path.read_text(encoding="utf-8").splitlines()
    return tuple(dict.fromkeys(w.strip() for w in lines if w.strip() and not w.startswith("#")))


@remembered(256)
def builtin_words(lang: str) -> tuple[str, ...]:
    """The English words, then the language's own."""
    return tuple(dict.fromkeys((*list_entries("en"), *list_entries(lang))))


def site_entry(word: str) -> str:
    """A site's own word as a list entry: it matches every word it starts, as a site's words
    always have (a coordinator lists "gewalt" for "Gewalttat" too), a short one ("dv") and a
    phrase's last word as the built-in lists' do; the marks of the built-in lists (`!`, `~`,
    `*`) are not the site's to give: an everyday exception would hide a built-in word."""
    plain = word.strip().lstrip("!~").strip("*").strip()
    words = words_of(plain.casefold())
    return f"{plain}*" if len(words) == 1 and len(words[0]) > SHORT_WORD else plain


def _tags(lang: str) -> tuple[str, ...]:
    """The base language, the tags that serve `lang`, then `lang` itself."""
    return tuple(reversed(with_base(lang)))


def unchecked_language(site: Site, lang: str) -> Problem | None:
    """An error when `lang` has no list of revealing words, built in or from site.yaml."""
    by_lang = site.revealing_words_by_lang
    if has_builtin_list(lang) or any(tag in by_lang for tag in _tags(lang)):
        return None
    plain_list = (" (a plain list of words is for every language and does not count as "
                  f"'{lang}' words)" if site.revealing_words else "")
    return Problem(site.source.path, (
        f"language '{lang}' has no list of revealing words, so its outside surfaces cannot be "
        f"checked: add `revealing_words: {{{lang}: [...]}}` to site.yaml with the words that "
        f"would give away what this is for in that language, as generator/safety/discretion/en.txt "
        f"does for English{plain_list}"),
        site.line_of("revealing_words", "languages"), code=Code.NO_WORD_LIST, lang=lang,
        fields={"plain_list": int(bool(site.revealing_words))})


def revealing_words_in(text: str, words: tuple[str, ...], lang: str = "en") -> list[str]:
    """The words of `words` (normalised as listed) found in `text` of a `lang` kit: see
    matching.py."""
    return revealing_terms_in(text, _indexed(words, lang))


@remembered(256)
def _indexed(words: tuple[str, ...], lang: str) -> TermIndex:
    """`words` indexed for a `lang` kit, the English list's entries as English ones (see
    `terms`' `list_lang`)."""
    if _base(lang) == "en":
        return indexed_terms(words, lang)
    english = frozenset(list_entries("en"))
    return TermIndex((*terms(tuple(word for word in words if word in english), lang, "en"),
                      *terms(tuple(word for word in words if word not in english), lang)))


@remembered(2048)
def _found_once(index: TermIndex, text: str) -> tuple[Term, ...]:
    """A lexicon's terms (or tells) found in `text`, each once. Remembered: one kit's
    pieces repeat their outside texts (a title and its QR code's words on the card, the
    folding card, the sticker...), and the web page checks the same texts at each change;
    a lexicon's indexes live as long as the lexicon, which is remembered too."""
    return tuple(_once(index.found(text)))


COUNTRY_SHARE = 5.0  # percent of a country's people who read a language (CLDR)
# CLDR's codes for languages whose list goes by another name here
_LIST_CODES = MappingProxyType({"fil": "tl", "zh_Hans": "zh-Hans", "zh_Hant": "zh-Hant"})


class Lexicon:
    """The words an outside surface of one language's pieces is checked with: every term,
    the language of the list each comes from, which of those languages are the kit's (a
    word of theirs is an error) or written in a script of their own (an error too) rather
    than only read in the country (a warning)."""

    def __init__(self, lang: str, listed: tuple[tuple[Term, str], ...],
                 kit_languages: frozenset[str], own_scripts: frozenset[str],
                 country: str, tells: tuple[Term, ...] = ()) -> None:
        self.lang = lang
        self.index = TermIndex(tuple(one for one, _ in listed))
        self.tells = TermIndex(tells)  # words about being watched, checked or hiding
        self._langs = {id(one): list_lang for one, list_lang in listed}
        self.kit_languages = kit_languages  # base codes: "en", and the kit's
        self.own_scripts = own_scripts
        self.country = country

    @property
    def terms(self) -> tuple[Term, ...]:
        return self.index.listed

    def lang_of(self, found: Term) -> str:
        """The language of the list `found` comes from."""
        return self._langs[id(found)]

    def found(self, text: str) -> list[Term]:
        """The terms found in `text`, in the lexicon's order, each once: a word listed with
        and without its accents ("doméstica", "domestica") is named as first listed."""
        return list(_found_once(self.index, text))

    def tells_in(self, text: str) -> list[Term]:
        """The tells in `text` (words about being watched, checked or hiding), each once."""
        return list(_found_once(self.tells, text))

    def refuses(self, found: Term) -> bool:
        """A word of the kit's languages or of a script of its own (an error), not only of
        a language read in the country (a warning)."""
        return _base(self.lang_of(found)) in self.kit_languages | self.own_scripts

    def whose(self, found: Term) -> str:
        """" (Spanish, which this kit also prints)" for a word of another language's list;
        "" for one of the English list or the pieces' own language's."""
        list_lang = self.lang_of(found)
        base = _base(list_lang)
        if base in ("en", _base(self.lang)):
            return ""
        name = language_name(list_lang)
        if base in self.kit_languages:
            return f" ({name}, which this kit also prints)"
        if base in self.own_scripts:
            return f" ({name})"
        return f" ({name}, read by {COUNTRY_SHARE:g}% or more of people in {self.country})"


def _once(found: list[Term]) -> list[Term]:
    first: dict[str, Term] = {}
    for one in found:
        first.setdefault(_unmarked(one.listed), one)
    return list(first.values())


def _unmarked(listed: str) -> str:
    return "".join(char for char in unicodedata.normalize("NFD", listed)
                   if not unicodedata.combining(char))


def _base(lang: str) -> str:
    return lang.split("-")[0]


def language_name(lang: str) -> str:
    """The language's name in English, for messages; its code when babel does not know it."""
    from babel import UnknownLocaleError

    from generator.i18n.localize import babel_locale

    try:
        return babel_locale(lang).get_display_name("en") or lang
    except (ValueError, TypeError, UnknownLocaleError):
        return lang


def lexicon(site: Site, lang: str) -> Lexicon:
    """The words `lang`'s outside surfaces are checked with: the English list and the site's
    words for every language, `lang`'s own (built in and the site's), those of every other
    language the kit prints, then those of the languages read in the site's country."""
    by_lang = tuple(sorted((code, tuple(words))
                           for code, words in site.revealing_words_by_lang.items()))
    return _lexicon(lang, tuple(site.options.languages), site.options.country,
                    tuple(site.revealing_words), by_lang)


@remembered(64)
def _lexicon(lang: str, languages: tuple[str, ...], country: str, every: tuple[str, ...],
             by_lang: tuple[tuple[str, tuple[str, ...]], ...]) -> Lexicon:
    words = dict(by_lang)

    ordinary = ordinary_words(lang)

    def own(code: str) -> tuple[str, ...]:
        builtin = list_entries(code) if _base(code) != "en" else ()
        if _base(code) != _base(lang):  # not another language's word that is ours too
            builtin = tuple(entry for entry in builtin
                            if _unmarked(entry.strip("!~*").casefold()) not in ordinary)
        given = [site_entry(word) for tag in _tags(code) for word in words.get(tag, ())]
        return tuple(dict.fromkeys((*builtin, *given)))

    groups = [(terms(tuple(dict.fromkeys((*list_entries("en"), *map(site_entry, every)))),
                     lang, "en"), "en")]
    kit = dict.fromkeys((lang, *languages))
    for code in kit:
        if own(code):
            groups.append((terms(own(code), code), code))
    scripts = own_script_entries()
    groups.extend((terms(entries, code), code) for code, entries in scripts.items())
    for code in country_languages(country):
        if own(code):
            groups.append((terms(own(code), code), code))
    found: dict[tuple[object, ...], tuple[Term, str]] = {}
    for group, code in groups:
        for one in group:
            same = (one.listed, one.parts, one.whole_word, one.prefix, one.inside, one.bare,
                    one.everyday)
            found.setdefault(same, (one, code))
    tells = [*terms(tell_entries("en"), lang, "en")]
    for code in dict.fromkeys(_base(code) for code in kit if _base(code) != "en"):
        tells.extend(terms(tell_entries(code), code))
    return Lexicon(lang, tuple(found.values()), frozenset(map(_base, ("en", *kit))),
                   frozenset(scripts), country, tuple(dict.fromkeys(tells)))


@remembered(1)
def own_script_entries() -> dict[str, tuple[str, ...]]:
    """The entries of each built-in list written in a script that no other list uses
    (Chinese, Korean, Thai, Hebrew, Devanagari...; not Hindi's romanised words), by the
    list's file name."""
    scripts = {path.stem: {entry: _scripts(entry) for entry in list_entries(path.stem)}
               for path in sorted(WORDS_DIR.glob("*.txt"))}
    used = {code: set().union(*entries.values()) for code, entries in scripts.items()}
    found = {code: tuple(entry for entry, its in entries.items() if its and not any(
                 its & others for other, others in used.items() if other != code))
             for code, entries in scripts.items()}
    return {code: entries for code, entries in found.items() if entries}


def _scripts(entry: str) -> set[str]:
    return {unicodedata.name(char, "?").split()[0] for char in entry if char.isalpha()}


@remembered(64)
def country_languages(country: str) -> tuple[str, ...]:
    """The languages with a built-in list that COUNTRY_SHARE or more of the country's people
    read (CLDR's territory figures, which count second languages: 9.6% of the US read
    Spanish), most read first."""
    from babel.languages import get_territory_language_info

    try:
        info = get_territory_language_info(country)
    except (ValueError, KeyError):
        return ()
    read = sorted(((float(data.get("population_percent") or 0),
                    _LIST_CODES.get(code, code).replace("_", "-"))
                   for code, data in info.items()), reverse=True)
    return tuple(dict.fromkeys(code for share, code in read
                               if share >= COUNTRY_SHARE and has_builtin_list(code)))


def outside_text(face: PlacedFace) -> dict[str, str]:
    """Text on the face's outside surfaces, by surface name; tear-off tabs (seen by anyone
    before they are taken) are a surface of their own, TABS."""
    spec = face.spec
    if not spec.outside:
        return {}
    panels = range(len(face.panels))
    outside = ([index for index in spec.outside_panels if index in panels]
               if spec.outside_panels is not None else list(panels))
    names = spec.panel_names or [f"panel {i + 1}" for i in panels]
    surfaces: dict[str, list[str]] = {names[i] if len(face.panels) > 1 else face.name: []
                                      for i in outside}
    for text in face.texts:
        index = _panel_of(face, text.x + 0.5, text.y + 0.5)
        if index in outside and not text.screen_only:  # a screen-only note reaches no paper
            key = names[index] if len(face.panels) > 1 else face.name
            key = TABS if text.private else key
            # An icon's word is unseen but read aloud and copied: it counts as printed.
            word = html.unescape(text.icon.icon.alt) if text.icon is not None else ""
            surfaces.setdefault(key, []).append(f"{word} {text.paragraph.getPlainText()}")
    for qr in face.qrs:  # what a scan shows: the web address, the text message's words
        index = _panel_of(face, qr.x + qr.size / 2, qr.y + qr.size / 2)
        if index in outside:
            key = f"{names[index]}, {QR_CODE}" if len(face.panels) > 1 else QR_CODE
            surfaces.setdefault(key, []).append(payload_words(qr.payload))
    return {name: " ".join(parts) for name, parts in surfaces.items()}


def _panel_of(face: PlacedFace, x: float, y: float) -> int:
    for index, panel in enumerate(face.panels):
        if panel.x <= x <= panel.x + panel.width and panel.y <= y <= panel.top:
            return index
    return -1


# Where a word found on a surface came from: (file, line, a catalogue's string name or None).
WordSource = Callable[[Term, str], tuple[Path, int | None, str | None]]


@dataclass(frozen=True)
class OutsideWord:
    """A revealing word, or a tell, in a text seen from outside: the one list the build,
    the web page (its pictures and its Settings page) and a translator file's import
    check all take (`outside_words`)."""

    term: Term
    where: str  # the surface ("front", "back, panel 1", "front, tear-off tabs") or text
    text: str  # all it says there
    whose: str  # " (Spanish, which this kit also prints)" for another language's word
    refused: bool  # an error; False: a warning (a language only read in the country)
    tell: bool = False  # words about being watched, checked or hiding: a warning

    @property
    def word(self) -> str:
        return self.term.listed


def outside_words(words: Lexicon, texts: Mapping[str, str],
                  tells: bool = True) -> list[OutsideWord]:
    """The revealing words in each of `texts` (where it is -> what it says), then, with
    `tells`, the tells (none in what a QR code holds)."""
    found = []
    for where, text in texts.items():
        found += [OutsideWord(term, where, text, words.whose(term), words.refuses(term))
                  for term in words.found(text)]
        if tells and not where.endswith(QR_CODE):
            found += [OutsideWord(term, where, text, "", False, True)
                      for term in words.tells_in(text)]
    return found


def face_surfaces(face: PlacedFace) -> dict[str, str]:
    """`outside_text`, each surface named with its face ("back, panel 1")."""
    return {surface if surface == face.name else f"{face.name}, {surface}": text
            for surface, text in outside_text(face).items()}


def discretion_problems(faces: list[PlacedFace], layout_name: str, words: Lexicon,
                        path: Path, tabs_source: Source | None = None,
                        source_of: WordSource | None = None) -> list[Problem]:
    """The problems of the outside words on each outside surface of `faces`
    (`outside_problems`)."""
    found = [one for face in faces for one in outside_words(words, face_surfaces(face))]
    return outside_problems(found, layout_name, words.lang, path, tabs_source, source_of)


def outside_problems(found: list[OutsideWord], layout_name: str, lang: str, path: Path,
                     tabs_source: Source | None = None,
                     source_of: WordSource | None = None) -> list[Problem]:
    """One problem per revealing word, naming the surface, the word and, for another
    language's word, that language: an error, or a warning for a word of a language only
    read in the country (see the module's docstring); and a warning for the tells of a
    surface, one for each text they come from: words about being watched, checked or hiding
    ("the other person cannot check", "only you", "private pages") tell whoever finds the
    piece that its owner hides something from someone, though they reveal nothing by
    themselves. Those on the tabs and in a QR code (whose text comes from resources.yaml)
    name `tabs_source`, the line they print; the others the file `source_of(term,
    surface_text)` finds the word in (a catalogue, the outside title), else `path`."""
    problems = []
    tells: dict[tuple[str, Path, int | None, str | None], list[str]] = {}
    for one in found:
        from_line = one.where.endswith((TABS, QR_CODE))
        file, line, key = path, None, None
        if from_line and tabs_source is not None:
            file, line = tabs_source.path, tabs_source.line
        elif not from_line and source_of is not None:
            file, line, key = source_of(one.term, one.text)
        if one.tell:
            tells.setdefault((one.where, Path(file), line, key), []).append(one.word)
            continue
        advice = ("tab_label" if one.where.endswith(TABS) else "qr"
                  if one.where.endswith(QR_CODE) else "string" if key else "reword")
        said = f"{layout_name} ({one.where}): '{one.word}'{one.whose}"
        verb = "would reveal what this is for" if one.refused else (
            "may reveal what this is for to them")
        problems.append(Problem(file, (
            f"{said} on an outside surface {verb}; {_ADVICE[advice].format(key=key)}"), line,
            "error" if one.refused else "warning", code=Code.OUTSIDE_WORD, lang=lang, fields={
                "format": layout_name, "where": one.where, "word": one.word,
                "whose": one.whose, "advice": advice, "key": key}))
    for (where, file, line, key), told in tells.items():
        advice = "tab_label" if where.endswith(TABS) else "string" if key else "reword"
        quoted = [f"'{word}'" for word in told]
        listed = ", ".join(quoted[:-1]) + f" and {quoted[-1]}" if len(told) > 1 else quoted[0]
        verb = "speak" if len(told) > 1 else "speaks"
        problems.append(Problem(file, (
            f"{layout_name} ({where}): {listed} on an outside surface {verb} of being "
            "watched, checked or hiding something, which tells whoever finds it what it may "
            f"be for; {_ADVICE[advice].format(key=key)}"), line, "warning",
            code=Code.OUTSIDE_TELLS, lang=lang, fields={
                "format": layout_name, "where": where, "words": tuple(told), "advice": advice,
                "key": key}))
    return problems


_ADVICE = MappingProxyType({
    "tab_label": "give the line a `tab_label` in resources.yaml",
    "qr": "give the first line in resources.yaml a neutral `url` or `qr: tel`",
    "string": "reword its string `{key}`", "reword": "reword it"})
