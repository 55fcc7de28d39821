"""Tear-off tabs placed (a poster's fringe): how many tabs, the text turned along each,
and the cut lines between them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Paragraph as RLParagraph

from generator.content.layouts import SlotSpec
from generator.content.units import PT_PER_UNIT
from generator.errors import Code, ContentError
from generator.layout.compose import ComposedFace
from generator.layout.fit import UNBREAKABLE, min_width
from generator.layout.geometry import Rect
from generator.layout.paragraphs import Paragraph
from generator.layout.place_problems import overflow_message, slot_problem, wide_source
from generator.layout.placed import PlacedCutLine, PlacedFace, Placement
from generator.layout.slot_boxes import slot_box
from generator.layout.slot_stack import first_choice_that_fits, stack_in_box
from generator.layout.styles import style_name

TAB_CLEARANCE = 3 * PT_PER_UNIT["mm"]  # between a tab's text and every cut around it
GLYPH_OVERHANG = 0.75  # the marks of shaped scripts may reach this far past a line's width
DESCENT_CAP = 0.45  # of the size: a font's own descent counts marks far below most letters
# A tab's number runs along this share of its length at least, where fewer (wider) tabs let
# it: the print designer of issue 42 found Letter's tabs printed along half their length, in
# type at its floor, because seven narrow tabs left no room across for a larger size.
TAB_FILL = 0.85
NUMBER_STYLE = "tab_phone"  # the style a tab sets the line's number in


@dataclass(frozen=True)
class _TabFit:
    """The tab text fitted to tabs `count` to the band: its paragraphs (None: nothing fits),
    the height they use across the tab, the items chosen, their last line's descent."""

    count: int
    paragraphs: list[RLParagraph] | None
    used: float
    chosen: Sequence[Paragraph]
    below: float
    length: float  # the room along the tab

    @property
    def fill(self) -> float:
        """The share of the tab's length its number takes, set whole (a line reached only by
        text or on the web: its longest unbreakable run); 0 where nothing fits."""
        if not self.paragraphs:
            return 0.0
        numbers = [para for para in self.paragraphs if style_name(para.style) == NUMBER_STYLE]
        return max(min_width(para) for para in numbers or self.paragraphs) / self.length

    def names_the_line(self, items: Sequence[Paragraph]) -> bool:
        """Printed with its first choice (the line's name), where it has choices."""
        choices = [item.choice for item in items if item.choice]
        return self.paragraphs is not None and (
            not choices or min(choices) in {item.choice for item in self.chosen})


def _tab_text_box(band: Rect, count: int, index: int) -> Rect:
    """Where the text of tab `index` of `count` may stand (not yet less its last line's
    descent): TAB_CLEARANCE from the cuts on its sides, and from the tear line and the
    bottom edge with what the marks of shaped scripts may overhang."""
    tab_width = band.width / count
    across = min(TAB_CLEARANCE, tab_width * 0.2)
    along = TAB_CLEARANCE + GLYPH_OVERHANG
    return Rect(band.x + index * tab_width + across, band.y + along,
                tab_width - 2 * across, band.height - 2 * along)


def _fit_tabs(items: Sequence[Paragraph], band: Rect, count: int,
              placement: Placement) -> _TabFit:
    box = _tab_text_box(band, count, 0)
    length, room = box.height, box.width
    paragraphs, used, chosen = first_choice_that_fits(items, length, room, placement,
                                                      or_none=True)
    below = _descent_past(paragraphs[-1]) if paragraphs else 0.0
    if paragraphs is not None and used + below > room + 0.01:  # its last line's descenders
        paragraphs, used, chosen = first_choice_that_fits(items, length, room - below,
                                                          placement, or_none=True)
        below = _descent_past(paragraphs[-1]) if paragraphs else 0.0
    return _TabFit(count, paragraphs, used, chosen, below, length)


def _tab_fit(items: Sequence[Paragraph], band: Rect, slot: SlotSpec,
             placement: Placement) -> _TabFit:
    """As many tabs as carry the whole line (its name, number, texting line and TTY) with
    its number set along TAB_FILL of their length (the size's `tab_fill` where it sets
    one), from `count` down to `min_count`; where none does, those of the tabs carrying the
    whole line whose number runs along most of them (more tabs where as much); where none
    carries it, `count` tabs with what fits beside the number (its tab label, or the number
    and its ways to reach it alone), else the most tabs that fit anything."""
    fits = []
    least = placement.size.tab_fill or TAB_FILL
    for count in range(slot.count, min(slot.min_count or slot.count, slot.count) - 1, -1):
        fit = _fit_tabs(items, band, count, placement)
        if fit.names_the_line(items) and fit.fill >= least:
            return fit
        fits.append(fit)
    whole = [fit for fit in fits if fit.names_the_line(items)]
    if whole:
        return max(whole, key=lambda fit: (round(fit.fill, 2), fit.count))
    printable = [fit for fit in fits if fit.paragraphs is not None]
    return (printable or fits)[0]


def place_tabs(placed: PlacedFace, slot: SlotSpec, composed: ComposedFace,
               placement: Placement) -> None:
    """Tear-off tabs side by side, text turned to read upwards, dashed cuts between;
    the text keeps TAB_CLEARANCE from the cuts on its sides and the tear line (cutters and
    scissors drift). Where the line's name does not fit beside its number, the tabs print
    its later choice (a tab label), or the number and its ways to reach it alone, with a
    note; the number, texting line and TTY are never left out."""
    items = composed.texts[slot.name]
    band = slot_box(slot, placement, placed)
    fit = _tab_fit(items, band, slot, placement)
    if fit.paragraphs is None:
        width = _tab_text_box(band, fit.count, 0).height
        message, fields = overflow_message(fit.used, placement, fit.chosen, width=width)
        raise ContentError(slot_problem(
            Code.TEXT_TOO_WIDE if fit.used == UNBREAKABLE else Code.TEXT_TOO_TALL, slot,
            placement, message, placed, "error", wide_source(fit.used, fit.chosen, width,
                                                             placement), left_out=0, **fields))
    if not fit.names_the_line(items):
        label = any(item.choice for item in fit.chosen)
        what = ("print the tab label instead of the line's name" if label
                else "print the number without the line's name")
        placed.warnings.append(slot_problem(Code.TABS_WITHOUT_NAME, slot, placement, (
            f"the tabs {what}: it does not fit beside the number"), placed, "info",
            label=int(label)))
    # Centred across the tab with its last line's descenders, which reach past its box.
    for index in range(fit.count):
        box = _tab_text_box(band, fit.count, index)
        tab = Rect(box.x, box.y, box.width - fit.below, box.height)
        stack_in_box(placed, fit.paragraphs, tab, fit.used, slot, copy=index)
    # Tear line along the top of the band, cut lines between tabs; the face edge is the bottom.
    bottom = 0.0
    placed.cut_lines.append(PlacedCutLine(band.x, band.top, band.x + band.width, band.top))
    for index in range(fit.count + 1):
        x = band.x + index * band.width / fit.count
        placed.cut_lines.append(PlacedCutLine(x, bottom, x, band.top))


def _descent_past(para: RLParagraph) -> float:
    """How far the glyphs of a paragraph's last line reach below its box: the font's descent
    (at most DESCENT_CAP of the size) beyond the room its leading leaves under the baseline
    (ReportLab sets a first baseline one size below the top, each next one a leading lower)."""
    style = para.style
    descent = -pdfmetrics.getAscentDescent(style.fontName, style.fontSize)[1]
    return max(0.0, min(descent, DESCENT_CAP * style.fontSize) - (style.leading - style.fontSize))
