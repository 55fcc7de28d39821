"""No module of the package imports, directly or through others, a module that imports it:
at module level, inside functions and under TYPE_CHECKING alike (grimp, the import graph
import-linter reads, built from every import statement). The layers contract in
pyproject.toml (`make lint`) keeps the stages in order; this keeps modules within a stage
from leaning on each other both ways."""

from __future__ import annotations

import grimp


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


def test_the_circle_finder_finds_one() -> None:
    graph = grimp.ImportGraph()
    for module in ("a", "a.x", "a.y", "a.z"):
        graph.add_module(module)
    graph.add_import(importer="a.x", imported="a.y")
    graph.add_import(importer="a.y", imported="a.z")
    graph.add_import(importer="a.z", imported="a.x")
    assert circles(graph) == [["a.x", "a.y", "a.z"]]
