"""Shared helpers: copy the default kit, run the CLI in-process, read PDFs back."""

from __future__ import annotations

import functools
import io
import os
import re
import shutil
import signal
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
import zxingcpp
from hypothesis import HealthCheck, settings
from pypdf import PdfReader, PdfWriter
from pypdf.generic import DecodedStreamObject, NameObject

from generator.commands.cli import main
from generator.errors import Problem
from generator.render.starters import start

# The test session starts its engine as the command line does: the tests call the pipeline's
# functions in this process too.
start()

# Ctrl-C as a terminal gives it. A suite started in the background by a shell without job
# control (`make test &`, nohup, a CI step's wrapper) inherits SIGINT ignored, and so does
# every build a test starts: the tests that press Ctrl-C (test_batch, test_forked,
# test_kit_folder, test_serve_hostile) then saw builds finish with exit 0, or a server run
# on, whatever the load. A disposition set here is inherited as the default across exec.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# Hypothesis's tests count examples, never time: its 200 ms deadline per example and its
# too-slow health check fail a passing test on a loaded machine (CI's two cores often are).
settings.register_profile("havenprint", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("havenprint")

REPO = Path(__file__).resolve().parent.parent
DEFAULT_CONTENT = REPO / "content"

# The files that take longest, longest first (seconds of the whole suite in two workers,
# `--durations=0 --junitxml` summed per file, 2026-12-06): run before every other file, so
# that `make test`'s workers (`--dist loadfile --no-loadscope-reorder`: a file is one worker's
# unit, handed out in this order) end together. xdist's own order (most tests first) left the
# files of few long tests (test_growth's 258 s in 14 tests, test_engine, test_content_properties,
# test_full_disks) to the end, one worker running them while the other waited.
LONGEST_FIRST = (
    "test_discretion.py", "test_growth.py", "test_more_scripts.py", "test_scripts.py",
    "test_contrast.py", "test_poster_hierarchy.py", "test_serve_browser.py",
    "test_reading_order.py", "test_rtl_numbers.py", "test_card_languages.py", "test_engine.py",
    "test_content_properties.py", "test_full_disks.py", "test_safety_plan.py", "test_poster.py",
    "test_poster_large_grid.py", "test_serve_translations_browser.py",
    "test_brochure_design.py", "test_serve_translator_files.py", "test_translator_files.py",
    "test_least_heights.py", "test_poster_band_padding.py", "test_typesetting.py",
    "test_serve_edits.py", "test_phones.py", "test_serve_typed_work_browser.py",
    "test_content_errors.py", "test_line_ends.py", "test_numbers_in_text.py", "test_pdfx.py",
    "test_disk_cache.py", "test_card_fit.py", "test_brochure_languages.py",
    "test_text_extraction.py", "test_cli.py", "test_batch.py", "test_kit_folder.py",
    "test_invalid_cases.py", "test_safety_wording.py", "test_serve_reflow_browser.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """LONGEST_FIRST's files first, in its order; every other file after them as collected
    (a stable sort: a file's tests stay together and in their order)."""
    rank = {name: index for index, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))


@dataclass
class Run:
    code: int
    out: str
    err: str


ENGLISH_SITE = {
    "languages": "languages: [en]",
    "discreet_title": "discreet_title: Wellness contacts",
}


def english_only(site_yaml: str) -> str:
    """The default site.yaml reduced to English with a plain title: most tests are about one
    behaviour, not about languages (tests/test_default_kit.py builds the real thing)."""
    site_yaml = re.sub(r"^languages: .*$", ENGLISH_SITE["languages"], site_yaml,
                       flags=re.MULTILINE)
    return re.sub(r"^discreet_title:.*\n(?:  .*\n)*", ENGLISH_SITE["discreet_title"] + "\n",
                  site_yaml, flags=re.MULTILINE)


def add_local_lines(kit: Path, count: int, required: bool = False) -> None:
    """Append `count` local lines ("Local line 0", ...) to the kit's resources.yaml."""
    flag = "    required: true\n" if required else ""
    extra = "".join(
        f"  - name: Local line {n}\n    phone: 1-800-799-72{n:02d}\n{flag}"
        "    verified: 2026-11-01\n"
        for n in range(count)
    )
    resources = kit / "resources.yaml"
    resources.write_text(resources.read_text(encoding="utf-8") + extra, encoding="utf-8")


def default_kit_in(folder: Path, languages: list[str] | tuple[str, ...]) -> Path:
    """A copy of the default content folder at `folder`, printing `languages`."""
    shutil.copytree(DEFAULT_CONTENT, folder)
    site = folder / "site.yaml"
    site.write_text(re.sub(r"^languages: .*$", f"languages: [{', '.join(languages)}]",
                           site.read_text(encoding="utf-8"), flags=re.MULTILINE),
                    encoding="utf-8")
    return folder


def built_formats(content: Path, layouts: Iterable[str]) -> Path:
    """`content` built by the command line into `out` beside it, `layouts` alone, without
    previews."""
    out = content.parent / "out"
    argv = ["build", str(content), "--out", str(out), "--no-previews"]
    for layout in layouts:
        argv += ["--format", layout]
    assert main(argv) == 0
    return out


def cache_with_session_fonts(folder: Path) -> Path:
    """A cache folder for a new process (HAVENPRINT_CACHE=folder) holding the font files this
    session made, and nothing else: a test about compiled templates or about what the cache
    holds then waits for no font to be made again (the default kit's take about a minute of
    processor time). Hard links, where the disk allows (nothing to copy: the cache writes a
    new file and renames it, never into one), else copies."""
    from generator.storage.disk_cache import cache_folder

    fonts = folder / "havenprint" / "fonts"
    fonts.mkdir(parents=True)
    for path in cache_folder("fonts").iterdir():
        if path.name.endswith(".ttf") or path.name.startswith(("cmap-", "axes-")):
            try:
                os.link(path, fonts / path.name)
            except OSError:  # another disk
                shutil.copy2(path, fonts / path.name)
    return folder


CHROMIUM = Path("/usr/bin/chromium")
# As the machines this project runs on need them: without the background-networking flags,
# Chromium's own connections are refused by the closed network, many at a time.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]


# How long a browser test waits for the page (an element, an address, a download) before it
# fails: Playwright's own defaults (30 s for actions and waits, 5 s for `expect`) are reached
# on a loaded two-core machine running the suite in two workers (a warning under a typed
# number once took 30.7 s to show). This bound is one no loaded machine reaches: the tests
# wait for what the page does, never on time (a failing test waits it out once).
BROWSER_WAIT_MS = 300_000


class _Browser:
    """Playwright's browser whose every new context waits BROWSER_WAIT_MS."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    def new_context(self, **options: Any) -> Any:
        context = self._browser.new_context(**options)
        context.set_default_timeout(BROWSER_WAIT_MS)
        context.set_default_navigation_timeout(BROWSER_WAIT_MS)
        return context

    def new_page(self, **options: Any) -> Any:
        return self.new_context(**options).new_page()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


def built_once(tmp_path_factory: pytest.TempPathFactory, name: str,
               build: Callable[[Path], None]) -> Path:
    """The folder `build(folder)` made, once a run: `make test`'s workers (pytest-xdist) share
    the run's temporary folder (each has its own inside it, removed with it at the end), so
    the first worker that needs it builds it, under a lock, and the other reads it (a session
    fixture is otherwise made once in each worker: two builds of a kit where one serves)."""
    import fcntl

    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    folder, done = shared / f"once-{name}", shared / f"once-{name}.done"
    with (shared / f"once-{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file is closed
        if not done.is_file():
            shutil.rmtree(folder, ignore_errors=True)  # a worker's build that failed
            folder.mkdir()
            build(folder)
            done.touch()
    return folder


# The default kit's posters, standard and restroom (poster_discreet), in ten languages on
# every sheet: built once a session (once a worker) for the poster tests that read them
# (test_poster_type_scale, _hierarchy, _band_padding, _large_grid, _large_sheets), which
# each built their own before.
POSTER_LANGS = ("en", "es", "fr", "ar", "zh-Hans", "th", "ru", "hi", "ko", "vi")
POSTER_SIZES = ("letter", "a4", "tabloid", "a3")


@pytest.fixture(scope="session")
def built_posters(tmp_path_factory: pytest.TempPathFactory) -> dict[bool, Path]:
    """The output folder of each kit, by whether it is the restroom poster's."""
    def build(root: Path, discreet: bool) -> None:
        kit = default_kit_in(root / "kit", POSTER_LANGS)
        if discreet:
            site = kit / "site.yaml"
            site.write_text(site.read_text(encoding="utf-8") + "poster_discreet: true\n",
                            encoding="utf-8")
        sizes = [arg for size in POSTER_SIZES for arg in ("--poster-size", size)]
        code, err, _ = cli_problems(["build", str(kit), "--out", str(root / "out"),
                                     "--no-previews", "--format", "poster", *sizes])
        assert code == 0, err

    return {discreet: built_once(tmp_path_factory,
                                 "restroom-posters" if discreet else "posters",
                                 functools.partial(build, discreet=discreet)) / "out"
            for discreet in (False, True)}


# The default kit's folding cards, shop files, in every language the designer's review built
# (16: Amharic where Debian's fonts-noto-core gives its font, Tagalog with its article from
# tests/fixtures), on US strips with Letter and ISO strips with A4: built once a session
# (test_fold_scale, test_fold_type_steps).
FOLD_LANGS = ("en", "es", "fr", "ar", "zh-Hans", "th", "ru", "vi", "fa", "ur", "bn", "hi",
              "he", "ko", "tl", "am")
ETHIOPIC = Path("/usr/share/fonts/truetype/noto/NotoSansEthiopic-Regular.ttf")


def fold_languages() -> tuple[str, ...]:
    return FOLD_LANGS if ETHIOPIC.is_file() else tuple(lang for lang in FOLD_LANGS
                                                        if lang != "am")


def sixteen_language_kit(folder: Path, size: str,
                         languages: tuple[str, ...] | None = None) -> Path:
    """The default kit at `folder` printing the sixteen languages it knows (or `languages`):
    Tagalog's article from tests/fixtures, Amharic with Debian's Ethiopic face where it is
    installed; on US cards and Letter ("us") or ISO cards and A4 ("iso")."""
    kit = default_kit_in(folder, languages or fold_languages())
    shutil.copy(REPO / "tests" / "fixtures" / "more-languages" / "articles"
                / "trauma-bonding.tl.md", kit / "articles")
    if ETHIOPIC.is_file():
        (kit / "fonts").mkdir()
        shutil.copy(ETHIOPIC, kit / "fonts")
        with (kit / "site.yaml").open("a", encoding="utf-8") as site:
            site.write(f"fonts: {{am: fonts/{ETHIOPIC.name}}}\n")
    if size == "iso":
        edit(kit / "site.yaml", "card_size: us", "card_size: iso")
        edit(kit / "site.yaml", "paper: letter", "paper: a4")
    return kit


@pytest.fixture(scope="session")
def every_language(tmp_path_factory: pytest.TempPathFactory
                   ) -> dict[str, tuple[Path, Path, str]]:
    """Each size's kit folder, output folder and build messages ("us", "iso")."""
    def build(root: Path, size: str) -> None:
        kit = sixteen_language_kit(root / "kit", size)
        edit(kit / "site.yaml", "  en: Wellness contacts\n",  # its outside in Tagalog
             "  en: Wellness contacts\n  tl: Mga contact para sa kalusugan\n")
        code, err, _ = cli_problems(["build", str(kit), "--out", str(root / "out"),
                                     "--format", "pocket-fold", "--target", "shop",
                                     "--no-previews", "--jobs", "2"])
        assert code == 0, err
        (root / "stderr.txt").write_text(err, encoding="utf-8")

    built = {}
    for size in ("us", "iso"):
        root = built_once(tmp_path_factory, f"fold-all-{size}",
                          functools.partial(build, size=size))
        built[size] = (root / "kit", root / "out",
                       (root / "stderr.txt").read_text(encoding="utf-8"))
    return built


# The default kit's pocket cards, shop files, in the languages the card tests read (Latin,
# Cyrillic, Vietnamese, Korean, Chinese and the shaped scripts), built once a session for
# each card size asked (test_card_hierarchy, test_card_caption_column).
CARD_LANGS = ("en", "es", "ru", "vi", "ko", "zh-Hans", "ar", "fa", "ur", "hi", "bn")


@pytest.fixture(scope="session")
def built_card_backs(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """The output folder of the cards of a size ("us" or "iso"), built the first time asked."""
    built: dict[str, Path] = {}

    def backs(size: str) -> Path:
        if size not in built:
            built[size] = built_once(tmp_path_factory, f"card-backs-{size}",
                                     lambda root: build(root, size)) / "out"
        return built[size]

    def build(root: Path, size: str) -> None:
        content = default_kit_in(root / "content", CARD_LANGS)
        if size == "iso":
            edit(content / "site.yaml", "card_size: us", "card_size: iso")
            edit(content / "site.yaml", "paper: letter", "paper: a4")
        assert main(["build", str(content), "--out", str(root / "out"), "--target", "shop",
                     "--no-previews", "--jobs", "2", "--format", "pocket-card"]) == 0

    return backs


# The default kit's office brochures in all sixteen of its languages (its fifteen and the
# Tagalog draft; Amharic where Debian's Ethiopic font is installed), on Letter and on A4,
# with what the build said on stderr: built once a session for the brochure tests that read
# them (test_brochure_languages, _checklist, _spacing), which each built their own before.
@pytest.fixture(scope="session")
def built_brochures(tmp_path_factory: pytest.TempPathFactory
                    ) -> Callable[[str], tuple[Path, Path, str]]:
    """(content folder, output folder, stderr) of the brochures on a paper ("us": Letter,
    "iso": A4), built the first time asked."""
    import contextlib

    from tests.test_card_languages import _kit

    built: dict[str, tuple[Path, Path, str]] = {}

    def brochures(paper: str) -> tuple[Path, Path, str]:
        if paper not in built:
            root = built_once(tmp_path_factory, f"languages-{paper}",
                              lambda root: build(root, paper))
            built[paper] = (root / "content", root / "out",
                            (root / "stderr.txt").read_text(encoding="utf-8"))
        return built[paper]

    def build(root: Path, paper: str) -> None:
        content = _kit(root / "content", paper)
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            assert main(["build", str(content), "--out", str(root / "out"), "--target",
                         "office", "--no-previews", "--jobs", "2", "--format", "brochure"]) == 0
        (root / "stderr.txt").write_text(err.getvalue(), encoding="utf-8")

    return brochures


def article_languages() -> list[str]:
    """The languages the default kit has an article in, but Amharic (its font is one a site
    gives: tests/test_more_scripts.py), sorted."""
    return sorted(path.name.split(".")[1]
                  for path in (DEFAULT_CONTENT / "articles").glob("trauma-bonding.*.md")
                  if path.name.split(".")[1] != "am")


@dataclass(frozen=True)
class Checked:
    """What `havenprint check` of a kit said: its exit code and standard error."""

    code: int
    err: str


# The default kit in every language it has an article in, the poster the restroom's,
# `check`ed in every format: once a session for the tests that read that whole check
# (test_discretion: nothing on an outside reveals; test_numbers_in_text: every number prints),
# which each ran a check of their own (a 14-language check of every format is about half a
# minute of processor time).
@pytest.fixture(scope="session")
def checked_article_languages(tmp_path_factory: pytest.TempPathFactory) -> Checked:
    import contextlib

    def check(root: Path) -> None:
        kit = default_kit_in(root / "content", article_languages())
        with (kit / "site.yaml").open("a", encoding="utf-8") as site:
            site.write("poster_discreet: true\n")
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            code = main(["check", str(kit)])
        (root / "code.txt").write_text(str(code), encoding="utf-8")
        (root / "stderr.txt").write_text(err.getvalue(), encoding="utf-8")

    root = built_once(tmp_path_factory, "checked-article-languages", check)
    return Checked(int((root / "code.txt").read_text(encoding="utf-8")),
                   (root / "stderr.txt").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def browser():  # noqa: ANN201 - a generator fixture
    """Debian's Chromium driven by Playwright, one per test module (the browser tests, which
    skip where either is missing); every wait bounded by BROWSER_WAIT_MS."""
    from playwright import sync_api

    sync_api.expect.set_options(timeout=BROWSER_WAIT_MS)
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield _Browser(chromium)
        chromium.close()


@pytest.fixture
def served(kit: Path, tmp_path: Path):  # noqa: ANN201 - a generator fixture
    """The web page's app in-process on a copy of the default kit: (client, workspace, kit)."""
    from tests.serve_support import client_for  # starlette, for the web page's tests only

    client, workspace = client_for(kit, tmp_path / "out")
    with client:
        yield client, workspace, kit


@pytest.fixture
def kit(tmp_path: Path) -> Path:
    """A writable, English-only copy of the default content folder."""
    target = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, target)
    site = target / "site.yaml"
    site.write_text(english_only(site.read_text(encoding="utf-8")), encoding="utf-8")
    return target


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str]):
    def _run(*argv: str | Path) -> Run:
        code = main([str(arg) for arg in argv])
        captured = capsys.readouterr()
        assert "Traceback" not in captured.err
        return Run(code, captured.out, captured.err)

    return _run


def cli_problems(argv: list[str]) -> tuple[int, str, list[Problem]]:
    """`havenprint ARGV` in this process: its exit code, what it printed on stderr, and the
    problems it printed there, as data (for the web page's words of real problems)."""
    import contextlib
    from unittest.mock import patch

    from generator.commands import build_command

    problems: list[Problem] = []
    said = build_command.print_summary

    def keeping(found: list[Problem], **kwargs: object) -> None:
        problems.extend(found)
        said(found, **kwargs)  # type: ignore[arg-type]

    err = io.StringIO()
    with (patch.object(build_command, "print_summary", keeping),
          contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO())):
        code = main(argv)
    return code, err.getvalue(), problems


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def page_texts(pdf: Path | bytes) -> list[str]:
    data = pdf.read_bytes() if isinstance(pdf, Path) else pdf
    return [page.extract_text() or "" for page in PdfReader(io.BytesIO(data)).pages]


def decode_qr_codes(pdf: Path, page_index: int, dpi: int = 150) -> list[str]:
    document = pdfium.PdfDocument(str(pdf))
    image = document[page_index].render(scale=dpi / 72).to_pil()
    return sorted(result.text for result in zxingcpp.read_barcodes(image))


def qr_modules(pdf: Path, scale: float = 4) -> tuple[float, float, float, float, float]:
    """(left, bottom, right, top) of the first page's one QR code's modules in points, as
    zxing-cpp finds its corners on the page rendered at `scale`, and its module's size."""
    page = pdfium.PdfDocument(str(pdf))[0]
    image = page.render(scale=scale).to_pil().convert("L")
    [found] = [result for result in zxingcpp.read_barcodes(image)
               if result.format == zxingcpp.BarcodeFormat.QRCode]
    corners = [found.position.top_left, found.position.top_right,
               found.position.bottom_left, found.position.bottom_right]
    xs = [point.x / scale for point in corners]
    ys = [page.get_height() - point.y / scale for point in corners]
    module = (max(xs) - min(xs)) / (17 + 4 * int(found.extra["Version"]))
    return min(xs), min(ys), max(xs), max(ys), module


_ACTUAL_TEXT = re.compile(rb"/ActualText <[0-9A-F]*>")


def glyphs_only(pdf: Path | bytes) -> pdfium.PdfDocument:
    """The document without its /ActualText, so that pdfium reports each glyph where it is
    drawn (it spreads a span's actual text evenly over the span instead)."""
    reader = PdfReader(io.BytesIO(pdf if isinstance(pdf, bytes) else pdf.read_bytes()))
    writer = PdfWriter(clone_from=reader)
    for page in writer.pages:
        contents = page.get_contents()
        if contents is not None:
            contents.set_data(_ACTUAL_TEXT.sub(b"", contents.get_data()))
            page.replace_contents(contents)
        forms = page.get("/Resources", {}).get("/XObject", {})  # an office sheet's faces
        for name, form in list(forms.items()):
            stream = form.get_object()
            plain = DecodedStreamObject()
            plain.update({key: value for key, value in stream.items()
                          if key not in ("/Filter", "/DecodeParms", "/Length")})
            plain.set_data(_ACTUAL_TEXT.sub(b"", stream.get_data()))
            forms[NameObject(name)] = writer._add_object(plain)
    buffer = io.BytesIO()
    writer.write(buffer)
    return pdfium.PdfDocument(buffer.getvalue())


def bleed_box(pdf: Path | bytes, page_index: int) -> tuple[float, float, float, float]:
    """The page's BleedBox (its MediaBox where it has none: an office sheet)."""
    data = pdf.read_bytes() if isinstance(pdf, Path) else pdf
    box = PdfReader(io.BytesIO(data)).pages[page_index].bleedbox
    return float(box.left), float(box.bottom), float(box.right), float(box.top)


def beyond_bleed(box: tuple[float, float, float, float],
                 bleed: tuple[float, float, float, float]) -> bool:
    """Whether a box lies wholly outside the bleed: a shop page's slug line, cut away with
    the marks (test_pdfx.py reads it, and that nothing else but marks is there)."""
    left, bottom, right, top = box
    return (right <= bleed[0] + 0.01 or left >= bleed[2] - 0.01 or top <= bleed[1] + 0.01
            or bottom >= bleed[3] - 0.01)


def char_boxes(pdf: Path, page_index: int,
               glyphs: bool = False) -> list[tuple[str, float, float, float, float]]:
    """(char, left, bottom, right, top) of every visible character of the piece on the
    page (not a shop page's slug line beyond the bleed); with `glyphs`, of every glyph where
    it is drawn (the page read without its /ActualText)."""
    page = (glyphs_only(pdf) if glyphs else pdfium.PdfDocument(str(pdf)))[page_index]
    bleed = bleed_box(pdf, page_index)
    text = page.get_textpage()
    boxes = []
    for index in range(text.count_chars()):
        char = text.get_text_range(index, 1)
        if char.strip():
            left, bottom, right, top = text.get_charbox(index)
            if not beyond_bleed((left, bottom, right, top), bleed):
                boxes.append((char, left, bottom, right, top))
    return boxes


INVISIBLE_RENDER_MODES = (3, 7)  # text drawn with no ink: invisible, clip only


def inked_chars(text: pdfium.PdfTextPage) -> Iterator[tuple[int, str, tuple[float, ...]]]:
    """(index, character, (left, bottom, right, top)) of every character the text page draws
    in ink: not a space or a format character, not text drawn with no ink (a right-to-left
    line's unseen anchor, the word an icon stands for), not a box of no size."""
    for index in range(text.count_chars()):
        char = text.get_text_range(index, 1)
        if not char.strip() or unicodedata.category(char) == "Cf":
            continue
        drawn = pdfium_c.FPDFText_GetTextObject(text.raw, index)
        if drawn and pdfium_c.FPDFTextObj_GetTextRenderMode(drawn) in INVISIBLE_RENDER_MODES:
            continue
        left, bottom, right, top = text.get_charbox(index)
        if right - left >= 0.1 and top - bottom >= 0.1:
            yield index, char, (left, bottom, right, top)


@dataclass(frozen=True)
class TextObject:
    """A text object pdfium finds on a page (through forms): what it reads from it, whether
    it is drawn in ink (not render mode 3 or 7: the unseen text a right-to-left or shaped
    line is read from, drawn just before its glyphs, which read back as nothing), its size
    in points on the page, baseline and bounds (points from the page's foot) and fill."""

    text: str
    inked: bool
    size: float
    baseline: float
    bounds: tuple[float, float, float, float]  # left, bottom, right, top
    fill: tuple[int, int, int]
    turned: bool = False  # set along another line than the page's (a poster tab's text)


def text_objects(page: pdfium.PdfPage) -> list[TextObject]:
    import ctypes

    import pypdfium2.raw as pdfium_c

    text_page = page.get_textpage()
    found = []
    for obj in page.get_objects(max_depth=8):
        if obj.type != pdfium_c.FPDF_PAGEOBJ_TEXT:
            continue
        length = pdfium_c.FPDFTextObj_GetText(obj.raw, text_page.raw, None, 0)
        buffer = (ctypes.c_ushort * (length // 2 + 1))()
        pdfium_c.FPDFTextObj_GetText(obj.raw, text_page.raw, buffer, length)
        size = ctypes.c_float()
        assert pdfium_c.FPDFTextObj_GetFontSize(obj.raw, ctypes.byref(size))
        _, b, c, d, _, baseline = obj.get_matrix().get()
        red, green, blue, alpha = (ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint(),
                                   ctypes.c_uint())
        assert pdfium_c.FPDFPageObj_GetFillColor(obj.raw, red, green, blue, alpha)
        found.append(TextObject(
            bytes(buffer).decode("utf-16-le").rstrip("\x00"),
            pdfium_c.FPDFTextObj_GetTextRenderMode(obj.raw) not in INVISIBLE_RENDER_MODES,
            size.value * (c * c + d * d) ** 0.5, baseline, tuple(obj.get_bounds()),
            (red.value, green.value, blue.value), abs(b) >= 0.01))
    return found


def drawn_text(pdf: Path, page_index: int) -> str:
    """The page's text as pdfium reads it, less every character whose glyphs are drawn
    with no ink (text render mode 3 or 7): what a reader of the printed page sees, in the
    order pdfium reads it (spaces and line ends it adds are kept)."""
    import pypdfium2.raw as pdfium_c

    text = pdfium.PdfDocument(str(pdf))[page_index].get_textpage()
    bleed = bleed_box(pdf, page_index)
    kept = []
    for index in range(text.count_chars()):
        drawn = pdfium_c.FPDFText_GetTextObject(text.raw, index)
        if drawn and pdfium_c.FPDFTextObj_GetTextRenderMode(drawn) in INVISIBLE_RENDER_MODES:
            continue
        box = text.get_charbox(index)
        if box[2] > box[0] and beyond_bleed(box, bleed):  # a shop page's slug line
            continue
        kept.append(text.get_text_range(index, 1))
    return "".join(kept)


def drawn_text_sizes(pdf: Path, page_index: int) -> list[tuple[float, str, float]]:
    """(size in points, text, baseline y) of every piece of text drawn in ink on the page
    (pypdf), through the forms an office sheet stamps its faces with; text drawn with no
    ink (render mode 3 or 7: the anchors right-to-left lines are read from) is left out,
    and so is a shop page's slug line, below its bleed."""
    found: list[tuple[float, str, float]] = []
    bleed_bottom = bleed_box(pdf, page_index)[1]
    modes = [0]  # the render mode, saved and restored with the graphics state

    def operand(operator, operands, cm, tm):  # noqa: ANN001, ANN202
        if operator == b"q":
            modes.append(modes[-1])
        elif operator == b"Q" and len(modes) > 1:
            modes.pop()
        elif operator == b"Tr" and operands:
            modes[-1] = int(operands[0])

    def visit(text, cm, tm, font_dict, font_size):  # noqa: ANN001, ANN202
        if text.strip() and modes[-1] not in INVISIBLE_RENDER_MODES:
            scale = (tm[2] ** 2 + tm[3] ** 2) ** 0.5 * (cm[2] ** 2 + cm[3] ** 2) ** 0.5
            baseline = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            if baseline > bleed_bottom:
                found.append((font_size * scale, text, baseline))

    PdfReader(pdf).pages[page_index].extract_text(visitor_operand_before=operand,
                                                 visitor_text=visit)
    return found


PASTED_ARTICLE = Path(__file__).parent / "fixtures" / "articles" / "trauma-bonding-pasted.en.txt"


def use_pasted_article(kit: Path) -> None:
    """Replace the kit's Markdown article with the same article pasted as plain text."""
    (kit / "articles" / "trauma-bonding.en.md").unlink()
    (kit / "articles" / "trauma-bonding.en.txt").write_text(
        PASTED_ARTICLE.read_text(encoding="utf-8"), encoding="utf-8")


def shop_pdf(folder: Path, layout: str) -> Path:
    """A language folder's shop PDF of `layout` (a poster's carries its size)."""
    plain = folder / f"{layout}-shop.pdf"
    if plain.is_file():
        return plain
    sized = list(folder.glob(f"{layout}-*-shop.pdf"))
    assert len(sized) == 1, f"no single shop PDF of {layout} in {folder}: {sized}"
    return sized[0]


def office_pdf(folder: Path, layout: str) -> Path:
    """A language folder's office PDF of `layout`: `<layout>.pdf`, or `<layout>-<size>.pdf`
    for a format that carries its size in the name (posters)."""
    plain = folder / f"{layout}.pdf"
    if plain.is_file():
        return plain
    sized = [path for path in folder.glob(f"{layout}-*.pdf") if not path.stem.endswith("-shop")]
    assert len(sized) == 1, f"no single office PDF of {layout} in {folder}: {sized}"
    return sized[0]


def starts_with_its_number(name: str, number: str) -> str | None:
    """The rest of `name` where it starts with `number` as a word of its own ("988 Línea",
    "988, ligne", "988 — линия"), without what stands between them; else None."""
    if not name.startswith(number) or name[len(number):][:1] not in (" ", ",", "\u00a0"):
        return None
    return name[len(number):].lstrip(" ,:;.\u00a0\u2013\u2014-")


def card_printed_name(name: str, number: str | None) -> str:
    """`name` as the pocket card prints it over its line's `number`: without that number
    where the name starts with it, the rest capitalised ("988, ligne d'aide" -> "Ligne
    d'aide"); other pieces print names whole."""
    rest = starts_with_its_number(name, number) if number else None
    return rest[:1].upper() + rest[1:] if rest else name


def under_graphics_state(page: Any, state: dict[str, Any]) -> Iterator[
        tuple[Any, str, dict[str, Any]]]:
    """(operands, operator's name, the graphics state in force) of each operator in a pikepdf
    page's content stream, read as a RIP reads it: `q` saves a copy of `state`, `Q` restores
    it, and a `gs` sets the overprint entries its ExtGState gives ("OP" for strokes, "op" for
    fills, "OPM"), leaving those it does not give as they were. The caller keeps the rest of
    its state (colours, spaces) in the dict it is handed, updated in place."""
    import pikepdf

    states = page.Resources.get("/ExtGState", {})
    stack: list[dict[str, Any]] = []
    for operands, operator in pikepdf.parse_content_stream(page):
        name = str(operator)
        if name == "q":
            stack.append(dict(state))
        elif name == "Q":
            state = stack.pop()
        elif name == "gs":
            entries = states[operands[0]]
            for key in ("OP", "op", "OPM"):
                if f"/{key}" in entries:
                    state[key] = (int(entries[f"/{key}"]) if key == "OPM"
                                  else bool(entries[f"/{key}"]))
        yield operands, name, state
