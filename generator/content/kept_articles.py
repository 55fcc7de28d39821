"""Parsed articles kept on disk: a new process reads an unchanged article file's Article
from the cache folder instead of parsing it (and importing markdown-it for it).

An Article depends on the file's bytes, where it is (its Source names the file), its slug
and language, and the code that reads it: the key is the bytes' digest (the one caches.py
stamps the file with), the path, slug and language, the source of every module of
generator/content (the parser, the models it fills and the checks it makes), and PyYAML's
and markdown-it's versions. A file with a problem is parsed, and reported, every time; a
file that changed while it was parsed is not kept.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

from generator.content.models import Article
from generator.disk_cache import installed, kept
from generator.engine import remembered

VERSION = "1"
HERE = Path(__file__).parent


def kept_article(digest: bytes, path: Path, slug: str, lang: str, load: Callable[[], Article],
                 unchanged: Callable[[], bool]) -> Article:
    """`load()`'s Article of the file whose bytes have `digest`, or an earlier process's."""
    key = hashlib.sha256(repr((VERSION, _code(), digest, str(path), slug, lang)).encode())
    return kept("articles", f"article-{key.hexdigest()[:32]}", load,
                lambda found: isinstance(found, Article), most=2048, still=unchanged)


@remembered(1)
def _code() -> str:
    digest = hashlib.sha256(repr((installed("yaml"), installed("markdown_it"))).encode())
    for source in sorted(HERE.glob("*.py")):
        digest.update(source.name.encode() + source.read_bytes())
    return digest.hexdigest()
