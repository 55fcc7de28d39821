"""One home for paper names and sizes (generator/content/papers.py): its sizes are
ReportLab's, each reads back as its name in print instructions, and what offers a choice of
paper (the poster's sizes, which the command line's --poster-size offers, site.yaml's
`paper:`) offers the registry's."""

from __future__ import annotations

import pytest
from reportlab.lib import pagesizes

from generator.content.caches import cached_layouts
from generator.content.papers import OFFICE_PAPERS, PAPER_NAMES, PAPER_SIZES, PAPERS
from generator.render.printing import paper_name
from tests.conftest import Run, edit


@pytest.mark.parametrize("name", PAPER_NAMES)
def test_each_paper_is_reportlabs_size_and_named_back_either_way_up(name: str) -> None:
    assert PAPER_SIZES[name] == getattr(pagesizes, name.upper())
    width, height = PAPER_SIZES[name]
    assert paper_name(width, height) == paper_name(height, width) == PAPERS[name].title


def test_the_poster_is_sized_on_every_paper() -> None:
    poster = cached_layouts()["poster"]
    assert tuple(poster.spec.sizes) == PAPER_NAMES
    assert tuple(poster.options["poster_size"].values or ()) == PAPER_NAMES
    assert all(size.paper == key for key, size in poster.spec.sizes.items())


def test_site_yaml_takes_the_office_papers_and_names_them(kit, run) -> None:  # noqa: ANN001
    site = kit / "site.yaml"
    edit(site, "paper: letter", "paper: tabloid")
    result: Run = run("check", kit)
    assert result.code == 1
    valid = " or ".join(OFFICE_PAPERS)
    assert f"paper: must be one of {valid}, not 'tabloid'" in result.err
