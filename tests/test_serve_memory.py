"""The web page's server stays flat in memory over many rebuilds of a card preview.

Each rebuild is what a keystroke in the Lines table costs the server: the table applied to
resources.yaml (round trip, comments kept), the lines checked, the card laid out, drawn and
turned into PNGs kept in the preview store. The numbers typed cycle through a fixed set, so
that the engine's bounded caches are full after the warm-up: whatever grows after that is
kept by a rebuild and never let go. HAVENPRINT_REBUILDS sets how many rebuilds are measured
(default 250, about 10 s; the README's figure was measured with 3000).
"""

from __future__ import annotations

import gc
import os
from pathlib import Path

import pytest

from generator.serve.pages_lines import _draft
from generator.serve.rendering import PngStore
from generator.serve.settings import Settings
from generator.serve.workspace import Workspace

REBUILDS = int(os.environ.get("HAVENPRINT_REBUILDS") or 250)
DISTINCT = 40  # numbers typed, in turn
ALLOWED_GROWTH_MB = 6.0


def _rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux's /proc")
def test_thousands_of_previews_keep_memory_flat(kit: Path, tmp_path: Path) -> None:
    workspace = Workspace(Settings(content=kit, out=tmp_path / "out"))
    workspace.pngs = PngStore(budget=2_000_000)  # full after the warm-up, like the caches

    def rebuild(index: int) -> None:
        number = f"1-800-555-{index % DISTINCT:04d}"
        answer = _draft(workspace, {
            "table": {"order": ["r0", "r1", "r2"], "lines": {"r0": {"phone": number}}},
            "format": "pocket-card", "lang": "en"})
        assert answer.status_code == 200

    for index in range(2 * DISTINCT):
        rebuild(index)
    gc.collect()
    before = _rss_mb()
    for index in range(REBUILDS):
        rebuild(index)
    gc.collect()
    grown = _rss_mb() - before
    print(f"{REBUILDS} rebuilds: {before:.1f} MB, then {before + grown:.1f} MB")
    assert grown < ALLOWED_GROWTH_MB, f"{grown:.1f} MB more after {REBUILDS} rebuilds"
    assert workspace.pngs.size <= 2_000_000
