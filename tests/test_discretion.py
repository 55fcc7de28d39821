"""Revealing words on an outside surface fail check and build, naming surface and word."""

from __future__ import annotations

from pathlib import Path

from generator.discretion import builtin_words, revealing_words_in
from tests.conftest import edit


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
    assert revealing_words_in("Our ABUSERS and a Shelter", builtin_words("en")) == \
        ["abuse", "abuser", "shelter"]
    assert revealing_words_in("Wellness contacts", builtin_words("en")) == []
    assert "violencia" in builtin_words("es")
    assert "violence" in builtin_words("es")  # English words apply in every language


def test_discreet_poster_is_checked_outside_its_tabs(kit: Path, run) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "brand_color:", "poster_discreet: true\nbrand_color:")
    assert run("check", kit, "--format", "poster").code == 0  # the tabs may name the line
    edit(kit / "site.yaml", "discreet_title: Wellness contacts",
         "discreet_title: Shelter contacts")
    result = run("check", kit, "--format", "poster")
    assert result.code == 1
    assert "poster (poster): 'shelter' on an outside surface" in result.err


def test_ordinary_poster_may_say_what_it_is(kit: Path, run) -> None:  # noqa: ANN001
    assert run("check", kit, "--format", "poster").code == 0
