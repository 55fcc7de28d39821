"""Read a YAML file into plain data plus the line of every key, for `path:line` messages,
parsed by yaml_parser.py (PyYAML)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from generator.content.bounded_read import read_limited
from generator.content.invisible import control_character_problem, without_invisible
from generator.errors import Code, ContentError, Problem

MAX_CONTENT_BYTES = 2_000_000
KeyPath = tuple[str | int, ...]  # yaml_parser's own, which imports PyYAML


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


NOT_UTF8 = "the file is not UTF-8 text; open it in an editor and save it as UTF-8"


def utf8_text(path: Path, raw: bytes, not_utf8: str = NOT_UTF8) -> str:
    """`raw` as text (a byte order mark dropped); not UTF-8 (`not_utf8`, on the line of the
    first byte that is not), or holding a control character, is a problem on its line."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ContentError(Problem(path, not_utf8, raw.count(b"\n", 0, exc.start) + 1,
                                   code=Code.FILE_NOT_UTF8)) from None
    if problem := control_character_problem(path, text):
        raise ContentError(problem)
    return text


def read_text(path: Path) -> str:
    """A content file's text; non-UTF-8, empty or oversized files are content problems."""
    text = without_invisible(utf8_text(path, read_limited(path, MAX_CONTENT_BYTES)))
    if not text.strip():
        raise ContentError(Problem(path, "the file is empty", code=Code.FILE_EMPTY))
    return text


def parse_yaml(text: str, path: Path, first_line: int = 1) -> YamlDoc:
    """Parse YAML text that starts at `first_line` of `path`."""
    _no_control_characters(text, path, first_line)
    return YamlDoc(path, *_parsed(text, path, first_line))


def load_yaml(path: Path) -> YamlDoc:
    """A YAML file, parsed."""
    return parse_yaml(read_text(path), path)


def _no_control_characters(text: str, path: Path, first_line: int) -> None:
    if problem := control_character_problem(path, text):  # a draft from the web page too
        raise ContentError(replace(problem, line=(problem.line or 1) + first_line - 1))


def _parsed(text: str, path: Path, first_line: int) -> tuple[Any, dict[KeyPath, int]]:
    from generator.content import yaml_parser  # PyYAML: not for the commands that read none

    return yaml_parser.parsed(text, path, first_line)
