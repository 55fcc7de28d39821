"""`check` reports a reading grade and names the longest sentences above grade 8."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import edit

HARD = ("Notwithstanding considerable interpersonal ambivalence, individuals experiencing "
        "intermittent reinforcement frequently demonstrate psychophysiological attachment "
        "characteristics, consequently complicating organizational disengagement processes "
        "considerably.")


def test_default_article_is_plain(kit: Path, run) -> None:  # noqa: ANN001
    result = run("check", kit)
    assert result.code == 0
    line = next(line for line in result.err.splitlines() if "reading grade" in line)
    grade = float(line.split("reading grade ")[1].split(" ")[0])
    assert 1 <= grade <= 8
    assert "trauma-bonding.en.md: note: reading grade" in line


def test_hard_article_warns_with_its_longest_sentence(kit: Path, run) -> None:  # noqa: ANN001
    edit(kit / "articles" / "trauma-bonding.en.md",
         "This bond is a normal human response to a hard situation.", HARD * 1)
    article = kit / "articles" / "trauma-bonding.en.md"
    text = article.read_text(encoding="utf-8")
    body_start = text.index("## What is trauma bonding?")
    article.write_text(text[:body_start] + "## Hard\n\n" + (HARD + " ") * 6 + "\n\n"
                       + text[body_start:], encoding="utf-8")
    result = run("check", kit)
    assert result.code == 0  # a warning, not an error
    assert "warning: reading grade" in result.err
    assert "is above 8" in result.err
    assert f'Longest sentences: "{HARD}"' in result.err


def test_the_grades_are_the_published_formulas_over_counted_words() -> None:
    """Flesch-Kincaid and Crawford, from sentences, words and syllables counted by hand."""
    from generator.safety.readability import FORMULAS, counts_of

    text = "The cat sat on the mat. A dog ran to the garden gate."
    english = counts_of(text, FORMULAS["en"])
    # 2 sentences, 6 + 7 words; every word one syllable but "garden" (gar-den): 14
    assert (english.sentences, english.words, english.syllables) == (2, 13, 14)
    assert round(FORMULAS["en"].grade(english), 2) == round(
        0.39 * 13 / 2 + 11.8 * 14 / 13 - 15.59, 2)
    spanish_text = "La casa es grande. Mi perro come pan."
    spanish = counts_of(spanish_text, FORMULAS["es"])
    # la ca-sa es gran-de / mi pe-rro co-me pan: 2 sentences, 8 words, 12 syllables
    assert (spanish.sentences, spanish.words, spanish.syllables) == (2, 8, 12)
    assert round(FORMULAS["es"].grade(spanish), 2) == round(
        -0.205 * 100 * 2 / 8 + 0.049 * 100 * 12 / 8 - 3.407, 2)


def test_a_sentence_of_250_kb_is_named_not_printed() -> None:
    """A paragraph pasted without full stops is one sentence of 250 KB: the warning names
    its start and end and how many words it has, in a line of a few hundred characters."""
    from generator.content.models import Article, Section
    from generator.safety.readability import reading_report

    sentence = "notwithstanding considerable interpersonal ambivalence " * 4_600
    article = Article("long", "en", "Title", None, (Section(None, (sentence + ".",)),), ())
    [problem] = reading_report(article)
    assert problem.severity == "warning"
    assert len(problem.message) < 1_000
    assert f"({4_600 * 4:,} words)" in problem.message
    assert '"notwithstanding considerable' in problem.message and "…" in problem.message
