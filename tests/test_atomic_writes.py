"""Writes are atomic: an interrupted build leaves the previous outputs as they were."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import generator.pipeline.build
import generator.storage.write
from generator.storage.write import BackgroundWriter, write_atomic


def test_interrupted_write_keeps_the_old_file(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "en" / "card.pdf"
    write_atomic(target, b"good")

    def interrupt(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(generator.storage.write.os, "fsync", interrupt)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, b"half")
    assert target.read_bytes() == b"good"
    assert os.listdir(target.parent) == ["card.pdf"]


def test_ctrl_c_during_a_build_keeps_the_previous_kit(kit: Path, tmp_path: Path, run,  # noqa: ANN001
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, "--target", "all").code == 0
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    real_render = generator.pipeline.build.drawn_pdf
    calls = []

    def render_then_interrupt(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real_render(*args, **kwargs)

    monkeypatch.setattr(generator.pipeline.build, "drawn_pdf", render_then_interrupt)
    (kit / "site.yaml").write_text((kit / "site.yaml").read_text(encoding="utf-8").replace(
        "#2f5d62", "#5a3d7a"), encoding="utf-8")
    result = run("build", kit, "--out", out, "--target", "all")
    assert result.code == 130
    assert "interrupted; the output folder still holds the previous kit" in result.err
    after = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert after == before  # nothing replaced, nothing left behind (no staging folder)
    assert not (out / ".havenprint").exists()


def test_a_preview_is_not_flushed_but_still_replaced_whole(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "previews" / "card-p1.png"
    flushed = []
    monkeypatch.setattr(generator.storage.write.os, "fsync", flushed.append)
    write_atomic(target, b"old", durable=False)
    write_atomic(target, b"new", durable=False)
    assert (target.read_bytes(), flushed) == (b"new", [])
    assert os.listdir(target.parent) == ["card-p1.png"]
    write_atomic(target, b"pdf")
    assert len(flushed) == 1


def test_background_writes_finish_before_the_block_ends(tmp_path: Path) -> None:
    paths = [tmp_path / "en" / f"doc-{number}.pdf" for number in range(5)]
    with BackgroundWriter() as writer:
        for number, path in enumerate(paths):
            writer.write(path, b"%PDF " + bytes([48 + number]))
    assert [path.read_bytes() for path in paths] == [b"%PDF " + bytes([48 + n]) for n in range(5)]


def test_a_failed_background_write_is_raised(tmp_path: Path) -> None:
    (tmp_path / "not-a-folder").write_text("a file where a folder should be")
    with pytest.raises(OSError), BackgroundWriter() as writer:
        writer.write(tmp_path / "not-a-folder" / "card.pdf", b"%PDF")
    assert not (tmp_path / "not-a-folder").is_dir()


def test_an_interrupted_block_still_writes_what_was_queued(tmp_path: Path) -> None:
    path = tmp_path / "en" / "card.pdf"
    with pytest.raises(KeyboardInterrupt), BackgroundWriter() as writer:
        writer.write(path, b"%PDF drawn before Ctrl-C")
        raise KeyboardInterrupt
    assert path.read_bytes() == b"%PDF drawn before Ctrl-C"
