"""A line's web address set at the end of a row its list already prints, where the list
left it out.

A pocket card's back is full: "Text START to 88788 · thehotline.org" wraps, and so the
address gives way (place_list.py, `_costs_nothing`). But rows often have room at their end: the
number's row ("988", 13 pt, a sixth of the lines' column) and the texting row ("ส่ง START
ไปที่ 88788" alone). Set there the address costs no line and no size. Its own row is tried
first, set again with it on one line in its one style ("ส่ง START ไปที่ 88788 ·
thehotline.org"); then the rows of the layout's `web_beside` styles (the number's): the
address a word space after the row's text, on its baseline, in its details' style at their
own size (8 pt where a script's details stand at the 9 pt floor: an address is Latin,
whose floor is 8), a run of its own drawn after the row: right to left, left of the number,
so that the line reads the number, then the address (place_list.py has PDFium read it with its
row). A place is taken where each letter of the address keeps the layout's `ink_air` (1 pt
in scripts of separate letters) from the ink of the letters of the next line it stands over
(".org"'s g over a Hindi line's vowel signs), measured letter by letter, shaped; or where the
room the list leaves in its box holds the room it needs more under its row.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass, replace
from unicodedata import bidirectional, category

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph as RLParagraph

from generator.i18n.line_paragraph import LineParagraph
from generator.i18n.plain_text import plain_text
from generator.i18n.shaped_width import ink_below_baseline
from generator.layout.compose import Item
from generator.layout.fit import Typesetter
from generator.layout.list_fit import Cut, ListFit, assemble, paragraph_sources
from generator.layout.paragraphs import Paragraph, Part
from generator.layout.round_fit import INK_ABOVE, INK_BELOW, line_widths

# The least white, in points, between an address's ink and the ink of the line under it in
# scripts of separate letters (where the layout keeps no `ink_air`): what a Latin card's
# detail lines keep at 1.1 leading between a g's tail and a capital under it (1.2 pt).
LATIN_AIR = 1.0
# Letters closer than this across (points) stand over one another: a tail and a mark 1 mm
# apart across read as one crowded band (tests/test_card_ink_air.py renders it so).
ACROSS = 72 / 25.4


@dataclass(frozen=True)
class Beside:
    """A web address (`cut`) set on the row `row` (an index of the list's fitted
    paragraphs): `paragraph` is the row set again with it (`whole_row`: its own row, one
    style), or the address alone, set `gap` after the row's text."""

    cut: Cut
    row: int
    paragraph: RLParagraph
    whole_row: bool
    gap: float
    room: float  # added under the row, for the white under the address's ink


def addresses_beside(items: Sequence[Item], fitted: ListFit, width: float,
                     typesetter: Typesetter, styles: Sequence[str],
                     spare: float) -> list[Beside]:
    """The web addresses `fitted` left out that a row it prints holds after its text, one
    a row, in the order of the lines: its own paragraph's row where the address was its
    last part (set again whole, on one line still), else its line's row in one of
    `styles` (the number's); where the address needs room under its row (the air over
    the next line's letters), as long as the room the list leaves in its box (`spare`)
    holds it."""
    if fitted.paragraphs is None:
        return []
    out = set(fitted.left_out)
    webs = [cut for cut in fitted.left_out if not cut.whole_line
            and items[cut.item].paragraphs[cut.paragraph].parts[cut.part].kind == "web"]
    if not webs:
        return []
    paragraphs = fitted.paragraphs
    sources = paragraph_sources(items, frozenset(out))
    kept = assemble(items, frozenset(out))
    row_of = {source: index for index, source in enumerate(sources)}
    air = typesetter.ink_air if typesetter.ink_air is not None else LATIN_AIR
    found: list[Beside] = []
    taken: set[int] = set()
    for cut in webs:
        own = items[cut.item].paragraphs[cut.paragraph]
        part = own.parts[cut.part]
        trials: list[Beside | None] = []
        row = row_of.get((cut.item, cut.paragraph))
        later = [index for index in range(cut.part + 1, len(own.parts))
                 if Cut(cut.item, cut.paragraph, index) not in out
                 and own.parts[index].markup.strip()]
        if row is not None and not later:  # the address was its row's last part
            trials.append(_on_own_row(cut, part, row, paragraphs, kept, width, typesetter,
                                      air))
        like = row if row is not None else next(  # an address on a line of its own
            (index for index, paragraph in enumerate(kept) if paragraph.style == own.style),
            None)  # (place_list._web_alone) is set as the list sets its style
        if like is not None:
            words = Paragraph(own.style, part.markup)
            address = typesetter.set_as(words, paragraphs[like],
                                        _latin_size(typesetter, own.style))
            trials += [_after_row(cut, row_of[(cut.item, number)], paragraphs, kept,
                                  (words, address), width, typesetter, air)
                       for number, paragraph in enumerate(items[cut.item].paragraphs)
                       if paragraph.style in styles and (cut.item, number) in row_of]
        chosen = next((trial for trial in trials if trial is not None
                       and trial.row not in taken and trial.room <= spare + 0.01), None)
        if chosen is not None:
            found.append(chosen)
            taken.add(chosen.row)
            spare -= chosen.room
    return found


def _on_own_row(cut: Cut, part: Part, row: int, paragraphs: Sequence[RLParagraph],
                kept: Sequence[Paragraph], width: float, typesetter: Typesetter,
                air: float) -> Beside | None:
    """The row the address was the last part of, set again with it, where it stays one
    line: "Text START to 88788 · thehotline.org" (its separator before it)."""
    para = paragraphs[row]
    if getattr(para, "icon", None) is not None or len(_lines(para, width)) != 1:
        return None
    paragraph = kept[row]
    whole = replace(paragraph, markup=f"{paragraph.markup}{part.sep}{part.markup}", parts=())
    again = typesetter.set_again(whole, para)
    drawn = _lines(again, width)
    if len(drawn) != 1:
        return None
    room = _room_under(paragraphs, kept, row, (Paragraph(paragraph.style, part.markup), again),
                       0.0, drawn[0], width, typesetter, air)
    return Beside(cut, row, again, True, 0.0, room)


def _after_row(cut: Cut, row: int, paragraphs: Sequence[RLParagraph],
               kept: Sequence[Paragraph], address: tuple[Paragraph, RLParagraph],
               width: float, typesetter: Typesetter, air: float) -> Beside | None:
    """The address a word space after the text of the row `row` (one line), where the
    row's measure holds it: "988 988lifeline.org"."""
    para = paragraphs[row]
    if getattr(para, "icon", None) is not None:
        return None
    widths = _lines(para, width)
    if len(widths) != 1:
        return None
    style = para.style
    gap = stringWidth(" ", style.fontName, style.fontSize)
    start = style.leftIndent + style.firstLineIndent + widths[0] + gap
    words, set_address = address
    drawn = _lines(set_address, width)
    if len(drawn) != 1 or start + drawn[0] > width - style.rightIndent + 0.01:
        return None
    room = _room_under(paragraphs, kept, row, address, start, drawn[0], width, typesetter,
                       air)
    return Beside(cut, row, set_address, False, gap, room)


def _lines(para: RLParagraph, width: float) -> list[float]:
    para.wrap(width, 10_000)
    return line_widths(para)


def _room_under(paragraphs: Sequence[RLParagraph], kept: Sequence[Paragraph], row: int,
                address: tuple[Paragraph, RLParagraph], start: float, drawn: float,
                width: float, typesetter: Typesetter, air: float) -> float:
    """The room to add under the row `row` (the address, its words and as it is set,
    ending `start` + `drawn` from the row's start edge) for each letter of the address to
    keep `air` clear of the ink of the letters of the next paragraph's first line it
    stands over (a ".org"'s g over a Hindi word's vowel signs)."""
    if row + 1 == len(paragraphs):
        return 0.0
    para = paragraphs[row]
    style = para.style
    under = paragraphs[row + 1]
    under.wrap(width, 10_000)
    reach = (para.height - style.fontSize + style.spaceAfter + under.style.spaceBefore
             + under.style.fontSize)  # from the row's baseline to the next one's
    profile = _profile(under, kept[row + 1], typesetter)
    white = min((reach - fall - max((rise for (left, right), rise in profile
                                     if left < span[1] + ACROSS and right > span[0] - ACROSS),
                                    default=-reach)
                 for span, fall in _letters(*address, start, drawn, typesetter)),
                default=reach)
    return max(0.0, air - white)


def _letters(words: Paragraph, para: RLParagraph, start: float, drawn: float,
             typesetter: Typesetter) -> list[tuple[tuple[float, float], float]]:
    """Each letter of the address set as `para` from `start` (from the row's start edge)
    with how far its ink reaches below the baseline: ((nearer, farther edge), fall). Its
    text runs left to right in either direction, ending `drawn` from `start` (a separator
    before it stands on the row's side)."""
    text = plain_text(words.markup)
    url = text.split()[-1]
    weight = typesetter.spec.styles[words.style].weight
    face = typesetter.fonts_for(words.style).face_for(url[0], weight)
    font = face.name(weight) if face is not None else para.style.fontName
    size = para.style.fontSize
    total = stringWidth(url, font, size)
    rtl = typesetter.fonts.rtl
    found = []
    for index, char in enumerate(url):
        before = stringWidth(url[:index], font, size)
        after = before + stringWidth(char, font, size)
        span = ((start + drawn - after, start + drawn - before) if rtl
                else (start + drawn - total + before, start + drawn - total + after))
        fall = ink_below_baseline(char, font, size)
        found.append((span, INK_BELOW * size if fall is None else max(0.0, fall)))
    return found


def _profile(para: RLParagraph, words: Paragraph,
             typesetter: Typesetter) -> list[tuple[tuple[float, float], float]]:
    """Where the ink of the first line of `para` (`words` set) rises, as spans from the
    start edge and how far above the baseline: each letter with its marks (a Bengali
    consonant with its vowel sign, an Arabic letter) where it stands in the order it is
    read (from the right, right to left); a run of left-to-right words in a right-to-left
    line ("TTY: 1-800-787-3224", reordered within its room) as one span; a line ReportLab
    sets (separate letters) as one span."""
    indent = para.style.leftIndent + para.style.firstLineIndent
    if not isinstance(para, LineParagraph):
        rise = _reach(typesetter, words, para)[0]
        return [((indent, indent + (line_widths(para) or [0.0])[0]), rise)]
    begin, end = para.lines[0]
    found: list[tuple[tuple[float, float], float]] = []
    was_latin = False

    def at(position: int) -> float:
        return indent + (para._width(begin, position) if position > begin else 0.0)  # noqa: SLF001

    def rising(text: str) -> float:
        return _reach(typesetter, Paragraph(words.style, html.escape(text)), para)[0]

    position = begin
    for piece in para.text[begin:end].split(" "):
        if piece.strip():
            latin = not any(bidirectional(char) in ("R", "AL") for char in piece)
            if typesetter.fonts.rtl and latin:
                span = (at(position), at(position + len(piece)))
                if was_latin and found:
                    (left, right), before = found[-1]
                    found[-1] = ((min(left, span[0]), max(right, span[1])),
                                 max(before, rising(piece)))
                else:
                    found.append((span, rising(piece)))
            else:  # a letter shaped alone may take a taller form than in its word
                whole = rising(piece)
                for start, stop in _clusters(piece):
                    found.append(((at(position + start), at(position + stop)),
                                  min(whole, rising(piece[start:stop]))))
            was_latin = latin
        position += len(piece) + 1
    return found


_JOINERS = frozenset("\u094d\u09cd\u0a4d\u0acd\u0b4d\u0bcd\u0c4d\u0ccd\u0d4d\u200d")


def _clusters(text: str) -> list[tuple[int, int]]:
    """Where each letter with its marks starts and ends in `text`: a mark joins the
    letter before it, and a virama (or a joiner) the letter after it (a conjunct)."""
    found: list[tuple[int, int]] = []
    for index, char in enumerate(text):
        if found and (category(char).startswith("M") or text[index - 1] in _JOINERS
                      or char in _JOINERS):
            found[-1] = (found[-1][0], index + 1)
        else:
            found.append((index, index + 1))
    return found


def _latin_size(typesetter: Typesetter, style: str) -> float:
    """The size an address stands at on another style's row: its style's own, or the
    layout's floor for text of separate letters where that is larger (the floor of
    design.md for Latin, 8 pt: an address is Latin where its line's details are set at 9
    pt, the floor of scripts whose letters join or stack)."""
    return max(typesetter.spec.body_floor, typesetter.spec.styles[style].size)


def _reach(typesetter: Typesetter, words: Paragraph, para: RLParagraph
           ) -> tuple[float, float]:
    """How far the ink of `words` set as `para` reaches above and below its baseline."""
    style = para.style
    reach = typesetter.ink_reach(words, style)
    if reach is not None:
        return reach[0], max(0.0, reach[1])
    return INK_ABOVE * style.fontSize, INK_BELOW * style.fontSize
