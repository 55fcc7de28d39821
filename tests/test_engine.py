"""The engine owns what a process keeps: patches checked before they go in, bounded caches,
and memory that stays flat over thousands of builds (the web page's server)."""

from __future__ import annotations

import ast
import importlib
import json
import pkgutil
import subprocess
import sys

import generator
import generator.render.patches
from generator.engine import Engine, current_engine, engine
from generator.render.patches import PATCHES, Patch, fingerprint, install
from tests.conftest import DEFAULT_CONTENT, REPO


def test_every_patch_matches_the_library_it_patches_here() -> None:
    """A ReportLab release within the pinned range that changes a patched function fails
    here, before anyone relies on a patch that was left off."""
    assert set(engine().patches) == {patch.name for patch in PATCHES}
    assert set(engine().patches.values()) == {"installed"}


class _Library:
    @staticmethod
    def work(value: int) -> int:
        return value + 1


def test_a_patch_written_for_other_code_is_left_off_and_said() -> None:
    patch = Patch("doubled work", _Library, "work", "0123456789abcdef",
                  lambda original, engine: lambda value: 2 * original(value))
    outcome = install(Engine(), (patch,))
    assert _Library.work(1) == 2  # untouched
    assert outcome["doubled work"].startswith(
        "_Library.work is not the code it was written for (fingerprint ")
    said: list[str] = []
    right = Patch("doubled work", _Library, "work", fingerprint(_Library.__dict__["work"]),
                  patch.make)
    original, generator.render.patches.PATCHES = generator.render.patches.PATCHES, (patch,)
    try:
        Engine(verbose=said.append).start()
    finally:
        generator.render.patches.PATCHES = original
    assert said and said[0].startswith("patch 'doubled work' left off: _Library.work is not")
    assert install(Engine(), (right,)) == {"doubled work": "installed"}
    assert _Library.work(1) == 4


def test_the_command_line_says_which_patch_it_left_off() -> None:
    script = (
        "import sys, generator.render.patches as p\n"
        "p.PATCHES = (p.Patch('rise fix', p.PDFTextObject, 'setRise', '0' * 16, p._rise_fix),)\n"
        "from generator.commands.cli import main\n"
        "sys.exit(main(['--verbose', 'check', sys.argv[1], '--format', 'pocket-card',"
        " '--lang', 'en']))\n")
    result = subprocess.run([sys.executable, "-c", script, str(DEFAULT_CONTENT)], cwd=REPO,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "havenprint: patch 'rise fix' left off: PDFTextObject.setRise is not the code" \
        in result.stderr


def test_every_cache_has_a_bound() -> None:
    for module in pkgutil.walk_packages(generator.__path__, "generator."):
        if module.name != "generator.__main__":  # commands import their modules as they run
            importlib.import_module(module.name)
    sizes = current_engine().cache_sizes()
    assert len(sizes) > 40
    unbounded = [name for name, (_, bound) in sizes.items()
                 if (bound is None or bound <= 0) and name != "font files"]
    assert unbounded == []


def test_no_module_keeps_mutable_state_of_its_own() -> None:
    """Outside generator/engine.py, no module-level name is bound to a new dict, list or set
    (constants are tuples, frozensets, or dicts and sets written out in full)."""
    offenders = []
    for path in sorted((REPO / "generator").rglob("*.py")):
        if path.name == "engine.py":
            continue
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
            empty = (isinstance(value, ast.Dict | ast.List | ast.Set) and not (
                getattr(value, "keys", None) or getattr(value, "elts", None))) or (
                isinstance(value, ast.Call) and isinstance(value.func, ast.Name)
                and value.func.id in ("dict", "list", "set", "OrderedDict") and not value.args)
            if empty:
                offenders.append(f"{path.relative_to(REPO)}:{node.lineno}")
    assert offenders == []


# Lays a card out and draws it `rounds` times, each with a card line of its own (as a
# volunteer typing on the web page makes every build new), and prints the memory in use
# (VmRSS, KiB) after the first tenth and at the end.
MANY_BUILDS = """
import json, sys
import generator.engine  # every bound a hundredth, before any cache is made
generator.engine._bound = lambda maxsize: max(1, round(maxsize * 0.01))
from dataclasses import replace
from pathlib import Path
from generator.build import lay_out, render_pdf
from generator.content.caches import cached_layouts
from generator.content.load import load_kit
from generator.engine import engine
engine()
kit = load_kit(Path(sys.argv[1]))
layout = cached_layouts(kit.root)["pocket-card"]
rounds = int(sys.argv[2])
peaks = []
for number in range(rounds):
    article = kit.articles["en"]
    line = f"You are not alone ({number}), and what you feel makes sense."
    changed = replace(kit, articles={"en": replace(article, card_line=line)})
    render_pdf(changed, lay_out(changed, layout, "en"), "office")
    if number + 1 in (rounds // 10, rounds):
        status = Path("/proc/self/status").read_text().split("VmRSS:")[1]
        peaks.append(int(status.split()[0]))
print(json.dumps(peaks))
"""


def test_memory_stays_flat_over_many_builds() -> None:
    """With every cache bound a hundredth of its size (full after a few dozen builds),
    nothing else may grow: not ReportLab's registries, not the fonts, not the engine."""
    result = subprocess.run([sys.executable, "-c", MANY_BUILDS, str(DEFAULT_CONTENT), "1000"],
                            cwd=REPO, capture_output=True, text=True, check=True)
    early, late = json.loads(result.stdout)  # KiB
    assert late - early < 1024, f"grew {(late - early) / 1024:.1f} MiB over 900 builds"


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
