"""Load a content folder's audience packs (generator/content/audiences.py), each into a `Kit`
made from the main one's site and lines, with what its own folder gives (the main kit's
catalogues are given to each in the kit's checks, generator/pipeline/kit_checks.py)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from pathlib import Path

from generator.content.audiences import check_pack_folder, pack_problem, pack_site
from generator.content.extends import content_folders
from generator.content.kit_parts import (
    card_articles,
    emergency_disagreements,
    emergency_first,
    kit_line_numbers,
    line_numbers,
    load_library,
    load_resources,
    title_fallbacks,
    verification_problems,
)
from generator.content.models import Kit, Resource, Site
from generator.content.promises import promise_notes
from generator.content.same_number import merged_lines
from generator.errors import ContentError, Problem


def load_packs(root: Path, site: Site, resources: tuple[Resource, ...],
               roots: tuple[Path, ...]) -> tuple[Kit, ...]:
    """Every pack `audiences:` lists, in its order; ContentError listing every problem of
    every pack (each saying which pack), the warnings kept in each pack's kit."""
    packs: list[Kit] = []
    problems: list[Problem] = []
    for name in site.options.audiences:
        try:
            packs.append(_load_pack(root, name, site, resources, roots))
        except ContentError as error:
            problems.extend(pack_problem(name, problem) for problem in error.problems)
    if problems:
        raise ContentError(problems)
    return tuple(packs)


def _load_pack(root: Path, name: str, main: Site, main_resources: tuple[Resource, ...],
               roots: tuple[Path, ...]) -> Kit:
    folder = check_pack_folder(root, name, roots, main.line_of("audiences"), main.source.path)
    problems: list[Problem] = []
    site = _collected(problems, pack_site, main, folder) or main
    own_lines = folder / "resources.yaml"
    resources = main_resources
    if own_lines.is_file() or own_lines.is_symlink():
        resources = _collected(problems, load_resources, own_lines,
                               replace(site, options=site.options.model_copy(
                                   update={"resources": None})), problems, roots) or ()
        problems.extend(verification_problems(resources, site, date.today()))
        resources, merges = merged_lines(resources)
        problems.extend(merges)
        problems.extend(emergency_first(resources, site))
        problems.extend(emergency_disagreements(resources, site))
        problems.extend(promise_notes(resources, site))
    if "discreet_title" in site.files:  # the pack's own titles (the main kit's: said once)
        problems.extend(title_fallbacks(site))
    library, broken = load_library(site, (folder, *content_folders(root)),
                                   line_numbers((*main_resources, *resources))
                                   | kit_line_numbers((), own_lines, site.options.country))
    broken_problems = [p for found in broken.values() for p in found]
    if any(problem.severity == "error" for problem in problems) or not resources:
        raise ContentError(problems + broken_problems)
    # Articles that cannot be read leave out the pack's pieces that carry them, all of them
    # if need be, as in the main kit; the main kit and the other packs are still built.
    return Kit(root=root, site=site, resources=resources,
               articles=card_articles(site, library[site.article_slugs[0]]),
               warnings=tuple(pack_problem(name, p) for p in problems), library=library,
               broken_articles=broken, audience=name,
               audience_folder=folder)


def _collected(problems: list[Problem], loader, *args):  # noqa: ANN001, ANN202
    try:
        return loader(*args)
    except ContentError as error:
        problems.extend(error.problems)
        return None
