"""Every character a kit could print in a language: what Chinese, Japanese and Korean faces
are subset to.

Noto Sans CJK has to be subset and converted to TrueType outlines before ReportLab can embed
it, which takes seconds. Subset per document, a kit made four subsets per language and a
batch four per site; subset to the characters of the kit's content files (and of every
site's, in a batch), it makes one, kept on disk. The set is read from the files themselves
(site.yaml, resources.yaml, the articles and catalogues) plus the names babel writes (months,
weekdays, languages): a superset of what is printed. A character it still misses gets a
subset of the document's own, as before: correct, only slower.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from babel import Locale, UnknownLocaleError

from generator.content.yamlfile import MAX_CONTENT_BYTES
from generator.engine import current_engine, remembered
from generator.i18n.localize import BUILTIN_DIR, builtin_languages, native_name

CJK_LANGUAGES = frozenset({"zh", "ja", "ko"})  # set in Noto Sans CJK, which is subset
ALWAYS = "0123456789 \u00a0\u202f.,;:!?()[]-–—·•/+&%@#'\"“”‘’«»…*"  # no-break spaces too


def kit_characters(folders: tuple[Path, ...], lang: str,
                   languages: tuple[str, ...] = ()) -> frozenset[str]:
    """The characters of the content folders' files that a kit in `lang` reads, those of
    the built-in catalogues, and babel's names in `lang` (of months, days, and of
    `languages`, the languages the kit's lines are answered in, also in their own names);
    with a batch's, when one is running (`share_characters`)."""
    stamps = tuple(_stamp(path) for path in _files(folders, lang))
    shared = current_engine().shared_characters.get(lang) or frozenset()
    return _characters(stamps, lang) | _language_names(lang, languages) | shared


def share_characters(folders: Iterable[tuple[Path, ...]], lang: str) -> None:
    """Before a batch: every site's characters, so that one subset serves them all."""
    found: set[str] = set()
    every_language = tuple(builtin_languages())
    for chain in folders:
        found |= kit_characters(chain, lang, every_language)
    current_engine().shared_characters.remember(lang, frozenset(found))


def _files(folders: tuple[Path, ...], lang: str) -> list[Path]:
    files = [BUILTIN_DIR / f"{lang}.yaml", BUILTIN_DIR / "en.yaml"]
    for folder in folders:
        files += [folder / "site.yaml", folder / "resources.yaml",
                  folder / "locales" / f"{lang}.yaml"]
        articles = folder / "articles"
        if articles.is_dir():
            files += sorted(articles.glob(f"*.{lang}.*"))
    return [path for path in files if path.is_file()]


def _stamp(path: Path) -> tuple[Path, int, int]:
    stat = path.stat()
    return path, stat.st_size, stat.st_mtime_ns


@remembered(64)
def _characters(stamps: tuple[tuple[Path, int, int], ...], lang: str) -> frozenset[str]:
    found = set(ALWAYS)
    for path, size, _ in stamps:
        if size <= MAX_CONTENT_BYTES:
            found |= set(path.read_text(encoding="utf-8", errors="ignore"))
    found |= _babel_characters(lang)
    return frozenset(found - set("\n\r\t\f\v"))


@remembered(64)
def _babel_characters(lang: str) -> frozenset[str]:
    """The characters of the months', days' and dates' names babel writes in `lang`."""
    return _worked_out_characters(lang)


def _worked_out_characters(lang: str) -> frozenset[str]:
    try:
        locale = Locale.parse(lang, sep="-")
    except (ValueError, UnknownLocaleError):
        return frozenset()
    names: list[str] = []
    for width in ("abbreviated", "wide"):
        names += locale.months["format"][width].values()
        names += locale.days["format"][width].values()
    names += [locale.date_formats["medium"].pattern, locale.date_formats["long"].pattern]
    return frozenset("".join(names))


@remembered(256)
def _language_names(lang: str, languages: tuple[str, ...]) -> frozenset[str]:
    """"English · Español": the languages' names in `lang` and in their own."""
    return _worked_out_names(lang, languages)


def _worked_out_names(lang: str, languages: tuple[str, ...]) -> frozenset[str]:
    try:
        locale = Locale.parse(lang, sep="-")
    except (ValueError, UnknownLocaleError):
        return frozenset()
    names = [locale.languages.get(code.split("-")[0], "") for code in languages]
    names += [native_name(code) for code in languages]
    return frozenset("".join(names))
