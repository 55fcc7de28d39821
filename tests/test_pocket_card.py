"""The pocket card end to end: page boxes, QR codes, text, discretion, determinism."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.conftest import decode_qr_codes, edit, page_texts

LETTER = (612.0, 792.0)
A4 = (595.276, 841.89)
US_CARD = (252.0, 144.0)  # 3.5 x 2 in
ISO_CARD = (85 * 72 / 25.4, 55 * 72 / 25.4)
REVEALING_WORDS = ["abuse", "violence", "domestic", "assault", "shelter", "hotline", "crisis",
                   "suicide", "victim", "batter", "safety", "emergency", "911", "988", "help"]


@pytest.fixture
def built(kit: Path, tmp_path: Path, run) -> Path:  # noqa: ANN001
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--target", "all", "--no-previews")
    assert result.code == 0, result.err
    # nothing to say but where the sticker's other lines print (it carries the first alone),
    # the brochure's blocks printed only where there is room that have none, and the web
    # addresses a card's back has no room for beside a line's numbers, with where they print
    assert [line for line in result.err.splitlines()
            if ": note: " not in line
            or ("sticker: left out" not in line and "left out the block" not in line
                and "(web) from" not in line)] == []
    return out


def page_size(page) -> tuple[float, float]:  # noqa: ANN001
    return float(page.mediabox.width), float(page.mediabox.height)


def box(page, name: str) -> list[float]:  # noqa: ANN001
    return [round(float(v), 2) for v in page[name]]


def test_office_sheet_is_letter_with_fronts_then_backs(built: Path) -> None:
    reader = PdfReader(built / "en" / "pocket-card.pdf")
    assert len(reader.pages) == 2
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == LETTER


def test_shop_pages_have_trim_and_bleed_boxes(built: Path) -> None:
    reader = PdfReader(built / "en" / "pocket-card-shop.pdf")
    assert len(reader.pages) == 2
    bleed = 9.0  # 0.125 in
    for page in reader.pages:
        x0, y0, x1, y1 = box(page, "/TrimBox")
        assert (round(x1 - x0, 2), round(y1 - y0, 2)) == US_CARD
        bx0, by0, bx1, by1 = box(page, "/BleedBox")
        assert (x0 - bx0, y0 - by0, bx1 - x1, by1 - y1) == (bleed, bleed, bleed, bleed)
        mx0, my0, mx1, my1 = box(page, "/MediaBox")
        assert mx0 <= bx0 and my0 <= by0 and mx1 >= bx1 and my1 >= by1


def test_every_qr_code_on_the_sheet_calls_the_first_line(built: Path) -> None:
    assert decode_qr_codes(built / "en" / "pocket-card.pdf", 1) == ["tel:+18007997233"] * 10
    assert decode_qr_codes(built / "en" / "pocket-card-shop.pdf", 1) == ["tel:+18007997233"]
    assert decode_qr_codes(built / "en" / "pocket-card.pdf", 0) == []


def test_back_carries_numbers_card_line_and_safety_note(built: Path) -> None:
    back = " ".join(page_texts(built / "en" / "pocket-card-shop.pdf")[1].split())
    for expected in ["1-800-799-7233", "Text START to 88788", "TTY: 1-800-787-3224", "988",
                     "911", "You are not alone, and what you feel makes sense.",
                     "Use a phone the other person cannot check. In an emergency, call 911.",
                     "Scan to call"]:
        assert expected in back


def test_office_backs_hold_ten_cards(built: Path) -> None:
    back = page_texts(built / "en" / "pocket-card.pdf")[1]
    assert back.count("1-800-799-7233") == 10


def test_front_reveals_nothing(built: Path) -> None:
    for name in ("pocket-card.pdf", "pocket-card-shop.pdf"):
        front = page_texts(built / "en" / name)[0]
        assert "Wellness contacts" in " ".join(front.split())  # on one line or stacked
        words = set(re.findall(r"[\w']+", front.lower()))
        assert not words & set(REVEALING_WORDS), words & set(REVEALING_WORDS)


def test_iso_cards_on_a4(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "paper: letter", "paper: a4")
    edit(kit / "site.yaml", "card_size: us", "card_size: iso")
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, "--target", "all", "--no-previews").code == 0
    office = PdfReader(out / "en" / "pocket-card.pdf").pages[0]
    assert page_size(office) == pytest.approx(A4, abs=0.01)
    shop = PdfReader(out / "en" / "pocket-card-shop.pdf").pages[0]
    x0, y0, x1, y1 = box(shop, "/TrimBox")
    assert (x1 - x0, y1 - y0) == pytest.approx(ISO_CARD, abs=0.02)
    bx0 = box(shop, "/BleedBox")[0]
    assert round(x0 - bx0, 2) == round(3 * 72 / 25.4, 2)
    assert decode_qr_codes(out / "en" / "pocket-card.pdf", 1) == ["tel:+18007997233"] * 10


def test_us_cards_on_a4_when_the_site_prints_on_a4(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "paper: letter", "paper: a4")
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, "--no-previews").code == 0
    page = PdfReader(out / "en" / "pocket-card.pdf").pages[1]
    assert page_size(page) == pytest.approx(A4, abs=0.01)
    assert decode_qr_codes(out / "en" / "pocket-card.pdf", 1) == ["tel:+18007997233"] * 10


def test_iso_cards_fall_back_to_a4_when_letter_is_too_short(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001,E501
    edit(kit / "site.yaml", "card_size: us", "card_size: iso")
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, "--no-previews").code == 0
    page = PdfReader(out / "en" / "pocket-card.pdf").pages[0]
    assert page_size(page) == pytest.approx(A4, abs=0.01)


def test_configured_bleed(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "# bleed: 0.125in", "bleed: 5mm")
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, "--target", "shop", "--no-previews").code == 0
    page = PdfReader(out / "en" / "pocket-card-shop.pdf").pages[0]
    assert round(box(page, "/TrimBox")[0] - box(page, "/BleedBox")[0], 2) == round(5 * 72 / 25.4, 2)


def test_same_input_gives_identical_bytes(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    first, second = tmp_path / "a", tmp_path / "b"
    assert run("build", kit, "--out", first, "--target", "all").code == 0
    assert run("build", kit, "--out", second, "--target", "all").code == 0
    for name in ("pocket-card.pdf", "pocket-card-shop.pdf"):
        assert (first / "en" / name).read_bytes() == (second / "en" / name).read_bytes()


def test_all_fonts_are_embedded(built: Path) -> None:
    for name in ("pocket-card.pdf", "pocket-card-shop.pdf"):
        data = (built / "en" / name).read_bytes()
        assert b"Helvetica" not in data
        for page in PdfReader(built / "en" / name).pages:
            fonts = page["/Resources"]["/Font"]
            assert fonts
            for ref in fonts.values():
                font = ref.get_object()
                if "/DescendantFonts" in font:
                    font = font["/DescendantFonts"][0].get_object()
                descriptor = font["/FontDescriptor"].get_object()
                assert "/FontFile2" in descriptor, font["/BaseFont"]


def test_no_text_below_the_floor(built: Path) -> None:
    sizes: list[float] = []
    page = PdfReader(built / "en" / "pocket-card-shop.pdf").pages[1]
    bleed_bottom = float(page.bleedbox.bottom)  # the shop page's slug line is below it

    def visit(text, cm, tm, font_dict, font_size):  # noqa: ANN001, ANN202
        y = cm[1] * tm[4] + cm[3] * tm[5] + cm[5]
        if text.strip() and y > bleed_bottom:
            scale = (tm[0] ** 2 + tm[1] ** 2) ** 0.5 * (cm[0] ** 2 + cm[1] ** 2) ** 0.5
            sizes.append(font_size * scale)

    page.extract_text(visitor_text=visit)
    assert sizes and min(sizes) >= 7 - 0.01
