"""A new `havenprint build --no-previews` process of the default kit against a new Typst
process compiling the peers' 36-PDF kit (issue 31), timed in turn: A B A B ..., the median
of the pair-by-pair ratios of wall-clock and of processor time (user + system).

    ANCHOR_FONT_DIR=/usr/share/fonts/truetype/dejavu .venv/bin/python bench/against_typst.py \
        --anchors /tmp/my-anchors --anchor-python /tmp/anchors-venv/bin/python --pairs 5

`--anchors` is a copy of the peers' folder (`../shared/anchors/`; it writes out/ beside
itself). `--against REV` times havenprint at another commit instead of Typst (a worktree of
it made in a temporary folder).

`--warm` times a PDF in a process that has built the kit once already (issue 41): the
default kit's office PDFs built again `--builds` times in one process (lay out, render,
write, `--jobs 1`), the median build over its PDFs, against Typst's own warm figures (the
peers' `bench.py warm`: each of its three documents compiled again, the same text and new
text, the median of each, averaged), the two in turn `--pairs` times; the ratio is against
Typst's same text, as havenprint's builds are. `--warm --against REV`: the same warm builds
by this commit and by REV, in turn.

`--floor` (against Typst) times the floors in turn too (issue 41): new processes that only
import the libraries a build imports, that only draw the kit's 28 PDFs with ReportLab
(bench/reportlab_floor.py), and that do both; with `--warm`, reportlab_floor.py's warm
milliseconds per PDF. A script, not a test: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import json
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


# Run by a new Python in the repository: the kit built once, then `argv[1]` times; prints the
# median build's milliseconds per PDF.
WARM_BUILDS = """
import statistics, sys, tempfile, time
from pathlib import Path
from generator.render.starters import start
start()
from generator.pipeline.build import BuildRequest
from generator.content.caches import cached_layouts
from generator.pipeline.kit_checks import load_checked_kit
from generator.kit.outputs import build_with_kit_files
from generator.render.targets import Target

def once(out):
    kit = load_checked_kit(Path("content"))
    layouts = tuple(cached_layouts(kit.root).values())
    request = BuildRequest(kit, layouts, tuple(kit.site.options.languages), (Target.OFFICE,),
                           out, jobs=1)
    return len(build_with_kit_files(request, previews=False)[0].written)

with tempfile.TemporaryDirectory() as folder:
    pdfs = once(Path(folder) / "first")
    times, processor = [], []
    for number in range(int(sys.argv[1])):
        start, started = time.perf_counter(), time.process_time()
        once(Path(folder) / str(number))
        times.append(time.perf_counter() - start)
        processor.append(time.process_time() - started)
print(1000 * statistics.median(times) / pdfs, 1000 * statistics.median(processor) / pdfs)
"""


def warm_pairs(args: argparse.Namespace) -> None:
    """havenprint's and Typst's milliseconds per PDF in a warm process, in turn."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    ours, same, new, floor = [], [], [], []
    cpu: dict[str, list[float]] = {"havenprint": [], "floor": [], "Typst": []}
    for _ in range(args.pairs):
        wall_ms, cpu_ms = subprocess.run(
            [sys.executable, "-c", WARM_BUILDS, str(args.builds)], cwd=REPO, env=env,
            check=True, capture_output=True, text=True).stdout.split()[-2:]
        ours.append(float(wall_ms))
        cpu["havenprint"].append(float(cpu_ms))
        if args.floor:
            drawn = json.loads(subprocess.run(
                [sys.executable, str(REPO / "bench" / "reportlab_floor.py"), "--builds",
                 str(args.builds)], cwd=REPO, env=env, check=True, capture_output=True,
                text=True).stdout.splitlines()[-1])
            floor.append(drawn["warm_ms_per_pdf"])
            cpu["floor"].append(drawn["warm_cpu_ms_per_pdf"])
        report = subprocess.run(
            [args.anchor_python, "bench.py", "warm", "7"], cwd=args.anchors,
            env={**os.environ, "BENCH_ENGINES": "ty"}, check=True, capture_output=True,
            text=True).stdout
        medians = json.loads(report)["median_ms"]
        same.append(statistics.mean(medians["same"]["ty"].values()))
        new.append(statistics.mean(medians["salted"]["ty"].values()))
        cpu["Typst"].append(statistics.mean(medians["salted_cpu"]["ty"].values()))
        drawn = f"; the ReportLab floor {floor[-1]:.1f} ms" if floor else ""
        print(f"havenprint {ours[-1]:.1f} ms a PDF{drawn}; Typst {same[-1]:.1f} ms (the same "
              f"text), {new[-1]:.1f} ms (new text)", flush=True)
    ratios = [a / b for a, b in zip(ours, same, strict=True)]
    print(f"\nwarm, per PDF, median of {args.pairs} pairs: havenprint "
          f"{statistics.median(ours):.1f} ms, Typst {statistics.median(same):.1f} ms (the same "
          f"text), {statistics.median(new):.1f} ms (new text); havenprint / Typst (the same "
          f"text) {summary(ratios)}")
    if floor:
        print(f"the ReportLab floor {statistics.median(floor):.1f} ms; floor / Typst (the same "
              f"text) {summary([a / b for a, b in zip(floor, same, strict=True)])}; "
              f"havenprint / floor {summary([a / b for a, b in zip(ours, floor, strict=True)])}")
    # Processor time, less moved by a loaded machine: Typst's bench gives it for new text
    typst = cpu["Typst"]
    print(f"processor ms per PDF: havenprint {statistics.median(cpu['havenprint']):.1f}, "
          f"Typst (new text) {statistics.median(typst):.1f}; havenprint / Typst "
          f"{summary([a / b for a, b in zip(cpu['havenprint'], typst, strict=True)])}")
    if floor:
        print(f"processor ms per PDF: the ReportLab floor {statistics.median(cpu['floor']):.1f};"
              f" floor / Typst (new text) "
              f"{summary([a / b for a, b in zip(cpu['floor'], typst, strict=True)])}; "
              f"havenprint / floor "
              f"{summary([a / b for a, b in zip(cpu['havenprint'], cpu['floor'], strict=True)])}")


def warm_builds(code: Path, builds: int) -> tuple[float, float]:
    """Milliseconds per PDF of a warm build of this repository's content by the code in
    `code`: wall-clock, processor."""
    wall_ms, cpu_ms = subprocess.run(
        [sys.executable, "-c", WARM_BUILDS, str(builds)], cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(code)}, check=True, capture_output=True,
        text=True).stdout.split()[-2:]
    return float(wall_ms), float(cpu_ms)


def warm_against(args: argparse.Namespace) -> None:
    """A warm build per PDF by this commit and by `--against`, in turn (both building this
    repository's content): the ratios of wall-clock and of processor time."""
    with tempfile.TemporaryDirectory(prefix="havenprint-pairs-") as folder:
        other = Path(folder) / "other"
        subprocess.run(["git", "worktree", "add", "--detach", "-q", str(other), args.against],
                       cwd=REPO, check=True)
        try:
            for code in (REPO, other):
                subprocess.run([sys.executable, "-m", "compileall", "-q",
                                str(code / "generator")], check=True)
            walls, processors = [], []
            for _ in range(args.pairs):
                ours, theirs = warm_builds(REPO, args.builds), warm_builds(other, args.builds)
                print(f"havenprint {ours[0]:.1f} ms a PDF ({ours[1]:.1f} ms processor), "
                      f"{args.against} {theirs[0]:.1f} ms ({theirs[1]:.1f} ms)", flush=True)
                walls.append(ours[0] / theirs[0])
                processors.append(ours[1] / theirs[1])
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(other)], cwd=REPO,
                           check=False)
    print(f"\nwarm, per PDF, havenprint / {args.against}, median (range) of {args.pairs} "
          f"pairs: wall {summary(walls)}, processor {summary(processors)}")


def summary(ratios: list[float]) -> str:
    return f"{statistics.median(ratios):.2f} ({min(ratios):.2f}–{max(ratios):.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--anchors", type=Path, help="a copy of the peers' folder")
    parser.add_argument("--anchor-python", default=sys.executable)
    parser.add_argument("--against", help="a commit of havenprint instead of Typst")
    parser.add_argument("--warm", action="store_true",
                        help="per PDF in a warm process, against Typst's warm figure")
    parser.add_argument("--builds", type=int, default=5, help="warm builds per process")
    parser.add_argument("--floor", action="store_true",
                        help="the floors in turn too: a process that only imports the "
                             "libraries a build imports, and bench/reportlab_floor.py")
    args = parser.parse_args()
    if args.warm and args.against:
        warm_against(args)
        return
    if args.warm:
        if args.anchors is None:
            parser.error("--warm needs --anchors (or --against)")
        warm_pairs(args)
        return
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
        floors = new_process_floors(scratch, env) if args.floor and not args.against else {}
        try:
            timed(*a)  # bytecode, font cache, the disk caches
            timed(*b)
            walls, processors = [], []
            against: dict[str, list[float]] = {name: [] for name in ("havenprint", *floors)}
            for _ in range(args.pairs):
                first = timed(*a)
                others = {name: timed(*floor) for name, floor in floors.items()}
                second = timed(*b)
                print(f"havenprint {first.wall:.2f} s ({first.processor:.2f} s processor), "
                      + "".join(f"{name} {one.wall:.2f} s ({one.processor:.2f} s), "
                                for name, one in others.items())
                      + f"{label} {second.wall:.2f} s ({second.processor:.2f} s)", flush=True)
                walls.append(first.wall / second.wall)
                processors.append(first.processor / second.processor)
                for name, one in (("havenprint", first), *others.items()):
                    against[name].append(one.processor / second.processor)
        finally:
            if args.against:
                subprocess.run(["git", "worktree", "remove", "--force", str(other)],
                               cwd=REPO, check=False)
    print(f"\nhavenprint / {label}, median (range) of {args.pairs} pairs: "
          f"wall {summary(walls)}, processor {summary(processors)}")
    for name, ratios in against.items():
        if floors:
            print(f"{name} / {label}, processor: {summary(ratios)}")


def new_process_floors(scratch: Path, env: dict[str, str]) -> dict[str, tuple[list[str], Path,
                                                                             dict[str, str]]]:
    """The floors as new processes: one that only imports the libraries the build imports
    (fresh_process.py's list, read from the build's `-X importtime` report);
    bench/reportlab_floor.py drawing the kit's 28 PDFs from its operations (ReportLab only);
    and the two in one process: what no new process building the kit with these libraries
    can go below, before any of its own modules, content, layout or checks."""
    sys.path.insert(0, str(REPO / "bench"))
    from fresh_process import library_imports

    build = havenprint(REPO, scratch / "imports")
    report = subprocess.run([sys.executable, "-X", "importtime", *build[1:]], cwd=REPO,
                            env=env, check=True, capture_output=True, text=True).stderr
    imports = f"import {', '.join(library_imports(report))}\n"
    spec = scratch / "floor.json"
    script = REPO / "bench" / "reportlab_floor.py"
    subprocess.run([sys.executable, str(script), "--spec-out", str(spec)], cwd=REPO, env=env,
                   check=True)
    both = (f"{imports}import runpy, sys\nsys.argv = [{str(script)!r}, '--from-spec', "
            f"{str(spec)!r}]\nrunpy.run_path({str(script)!r}, run_name='__main__')")
    return {"imports only": ([sys.executable, "-c", imports + "import os\nos._exit(0)"], REPO,
                             env),
            "ReportLab floor": ([sys.executable, str(script), "--from-spec", str(spec)], REPO,
                                env),
            "imports + ReportLab floor": ([sys.executable, "-c", both], REPO, env)}


if __name__ == "__main__":
    main()
