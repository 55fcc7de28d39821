"""How long havenprint takes: per document, per kit, per batch of sites, against a baseline.

    .venv/bin/python bench/bench.py [--runs 5] [--sites 1,10,100] [--with-1000] [--profile]
    .venv/bin/python bench/bench.py --quick   # every table once, small (under a minute)

Every format, office target. The kit is the default kit in every language it has an article
for (12). Times are medians of `--runs` runs in a warm process (fonts registered, caches
filled, as in a batch worker), except "new process", a fresh `havenprint build` each time,
and batches, which run `havenprint batch` as a subprocess (its process pool included).
Peak memory: ru_maxrss of this process; VmHWM of each batch process and its workers.
Batches also report their processor time (the batch and its workers), and that time
divided by the machine's cores: no scheduling can make the batch faster than that (a
worker's preview thread can use a core of its own, so fewer jobs than cores do not lower
the divisor).
`--quick` runs every part once at its smallest (one run each, the default kit's own
languages, batches of 2 sites, a languages batch of en and ar with the font cache as it is):
CI runs it so that the script cannot break unseen; its figures are not the ones to quote.
Prints Markdown tables. Not a test: figures depend on the machine.
"""

from __future__ import annotations

import argparse
import cProfile
import functools
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
from dataclasses import dataclass
from pathlib import Path

from baseline import baseline_sheet
from baseline import register_fonts as register_baseline_fonts
from sites import make_language_sites, make_sites

from generator.content.caches import cached_layouts
from generator.content.kit_parts import ARTICLE_SUFFIXES
from generator.content.models import Kit
from generator.i18n.fonts import SITE_FONT_LANGUAGES
from generator.kit.outputs import build_with_kit_files
from generator.kit.previews import render_previews
from generator.pipeline.build import BuildRequest, lay_out
from generator.pipeline.kit_checks import load_checked_kit
from generator.render.pdf_files import render_pdf
from generator.render.starters import start
from generator.render.targets import Target

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
    kit = load_checked_kit(content)
    layouts = tuple(cached_layouts(content).values())
    langs = tuple(kit.site.options.languages)
    request = BuildRequest(kit, layouts, langs, (Target.OFFICE,), out)
    result, _ = build_with_kit_files(request, previews=previews)
    return len(result.written)


def every_language_kit(folder: Path, most: int | None = None) -> Path:
    """A copy of the default kit listing every language its article is written in, but
    those that need a font file the site gives (Amharic); the first `most` of them only,
    when given."""
    shutil.copytree(CONTENT, folder)
    site = folder / "site.yaml"
    slug = load_checked_kit(CONTENT).site.article_slugs[0]
    langs = sorted({path.name[len(slug) + 1:-len(path.suffix)]
                    for path in (CONTENT / "articles").glob(f"{slug}.*")
                    if path.suffix in ARTICLE_SUFFIXES} - set(SITE_FONT_LANGUAGES))[:most]
    text = site.read_text(encoding="utf-8")
    first = next(line for line in text.splitlines() if line.startswith("languages:"))
    site.write_text(text.replace(first, f"languages: [{', '.join(langs)}]"), encoding="utf-8")
    return folder


def per_language(kit: Kit, runs: int) -> list[tuple[str, float]]:
    """Lay out and render every format in each language, warm: seconds per language."""
    layouts = list(cached_layouts(kit.root).values())

    def one(lang: str) -> None:
        for layout in layouts:
            render_pdf(kit, lay_out(kit, layout, lang), Target.OFFICE)

    return [(lang, median_seconds(functools.partial(one, lang), runs))
            for lang in kit.site.options.languages]


def next_card_sheet(sites: Path, count: int) -> tuple[float, float]:
    """The pocket-card sheet of one more site (its own number, so its own QR code and its own
    fit of the lines), and the baseline's sheet with that site's QR code, timed one after the
    other so that both see the machine alike: the medians over `count` sites, after a first
    one to warm up."""
    kits = [load_checked_kit(folder) for folder in sorted(sites.glob("site-*"))[:count + 1]]
    layout = cached_layouts(kits[0].root)["pocket-card"]
    ours, theirs = [], []
    for index, kit in enumerate(kits):
        phone = kit.resources[0].phone
        assert phone is not None, f"{kit.root}: the first line has no number"
        payload = "tel:" + phone.e164
        start = time.perf_counter()
        render_pdf(kit, lay_out(kit, layout, "en"), Target.OFFICE)
        middle = time.perf_counter()
        baseline_sheet(payload)
        if index:
            ours.append(middle - start)
            theirs.append(time.perf_counter() - middle)
    return statistics.median(ours), statistics.median(theirs)


def per_document(kit: Kit, runs: int, scratch: Path) -> list[tuple[str, float, float, float]]:
    rows = []
    lang = kit.site.options.languages[0]
    for name, layout in cached_layouts(kit.root).items():
        laid = lay_out(kit, layout, lang)
        pdf = render_pdf(kit, laid, Target.OFFICE)
        rows.append((name,
                     median_seconds(functools.partial(lay_out, kit, layout, lang), runs),
                     median_seconds(functools.partial(render_pdf, kit, laid, Target.OFFICE), runs),
                     median_seconds(functools.partial(render_previews, pdf, scratch / "previews",
                                                      name, kit.site.brand_color), runs)))
    return rows


@dataclass(frozen=True)
class BatchRun:
    """One `havenprint batch` run. `all_rss` sums the peaks of the batch and its workers;
    workers share the pages they were forked with, so the sum overstates."""

    wall: float  # seconds
    processor: float  # seconds of processor time, the batch and its workers together
    largest_rss: float  # MiB, the largest process of the batch
    all_rss: float  # MiB


def run_batch(sites: Path, out: Path, jobs: int, previews: bool,
              cache: Path | None = None) -> BatchRun:
    shutil.rmtree(out, ignore_errors=True)
    environment = {**os.environ, "HAVENPRINT_CACHE": str(cache)} if cache else None
    command = [sys.executable, "-m", "generator", "batch", str(sites), "--out", str(out),
               "--target", "office", "--jobs", str(jobs)] + ["--no-previews"] * (not previews)
    before = _children_processor_seconds()
    start = time.perf_counter()
    # Messages go to a file: a pipe nobody reads while the batch runs fills up and stops it.
    messages = tempfile.TemporaryFile()  # noqa: SIM115 -- read after the process ends
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=messages,
                               env=environment)
    peaks: dict[int, float] = {}
    while process.poll() is None:
        for pid in (process.pid, *_descendants(process.pid)):
            peaks[pid] = max(peaks.get(pid, 0.0), _peak_rss_mib(pid))
        time.sleep(0.05)
    wall = time.perf_counter() - start
    if process.returncode != 0:
        messages.seek(0)
        raise SystemExit(f"batch of {sites} failed:\n{messages.read().decode()[-3000:]}")
    return BatchRun(wall, _children_processor_seconds() - before,
                    max(peaks.values(), default=0.0), sum(peaks.values()))


def _children_processor_seconds() -> float:
    """User and system time of the waited-for children: the batch, and through it the
    workers it waited for."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _descendants(pid: int) -> list[int]:
    """The batch's workers and their children (font files are made in a child process)."""
    children = _children(pid)
    return children + [grandchild for child in children for grandchild in _descendants(child)]


def _children(pid: int) -> list[int]:
    try:
        return [int(child) for child in
                Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _peak_rss_mib(pid: int) -> float:
    """VmHWM from /proc: unlike ru_maxrss it starts afresh at exec, so the batch does not
    inherit this (bigger) process's figure."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0
    line = next((line for line in status.splitlines() if line.startswith("VmHWM:")), None)
    return int(line.split()[1]) / 1024 if line else 0.0


def fresh_cli(content: Path, out: Path, runs: int) -> float:
    command = [sys.executable, "-m", "generator", "build", str(content), "--out", str(out),
               "--target", "office", "--no-previews"]
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
    parser.add_argument("--batch-previews", default="1,10,100",
                        help="batch sizes also run with PNG previews, comma-separated")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--langs", default="en", help="languages of the generated sites")
    parser.add_argument("--profile", action="store_true", help="cProfile a warm kit build")
    parser.add_argument("--languages-batch", default="",
                        help="only: a batch per language (e.g. en,ar,zh-Hans,hi) of sites with "
                             "names of their own, from an empty font cache and again warm")
    parser.add_argument("--languages-sites", type=int, default=100)
    parser.add_argument("--quick", action="store_true",
                        help="every table once, small: that the script runs (CI)")
    args = parser.parse_args()
    if args.quick:
        args.runs, args.batch_runs, args.sites, args.batch_previews = 1, 1, "2", "2"
        args.languages_batch, args.languages_sites = "en,ar", 2
    start()  # the engine, as the command line starts it
    register_baseline_fonts()
    with tempfile.TemporaryDirectory(prefix="havenprint-bench-") as folder:
        scratch = Path(folder)
        if args.profile:
            profile(CONTENT, scratch / "profile", 25)
            return
        if args.quick:
            report(args, scratch, card_sites=3, kit_languages=3)
            languages_report(args, scratch, ("as it is",))
            profile(CONTENT, scratch / "profile", 5)
            return
        if args.languages_batch:
            languages_report(args, scratch)
            return
        report(args, scratch)


def languages_report(args: argparse.Namespace, scratch: Path,
                     states: tuple[str, ...] = ("cold", "warm")) -> None:
    """Per-site time and memory of a batch in each language, from an empty font cache of
    its own (cold) and again (warm); "as it is": once, with the user's font cache."""
    count = args.languages_sites
    print(f"| {count} sites (`--jobs {args.jobs}`, no previews) | font cache | per site "
          "| x English | largest process | font cache size |\n|---|---|---:|---:|---:|---:|")
    english: dict[str, float] = {}
    for lang in args.languages_batch.split(","):
        sites = make_language_sites(scratch / f"sites-{lang}", CONTENT, count, lang)
        cache = scratch / f"cache-{lang}"
        for state in states:
            run = run_batch(sites, scratch / f"out-{lang}", args.jobs, False,
                            None if state == "as it is" else cache)
            per_site = run.wall / count
            english.setdefault(state, per_site)
            size = sum(p.stat().st_size for p in cache.rglob("*") if p.is_file()) / 2**20
            print(f"| {lang} | {state} | {per_site * 1000:.0f} ms "
                  f"| {per_site / english[state]:.2f} | {run.largest_rss:.0f} MiB "
                  f"| {'yours' if state == 'as it is' else f'{size:.0f} MiB'} |", flush=True)


def report(args: argparse.Namespace, scratch: Path, card_sites: int = 40,
           kit_languages: int | None = None) -> None:
    cpu = os.cpu_count()
    print(f"## havenprint benchmark\n\nPython {sys.version.split()[0]}, {cpu} core(s); "
          f"medians of {args.runs} runs; office target, every format.\n")
    english = load_checked_kit(CONTENT)
    print("| document (en) | lay out | render PDF | PNG previews |\n|---|---:|---:|---:|")
    for name, laid, rendered, previews in per_document(english, args.runs, scratch):
        print(f"| {name} | {laid * 1000:.0f} ms | {rendered * 1000:.0f} ms "
              f"| {previews * 1000:.0f} ms |")
    sites = make_sites(scratch / "card-sites", CONTENT, card_sites + 1, ["en"])
    card, base = next_card_sheet(sites, card_sites)
    print(f"\nOne more site's 10-up card sheet (its own number and QR code; lay out + render): "
          f"{card * 1000:.1f} ms. A bare ReportLab script drawing the same sheet with the same "
          f"fonts and that site's QR code: {base * 1000:.1f} ms; havenprint is "
          f"{card / base:.2f} x that. Medians over {card_sites} sites.\n")

    content = every_language_kit(scratch / "kit-content", kit_languages)
    kit = load_checked_kit(content)
    langs = kit.site.options.languages
    docs = build_kit(content, scratch / "kit")
    bare = median_seconds(lambda: build_kit(content, scratch / "kit", False), args.runs)
    full = median_seconds(lambda: build_kit(content, scratch / "kit"), args.runs)
    cli = fresh_cli(content, scratch / "cli", max(1, args.runs // 2))
    print(f"| the default kit: {docs} PDFs, {len(langs)} languages | time |\n|---|---:|\n"
          f"| warm, PDFs only (`--no-previews`) | {bare:.2f} s |\n"
          f"| warm, with PNG previews, index.html, manifest.json | {full:.2f} s |\n"
          f"| new `havenprint build --no-previews` process (imports, fonts) | {cli:.2f} s |\n")
    rows = per_language(kit, args.runs)
    print("| language | " + " | ".join(lang for lang, _ in rows) + " |\n|---|"
          + "---:|" * len(rows) + "\n| 4 PDFs, warm | "
          + " | ".join(f"{seconds * 1000:.0f} ms" for _, seconds in rows) + " |\n")

    sizes = [int(size) for size in args.sites.split(",") if size] + [1000] * args.with_1000
    with_previews = {int(size) for size in args.batch_previews.split(",") if size}
    print(f"| sites (`--jobs {args.jobs}`) | previews | runs | wall | per site "
          "| processor time per site | least wall on these cores "
          "| peak RSS, largest process | all processes |\n"
          "|---:|---|---:|---:|---:|---:|---:|---:|---:|")
    for count in sizes:
        folder = make_sites(scratch / f"sites-{count}", CONTENT, count, args.langs.split(","))
        for previews in (False, True) if count in with_previews else (False,):
            runs = args.batch_runs if count < 100 else 1
            results = [run_batch(folder, scratch / f"out-{count}", args.jobs, previews)
                       for _ in range(runs)]
            wall = statistics.median(r.wall for r in results)
            processor = statistics.median(r.processor for r in results)
            print(f"| {count} | {'yes' if previews else 'no'} | {runs} | {wall:.1f} s "
                  f"| {wall / count * 1000:.0f} ms | {processor / count * 1000:.0f} ms "
                  f"| {processor / (cpu or 1):.1f} s "
                  f"| {max(r.largest_rss for r in results):.0f} MiB "
                  f"| {max(r.all_rss for r in results):.0f} MiB |", flush=True)
    self_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\nPeak RSS of this process (the {len(langs)}-language kit built in it): "
          f"{self_rss:.0f} MiB.")


if __name__ == "__main__":
    main()
