"""The pocket card's back prints each line's web address (988lifeline.org: the 988 line's
chat, which a survivor with only the card has no other way to find; thehotline.org) in most
languages: read back from the print shop's PDF (pdfium's text of the back) of the cards
built in every language of tests/conftest.py's CARD_LANGS. Where a back is full the
address gives way before a line, a detail or the card's line does, but a closer leading
step down to design.md's air (1.2; 1.25 in scripts whose letters join or stack), or names
smaller (still a step over their details), comes first (layouts/pocket-card/layout.yaml:
`web_over_air`). Before it, 988lifeline.org printed on 3 of these 11 US backs and 2 of the
ISO ones (Korean's now too); thehotline.org on 6 and 4. On all sixteen languages' backs:
988lifeline.org 3 -> 4 US (Tagalog), 2 -> 4 ISO (Korean, Tagalog); thehotline.org 7 -> 9
US (French, Tagalog), 6 -> 7 ISO (Tagalog). The floors below hold what prints now."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from tests.conftest import CARD_LANGS

# Backs of CARD_LANGS that print each address at least: (US, ISO)
# (988lifeline.org US 3 -> 2: the Hindi back no longer prints it where thehotline.org is left
# out, test_the_hotlines_address_comes_first)
AT_LEAST = {"988lifeline.org": {"us": 2, "iso": 3}, "thehotline.org": {"us": 6, "iso": 4}}


def _back_text(pdf: Path) -> str:
    document = pdfium.PdfDocument(str(pdf))
    try:
        page = document[1]
        text = page.get_textpage().get_text_range()
    finally:
        document.close()
    return "".join(text.split())


@pytest.mark.parametrize("size", ["us", "iso"])
def test_most_backs_print_each_lines_web_address(
        size: str, built_card_backs: Callable[[str], Path]) -> None:
    out = built_card_backs(size)
    texts = {lang: _back_text(out / lang / "pocket-card-shop.pdf") for lang in CARD_LANGS}
    assert all("1-800-799-7233" in text for text in texts.values())  # the backs read back
    for address, least in AT_LEAST.items():
        printed = sorted(lang for lang, text in texts.items() if address in text)
        assert len(printed) >= least[size], (address, size, printed)


@pytest.mark.parametrize("size", ["us", "iso"])
def test_the_hotlines_address_comes_first(
        size: str, built_card_backs: Callable[[str], Path]) -> None:
    """Addresses print in the order of the lines: a back never prints a later line's web
    address (988lifeline.org) where the first line's, the hotline's (thehotline.org), is left
    out. Before it, the Hindi US back printed 988lifeline.org without thehotline.org (the
    hotline's did not fit beside its texting line; generator/layout/place.py
    `_addresses_in_line_order`)."""
    out = built_card_backs(size)
    texts = {lang: _back_text(out / lang / "pocket-card-shop.pdf") for lang in CARD_LANGS}
    assert all("1-800-799-7233" in text for text in texts.values())  # the backs read back
    backwards = sorted(lang for lang, text in texts.items()
                       if "988lifeline.org" in text and "thehotline.org" not in text)
    assert not backwards, (size, backwards)
