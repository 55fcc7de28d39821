"""Layout folders: each `layouts/<name>/layout.yaml` says what goes where on a format."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import (
    Field,
    ValidationError,
    field_validator,
    model_validator,
)

from generator import PACKAGE_DIR
from generator.content.papers import PaperName
from generator.content.placeholders import PlaceholderError, names
from generator.content.site_options import (
    OPTION_KEY,
    LayoutOption,
    SiteOptions,
    site_option_name,
)
from generator.content.strict import FrozenModel
from generator.content.units import parse_length
from generator.content.validation_problems import problems_from
from generator.content.yamlfile import YamlDoc, load_yaml
from generator.errors import Code, ContentError, Problem

# The formats: the repository's layouts/ folder, shipped in an installed package as
# generator/formats (setup.py maps one onto the other).
_INSTALLED = PACKAGE_DIR / "formats"
LAYOUTS_DIR = _INSTALLED if _INSTALLED.is_dir() else _INSTALLED.parent.parent / "layouts"
LAYOUT_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
STRING_KEY = re.compile(r"[a-z][a-z0-9_]{0,59}")

Box = tuple[float, float, float, float]  # left, top, width, height as fractions of the safe area


class StyleSpec(FrozenModel):
    weight: Literal["regular", "bold"] = "regular"
    size: float
    leading: float
    min_size: float | None = None  # shrinks no further; default: the layout's body_floor
    # shrinks no further in scripts set at the layout's `shaped_floor`: a step above that
    # floor, as `min_size` is above the body floor (a card's line name over its details)
    shaped_min_size: float | None = None
    # shrinks this far, first resort past `min_size`, where a face would otherwise leave out
    # a line, a detail of one or a slot that gives way: still a step over the level below
    # (a card's line names 1.1 times their details' size; `shaped_step_min_size` in scripts
    # set at the layout's `shaped_floor`, whose details print larger)
    step_min_size: float | None = None
    shaped_step_min_size: float | None = None
    # shrinks this far, as a last resort, where a face would otherwise leave out a line or a
    # detail of one (a card's line names down to its details' size)
    last_min_size: float | None = None
    # the largest in scripts set at the layout's `shaped_floor` (default: `max_size`)
    shaped_max_size: float | None = None
    # one size for every language of a sheet: at its own range (`min_size` to `max_size`),
    # else exactly at its `step_min_size`, else at its `last_min_size`, never between (a
    # card's names printed at 8.8-10.3 pt by how much room each language's words left)
    steps_only: bool = False
    # The width (a variable face's `wdth` axis, 87.5 semi-condensed) it may be set at where
    # a face would otherwise shrink it to its `last_min_size`: tried at every leading step
    # after its `step_min_size`, before that (a card's line names a step over their
    # details, each on one line in the lines' column). Only in a face that has the axis
    # (generator/i18n/fonts.py: NARROWABLE); elsewhere it changes nothing.
    narrow_width: float | None = Field(default=None, ge=62.5, le=100.0)
    # its own leading whatever line spacing the layout's `leading_steps` set (a number's one
    # line, as deep as its digits)
    own_leading: bool = False
    # The least white, in points, between this style's ink and the ink of the paragraph
    # under it in a list entry (a card's number over its texting line: a Thai tone mark or
    # an Arabic alef rose to 0.2-0.4 mm under the digits): that paragraph's space before
    # grows by what its own letters need, measured on them (generator/layout/fit.py).
    ink_air_under: float | None = Field(default=None, ge=0.0)
    # The same in scripts whose letters join or stack, where the layout keeps `ink_air`
    # between every two lines (their lines 0.5 mm apart at least, ink to ink, take the
    # room a number's full air took): None, `ink_air_under`.
    shaped_ink_air_under: float | None = Field(default=None, ge=0.0)
    # grows on alone, to its max_size, where a list's other styles have grown as far as
    # they may without a paragraph taking more lines (`valign: spread`): a card's number,
    # while its line's name would wrap
    grows_alone: bool = False
    max_size: float | None = None  # grows this far when the text leaves room; default: size
    # Where the text leaves room past its max_size (else its size): its leading grows by up
    # to this factor, and its space before and after by AIR_SPACES times as much (white
    # between paragraphs and groups rather than larger type: a brochure's body stays at
    # design.md's 11.5 pt at most). Default: it does not.
    air: float | None = Field(default=None, ge=1.0)
    # With `air`: false opens only its space before and after (a list's points drawn apart,
    # each point's own lines kept at its leading, not spaced as far as the points are)
    air_leading: bool = True
    # With `air`: how many times as much as its leading its space before and after opens
    # (default styles.py's AIR_SPACES, 3); the brochure's article 6: the room an article
    # leaves goes between its paragraphs and groups more than into its leading.
    air_spaces: float | None = Field(default=None, ge=0.0)
    keep_with_next: bool = False  # headings: never the last thing in a panel
    # Kept with the next only where the run of paragraphs kept together that it opens fits
    # one box (a flow's page): a list of lines kept whole where a page holds it, else
    # broken between its entries (generator/layout/flow.py); not with keep_with_next
    keep_if_fits: bool = False
    balance: bool = False  # titles, headings: no lone word on the last line if avoidable
    # The least share of the measure a paragraph's last line holds where it wraps (the
    # widow rule's, generator/i18n/last_lines.py's MIN_SHARE, where None): words come
    # down from the line above as long as the lines stay as many (a restroom poster's
    # "lúc nào." and "सकते हैं।", two words under four full lines)
    last_line_share: float | None = Field(default=None, gt=0.0, lt=1.0)
    # The emergency sentence's "in an emergency" (generator/i18n/bound_words.py) never
    # breaks, however long ("В экстренной ситуации", "Trong trường hợp khẩn cấp"): for a
    # style whose measure holds it (the sticker's foot); elsewhere only a short one binds.
    whole_phrases: bool = False
    hang: float = 0.0  # hanging indent, for bullet points
    # the hanging indent the width of the point's mark and its space (a bullet and its
    # no-break space, measured in the face that draws it), not `hang`: its lines then start
    # where its text does, in every face (a paragraph with a `hang` that starts with one)
    hang_mark: bool = False
    color: Literal["ink", "muted", "brand", "paper"] = "ink"
    align: Literal["left", "center", "right"] = "left"
    space_before: float = 0.0
    space_after: float = 0.0
    # The least white after it, as a share of its leading as set (however tight the setting
    # or the script's leading): a brochure's paragraphs stand at least half a line apart
    # (the designer's review: 1 pt between paragraphs at 10/12 read as one grey block).
    space_lines: float = Field(default=0.0, ge=0.0)
    # Styles of one group print at one size throughout a document (a piece's running text
    # in every panel: design.md's one scale), the smallest any of them needed; default: the
    # style alone.
    group: str | None = None
    # A headline takes at most this many lines at the measure it is set to: smaller, down
    # to its min_size, where it would take more.
    max_lines: int | None = Field(default=None, ge=1)
    # Arabic, Thai and Indic lines at their script's leading (1.5 times the size): on for
    # every style of a layout with `script_leading`, else for the styles that say so.
    script_leading: bool | None = None
    # With `script_leading: true` in a layout without: the share of its size down to which
    # it keeps the script's leading (styles.py's SCRIPT_LEADING_DOWN_TO, 0.9, unless it says):
    # the sticker's emergency sentence at 10 of its 12 pt, two lines 1.5 apart in its foot.
    script_leading_down_to: float | None = Field(default=None, gt=0, le=1)
    # On a size with a `type_scale`: the steps of it this style may print at (its fit picks
    # the nearest step that fits, never a size between two steps); its size, min_size and
    # max_size then serve only as its proportions to the slot's other styles.
    levels: tuple[str, ...] = ()
    # With `levels`: kept at its largest step while the slot's other styles can shrink to
    # let it (the poster's number, the hero: its texting line shrinks a step first); only
    # where they cannot does it take its smaller steps.
    shrinks_last: bool = False

    @model_validator(mode="after")
    def _range(self) -> StyleSpec:
        if self.max_size is not None and self.max_size < self.size:
            raise ValueError(f"max_size {self.max_size:g} is below size {self.size:g}")
        return self


class FillerSpec(FrozenModel):
    """What a flow slot puts in the room its text leaves: a template block, set at the
    text's size. `ruled`: lines to write on below it, at most half its panel tall;
    `callout`: set in a tinted box (the article's key points). `essential`: content, not
    spare room's filler: the text is set smaller (down to its floor) before it is left out
    (the key points, what calling is like). `unless`: left out where a slot of that name
    printed on a face placed before this one (the brochure's inside prints "When you call"
    where the flap had no room for it). `gives_way_to`: a later block that wins where the
    two cannot both go in, even with the text set closer and smaller (the key points only
    repeat the article; the safety checklist prints nowhere else on the piece); its note
    names the pieces built that print it."""

    block: str
    ruled: bool = False
    callout: bool = False
    essential: bool = False
    unless: str | None = None
    gives_way_to: str | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> FillerSpec:
        if self.ruled and self.callout:
            raise ValueError("a filler is ruled (notes) or a callout, not both")
        if self.ruled and self.essential:
            raise ValueError("lines to write on fill spare room: a ruled filler is not essential")
        return self


MAX_FILLERS = 6  # every order-keeping way to place them is tried: a few, not dozens


class SlotSpec(FrozenModel):
    name: str
    kind: Literal["text", "list", "qr", "ornament", "flow", "tabs", "field"]
    box: Box
    panel: int = 0  # which panel of the face the box is in (formats with panels)
    panels: list[int] | None = None  # flow: the panels the text runs through, in order
    # flow: the most characters its running text sets a line to, in every script: its box
    # narrowed about its middle to that many of the text's characters at its size (large
    # print: clear-print guidance asks 60 to 70; Nastaliq and Devanagari set 75-77 and 72-74
    # in the box Latin fills with 64)
    measure: int | None = Field(default=None, ge=20)
    count: int = 8  # tabs: how many
    # tabs: fewer, down to this many, where `count` leave no room for the line's name beside
    # its number, texting line and TTY (default: `count`)
    min_count: int | None = Field(default=None, ge=1)
    rotate: Literal[0, 90] = 0
    style: str | None = None
    source: Literal["site", "article", "resources", "locale"] | None = None
    required: bool = False
    # "spread" (a list): from the top, the room its box leaves shared out evenly between
    # its lines and below the last, so that no one band of it is left empty
    valign: Literal["top", "middle", "bottom", "spread"] = "top"
    # "spread": the room left under its last line, in the shares each gap between its lines
    # gets (1: as much; the poster's column, whose 'Take one' keeps its own gap below, less)
    spread_foot: float = Field(default=1.0, ge=0.0, le=1.0)
    # "spread": the most room a gap between its lines gets, in lines of the sheet's body step
    # (its size times 1.25): a tall column keeps its groups on that rhythm, the room they
    # leave falling under the last (a poster's column above 'Take one'), not spread into
    # bands of white between them. None: no limit.
    spread_most: float | None = Field(default=None, gt=0.0)
    # "spread": the least room between its lines, in the same body lines: where its box
    # leaves less, the list is set smaller (down its styles' steps) so that its groups keep
    # that much white between them rather than closing up (the Letter poster's column in
    # Thai, Arabic, Vietnamese and Russian: 4-8 mm between its groups), as long as nothing
    # more of it is left out for the room. None: no least.
    spread_least: float | None = Field(default=None, gt=0.0)
    align: Literal["left", "center", "right"] = "center"
    of: Literal["resources"] | None = None
    design: str | None = None
    safety: list[str] = []  # catalogue strings of safety wording it prints (any one): kept
    # Stacking in a column: the box's top follows the foot of what the slot `below` names
    # printed, its bottom the head of what the slot `above` names printed, `gap` apart.
    below: str | None = None
    above: str | None = None
    gap: float = 4.0
    # the gap to what `below` names, where it differs from the one to what `above` names (a
    # QR code's caption: read to the ink of its first line, place_text.py's _caption_rise)
    below_gap: float | None = None
    # one line (a QR code's caption) whose baseline stands a little above the baseline of a
    # paragraph of this style beside it (a card's number) comes down onto it, where what it
    # stands `above` leaves it the room: one row, not two near misses
    row_with: str | None = None
    # text with a QR code's slot named here: its box as wide as it was, but centred on the
    # code's modules (within the safe area), so that a caption centred in it stands under
    # the code's centre wherever the code's box lets the code sit (a poster's code set
    # against the margin, its quiet zone in it: the caption stood 2-13 mm off its centre)
    centred_on: str | None = None
    # text below text: its gap read from the ink of the last line of what `below` names to
    # the ink of its own first line, as a designer measures it (the sticker's caption and
    # its coded line: 3.5 mm in every script, where boxes read 2-4.7 mm as the scripts'
    # letters reach further or less far below and above their lines)
    ink_gap: bool = False
    # text below text (`below`), its box stacked as boxes are: at least this much white (points)
    # from the ink of what `below` names to the ink of its own first line, the box lowered
    # where the letters reach nearer (the sticker's promise under "Need to talk?": 0.32 mm
    # in Vietnamese, whose marks stand over its letters, 1.9 mm in English)
    least_ink_gap: float | None = Field(default=None, ge=0.0)
    # list: its first line's ink, not the white ReportLab leaves above it (a size less the
    # letters' height), stands at the top of its box: level with a QR code's modules beside
    # it, the white given to the lines (a card's back: 1 mm in Latin, 0.5 mm in Arabic)
    ink_top: bool = False
    # `valign: bottom` to the ink: the last line's letters, not its leading, stand on the
    # box's foot (a folding card's cover title: Thai and Bengali marks below the line
    # reached 3.1 mm from the fold, whose safe margin is 3.5 mm)
    ink_foot: bool = False
    # flow: what fills the panels the text leaves empty, at most one of them ruled
    fillers: list[FillerSpec] = Field(default=[], max_length=MAX_FILLERS)
    # flow: the styles of the paragraphs that close its text (the article's sources): they
    # print after what fills the room in the panel where they end, before lines to write on
    last: list[str] = []
    # text: printed only where it fits whole, in the room the face leaves (designed content
    # for spare room, as a flow's fillers are): else left out, with a note naming it
    when_room: bool = False
    ruled: bool = False  # text: lines to write on, from below the text to the box's foot
    # text or list stacked `below:` another on its panel: where the slots stacked there
    # leave a band blank above the slot they stand `above:` (the flap's date), it comes down
    # by a share of that white, with what stacks under it (the flap's groups spread rather
    # than a blank band over the date where its notes find no room)
    drops: bool = False
    # text set at its box's foot (`rule_rows`) under a slot that stands `above:` it: raised
    # to that slot's `gap` under its last line, so that the room the slot above leaves
    # falls at the page's foot, not as a band floating over this one (the safety plan's
    # "People I can call" under the lines to call: 20-26 mm of white between them)
    closes_up: bool = False
    # ruled text printed when_room: the fewest lines to write on it prints with (default
    # fillers.py's MIN_RULES, 3); the brochure's flap takes two where three leave a band blank
    min_rules: int | None = Field(default=None, ge=1)
    # text: what gives way first on a small piece (a card's line from the article): left out,
    # with a warning, when a list on the face would otherwise leave out a line.
    gives_way: bool = False
    # text that gives way: before it is left out, it is tried set in the column of the slot
    # this names (the card's line in the lines' column, beside a QR caption that needs the
    # room under the code); a slot stacked against it in another column then stacks against
    # what it stacks against (`above:` / `below:`).
    beside: str | None = None
    # text: may leave out its last paragraphs (a heading with what follows it) when the
    # whole does not fit at the floor (a folding card's summary of the article), with a note.
    shortens: bool = False
    # list: "in_note" leaves out the line that dials the emergency number, which the face's
    # safety note names ("In an emergency, call 911"): on a card, not printed twice. A face
    # without a slot printing the safety note (`safety: [safety_note]`) lists it after all.
    emergency: Literal["listed", "in_note"] = "listed"
    # list: which lines, in the site's order: all, only the first (the line its QR code
    # reaches, printed as the hero) or the rest.
    lines: Literal["all", "first", "rest"] = "all"
    # qr: "margin" lets the code's white quiet zone lie outside the box, in the face's safe
    # margin (white paper up to the trim), so that the box bounds the code itself.
    quiet_zone: Literal["inside", "margin"] = "inside"
    # field: a flat colour printed behind what the face sets on it (a poster's band behind
    # its headline and number, a sticker's foot). Where its box meets the edge of the safe
    # area it runs on to its panel's edge (into the bleed at the trim); on a round piece
    # (`die_cut: circle`) it keeps to the circle, past the cut by the bleed.
    paint: Literal["brand", "tint"] = "brand"
    # text: printed only where the file is read on a screen, never on paper: in the screen
    # copy, and in the office file as a note a PDF reader shows and does not print (a
    # fillable safety plan's warning that a saved copy can be found). The outside checks
    # pass it over: it reaches no surface anyone finds.
    screen_only: bool = False
    # ruled text: its lines to write on in columns, as fractions of the box's width (a
    # name and a number), each headed by one of the slot's last paragraphs, in order.
    rule_columns: list[float] = Field(default=[], max_length=4)
    # ruled text: exactly this many lines to write on, in every language (a safety plan's
    # "People I can call" rows), set at the foot of its box: the box's top comes down to
    # what the text and the lines need, and a slot stacked `above:` it takes the rest.
    rule_rows: int | None = Field(default=None, ge=1)
    # field: the slots it lies behind, `gap` points around what they printed, across its
    # box's width (the bi-fold's tinted box behind "Before you call" and the lines); none:
    # its box
    around: list[str] = []
    # list set `valign: bottom`: the most room (points) its box leaves over it; past that,
    # the list rises by half of the rest, so that a short list (a sticker's texting line
    # alone as its hero, where a number, a texting line and a TTY line stand) stands between
    # what is over it and its foot, not under a wide blank band. None: on its foot always.
    spare_over: float | None = Field(default=None, ge=0.0)
    # field with `around`: "all" its edges follow what it lies behind; "top" only its top
    # does, its foot stays its box's (a sticker's foot: from the cut up to over the sentence
    # on it, as tall as that sentence needs in each language)
    hugs: Literal["all", "top"] = "all"

    @field_validator("box")
    @classmethod
    def _inside(cls, box: Box) -> Box:
        return _inside_safe_area(box)

    @field_validator("fillers")
    @classmethod
    def _one_ruled(cls, fillers: list[FillerSpec]) -> list[FillerSpec]:
        blocks = [filler.block for filler in fillers]
        for filler in fillers:
            if filler.gives_way_to is not None and filler.gives_way_to not in blocks:
                raise ValueError(f"{filler.block} gives way to {filler.gives_way_to!r}, "
                                 "which is not one of the slot's fillers")
        if sum(filler.ruled for filler in fillers) > 1:
            raise ValueError("at most one filler is ruled (the notes, which come last)")
        return fillers

    @model_validator(mode="after")
    def _rows_are_ruled(self) -> SlotSpec:
        if self.rule_rows is not None and (not self.ruled or self.kind != "text"):
            raise ValueError("rule_rows counts a ruled text's lines: only a text with "
                             "`ruled: true` may have it")
        return self

    @model_validator(mode="after")
    def _spread_lists(self) -> SlotSpec:
        if self.valign == "spread" and (self.kind not in ("list", "flow") or self.rotate):
            raise ValueError("valign: spread shares room out between a list's lines (or a "
                             "flow's paragraphs, in each box but the last it reaches): only "
                             "a list or flow that is not turned may have it")
        return self


def _inside_safe_area(box: Box) -> Box:
    left, top, width, height = box
    if min(box) < 0 or left + width > 1.0001 or top + height > 1.0001:
        raise ValueError("box must lie in the safe area: [left, top, width, height] in 0..1")
    return box


Colour = Literal["brand", "paper", "tint"]


class FaceSpec(FrozenModel):
    template: str
    background: Colour = "paper"
    panel_backgrounds: list[Colour] | None = None  # per panel, left to right as printed
    # How far (points) fills of two colours that meet at a fold keep off it, so that a fold
    # 1 mm out shows no strip of the other colour (design.md): the brand colour runs this
    # far past the fold onto its neighbour (a cover's colour wraps round the folded edge),
    # a tint stops this far short of a fold it shares with paper. 0: they meet at the fold.
    fold_fill: float = Field(default=0.0, ge=0.0, le=6.0)
    mirror_panels: bool = False  # this side's panels run right to left (the back of a sheet)
    outside: bool = False  # seen when folded or carried: checked for revealing words
    outside_panels: list[int] | None = None  # when only some panels are outside
    outside_when: str | None = None  # a site setting that turns `outside` on (poster_discreet)
    panel_names: list[str] | None = None  # what people call the panels, for messages
    slots: list[SlotSpec]


class StyleChange(FrozenModel):
    """What one size sets otherwise of one of the layout's styles: its size, the sizes it may
    grow and shrink to and its leading (a Tabloid poster's tabs, 20 % wider and longer than
    Letter's, whose text stopped at Letter's max_size along 73-76 % of them)."""

    size: float | None = None
    max_size: float | None = None
    min_size: float | None = None
    leading: float | None = None

    def applied(self, style: StyleSpec) -> StyleSpec:
        """`style` with what this sets."""
        return StyleSpec.model_validate({**style.model_dump(exclude_defaults=True),
                                         **self.model_dump(exclude_none=True)})


class SizeSpec(FrozenModel):
    width: float
    height: float
    paper: PaperName
    safe_margin: float
    panels: list[float] | None = None  # panel sizes along panel_axis, in print order
    panel_axis: Literal["x", "y"] = "x"
    qr_min: float | None = None  # the smallest QR code (with quiet zone) this size may carry
    # Where this size's QR codes keep their quiet zone, over each slot's `quiet_zone`: a
    # large poster's code lets it lie in the margin, so that its column is no wider than
    # the code itself and the text column beside it takes the room.
    qr_quiet_zone: Literal["inside", "margin"] | None = None
    boxes: dict[str, Box] = {}  # slot name -> its box on this size, instead of the slot's
    # A yes-or-no setting -> the boxes slots take on this size when it is on, over `boxes`
    # (the restroom poster, poster_discreet, carries less and is drawn for it).
    boxes_when: dict[str, dict[str, Box]] = {}
    # The label sheet (layouts/stock.yaml) its office file prints on, whatever the site's
    # card stock: a sticker's round labels.
    stock: str | None = None
    # The sizes type prints at on this sheet, by name (design.md: "one scale per piece"):
    # each style with `levels` is set at one of its named steps, so that however each slot
    # shrinks its text to fit, the sheet carries these few sizes and no others.
    type_scale: dict[str, float] = {}
    # A yes-or-no setting -> the steps it sets otherwise on this size, over `type_scale`
    # (the restroom poster, which carries less, sets its text a step larger).
    type_scale_when: dict[str, dict[str, float]] = {}
    # A yes-or-no setting -> slot name -> its `valign` on this size when the setting is on,
    # over the slot's own (the restroom poster's "When you call" at its column's foot on
    # Tabloid and A3, whose column is taller than its text; centred on Letter and A4).
    valigns_when: dict[str, dict[str, Literal["top", "middle", "bottom"]]] = {}
    # the valigns of the settings that are on (with_settings): slot name -> valign
    valigns: dict[str, Literal["top", "middle", "bottom"]] = {}
    # slot name -> its list's `emergency` on this size, over the slot's own: the poster
    # lists the emergency line under the note that names it only on the sheets whose
    # column was drawn around it (Tabloid and A3, until they are drawn without it)
    emergency: dict[str, Literal["listed", "in_note"]] = {}
    # style name -> what this size sets otherwise of it (StyleChange), over the layout's
    # `styles`: the large posters' tabs set larger than Letter's
    styles: dict[str, StyleChange] = {}
    # The share of the room along a tab its number runs along at least, where fewer (wider)
    # tabs let it (generator/layout/place_tabs.py's TAB_FILL, 0.85, where None): a large sheet's
    # tabs, set larger, would otherwise take a step more tabs at the least of it.
    tab_fill: float | None = Field(default=None, gt=0.0, le=1.0)

    @field_validator("boxes")
    @classmethod
    def _boxes_inside(cls, boxes: dict[str, Box]) -> dict[str, Box]:
        return {name: _inside_safe_area(box) for name, box in boxes.items()}

    @field_validator("boxes_when")
    @classmethod
    def _boxes_when_inside(cls, boxes_when: dict[str, dict[str, Box]]
                           ) -> dict[str, dict[str, Box]]:
        return {setting: {name: _inside_safe_area(box) for name, box in boxes.items()}
                for setting, boxes in boxes_when.items()}

    def with_settings(self, is_on: Callable[[str], bool]) -> SizeSpec:
        """This size with the boxes of each setting of `boxes_when` that is on, and the
        steps of each of `type_scale_when`."""
        boxes = dict(self.boxes)
        for setting, own in self.boxes_when.items():
            if is_on(setting):
                boxes.update(own)
        scale = dict(self.type_scale)
        for setting, steps in self.type_scale_when.items():
            if is_on(setting):
                scale.update(steps)
        valigns = dict(self.valigns)
        for setting, aligned in self.valigns_when.items():
            if is_on(setting):
                valigns.update(aligned)
        if boxes == self.boxes and scale == self.type_scale and valigns == self.valigns:
            return self
        return self.model_copy(update={"boxes": boxes, "type_scale": scale,
                                       "valigns": valigns})

    @field_validator("width", "height", "safe_margin", "qr_min", mode="before")
    @classmethod
    def _length(cls, value: Any) -> float | None:
        return None if value is None else parse_length(value)

    @field_validator("panels", mode="before")
    @classmethod
    def _lengths(cls, value: Any) -> list[float] | None:
        return None if value is None else [parse_length(item) for item in value]


class ImpositionSpec(FrozenModel):
    columns: int = Field(ge=1)
    rows: int = Field(ge=1)
    flip: Literal["long", "short"] = "long"  # duplex: which edge the sheet turns on


class ShortFormSpec(FrozenModel):
    """Another way to make the same piece, for an article too short for it (a bi-fold for a
    tri-fold brochure): its own sizes (one for each of the layout's) and faces; its styles
    over the layout's. A face's template finds the blocks it lacks in the layout's other
    faces' templates."""

    title: str
    # when a panel of the piece as the layout makes it would be left emptier than this
    # share (the tallest blank band across it), and the short form leaves less empty
    empty_share: float = Field(default=0.25, gt=0, lt=1)
    sizes: dict[str, SizeSpec]
    faces: dict[str, FaceSpec]
    styles: dict[str, StyleSpec] = {}
    grow: Literal["steps", "whole"] = "steps"  # as LayoutSpec.grow, for the short form
    spread: float | None = Field(default=None, gt=0, lt=1)  # as LayoutSpec.spread


class LayoutSpec(FrozenModel):
    name: str
    title: str
    description: str
    size_option: str  # the setting that picks the size: built in (paper) or in `options`
    # Settings the layout adds to site.yaml, set there as `<name>_<key>` (poster_size).
    options: dict[str, LayoutOption] = {}
    # Interface strings its templates print (`t.<name>`) that havenprint's catalogue does
    # not have, with their English text: a site's locales/<lang>.yaml translates them.
    strings: dict[str, str] = {}
    # What an article's front matter may give this format under its name (`poster:
    # {headline: ...}`), each with what it is: its templates read `article.<format>_<key>`
    # (article.poster_headline), none when the article does not give it.
    article_fields: dict[str, str] = {}
    # One document per article of the kit (`brochure-<slug>.pdf` when there are several),
    # for formats that print an article; else one per kit, with the first article's card line.
    per_article: bool = False
    sizes: dict[str, SizeSpec]
    imposition: ImpositionSpec
    body_floor: float
    # The least size of the flow's `body` style that its block fillers (the brochure's key
    # points, what calling is like, its safety checklist) may set the text at, smaller or
    # closer for them: at or above body_floor, which the article alone may take it to
    # (design.md: body 10-11.5 pt, never under 9.5). None: body_floor.
    filler_floor: float | None = None
    # No text smaller than this in scripts whose letters join or stack (Arabic, Urdu,
    # Persian, Devanagari, Bengali, Thai): they blur at sizes Latin text still reads at.
    # Hebrew, whose letters stand apart, keeps the body floor (design.md).
    shaped_floor: float | None = None
    # Running text in Arabic, Thai and Indic scripts set at the script's own least leading
    # (1.5 times the size: their marks above and below need room between lines), where the
    # layout's styles set less. Off on pieces of one-line slots fitted to their room (cards,
    # stickers, posters), whose leading is the gap between slots the layout sets.
    script_leading: bool = False
    # A paragraph with no letter of the script's own face (a number, "TTY: 1-800-787-3224",
    # "English · Español" in an Urdu or Persian kit) at its style's own leading rather than
    # the script's or the face's (Nastaliq's 2.5), as far as the ink of the paragraph under
    # it allows (Typesetter.paragraphs): large print, whose lines must print together on
    # its first page.
    unscripted_leading: bool = False
    # Text in a script whose letters stand lower than Latin at one size (Arabic) set larger
    # by the ratio of the fonts' x-heights, within reason (generator/i18n/optical_size.py):
    # on large print, where 14 pt must read as 14 pt in every script.
    script_size: bool = False
    # Line spacings over the size a piece tries, largest first, for every style but those
    # with `own_leading`: each language from its script's (1.5 for Arabic, Thai and Indic
    # scripts; 1.25 for the others) down, to the first at which the face loses nothing (no
    # line, detail or slot that gives way left out); the least where none does. A pocket
    # card: as much air as its back holds in each language (design.md asks 1.25 and 1.5).
    leading_steps: tuple[float, ...] = ()
    # Lists print a line's name without the line's own number where the name starts with
    # it ("988 Línea de Prevención..." over a bold 988): a pocket card, whose number stands
    # right under its name in the largest type, where the number twice took the room a
    # name a step over its details needs (Resource.name_under_its_number).
    names_without_own_number: bool = False
    # A line's web address (where it chats: a way to reach it, design.md's "whole") shares
    # its languages' row where it fits in no other way ("988lifeline.org · English ·
    # Español"), else takes their place (a folding card's 988 line in Arabic-script, Thai
    # and Indic lines at 1.5 leading, whose languages line is the web address's height):
    # the languages are then left out with a note that says why.
    web_over_languages: bool = False
    # A line's web address prints at a closer leading step, and with names smaller (to
    # their `step_min_size`: still a step over their details), before it is left out: the
    # face takes the largest of its steps that loses nothing and prints the most addresses,
    # never narrower names or names at their details' size for one, and no style on more
    # lines for one (hours never wrapped alone). A pocket card's "988lifeline.org", the 988
    # line's chat, was left out on 13 of 16 US backs and 14 of 16 ISO ones.
    # (The least leading step an address is set closer for: in scripts of separate letters,
    # and in those whose letters join or stack; None: an address prints where it costs
    # nothing at all.)
    web_over_air: tuple[float, float] | None = None
    # A line's web address the list still leaves out prints at the end of a row it already
    # prints where that row holds it: its own paragraph's (the texting row, where it was the
    # last part), else the line's row in one of these styles (the number's: "988
    # 988lifeline.org"), in its details' style and size, on the row's baseline and clear of
    # the ink of the line under it (generator/layout/beside_rows.py). Empty: never.
    web_beside: tuple[str, ...] = ()
    # Whether an address that costs something beside its line's details may print on a
    # line of its own where that costs the list nothing. False: the end of a row first
    # (`web_beside`), which costs no line: a poster's line more took room from the slot
    # under the list ("When you call" on Arabic Tabloid), whose heading is the list's style.
    web_own_line: bool = True
    # The least distance, in points, from the trim to the ink of a text set at the foot of
    # the safe area (`valign: bottom`): its descenders reach below the box by what the
    # leading leaves (an Arabic safety note's tails 3.1 mm from a card's trim with a 4 mm
    # safe margin): such a slot stands higher by what its letters need. None: not checked.
    ink_from_trim: float | None = Field(default=None, ge=0.0)
    # The least white, in points, between the ink of one line and the next in scripts whose
    # letters join or stack (those `shaped_floor` sets larger), where the leading leaves
    # less: two lines of a paragraph stand further apart by what the lowest letters of the
    # one and the highest of the other need (measured, shaped, once it is broken), a
    # paragraph under another in a list entry and a slot at the foot of its box over the
    # slot it stands on (`above:`) further up (generator/layout/fit.py, place.py). None: the
    # leading alone spaces them.
    ink_air: float | None = Field(default=None, ge=0.0)
    # The family that sets a language on this layout where its room allows one its readers
    # expect over the built-in one (a key of generator/i18n/fonts.py's FAMILIES): `{ur:
    # noto-nastaliq}` on large print, whose pages take Nastaliq's tall lines. Where the
    # font's file is absent, the built-in family.
    script_faces: dict[str, str] = {}
    # How styles with a `max_size` grow into room: "steps", a little at a time as far as the
    # text fits; "whole", all of them to their max_size at once or not at all, so that the
    # sizes a piece grows to stay the type scale its layout chose (the brochure's bi-fold).
    grow: Literal["steps", "whole"] = "steps"
    # A flow's fillers (generator/layout/fillers.py) in a box they leave more than this share
    # of blank at its foot, without the notes, set further apart to leave it: the white
    # between the groups (a bi-fold's short article). None: they stand as they go in.
    spread: float | None = Field(default=None, gt=0, lt=1)
    icon_column: float = 10.0  # points before the text of a paragraph that starts with an icon
    # a box to tick (`icon="box"`) as tall as this share of its text's size (other pictures:
    # 0.8), at most the icon column less a little air: a worksheet's boxes to tick with a pen
    tick_box: float = 0.8
    rule_spacing: float = 22.0  # points between lines to write on (handwriting: 7-8 mm)
    panel_edges: Literal["fold", "cut"] = "fold"
    # How the cut piece folds, drawn in the office sheet's margin above the note that says
    # to fold it (generator/render/fold_diagram.py): zigzag, back and forth, cover on top.
    fold: Literal["zigzag"] | None = None
    # A yes-or-no site setting (safety_plan_fillable) that makes the office file a form:
    # each line to write on a text field, each box to tick a check box.
    fields_when: str | None = None
    # How the piece is cut out of its sheet when it is not a rectangle: "circle", the
    # largest circle in its trim. Shop files carry that die line as a CutContour path.
    die_cut: Literal["circle"] | None = None
    # The office sheet's footer (its print instructions) at this size, never smaller: it
    # wraps rather than shrink (default: 6.5 pt, shrinking to 5 pt to keep one line).
    sheet_caption_size: float | None = Field(default=None, ge=6, le=10)
    # "panels": each panel of a face prints as a page of its own, and pages its text does not
    # reach are left out (large print: the article runs on from page to page).
    pages: Literal["faces", "panels"] = "faces"
    # The most lines the piece prints unless site.yaml's max_lines says otherwise (large
    # print: its six pages hold the article and a dozen lines, not a directory's 2,000).
    max_lines: int | None = Field(default=None, ge=1)
    styles: dict[str, StyleSpec]
    faces: dict[str, FaceSpec]
    # the piece made another way for an article too short for this one (the brochure's
    # bi-fold)
    short_form: ShortFormSpec | None = None

    def slots_of_kind(self, kind: str) -> list[SlotSpec]:
        """Every face's slots of `kind` (tabs, list, flow...), face by face."""
        return [slot for face in self.faces.values() for slot in face.slots if slot.kind == kind]

    @model_validator(mode="after")
    def _short_form_sizes(self) -> LayoutSpec:
        if self.short_form is not None and set(self.short_form.sizes) != set(self.sizes):
            raise ValueError(f"short_form.sizes must be the layout's sizes: "
                             f"{', '.join(self.sizes)}")
        return self

    @model_validator(mode="after")
    def _web_beside_styles(self) -> LayoutSpec:
        unknown = [name for name in self.web_beside if name not in self.styles]
        if unknown:
            raise ValueError(f"web_beside: {', '.join(unknown)} is no style of the layout")
        return self

    @model_validator(mode="after")
    def _emergency_of_lists(self) -> LayoutSpec:
        lists = {slot.name for face in self.faces.values() for slot in face.slots
                 if slot.kind == "list"}
        for size_name, size in self.sizes.items():
            unknown = [name for name in size.emergency if name not in lists]
            if unknown:
                raise ValueError(f"sizes.{size_name}.emergency: {', '.join(unknown)} is no "
                                 f"list slot of the layout")
        return self

    @model_validator(mode="after")
    def _styles_of_sizes(self) -> LayoutSpec:
        for size_name, size in self.sizes.items():
            for style_name, change in size.styles.items():
                if style_name not in self.styles:
                    raise ValueError(f"sizes.{size_name}.styles: {style_name} is no style of "
                                     f"the layout")
                try:
                    change.applied(self.styles[style_name])
                except ValidationError as error:
                    reason = "; ".join(str(item["msg"]) for item in error.errors())
                    raise ValueError(f"sizes.{size_name}.styles.{style_name}: "
                                     f"{reason}") from None
        return self

    def at_size(self, size: SizeSpec) -> LayoutSpec:
        """This layout's spec with the styles `size` sets otherwise (`SizeSpec.styles`);
        itself where it sets none."""
        if not size.styles:
            return self
        styles = dict(self.styles)
        for name, change in size.styles.items():
            styles[name] = change.applied(styles[name])
        return self.model_copy(update={"styles": styles})

    @model_validator(mode="after")
    def _levels_on_every_scale(self) -> LayoutSpec:
        for size_name, size in self.sizes.items():
            unknown_steps = [f"{setting}.{step}" for setting, steps in
                             size.type_scale_when.items() for step in steps
                             if step not in size.type_scale]
            if unknown_steps:
                raise ValueError(f"sizes.{size_name}.type_scale_when: "
                                 f"{', '.join(unknown_steps)} not in its type_scale")
            if not size.type_scale:
                continue
            for style_name, style in self.styles.items():
                unknown = [level for level in style.levels if level not in size.type_scale]
                if unknown:
                    raise ValueError(f"styles.{style_name}.levels: {', '.join(unknown)} not "
                                     f"in sizes.{size_name}.type_scale")
        return self

    def shortened(self) -> LayoutSpec | None:
        """The layout's short form as a layout of its own (its title, sizes, faces and
        styles), None where it has none."""
        short = self.short_form
        if short is None:
            return None
        return self.model_copy(update={
            "title": short.title, "sizes": short.sizes, "faces": short.faces,
            "styles": {**self.styles, **short.styles}, "grow": short.grow,
            "spread": short.spread,
            "short_form": None})

    @field_validator("options")
    @classmethod
    def _keys(cls, options: dict[str, LayoutOption]) -> dict[str, LayoutOption]:
        for key in options:
            if not OPTION_KEY.fullmatch(key):
                raise ValueError(f"{key!r}: an option's name is lowercase letters, digits and "
                                 "underscores, starting with a letter")
        return options


@dataclass(frozen=True)
class Layout:
    spec: LayoutSpec
    folder: Path
    # The settings it adds to site.yaml, by the name site.yaml sets them by (poster_size):
    # its own, and those of the built-in layout it replaces.
    options: dict[str, LayoutOption] = field(default_factory=dict, compare=False, hash=False)
    # Its interface strings in English, by name: its own, and the replaced layout's.
    strings: dict[str, str] = field(default_factory=dict, compare=False, hash=False)

    @property
    def name(self) -> str:
        return self.spec.name

    def short_form(self) -> Layout | None:
        """The same format made another way for a short article (layouts.py's
        ShortFormSpec), with this layout's folder, settings and strings."""
        spec = self.spec.shortened()
        return None if spec is None else Layout(spec, self.folder, self.options, self.strings)


def page_size(spec: LayoutSpec, size: SizeSpec) -> SizeSpec:
    """What one printed page of `size` is: the size itself, or for a layout whose panels
    are pages (`pages: panels`) its first panel."""
    if spec.pages != "panels" or not size.panels:
        return size
    extent = size.panels[0]
    update = {"height": extent} if size.panel_axis == "y" else {"width": extent}
    return size.model_copy(update={**update, "panels": None})


def load_layout(folder: Path, replaces: Layout | None = None) -> Layout:
    """The layout in `folder`; `replaces`: the built-in layout of the same name that a
    content folder's own one replaces (its settings stay: site.yaml may still set them)."""
    if not LAYOUT_NAME.fullmatch(folder.name):
        raise ContentError(Problem(folder, (
            "a layout folder's name must be lowercase letters, digits and hyphens: it names "
            "the PDF files"), code=Code.LAYOUT_FOLDER_NAME, fields={"folder": folder.name}))
    doc = load_yaml(folder / "layout.yaml")
    try:
        spec = LayoutSpec.model_validate(doc.data)
    except ValidationError as error:
        raise ContentError(problems_from(error, doc, LayoutSpec)) from None
    if spec.name != folder.name:  # files are named after the folder, never after its data
        raise ContentError(Problem(doc.path, (
            f"name: {spec.name!r} must be the layout's folder name, {folder.name!r}"),
            doc.line_of(("name",)), code=Code.LAYOUT_NAME_MISMATCH,
            fields={"name": spec.name, "folder": folder.name}))
    own = {site_option_name(spec.name, key): option for key, option in spec.options.items()}
    options = _kept_file_names({**(replaces.options if replaces is not None else {}), **own},
                               replaces)
    strings = {**(replaces.strings if replaces is not None else {}), **spec.strings}
    if replaces is not None and replaces.spec.article_fields:  # its templates may read them
        spec = spec.model_copy(update={"article_fields": {
            **replaces.spec.article_fields, **spec.article_fields}})
    spec, outside, flagged = _outside_kept(spec, doc, replaces)
    spec, covers = _covers_kept(spec, doc, flagged)
    spec, discreet = _discreet_kept(spec, doc, flagged)
    covers += discreet
    if spec.short_form is not None:  # made another way, its covers are still outside
        short_faces, short_covers = _covers_kept(spec.shortened() or spec, doc, set(),
                                                 ("short_form",))
        spec = spec.model_copy(update={"short_form": spec.short_form.model_copy(
            update={"faces": short_faces.faces})})
        covers += short_covers
    problems = (outside + covers + _boxes_for_no_slot(spec, doc) + _stacking_problems(spec, doc)
                + _option_problems(spec, doc, options) + _string_problems(spec, doc))
    short = spec.shortened()
    if short is not None:
        problems += _boxes_for_no_slot(short, doc) + _stacking_problems(short, doc)
        problems += [Problem(doc.path, (
            f"short_form.faces.{name}: the {name} face is an outside surface, checked for "
            "revealing words, and so is its short form's: add `outside: true`"),
            doc.line_of(("short_form", "faces", name)), code=Code.LAYOUT_SHORT_FORM_OUTSIDE,
            fields={"face": name})
            for name, face in short.faces.items()
            if name in spec.faces and spec.faces[name].outside and not face.outside]
    if problems:
        raise ContentError(problems)
    return Layout(spec, folder, options, strings)


def _outside_kept(spec: LayoutSpec, doc: YamlDoc, replaces: Layout | None
                  ) -> tuple[LayoutSpec, list[Problem], set[str]]:
    """A site's copy of a built-in layout keeps its outside faces outside: checked for
    revealing words on the panels the built-in's are, when the built-in's are (a setting
    such as poster_discreet), or on more. A face that does not say so inherits it; one that
    says otherwise (`outside: false`, fewer panels, another setting) is an error, as is a copy
    without the face: the discretion check is switched off by `discreet: false` in
    site.yaml, never by a layout. Also the names of the faces it found wrong."""
    if replaces is None:
        return spec, [], set()
    faces, problems, flagged = dict(spec.faces), [], set()
    for name, builtin in replaces.spec.faces.items():
        if not builtin.outside:
            continue
        own = faces.get(name)
        what = (f"the built-in {spec.name}'s {name} face is an outside surface, checked for "
                "revealing words")
        if own is None:
            problems.append(Problem(doc.path, (
                f"faces: no face '{name}': {what}, and a layout of the same name must keep "
                "it"), doc.line_of(("faces",)), code=Code.LAYOUT_OUTSIDE_FACE_GONE,
                fields={"format": spec.name, "face": name}))
            continue
        given = own.model_fields_set
        wrong = _outside_narrowed(own, builtin, given)
        if wrong:
            problems.append(Problem(doc.path, (
                f"faces.{name}.{wrong}: {what}"
                f"{_where_outside(builtin)}, and stays one in a copy; remove it (site.yaml's "
                "`discreet: false` is what prints without the check)"),
                doc.line_of(("faces", name, wrong)), code=Code.LAYOUT_OUTSIDE_NARROWED,
                fields={"format": spec.name, "face": name, "field": wrong}))
            flagged.add(name)
            continue
        always = own.outside and "outside" in given and own.outside_when is None
        faces[name] = own.model_copy(update={
            "outside": True,
            "outside_panels": own.outside_panels if "outside_panels" in given or (
                own.outside and "outside" in given) else builtin.outside_panels,
            "outside_when": None if always else own.outside_when or builtin.outside_when})
    return spec.model_copy(update={"faces": faces}), problems, flagged


# What the geometry of a piece puts on its outside, whatever its layout says (and whatever
# its name: a renamed copy of the pocket card with `outside: false` printed "Domestic
# violence shelter" on its front).
Covers = dict[str, frozenset[int] | None]  # face -> its panels seen (None: the whole face)


def geometric_outside(spec: LayoutSpec) -> Covers:
    """The faces of a piece printed on two sides that are seen when it is carried or folded,
    by its geometry: the first face (page 1, printed first) of a two-sided card or of panels
    cut apart, wholly; of a folded piece its covers, the two panels seen when it is closed:
    in a zigzag the first face's first panel and, below the stack, the last panel (turned
    over with an even number of panels, so on the first face; else on the second), in a
    letter fold (any other fold, the brochure's) the first face's last two panels, the cover
    and the back panel, the flap folding in first. A piece of one face (a poster, a
    sticker, large print's pages) has no outside of its own: a poster may be meant to be
    read by anyone, and its restroom variant is a setting (`outside_when`)."""
    faces = list(spec.faces)
    if len(faces) < 2:
        return {}
    first, second = faces[0], faces[1]
    covers: Covers = {}

    def add(face: str, panels: frozenset[int] | None) -> None:
        had = covers.get(face, frozenset())
        covers[face] = None if had is None or panels is None else had | panels

    for size in spec.sizes.values():
        count = len(size.panels or ())
        if count < 2 or spec.panel_edges == "cut":
            add(first, None)
        elif spec.fold == "zigzag":
            add(first, frozenset({0, count - 1} if count % 2 == 0 else {0}))
            if count % 2:
                add(second, frozenset({count - 1}))
        else:
            add(first, frozenset({count - 2, count - 1}))
    return covers


def _covers_kept(spec: LayoutSpec, doc: YamlDoc, flagged: set[str],
                 at: tuple[str, ...] = ()) -> tuple[LayoutSpec, list[Problem]]:
    """Every layout's covers (`geometric_outside`) are outside surfaces: a face that does
    not say so is made one, on those panels; one that says less (`outside: false`, panels
    that leave a cover out, `outside_when`: only with a setting) is an error naming the file
    and line. `flagged`: faces already found wrong (said once); `at`: where in the file the
    faces are (a short form's: `short_form`)."""
    faces, problems = dict(spec.faces), []
    for name, panels in geometric_outside(spec).items():
        own = faces[name]
        given = own.model_fields_set
        wrong = ("outside" if "outside" in given and not own.outside
                 else "outside_when" if own.outside_when is not None
                 else "outside_panels" if own.outside_panels is not None and (
                     panels is None or not panels <= set(own.outside_panels))
                 else None)
        if wrong and name not in flagged:
            key = ".".join((*at, "faces", name, wrong))
            problems.append(Problem(doc.path, (
                f"{key}: {_covers_said(spec, name, panels)}, checked for revealing words "
                "whatever the layout says; remove it (site.yaml's `discreet: false` is what "
                "prints without the check)"), doc.line_of((*at, "faces", name, wrong)),
                code=Code.LAYOUT_COVER_NARROWED, fields={
                    "format": spec.name, "face": name, "field": wrong,
                    "panels": None if panels is None else tuple(map(str, sorted(panels)))}))
        if wrong:
            continue
        keep = own.outside and own.outside_panels is None  # the whole face already
        faces[name] = own.model_copy(update={
            "outside": True,
            "outside_panels": None if keep or panels is None else sorted(
                panels | set(own.outside_panels or ()))})
    return spec.model_copy(update={"faces": faces}), problems


DISCREET_OPTION = "discreet"  # a layout's yes-or-no option for its restroom variant


def _discreet_kept(spec: LayoutSpec, doc: YamlDoc,
                   flagged: set[str]) -> tuple[LayoutSpec, list[Problem]]:
    """A layout's own `discreet` option (yes or no: the restroom poster's and sticker's,
    "nothing revealing") means what it says whatever the layout is called: when site.yaml
    sets it, every face is an outside surface. A face that says nothing of it is made one
    on that setting; one that says less (`outside: false`, `outside_when` another setting)
    is an error naming the file and line, as a same-name copy's is (a renamed copy of the
    poster without `outside_when` printed its restroom variant unchecked)."""
    option = spec.options.get(DISCREET_OPTION)
    if option is None or option.type != "bool":
        return spec, []
    setting = site_option_name(spec.name, DISCREET_OPTION)
    faces, problems = dict(spec.faces), []
    for name, own in spec.faces.items():
        if own.outside and own.outside_when in (None, setting):
            continue
        given = own.model_fields_set
        wrong = ("outside" if "outside" in given and not own.outside
                 else "outside_when" if own.outside_when not in (None, setting) else None)
        if wrong is None:
            faces[name] = own.model_copy(update={"outside": True, "outside_when": setting})
            continue
        if name not in flagged:
            problems.append(Problem(doc.path, (
                f"faces.{name}.{wrong}: the layout's `discreet` option (site.yaml's "
                f"`{setting}`) is its variant with nothing revealing: when it is set, the "
                f"{name} face is an outside surface, checked for revealing words whatever the "
                f"layout says; remove it, or give it `outside_when: {setting}`"),
                doc.line_of(("faces", name, wrong)), code=Code.LAYOUT_DISCREET_NARROWED,
                fields={"format": spec.name, "face": name, "field": wrong,
                        "setting": setting}))
    return spec.model_copy(update={"faces": faces}), problems


def _covers_said(spec: LayoutSpec, face: str, panels: frozenset[int] | None) -> str:
    """Why the face is outside, for a message."""
    if panels is None:
        return (f"the {face} face is the first of a piece printed on two sides: its outside, "
                "seen when it is carried")
    count = max(len(size.panels or ()) for size in spec.sizes.values())
    fold = ("zigzag" if spec.fold == "zigzag" else "letter fold" if count > 2
            else "folded sheet")
    return (f"panel{'s' if len(panels) > 1 else ''} {', '.join(map(str, sorted(panels)))} "
            f"of the {face} face {'are' if len(panels) > 1 else 'is'} on the outside of "
            f"this {fold} when it is folded")


def _outside_narrowed(own: FaceSpec, builtin: FaceSpec, given: set[str]) -> str | None:
    """The setting by which a copy's face would be outside less than the built-in's."""
    if "outside" in given and not own.outside:
        return "outside"
    if "outside_panels" in given and own.outside_panels is not None and (
            builtin.outside_panels is None
            or not set(builtin.outside_panels) <= set(own.outside_panels)):
        return "outside_panels"
    if "outside_when" in given and own.outside_when not in (None, builtin.outside_when):
        return "outside_when"
    return None


def _where_outside(face: FaceSpec) -> str:
    panels = (f" on panels {', '.join(map(str, face.outside_panels))}"
              if face.outside_panels is not None else "")
    when = f" when `{face.outside_when}` is set" if face.outside_when else ""
    return panels + when


def _kept_file_names(options: dict[str, LayoutOption],
                     replaces: Layout | None) -> dict[str, LayoutOption]:
    """A site's own copy of a built-in layout names its files as the built-in one does: an
    option the built-in one puts in its file names (poster_size) stays there, in a copy made
    before the option said so as in one made after."""
    if replaces is None:
        return options
    return {name: option.model_copy(update={"in_file_name": True})
            if name in replaces.options and replaces.options[name].in_file_name else option
            for name, option in options.items()}


def _option_problems(spec: LayoutSpec, doc: YamlDoc,
                     options: dict[str, LayoutOption]) -> list[Problem]:
    """Each option a name of its own in site.yaml; `size_option`, `outside_when` and
    `fields_when` name a setting there is (a yes-or-no one for the last two)."""
    problems = [Problem(doc.path, (
        f"options.{key}: site.yaml would set it as {site_option_name(spec.name, key)}, "
        "which is a built-in setting: choose another name"), doc.line_of(("options", key)),
        code=Code.LAYOUT_OPTION_BUILTIN,
        fields={"option": key, "setting": site_option_name(spec.name, key)})
        for key in spec.options if site_option_name(spec.name, key) in SiteOptions.model_fields]
    problems += [Problem(doc.path, (
        f"options.{key}: in_file_name is for the option `size_option` names "
        f"({spec.size_option}): the size in the file names"),
        doc.line_of(("options", key, "in_file_name")), code=Code.LAYOUT_IN_FILE_NAME,
        fields={"option": key, "size_option": spec.size_option})
        for key, option in spec.options.items()
        if option.in_file_name and site_option_name(spec.name, key) != spec.size_option]
    own = ", ".join(options) or "none"
    if spec.size_option not in options and spec.size_option not in SiteOptions.model_fields:
        problems.append(Problem(doc.path, (
            f"size_option: no setting {spec.size_option!r}: name a built-in one (paper, "
            f"card_size) or one of the layout's `options:` (site.yaml names: {own})"),
            doc.line_of(("size_option",)), code=Code.LAYOUT_NO_SETTING,
            fields={"field": "size_option", "setting": spec.size_option,
                    "valid": tuple(options)}))
    switches = {name for name, option in options.items() if option.type == "bool"} | {
        name for name, setting in SiteOptions.model_fields.items() if setting.annotation is bool}
    if spec.fields_when is not None and spec.fields_when not in switches:
        problems.append(Problem(doc.path, (
            f"fields_when: no yes-or-no setting {spec.fields_when!r}; valid: "
            f"{', '.join(sorted(switches))}"), doc.line_of(("fields_when",)),
            code=Code.LAYOUT_NO_SETTING, fields={"field": "fields_when",
                                                 "setting": spec.fields_when,
                                                 "valid": tuple(sorted(switches))}))
    for size_name, size in spec.sizes.items():
        problems += [Problem(doc.path, (
            f"sizes.{size_name}.boxes_when: no yes-or-no setting {setting!r}; valid: "
            f"{', '.join(sorted(switches))}"),
            doc.line_of(("sizes", size_name, "boxes_when", setting)),
            code=Code.LAYOUT_NO_SETTING, fields={"field": f"sizes.{size_name}.boxes_when",
                                                 "setting": setting,
                                                 "valid": tuple(sorted(switches))})
            for setting in size.boxes_when if setting not in switches]
    for face_name, face in spec.faces.items():
        if face.outside_when is not None and face.outside_when not in switches:
            problems.append(Problem(doc.path, (
                f"faces.{face_name}.outside_when: no yes-or-no setting "
                f"{face.outside_when!r}; valid: {', '.join(sorted(switches))}"),
                doc.line_of(("faces", face_name, "outside_when")),
                code=Code.LAYOUT_NO_SETTING, fields={
                    "field": f"faces.{face_name}.outside_when", "setting": face.outside_when,
                    "valid": tuple(sorted(switches))}))
    return problems


def _string_problems(spec: LayoutSpec, doc: YamlDoc) -> list[Problem]:
    """A layout's strings have names that are words, with English text whose placeholders
    are names. That a name is new (not one of en.yaml's) is i18n's to say, in the kit's
    checks: generator.i18n.layout_strings."""
    problems = []
    for key, text in spec.strings.items():
        line = doc.line_of(("strings", key))
        if not STRING_KEY.fullmatch(key):
            problems.append(Problem(doc.path, (
                f"strings.{key}: a string's name is lowercase letters, digits and underscores, "
                "starting with a letter"), line, code=Code.LAYOUT_STRING_NAME,
                fields={"key": key}))
        elif not text.strip():
            problems.append(Problem(doc.path, f"strings.{key}: the English text is empty", line,
                                    code=Code.LAYOUT_STRING_EMPTY, fields={"key": key}))
        else:
            try:
                names(text)
            except PlaceholderError as error:
                problems.append(Problem(doc.path, f"strings.{key}: {error}", line,
                                        code=Code.LAYOUT_STRING_PLACEHOLDER,
                                        fields={"key": key, "reason": str(error)}))
    return problems


def _boxes_for_no_slot(spec: LayoutSpec, doc: YamlDoc) -> list[Problem]:
    """A size's box for a slot the layout does not have is a typo: it would do nothing."""
    slots = {slot.name for face in spec.faces.values() for slot in face.slots}
    return [Problem(doc.path, (f"sizes.{size_name}.boxes: no slot is called {name!r}; "
                               f"slots: {', '.join(sorted(slots))}"),
                    doc.line_of(("sizes", size_name, "boxes", name)), code=Code.LAYOUT_NO_SLOT,
                    fields={"field": f"sizes.{size_name}.boxes", "slot": name,
                            "valid": tuple(sorted(slots))})
            for size_name, size in spec.sizes.items() for name in size.boxes
            if name not in slots] + [
        Problem(doc.path, (f"sizes.{size_name}.boxes_when.{setting}: no slot is called "
                           f"{name!r}; slots: {', '.join(sorted(slots))}"),
                doc.line_of(("sizes", size_name, "boxes_when", setting, name)),
                code=Code.LAYOUT_NO_SLOT, fields={
                    "field": f"sizes.{size_name}.boxes_when.{setting}", "slot": name,
                    "valid": tuple(sorted(slots))})
        for size_name, size in spec.sizes.items()
        for setting, boxes in size.boxes_when.items() for name in boxes if name not in slots]


def _stacking_problems(spec: LayoutSpec, doc: YamlDoc) -> list[Problem]:
    """`below:` and `above:` never go round in a circle (a slot stacked against one stacked
    against it). A name the face has no slot for stacks against nothing: a site's own copy
    of a layout may leave that slot out."""
    problems = []
    for face_name, face in spec.faces.items():
        slots = {slot.name: slot for slot in face.slots}
        for index, slot in enumerate(face.slots):
            for side in ("below", "above"):
                name = getattr(slot, side)
                if name is not None and _leads_back(slots, name, slot.name):
                    problems.append(Problem(doc.path, (
                        f"faces.{face_name}, slot {slot.name!r}: {side}: {name!r} is "
                        f"stacked against {slot.name!r} in turn"),
                        doc.line_of(("faces", face_name, "slots", index, side)),
                        code=Code.LAYOUT_STACK_LOOP, fields={
                            "face": face_name, "slot": slot.name, "side": side,
                            "other": name}))
    return problems


def _leads_back(slots: dict[str, SlotSpec], start: str, target: str) -> bool:
    seen, todo = set(), [start]
    while todo:
        name = todo.pop()
        if name == target:
            return True
        if name in seen or name not in slots:
            continue
        seen.add(name)
        todo.extend(n for n in (slots[name].below, slots[name].above, *slots[name].around)
                    if n is not None)
    return False


def available_layouts(root: Path = LAYOUTS_DIR,
                      content: Path | None = None) -> dict[str, Layout]:
    """Every layout folder under `root`, by name, in name order; a content folder's own
    `layouts/<name>/` adds a format or replaces the built-in one of that name."""
    builtin, problems = _load_all(_layout_folders(root), {})
    site_layouts = content / "layouts" if content is not None else None
    layouts = dict(builtin)
    if site_layouts is not None and site_layouts.is_dir():
        own, own_problems = _load_all(_layout_folders(site_layouts), builtin)
        layouts.update(own)
        problems += own_problems
    problems += _clashes(layouts)
    if problems:
        raise ContentError(problems)
    return dict(sorted(layouts.items()))


def _layout_folders(parent: Path) -> list[Path]:
    """The folders holding a layout.yaml: one that is a pipe, a folder or a broken link is
    reported when it is read, not passed over (the built-in layout would print instead)."""
    return [f for f in sorted(parent.iterdir()) if os.path.lexists(f / "layout.yaml")]


def _load_all(folders: list[Path], builtin: dict[str, Layout]
              ) -> tuple[dict[str, Layout], list[Problem]]:
    layouts, problems = {}, []
    for folder in folders:
        try:
            layouts[folder.name] = load_layout(folder, builtin.get(folder.name))
        except ContentError as error:
            problems.extend(error.problems)
    return layouts, problems


def _clashes(layouts: dict[str, Layout]) -> list[Problem]:
    """Two layouts whose options site.yaml would set by the same name (`pocket` with
    `card_x` and `pocket-card` with `x`), or that give one string two English texts."""
    option_owner: dict[str, str] = {}
    string_owner: dict[str, Layout] = {}
    problems = []
    for name, layout in layouts.items():
        path = layout.folder / "layout.yaml"
        for option in layout.options:
            if option in option_owner:
                problems.append(Problem(path, (
                    f"options: {option} is also a setting of the {option_owner[option]} "
                    "layout: choose another name"), code=Code.LAYOUT_OPTION_CLASH,
                    fields={"option": option, "other": option_owner[option]}))
            option_owner.setdefault(option, name)
        for key, text in layout.strings.items():
            other = string_owner.setdefault(key, layout)
            if other.strings[key] != text:
                problems.append(Problem(path, (
                    f"strings.{key}: the {other.name} layout gives it another English text "
                    f"({other.strings[key]!r}): use one text, or another name"),
                    code=Code.LAYOUT_STRING_CLASH,
                    fields={"key": key, "other": other.name, "text": other.strings[key]}))
    return problems


def declared_options(layouts: Mapping[str, Layout]) -> dict[str, LayoutOption]:
    """Every setting the layouts add to site.yaml, by its name there."""
    return {name: option for layout in layouts.values()
            for name, option in layout.options.items()}


def declared_strings(layouts: Mapping[str, Layout]) -> dict[str, str]:
    """The interface strings the layouts add to havenprint's catalogue, in English."""
    return {key: text for layout in layouts.values() for key, text in layout.strings.items()}
