"""The outside titles of tests/fixtures/outside_titles.tsv: every revealing one refused and
every ordinary one printed, in a kit of its language and (the ordinary ones) in a kit that
prints every built-in language."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from generator.i18n.localize import BUILTIN_DIR
from generator.safety.discretion import _lexicon, builtin_words, revealing_words_in

TITLES = Path(__file__).parent / "fixtures" / "outside_titles.tsv"
VERDICTS = ("revealing", "ordinary")


def _unescaped(text: str) -> str:
    return re.sub(r"\\u([0-9a-fA-F]{4})", lambda found: chr(int(found[1], 16)), text)


def _titles() -> list[tuple[str, str, str]]:
    rows = []
    for number, line in enumerate(TITLES.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        lang, verdict, title = line.split("\t")
        assert verdict in VERDICTS, f"outside_titles.tsv:{number}: {verdict!r}"
        rows.append((lang, verdict, _unescaped(title)))
    return rows


ROWS = _titles()
LANGUAGES = sorted({lang for lang, _, _ in ROWS})


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_outside_title_gets_its_verdict(lang: str) -> None:
    wrong = []
    for title_lang, verdict, title in ROWS:
        if title_lang != lang:
            continue
        found = revealing_words_in(title, builtin_words(lang), lang)
        if bool(found) != (verdict == "revealing"):
            wrong.append(f"{verdict}: {title!r} -> {found}")
    assert wrong == [], "\n".join(wrong)


def test_ordinary_titles_pass_in_a_kit_of_every_language() -> None:
    """The household may read any language the kit prints, so each piece is checked with
    every kit language's words: none of them may catch another language's ordinary title."""
    every = tuple(LANGUAGES)
    wrong = []
    for lang, verdict, title in ROWS:
        if verdict == "ordinary":
            words = _lexicon(lang, every, "US", (), ())
            found = [(one.listed, words.lang_of(one)) for one in words.found(title)]
            if found:
                wrong.append(f"{lang}: {title!r} -> {found}")
    assert wrong == [], "\n".join(wrong)


def test_every_built_in_language_has_its_titles() -> None:
    counts = Counter((lang, verdict) for lang, verdict, _ in ROWS)
    catalogues = {path.stem for path in BUILTIN_DIR.glob("*.yaml")} | {"zh-Hant"}
    for lang in sorted(catalogues):
        assert counts[(lang, "revealing")] >= 25, lang
        assert counts[(lang, "ordinary")] >= 15, lang


# The titles of issue 40's red-team pass that printed (or were refused) wrongly.
REPRODUCTIONS = {
    "revealing": [
        ("en", "S\u0397ELTER"), ("en", "A\u0412USE"), ("en", "VIC\u0422IM"),
        ("en", "\u03a4RAFFICKING"), ("en", "\u0397OTLINE"), ("en", "\u039aRISIS LINE"),
        ("en", "Abu5e"), ("en", "4buse"), ("en", "@buse"), ("en", "v1olence"),
        ("en", "violenc3"), ("en", "Sh3lter"), ("en", "5helter"), ("en", "Hotl1ne"),
        ("en", "vi0lence"), ("vi", "Bao luc gia dinh"), ("vi", "Duong day nong"),
        ("vi", "Nan nhan"), ("vi", "Lam dung"), ("en", "GBV services"),
        ("en", "VAWA resources"), ("en", "DVSA"), ("en", "NDVH"), ("en", "SV services"),
        ("en", "SA services"), ("tl", "VAWC"), ("tl", "VAW desk"), ("en", "Rapist"),
        ("en", "Femicide"), ("es", "Feminicidio"), ("pt", "Feminicídio"),
        ("en", "Forced marriage"), ("en", "Molestation"), ("en", "Beaten women"),
        ("en", "Battery"), ("en", "Coercion"), ("en", "Gaslighting"),
        ("en", "Controlling partner"), ("es", "Línea caliente"),
        ("fr", "Centre d'hébergement d'urgence"), ("pt", "Maria da Penha"),
        ("pt", "Ligue 180"), ("pt", "Centro de acolhimento"), ("pl", "Pomoc pokrzywdzonym"),
        ("ht", "Abi seksyèl"), ("ht", "Liy dèd"), ("hi", "Gharelu hinsa"),
        ("fa", "اورژانس اجتماعی 123"), ("ur", "ہراسانی"), ("he", "קו חם"), ("he", "קו סיוע"),
        ("ar", "خط نجدة"), ("zh-Hans", "妇女援助"), ("zh-Hant", "婦女救援"),
    ],
    "ordinary": [
        ("en", "Refugee health services"), ("en", "Domestically made"),
        ("en", "Stalks and leaves"), ("en", "Rapeseed farm"), ("ht", "Krizantèm"),
        ("en", "Battery recycling"),
    ],
}


@pytest.mark.parametrize("verdict", VERDICTS)
def test_the_issues_reproductions_are_in_the_list(verdict: str) -> None:
    listed = {(lang, title) for lang, given, title in ROWS if given == verdict}
    assert [one for one in REPRODUCTIONS[verdict] if one not in listed] == []


def test_no_ordinary_title_is_a_tell() -> None:
    """The tells (words about being watched, checked or hiding) are said of no ordinary
    title either."""
    told = [(lang, title, [one.listed for one in _lexicon(lang, (lang,), "US", (), ())
                           .tells_in(title)])
            for lang, verdict, title in ROWS if verdict == "ordinary"]
    assert [one for one in told if one[2]] == []
