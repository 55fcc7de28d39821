"""The baseline: a bare ReportLab script drawing the same 10-up pocket-card sheet (fronts,
then backs) with the same font files and QR codes, without havenprint's pipeline (no
validation, templates, fitting or imposition rules): what the PDF itself costs."""

from __future__ import annotations

import io
from pathlib import Path

import fontpkg_atkinson_hyperlegible as atkinson
from reportlab.lib.colors import HexColor, white
from reportlab.lib.pagesizes import LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from generator.render.qr import draw_qr

REGULAR, BOLD = "baseline-regular", "baseline-bold"
CARD_W, CARD_H, COLUMNS, ROWS = 3.5 * 72, 2 * 72, 2, 5
BRAND = HexColor("#2f5d62")
LINES = [("National Domestic Violence Hotline", "1-800-799-7233", "Text START to 88788 · 24/7"),
         ("988 Suicide & Crisis Lifeline", "988", "Text 988 · 24/7")]
LEAD = "You are not alone, and what you feel makes sense."
NOTE = "Use a phone the other person cannot check. In an emergency, call 911."


def register_fonts() -> None:
    files = Path(atkinson.__file__).parent / "files"
    pdfmetrics.registerFont(TTFont(REGULAR, str(files / "AtkinsonHyperlegible-Regular.ttf")))
    pdfmetrics.registerFont(TTFont(BOLD, str(files / "AtkinsonHyperlegible-Bold.ttf")))


def _origins() -> list[tuple[float, float]]:
    left = (LETTER[0] - COLUMNS * CARD_W) / 2
    bottom = (LETTER[1] - ROWS * CARD_H) / 2
    return [(left + c * CARD_W, bottom + r * CARD_H) for r in range(ROWS) for c in range(COLUMNS)]


def _front(canvas: Canvas, x: float, y: float) -> None:
    canvas.setFillColor(BRAND)
    canvas.rect(x, y, CARD_W, CARD_H, stroke=0, fill=1)
    canvas.setFillColor(white)
    canvas.setFont(BOLD, 15)
    canvas.drawString(x + 12, y + 18, "Wellness contacts")
    canvas.setStrokeColor(white)
    for radius in (18, 30, 42):
        canvas.circle(x + CARD_W - 20, y + 20, radius, stroke=1, fill=0)


def _back(canvas: Canvas, x: float, y: float, payload: str,
          lead: ParagraphStyle, note: ParagraphStyle) -> None:
    paragraph = Paragraph(LEAD, lead)
    _, height = paragraph.wrap(CARD_W * 0.64 - 9, CARD_H)
    paragraph.drawOn(canvas, x + 9, y + CARD_H - 9 - height)
    top = y + CARD_H - 36
    for name, phone, detail in LINES:
        canvas.setFillGray(0.35)
        canvas.setFont(REGULAR, 6.8)
        canvas.drawString(x + 9, top, name)
        canvas.setFillColor(BRAND)
        canvas.setFont(BOLD, 12.5)
        canvas.drawString(x + 9, top - 13, phone)
        canvas.setFillGray(0)
        canvas.setFont(REGULAR, 6.6)
        canvas.drawString(x + 9, top - 22, detail)
        top -= 36
    draw_qr(canvas, x + CARD_W - 84, y + CARD_H - 84, 76, payload)
    paragraph = Paragraph(NOTE, note)
    paragraph.wrap(CARD_W - 18, 20)
    paragraph.drawOn(canvas, x + 9, y + 6)


def baseline_sheet(payload: str = "tel:+18007997233") -> bytes:
    """The PDF bytes of one office sheet of ten cards, page 1 the fronts, page 2 the backs."""
    lead = ParagraphStyle("lead", fontName=BOLD, fontSize=7.6, leading=9)
    note = ParagraphStyle("note", fontName=REGULAR, fontSize=6.6, leading=7.6)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=LETTER, invariant=1, pageCompression=1)
    for x, y in _origins():
        _front(canvas, x, y)
    canvas.showPage()
    for x, y in _origins():
        _back(canvas, x, y, payload, lead, note)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
