"""Compiled templates kept in the cache folder (generator/storage/disk_cache.py), and compiled in
memory where they cannot be kept: a full or read-only cache disk made `check` stop with a
traceback from jinja2's bytecode cache. The build goes on, slower, and says so once."""

from __future__ import annotations

from pathlib import Path

from jinja2 import FileSystemBytecodeCache
from jinja2.bccache import Bucket

from generator.storage.disk_cache import cache_folder, not_kept


class KeptTemplates(FileSystemBytecodeCache):
    def __init__(self, pattern: str) -> None:
        self.folder = cache_folder("templates")
        super().__init__(str(self.folder), pattern)

    def load_bytecode(self, bucket: Bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except (OSError, EOFError, ValueError):  # unreadable, or cut short: compiled again
            bucket.reset()

    def dump_bytecode(self, bucket: Bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError as error:  # jinja2 removed its temporary file
            not_kept(Path(self.folder), error)
