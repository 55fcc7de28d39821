"""What placing a face makes: its texts, QR codes, ornaments, fields and cut lines in
points from the lower-left corner of the trimmed face, and the `Placement` a face is
placed with.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from reportlab.platypus import Paragraph as RLParagraph

from generator.content.layouts import FaceSpec, Layout, SizeSpec
from generator.content.models import Source
from generator.errors import Problem
from generator.i18n.fonts import FontSet
from generator.layout.fillers import Rule
from generator.layout.fit import Icon, Typesetter, sized_spec
from generator.layout.geometry import Rect


@dataclass(frozen=True)
class PlacedIcon:
    """A picture at the start of a paragraph's first line (`size` square, lower-left corner
    at x, y), and where its word goes in the text layer: `word_width` from `word_x`, on the
    line's baseline."""

    icon: Icon
    x: float
    y: float
    size: float
    word_x: float
    word_width: float
    baseline: float
    font_size: float  # of the line's text


@dataclass(frozen=True)
class PlacedText:
    paragraph: RLParagraph
    x: float
    y: float  # bottom of the paragraph (before rotation)
    rotate: int = 0  # 90: turned counter-clockwise about (x, y), reading upwards
    private: bool = False  # seen only once taken away (a tear-off tab), not on the outside
    icon: PlacedIcon | None = None
    copy: int = 0  # a repeated slot's: which copy it is (tear-off tabs: 0 the first, 1...)
    screen_only: bool = False  # read on a screen only, never printed (SlotSpec.screen_only)
    # One of paragraphs side by side on one baseline (a table's column headings): PDFium
    # reads them as one line (generator/render/screen_text.py's carry).
    in_row: bool = False
    # A run set at the end of another paragraph's row (a line's web address on its number's
    # row, generator/layout/beside_rows.py): at a size of its own, never its style's cap.
    beside: bool = False
    # The rest of a paragraph a flow split between boxes (panels): the paragraph of the
    # text it continues, which a screen copy reads it with (generator/render/screen.py).
    continues: RLParagraph | None = None


ICON_AIR = 2.5
WORD_SHARE = 0.8  # of the icon's width, for its unseen word


def placed_text(para: RLParagraph, x: float, y: float, width: float, rtl: bool,
                private: bool = False) -> PlacedText:
    """A paragraph at (x, y) in a column `width` wide, with its icon if it has one: at the
    start of the first line (the right end, right to left), centred on the digits."""
    icon: Icon | None = getattr(para, "icon", None)
    if icon is None:
        return PlacedText(para, x, y, 0, private)
    font_size = para.style.fontSize
    size = min(icon.share * font_size, icon.column - ICON_AIR)
    baseline = y + para.height - font_size  # where ReportLab sets a first line
    icon_x = x + width - size if rtl else x
    # The unseen word keeps to the picture's outer part, clear of the line's own text, so
    # that text read back by position still finds a gap between them.
    word_width = WORD_SHARE * size
    word_x = x + width - word_width if rtl else x
    middle = baseline + 0.36 * font_size
    return PlacedText(para, x, y, 0, private,
                      PlacedIcon(icon, icon_x, middle - size / 2, size, word_x, word_width,
                                 baseline, font_size))


@dataclass(frozen=True)
class PlacedQr:
    payload: str
    x: float
    y: float
    size: float


@dataclass(frozen=True)
class PlacedOrnament:
    design: str
    box: Rect
    mirrored: bool = False  # a right-to-left face: the design turns to face the other way


@dataclass(frozen=True)
class PlacedField:
    """A flat colour behind part of a face: `rect`, run on to the edges of `panel` on the
    sides in `edges` (and into the bleed where that is the trim); on a round piece kept to
    `circle` (x, y, radius: the die cut) and the bleed past it."""

    rect: Rect
    paint: str  # a FILL_PAINTS name
    panel: Rect
    edges: frozenset[str] = frozenset()
    circle: tuple[float, float, float] | None = None


@dataclass(frozen=True)
class PlacedCutLine:
    x1: float
    y1: float
    x2: float
    y2: float


@dataclass
class PlacedFace:
    name: str
    spec: FaceSpec
    width: float
    height: float
    panels: list[Rect] = field(default_factory=list)
    texts: list[PlacedText] = field(default_factory=list)
    qrs: list[PlacedQr] = field(default_factory=list)
    ornaments: list[PlacedOrnament] = field(default_factory=list)
    fields: list[PlacedField] = field(default_factory=list)  # colour behind text
    cut_lines: list[PlacedCutLine] = field(default_factory=list)
    rules: list[Rule] = field(default_factory=list)  # lines to write on
    flow_scale: float | None = None  # the scale its flow's text was set at, where it has one
    # slots of faces placed before it whose content a filler of its flow printed instead
    # (FillerSpec.unless: the flap's "When you call", on the brochure's inside)
    printed_instead: list[str] = field(default_factory=list)
    # slots of faces placed before it that kept a filler of its flow out (`unless:`), and the
    # largest share of a box its flow left empty: where that is much, the document is placed
    # again with those slots withheld (generator/layout/document.py)
    yielded: list[str] = field(default_factory=list)
    flow_emptiest: float | None = None
    callouts: list[Rect] = field(default_factory=list)  # tinted boxes behind text
    # a page's number of a document of pages (large print), in its bottom margin: drawn,
    # never read as its text (an artifact in the screen copy); generator/layout/pages.py
    folio: PlacedText | None = None
    warnings: list[Problem] = field(default_factory=list)
    extents: dict[str, tuple[float, float]] = field(default_factory=dict)  # slot: bottom, top
    rtl: bool = False
    claimed: list[Rect] = field(default_factory=list)  # boxes text sits in the middle of
    # lines a list could not hold whole, each with its warning (which the build completes)
    left_out_lines: list[tuple[int, Problem]] = field(default_factory=list)
    left_out_details: int = 0  # what lists left out in all, lines and details
    # web addresses beside a line's numbers that a list left out (`web` details): a loss
    # that weighs least (place_face), never one a slot gives way for (_face_at)
    left_out_web: int = 0
    # lines whose hours a list left out (document.lines_told: hours that are not 24/7 are
    # part of a line printed whole)
    hours_left_out: list[int] = field(default_factory=list)
    # slots that gave way (a card's line), each with the texts it could have printed and
    # its note (which the build completes with the pieces that print one of them)
    gave_way: list[tuple[tuple[str, ...], Problem]] = field(default_factory=list)
    # slots that gave way by being set in the column their `beside:` names (a card's line
    # beside a QR caption that takes the room under the code)
    narrowed: frozenset[str] = frozenset()
    # slots raised into the room a spread list leaves below it (points up): the card's line,
    # between the lines and the safety note it stacks on (`_spread`)
    lifted: dict[str, float] = field(default_factory=dict)
    # where the ink of each text slot's last line ends (points up): what a slot with
    # `ink_gap` stacks under
    ink_bottoms: dict[str, float] = field(default_factory=dict)
    ink_tops: dict[str, float] = field(default_factory=dict)  # where `ink_air` applies


@dataclass(frozen=True)
class LineWords:
    """What one line prints in a language (its name, hours, tab label, texting words, web
    address), for finding the line a word is in."""

    source: Source
    name: str
    text: str


@dataclass(frozen=True)
class Placement:
    """What the layout needs to know beyond the composed words."""

    layout: Layout
    size: SizeSpec
    brand: str
    sources: dict[str, Path]  # slot source name -> file to blame for overflow
    fonts: FontSet
    caps: tuple[tuple[str, float], ...] = ()  # style -> its size elsewhere in the document
    # Each line's printed words in this language, with where resources.yaml gives the line
    # and its name: a word too wide for a slot is blamed on the line it is in.
    lines: tuple[LineWords, ...] = ()
    # the text slots faces placed before this one printed (a filler `unless:` one of them
    # is left out)
    printed: frozenset[str] = frozenset()
    leading: float = 0.0  # the face's least line spacing over the size (leading_steps)
    last_resort: int = 0  # styles may shrink to their `step_min_size` (1), `last_min_size` (2)
    narrow: bool = False  # styles with a `narrow_width` set at it
    # text slots not printed on this document, their content printed by a later face's
    # filler instead (a brochure's "When you call" inside, where the article leaves it room)
    withheld: frozenset[str] = frozenset()
    # a text set from the top of its box keeps the layout's `ink_air` over the ink of the
    # slot it stands on (`_clear_of_the_ink_under`), but where that costs the face something
    # it prints (place_face); the slots it did not fit in for that ink are noted here
    ink_clear: bool = True
    ink_refused: list[str] | None = field(default=None, compare=False)

    @property
    def typesetter(self) -> Typesetter:
        return Typesetter(sized_spec(self.layout.spec, self.size), self.brand, self.fonts,
                          self.caps, self.leading, self.last_resort,
                          tuple(self.size.type_scale.items()), self.narrow)


def lowered(text: PlacedText, drop: float) -> PlacedText:
    icon = text.icon
    if icon is not None:
        icon = replace(icon, y=icon.y + drop, baseline=icon.baseline + drop)
    return replace(text, y=text.y + drop, icon=icon)
