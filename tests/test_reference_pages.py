"""Every page of the default kit's office PDFs in English, Arabic, Chinese, Thai and Hindi
looks as it did when its reference (tests/reference_pages/<lang>/<file>-<page>.png) was accepted.

A failure lists each changed page and the share of its pixels that differ, and saves the new
rendering and a picture of the difference in tests/reference_pages/changed/. Look at every
one; if the change is deliberate, run `python -m tests.reference_pages --accept`.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PIL import Image

from generator.content.layouts import available_layouts
from tests.conftest import edit
from tests.reference_pages import (
    CHANGED,
    LANGS,
    PAGE_TOLERANCE,
    build_kit,
    compare,
    differing_share,
    reference_content,
    render_pages,
    save_changes,
    versions_note,
)


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Image.Image]:
    """The default kit's office pages, from one build of the five languages."""
    folder = tmp_path_factory.mktemp("reference-pages")
    build_kit(reference_content(folder), folder / "out")
    return render_pages(folder / "out")


def test_every_page_matches_its_reference(pages: dict[str, Image.Image]) -> None:
    changes = compare(pages)
    if not changes:
        shutil.rmtree(CHANGED, ignore_errors=True)  # what an earlier failure left
        return
    folder = save_changes(changes, pages)
    listed = "\n".join(f"  {change}" for change in changes)
    pytest.fail(f"{len(changes)} page(s) changed{versions_note()}:\n{listed}\nLook at each "
                f"page in {folder} (<page>-new.png, and <page>-diff.png: what differs in "
                "red); if the change is deliberate, run "
                "`python -m tests.reference_pages --accept`", pytrace=False)


def test_there_is_a_reference_for_every_format_in_each_language(
        pages: dict[str, Image.Image]) -> None:
    for lang in LANGS:
        for name in available_layouts():
            assert any(page.startswith(f"{lang}/{name}-") for page in pages), (lang, name)


def test_a_changed_colour_fails_and_shows_where(kit: Path, tmp_path: Path) -> None:
    edit(kit / "site.yaml", 'brand_color: "#2f5d62"', 'brand_color: "#6b3a2a"')
    out = tmp_path / "out"
    build_kit(kit, out, langs=["en"], formats=["pocket-card"])
    changed = render_pages(out, ["en"])
    changes = compare(changed, only_rendered=True)
    assert [change.page for change in changes] == ["en/pocket-card-1", "en/pocket-card-2"]
    assert all(change.share > 20 * PAGE_TOLERANCE for change in changes)
    assert "of the pixels differ" in str(changes[0])
    folder = save_changes(changes, changed, tmp_path / "changed")
    with Image.open(folder / "en" / "pocket-card-1-diff.png") as picture:
        colours = dict((colour, count) for count, colour
                       in picture.convert("RGB").getcolors(picture.width * picture.height))
    red = colours.get((220, 0, 0), 0)
    assert red / (picture.width * picture.height) == pytest.approx(changes[0].share, rel=0.01)
    assert (folder / "en" / "pocket-card-2-new.png").is_file()


def test_one_changed_heading_fails_only_its_page(kit: Path, tmp_path: Path) -> None:
    edit(kit / "articles" / "trauma-bonding.en.md", "## Getting support", "## Getting help")
    out = tmp_path / "out"
    build_kit(kit, out, langs=["en"], formats=["brochure"])
    changes = compare(render_pages(out, ["en"]), only_rendered=True)
    assert [change.page for change in changes] == ["en/brochure-2"]


def test_pages_that_differ_within_the_tolerance_pass() -> None:
    page = Image.new("RGB", (100, 100), "white")
    speck = page.copy()
    speck.putpixel((5, 5), (0, 0, 0))  # 0.01 % of the page
    faint = Image.new("RGB", (100, 100), (230, 230, 230))  # every pixel, but by 25 levels
    block = page.copy()
    block.paste((0, 0, 0), (0, 0, 10, 10))  # 1 %
    assert differing_share(speck, page) == pytest.approx(0.0001)
    assert differing_share(faint, page) == 0.0
    assert differing_share(block, page) == pytest.approx(0.01)
