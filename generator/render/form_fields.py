"""Form fields for a fillable piece (`fields_when:` in its layout.yaml, e.g. a safety plan
with `safety_plan_fillable: true`): a text field on each line to write on and a check box on
each box to tick, put on the page over what the printed file draws (ReportLab's
canvas.acroForm). Borderless and transparent, so that the page prints as the plain one does
until something is typed in; a viewer draws what is typed in its own font.
"""

from __future__ import annotations

import html

from reportlab.lib.colors import Color, black
from reportlab.pdfgen.canvas import Canvas

from generator.layout.fillers import Rule
from generator.layout.placed import PlacedFace

BOX_ICON = "box"  # the checklist's box (generator/render/icons.py)
FIELD_FONT = "Helvetica"  # ReportLab takes a standard font only: field_fonts.py swaps one in
# where Helvetica does not cover the language
FIELD_SIZE = 11.0  # typed text, as large as the printed questions
FIELD_SHARE = 0.8  # of the space between two lines to write on, from the lower line up
SINGLE_LINE = 20.0  # a field's height on a question with one line to write on
BOX_PAD = 1.5  # a check box reaches this far past the printed box, easier to hit


def add_form_fields(canvas: Canvas, face: PlacedFace, x: float, y: float,
                    prefix: str = "") -> int:
    """Fields for `face` drawn with its trim's lower-left corner at (x, y) on the current
    page; `prefix` keeps names apart when a face is placed more than once. How many. An
    outside face (a booklet's covers) has none: what is typed on it would print where
    anyone sees it, and its lines are for a pen."""
    if face.spec.outside:
        return 0
    form = canvas.acroForm
    count = 0
    per_slot: dict[str, int] = {}
    for rule, height in _with_heights(face.rules):
        number = per_slot[rule.slot] = per_slot.get(rule.slot, 0) + 1
        form.textfield(name=f"{prefix}{face.name}_{rule.slot or 'line'}_{number}",
                       tooltip=f"{rule.label} ({number})" if rule.label else None,
                       x=x + rule.x1, y=y + rule.y + 0.5, width=rule.x2 - rule.x1,
                       height=height, borderWidth=0, fillColor=None,
                       borderColor=None, textColor=black, fontName=FIELD_FONT,
                       fontSize=FIELD_SIZE, maxlen=None, forceBorder=False)
        count += 1
    boxes = [text for text in face.texts
             if text.icon is not None and text.icon.icon.name == BOX_ICON]
    for number, text in enumerate(boxes, start=1):
        icon = text.icon
        assert icon is not None
        form.checkbox(name=f"{prefix}{face.name}_check_{number}",
                      # the words as read aloud: the no-break spaces that keep words
                      # on one line (i18n/bound_words.py) are spaces here
                      tooltip=" ".join(html.unescape(text.paragraph.getPlainText()).split()),
                      x=x + icon.x - BOX_PAD, y=y + icon.y - BOX_PAD,
                      size=icon.size + 2 * BOX_PAD, buttonStyle="check", borderWidth=0,
                      fillColor=None, borderColor=None,
                      textColor=_ink(text.paragraph.style.textColor), fieldFlags="",
                      forceBorder=False)
        count += 1
    return count


def _with_heights(rules: list[Rule]) -> list[tuple[Rule, float]]:
    """Each line with the height of its field: most of the space up to the line above it
    (the next one below, for the first line of a question)."""
    heights = []
    for index, rule in enumerate(rules):
        neighbours = [other for other in rules[max(0, index - 2):index + 3]
                      if other.slot == rule.slot and abs(other.y - rule.y) > 0.01]
        gap = min((abs(other.y - rule.y) for other in neighbours), default=0.0)
        heights.append((rule, FIELD_SHARE * gap if gap else SINGLE_LINE))
    return heights


def _ink(colour: object) -> Color:
    """The text's colour as plain RGB (ReportLab shades a check box's colours by mixing)."""
    if isinstance(colour, Color):
        return Color(colour.red, colour.green, colour.blue)
    return black


def right_to_left_fields(pdf: bytes) -> bytes:
    """`pdf` with its text fields set right-aligned (/Q 2), for a right-to-left kit: what is
    typed starts at the right, as the printed questions do. ReportLab cannot say so itself."""
    import io

    import pikepdf  # as the screen copies do: only when it is needed

    with pikepdf.open(io.BytesIO(pdf)) as document:
        for page in document.pages:
            for annotation in page.get("/Annots", []):
                if annotation.get("/FT") == "/Tx":
                    annotation.Q = 2
        out = io.BytesIO()
        document.save(out, deterministic_id=True)
        return out.getvalue()
