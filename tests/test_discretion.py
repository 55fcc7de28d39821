"""Revealing words on an outside surface fail check and build, naming surface and word."""

from __future__ import annotations

import json
import re
import shutil
import unicodedata
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.i18n.localize import BUILTIN_DIR
from generator.safety.discretion import (
    WORDS_DIR,
    builtin_words,
    has_builtin_list,
    revealing_words_in,
)
from generator.safety.discretion.matching import _IGNORABLE_RANGES, is_ignorable, normalised
from tests.conftest import DEFAULT_CONTENT, Checked, article_languages, edit, page_texts


def test_revealing_title_fails_on_every_outside_surface(kit: Path, run) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "discreet_title: Wellness contacts",
         "discreet_title: Domestic violence help")
    result = run("check", kit)
    assert result.code == 1
    assert ("pocket-card (front): 'domestic' on an outside surface would reveal what this is "
            "for") in result.err
    assert "pocket-card (front): 'violence' on an outside surface" in result.err
    assert "brochure (outside, cover): 'domestic' on an outside surface" in result.err
    assert "site.yaml" in result.err


def test_flap_may_name_the_hotline(kit: Path, run) -> None:  # noqa: ANN001
    # The flap lists "National Domestic Violence Hotline": it is seen only when opened.
    assert run("check", kit, "--format", "brochure").code == 0


def test_site_can_add_words(kit: Path, run) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "brand_color:", "revealing_words: [Wellness]\nbrand_color:")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1
    assert "pocket-card (front): 'wellness' on an outside surface" in result.err


def test_not_discreet_allows_it(kit: Path, run) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "discreet_title: Wellness contacts",
         "discreet_title: Domestic violence help\ndiscreet: false")
    assert run("check", kit, "--format", "pocket-card").code == 0


def test_word_starts_and_languages() -> None:
    # "abusers" is a form of "abuse" (its stem), named once
    assert revealing_words_in("Our ABUSERS and a Shelter", builtin_words("en")) == \
        ["abuse", "shelter"]
    assert revealing_words_in("Wellness contacts", builtin_words("en")) == []
    assert "violencia" in builtin_words("es")
    assert "violence" in builtin_words("es")  # English words apply in every language


def test_discreet_poster_is_checked_outside_its_tabs(kit: Path, run) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "brand_color:", "poster_discreet: true\nbrand_color:")
    assert run("check", kit, "--format", "poster").code == 0  # the tabs may name the line
    # its headline, a site's own words for "Need to talk?"
    (kit / "locales").mkdir()
    (kit / "locales" / "en.yaml").write_text("need_to_talk: Need a shelter?\n",
                                             encoding="utf-8")
    result = run("check", kit, "--format", "poster")
    assert result.code == 1
    assert "poster (poster): 'shelter' on an outside surface" in result.err


def test_ordinary_poster_may_say_what_it_is(kit: Path, run) -> None:  # noqa: ANN001
    assert run("check", kit, "--format", "poster").code == 0


# --- languages without a list ---------------------------------------------------------------

GERMAN_TITLE = "Hilfe bei häuslicher Gewalt"


@pytest.fixture
def german_kit(kit: Path) -> Path:
    """The kit in English and German (an article in German, no built-in German list)."""
    shutil.copy(kit / "articles" / "trauma-bonding.en.md",
                kit / "articles" / "trauma-bonding.de.md")
    edit(kit / "site.yaml", "languages: [en]", "languages: [en, de]")
    edit(kit / "site.yaml", "discreet_title: Wellness contacts",
         f"discreet_title: {{en: Wellness contacts, de: {GERMAN_TITLE}}}")
    return kit


def test_a_language_without_a_list_fails_on_outside_surfaces(german_kit: Path, run) -> None:  # noqa: ANN001
    result = run("check", german_kit, "--format", "pocket-card")
    assert result.code == 1
    assert ("site.yaml:4: language 'de' has no list of revealing words, so its outside "
            "surfaces cannot be checked: add `revealing_words: {de: [...]}` to site.yaml"
            ) in result.err
    assert "Not built: pocket-card (de)" in result.err
    # A plain list is for every language: it does not stand in for German words.
    edit(german_kit / "site.yaml", "brand_color:", "revealing_words: [clinic]\nbrand_color:")
    result = run("check", german_kit, "--format", "pocket-card", "--lang", "de")
    assert result.code == 1
    assert "does not count as 'de' words" in result.err


def test_a_site_gives_words_for_its_language(german_kit: Path, run) -> None:  # noqa: ANN001
    edit(german_kit / "site.yaml", "brand_color:",
         "revealing_words: {de: [gewalt, missbrauch, frauenhaus]}\nbrand_color:")
    result = run("check", german_kit, "--format", "pocket-card")
    assert result.code == 1
    assert "pocket-card (front): 'gewalt' on an outside surface would reveal" in result.err
    assert "has no list of revealing words" not in result.err
    assert "Not built: pocket-card (de)" in result.err  # English is still built
    edit(german_kit / "site.yaml", GERMAN_TITLE, "Kontakte für Wohlbefinden")
    assert run("check", german_kit, "--format", "pocket-card").code == 0


def test_words_given_for_a_language_serve_its_regional_tags(kit: Path, run) -> None:  # noqa: ANN001
    """Words given for zh-Hant check a zh-TW kit (Traditional Chinese, as its interface
    strings and title are), words for de a de-AT kit."""
    for tag in ("zh-TW", "de-AT"):
        shutil.copy(kit / "articles" / "trauma-bonding.en.md",
                    kit / "articles" / f"trauma-bonding.{tag}.md")
    edit(kit / "site.yaml", "languages: [en]", "languages: [zh-TW, de-AT]")
    edit(kit / "site.yaml", "discreet_title: Wellness contacts",
         "discreet_title: {zh-Hant: 庇蔭聯絡資訊, de: Kontakte für Wohlbefinden}")
    edit(kit / "site.yaml", "brand_color:",
         "revealing_words: {zh-Hant: [庇蔭], de: [wohlbefinden]}\nbrand_color:")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1
    assert "has no list of revealing words" not in result.err
    assert "pocket-card (front): '庇蔭' on an outside surface" in result.err
    assert "pocket-card (front): 'wohlbefinden' on an outside surface" in result.err


def test_a_language_without_a_list_may_print_an_ordinary_poster(german_kit: Path,  # noqa: ANN001
                                                                 run) -> None:
    assert run("check", german_kit, "--format", "poster").code == 0  # nothing is outside


@pytest.mark.parametrize(("setting", "message"), [
    ("revealing_words: {German: [gewalt]}",
     "revealing_words: 'German' is not a language code such as en, es or zh-Hans"),
    ("revealing_words: {de: []}", "revealing_words: de: list at least one word"),
])
def test_revealing_words_mapping_is_checked(kit: Path, run, setting: str,  # noqa: ANN001
                                            message: str) -> None:
    edit(kit / "site.yaml", "brand_color:", f"{setting}\nbrand_color:")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1
    assert message in result.err


def test_every_catalogue_language_has_a_list() -> None:
    catalogues = sorted(path.stem for path in BUILTIN_DIR.glob("*.yaml"))
    assert len(catalogues) >= 17
    missing = [lang for lang in catalogues if not has_builtin_list(lang)]
    assert missing == [], f"add generator/safety/discretion/<lang>.txt for {missing}"
    for lang in catalogues:  # each list holds words of its own besides the English ones
        assert len(builtin_words(lang)) > len(builtin_words("en")) or lang == "en", lang


# --- disguised words ------------------------------------------------------------------------

CYRILLIC_O = "\u043e"


DISGUISED_TITLES = [
    "Vio-\nlence help",  # a word hyphenated across a line break
    "ᴠɪᴏʟᴇɴᴄᴇ help",  # small capitals
    "Vio\u0301lence help",  # a combining accent
    "Vio**lence** help",  # Markdown emphasis, printed as written
    "V I O L E N C E help",  # spelt out letter by letter
]


@pytest.mark.parametrize("title", [
    f"Vi{CYRILLIC_O}lence help",  # a Cyrillic о in a Latin word
    "Ｖｉｏｌｅｎｃｅ help",  # fullwidth letters
    "𝐕𝐢𝐨𝐥𝐞𝐧𝐜𝐞 help",  # mathematical bold
    *DISGUISED_TITLES,
])
def test_disguised_title_fails_check(kit: Path, run, title: str) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "discreet_title: Wellness contacts",
         f"discreet_title: {json.dumps(title, ensure_ascii=False)}")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1
    assert "pocket-card (front): 'violence' on an outside surface" in result.err


SMALL_CAPITALS = {"ᴠ": "v", "ɪ": "i", "ᴏ": "o", "ʟ": "l", "ᴇ": "e", "ɴ": "n", "ᴄ": "c"}


@pytest.mark.parametrize("title", DISGUISED_TITLES)
def test_disguised_titles_print_the_word(kit: Path, run, tmp_path: Path, title: str) -> None:  # noqa: ANN001
    """What the disguises above put on the card's front does read as "violence" once the
    disguise is undone by hand: they are words a reader sees, not noise the check could
    ignore."""
    edit(kit / "site.yaml", "discreet_title: Wellness contacts",
         f"discreet_title: {json.dumps(title, ensure_ascii=False)}\ndiscreet: false")
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, "--format", "pocket-card", "--target", "shop",
               "--no-previews").code == 0
    printed = page_texts(out / "en" / "pocket-card-shop.pdf")[0]
    undone = "".join(SMALL_CAPITALS.get(char, char) for char in unicodedata.normalize(
        "NFD", printed) if not unicodedata.combining(char))
    undone = re.sub(r"-\s+|\*|(?<=(?<!\w)\w)\s+(?=\w(?!\w))", "", undone).lower()
    assert "violence help" in undone, printed


@pytest.mark.parametrize("text", [
    "vio\u00adlence",  # soft hyphen
    "vio\u200blence",  # zero-width space
    "vio\u200dlen\u200cce",  # zero-width joiner and non-joiner
    "vio\u2060lence",  # word joiner
    "\u2067violence\u2069",  # bidi isolate
    "vio\u202elence",  # right-to-left override
    "\ufeffviolence",  # BOM
    "VIOLENCE",
    f"vi{CYRILLIC_O}lence",
    "ѵіоlеnсе",  # every letter Cyrillic
    "ᴠɪᴏʟᴇɴᴄᴇ",  # small capitals
    "ᏙIOLENCE",  # a Cherokee letter whose skeleton is a capital V
    "vi0lence",  # a digit zero for the o
    "vio\u0301lence",  # a combining accent the word does not have
    "v\u0336i\u0336olence",  # combining strokes through letters
    "vio-lence",  # split by a hyphen
    "vio-\nlence",  # hyphenated across a line break
    "vio- lence",  # the same line break, read as a space
    "vio\u2010lence",  # a Unicode hyphen
    "vio**lence**",  # Markdown emphasis, printed as written
    "vio·lence",  # a middle dot
    "vio&shy;lence",  # an HTML entity, printed as written
    "vi&#111;lence",
    "V I O L E N C E",  # spaced letters
])
def test_disguises_are_seen_through(text: str) -> None:
    assert revealing_words_in(f"Help with {text}", builtin_words("en")) == ["violence"]


IGNORABLE = [chr(code) for first, last in _IGNORABLE_RANGES
             for code in range(first, min(last, first + 40) + 1)]


def listed_words(lang: str) -> list[str]:
    """The revealing entries of `lang`'s lists (English first), without their marks (`*`,
    `~`); everyday ones (`!`) left out."""
    return [word.strip("*~") for word in builtin_words(lang) if not word.startswith("!")]


LISTED = sorted({word for path in WORDS_DIR.glob("*.txt") for word in listed_words(path.stem)
                 if " " not in word and not any(is_ignorable(char) for char in word)})


@settings(max_examples=300, deadline=None)
@given(word=st.sampled_from(LISTED), data=st.data())
def test_a_revealing_word_with_invisible_characters_is_still_caught(word: str, data) -> None:  # noqa: ANN001
    inserts = data.draw(st.lists(st.tuples(st.integers(0, len(word)), st.sampled_from(IGNORABLE)),
                                 min_size=1, max_size=4))
    disguised = word
    for position, char in sorted(inserts, reverse=True):
        disguised = disguised[:position] + char + disguised[position:]
    assert normalised(word) in revealing_words_in(f"a {disguised} b", (word,))


LOOKALIKES = {"a": "а", "c": "с", "e": "е", "i": "і", "o": "о", "p": "р", "s": "ѕ", "x": "х",
              "y": "у"}  # Latin -> Cyrillic


@settings(max_examples=200, deadline=None)
@given(word=st.sampled_from(listed_words("en")), data=st.data())
def test_lookalike_letters_are_caught(word: str, data) -> None:  # noqa: ANN001
    swaps = [i for i, char in enumerate(word) if char in LOOKALIKES]
    chosen = data.draw(st.sets(st.sampled_from(swaps), min_size=1)) if swaps else set()
    disguised = "".join(LOOKALIKES[c] if i in chosen else c for i, c in enumerate(word))
    fullwidth = data.draw(st.booleans())
    if fullwidth:
        disguised = "".join(chr(ord(c) + 0xFEE0) if "a" <= c <= "z" else c for c in disguised)
    assert word in revealing_words_in(f"Our {disguised.upper()} page", builtin_words("en"))


# --- short words, phrases and the neutral titles --------------------------------------------

@pytest.mark.parametrize(("text", "found"), [
    ("DV support", ["dv"]),
    ("Help after D-V", ["dv"]),  # an abbreviation is read across what separates its letters
    ("Good advice and DVDs", []),  # a short word matches a whole word only
    ("Safe House", ["safe house"]),
    ("safe-house contacts", ["safe house"]),
    ("our safehouses", ["safe house"]),
    ("safe\u00a0\n house", ["safe house"]),
    ("A safe place, a warm house", []),
    ("For battered women", ["battered"]),
    ("Battery recycling", []),
    ("Abuser", ["abuser"]),
    ("Women's refuge", ["refuge"]),
])
def test_short_words_and_phrases(text: str, found: list[str]) -> None:
    assert revealing_words_in(text, builtin_words("en")) == found


@pytest.mark.parametrize(("lang", "text", "expected"), [
    ("ru", "Помощь при насилии", "насили"),  # Cyrillic against the Russian list
    ("ru", "Кризисный центр", "кризис"),
    ("es", "Casa de acogida", "casa de acogida"),
    ("es", "Apoyo a mujeres maltratadas", "maltrat"),
    ("pt", "Contra os maus-tratos", "maus tratos"),
    ("pl", "Niebieska Karta", "niebieska karta"),
    ("he", 'נגד אלמ"ב', 'אלמ"ב'),
    ("fa", "خانه امن", "خانه امن"),
    ("fa", "همسر\u200cآزاری", "همسرآزاری"),  # written with a zero-width non-joiner
    ("vi", "Nạn nhân bạo lực", "bạo"),
    ("ko", "위기에 처한", "위기"),  # Hangul: two syllables still match word starts
    ("zh-Hans", "家 暴", "家暴"),
    ("ar", "العنـــف الأسري", "العنف"),  # tatweel stretching the word
    ("ar", "العُنْف", "العنف"),  # vowel signs
    ("fa", "خُشونت", "خشونت"),
    ("fa", "خشـونت", "خشونت"),
    ("he", "אַלִּימוּת", "אלימות"),  # points
    ("ru", "Наси́лие", "насили"),  # a stress mark
    ("ru", "НАСИ-\nЛИЕ", "насили"),
    ("es", "Violéncia", "violencia"),
    ("es", "VIOLENCIA DOMÉSTICA", "violencia"),
    ("vi", "BẠO-LỰC", "bạo"),
    ("vi", "Bạó lực", "bạo"),  # a tone mark added to a marked word
    ("fa", "خانه\u200cی امن", "خانهی امن"),  # "safe house" with the ezafe, as usually written
    ("fa", "خانه\u200cهای امن", "خانههای امن"),
    ("ar", "البيت الآمن", "البيت الآمن"),  # with the article
    ("ar", "بيت امن", "بيت امن"),  # without the madda
    ("es", "Casas de acogida", "casas de acogida"),
    ("hi", "हि\u0301ंसा", "हिंसा"),
    ("hi", "हिं\u200dसा", "हिंसा"),
    ("es", "Contactos contra la agresion", "agresion"),  # typed without its accent
    ("es", "Apoyo tras una violacion", "violacion"),
    ("pt", "Contra a violencia domestica", "violencia"),
    ("pt", "Apoio a vitimas", "vitima"),
    ("ar", "دعم ضحيه الازمه", "ضحية"),  # teh marbuta typed as heh, alef without hamza
    ("ar", "البيت الامن", "البيت الآمن"),
    ("fr", "Lutte contre le harcelement", "harcelement"),
])
def test_words_of_each_language(lang: str, text: str, expected: str) -> None:
    assert expected in revealing_words_in(text, builtin_words(lang), lang)


@pytest.mark.parametrize(("lang", "text"), [
    ("es", "Se trata de tu bienestar"),  # "trata" alone is also "it is about"
    ("ar", "عنفوان الشباب"),  # "عنف" is a whole word only: not "vigour"
    ("vi", "Bạn"),  # a short syllable is a whole word only
    ("ru", "Полезные контакты"),
    ("en", "Well-being and self-care"),
    ("vi", "Liên hệ sức khỏe"),
    ("vi", "Bảo vệ sức khỏe"),  # "bảo" without its hook is "bao", not "bạo"
    ("vi", "Bao lâu"),  # no mark at all: "bao" (how long), not "bạo"
    ("fr", "Fleur violette"),  # not "violé" without its accent
    ("en", "I am a V I P"),  # letters spaced out, but no listed word
    ("vi", "Lá nhỏ"),  # syllables apart are not read together: not "lánh" (lánh nạn)
    ("fr", "Contacts bien-être"),
    ("es", "Contactos de bienestar"),
    ("ar", "جهات اتصال للعافية"),
    ("he", "אנשי קשר לבריאות"),
])
def test_everyday_words_pass(lang: str, text: str) -> None:
    assert revealing_words_in(text, builtin_words(lang), lang) == []


DEFAULT_TITLES = yaml.safe_load((DEFAULT_CONTENT / "site.yaml").read_text("utf-8"))[
    "discreet_title"]


@pytest.mark.parametrize("lang", sorted(DEFAULT_TITLES))
def test_default_titles_are_neutral(lang: str) -> None:
    assert revealing_words_in(DEFAULT_TITLES[lang], builtin_words(lang), lang) == []


def test_default_kit_passes_in_all_its_languages(checked_article_languages: Checked) -> None:
    """The default kit in every language it has an article in, the restroom's poster, checked
    in every format (tests/conftest.py, shared with test_numbers_in_text)."""
    langs = sorted(path.name.split(".")[1] for path in (DEFAULT_CONTENT / "articles").glob("*.md"))
    langs.remove("am")  # needs a font file the site gives (tests/test_more_scripts.py)
    assert len(langs) == 14
    assert article_languages() == langs  # the languages the shared kit is checked in
    result = checked_article_languages
    assert "Traceback" not in result.err
    assert result.code == 0, result.err
    assert "reveal what this is for" not in result.err  # tells are for test_tells_*


def test_the_shipped_skeleton_table_is_the_installed_confusables_data() -> None:
    """prototypes.tsv is worked out from confusable-homoglyphs when the package is made: an
    upgrade of that data must be followed by scripts/write_prototypes.py."""
    from generator.safety.discretion.skeleton import _prototypes, derive_prototypes

    shipped = _prototypes()
    assert shipped == derive_prototypes()
    assert shipped["а"] == "a" and shipped["ο"] == "o"  # Cyrillic a, Greek omicron


# --- stems, compounds, abbreviations, QR codes (disguises that passed) ----------------------

@pytest.mark.parametrize(("lang", "text", "expected"), [
    ("en", "D.V. contacts", "dv"),  # an abbreviation written with separators
    ("en", "D. V. contacts", "dv"),
    ("en", "D V contacts", "dv"),
    ("en", "D-V contacts", "dv"),
    ("en", "d/v contacts", "dv"),
    ("en", "Call a D.V. advocate", "dv"),  # inside a run of single letters
    ("en", "I.P.V. contacts", "ipv"),
    ("en", "Hot line", "hotline"),  # a compound written apart
    ("en", "Help line", "helpline"),
    ("en", "Dom\nestic Vio\nlence", "domestic"),  # broken across lines
    ("en", "Dom\nestic Vio\nlence", "violence"),
    ("en", "Suicidal thoughts", "suicide"),  # another form of the word (its stem)
    ("en", "Batterer program", "batterer"),
    ("en", "Women's Aid", "women's aid"),
    ("en", "Womens Aid", "womens aid"),
    ("en", "Safe Haven", "safe haven"),
    ("en", "Escaping safely", "escape"),
    ("en", "Nonviolence groups", "violence"),  # inside a longer word
    ("en", "thehotline.org", "hotline"),
    ("es", "Ayuda para abusadas", "abuse"),  # the English list's stem, found first
    ("es", "Línea de ayuda", "línea de ayuda"),
    ("es", "Contactos VD", "vd"),
    ("es", "Línea de ayuda para abusadas", "línea de ayuda"),
    ("zh-Hans", "安全屋联络", "安全屋"),
    ("ar", "خط المساعدة", "خط المساعدة"),
    ("ar", "اعتداء", "اعتداء"),
    ("ar", "والاعتداء", "الاعتداء"),  # "and the assault"
    ("ar", "إيذاء", "إيذاء"),
    ("ru", "Звоните на горячую линию", "горячая линия"),  # a phrase in another case
    ("ru", "Телефона доверия", "телефон доверия"),
    ("fr", "Femmes agressées", "agression"),
])
def test_forms_compounds_and_abbreviations_are_caught(lang: str, text: str,
                                                       expected: str) -> None:
    assert expected in revealing_words_in(text, builtin_words(lang), lang)


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "Hotel lines"),  # two words read as one only when they make a listed word
    ("en", "Shot lines and helping hands"),
    ("en", "A day of leisure"),
    ("en", "Battery recycling"),
    ("en", "Advent calendar"),
    ("ru", "Для нас или для них"),  # "нас или" run together is "насили": too short a word
    ("es", "Una cosa a la vez"),
    ("fr", "Fleur violette"),
    ("ar", "عنفوان الشباب"),  # its stem is not that of "عنف"
    ("vi", "Lá nhỏ"),
])
def test_forms_compounds_and_abbreviations_catch_no_everyday_words(lang: str,
                                                                   text: str) -> None:
    assert revealing_words_in(text, builtin_words(lang), lang) == []


def test_a_word_found_only_by_its_stem_is_named_once() -> None:
    """"abusers" is a form of "abuse", "abuser" and "abusive" (one stem): it is named by the
    first listed, not three times."""
    assert revealing_words_in("Our ABUSERS", builtin_words("en")) == ["abuse"]


@pytest.mark.parametrize(("lang", "title", "word"), [
    ("en", "D.V. contacts", "dv"), ("en", "D-V contacts", "dv"),
    ("en", "I.P.V. contacts", "ipv"), ("en", "Hot line", "hotline"),
    ("en", "Help line", "helpline"), ("en", "Safe Haven", "safe haven"),
    ("ar", "خط المساعدة", "خط المساعدة"), ("zh-Hans", "安全屋", "安全屋"),
])
def test_a_disguised_outside_title_is_refused(kit: Path, run, lang: str, title: str,  # noqa: ANN001
                                              word: str) -> None:
    if lang != "en":
        edit(kit / "site.yaml", "languages: [en]", f"languages: [en, {lang}]")
    titles = {"en": "Wellness contacts", lang: title}
    edit(kit / "site.yaml", "discreet_title: Wellness contacts",
         "discreet_title: {" + ", ".join(f"{code}: {text}" for code, text in titles.items())
         + "}")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1, result.err
    assert (f"pocket-card (front): '{word}' on an outside surface would reveal what this is "
            f"for; reword it [{lang}]") in result.err, result.err
    assert "discreet: false" not in result.err  # a safety check is never offered to be off


def test_a_discreet_posters_tab_written_apart_is_refused(kit: Path, run) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "brand_color:", "poster_discreet: true\nbrand_color:")
    edit(kit / "resources.yaml", "    phone: 1-800-799-7233\n",
         "    phone: 1-800-799-7233\n    tab_label: Hot line\n")
    result = run("check", kit, "--format", "poster")
    assert result.code == 1
    assert ("poster (poster, tabs): 'hotline' on an outside surface would reveal what this is for; "
            "give the line a `tab_label` in resources.yaml") in result.err, result.err


REVEALING_URL = "https://www.domesticviolence-shelter.org/%61buse-help"


def test_a_revealing_web_address_in_an_outside_qr_code_is_refused(kit: Path, run) -> None:  # noqa: ANN001
    """A first line with `qr: url` put a revealing address in the QR code on the brochure's
    back panel and on a discreet poster: a scan shows it before anything opens."""
    edit(kit / "resources.yaml", "    url: https://www.thehotline.org\n",
         f"    url: {REVEALING_URL}\n")
    edit(kit / "resources.yaml", "    qr: tel ", "    qr: url ")
    edit(kit / "site.yaml", "brand_color:", "poster_discreet: true\nbrand_color:")
    result = run("check", kit, "--format", "brochure", "--format", "poster")
    assert result.code == 1
    where = f"{kit / 'resources.yaml'}:8: "
    for surface in ("brochure (outside, back panel, QR code)", "poster (poster, QR code)"):
        for word in ("domestic", "violence", "shelter", "abuse"):  # %61buse decoded
            assert (f"{where}{surface}: '{word}' on an outside surface would reveal what this "
                    "is for; give the first line in resources.yaml a neutral `url` or "
                    "`qr: tel`") in result.err, result.err
    # Inside a folded card the same code is not seen by anyone else: it prints.
    assert "pocket-fold" not in result.err


@pytest.mark.parametrize(("lang", "address", "word"), [
    # Cyrillic capitals whose small letters look like no Latin ones ("в", "к", "т", "м"):
    # a scan shows the host as written, not in urlsplit's small letters
    ("tl", "https://\u0412\u0406\u041a\u0422\u0406\u041c\u0410.\u0440\u0444", "biktima"),
    ("hi", "https://www.\u041d\u0406\u041c\u0405\u0410.\u0440\u0444/", "himsa"),
    ("vi", "https://\u0425\u0410\u041c-\u041d\u0410\u0406.\u0440\u0444:8443/x", "xam hai"),
    # a whole-script homograph, encoded, and full-width letters
    ("en", "https://xn--80ajb7bd3j.org", "escape"),
    ("en", "https://\uff53\uff48\uff45\uff4c\uff54\uff45\uff52.org", "shelter"),
    ("en", "https://\uff33\uff28\uff25\uff2c\uff34\uff25\uff32.ORG", "shelter"),
])
def test_a_scanned_host_is_read_as_a_phone_shows_it(lang: str, address: str,
                                                    word: str) -> None:
    from generator.safety.discretion.payloads import payload_words

    assert word in revealing_words_in(payload_words(address), builtin_words(lang), lang)


def test_a_text_keyword_in_an_outside_qr_code_is_checked(kit: Path, run) -> None:  # noqa: ANN001
    edit(kit / "resources.yaml", "keyword: START}",
         "keyword: ABUSE}\n    differs_from_published: true")
    edit(kit / "resources.yaml", "    qr: tel ", "    qr: sms ")
    result = run("check", kit, "--format", "brochure")
    assert result.code == 1
    assert "brochure (outside, back panel, QR code): 'abuse'" in result.err, result.err


def test_a_revealing_text_keyword_printed_outside_names_its_line(kit: Path, run) -> None:  # noqa: ANN001
    """The sticker and the safety plan's back cover print the first line's texting line
    ("Text ABUSE to 88788"): the error names that line in resources.yaml, not site.yaml's
    outside title (which says nothing of abuse)."""
    edit(kit / "resources.yaml", "keyword: START}",
         "keyword: ABUSE}\n    differs_from_published: true")
    lines = (kit / "resources.yaml").read_text(encoding="utf-8").splitlines()
    first = next(number for number, line in enumerate(lines, 1) if line.startswith("  - "))
    result = run("check", kit, "--format", "sticker", "--format", "safety-plan")
    assert result.code == 1
    for where in ("sticker (sticker)", "safety-plan (outside, back cover)"):
        assert (f"resources.yaml:{first}: {where}: 'abuse' on an outside surface"
                in result.err), result.err
    assert not [line for line in result.err.splitlines()
                if "outside surface" in line and "site.yaml" in line], result.err


def test_a_plain_outside_title_in_a_kit_of_several_languages_warns(kit: Path, run) -> None:  # noqa: ANN001
    """README said a language without a title of its own warns: a plain `discreet_title`
    printed in English on every other language's cover in silence."""
    edit(kit / "site.yaml", "languages: [en]", "languages: [en, en-GB, es]")
    shutil.copy(kit / "articles" / "trauma-bonding.en.md",
                kit / "articles" / "trauma-bonding.en-GB.md")
    result = run("check", kit, "--format", "pocket-card")
    message = ("discreet_title is one text for every language, so the outside of the 'es' "
               "items prints 'Wellness contacts', taken to be en; give each language its own: "
               "`discreet_title: {en: Wellness contacts, es: ...}`")
    assert f"site.yaml:7: warning: {message}" in result.err, result.err
    assert "'en-GB' items" not in result.err  # the same language
    assert run("check", kit, "--format", "pocket-card", "--strict").code == 1


def test_a_revealing_translation_names_its_catalogue_and_string(kit: Path, run) -> None:  # noqa: ANN001
    """"Scan to call" translated "Llame: violencia doméstica" prints under the brochure's
    outside QR code: the message names locales/es.yaml and the string, not site.yaml, and
    never offers to turn the check off."""
    edit(kit / "site.yaml", "languages: [en]", "languages: [en, es]")
    (kit / "locales").mkdir()
    (kit / "locales" / "es.yaml").write_text(
        "scan_tel: \"Llame: violencia doméstica\"\n", encoding="utf-8")
    result = run("check", kit, "--format", "brochure", "--lang", "es")
    assert result.code == 1
    head = f"{kit / 'locales' / 'es.yaml'}: brochure (outside, back panel): 'violencia' on an "
    assert head in result.err, result.err
    assert "reword its string `scan_tel` [es]" in result.err
    assert not [line for line in result.err.splitlines()
                if "outside surface" in line and "site.yaml" in line]
    assert "discreet: false" not in result.err


def test_a_language_without_words_is_not_offered_an_unchecked_outside(kit: Path,
                                                                       run) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "languages: [en]", "languages: [en, so]")
    shutil.copy(kit / "articles" / "trauma-bonding.en.md",
                kit / "articles" / "trauma-bonding.so.md")
    result = run("check", kit, "--format", "pocket-card", "--lang", "so")
    assert result.code == 1
    assert "language 'so' has no list of revealing words" in result.err
    assert "discreet: false" not in result.err


# --- look-alike capitals, symbols for letters, other languages' words (issue 40) ----------

GREEK_ETA, CYRILLIC_VE, CYRILLIC_TE = "\u0397", "\u0412", "\u0422"


def _kit_in(kit: Path, langs: str) -> None:
    for lang in langs.split(", "):
        article = kit / "articles" / f"trauma-bonding.{lang}.md"
        if not article.exists():
            shutil.copy(kit / "articles" / "trauma-bonding.en.md", article)
    edit(kit / "site.yaml", "languages: [en]", f"languages: [{langs}]")


@pytest.mark.parametrize(("title", "word"), [
    (f"S{GREEK_ETA}ELTER", "shelter"),  # a Greek capital Eta, whose small letter is not "h"
    (f"{GREEK_ETA}OTLINE", "hotline"),
    (f"A{CYRILLIC_VE}USE", "abuse"),
    (f"VIC{CYRILLIC_TE}IM", "victim"),
    ("\u039aRISIS LINE", "krisis"),  # Greek capital Kappa: "KRISIS" reads as crisis
])
def test_a_lookalike_capital_title_is_refused(kit: Path, run, title: str, word: str) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "discreet_title: Wellness contacts", f"discreet_title: {title}")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1
    assert (f"pocket-card (front): '{word}' on an outside surface would reveal "
            "what this is for; reword it [en]") in result.err, result.err


def test_lookalike_capitals_in_a_name_a_tab_and_a_web_address_are_refused(kit: Path,  # noqa: ANN001
                                                                          run) -> None:
    edit(kit / "site.yaml", "organization: Lives Healing",
         f"organization: {GREEK_ETA}OTLINE Partners\nshow_organization: true")
    edit(kit / "site.yaml", "brand_color:", "poster_discreet: true\nbrand_color:")
    edit(kit / "resources.yaml", "    phone: 1-800-799-7233\n",
         f"    phone: 1-800-799-7233\n    tab_label: S{GREEK_ETA}ELTER\n")
    edit(kit / "resources.yaml", "    url: https://www.thehotline.org\n",
         f"    url: https://www.example.org/A{CYRILLIC_VE}USE\n")
    edit(kit / "resources.yaml", "    qr: tel ", "    qr: url ")
    result = run("check", kit, "--format", "poster")
    assert result.code == 1
    assert "site.yaml:2: poster (poster): 'hotline' on an outside surface" in result.err, \
        result.err
    assert "poster (poster, tabs): 'shelter' on an outside surface" in result.err
    assert "poster (poster, QR code): 'abuse' on an outside surface" in result.err


# Capitals of other scripts that look like Latin ones, by the Latin capital.
CAPITAL_LOOKALIKES = {
    "A": "ΑА", "B": "ΒВ", "C": "С", "E": "ΕЕ", "H": "ΗН", "I": "ΙІ", "J": "Ј", "K": "ΚК",
    "M": "ΜМ", "N": "Ν", "O": "ΟО", "P": "ΡР", "S": "Ѕ", "T": "ΤТ", "X": "ΧХ", "Y": "ΥҮ",
    "Z": "Ζ"}


@settings(max_examples=200, deadline=None)
@given(word=st.sampled_from(listed_words("en")), data=st.data())
def test_lookalike_capitals_are_caught(word: str, data) -> None:  # noqa: ANN001
    """Greek and Cyrillic capitals in place of Latin ones: folded first, Greek "Η" becomes
    "η", whose skeleton is "n"; read as capitals they are the Latin letters they look like."""
    upper = word.upper()
    swaps = [i for i, char in enumerate(upper) if char in CAPITAL_LOOKALIKES]
    chosen = data.draw(st.sets(st.sampled_from(swaps), min_size=1)) if swaps else set()
    disguised = "".join(data.draw(st.sampled_from(CAPITAL_LOOKALIKES[char])) if i in chosen
                        else char for i, char in enumerate(upper))
    assert word in revealing_words_in(f"OUR {disguised} PAGE", builtin_words("en"))


def test_capitals_of_a_kits_own_language_are_still_its_words() -> None:
    """Read as Latin look-alikes, "НАСИЛИЕ" would be "HACИЛИE": it is read as written too,
    and a Russian word written with Latin capitals is caught as well."""
    assert revealing_words_in("НАСИЛИЕ", builtin_words("ru"), "ru") == ["насили"]
    assert revealing_words_in("HACИЛИE", builtin_words("ru"), "ru") == ["насили"]
    assert revealing_words_in("ОБРАЗ ЖИЗНИ", builtin_words("ru"), "ru") == []


@pytest.mark.parametrize(("text", "found"), [
    ("Abu5e", ["abuse"]), ("4buse", ["abuse"]), ("@buse", ["abuse"]),
    ("v1olence", ["violence"]), ("violenc3", ["violence"]), ("Sh3lter", ["shelter"]),
    ("5helter", ["shelter"]), ("Hotl1ne", ["hotline"]), ("V!OLENCE", ["violence"]),
    ("$urvivors", ["survivor"]), ("He1p1ine", ["helpline"]),  # 1 for "l" and for "i"
    ("5A services", []),  # a short word is not read from digits: "sa services"
    ("Open 9am-5pm", []), ("4x4 rentals", []), ("Help! Call 1-800-555-0100", []),
])
def test_digits_and_symbols_for_letters(text: str, found: list[str]) -> None:
    assert revealing_words_in(text, builtin_words("en")) == found


@pytest.mark.parametrize(("text", "found"), [
    ("Refugee health services", []),  # a word and its forms, not the start of another word
    ("Rapeseed farm", []),
    ("Stalks and leaves", []),  # an everyday word (`!stalks`) the stem of "stalking" reaches
    ("Stalking support", ["stalking"]),
    ("Domestically made", []),  # excepted, although "domestic" is found inside long words
    ("domesticviolence.org", ["violence", "domestic"]),
    ("Battery", ["battery"]),  # the offence
    ("Battery recycling", []), ("Batteries included", []), ("Battery-recycling drop-off", []),
    ("Domestic battery", ["domestic", "battery"]),
    ("Therapist directory", []),  # "rapist" is not found inside a word: too short
])
def test_words_and_stems_not_prefixes(text: str, found: list[str]) -> None:
    assert revealing_words_in(text, builtin_words("en")) == found


@pytest.mark.parametrize(("lang", "text", "found"), [
    ("vi", "Bao luc gia dinh", ["bao luc"]),  # typed without marks
    ("vi", "Bao lực", []),  # half marked: neither "bạo lực" nor typed without marks
    ("vi", "Làm dụng cụ", []),  # making tools: marked, so not "lam dung"
    ("vi", "Bao hanh dien thoai", []),  # bảo hành (warranty) or bạo hành: not listed bare
    ("he", "קו חם", ["קו חם"]),
    ("he", "קו חמישי", []),  # "line five": a phrase's short last word is whole
    ("ko", "아동학대", ["학대"]),  # inside a compound
    ("ko", "분위기 좋은 카페", []),  # "위기" only at a word's start
    ("ht", "Krizantèm", []), ("ht", "Kriz", ["kriz"]),
])
def test_marked_entries(lang: str, text: str, found: list[str]) -> None:
    assert revealing_words_in(text, builtin_words(lang), lang) == found


@pytest.mark.parametrize(("lang", "title", "word"), [
    ("en", "Abu5e", "abuse"), ("en", "@buse", "abuse"), ("en", "GBV services", "gbv"),
    ("en", "Forced marriage", "forced marriage"), ("en", "Coercion", "coercion"),
    ("vi", "Bao luc gia dinh", "bao luc"), ("es", "Línea caliente", "línea caliente"),
    ("he", "קו חם", "קו חם"), ("zh-Hans", "妇女援助", "妇女援助"), ("pt", "Ligue 180", "ligue 180"),
    ("fr", "Centre d'hébergement d'urgence", "hébergement d'urgence"),
    ("ht", "Abi seksyèl", "abi"), ("fa", "اورژانس اجتماعی 123", "اورژانس اجتماعی"),
])
def test_a_disguise_of_issue_40_is_refused(kit: Path, run, lang: str, title: str,  # noqa: ANN001
                                           word: str) -> None:
    if lang != "en":
        _kit_in(kit, f"en, {lang}")
    titles = {"en": "Wellness contacts", lang: title}
    edit(kit / "site.yaml", "discreet_title: Wellness contacts",
         f"discreet_title: {json.dumps(titles, ensure_ascii=False)}")
    result = run("check", kit, "--format", "pocket-card", "--lang", lang)
    assert result.code == 1, result.err
    assert (f"pocket-card (front): '{word}' on an outside surface would reveal what this is "
            f"for; reword it [{lang}]") in result.err, result.err


@pytest.mark.parametrize("title", [
    "Refugee health services", "Domestically made", "Stalks and leaves", "Rapeseed farm",
    "Battery recycling"])
def test_an_ordinary_title_prints(kit: Path, run, title: str) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "discreet_title: Wellness contacts", f"discreet_title: {title}")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 0, result.err


# --- every kit language's words on every outside surface ------------------------------------

def test_the_english_card_of_a_spanish_kit_is_checked_for_spanish_words(
        kit: Path, run, tmp_path: Path) -> None:  # noqa: ANN001
    """The household may read any language the kit prints: "Maltrato" on the English card of
    an [en, es] kit gives it away to a Spanish reader."""
    _kit_in(kit, "en, es")
    edit(kit / "site.yaml", "discreet_title: Wellness contacts",
         "discreet_title: {en: Maltrato contacts, es: Contactos de bienestar}")
    result = run("build", kit, "--out", tmp_path / "out", "--format", "pocket-card",
                 "--lang", "en", "--no-previews")
    assert result.code == 1
    assert ("pocket-card (front): 'maltrat' (Spanish, which this kit also prints) on an "
            "outside surface would reveal what this is for; reword it [en]") in result.err, \
        result.err
    assert not (tmp_path / "out" / "en" / "pocket-card.pdf").exists()
    # An English-only kit does not print Spanish: there "Maltrato" is for the country check.
    edit(kit / "site.yaml", "languages: [en, es]", "languages: [en]")
    edit(kit / "site.yaml", "discreet_title: {en: Maltrato contacts, es: Contactos de bienestar}",
         "discreet_title: Maltrato contacts")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 0, result.err
    assert ("warning: pocket-card (front): 'maltrat' (Spanish, read by 5% or more "
            "of people in US) on an outside surface may reveal what this is for to them; "
            "reword it [en]") in result.err, result.err


def test_a_word_in_a_script_of_its_own_is_refused_in_any_kit(kit: Path, run) -> None:  # noqa: ANN001
    """Chinese on an English-only card is read by whoever reads Chinese."""
    edit(kit / "site.yaml", "discreet_title: Wellness contacts", "discreet_title: 家暴热线")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1
    assert ("pocket-card (front): '家暴' (Chinese) on an outside surface would reveal what this "
            "is for") in result.err, result.err


def test_a_kit_languages_word_in_an_outside_web_address_is_refused(kit: Path, run) -> None:  # noqa: ANN001
    _kit_in(kit, "en, es")
    edit(kit / "resources.yaml", "    url: https://www.thehotline.org\n",
         "    url: https://www.example.org/violencia\n")
    edit(kit / "resources.yaml", "    qr: tel ", "    qr: url ")
    result = run("check", kit, "--format", "brochure", "--lang", "en")
    assert result.code == 1
    assert ("brochure (outside, back panel, QR code): 'violencia' (Spanish, which this kit "
            "also prints) on an outside surface would reveal what this is for") in result.err


# --- a site's own copy of a built-in layout keeps its outside faces outside --------------------

def _own_copy(kit: Path, name: str) -> Path:
    from generator.content.layouts import LAYOUTS_DIR

    shutil.copytree(LAYOUTS_DIR / name, kit / "layouts" / name)
    return kit / "layouts" / name / "layout.yaml"


def test_a_copy_of_the_card_cannot_switch_its_front_off(kit: Path, run) -> None:  # noqa: ANN001
    layout = _own_copy(kit, "pocket-card")
    edit(layout, "    outside: true ", "    outside: false ")
    edit(kit / "site.yaml", "discreet_title: Wellness contacts",
         "discreet_title: Domestic violence help")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1
    line = next(number for number, text in enumerate(
        layout.read_text(encoding="utf-8").splitlines(), start=1) if "outside: false" in text)
    assert (f"{layout}:{line}: faces.front.outside: the built-in pocket-card's front face is "
            "an outside surface, checked for revealing words, and stays one in a copy; remove "
            "it") in result.err, result.err


def test_a_copy_that_does_not_say_keeps_the_built_ins_outside(kit: Path, run) -> None:  # noqa: ANN001
    """A copy whose front says nothing of `outside` (false by default) is checked as the
    built-in front is; so is the folding card's cover, on the built-in's panels."""
    layout = _own_copy(kit, "pocket-card")
    text = layout.read_text(encoding="utf-8")
    layout.write_text(re.sub(r"\n    outside: true[^\n]*", "", text), encoding="utf-8")
    assert "outside:" not in layout.read_text(encoding="utf-8")
    fold = _own_copy(kit, "pocket-fold")
    text = fold.read_text(encoding="utf-8")
    fold.write_text(re.sub(r"\n    outside(_panels)?: [^\n]*", "", text), encoding="utf-8")
    edit(kit / "site.yaml", "discreet_title: Wellness contacts",
         "discreet_title: Domestic violence help")
    result = run("check", kit, "--format", "pocket-card", "--format", "pocket-fold")
    assert result.code == 1
    assert "pocket-card (front): 'domestic' on an outside surface" in result.err, result.err
    assert "pocket-fold (front, panel 1): 'domestic' on an outside surface" in result.err


def test_a_copy_of_the_poster_keeps_its_restroom_setting(kit: Path, run) -> None:  # noqa: ANN001
    layout = _own_copy(kit, "poster")
    text = layout.read_text(encoding="utf-8")
    layout.write_text(re.sub(r"\n    outside(_when)?: [^\n]*", "", text), encoding="utf-8")
    assert run("check", kit, "--format", "poster").code == 0  # the ordinary poster
    edit(kit / "site.yaml", "brand_color:", "poster_discreet: true\nbrand_color:")
    # its headline, a site's own words for "Need to talk?"
    (kit / "locales").mkdir()
    (kit / "locales" / "en.yaml").write_text("need_to_talk: Need a shelter?\n",
                                             encoding="utf-8")
    result = run("check", kit, "--format", "poster")
    assert result.code == 1
    assert "poster (poster): 'shelter' on an outside surface" in result.err, result.err
    edit(layout, "faces:\n  poster:\n", "faces:\n  poster:\n    outside_when: sticker_discreet\n")
    result = run("check", kit, "--format", "poster")
    assert result.code == 1
    assert "faces.poster.outside_when: the built-in poster's poster face is an outside " \
        "surface, checked for revealing words when `poster_discreet` is set" in result.err


def test_a_copy_of_the_folding_card_may_not_narrow_its_outside_panels(kit: Path,  # noqa: ANN001
                                                                     run) -> None:
    layout = _own_copy(kit, "pocket-fold")
    edit(layout, "    outside_panels: [0, 3]", "    outside_panels: [3]")
    result = run("check", kit, "--format", "pocket-fold")
    assert result.code == 1
    assert ("faces.front.outside_panels: the built-in pocket-fold's front face is an outside "
            "surface, checked for revealing words on panels 0, 3, and stays one in a copy"
            ) in result.err, result.err


# --- what a piece's geometry puts outside stays outside, whatever the layout is called -------

def _renamed_copy(kit: Path, builtin: str, name: str) -> Path:
    """A site's own copy of a built-in layout under a name of its own."""
    layout = _own_copy(kit, builtin)
    folder = layout.parent.rename(kit / "layouts" / name)
    edit(folder / "layout.yaml", f"name: {builtin}\n", f"name: {name}\n")
    return folder / "layout.yaml"


def test_a_renamed_copy_of_the_card_cannot_switch_its_front_off(kit: Path, run) -> None:  # noqa: ANN001
    """The verifier's kit: layouts/my-card, a copy of the pocket card with `name: my-card`
    and `outside: false`, built "Domestic violence shelter" on its front."""
    layout = _renamed_copy(kit, "pocket-card", "my-card")
    edit(layout, "    outside: true ", "    outside: false ")
    edit(kit / "site.yaml", "discreet_title: Wellness contacts",
         "discreet_title: Domestic violence shelter")
    result = run("build", kit, "--out", kit.parent / "out", "--format", "my-card",
                 "--no-previews")
    assert result.code == 1
    line = next(number for number, text in enumerate(
        layout.read_text(encoding="utf-8").splitlines(), start=1) if "outside: false" in text)
    assert (f"{layout}:{line}: faces.front.outside: the front face is the first of a piece "
            "printed on two sides: its outside, seen when it is carried, checked for "
            "revealing words whatever the layout says") in result.err, result.err
    assert not (kit.parent / "out" / "en" / "my-card.pdf").exists()


def test_a_renamed_copy_that_does_not_say_is_checked_on_its_covers(kit: Path, run) -> None:  # noqa: ANN001
    """Without `outside:` at all, a two-sided card's first face and a folded piece's covers
    are checked, by the piece's geometry: the card's front, the folding card's panels 0 and
    3 (a zigzag of four), the brochure's back panel and cover (a letter fold)."""
    for builtin in ("pocket-card", "pocket-fold", "brochure"):
        layout = _renamed_copy(kit, builtin, f"own-{builtin}")
        text = layout.read_text(encoding="utf-8")
        layout.write_text(re.sub(r"\n +outside(_panels)?: [^\n]*", "", text),
                          encoding="utf-8")
        assert not re.search(r"\n +outside(_panels)?: ", layout.read_text(encoding="utf-8"))
    edit(kit / "site.yaml", "discreet_title: Wellness contacts",
         "discreet_title: Domestic violence help")
    result = run("check", kit, "--format", "own-pocket-card", "--format", "own-pocket-fold",
                 "--format", "own-brochure")
    assert result.code == 1
    assert "own-pocket-card (front): 'domestic' on an outside surface" in result.err, result.err
    assert "own-pocket-fold (front, panel 1): 'domestic' on an outside surface" in result.err
    assert "own-pocket-fold (front, panel 4): 'domestic' on an outside surface" in result.err
    assert "own-brochure (outside, cover): 'domestic' on an outside surface" in result.err
    # the brochure's flap, inside when folded, still names the hotline
    assert "own-brochure (outside, flap)" not in result.err


def test_a_renamed_copy_keeps_its_restroom_variant_outside(kit: Path, run) -> None:  # noqa: ANN001
    """The verifier's second pass: a renamed copy of the poster (or sticker), its
    `outside_when` taken out, printed its restroom variant (`my_poster_discreet: true`)
    with whatever its strings said, unchecked. A layout's `discreet` option is its variant
    with nothing revealing, whatever the layout is called; saying otherwise is refused."""
    builtin = "sticker"
    name = f"my-{builtin}"
    setting = f"my_{builtin}_discreet"
    layout = _renamed_copy(kit, builtin, name)
    text = re.sub(rf"\b{builtin}_(discreet|size)\b", rf"my_{builtin}_\1",
                  layout.read_text(encoding="utf-8"))  # its settings named anew
    layout.write_text(re.sub(r"\n    outside(_when)?: [^\n]*", "", text), encoding="utf-8")
    assert not re.search(r"\n +outside(_when)?: ", layout.read_text(encoding="utf-8"))
    edit(kit / "site.yaml", "brand_color:", f"{setting}: true\nbrand_color:")
    (kit / "locales").mkdir()
    (kit / "locales" / "en.yaml").write_text(
        "need_to_talk: Need a shelter?\nsafety_note: \"Domestic violence shelter. Call "
        "{emergency} in an emergency.\"\n", encoding="utf-8")
    result = run("check", kit, "--format", name)
    assert result.code == 1
    assert re.search(rf"{name} \({builtin}\): '(shelter|domestic|violence)' on an outside "
                     "surface would reveal", result.err), result.err
    # the same copy with its restroom variant off: an ordinary piece, not checked
    edit(kit / "site.yaml", f"{setting}: true", f"{setting}: false")
    assert "on an outside surface" not in run("check", kit, "--format", name).err
    # and saying the face is not outside is refused, naming the line
    edit(layout, "faces:\n  " + builtin + ":\n",
         "faces:\n  " + builtin + ":\n    outside: false\n")
    result = run("check", kit, "--format", name)
    assert result.code == 1
    line = next(number for number, text in enumerate(
        layout.read_text(encoding="utf-8").splitlines(), start=1) if "outside: false" in text)
    assert (f"{layout}:{line}: faces.{builtin}.outside: the layout's `discreet` option "
            f"(site.yaml's `{setting}`) is its variant with nothing revealing") in result.err, \
        result.err


@pytest.mark.parametrize("builtin", ["poster", "sticker"])
def test_a_layouts_discreet_option_makes_its_faces_outside(tmp_path: Path,
                                                           builtin: str) -> None:
    from generator.content.layouts import LAYOUTS_DIR, load_layout
    from generator.errors import Code, ContentError

    copy = tmp_path / f"own-{builtin}"
    shutil.copytree(LAYOUTS_DIR / builtin, copy)
    text = re.sub(rf"\b{builtin}_(discreet|size)\b", rf"own_{builtin}_\1",
                  (copy / "layout.yaml").read_text(encoding="utf-8"))
    text = text.replace(f"name: {builtin}\n", f"name: own-{builtin}\n")
    (copy / "layout.yaml").write_text(re.sub(r"\n    outside(_when)?: [^\n]*", "", text),
                                      encoding="utf-8")
    face = load_layout(copy).spec.faces[builtin]
    assert face.outside and face.outside_when == f"own_{builtin}_discreet"
    for said in ("outside: false", "outside: true\n    outside_when: show_organization"):
        edit(copy / "layout.yaml", f"faces:\n  {builtin}:\n",
             f"faces:\n  {builtin}:\n    {said}\n")
        with pytest.raises(ContentError) as error:
            load_layout(copy)
        assert [p.code for p in error.value.problems] == [Code.LAYOUT_DISCREET_NARROWED]
        edit(copy / "layout.yaml", f"    {said}\n", "")


def _narrowed(faces: dict, face: str, how: str, covers: frozenset[int] | None) -> str | None:
    """`faces` (a layout.yaml's) with `face` made outside less than its covers; the setting
    that does it, or None where `how` does not apply to it."""
    spec = faces[face]
    if how == "outside: false":
        spec["outside"] = False
        return "outside"
    if how == "outside_when":
        spec["outside"], spec["outside_when"] = True, "show_organization"
        return "outside_when"
    if covers is None:  # a card's face: any panel list is less than the whole
        return None
    cover = sorted(covers)[int(how[-1]) % len(covers)]
    spec["outside"] = True
    spec["outside_panels"] = [panel for panel in range(8) if panel != cover]
    return "outside_panels"


def test_no_layout_may_take_a_cover_off_its_outside(tmp_path: Path) -> None:
    """Generated: every built-in piece printed on two sides (and its short form: the
    brochure's bi-fold), copied under another name, with each of its covers taken off the
    outside in each way a layout can say it (`outside: false`, `outside_when`, panels
    without that cover) is refused naming the setting; the same copy as it is loads, its
    covers outside."""
    from generator.content.layouts import LAYOUTS_DIR, geometric_outside, load_layout
    from generator.errors import Code, ContentError

    refused = 0
    for folder in sorted(path for path in LAYOUTS_DIR.iterdir() if path.is_dir()):
        builtin = load_layout(folder)
        forms = [((), builtin.spec)]
        if builtin.spec.short_form is not None:
            forms.append((("short_form",), builtin.spec.shortened()))
        for at, spec in forms:
            covers = geometric_outside(spec)
            for face, panels in covers.items():
                declared = spec.faces[face]
                assert declared.outside and declared.outside_when is None, folder.name
                assert declared.outside_panels is None or (
                    panels is not None and panels <= set(declared.outside_panels)), folder.name
                for how in ("outside: false", "outside_when", "panels-0", "panels-1"):
                    copy = tmp_path / f"{folder.name}-{len(at)}-{face}-{how[-1]}"
                    shutil.copytree(folder, copy)
                    data = yaml.safe_load((folder / "layout.yaml").read_text(encoding="utf-8"))
                    data["name"] = copy.name
                    faces = (data["short_form"] if at else data)["faces"]
                    setting = _narrowed(faces, face, how, panels)
                    if setting is None:
                        continue
                    (copy / "layout.yaml").write_text(
                        yaml.safe_dump(data, allow_unicode=True, sort_keys=False),
                        encoding="utf-8")
                    with pytest.raises(ContentError) as error:
                        load_layout(copy)
                    key = ".".join((*at, "faces", face, setting))
                    said = [p for p in error.value.problems
                            if p.code is Code.LAYOUT_COVER_NARROWED]
                    assert [p.message.split(":")[0] for p in said] == [key], (copy.name, said)
                    assert "checked for revealing words whatever the layout says" in \
                        said[0].message
                    refused += 1
            if not covers or builtin.spec.options:  # a renamed copy names its options anew
                continue
            same = tmp_path / f"{folder.name}-as-is"
            if not same.exists():
                shutil.copytree(folder, same)
                edit(same / "layout.yaml", f"name: {folder.name}\n", f"name: {same.name}\n")
            copied = load_layout(same).spec
            copied = copied.shortened() if at else copied
            assert copied is not None
            for face, panels in covers.items():
                kept = copied.faces[face]
                assert kept.outside and kept.outside_when is None, (same.name, face)
                assert kept.outside_panels is None or (
                    panels is not None and panels <= set(kept.outside_panels)), (same.name,
                                                                                 face)
    # the card 2 ways; the folding card, the brochure, its bi-fold and the safety plan 4
    assert refused == 18


# --- tells: words about being watched, checked or hiding -------------------------------------

CATALOGUES = {path.stem: yaml.safe_load(path.read_text(encoding="utf-8"))
              for path in sorted(BUILTIN_DIR.glob("*.yaml"))}
# What the built-in catalogues say of hiding, checking and privacy (the fillable safety
# plan's device warning, the restroom poster's old note, the safety note, inside wording),
# and the outside wording that is not.
TELLING = ("safety_plan_fillable_warning", "poster_discreet_note",
           "safety_note", "safety_plan_keep_hidden", "safety_plan_title")
NOT_TELLING = ("discreet_message", "promise_free_private", "promise_free_any_time",
               "promise_private_any_time", "promise_free", "promise_private",
               "promise_any_time", "free_to_take", "emergency_note", "take_one", "scan_tel",
               "scan_sms", "scan_url", "poster_others", "checked", "emergency_line")


@pytest.mark.parametrize("lang", sorted(CATALOGUES))
def test_tells_find_the_built_in_wording_about_hiding_in_every_language(lang: str) -> None:
    from generator.safety.discretion import _lexicon

    words = _lexicon(lang, (lang,), "US", (), ())
    strings = CATALOGUES[lang]
    missed = [key for key in TELLING if strings.get(key) and not words.tells_in(strings[key])]
    assert missed == [], [strings[key] for key in missed]
    said = {key: [one.listed for one in words.tells_in(strings[key])]
            for key in NOT_TELLING if strings.get(key)}
    assert {key: found for key, found in said.items() if found} == {}
    title = DEFAULT_TITLES.get(lang)
    assert title is None or words.tells_in(title) == []


def test_the_safety_plans_outside_tells_nothing(kit: Path, run) -> None:  # noqa: ANN001
    """The cover said "Private pages, just for you. Keep them where only you will find
    them.", which tells whoever finds the booklet that it is hidden from someone (issue 42):
    the outside now prints the neutral title alone, and the fillable file's device warning
    is read on screen only (screen_only: passed over), so nothing is told of, fillable or
    not."""
    result = run("check", kit, "--format", "safety-plan")
    assert result.code == 0, result.err
    assert "safety-plan (outside" not in result.err, result.err
    edit(kit / "site.yaml", "brand_color:", "safety_plan_fillable: true\nbrand_color:")
    result = run("check", kit, "--format", "safety-plan")
    assert result.code == 0, result.err
    assert "safety-plan (outside" not in result.err, result.err


def test_a_tell_on_the_restroom_poster_is_told_of_in_spanish(kit: Path, run) -> None:  # noqa: ANN001
    """The restroom poster's old note, "Use a phone the other person cannot check", names a
    watching partner: given back in a site's catalogue, it is said, on that string."""
    _kit_in(kit, "en, es")
    edit(kit / "site.yaml", "brand_color:", "poster_discreet: true\nbrand_color:")
    (kit / "locales").mkdir()
    (kit / "locales" / "es.yaml").write_text(
        "emergency_note: Si es una emergencia, llame al {emergency}; la otra persona no lo "
        "sabrá.\n", encoding="utf-8")
    result = run("check", kit, "--format", "poster", "--lang", "es")
    assert result.code == 0, result.err
    assert (f"{kit / 'locales' / 'es.yaml'}: warning: poster (poster): 'la otra persona' on "
            "an outside surface speaks of being watched, checked or hiding something") \
        in result.err, result.err
    assert "reword its string `emergency_note` [es]" in result.err


def test_a_chinese_web_address_on_an_english_only_kits_outside_is_refused(kit: Path,  # noqa: ANN001
                                                                          run) -> None:
    """`qr: url` with "…/家暴" (percent-escaped, as addresses travel) in an English kit: a
    phone shows the address decoded, and Chinese is read by whoever reads it."""
    edit(kit / "resources.yaml", "    url: https://www.thehotline.org\n",
         "    url: https://www.example.org/%E5%AE%B6%E6%9A%B4\n")
    edit(kit / "resources.yaml", "    qr: tel ", "    qr: url ")
    result = run("check", kit, "--format", "brochure")
    assert result.code == 1
    assert ("brochure (outside, back panel, QR code): '家暴' (Chinese) on an outside surface "
            "would reveal what this is for") in result.err, result.err
