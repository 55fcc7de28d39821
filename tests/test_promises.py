"""Every sentence the kit prints about a line follows from its data: "Free and private, any
time." printed on the brochure's back panel and the restroom poster beside a first line
open Monday to Friday, 9 to 5. Each claim is made only where the line's data makes it (a
toll-free or free short number, or `free: true`; `confidential: true`; hours 24/7), the
sentence shortens to what is true, and a note says what was left unsaid and why. Read back
from the PDFs with pdftotext, in a Latin, a right-to-left, a Chinese and a Thai kit."""

from __future__ import annotations

import contextlib
import io
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from generator.commands.cli import main
from generator.content.load import load_kit
from generator.content.promises import ANY_TIME, FREE, PRIVATE, PROMISE_STRINGS, line_promise
from generator.errors import Code
from generator.i18n.localize import english, load_strings
from tests.conftest import DEFAULT_CONTENT, cli_problems, edit
from tests.notes_truth import spaceless

LANGS = ("en", "ar", "zh-Hans", "th")
LINE = """resources:
  - name: Local line
    phone: {phone}
    hours: {hours}
{extra}    verified: 2026-11-01
  - name: Emergency
    phone: "911"
    verified: 2026-11-01
"""


def lines(phone: str, hours: str, extra: str = "") -> str:
    return LINE.format(phone=phone, hours=hours, extra=extra)


def kit_with(folder: Path, resources: str, langs: tuple[str, ...] = ("en",)) -> Path:
    shutil.copytree(DEFAULT_CONTENT, folder)
    edit(folder / "site.yaml", "languages: [en, es, ar, zh-Hans]",
         f"languages: [{', '.join(langs)}]\nposter_discreet: true")
    (folder / "resources.yaml").write_text(resources, encoding="utf-8")
    return folder


def run_cli(*argv: str | Path) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main([str(arg) for arg in argv])
    return code, err.getvalue()


# What the data says, and the claims it makes: (phone, hours, more of the line, claims).
CASES = [
    ("1-800-799-7201", "Mon–Fri 9:00–17:00", "", {FREE}),  # toll-free
    ("410-889-7884", "24/7", "    confidential: true\n", {PRIVATE, ANY_TIME}),
    ("410-889-7884", "Mon–Fri 9:00–17:00", "", set()),
    ("410-889-7884", "24/7", "    free: true\n    confidential: true\n",
     {FREE, PRIVATE, ANY_TIME}),
    ("1-800-799-7201", "24/7", "    free: false\n", {ANY_TIME}),
    ('"988"', "24/7", "", {FREE, ANY_TIME}),  # a short number free for every caller
    ('"211"', "24/7", "", {ANY_TIME}),  # one the numbering plan does not price
]


@pytest.mark.parametrize("phone, hours, extra, claims", CASES)
def test_a_line_s_claims_are_its_data_s(tmp_path: Path, phone: str, hours: str, extra: str,
                                        claims: set[str]) -> None:
    kit = load_kit(kit_with(tmp_path / "kit", lines(phone, hours, extra)))
    promise = line_promise(kit.resources[0])
    assert set(promise.said) == claims
    assert promise.key == PROMISE_STRINGS.get(frozenset(claims))
    assert set(promise.unsaid) == {FREE, PRIVATE, ANY_TIME} - claims


def test_every_promise_string_is_in_the_catalogue() -> None:
    assert set(PROMISE_STRINGS.values()) <= set(english())
    assert len(set(PROMISE_STRINGS.values())) == 7


def outside(pdf: Path) -> str:
    """The first page's text, as PDFium reads it (poppler reads a Thai consonant with two
    marks, "ไม่มี", onto a line of its own): the brochure's outside (its back panel; the
    article, inside, may say what it likes), the poster."""
    return spaceless(pdfium.PdfDocument(str(pdf))[0].get_textpage().get_text_range())


def claims_in(text: str, strings: dict[str, str]) -> set[str]:
    """The claims the text makes, by the sentences of the catalogue it holds (the longest
    first: "Gratuit, à toute heure." holds "Gratuit.")."""
    found: set[str] = set()
    for claims, key in sorted(PROMISE_STRINGS.items(), key=lambda item: -len(item[0])):
        sentence = spaceless(strings[key])
        if sentence in text:
            found |= claims
            text = text.replace(sentence, "")
    return found


@pytest.fixture(scope="module")
def weekdays(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A kit whose first line is toll-free, open Monday to Friday, not said confidential."""
    root = tmp_path_factory.mktemp("weekdays")
    kit = kit_with(root / "kit", lines("1-800-799-7201", "Mon–Fri 9:00–17:00"), LANGS)
    code, err = run_cli("build", kit, "--out", root / "out", "--no-previews", "--format",
                        "brochure", "--format", "poster")
    assert code == 0, err
    return root / "out", err


@pytest.mark.parametrize("lang", LANGS)
def test_a_weekday_line_is_never_said_to_be_open_any_time(weekdays: tuple[Path, str],
                                                          lang: str) -> None:
    out, _ = weekdays
    strings = load_strings(lang, DEFAULT_CONTENT)
    for name in ("brochure.pdf", "poster-letter.pdf"):
        assert claims_in(outside(out / lang / name), strings) == {FREE}, (lang, name)


def test_the_build_notes_what_it_left_unsaid(weekdays: tuple[Path, str]) -> None:
    _, err = weekdays
    notes = [row for row in err.splitlines()
             if "the brochure's back panel and the restroom poster say" in row]  # built
    assert len(notes) == 1, err
    assert ": note: " in notes[0]
    assert "say only 'free' (1-800-799-7201 is free to call) of 'Local line'" in notes[0]
    assert "not 'private': the line does not say its calls are confidential" in notes[0]
    assert "not 'any time': its hours are Mon–Fri 9:00–17:00 (not 24/7)" in notes[0]


def test_a_line_the_data_says_nothing_of_gets_no_sentence(tmp_path: Path) -> None:
    kit = kit_with(tmp_path / "kit", lines("410-889-7884", "Mon–Fri 9:00–17:00"), ("en", "ar"))
    code, err = run_cli("build", kit, "--out", tmp_path / "out", "--no-previews", "--format",
                        "brochure", "--format", "poster")
    assert code == 0, err
    assert "say nothing of 'Local line' beside its number" in err
    for lang in ("en", "ar"):
        strings = load_strings(lang, DEFAULT_CONTENT)
        for name in ("brochure.pdf", "poster-letter.pdf"):
            assert claims_in(outside(tmp_path / "out" / lang / name), strings) == set()


def test_the_default_kit_says_it_all_and_notes_nothing(tmp_path: Path) -> None:
    """The National Domestic Violence Hotline: toll-free, 24/7, confidential."""
    kit = tmp_path / "kit"
    shutil.copytree(DEFAULT_CONTENT, kit)
    code, err = run_cli("build", kit, "--out", tmp_path / "out", "--no-previews", "--format",
                        "brochure")
    assert code == 0, err
    assert "back panel says" not in err and "back panel and the" not in err
    strings = load_strings("es", DEFAULT_CONTENT)
    assert claims_in(outside(tmp_path / "out" / "es" / "brochure.pdf"), strings) == {
        FREE, PRIVATE, ANY_TIME}


def test_when_you_call_says_nothing_a_line_would_have_to_promise() -> None:
    """The folding card and the brochure print it beside lines the kit knows nothing of:
    who answers, and when (it said "Someone trained to help will answer.")."""
    text = english()["when_you_call"].lower()
    for claim in ("answer", "trained", "free", "private", "24/7", "confidential"):
        assert claim not in text


def test_the_lines_page_sets_what_may_be_said_of_a_line(served) -> None:  # noqa: ANN001
    """"Its calls are confidential" and "Free to call" on the Lines page, saved into
    resources.yaml, shown again, and said of line 1 as the build then says it."""
    import yaml

    from tests.serve_support import csrf_headers, digest_on_disk, table_of

    client, workspace, kit = served
    resources = kit / "resources.yaml"
    assert 'data-field="confidential" checked' in client.get("/lines").text  # the default's
    table = table_of([("r0", {"confidential": False, "free": "false"}),
                      ("r1", {"free": "true"}), ("r2", {})])
    answer = client.post("/lines/save", headers=csrf_headers(workspace),
                         json={"table": table, "base": digest_on_disk(resources)})
    assert answer.status_code == 200, answer.text
    saved = yaml.safe_load(resources.read_text(encoding="utf-8"))["resources"]
    assert (saved[0]["confidential"], saved[0]["free"], saved[1]["free"]) == (False, False,
                                                                             True)
    assert "confidential" not in saved[2] and "free" not in saved[2]
    promise = line_promise(load_kit(kit).resources[0])
    assert set(promise.said) == {ANY_TIME}
    page = client.get("/lines").text
    assert '<option value="false" selected>' in page
    table = table_of([("r0", {"free": ""}), ("r1", {}), ("r2", {})])
    assert client.post("/lines/save", headers=csrf_headers(workspace), json={
        "table": table, "base": digest_on_disk(resources)}).status_code == 200
    saved = yaml.safe_load(resources.read_text(encoding="utf-8"))["resources"]
    assert "free" not in saved[0]  # told from its number again: toll-free
    assert set(line_promise(load_kit(kit).resources[0]).said) == {FREE, ANY_TIME}


def test_each_language_s_piece_says_what_its_own_hours_say(tmp_path: Path) -> None:
    """`hours: {en: "Mon–Fri 9–5", es: "24/7"}`: the English poster said "Free and private,
    any time." above "Mon–Fri 9–5" because the Spanish hours were 24/7. Each language's
    pieces promise what that language's hours say, and the disagreement is a warning."""
    resources = lines("1-800-799-7201", '{en: "Mon–Fri 9–5", es: "24/7"}',
                      "    confidential: true\n")
    kit = kit_with(tmp_path / "kit", resources, ("en", "es"))
    line = load_kit(kit).resources[0]
    assert set(line_promise(line, "en").said) == {FREE, PRIVATE}
    assert set(line_promise(line, "es").said) == {FREE, PRIVATE, ANY_TIME}
    code, err = run_cli("build", kit, "--out", tmp_path / "out", "--no-previews", "--format",
                        "brochure", "--format", "poster")
    assert code == 0, err
    for lang, claims in (("en", {FREE, PRIVATE}), ("es", {FREE, PRIVATE, ANY_TIME})):
        strings = load_strings(lang, DEFAULT_CONTENT)
        for name in ("brochure.pdf", "poster-letter.pdf"):
            assert claims_in(outside(tmp_path / "out" / lang / name), strings) == claims, (
                lang, name)
    warnings = [row for row in err.splitlines() if "say 24/7 in es but not in en" in row]
    assert len(warnings) == 1 and ": warning: " in warnings[0], err
    notes = [row for row in err.splitlines() if "the restroom poster in en say only" in row]
    assert len(notes) == 1 and "not 'any time': its hours are Mon–Fri 9–5" in notes[0], err


def test_hours_the_same_in_every_language_draw_no_warning(tmp_path: Path) -> None:
    resources = lines("1-800-799-7201", '{en: "24/7", es: "24/7"}', "    confidential: true\n")
    kit = kit_with(tmp_path / "kit", resources, ("en", "es"))
    code, err = run_cli("check", kit)
    assert code == 0, err
    assert "say 24/7 in" not in err and "poster say" not in err, err


def test_the_note_names_the_restroom_pieces_only_where_the_kit_makes_them(
        tmp_path: Path) -> None:
    """The note said the restroom poster says it in a kit whose poster is the ordinary one:
    it names the restroom poster where site.yaml makes it, and the sticker (always discreet,
    issue 42) always, of the pieces the build makes only (issue 42: a build of the brochure
    alone named the sticker), and the web page says it in plain words either way."""
    from generator.serve.plain import Words, plain

    kit = kit_with(tmp_path / "kit", lines("1-800-799-7201", "Mon–Fri 9:00–17:00"), ("en",))
    edit(kit / "site.yaml", "poster_discreet: true", "poster_discreet: false")
    code, err, problems = cli_problems(["check", str(kit), "--format", "brochure",
                                        "--format", "sticker"])
    assert code == 0, err
    (note,) = [row for row in err.splitlines() if "back panel" in row]
    assert "the brochure's back panel and the sticker say only 'free'" in note
    assert "restroom" not in note
    (problem,) = [problem for problem in problems if problem.code is Code.PROMISE_UNSAID]
    said = plain(problem, Words({})).text
    assert said.startswith("The brochure's back panel and the sticker say only “free”")
    assert "restroom" not in said
    code, err, problems = cli_problems(["check", str(kit), "--format", "brochure"])
    (note,) = [row for row in err.splitlines() if "back panel" in row]
    assert "the brochure's back panel says only 'free'" in note and "sticker" not in note
    (problem,) = [problem for problem in problems if problem.code is Code.PROMISE_UNSAID]
    assert plain(problem, Words({})).text.startswith("The brochure's back panel says only")
    code, err, problems = cli_problems(["check", str(kit), "--format", "pocket-card"])
    assert not [problem for problem in problems if problem.code is Code.PROMISE_UNSAID], err
    code, err, problems = cli_problems(["check", str(kit), "--format", "sticker"])
    (problem,) = [problem for problem in problems if problem.code is Code.PROMISE_UNSAID]
    assert "the sticker says only 'free'" in err
    assert plain(problem, Words({})).text.startswith("The sticker says only “free”")
    edit(kit / "site.yaml", "poster_discreet: false", "poster_discreet: true\n"
         "sticker_discreet: true")
    code, err, problems = cli_problems(["check", str(kit)])
    (note,) = [row for row in err.splitlines() if "back panel" in row]
    assert ("the brochure's back panel and the restroom poster and the sticker say only "
            "'free'" in note)
    (problem,) = [problem for problem in problems if problem.code is Code.PROMISE_UNSAID]
    assert problem.fields["restroom"] == ("poster", "sticker")
    said = plain(problem, Words({})).text
    assert said.startswith("The brochure's back panel and the restroom poster and the "
                           "sticker say only “free”")
    assert "“Its calls are confidential”" in said



def test_hours_translated_as_24_hours_are_hours_that_disagree(tmp_path: Path) -> None:
    """Red team, session 8: Spanish hours written "24 horas, todos los días" beside English
    "Mon–Fri 9–5" printed on the Spanish card without a word (only "24/7" was read as
    round the clock); the number 24 in any digits says it, however the words go."""
    resources = lines("1-800-799-7201", '{en: "Mon–Fri 9–5", es: "24 horas, todos los días"'
                                        ', fr: "lun.–ven. 9 h–17 h"}', "")
    kit = kit_with(tmp_path / "kit", resources, ("en", "es", "fr"))
    code, err = run_cli("check", kit, "--format", "pocket-card")
    assert code == 0, err
    warnings = [row for row in err.splitlines() if "say 24/7 in es but not in en, fr" in row]
    assert len(warnings) == 1 and ": warning: " in warnings[0], err
    assert "es: '24 horas, todos los días'" in warnings[0]
