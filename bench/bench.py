"""How long havenprint takes: per document, per kit, per batch of sites, against a baseline.

    .venv/bin/python bench/bench.py [--runs 5] [--sites 1,10,100] [--with-1000] [--profile]

Every format, office target. Times are medians of `--runs` runs in a warm process (fonts
registered, caches filled, as in a batch worker), except "fresh CLI", a new process each
time, and batches, which run `havenprint batch` as a subprocess (its process pool included).
Peak memory is ru_maxrss: of this process, and of each batch with its workers (wait4).
Prints Markdown tables. Not a test: figures depend on the machine.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from baseline import baseline_sheet
from baseline import register_fonts as register_baseline_fonts
from sites import make_sites

from generator.build import build, lay_out, render_pdf
from generator.caches import cached_layouts
from generator.content import load_kit
from generator.fonts import register_fonts
from generator.models import Kit
from generator.outputs import write_kit_files
from generator.previews import render_previews

REPO = Path(__file__).resolve().parent.parent
CONTENT = REPO / "content"


def median_seconds(work: Callable[[], object], runs: int, warm: bool = True) -> float:
    if warm:
        work()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def build_kit(content: Path, out: Path, previews: bool = True) -> int:
    """Load, lay out, render and write every format (office), as `havenprint build` does."""
    kit = load_kit(content)
    layouts = list(cached_layouts(content).values())
    langs = list(kit.site.languages)
    result = build(kit, layouts, langs, ("office",), out)
    write_kit_files(kit, layouts, langs, ("office",), result, out, previews=previews)
    return len(result.written)


def per_document(kit: Kit, runs: int, scratch: Path) -> list[tuple[str, float, float, float]]:
    rows = []
    lang = kit.site.languages[0]
    for name, layout in cached_layouts(kit.root).items():
        laid = lay_out(kit, layout, lang)
        pdf = render_pdf(kit, laid, "office")
        rows.append((name,
                     median_seconds(lambda layout=layout: lay_out(kit, layout, lang), runs),
                     median_seconds(lambda laid=laid: render_pdf(kit, laid, "office"), runs),
                     median_seconds(lambda pdf=pdf, name=name: render_previews(
                         pdf, scratch / "previews", name), runs)))
    return rows


def run_batch(sites: Path, out: Path, jobs: int) -> tuple[float, float]:
    """Wall seconds and peak RSS (MiB, the largest of the batch process and its workers)."""
    shutil.rmtree(out, ignore_errors=True)
    command = [sys.executable, "-m", "generator", "batch", str(sites), "--out", str(out),
               "--target", "office", "--jobs", str(jobs)]
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"batch of {sites} failed:\n{process.stderr.read().decode()}")
    return wall, usage.ru_maxrss / 1024


def fresh_cli(content: Path, out: Path, runs: int) -> float:
    command = [sys.executable, "-m", "generator", "build", str(content), "--out", str(out),
               "--target", "office"]
    return median_seconds(lambda: subprocess.run(command, check=True, capture_output=True),
                          runs, warm=False)


def profile(content: Path, out: Path, top: int) -> None:
    build_kit(content, out)  # warm
    profiler = cProfile.Profile()
    profiler.runcall(build_kit, content, out)
    for order in ("tottime", "cumulative"):
        print(f"\n### cProfile, one warm kit build, by {order}\n\n```")
        pstats.Stats(profiler, stream=sys.stdout).strip_dirs().sort_stats(order).print_stats(top)
        print("```")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per in-process figure")
    parser.add_argument("--batch-runs", type=int, default=3, help="runs per batch under 100")
    parser.add_argument("--sites", default="1,10,100", help="batch sizes, comma-separated")
    parser.add_argument("--with-1000", action="store_true", help="also a batch of 1000 sites")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--langs", default="en", help="languages of the generated sites")
    parser.add_argument("--profile", action="store_true", help="cProfile a warm kit build")
    args = parser.parse_args()
    register_fonts()
    register_baseline_fonts()
    with tempfile.TemporaryDirectory(prefix="havenprint-bench-") as folder:
        scratch = Path(folder)
        if args.profile:
            profile(CONTENT, scratch / "profile", 25)
            return
        report(args, scratch)


def report(args: argparse.Namespace, scratch: Path) -> None:
    kit = load_kit(CONTENT)
    cpu = os.cpu_count()
    print(f"## havenprint benchmark\n\nPython {sys.version.split()[0]}, {cpu} core(s); "
          f"medians of {args.runs} runs; office target, every format.\n")
    print("| document | lay out | render PDF | PNG previews |\n|---|---:|---:|---:|")
    rows = per_document(kit, args.runs, scratch)
    for name, laid, rendered, previews in rows:
        print(f"| {name} | {laid * 1000:.0f} ms | {rendered * 1000:.0f} ms "
              f"| {previews * 1000:.0f} ms |")
    card = next(row for row in rows if row[0] == "pocket-card")
    base = median_seconds(baseline_sheet, args.runs)
    print(f"\nBaseline, bare ReportLab 10-up card sheet: {base * 1000:.0f} ms; havenprint's "
          f"pocket card (lay out + render): {(card[1] + card[2]) * 1000:.0f} ms, "
          f"{(card[1] + card[2]) / base:.1f} x the baseline.\n")
    docs = build_kit(CONTENT, scratch / "kit")
    kit_time = median_seconds(lambda: build_kit(CONTENT, scratch / "kit"), args.runs)
    bare = median_seconds(lambda: build_kit(CONTENT, scratch / "kit", False), args.runs)
    cli = fresh_cli(CONTENT, scratch / "cli", max(1, args.runs // 2))
    print(f"| kit ({docs} PDFs, {len(kit.site.languages)} language(s)) | time |\n|---|---:|\n"
          f"| warm, with previews, index, manifest | {kit_time:.2f} s |\n"
          f"| warm, --no-previews | {bare:.2f} s |\n| fresh CLI process | {cli:.2f} s |\n")
    sizes = [int(size) for size in args.sites.split(",") if size] + [1000] * args.with_1000
    print(f"| sites (--jobs {args.jobs}) | runs | wall | per site | peak RSS |\n"
          "|---:|---:|---:|---:|---:|")
    for count in sizes:
        sites = make_sites(scratch / f"sites-{count}", CONTENT, count, args.langs.split(","))
        runs = args.batch_runs if count < 100 else 1
        results = [run_batch(sites, scratch / f"out-{count}", args.jobs) for _ in range(runs)]
        wall = statistics.median(r[0] for r in results)
        print(f"| {count} | {runs} | {wall:.1f} s | {wall / count:.2f} s "
              f"| {max(r[1] for r in results):.0f} MiB |", flush=True)
    self_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"\nPeak RSS: this process {self_rss:.0f} MiB, largest child {children:.0f} MiB.")


if __name__ == "__main__":
    main()
