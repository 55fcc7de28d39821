"""How long a new `havenprint build --no-previews` process takes for the default kit, and how
much of it is importing: what each library costs to import.

    .venv/bin/python bench/fresh_process.py [--runs 7] [--lang en] [--top 15]

Wall time: the whole process (start, imports, fonts, building, writing), median of
`--runs`. Import time: the same command under `python -X importtime`, which reports each
module as it is imported, during the build too; the total is the sum of the top-level
imports, and each library's share the sum of its modules' own times. Medians of `--runs`.

The floor: a new Python process that only starts, and one that only imports the libraries
the build imports (the modules havenprint's own code imports, read from the build's import
report, not listed here): no kit can build faster than its libraries load.

Where a fresh process's time goes, step by step (`--steps`, the default kit built in one
process, `--jobs 1`, so that the steps follow each other): starting Python, importing the
command line, the engine (ReportLab, the default faces registered, its shaped text checked), the
build's own modules and libraries, loading the content, then each PDF's lay out and render
(faces registered on the way counted apart: ReportLab parsing TrueType), and writing the kit.

Both are measured with havenprint's bytecode compiled once (as an installed wheel has it)
and, on a second line, compiled from source in every process, as an editable install runs
where PYTHONDONTWRITEBYTECODE is set; the libraries' bytecode is compiled once in both.
Prints Markdown. Not a test: figures depend on the machine and on what else runs on it.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CONTENT = REPO / "content"
_ROW = re.compile(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)")


def command(out: Path, langs: list[str], importtime: bool) -> list[str]:
    flags = ["-X", "importtime"] if importtime else []
    chosen = [part for lang in langs for part in ("--lang", lang)]
    return [sys.executable, *flags, "-m", "generator", "build", str(CONTENT), "--out",
            str(out), "--no-previews", *chosen]


def environment(pycache: Path, write: bool) -> dict[str, str]:
    """Bytecode read from `pycache` (the standard library's and every library's too), and
    written there unless `write` is false."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONPYCACHEPREFIX": str(pycache)}
    if write:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def wall_seconds(out: Path, langs: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(command(out, langs, False), check=True, capture_output=True, env=env,
                   cwd=REPO)
    return time.perf_counter() - start


def import_report(out: Path, langs: list[str], env: dict[str, str]) -> str:
    return subprocess.run(command(out, langs, True), check=True, capture_output=True,
                          env=env, cwd=REPO, text=True).stderr


def import_times(report: str) -> tuple[float, dict[str, float]]:
    """Seconds importing in all, and seconds per top-level package (its modules' own time)."""
    total = 0.0
    by_package: defaultdict[str, float] = defaultdict(float)
    for own, cumulative, indent, name in _ROW.findall(report):
        if len(indent) == 1:
            total += int(cumulative) / 1e6
        by_package[_package(name)] += int(own) / 1e6
    return total, by_package


def library_imports(report: str) -> list[str]:
    """The other libraries' modules that havenprint's code imports itself (or that are
    imported while it runs, outside any module's import), in the order first imported."""
    rows = _ROW.findall(report)
    ancestors: list[tuple[int, str]] = []  # the report lists a module after what it imports
    found: list[str] = []
    for _, _, indent, name in reversed(rows):
        while ancestors and ancestors[-1][0] >= len(indent):
            ancestors.pop()
        parent = ancestors[-1][1] if ancestors else None
        ancestors.append((len(indent), name))
        if name.startswith(("_", "generator")) or _package(name) == "(standard library)":
            continue
        if parent is None or parent.startswith("generator"):
            found.append(name)
    return list(dict.fromkeys(reversed(found)))


def process_seconds(code: str, env: dict[str, str]) -> float:
    """A new process running `code`, leaving as havenprint does (without the teardown)."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", f"{code}\nimport os\nos._exit(0)"], check=True,
                   env=env, cwd=REPO)
    return time.perf_counter() - start


def second_build_seconds(out: Path, langs: list[str], env: dict[str, str]) -> float:
    """The build run twice in one process: how long the second took (what is left of the
    work once every import, font and cache is ready)."""
    args = command(out, langs, False)[3:]  # after `python -m generator`
    code = ("import sys, time\nfrom generator.commands.launch import command_line\n"
            "main = command_line().main\n"
            f"main({args!r})\nstart = time.perf_counter()\nmain({args!r})\n"
            "print(time.perf_counter() - start, file=sys.stderr)")
    report = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                            env=env, cwd=REPO, text=True).stderr
    return float(report.split()[-1])


# Run in a new process: the build, every step timed (seconds since the process started).
STEPS = """
import json, os, sys, time
started = time.perf_counter()
steps = []
def step(name, since):
    steps.append((name, time.perf_counter() - since))
from generator.commands.launch import command_line  # as the havenprint command starts
cli = command_line()
step("import the command line", started)
since = time.perf_counter()
from generator.render.starters import start
start()
step("start the engine: ReportLab, default faces, its shaped text checked", since)
since = time.perf_counter()
import generator.commands.build_command as command
import generator.pipeline.build as build
import generator.i18n.fonts as fonts
step("import the build (havenprint's modules, jinja2, babel...)", since)
def timed(owner, name, label):
    original = getattr(owner, name)
    def run(*args, **kwargs):
        since = time.perf_counter()
        result = original(*args, **kwargs)
        step(label(*args), since)
        return result
    setattr(owner, name, run)
timed(command, "load_checked_kit", lambda *args: "load the content")
timed(build, "checked_lay_out", lambda kit, layout, lang: f"lay out {layout.name} ({lang})")
timed(build, "drawn_pdf",
      lambda kit, laid, target, *rest: f"render {laid.layout.name} ({laid.lang})")
timed(fonts, "_register", lambda *args: "register a face (TrueType parsed)")
since = time.perf_counter()
cli.main(sys.argv[1:])
step("the whole build command", since)
print(json.dumps(steps), file=sys.stderr)
os._exit(0)
"""


def step_seconds(out: Path, langs: list[str], env: dict[str, str]) -> list[tuple[str, float]]:
    """One new process building the kit in one process, its steps timed."""
    args = command(out, langs, False)[3:] + ["--jobs", "1"]  # after `python -m generator`
    report = subprocess.run([sys.executable, "-c", STEPS, *args], check=True,
                            capture_output=True, env=env, cwd=REPO, text=True).stderr
    return [(name, seconds) for name, seconds in json.loads(report.splitlines()[-1])]


def print_steps(runs: int, langs: list[str], env: dict[str, str], scratch: Path) -> None:
    """Medians over `runs` new processes of each step; faces registered during the build
    are counted apart and left out of the document they were registered for."""
    out = scratch / "steps"
    step_seconds(out, langs, env)  # bytecode, font cache
    totals: defaultdict[str, list[float]] = defaultdict(list)
    starts = []
    for _ in range(runs):
        starts.append(process_seconds("pass", env))
        seen: defaultdict[str, float] = defaultdict(float)
        faces = 0.0
        for name, seconds in step_seconds(out, langs, env):
            if name.startswith("register"):
                faces += seconds
                continue
            if name.startswith(("lay out", "render")):
                seconds -= faces  # the faces it registered on the way
                seen["faces registered while building"] += faces
                faces = 0.0
            seen[name] += seconds
        seen["faces registered while building"] += faces
        inside = sum(seconds for name, seconds in seen.items()
                     if name.startswith(("load", "lay out", "render", "faces")))
        seen["the rest of the build: checks, index, manifest, writing the kit"] = (
            seen.pop("the whole build command") - inside)
        for name, seconds in seen.items():
            totals[name].append(seconds)
    print("\n| step of a new process (`--jobs 1`) | median | min-max |\n|---|---:|---:|")
    print(f"| start Python (a process that does nothing) | {statistics.median(starts):.3f} s "
          f"| {min(starts):.3f}-{max(starts):.3f} |")
    for name, values in totals.items():
        print(f"| {name} | {statistics.median(values):.3f} s "
              f"| {min(values):.3f}-{max(values):.3f} |")


def _package(module: str) -> str:
    """havenprint's modules by stage folder, other libraries by name, and the standard
    library as one."""
    parts = module.split(".")
    if parts[0] == "generator":
        return ".".join(parts[:2])
    return "(standard library)" if parts[0] in sys.stdlib_module_names else parts[0]


@dataclass
class Measured:
    wall: float  # the whole build process
    importing: float  # of which importing (python -X importtime)
    shares: dict[str, float]  # seconds importing per library
    start: float  # a process that does nothing
    libraries: float  # a process that imports the libraries the build imports, only
    again: float  # the same build again in the same process: every cache warm


def measure(runs: int, langs: list[str], env: dict[str, str],
            scratch: Path) -> Measured:
    out = scratch / "out"
    wall_seconds(out, langs, env)  # writes the bytecode, fills the font cache
    libraries = "import " + ", ".join(library_imports(import_report(out, langs, env)))
    walls, totals, starts, floors, agains = [], [], [], [], []
    shares: list[dict[str, float]] = []
    for _ in range(runs):  # interleaved, so that a busy moment touches all alike
        walls.append(wall_seconds(out, langs, env))
        total, by_package = import_times(import_report(out, langs, env))
        totals.append(total)
        shares.append(by_package)
        starts.append(process_seconds("pass", env))
        floors.append(process_seconds(libraries, env))
        agains.append(second_build_seconds(out, langs, env))
    names = {name for share in shares for name in share}
    median_share = {name: statistics.median(share.get(name, 0.0) for share in shares)
                    for name in names}
    return Measured(statistics.median(walls), statistics.median(totals), median_share,
                    statistics.median(starts), statistics.median(floors),
                    statistics.median(agains))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--lang", action="append", dest="langs", default=[],
                        help="only this language (repeatable; default: the kit's)")
    parser.add_argument("--top", type=int, default=15, help="libraries listed")
    parser.add_argument("--steps", action="store_true",
                        help="only: where a new process's time goes, step by step")
    args = parser.parse_args()
    if args.steps:
        with tempfile.TemporaryDirectory(prefix="havenprint-steps-") as folder:
            scratch = Path(folder)
            print_steps(args.runs, args.langs, environment(scratch / "pycache", True), scratch)
        return
    kit = ", ".join(args.langs) if args.langs else "every language it lists"
    print(f"## A new `havenprint build --no-previews` process\n\nThe default kit in {kit}, "
          f"Python {sys.version.split()[0]}, {os.cpu_count()} core(s); medians of "
          f"{args.runs} runs.\n")
    print("| havenprint's bytecode | whole process | importing |\n|---|---:|---:|")
    with tempfile.TemporaryDirectory(prefix="havenprint-fresh-") as folder:
        scratch = Path(folder)
        pycache = scratch / "pycache"
        compiled = measure(args.runs, args.langs, environment(pycache, True), scratch)
        shutil.rmtree(pycache / REPO.relative_to(REPO.anchor))  # havenprint's own bytecode
        source = measure(args.runs, args.langs, environment(pycache, False), scratch)
    for label, measured in (("compiled once (installed)", compiled),
                            ("compiled in every process", source)):
        print(f"| {label} | {measured.wall:.2f} s | {measured.importing:.2f} s |")
    print("\n| a new process that only | time |\n|---|---:|")
    print(f"| starts Python | {compiled.start:.2f} s |")
    print(f"| imports the libraries the build imports | {compiled.libraries:.2f} s |")
    print(f"| (the build again in the same process, every cache warm) | {compiled.again:.2f} s |")
    shares = sorted(compiled.shares.items(), key=lambda share: -share[1])
    print("\n| imported (bytecode compiled) | own time |\n|---|---:|")
    for name, seconds in shares[:args.top]:
        print(f"| {name} | {seconds * 1000:.0f} ms |")
    rest = sum(seconds for _, seconds in shares[args.top:])
    print(f"| everything else | {rest * 1000:.0f} ms |")


if __name__ == "__main__":
    main()
