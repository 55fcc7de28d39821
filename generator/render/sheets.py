"""Put laid-out faces on paper: office sheets (n-up, duplex-aligned) and shop pages (bleed).

One page per face, in the layout's face order. Every second page is the back of a sheet.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import pairwise

from reportlab.lib.colors import Color, PCMYKColorSep, black
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from generator.content.models import Offset
from generator.content.units import mm
from generator.i18n.fonts import REGULAR
from generator.layout.laid_out import SheetCaptions
from generator.layout.placed import PlacedFace
from generator.render.captions import (
    CAPTION_SIZE,
    LATIN_EXTENT,
    caption_extent,
    caption_paragraph,
)
from generator.render.draw import draw_face
from generator.render.fold_diagram import draw_fold_diagram
from generator.render.form_fields import add_form_fields

PRINTABLE = mm(5)  # office printers cannot print the outer ~5 mm of a sheet (4.2 mm typical)
MARK_GAP = 3.0  # points between a mark and the artwork (or its bleed) it marks
MARK_LENGTH = 14.0
MIN_MARK = 4.0  # a mark shorter than this is left out
MARK_WIDTH = 0.3
SLUG = 24.0  # room outside the bleed for crop marks on shop pages
SLUG_TEXT_SIZE = 6.0  # the slug line's type (generator/render/slug.py)
SLUG_GROWTH = 9.0  # added below a shop page whose slug line fits between no crop marks
SLUG_LIFT = 2.5  # the slug line's baseline above such a page's foot
FOLD_DASH = (2.0, 2.0)
FOLD_GUIDE_GRAY = 0.75
FOLD_GUIDE_LENGTH = 10.0
CAPTION_GAP = 1.5  # between the caption and the marks beside it
DIAGRAM_GAP = 4.0  # between a fold diagram and the caption below it, the marks above it
# A sticker's die line: a spot colour of this name is what cutting plotters and sticker
# printers' RIPs (Roland VersaWorks, Mimaki, Summa) cut along; printed it would be magenta.
CUT_CONTOUR = PCMYKColorSep(0, 100, 0, 0, spotName="CutContour")
DIE_LINE_WIDTH = 0.25


@dataclass(frozen=True)
class Grid:
    """Where the items of an office sheet go: `columns` x `rows` of them, `left` and
    `bottom` from the paper's edges, with gaps between them; colour runs `bleed` past an
    item's edge into any margin or gap (never into a neighbour, nor the unprintable edge)."""

    paper: tuple[float, float]
    columns: int
    rows: int
    card_width: float
    card_height: float
    left: float
    bottom: float
    column_gap: float = 0.0
    row_gap: float = 0.0
    bleed: float = 0.0
    perforated: bool = False  # card stock: separated along perforations, no cut marks
    stock: str | None = None  # the stock's title, for the caption
    die_cut: bool = False  # labels, cut out already: peeled off the sheet

    @classmethod
    def centred(cls, paper: tuple[float, float], columns: int, rows: int, width: float,
                height: float, column_gap: float = 0.0, row_gap: float = 0.0,
                bleed: float = 0.0) -> Grid:
        grid_width = columns * width + (columns - 1) * column_gap
        grid_height = rows * height + (rows - 1) * row_gap
        return cls(paper, columns, rows, width, height, (paper[0] - grid_width) / 2,
                   (paper[1] - grid_height) / 2, column_gap, row_gap, bleed)

    @property
    def width(self) -> float:
        return self.columns * self.card_width + (self.columns - 1) * self.column_gap

    @property
    def height(self) -> float:
        return self.rows * self.card_height + (self.rows - 1) * self.row_gap

    @property
    def right(self) -> float:
        """The margin right of the items."""
        return self.paper[0] - self.left - self.width

    @property
    def top(self) -> float:
        """The margin above the items."""
        return self.paper[1] - self.bottom - self.height

    @property
    def full_page(self) -> bool:
        """The artwork fills the sheet: no room for marks, nothing to cut. Only ever one
        item: a card stock whose grid starts at the paper's edge still holds every card."""
        return self.columns * self.rows == 1 and min(self.left, self.bottom) < MARK_GAP + 2

    def origin(self, column: int, row: int) -> tuple[float, float]:
        """Lower-left corner of the item in `column` (from the left) and `row` (from the top)."""
        return (
            self.left + column * (self.card_width + self.column_gap),
            self.bottom + (self.rows - 1 - row) * (self.card_height + self.row_gap),
        )

    def back_origin(self, column: int, row: int) -> tuple[float, float]:
        """Where the back of that item lies once the sheet is turned over: mirrored left to
        right (a portrait sheet flipped on its long edge, a landscape one on its short)."""
        x, y = self.origin(column, row)
        return self.paper[0] - x - self.card_width, y

    def cell_bleed(self, column: int, row: int) -> tuple[float, float, float, float]:
        """How far colour runs past the item's left, bottom, right and top edges."""
        def side(outer: bool, margin: float, gap: float) -> float:
            room = margin - PRINTABLE if outer else gap / 2
            return max(0.0, min(self.bleed, room))
        return (side(column == 0, self.left, self.column_gap),
                side(row == self.rows - 1, self.bottom, self.row_gap),
                side(column == self.columns - 1, self.right, self.column_gap),
                side(row == 0, self.top, self.row_gap))

    def cuts(self) -> tuple[list[float], list[float]]:
        """x of every vertical cut and y of every horizontal one (a cut between items that
        touch is shared)."""
        xs = sorted({round(self.origin(c, 0)[0] + d, 3) for c in range(self.columns)
                     for d in (0.0, self.card_width)})
        ys = sorted({round(self.origin(0, r)[1] + d, 3) for r in range(self.rows)
                     for d in (0.0, self.card_height)})
        return xs, ys


@dataclass(frozen=True)
class CaptionSpot:
    """Where a sheet's caption goes: along the bottom margin, or up the left one when the
    bottom has no room beside the cut marks. `limit` is how far marks may reach."""

    side: str  # bottom | left
    baseline: float  # y of the baseline (bottom) or x (left, the text turned to read up)
    limit: float  # marks on that side stop here (y, or x), clear of the caption


def caption_spot(grid: Grid, extent: tuple[float, float] = LATIN_EXTENT,
                 size: float | None = None,
                 one_line: Callable[[float], bool] | None = None) -> CaptionSpot | None:
    """The printable room outside the marks for one line of caption, bottom first; `extent`:
    how far the caption's letters reach above and below its baseline, in ems (its script's:
    Arabic and Devanagari reach further than Latin); `size`: the caption's (CAPTION_SIZE).
    `one_line`: whether the caption holds one line at a measure; a caption that never
    shrinks (a layout's sheet_caption_size) goes up the left margin, which is longer, where
    the bottom's measure would wrap it into the items above."""
    ascent, descent = extent
    size = size or CAPTION_SIZE
    marks = 0.0 if grid.perforated else MIN_MARK + CAPTION_GAP
    needed = (ascent + descent) * size + marks
    left_bleed, bottom_bleed = grid.cell_bleed(0, grid.rows - 1)[:2]
    sides = [(side, length) for side, margin, bleed, length in (
        ("bottom", grid.bottom, bottom_bleed, grid.paper[0]),
        ("left", grid.left, left_bleed, grid.paper[1]))
        if margin - bleed - MARK_GAP - PRINTABLE >= needed]
    whole = [side for side, length in sides
             if one_line is None or one_line(length - 2 * PRINTABLE)]
    for side in whole[:1] or [side for side, _ in sides[:1]]:
        # The side of the line towards the paper's edge stays printable: descenders
        # along the bottom; turned to read up the left margin, the tops of the letters.
        outer, inner = (descent, ascent) if side == "bottom" else (ascent, descent)
        baseline = PRINTABLE + outer * size
        return CaptionSpot(side, baseline, baseline + inner * size + CAPTION_GAP)
    return None


def _holds_one_line(captions: SheetCaptions | None,
                    page: int) -> Callable[[float], bool] | None:
    """For a caption set at its layout's size, never smaller: whether the page's caption
    holds one line at a measure (None: captions shrink to hold one)."""
    if captions is None or captions.size is None or page >= len(captions.texts):
        return None
    text, fonts, size = captions.texts[page], captions.fonts, captions.size

    def one_line(width: float) -> bool:
        para = caption_paragraph(text, fonts, width, size)
        return para.wrap(width, 10_000)[1] <= para.style.leading * 1.5

    return one_line


def draw_office_sheets(canvas: Canvas, faces: list[PlacedFace], grid: Grid, brand: str,
                       offset: Offset, captions: SheetCaptions | None,
                       fields: bool = False, fold: str | None = None) -> None:
    """One sheet per face. Backs mirror the fronts, so that a sheet turned over on its
    long edge (portrait) or short edge (landscape) puts each back behind its front;
    `offset` shifts the backs for printers that misalign duplex. A page that is one item
    the size of the sheet keeps its colour clear of the unprintable edge. With `fields`,
    each line to write on and box to tick is a form field too (form_fields.py). With
    `fold` (layout.yaml's), the last sheet's bottom margin shows how to fold the piece,
    above the note that says to (fold_diagram.py)."""
    bleed = 0.0 if grid.full_page else grid.bleed
    for page, face in enumerate(faces):
        is_back = page % 2 == 1
        shift = (offset.x, offset.y) if is_back else (0.0, 0.0)
        # The marks of a back go where its mirrored items are: a grid with the margins of
        # the left and right swapped (the same grid when it is centred).
        sheet = replace(grid, left=grid.right) if is_back else grid
        spot = None if grid.full_page else caption_spot(
            sheet, caption_extent(captions.fonts) if captions is not None else LATIN_EXTENT,
            captions.size if captions is not None else None,
            _holds_one_line(captions, page))
        # The face is drawn once, as a form XObject, and placed in every cell: a tenth of
        # the drawing work and of the page content. Each cell clips its own bleed.
        form = f"face-{page}"
        canvas.beginForm(form, -bleed, -bleed, face.width + bleed, face.height + bleed)
        # A page the size of the sheet: each panel's colour keeps the printer's margin from
        # every edge, the folds' too, so the margin is even all round.
        draw_face(canvas, face, 0, 0, brand, bleed=bleed,
                  inset=PRINTABLE if grid.full_page else 0.0)
        canvas.endForm()
        if grid.full_page:
            inset = (PRINTABLE, PRINTABLE, grid.paper[0] - PRINTABLE,
                     grid.paper[1] - PRINTABLE)
            stamp(canvas, form, shift[0], shift[1], inset)
            _fold_guides(canvas, face, grid, shift)
            if fields:
                add_form_fields(canvas, face, shift[0], shift[1])
        else:
            for row in range(grid.rows):
                for column in range(grid.columns):
                    x, y = (grid.back_origin if is_back else grid.origin)(column, row)
                    left, bottom, right, top = grid.cell_bleed(column, row)
                    if is_back:
                        left, right = right, left
                    x, y = x + shift[0], y + shift[1]
                    stamp(canvas, form, x, y, (x - left, y - bottom, x + face.width + right,
                                               y + face.height + top))
                    if fields:
                        add_form_fields(canvas, face, x, y, f"r{row}c{column}_")
            if not grid.perforated:
                _cut_marks(canvas, sheet, shift, spot)
            _fold_marks(canvas, sheet, face, shift, spot)
            if spot is not None and captions is not None and page < len(captions.texts):
                _caption(canvas, sheet, captions.texts[page], captions, spot)
            if fold == "zigzag" and page == len(faces) - 1 and spot is not None \
                    and spot.side == "bottom":
                _fold_diagram(canvas, sheet, faces[0], brand, spot)
        canvas.showPage()


def stamp(canvas: Canvas, form: str, x: float, y: float,
          clip: tuple[float, float, float, float] | None = None) -> None:
    """Place a drawn face (a form XObject) with its trim's lower-left corner at (x, y),
    clipped to `clip` (left, bottom, right, top on the page) when given."""
    canvas.saveState()
    if clip is not None:
        path = canvas.beginPath()
        path.rect(clip[0], clip[1], clip[2] - clip[0], clip[3] - clip[1])
        canvas.clipPath(path, stroke=0, fill=0)
    canvas.translate(x, y)
    canvas.doForm(form)
    canvas.restoreState()


def fold_lines(face: PlacedFace) -> tuple[str, list[float]]:
    """('x', distances from the left) or ('y', distances from the bottom) of the folds."""
    panels = face.panels
    if len(panels) < 2:
        return "x", []
    if panels[0].width < face.width - 0.01:
        return "x", sorted(panel.x for panel in panels if panel.x > 0.01)
    return "y", sorted(panel.y for panel in panels if panel.y > 0.01)


def _outer_bleed(grid: Grid) -> tuple[float, float, float, float]:
    """The bleed around the whole grid: left, bottom, right, top."""
    return (grid.cell_bleed(0, 0)[0], grid.cell_bleed(0, grid.rows - 1)[1],
            grid.cell_bleed(grid.columns - 1, 0)[2], grid.cell_bleed(0, 0)[3])


def _ticks(canvas: Canvas, grid: Grid, shift: tuple[float, float], xs: list[float],
           ys: list[float], spot: CaptionSpot | None) -> None:
    """Marks in the margins, outside the bleed and inside the printable area: above and
    below the grid at each x, left and right of it at each y (positions on the grid as
    drawn without `shift`); clear of the caption."""
    bleed_left, bleed_bottom, bleed_right, bleed_top = _outer_bleed(grid)
    left, bottom = grid.left + shift[0], grid.bottom + shift[1]
    right, top = left + grid.width, bottom + grid.height
    floor_y = spot.limit if spot is not None and spot.side == "bottom" else PRINTABLE
    floor_x = spot.limit if spot is not None and spot.side == "left" else PRINTABLE
    paper_w, paper_h = grid.paper
    spans = {
        "top": (top + bleed_top + MARK_GAP, min(top + bleed_top + MARK_GAP + MARK_LENGTH,
                                                paper_h - PRINTABLE)),
        "bottom": (bottom - bleed_bottom - MARK_GAP,
                   max(bottom - bleed_bottom - MARK_GAP - MARK_LENGTH, floor_y)),
        "left": (left - bleed_left - MARK_GAP,
                 max(left - bleed_left - MARK_GAP - MARK_LENGTH, floor_x)),
        "right": (right + bleed_right + MARK_GAP,
                  min(right + bleed_right + MARK_GAP + MARK_LENGTH, paper_w - PRINTABLE)),
    }
    for name, (start, end) in spans.items():
        outward = end - start if name in ("top", "right") else start - end
        if outward < MIN_MARK:  # no room: a margin too narrow runs the mark back over the cards
            continue
        # A cut along the paper's edge, where the printer cannot print, needs no mark.
        if name in ("top", "bottom"):
            for x in xs:
                if PRINTABLE <= x + shift[0] <= paper_w - PRINTABLE:
                    canvas.line(x + shift[0], start, x + shift[0], end)
        else:
            for y in ys:
                if PRINTABLE <= y + shift[1] <= paper_h - PRINTABLE:
                    canvas.line(start, y + shift[1], end, y + shift[1])


def _cut_marks(canvas: Canvas, grid: Grid, shift: tuple[float, float],
               spot: CaptionSpot | None) -> None:
    canvas.saveState()
    canvas.setStrokeColor(black)
    canvas.setLineWidth(MARK_WIDTH)
    xs, ys = grid.cuts()
    _ticks(canvas, grid, shift, xs, ys, spot)
    canvas.restoreState()


def _fold_marks(canvas: Canvas, grid: Grid, face: PlacedFace, shift: tuple[float, float],
                spot: CaptionSpot | None) -> None:
    """Dashed marks in the margins where every item on the sheet folds."""
    axis, folds = fold_lines(face)
    if not folds:
        return
    canvas.saveState()
    canvas.setStrokeColor(black)
    canvas.setLineWidth(MARK_WIDTH)
    canvas.setDash(*FOLD_DASH)
    if axis == "y":
        ys = [grid.origin(0, row)[1] + fold for row in range(grid.rows) for fold in folds]
        _ticks(canvas, grid, shift, [], ys, spot)
    else:
        xs = [grid.origin(column, 0)[0] + fold for column in range(grid.columns)
              for fold in folds]
        _ticks(canvas, grid, shift, xs, [], spot)
    canvas.restoreState()


def _fold_guides(canvas: Canvas, face: PlacedFace, grid: Grid,
                 shift: tuple[float, float]) -> None:
    """Faint ticks where a full-page item folds, just inside the printable area."""
    axis, folds = fold_lines(face)
    canvas.saveState()
    canvas.setStrokeGray(FOLD_GUIDE_GRAY)
    canvas.setLineWidth(MARK_WIDTH)
    near, far = PRINTABLE, PRINTABLE + FOLD_GUIDE_LENGTH
    for fold in folds:
        if axis == "x":
            x = fold + shift[0]
            canvas.line(x, near, x, far)
            canvas.line(x, grid.paper[1] - near, x, grid.paper[1] - far)
        else:
            y = fold + shift[1]
            canvas.line(near, y, far, y)
            canvas.line(grid.paper[0] - near, y, grid.paper[0] - far, y)
    canvas.restoreState()


def _fold_diagram(canvas: Canvas, grid: Grid, face: PlacedFace, brand: str,
                  spot: CaptionSpot) -> None:
    """How the piece folds (its front `face`), centred in the bottom margin between the
    caption and the ends of the marks below the items."""
    marks_end = grid.bottom - _outer_bleed(grid)[1] - MARK_GAP - MARK_LENGTH
    draw_fold_diagram(canvas, face, brand, grid.paper[0] / 2, spot.limit + DIAGRAM_GAP,
                      marks_end - DIAGRAM_GAP)


def _caption(canvas: Canvas, grid: Grid, text: str, captions: SheetCaptions,
             spot: CaptionSpot) -> None:
    """The sheet's printing hint, in the printable part of a margin, clear of the marks, in
    the language of whoever prints it (marked as that language for screen readers)."""
    long_side = grid.paper[0] if spot.side == "bottom" else grid.paper[1]
    width = long_side - 2 * PRINTABLE
    para = caption_paragraph(text, captions.fonts, width, captions.size)
    para.wrap(width, 10_000)
    # the last line's baseline on the spot's (a caption that still wraps grows inwards)
    lift = para.style.leading - para.style.fontSize
    canvas.saveState()
    canvas.addLiteral(f"/Span <</Lang ({captions.lang})>> BDC")
    if spot.side == "bottom":
        para.drawOn(canvas, PRINTABLE, spot.baseline - lift)
    else:
        canvas.translate(spot.baseline, grid.paper[1] / 2)
        canvas.rotate(90)
        para.drawOn(canvas, -width / 2, -lift)
    canvas.addLiteral("EMC")
    canvas.restoreState()


def draw_shop_pages(canvas: Canvas, faces: list[PlacedFace], brand: str, bleed: float,
                    marks: Color = black, die_line: str | None = None,
                    slugs: list[str] | None = None) -> None:
    """One face per page at trim size plus bleed, crop and fold marks in the slug (in
    `marks`: the Registration colour in a CMYK file), boxes set; with `die_line`
    ("circle"), the path a sticker is cut along; with `slugs`, each page's slug line in
    `marks` below the bleed, between the marks (the page a little taller where it fits
    between none of them)."""
    for index, face in enumerate(faces):
        slug = slugs[index] if slugs else None
        spot = _slug_spot(face, bleed, slug)
        width = face.width + 2 * (bleed + SLUG)
        height = face.height + 2 * (bleed + SLUG) + spot.growth
        canvas.setPageSize((width, height))
        x0, y0 = bleed + SLUG, bleed + SLUG + spot.growth
        canvas.setTrimBox((x0, y0, x0 + face.width, y0 + face.height))
        canvas.setBleedBox((x0 - bleed, y0 - bleed, x0 + face.width + bleed,
                            y0 + face.height + bleed))
        draw_face(canvas, face, x0, y0, brand, bleed=bleed)
        _crop_marks(canvas, x0, y0, face, bleed, marks)
        if slug:
            _slug_line(canvas, slug, x0 + spot.x, spot.baseline, marks)
        if die_line == "circle":
            _die_line(canvas, x0, y0, face)
        canvas.showPage()


@dataclass(frozen=True)
class SlugSpot:
    x: float  # the line's left end, from the trim's left edge
    baseline: float  # from the page's foot
    growth: float  # points added below the page to hold it


def _slug_spot(face: PlacedFace, bleed: float, slug: str | None) -> SlugSpot:
    """Where the slug line prints: centred in the widest stretch of the foot between the
    crop and fold marks that run down from the trim, half-way up the slug; else, where no
    stretch holds it, under the marks' ends on a taller page."""
    if not slug:
        return SlugSpot(0.0, 0.0, 0.0)
    width = stringWidth(slug, REGULAR, SLUG_TEXT_SIZE)
    axis, folds = fold_lines(face)
    stops = sorted({0.0, face.width, *(folds if axis == "x" else ())})
    left, right = max(pairwise(stops), key=lambda gap: gap[1] - gap[0])
    if right - left >= width + 2 * MARK_GAP:
        return SlugSpot((left + right - width) / 2, (SLUG - SLUG_TEXT_SIZE * 0.7) / 2, 0.0)
    return SlugSpot((face.width - width) / 2, SLUG_LIFT, SLUG_GROWTH)


def _slug_line(canvas: Canvas, text: str, x: float, baseline: float, colour: Color) -> None:
    """The slug line, marked as a page artifact (a production aid, like the crop marks,
    that is no part of the piece)."""
    canvas.saveState()
    canvas.addLiteral("/Artifact <</Type /Page>> BDC")
    canvas.setFillColor(colour)
    canvas.setFont(REGULAR, SLUG_TEXT_SIZE)
    canvas.drawString(x, baseline, text)
    canvas.addLiteral("EMC")
    canvas.restoreState()


def _die_line(canvas: Canvas, x0: float, y0: float, face: PlacedFace) -> None:
    """The circle the cutter follows, as sticker printers and their RIPs expect it: a
    vector path stroked in the spot colour CutContour and nothing else, set to overprint
    (so that it knocks nothing out of the artwork below it), drawn last."""
    canvas.saveState()
    canvas.setStrokeColor(CUT_CONTOUR)
    canvas.setStrokeOverprint(True)
    canvas.setLineWidth(DIE_LINE_WIDTH)
    canvas.circle(x0 + face.width / 2, y0 + face.height / 2,
                  min(face.width, face.height) / 2, stroke=1, fill=0)
    canvas.restoreState()


def _crop_marks(canvas: Canvas, x0: float, y0: float, face: PlacedFace, bleed: float,
                colour: Color) -> None:
    canvas.saveState()
    canvas.setStrokeColor(colour)
    canvas.setLineWidth(MARK_WIDTH)
    start, end = bleed + MARK_GAP, bleed + SLUG - 2
    width, height = face.width, face.height
    for x in (x0, x0 + width):
        canvas.line(x, y0 - start, x, y0 - end)
        canvas.line(x, y0 + height + start, x, y0 + height + end)
    for y in (y0, y0 + height):
        canvas.line(x0 - start, y, x0 - end, y)
        canvas.line(x0 + width + start, y, x0 + width + end, y)
    axis, folds = fold_lines(face)
    canvas.setDash(*FOLD_DASH)
    for fold in folds:
        if axis == "x":
            canvas.line(x0 + fold, y0 - start, x0 + fold, y0 - end)
            canvas.line(x0 + fold, y0 + height + start, x0 + fold, y0 + height + end)
        else:
            canvas.line(x0 - start, y0 + fold, x0 - end, y0 + fold)
            canvas.line(x0 + width + start, y0 + fold, x0 + width + end, y0 + fold)
    canvas.restoreState()
