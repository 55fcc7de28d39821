"""How long a new `havenprint build --no-previews` process takes for the default kit, and how
much of it is importing: what each library costs to import.

    .venv/bin/python bench/fresh_process.py [--runs 7] [--lang en] [--top 15]

Wall time: the whole process (start, imports, fonts, building, writing), median of
`--runs`. Import time: the same command under `python -X importtime`, which reports each
module as it is imported, during the build too; the total is the sum of the top-level
imports, and each library's share the sum of its modules' own times. Medians of `--runs`.

Both are measured with havenprint's bytecode compiled once (as an installed wheel has it)
and, on a second line, compiled from source in every process, as an editable install runs
where PYTHONDONTWRITEBYTECODE is set; the libraries' bytecode is compiled once in both.
Prints Markdown. Not a test: figures depend on the machine and on what else runs on it.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
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


def import_times(out: Path, langs: list[str], env: dict[str, str]) -> tuple[float, Counter]:
    """Seconds importing in all, and seconds per top-level package (its modules' own time)."""
    report = subprocess.run(command(out, langs, True), check=True, capture_output=True,
                            env=env, cwd=REPO, text=True).stderr
    total, by_package = 0.0, Counter[str]()
    for own, cumulative, indent, name in _ROW.findall(report):
        if len(indent) == 1:
            total += int(cumulative) / 1e6
        by_package[_package(name)] += int(own) / 1e6
    return total, by_package


def _package(module: str) -> str:
    """havenprint's modules by stage folder, other libraries by name, and the standard
    library as one."""
    parts = module.split(".")
    if parts[0] == "generator":
        return ".".join(parts[:2])
    return "(standard library)" if parts[0] in sys.stdlib_module_names else parts[0]


def measure(runs: int, langs: list[str], env: dict[str, str],
            scratch: Path) -> tuple[float, float, Counter]:
    out = scratch / "out"
    wall_seconds(out, langs, env)  # writes the bytecode, fills the font cache
    walls, totals, shares = [], [], []
    for _ in range(runs):
        walls.append(wall_seconds(out, langs, env))
        total, by_package = import_times(out, langs, env)
        totals.append(total)
        shares.append(by_package)
    names = {name for share in shares for name in share}
    median_share = Counter({name: statistics.median(share.get(name, 0.0) for share in shares)
                            for name in names})
    return statistics.median(walls), statistics.median(totals), median_share


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--lang", action="append", dest="langs", default=[],
                        help="only this language (repeatable; default: the kit's)")
    parser.add_argument("--top", type=int, default=15, help="libraries listed")
    args = parser.parse_args()
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
    for label, (wall, total, _) in (("compiled once (installed)", compiled),
                                    ("compiled in every process", source)):
        print(f"| {label} | {wall:.2f} s | {total:.2f} s |")
    shares = compiled[2]
    print("\n| imported (bytecode compiled) | own time |\n|---|---:|")
    for name, seconds in shares.most_common(args.top):
        print(f"| {name} | {seconds * 1000:.0f} ms |")
    rest = sum(seconds for _, seconds in shares.most_common()[args.top:])
    print(f"| everything else | {rest * 1000:.0f} ms |")


if __name__ == "__main__":
    main()
