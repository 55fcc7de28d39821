"""No module of the package imports, directly or through others, a module that imports it:
at module level, inside functions and under TYPE_CHECKING alike (grimp, the import graph
import-linter reads, built from every import statement). The layers contract in
pyproject.toml (`make lint`) keeps the stages in order; this keeps modules within a stage
from leaning on each other both ways, and no stage (a folder of generator/) from leaning on
another both ways, through modules that are no circle (content's kit_parts imported the
importers, which import content's models), nor from standing outside the contract."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import grimp

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def circles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in on_stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return found


def test_no_module_takes_part_in_an_import_circle() -> None:
    graph = grimp.build_graph("generator", include_external_packages=False)
    assert len(graph.modules) > 150
    assert circles(graph) == []


def stages(graph: grimp.ImportGraph) -> grimp.ImportGraph:
    """The graph with each folder of generator/ squashed into one module."""
    for child in graph.find_children("generator"):
        if graph.find_children(child):
            graph.squash_module(child)
    return graph


def test_no_stage_takes_part_in_an_import_circle() -> None:
    graph = stages(grimp.build_graph("generator", include_external_packages=False))
    assert {"generator.content", "generator.importers", "generator.pipeline"} <= graph.modules
    assert circles(graph) == []


def test_the_stage_circle_finder_finds_one() -> None:
    graph = grimp.ImportGraph()
    for module in ("generator", "generator.one", "generator.one.x", "generator.one.y",
                   "generator.two", "generator.two.z", "generator.three"):
        graph.add_module(module)
    graph.add_import(importer="generator.one.x", imported="generator.two.z")
    graph.add_import(importer="generator.two.z", imported="generator.one.y")
    graph.add_import(importer="generator.one.y", imported="generator.three")
    assert circles(graph) == []  # no module takes part in a circle
    assert circles(stages(graph)) == [["generator.one", "generator.two"]]


def test_every_stage_stands_in_the_layers_contract() -> None:
    """A folder or module of generator/ the contract does not name is one it cannot see."""
    contract = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["importlinter"]
    layers = next(c["layers"] for c in contract["contracts"] if c["type"] == "layers")
    named = {name for layer in layers for name in re.split(r"\s*[|:]\s*", layer)}
    graph = grimp.build_graph("generator", include_external_packages=False)
    entry_points = {"generator.__main__"}
    assert graph.find_children("generator") - entry_points - named == set()
    assert named <= graph.find_children("generator")


def test_the_circle_finder_finds_one() -> None:
    graph = grimp.ImportGraph()
    for module in ("a", "a.x", "a.y", "a.z"):
        graph.add_module(module)
    graph.add_import(importer="a.x", imported="a.y")
    graph.add_import(importer="a.y", imported="a.z")
    graph.add_import(importer="a.z", imported="a.x")
    assert circles(graph) == [["a.x", "a.y", "a.z"]]
