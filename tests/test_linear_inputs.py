"""Hostile sizes refused in plain words, never worked through (issue 40): a CSV of 200,000
columns (303 s in a duplicate-column check that counted each name in the list), and a
language listed twice in site.yaml (every file written twice; 1,000 copies never finished)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.importers.files import MAX_COLUMNS
from tests.conftest import edit

FIXTURES = Path(__file__).parent / "fixtures"
COLUMNS = 200_000


def wide_csv(path: Path) -> Path:
    """1.9 MB: a header of 200,000 names and one row."""
    path.write_text(",".join(f"c{index}" for index in range(COLUMNS)) + "\n"
                    + ",".join("x" for _ in range(COLUMNS)) + "\n", encoding="utf-8")
    return path


REFUSED = (f"the header has {COLUMNS:,} columns (a table has at most {MAX_COLUMNS:,}): is this "
           "the right file?")


def test_a_spreadsheet_of_200000_columns_is_refused(kit: Path, tmp_path: Path,
                                                    run) -> None:  # noqa: ANN001
    sheet = wide_csv(tmp_path / "lines.csv")
    before = (kit / "resources.yaml").read_bytes()
    result = run("import", "csv", sheet, "--into", kit, "--force")
    assert result.code == 1
    assert result.err.strip() == f"{sheet}:1: {REFUSED}"
    assert (kit / "resources.yaml").read_bytes() == before


def test_an_hsds_table_of_200000_columns_is_refused(kit: Path, tmp_path: Path,
                                                    run) -> None:  # noqa: ANN001
    export = tmp_path / "export"
    shutil.copytree(FIXTURES / "hsds" / "v1.1-tabular", export)
    wide_csv(export / "phones.csv")
    result = run("import", "hsds", export, "--into", kit, "--force")
    assert result.code == 1
    assert f"phones.csv:1: {REFUSED}" in result.err
    shutil.copytree(export, kit / "export")
    edit(kit / "site.yaml", "brand_color:",
         "resources: {path: export, verified: 2026-11-20}\nbrand_color:")
    checked = run("check", kit, "--format", "pocket-card")
    assert checked.code == 1
    assert f"phones.csv:1: {REFUSED}" in checked.err


def test_a_wide_table_the_import_does_not_read_is_not_refused(tmp_path: Path) -> None:
    """A table nothing is read from (contacts.csv) is not opened at all."""
    from generator.importers import import_hsds

    export = tmp_path / "export"
    shutil.copytree(FIXTURES / "hsds" / "v1.1-tabular", export)
    whole = import_hsds(FIXTURES / "hsds" / "v1.1-tabular", country="GB")
    wide_csv(export / "contacts.csv")
    assert import_hsds(export, country="GB").entries == whole.entries


@pytest.mark.parametrize("languages", ["[en, en]", "[en, zh-Hans, zh-hans]",
                                       "[" + ", ".join(["en"] * 1000) + "]"])
def test_a_language_listed_twice_is_refused_on_its_line(kit: Path, tmp_path: Path, run,  # noqa: ANN001
                                                        languages: str) -> None:
    site = kit / "site.yaml"
    text = site.read_text(encoding="utf-8")
    line = next(number for number, written in enumerate(text.splitlines(), start=1)
                if written.startswith("languages:"))
    edit(site, "languages: [en]", f"languages: {languages}")
    for command in (("check", kit), ("build", kit, "--out", tmp_path / "out")):
        result = run(*command)
        assert result.code == 1
        repeated = "zh-hans" if "zh-hans" in languages else "en"
        assert f"site.yaml:{line}: languages: {repeated!r} is listed twice: list each language " \
               "once" in result.err
    assert not (tmp_path / "out").exists()
