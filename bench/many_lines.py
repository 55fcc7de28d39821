"""How long `havenprint check` (and `build`) takes for a resources.yaml of many lines.

    .venv/bin/python bench/many_lines.py [--sizes 60,120,240,...] [--build] [--profile]
        [--languages en] [--format all|pocket-card|...]

Each size is a copy of the default kit (English, unless `--languages`) whose resources.yaml
lists that many more lines after its own, as an import of a directory export writes them:
each with its own name, a distinct valid number, hours, languages, a web address and a
`verified` date. Prints one line per size: the lines, the seconds `check` took in this process
(warm: a check of the default kit runs first) and the processor time of this process and
the ones it forked, its exit code, the time's ratio to the
previous size's over the sizes' ratio (1: linear, 2 for a doubling: quadratic), and how many
lines the check said it left out. `--build` times `build --no-previews` instead.
Not a test: figures depend on the machine.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import os
import pstats
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

from sites import local_number

from generator.commands.cli import main

REPO = Path(__file__).resolve().parent.parent
CONTENT = REPO / "content"


def line(index: int) -> str:
    """One hotline, as `havenprint import` writes it, with a number of its own."""
    return (f"  - name: Community Wellness Line {index}\n"
            f"    phone: {local_number(index + 1)}\n"
            f"    hours: Mon-Fri 9am-5pm\n"
            f"    languages: [en, es]\n"
            f"    url: https://example.org/line-{index}\n"
            f"    verified: 2026-11-01\n")


def kit_with(folder: Path, count: int, languages: list[str]) -> Path:
    shutil.copytree(CONTENT, folder)
    site = folder / "site.yaml"
    site.write_text(re.sub(r"^languages: .*$", f"languages: [{', '.join(languages)}]",
                           site.read_text(encoding="utf-8"), flags=re.MULTILINE),
                    encoding="utf-8")
    resources = folder / "resources.yaml"
    resources.write_text(resources.read_text(encoding="utf-8").rstrip("\n") + "\n\n"
                         + "".join(line(index) for index in range(count)), encoding="utf-8")
    return folder


def run_command(argv: list[str]) -> tuple[float, int, str]:
    seconds, _, code, err = timed_command(argv)
    return seconds, code, err


def timed_command(argv: list[str]) -> tuple[float, float, int, str]:
    """Wall and processor seconds (this process and the ones it forked), exit code, stderr."""
    err = io.StringIO()
    start, cpu = time.perf_counter(), _cpu()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(argv)
    return time.perf_counter() - start, _cpu() - cpu, code, err.getvalue()


def _cpu() -> float:
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def command(content: Path, out: Path, build: bool, layout: str) -> list[str]:
    formats = ["--format", layout] if layout != "all" else []
    if build:
        return ["build", str(content), "--out", str(out), "--no-previews", *formats]
    return ["check", str(content), *formats]


def run(sizes: list[int], build: bool, profile: bool, languages: list[str], layout: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        run_command(command(kit_with(root / "warm", 0, languages), root / "out-warm", build,
                            layout))
        previous: tuple[int, float] | None = None
        for size in sizes:
            content = kit_with(root / f"kit-{size}", size, languages)
            profiler = cProfile.Profile() if profile else None
            if profiler:
                profiler.enable()
            seconds, cpu, code, err = timed_command(command(content, root / f"out-{size}",
                                                            build, layout))
            if profiler:
                profiler.disable()
            growth = ""
            if previous:
                growth = f"  growth {(seconds / previous[1]) / (size / previous[0]):.2f}"
            left_out = err.count("left out")
            errors = [text for text in err.splitlines() if ": warning:" not in text
                      and ": note:" not in text and "left out" not in text]
            print(f"{size:>6} lines  {seconds:7.2f} s ({cpu:6.2f} s cpu)  exit {code}{growth}  "
                  f"{left_out} left out  {(errors or [''])[0][-90:]}", flush=True)
            previous = (size, seconds)
            if profiler:
                pstats.Stats(profiler, stream=sys.stdout).sort_stats("cumulative").print_stats(35)


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="60,120,240,480")
    parser.add_argument("--build", action="store_true")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--languages", default="en")
    parser.add_argument("--format", default="all", dest="layout", help="a format, or all")
    return parser.parse_args()


if __name__ == "__main__":
    args = parse()
    run([int(size) for size in args.sizes.split(",")], args.build, args.profile,
        args.languages.split(","), args.layout)
