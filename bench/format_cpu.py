"""Processor time of one format's build, format by format, for two source trees in turn.

    .venv/bin/python bench/format_cpu.py [--against DIR] [--kit DIR] [--runs 3] [--format F]

Each run is a new `havenprint build KIT --out TMP --format F --no-previews --jobs 1`
process (the font cache warm), timed by its user CPU (`resource.getrusage` of the child:
what `/usr/bin/time -f %U` reports). `--against DIR`: a checkout of another commit (for
example `git archive 19acfa4 | tar -x -C /tmp/base`), whose `generator` package is imported
in its place, run in turn with this tree's (A B A B ...): on a loaded machine the two see
the same load. The least of `--runs` runs is reported. `--kit`: the content folder (the
default kit by default; copy content/ and set `languages:` for another mix). Prints a
Markdown table. Not a test: figures depend on the machine.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORMATS = ("pocket-card", "pocket-fold", "sticker", "poster", "brochure", "safety-plan",
           "large-print")


def user_cpu(tree: Path, kit: Path, fmt: str | None) -> float:
    """The user CPU of one build of `kit` (one format, or all) with `tree`'s generator."""
    with tempfile.TemporaryDirectory(prefix="format-cpu-") as out:
        command = [sys.executable, "-m", "generator", "build", str(kit), "--out", out,
                   "--no-previews", "--jobs", "1"]
        if fmt:
            command += ["--format", fmt]
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
        subprocess.run(command, cwd=tree, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, env={**os.environ, "PYTHONPATH": str(tree)})
        return resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--against", type=Path, help="another checkout, timed in turn")
    parser.add_argument("--kit", type=Path, default=ROOT / "content")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--format", action="append", dest="formats")
    args = parser.parse_args()
    trees = [("this tree", ROOT)]
    if args.against:
        trees.insert(0, (str(args.against), args.against.resolve()))
    formats = [*(args.formats or FORMATS), None]
    kit = args.kit.resolve()
    print(f"kit: {kit}; least user CPU of {args.runs} runs, seconds\n")
    print("| format | " + " | ".join(name for name, _ in trees) + " |")
    print("|---|" + "---:|" * len(trees))
    for fmt in formats:
        best = [float("inf")] * len(trees)
        for _ in range(args.runs):
            for index, (_, tree) in enumerate(trees):
                best[index] = min(best[index], user_cpu(tree, kit, fmt))
        row = " | ".join(f"{seconds:.2f}" for seconds in best)
        print(f"| {fmt or 'every format'} | {row} |", flush=True)


if __name__ == "__main__":
    main()
