"""The cache folder: it holds the font files made and compiled templates, and nothing else;
compiled templates kept between processes are used only while their source is unchanged,
and only from a folder no one else can write in."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.storage.disk_cache import cache_folder
from tests.conftest import REPO, cache_with_session_fonts, default_kit_in, page_texts


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
    cache = cache_with_session_fonts(tmp_path / "cache")  # no font to make: templates only
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


def test_a_build_keeps_only_fonts_and_templates(tmp_path: Path) -> None:
    """A new process building a kit in a Latin, a right-to-left, a Chinese and an Indic
    language, every target, then checking it, leaves font files (what it made from the
    packages, and what it read from them) and compiled templates: no other folder, no other
    file."""
    kit = default_kit_in(tmp_path / "content", ["en", "ar", "zh-Hans", "hi"])
    cache = cache_with_session_fonts(tmp_path / "cache")
    environment = {**os.environ, "HAVENPRINT_CACHE": str(cache)}
    for command in (["build", str(kit), "--out", str(tmp_path / "out"), "--target", "all",
                     "--no-previews"], ["check", str(kit)]):
        subprocess.run([sys.executable, "-m", "generator", *command], cwd=REPO, check=True,
                       capture_output=True, env=environment)
    assert sorted(path.name for path in cache.iterdir()) == ["havenprint"]
    folders = sorted(path.name for path in (cache / "havenprint").iterdir())
    assert folders == ["fonts", "templates"]
    templates = list((cache / "havenprint" / "templates").iterdir())
    assert templates and all(path.suffix == ".cache" for path in templates)
    fonts = [path.name for path in (cache / "havenprint" / "fonts").iterdir()]
    # a font file's facts, read once: its characters, its axes, a script's letter height
    # (optical_size.py, 6b1c497)
    assert fonts and all(name.endswith(".ttf") or name.startswith(("cmap-", "axes-", "height-"))
                         for name in fonts), fonts
