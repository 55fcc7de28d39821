"""What the build says of where a line prints is true of every piece the kit builds, and a
piece that leaves a line out says so.

- A line reached only on the web prints its address wherever it prints: on the poster in
  the number's place, on every tear-off tab and under "Also here for you" (it printed a QR
  code and a bare name, and `check` said it printed whole there).
- The restroom poster (poster_discreet) and sticker (sticker_discreet) name no line: the
  build says which lines they leave out and where those print whole, never "the poster"
  when the only poster is the restroom one; both print "In an emergency, call 911".
- A sticker whose whole safety note does not fit prints its emergency sentence, and says so.

Every note is checked against the PDFs read back with pdftotext (tests/notes_truth.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.content.load import load_kit
from generator.content.models import Kit
from generator.content.web_address import bare_domain
from generator.errors import Code, Problem
from generator.i18n.localize import load_strings
from generator.layout.compose import fill
from tests.conftest import DEFAULT_CONTENT, cli_problems, edit
from tests.notes_truth import check_notes, needs_pdftotext, notes, pdf_text, spaceless
from tests.test_poster import bounded_text, tab_rects

FILES = {"pocket-card": "pocket-card.pdf", "poster": "poster-letter.pdf",
         "brochure": "brochure.pdf", "large-print": "large-print.pdf",
         "pocket-fold": "pocket-fold.pdf", "safety-plan": "safety-plan.pdf",
         "sticker": "sticker.pdf"}
WEB_ONLY = """resources:
  - name: Love Is Respect chat
    url: https://www.loveisrespect.org/chat
    hours: 24/7
    verified: 2026-11-01
  - name: Local line
    phone: 1-800-799-7201
    tty: 1-800-799-7202
    verified: 2026-11-01
  - name: WomensLaw legal information
    url: https://www.womenslaw.org
    verified: 2026-11-01
  - name: Emergency
    phone: "911"
    verified: 2026-11-01
"""


PROBLEMS: dict[Path, list[Problem]] = {}  # what each build below printed, by its output


def run_cli(*argv: str | Path) -> tuple[int, str]:
    code, err, problems = cli_problems([str(arg) for arg in argv])
    if "--out" in argv:
        PROBLEMS[Path(argv[argv.index("--out") + 1])] = problems
    return code, err


def kit_in(folder: Path, langs: tuple[str, ...], settings: str = "",
           resources: str | None = None) -> Path:
    shutil.copytree(DEFAULT_CONTENT, folder)
    edit(folder / "site.yaml", "languages: [en, es, ar, zh-Hans]",
         f"languages: [{', '.join(langs)}]\n{settings}")
    if resources is not None:
        (folder / "resources.yaml").write_text(resources, encoding="utf-8")
    return folder


def built(root: Path, langs: tuple[str, ...], settings: str = "",
          resources: str | None = None) -> tuple[Kit, Path, str]:
    kit = kit_in(root / "kit", langs, settings, resources)
    code, err = run_cli("build", kit, "--out", root / "out", "--no-previews")
    assert code == 0, err
    return load_kit(kit), root / "out", err


@pytest.fixture(scope="module")
def web_only(tmp_path_factory: pytest.TempPathFactory) -> tuple[Kit, Path, str]:
    return built(tmp_path_factory.mktemp("web"), ("en", "ar"), resources=WEB_ONLY)


@pytest.fixture(scope="module")
def restroom(tmp_path_factory: pytest.TempPathFactory) -> tuple[Kit, Path, str]:
    return built(tmp_path_factory.mktemp("restroom"), ("en", "es", "ar", "zh-Hans", "th"),
                 "poster_discreet: true\nsticker_discreet: true")


# --- a line reached only on the web ----------------------------------------------------------

@needs_pdftotext
@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_web_only_line_prints_its_address_on_the_poster_and_every_tab(
        web_only: tuple[Kit, Path, str], lang: str) -> None:
    kit, out, _ = web_only
    pdf = out / lang / "poster-letter.pdf"
    first, other = kit.resources[0], kit.resources[2]
    assert first.url is not None and other.url is not None
    address = bare_domain(first.url)
    tabs = tab_rects("letter", pdf)
    assert len(tabs) >= 6
    for rect in tabs:
        assert address in bounded_text(pdf, rect).replace(" ", "")
    # Above the tabs: in the number's place (the QR code opens it), once.
    above = bounded_text(pdf, (0, tabs[0][3] + 1, 612, 792)).replace(" ", "")
    assert above.count(address) == 1
    text = pdf_text(pdf)
    if spaceless(other.name) in text:  # under "Also here for you", with its address
        assert spaceless(bare_domain(other.url)) in text


@needs_pdftotext
def test_notes_on_a_kit_with_web_only_lines_are_true(web_only: tuple[Kit, Path, str]) -> None:
    kit, out, err = web_only
    check_notes(kit, out, err, FILES, ("en", "ar"))


# --- the restroom poster and sticker --------------------------------------------------------

@needs_pdftotext
@pytest.mark.parametrize("lang", ["en", "es", "ar", "zh-Hans", "th"])
def test_restroom_pieces_print_the_emergency_sentence(restroom: tuple[Kit, Path, str],
                                                      lang: str) -> None:
    kit, out, _ = restroom
    sentence = spaceless(fill(load_strings(lang, kit.root)["emergency_note"],
                              emergency=kit.site.emergency_number))
    for name in ("poster-letter.pdf", "sticker.pdf"):
        assert sentence in pdf_text(out / lang / name), (lang, name)


@needs_pdftotext
def test_the_restroom_poster_says_which_lines_it_leaves_out(
        restroom: tuple[Kit, Path, str]) -> None:
    kit, out, err = restroom
    told = check_notes(kit, out, err, FILES, ("en", "es", "ar", "zh-Hans", "th"))
    langs = ("en", "es", "ar", "zh-Hans", "th")
    others = [line for line in kit.resources[1:] if not line.emergency]
    assert others
    for line in kit.resources[1:]:
        if line.emergency:  # "In an emergency, call 911": the safety note names it
            continue
        for lang in langs:
            assert any(note.layout == "poster" and note.name == line.name and note.lang == lang
                       for note in told), (line.name, lang)
            assert any(note.layout == "sticker" and note.name == line.name and note.lang == lang
                       for note in told), (line.name, lang)
    # No note says a line prints whole on the poster: the kit's only poster names none.
    assert not [note for note in told if note.where and "the poster" in note.where]


def test_check_says_what_build_says_of_the_restroom_poster(
        restroom: tuple[Kit, Path, str], tmp_path: Path) -> None:
    kit = kit_in(tmp_path / "kit", ("en", "es", "ar", "zh-Hans", "th"),
                 "poster_discreet: true\nsticker_discreet: true")
    code, err = run_cli("check", kit)
    assert code == 0, err
    assert sorted(notes(err)) == sorted(notes(restroom[2]))


# --- a sticker the whole safety note does not fit ---------------------------------------------

@needs_pdftotext
@pytest.mark.parametrize("lang", ["en", "es", "ar", "zh-Hans"])
def test_a_sticker_says_when_it_prints_the_emergency_sentence_alone(
        tmp_path_factory: pytest.TempPathFactory, lang: str) -> None:
    root = tmp_path_factory.mktemp(f"sticker-{lang}")
    kit = kit_in(root / "kit", (lang,))
    code, err = run_cli("build", kit, "--out", root / "out", "--no-previews", "--format",
                        "sticker")
    assert code == 0, err
    strings = load_strings(lang, kit)
    whole = spaceless(fill(strings["safety_note"], emergency="911"))
    alone = spaceless(fill(strings["emergency_note"], emergency="911"))
    text = pdf_text(root / "out" / lang / "sticker.pdf")
    shorter = [row for row in err.splitlines() if "slot 'note': printed the shorter" in row]
    if whole in text:
        assert not shorter, err
    else:
        assert alone in text
        assert len(shorter) == 1 and ": warning: " in shorter[0], err


def test_the_web_page_says_the_restroom_notes_in_plain_words(
        restroom: tuple[Kit, Path, str]) -> None:
    from generator.serve.plain import Words, plain

    rows = [problem for problem in PROBLEMS[restroom[1]]
            if problem.code is Code.LINE_NOT_PRINTED
            and problem.fields["format"] in ("poster", "sticker")]
    assert rows
    for row in rows:
        said = plain(row, Words({"poster": "Poster", "sticker": "Sticker"})).text
        assert said.startswith(("The restroom poster names no line: ",
                                "The Sticker carries line 1 alone: ")), said
        assert "poster_discreet" not in said and "[e" not in said, said
