"""docs/architecture.md names every module of generator/, one line each, and no module that
is gone: a module added, moved or removed without saying what it holds there fails here.
Timings live in bench/README.md, not in the code's docstrings and comments, which say why."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PACKAGE = REPO / "generator"
ARCHITECTURE = REPO / "docs" / "architecture.md"
# A figure of time: "2.7 ms", "0.1-0.2 s", "26 seconds", "40 µs".
TIMING = re.compile(r"\b\d[\d,.]*(?:-\d[\d.]*)? ?(?:ms|µs|us|s|seconds?|minutes?)\b")
# Times that are behaviour, not measurements: what the code waits.
NOT_MEASUREMENTS = {("importers/hsds_api.py", "(1, 2, 4 s)")}


def modules() -> set[str]:
    """Every module under generator/, relative to it; a package by its folder (`kit/`)."""
    found = set()
    for path in PACKAGE.rglob("*.py"):
        name = path.relative_to(PACKAGE).as_posix()
        found.add(name.removesuffix("__init__.py") if name.endswith("/__init__.py") else name)
    return found


def named(text: str) -> list[str]:
    """The modules the section "Every module" names, one list item each."""
    section = text.split("\n## Every module\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^- `([^`]+)`: \S", section, re.MULTILINE)


def test_every_module_is_named_once_and_every_name_is_a_module() -> None:
    names = named(ARCHITECTURE.read_text(encoding="utf-8"))
    assert sorted(name for name in set(names) if names.count(name) > 1) == []
    unnamed = sorted(modules() - set(names))
    assert unnamed == [], ("add to docs/architecture.md's 'Every module', under its stage, "
                           "one line each: - `path`: what it holds")
    gone = sorted(set(names) - modules())
    assert gone == [], "moved or removed: change or remove its line in docs/architecture.md"


def test_the_top_of_the_package_holds_its_entry_point_and_base_only() -> None:
    """Every other module lives in the folder of its stage (docs/architecture.md, Layers)."""
    top = {path.name for path in PACKAGE.glob("*.py")}
    assert top == {"__init__.py", "__main__.py", "engine.py", "errors.py"}


def test_the_reading_finds_a_missing_module() -> None:
    text = "# x\n\n## Every module\n\n- `a.py`: one\n- `b/`: two\n\n## After\n\n- `c.py`: no\n"
    assert named(text) == ["a.py", "b/"]
    assert {"__init__.py", "content/", "content/load.py", "pipeline/build.py"} <= modules()


def timings(source: str) -> list[str]:
    """The figures of time in a module's comments and docstrings."""
    texts = [token.string for token in tokenize.generate_tokens(io.StringIO(source).readline)
             if token.type == tokenize.COMMENT]
    texts += [doc for node in ast.walk(ast.parse(source))
              if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef
                            | ast.AsyncFunctionDef)
              and (doc := ast.get_docstring(node, clean=False))]
    return [match.group() for text in texts for match in TIMING.finditer(text)]


def test_no_docstring_or_comment_carries_a_timing() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix()
        text = path.read_text(encoding="utf-8")
        found += [(name, figure) for figure in timings(text)
                  if not any(name == where and allowed in text and figure in allowed
                             for where, allowed in NOT_MEASUREMENTS)]
    assert found == []  # the figure goes in bench/README.md, the code says why


def test_the_timing_reader_finds_them() -> None:
    source = ('"""Reading it takes 20 ms."""\nimport x  # littleCMS (2.7 ms)\n'
              'def f():\n    """0.1-0.2 s, 26 seconds; not 2026 or 3 sizes."""\n')
    assert timings(source) == ["2.7 ms", "20 ms", "0.1-0.2 s", "26 seconds"]
