"""Interface strings for a language: the built-in catalogue, overridden per site.

A catalogue is a flat `key: text` mapping plus one reserved key, `_meta`:
`{language: <native name>, needs_review: true|false, note: ..., untranslated: [key, ...]}`.
A key a catalogue lacks, or lists under `untranslated`, prints in English. The English
strings are en.yaml's and those a kit's layouts declare (`strings:` in a layout.yaml, given
here as `layout_strings`), which a site's catalogues translate like the others.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING

from generator import PACKAGE_DIR
from generator.content.language_tags import served_by
from generator.content.placeholders import PlaceholderError, names, pieces
from generator.content.text_numbers import printed_text_problem
from generator.content.yamlfile import YamlDoc, load_yaml
from generator.engine import remembered
from generator.errors import Code, ContentError, Flaw, Problem
from generator.i18n.claim_words import claim_problem

if TYPE_CHECKING:
    from babel import Locale

BUILTIN_DIR = PACKAGE_DIR / "locales"
FALLBACK = "en"
META_KEY = "_meta"
META_FIELDS = ("language", "needs_review", "reviewed_by", "reviewed_on", "note",
               "untranslated", "differs_from_builtin")
# `_meta: {differs_from_builtin: [key, ...]}`: a site's string whose number-like placeholders
# come in another order than havenprint's translation of the same language, on purpose
ORDER_CONFIRM = "differs_from_builtin"
# Placeholders a reader cannot tell apart when a translation swaps them: "Envíe {number} al
# {keyword}" tells a survivor to text the number to the keyword; a page and the pages, a
# label's size and how many to a sheet likewise. A message with two of them is checked.
NUMBER_LIKE = frozenset({"keyword", "number", "page", "pages", "size", "count"})

# Safety wording every kit carries: a site may reword it, never remove it.
SAFETY_STRINGS = ("safety_note", "before_you_call")


# Languages CLDR has no data of its own for: the locale whose dates and names they use,
# and their own name.
BABEL_ALIASES = MappingProxyType({"prs": "fa-AF"})  # Dari: Afghan Persian
OWN_NAMES = MappingProxyType({"prs": "دری"})


def babel_locale(lang: str) -> Locale:
    """babel's locale for `lang` (through BABEL_ALIASES); UnknownLocaleError or ValueError
    for a code it does not know."""
    from babel import Locale  # CLDR's data: for the build, not for listing the formats

    return Locale.parse(BABEL_ALIASES.get(lang, lang), sep="-")


@remembered(256)
def native_name(lang: str) -> str:
    """The language's name in itself (Español, العربية, 中文 (简体)), from babel's CLDR data
    (kept on disk, i18n/kept_cldr.py: the whole locale is loaded to find it); the code for a
    language babel does not know."""
    if lang in OWN_NAMES:
        return OWN_NAMES[lang]
    return _native_name(lang)


def _native_name(lang: str) -> str:
    from babel import UnknownLocaleError

    try:
        name = babel_locale(lang).display_name
    except (ValueError, TypeError, UnknownLocaleError):
        return lang
    return name[:1].upper() + name[1:] if name else lang


def builtin_languages() -> list[str]:
    return sorted(path.stem for path in BUILTIN_DIR.glob("*.yaml"))


@dataclass(frozen=True)
class CatalogueMeta:
    """What a catalogue says about itself in `_meta`."""

    language: str | None = None
    needs_review: bool = False
    note: str | None = None
    untranslated: tuple[str, ...] = ()
    # who signed the strings off as checked by a native speaker, and when (an import never
    # does: review is said, not inferred from a translation tool's flags)
    reviewed_by: str | None = None
    reviewed_on: str | None = None


@dataclass(frozen=True)
class Catalogue:
    path: Path
    strings: dict[str, str]
    meta: CatalogueMeta


@dataclass(frozen=True)
class LanguageStatus:
    """The strings a language prints, and where each of them comes from."""

    lang: str
    strings: dict[str, str]
    catalogues: tuple[Catalogue, ...]  # built-in first, then the site's; only those that exist
    origins: dict[str, Catalogue | None]  # None: the English text
    english: dict[str, str]  # every string's English text, the layouts' strings included

    @property
    def language(self) -> str:
        """The language's own name, as the last catalogue that gives one spells it."""
        names = [c.meta.language for c in self.catalogues if c.meta.language]
        return names[-1] if names else self.lang

    @property
    def is_english(self) -> bool:
        return self.lang.split("-")[0] == FALLBACK

    @property
    def missing(self) -> tuple[str, ...]:
        """Keys no catalogue of the language gives (nor marks untranslated): English prints."""
        if self.is_english:
            return ()
        return tuple(key for key, origin in self.origins.items()
                     if origin is None and key not in self._marked_untranslated)

    @property
    def untranslated(self) -> tuple[str, ...]:
        """Keys a catalogue marks as not translated yet: English (or its text so far) prints."""
        if self.is_english:
            return ()
        return tuple(key for key, origin in self.origins.items()
                     if (origin is None and key in self._marked_untranslated)
                     or (origin is not None and key in origin.meta.untranslated))

    @property
    def _marked_untranslated(self) -> set[str]:
        return {key for c in self.catalogues for key in c.meta.untranslated}

    @property
    def fallbacks(self) -> tuple[str, ...]:
        """Every key that prints in English in this language."""
        fallen = set(self.missing) | set(self.untranslated)
        return tuple(key for key in self.origins if key in fallen)

    @property
    def unreviewed(self) -> tuple[Catalogue, ...]:
        """Catalogues marked needs_review that some printed string still comes from."""
        used = {id(origin) for origin in self.origins.values() if origin is not None}
        return tuple(c for c in self.catalogues if c.meta.needs_review and id(c) in used)

    @property
    def needs_review(self) -> bool:
        return bool(self.unreviewed)


def site_catalogue_path(lang: str, content_root: Path) -> Path:
    return content_root / "locales" / f"{lang}.yaml"


def english() -> dict[str, str]:
    return load_catalogue(BUILTIN_DIR / f"{FALLBACK}.yaml").strings


def language_status(lang: str, content_root: Path | None,
                    layout_strings: Mapping[str, str] | None = None) -> LanguageStatus:
    """English (en.yaml's strings and `layout_strings`, those the kit's layouts declare), then
    the built-in catalogues for `lang`, then the site's `locales/<lang>.yaml` (none when
    `content_root` is None); a later catalogue wins key by key. A regional or script tag is
    also served by the catalogues of the tags it belongs to, the more general first: "es-MX"
    by es.yaml, "zh-TW" by zh-Hant.yaml (language_tags.served_by)."""
    base = {**english(), **(layout_strings or {})}
    strings = dict(base)
    origins: dict[str, Catalogue | None] = dict.fromkeys(base)
    catalogues = []
    tags = tuple(reversed(served_by(lang)))
    paths = [BUILTIN_DIR / f"{tag}.yaml" for tag in tags]
    if content_root is not None:
        paths.extend(site_catalogue_path(tag, content_root) for tag in tags)
    for path in paths:
        # lexists: a pipe or a folder in a catalogue's place is reported when read, not
        # passed over for the built-in strings
        if os.path.lexists(path) and path != BUILTIN_DIR / f"{FALLBACK}.yaml":
            catalogue = load_catalogue(path, known=base)
            catalogues.append(catalogue)
            strings.update(catalogue.strings)
            origins.update(dict.fromkeys(catalogue.strings, catalogue))
    return LanguageStatus(lang, strings, tuple(catalogues), origins, base)


def load_strings(lang: str, content_root: Path,
                 layout_strings: Mapping[str, str] | None = None) -> dict[str, str]:
    """The text of every interface string in `lang` (English where none is given), the
    layouts' own strings included."""
    return language_status(lang, content_root, layout_strings).strings


def placeholders(text: str) -> set[str]:
    """The `{name}` placeholders of a catalogue string (PlaceholderError for any other
    replacement field: see generator.content.placeholders)."""
    return names(text)


def load_catalogue(path: Path, known: dict[str, str] | None = None) -> Catalogue:
    """One catalogue file; with `known` (the English strings) its keys and placeholders are
    checked against English. Raises ContentError listing every problem. Parsed once per
    version of the file: a kit reads the same catalogues for every document."""
    stat = path.stat()
    return _load_catalogue(path, stat.st_mtime_ns, stat.st_size,
                           tuple(sorted(known.items())) if known is not None else None)


@remembered(256)
def _load_catalogue(path: Path, mtime: int, size: int,
                    known_items: tuple[tuple[str, str], ...] | None) -> Catalogue:
    known = dict(known_items) if known_items is not None else None
    return catalogue_from_doc(load_yaml(path), known)


def catalogue_from_doc(doc: YamlDoc, known: dict[str, str] | None = None) -> Catalogue:
    """A catalogue already parsed (also a draft in the web page, checked before it is
    saved); ContentError listing every problem."""
    path = doc.path
    if not isinstance(doc.data, dict):
        raise ContentError(Problem(path, "expected a mapping of string name: text", 1,
                                   code=Code.CATALOGUE_NOT_MAPPING))
    problems = []
    strings: dict[str, str] = {}
    builtin = _builtin_strings(doc) if known is not None else None
    for key, value in doc.data.items():
        if key == META_KEY:
            continue
        problem = _string_problem(doc, str(key), value, known)
        if problem is None and builtin is not None:
            problem = _order_problem(doc, str(key), value, builtin)
        if problem is not None:
            problems.append(problem)
        else:
            strings[str(key)] = value
    meta, meta_problems = _meta(doc, known)
    problems.extend(meta_problems)
    if problems:
        raise ContentError(problems)
    return Catalogue(path, strings, meta)


def _string_problem(doc: YamlDoc, key: str, value: object,
                    known: dict[str, str] | None) -> Problem | None:
    line = doc.line_of((key,))
    if known is not None and key not in known:
        valid = ", ".join(sorted(known))
        return Problem(doc.path, f"unknown string '{key}'; valid: {valid}", line,
                       code=Code.UNKNOWN_STRING, fields={"key": key, "valid": tuple(sorted(known))})
    if not isinstance(value, str) or not value.strip():
        message = f"{key}: expected text"
        if key in SAFETY_STRINGS:
            message += " (safety wording can be reworded, not removed)"
        return Problem(doc.path, message, line, code=Code.STRING_NOT_TEXT,
                       fields={"key": key, "safety": int(key in SAFETY_STRINGS)})
    wrong = placeholder_problem(value, known[key] if known is not None else None)
    if wrong is None and known is not None and not _is_english(doc.path):
        wrong = printed_text_problem(value, None, known[key])  # a number English lacks
    if wrong is None and Path(doc.path).parent != BUILTIN_DIR:
        wrong = claim_problem(Path(doc.path).stem, key, value)  # "any time" beside 9 to 5
    return None if wrong is None else wrong.at(doc.path, line, prefix=f"{key}: ", key=key)


def role_order(text: str) -> tuple[str, ...]:
    """The number-like placeholders of `text` in the order they are written."""
    try:
        return tuple(name for _, name in pieces(text) if name in NUMBER_LIKE)
    except PlaceholderError:
        return ()


def builtin_catalogue_path(lang: str) -> Path | None:
    """havenprint's own catalogue serving `lang` (the most specific), or None."""
    try:
        tags = served_by(lang)
    except (ValueError, LookupError, TypeError):
        return None
    paths = [BUILTIN_DIR / f"{tag}.yaml" for tag in tags]
    return next((path for path in paths if path.is_file()), None)


def _builtin_strings(doc: YamlDoc) -> dict[str, str] | None:
    """The built-in strings of a site catalogue's language; None for a built-in file or a
    language havenprint has no catalogue of."""
    path = Path(doc.path)
    if path.parent == BUILTIN_DIR:
        return None
    builtin = builtin_catalogue_path(path.stem)
    return load_catalogue(builtin).strings if builtin is not None else None


def _confirmed_orders(doc: YamlDoc) -> set[str]:
    meta = doc.data.get(META_KEY) if isinstance(doc.data, dict) else None
    keys = meta.get(ORDER_CONFIRM) if isinstance(meta, dict) else None
    return {key for key in keys if isinstance(key, str)} if isinstance(keys, list) else set()


def _order_problem(doc: YamlDoc, key: str, value: str,
                   builtin: dict[str, str]) -> Problem | None:
    """A site's string whose number-like placeholders come in another order than the
    built-in translation's of the same language, not confirmed in `_meta`."""
    ours = builtin.get(key)
    if ours is None or len(set(role_order(ours))) < 2 or key in _confirmed_orders(doc):
        return None
    order, wanted = role_order(value), role_order(ours)
    if order == wanted:
        return None
    written = " ... ".join(f"{{{name}}}" for name in order)
    return Problem(doc.path, (
        f"{key}: its placeholders come as {written}, in another order than havenprint's "
        f"translation ({ours!r}): check each says what it stands for (a survivor texting "
        f"the number to the keyword gets no help); if the order is right, confirm it with "
        f"`{ORDER_CONFIRM}: [{key}]` in the file's _meta"), doc.line_of((key,)),
        code=Code.PLACEHOLDER_ORDER,
        fields={"key": key, "text": ours})


def _is_english(path: Path) -> bool:
    """A catalogue of English (en.yaml, en-GB.yaml): a site's own English wording, which may
    give a number of its own (checked for the country with the kit,
    generator/pipeline/kit_checks.py), where a translation may not."""
    return Path(path).stem.split("-")[0] == FALLBACK


def placeholder_problem(text: str, english_text: str | None) -> Flaw | None:
    """What is wrong with the `{placeholders}` of a translation (`english_text`: the string
    it translates, whose placeholders it must keep), or None."""
    english_names = placeholders(english_text) if english_text is not None else None
    try:
        found = placeholders(text)
    except PlaceholderError as error:
        return _placeholder_flaw(error, english_names)
    if english_names is not None and found != english_names:
        wanted = ", ".join(f"{{{name}}}" for name in sorted(english_names))
        return Flaw(Code.PLACEHOLDERS_CHANGED, f"must keep the placeholders {wanted or '(none)'} "
                    "of the English text", {"wanted": tuple(sorted(english_names))})
    return None


def _placeholder_flaw(error: PlaceholderError, english_names: set[str] | None) -> Flaw:
    wanted = tuple(sorted(english_names)) if english_names is not None else None
    if error.field is None:
        return Flaw(Code.PLACEHOLDER_WRONG, str(error), {
            "written": None, "wanted": wanted, "reason": str(error)})
    if english_names is None:
        use = "write a name in braces, such as {emergency}, with nothing else inside"
    elif english_names:
        written = " and ".join(f"{{{name}}}" for name in sorted(english_names))
        use = f"write {written} exactly, with nothing else inside the braces"
    else:
        use = "this string takes none"
    return Flaw(Code.PLACEHOLDER_WRONG, f"{error.field} is not a placeholder: {use} "
                "({{ and }} print a brace)", {"written": error.field, "wanted": wanted,
                                             "reason": None})


def _meta(doc: YamlDoc, known: dict[str, str] | None) -> tuple[CatalogueMeta, list[Problem]]:
    """`_meta`, checked field by field."""
    raw = doc.data.get(META_KEY)
    if raw is None:
        return CatalogueMeta(), []

    def problem(field: str, message: str) -> Problem:
        loc = (META_KEY, field) if field else (META_KEY,)
        return Problem(doc.path, f"{'.'.join(loc)}: {message}", doc.line_of(loc),
                       code=Code.CATALOGUE_META, fields={"key": ".".join(loc), "reason": message})

    if not isinstance(raw, dict):
        return CatalogueMeta(), [problem("", "expected a mapping such as "
                                             "{language: Español, needs_review: true}")]
    problems = [problem(str(field), f"unknown field; valid: {', '.join(META_FIELDS)}")
                for field in raw if field not in META_FIELDS]
    texts = {}
    for field in ("language", "note", "reviewed_by"):
        value = raw.get(field)
        if value is not None and not isinstance(value, str):
            problems.append(problem(field, "expected text"))
        texts[field] = value if isinstance(value, str) else None
    reviewed_on = raw.get("reviewed_on")
    if reviewed_on is not None and not isinstance(reviewed_on, date):
        try:
            reviewed_on = date.fromisoformat(str(reviewed_on))
        except ValueError:
            problems.append(problem("reviewed_on", "expected a date such as 2025-03-01"))
            reviewed_on = None
    needs_review = raw.get("needs_review", False)
    if not isinstance(needs_review, bool):
        problems.append(problem("needs_review", "expected true or false"))
        needs_review = True
    untranslated = raw.get("untranslated") or []
    if not isinstance(untranslated, list) or not all(isinstance(k, str) for k in untranslated):
        problems.append(problem("untranslated", "expected a list of string names"))
        untranslated = []
    elif known is not None:
        problems.extend(problem("untranslated", f"unknown string '{key}'")
                        for key in untranslated if key not in known)
    confirmed = raw.get(ORDER_CONFIRM) or []
    if not isinstance(confirmed, list) or not all(isinstance(k, str) for k in confirmed):
        problems.append(problem(ORDER_CONFIRM, "expected a list of string names"))
    elif known is not None:
        problems.extend(problem(ORDER_CONFIRM, f"unknown string '{key}'")
                        for key in confirmed if key not in known)
    meta = CatalogueMeta(texts["language"], needs_review, texts["note"],
                         tuple(dict.fromkeys(untranslated)), texts["reviewed_by"],
                         reviewed_on.isoformat() if isinstance(reviewed_on, date) else None)
    return meta, problems
