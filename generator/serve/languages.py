"""Languages as the page names and offers them: in English (the page's own language) and in
themselves, and every language babel knows, for "Add a language"."""

from __future__ import annotations

from dataclasses import dataclass

from generator.content.schema import LANGUAGE_CODE
from generator.engine import remembered
from generator.i18n.localize import babel_locale, builtin_languages, native_name


@dataclass(frozen=True)
class LanguageChoice:
    code: str
    english: str  # Somali
    native: str  # Soomaali

    @property
    def label(self) -> str:
        """"Somali · Soomaali (so)", or "English (en)" when both names are one."""
        both = self.english if self.english == self.native else f"{self.english} · {self.native}"
        return f"{both} ({self.code})"


@remembered(512)
def english_name(code: str) -> str:
    """The language's name in English (Spanish, Somali, Chinese (Simplified)); the code when
    babel does not know it."""
    from babel import UnknownLocaleError

    try:
        name = babel_locale(code).get_display_name("en")
    except (ValueError, TypeError, UnknownLocaleError):
        return code
    return name[:1].upper() + name[1:] if name else code


def choice(code: str) -> LanguageChoice:
    return LanguageChoice(code, english_name(code), native_name(code))


@remembered(1)
def every_language() -> tuple[LanguageChoice, ...]:
    """Every language CLDR names in English that babel has data for: those with havenprint's
    own strings first (with their names in themselves), then by English name (reading each
    language's own data for its name would take seconds)."""
    from babel import Locale, localedata

    built_in = builtin_languages()
    with_data = {name.split("_")[0] for name in localedata.locale_identifiers()}
    names = Locale("en").languages
    others = sorted(((code, name) for code, name in names.items()
                     if code in with_data and code not in built_in
                     and LANGUAGE_CODE.fullmatch(code)), key=lambda item: item[1].casefold())
    return (*sorted((choice(code) for code in built_in), key=lambda lang: lang.english),
            *(LanguageChoice(code, name[:1].upper() + name[1:], name) for code, name in others))


def find_language(wanted: str) -> LanguageChoice | None:
    """The language a volunteer typed: its code (so, zh-Hans), its name in English, or its
    label as the page offers it, in any case; None when no language matches."""
    text = " ".join(wanted.split()).casefold()
    if not text:
        return None
    for lang in every_language():
        if text in (lang.code.casefold(), lang.english.casefold(), lang.label.casefold(),
                    lang.native.casefold()):
            return choice(lang.code)
    code = wanted.strip()
    if LANGUAGE_CODE.fullmatch(code) and english_name(code) != code:
        return choice(code)  # a tag babel reads: es-MX, pa-Arab
    return None


@remembered(1)
def countries() -> tuple[tuple[str, str], ...]:
    """(code, English name) of every country whose numbers phonenumbers checks, by name."""
    import phonenumbers
    from babel import Locale

    names = Locale("en").territories
    return tuple(sorted(((code, names.get(code, code)) for code in
                         phonenumbers.SUPPORTED_REGIONS), key=lambda item: item[1]))
