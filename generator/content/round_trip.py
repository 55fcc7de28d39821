"""Edit a YAML mapping in place, keeping what people wrote: comments, key order, quoting and
indentation (ruamel.yaml's round trip); only the values changed are written anew, and a file
edited to the same values comes back byte for byte. For files havenprint writes into the
content folder on a user's behalf (`havenprint locale import`: a catalogue, an article's front
matter). The text is one the loader has already read and checked (limits, aliases): this
only rewrites it."""

from __future__ import annotations

import copy
import io
from collections.abc import Callable, Sequence
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, ScalarString

from generator.engine import remembered

# (mapping, sequence, offset): the common ways of indenting a list of mappings.
INDENTS = ((2, 4, 2), (2, 2, 0), (4, 4, 2), (4, 6, 4), (2, 2, 2), (4, 4, 0))
WIDTH = 4096  # never wrap a long line again


class RoundTripError(ValueError):
    """The text is not a YAML mapping that can be edited."""


def edited(text: str, edit: Callable[[CommentedMap], None]) -> str:
    """`text` with `edit` applied to its top-level mapping (an empty text is an empty one)."""
    indent, data = parsed(text)
    yaml, data = round_trip_yaml(indent), copy.deepcopy(data)
    if data is None:
        data = CommentedMap()
    if not isinstance(data, CommentedMap):
        raise RoundTripError("not a mapping of keys and values")
    edit(data)
    buffer = io.StringIO()
    yaml.dump(data, buffer)
    return buffer.getvalue()


def round_trip_yaml(indent: tuple[int, int, int]) -> YAML:
    """ruamel's round-trip dumper with `indent` (mapping, sequence, offset), quotes kept and
    long lines never wrapped."""
    yaml = YAML()  # round trip
    yaml.preserve_quotes = True
    yaml.width = WIDTH
    mapping, sequence, offset = indent
    yaml.indent(mapping=mapping, sequence=sequence, offset=offset)
    return yaml


@remembered(8)
def parsed(text: str) -> tuple[tuple[int, int, int], Any]:
    """The document and the first indentation that writes it back unchanged (else the first
    tried: the file then changes its indentation, never its content). Remembered (the web
    page makes a draft from the same file at every keystroke, and parsing is the slow part):
    never changed, callers edit a copy."""
    chosen: tuple[tuple[int, int, int], Any] | None = None
    for indent in INDENTS:
        yaml = round_trip_yaml(indent)
        try:
            data = yaml.load(text)
        except YAMLError as error:
            raise RoundTripError(f"not valid YAML: {error}") from None
        buffer = io.StringIO()
        yaml.dump(data, buffer)
        if buffer.getvalue() == text or data is None:
            return indent, data
        chosen = chosen or (indent, data)
    assert chosen is not None
    return chosen


def styled(old: object, new: str) -> str:
    """`new` written the way `old` was (quoted stays quoted); digits alone in quotes, which
    YAML would otherwise read as a number."""
    if isinstance(old, ScalarString):
        return type(old)(new)
    if new.isdigit():
        return DoubleQuotedScalarString(new)
    return new


def set_key(mapping: CommentedMap, key: str, value: Any, order: Sequence[str] = ()) -> None:
    """Set `key` where it is; a new key goes after the keys that come before it in `order`
    (at the end when `order` does not name it)."""
    if isinstance(value, str):
        value = styled(mapping.get(key), value)
    if key in mapping:
        if mapping[key] != value or type(mapping[key]) is not type(value):
            mapping[key] = value
        return
    rank = order.index(key) if key in order else len(order)
    position = len(mapping) if key not in order else 0
    for index, existing in enumerate(mapping):
        if existing in order and order.index(existing) < rank:
            position = index + 1
    mapping.insert(position, key, value)


def set_items(mapping: CommentedMap, key: str, items: Sequence[str],
              order: Sequence[str] = ()) -> None:
    """A list of texts (`key_points:`), changed item by item where it exists (comments and
    quoting kept), else added as a block list."""
    current = mapping.get(key)
    if isinstance(current, CommentedSeq):
        for index, item in enumerate(items):
            if index < len(current):
                if current[index] != item:
                    current[index] = styled(current[index], item)
            else:
                current.append(styled(None, item))
        del current[len(items):]
        return
    set_key(mapping, key, CommentedSeq([styled(None, item) for item in items]), order)
