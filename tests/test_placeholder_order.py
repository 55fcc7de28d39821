"""A site's translation may not swap the roles of number-like placeholders ("Envíe {number}
al {keyword}" tells a survivor to text 88788 to START): where havenprint has a translation
of the language, a different order stops the build unless `_meta: {differs_from_builtin:
[key]}` confirms it; where it has none, the build notes the message for a second speaker."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.errors import ContentError
from generator.i18n.localize import (
    BUILTIN_DIR,
    builtin_languages,
    english,
    language_status,
    load_catalogue,
    role_order,
)
from generator.translating.catalogue_review import locale_problems
from tests.conftest import DEFAULT_CONTENT, default_kit_in, page_texts

SWAPPED = ("_meta: {language: español}\ntake_one: Tome uno\n"
           "text_keyword_to: 'Envíe {number} al {keyword}'\n")


def spanish_kit(folder: Path, catalogue: str) -> Path:
    default_kit_in(folder, ["es"])
    (folder / "locales").mkdir()
    (folder / "locales" / "es.yaml").write_text(catalogue, encoding="utf-8")
    return folder


def test_a_swapped_spanish_override_stops_the_build_naming_file_line_and_key(
        tmp_path: Path, run) -> None:  # noqa: ANN001
    kit = spanish_kit(tmp_path / "kit", SWAPPED)
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--no-previews")
    assert result.code == 1
    builtin = load_catalogue(BUILTIN_DIR / "es.yaml").strings["text_keyword_to"]
    assert role_order(builtin) == ("keyword", "number")  # what the swap is measured against
    said = [line for line in result.err.splitlines()
            if "locales/es.yaml:3: text_keyword_to:" in line]
    assert said, result.err
    assert repr(builtin) in said[0] and "differs_from_builtin: [text_keyword_to]" in said[0]
    assert not out.exists() or not list(out.rglob("*.pdf"))


def test_the_confirmed_order_builds_and_prints_the_sites_wording(tmp_path: Path,
                                                                run) -> None:  # noqa: ANN001
    confirmed = SWAPPED.replace("español}", "español, differs_from_builtin: [text_keyword_to]}")
    kit = spanish_kit(tmp_path / "kit", confirmed)
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--no-previews")
    assert result.code == 0, result.err
    back = " ".join(" ".join(page_texts(out / "es" / "pocket-card.pdf")).split())
    assert "Envíe 88788 al START" in back  # the site's own wording, confirmed


def test_other_messages_with_two_number_like_placeholders_are_checked(tmp_path: Path) -> None:
    (tmp_path / "locales").mkdir()
    (tmp_path / "locales" / "es.yaml").write_text(
        "text_keyword_to: Envíe {number} al {keyword}\n"
        "print_for_labels: 'Para etiquetas de {count}, {size} por hoja ({products}).'\n",
        encoding="utf-8")
    with pytest.raises(ContentError) as error:
        language_status("es", tmp_path)
    said = [str(problem) for problem in error.value.problems]
    assert [text.split(": ")[0].rsplit("/", 1)[1] for text in said] == [
        "es.yaml:1", "es.yaml:2"]
    assert "text_keyword_to: its placeholders come as {number} ... {keyword}" in said[0]


@pytest.mark.parametrize("lang", [lang for lang in builtin_languages() if lang != "en"])
def test_every_builtin_catalogue_passes_as_a_sites_own(lang: str, tmp_path: Path) -> None:
    (tmp_path / "locales").mkdir()
    shutil.copy(BUILTIN_DIR / f"{lang}.yaml", tmp_path / "locales" / f"{lang}.yaml")
    assert language_status(lang, tmp_path).strings  # no ContentError


def test_a_language_without_a_builtin_catalogue_gets_a_note_for_a_second_speaker(
        tmp_path: Path) -> None:
    shutil.copytree(DEFAULT_CONTENT, tmp_path / "kit")
    (tmp_path / "kit" / "locales").mkdir()
    (tmp_path / "kit" / "locales" / "de.yaml").write_text(
        "text_keyword_to: Senden Sie {keyword} an {number}\ntake_one: Nehmen Sie eins\n",
        encoding="utf-8")
    notes = [problem for problem in locale_problems(tmp_path / "kit", ["de"])
             if problem.severity == "info"]
    assert [problem.fields["key"] for problem in notes] == ["text_keyword_to"]
    assert "second speaker" in str(notes[0]) and "de.yaml" in str(notes[0])
    assert sum(len(set(role_order(text))) >= 2 for text in english().values()) >= 7
