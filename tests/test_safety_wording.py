"""Every kit carries safety wording; a site can reword it but not remove it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import page_texts

FORMATS = ["pocket-card", "brochure", "pocket-fold", "poster"]


@pytest.mark.parametrize("layout", FORMATS)
def test_every_format_prints_the_safety_wording(kit: Path, tmp_path: Path, run,  # noqa: ANN001
                                                layout: str) -> None:
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, "--format", layout).code == 0
    text = " ".join(" ".join(page_texts(out / "en" / f"{layout}.pdf")).split())
    assert "the other person cannot check" in text
    assert "In an emergency, call 911." in text


def test_site_can_reword_the_safety_note(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    (kit / "locales").mkdir()
    (kit / "locales" / "en.yaml").write_text(
        "safety_note: Call from a phone only you use. Emergency? Dial {emergency}.\n",
        encoding="utf-8")
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, "--format", "pocket-card").code == 0
    back = " ".join(page_texts(out / "en" / "pocket-card.pdf")[1].split())
    assert "Call from a phone only you use. Emergency? Dial 911." in back


@pytest.mark.parametrize(("override", "message"), [
    ("safety_note: ''\n", "safety_note: expected text (safety wording can be reworded, not "
                          "removed)"),
    ("safety_note: Stay safe.\n", "safety_note: must keep the placeholders {emergency} of the "
                                  "English text"),
    ("before_you_call: Be careful {name}.\n", "before_you_call: must keep the placeholders "
                                              "{emergency}"),
])
def test_site_cannot_remove_it(kit: Path, run, override: str, message: str) -> None:  # noqa: ANN001
    (kit / "locales").mkdir()
    (kit / "locales" / "en.yaml").write_text(override, encoding="utf-8")
    result = run("check", kit)
    assert result.code == 1
    assert "locales/en.yaml:1: " + message in result.err
