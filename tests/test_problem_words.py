"""Problems are data (issue 41): every code of generator/errors.Code is built somewhere in
generator/, carries the fields it declares, and has words on the command line (its message,
`path:line: message [lang]`) and on the web page (serve/plain.py's table, from its fields,
never from its message)."""

from __future__ import annotations

import ast
import re
from dataclasses import replace
from pathlib import Path

import pytest

from generator.errors import Code, Problem
from generator.serve.plain import SAID, Said, Words, plain

ROOT = Path(__file__).resolve().parent.parent / "generator"
# What the page never says: commands, flags, YAML, template syntax, a field left empty.
BANNED = ("`", "havenprint check", "havenprint build", "havenprint locale", "--force",
          "site.yaml", "resources.yaml", "slot '", "{{{", "[en]", "[es]")
# A value for each field a code may carry, of the kind problems give it.
SAMPLES: dict[str, object] = {
    "absent": ("services.csv",), "address": "https://directory.example.org/hsds",
    "advice": "string", "always": ("en",), "blank": 40, "block": "title", "builtin": 1,
    "char": "U+001B", "characters": "'☎' (U+260E)", "chars": ("U+200B",),
    "checked": "2024-01-31", "choices": "letter, a4", "claim": "any time",
    "colour": "#ffee00", "column": "phone", "phrase": "a cualquier hora",
    "columns": ("phone",), "count": 3, "country": "ZZ", "digits": 5000, "edited": 1,
    "emergency_number": "112",
    "end": 40, "english": "Scan to call", "expected": "es", "face": "back",
    "field": "brand_color", "file": "data.json", "first": "Local Shelter", "fit": 17,
    "floor": 7, "folder": "../base", "format": "pocket-card", "forms": "a text, or a list",
    "package": "fonts-noto-core",
    "formula": "Flesch-Kincaid", "found": "a list", "free": "not-free", "given": "vi",
    "grade": 9.5, "half": 0, "height": 80, "helpline": "National Hotline", "hours": "Mon-Fri",
    "index": 2, "kept": "National Hotline", "key": "scan_tel", "keyword": "STRAT", "kind": "hours",
    "label": 1, "langs": ("es",), "languages": ("es",), "left_out": 1, "length": 130,
    "limit": 120, "line": "National Hotline", "list": 1, "listed": 0, "markdown": 0,
    "missing": ("phone",), "months": 12, "name": "National Hotline", "names": ("Hotline",),
    "needed": 4.5, "note": "drafted by a machine", "number": "1-900-555-0199",
    "numbers": ("555-0100",), "option": "size", "original": "locales/es.xlf",
    "other": "poster", "others": ("Local Shelter",), "over": 12.5,
    "owner": "the National Domestic Violence Hotline", "pack": "teen", "page": 3,
    "pages": 2, "panel": "panel 1", "panels": ("0",), "part": "panel 2",
    "payload": "https://example.org/a-very-long-address", "plain_list": 0,
    "points": 3, "printed_on": ("the poster",), "published": "1-800-799-7233",
    "published_kind": "phone", "qr": "url", "quote": "click here", "ratio": 2.1,
    "read": "2026-01-02", "reason": "it is a premium-rate number", "record": "row 4",
    "recorded": "2025-06-01", "records": 10, "restroom": ("poster",), "brochure": True,
    "resource": "resource 'services'",
    "room": 80, "root": "html", "safety": 1, "said": ("free",),
    "script": "Ethiopic", "second": "brochure", "seconds": 30,
    "sentence": "Call us any time you need", "sentences": ("A long sentence",),
    "setting": "discreet", "shade": "#806600", "share": 40, "short": "pocket-card",
    "side": "below", "size": 300, "size_option": "poster_size", "skipped": 2,
    "slot": "qr_label", "slug": "trauma-bonding", "source": "thehotline.org",
    "start": 3, "status": 503, "stock": "avery-9999", "strays": 4, "table": "services",
    "target": "/etc", "text": "Open 9 to 5", "title": "Pocket card", "today": "2026-01-01",
    "total": 200, "tries": 3, "unit": "words", "unknown": "colour", "unsaid": ("private",),
    "untranslated": ("take_one",), "valid": ("letter", "a4"), "value": "maybe",
    "version": "HSDS 3.0", "wanted": ("emergency",), "what": "page 1 of the services",
    "where": "front", "whole": "Call 911 in an emergency.", "whose": "", "why": "discreet",
    "word": "violence", "wording": "t.safety_note", "words": ("only you",),
    "written": "{emergency",
}
WORDS = Words({"pocket-card": "Pocket card", "poster": "Poster"})
# A template's name left in what the page says (a placeholder such as {emergency} is fine).
LEFT_IN = r"\{(" + "|".join([*SAMPLES, "language", "piece", "format_title"]) + r")(:[a-z]+)?\}"
CODES = [code for code in Code]


def sample(code: Code, optional: bool = True) -> Problem:
    names = code.fields | (code.optional if optional else frozenset())
    return Problem(Path("/kit/site.yaml"), f"the command line's words for {code.value}", 3,
                   "warning", code=code, lang="es",
                   fields={name: SAMPLES[name] for name in names})  # type: ignore[misc]


def test_every_code_has_words_on_the_page() -> None:
    assert set(SAID) == set(Code)


def test_every_field_has_a_sample() -> None:
    declared = {name for code in Code for name in code.fields | code.optional}
    assert declared <= set(SAMPLES), declared - set(SAMPLES)


@pytest.mark.parametrize("code", CODES, ids=[code.value for code in CODES])
def test_every_code_renders_on_the_command_line_and_the_page(code: Code) -> None:
    for problem in (sample(code), sample(code, optional=False)):
        said = str(problem)
        tag = "" if code.names_language else " [es]"
        assert said == f"/kit/site.yaml:3: warning: {problem.message}{tag}"
        assert str(replace(problem, audience="teen")).startswith(
            "/kit/site.yaml:3: warning: audience teen: ")
        for on_field in (False, True):
            page = plain(problem, WORDS, on_field=on_field)
            assert isinstance(page, Said) and page.text.strip(), code
            if code is not Code.FROM_MANIFEST:  # a kit of another version: its message
                assert problem.message.casefold() not in page.text.casefold(), code
            assert not any(banned in page.text for banned in BANNED), (code, page.text)
            assert not re.search(LEFT_IN, page.text), (code, page.text)
            assert not re.search(r"\w.*\bNone\b", page.text), (code, page.text)  # a field
            assert page.text[0].isupper() or not page.text[0].isalpha(), page.text


def test_a_problem_carries_the_fields_its_code_declares() -> None:
    with pytest.raises(TypeError, match="carries the fields"):
        Problem("x", "y", code=Code.LINE_STALE, fields={"name": "A"})
    with pytest.raises(TypeError, match="carries the fields"):
        Problem("x", "y", code=Code.FILE_EMPTY, fields={"name": "A"})


def test_every_code_is_built_somewhere_and_every_problem_has_a_code() -> None:
    """A code nothing builds is a word list for nothing; a Problem built without a code
    would be said from its message, which nothing does any more."""
    used: set[str] = set()
    uncoded = []
    for path in ROOT.rglob("*.py"):
        if path.name == "errors.py" or path.parent.name == "serve" and path.name == "plain.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id == "Code"):
                used.add(node.attr)
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("Problem", "Refused", "FaintText")
                    and path.name != "translator_upload.py"
                    and not any(keyword.arg in ("code", None) for keyword in node.keywords)):
                uncoded.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not uncoded, uncoded
    assert {code.name for code in Code} <= used, {code.name for code in Code} - used


def test_a_long_text_in_a_field_is_shortened_on_the_page() -> None:
    name = "Line " + "x" * 100_000
    problem = Problem("resources.yaml", "…", 2, code=Code.LINE_NO_NAME, fields={"name": name})
    assert len(plain(problem).text) < 400
    problem = Problem("resources.yaml", "…", 2, "info", code=Code.LINE_NOT_PRINTED, lang="en",
                      fields={"format": "poster", "name": name, "why": "discreet",
                              "setting": "poster_discreet"})
    said = plain(problem, WORDS).text
    assert len(said) < 400 and "…" in said


def test_the_language_is_a_field_not_a_suffix() -> None:
    problem = sample(Code.OUTSIDE_WORD)
    assert problem.lang == "es" and "[es]" not in problem.message
    assert str(problem).endswith(" [es]")
    assert "Spanish" in plain(problem, WORDS).text
    assert replace(problem, lang="ar") != problem  # one problem per language
