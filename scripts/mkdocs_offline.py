"""MkDocs hook (mkdocs.yml `hooks:`): the documentation site works offline, opened from
disk, and loads nothing from anywhere else. The theme's search fetched its index with
XMLHttpRequest in a Web Worker, which a page opened from disk (file://) may not do, so it
found nothing there: the index is written as a script too (search/search_index.js), read by
docs/js/offline-search.js in place of the theme's search/main.js."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

INDEX_SCRIPT = "search/search_index.js"


def on_config(config: Any) -> Any:
    scripts = [script for script in config.extra_javascript
               if str(script) != "search/main.js"]
    config.extra_javascript[:] = [INDEX_SCRIPT, *scripts]
    return config


def on_post_build(config: Any) -> None:
    site = Path(config.site_dir)
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    kept = {"docs": [{"location": doc["location"], "title": doc["title"], "text": doc["text"]}
                     for doc in index.get("docs", [])]}
    (site / INDEX_SCRIPT).write_text(
        "window.havenprintSearchIndex = " + json.dumps(kept, ensure_ascii=False) + ";\n",
        encoding="utf-8")
