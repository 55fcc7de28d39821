"""Parsed YAML kept on disk: a content folder's and the layouts' YAML files, read by a new
process from the cache instead of parsed again (60-90 ms of a new build, before anything
else can start, went to parsing the same layout.yaml files and catalogues).

What parse_yaml gives for a text (its data and the line of every key) depends on the text,
the line it starts at, and the code that parses and checks it: the key is the text itself,
that line, the source of yamlfile.py, yaml_parser.py and invisible.py (the checks it makes),
and PyYAML's and libyaml's builds (found, not imported: 20 ms). Only a text that parsed
without a problem is kept: a text with one is parsed again, and reported, every time.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from generator.disk_cache import installed, kept
from generator.engine import remembered

VERSION = "1"
HERE = Path(__file__).parent
SOURCES = ("yamlfile.py", "yaml_parser.py", "invisible.py")
Parsed = tuple[Any, dict[tuple[str | int, ...], int]]  # (data, line of each key)


def kept_parse(text: str, first_line: int, parse: Callable[[], Parsed]) -> Parsed:
    """`parse()` of `text`, or what an earlier process kept of the same text."""
    digest = hashlib.sha256(repr((VERSION, _code(), first_line)).encode())
    digest.update(text.encode("utf-8", "surrogatepass"))
    return kept("yaml", f"yaml-{digest.hexdigest()[:32]}", parse, _valid, most=4096)


def _valid(found: object) -> bool:
    return isinstance(found, tuple) and len(found) == 2 and isinstance(found[1], dict)


@remembered(1)
def _code() -> str:
    digest = hashlib.sha256(installed("yaml").encode())  # its libyaml extension too
    for name in SOURCES:
        digest.update((HERE / name).read_bytes())
    return digest.hexdigest()

