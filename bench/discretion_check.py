"""How long the discretion check takes: making a kit's word lists, and checking outside text.

    .venv/bin/python bench/discretion_check.py [--languages en,es,ar,zh-Hans] [--country US]
        [--sizes 1000,10000,100000] [--repeat 200]

Prints, in this process:
- the lists: making every term of one language's lexicon (the words of every kit language,
  of the lists in a script of their own and of the country's languages), cold (the first
  language) and for the other languages (their lists made already);
- outside text as the build and the web page check it: every ordinary and revealing title
  of tests/fixtures/outside_titles.tsv, each checked `--repeat` times, in microseconds per
  check (the first check of a text warms the word caches, as a second document or a second
  keystroke would find them), for revealing words and for tells;
- a title typed on the web page, growing one character at a time (each prefix checked once,
  as the Settings page checks it while typing): microseconds per keystroke;
- one long text of `--sizes` characters (an organisation name or a tab label pasted whole):
  the time and its ratio to the previous size's over the sizes' ratio (1: linear).
Not a test: figures depend on the machine.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TITLES = ROOT / "tests" / "fixtures" / "outside_titles.tsv"
TEXT = ("Wellness contacts Lives Healing Scan to call 1-800-799-7233 In an emergency, call 911 "
        "www.example.org/community-health Contactos de bienestar Abu5e S\u0397ELTER ")


def _titles() -> list[tuple[str, str]]:
    rows = []
    for line in TITLES.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            lang, _, title = line.split("\t")
            rows.append((lang, re.sub(r"\\u([0-9a-fA-F]{4})",
                                      lambda m: chr(int(m[1], 16)), title)))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--languages", default="en,es,ar,zh-Hans")
    parser.add_argument("--country", default="US")
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    from generator.safety.discretion import _lexicon

    langs = tuple(args.languages.split(","))
    start = time.perf_counter()
    first = _lexicon(langs[0], langs, args.country, (), ())
    cold = time.perf_counter() - start
    start = time.perf_counter()
    for lang in langs[1:]:
        _lexicon(lang, langs, args.country, (), ())
    others = time.perf_counter() - start
    print(f"lists: {len(first.terms)} terms for {langs[0]}: {cold * 1000:.1f} ms cold; "
          f"{len(langs) - 1} more languages {others * 1000:.1f} ms")

    rows = _titles()
    per_check = []
    for lang, title in rows:
        words = _lexicon(lang, langs, args.country, (), ())
        words.found(title)  # warm
        start = time.perf_counter()
        for _ in range(args.repeat):
            words.found(title)
        per_check.append((time.perf_counter() - start) / args.repeat)
    print(f"titles: {len(rows)} titles, median {statistics.median(per_check) * 1e6:.0f} us, "
          f"slowest {max(per_check) * 1e6:.0f} us per check")
    per_tell = []
    for lang, title in rows:
        words = _lexicon(lang, langs, args.country, (), ())
        words.tells_in(title)
        start = time.perf_counter()
        for _ in range(args.repeat):
            words.tells_in(title)
        per_tell.append((time.perf_counter() - start) / args.repeat)
    print(f"tells: the same titles, median {statistics.median(per_tell) * 1e6:.0f} us, "
          f"slowest {max(per_tell) * 1e6:.0f} us per check")

    typed = []
    for end in range(1, len(TEXT) + 1):
        start = time.perf_counter()
        first.found(TEXT[:end])
        typed.append(time.perf_counter() - start)
    print(f"typing: {len(TEXT)} keystrokes, median {statistics.median(typed) * 1e6:.0f} us, "
          f"slowest {max(typed) * 1e6:.0f} us")

    previous: tuple[int, float] | None = None
    for size in (int(one) for one in args.sizes.split(",")):
        text = (TEXT * (size // len(TEXT) + 1))[:size]
        start = time.perf_counter()
        found = first.found(text)
        took = time.perf_counter() - start
        growth = "" if previous is None else (
            f", growth {(took / previous[1]) / (size / previous[0]):.2f}")
        print(f"long text: {size} characters {took * 1000:.1f} ms{growth} "
              f"({len(found)} found)")
        previous = (size, took)


if __name__ == "__main__":
    main()
