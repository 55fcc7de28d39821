"""Unsaved edits kept by the server, so that none is lost when the browser or the server
stops: `<content>/.havenprint/drafts/<key>.json`, written as a page is edited (besides the
browser's own copy), removed when the file is saved or the edits discarded. A page that
opens with a draft kept brings it back (see static/common.js). Keys are made of checked
parts only (`lines`, `settings`, `article:<slug>:<lang>`, `translations:<lang>`).
"""

from __future__ import annotations

import contextlib
import json
import re
from pathlib import Path
from typing import Any

from generator.content.containment import is_inside
from generator.serve.files import ignored_by_git
from generator.storage.write import write_atomic

DRAFTS_FOLDER = Path(".havenprint") / "drafts"
MAX_DRAFT_BYTES = 2_000_000
KEY = re.compile(r"lines|settings|article:[a-z0-9][a-z0-9-]{0,59}:[A-Za-z0-9-]{2,20}"
                 r"|translations:[A-Za-z0-9-]{2,20}")


class DraftError(ValueError):
    """A draft that cannot be kept (said for people)."""


class Drafts:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.folder = root / DRAFTS_FOLDER

    def _path(self, key: str) -> Path:
        if not KEY.fullmatch(key):
            raise DraftError(f"not a page's draft: {key[:40]!r}")
        path = self.folder / f"{key.replace(':', '__')}.json"
        if not is_inside(path, (self.root.resolve(),)):
            raise DraftError(f"{DRAFTS_FOLDER} in the content folder is a link to a folder "
                             "elsewhere: remove it (unsaved edits are kept there)")
        return path

    def keep(self, key: str, value: dict[str, Any]) -> None:
        data = json.dumps(value, ensure_ascii=False).encode("utf-8")
        if len(data) > MAX_DRAFT_BYTES:
            raise DraftError("these edits are too large to keep as a draft: save them")
        path = self._path(key)
        ignored_by_git(self.root)
        write_atomic(path, data, durable=False)

    def get(self, key: str) -> dict[str, Any] | None:
        try:
            path = self._path(key)
            if not path.is_file() or path.stat().st_size > MAX_DRAFT_BYTES:
                return None
            value = json.loads(path.read_text(encoding="utf-8"))
        except (DraftError, OSError, ValueError):
            return None
        return value if isinstance(value, dict) else None

    def drop(self, key: str) -> None:
        with contextlib.suppress(DraftError, OSError):
            self._path(key).unlink(missing_ok=True)
