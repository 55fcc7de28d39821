"""A new `havenprint build --no-previews` process of the default kit against a new Typst
process compiling the peers' 36-PDF kit (issue 31), timed in turn: A B A B ..., the median
of the pair-by-pair ratios of wall-clock and of processor time (user + system).

    ANCHOR_FONT_DIR=/usr/share/fonts/truetype/dejavu .venv/bin/python bench/against_typst.py \
        --anchors /tmp/my-anchors --anchor-python /tmp/anchors-venv/bin/python --pairs 5

`--anchors` is a copy of the peers' folder (`../shared/anchors/`; it writes out/ beside
itself). `--against REV` times havenprint at another commit instead of Typst (a worktree of
it made in a temporary folder). A script, not a test: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Timed:
    wall: float
    processor: float  # user + system, of the process and what it waited for


def timed(argv: Sequence[str], cwd: Path, env: dict[str, str]) -> Timed:
    """One new process, from outside: its wall-clock and processor seconds."""
    start = time.perf_counter()
    child = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise SystemExit(f"{argv[:3]} failed with {child.returncode}")
    return Timed(wall, usage.ru_utime + usage.ru_stime)


def havenprint(repo: Path, out: Path) -> list[str]:
    """The build of the default kit (this repository's content) by the code in `repo`."""
    return [sys.executable, "-m", "generator", "build", str(REPO / "content"), "--out",
            str(out), "--no-previews"]


def summary(ratios: list[float]) -> str:
    return f"{statistics.median(ratios):.2f} ({min(ratios):.2f}–{max(ratios):.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--anchors", type=Path, help="a copy of the peers' folder")
    parser.add_argument("--anchor-python", default=sys.executable)
    parser.add_argument("--against", help="a commit of havenprint instead of Typst")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="havenprint-pairs-") as folder:
        scratch = Path(folder)
        env = {**os.environ, "PYTHONPATH": str(REPO)}
        # Both sides from compiled bytecode: with PYTHONDONTWRITEBYTECODE set (some shells
        # set it), the modules edited since the last compile would be compiled again in
        # every process timed, and only on this side.
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(REPO / "generator")],
                       check=True)
        a = (havenprint(REPO, scratch / "a"), REPO, env)
        if args.against:
            other = scratch / "other"
            subprocess.run(["git", "worktree", "add", "--detach", "-q", str(other),
                            args.against], cwd=REPO, check=True)
            subprocess.run([sys.executable, "-m", "compileall", "-q",
                            str(other / "generator")], check=True)
            b = (havenprint(other, scratch / "b"), other, {**os.environ,
                                                            "PYTHONPATH": str(other)})
            label = args.against
        else:
            if args.anchors is None:
                parser.error("--anchors (or --against) is needed")
            b = ([args.anchor_python, "bench.py", "kit", "ty"], args.anchors,
                 {**os.environ, "BENCH_ENGINES": "ty"})
            label = "Typst"
        try:
            timed(*a)  # bytecode, font cache, the disk caches
            timed(*b)
            walls, processors = [], []
            for _ in range(args.pairs):
                first, second = timed(*a), timed(*b)
                print(f"havenprint {first.wall:.2f} s ({first.processor:.2f} s processor), "
                      f"{label} {second.wall:.2f} s ({second.processor:.2f} s)", flush=True)
                walls.append(first.wall / second.wall)
                processors.append(first.processor / second.processor)
        finally:
            if args.against:
                subprocess.run(["git", "worktree", "remove", "--force", str(other)],
                               cwd=REPO, check=False)
    print(f"\nhavenprint / {label}, median (range) of {args.pairs} pairs: "
          f"wall {summary(walls)}, processor {summary(processors)}")


if __name__ == "__main__":
    main()
