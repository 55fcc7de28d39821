"""Text read on a screen and never printed (a slot's `screen_only: true`: the fillable
safety plan's warning that a saved copy can be found), in an office file: a FreeText
annotation without the Print flag, which PDF readers show over the page and leave out when
they print, its appearance the text set as the page sets it (shaped, right to left, in the
kit's fonts) on a note's pale ground. Its /Contents is the same words, for screen readers.

Drawn with ReportLab on a page of its own, which pikepdf turns into the annotation's
appearance (a form XObject) in the office file.
"""

from __future__ import annotations

import html
import io
from dataclasses import dataclass

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from generator.i18n.fonts import REGULAR
from generator.i18n.reportlab_text import LevelCanvas
from generator.layout.placed import PlacedFace, PlacedText
from generator.render.subset_tags import unique_subset_tags

NOTE_GROUND = Color(1.0, 0.957, 0.808)  # a reader's note, pale amber: not the piece's colours
NOTE_EDGE = Color(0.78, 0.62, 0.2)
PAD = 6.0  # between the text and the note's edge


@dataclass(frozen=True)
class ScreenNote:
    """A note's page (0-based), its rectangle on that page (left, bottom, right, top),
    its words, and the appearance drawn for it (a one-page PDF of the rectangle's size)."""

    page: int
    rect: tuple[float, float, float, float]
    words: str
    appearance: bytes


def screen_notes(faces: list[PlacedFace], origins: list[tuple[float, float]]
                 ) -> list[ScreenNote]:
    """One note per face that has screen-only text, its face's trim at `origins[page]` on
    the sheet."""
    notes = []
    for page, (face, (x, y)) in enumerate(zip(faces, origins, strict=True)):
        texts = [text for text in face.texts if text.screen_only]
        if not texts:
            continue
        left, bottom, right, top = note_rect(texts)
        words = " ".join(" ".join(html.unescape(text.paragraph.getPlainText()).split())
                         for text in texts)
        notes.append(ScreenNote(page, (x + left, y + bottom, x + right, y + top), words,
                                _appearance(texts, left, bottom, right - left, top - bottom)))
    return notes


def note_rect(texts: list[PlacedText]) -> tuple[float, float, float, float]:
    """(left, bottom, right, top) of the note that holds `texts`, on their face."""
    return (min(text.x for text in texts) - PAD, min(text.y for text in texts) - PAD,
            max(text.x + text.paragraph.width for text in texts) + PAD,
            max(text.y + text.paragraph.height for text in texts) + PAD)


def draw_note_ground(canvas: Canvas, left: float, bottom: float, width: float,
                     height: float) -> None:
    """The note's pale ground and edge: what its words are read on, over any colour."""
    canvas.saveState()
    canvas.setFillColor(NOTE_GROUND)
    canvas.setStrokeColor(NOTE_EDGE)
    canvas.setLineWidth(0.75)
    canvas.roundRect(left + 0.4, bottom + 0.4, width - 0.8, height - 0.8, 3, stroke=1, fill=1)
    canvas.restoreState()


def draw_note_grounds(canvas: Canvas, face: PlacedFace) -> None:
    """The note's ground under the face's screen-only text, where the face itself is drawn
    for a screen (the screen copy), its text then set on it."""
    texts = [text for text in face.texts if text.screen_only]
    if texts:
        left, bottom, right, top = note_rect(texts)
        draw_note_ground(canvas, left, bottom, right - left, top - bottom)


def _appearance(texts: list[PlacedText], left: float, bottom: float, width: float,
                height: float) -> bytes:
    buffer = io.BytesIO()
    canvas = LevelCanvas(buffer, pagesize=(width, height), invariant=1,
                         initialFontName=REGULAR, pageCompression=1)
    draw_note_ground(canvas, 0.0, 0.0, width, height)
    for text in texts:
        text.paragraph.drawOn(canvas, text.x - left, text.y - bottom)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def with_screen_notes(pdf: bytes, notes: list[ScreenNote]) -> bytes:
    """`pdf` with each note as an annotation a reader shows and does not print (no Print
    flag), over its rectangle."""
    if not notes:
        return pdf
    import pikepdf  # as the screen copies and form fields do: only when it is needed

    with pikepdf.open(io.BytesIO(pdf)) as document:
        for number, note in enumerate(notes):
            with pikepdf.open(io.BytesIO(note.appearance)) as drawn:
                form = document.copy_foreign(drawn.pages[0].as_form_xobject())
            annotation = document.make_indirect(pikepdf.Dictionary(
                Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.FreeText,
                Rect=pikepdf.Array(note.rect), Contents=pikepdf.String(note.words),
                NM=pikepdf.String(f"screen-note-{number + 1}"),
                DA=pikepdf.String("/Helv 10 Tf 0 g"), F=0,  # shown, never printed
                AP=pikepdf.Dictionary(N=form)))
            page = document.pages[note.page]
            if "/Annots" not in page.obj:
                page.obj.Annots = pikepdf.Array()
            page.obj.Annots.append(annotation)
        unique_subset_tags(document)  # the notes' subsets beside the page's own
        out = io.BytesIO()
        document.save(out, deterministic_id=True)
        return out.getvalue()
