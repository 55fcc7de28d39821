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
from generator.content.web_address import typed_address
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
  - name: Harbor chat
    url: https://harbor.example.org/chat
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
    address = typed_address(first.url)
    assert address == "harbor.example.org/chat"  # the page, not the host alone
    tabs = tab_rects("letter", pdf)
    assert len(tabs) >= 6
    for rect in tabs:
        assert address in bounded_text(pdf, rect).replace(" ", "")
    # Above the tabs: in the number's place (the QR code opens it), once.
    above = bounded_text(pdf, (0, tabs[0][3] + 1, 612, 792)).replace(" ", "")
    assert above.count(address) == 1
    text = pdf_text(pdf)
    if spaceless(other.name) in text:  # under "Also here for you", with its address
        assert spaceless(typed_address(other.url)) in text


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


# --- every sticker is discreet ------------------------------------------------------------

@needs_pdftotext
@pytest.mark.parametrize("lang", ["en", "es", "ar", "zh-Hans"])
def test_a_sticker_prints_the_emergency_sentence_and_no_tell(
        tmp_path_factory: pytest.TempPathFactory, lang: str) -> None:
    """A sticker is always on an outside surface (issue 42): its foot prints the emergency
    sentence, never "Use a phone the other person cannot check.", with nothing to say of
    it (no note of a shorter note)."""
    root = tmp_path_factory.mktemp(f"sticker-{lang}")
    kit = kit_in(root / "kit", (lang,))
    code, err = run_cli("build", kit, "--out", root / "out", "--no-previews", "--format",
                        "sticker")
    assert code == 0, err
    strings = load_strings(lang, kit)
    text = pdf_text(root / "out" / lang / "sticker.pdf")
    assert spaceless(fill(strings["emergency_note"], emergency="911")) in text
    assert spaceless(strings["poster_discreet_note"]) not in text
    assert "printed the shorter" not in err, err
    assert [row for row in err.splitlines() if "sticker" in row and ": warning: " in row] == []


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


WEEKDAY_HOURS = """resources:
  - name: National Domestic Violence Hotline
    phone: 1-800-799-7233
    tty: 1-800-787-3224
    text: {number: "88788", keyword: START}
    hours: 24/7
    verified: 2026-11-01
  - name:
      en: House of Ruth Maryland
      ar: بيت روث ماريلاند
    phone: (410) 889-7884
    tty: (410) 889-7885
    text: {number: "741741", keyword: HOME}
    url: https://www.hruth.org/get-help
    hours: Mon–Fri 9:00–17:00
    verified: 2026-11-01
  - name: Emergency
    phone: "911"
    verified: 2026-11-01
"""


@needs_pdftotext
def test_a_line_whose_weekday_hours_gave_way_is_not_said_to_print_whole(
        tmp_path: Path) -> None:
    """The Arabic pocket card left out House of Ruth's Mon–Fri hours for want of room while
    the build counted the line printed whole there (issue 39 verifier): hours that are not
    24/7 are part of a line printed whole. What the build says of every piece (its notes,
    the manifest's lines printed whole) is what the PDFs, read back, print."""
    import json

    from tests.notes_truth import prints_whole

    langs = ("en", "ar")
    kit = kit_in(tmp_path / "kit", langs, resources=WEEKDAY_HOURS)
    out = tmp_path / "out"
    files = {"pocket-card": "pocket-card.pdf", "pocket-fold": "pocket-fold.pdf",
             "poster": "poster-letter.pdf"}
    code, err = run_cli("build", kit, "--out", out, "--no-previews",
                        *(arg for layout in files for arg in ("--format", layout)))
    assert code == 0, err
    loaded = load_kit(kit)
    check_notes(loaded, out, err, files, langs)
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    said = {entry["path"]: [line["name"] for line in entry.get("lines", [])]
            for entry in manifest["outputs"]}
    checked = 0
    for lang in langs:
        for pdf in files.values():
            whole = [line.name for line in loaded.resources if not line.emergency
                     and prints_whole(out / lang / pdf, line, loaded, lang)]
            listed = [name for name in said[f"{lang}/{pdf}"] if name != "Emergency"]
            assert listed == whole, (lang, pdf, listed, whole)
            checked += 1
    assert checked == 6
    # the case the verifier found: the Arabic card had no room for House of Ruth's Mon–Fri
    # hours and printed it without them. Now the line prints with its hours or not at all,
    # the same in every language, and the note says where it does print whole.
    from tests.notes_truth import pdf_text, spaceless

    ruth = loaded.resources[1]
    for lang in langs:
        name = ruth.name_in(lang, load_strings(lang, loaded.root))
        for pdf in files.values():
            if spaceless(name) in pdf_text(out / lang / pdf):
                assert prints_whole(out / lang / pdf, ruth, loaded, lang), (lang, pdf)
    on_card = {lang: prints_whole(out / lang / "pocket-card.pdf", ruth, loaded, lang)
               for lang in langs}
    assert len(set(on_card.values())) == 1, on_card  # the same lines in every language
    assert "(hours) from 'House of Ruth Maryland'" not in err, err


LONG_LINES = """
  - name: Harbor County Legal Advocacy and Protective Order Help Line
    phone: 1-800-799-7201
    tty: 1-800-799-7202
    hours: "Mon-Fri 9:00-17:00"
    verified: 2026-11-01
"""


@needs_pdftotext
def test_a_format_built_in_several_sizes_is_named_once_with_its_files(tmp_path: Path) -> None:
    """A line the card leaves out was said to print whole on "the poster (poster-letter.pdf)
    and the poster (poster-a3.pdf)" (a designer's review): one name a format, its files
    together. What the note says is what the posters, read back, print."""
    kit = kit_in(tmp_path / "kit", ("en",))
    with (kit / "resources.yaml").open("a", encoding="utf-8") as resources:
        resources.write(LONG_LINES)
    out = tmp_path / "out"
    code, err = run_cli("build", kit, "--out", out, "--no-previews", "--format", "pocket-card",
                        "--format", "poster", "--poster-size", "letter", "--poster-size", "a3")
    assert code == 0, err
    said = [line for line in err.splitlines() if "Protective Order Help Line" in line
            and "pocket-card" in line]
    assert said and all("prints whole on the poster (poster-letter.pdf and poster-a3.pdf)"
                        in line for line in said), said
    assert "the poster (poster-letter.pdf) and the poster" not in err
    name = spaceless("Harbor County Legal Advocacy and Protective Order Help Line")
    for pdf in ("poster-letter.pdf", "poster-a3.pdf"):
        assert name in spaceless(pdf_text(out / "en" / pdf)), pdf
