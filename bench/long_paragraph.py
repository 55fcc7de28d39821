"""How long `havenprint check` takes on one very long paragraph, for growing lengths.

    .venv/bin/python bench/long_paragraph.py [--kind zh|ar|th|hi|words|stars|links]
        [--sizes 2500,5000,...] [--format all|brochure|...] [--profile]

Each size is a copy of the default kit in one language whose article gets one more
paragraph of that many characters: a sentence of the article in Chinese (`zh`, no spaces),
Arabic (`ar`, right to left), Thai (`th`, words found by ICU) or Hindi (`hi`, shaped), or in
English: words (`words`), `*a ` repeated (`stars`, emphasis markers that never close), or
Markdown links (`links`). Prints one line per size: the characters, the seconds `check`
took in this process (warm: a first check of the default kit runs before) and the processor
time of this process and the ones it forked, its exit code, the time's ratio to the previous
size's over the sizes' ratio (1: linear, 2 for a doubling: quadratic) and the overflow the
check reported. Not a test: figures depend on the machine.
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

from generator.commands.cli import main

REPO = Path(__file__).resolve().parent.parent
CONTENT = REPO / "content"
# Sentences of the default article in each language, repeated.
SENTENCES = {
    "zh": ("创伤联结是与伤害您的人之间形成的一种强烈情感联系。"
           "它可能出现在伴侣、家人或任何与您亲近的人之间。您可能爱着对方，同时又害怕对方。"),
    "ar": "رابطة الصدمة تعلق عاطفي قوي بشخص يؤذيك. قد تنشأ مع شريك الحياة، أو أحد أفراد العائلة. ",
    "th": "ความผูกพันจากบาดแผลทางใจคือความผูกพันทางอารมณ์ที่แน่นแฟ้นกับคนที่ทำให้คุณเจ็บปวด ",
    "hi": "ट्रॉमा बॉन्डिंग उस व्यक्ति से एक गहरा भावनात्मक जुड़ाव है जो आपको तकलीफ़ देता है। ",
}
LANGS = {"zh": "zh-Hans", "ar": "ar", "th": "th", "hi": "hi"}
KINDS = [*SENTENCES, "words", "stars", "links"]


def long_text(kind: str, size: int) -> str:
    """About `size` characters of one paragraph of the given kind."""
    unit = SENTENCES.get(kind) or {"words": "More words to read slowly and calmly. ",
                                   "stars": "*a ", "links": "[a](b) "}[kind]
    return (unit * (size // len(unit) + 1))[:size]


def kit_with(folder: Path, kind: str, size: int) -> Path:
    """A copy of the default kit in one language whose article ends with the paragraph."""
    shutil.copytree(CONTENT, folder)
    lang = LANGS.get(kind, "en")
    site = folder / "site.yaml"
    site.write_text(re.sub(r"^languages: .*$", f"languages: [{lang}]",
                           site.read_text(encoding="utf-8"), flags=re.MULTILINE),
                    encoding="utf-8")
    if size:
        article = folder / "articles" / f"trauma-bonding.{lang}.md"
        text = article.read_text(encoding="utf-8")
        article.write_text(text + "\n\n" + long_text(kind, size) + "\n", encoding="utf-8")
    return folder


def check(content: Path, layout: str) -> tuple[float, int, str]:
    seconds, _, code, err = timed_check(content, layout)
    return seconds, code, err


def timed_check(content: Path, layout: str) -> tuple[float, float, int, str]:
    """Wall and processor seconds (this process and the ones it forked), exit code, stderr."""
    err = io.StringIO()
    start, cpu = time.perf_counter(), _cpu()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(["check", str(content), *(["--format", layout] if layout != "all" else [])])
    return time.perf_counter() - start, _cpu() - cpu, code, err.getvalue()


def _cpu() -> float:
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def run(kind: str, sizes: list[int], layout: str, profile: bool) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        check(kit_with(Path(tmp) / "warm", kind, 0), layout)
        previous: tuple[int, float] | None = None
        for size in sizes:
            content = kit_with(Path(tmp) / f"kit-{size}", kind, size)
            profiler = cProfile.Profile() if profile else None
            if profiler:
                profiler.enable()
            seconds, cpu, code, err = timed_check(content, layout)
            if profiler:
                profiler.disable()
            growth = ""
            if previous:
                growth = f"  growth {(seconds / previous[1]) / (size / previous[0]):.2f}"
            first = next((line for line in err.splitlines() if "too " in line), "")
            print(f"{kind} {size:>7} chars  {seconds:7.2f} s ({cpu:6.2f} s cpu)  exit {code}"
                  f"{growth}  {first[-100:]}",
                  flush=True)
            previous = (size, seconds)
            if profiler:
                pstats.Stats(profiler, stream=sys.stdout).sort_stats("cumulative").print_stats(30)


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kind", choices=KINDS, default="zh")
    parser.add_argument("--sizes", default="2500,5000,10000,20000")
    parser.add_argument("--format", default="all", dest="layout", help="a format, or all")
    parser.add_argument("--profile", action="store_true")
    return parser.parse_args()


if __name__ == "__main__":
    args = parse()
    run(args.kind, [int(size) for size in args.sizes.split(",")], args.layout, args.profile)
