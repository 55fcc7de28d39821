"""The tri-fold brochure: fold geometry, the whole article inside, a discreet outside."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from generator.i18n.localize import load_strings
from tests.conftest import char_boxes as all_char_boxes
from tests.conftest import decode_qr_codes, edit, page_texts
from tests.test_pocket_card import REVEALING_WORDS

INCH, MM = 72.0, 72 / 25.4
# Outside [flap | back | cover]; the inside runs the other way so each panel backs its partner.
LETTER_OUTSIDE_FOLDS = [3.625 * INCH, (3.625 + 3.6875) * INCH]
LETTER_INSIDE_FOLDS = [3.6875 * INCH, 2 * 3.6875 * INCH]
A4_OUTSIDE_FOLDS = [97 * MM, 197 * MM]
A4_INSIDE_FOLDS = [100 * MM, 200 * MM]


def words(text: str) -> list[str]:
    text = text.replace("\u00ad", "").replace("\ufb01", "fi").replace("\ufb02", "fl")
    text = re.sub(r"-\n", "", text)
    return re.findall(r"[\w'’]+", text.lower())


def article_words(markdown: Path) -> list[str]:
    """The words of the article as written: its title, then its body without Markdown."""
    raw = markdown.read_text(encoding="utf-8")
    front, body = raw.split("---\n", 2)[1:]
    title = re.search(r"^title: (.+)$", front, re.MULTILINE).group(1)
    body = re.sub(r"^#+ |^- ", "", body, flags=re.MULTILINE)
    # an apostrophe typed straight prints as a typesetter's (generator/i18n/quotes.py)
    return [word.replace("'", "’") for word in words(title) + words(body)]


def char_boxes(pdf: Path, page_index: int) -> list[tuple[str, float, float]]:
    return [(char, left, right) for char, left, _, right, _ in all_char_boxes(pdf, page_index)]


@pytest.fixture
def built(kit: Path, tmp_path: Path, run) -> Path:  # noqa: ANN001
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", "brochure", "--target", "all",
                 "--no-previews")
    assert result.code == 0, result.err
    return out


def test_letter_landscape_two_pages(built: Path) -> None:
    reader = PdfReader(built / "en" / "brochure.pdf")
    assert len(reader.pages) == 2
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == (792.0, 612.0)
    shop = PdfReader(built / "en" / "brochure-shop.pdf").pages[0]
    x0, y0, x1, y1 = (float(v) for v in shop["/TrimBox"])
    assert (x1 - x0, y1 - y0) == pytest.approx((792.0, 612.0))
    bx0 = float(shop["/BleedBox"][0])
    assert x0 - bx0 == pytest.approx(9.0)


def test_every_word_of_the_article_is_inside_in_order(built: Path, kit: Path) -> None:
    """The article first, whole and in order; what fills the room it leaves after it; its
    sources last (issue 42: "Sources last, after 'Good to know'", in reading order too)."""
    inside = words(page_texts(built / "en" / "brochure.pdf")[1])
    article = article_words(kit / "articles" / "trauma-bonding.en.md")
    sources = article.index("sources")
    body, closing = article[:sources], article[sources:]
    assert closing == words("Sources thehotline.org loveisrespect.org ncadv.org")
    assert inside[:len(body)] == body
    # the safety checklist under the key points (the designer's review: it prints, set
    # closer, rather than be left out), from the catalogue
    strings = load_strings("en", kit)
    checklist = words(" ".join(strings[key].replace("{emergency}", "911") for key in (
        "safety_plan_heading", *(f"safety_plan_{n}" for n in range(1, 6)))))
    assert inside[len(body):] == words("Good to know A trauma bond is a strong tie to "
                                       "someone who hurts you. The bond grows from a "
                                       "cycle of hurt and kindness. Feeling this bond is "
                                       "not your fault. Free, private support is ready "
                                       "when you are.") + checklist + closing


def test_text_stays_inside_its_panels(built: Path) -> None:
    safe = 0.3 * INCH - 2  # glyphs such as j reach a little left of their origin
    pdf = built / "en" / "brochure.pdf"
    for page_index, folds in ((0, LETTER_OUTSIDE_FOLDS), (1, LETTER_INSIDE_FOLDS)):
        boxes = char_boxes(pdf, page_index)
        assert boxes
        for fold in folds:
            crossing = [c for c, left, right in boxes if left < fold + safe and right > fold - safe]
            assert not crossing, (page_index, fold, crossing[:10])


def test_qr_code_on_the_back_panel_decodes(built: Path) -> None:
    assert decode_qr_codes(built / "en" / "brochure.pdf", 0) == ["tel:+18007997233"]
    assert decode_qr_codes(built / "en" / "brochure-shop.pdf", 0) == ["tel:+18007997233"]


def test_cover_and_back_panel_reveal_nothing(built: Path) -> None:
    page = pdfium.PdfDocument(str(built / "en" / "brochure.pdf"))[0]
    outside = page.get_textpage().get_text_bounded(left=LETTER_OUTSIDE_FOLDS[0], bottom=0,
                                                   right=792, top=612)
    assert "Wellness contacts" in " ".join(outside.split())
    found = set(words(outside)) & set(REVEALING_WORDS)
    assert not found


def test_flap_carries_the_lines_and_the_safety_note(built: Path) -> None:
    page = pdfium.PdfDocument(str(built / "en" / "brochure.pdf"))[0]
    flap = " ".join(page.get_textpage().get_text_bounded(
        left=0, bottom=0, right=LETTER_OUTSIDE_FOLDS[0], top=612).split())
    for expected in ("Before you call", "1-800-799-7233", "Text START to 88788", "988", "911",
                     "cannot check", "In an emergency, call 911."):
        assert expected in flap


def test_organisation_only_when_allowed(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, "--format", "brochure", "--no-previews").code == 0
    assert "Lives Healing" not in page_texts(out / "en" / "brochure.pdf")[0]
    edit(kit / "site.yaml", "brand_color:", "show_organization: true\nbrand_color:")
    assert run("build", kit, "--out", out, "--format", "brochure", "--no-previews").code == 0
    assert "Lives Healing" in page_texts(out / "en" / "brochure.pdf")[0]


def test_a4_fold_geometry(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "paper: letter", "paper: a4")
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, "--format", "brochure", "--no-previews").code == 0
    pdf = out / "en" / "brochure.pdf"
    page = PdfReader(pdf).pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == \
        pytest.approx((297 * MM, 210 * MM), abs=0.01)
    safe = 7.5 * MM - 2
    for page_index, folds in ((0, A4_OUTSIDE_FOLDS), (1, A4_INSIDE_FOLDS)):
        for fold in folds:
            assert not [c for c, left, right in char_boxes(pdf, page_index)
                        if left < fold + safe and right > fold - safe]


def test_long_article_fails_with_the_overflow(kit: Path, run) -> None:  # noqa: ANN001
    article = kit / "articles" / "trauma-bonding.en.md"
    extra = ("More words to read slowly and calmly. " * 40 + "\n\n") * 12
    edit(article, "## Sources", extra + "## Sources")
    result = run("check", kit, "--format", "brochure")
    assert result.code == 1
    line = next(line for line in result.err.splitlines() if "slot 'article'" in line)
    assert "trauma-bonding.en.md" in line
    assert "brochure (inside), slot 'article':" in line
    assert "too tall even at 9.5 pt" in line


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_office_pages_keep_colour_off_the_unprintable_edge(kit: Path, tmp_path: Path, run,  # noqa: ANN001
                                                           paper: str) -> None:
    """An office printer cannot print the outer ~5 mm: the office brochure keeps every
    coloured pixel (panel colours, the cover's rings, fold guides) inside it; the shop file
    still bleeds."""
    edit(kit / "site.yaml", "paper: letter", f"paper: {paper}")
    out = tmp_path / "out"
    assert run("build", kit, "--out", out, "--format", "brochure", "--target", "all",
               "--no-previews").code == 0
    scale = 4.0
    edge = int(5 * MM * scale)  # whole pixels outside the printable area
    for page_index in (0, 1):
        image = pdfium.PdfDocument(str(out / "en" / "brochure.pdf"))[page_index] \
            .render(scale=scale).to_pil().convert("L")
        width, height = image.size
        bands = {"left": (0, 0, edge, height), "right": (width - edge, 0, width, height),
                 "top": (0, 0, width, edge), "bottom": (0, height - edge, width, height)}
        for name, band in bands.items():
            darkest = image.crop(band).getextrema()[0]
            assert darkest >= 250, (page_index, name, darkest)
        # Just inside that edge the cover's colour does reach.
        if page_index == 0:
            assert image.getpixel((width - edge - 3, height // 2)) < 200
    shop = pdfium.PdfDocument(str(out / "en" / "brochure-shop.pdf"))[0]
    image = shop.render(scale=1).to_pil().convert("L")
    left, bottom, right, top = (float(v) for v in PdfReader(
        out / "en" / "brochure-shop.pdf").pages[0]["/TrimBox"])
    # The cover's colour reaches past the trim into the bleed.
    assert image.getpixel((round(right + 4), round(image.height - (bottom + top) / 2))) < 200


def test_office_fold_guides_are_printable(built: Path) -> None:
    """The faint fold guides sit inside the printable area, at the folds."""
    scale = 4.0
    for page_index, folds in ((0, LETTER_OUTSIDE_FOLDS), (1, LETTER_INSIDE_FOLDS)):
        image = pdfium.PdfDocument(str(built / "en" / "brochure.pdf"))[page_index] \
            .render(scale=scale).to_pil().convert("L")
        for fold in folds:
            x = round(fold * scale)
            column = [image.getpixel((x, y)) for y in range(round(5 * MM * scale),
                                                            round((5 * MM + 10) * scale))]
            assert min(column) < 245, (page_index, fold)


def printed_sizes(pdf: Path) -> list[tuple[str, float]]:
    """(text, size in points as printed) of every piece of text on every page."""
    found: list[tuple[str, float]] = []

    def visit(text, cm, tm, font_dict, font_size):  # noqa: ANN001, ANN202
        if text.strip():
            scale = (tm[0] ** 2 + tm[1] ** 2) ** 0.5 * (cm[0] ** 2 + cm[1] ** 2) ** 0.5
            found.append((text.strip(), font_size * scale))

    for page in PdfReader(pdf).pages:
        page.extract_text(visitor_text=visit)
    return found


def test_nothing_on_a_brochure_prints_under_9_5_pt(tmp_path: Path, run) -> None:  # noqa: ANN001
    """Design review of issue 26 (design.md: brochures never under 9.5 pt): the flap's
    'Checked Nov 2026' printed at 8.5 pt, the inside lines' date at 9 pt, and a long
    article's sources shrank with it to 9 pt (Russian)."""
    from tests.conftest import default_kit_in

    content = default_kit_in(tmp_path / "content", ["en", "ru", "th"])
    out = tmp_path / "out"
    result = run("build", content, "--format", "brochure", "--out", out, "--no-previews")
    assert result.code == 0, result.err
    for lang in ("en", "ru", "th"):
        sizes = printed_sizes(out / lang / "brochure.pdf")
        assert len(sizes) > 50
        small = [(text, round(points, 2)) for text, points in sizes if points < 9.5 - 0.01]
        assert not small, (lang, small)
