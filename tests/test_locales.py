"""Translations: built-in catalogues, fallbacks and review status in `check`, `locale init`,
revealing words per language, and the translated articles."""

from __future__ import annotations

import re
import shutil
import unicodedata
from pathlib import Path

import pytest
import yaml

from generator.content.articles import load_article
from generator.errors import ContentError
from generator.i18n.localize import (
    BUILTIN_DIR,
    META_KEY,
    builtin_languages,
    english,
    language_status,
    load_catalogue,
    load_strings,
    placeholders,
)
from generator.safety.discretion import WORDS_DIR, builtin_words, revealing_words_in
from generator.translating.translator_file import DESCRIPTIONS, catalogue_text
from tests.conftest import DEFAULT_CONTENT, edit, page_texts

DRAFTED = ["es", "zh-Hans", "zh-Hant", "vi", "ko", "tl", "ar", "fa", "ur", "ru", "ht", "fr",
           "pt", "pl", "hi", "he"]
WORD_FILES = ["zh", "vi", "ko", "tl", "ar", "fa", "ur", "ru", "ht", "fr", "pt", "pl", "hi",
              "he"]
# Strings that can stand on an outside surface (the discreet poster shows all of these).
OUTSIDE = ["scan_tel", "scan_sms", "scan_url", "text_keyword_to", "text_to", "tty", "checked",
           "discreet_message", "promise_free_private", "promise_free_any_time",
           "promise_private_any_time", "promise_free", "promise_private", "promise_any_time",
           "emergency_note", "take_one",
           # the fillable safety plan's warning, over its cover on a screen
           "safety_plan_fillable_warning"]
TRANSLATED_ARTICLES = ["es", "ar", "zh-Hans", "vi", "ru", "fr", "fa", "ur", "he", "hi", "ko"]
ES_SCAN_TO_CALL = "Escanee para llamar"
ES_CARD_LINE = "Hay apoyo para usted, y lo que siente tiene sentido."


def _raw(lang: str) -> dict:
    return yaml.safe_load((BUILTIN_DIR / f"{lang}.yaml").read_text(encoding="utf-8"))


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture
def es_kit(kit: Path) -> Path:
    edit(kit / "site.yaml", "languages: [en]", "languages: [en, es]")
    return kit


# --- built-in catalogues -----------------------------------------------------------------

def test_every_drafted_language_has_a_catalogue() -> None:
    assert set(DRAFTED) <= set(builtin_languages())


@pytest.mark.parametrize("lang", DRAFTED)
def test_catalogue_loads_with_english_keys_and_placeholders(lang: str) -> None:
    base = english()
    catalogue = load_catalogue(BUILTIN_DIR / f"{lang}.yaml", known=base)  # raises if not
    assert set(catalogue.strings) <= set(base)
    for key, text in catalogue.strings.items():
        assert placeholders(text) == placeholders(base[key]), key
    untranslated = set(catalogue.meta.untranslated)
    assert not untranslated & set(catalogue.strings), "untranslated keys must be left out"
    assert set(catalogue.strings) | untranslated == set(base), "a key neither given nor listed"


@pytest.mark.parametrize("lang", DRAFTED)
def test_catalogue_is_marked_as_a_draft(lang: str) -> None:
    meta = _raw(lang)[META_KEY]
    assert meta["needs_review"] is True
    assert meta["note"] == "drafted without a native speaker"
    assert isinstance(meta["language"], str) and meta["language"]
    assert language_status(lang, None).needs_review


@pytest.mark.parametrize("lang", DRAFTED)
def test_catalogue_text_is_calm_and_normalised(lang: str) -> None:
    raw = (BUILTIN_DIR / f"{lang}.yaml").read_text(encoding="utf-8")
    assert unicodedata.normalize("NFC", raw) == raw
    for key, text in load_catalogue(BUILTIN_DIR / f"{lang}.yaml").strings.items():
        shouting = [w for w in re.findall(r"\w+", text) if len(w) > 3 and w.isupper()]
        assert not shouting, f"{lang} {key}: {shouting}"
        assert "!" not in text, f"{lang} {key}"


@pytest.mark.parametrize("lang", DRAFTED)
def test_outside_strings_reveal_nothing(lang: str) -> None:
    strings = load_strings(lang, DEFAULT_CONTENT)
    words = builtin_words(lang)
    for key in OUTSIDE:
        text = strings[key].lower()
        assert revealing_words_in(text, words, lang) == [], f"{lang} {key}"
        # Also inside words: scripts without spaces (Chinese) are one long token.
        assert [w for w in words if w in text] == [], f"{lang} {key}"


def test_descriptions_cover_exactly_the_english_strings() -> None:
    assert set(DESCRIPTIONS) == set(english())
    assert all(text.strip() for text in DESCRIPTIONS.values())


# --- localize: _meta and site overrides ---------------------------------------------------

def test_site_override_wins_and_can_be_reviewed(kit: Path) -> None:
    (kit / "locales").mkdir()
    (kit / "locales" / "es.yaml").write_text(
        "_meta: {language: español, needs_review: false}\ntake_one: Llévese uno\n",
        encoding="utf-8")
    status = language_status("es", kit)
    assert status.strings["take_one"] == "Llévese uno"
    assert status.strings["scan_tel"] == ES_SCAN_TO_CALL
    assert [c.path.parent for c in status.unreviewed] == [BUILTIN_DIR]  # the rest is a draft
    full = {key: text for key, text in language_status("es", None).strings.items()}
    full[META_KEY] = {"needs_review": False}
    (kit / "locales" / "es.yaml").write_text(yaml.safe_dump(full, allow_unicode=True),
                                            encoding="utf-8")
    assert not language_status("es", kit).needs_review


def test_untranslated_keys_fall_back_to_english(kit: Path) -> None:
    (kit / "locales").mkdir()
    (kit / "locales" / "fr.yaml").write_text(
        "_meta: {untranslated: [take_one]}\ntake_one: Take one\n", encoding="utf-8")
    status = language_status("fr", kit)
    assert status.untranslated == ("tty", "take_one", "icon_tty")
    assert status.missing == ()
    assert language_status("de", kit).missing == tuple(english())
    assert language_status("en", kit).fallbacks == ()


@pytest.mark.parametrize(("meta", "message"), [
    ("_meta: {needs_review: maybe}", "_meta.needs_review: expected true or false"),
    ("_meta: {untranslated: [nope]}", "_meta.untranslated: unknown string 'nope'"),
    ("_meta: {reviewer: Ana}", "_meta.reviewer: unknown field"),
    ("_meta: [needs_review]", "_meta: expected a mapping"),
])
def test_bad_meta_is_a_content_problem(kit: Path, meta: str, message: str) -> None:
    (kit / "locales").mkdir()
    (kit / "locales" / "es.yaml").write_text(meta + "\n", encoding="utf-8")
    with pytest.raises(ContentError) as error:
        language_status("es", kit)
    assert message in str(error.value)


# --- check ---------------------------------------------------------------------------------

def test_check_warns_about_fallbacks_and_review(es_kit: Path, run) -> None:  # noqa: ANN001
    (es_kit / "locales").mkdir()
    (es_kit / "locales" / "es.yaml").write_text(
        "_meta: {untranslated: [take_one]}\ntake_one: Take one\n", encoding="utf-8")
    result = run("check", es_kit, "--format", "pocket-card")
    assert result.code == 0, result.err
    assert ("locales/es.yaml: warning: es (español): 1 interface string prints in English "
            "(marked untranslated take_one)") in result.err
    assert (f"generator/locales/es.yaml: warning: es (español): {len(english()) - 1} "
            "interface strings need review by a native speaker") in result.err  # not take_one
    assert "en (" not in result.err  # English is the source: nothing to report

    strict = run("check", es_kit, "--format", "pocket-card", "--strict")
    assert strict.code == 1
    assert "locales/es.yaml: es (español): 1 interface string prints in English" in strict.err
    assert "need review by a native speaker" in strict.err
    assert "warning: es (" not in strict.err


def test_strict_says_each_problem_once(es_kit: Path, run) -> None:  # noqa: ANN001
    """An outside title falling back to another language's is a warning of loading the kit,
    which --strict makes an error: it was printed twice, as both."""
    edit(es_kit / "site.yaml", "discreet_title: Wellness contacts",
         "discreet_title: {en: Wellness contacts}")
    result = run("check", es_kit, "--format", "pocket-card", "--strict")
    assert result.code == 1
    lines = result.err.splitlines()
    assert len(lines) == len(set(lines)), result.err
    title = [line for line in lines if "discreet_title has no 'es' title" in line]
    assert len(title) == 1 and "warning:" not in title[0], title


def test_check_names_a_language_without_catalogue(kit: Path, run) -> None:  # noqa: ANN001
    shutil.copy(kit / "articles" / "trauma-bonding.en.md",
                kit / "articles" / "trauma-bonding.ro.md")
    edit(kit / "site.yaml", "languages: [en]",
         "languages: [en, ro]\nrevealing_words: {ro: [violență, abuz]}")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 0, result.err
    assert ("locales/ro.yaml: warning: ro: no interface strings in this language: all "
            f"{len(english())} print in English; `havenprint locale init ro`") in result.err


def test_default_kit_checks_without_translation_warnings(kit: Path, run) -> None:  # noqa: ANN001
    result = run("check", kit, "--format", "pocket-card", "--strict")
    assert result.code == 0, result.err
    assert "native speaker" not in result.err


# --- locale init ---------------------------------------------------------------------------

def test_locale_init_writes_a_commented_catalogue(es_kit: Path, run) -> None:  # noqa: ANN001
    result = run("locale", "init", "es", es_kit)
    assert result.code == 0, result.err
    target = es_kit / "locales" / "es.yaml"
    text = target.read_text(encoding="utf-8")
    assert f"# {DESCRIPTIONS['scan_tel'][:40]}" in text
    assert "# English: Scan to call\nscan_tel: Escanee para llamar\n" in text
    assert "needs_review: true" in text
    status = language_status("es", es_kit)  # accepted as a site override
    assert status.strings == language_status("es", None).strings
    assert {c.path for c in status.unreviewed} == {target}

    again = run("locale", "init", "es", es_kit)
    assert again.code == 1
    assert "already exists; not replaced" in again.err and "--force" in again.err
    target.write_text("take_one: Llévese uno\n", encoding="utf-8")
    assert run("locale", "init", "es", es_kit, "--force").code == 0
    assert "take_one: Tome uno" in target.read_text(encoding="utf-8")

    checked = run("check", es_kit, "--format", "pocket-card")
    assert checked.code == 0, checked.err
    assert (f"locales/es.yaml: warning: es (español): {len(english())} interface strings need "
            "review") in checked.err


def test_locale_init_without_catalogue_starts_in_english(kit: Path, run) -> None:  # noqa: ANN001
    assert run("locale", "init", "de-at", kit).code == 0
    target = kit / "locales" / "de-AT.yaml"  # babel's capitals
    data = yaml.safe_load(target.read_text(encoding="utf-8"))
    assert data[META_KEY]["needs_review"] is True
    assert data[META_KEY]["untranslated"] == list(english())
    assert data["tty"] == "TTY: {number}"
    status = language_status("de-AT", kit)
    assert status.fallbacks == tuple(english())


def test_a_regional_tag_starts_from_its_language(kit: Path, run) -> None:  # noqa: ANN001
    """pt-BR is served by the built-in pt catalogue: it starts from its strings."""
    portuguese = yaml.safe_load((BUILTIN_DIR / "pt.yaml").read_text(encoding="utf-8"))
    assert run("locale", "init", "pt-br", kit).code == 0
    data = yaml.safe_load((kit / "locales" / "pt-BR.yaml").read_text(encoding="utf-8"))
    assert data["scan_tel"] == portuguese["scan_tel"] != english()["scan_tel"]
    assert language_status("pt-BR", kit).strings["safety_note"] == portuguese["safety_note"]


@pytest.mark.parametrize("code", ["xx", "12", "en-", "zz-Hans"])
def test_locale_init_refuses_unknown_codes(kit: Path, run, code: str) -> None:  # noqa: ANN001
    result = run("locale", "init", code, kit)
    assert result.code == 2
    assert "unknown language code" in result.err
    assert not (kit / "locales").exists()


def test_locale_init_never_writes_through_a_linked_locales_folder(kit: Path, tmp_path: Path,  # noqa: ANN001
                                                                   run) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (kit / "locales").symlink_to(elsewhere)
    result = run("locale", "init", "es", kit)
    assert result.code == 1
    assert f"{kit}/locales: is a link to {elsewhere}, outside the content folder" in result.err
    assert list(elsewhere.iterdir()) == []


# --- Spanish kit ---------------------------------------------------------------------------

def test_spanish_kit_builds(es_kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    out = tmp_path / "out"
    result = run("build", es_kit, "--out", out, "--format", "pocket-card", "--format",
                 "brochure", "--lang", "es", "--no-previews")
    assert result.code == 0, result.err
    card = _flat(" ".join(page_texts(out / "es" / "pocket-card.pdf")))
    assert ES_SCAN_TO_CALL in card
    # the card line gives way to the lines on the Spanish card, and says so
    assert (ES_CARD_LINE in card) != ("slot 'card_line': left out: the lines need its room"
                                      in result.err)
    assert "Use un teléfono que la otra persona no pueda revisar." in card
    brochure = _flat(" ".join(page_texts(out / "es" / "brochure.pdf")))
    assert "Antes de llamar" in brochure
    assert "Fuentes" in brochure and "loveisrespect.org" in brochure
    assert "Por qué puede ser difícil irse" in brochure


def test_spanish_discreet_title_uses_spanish_words(es_kit: Path, run) -> None:  # noqa: ANN001
    edit(es_kit / "site.yaml", "discreet_title: Wellness contacts",
         "discreet_title: Apoyo sin violencia")
    result = run("check", es_kit, "--format", "pocket-card", "--lang", "es")
    assert result.code == 1
    assert "pocket-card (front): 'violencia' on an outside surface" in result.err
    # The English list alone does not catch it, but the kit prints Spanish: its readers may
    # find the English card too, so the Spanish list checks it as well.
    result = run("check", es_kit, "--format", "pocket-card", "--lang", "en")
    assert result.code == 1
    assert ("pocket-card (front): 'violencia' (Spanish, which this kit also prints) on an "
            "outside surface would reveal what this is for; reword it [en]") in result.err, \
        result.err


# --- revealing words -----------------------------------------------------------------------

@pytest.mark.parametrize("base", WORD_FILES)
def test_word_files_hold_single_words(base: str) -> None:
    raw = (WORDS_DIR / f"{base}.txt").read_text(encoding="utf-8")
    assert unicodedata.normalize("NFC", raw) == raw
    words = [line for line in raw.splitlines() if line.strip() and not line.startswith("#")]
    assert len(words) >= 7
    assert len(set(words)) == len(words)
    for entry in words:  # a word, or a phrase of words separated by single spaces, marked
        word = re.sub(r"^[!~]|\*$", "", entry)  # `!` everyday, `~` without marks, `*` a stem
        word = word[1:-1] if word.startswith("*") and entry.endswith("*") else word
        assert word == " ".join(word.split()), f"{base}.txt: {entry!r}"
        for part in word.split():
            letters = all(unicodedata.category(char)[0] in "LMN" or char in "'\"" for char in part)
            assert letters, f"{base}.txt: {part!r} in {entry!r} is not a word"


@pytest.mark.parametrize(("lang", "text", "expected"), [
    ("fr", "Aide aux victimes", "victim"),
    ("pt", "Contra a violência", "violência"),
    ("pl", "Pomoc przy przemocy", "przemoc"),
    ("ru", "Помощь при насилии", "насили"),
    ("ht", "Sèvis pou viktim", "viktim"),
    ("tl", "Tulong laban sa karahasan", "karahasan"),
    ("vi", "Chống bạo lực", "bạo"),
    ("ko", "가정폭력 상담", "폭력"),
    ("zh-Hans", "热线电话", "热线"),
    ("zh-Hant", "熱線電話", "熱線"),
    ("ar", "مساعدة ضحايا العنف", "العنف"),
    ("fa", "مرکز خشونت", "خشونت"),
    ("ur", "گھریلو تشدد", "تشدد"),
    ("he", "נגד אלימות במשפחה", "אלימות"),
])
def test_language_words_are_used(lang: str, text: str, expected: str) -> None:
    assert expected in revealing_words_in(text, builtin_words(lang))


@pytest.mark.parametrize(("lang", "text"), [("hi", "घरेलू हिंसा"), ("zh-Hans", "反家暴热线")])
def test_words_in_scripts_the_matcher_splits(lang: str, text: str) -> None:
    assert revealing_words_in(text, builtin_words(lang))


# --- translated articles -------------------------------------------------------------------

@pytest.mark.parametrize("lang", TRANSLATED_ARTICLES)
def test_translated_article_matches_the_english(lang: str) -> None:
    folder = DEFAULT_CONTENT / "articles"
    english_article = load_article(folder / "trauma-bonding.en.md", "trauma-bonding", "en")
    path = folder / f"trauma-bonding.{lang}.md"
    article = load_article(path, "trauma-bonding", lang)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[:2] == ["---", "# Drafted without a native speaker: please review."]
    front = yaml.safe_load("\n".join(lines[1:lines.index("---", 1)]))
    assert set(front) == {"title", "card", "key_points"}
    assert article.sources == english_article.sources
    assert len(article.key_points) == len(english_article.key_points)
    assert [len(s.paragraphs) for s in article.sections] == \
        [len(s.paragraphs) for s in english_article.sections]



# --- placeholders --------------------------------------------------------------------------

NOT_A_PLACEHOLDER = ("is not a placeholder: write {emergency} exactly, with nothing else inside "
                     "the braces ({{ and }} print a brace)")


@pytest.mark.parametrize("trick", ["{emergency[0]}", "{emergency.__class__}", "{emergency!r}",
                                   "{emergency:>20}", "{0}", "{}", "{emergency:}"])
def test_placeholder_tricks_are_errors_naming_file_and_line(kit: Path, tmp_path: Path, run,  # noqa: ANN001
                                                            trick: str) -> None:
    (kit / "locales").mkdir()
    (kit / "locales" / "en.yaml").write_text(
        f"take_one: Take one\nsafety_note: 'Call {trick}{{emergency}}.'\n", encoding="utf-8")
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--no-previews")
    assert result.code == 1
    assert f"locales/en.yaml:2: safety_note: {trick} {NOT_A_PLACEHOLDER}" in result.err
    assert not out.exists() or not list(out.rglob("*.pdf"))


@pytest.mark.parametrize(("text", "message"), [
    ("Text {keyword!s} to {number}", "text_keyword_to: {keyword!s} is not a placeholder: write "
                                     "{keyword} and {number} exactly, with nothing else inside "
                                     "the braces ({{ and }} print a brace)"),
    ("Take {0}", "take_one: {0} is not a placeholder: this string takes none ({{ and }} print "
                 "a brace)"),
    ("Call {emergency", "safety_note: a lone '{' or '}': write {{ or }} for a brace that prints"),
])
def test_placeholder_messages_say_what_the_string_takes(kit: Path, text: str,
                                                        message: str) -> None:
    key = message.split(":")[0]
    (kit / "locales").mkdir()
    (kit / "locales" / "es.yaml").write_text(f"_meta: {{language: español}}\n{key}: '{text}'\n",
                                             encoding="utf-8")
    with pytest.raises(ContentError) as error:
        language_status("es", kit)
    assert [str(problem) for problem in error.value.problems] == [
        f"{kit / 'locales' / 'es.yaml'}:2: {message}"]


def test_literal_braces_print_as_one_brace(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    (kit / "locales").mkdir()
    (kit / "locales" / "en.yaml").write_text(
        "safety_note: 'Use a safe phone {{not a shared one}}. Call {emergency}.'\n",
        encoding="utf-8")
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--target", "shop",
                 "--no-previews")
    assert result.code == 0, result.err
    back = " ".join(page_texts(out / "en" / "pocket-card-shop.pdf")[1].split())
    assert "Use a safe phone {not a shared one}. Call 911." in back


@pytest.mark.parametrize("lang", builtin_languages())
def test_builtin_and_locale_init_catalogues_use_bare_placeholders(lang: str,
                                                                  tmp_path: Path) -> None:
    base = english()
    for key, text in load_catalogue(BUILTIN_DIR / f"{lang}.yaml").strings.items():
        assert placeholders(text) == placeholders(base[key]), (lang, key)
    status = language_status(lang, None)
    written = tmp_path / f"{lang}.yaml"
    written.write_text(catalogue_text(lang, lang, status), encoding="utf-8")
    assert load_catalogue(written, known=base).strings == {
        key: text for key, text in status.strings.items()}


_HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_HAN_TOUCHING_LATIN = re.compile(rf"[{_HAN}][A-Za-z0-9{{]|[A-Za-z0-9}}][{_HAN}]")


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
def test_chinese_strings_space_latin_and_digits_alike(lang: str) -> None:
    """One rule in the Chinese strings: a space between a Chinese character and Latin
    letters, digits or a value put in ("发送短信至 988", "全天 24 小时"); the card set
    "发送短信至 988 · 全天24小时", the two ways side by side."""
    strings = yaml.safe_load((Path(__file__).parents[1] / "generator" / "locales"
                              / f"{lang}.yaml").read_text(encoding="utf-8"))
    touching = {key: value for key, value in strings.items()
                if isinstance(value, str) and _HAN_TOUCHING_LATIN.search(value)}
    assert touching == {}
