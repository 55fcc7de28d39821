"""Put laid-out faces on paper: office sheets (n-up, duplex-aligned) and shop pages (bleed).

One page per face, in the layout's face order. Every second page is the back of a sheet.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color, black
from reportlab.lib.pagesizes import A3, A4, LETTER, TABLOID
from reportlab.pdfgen.canvas import Canvas

from generator.draw import draw_face
from generator.models import Offset
from generator.place import PlacedFace

PAPER = {"letter": LETTER, "a4": A4, "tabloid": TABLOID, "a3": A3}
MARK_GAP = 3.0  # points between a mark and the artwork it marks
MARK_LENGTH = 14.0
MARK_WIDTH = 0.3
SLUG = 24.0  # room outside the bleed for crop marks on shop pages
FOLD_DASH = (2.0, 2.0)
FOLD_GUIDE_GRAY = 0.75


@dataclass(frozen=True)
class Grid:
    paper: tuple[float, float]
    columns: int
    rows: int
    card_width: float
    card_height: float

    @property
    def left(self) -> float:
        return (self.paper[0] - self.columns * self.card_width) / 2

    @property
    def bottom(self) -> float:
        return (self.paper[1] - self.rows * self.card_height) / 2

    @property
    def full_page(self) -> bool:
        """The artwork fills the sheet: no room for marks, nothing to cut."""
        return min(self.left, self.bottom) < MARK_GAP + 2

    def origin(self, column: int, row: int) -> tuple[float, float]:
        """Lower-left corner of the item in `column` (from the left) and `row` (from the top)."""
        return (
            self.left + column * self.card_width,
            self.bottom + (self.rows - 1 - row) * self.card_height,
        )


def draw_office_sheets(canvas: Canvas, faces: list[PlacedFace], grid: Grid, brand: str,
                       offset: Offset, caption: str) -> None:
    """One sheet per face. Backs mirror the columns, so that a sheet turned over on its
    long edge (portrait) or short edge (landscape) puts each back behind its front;
    `offset` shifts the backs for printers that misalign duplex."""
    for page, face in enumerate(faces):
        is_back = page % 2 == 1
        shift = (offset.x, offset.y) if is_back else (0.0, 0.0)
        # The face is drawn once, as a form XObject, and placed in every cell: a tenth of
        # the drawing work and of the page content.
        form = f"face-{page}"
        canvas.beginForm(form, 0, 0, face.width, face.height)
        draw_face(canvas, face, 0, 0, brand)
        canvas.endForm()
        for row in range(grid.rows):
            for column in range(grid.columns):
                placed_column = grid.columns - 1 - column if is_back else column
                x, y = grid.origin(placed_column, row)
                stamp(canvas, form, x + shift[0], y + shift[1])
        if grid.full_page:
            _fold_guides(canvas, face, shift)
        else:
            _cut_marks(canvas, grid, shift)
            _fold_marks(canvas, grid, face, shift)
            _caption(canvas, grid, f"{caption} · page {page + 1} of {len(faces)}", shift)
        canvas.showPage()


def stamp(canvas: Canvas, form: str, x: float, y: float) -> None:
    """Place a drawn face (a form XObject) with its trim's lower-left corner at (x, y)."""
    canvas.saveState()
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


def _cut_marks(canvas: Canvas, grid: Grid, shift: tuple[float, float]) -> None:
    canvas.saveState()
    canvas.setStrokeColor(black)
    canvas.setLineWidth(MARK_WIDTH)
    left, bottom = grid.left + shift[0], grid.bottom + shift[1]
    right = left + grid.columns * grid.card_width
    top = bottom + grid.rows * grid.card_height
    length_x = min(MARK_LENGTH, left - MARK_GAP - 2)
    length_y = min(MARK_LENGTH, bottom - MARK_GAP - 2)
    for column in range(grid.columns + 1):
        x = left + column * grid.card_width
        canvas.line(x, top + MARK_GAP, x, top + MARK_GAP + length_y)
        canvas.line(x, bottom - MARK_GAP, x, bottom - MARK_GAP - length_y)
    for row in range(grid.rows + 1):
        y = bottom + row * grid.card_height
        canvas.line(left - MARK_GAP, y, left - MARK_GAP - length_x, y)
        canvas.line(right + MARK_GAP, y, right + MARK_GAP + length_x, y)
    canvas.restoreState()


def _fold_marks(canvas: Canvas, grid: Grid, face: PlacedFace,
                shift: tuple[float, float]) -> None:
    """Dashed marks in the margins where every item on the sheet folds."""
    axis, folds = fold_lines(face)
    if not folds:
        return
    canvas.saveState()
    canvas.setStrokeColor(black)
    canvas.setLineWidth(MARK_WIDTH)
    canvas.setDash(*FOLD_DASH)
    left, bottom = grid.left + shift[0], grid.bottom + shift[1]
    right = left + grid.columns * grid.card_width
    top = bottom + grid.rows * grid.card_height
    length = min(MARK_LENGTH, (left if axis == "y" else bottom) - MARK_GAP - 2)
    for fold in folds:
        if axis == "y":
            for row in range(grid.rows):
                y = bottom + row * grid.card_height + fold
                canvas.line(left - MARK_GAP, y, left - MARK_GAP - length, y)
                canvas.line(right + MARK_GAP, y, right + MARK_GAP + length, y)
        else:
            for column in range(grid.columns):
                x = left + column * grid.card_width + fold
                canvas.line(x, top + MARK_GAP, x, top + MARK_GAP + length)
                canvas.line(x, bottom - MARK_GAP, x, bottom - MARK_GAP - length)
    canvas.restoreState()


def _fold_guides(canvas: Canvas, face: PlacedFace, shift: tuple[float, float]) -> None:
    """Faint ticks at the page edges where a full-page item folds, clear of the text."""
    axis, folds = fold_lines(face)
    canvas.saveState()
    canvas.setStrokeGray(FOLD_GUIDE_GRAY)
    canvas.setLineWidth(MARK_WIDTH)
    length = 10.0
    for fold in folds:
        if axis == "x":
            x = fold + shift[0]
            canvas.line(x, shift[1], x, shift[1] + length)
            canvas.line(x, face.height + shift[1] - length, x, face.height + shift[1])
        else:
            y = fold + shift[1]
            canvas.line(shift[0], y, shift[0] + length, y)
            canvas.line(face.width + shift[0] - length, y, face.width + shift[0], y)
    canvas.restoreState()


def _caption(canvas: Canvas, grid: Grid, text: str, shift: tuple[float, float]) -> None:
    """A small printing hint in the bottom margin, clear of the marks."""
    y = grid.bottom + shift[1] - MARK_GAP - MARK_LENGTH - 8
    if y < 6:
        return
    canvas.saveState()
    canvas.setFillGray(0.35)
    canvas.setFont(canvas._fontname, 6.5)
    canvas.addLiteral("/Span <</Lang (en)>> BDC")  # printing hints are English in every kit
    canvas.drawCentredString(grid.paper[0] / 2 + shift[0], y, text)
    canvas.addLiteral("EMC")
    canvas.restoreState()


def shop_page_size(face: PlacedFace, bleed: float) -> tuple[float, float]:
    return face.width + 2 * (bleed + SLUG), face.height + 2 * (bleed + SLUG)


def draw_shop_pages(canvas: Canvas, faces: list[PlacedFace], brand: str, bleed: float,
                    marks: Color = black) -> None:
    """One face per page at trim size plus bleed, crop and fold marks in the slug (in
    `marks`: the Registration colour in a CMYK file), boxes set."""
    for face in faces:
        width, height = shop_page_size(face, bleed)
        canvas.setPageSize((width, height))
        x0 = y0 = bleed + SLUG
        canvas.setTrimBox((x0, y0, x0 + face.width, y0 + face.height))
        canvas.setBleedBox((x0 - bleed, y0 - bleed, x0 + face.width + bleed,
                            y0 + face.height + bleed))
        draw_face(canvas, face, x0, y0, brand, bleed=bleed)
        _crop_marks(canvas, x0, y0, face, bleed, marks)
        canvas.showPage()


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
