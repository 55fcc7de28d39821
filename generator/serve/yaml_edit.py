"""Edits of YAML files that keep what people wrote: comments, key order, quoting, flow style
(`text: {number: "88788", keyword: START}`) and indentation, through ruamel.yaml's round trip.
A file the page does not change is written back byte for byte.

Every text the page writes is quoted (in double quotes, or in single quotes where the value
had them): havenprint reads YAML 1.1, to which a plain `9:30` is the number 570, `NO` and
`Yes` are false and true and `988` is a number. A value the page does not change keeps its
style. A code (a language as a key or in a list) is quoted only where YAML would read it as
something else (`no`, Norwegian, is false). A key the page adds goes where the importer would
put it (generator/importers/writer.py's KEY_ORDER), after its neighbours.
"""

from __future__ import annotations

import copy
import io
import re
from collections.abc import Iterable, Mapping
from datetime import date
from typing import Any

import yaml
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, SingleQuotedScalarString

from generator.content.round_trip import RoundTripError, parsed, round_trip_yaml

_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


class EditError(ValueError):
    """The file cannot be edited as YAML (it does not parse)."""


class RoundTrip:
    """A YAML document loaded for editing, and the dumper that writes it back as it was.
    Each one is a copy of the document parsed once per text (a draft is made from the same
    file at every keystroke, and parsing is the slow part)."""

    def __init__(self, text: str) -> None:
        self.original = text
        indent, data = _parsed(text)
        self.yaml = round_trip_yaml(indent)
        self.data = copy.deepcopy(data)

    def dump(self) -> str:
        buffer = io.StringIO()
        self.yaml.dump(self.data, buffer)
        return buffer.getvalue()


def _parsed(text: str) -> tuple[tuple[int, int, int], Any]:
    try:
        return parsed(text)
    except RoundTripError as error:
        raise EditError(str(error)) from None


def styled(old: object, new: str) -> str:
    """`new` as the page writes a text: in quotes, single ones where `old` had them."""
    if isinstance(old, SingleQuotedScalarString):
        return SingleQuotedScalarString(new)
    return DoubleQuotedScalarString(new)


def code(text: str) -> str:
    """A code (a language) as a key or a list item: plain, unless YAML 1.1 would read it as
    something else than this text."""
    try:
        read = yaml.safe_load(f"{text}\n")
    except yaml.YAMLError:
        read = None
    return text if read == text else DoubleQuotedScalarString(text)


def set_key(mapping: CommentedMap, key: str, value: Any, order: Iterable[str]) -> None:
    """Set `key`, where it is, or after the keys that come before it in `order`."""
    if key in mapping:
        old = mapping[key]
        if isinstance(value, str):
            if not (isinstance(old, str) and old == value):  # unchanged: written as it was
                mapping[key] = styled(old, value)
        elif not (type(old) is type(value) and old == value):
            mapping[key] = value
        return
    order = list(order)
    rank = order.index(key) if key in order else len(order)
    position = 0
    for index, existing in enumerate(mapping):
        if existing in order and order.index(existing) < rank:
            position = index + 1
    mapping.insert(position, key, styled(None, value) if isinstance(value, str) else value)


def drop_key(mapping: CommentedMap, key: str) -> None:
    if key in mapping:
        del mapping[key]


def set_mapping(mapping: CommentedMap, key: str, wanted: Mapping[str, str],
                order: Iterable[str]) -> None:
    """`key: {lang: text...}` updated in place (its comments and style kept)."""
    current = mapping.get(key)
    if not isinstance(current, CommentedMap):
        fresh = CommentedMap()
        for lang, text in wanted.items():
            fresh[code(lang)] = styled(None, text)
        set_key(mapping, key, fresh, order)
        return
    for lang in [lang for lang in current if lang not in wanted]:
        del current[lang]
    for lang, text in wanted.items():
        if lang in current:
            if current[lang] != text:
                current[lang] = styled(current[lang], text)
        else:
            current[code(lang)] = styled(None, text)


def set_list(mapping: CommentedMap, key: str, items: list[str], order: Iterable[str]) -> None:
    """A list such as `languages: [en, es]`, in place when it exists (flow style kept)."""
    current = mapping.get(key)
    if isinstance(current, CommentedSeq):
        if list(current) != items:
            kept = {str(item): item for item in current}
            current[:] = [kept.get(item, code(item)) for item in items]
        return
    seq = CommentedSeq([code(item) for item in items])
    seq.fa.set_flow_style()
    set_key(mapping, key, seq, order)


def as_date(text: str) -> date | str:
    """A date for `verified`, when it is one; else the text, for the check to report."""
    if _DATE.fullmatch(text):
        try:
            return date.fromisoformat(text)
        except ValueError:
            pass
    return text


def reorder(seq: CommentedSeq, items: list[Any]) -> None:
    """The sequence's items replaced by `items` (a new order, some left out or added)."""
    if list(seq) == items and all(a is b for a, b in zip(seq, items, strict=True)):
        return
    del seq[:]
    seq.extend(items)
