"""The screen copy of a document (`--target screen`): for reading on a screen, posting on a
website and sending by email; a tagged PDF/UA-1 file, in RGB, one piece per page.

Each page is one piece in reading order (generator/render/screen_pages.py): a card's front
and back, each panel of a folded piece, the poster. Backgrounds, designs, lines to write
on, cut marks, the pictures of the icons and the poster's repeated tear-off tabs are
artifacts; everything else is tagged (generator/render/tagging.py): the titles and headings
(H1, H2), paragraphs, lists (the lines a list of their own, each item a line's name,
number, text line and TTY), the QR code a figure saying what it does and whom it calls,
each number and web address a link (tel:, sms:, https:) with its description. Lines of
right-to-left and shaped scripts are drawn so that every reader copies them as written
(generator/render/screen_text.py).
"""

from __future__ import annotations

import html
import io
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from generator.content.models import Kit
from generator.i18n.fonts import REGULAR, register_fonts
from generator.i18n.line_drawing import use_line_drawer
from generator.i18n.line_paragraph import LineParagraph
from generator.i18n.localize import load_strings
from generator.i18n.reportlab_text import LevelCanvas, LevelText
from generator.i18n.text_language import foreign_language
from generator.layout.geometry import Rect
from generator.layout.laid_out import LaidOut
from generator.layout.placed import PlacedFace, PlacedQr, PlacedText
from generator.layout.styles import style_name
from generator.render.draw import draw_background, draw_cut_lines, draw_ornaments, draw_rules
from generator.render.glyph_fonts import GlyphFonts
from generator.render.icons import draw_icon
from generator.render.qr import draw_qr
from generator.render.screen_links import (
    address_targets,
    link_rect,
    link_targets,
    plain_text,
    qr_description,
    qr_uri,
    targets_in,
)
from generator.render.screen_notes import draw_note_grounds
from generator.render.screen_pages import ScreenPage, qr_centre, screen_pages, text_centre
from generator.render.screen_structure import (
    NOT_LINKED,
    Role,
    bullet_at,
    first_heading_level_one,
    roles,
)
from generator.render.screen_text import ScreenText
from generator.render.tagging import Element, Heading, Metadata, Tagger, TextMarks, write_tagged

ICON_GAP = 0.5  # points between an icon's word and the line's own text
CHECKED_MARGIN = 9.0  # around "Checked Nov 2026" on its strip below a piece's last page
BELOW_GAP = 2.0  # between the paragraphs of that strip
# Catalogue strings that speak to the paper alone: a piece in a rack ("Please take one, and
# one to pass on."; the poster's "Take one" over its tear-off tabs) and the headings of lines
# to write on ("Notes", "Your advocate:"). A screen copy draws them as the page shows them,
# as artifacts: a screen reader does not read them (issue 42's screen-copy review).
PRINT_ONLY = ("free_to_take", "take_one", "notes_heading", "write_in_advocate")


@dataclass
class _Page:
    """What one page holds, in reading order."""

    page: ScreenPage
    texts: list[PlacedText]
    roles: list[Role]
    qrs: list[PlacedQr]
    repeated: set[int]  # indices into texts: tear-off tabs after the first, artifacts


def render_screen(kit: Kit, laid: LaidOut,
                  title: str) -> tuple[bytes, tuple[tuple[float, float], ...]]:
    """The screen copy of `laid` as PDF bytes, and the size of each of its pages."""
    register_fonts()
    lang = laid.lang
    faces: list[PlacedFace] = laid.faces
    strings = kit.strings.get(lang) or load_strings(lang, kit.root)
    pages = [_page_contents(page) for page in screen_pages(faces)]
    in_order = first_heading_level_one([role for page in pages for role in page.roles])
    for page in pages:
        page.roles, in_order = in_order[:len(page.roles)], in_order[len(page.roles):]
    buffer = io.BytesIO()
    first = pages[0].page.rect
    canvas = _ScreenCanvas(buffer, pagesize=(first.width, first.height), invariant=1,
                    initialFontName=REGULAR, initialFontSize=10, pageCompression=1, lang=lang)
    canvas.setTitle(title)
    canvas.setCreator("havenprint")
    canvas.setProducer("havenprint")
    canvas.setSubject("")
    glyphs = GlyphFonts()
    languages = tuple(kit.site.options.languages)
    text = ScreenText(glyphs, lang, languages)
    use_line_drawer(canvas, text)
    tagger = Tagger(canvas)
    drawer = _PageDrawer(canvas, tagger, text, kit, lang, strings, languages,
                         round_cut=laid.layout.spec.die_cut == "circle")
    for index, page in enumerate(pages):
        last = index == len(pages) - 1
        below = [*laid.screen_addresses, *([laid.screen_checked] if laid.screen_checked
                                           else [])] if last else []
        drawer.draw(page, below, last)
        canvas.showPage()
        tagger.next_page()
    canvas.save()
    return (write_tagged(buffer.getvalue(), tagger, Metadata(title, lang), glyphs),
            tuple(canvas.page_sizes))


class _SpacedText(LevelText):
    """ReportLab's text object, each line of a paragraph ending in a space: its lines
    broke at spaces no glyph shows, and readers stringing a paragraph's lines together
    (a screen reader walking the tree, poppler's structure text) would run the last word
    of one line into the first of the next. Where the paragraph holds links (the canvas's
    `marks`), each piece of text is marked as its link's content or the paragraph's,
    inside the text object: ReportLab writes the paragraph's text in the order it reads,
    its spaces aside, which is how pieces are told (`_MarkedPieces`)."""

    def __init__(self, canvas: _ScreenCanvas, x: float = 0, y: float = 0,
                 direction: str | None = None) -> None:
        super().__init__(canvas, x, y, direction=direction)
        marks = canvas.marks
        self._pieces = _MarkedPieces(marks) if marks is not None else None

    def _textOut(self, text: str, TStar: int = 0) -> None:  # noqa: N802, N803 - ReportLab's
        if TStar and type(text) is str and not text.endswith(" "):
            text += " "
        if self._pieces is None or type(text) is not str:
            super()._textOut(text, TStar)
            return
        parts = self._pieces.split(text)
        for index, (part, operator) in enumerate(parts):
            if operator:
                self._code.append(operator)
            if part:
                super()._textOut(part, TStar if index == len(parts) - 1 else 0)

    def getCode(self) -> str:  # noqa: N802 - ReportLab's name
        if self._pieces is not None and self._pieces.element is not None:
            self._code.append("EMC")
            self._pieces.element = None
        return super().getCode()


class _MarkedPieces:
    """A paragraph's text as ReportLab writes it, cut where its links start and end, each
    piece with the operators that make it its element's content."""

    def __init__(self, marks: TextMarks) -> None:
        self.marks = marks
        text = marks.text
        # the index in the paragraph's text of each character that is not a space
        self.places = [index for index, char in enumerate(text) if not char.isspace()]
        self.done = 0  # characters other than spaces written so far
        self.element: Element | None = None  # whose sequence is open
        self.last: Element | None = None  # whose the last character other than a space is

    def split(self, text: str) -> list[tuple[str, str]]:
        """`text` in pieces, each with the operator to write before it (or ""). A space
        between two words of one element is its; any other is the paragraph's."""
        parts: list[tuple[str, str]] = []
        start = 0
        for index, char in enumerate(text):
            following = self.places[self.done] if self.done < len(self.places) else None
            element = (self.marks.element_at(following) if following is not None
                       else self.marks.parent)
            if char.isspace():
                if element is not self.last:
                    element = self.marks.parent
            else:
                self.done += 1
                self.last = element
            if element is not self.element:
                parts.append((text[start:index], ""))
                operator = ("EMC " if self.element is not None else "") + \
                    self.marks.begin(element)
                self.element = element
                parts.append(("", operator))
                start = index
        parts.append((text[start:], ""))
        return parts


class _ScreenCanvas(LevelCanvas):
    marks: TextMarks | None = None  # the paragraph being drawn's, where it holds links

    def beginText(self, x: float = 0, y: float = 0,  # noqa: N802 - ReportLab's name
                  direction: str | None = None) -> PDFTextObject:
        return _SpacedText(self, x, y, direction=direction)


def _page_contents(page: ScreenPage) -> _Page:
    face = page.face
    texts = [text for text in face.texts if page.holds(*text_centre(text))]
    repeated = {index for index, text in enumerate(texts) if text.copy}  # tabs after the first
    qrs = [qr for qr in face.qrs if page.holds(*qr_centre(qr))]
    return _Page(page, texts, roles(texts), qrs, repeated)


CUT_GROUND = 0.93  # grey outside a round piece's cut, on its screen copy
CUT_EDGE = 0.6  # the cut's hairline


def _round_ground(canvas: Canvas, face: PlacedFace) -> None:
    """A round piece (the sticker, `die_cut: circle`) on a screen: a white disc on a white
    page shows no circle, so the page outside the cut is a pale grey and the cut a grey
    hairline. The screen copy's only: paper is cut round."""
    radius = min(face.width, face.height) / 2
    centre_x, centre_y = face.width / 2, face.height / 2
    canvas.saveState()
    outside = canvas.beginPath()
    outside.rect(0.0, 0.0, face.width, face.height)
    outside.circle(centre_x, centre_y, radius)
    canvas.setFillGray(CUT_GROUND)
    canvas.drawPath(outside, stroke=0, fill=1, fillMode=FILL_EVEN_ODD)
    canvas.setStrokeGray(CUT_EDGE)
    canvas.setLineWidth(0.5)
    canvas.circle(centre_x, centre_y, radius - 0.25, stroke=1, fill=0)
    canvas.restoreState()


class _PageDrawer:
    def __init__(self, canvas: Canvas, tagger: Tagger, text: ScreenText, kit: Kit,
                 lang: str, strings: dict[str, str], languages: tuple[str, ...],
                 round_cut: bool = False) -> None:
        self.canvas, self.tagger, self.text = canvas, tagger, text
        self.round_cut = round_cut
        self.kit, self.lang, self.strings, self.languages = kit, lang, strings, languages
        self.targets = link_targets(kit, lang, strings)
        self.foreign = _printed_as_written(kit, lang)
        # the element each paragraph drawn is (a P, a list item's LBody), by the paragraph's
        # identity: the rest of a paragraph split between panels continues it on a later page
        self.bodies: dict[int, Element] = {}
        self.print_only = frozenset(" ".join(html.unescape(strings[key]).split())
                                    for key in PRINT_ONLY if strings.get(key))
        self.open_list: tuple[Element | None, str] = (None, "")
        # QR codes and their captions drawn, to be read after the list they stand beside
        # (`waits_for_list`) or the page's text
        self.waiting: list[Element] = []
        self.waits_for_list = False

    def draw(self, contents: _Page, below: Sequence[PlacedText] = (),
             last: bool = False) -> None:
        """The page; `below`: paragraphs after the page's own, on a strip of the page below
        the piece, each under the one before (the web addresses paper left out,
        LaidOut.screen_addresses; "Checked Nov 2026", LaidOut.screen_checked)."""
        canvas = self.canvas
        rect = contents.page.rect
        strip = 0.0
        heights = [text.paragraph.wrap(rect.width - 2 * CHECKED_MARGIN, 10_000.0)[1]
                   for text in below]
        if below:
            strip = sum(heights) + BELOW_GAP * (len(below) - 1) + 2 * CHECKED_MARGIN
            rect = Rect(rect.x, rect.y - strip, rect.width, rect.height + strip)
            contents.page = replace(contents.page, rect=rect)
        page = contents.page
        canvas.setPageSize((rect.width, rect.height))
        canvas.saveState()
        canvas.translate(-rect.x, -rect.y)
        clip = canvas.beginPath()
        clip.rect(rect.x, rect.y, rect.width, rect.height)
        canvas.clipPath(clip, stroke=0, fill=0)
        self._decoration(page.face, rect)
        if strip and self.round_cut:  # the strip on the grey the cut stands on
            with self.tagger.artifact("Background"):
                canvas.saveState()
                canvas.setFillGray(CUT_GROUND)
                canvas.rect(rect.x, rect.y, rect.width, strip, stroke=0, fill=1)
                canvas.restoreState()
        self._content(contents, last)
        top = rect.y + strip - CHECKED_MARGIN
        for text, height in zip(below, heights, strict=True):
            top -= height
            self._paragraph(replace(text, x=rect.x + CHECKED_MARGIN, y=top),
                            self.tagger.document.add("P"), rect)
            top -= BELOW_GAP
        canvas.restoreState()

    def _decoration(self, face: PlacedFace, rect: Rect) -> None:
        canvas, brand = self.canvas, self.kit.site.brand_color
        if face.spec.fold_fill:  # no fold on a screen: each panel's colour to its edges,
            # not the cover's teal wrapped 1.5 mm onto the back cover's page
            face = replace(face, spec=face.spec.model_copy(update={"fold_fill": 0.0}))
        with self.tagger.artifact("Background"):
            draw_background(canvas, face, 0.0, 0.0, brand)
            if self.round_cut:
                _round_ground(canvas, face)
        with self.tagger.artifact():
            draw_ornaments(canvas, face, 0.0, 0.0, brand)
            draw_note_grounds(canvas, face)  # screen-only text's note (a device warning)
            canvas.saveState()
            draw_rules(canvas, face, 0.0, 0.0)
            draw_cut_lines(canvas, face, 0.0, 0.0)
            canvas.restoreState()

    def _content(self, contents: _Page, last: bool) -> None:
        document = self.tagger.document
        qrs = list(contents.qrs)
        # the list being filled: a list the panel before ended with goes on in this one (a
        # list split at a panel break is one L, read as one)
        group, group_kind = self.open_list
        item: Element | None = None  # the line being filled
        for index, (text, role) in enumerate(zip(contents.texts, contents.roles, strict=True)):
            if qrs and _labels(text) and index not in contents.repeated:
                # The code and its caption, drawn where they stand, are read there, but after
                # the list they stand beside (the folding card's lines were two lists around
                # it), and after the page's text where they stand above its heading (the
                # sticker's were read before its H1)
                caption = Element("P")
                read = [self._figure(qrs.pop(0), contents.page.rect), caption]
                self._paragraph(text, caption, contents.page.rect)
                heading = [role.kind == "heading" for role in contents.roles]
                above = any(heading[index:]) and not any(heading[:index])
                if group is None and not above and not self.waiting:
                    document.kids.extend(read)
                else:
                    self.waiting.extend(read)
                    self.waits_for_list = self.waits_for_list or group is not None
                continue
            if index in contents.repeated or self._print_only(text):
                with self.tagger.artifact():
                    self._paragraph(text, None, contents.page.rect)
                continue
            continued = (self.bodies.get(id(text.continues)) if text.continues is not None
                         else None)
            if continued is not None:
                # the rest of a paragraph a panel before holds: read as that paragraph
                self.bodies[id(text.paragraph)] = continued
                self._paragraph(text, continued, contents.page.rect)
                continue
            if role.kind == "line part" and item is not None:
                self._paragraph(text, item.add("P"), contents.page.rect)
                continue
            if not role.in_list:
                group = item = None
                self._read_waiting()
                element = document.add(role.tag)
                self.bodies[id(text.paragraph)] = element
                self._paragraph(text, element, contents.page.rect)
                if role.kind == "heading":
                    self._heading(text, role, contents.page.rect)
                continue
            kind = "lines" if role.kind in ("line", "line part") else "items"
            if group is None or group_kind != kind:
                self._read_waiting()
                group, group_kind = document.add("L"), kind
            entry = group.add("LI")
            if kind == "items":
                item = None
                # its bullet or its box to tick, its label (Lbl), then its words (LBody)
                label = entry.add("Lbl") if _labelled(text) else None
                body = self.bodies[id(text.paragraph)] = entry.add("LBody")
                self._paragraph(text, body, contents.page.rect, label)
            else:
                item = entry.add("LBody")
                body = self.bodies[id(text.paragraph)] = item.add("P")
                self._paragraph(text, body, contents.page.rect)
        self.open_list = (group, group_kind)
        self._read_waiting(page_ended=group is None or last or not self.waits_for_list)
        for qr in qrs:
            document.kids.append(self._figure(qr, contents.page.rect))
            self.open_list = (None, "")
        folio = contents.page.face.folio
        if folio is not None:  # the page's number: pagination, not the document's text
            with self.tagger.artifact("Pagination"):
                self._paragraph(replace(folio, x=folio.x + contents.page.rect.x,
                                        y=folio.y + contents.page.rect.y),
                                None, contents.page.rect)

    def _read_waiting(self, page_ended: bool = False) -> None:
        """The QR codes and captions drawn so far, read now: where the list they stood
        beside ends (a list going on to the next panel ends there), or at the page's end
        where they stood beside none."""
        if self.waiting and (self.waits_for_list or page_ended):
            self.tagger.document.kids.extend(self.waiting)
            self.waiting = []
            self.waits_for_list = False

    def _print_only(self, text: PlacedText) -> bool:
        """Whether `text` speaks to the paper alone ("Please take one, and one to pass
        on.", "Notes" over lines to write on): drawn as the page shows it, an artifact, not
        read as the document's (a screen reader read "Notes" and then nothing)."""
        return " ".join(plain_text(text.paragraph).split()) in self.print_only

    def _heading(self, text: PlacedText, role: Role, page: Rect) -> None:
        """A heading, for the bookmarks: its words, and the top of its first line."""
        words = " ".join(plain_text(text.paragraph).split())
        height = getattr(text.paragraph, "height", 0.0) or 0.0
        self.tagger.headings.append(Heading(int(role.tag[1:]), words, self.tagger.page,
                                            min(page.height, text.y - page.y + height)))

    def _paragraph(self, text: PlacedText, element: Element | None, page: Rect,
                   label: Element | None = None) -> None:
        """Draw `text` as `element`'s content (its icon's picture an artifact before it),
        each link it holds (a number, an address) an element of its own holding its words;
        None: draw it as it is (in an artifact). `label`: a list item's Lbl, beside
        `element`, its LBody: its bullet (the text's first letter); a box to tick is an
        artifact, its item read as its words."""
        canvas, paragraph = self.canvas, text.paragraph
        icon = text.icon
        if icon is not None and (not icon.icon.alt or element is None):
            with self.tagger.artifact():  # a box to tick, a repeated tab's
                draw_icon(canvas, icon.icon.name, icon.x, icon.y, icon.size,
                          paragraph.style.textColor)
        words = plain_text(paragraph)
        lines = isinstance(paragraph, LineParagraph)  # drawn by generator/render/screen_text.py
        alt = html.unescape(icon.icon.alt) if icon is not None and icon.icon.alt else ""
        # PDFium gets the lines of a right-to-left page (an icon on their right), of
        # right-to-left text and of a turned paragraph as /ActualText (screen_text.py).
        carried = isinstance(paragraph, LineParagraph) and (
            bool(text.rotate) or paragraph.fonts.rtl or self.text.right_to_left(words + alt))
        if element is None:
            self.text.begin_paragraph(canvas, None, carried)
            self._carry(text, carried, True)
            self._draw(text)
            self.text.end_paragraph(canvas)
            return
        element.lang = self.foreign.get(words) or foreign_language(words, self.lang,
                                                                   self.languages)
        found = []
        if style_of(text) not in NOT_LINKED and not text.rotate:
            # the kit's lines first: a line's own address opens its page, not the bare domain
            targets = self.targets + address_targets(words, self.strings)
            found = targets_in(words, targets, icon.icon.name if icon else None)
        spans = []
        bullet = bullet_at(words) if label is not None else None
        if label is not None and bullet is not None:
            spans.append((bullet, bullet + 1, label))
        for link in found:
            holder = Element("Link")
            spans.append((link.start, link.end, holder))
            left, bottom, right, top = link_rect(paragraph, link.start, link.end)
            if icon is not None and icon.icon.alt and not words[:link.start].strip():
                left = min(left, icon.x - text.x)  # the icon is part of the first link
                right = max(right, icon.x + icon.size - text.x)
            self.tagger.link(holder, (text.x + left - page.x, text.y + bottom - page.y,
                                      text.x + right - page.x, text.y + top - page.y),
                             link.target.uri, link.target.description)
        self.text.lang = element.lang
        if not spans and not (lines and self.text.mixes_languages(alt + " " + words)):
            # One sequence of the element's holds the whole paragraph.
            self.text.begin_paragraph(canvas, None, carried, element.lang)
            self._carry(text, carried, False)
            with self.tagger.content(element):
                if alt:
                    self._icon_word(text)
                self._draw(text)
            self.text.end_paragraph(canvas)
            return
        # Each link's words are its own content, and each run in another language has its
        # /Lang: marked piece by piece as they are drawn, inside the text objects.
        marks = TextMarks(self.tagger, element, words, spans,
                          (label,) if label is not None else ())
        self.text.begin_paragraph(canvas, marks, carried, element.lang)
        self._carry(text, carried, False)
        self.canvas.marks = marks
        try:
            if alt:
                self._icon_word(text)
            self._draw(text)
        finally:
            self.canvas.marks = None
            self.text.end_paragraph(canvas)
            marks.finish()

    def _carry(self, text: PlacedText, carried: bool, in_artifact: bool) -> None:
        """The glyphs that carry its lines for PDFium (generator/render/screen_text.py)."""
        if not carried:
            return
        paragraph = text.paragraph
        assert isinstance(paragraph, LineParagraph)
        angle = math.radians(text.rotate)
        cos, sin = round(math.cos(angle), 9) + 0.0, round(math.sin(angle), 9) + 0.0
        frame = (cos, sin, -sin, cos, text.x, text.y)  # as _draw places it
        icon = None
        placed = text.icon
        if placed is not None and placed.icon.alt and not text.rotate:
            word = html.unescape(placed.icon.alt)
            room = placed.icon.column - ICON_GAP  # as _icon_word spreads the word
            x = placed.x + placed.size - room if self.text.right_to_left(word) else placed.x
            icon = (f"{word} ", min(x, placed.x) - text.x,
                    max(x + room, placed.x + placed.size) - text.x)
        self.text.carry(self.canvas, paragraph, frame, icon, artifact=not in_artifact,
                        in_row=text.in_row)

    def _draw(self, text: PlacedText) -> None:
        canvas = self.canvas
        if text.rotate:
            canvas.saveState()
            canvas.translate(text.x, text.y)
            canvas.rotate(text.rotate)
            text.paragraph.drawOn(canvas, 0, 0)
            canvas.restoreState()
        else:
            text.paragraph.drawOn(canvas, text.x, text.y)
        self.text.finish_icon(canvas)

    def _icon_word(self, text: PlacedText) -> None:
        """The icon, as one glyph whose text is its word (generator/render/glyph_fonts.py)."""
        placed = text.icon
        assert placed is not None
        icon = placed.icon
        word = html.unescape(icon.alt)
        rtl = self.text.right_to_left(word)
        # The word's letters stand across the icon's column, clear of the line's text.
        room = icon.column - ICON_GAP
        x = placed.x + placed.size - room if rtl else placed.x
        self.text.draw_icon(self.canvas, icon.font, icon.name, word, placed.x, placed.y,
                            placed.size, x, room, placed.baseline, placed.font_size,
                            text.paragraph.style.textColor, rtl,
                            with_line=isinstance(text.paragraph, LineParagraph))

    def _figure(self, qr: PlacedQr, page: Rect) -> Element:
        """The QR code: a figure saying what it does, inside a link doing the same (the
        link, for its reader to place)."""
        alt = qr_description(self.kit, self.lang, self.strings, qr.payload)
        box = (qr.x - page.x, qr.y - page.y, qr.x + qr.size - page.x, qr.y + qr.size - page.y)
        link = Element("Link")
        figure = link.add("Figure", alt=alt, bbox=box)
        with self.tagger.content(figure):
            draw_qr(self.canvas, qr.x, qr.y, qr.size, qr.payload)
        self.tagger.link(link, box, qr_uri(qr.payload), alt)
        return link


def style_of(text: PlacedText) -> str:
    return style_name(text.paragraph.style)


def _labelled(text: PlacedText) -> bool:
    """Whether a list item shows a label: a bullet before its words. A box to tick is
    none: drawn as an artifact, its item read as its words alone (the review: read as
    "☐", a ballot box, before each)."""
    icon = text.icon
    if icon is not None and not icon.icon.alt:
        return False
    return bullet_at(plain_text(text.paragraph)) is not None


def _labels(text: PlacedText) -> bool:
    """A QR code's label ("Scan to call"): the code comes just before it."""
    return style_of(text) == "label"


def _printed_as_written(kit: Kit, lang: str) -> dict[str, str]:
    """Texts of resources.yaml that print in `lang` as written in the site's first language
    (a plain line name, its hours), with that language."""
    first = kit.site.options.languages[0]
    if lang.split("-")[0] == first.split("-")[0]:
        return {}
    found = {}
    for resource in kit.resources:
        if resource.names and not resource.names.has(lang) and resource.names.default:
            found[resource.name_in(lang)] = first
        hours = resource.hours_in(lang)
        if hours and resource.hours_by_lang and not resource.hours_by_lang.has(lang):
            found[hours] = first
    return found
