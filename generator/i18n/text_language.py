"""Which language a piece of text is in, when it is not the page's: what /Lang a screen copy
gives an English line name or "TTY" on an Arabic page, or a Chinese line name on an English
one, so that a screen reader speaks it with the right voice.

Text is told by its letters' script: letters of a script the page's language does not use
(the scripts of its name for itself: العربية, 中文 (简体)) are in the first of the kit's
languages written in that script, else in the script's most spoken language. Digits and
punctuation are in no language. Text in the page's own script is taken to be in the page's
language (an English name on a Spanish page cannot be told apart this way: the caller knows
which texts print untranslated).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from types import MappingProxyType

from generator.engine import remembered
from generator.i18n.localize import native_name
from generator.i18n.scripts import SCRIPTS, script_of

# The language a script is taken to be in when none of the kit's languages is written in it.
SCRIPT_LANGUAGES = MappingProxyType({
    "Latin": "en", "Cyrillic": "ru", "Greek": "el", "Arabic": "ar", "Hebrew": "he",
    "Devanagari": "hi", "Bengali": "bn", "Gurmukhi": "pa", "Tamil": "ta", "Thai": "th",
    "Lao": "lo", "Myanmar": "my", "Ethiopic": "am", "Khmer": "km", "Hangul": "ko",
    "Kana": "ja", "Han": "zh",
})
_NAMED = ("LATIN", "CYRILLIC", "GREEK")


@remembered(16384)
def letter_script(char: str) -> str | None:
    """The script of a letter (None for a digit, a space or punctuation)."""
    if not char.isalpha():
        return None
    script = script_of(char)
    if script is not None:
        return script.name
    name = unicodedata.name(char, "").split(" ")[0]
    return name.title() if name in _NAMED else "Other"


@remembered(256)
def language_scripts(lang: str) -> frozenset[str]:
    """The scripts `lang` is written in, from its name for itself."""
    scripts = {letter_script(char) for char in native_name(lang)} - {None}
    if "Kana" in scripts or "Hangul" in scripts:
        scripts.add("Han")  # Japanese and Korean write Chinese characters too
    return frozenset(script for script in scripts if script is not None) or frozenset(
        {"Latin"})


@remembered(256)
def language_leading(lang: str) -> float:
    """The least line spacing over the type size that `lang`'s scripts ask (Script.leading):
    0 where the layout's own leading serves."""
    leadings = {script.name: script.leading for script in SCRIPTS}
    return max((leadings.get(name, 0.0) for name in language_scripts(lang)), default=0.0)


@remembered(16384)
def foreign_language(text: str, page: str, kit_languages: Sequence[str] = ()) -> str | None:
    """The language of `text` when its letters are all of one script that `page`'s language
    does not use; None when it has no letters, some in the page's scripts, or mixes two."""
    scripts = {letter_script(char) for char in text} - {None}
    own = language_scripts(page)
    if not scripts or scripts & own or len(scripts) > 1:
        return None
    script = next(iter(scripts))
    assert script is not None
    for lang in kit_languages:
        if lang != page and script in language_scripts(lang):
            return lang
    return SCRIPT_LANGUAGES.get(script)
