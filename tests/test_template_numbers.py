"""A number a site's own template writes itself is checked as printed text is (red team,
session 8): "Or call 1-800-799-7232." typed into a copy of back.j2 printed a digit off the
hotline's number on every card, with no word from `check`. Read back from `check`'s message
(the template's file, line and block) and from the card built once the number is right."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.content.caches import cached_layouts
from generator.content.layouts import LAYOUTS_DIR
from generator.layout.compose import template_number_problems
from tests.conftest import edit, page_texts

BUILT_IN = sorted(path.name for path in LAYOUTS_DIR.iterdir() if (path / "layout.yaml").is_file())


def _own_copy(kit: Path, name: str) -> Path:
    folder = kit / "layouts" / name
    shutil.copytree(LAYOUTS_DIR / name, folder)
    return folder


def test_every_built_in_template_passes_as_a_sites_copy(kit: Path) -> None:
    for name in BUILT_IN:
        _own_copy(kit, name)
    layouts = cached_layouts(kit)
    assert {layout.folder.parent for layout in layouts.values()} == {kit / "layouts"}
    for country in ("US", "GB", "AU"):
        assert [problem.message for layout in layouts.values()
                for problem in template_number_problems(layout, country, frozenset())] == []


def test_the_built_in_templates_are_not_read_again(kit: Path) -> None:
    assert all(template_number_problems(layout, "US", frozenset()) == []
               for layout in cached_layouts(kit).values())


@pytest.mark.parametrize(("written", "says"), [
    ("Or call 1-800-799-7232.", "it differs from the National Domestic Violence Hotline's "
                                "published 1-800-799-7233"),
    ("Or call 1-900-555-0199.", "premium"),
    ("Or call 614-27.", "it is written like part of a phone number"),
])
def test_check_names_the_template_line_and_block(kit: Path, run, written: str,
                                                 says: str) -> None:
    back = _own_copy(kit, "pocket-card") / "back.j2"
    edit(back, "{% block safety %}", f'{{% block safety %}}<p style="note">{written}</p>')
    line = next(number for number, text in enumerate(
        back.read_text(encoding="utf-8").splitlines(), 1) if written in text)
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1
    number = written.removeprefix("Or call ").rstrip(".")
    said = [text for text in result.err.splitlines()
            if text.startswith(f"{back}:{line}: block safety: the number {number} in it "
                               "cannot be printed: ")]
    assert said and says in said[0], result.err


def test_the_kits_own_number_in_a_template_builds(kit: Path, run) -> None:
    back = _own_copy(kit, "pocket-card") / "back.j2"
    edit(back, "{% block safety %}",
         '{% block safety %}<p style="note">Or call 1-800-799-7233.</p>')
    out = kit.parent / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--target", "shop",
                 "--no-previews")
    assert result.code == 0, result.err
    assert "Or call 1-800-799-7233." in " ".join(
        page_texts(out / "en" / "pocket-card-shop.pdf")[1].split())
