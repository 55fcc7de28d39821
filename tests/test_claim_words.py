"""A site's catalogue may not make a sentence about a line say more than the line's data
(generator/i18n/claim_words.py): "a cualquier hora" copied into the sentence printed beside
a line open 9 to 5, "o enviar un mensaje" beside a QR code that only calls. Read back from
`check`'s messages (file, line, string) and from the built sticker."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.content.promises import ANY_TIME, FREE, PRIVATE, PROMISE_STRINGS
from generator.content.yamlfile import load_yaml
from generator.i18n.claim_words import CLAIMS, claim_problem, claim_words
from generator.i18n.localize import BUILTIN_DIR
from tests.conftest import edit, page_texts

BUILTIN = sorted(path.stem for path in BUILTIN_DIR.glob("*.yaml"))


def _strings(lang: str) -> dict[str, str]:
    data = load_yaml(BUILTIN_DIR / f"{lang}.yaml").data
    return {key: value for key, value in data.items() if isinstance(value, str)}


@pytest.mark.parametrize("lang", BUILTIN)
def test_havenprints_own_sentences_pass_as_a_sites_copy(lang: str) -> None:
    """`havenprint locale init` copies them into a content folder: none may be refused."""
    strings = _strings(lang)
    assert [key for key, text in strings.items() if claim_problem(lang, key, text)] == []


@pytest.mark.parametrize("lang", BUILTIN)
def test_any_time_copied_into_a_sentence_without_it_is_refused_in_every_language(
        lang: str) -> None:
    """Every language havenprint ships has words for "any time", and the full sentence
    ("Free and private, any time.") put where "Free and private." prints is refused."""
    strings = _strings(lang)
    assert claim_words(lang).get(ANY_TIME), lang
    for claims, key in PROMISE_STRINGS.items():
        if ANY_TIME in claims:
            continue
        found = claim_problem(lang, key, strings["discreet_message"])
        assert found is not None and "'any time'" in found.message, (lang, key)


@pytest.mark.parametrize("lang", [lang for lang in BUILTIN if claim_words(lang).get(FREE)
                                  and claim_words(lang).get(PRIVATE)])
def test_free_or_private_copied_where_it_is_not_said_is_refused(lang: str) -> None:
    strings = _strings(lang)
    assert claim_problem(lang, "promise_private", strings["promise_free_private"])
    assert claim_problem(lang, "promise_free", strings["promise_free_private"])


def test_every_claims_keys_are_catalogue_strings() -> None:
    english = _strings("en")
    for making, not_making in CLAIMS.values():
        assert set(making) | set(not_making) <= set(english)


@pytest.mark.parametrize("text", ["Free and private, 24/7.", "Gratis, las ２４ horas.",
                                  "مجاني وسري، ٢٤ ساعة."])
def test_24_in_a_sentence_that_does_not_say_any_time_is_refused(text: str) -> None:
    found = claim_problem("en", "promise_free_private", text)
    assert found is not None and "(24)" in found.message
    assert claim_problem("en", "discreet_message", text) is None


def test_check_names_the_file_line_and_string_and_the_sticker_prints_no_any_time(
        kit: Path, run) -> None:
    edit(kit / "resources.yaml", "hours: 24/7", "hours: Mon–Fri 9am–5pm")
    edit(kit / "site.yaml", "languages: [en]", "languages: [en, es]")
    (kit / "locales").mkdir()
    catalogue = kit / "locales" / "es.yaml"
    catalogue.write_text("scan_sms: Escanee para enviar un mensaje\n"
                         "promise_free_private: Gratis y privado, a cualquier hora.\n"
                         "scan_tel: Escanee para llamar o enviar un mensaje\n", encoding="utf-8")
    result = run("check", kit, "--format", "sticker")
    assert result.code == 1
    assert (f"{catalogue}:2: promise_free_private: says 'any time' (a cualquier hora), which "
            "this sentence must not: it prints beside a line whose hours are not 24/7; "
            "translate the English sentence only") in result.err, result.err
    assert (f"{catalogue}:3: scan_tel: says 'texting' (mensaje), which this sentence must "
            "not: it prints beside a QR code that only calls") in result.err, result.err
    catalogue.write_text("promise_free_private: Gratis y privado.\n", encoding="utf-8")
    out = kit.parent / "out"
    result = run("build", kit, "--out", out, "--format", "sticker", "--no-previews")
    assert result.code == 0, result.err
    text = " ".join(" ".join(page_texts(out / "es" / "sticker.pdf")).split())
    assert "Gratis y privado." in text and "cualquier" not in text
