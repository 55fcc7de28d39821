"""Read a YAML file into plain data plus the line of every key, for `path:line` messages."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from generator.errors import ContentError, Problem
from generator.invisible import without_invisible

MAX_CONTENT_BYTES = 2_000_000
# libyaml, when PyYAML's wheel has it (it usually does): several times faster on big listings.
FAST_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

KeyPath = tuple[str | int, ...]


@dataclass(frozen=True)
class YamlDoc:
    path: Path
    data: Any
    lines: dict[KeyPath, int] = field(default_factory=dict)

    def line_of(self, loc: KeyPath) -> int | None:
        """The line of the deepest known key on `loc` (a missing key points at its parent)."""
        for end in range(len(loc), -1, -1):
            if loc[:end] in self.lines:
                return self.lines[loc[:end]]
        return None


def read_text(path: Path) -> str:
    """A content file's text; non-UTF-8, empty or oversized files are content problems."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ContentError(Problem(path, f"cannot read the file: {exc.strerror}")) from None
    if len(raw) > MAX_CONTENT_BYTES:
        raise ContentError(Problem(path, (
            f"the file is {len(raw):,} bytes; the limit is {MAX_CONTENT_BYTES:,}: "
            "is this the right file?")))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        message = "the file is not UTF-8 text; open it in an editor and save it as UTF-8"
        raise ContentError(Problem(path, message, line)) from None
    text = without_invisible(text)
    if not text.strip():
        raise ContentError(Problem(path, "the file is empty"))
    return text


def parse_yaml(text: str, path: Path, first_line: int = 1) -> YamlDoc:
    """Parse YAML text that starts at `first_line` of `path`."""
    try:
        try:
            node, data = _parse(text, FAST_LOADER)
        except yaml.YAMLError:  # the pure-Python parser words its errors more plainly
            node, data = _parse(text, yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + first_line if mark else None
        reason = exc.problem or exc.context or "malformed YAML"
        raise ContentError(Problem(path, f"malformed YAML: {reason}", line)) from None
    except yaml.YAMLError as exc:
        raise ContentError(Problem(path, f"malformed YAML: {exc}")) from None
    lines: dict[KeyPath, int] = {}
    if node is not None:
        _collect_lines(node, (), lines, first_line)
    return YamlDoc(path, data, lines)


def _parse(text: str, loader_class: type) -> tuple[yaml.Node | None, Any]:
    loader = loader_class(text)
    try:
        node = loader.get_single_node()
        return node, (loader.construct_document(node) if node is not None else None)
    finally:
        loader.dispose()


def load_yaml(path: Path) -> YamlDoc:
    return parse_yaml(read_text(path), path)


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
