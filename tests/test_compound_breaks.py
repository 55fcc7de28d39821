"""No line breaks inside a Vietnamese or Thai compound, read back from the built pieces.

A print designer found "khẩn / cấp" (emergency) on the Vietnamese sticker and poster,
"trường / hợp" and "kiểm / tra"; and in Thai "ฆ่าตัว / ตาย" (suicide) on the poster, "การ /
โทร" on the folding card, "คุณถาม / คำถามได้", "เข้าใจ / ได้", "หมายความ / ว่า:" on the
brochure and a lone "คุณ" at a line's end; then (issue 42) "ไม่ / ได้" (cannot) on the
Tabloid poster and the folding card and "วาง / สาย" (hang up) on the restroom poster: a
line never ends on the negation "ไม่" before a Thai word, nor starts with the auxiliary
"ได้" after one; nor (read again) "ความเจ็บ / ปวด" (pain) or "ที่อีก / ฝ่าย" (the other
person) on the brochure, "ช่วง / เวลา", "ผู้ / ตัดสินใจ". Each piece is built as a print shop's file on
Letter/US (poster on Tabloid) and A4/ISO, and on a restroom kit, and read back with
poppler's lines (tests/test_line_ends.py); the compounds are this test's own list, not the
generator's.
"""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest

from tests.conftest import default_kit_in
from tests.test_line_ends import PrintedLine, _bare, _build, printed_lines, pytestmark

__all__ = ["pytestmark"]

LANGS = ("vi", "th")
VIETNAMESE = ("khẩn cấp", "trường hợp", "kiểm tra", "điện thoại", "miễn phí", "an toàn",
              "riêng tư", "nhắn tin", "hỗ trợ", "có thể", "bất cứ")
# The Thai the pieces print: a line ending on "คุณ" with the words after it in one sentence.
ROOT = Path(__file__).resolve().parent.parent
THAI_WRITTEN = "\n".join((ROOT / path).read_text(encoding="utf-8")
                         for path in ("content/articles/trauma-bonding.th.md",
                                      "generator/locales/th.yaml"))
THAI_SOURCE = THAI_WRITTEN.replace(" ", "")
THAI = ("ฆ่าตัวตาย", "การโทร", "เข้าใจได้", "หมายความว่า", "คำถาม", "ไม่ได้", "วางสาย",
        "สายด่วน", "อีกฝ่าย", "เจ็บปวด", "ตัดสินใจ", "ช่วงเวลา")


@pytest.fixture(scope="module")
def lines(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[list[PrintedLine]]]:
    """Per language, each piece's lines in order (a list per PDF)."""
    root = tmp_path_factory.mktemp("compounds")
    us = default_kit_in(root / "us", LANGS)
    _build(us, root / "out-us", "--poster-size", "tabloid", "--format", "poster",
           "--format", "sticker", "--format", "brochure", "--format", "pocket-fold")
    iso = default_kit_in(root / "iso", LANGS)
    site = iso / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8").replace("paper: letter", "paper: a4")
                    .replace("card_size: us", "card_size: iso"), encoding="utf-8")
    _build(iso, root / "out-iso", "--format", "pocket-fold", "--format", "brochure")
    restroom = default_kit_in(root / "restroom", LANGS)
    with (restroom / "site.yaml").open("a", encoding="utf-8") as file:
        file.write("poster_discreet: true\n")
    _build(restroom, root / "out-rr", "--poster-size", "tabloid", "--format", "poster",
           "--format", "sticker")
    found: dict[str, list[list[PrintedLine]]] = {lang: [] for lang in LANGS}
    for out in ("out-us", "out-iso", "out-rr"):
        for lang in LANGS:
            for pdf in sorted((root / out / lang).glob("*.pdf")):
                found[lang].append(list(printed_lines(pdf, f"{out} {pdf.stem}", lang)))
    return found


def _pairs(pieces: list[list[PrintedLine]]) -> list[tuple[PrintedLine, PrintedLine]]:
    return [(one, two) for piece in pieces for one, two in pairwise(piece)]


def test_the_pieces_were_read(lines: dict[str, list[list[PrintedLine]]]) -> None:
    for lang in LANGS:
        assert len(lines[lang]) >= 8, lang
        assert sum(map(len, lines[lang])) > 100, lang


def test_no_vietnamese_compound_is_broken(lines: dict[str, list[list[PrintedLine]]]) -> None:
    text = " ".join(" ".join(line.words) for piece in lines["vi"] for line in piece).lower()
    # "trường hợp" no longer prints: the catalogue says "Khi khẩn cấp" (was "Trong trường
    # hợp khẩn cấp", the sticker's sentence then at 10 pt)
    assert "khẩn cấp" in text and "điện thoại" in text and "kiểm tra" in text
    bad = [f"{one} / {two}" for one, two in _pairs(lines["vi"])
           for compound in VIETNAMESE
           if f"{_bare(one.words[-1])} {_bare(two.words[0])}" == compound]
    assert not bad, "\n".join(bad)


def test_no_thai_compound_is_broken(lines: dict[str, list[list[PrintedLine]]]) -> None:
    text = "".join("".join(line.words) for piece in lines["th"] for line in piece)
    assert all(compound in text for compound in ("ฆ่าตัวตาย", "การโทร", "เข้าใจได้",
                                                 "ไม่ได้", "วางสาย"))
    bad = []
    for one, two in _pairs(lines["th"]):
        end, start = "".join(one.words), "".join(two.words)
        for compound in THAI:
            if any(end.endswith(compound[:cut]) and start.startswith(compound[cut:])
                   for cut in range(1, len(compound))):
                bad.append(f"{one} / {two}")
        if end.endswith("คุณ") and f"คุณ{start[:4]}" in THAI_SOURCE:  # one sentence
            bad.append(f"{one} / {two}  (a line ending on คุณ)")
        # written together (no space between them) in the source
        if end.endswith("ไม่") and f"ไม่{start[:3]}" in THAI_WRITTEN:
            bad.append(f"{one} / {two}  (a line ending on the negation ไม่)")
        if end.endswith("ผู้") and f"ผู้{start[:3]}" in THAI_WRITTEN:
            bad.append(f"{one} / {two}  (a line ending on the nominalizer ผู้)")
        if start.startswith("ได้") and f"{end[-3:]}ได้" in THAI_WRITTEN:
            bad.append(f"{one} / {two}  (a line starting with the auxiliary ได้)")
    assert not bad, "\n".join(bad)


def _label_cut_from_its_value(one: PrintedLine, two: PrintedLine) -> bool:
    """Whether `one` ends on a label's colon and `two` starts with the number or date it
    names ("Kiểm tra lần cuối: / thg 11 2026": a date's first two words hold a digit; a
    colon that introduces a clause, "nghĩa là: / hãy gọi 911 giúp tôi.", may end a line)."""
    return one.words[-1].endswith(":") and not any(
        char.isdigit() for word in one.words for char in word) and any(
        char.isdigit() for word in two.words[:2] for char in word)


def test_a_label_stays_with_its_date(lines: dict[str, list[list[PrintedLine]]]) -> None:
    """The checked-date line ("Kiểm tra lần cuối: thg 11 2026") on the Tabloid restroom
    poster broke after the label's colon: the date a line below its label."""
    text = " ".join(" ".join(line.words) for piece in lines["vi"] for line in piece)
    assert "lần cuối:" in text
    bad = [f"{one} / {two}" for lang in LANGS for one, two in _pairs(lines[lang])
           if _label_cut_from_its_value(one, two)]
    assert not bad, "\n".join(bad)
