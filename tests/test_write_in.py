"""The write-in line (`write_in: true` in site.yaml): the folding card's room for notes is
for an advocate's name and number, "Your advocate:" above lines to write on; and every piece
with lines to write on says in its print notes to print it on stock a ballpoint writes on."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import yaml

from tests.conftest import REPO, default_kit_in, edit, page_texts
from tests.test_safety_plan import MM, rules

CATALOGUES = REPO / "generator" / "locales"
BALLPOINT = "a ballpoint pen writes on"


def advocate(lang: str) -> str:
    return yaml.safe_load((CATALOGUES / f"{lang}.yaml").read_text("utf-8"))["write_in_advocate"]


def with_write_in(kit: Path) -> Path:
    site = kit / "site.yaml"
    site.write_text(site.read_text("utf-8") + "write_in: true\n", encoding="utf-8")
    return kit


def test_folding_card_carries_the_write_in_line(tmp_path: Path, run) -> None:  # noqa: ANN001
    kit = with_write_in(default_kit_in(tmp_path / "content", ["en", "zh-Hans"]))
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, "--format", "pocket-fold", "--no-previews").code == 0
    for lang in ("en", "zh-Hans"):
        pdf = out / lang / "pocket-fold.pdf"
        back = page_texts(pdf)[1]
        assert advocate(lang).replace(" ", "") in back.replace(" ", ""), lang
        text = pdfium.PdfDocument(str(pdf))[1].get_textpage()
        label = advocate(lang).rstrip(":：")
        found = text.search(label).get_next()
        assert found is not None, lang
        index, count = found
        boxes = [text.get_charbox(i) for i in range(index, index + count)]
        left, bottom = min(b[0] for b in boxes), min(b[1] for b in boxes)
        # lines to write on under the label, in its column, 8 mm or less below the first
        under = [rule for rule in rules(pdf, 1)
                 if rule[0] - 1 <= left <= rule[1] and rule[2] < bottom]
        assert under, lang
        assert bottom - max(rule[2] for rule in under) <= 8 * MM + 1, lang
    # without the setting: the notes' own heading
    plain = default_kit_in(tmp_path / "plain", ["en"])
    assert run("build", plain, "--out", tmp_path / "plain-out", "--format", "pocket-fold",
               "--no-previews").code == 0
    back = page_texts(tmp_path / "plain-out" / "en" / "pocket-fold.pdf")[1]
    assert advocate("en") not in back and "Notes" in back


def test_print_notes_ask_for_stock_a_pen_writes_on(tmp_path: Path, run) -> None:  # noqa: ANN001
    kit = with_write_in(default_kit_in(tmp_path / "content", ["en"]))
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, "--format", "pocket-fold", "--format", "safety-plan",
               "--format", "pocket-card", "--target", "all", "--no-previews").code == 0
    index = (out / "index.html").read_text("utf-8")
    sections = dict(re.findall(r'<section class="doc" id="en/([^"]+)">(.*?)</section>', index,
                               flags=re.DOTALL))
    for name in ("pocket-fold", "safety-plan"):
        for target in (f"{name}.pdf", f"{name}-shop.pdf"):
            assert BALLPOINT in " ".join(sections[target].split()), target
    for target in ("pocket-card.pdf", "pocket-card-shop.pdf", "safety-plan-screen.pdf"):
        assert BALLPOINT not in " ".join(sections[target].split()), target


@pytest.mark.parametrize("value", ["maybe", "2"])
def test_a_write_in_that_is_not_yes_or_no_is_named(kit: Path, run, value: str) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "card_size: us", f"card_size: us\nwrite_in: {value}")
    result = run("check", kit)
    assert result.code == 1
    lines = (kit / "site.yaml").read_text("utf-8").splitlines()
    line = next(number for number, text in enumerate(lines, start=1)
                if text.startswith("write_in"))
    assert f"site.yaml:{line}: write_in" in result.err, result.err
