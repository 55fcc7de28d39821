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

import shutil
from collections.abc import Callable
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from generator.commands.cli import main
from generator.content.layouts import LAYOUTS_DIR
from tests.conftest import CARD_LANGS, default_kit_in, edit

# Backs of CARD_LANGS that print each address at least: (US, ISO). Set at the end of a row
# where the texting line would wrap with it (generator/layout/beside_rows.py: "988
# 988lifeline.org"), 988lifeline.org 2 -> 9 US, 3 -> 11 ISO; thehotline.org 6 -> 11 US,
# 4 -> 10 ISO (Bengali and Persian US backs leave 988's out: its g would come within 0.5 mm
# of the letters under it, with no room to spare; Hindi ISO the hotline's, wider than the
# number's row)
AT_LEAST = {"988lifeline.org": {"us": 9, "iso": 11}, "thehotline.org": {"us": 11, "iso": 10}}


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
def test_addresses_read_in_the_order_of_their_lines(
        size: str, built_card_backs: Callable[[str], Path]) -> None:
    """Where both addresses print, the first line's (thehotline.org) reads before the
    988 line's, each with its line: after the hotline's number and before 988's name, set
    on the number's row or at the end of the texting row (in right-to-left cards too,
    where it stands left of its row)."""
    out = built_card_backs(size)
    texts = {lang: _back_text(out / lang / "pocket-card-shop.pdf") for lang in CARD_LANGS}
    assert all("1-800-799-7233" in text for text in texts.values())  # the backs read back
    for lang, text in texts.items():
        if "thehotline.org" in text and "988lifeline.org" in text:
            assert text.index("1-800-799-7233") < text.index("thehotline.org") \
                < text.index("988lifeline.org"), (size, lang, text)


def test_a_later_address_prints_where_the_first_cannot_at_all(tmp_path: Path) -> None:
    """Where the first line's address cannot print beside anything (the Hindi US back:
    "START लिखकर 88788 पर भेजें · thehotline.org" wraps at every size, at every leading step),
    it displaces nothing: the 988 line's address still prints where it fits (beside its
    texting line). Set without the rows a left-out address may stand at the end of (a
    site's own pocket-card layout, `web_beside: []`), as place_list._addresses_in_line_order
    alone chooses. Before it, that back printed neither address."""
    content = default_kit_in(tmp_path / "content", ("hi",))
    own = content / "layouts" / "pocket-card"
    shutil.copytree(LAYOUTS_DIR / "pocket-card", own)
    edit(own / "layout.yaml", "web_beside: [phone]", "web_beside: []")
    out = tmp_path / "out"
    assert main(["build", str(content), "--out", str(out), "--target", "shop",
                 "--no-previews", "--format", "pocket-card"]) == 0
    text = _back_text(out / "hi" / "pocket-card-shop.pdf")
    assert "1-800-799-7233" in text and "thehotline.org" not in text
    assert "988lifeline.org" in text
