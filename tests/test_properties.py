"""Arbitrary Unicode in article and resource fields gives a PDF or a clear content error,
never a traceback."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.build import lay_out, render_pdf
from generator.content.load import load_kit
from generator.errors import ContentError
from generator.layout.formats import available_layouts
from tests.conftest import DEFAULT_CONTENT, english_only

LAYOUTS = available_layouts()
text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=0,
               max_size=120)


def build_once(title: str, card: str, paragraph: str, name: str, hours: str) -> None:
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
            for layout in (LAYOUTS["pocket-card"], LAYOUTS["brochure"]):
                pdf = render_pdf(kit, lay_out(kit, layout, "en"), "office")
                assert pdf.startswith(b"%PDF")
        except ContentError as error:
            assert error.problems
            assert all(str(problem) for problem in error.problems)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(title=text, card=text, paragraph=text, name=text, hours=text)
def test_arbitrary_text_builds_or_fails_clearly(title: str, card: str, paragraph: str,
                                               name: str, hours: str) -> None:
    build_once(title, card, paragraph, name, hours)


def test_markup_lookalikes_build() -> None:
    build_once("<b>x</b> &amp; {{ 1 }}", "<para>&#x41;</para>", "</p><p style=\"x\">",
               "<font face='Courier'>A</font>", "{% raw %}")


latin = st.text(st.characters(min_codepoint=32, max_codepoint=0x17F,
                              exclude_categories=("Cs", "Cc")), min_size=1, max_size=80)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(title=latin, card=latin, paragraph=latin, name=latin, hours=latin)
def test_printable_latin_text_mostly_renders(title: str, card: str, paragraph: str, name: str,
                                             hours: str) -> None:
    build_once(title, card, paragraph, name, hours)


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
