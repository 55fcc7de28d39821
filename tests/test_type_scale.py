"""One type scale per document: a style prints at one size on every panel and both sides,
even when one of the slots it is used in had to shrink it."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

LONG_BEFORE_YOU_CALL = (
    "Use a phone or computer the other person cannot check. Calls, texts and web visits can "
    "show up in call logs and browser history, and on a shared account or a tablet at home. "
    "A phone at a library, at work or at a friend's is often safer. Delete only what would "
    "not be missed: an empty history can raise questions too. Take your time; there is no "
    "wrong moment to call, and you can hang up at any time if someone comes in. In an "
    "emergency, call {emergency}.")


def sizes_of(pdf: Path, page_index: int, starts: str) -> set[float]:
    """The sizes of the text pieces starting with `starts` (pypdf)."""
    found: set[float] = set()

    def visit(text, cm, tm, font_dict, font_size):  # noqa: ANN001, ANN202
        if text.strip().startswith(starts):
            scale = (tm[2] ** 2 + tm[3] ** 2) ** 0.5 * (cm[2] ** 2 + cm[3] ** 2) ** 0.5
            found.add(round(font_size * scale, 2))

    PdfReader(pdf).pages[page_index].extract_text(visitor_text=visit)
    return found


def test_a_style_shrunk_in_one_slot_prints_at_that_size_in_the_others(
        kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    """The folding card's 'panel_heading' style sets "Before you call" (front) and "Good to
    know" (back). A longer "Before you call" must shrink to fit its panel, its heading with
    it; the headings on the other side follow it down."""
    (kit / "locales").mkdir()
    (kit / "locales" / "en.yaml").write_text(
        f"before_you_call: \"{LONG_BEFORE_YOU_CALL}\"\n", encoding="utf-8")
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-fold", "--target", "shop",
                 "--no-previews")
    assert result.code == 0, result.err
    pdf = out / "en" / "pocket-fold-shop.pdf"
    assert min(sizes_of(pdf, 0, "Use a phone or computer")) < 11.9  # shrunk from 12 pt...
    before = sizes_of(pdf, 0, "Before you call")
    assert len(before) == 1 and min(before) < 14.4  # ...its heading from 14.5 pt...
    assert sizes_of(pdf, 1, "Good to know") == before  # ...and the headings on the back too
