"""A line that names a national line with a number a digit or two off what it publishes is
an error (issue 39): a wrong digit on every card of a print run. Read back from `check`,
`build` and the web page's Lines page."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.content.phones import parse_phone, parse_text_number, parse_tty
from generator.content.published_lines import (
    differences,
    named_lines,
    normalised,
    published_lines,
)
from generator.errors import Code
from tests.conftest import default_kit_in, edit, page_texts

NDVH = "the National Domestic Violence Hotline's published"
CONFIRM = "if this line's number differs on purpose, add `differs_from_published: true`"


# --- the table -------------------------------------------------------------------------------

def test_the_table_covers_the_countries_and_lines_asked_for() -> None:
    lines = {line.name: line for line in published_lines()}
    assert {country for line in lines.values() for country in line.countries} >= {
        "US", "CA", "GB", "IE", "AU", "NZ"}
    for name in ("National Domestic Violence Hotline", "988 Suicide & Crisis Lifeline",
                 "Crisis Text Line", "RAINN National Sexual Assault Hotline",
                 "StrongHearts Native Helpline", "The Trevor Project",
                 "National Domestic Abuse Helpline", "Samaritans",
                 "Women's Aid 24hr National Freephone Helpline", "1800RESPECT",
                 "Lifeline Australia", "Kids Help Phone", "Women's Refuge", "Need to talk? 1737",
                 "Lifeline Aotearoa", "9-8-8 Suicide Crisis Helpline"):
        assert name in lines, name
    ndvh = lines["National Domestic Violence Hotline"]
    assert set(ndvh.numbers) == {("phone", "1-800-799-7233"), ("tty", "1-800-787-3224"),
                                 ("text", "88788")}


@pytest.mark.parametrize("line", published_lines(), ids=lambda line: line.name)
def test_each_entry_is_a_fact_with_its_source(line) -> None:  # noqa: ANN001
    """Every number is one havenprint would print for each of the line's countries (a full
    number in its first), with its source and the date it was recorded; and a line printing
    exactly what the table says draws no error."""
    assert urlsplit(line.source).scheme == "https" and urlsplit(line.source).hostname
    assert line.recorded.year >= 2026
    assert line.numbers, "a line with no number guards nothing"
    parse = {"phone": parse_phone, "tty": parse_tty, "text": parse_text_number}
    for kind, number in line.numbers:
        for country in line.countries:
            phone = parse[kind](number, country)
            if country != line.countries[0]:
                assert not phone.e164.startswith("+") or country in ("CA", "US"), number
            field = "text.number" if kind == "text" else kind
            assert differences({field: phone}, [line.name], None, country) == []
    for domain in line.web:
        assert "/" not in domain and "." in domain


def test_names_are_read_alike_in_case_punctuation_and_the() -> None:
    assert normalised("The Trevor Project") == normalised("trevor-project") == "trevor project"
    assert normalised("988 Suicide & Crisis Lifeline") == "988 suicide and crisis lifeline"
    assert normalised("WOMEN’S AID") == normalised("Womens Aid")
    assert len({normalised(name) for name in (
        "National Domestic Violence Hotline", "national domestic violence hot line",
        "National Domestic Violence Helpline", "National Domestic Violence Hotlines",
        "Natl. Domestic Violence Hotline", "Nat'l Domestic Violence Help-Line",
        "Nat. DV Hotline", "National D.V. Hotline")}) == 1
    assert normalised("Línea Doméstica") == normalised("Linea Domestica")
    assert normalised("Đường dây nóng") == normalised("Duong day nong")


@pytest.mark.parametrize(("names", "url", "found"), [
    (["National Domestic Violence Hotline"], None, "National Domestic Violence Hotline"),
    (["the national domestic-violence hotline (Spanish)"], None,
     "National Domestic Violence Hotline"),
    (["Chat with an advocate"], "https://www.thehotline.org/get-help/",
     "National Domestic Violence Hotline"),
    (["Línea Nacional", "National Domestic Violence Hotline"], None,
     "National Domestic Violence Hotline"),
    (["The Trevor Project"], None, "The Trevor Project"),
    (["Samaritans"], None, "Samaritans"),
])
def test_a_line_is_named_by_its_name_or_its_web_address(names: list[str], url: str | None,
                                                        found: str) -> None:
    assert found in [line.name for line in named_lines(names, url)]


@pytest.mark.parametrize(("names", "url"), [
    (["Ohio Domestic Violence Hotline"], None),  # not the national line
    (["Columbus Crisis Line"], "https://www.notthehotline.org"),  # another domain
    (["Columbus Crisis Line"], "https://thehotline.org.example.com"),
    (["Shoutout Youth Center"], None),  # a word that starts with a name is not the name
    (["Childlines of Ohio"], None),
    (["Local shelter"], None),
])
def test_unrelated_lines_are_not_named(names: list[str], url: str | None) -> None:
    assert named_lines(names, url) == []


@pytest.mark.parametrize(("field", "number", "country", "says"), [
    ("phone", "1-800-799-7223", "US", f"1-800-799-7223 differs from {NDVH} 1-800-799-7233"),
    ("phone", "1-800-799-2733", "US", f"1-800-799-2733 differs from {NDVH} 1-800-799-7233"),
    ("phone", "1-800-797-9233", "US", f"1-800-797-9233 differs from {NDVH} 1-800-799-7233"),
    ("phone", "1-800-799-7834", "US", f"1-800-799-7834 differs from {NDVH} 1-800-799-7233"),
    ("tty", "1-800-787-3242", "US", f"1-800-787-3242 differs from {NDVH} 1-800-787-3224"),
    ("text.number", "87788", "US", f"87788 differs from {NDVH} 88788"),
    ("phone", "1-800-787-3224", "US", "1-800-787-3224 is the National Domestic Violence "
                                      "Hotline's published TTY number, not its number"),
])
def test_a_number_a_digit_or_two_off_is_found(field: str, number: str, country: str,
                                              says: str) -> None:
    parse = {"phone": parse_phone, "tty": parse_tty, "text.number": parse_text_number}[field]
    found = differences({field: parse(number, country)}, ["National Domestic Violence Hotline"],
                        None, country)
    assert [difference.field for difference in found] == [field]
    assert says in found[0].message, found[0].message


@pytest.mark.parametrize(("number", "country"), [
    ("614-555-0100", "US"),  # the hotline's local affiliate: far from every published number
    ("1-800-799-7233", "US"),
    ("1-800-555-7233", "US"),  # three digits away
])
def test_a_number_far_from_the_published_ones_is_not_called_a_slip(number: str,
                                                                   country: str) -> None:
    phone = parse_phone(number, country)
    assert differences({"phone": phone}, ["National Domestic Violence Hotline"], None,
                       country) == []


def test_short_numbers_are_compared_only_where_they_mean_the_line() -> None:
    """116 123 is Samaritans in the UK and Ireland; 1737 is New Zealand's line: a short number
    of another country is another number. (1707 is texted there: phonenumbers lists it as an
    SMS short code only, not a number to call.)"""
    texted = parse_text_number("1707", "NZ")
    assert differences({"text.number": texted}, ["Need to talk? 1737"], None, "NZ")
    assert not differences({"phone": parse_phone("988", "US")}, ["Need to talk? 1737"], None,
                           "US")


# --- check, build and the web page ---------------------------------------------------------

def test_check_refuses_a_slip_with_the_published_number(kit: Path, run) -> None:
    edit(kit / "resources.yaml", "phone: 1-800-799-7233", "phone: 1-800-799-7223")
    result = run("check", kit)
    assert result.code == 1
    assert (f"{kit / 'resources.yaml'}:29: National Domestic Violence Hotline: phone: "
            f"1-800-799-7223 differs from {NDVH} 1-800-799-7233 (published at "
            "https://www.thehotline.org/, recorded 2026-12-06): check the number with the "
            f"line itself; {CONFIRM} to the line") in result.err, result.err


def test_check_refuses_a_slip_in_the_texting_number(kit: Path, run) -> None:
    edit(kit / "resources.yaml", 'text: {number: "88788", keyword: START}',
         'text: {number: "88878", keyword: START}')
    result = run("check", kit)
    assert result.code == 1
    assert (f"{kit / 'resources.yaml'}:31: National Domestic Violence Hotline: text.number: "
            f"88878 differs from {NDVH} 88788") in result.err, result.err


def test_a_line_named_by_its_web_address_only_is_checked(kit: Path, run) -> None:
    (kit / "resources.yaml").write_text(
        "resources:\n  - name: Talk to an advocate\n    phone: 1-800-799-7323\n"
        "    url: https://www.thehotline.org/\n    verified: 2026-11-01\n"
        "  - name: Emergency\n    phone: \"911\"\n    verified: 2026-11-01\n", encoding="utf-8")
    result = run("check", kit)
    assert result.code == 1
    assert (f"{kit / 'resources.yaml'}:3: Talk to an advocate: phone: 1-800-799-7323 differs "
            f"from {NDVH} 1-800-799-7233") in result.err, result.err


def test_a_uk_kit_is_checked_against_uk_lines(kit: Path, run) -> None:
    edit(kit / "site.yaml", "country: US", "country: GB")
    (kit / "resources.yaml").write_text(
        "resources:\n  - name: Refuge National Domestic Abuse Helpline\n"
        "    phone: 0808 2000 274\n    verified: 2026-11-01\n"
        "  - name: Samaritans\n    phone: \"116 111\"\n    verified: 2026-11-01\n"
        "  - name: Emergency\n    phone: \"999\"\n    verified: 2026-11-01\n", encoding="utf-8")
    result = run("check", kit)
    assert result.code == 1
    assert ("phone: 0808 2000 274 differs from Refuge's National Domestic Abuse Helpline's "
            "published 0808 2000 247") in result.err, result.err
    assert "phone: 116 111 differs from Samaritans' published 116 123" in result.err


def test_a_deliberate_difference_is_confirmed_on_the_line_and_builds(kit: Path, run) -> None:
    edit(kit / "resources.yaml", "phone: 1-800-799-7233",
         "phone: 1-800-799-7234\n    differs_from_published: true")
    out = kit.parent / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--no-previews")
    assert result.code == 0, result.err
    assert "1-800-799-7234" in " ".join(page_texts(out / "en" / "pocket-card.pdf")[1].split())


def _lines(first: str) -> str:
    return (f"resources:\n{first}    verified: 2026-11-01\n"
            "  - name: Emergency\n    phone: \"911\"\n    verified: 2026-11-01\n")


def test_a_near_number_on_an_unrelated_line_is_a_warning_and_builds(kit: Path, run) -> None:
    """A local line may really have a number one digit from a national one: a warning
    (a false error would stop its cards), silenced by the line's own setting; two digits
    away with nothing else in common is not remarked on."""
    (kit / "resources.yaml").write_text(_lines(
        "  - name: Ohio Legal Aid\n    phone: 1-800-799-7234\n"), encoding="utf-8")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 0, result.err
    assert (f"{kit / 'resources.yaml'}:3: warning: Ohio Legal Aid: phone: 1-800-799-7234 is "
            f"one digit away from {NDVH} 1-800-799-7233 (published at "
            "https://www.thehotline.org/, recorded 2026-12-06): if this line is the National "
            "Domestic Violence Hotline, its number is wrong; if it is another line with a "
            "number of its own, add `differs_from_published: true` to the line to say so"
            ) in result.err, result.err
    edit(kit / "resources.yaml", "phone: 1-800-799-7234",
         "phone: 1-800-799-7234\n    differs_from_published: true")
    assert "published" not in run("check", kit, "--format", "pocket-card").err
    (kit / "resources.yaml").write_text(_lines(
        "  - name: Ohio Legal Aid\n    phone: 1-800-799-7200\n"), encoding="utf-8")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 0 and "published" not in result.err, result.err


@pytest.mark.parametrize("name", [
    "Línea Nacional sobre la Violencia Doméstica",  # the default kit's own Spanish name
    "The Hotline", "National Domestic Violence Hot Line", "National Domestic Violence Helpline",
    "Natl. Domestic Violence Hotline", "Nat'l DV Hotline", "NDVH",
    "National Domestic Violence Hotlines", "全国家庭暴力热线", "全國家庭暴力熱線",
    "الخط الوطني الساخن للعنف الأسري", "Duong day nong Quoc gia ve Bao luc Gia dinh",
])
def test_a_line_named_in_another_language_or_way_is_checked(name: str) -> None:
    found = differences({"phone": parse_phone("1-800-799-7223", "US")}, [name], None, "US")
    assert [(f.field, f.severity) for f in found] == [("phone", "error")], (name, found)
    assert f"1-800-799-7223 differs from {NDVH} 1-800-799-7233" in found[0].message


@pytest.mark.parametrize(("name", "country", "number", "published", "owner"), [
    # the names, aliases and translations a verifier found unnamed (issue 39)
    ("Línea Nacional de Violencia Doméstica", "US", "1-800-799-7244", "1-800-799-7233", NDVH),
    ("Línea Directa Nacional de Violencia Doméstica", "US", "1-800-799-7244", "1-800-799-7233",
     NDVH),
    ("NDVH (Spanish)", "US", "1-800-799-7244", "1-800-799-7233", NDVH),
    ("The Hotline", "US", "1-800-799-7244", "1-800-799-7233", NDVH),
    ("Chat at thehotline.org", "US", "1-800-799-7244", "1-800-799-7233", NDVH),
    ("WWW.TheHotline.org/es", "US", "1-800-799-7244", "1-800-799-7233", NDVH),
    ("Línea 988", "US", "1-800-273-8266", "1-800-273-8255",
     "the 988 Suicide & Crisis Lifeline's published"),
    ("Línea de Prevención del Suicidio y Crisis", "US", "1-800-273-8266", "1-800-273-8255",
     "the 988 Suicide & Crisis Lifeline's published"),
    ("Jeunesse, J’écoute", "CA", "1-800-668-6886", "1-800-668-6868",
     "Kids Help Phone's published"),
    ("Ligne d’écoute Espoir pour le mieux-être", "CA", "1-855-242-3301", "1-855-242-3310",
     "the Hope for Wellness Help Line's published"),
    ("SOS violence conjugale", "CA", "1-800-363-9001", "1-800-363-9010",
     "SOS violence conjugale's published"),
    ("Línea Nacional de Ayuda de Agresión Sexual", "US", "1-800-656-4664", "1-800-656-4673",
     "RAINN's National Sexual Assault Hotline's published"),
    ("Red Nacional de Prevención del Suicidio", "US", "1-800-273-8266", "1-800-273-8255",
     "the 988 Suicide & Crisis Lifeline's published"),
    ("Proyecto Trevor", "US", "1-866-488-7366", "1-866-488-7386",
     "the Trevor Project's published"),
    ("Ligne d'aide aux femmes agressées", "CA", "1-866-863-0522", "1-866-863-0511",
     "the Assaulted Women's Helpline's published"),
])
def test_a_line_named_by_an_alias_or_translation_is_the_national_line(
        name: str, country: str, number: str, published: str, owner: str) -> None:
    """Two digits off, so that only naming the line (not one digit, nor a shared word) finds
    it: the name is the national line's."""
    found = differences({"phone": parse_phone(number, country)}, [name], None, country)
    assert [(f.field, f.severity, f.code.name) for f in found] == [
        ("phone", "error", "PUBLISHED_NEAR")], (name, found)
    assert f"{number} differs from {owner} {published}" in found[0].message


@pytest.mark.parametrize(("name", "line"), [
    ("Ligne 9-8-8", "9-8-8 Suicide Crisis Helpline"),
    ("Ligne 9‑8‑8 (Canada)", "9-8-8 Suicide Crisis Helpline"),
    ("Ligne d'aide en cas de crise de suicide 988", "9-8-8 Suicide Crisis Helpline"),
    ("988 Lifeline en español", "988 Suicide & Crisis Lifeline"),
])
def test_a_number_in_a_name_is_read_whatever_joins_its_digits(name: str, line: str) -> None:
    assert line in [found.name for found in named_lines([name], None)]


def test_a_translated_name_in_text_is_the_national_line() -> None:
    """Text names the line in Spanish, as directories write it: two digits off is refused."""
    from generator.content.text_numbers import number_problems

    found = number_problems("Llame a la Línea Nacional de Violencia Doméstica al "
                            "1-800-799-7244.", "US")
    assert [written for written, _ in found] == ["1-800-799-7244"]
    assert "the text names the National Domestic Violence Hotline" in found[0][1]
    assert number_problems("Llame al 1-800-799-7244.", "US") == ()  # unnamed: two digits


@pytest.mark.parametrize("name", [
    "Domestic Violence Services",  # shares its words, not its whole name
    "Ohio Domestic Violence Hotline",
    "Servicios de violencia doméstica",
    "家庭暴力求助",
])
def test_a_near_number_on_a_line_sharing_its_words_is_an_error(name: str) -> None:
    for number in ("1-800-799-7223", "1-800-799-2733"):  # one and two digits away
        found = differences({"phone": parse_phone(number, "US")}, [name], None, "US")
        assert [(f.field, f.severity) for f in found] == [("phone", "error")], (name, found)
        assert f"{number} is " in found[0].message
        assert f"away from {NDVH} 1-800-799-7233" in found[0].message
        assert "and the line's name shares" in found[0].message


def test_every_name_the_default_kit_gives_a_national_line_names_it() -> None:
    """content/resources.yaml names the national lines in 20 languages: each name, with a
    number a digit off, is refused (a Spanish kit printing 1-800-799-7223 under the line's
    Spanish name printed it before)."""
    import yaml

    from tests.conftest import REPO

    default = yaml.safe_load((REPO / "content" / "resources.yaml").read_text(encoding="utf-8"))
    checked = 0
    for line in default["resources"]:
        names = line["name"] if isinstance(line["name"], dict) else {"": line["name"]}
        published = [found for found in named_lines([names.get("en", "")], line.get("url"))]
        if not published or "phone" not in line or not str(line["phone"]).startswith("1-"):
            continue
        digits = str(line["phone"])
        slip = f"{digits[:-1]}{(int(digits[-1]) + 1) % 10}"  # the last digit one off
        for lang, name in names.items():
            assert published[0].name in [found.name for found in named_lines([name], None)], (
                lang, name)
            found = differences({"phone": parse_phone(slip, "US")}, [name], None, "US")
            assert [f.severity for f in found] == ["error"], (lang, name)
            checked += 1
    assert checked >= 20


@pytest.mark.parametrize("name", [
    "Ohio Legal Aid", "Hotline Ohio", "Local shelter", "Columbus Women's Center",
])
def test_lines_are_not_named_by_generic_words(name: str) -> None:
    assert named_lines([name], None) == []
    found = differences({"phone": parse_phone("1-800-799-7223", "US")}, [name], None, "US")
    assert [f.severity for f in found] == ["warning"], found


def test_short_numbers_are_not_compared_by_number_alone() -> None:
    """911 is two digits from 988: short numbers are close by nature."""
    for number in ("911", "211", "711"):
        assert differences({"phone": parse_phone(number, "US")}, ["Local line"], None,
                           "US") == []


def test_a_spanish_kit_naming_the_line_in_spanish_is_refused(tmp_path: Path, run) -> None:
    """The verifier's kit: `languages: [es]`, the line under the default kit's own Spanish
    name with 1-800-799-7223. build printed it and its QR code called it."""
    kit = default_kit_in(tmp_path / "content", ["es"])
    (kit / "resources.yaml").write_text(_lines(
        "  - name: Línea Nacional sobre la Violencia Doméstica\n    phone: 1-800-799-7223\n"),
        encoding="utf-8")
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-card", "--no-previews")
    assert result.code == 1
    assert (f"{kit / 'resources.yaml'}:3: Línea Nacional sobre la Violencia Doméstica: phone: "
            f"1-800-799-7223 differs from {NDVH} 1-800-799-7233") in result.err, result.err
    assert not (out / "es" / "pocket-card.pdf").exists()


def test_another_lines_invalid_number_does_not_hide_the_slip(kit: Path, run) -> None:
    """Every problem at once: a line whose number is not valid (989) stopped the file's
    validation, and the wrong digit of the line above it showed only once 989 was mended.
    The same within one line: an invalid web address beside a wrong digit."""
    (kit / "resources.yaml").write_text(
        "resources:\n  - name: National Domestic Violence Hotline\n    phone: 1-800-799-7223\n"
        "    verified: 2026-11-01\n  - name: Local line\n    phone: \"989\"\n"
        "    verified: 2026-11-01\n  - name: 988 Lifeline\n    phone: 1-800-273-8256\n"
        "    url: not a web address\n    verified: 2026-11-01\n"
        "  - name: Emergency\n    phone: \"911\"\n    verified: 2026-11-01\n", encoding="utf-8")
    result = run("check", kit)
    assert result.code == 1
    said = [line.split(": ", 1)[0].rsplit(":", 1)[-1] + ": " + line.split(": ", 1)[1]
            for line in result.err.splitlines() if "resources.yaml" in line]
    assert said[0].startswith(f"3: National Domestic Violence Hotline: phone: 1-800-799-7223 "
                              f"differs from {NDVH} 1-800-799-7233"), said
    assert said[1].startswith("6: Local line: phone: '989' is not a valid phone number"), said
    assert any(line.startswith("9: 988 Lifeline: phone: 1-800-273-8256 differs from the 988 "
                               "Suicide & Crisis Lifeline's published 1-800-273-8255")
               for line in said), said
    assert any(line.startswith("10: 988 Lifeline: url:") for line in said), said
    assert not any("give a phone" in line or "qr is" in line for line in said), said


def test_the_lines_page_marks_the_slip_and_keeps_the_confirmation(served) -> None:
    import yaml

    from tests.serve_support import csrf_headers, digest_on_disk, table_of

    client, workspace, kit = served
    resources = kit / "resources.yaml"
    table = table_of([("r0", {"phone": "1-800-799-7223"}), ("r1", {}), ("r2", {})])
    draft = client.post("/lines/draft", headers=csrf_headers(workspace),
                        json={"table": table, "format": "pocket-card", "lang": "en"}).json()
    marked = [r for r in draft["remarks"] if r["severity"] == "error"]
    assert [(r["row"], r["field"]) for r in marked] == [("r0", "phone")], marked
    assert "1-800-799-7233" in marked[0]["message"]
    answer = client.post("/lines/save", headers=csrf_headers(workspace),
                         json={"table": table, "base": digest_on_disk(resources)})
    assert answer.status_code == 422
    confirmed = table_of([("r0", {"phone": "1-800-799-7223", "differs_from_published": True}),
                          ("r1", {}), ("r2", {})])
    answer = client.post("/lines/save", headers=csrf_headers(workspace),
                         json={"table": confirmed, "base": digest_on_disk(resources)})
    assert answer.status_code == 200, answer.text
    saved = yaml.safe_load(resources.read_text(encoding="utf-8"))["resources"][0]
    assert saved["differs_from_published"] is True and saved["phone"] == "1-800-799-7223"
    page = client.get("/lines").text
    assert 'data-field="differs_from_published" checked' in page
    # an edit of another field keeps it
    hours = table_of([("r0", {"hours": "Every day"}), ("r1", {}), ("r2", {})])
    answer = client.post("/lines/save", headers=csrf_headers(workspace),
                         json={"table": hours, "base": digest_on_disk(resources)})
    assert answer.status_code == 200, answer.text
    saved = yaml.safe_load(resources.read_text(encoding="utf-8"))["resources"][0]
    assert saved["differs_from_published"] is True and saved["hours"] == "Every day"


def test_the_table_and_every_other_data_file_ship_in_the_package() -> None:
    """An installed havenprint reads the table from its own package: each file of generator/
    that is not Python is matched by pyproject.toml's package-data."""
    import fnmatch
    import tomllib

    from tests.conftest import REPO

    patterns = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))[
        "tool"]["setuptools"]["package-data"]["generator"]
    package = REPO / "generator"
    data = [path.relative_to(package).as_posix() for path in package.rglob("*")
            if path.is_file() and path.suffix not in (".py", ".pyc")
            and "__pycache__" not in path.parts]
    assert "content/published_lines.yaml" in data
    assert [name for name in data
            if not any(fnmatch.fnmatch(name, pattern) for pattern in patterns)] == []


@pytest.mark.parametrize(("old", "new"), [
    ("paper: letter", "paper: leter"),  # a setting misspelled
    ("organization: Lives Healing", "organization: Lives Healing\nbogus_setting: 1"),
])
def test_a_site_yaml_problem_does_not_hide_the_slip(kit: Path, run, old: str, new: str) -> None:
    """site.yaml that did not load stopped the lines being read: the wrong digit showed only
    once site.yaml was mended. Both are said at once (issue 39)."""
    edit(kit / "site.yaml", old, new)
    edit(kit / "resources.yaml", "phone: 1-800-799-7233", "phone: 1-800-799-7223")
    result = run("check", kit)
    assert result.code == 1
    assert f"{kit / 'site.yaml'}:" in result.err, result.err
    assert (f"{kit / 'resources.yaml'}:29: National Domestic Violence Hotline: phone: "
            f"1-800-799-7223 differs from {NDVH} 1-800-799-7233") in result.err, result.err
    edit(kit / "resources.yaml", "phone: 1-800-799-7223", "phone: 1-800-799-7233")
    assert "resources.yaml" not in run("check", kit).err  # the lines alone say nothing


def _full_alignment(first: str, second: str) -> int:
    """Optimal string alignment, every cell computed: what _distance must agree with."""
    rows = [list(range(len(second) + 1))]
    for i, a in enumerate(first, 1):
        row = [i]
        for j, b in enumerate(second, 1):
            cost = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + (a != b))
            if i > 1 and j > 1 and a == second[j - 2] and first[i - 2] == b:
                cost = min(cost, rows[-2][j - 2] + 1)
            row.append(cost)
        rows.append(row)
    return rows[-1][-1]


@given(st.text("0123456789", max_size=13), st.lists(st.tuples(
    st.integers(0, 3), st.integers(0, 20), st.sampled_from("0123456789")), max_size=4))
def test_the_digits_away_are_those_of_a_full_alignment(number: str,
                                                       changes: list[tuple[int, int, str]]
                                                       ) -> None:
    """_distance skips what cannot be two digits away (an import compares 20,000 numbers
    with every published one): up to two it is the full alignment's, beyond it 3."""
    from generator.content.published_lines import _distance

    other = list(number)
    for kind, place, digit in changes:  # change, add, drop a digit, swap two neighbours
        at = place % (len(other) + 1)
        if kind == 0 and at < len(other):
            other[at] = digit
        elif kind == 1:
            other.insert(at, digit)
        elif kind == 2 and at < len(other):
            del other[at]
        elif kind == 3 and at + 1 < len(other):
            other[at], other[at + 1] = other[at + 1], other[at]
    written = "".join(other)
    assert _distance(number, written) == min(_full_alignment(number, written), 3)


@pytest.mark.parametrize(("name", "field", "number", "published"), [
    ("CrisisTextLine", "text.number", "741714", "741741"),
    ("Crisis TextLine", "text.number", "741714", "741741"),
    ("crisistextline", "text.number", "741714", "741741"),
    ("TheHotline", "phone", "1-800-799-7223", "1-800-799-7233"),
    ("NationalDomesticViolenceHotline", "phone", "1-800-799-7223", "1-800-799-7233"),
    ("Call NationalDomesticViolenceHelpline", "phone", "1-800-799-7223", "1-800-799-7233"),
    ("TrevorProject", "phone", "1-866-488-7836", "1-866-488-7386"),
])
def test_a_name_written_without_spaces_names_the_national_line(
        name: str, field: str, number: str, published: str) -> None:
    """"CrisisTextLine" with the swapped texting number 741714 passed (issue 39 verifier):
    names are compared with their spaces, case and punctuation aside."""
    parse = {"phone": parse_phone, "text.number": parse_text_number}[field]
    found = differences({field: parse(number, "US")}, [name], None, "US")
    assert [(f.field, f.severity) for f in found] == [(field, "error")], (name, found)
    assert f"{number} differs from" in found[0].message
    assert f"published {published}" in found[0].message or published in found[0].message


@pytest.mark.parametrize("text", ["the women said", "Ohio DomesticViolenceHotline",
                                  "Childlines of Ohio", "Sheltered Hotlines Ohio"])
def test_words_that_only_run_together_by_chance_name_no_line(text: str) -> None:
    assert named_lines([text], None) == []


def test_check_refuses_a_swapped_texting_number_under_an_unspaced_name(kit: Path,
                                                                        run) -> None:
    (kit / "resources.yaml").write_text(_lines(
        "  - name: CrisisTextLine\n    text: {number: \"741714\", keyword: HOME}\n"),
        encoding="utf-8")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1, result.err
    assert "CrisisTextLine: text.number: 741714 differs from Crisis Text Line's published" \
        in result.err, result.err


# --- another national line's number, a texting keyword (red team, session 8) ---------------

@pytest.mark.parametrize(("field", "number", "other", "theirs"), [
    ("phone", "1-800-273-8255", "the 988 Suicide & Crisis Lifeline's published number",
     "1-800-799-7233"),
    ("text.number", "741741", "Crisis Text Line's published texting number", "88788"),
    ("text.number", "988", "the 988 Suicide & Crisis Lifeline's published texting number",
     "88788"),
])
def test_another_national_lines_number_under_this_ones_name_is_found(
        field: str, number: str, other: str, theirs: str) -> None:
    """Not a digit off, so no slip by distance: the whole number of another line, which a
    call or text under the hotline's name would reach instead."""
    parse = parse_text_number if field == "text.number" else parse_phone
    found = differences({field: parse(number, "US")}, ["National Domestic Violence Hotline"],
                        None, "US")
    assert [(f.field, f.code) for f in found] == [(field, Code.PUBLISHED_OTHER_LINE)], found
    assert found[0].message.startswith(f"{number} is {other} "), found[0].message
    assert "not the National Domestic Violence Hotline's; " in found[0].message
    assert f"Hotline's {'texting number' if field == 'text.number' else 'number'} is " \
           f"{theirs}:" in found[0].message
    # a line naming both is given either's numbers, and text naming one may quote another's
    assert not differences({field: parse(number, "US")},
                           ["National Domestic Violence Hotline", other.split("'s")[0]
                            .removeprefix("the ")], None, "US")


def test_check_refuses_another_lines_number_and_keyword_with_file_line_and_field(
        kit: Path, run) -> None:
    edit(kit / "resources.yaml", "phone: 1-800-799-7233", "phone: 1-800-273-8255")
    edit(kit / "resources.yaml", 'text: {number: "88788", keyword: START}',
         'text: {number: "88788", keyword: STRAT}')
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 1
    assert (f"{kit / 'resources.yaml'}:29: National Domestic Violence Hotline: phone: "
            "1-800-273-8255 is the 988 Suicide & Crisis Lifeline's published number "
            "(published at https://988lifeline.org/, recorded 2026-12-06), not the National "
            "Domestic Violence Hotline's; the National Domestic Violence Hotline's number is "
            "1-800-799-7233") in result.err, result.err
    assert (f"{kit / 'resources.yaml'}:31: National Domestic Violence Hotline: text.keyword: "
            f"STRAT is not {NDVH} keyword START for 88788 (published at "
            "https://www.thehotline.org/, recorded 2026-12-06)") in result.err, result.err
    edit(kit / "resources.yaml", "phone: 1-800-273-8255",
         "phone: 1-800-273-8255\n    differs_from_published: true")
    result = run("check", kit, "--format", "pocket-card")
    assert result.code == 0 and "published" not in result.err, result.err


@pytest.mark.parametrize("keyword", ["START", "start", " Start "])
def test_the_published_keyword_in_any_case_is_the_lines(keyword: str) -> None:
    texted = parse_text_number("88788", "US")
    assert not differences({"text.number": texted}, ["National Domestic Violence Hotline"],
                           None, "US", keyword)
