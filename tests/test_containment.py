"""Inputs come from the content folder, the folders it extends, and folders allowed with
--allow-outside: links and `..` that stay inside work, those that leave are errors that
never show the file (tests/fixtures/invalid has the refusals one by one)."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.conftest import edit, page_texts

QUICK = ("--format", "pocket-card", "--lang", "en", "--no-previews")
LINES = "name,phone,verified\nShared Line,1-800-555-0142,2026-10-01\n"


def shared_lines(folder: Path) -> Path:
    folder.mkdir()
    sheet = folder / "lines.csv"
    sheet.write_text(LINES, encoding="utf-8")
    return sheet


def test_a_shared_data_folder_is_read_when_allowed(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    shared = tmp_path / "shared"
    shared_lines(shared)
    edit(kit / "site.yaml", "brand_color:", "resources: ../shared/lines.csv\nbrand_color:")
    refused = run("check", kit, *QUICK[:4])
    assert refused.code == 1
    assert "resources: '../shared/lines.csv' is outside the content folder" in refused.err
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, *QUICK, "--allow-outside", shared)
    assert result.code == 0, result.err
    assert "Shared Line" in page_texts(out / "en" / "pocket-card.pdf")[1]


def test_links_and_dotdot_that_stay_inside_are_fine(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    (kit / "data").mkdir()
    (kit / "data" / "lines.csv").write_text(LINES, encoding="utf-8")
    (kit / "linked.csv").symlink_to(kit / "data" / "lines.csv")
    edit(kit / "site.yaml", "brand_color:", "resources: data/../linked.csv\nbrand_color:")
    article = kit / "articles" / "trauma-bonding.en.md"
    shutil.move(article, kit / "data" / article.name)
    article.symlink_to(Path("..") / "data" / article.name)
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, *QUICK)
    assert result.code == 0, result.err
    assert "Shared Line" in page_texts(out / "en" / "pocket-card.pdf")[1]


def test_a_link_into_an_allowed_folder_is_read(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    shared = tmp_path / "shared"
    shared.mkdir()
    article = kit / "articles" / "trauma-bonding.en.md"
    shutil.move(article, shared / article.name)
    article.symlink_to(shared / article.name)
    assert run("check", kit, *QUICK[:4]).code == 1
    result = run("check", kit, *QUICK[:4], "--allow-outside", shared)
    assert result.code == 0, result.err


def test_a_secret_behind_a_link_never_reaches_the_messages(kit: Path, tmp_path: Path,  # noqa: ANN001
                                                           run) -> None:
    secret = tmp_path / "secret.yaml"
    secret.write_text("password: hunter2-do-not-print\n", encoding="utf-8")
    (kit / "resources.yaml").unlink()
    (kit / "resources.yaml").symlink_to(secret)
    result = run("build", kit, "--out", tmp_path / "out", *QUICK)
    assert result.code == 1
    assert "resources.yaml: is a link to" in result.err
    assert "hunter2" not in result.err + result.out
    assert not (tmp_path / "out").exists()


def test_many_links_outside_are_counted_not_listed(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    """`extends: /etc` found over 700 links leading out of /etc and printed one line each:
    the first are named, the rest counted, so the message fits on a screen."""
    outside = tmp_path / "outside.txt"
    outside.write_text("x", encoding="utf-8")
    (kit / "linked").mkdir()
    for number in range(30):
        (kit / "linked" / f"link-{number:02d}.txt").symlink_to(outside)
    result = run("check", kit, *QUICK[:4])
    assert result.code == 1
    lines = result.err.splitlines()
    assert len([line for line in lines if ": is a link to " in line]) == 20
    assert f"{kit}: and 10 more link(s) outside the content folder: is this the right folder " \
        "(and the right `extends:`)?" in lines
