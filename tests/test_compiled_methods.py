"""The dataclasses' methods compiled once per machine (generator/compiled_methods.py, issue
31): a process started as the havenprint command compiles none of the methods an earlier
one kept, and every method of every dataclass of havenprint is the very code Python compiles
without the patch; a damaged or foreign file of codes is compiled anew; another Python's
dataclasses module is left alone. Each side runs in a new Python, never timed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO

# Every dataclass of every havenprint module, each generated method's code as text (its
# bytecode, constants, names, arguments, annotations, defaults), written as JSON to argv[1];
# argv[2] "patched" starts as the havenprint command does (launch.command_line).
METHODS = """
import dataclasses, importlib, json, pkgutil, sys
import generator
if sys.argv[2] == "patched":
    from generator.commands.launch import command_line
    command_line()
from generator.engine import current_engine
engine = current_engine()
compiled_before = len(engine.compiled_methods)
for info in pkgutil.walk_packages(generator.__path__, "generator."):
    if ".serve" in info.name or info.name.endswith("__main__"):
        continue  # the web page's server: its own libraries
    importlib.import_module(info.name)
found = {}
for name, module in sorted(sys.modules.items()):
    if not name.startswith("generator"):
        continue
    for value in vars(module).values():
        if isinstance(value, type) and dataclasses.is_dataclass(value) \\
                and value.__module__ == name:
            for method in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__",
                           "__delattr__", "__lt__", "__getstate__"):
                function = vars(value).get(method)
                code = getattr(function, "__code__", None)
                if code is None:
                    continue
                found[f"{value.__qualname__}.{method}"] = [
                    code.co_code.hex(), repr(code.co_consts), code.co_names, code.co_varnames,
                    code.co_filename, repr(getattr(function, "__annotations__", None)),
                    repr(function.__defaults__), repr(function.__kwdefaults__)]
json.dump({"methods": found, "patch": engine.patches.get("compiled dataclass methods"),
           "compiled": len(engine.compiled_methods) - engine.compiled_methods_kept,
           "read": engine.compiled_methods_kept, "before": compiled_before},
          open(sys.argv[1], "w"))
"""


def _methods(tmp_path: Path, how: str, cache: Path) -> dict:
    out = tmp_path / f"{how}.json"
    env = dict(os.environ, HAVENPRINT_CACHE=str(cache))
    subprocess.run([sys.executable, "-c", METHODS, str(out), how], cwd=REPO, env=env,
                   check=True, capture_output=True, text=True, timeout=300)
    return json.loads(out.read_text(encoding="utf-8"))


def _keep(tmp_path: Path, cache: Path) -> None:
    """A process that starts as the command does, then keeps what it compiled, as the
    command does on its way out."""
    subprocess.run([sys.executable, "-c", (
        "from generator.commands.launch import command_line\n"
        "command_line()\n"
        "from generator.render.starters import start\n"
        "start()\n"
        "import generator.build, generator.kits\n"
        "from generator.compiled_methods import keep_new\n"
        "keep_new()\n")], cwd=REPO, env=dict(os.environ, HAVENPRINT_CACHE=str(cache)),
        check=True, capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    tmp_path = tmp_path_factory.mktemp("methods")
    cache = tmp_path / "cache"
    plain = _methods(tmp_path, "plain", cache)
    first = _methods(tmp_path, "patched", cache)  # nothing kept yet
    _keep(tmp_path, cache)
    second = _methods(tmp_path, "patched", cache)
    return {"plain": plain, "first": first, "second": second, "cache": {"path": str(cache)}}


def test_every_method_is_the_code_python_compiles(runs: dict[str, dict]) -> None:
    plain, first, second = runs["plain"], runs["first"], runs["second"]
    assert plain["patch"] is None and first["patch"] == second["patch"] == "installed"
    assert len(plain["methods"]) > 300
    assert first["methods"] == plain["methods"]
    assert second["methods"] == plain["methods"]


def test_a_second_process_compiles_only_what_was_not_kept(runs: dict[str, dict]) -> None:
    first, second = runs["first"], runs["second"]
    assert first["read"] == 0 and first["compiled"] > 500
    # kept by a build's imports: only modules a build does not import are compiled again
    assert second["read"] > 500 and second["compiled"] < first["compiled"] / 3


def test_damaged_or_foreign_codes_are_compiled_anew(runs: dict[str, dict],
                                                    tmp_path: Path) -> None:
    import marshal

    cache = tmp_path / "cache"
    _keep(tmp_path, cache)
    [kept] = (cache / "havenprint" / "methods").glob("methods-*.marshal")
    codes = marshal.loads(kept.read_bytes())
    text = next(iter(codes))
    kept.write_bytes(marshal.dumps({text: 42, 7: compile("x = 1", "<string>", "exec")}))
    foreign = _methods(tmp_path, "patched", cache)
    assert foreign["read"] == 0 and foreign["methods"] == runs["plain"]["methods"]
    kept.write_bytes(kept.read_bytes()[:-10])  # cut short
    damaged = _methods(tmp_path, "patched", cache)
    assert damaged["read"] == 0 and damaged["methods"] == runs["plain"]["methods"]


def test_another_dataclasses_module_is_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    from generator import compiled_methods
    from generator.engine import current_engine

    engine = current_engine()
    monkeypatch.setattr(dataclasses, "_create_fn", lambda *args, **kwargs: None)
    monkeypatch.delitem(engine.patches, compiled_methods.PATCH, raising=False)
    compiled_methods.install()
    assert engine.patches[compiled_methods.PATCH].startswith("not installed")
    assert "exec" not in vars(dataclasses)
    del engine.patches[compiled_methods.PATCH]
