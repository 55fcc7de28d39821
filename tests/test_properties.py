"""Arbitrary Unicode in article and resource fields gives a PDF or a clear content error,
never a traceback."""

from __future__ import annotations

import shutil
import tempfile
import unicodedata
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.content.layouts import available_layouts
from generator.content.load import load_kit
from generator.errors import ContentError
from generator.pipeline.build import lay_out
from generator.render.pdf_files import render_pdf
from generator.render.targets import Target
from tests.conftest import DEFAULT_CONTENT, english_only, page_texts

LAYOUTS = available_layouts()
text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=0,
               max_size=120)


def build_once(title: str, card: str, paragraph: str, name: str,
               hours: str) -> list[bytes] | None:
    """The pocket card and the brochure built from these fields, or None when the content
    was refused with a clear ContentError (any other exception fails the test)."""
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder) / "content"
        shutil.copytree(DEFAULT_CONTENT, root)
        site = root / "site.yaml"
        site.write_text(english_only(site.read_text(encoding="utf-8")), encoding="utf-8")
        front = yaml.safe_dump({"title": title, "card": card}, allow_unicode=True)
        (root / "articles" / "trauma-bonding.en.md").write_text(
            f"---\n{front}---\n\n## Part\n\n{paragraph}\n", encoding="utf-8")
        resources = yaml.safe_load((root / "resources.yaml").read_text(encoding="utf-8"))
        resources["resources"][0].update({"name": name, "hours": hours})
        (root / "resources.yaml").write_text(yaml.safe_dump(resources, allow_unicode=True),
                                            encoding="utf-8")
        try:
            kit = load_kit(root)
            pdfs = [render_pdf(kit, lay_out(kit, LAYOUTS[name], "en"), Target.OFFICE)
                    for name in ("pocket-card", "brochure")]
        except ContentError as error:
            assert error.problems
            assert all(str(problem) for problem in error.problems)
            return None
        for pdf in pdfs:
            assert pdf.startswith(b"%PDF")
        return pdfs


def letters(text: str) -> str:
    """Only the letters and digits (NFKC): what survives line breaks, hyphens, curled quotes
    and the spacing a PDF reader puts between words."""
    return "".join(char for char in unicodedata.normalize("NFKC", text) if char.isalnum())


def assert_title_printed(pdfs: list[bytes], title: str) -> None:
    """The brochure's inside opens with the article's title: read by pypdf (not pdfium,
    which the build itself uses for previews), its letters are all there, in order."""
    inside = page_texts(pdfs[1])[1]
    assert letters(title) in letters(inside), (title, inside[:300])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(title=text, card=text, paragraph=text, name=text, hours=text)
def test_arbitrary_text_builds_or_fails_clearly(title: str, card: str, paragraph: str,
                                               name: str, hours: str) -> None:
    build_once(title, card, paragraph, name, hours)


def test_markup_lookalikes_build() -> None:
    """Markup in the fields is text: it builds, and prints as it was written."""
    title = "<b>x</b> &amp; {{ 1 }}"
    pdfs = build_once(title, "<para>&#x41;</para>", "</p><p style=\"x\">",
                      "<font face='Courier'>A</font>", "{% raw %}")
    assert pdfs is not None, "markup look-alikes were refused"
    assert_title_printed(pdfs, title)
    inside = page_texts(pdfs[1])[1]
    assert inside.startswith(title + "\n"), inside[:100]  # not bold, nor an entity read
    assert "<para>&#x41;</para>" in page_texts(pdfs[0])[1]  # the card's line
    assert "<font face=’Courier’>A</font>" in inside  # the line's name, quotes curled


latin = st.text(st.characters(min_codepoint=32, max_codepoint=0x17F,
                              exclude_categories=("Cs", "Cc")), min_size=1, max_size=80)


def test_printable_latin_text_mostly_renders() -> None:
    """Most printable Latin text builds (all 25 examples did when this was written; some
    may be refused with a clear error), and where it does, its title is printed."""
    outcomes: list[bool] = []

    @settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow],
              database=None)
    @given(title=latin, card=latin, paragraph=latin, name=latin, hours=latin)
    def build(title: str, card: str, paragraph: str, name: str, hours: str) -> None:
        pdfs = build_once(title, card, paragraph, name, hours)
        outcomes.append(pdfs is not None)
        if pdfs is not None:
            assert_title_printed(pdfs, title)

    build()
    assert len(outcomes) >= 25
    assert sum(outcomes) >= 0.8 * len(outcomes), f"{sum(outcomes)} of {len(outcomes)} built"


@given(st.lists(st.floats(min_value=0, max_value=200), min_size=1, max_size=40),
       st.floats(min_value=1, max_value=300))
def test_the_fit_search_finds_what_shrinking_step_by_step_finds(needs: list[float],
                                                                 room: float) -> None:
    """For text that needs less room at each smaller scale, the search (full size, a guess
    from the overflow, its neighbour, then halving) stops where trying every scale from the
    top would: the largest scale that fits, or none, with the overflow at the smallest."""
    from generator.layout.fit import largest_fitting
    needed = sorted(needs, reverse=True)  # room needed at each scale, largest scale first
    scales = [1.0 - 0.025 * index for index in range(len(needed))]
    tried = []

    def attempt(scale: float) -> tuple[float, float]:
        index = scales.index(scale)
        tried.append(index)
        return scale, max(0.0, needed[index] - room)

    result, overflow = largest_fitting(scales, attempt, room)
    first_fit = next((i for i, need in enumerate(needed) if need - room <= 0.01), None)
    if first_fit is None:
        assert result is None and overflow == pytest.approx(needed[-1] - room)
    else:
        assert result == scales[first_fit] and overflow == 0.0
    assert len(tried) <= 4 + len(scales).bit_length()
