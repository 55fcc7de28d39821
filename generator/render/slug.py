"""The slug line of a shop page: what the page is, printed outside the bleed (cut away
with the marks), so that a print shop given four folders of `brochure-shop.pdf` can tell
each file and each side apart on the press sheet.

"<format title> · <language> · <side> · <size> · <month the lines were checked>", in
English (the shop's working words, not the reader's) and in the Latin letters the kit's
default font covers. The date is the kit's own (the oldest `verified:` of its lines), never
the clock: the same kit gives the same bytes. A kit whose lines carry no date prints none.
"""

from __future__ import annotations

from datetime import date

from generator.content.models import Kit
from generator.content.papers import PAPER_SIZES, PAPER_TITLES
from generator.layout.laid_out import LaidOut
from generator.layout.placed import PlacedFace

_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_US_PAPERS = ("letter", "tabloid")
SEPARATOR = " · "


def slug_lines(kit: Kit, laid: LaidOut) -> list[str]:
    """One slug line per face of `laid`, in page order."""
    title = laid.layout.spec.title
    checked = [line.verified for line in kit.resources if line.verified]
    month = _month(min(checked)) if checked else None
    return [SEPARATOR.join(part for part in (
        title, laid.lang, side, _size(laid, face), month) if part)
        for side, face in zip(_sides(laid.faces), laid.faces, strict=True)]


def _sides(faces: list[PlacedFace]) -> list[str]:
    """Each face's side: its name (outside / inside, front / back); "one side" for a piece
    of one face; "page N" where several faces share a name (large print's pages)."""
    if len(faces) == 1:
        return ["one side"]
    names = [face.name for face in faces]
    if len(set(names)) == len(names):
        return names
    return [f"page {number}" for number in range(1, len(faces) + 1)]


def _size(laid: LaidOut, face: PlacedFace) -> str:
    """The paper's name when the face is the whole sheet, else the trim size (inches on US
    paper, millimetres on ISO paper)."""
    paper = laid.size.paper
    width, height = PAPER_SIZES[paper]
    if {round(face.width), round(face.height)} == {round(width), round(height)}:
        return PAPER_TITLES[paper]
    if paper in _US_PAPERS:
        return f"{_number(face.width / 72)} × {_number(face.height / 72)} in"
    return f"{_number(face.width / 72 * 25.4, 0)} × {_number(face.height / 72 * 25.4, 0)} mm"


def _number(value: float, places: int = 3) -> str:
    """`value` to `places` decimals, without trailing zeros after the point (3.5, 220)."""
    written = f"{round(value, places):.{places}f}"
    return written.rstrip("0").rstrip(".") if "." in written else written


def _month(day: date) -> str:
    return f"{_MONTHS[day.month - 1]} {day.year}"
