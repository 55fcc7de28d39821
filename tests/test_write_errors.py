"""Writing can fail: a full disk, a file too large, a read-only folder, a file where a folder
should be. Each is one line (never a traceback) and exit 3; the output folder keeps its
previous kit. An output folder that holds the content is refused (exit 2)."""

from __future__ import annotations

import errno
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import generator.storage.write
from tests.conftest import REPO
from tests.test_kit_folder import assert_kit_matches_its_manifest, files_in

QUICK = ("--format", "pocket-card", "--lang", "en", "--no-previews")


@pytest.fixture
def previous(kit: Path, tmp_path: Path, run) -> Path:  # noqa: ANN001
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, *QUICK).code == 0
    return out


def test_a_full_disk_keeps_the_previous_kit(kit: Path, previous: Path, run,  # noqa: ANN001
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    before = files_in(previous)

    def full(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(generator.storage.write.os, "fsync", full)
    result = run("build", kit, "--out", previous, *QUICK, "--target", "all")
    assert result.code == 3
    assert result.err.splitlines() == [
        f"havenprint: error: could not write {previous}/en/pocket-card.pdf: "
        "No space left on device"]
    assert files_in(previous) == before


def test_a_file_too_large_in_a_real_process_is_one_line_and_exit_3(kit: Path,
                                                                   previous: Path) -> None:
    before = assert_kit_matches_its_manifest(previous)

    def small_files() -> None:  # in the child: writing past 20 kB fails with EFBIG
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))

    process = subprocess.run(
        [sys.executable, "-m", "generator", "build", str(kit), "--out", str(previous),
         "--lang", "en", "--format", "brochure"],
        cwd=REPO, capture_output=True, text=True, preexec_fn=small_files, timeout=120)
    assert process.returncode == 3, process.stderr
    lines = process.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("havenprint: error: could not write ")
    assert lines[0].endswith(": File too large")
    assert assert_kit_matches_its_manifest(previous) == before
    assert not (previous / ".havenprint").exists()


def test_out_that_is_a_file(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    out = tmp_path / "out.pdf"
    out.write_bytes(b"%PDF not a folder")
    result = run("build", kit, "--out", out, *QUICK)
    assert result.code == 3
    assert result.err.splitlines() == [
        f"havenprint: error: could not write the kit: {out} is a file, not a folder"]


def test_a_file_where_the_kit_needs_a_folder(kit: Path, previous: Path, run) -> None:  # noqa: ANN001
    (previous / "previews").write_text("in the way")
    result = run("build", kit, "--out", previous, "--format", "pocket-card", "--lang", "en")
    assert result.code == 3
    assert result.err.splitlines() == [
        f"havenprint: error: could not write the kit: {previous}/previews is a file where "
        "the kit needs a folder"]
    assert_kit_matches_its_manifest_except(previous, "previews")


def assert_kit_matches_its_manifest_except(out: Path, extra: str) -> None:
    (out / extra).unlink()
    assert_kit_matches_its_manifest(out)


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_output_folder(kit: Path, previous: Path, run) -> None:  # noqa: ANN001
    previous.chmod(0o555)
    try:
        result = run("build", kit, "--out", previous, *QUICK)
    finally:
        previous.chmod(0o755)
    assert result.code == 3
    assert result.err.splitlines() == [
        f"havenprint: error: could not prepare the output folder: {previous}/.havenprint: "
        "Permission denied"]


@pytest.mark.parametrize("where", ["root", "content", "parent"])
def test_out_that_holds_the_content_is_refused(kit: Path, run, where: str) -> None:  # noqa: ANN001
    out = {"root": Path("/"), "content": kit, "parent": kit.parent}[where]
    before = files_in(kit)
    result = run("build", kit, "--out", out, *QUICK)
    assert result.code == 2
    expected = {
        "root": "havenprint: error: --out / is the root folder: give a folder for the kit",
        "content": f"havenprint: error: --out {kit} is the content folder: the kit needs a "
                   "folder of its own (the default is output)",
        "parent": f"havenprint: error: --out {kit.parent} holds the content folder {kit}: the "
                  "kit needs a folder of its own (the default is output)",
    }[where]
    assert result.err.splitlines() == [expected]
    assert files_in(kit) == before
