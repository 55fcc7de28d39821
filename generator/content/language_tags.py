"""A language tag and the tags whose text serves it: "es-MX" is printed with what is written
for "es", "zh-TW" with what is written for "zh-Hant" (CLDR's likely script for Taiwan)."""

from __future__ import annotations

from collections.abc import Mapping

from generator.engine import remembered


@remembered(64)
def served_by(lang: str) -> tuple[str, ...]:
    """`lang`, then the same language in its script (given, or CLDR's likely one for its
    region), then the base language when it is written in that script too ("zh" is
    Simplified Chinese, so it does not serve "zh-TW"): most specific first."""
    parts = lang.split("-")
    base = parts[0]
    scripts = [part for part in parts[1:] if len(part) == 4 and part.isalpha()]
    script = scripts[0].title() if scripts else _likely_script(base, parts[1:])
    base_script = _likely_script(base, [])
    chain = [lang, f"{base}-{script}" if script else "",
             base if None in (script, base_script) or script == base_script else ""]
    return tuple(dict.fromkeys(tag for tag in chain if tag))


def _likely_script(base: str, subtags: list[str]) -> str | None:
    from babel.core import get_global  # CLDR's data: for the build only

    likely = get_global("likely_subtags")
    regions = [part.upper() for part in subtags if len(part) in (2, 3)]
    for key in [*(f"{base}_{region}" for region in regions), base]:
        found = likely.get(key)
        if found:
            script = [part for part in found.split("_")[1:] if len(part) == 4]
            return script[0] if script else None
    return None


def with_base(lang: str) -> tuple[str, ...]:
    """`served_by(lang)`, then the base language whatever its script (a last resort: "zh"
    text for a "zh-TW" kit is better than none)."""
    return tuple(dict.fromkeys((*served_by(lang), lang.split("-")[0])))


def given_for(given: Mapping[str, str], lang: str) -> str | None:
    """What `given` (text per language tag) has for `lang`: its own, else that of the first
    tag that serves it, else its base language's."""
    for tag in with_base(lang):
        if tag in given:
            return given[tag]
    return None
