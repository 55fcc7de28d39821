"""A face whose panels are pages (`pages: panels`, large print): its text flows through the
panels as a brochure's does, then each panel becomes a page of its own, and the pages the
text did not reach are left out, so that a short article prints on fewer pages."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from generator.content.layouts import Layout, StyleSpec
from generator.i18n.bidi_text import BidiParagraph
from generator.i18n.digits import in_digits
from generator.layout.fit import Typesetter
from generator.layout.geometry import Rect
from generator.layout.paragraphs import Paragraph
from generator.layout.placed import PlacedFace, PlacedText
from generator.layout.styles import style_name

EDGE = 0.01
# A last page holding fewer lines than this (Sources and three web addresses) costs a sheet
# for almost nothing when printed one-sided: the pages before it are set a step tighter.
LAST_PAGE_LINES = 8
# The steps tried, in turn: (the space before and after paragraphs, headings and the
# lines, times this; line spacing over the size at most this, never below design.md's
# 1.25; the layout's `script_leading` keeps Arabic, Thai and Indic scripts at 1.5 or more).
TIGHTER = ((0.6, None), (0.6, 1.3), (0.4, 1.25))


def page_lines(page: PlacedFace) -> int:
    """How many lines of text `page` prints."""
    return sum(_lines(text) for text in page.texts if not text.screen_only)


def _lines(text: PlacedText) -> int:
    para = text.paragraph
    broken = getattr(getattr(para, "blPara", None), "lines", None)
    if broken:
        return len(broken)
    height, leading = getattr(para, "height", 0.0) or 0.0, para.style.leading or 1.0
    return max(1, round(height / leading))  # a paragraph set by other means (CJK lines)


def short_last_page(pages: list[PlacedFace]) -> bool:
    """Whether the last of several pages holds fewer than LAST_PAGE_LINES lines."""
    return len(pages) > 1 and page_lines(pages[-1]) < LAST_PAGE_LINES


LINE_STYLES = frozenset({"line_name", "line_phone", "line_phone_last", "line_detail",
                         "line_detail_kept"})


def lines_split(pages: list[PlacedFace]) -> bool:
    """Whether the lines' list starts on one page and ends on another (the emergency line
    and its number opening page 2, away from "Who you can contact" on page 1)."""
    holding = {index for index, page in enumerate(pages) for text in page.texts
               if style_name(text.paragraph.style).rstrip("0123456789") in LINE_STYLES}
    return len(holding) > 1


def unsettled(pages: list[PlacedFace]) -> bool:
    """Whether a tighter setting is worth trying: a short last page, or the lines split."""
    return short_last_page(pages) or lines_split(pages)


def better(candidate: list[PlacedFace], pages: list[PlacedFace]) -> bool:
    """Whether `candidate` (set a step tighter) mends what `pages` got wrong and breaks
    nothing they got right: fewer pages, a fuller last one, or the lines kept on one page."""
    mends_short = short_last_page(pages) and (len(candidate) < len(pages)
                                              or not short_last_page(candidate))
    mends_split = lines_split(pages) and not lines_split(candidate)
    breaks_split = lines_split(candidate) and not lines_split(pages)
    breaks_short = (short_last_page(candidate) and not short_last_page(pages)
                    and len(candidate) >= len(pages))
    fewer = len(candidate) < len(pages)
    return (mends_short or mends_split or fewer) and not (breaks_split or breaks_short)


def tightened_layouts(layout: Layout) -> Iterator[Layout]:
    """`layout` with its styles a step tighter each time (TIGHTER): less space between
    blocks, then less line spacing; never a smaller size."""
    for spaces, leading in TIGHTER:
        styles = {name: _tighter(style, spaces, leading, name)
                  for name, style in layout.spec.styles.items()}
        yield replace(layout, spec=layout.spec.model_copy(update={"styles": styles}))


def _tighter(style: StyleSpec, spaces: float, leading: float | None,
             name: str = "") -> StyleSpec:
    least = style.size * 1.25
    # the article's opening space (`_open` styles) is the head's and the text's grid: kept
    before = style.space_before if "_open" in name else round(style.space_before * spaces, 2)
    lead = style.leading if leading is None else max(least, min(style.leading,
                                                                style.size * leading))
    return style.model_copy(update={"space_before": before,
                                    "space_after": round(style.space_after * spaces, 2),
                                    "leading": round(lead, 2)})


def panel_pages(face: PlacedFace) -> list[PlacedFace]:
    """Each panel of `face` (panels along y, top to bottom) as a face of its own, its
    texts moved onto it; from the last panel that carries anything on, none."""
    pages = [_page(face, panel) for panel in face.panels]
    while len(pages) > 1 and not (pages[-1].texts or pages[-1].qrs):
        pages.pop()
    # what placing the face found, said once
    pages[0].warnings = list(face.warnings)
    pages[0].left_out_lines = list(face.left_out_lines)
    pages[0].left_out_details = face.left_out_details
    pages[0].hours_left_out = list(face.hours_left_out)
    return pages


def _page(face: PlacedFace, panel: Rect) -> PlacedFace:
    def here(y: float) -> bool:
        return panel.y - EDGE <= y < panel.top - EDGE

    texts = [_moved(text, -panel.x, -panel.y) for text in face.texts if here(text.y)]
    return PlacedFace(
        face.name, face.spec, panel.width, panel.height,
        panels=[Rect(0.0, 0.0, panel.width, panel.height)], texts=texts,
        qrs=[replace(qr, x=qr.x - panel.x, y=qr.y - panel.y) for qr in face.qrs if here(qr.y)],
        rules=[replace(rule, x1=rule.x1 - panel.x, x2=rule.x2 - panel.x, y=rule.y - panel.y)
               for rule in face.rules if here(rule.y)],
        callouts=[Rect(box.x - panel.x, box.y - panel.y, box.width, box.height)
                  for box in face.callouts if here(box.y)],
        warnings=[], rtl=face.rtl)


def _moved(text: PlacedText, dx: float, dy: float) -> PlacedText:
    icon = text.icon
    if icon is not None:
        icon = replace(icon, x=icon.x + dx, y=icon.y + dy, word_x=icon.word_x + dx,
                       baseline=icon.baseline + dy)
    return replace(text, x=text.x + dx, y=text.y + dy, icon=icon)


# The folio's baseline, as a share of the bottom margin up from the page's edge: in the
# margin, clear of the text area's last line by more than a body line.
FOLIO_BASELINE = 0.42
LRM = "\u200e"


def with_folios(pages: list[PlacedFace], typesetter: Typesetter, margin: float,
                digits: str) -> list[PlacedFace]:
    """`pages` each with its folio ("2 / 4", in the piece's digits) centred in the bottom
    margin, in the layout's `folio` style (`folio18` where the body is set at 18 pt): loose
    sheets of a large print put back in order. A single page has none. The text area is
    not touched: the folio stands in the margin, below it."""
    if len(pages) < 2:
        return pages
    big = any(style_name(text.paragraph.style).endswith("18") for text in pages[0].texts)
    style = "folio18" if big else "folio"
    if style not in typesetter.spec.styles:
        return pages
    for number, page in enumerate(pages, start=1):
        words = in_digits(f"{number} / {len(pages)}", digits)
        [para] = typesetter.paragraphs([Paragraph(style, words)], 1.0)
        if isinstance(para, BidiParagraph) and not typesetter.fonts.rtl:
            # digits alone read right to left in a shaped paragraph (Thai, Hindi): a
            # left-to-right mark sets the page's direction
            [para] = typesetter.paragraphs([Paragraph(style, LRM + words)], 1.0)
        _, height = para.wrap(page.width, page.height)
        size = para.style.fontSize
        baseline = margin * FOLIO_BASELINE
        page.folio = PlacedText(para, 0.0, baseline - (height - size))
    return pages
