"""Work done once per process: parsed articles and layout specs.

A batch builds many sites in one worker process, and most of them share an article (through
`extends:`) and every one of them the built-in layouts. Entries are keyed by the file's path,
size and modification time and a digest of its bytes: reading a small file is cheap, parsing
it is not, and file times alone are too coarse to notice two quick edits.
(QR matrices and font registration have their own caches in qr.py and fonts.py.)
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from generator.content.articles import load_article
from generator.content.bounded_read import read_limited
from generator.content.layouts import LAYOUTS_DIR, Layout, available_layouts
from generator.content.models import Article
from generator.content.yamlfile import MAX_CONTENT_BYTES
from generator.engine import remembered
from generator.errors import ContentError

Stamp = tuple[str, int, int, bytes]  # path, size, mtime_ns, digest


def file_stamp(path: Path) -> Stamp:
    """What identifies a version of `path`; (path, -1, -1, b"") when it cannot be read, or is
    not a file or too big to read (then loading it reports why)."""
    try:
        stat = path.stat()
        digest = hashlib.blake2b(read_limited(path, MAX_CONTENT_BYTES), digest_size=16).digest()
    except (OSError, ContentError):
        return (str(path), -1, -1, b"")
    return (str(path), stat.st_size, stat.st_mtime_ns, digest)


def cached_article(path: Path, slug: str, lang: str) -> Article:
    """`load_article`, parsed once per version of the file (problems are never cached)."""
    return _article(file_stamp(path), path, slug, lang)


@remembered(256)
def _article(stamp: Stamp, path: Path, slug: str, lang: str) -> Article:
    return load_article(path, slug, lang)  # not readable (no stamp): loading it says why


def cached_layouts(content: Path | None = None, root: Path = LAYOUTS_DIR) -> dict[str, Layout]:
    """`available_layouts`, validated once per version of the layout files involved.

    Two sites without layouts of their own share one result; a site with its own
    `layouts/<name>/` gets its own. The caller may not change the dict it gets.
    """
    own = content if content is not None and (content / "layouts").is_dir() else None
    return _layouts(_layout_stamps(root, own), root, own)


def _layout_stamps(root: Path, own: Path | None) -> tuple[Stamp, ...]:
    parents = [root] if own is None else [root, own / "layouts"]
    return tuple(file_stamp(folder / "layout.yaml")
                 for parent in parents for folder in sorted(parent.iterdir())
                 if (folder / "layout.yaml").is_file())


@remembered(64)
def _layouts(stamps: tuple[Stamp, ...], root: Path, own: Path | None) -> dict[str, Layout]:
    return available_layouts(root, own)
