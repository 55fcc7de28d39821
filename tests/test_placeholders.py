"""Catalogue strings take bare `{name}` placeholders only, and `fill` never runs str.format."""

from __future__ import annotations

import re
import string

import pytest
from hypothesis import given
from hypothesis import strategies as st
from jinja2 import TemplateRuntimeError

from generator.content.placeholders import LONE_BRACE, PlaceholderError, names, pieces, substitute
from generator.layout.compose import fill

TRICKS = ["{emergency[0]}", "{emergency.__class__}", "{emergency!r}", "{emergency!s}",
          "{emergency:>20}", "{emergency:}", "{emergency:{number}}", "{0}", "{}", "{!r}",
          "{ emergency }", "{Emergency}", "{émergency}", "{emergency[0]!r:>3}", "{0[0]}"]


@pytest.mark.parametrize("field", TRICKS)
def test_every_other_replacement_field_is_refused(field: str) -> None:
    with pytest.raises(PlaceholderError) as error:
        names(f"Call {field} now.")
    assert error.value.field == field
    assert str(error.value) == f"{field} is not a placeholder"


@pytest.mark.parametrize("text", ["Call {emergency", "Call emergency}", "{emergency}x{",
                                  "{emergency!}", "}{"])
def test_a_lone_brace_is_refused(text: str) -> None:
    with pytest.raises(PlaceholderError, match="lone"):
        names(text)
    assert str(PlaceholderError(LONE_BRACE)) == "a lone '{' or '}': write {{ or }} for a brace " \
        "that prints"


def test_bare_names_and_literal_braces() -> None:
    assert names("Text {keyword} to {number}") == {"keyword", "number"}
    assert names("{{emergency}} is a brace, {date} a date") == {"date"}
    assert pieces("a{{b}}c {x}") == [("a{", None), ("b}", None), ("c ", "x")]
    assert substitute("Call {emergency} {{24/7}}", {"emergency": "911"}) == "Call 911 {24/7}"


def test_fill_escapes_and_refuses_tricks_even_outside_a_catalogue() -> None:
    assert fill("Call <{emergency}> & {{go}}", emergency="9<1>1") == \
        "Call &lt;9&lt;1&gt;1&gt; &amp; {go}"
    with pytest.raises(TemplateRuntimeError, match=r"\{emergency\[0\]\} is not a placeholder"):
        fill("call {emergency[0]}{emergency}", emergency="911")
    with pytest.raises(TemplateRuntimeError, match=r"\{number\} has no value here"):
        fill("call {number}", emergency="911")


BARE_ONLY = re.compile(r"(?:[^{}]|\{\{|\}\}|\{[a-z][a-z0-9_]*\})*", re.DOTALL)
# Format strings built from the pieces tricks are made of, so that fields are common.
_PARTS = st.sampled_from(["{", "}", "{{", "}}", "emergency", "number", "0", "[0]", ".x", "!r",
                          ":", ">20", " ", "call ", "é", "_", "\\", "{emergency}", "{number}"])
FORMAT_STRINGS = st.lists(_PARTS | st.text(max_size=3), max_size=12).map("".join)


@given(FORMAT_STRINGS)
def test_random_format_strings_never_crash_nor_let_a_trick_through(text: str) -> None:
    try:
        parsed = pieces(text)
    except PlaceholderError:
        return
    # Accepted: every field str.format would fill is a bare lowercase name...
    for _, name, spec, conversion in string.Formatter().parse(text):
        if name is not None:
            assert name.isidentifier() and name == name.lower() and name.isascii()
            assert not spec and conversion is None
    # ...and the whole string is literal text, doubled braces and `{name}` fields, nothing else
    assert BARE_ONLY.fullmatch(text)
    # ...and filling it gives exactly what str.format gives for plain text values.
    values = {name: f"<{name}>" for _, name in parsed if name is not None}
    assert substitute(text, values) == text.format(**values)
