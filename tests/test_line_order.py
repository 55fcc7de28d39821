"""The lines keep their order on every piece, the same in every language: a line that does
not fit leaves out every line after it (the required ones stay), so that another
organisation's short line never prints in the place of the shelter's own line before it.

tests/fixtures/maryland-eight is House of Ruth's kit as a directory import gave it (eight
lines, in English and Spanish): its third line fits the card in English only, the next
four in neither language, the eighth (another organisation's, short) in both. The card
printed lines 1, 2 and 3 in English and 1, 2 and 8 in Spanish. (The third line's Spanish
name is longer by a few words than the import's since the card's tighter hierarchy,
8346206, fitted the import's whole.)"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.content.load import load_kit
from generator.content.models import Kit
from generator.errors import Code, Problem
from tests.conftest import DEFAULT_CONTENT, cli_problems
from tests.notes_truth import check_notes, needs_pdftotext, notes, prints_whole

MARYLAND = Path(__file__).parent / "fixtures" / "maryland-eight"
LANGS = ("en", "es")
FILES = {"pocket-card": "pocket-card.pdf", "poster": "poster-letter.pdf",
         "brochure": "brochure.pdf", "large-print": "large-print.pdf"}


def maryland_kit(folder: Path) -> Path:
    shutil.copytree(MARYLAND, folder)
    (folder / "articles").mkdir()
    for lang in LANGS:
        name = f"trauma-bonding.{lang}.md"
        shutil.copy(DEFAULT_CONTENT / "articles" / name, folder / "articles" / name)
    return folder


PROBLEMS: dict[Path, list[Problem]] = {}  # what each build below printed, by its output


def run_cli(*argv: str | Path) -> tuple[int, str]:
    code, err, problems = cli_problems([str(arg) for arg in argv])
    if "--out" in argv:
        PROBLEMS[Path(argv[argv.index("--out") + 1])] = problems
    return code, err


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Kit, Path, str]:
    root = tmp_path_factory.mktemp("maryland")
    kit = maryland_kit(root / "kit")
    formats = [arg for layout in FILES for arg in ("--format", layout)]
    code, err = run_cli("build", kit, "--out", root / "out", "--no-previews", *formats)
    assert code == 0, err
    return load_kit(kit), root / "out", err


def printed(kit: Kit, pdf: Path, lang: str) -> list[int]:
    return [index for index, line in enumerate(kit.resources)
            if prints_whole(pdf, line, kit, lang)]


@needs_pdftotext
@pytest.mark.parametrize("layout", ["pocket-card", "poster", "brochure"])
def test_a_piece_prints_the_first_lines_that_fit_the_same_in_every_language(
        built: tuple[Kit, Path, str], layout: str) -> None:
    kit, out, err = built
    lines = {lang: printed(kit, out / lang / FILES[layout], lang) for lang in LANGS}
    assert lines["en"] == lines["es"], lines
    optional = [index for index, line in enumerate(kit.resources) if not line.required]
    kept = [index for index in optional if index in lines["en"]]
    assert kept == optional[:len(kept)], f"a line printed after one left out: {lines}"
    assert all(index in lines["en"] for index, line in enumerate(kit.resources)
               if line.required)
    # Each line left out is named, in each language, the first one as not fitting.
    for lang in LANGS:
        told = [note for note in notes(err) if note.layout == layout and note.lang == lang]
        left_out = [kit.resources[index].name for index in optional if index not in kept]
        assert [note.name for note in told] == left_out
        if left_out:
            assert told[0].why.startswith("it does not fit whole"), told[0]
            for note in told[1:]:
                assert note.why == (f"it comes after '{left_out[0]}', which is left out: the "
                                    "lines keep their order"), note


@needs_pdftotext
def test_the_card_leaves_out_the_third_line_in_english_too(
        built: tuple[Kit, Path, str]) -> None:
    """The third line fits the English card, not the Spanish one: both leave it out, and the
    English note says why."""
    kit, out, err = built
    assert printed(kit, out / "en" / "pocket-card.pdf", "en") == [0, 1]
    third = kit.resources[2].name
    english = next(note for note in notes(err)
                   if note.layout == "pocket-card" and note.lang == "en" and note.name == third)
    assert english.why == ("it does not fit whole in es, and every language prints the same "
                           "lines")
    spanish = next(note for note in notes(err)
                   if note.layout == "pocket-card" and note.lang == "es" and note.name == third)
    assert spanish.why == "it does not fit whole"


@needs_pdftotext
def test_the_notes_name_where_each_line_prints_whole(built: tuple[Kit, Path, str]) -> None:
    kit, out, err = built
    told = check_notes(kit, out, err, FILES, LANGS)
    assert {note.layout for note in told} >= {"pocket-card", "poster"}


def test_check_says_what_build_says(built: tuple[Kit, Path, str],
                                    tmp_path: Path) -> None:
    kit = maryland_kit(tmp_path / "kit")
    formats = [arg for layout in FILES for arg in ("--format", layout)]
    code, err = run_cli("check", kit, *formats)
    assert code == 0, err
    assert sorted(notes(err)) == sorted(notes(built[2]))


def test_the_web_page_says_each_note_in_plain_words(built: tuple[Kit, Path, str]) -> None:
    from generator.serve.plain import Words, plain

    said = [plain(problem, Words({"pocket-card": "Pocket card"})).text
            for problem in PROBLEMS[built[1]]
            if problem.code in (Code.LINE_LEFT_OUT, Code.LINE_LEFT_OUT_AFTER)]
    assert said
    for text in said:
        assert "slot '" not in text and "[e" not in text, text
        assert " has no room for " in text or " leaves out " in text, text
    assert any(text.startswith(
        "The Pocket card (back, English) leaves out “House of Ruth Shelter Program”: in Spanish "
        "it has no room for it whole, and every language prints the same lines; it prints "
        "whole on ") for text in said), said
