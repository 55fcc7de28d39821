"""A full disk, where the kit goes or where the cache is (issue 40).

A full output disk is one line and exit 3, with the previous kit as it was and nothing of
havenprint's left in the folder: also when it is full before the build's lock can hold its
process id (kit/out_lock.py's acquire gave a traceback). A full cache disk is worked around:
templates are compiled in memory and fonts made in the temporary folder's cache, said once
(`check` stopped with a traceback from jinja2's bytecode cache).

Real full disks are small tmpfs mounts (root only; skipped elsewhere); the same points are
also reached by making the write fail where it happens, in a process of its own."""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import generator.kit.out_lock
from generator.storage.disk_cache import cache_folder
from tests.conftest import REPO, edit
from tests.test_kit_folder import assert_kit_matches_its_manifest, files_in

QUICK = ("--format", "pocket-card", "--format", "sticker", "--lang", "en", "--no-previews",
         "--target", "office")
CARD = "card: You are not alone, and what you feel makes sense."
WARNING = "havenprint: warning: the cache folder "


@contextlib.contextmanager
def small_disk(folder: Path, size: str) -> Iterator[Path]:
    """A tmpfs of `size` mounted at `folder` (skips the test where it cannot be mounted)."""
    folder.mkdir(parents=True, exist_ok=True)
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a small tmpfs needs root and mount(8)")
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs",
                              str(folder)], capture_output=True, text=True, check=False)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def fill(disk: Path, leave: int) -> None:
    """Fill `disk` but `leave` bytes (0: full)."""
    (disk / "filler").unlink(missing_ok=True)
    free = os.statvfs(disk).f_bavail * os.statvfs(disk).f_frsize
    with contextlib.suppress(OSError), (disk / "filler").open("wb") as filler:
        filler.write(b"\0" * max(0, free - leave))


def havenprint(*args: str | Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "generator", *map(str, args)], cwd=REPO,
                          capture_output=True, text=True, env={**os.environ, **env},
                          timeout=900)


def test_a_full_output_disk_at_every_step_keeps_the_previous_kit(kit: Path,
                                                                  tmp_path: Path) -> None:
    with small_disk(tmp_path / "disk", "4m") as disk:
        out = disk / "out"
        assert havenprint("build", kit, "--out", out, *QUICK).returncode == 0
        before = assert_kit_matches_its_manifest(out)
        size = sum(path.stat().st_size for path in out.rglob("*") if path.is_file())
        article = kit / "articles" / "trauma-bonding.en.md"
        # full before the lock holds its process id, then as each file of the kit is written
        for leave in (0, 4096, size // 3, size * 2 // 3, size - 4096):
            edit(article, CARD, f"card: Your feelings make sense ({leave}).")
            fill(disk, leave)
            result = havenprint("build", kit, "--out", out, *QUICK)
            assert result.returncode == 3, (leave, result.stderr)
            errors = [line for line in result.stderr.splitlines() if "error" in line]
            assert len(errors) == 1 and "No space left on device" in errors[0], result.stderr
            assert "Traceback" not in result.stderr
            assert assert_kit_matches_its_manifest(out) == before, leave  # nothing else
            assert not (out / ".havenprint").exists(), leave
            edit(article, f"card: Your feelings make sense ({leave}).", CARD)
        (disk / "filler").unlink()
        assert havenprint("build", kit, "--out", out, *QUICK).returncode == 0


def test_a_full_disk_before_the_lock_holds_its_id_is_exit_3(kit: Path, tmp_path: Path, run,  # noqa: ANN001
                                                            monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, *QUICK).code == 0
    before = files_in(out)

    def full(*_: object) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(generator.kit.out_lock.os, "pwrite", full)
    result = run("build", kit, "--out", out, *QUICK)
    assert result.code == 3
    assert result.err.splitlines() == [
        f"havenprint: error: cannot lock {out}: No space left on device"]
    assert files_in(out) == before and not (out / ".havenprint").exists()


def _cache_with_fonts(folder: Path) -> Path:
    """A cache folder holding this session's font files (made once), and nothing else."""
    (folder / "havenprint").mkdir(parents=True)
    shutil.copytree(cache_folder("fonts"), folder / "havenprint" / "fonts")
    return folder


def test_a_full_cache_disk_is_worked_around_and_said_once(kit: Path, tmp_path: Path) -> None:
    # room for the session's font files, however many the tests before made, and no more
    fonts = sum(path.stat().st_size for path in cache_folder("fonts").rglob("*") if path.is_file())
    with small_disk(tmp_path / "cache", f"{fonts // 2**20 + 16}m") as disk:
        _cache_with_fonts(disk)
        fill(disk, 0)
        checked = havenprint("check", kit, HAVENPRINT_CACHE=str(disk))
        assert checked.returncode == 0, checked.stderr
        assert "Traceback" not in checked.stderr
        warnings = [line for line in checked.stderr.splitlines() if line.startswith(WARNING)]
        assert warnings == [f"{WARNING}{disk}/havenprint/templates cannot be written (No space "
                            "left on device): working without keeping files there, which is "
                            "slower; free some space on its disk, or set HAVENPRINT_CACHE to "
                            "a folder elsewhere"]
        out = tmp_path / "out"
        built = havenprint("build", kit, "--out", out, *QUICK, HAVENPRINT_CACHE=str(disk))
        assert built.returncode == 0, built.stderr
        assert sum(line.startswith(WARNING) for line in built.stderr.splitlines()) == 1
        assert_kit_matches_its_manifest(out)
        # with no font made yet, they are made in the temporary folder's cache instead
        shutil.rmtree(disk / "havenprint" / "fonts")
        fill(disk, 0)
        spare = tmp_path / "tmp"
        spare.mkdir()
        built = havenprint("build", kit, "--out", out, *QUICK, HAVENPRINT_CACHE=str(disk),
                           TMPDIR=str(spare))
        assert built.returncode == 0, built.stderr
        assert f"{WARNING}{disk}/havenprint/fonts cannot be written" in built.stderr
        assert list((spare / f"havenprint-{os.getuid()}-fonts").glob("*.ttf"))
        assert_kit_matches_its_manifest(out)


CACHE_FULL = """
import errno, sys
import jinja2.bccache

class Full:
    @staticmethod
    def NamedTemporaryFile(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

jinja2.bccache.tempfile = Full  # where jinja2 writes a compiled template
from generator.commands.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_a_template_cache_that_cannot_be_written_is_not_a_traceback(kit: Path,
                                                                    tmp_path: Path) -> None:
    cache = _cache_with_fonts(tmp_path / "cache")
    result = subprocess.run([sys.executable, "-c", CACHE_FULL, "check", str(kit)], cwd=REPO,
                            capture_output=True, text=True, timeout=900,
                            env={**os.environ, "HAVENPRINT_CACHE": str(cache)})
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    warnings = [line for line in result.stderr.splitlines() if line.startswith(WARNING)]
    assert len(warnings) == 1 and "No space left on device" in warnings[0]
    assert not list((cache / "havenprint" / "templates").iterdir())
