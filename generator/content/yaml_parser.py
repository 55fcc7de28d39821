"""PyYAML, with the limits and checks havenprint reads every YAML text with: digits with a
leading zero stay text, a document is bounded in size and depth, a key given twice, an escape
spelling a control character, !!binary and impossible dates are problems on their line."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

from generator.content.invisible import control_character_in_value, without_invisible
from generator.errors import Code, ContentError, Problem

# A document may repeat a value with an alias (*name), and an alias may point at a list of
# aliases: a few lines can stand for billions of values ("billion laughs"). Counted with every
# alias expanded, before anything walks the values.
MAX_YAML_NODES = 1_000_000
MAX_YAML_DEPTH = 100  # mappings and lists inside each other
# YAML 1.1 reads a plain 0201234567 as an octal integer (34421111) and 000 as 0: a phone or
# emergency number written without quotes became another number. Digits with a leading zero
# stay text, as YAML 1.2 reads them.
_LEADING_ZERO = re.compile(r"^[-+]?0[0-9][0-9_]*$")


def _keeping_leading_zeros(base: type[yaml.SafeLoader]) -> type[yaml.SafeLoader]:
    resolvers = {first: list(found) for first, found in base.yaml_implicit_resolvers.items()}
    for first in "-+0":
        resolvers.setdefault(first, []).insert(0, ("tag:yaml.org,2002:str", _LEADING_ZERO))
    return type(f"Text{base.__name__}", (base,), {"yaml_implicit_resolvers": resolvers})


SAFE_LOADER = _keeping_leading_zeros(yaml.SafeLoader)
# libyaml, when PyYAML's wheel has it (it usually does): several times faster on big listings.
FAST_LOADER = _keeping_leading_zeros(getattr(yaml, "CSafeLoader", yaml.SafeLoader))
_MERGE_TAG = "tag:yaml.org,2002:merge"
_INT_TAG = "tag:yaml.org,2002:int"
_TIMESTAMP_TAG = "tag:yaml.org,2002:timestamp"
_BINARY_TAG = "tag:yaml.org,2002:binary"
# 1,000 hexadecimal digits are 1,205 decimal ones: any base stays under Python's 4,300.
MAX_INT_CHARACTERS = 1000

KeyPath = tuple[str | int, ...]


def parsed(text: str, path: Path, first_line: int) -> tuple[Any, dict[KeyPath, int]]:
    try:
        try:
            node, data = _parse(text, FAST_LOADER, path, first_line)
        except yaml.YAMLError:  # the pure-Python parser words its errors more plainly
            node, data = _parse(text, SAFE_LOADER, path, first_line)
    except RecursionError:
        raise ContentError(Problem(path, "malformed YAML: nested too deeply",
                                   code=Code.YAML_TOO_DEEP, fields={"limit": None})) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + first_line if mark else None
        reason = exc.problem or exc.context or "malformed YAML"
        raise ContentError(Problem(path, f"malformed YAML: {reason}", line,
                                   code=Code.YAML_MALFORMED, fields={"reason": reason})) from None
    except yaml.YAMLError as exc:
        raise ContentError(Problem(path, f"malformed YAML: {exc}", code=Code.YAML_MALFORMED,
                                   fields={"reason": str(exc)})) from None
    lines: dict[KeyPath, int] = {}
    if node is not None:
        _collect_lines(node, (), lines, first_line)
    return data, lines


def safe_load(text: str, path: Path, first_line: int = 1) -> Any:
    """`yaml.safe_load` with the limits of `parse_yaml` (front matter in articles)."""
    return _parse(text, SAFE_LOADER, path, first_line)[1]


def _parse(text: str, loader_class: type, path: Path,
           first_line: int = 1) -> tuple[yaml.Node | None, Any]:
    loader = loader_class(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None, None
        check_size(node, path, first_line)
        check_repeated_keys(node, path, first_line)
        _clean_escapes(node, path, first_line)
        return node, loader.construct_document(node)
    finally:
        loader.dispose()


def check_size(root: yaml.Node, path: Path, first_line: int = 1) -> None:
    """ContentError when the document, its aliases expanded, holds over MAX_YAML_NODES
    values or nests deeper than MAX_YAML_DEPTH. Each node is visited once: an alias is the
    same node object as its anchor, so its expanded size is remembered, not recounted."""
    sizes: dict[int, int] = {}
    stack: list[tuple[yaml.Node, int, bool]] = [(root, 1, False)]
    while stack:
        node, depth, children_done = stack.pop()
        if id(node) in sizes:
            continue
        if depth > MAX_YAML_DEPTH:
            raise ContentError(Problem(path, f"YAML nested over {MAX_YAML_DEPTH} levels deep",
                                       node.start_mark.line + first_line,
                                       code=Code.YAML_TOO_DEEP,
                                       fields={"limit": MAX_YAML_DEPTH}))
        children = _children(node)
        if children_done or not children:
            size = 1 + sum(sizes[id(child)] for child in children)
            if size > MAX_YAML_NODES:
                raise ContentError(Problem(path, (
                    f"YAML holds over {MAX_YAML_NODES:,} values once its aliases (*name) "
                    "are expanded: is this the right file?"), node.start_mark.line + first_line,
                    code=Code.YAML_TOO_BIG, fields={"limit": MAX_YAML_NODES}))
            sizes[id(node)] = size
            continue
        stack.append((node, depth, True))
        stack.extend((child, depth + 1, False) for child in children
                     if id(child) not in sizes)


def check_repeated_keys(root: yaml.Node, path: Path, first_line: int = 1) -> None:
    """ContentError naming every key given twice in one mapping: YAML keeps the last one
    without a word, so a second `phone:` pasted below the first would print silently.
    Checked on the nodes, before merge keys (`<<: *base`) are expanded."""
    problems = []
    for node, loc in _walk(root):
        if not isinstance(node, yaml.MappingNode):
            continue
        first_lines: dict[tuple[str, Any], int] = {}
        for key_node, _ in node.value:
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == _MERGE_TAG:
                continue
            key, line = (key_node.tag, key_node.value), key_node.start_mark.line + first_line
            if key in first_lines:
                problems.append(Problem(path, (
                    f"{_name(loc, key_node.value)}: given twice (also on line "
                    f"{first_lines[key]}); YAML would keep only the last one: remove one"), line,
                    code=Code.YAML_KEY_TWICE,
                    fields={"key": _name(loc, key_node.value), "first": first_lines[key]}))
            first_lines.setdefault(key, line)
    if problems:
        raise ContentError(sorted(problems, key=lambda problem: problem.line or 0))


def _clean_escapes(root: yaml.Node, path: Path, first_line: int) -> None:
    """A double-quoted value may spell a character as an escape ("\\u202e", "\\0"), which the
    file's text did not show to the checks in `read_text`: invisible ones are removed from
    the values too, and a control character (or half of one, "\\ud800") is an error on the
    value's line. So is !!binary (base64 that would become text of any characters), a
    number of over MAX_INT_CHARACTERS digits, which Python would refuse to write out, and a
    date that does not exist (2026-02-30), which PyYAML stops at with a ValueError."""
    for node, loc in _walk(root):
        if node.tag == _TIMESTAMP_TAG and (problem := _impossible_date(node)):
            raise ContentError(Problem(path, f"{_name(loc)}: {node.value} is not a date "
                                       f"({problem}): write it as YYYY-MM-DD",
                                       node.start_mark.line + first_line,
                                       code=Code.YAML_NO_DATE, fields={
                                           "key": _name(loc), "value": node.value,
                                           "reason": problem}))
        if node.tag == _INT_TAG and too_many_digits(node.value):
            raise ContentError(Problem(path, f"{_name(loc)}: a number of {len(node.value):,} "
                                       "digits: is this the right value?",
                                       node.start_mark.line + first_line,
                                       code=Code.YAML_LONG_NUMBER,
                                       fields={"key": _name(loc), "digits": len(node.value)}))
        if node.tag == _BINARY_TAG:  # bytes that would reach a page unchecked
            raise ContentError(Problem(path, f"{_name(loc)}: !!binary data is not text: "
                                       "write the text itself", node.start_mark.line + first_line,
                                       code=Code.YAML_BINARY, fields={"key": _name(loc)}))
        if isinstance(node, yaml.ScalarNode) and node.style == '"':
            if found := control_character_in_value(node.value):
                raise ContentError(Problem(path, f"{_name(loc)}: {found.message}",
                                           node.start_mark.line + first_line,
                                           code=Code.YAML_CONTROL_ESCAPE, fields={
                                               "key": _name(loc), "char": found.char,
                                               "half": int(found.half)}))
            node.value = without_invisible(node.value)


def _impossible_date(node: yaml.Node) -> str | None:
    """Why a value YAML reads as a date or time cannot be one (day is out of range for
    month), or None."""
    constructor = yaml.SafeLoader("")  # for its timestamp constructor alone
    try:
        constructor.construct_yaml_timestamp(node)
    except ValueError as error:
        return str(error)
    finally:
        constructor.dispose()
    return None


def _walk(root: yaml.Node) -> Iterator[tuple[yaml.Node, KeyPath]]:
    """Every node once (an alias is its anchor's node), in document order, with its path."""
    seen_nodes: set[int] = set()
    stack: list[tuple[yaml.Node, KeyPath]] = [(root, ())]
    while stack:
        node, loc = stack.pop()
        if id(node) in seen_nodes:
            continue
        seen_nodes.add(id(node))
        yield node, loc
        children: list[tuple[yaml.Node, KeyPath]] = []
        if isinstance(node, yaml.SequenceNode):
            children = [(item, (*loc, index)) for index, item in enumerate(node.value)]
        elif isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                children += [(key_node, loc), (value_node, (*loc, str(key_node.value)))]
        stack.extend(reversed(children))  # the first child on top


def _name(loc: KeyPath, *more: object) -> str:
    return ".".join(str(part) for part in (*loc, *more)) or "the document"


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return node.value
    if isinstance(node, yaml.MappingNode):
        return [item for pair in node.value for item in pair]
    return []


def _collect_lines(node: yaml.Node, loc: KeyPath, out: dict[KeyPath, int], offset: int) -> None:
    out.setdefault(loc, node.start_mark.line + offset)
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            key = (loc + (str(key_node.value),))
            out[key] = key_node.start_mark.line + offset
            _collect_lines(value_node, key, out, offset)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _collect_lines(item, loc + (index,), out, offset)


def too_many_digits(digits: str) -> bool:
    """Whether an integer written as `digits` (in any base YAML reads) is too long for Python
    to write out again in decimal (sys.get_int_max_str_digits: 4,300 by default)."""
    return len(digits) > MAX_INT_CHARACTERS
