"""The office sheet of stickers names its label stock as a printer says it: "six to a sheet"
(issue 42: a designer read "6 a Letter sheet" and "6 an A4 sheet" in its footer). Read back
with pypdf from the office PDF's page, on Letter and A4, in English; the count is worked out
from layouts/stock.yaml's columns and rows."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from generator.commands.cli import main
from tests.conftest import default_kit_in, page_texts

ROOT = Path(__file__).resolve().parent.parent
STOCKS = yaml.safe_load((ROOT / "layouts" / "stock.yaml").read_text(encoding="utf-8"))
WORDS = {6: "six"}


@pytest.fixture(scope="module")
def sheets(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("sticker-sheet-note")
    found = {}
    for paper in ("letter", "a4"):
        kit = default_kit_in(root / paper, ["en"])
        site = kit / "site.yaml"
        site.write_text(site.read_text(encoding="utf-8").replace(
            "paper: letter", f"paper: {paper}"), encoding="utf-8")
        out = root / f"{paper}-out"
        assert main(["build", str(kit), "--out", str(out), "--format", "sticker",
                     "--target", "office", "--no-previews"]) == 0
        found[paper] = out / "en" / "sticker.pdf"
    return found


@pytest.mark.parametrize(("paper", "stock"), [("letter", "round-3.3in-6up"),
                                              ("a4", "round-85mm-6up")])
def test_the_sheet_says_six_to_a_sheet(sheets: dict[str, Path], paper: str, stock: str) -> None:
    text = " ".join(page_texts(sheets[paper])[0].split())
    count = STOCKS[stock]["columns"] * STOCKS[stock]["rows"]
    assert f"{WORDS[count]} to a sheet" in text, (paper, text[-200:])
    assert f"{count} a" not in text, (paper, text[-200:])
