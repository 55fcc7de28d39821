"""Answers read from CLDR (babel's locale data) kept on disk: a language's name as a kit
prints it, a language's own digits. Each asks babel to load a locale's whole data (5-25 ms
a locale, root's merged in), and a new process asked again for the same few answers on its
first document, in every forked copy.

An answer depends on what it was asked, the code that works it out (the source of the module
that asks, and of localize.py, which maps language codes to babel's), babel's data (its
version) and Python's Unicode version; ICU's, for digits worked out with it. That is the key.
"""

from __future__ import annotations

import hashlib
import unicodedata
from collections.abc import Callable
from pathlib import Path

import babel

from generator.disk_cache import kept
from generator.engine import remembered

VERSION = "1"
LOCALIZE = Path(__file__).with_name("localize.py")


def kept_answer(question: str, asked: tuple[str, ...], module: Path,
                work_out: Callable[[], str], libraries: tuple[str, ...] = ()) -> str:
    """`work_out()`, or what an earlier process worked out for the same question."""
    key = hashlib.sha256(repr((VERSION, question, asked, _code(module), libraries)).encode())
    return kept("cldr", f"{question}-{key.hexdigest()[:32]}", work_out,
                lambda found: isinstance(found, str), most=4096)


@remembered(8)
def _code(module: Path) -> str:
    digest = hashlib.sha256(repr((babel.__version__, unicodedata.unidata_version)).encode())
    for source in (module, LOCALIZE):
        digest.update(source.read_bytes())
    return digest.hexdigest()
