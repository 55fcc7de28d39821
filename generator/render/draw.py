"""Draw a laid-out face onto a ReportLab canvas at a given trim origin."""

from __future__ import annotations

import html
from types import MappingProxyType

from reportlab.lib.colors import Color
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus.flowables import Flowable

from generator.i18n.bidi_text import BidiParagraph, IconWord
from generator.layout.geometry import Rect
from generator.layout.paints import CALLOUT_FILL, FILL_PAINTS
from generator.layout.placed import PlacedFace, PlacedIcon, PlacedOrnament
from generator.render.icons import draw_icon
from generator.render.ornaments import Circle, clip_panel, ornament_shapes
from generator.render.qr import draw_qr

RULE_GRAY = 0.6


def draw_face(canvas: Canvas, face: PlacedFace, x: float, y: float, brand: str,
              bleed: float = 0.0, inset: float = 0.0) -> None:
    """Draw `face` with its trim's lower-left corner at (x, y); the background runs `bleed`
    beyond the trim on every side (0 on an office sheet, where cards touch). With `inset`
    (an office page the size of its sheet, whose printer cannot print the outer edge) every
    panel's colour stops that far inside each of its edges, folds included: an even margin
    on all four sides, never a white border on three and colour into the fold on the fourth."""
    canvas.saveState()
    canvas.setFillColor(fill_colour(face.spec.background, brand))
    canvas.rect(x - bleed, y - bleed, face.width + 2 * bleed, face.height + 2 * bleed,
                stroke=0, fill=1)
    path = canvas.beginPath()
    path.rect(x - bleed, y - bleed, face.width + 2 * bleed, face.height + 2 * bleed)
    canvas.clipPath(path, stroke=0, fill=0)
    _panel_backgrounds(canvas, face, x, y, brand, bleed, inset)
    draw_fields(canvas, face, x, y, brand, bleed, inset)
    _callouts(canvas, face, x, y, brand)
    draw_ornaments(canvas, face, x, y, brand, bleed, inset)
    for text in face.texts:
        if text.screen_only:  # never on paper: the office file's note, the screen copy
            continue
        if text.rotate:
            canvas.saveState()
            canvas.translate(x + text.x, y + text.y)
            canvas.rotate(text.rotate)
            text.paragraph.drawOn(canvas, 0, 0)
            canvas.restoreState()
        else:
            if text.icon is not None:
                _icon(canvas, text.icon, x, y, text.paragraph.style.textColor,
                      text.paragraph, x + text.x, y + text.y)
            text.paragraph.drawOn(canvas, x + text.x, y + text.y)
    if face.folio is not None:
        face.folio.paragraph.drawOn(canvas, x + face.folio.x, y + face.folio.y)
    for qr in face.qrs:
        draw_qr(canvas, x + qr.x, y + qr.y, qr.size, qr.payload)
    draw_rules(canvas, face, x, y)
    draw_cut_lines(canvas, face, x, y)
    canvas.restoreState()


def draw_background(canvas: Canvas, face: PlacedFace, x: float, y: float, brand: str,
                    bleed: float = 0.0) -> None:
    """The face's colour, its panels' colours and its callouts' boxes, `bleed` beyond the
    trim."""
    canvas.setFillColor(fill_colour(face.spec.background, brand))
    canvas.rect(x - bleed, y - bleed, face.width + 2 * bleed, face.height + 2 * bleed,
                stroke=0, fill=1)
    _panel_backgrounds(canvas, face, x, y, brand, bleed)
    draw_fields(canvas, face, x, y, brand, bleed)
    _callouts(canvas, face, x, y, brand)


def draw_fields(canvas: Canvas, face: PlacedFace, x: float, y: float, brand: str,
                bleed: float = 0.0, inset: float = 0.0) -> None:
    """The colour fields behind text: into the bleed where they reach the trim, or, on an
    office page the size of its sheet, `inset` inside their panel's edges as the panels'
    colours are; on a round piece within its circle, the bleed past the cut."""
    for placed in face.fields:
        rect = placed.rect
        left, bottom, right, top = rect.x, rect.y, rect.x + rect.width, rect.top
        if inset > 0:
            inner = placed.panel.inset(inset)
            left, bottom = max(left, inner.x), max(bottom, inner.y)
            right, top = min(right, inner.x + inner.width), min(top, inner.top)
        else:
            edge = 0.01
            left -= bleed if left <= edge else 0.0
            bottom -= bleed if bottom <= edge else 0.0
            right += bleed if right >= face.width - edge else 0.0
            top += bleed if top >= face.height - edge else 0.0
        if right <= left or top <= bottom:
            continue
        canvas.saveState()
        if placed.circle is not None:
            cx, cy, radius = placed.circle
            path = canvas.beginPath()
            path.circle(x + cx, y + cy, radius + bleed)
            canvas.clipPath(path, stroke=0, fill=0)
        canvas.setFillColor(fill_colour(placed.paint, brand))
        canvas.rect(x + left, y + bottom, right - left, top - bottom, stroke=0, fill=1)
        canvas.restoreState()


def draw_ornaments(canvas: Canvas, face: PlacedFace, x: float, y: float, brand: str,
                   bleed: float = 0.0, inset: float = 0.0) -> None:
    for ornament in face.ornaments:
        canvas.saveState()
        _clip_to_panel(canvas, face, ornament, x, y, bleed, inset)
        for shape in ornament_shapes(ornament.design, ornament.box, ornament.mirrored):
            _circle(canvas, shape, x, y, brand)
        canvas.restoreState()


def _icon(canvas: Canvas, placed: PlacedIcon, x: float, y: float, colour: Color,
          paragraph: Flowable | None = None, paragraph_x: float = 0.0,
          paragraph_y: float = 0.0) -> None:
    """The picture, then the word it stands for, unseen (text render mode 3), squeezed into
    the picture's width on the line's baseline: screen readers read it and copied text keeps
    it ("Text START to 88788"), just before the line's own text. A right-to-left or shaped
    word is drawn by the paragraph it starts (at paragraph_x, paragraph_y), which carries
    it with its own text for PDFium (generator/i18n/bidi_text.py)."""
    icon = placed.icon
    draw_icon(canvas, icon.name, x + placed.x, y + placed.y, placed.size, colour)
    if not icon.alt:
        return  # a list mark: nothing to read aloud
    if icon.alt_paragraph is not None:  # right to left or shaped: drawn as its lines are
        word = icon.alt_paragraph
        # On one line, however many words: "رسالة نصية" at the width of its longest word was
        # broken in two, its second word drawn (unseen) on the line below, over the number.
        natural = word.natural_width()
        word.wrap(natural + 0.01, 10_000)
        squeeze = round(_squeeze(natural, placed.word_width), 1)
        unseen = IconWord(word.text, word, x + placed.word_x, y + placed.baseline
                          - word.height + word.style.fontSize, squeeze)
        if isinstance(paragraph, BidiParagraph):  # drawn with it, carried with its text
            unseen.x -= paragraph_x
            unseen.y -= paragraph_y
            paragraph.icon_word = unseen
        else:
            unseen.draw(canvas, hidden=False)
        return
    canvas.saveState()
    canvas.addLiteral("3 Tr")
    text = html.unescape(icon.alt) + " "
    natural = stringWidth(text, icon.font, placed.font_size)
    line = canvas.beginText(x + placed.word_x, y + placed.baseline)
    line.setFont(icon.font, placed.font_size)
    line.setHorizScale(_squeeze(natural, placed.word_width))
    line.textOut(text)
    canvas.drawText(line)
    canvas.restoreState()


def _squeeze(natural: float, room: float) -> float:
    """Horizontal scaling (percent) that fits a word of `natural` width into `room`."""
    return 100.0 * min(1.0, room / natural) if natural > 0 else 100.0


def fill_colour(name: str, brand: str) -> Color:
    return FILL_PAINTS[name].color(brand)


def _panel_backgrounds(canvas: Canvas, face: PlacedFace, x: float, y: float, brand: str,
                       bleed: float, inset: float = 0.0) -> None:
    """Panel colours; a panel on the face's edge runs into the bleed on that side, or stops
    `inset` inside every edge."""
    painted = list(zip(face.panels, face.spec.panel_backgrounds or [], strict=False))
    # the brand colour last: where it runs past a fold it lies over its neighbour's fill
    for panel, colour in sorted(painted, key=lambda pair: FILL_RANK[pair[1]]):
        left, bottom, right, top = _painted(panel, face, bleed, inset)
        canvas.setFillColor(fill_colour(colour, brand))
        canvas.rect(x + left, y + bottom, right - left, top - bottom, stroke=0, fill=1)


def _bled(panel: Rect, face: PlacedFace, bleed: float) -> tuple[float, float, float, float]:
    """The panel's left, bottom, right and top, reaching into the bleed on the face's edges."""
    edge = 0.01
    return (
        panel.x - (bleed if panel.x <= edge else 0.0),
        panel.y - (bleed if panel.y <= edge else 0.0),
        panel.x + panel.width + (bleed if panel.x + panel.width >= face.width - edge else 0.0),
        panel.top + (bleed if panel.top >= face.height - edge else 0.0),
    )


def _callouts(canvas: Canvas, face: PlacedFace, x: float, y: float, brand: str) -> None:
    """The tinted boxes text is set in (the key points of an article, as a callout)."""
    if not face.callouts:
        return
    canvas.setFillColor(fill_colour(CALLOUT_FILL, brand))
    for box in face.callouts:
        canvas.rect(x + box.x, y + box.y, box.width, box.height, stroke=0, fill=1)


FILL_RANK = MappingProxyType({"paper": 0, "tint": 1, "brand": 2})
EDGE = 0.01  # points: panels closer than this share an edge (a fold)


def _painted(panel: Rect, face: PlacedFace, bleed: float,
             inset: float) -> tuple[float, float, float, float]:
    """Where a panel's colour goes: `inset` inside each of its edges, else to its edges and
    into the bleed on the face's edges, and off each fold it shares with a panel of
    another colour by the face's `fold_fill` (`_off_the_fold`)."""
    if inset > 0:
        inner = panel.inset(inset)
        return inner.x, inner.y, inner.x + inner.width, inner.top
    left, bottom, right, top = _bled(panel, face, bleed)
    if not face.spec.fold_fill:
        return left, bottom, right, top
    colours = dict(zip(face.panels, face.spec.panel_backgrounds or [], strict=False))
    own = colours.get(panel)
    if own is None:
        return left, bottom, right, top
    for other, colour in colours.items():
        shift = _off_the_fold(own, colour, face.spec.fold_fill)
        if not shift:
            continue
        if abs(other.y - panel.top) < EDGE and _across(panel, other, "x"):  # above
            top += shift
        elif abs(other.top - panel.y) < EDGE and _across(panel, other, "x"):  # below
            bottom -= shift
        elif abs(other.x - (panel.x + panel.width)) < EDGE and _across(panel, other, "y"):
            right += shift
        elif abs(other.x + other.width - panel.x) < EDGE and _across(panel, other, "y"):
            left -= shift
    return left, bottom, right, top


def _across(one: Rect, other: Rect, axis: str) -> bool:
    """Whether two panels overlap along `axis` (so that an edge between them is shared)."""
    if axis == "x":
        return min(one.x + one.width, other.x + other.width) - max(one.x, other.x) > EDGE
    return min(one.top, other.top) - max(one.y, other.y) > EDGE


def _off_the_fold(own: str, other: str, fold_fill: float) -> float:
    """How far a fill of colour `own` runs past (+) or stops short of (-) a fold it shares
    with a fill of colour `other`: the brand colour runs past onto a lighter one, a tint
    stops short of paper, so a fold a little out shows one colour either side of it."""
    if own == other:
        return 0.0
    if own == "brand":
        return fold_fill
    if own == "tint" and other == "paper":
        return -fold_fill
    return 0.0


def _clip_to_panel(canvas: Canvas, face: PlacedFace, ornament: PlacedOrnament, x: float,
                   y: float, bleed: float, inset: float = 0.0) -> None:
    """Keep a design inside its panel's colour, so it never runs over a fold (or into the
    bleed only where the panel meets the face's edge)."""
    panel = clip_panel(face.panels, ornament.box)
    if panel is None:
        return
    left, bottom, right, top = _painted(panel, face, bleed, inset)
    path = canvas.beginPath()
    path.rect(x + left, y + bottom, right - left, top - bottom)
    canvas.clipPath(path, stroke=0, fill=0)


def draw_rules(canvas: Canvas, face: PlacedFace, x: float, y: float) -> None:
    """Lines to write on, thin and grey: they guide a pen, they are not text."""
    if not face.rules:
        return
    canvas.saveState()
    canvas.setStrokeGray(RULE_GRAY)
    canvas.setLineWidth(0.5)
    for rule in face.rules:
        canvas.line(x + rule.x1, y + rule.y, x + rule.x2, y + rule.y)
    canvas.restoreState()


def draw_cut_lines(canvas: Canvas, face: PlacedFace, x: float, y: float) -> None:
    if not face.cut_lines:
        return
    canvas.setStrokeGray(0.45)
    canvas.setLineWidth(0.5)
    canvas.setDash(3, 2.5)
    for line in face.cut_lines:
        canvas.line(x + line.x1, y + line.y1, x + line.x2, y + line.y2)
    canvas.setDash()


def _circle(canvas: Canvas, shape: Circle, x: float, y: float, brand: str) -> None:
    colour = shape.paint.color(brand)
    if shape.stroke:
        canvas.setLineCap(0)
        canvas.setStrokeColor(colour)
        canvas.setLineWidth(shape.stroke)
        canvas.circle(x + shape.x, y + shape.y, shape.radius, stroke=1, fill=0)
    else:
        canvas.setFillColor(colour)
        canvas.circle(x + shape.x, y + shape.y, shape.radius, stroke=0, fill=1)
