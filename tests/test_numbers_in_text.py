"""Numbers written into printed text are checked as a line's number is (issue 40): a
premium-rate number in a catalogue's safety note, in a card line, in a line's hours, through a
PO or XLIFF import; and a translation may not add a number its English text does not have.
Read back from `check`, `build` and `locale import` (exit code, file, line, field)."""

from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import polib
import pytest

from generator.content.text_numbers import added_numbers, number_problems, printed_text_problem
from tests.conftest import Checked, article_languages, default_kit_in, edit

PREMIUM = "it is a premium-rate number"
X = "{urn:oasis:names:tc:xliff:document:1.2}"


# --- the check ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "country", "found"), [
    ("Call {emergency} or 1-900-555-0199.", "US", "1-900-555-0199"),
    ("Call 0909 876 5432 for advice", "GB", "0909 876 5432"),
    ("Call 614-555-0 now", "US", "614-555-0"),  # a number cut short
    ("Call 1-800-٧٩٩-7233", "US", "1-800-٧٩٩-7233"),  # two scripts' digits
])
def test_a_number_no_line_could_print_is_found_in_text(text: str, country: str,
                                                       found: str) -> None:
    assert [written for written, _ in number_problems(text, country)] == [found]


@pytest.mark.parametrize(("text", "country"), [
    ("Call {emergency}. Open 24/7, Mon–Fri 9:00–17:00.", "US"),
    ("In 2019, 1 in 4 women; 100,000 calls; 10 000 femmes; 213 000 victimes", "GB"),
    ("Checked 2026-11-01, am 12.03.2024, on 01/11/2026", "DE"),
    ("Text START to 88788 or call 1-800-799-7233 or 1-800-799-SAFE (7233)", "US"),
    ("Llame al 1-800-799-7233; ZIP 43215-1234; a 3.5 x 2 in card (100 %)", "US"),
    ("Ring 0808 2000 247 or 116 123, free", "GB"),
])
def test_ordinary_text_with_numbers_passes(text: str, country: str) -> None:
    assert number_problems(text, country) == ()


@pytest.mark.parametrize(("translation", "english", "added"), [
    ("Llame al 1-800-555-0100", "Scan to call", ["1-800-555-0100"]),
    ("Escanee para llamar", "Scan to call", []),
    ("Imprima al tamaño real (100 %).", "Print at actual size (100 %).", []),
    ("Imprima al tamaño real (١٠٠ ٪).", "Print at actual size (100 %).", []),  # same number
    ("En caso de emergencia, llame al {emergency} o al 112.",
     "In an emergency, call {emergency}.", ["112"]),
    ("24 horas, los 7 días", "24/7", []),
])
def test_a_translation_may_not_add_a_number(translation: str, english: str,
                                            added: list[str]) -> None:
    assert added_numbers(translation, english) == added
    assert (printed_text_problem(translation, None, english) is None) == (not added)


# --- where it is checked -----------------------------------------------------------------------

def test_a_premium_number_in_the_sites_english_catalogue_is_refused(kit: Path, run) -> None:
    (kit / "locales").mkdir(exist_ok=True)
    (kit / "locales" / "en.yaml").write_text(
        '# our own wording\nsafety_note: "Call {emergency} or 1-900-555-0199."\n',
        encoding="utf-8")
    result = run("check", kit)
    assert result.code == 1
    assert (f"{kit / 'locales' / 'en.yaml'}:2: safety_note: the number 1-900-555-0199 in it "
            f"cannot be printed: {PREMIUM}") in result.err, result.err
    out = kit.parent / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--no-previews")
    assert result.code == 1
    assert not (out / "en" / "pocket-card.pdf").exists()


def test_a_translation_adding_a_number_is_refused_on_its_line(tmp_path: Path, run) -> None:
    kit = default_kit_in(tmp_path / "content", ["en", "es"])
    (kit / "locales").mkdir(exist_ok=True)
    (kit / "locales" / "es.yaml").write_text('scan_tel: "Llame al 1-800-555-0100"\n',
                                             encoding="utf-8")
    result = run("check", kit)
    assert result.code == 1
    assert (f"{kit / 'locales' / 'es.yaml'}:1: scan_tel: has the number 1-800-555-0100, which "
            "the English text does not") in result.err, result.err


def test_a_card_line_with_a_premium_number_is_refused(kit: Path, run) -> None:
    article = kit / "articles" / "trauma-bonding.en.md"
    text = article.read_text(encoding="utf-8")
    card = "card: You are not alone, and what you feel makes sense.\n"
    assert text.splitlines(keepends=True)[2] == card
    article.write_text(text.replace(card, "card: Call 1-900-555-0199 for help.\n", 1),
                       encoding="utf-8")
    result = run("check", kit)
    assert result.code == 1
    assert (f"{article}:3: card: the number 1-900-555-0199 in it cannot be printed: "
            f"{PREMIUM}") in result.err, result.err


def test_a_premium_number_in_a_lines_hours_is_refused(kit: Path, run) -> None:
    edit(kit / "resources.yaml", "    hours: 24/7\n",
         "    hours: 24/7; after 5 pm call 1-900-555-0199\n")
    result = run("check", kit)
    assert result.code == 1
    assert (f"{kit / 'resources.yaml'}:33: National Domestic Violence Hotline: hours: the "
            f"number 1-900-555-0199 in it cannot be printed: {PREMIUM}") in result.err, \
        result.err


@pytest.fixture(scope="module")
def es_kit_files(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """An English and Spanish kit, and its Spanish PO and XLIFF files as exported."""
    from generator.commands.cli import main

    kit = default_kit_in(tmp_path_factory.mktemp("pristine") / "content", ["en", "es"])
    folder = tmp_path_factory.mktemp("exported")
    for file_format, name in (("po", "es.po"), ("xliff", "es.xlf")):
        assert main(["locale", "export", str(kit), "es", "--format", file_format,
                     "--out", str(folder / name)]) == 0
    return kit, folder / "es.po", folder / "es.xlf"


def _refused(run, kit: Path, file: Path) -> str:  # noqa: ANN001
    before = {path: path.read_bytes() for path in kit.rglob("*") if path.is_file()}
    result = run("locale", "import", kit, file)
    assert result.code == 1, result.err
    assert {path: path.read_bytes() for path in kit.rglob("*") if path.is_file()} == before
    return result.err


def test_a_premium_number_through_a_po_import_is_refused(es_kit_files, tmp_path: Path,
                                                         run) -> None:  # noqa: ANN001
    pristine, po_file, _ = es_kit_files
    kit = Path(shutil.copytree(pristine, tmp_path / "content"))
    po = polib.pofile(str(po_file))
    entry = po.find("safety_note", by="msgctxt")
    assert entry is not None
    entry.msgstr = "Llame al {emergency} o al 1-900-555-0199."
    edited = tmp_path / "es.po"
    po.save(str(edited))
    err = _refused(run, kit, edited)
    line = next(number for number, text in enumerate(
        edited.read_text(encoding="utf-8").splitlines(), start=1)
        if text == 'msgctxt "safety_note"')
    assert (f"es.po:{line + 1}: unit 'safety_note': has the number 1-900-555-0199, which the "
            "English text does not") in err, err


def test_an_xliff_scan_tel_with_a_number_is_refused(es_kit_files, tmp_path: Path,
                                                    run) -> None:  # noqa: ANN001
    pristine, _, xliff = es_kit_files
    kit = Path(shutil.copytree(pristine, tmp_path / "content"))
    tree = ET.parse(xliff)
    for unit in tree.getroot().iter(f"{X}trans-unit"):
        if unit.get("id") == "scan_tel":
            target = unit.find(f"{X}target")
            if target is None:
                target = ET.SubElement(unit, f"{X}target")
            target.text = "Llame al 1-800-555-0100"
    edited = tmp_path / "es.xlf"
    tree.write(edited, encoding="utf-8", xml_declaration=True)
    err = _refused(run, kit, edited)
    assert "unit 'scan_tel': has the number 1-800-555-0100, which the English text does not" \
        in err, err


def test_an_imported_article_line_may_not_add_a_number(es_kit_files, tmp_path: Path,
                                                       run) -> None:  # noqa: ANN001
    pristine, po_file, _ = es_kit_files
    kit = Path(shutil.copytree(pristine, tmp_path / "content"))
    po = polib.pofile(str(po_file))
    point = po.find("trauma-bonding.key_points.1", by="msgctxt")
    assert point is not None
    point.msgstr = "Llame al 1-800-555-0100 para hablar."
    edited = tmp_path / "es.po"
    po.save(str(edited))
    err = _refused(run, kit, edited)
    assert ("unit 'trauma-bonding.key_points.1': has the number 1-800-555-0100, which the "
            "English text does not") in err, err


def test_a_number_the_english_has_may_be_translated_and_prints(es_kit_files, tmp_path: Path,
                                                               run) -> None:  # noqa: ANN001
    pristine, po_file, _ = es_kit_files
    kit = Path(shutil.copytree(pristine, tmp_path / "content"))
    po = polib.pofile(str(po_file))
    entry = po.find("print_one_sided", by="msgctxt")
    assert entry is not None and "100" in entry.msgid
    entry.msgstr = "Imprima a una cara, a tamaño real (100 %)."
    if "fuzzy" in entry.flags:
        entry.flags.remove("fuzzy")
    edited = tmp_path / "es.po"
    po.save(str(edited))
    result = run("locale", "import", kit, edited)
    assert result.code == 0, result.err
    assert "Imprima a una cara, a tamaño real (100 %)." in (
        kit / "locales" / "es.yaml").read_text(encoding="utf-8")
    assert run("check", kit).code == 0


def test_a_premium_number_in_an_articles_text_is_refused_on_its_line(kit: Path,
                                                                     run) -> None:
    article = kit / "articles" / "trauma-bonding.en.md"
    sentence = "It does not mean you want to be hurt."
    edit(article, sentence, f"{sentence} Psychics at 1-900-555-0199 cannot help.")
    line = next(number for number, text in enumerate(
        article.read_text(encoding="utf-8").splitlines(), start=1) if "1-900" in text)
    result = run("check", kit)
    assert result.code == 1
    assert (f"{article}:{line}: section 'What is trauma bonding?': the number 1-900-555-0199 "
            f"in it cannot be printed: {PREMIUM}") in result.err, result.err


def test_a_premium_number_in_the_sites_card_line_is_refused(kit: Path, run) -> None:
    edit(kit / "site.yaml", "article: trauma-bonding",
         "article: trauma-bonding\ncard_line: Call 1-900-555-0199 any time.")
    line = next(number for number, text in enumerate(
        (kit / "site.yaml").read_text(encoding="utf-8").splitlines(), start=1)
        if text.startswith("card_line:"))
    result = run("check", kit)
    assert result.code == 1
    assert (f"{kit / 'site.yaml'}:{line}: card_line: the number 1-900-555-0199 in it cannot be "
            f"printed: {PREMIUM}") in result.err, result.err


@pytest.mark.parametrize(("old", "new", "field", "number", "reason"), [
    ("discreet_title: Wellness contacts", 'discreet_title: "Contacts 1-900-555-0199"',
     "discreet_title", "1-900-555-0199", PREMIUM),
    ("discreet_title: Wellness contacts", 'discreet_title: {en: "Contacts 1-800-799-7223"}',
     "discreet_title (en)", "1-800-799-7223",
     "it differs from the National Domestic Violence Hotline's published"),
    ("organization: Lives Healing",
     'organization: "Call 1-900-555-0199 Center"\nshow_organization: true', "organization",
     "1-900-555-0199", PREMIUM),
])
def test_a_number_in_the_discreet_title_or_organization_is_checked(
        kit: Path, run, old: str, new: str, field: str, number: str, reason: str) -> None:
    """Issue 40 verifier (D1, D2): the outside title prints on every card front, the
    organisation's name where show_organization allows; their numbers are checked as the
    card line's are."""
    edit(kit / "site.yaml", old, new)
    line = next(index for index, text in enumerate(
        (kit / "site.yaml").read_text(encoding="utf-8").splitlines(), start=1)
        if text.startswith(field.split(" ")[0] + ":"))
    result = run("check", kit)
    assert result.code == 1
    said = [text for text in result.err.splitlines()
            if f"{field}: the number {number} in it cannot be printed: {reason}" in text]
    assert said, result.err
    assert said[0].startswith(f"{kit / 'site.yaml'}:"), said
    assert int(said[0].removeprefix(f"{kit / 'site.yaml'}:").split(":")[0]) in (line, line + 1)


@pytest.mark.parametrize(("text", "found", "reason"), [
    ("You are not alone. Call 1-900-JKL-0199 now.", "1-900-JKL-0199",
     "it dials 1-900-555-0199, which is a premium-rate number"),
    ("Call 1-900-CALL-NOW", "1-900-CALL-NOW", "which is a premium-rate number"),
    ("Call 900-JKL-0199 today", "900-JKL-0199", "which is a premium-rate number"),
    ("Call 1-900-HELP", "1-900-HELP", "it is spelled in letters"),
    ("Call 1-800-GO-HELP", "1-800-GO-HELP", "it is spelled in letters"),
])
def test_a_number_with_letters_for_digits_is_found(text: str, found: str, reason: str) -> None:
    """Issue 40 verifier (D3): letters typed for a number's digit groups hide it from a
    check that reads digits only."""
    [(written, said)] = number_problems(text, "US")
    assert written == found
    assert reason in said, said


@pytest.mark.parametrize("text", [
    "Read 1-800 words a day", "COVID-19 tests", "Form I-9 and W-2", "See page 12-ABC",
    "Open 9-5 Mon-Fri", "Call 1-800-799-SAFE (800-799-7233)", "Route 66-A"])
def test_words_beside_numbers_are_no_number_in_letters(text: str) -> None:
    assert number_problems(text, "US") == ()


def test_a_card_line_with_a_number_in_letters_is_refused(kit: Path, run) -> None:
    edit(kit / "site.yaml", "article: trauma-bonding",
         'article: trauma-bonding\ncard_line: {en: "You are not alone. Call 1-900-JKL-0199 now."}')
    result = run("check", kit)
    assert result.code == 1
    assert "card_line (en): the number 1-900-JKL-0199 in it cannot be printed" in result.err


# --- a number written with typographic dashes and spaces (issue 39) ----------------------------

SEPARATORS = {
    "non-breaking hyphen": "\u2011", "en dash": "\u2013", "hyphen": "\u2010",
    "figure dash": "\u2012", "minus sign": "\u2212", "em dash": "\u2014",
    "no-break space": "\u00a0", "thin space": "\u2009", "narrow no-break space": "\u202f",
    "one dot leader": "\u2024", "full stop": ".", "zero width space and hyphen": "\u200b-",
}


@pytest.mark.parametrize("separator", SEPARATORS.values(), ids=SEPARATORS.keys())
def test_a_premium_number_is_found_whatever_joins_its_digits(separator: str) -> None:
    number = separator.join(["1", "900", "555", "0199"])
    found = number_problems(f"Llame al {number}.", "US")
    assert [written for written, _ in found] == [number]  # as written in the text
    assert found[0][1] == PREMIUM + ": calling it costs a high rate and shows on the phone " \
        "bill: print the line's free or ordinary number instead"
    assert added_numbers(f"Llame al {number}", "Scan to call") == [number]


TYPOGRAPHIC = {name: SEPARATORS[name] for name in (
    "en dash", "em dash", "non-breaking hyphen", "figure dash", "minus sign",
    "no-break space", "narrow no-break space")}


@pytest.mark.parametrize("separator", TYPOGRAPHIC.values(), ids=TYPOGRAPHIC.keys())
@pytest.mark.parametrize(("groups", "says"), [
    (["614", "27"], "written like part of a phone number"),  # a fragment
    (["555", "12"], "written like part of a phone number"),
    (["1", "800", "799", "72"], "not a valid phone number"),  # a number cut short
    (["1", "800", "799", "7223"],  # a digit off the Hotline's
     "differs from the National Domestic Violence Hotline's published 1-800-799-7233"),
])
def test_a_fragment_or_slip_is_found_whatever_joins_its_digits(separator: str,
                                                               groups: list[str],
                                                               says: str) -> None:
    """An en dash, a no-break space... between the groups hides nothing (issue 39)."""
    number = separator.join(groups)
    found = number_problems(f"Call {number} to talk.", "US")
    assert [written for written, _ in found] == [number], found
    assert says in found[0][1], found


@pytest.mark.parametrize("separator", TYPOGRAPHIC.values(), ids=TYPOGRAPHIC.keys())
def test_a_lines_phone_written_with_such_a_separator_is_checked(kit: Path, run,
                                                                separator: str) -> None:
    """In resources.yaml's phone field: the Hotline a digit off is refused with its published
    number, and a fragment as a fragment, each on its file, line and field."""
    slip = separator.join(["1", "800", "799", "7223"])
    edit(kit / "resources.yaml", "phone: 1-800-799-7233", f"phone: \"{slip}\"")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1
    assert (f"{kit / 'resources.yaml'}:29: National Domestic Violence Hotline: phone: "
            f"{' '.join(slip.split())} differs from the National Domestic Violence Hotline's "
            "published "
            "1-800-799-7233") in result.err, result.err
    fragment = separator.join(["614", "27"])
    edit(kit / "resources.yaml", f"phone: \"{slip}\"", f"phone: \"{fragment}\"")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1
    assert (f"{kit / 'resources.yaml'}:29: National Domestic Violence Hotline: phone: "
            f"{' '.join(fragment.split())!r} is not a number to call in US") in result.err, \
        result.err  # a no-break space is said as a space
    assert "published" not in result.err


@pytest.mark.parametrize(("text", "country"), [
    ("Over 10\u00a0000 women called; 2\u202f500 in 2024", "US"),  # counts in thousands
    ("Ouvert de 9\u00a0h à 17\u00a0h, 24\u00a0h/24", "US"),
    ("Call 1\u00a0800\u00a0799\u00a07233\u00a024 hours a day", "US"),
    ("Pages 12\u00a03", "US"),
])
def test_no_break_spaces_in_ordinary_text_pass(text: str, country: str) -> None:
    assert number_problems(text, country) == ()


def test_a_card_line_with_non_breaking_hyphens_is_refused_and_not_built(kit: Path,
                                                                         run) -> None:
    """The verifier's card: `card: ... Llame al 1‑900‑555‑0199.` (U+2011) printed."""
    article = kit / "articles" / "trauma-bonding.en.md"
    edit(article, "card: You are not alone, and what you feel makes sense.",
         "card: You are not alone. Llame al 1\u2011900\u2011555\u20110199.")
    out = kit.parent / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--no-previews")
    assert result.code == 1
    assert (f"{article}:3: card: the number 1\u2011900\u2011555\u20110199 in it cannot be "
            f"printed: {PREMIUM}") in result.err, result.err
    assert not (out / "en" / "pocket-card.pdf").exists()


@pytest.mark.parametrize(("file", "old", "new", "line", "field"), [
    ("locales/en.yaml", None,
     'safety_note: "Call {emergency} or 1\u2013900\u2013555\u20130199."\n', 1, "safety_note"),
    ("resources.yaml", "    hours: 24/7\n",
     "    hours: \"24/7; after hours 1\u00a0900\u00a0555\u00a00199\"\n", 33,
     "National Domestic Violence Hotline: hours"),
    ("resources.yaml", "      en: National Domestic Violence Hotline\n",
     "      en: National Domestic Violence Hotline (after hours 1\u2212900\u2212555\u22120199)\n",
     9, "National Domestic Violence Hotline (after hours 1\u2212900\u2212555\u22120199): name"),
])
def test_check_finds_such_a_number_in_every_printed_text(kit: Path, run, file: str,  # noqa: ANN001
                                                         old: str | None, new: str, line: int,
                                                         field: str) -> None:
    path = kit / file
    if old is None:
        path.parent.mkdir(exist_ok=True)
        path.write_text(new, encoding="utf-8")
    else:
        edit(path, old, new)
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1
    assert f"{path}:{line}: {field}: the number 1" in result.err, result.err
    assert f"900{new.split('900')[1][0]}555" in result.err and PREMIUM in result.err


# --- something written like a phone number must be one (issue 39) -------------------------------

@pytest.mark.parametrize(("text", "country", "found", "says"), [
    ("Call 555-12 to talk.", "US", "555-12", "written like part of a phone number"),
    ("Call 1-800-799-72 to talk.", "US", "1-800-799-72", "not a valid phone number"),
    ("Call {emergency} or 614-27.", "US", "614-27", "written like part of a phone number"),
    ("Call 800-79 now", "US", "800-79", "written like part of a phone number"),
    ("Call 1 800 799 72 now", "US", "1 800 799 72", "not a valid phone number"),
    ("Call 1.800.799.72 now", "US", "1.800.799.72", "not a valid phone number"),
    ("Call (614) 555-01 now", "US", "(614) 555-01", "not a valid phone number"),
    ("Call +1 614-27", "US", "+1 614-27", ""),
    ("Call:614-27", "US", "614-27", "written like part of a phone number"),
    ("Ring 0808 2000 for help", "GB", "0808 2000", "not a valid phone number"),
    ("Call 1-900-555-O199 now", "US", "1-900-555-O199", "'O' is not 0"),
    ("Call 1-800-799-723O now", "US", "1-800-799-723O", "'O' is not 0"),
    ("Call 1-800-799-SAFE now", "US", "1-800-799-SAFE", "spelled in letters"),
    # a known line a digit off: named by the text, or one digit away whatever it says
    ("Call the National Domestic Violence Hotline at 1-800-799-2733.", "US", "1-800-799-2733",
     "differs from the National Domestic Violence Hotline's published 1-800-799-7233"),
    ("Call thehotline.org's advocates at 1-800-799-7323.", "US", "1-800-799-7323",
     "and the text names the National Domestic Violence Hotline"),
    ("Call 1-800-799-7223 to talk.", "US", "1-800-799-7223",
     "differs from the National Domestic Violence Hotline's published 1-800-799-7233"),
    ("Llame a la Línea Nacional sobre la Violencia Doméstica: 1-800-799-7232.", "US",
     "1-800-799-7232", "the text names the National Domestic Violence Hotline"),
])
def test_something_written_like_a_number_must_be_one(text: str, country: str, found: str,
                                                     says: str) -> None:
    problems = number_problems(text, country)
    assert [written for written, _ in problems] == [found], problems
    assert says in problems[0][1], problems


def test_a_number_a_digit_off_a_national_line_prints_when_it_is_the_kits_own_line() -> None:
    """Text has no setting to say a number differs on purpose: the kit's own lines do
    (`differs_from_published: true`), and their numbers may be written in its text."""
    text = "Call 1-800-799-7223 to talk."
    assert number_problems(text, "US", frozenset({"+18007997223"})) == ()
    assert number_problems("Call 1-800-799-7200 to talk.", "US") == ()  # two digits, unnamed


@pytest.mark.parametrize(("text", "country"), [
    ("Call 988 or 1-800-799-7233 24 hours a day", "US"),  # a number, then a count
    ("Ages 10-12, the 2024-25 school year, open 9.00-17.00 and 8:30-4:30", "US"),
    ("In 2023 15000 calls were made; 1 in 3 women; 50-60 % of them", "US"),
    ("Mon–Fri 9–5, Sat 10–2; 24-hour line; 988-Lifeline; 3.5 x 2 in; $10-20", "US"),
    ("Ruf 030/1234567 an, oder 08000 116 016", "DE"),
    ("Text relay: 18001 0808 2000 247; text SHOUT to 85258", "GB"),
    ("See https://example.org/123-456-7890 or write to help@example.org", "US"),
    ("ISBN 978-3-16-148410-0; (2019) 45(3): 112-130", "US"),
    ("Text START to 88788 or call 1-800-799-SAFE (7233)", "US"),
    ("Call +44 808 2000 247 from abroad, or (614) 555-0100", "US"),
])
def test_numbers_that_are_no_phone_numbers_pass(text: str, country: str) -> None:
    assert number_problems(text, country) == ()


def test_no_built_in_catalogue_or_default_article_is_refused() -> None:
    """The scanner reads every string of the 20 built-in catalogues (and the layouts'
    strings) for seven countries, and the default and example articles: no false refusal."""
    import yaml

    from tests.conftest import REPO

    texts: list[str] = []

    def strings(value: object) -> None:
        if isinstance(value, dict):
            for item in value.values():
                strings(item)
        elif isinstance(value, list):
            for item in value:
                strings(item)
        elif isinstance(value, str):
            texts.append(value)

    catalogues = sorted((REPO / "generator" / "locales").glob("*.yaml"))
    assert len(catalogues) >= 20
    for path in [*catalogues, *sorted((REPO / "layouts").glob("*/*.yaml"))]:
        strings(yaml.safe_load(path.read_text(encoding="utf-8")))
    articles = sorted((REPO / "content" / "articles").glob("*.md"))
    assert len(articles) >= 15
    texts.extend(path.read_text(encoding="utf-8")
                 for path in [*articles, *(REPO / "docs" / "examples").glob("*/articles/*.md")])
    refused = [(country, text, found) for country in ("US", "GB", "DE", "FR", "CA", "AU", "IN")
               for text in texts if (found := number_problems(text, country))]
    assert refused == []


def test_the_default_kit_in_every_language_with_an_article_checks_clean(
        checked_article_languages: Checked) -> None:
    """The default kit checked in every language it has an article in and every format, the
    pocket card's numbers among them (tests/conftest.py, shared with test_discretion)."""
    from tests.conftest import DEFAULT_CONTENT

    languages = sorted(path.name.split(".")[1]
                       for path in (DEFAULT_CONTENT / "articles").glob("trauma-bonding.*.md")
                       if path.name.split(".")[1] != "am")  # Amharic needs a font added
    assert len(languages) >= 14
    assert article_languages() == languages  # the languages the shared kit is checked in
    result = checked_article_languages
    assert "Traceback" not in result.err
    assert result.code == 0, result.err
    assert "cannot be printed" not in result.err


@pytest.mark.parametrize(("card", "found"), [
    ("Call 555-12 to talk.", "555-12"),
    ("Call 1-800-799-72 to talk.", "1-800-799-72"),
    ("Call 1-800-799-7223 to talk.", "1-800-799-7223"),
])
def test_a_card_line_with_a_fragment_is_refused_and_not_built(kit: Path, run, card: str,  # noqa: ANN001
                                                              found: str) -> None:
    article = kit / "articles" / "trauma-bonding.en.md"
    edit(article, "card: You are not alone, and what you feel makes sense.", f"card: {card}")
    out = kit.parent / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--no-previews")
    assert result.code == 1
    assert f"{article}:3: card: the number {found} in it cannot be printed" in result.err, \
        result.err
    assert not (out / "en" / "pocket-card.pdf").exists()


def test_a_safety_note_with_a_fragment_is_refused(kit: Path, run) -> None:
    (kit / "locales").mkdir(exist_ok=True)
    (kit / "locales" / "en.yaml").write_text('safety_note: "Call {emergency} or 614-27."\n',
                                             encoding="utf-8")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1
    assert (f"{kit / 'locales' / 'en.yaml'}:1: safety_note: the number 614-27 in it cannot be "
            "printed: it is written like part of a phone number") in result.err, result.err


def test_the_kits_own_line_a_digit_off_may_be_written_in_its_text(kit: Path, run) -> None:
    edit(kit / "resources.yaml", "phone: 1-800-799-7233",
         "phone: 1-800-799-7223\n    differs_from_published: true")
    article = kit / "articles" / "trauma-bonding.en.md"
    edit(article, "card: You are not alone, and what you feel makes sense.",
         "card: Call 1-800-799-7223 to talk.")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 0, result.err


_PARTNER = "  - name: Partner line\n    phone: 1-800-799-7223\n{confirm}    verified: 2026-11-01\n"
_SHELTER = ("  - name: Local shelter\n    phone: 614-555-0100\n    hours: \"{hours}\"\n"
            "    verified: 2026-11-01\n")
_NAMED = "National Domestic Violence Hotline 1-800-799-7223"


@pytest.mark.parametrize("confirmed", [True, False])
@pytest.mark.parametrize(("partner_first", "in_hours", "in_article"), [
    (False, False, True), (False, True, False), (False, True, True), (True, True, True),
    (True, False, True),
])
def test_a_kits_number_gets_one_verdict_wherever_it_is_written(
        kit: Path, run, confirmed: bool, partner_first: bool, in_hours: bool,
        in_article: bool) -> None:
    """A number a digit off a national line's is exempt in an article and in a line's hours
    alike when a line of the kit gives it with `differs_from_published: true`, and refused in
    both, with advice that works, when none does; the article's verdict no longer turned on
    what another line's hours said (issue 39 verifier: exempt in the article, refused in the
    hours; the article refused once the hours were)."""
    partner = _PARTNER.format(confirm="    differs_from_published: true\n" if confirmed else "")
    shelter = _SHELTER.format(hours=f"24/7 (after hours: {_NAMED})" if in_hours else "24/7")
    lines = [partner, shelter] if partner_first else [shelter, partner]
    resources = kit / "resources.yaml"
    resources.write_text("resources:\n" + "".join(lines) + "  - name: Emergency\n"
                         "    phone: \"911\"\n    verified: 2026-11-01\n", encoding="utf-8")
    article = kit / "articles" / "trauma-bonding.en.md"
    if in_article:
        edit(article, "card: You are not alone, and what you feel makes sense.",
             f"card: You can call the {_NAMED}.")
    result = run("check", kit, "--format", "pocket-card")
    refusals = [line for line in result.err.splitlines() if "cannot be printed" in line]
    if confirmed:
        assert result.code == 0, result.err
        assert refusals == []
        return
    assert result.code == 1, result.err
    places = [str(article) if "trauma-bonding" in line else "hours" for line in refusals]
    assert sorted(places) == sorted([*([str(article)] if in_article else []),
                                     *(["hours"] if in_hours else [])]), result.err
    assert all("`differs_from_published: true` says it differs on purpose" in line
               for line in refusals)
    edit(resources, "    phone: 1-800-799-7223\n",  # the advice followed: the verdicts turn
         "    phone: 1-800-799-7223\n    differs_from_published: true\n")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 0, result.err
