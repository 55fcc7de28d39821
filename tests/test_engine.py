"""The engine owns what a process keeps: bounded caches, and memory that stays flat over
thousands of builds (the web page's server)."""

from __future__ import annotations

import ast
import importlib
import json
import pkgutil
import subprocess
import sys

import pytest

import generator
from generator.engine import current_engine
from tests.conftest import DEFAULT_CONTENT, REPO
from tests.memory_counts import COUNTABLE


def test_every_cache_has_a_bound() -> None:
    for module in pkgutil.walk_packages(generator.__path__, "generator."):
        if module.name != "generator.__main__":  # commands import their modules as they run
            importlib.import_module(module.name)
    sizes = current_engine().cache_sizes()
    assert len(sizes) > 40
    unbounded = [name for name, (_, bound) in sizes.items()
                 if bound is None or bound <= 0]
    assert unbounded == []


# What a module may bind at its top level is a constant, or nothing that can change: the
# names of the calls that make such values. Anything else a call returns is not checked
# (a frozen dataclass, re.compile, a NamedTuple): the literals and calls below are.
FROZEN_CALLS = frozenset({
    "frozenset",  # a set that cannot change
    "tuple",  # a list that cannot change
    "MappingProxyType",  # a read-only view of a dict no one else holds
})
MUTABLE_CALLS = frozenset({"dict", "list", "set", "OrderedDict", "defaultdict", "deque",
                           "Counter", "bytearray", "WeakValueDictionary", "WeakKeyDictionary",
                           "WeakSet", "ChainMap"})
MUTABLE_LITERALS = (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp)
CACHES = frozenset({"lru_cache", "cache"})  # functools' (cached_property is per object)


def _called(node: ast.expr) -> str | None:
    function = node.func if isinstance(node, ast.Call) else node
    if isinstance(function, ast.Name):
        return function.id
    return function.attr if isinstance(function, ast.Attribute) else None


def state_kept(source: str, owner: bool = False) -> list[tuple[int, str]]:
    """Where a module's source keeps state of its own: (line, what) for every `global`
    statement and functools cache anywhere in it, and every top-level name bound to a
    mutable literal or a call that makes one (`owner`: the engine's module, which makes
    every cache and whose top level holds their registry and the process's engine)."""
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Global):
            found.append((node.lineno, f"global {', '.join(node.names)}"))
        elif owner:
            continue
        elif isinstance(node, ast.Call) and _called(node) in CACHES:
            found.append((node.lineno, f"{_called(node)}(...)"))
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            found.extend((decorator.lineno, f"@{_called(decorator)}")  # @lru_cache, no call
                         for decorator in node.decorator_list
                         if not isinstance(decorator, ast.Call) and _called(decorator) in CACHES)
    for node in tree.body if not owner else ():
        value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
        if isinstance(value, MUTABLE_LITERALS) or (
                isinstance(value, ast.Call) and _called(value) in MUTABLE_CALLS):
            found.append((node.lineno, ast.unparse(node).split("=")[0].strip()))
    return sorted(found)


def test_the_state_check_finds_each_kind_of_state() -> None:
    """Each kind the check looks for, found: a test that can fail."""
    source = """
import functools
from functools import lru_cache
from types import MappingProxyType
KEPT = {}
NAMES: list[str] = []
SEEN = set()
TABLE = {"a": 1}
SQUARES = [n * n for n in range(3)]
FROZEN = frozenset({"a"})
VIEW = MappingProxyType({"a": 1})
PAIRS = (("a", 1),)
@functools.lru_cache(maxsize=8)
def f(x): return x
@lru_cache
def g(x): return x
def h():
    global KEPT
    inner = functools.cache(f)
    local = {}
"""
    found = [what for _, what in state_kept(source)]
    assert found == ["KEPT", "NAMES: list[str]", "SEEN", "TABLE", "SQUARES", "lru_cache(...)",
                     "@lru_cache", "global KEPT", "cache(...)"]
    assert [what for _, what in state_kept(source, owner=True)] == ["global KEPT"]


def test_no_module_keeps_state_of_its_own() -> None:
    """No module keeps state outside the engine: no `global`, no functools cache (the engine
    makes them: @remembered), no top-level dict, list or set (a constant is
    a tuple, a frozenset or a MappingProxyType); generator/engine.py's top level holds the
    registry of @remembered functions and the process's engine."""
    offenders = []
    for path in sorted((REPO / "generator").rglob("*.py")):
        owner = path == REPO / "generator" / "engine.py"
        offenders += [f"{path.relative_to(REPO)}:{line}: {what}"
                      for line, what in state_kept(path.read_text(encoding="utf-8"), owner)]
    assert offenders == []


# Lays a card out and draws it, each time with a card line of its own (as a volunteer typing
# on the web page makes every build new): `warm` builds fill every cache (each bound a
# thousandth of its size), then what the next `rounds` builds leave in use is counted
# (tests/memory_counts.py: one object kept a build is `rounds` blocks).
MANY_BUILDS = """
import json, sys
import generator.engine  # every bound a thousandth, before any cache is made
generator.engine._bound = lambda maxsize: max(1, round(maxsize * 0.001))
from dataclasses import replace
from pathlib import Path
from generator.pipeline.build import lay_out
from generator.render.pdf_files import render_pdf
from generator.render.targets import Target
from generator.content.caches import cached_layouts
from generator.pipeline.kit_checks import load_checked_kit
from generator.render.starters import start
from tests.memory_counts import memory_in_use
start()
kit = load_checked_kit(Path(sys.argv[1]))
layout = cached_layouts(kit.root)["pocket-card"]
warm, rounds = int(sys.argv[2]), int(sys.argv[3])
counts = []
for number in range(warm + rounds):
    if number == warm:
        counts.append(memory_in_use())
    article = kit.articles["en"]
    line = f"You are not alone ({number}), and what you feel makes sense."
    changed = replace(kit, articles={"en": replace(article, card_line=line)})
    render_pdf(changed, lay_out(changed, layout, "en"), Target.OFFICE)
counts.append(memory_in_use())
print(json.dumps(counts))
"""
WARM_BUILDS, COUNTED_BUILDS = 500, 300


@pytest.mark.skipif(not COUNTABLE, reason="counts glibc's memory (mallinfo2)")
def test_memory_stays_flat_over_many_builds() -> None:
    """With every cache bound a thousandth of its size (full after the first builds), nothing
    else may grow: not ReportLab's registries, not the fonts, not the engine. Some of
    Python's own caches fill for a few hundred builds: 2026-12-06, after 300 builds, 111 blocks
    more over the next 300 on Python 3.12; after 500, 17 (0 to 5 KiB of malloc's)."""
    result = subprocess.run([sys.executable, "-c", MANY_BUILDS, str(DEFAULT_CONTENT),
                             str(WARM_BUILDS), str(COUNTED_BUILDS)],
                            cwd=REPO, capture_output=True, text=True, check=True)
    (blocks_before, bytes_before), (blocks_after, bytes_after) = json.loads(result.stdout)
    assert blocks_after - blocks_before < COUNTED_BUILDS // 2, (
        f"{blocks_after - blocks_before} more objects in use after {COUNTED_BUILDS} builds")
    assert bytes_after - bytes_before < 64 * 1024, (
        f"{bytes_after - bytes_before} more bytes in use after {COUNTED_BUILDS} builds")


def test_the_font_cache_keeps_the_files_used_last_within_its_limit(tmp_path) -> None:  # noqa: ANN001
    import os
    import time

    from generator.i18n.font_files import prune_cache
    for index in range(6):
        path = tmp_path / f"font-{index}.ttf"
        path.write_bytes(b"x" * 1000)
        os.utime(path, (time.time() - 100 + index, time.time() - 100 + index))
    os.utime(tmp_path / "font-0.ttf")  # used just now: kept
    removed = prune_cache(tmp_path, 3500, keep=tmp_path / "font-1.ttf")
    assert sorted(path.name for path in removed) == ["font-2.ttf", "font-3.ttf", "font-4.ttf"]
    assert sorted(path.name for path in tmp_path.iterdir()) == [
        "font-0.ttf", "font-1.ttf", "font-5.ttf"]
