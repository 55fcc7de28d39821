"""Work grows with what a kit holds, not with its square: a long paragraph, many lines.

Asserted on growth (the work at n and at 8n: linear is 8, quadratic 64, the bound their
geometric mean), timed in processor time (this process only; the best of a few runs), or on
work counted (at n and 4n: paragraphs set, or every function call, with cProfile); and on
generous bounds of processor time for the sizes issue 25 names. Timed at 4n with a bound of
6.5, a linear wrap of Chinese text once measured 6.53 on CI's loaded machine: at 8n, noise
must triple the larger run to fail a linear growth.
bench/long_paragraph.py and bench/many_lines.py print the figures.
"""

from __future__ import annotations

import gc
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from reportlab.lib.styles import ParagraphStyle

from generator.engine import engine
from generator.i18n.bidi_text import _words
from generator.i18n.fonts import font_set, register_fonts
from generator.i18n.isolates import isolate_spans, unbreakable_spans
from generator.i18n.line_breaks import segments
from generator.i18n.segmented_text import SegmentedParagraph
from generator.layout import fit
from tests.conftest import DEFAULT_CONTENT

REPOSITORY = Path(__file__).resolve().parent.parent

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from long_paragraph import SENTENCES, long_text  # noqa: E402 - the benchmarks' own text
from many_lines import kit_with as kit_with_lines  # noqa: E402

FACTOR = 8  # timed growth: the work at n against the work at FACTOR * n
MARGIN = FACTOR ** 1.5  # 22.6: linear 8, quadratic 64
COUNTED_MARGIN = 6.5  # counted work at n and 4n: linear 4, quadratic 16, and no noise


def run_seconds(work: Callable[[], object], runs: int = 3,
                clock: Callable[[], float] = time.process_time) -> list[float]:
    """The processor time of each of `runs` runs (by `clock`: this process's, unless said),
    the garbage collector off while each runs: its full collections walk every object alive,
    the larger input's more, and once made a linear wrap of 20,000 characters look 7.5 times
    that of 5,000."""
    seconds = []
    for _ in range(runs):
        engine().clear()  # nothing remembered from the run before
        gc.collect()
        gc.disable()
        try:
            start = clock()
            work()
            seconds.append(clock() - start)
        finally:
            gc.enable()
    return seconds


def best_seconds(work: Callable[[], object], runs: int = 3) -> float:
    """The least processor time of `runs` runs (run_seconds)."""
    return min(run_seconds(work, runs))


def growth(work: Callable[[int], object], n: int) -> float:
    return best_seconds(lambda: work(FACTOR * n)) / max(best_seconds(lambda: work(n)), 1e-3)


def processor_seconds() -> float:
    """This process's processor time and its forked copies' (a build shares its languages
    among them): unlike the clock's, it does not grow when other work shares the machine."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def test_chinese_text_is_broken_in_time_linear_in_its_length() -> None:
    """Each line was looked up in the list of all the paragraph's pieces."""
    register_fonts()
    fonts = font_set("zh-Hans", SENTENCES["zh"])
    style = ParagraphStyle("body", fontName=fonts.primary(), fontSize=8, leading=10)

    def wrap(n: int) -> None:
        SegmentedParagraph(long_text("zh", n), style, fonts, "regular").wrap(200, 1e9)

    assert growth(wrap, 10_000) < MARGIN


def test_justified_chinese_lines_are_chosen_with_work_linear_in_their_length(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The lines of justified Chinese running text were chosen keeping every prefix's breaks
    for every count of lines (a51e2f0): the work went quadratic in the paragraph's length,
    and the default kit's brochure took 15.5 s of processor time instead of 2.7. Counted:
    the lines costed for a paragraph of n and 4n characters."""
    from generator.i18n import cjk_lines

    register_fonts()
    fonts = font_set("zh-Hans", SENTENCES["zh"])
    style = ParagraphStyle("body", fontName=fonts.primary(), fontSize=8, leading=10)
    costed = [0]
    line_cost = cjk_lines._line_cost

    def counted(*args: object, **kwargs: object) -> float:
        costed[0] += 1
        return line_cost(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(cjk_lines, "_line_cost", counted)
    counts = []
    for n in (300, 1200):
        costed[0] = 0
        SegmentedParagraph(long_text("zh", n), style, fonts, "regular", justify=True).wrap(
            200, 1e9)
        counts.append(costed[0])
    assert counts[0] > 0 and counts[1] < COUNTED_MARGIN * counts[0], counts


@pytest.mark.parametrize("unit", ["a", "a-", "a.", "创伤联结是与伤害您的人之间"])
def test_numbers_and_addresses_are_found_in_time_linear_in_a_long_word(unit: str) -> None:
    """Unbounded, the search for an e-mail or web address started again from every letter of
    a run without spaces: 6 s for 20,000 Chinese characters without punctuation, 26 s for
    "a-a-a-..."."""
    def find(n: int) -> None:
        text = (unit * n)[:n]
        isolate_spans.__wrapped__(text)  # type: ignore[attr-defined]
        unbreakable_spans.__wrapped__(text)  # type: ignore[attr-defined]

    assert growth(find, 2_500) < MARGIN


@pytest.mark.parametrize("lang", ["zh-Hans", "ar"])
def test_many_numbers_in_a_paragraph_are_kept_whole_in_linear_time(lang: str) -> None:
    """Each break was checked against every number of the paragraph (Chinese, Thai: ICU's
    breaks; Arabic, Hebrew: the words)."""
    unit = {"zh-Hans": "请拨打 1-800-799-7233，24小时服务。",
            "ar": "اتصل بالرقم 0808 2000 247 الآن. "}[lang]

    def pieces(n: int) -> None:
        text = (unit * (n // len(unit) + 1))[:n]
        if lang == "ar":
            _words(text)
        else:
            segments.__wrapped__(text, lang)  # type: ignore[attr-defined]

    assert growth(pieces, 5_000) < MARGIN


def chinese_kit(folder: Path, characters: int) -> Path:
    shutil.copytree(DEFAULT_CONTENT, folder)
    site = folder / "site.yaml"
    site.write_text(re.sub(r"^languages: .*$", "languages: [zh-Hans]",
                           site.read_text(encoding="utf-8"), flags=re.MULTILINE),
                    encoding="utf-8")
    article = folder / "articles" / "trauma-bonding.zh-Hans.md"
    article.write_text(article.read_text(encoding="utf-8") + "\n\n"
                       + long_text("zh", characters) + "\n", encoding="utf-8")
    return folder


def test_a_long_chinese_paragraph_is_checked_in_time_linear_in_its_length(
        tmp_path: Path, run) -> None:  # noqa: ANN001
    """Issue 25: 20,000 characters took 30 s, 50,000 took 178 s."""
    sizes = iter(range(100))

    def check(n: int) -> None:
        result = run("check", chinese_kit(tmp_path / f"kit-{next(sizes)}", n),
                     "--format", "brochure")
        assert result.code == 1
        assert "too tall even at" in result.err and "characters too long" in result.err

    # The growth's runs at 8n are the 20,000 characters: each is held to its bound
    # (a fourth check of 20,000 characters after them ran the same again); processor_seconds
    # counts a child's time too (a font subset's maker)
    large = run_seconds(lambda: check(FACTOR * 2_500), clock=processor_seconds)
    assert FACTOR * 2_500 == 20_000 and max(large) < 60, large
    small = run_seconds(lambda: check(2_500), clock=processor_seconds)
    assert min(large) / max(min(small), 1e-3) < MARGIN, (large, small)


def test_a_paragraph_of_600_kb_is_refused_within_seconds(tmp_path: Path, run) -> None:  # noqa: ANN001
    """Near the 2,000,000-byte limit of a content file: one flow at the smallest size, not
    one at each size tried (generator/layout/least_height.py)."""
    content = chinese_kit(tmp_path / "kit", 200_000)
    start = processor_seconds()
    result = run("check", content, "--format", "brochure")
    assert result.code == 1 and "characters too long" in result.err
    assert processor_seconds() - start < 60


def test_a_paragraph_far_too_long_is_set_at_one_size_only(
        tmp_path: Path, run, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    """Text that needs more than one and a half times its boxes even at its smallest size is
    not tried at every size first: the message needs the overflow at the smallest only."""
    sizes: set[float] = set()
    making = fit.Typesetter.paragraphs

    def watched(self: fit.Typesetter, items, scale):  # noqa: ANN001, ANN202
        if any(len(item.markup) > 40_000 for item in items):
            sizes.add(scale)
        return making(self, items, scale)

    monkeypatch.setattr(fit.Typesetter, "paragraphs", watched)
    result = run("check", chinese_kit(tmp_path / "kit", 50_000), "--format", "brochure")
    assert result.code == 1 and "characters too long" in result.err
    assert len(sizes) == 1, sizes


def measured_paragraphs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A counter of the paragraphs stacked to measure a box's text (remembered or not)."""
    measured = [0]
    measure = fit._measured

    def counted(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        measured[0] += 1
        return measure(*args, **kwargs)

    monkeypatch.setattr(fit, "_measured", counted)
    return measured


@pytest.mark.parametrize("command", ["check", "build"])
def test_lines_are_fitted_with_work_linear_in_their_number(
        tmp_path: Path, run, command: str,  # noqa: ANN001
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A list was tried once for each detail and each line left out, and each trial
    assembled and measured every line: 60 lines took 6 s, 600 lines 349 s. Counted: the
    paragraphs measured (set, or remembered from a trial before) for the card, the
    brochure, the folding card and the poster with n and 4n lines."""
    measured = measured_paragraphs(monkeypatch)
    counts = []
    for count in (60, 240):
        content = kit_with_lines(tmp_path / f"kit-{count}", count, ["en"])
        engine().clear()
        measured[0] = 0
        out = ["--out", tmp_path / f"out-{count}", "--no-previews"] if command == "build" else []
        assert run(command, content, *out).code == 0
        counts.append(measured[0])
    assert counts[1] < COUNTED_MARGIN * counts[0], counts


_CHECK_COUNTED = """\
import cProfile, pstats, sys
from generator.commands.cli import main
profile = cProfile.Profile()
code = profile.runcall(main, sys.argv[1:])
print(pstats.Stats(profile).total_calls, code)
"""


def check_calls(content: Path) -> tuple[int, int, str]:
    """The function calls `check --verbose --jobs 1` of `content` makes (Python's and the
    built-in ones they call), counted by cProfile (work counted, the same on a quiet machine
    and a loaded one), in a process of its own: what earlier tests left in this one (an
    engine thread, the caches of a thousand builds) neither counts nor slows it (a whole
    suite's worker once spun on it for twenty minutes); its exit status and standard error.
    One process (--jobs 1): cProfile counts none of a forked copy's calls, and which
    languages a copy took depended on which finished first."""
    done = subprocess.run(
        [sys.executable, "-c", _CHECK_COUNTED, "check", str(content), "--verbose",
         "--jobs", "1"],
        capture_output=True, text=True, cwd=REPOSITORY, check=False)
    calls, code = done.stdout.split()[-2:]
    return int(calls), int(code), done.stderr


def test_many_lines_in_four_languages_are_checked_with_work_linear_in_their_number(
        tmp_path: Path) -> None:
    """Issue 25: a real export of 1,875 lines did not finish in 11 minutes. The default kit
    in English, Arabic and Chinese (the three ways lines break) with 0, n and 4n lines more,
    every function call of `check` counted: the calls the 4n lines add are four times those
    the n lines add where the work is linear, sixteen times where it is quadratic, whatever
    step of the check it is in. (It checked 2,000 lines in four languages against a minute
    of processor time: a minute of a loaded machine's clock to run, and a bound, where this
    is a growth.)"""
    added = {}
    for count in (0, 25, 100):
        content = kit_with_lines(tmp_path / f"kit-{count}", count, ["en", "ar", "zh-Hans"])
        added[count], code, err = check_calls(content)
        assert code == 0, err[-2000:]
        if count:  # each line left out of the card is said, in each language
            assert err.count("left out 'Community Wellness Line") > count
    growth = (added[100] - added[0]) / (added[25] - added[0])
    assert growth < COUNTED_MARGIN, added


def kit_with_key_points(folder: Path, count: int) -> Path:
    """The default kit in English whose article has `count` key points."""
    shutil.copytree(DEFAULT_CONTENT, folder)
    site = folder / "site.yaml"
    site.write_text(re.sub(r"^languages: .*$", "languages: [en]",
                           site.read_text(encoding="utf-8"), flags=re.MULTILINE),
                    encoding="utf-8")
    article = folder / "articles" / "trauma-bonding.en.md"
    points = "".join(f"  - Point number {index} says something short.\n"
                     for index in range(count))
    article.write_text(re.sub(r"key_points:\n(?:  - .*\n)+", "key_points:\n" + points,
                              article.read_text(encoding="utf-8")), encoding="utf-8")
    return folder


def test_key_points_are_shortened_with_work_linear_in_their_number(
        tmp_path: Path, run, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    """A slot that leaves out its last paragraphs tried each count from the last down, each
    time setting every paragraph: 1,000 key points were a million paragraph parses (48 s on
    a cold cache). Counted: the paragraphs set with n and 4n key points."""
    made = [0]
    making = fit.Typesetter._paragraph

    def counted(self: fit.Typesetter, *args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        made[0] += 1
        return making(self, *args, **kwargs)

    monkeypatch.setattr(fit.Typesetter, "_paragraph", counted)
    counts = []
    for count in (100, 400):
        content = kit_with_key_points(tmp_path / f"kit-{count}", count)
        engine().clear()
        made[0] = 0
        result = run("check", content, "--jobs", "1", "--format", "brochure",
                     "--format", "pocket-fold")
        assert result.code == 0, result.err
        assert re.search(r"left out its last \d+ of \d+ paragraphs, from '.*': they do not fit",
                         result.err), result.err
        counts.append(made[0])
    assert counts[1] < COUNTED_MARGIN * counts[0], counts
