"""Generated content folders (site.yaml, resources.yaml and an article, with hostile values:
words wider than any slot, pasted web addresses, numbers written into text, odd Unicode) go
through `check` and `build` of every format: exit 0, or exit 1 with a message, never a
traceback (issue 40: a long line name stopped every format with `min() arg is an empty
sequence`; fuzzing hit it in 10 of 1,120 kits). tests/test_input_properties.py generates
values of every YAML type for one format; these are well-formed kits meant to get past
loading and reach layout and drawing in every format."""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from generator.commands.cli import main

pytestmark = pytest.mark.slow  # about a minute on two loaded cores

LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
WORDS = ["help", "line", "Wellness", "contacts", "Crisis", "support", "open", "call", "text",
         "Línea", "de", "ayuda", "مساعدة", "خط", "热线", "帮助", "สายด่วน", "सहायता", "Помощь",
         "24/7", "9am–5pm", "#1", "&", "<b>", "{emergency}", "%s", "'", '"', "—", "·"]
ODD = ["\u0301", "\u200d", "\u202e", "\u00ad", "\ufeff", "ﷺ", "\u0e33", "ǅ", "ß", "İ",
       "\u2028", "\u00a0", "\u3000", "½", "٣", "a\u0308"]
BAD_ODD = ["🦄", "👩‍👩‍👧", "\U0001d400", "Ⅻ", "\U000e0001", "\U0010fffd"]  # in no font
NUMBERS = ["call 1-800-555-0142 now", "dial 988 now", "in 2026 too", "call +1 (800) 555-0142 now"]
BAD_NUMBERS = ["911", "112", "1-900-555-0199", "555-0100", "1-800-555-0142 ext. 12", "1,000"]
URLS = ["https://www.thehotline.org", "https://example.org/" + "a" * 120,
        "HTTPS://EXAMPLE.ORG", "https://例え.jp/パス", "https://bücher.de"]
BAD_URLS = ["https://localhost", "https://ex\u0430mple.org", "https://10.0.0.1/admin",
            "www.example.org/help"]
PHONES = ["1-800-555-0142", "1-800-555-0143", "988", "1-888-555-0147", "211",
          "(800) 555-0144", "+1 800 555 0145"]
BAD_PHONES = ["911", "1-900-555-0199", "555", "+44 20 7946 0000"]
long_words = st.text(st.sampled_from(LETTERS), min_size=30, max_size=160)


def kits(hostile: bool) -> st.SearchStrategy[dict[str, Any]]:
    """(site, lines, article): with `hostile`, also values the build must refuse (premium
    and invalid numbers, web addresses that spoof or a phone cannot open), named on their
    line; without, values meant to get past loading to every layout."""
    def values(good: list[str], bad: list[str]) -> st.SearchStrategy[str]:
        return st.sampled_from(good + bad if hostile else good)

    words = st.one_of(st.sampled_from(WORDS), st.sampled_from(WORDS), st.sampled_from(WORDS),
                      values(ODD, BAD_ODD), values(NUMBERS, BAD_NUMBERS),
                      values(URLS, BAD_URLS), long_words,
                      st.text(st.characters(max_codepoint=0x10FFFF if hostile else 0x24F,
                                            exclude_categories=("Cs", "Cc")),
                              min_size=1, max_size=8))
    texts = st.lists(words, min_size=1, max_size=8).map(" ".join)
    names = st.one_of(texts, st.dictionaries(st.sampled_from(["en", "es", "ar"]), texts,
                                             min_size=1, max_size=3))
    lines = st.fixed_dictionaries(
        {"name": names, "phone": values(PHONES, BAD_PHONES), "verified": st.just("2026-11-01")},
        optional={"hours": texts, "tab_label": texts, "url": values(URLS, BAD_URLS),
                  "text": st.fixed_dictionaries({
                      "number": st.sampled_from(["88788", "741741"]),
                      "keyword": st.one_of(st.sampled_from(["START", "HOME"]), long_words)}),
                  "qr": st.sampled_from(["tel", "url"]), "required": st.booleans(),
                  "languages": st.sampled_from([["en"], ["en", "es"], ["ar"]])}
    ).map(_consistent)
    site = st.fixed_dictionaries(
        {"organization": texts,
         "languages": st.sampled_from([["en"], ["en", "es"], ["en", "ar"]]),
         "discreet_title": st.one_of(st.just("Wellness contacts"), texts)},
        optional={"card_line": texts, "show_organization": st.booleans(),
                  "website": values(URLS, BAD_URLS)})
    article = st.fixed_dictionaries({"title": texts, "card": texts,
                                     "key_points": st.lists(texts, min_size=1, max_size=4),
                                     "paragraph": texts})
    return st.fixed_dictionaries({"site": site, "lines": st.lists(lines, min_size=1,
                                                                   max_size=4),
                                  "article": article})


def _consistent(line: dict[str, Any]) -> dict[str, Any]:
    """A QR code that opens the web address only on a line that has one."""
    if line.get("qr") == "url" and "url" not in line:
        del line["qr"]
    return line


generated = st.one_of(kits(False), kits(False), kits(True))  # two in three reach every layout
EXAMPLES = settings(max_examples=12, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
LONG = "x" * 100
# the fuzzing's own finding: a line's name of 100 letters, second in the list
SECOND_LONG = {"lines": [{"name": "Lives Healing line", "phone": "1-800-555-0142",
                          "verified": "2026-11-01"},
                         {"name": LONG, "phone": "1-800-555-0143", "verified": "2026-11-01"}],
               "site": {"organization": "Lives Healing", "languages": ["en"],
                        "discreet_title": "Wellness contacts"},
               "article": {"title": "Why it can be hard", "card": "You are not alone.",
                           "key_points": [LONG], "paragraph": f"See {URLS[1]} {LONG}"}}


@contextlib.contextmanager
def content_folder(site: dict[str, Any], lines: list[dict[str, Any]],
                   article: dict[str, Any]) -> Iterator[Path]:
    """A content folder of these settings, lines and article (in every language the site
    prints: the same text), with the default kit's catalogues."""
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder) / "content"
        (root / "articles").mkdir(parents=True)
        (root / "site.yaml").write_text(json.dumps(
            {**site, "country": "US", "article": "story"}, ensure_ascii=False), "utf-8")
        (root / "resources.yaml").write_text(json.dumps({"resources": lines},
                                                        ensure_ascii=False), "utf-8")
        front = json.dumps({key: article[key] for key in ("title", "card", "key_points")},
                           ensure_ascii=False)
        for lang in site["languages"]:
            (root / "articles" / f"story.{lang}.md").write_text(
                f"---\n{front}\n---\n\n## Part\n\n{article['paragraph']}\n\nMore words "
                "here for the body.\n", "utf-8")
        yield root


def havenprint(*argv: str | Path) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main([str(arg) for arg in argv])
    return code, err.getvalue()


def assert_exits_cleanly(code: int, err: str) -> None:
    assert code in (0, 1), (code, err[-2000:])
    assert "Traceback" not in err, err[-2000:]
    if code == 1:
        assert "problem(s); see above" in err or err.strip(), "exit 1 without a message"


@EXAMPLES
@given(kit=generated)
@example(kit=SECOND_LONG)
def test_a_generated_kit_checks_in_every_format_or_says_why(kit: dict[str, Any]) -> None:
    with content_folder(kit["site"], kit["lines"], kit["article"]) as kit:
        assert_exits_cleanly(*havenprint("check", kit, "--jobs", "1"))


@settings(EXAMPLES, max_examples=4)
@given(kit=kits(False))
@example(kit=SECOND_LONG)
def test_a_generated_kit_builds_every_format_it_fits(kit: dict[str, Any]) -> None:
    with content_folder(kit["site"], kit["lines"], kit["article"]) as kit:
        out = kit.parent / "out"
        code, err = havenprint("build", kit, "--out", out, "--jobs", "1", "--no-previews",
                               "--target", "office")
        assert_exits_cleanly(code, err)
        if code == 0:
            assert list(out.rglob("*.pdf"))


def test_the_fuzzings_kit_builds_all_but_large_print() -> None:
    """The 100-letter name second in the list: every format but large print is built."""
    with content_folder(SECOND_LONG["site"], SECOND_LONG["lines"],
                        {**SECOND_LONG["article"], "key_points": ["Free support."],
                         "paragraph": "Words."}) as kit:
        out = kit.parent / "out"
        code, err = havenprint("build", kit, "--out", out, "--jobs", "1", "--no-previews",
                               "--target", "office")
        assert code == 1 and "Traceback" not in err
        assert "Not built: large-print (en)" in err
        assert len(list((out / "en").glob("*.pdf"))) == 6
        shutil.rmtree(out)
