"""The cache folder: compiled templates kept between processes are used only while their
source is unchanged, and only from a folder no one else can write in."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.disk_cache import cache_folder
from tests.conftest import REPO, page_texts


def _build(kit: Path, out: Path, cache: Path) -> None:
    subprocess.run([sys.executable, "-m", "generator", "build", str(kit), "--out", str(out),
                    "--format", "pocket-card", "--no-previews", "--target", "office"],
                   cwd=REPO, check=True, capture_output=True,
                   env={**os.environ, "HAVENPRINT_CACHE": str(cache)})


def test_a_changed_template_is_compiled_again_in_a_new_process(kit: Path,
                                                               tmp_path: Path) -> None:
    own = kit / "layouts" / "pocket-card"
    shutil.copytree(REPO / "layouts" / "pocket-card", own)
    front = own / "front.j2"
    cache = tmp_path / "cache"
    _build(kit, tmp_path / "one", cache)
    assert list((cache / "havenprint" / "templates").iterdir())  # the compiled code was kept
    stamp = front.stat()
    front.write_text(front.read_text().replace("{{ site.discreet_title }}",
                                               "{{ site.discreet_title }} Zebra"))
    os.utime(front, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))  # only the text tells
    _build(kit, tmp_path / "two", cache)
    before = "".join(page_texts(next((tmp_path / "one").rglob("pocket-card*.pdf"))))
    after = "".join(page_texts(next((tmp_path / "two").rglob("pocket-card*.pdf"))))
    assert "Zebra" not in before and "Zebra" in after


@pytest.mark.parametrize("mode", [0o777, 0o775, 0o757])
def test_a_cache_folder_others_can_write_in_is_not_used(tmp_path: Path, mode: int,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    shared = tmp_path / "havenprint" / "templates"
    shared.mkdir(parents=True)
    shared.chmod(mode)
    monkeypatch.setenv("HAVENPRINT_CACHE", str(tmp_path))
    cache_folder.cache_clear()
    try:
        chosen = cache_folder("templates")
        assert chosen != shared
        assert not chosen.stat().st_mode & 0o022
    finally:
        cache_folder.cache_clear()
