"""The print instructions in an office sheet's margin, in the language of whoever prints it
(site.yaml's `office_language`): what the sheet is, how to print it, what to do with it.

Written from the catalogue's `print_*` strings and set as the engine sets any text
(generator/layout/fit.py's Typesetter): Arabic right to left with its numbers left to
right, Devanagari and Thai shaped, Chinese and Thai broken where ICU allows; one line of
small type, narrowed a little when a language needs it.
"""

from __future__ import annotations

import html
from collections.abc import Mapping

from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Paragraph as RLParagraph

from generator.content.layouts import LayoutSpec
from generator.content.placeholders import substitute
from generator.engine import remembered
from generator.i18n.fonts import FontSet
from generator.layout.fit import Typesetter
from generator.layout.paragraphs import Paragraph

CAPTION_SIZE = 6.5
CAPTION_FLOOR = 5.0  # a caption too long for one line shrinks this far before it wraps
LATIN_EXTENT = (0.75, 0.25)  # ems above and below the baseline Latin letters reach
EXTENT_CAP = (1.0, 0.45)  # ems above and below the baseline a caption's letters reach at most
_STYLE = "caption"


def caption_texts(pages: int, flip: str, folds: bool, perforated: bool, stock: str | None,
                  checked: str | None, strings: Mapping[str, str],
                  peeled: bool = False, labels: Mapping[str, object] | None = None
                  ) -> list[str]:
    """What each office sheet needs, in its footer: how to print it, then what to do with
    it (cut or separate, fold) on the last page, nothing for labels that are `peeled` off
    their sheet; on the first, the stock it is laid out for,
    and when the lines were last checked (`checked`, a month as the language writes it),
    for whoever prints it to know when to check them again. A sheet of `labels` (its
    `size`, `count` and `products`) is said in the strings' language (print_for_labels),
    not by the stock's English title."""
    def text(key: str, **values: object) -> str:
        return substitute(strings[key], values)

    if pages == 1:
        how = [text("print_one_sided")]
    else:
        how = [text(f"print_{'backs' if page % 2 else 'fronts'}_{flip}", page=page + 1,
                    pages=pages) for page in range(pages)]
    if labels:
        how[0] = f"{text('print_for_labels', **labels)} {how[0]}"
    elif stock:
        how[0] = f"{text('print_for_stock', stock=stock)} {how[0]}"
    then = "print_then_separate" if perforated else "print_then_cut"
    if not peeled:
        how[-1] = f"{how[-1]} {text(then + ('_fold' if folds else ''))}"
    if checked:
        # a month written with its own full stop ("нояб. 2026 г.") ends the sentence too
        said = text('print_lines_checked', date=checked)
        if checked.endswith("."):
            said = said.replace(f"{checked}.", checked)
        how[0] = f"{how[0]} {said}"
    return how


@remembered(4)
def _caption_spec(size: float = CAPTION_SIZE, floor: float = CAPTION_FLOOR) -> LayoutSpec:
    """A layout of one style, so that a caption is set by the Typesetter like any text."""
    return LayoutSpec.model_validate({
        "name": "caption", "title": "Caption", "description": "an office sheet's caption",
        "size_option": "paper", "sizes": {}, "imposition": {"columns": 1, "rows": 1},
        "body_floor": floor, "faces": {},
        "styles": {_STYLE: {"size": size, "leading": size * 1.25,
                            "color": "muted", "align": "center"}}})


def caption_extent(fonts: FontSet) -> tuple[float, float]:
    """How far a caption's letters reach above and below its baseline, in ems. Latin,
    Cyrillic, Chinese and Korean stay within LATIN_EXTENT (their fonts' own ascents count
    accents few captions have); a shaped or right-to-left script reaches as far as its font
    says, at most EXTENT_CAP (Noto Sans Arabic's ascent and descent, 1.4 and 0.7 em, count
    marks far beyond most letters; its letters reach about 0.85 and 0.42)."""
    if not (fonts.shaping or fonts.rtl):
        return LATIN_EXTENT
    ascent, descent = pdfmetrics.getAscentDescent(fonts.primary("regular"), 1000)
    return (max(LATIN_EXTENT[0], min(ascent / 1000, EXTENT_CAP[0])),
            max(LATIN_EXTENT[1], min(-descent / 1000, EXTENT_CAP[1])))


@remembered(64)
def caption_paragraph(text: str, fonts: FontSet, width: float,
                      size: float | None = None) -> RLParagraph:
    """The caption set to fit `width` on one line if it can (down to CAPTION_FLOOR); at
    `size` (a layout's sheet_caption_size), never smaller: in as many lines as it takes.
    Remembered: captions are in the printer's language, so a kit's sheets share a few (20
    captions, 4 different, in the default kit); the paragraph is only wrapped to this width
    again and drawn, as fit.py's remembered paragraphs are."""
    spec = _caption_spec() if size is None else _caption_spec(size, size)
    typesetter = Typesetter(spec, "#000000", fonts)
    item = Paragraph(_STYLE, html.escape(text, quote=False))
    scales = typesetter.scales([item])
    for scale in scales:
        para = typesetter.paragraphs([item], scale)[0]
        _, height = para.wrap(width, 10_000)
        if height <= para.style.leading * 1.5:
            return para
    return para
