"""A word wider than its slot (a pasted web address as a line's name, a long compound) is a
problem naming the word, the slot and where the word is written; the pieces it fits build.
A list whose lines all give way (the second line's name on the brochure) no longer stops the
whole build with `min() arg is an empty sequence`."""

from __future__ import annotations

import re
from pathlib import Path

from generator.errors import quoted, shortened
from tests.conftest import edit, page_texts

LONG = "x" * 100
SHOWN = shortened(LONG, 60)  # how messages name it as a word too wide


def _second_line(kit: Path, name: str, extra: str = "") -> int:
    """Add a line named `name` after the first; the line of its `- name:` in resources.yaml."""
    resources = kit / "resources.yaml"
    text = resources.read_text(encoding="utf-8")
    start = text.index("\n  - name:", text.index("  - name:") + 1) + 1
    added = f"  - name: {name}\n    phone: 1-800-555-0142\n{extra}    verified: 2026-11-01\n\n"
    resources.write_text(text[:start] + added + text[start:], encoding="utf-8")
    return text[:start].count("\n") + 1


def test_a_long_name_on_a_second_line_builds_every_piece_it_fits(kit: Path, run,
                                                                   tmp_path: Path) -> None:  # noqa: ANN001
    line = _second_line(kit, LONG)
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--no-previews", "--target", "office")
    assert result.code == 1
    errors = [message for message in result.err.splitlines()
              if "wider than the slot" in message and "warning:" not in message]
    # Large print runs every line through its text: there it cannot fit, and says where.
    assert errors == [f"{kit / 'resources.yaml'}:{line}: large-print (pages), slot 'text': a "
                      f"word is wider than the slot even at 14 pt: '{SHOWN}' (100 characters) "
                      f"in the line '{LONG}'; shorten it [en]"]
    built = sorted(path.name for path in (out / "en").glob("*.pdf"))
    assert built == ["brochure.pdf", "pocket-card.pdf", "pocket-fold.pdf", "poster-letter.pdf",
                     "safety-plan.pdf", "sticker.pdf"]
    # Where it gives way it is left out, with a warning naming it, never printed.
    assert f"left out '{LONG}': it does not fit whole" in result.err
    for pdf in (out / "en").glob("*.pdf"):
        assert "xxxxxxxxxx" not in "".join(page_texts(pdf)), pdf.name


def test_a_long_first_line_name_names_its_line_in_each_piece(kit: Path, run) -> None:  # noqa: ANN001
    edit(kit / "resources.yaml", "      en: National Domestic Violence Hotline",
         f"      en: {LONG}")
    first = next(number for number, text in enumerate(
        (kit / "resources.yaml").read_text(encoding="utf-8").splitlines(), start=1)
        if text.strip() == "- name:")
    result = run("check", kit)
    assert result.code == 1
    failed = [message for message in result.err.splitlines() if "wider than the slot" in message]
    pieces = {re.search(r": ([\w-]+) \(", message)[1] for message in failed}  # type: ignore[index]
    assert {"brochure", "pocket-card", "pocket-fold", "poster", "safety-plan",
            "large-print"} <= pieces
    for message in failed:
        assert message.startswith(f"{kit / 'resources.yaml'}:{first}: "), message
        assert f"'{SHOWN}' (100 characters)" in message


def test_a_long_texting_keyword_is_blamed_on_its_line(kit: Path, run) -> None:  # noqa: ANN001
    keyword = "K" * 60
    line = _second_line(kit, "Text line", f"    text: {{number: \"88788\", keyword: {keyword}}}\n")
    result = run("check", kit, "--format", "large-print")
    assert result.code == 1
    message = next(text for text in result.err.splitlines() if "wider than the slot" in text)
    assert message.startswith(f"{kit / 'resources.yaml'}:{line}: large-print (pages), slot 'text'")
    assert f"'{keyword}' in the line 'Text line'" in message


def test_a_long_word_in_the_article_names_the_article_and_the_word(kit: Path, run) -> None:  # noqa: ANN001
    address = "https://example.org/" + "a" * 120
    article = kit / "articles" / "trauma-bonding.en.md"
    edit(article, "title: Why it can be hard to leave", f"title: Why it can be hard {LONG}")
    edit(article, "This bond is a normal human response", f"{address} This bond is a normal")
    result = run("check", kit, "--format", "brochure", "--format", "poster")
    assert result.code == 1
    failed = [message for message in result.err.splitlines() if "wider than the slot" in message]
    assert failed and all(message.startswith(f"{article}: ") for message in failed)
    assert any(f"'{SHOWN}' (100 characters)" in message and "slot 'headline'" in message
               for message in failed)
    assert any(quoted(address, 60) in message and "slot 'article'" in message for message in failed)


def test_quoted_keeps_a_name_and_shortens_long_text() -> None:
    name = ("House of Ruth Maryland Counseling and Advocacy Services for Survivors and Their "
            "Children")
    assert quoted(name) == f"'{name}'"
    said = quoted("abcde " * 50_000)
    assert len(said) == 122 and said.startswith("'abcde abcde") and "…" in said
