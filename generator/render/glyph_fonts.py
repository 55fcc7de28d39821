"""TrueType fonts made for one screen copy, whose every glyph is one HarfBuzz cluster, one
icon, or a glyph that draws nothing, each mapped to the text it stands for.

An Arabic letter's joining form, a lam-alef ligature, Noto Sans Arabic's dots drawn as
glyphs of their own and shared between letters, a Devanagari vowel sign drawn before its
consonant, a Thai tone mark lowered over a short consonant: their glyphs have no character
of their own, and ReportLab maps them to private-use ones (U+E000...). /ActualText gives
the characters back to readers that read it (poppler, PDFium), but MuPDF reads the glyphs.
A screen copy draws each such cluster as one glyph of a font made for the document, the
cluster's outlines copied from the font, whose ToUnicode map gives the cluster's
characters: every reader gets them, from the glyphs themselves.

An icon (the telephone before a number, the speech bubble before a texting line) is one
such glyph too, mapped to the word it stands for ("Call "): read aloud, copied and found
by search where it stands, before the line's text, by every reader, without the unseen
squeezed word of the printed files (poppler takes squeezed letters for repeated ones).

Each font is an embedded TrueType program (fontTools) in a Type 0 font (CIDFontType2,
Identity-H, CIDs the glyph indices): its /W widths are the program's advances and its
/FontBBox holds every glyph's outline. These were Type 3 fonts, whose boxes PDF/UA
checkers flagged (a line's carrier glyph reached far outside the font's box, issue 42).
A glyph that draws nothing still has a box (PDFium leaves out the text of a glyph without
one, and lays a line's /ActualText over its carrier's box: generator/render/screen_text.py):
its outline is one contour of no area, a line from corner to corner of that box.

`GlyphFonts` collects the glyphs while the pages are drawn (a font resource name and a code
for each); `add_fonts` writes the fonts into the finished file (pikepdf).
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import cast

import pathops
import pikepdf
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.recordingPen import RecordingPen, replayRecording
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib.tables._g_l_y_f import Glyph as TTGlyph
from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from generator.engine import remembered
from generator.render.clusters import Cluster, font_data
from generator.render.icons import draw_icon

RESOURCE_PREFIX = "HGF"
ICON_UNITS = 1000  # an icon glyph's units per text unit: its font's size is the line's
# A carrier's units per em: its box spans a line (a poster's, 130 ems and more at the
# smallest type), which 16-bit TrueType coordinates hold at this few units to the em.
BOX_UNITS = 100
_NOTHING_TOP = 0.7  # per em: the top of the box of a glyph that draws nothing
_BUILT = 0x7C25B080  # the fonts' 'head' dates (seconds from 1904: 1970): same input, same bytes

# ("cluster", outline key) | ("blank",) | ("box", left, right) | ("icon", name, size,
# rise, shift), lengths in the font's units
GlyphKey = tuple[object, ...]


@dataclass(frozen=True)
class Placed:
    """A glyph to show: its font and code, and where it stands from the start of what it is
    part of (a cluster, an icon's room), in its font's units."""

    resource: str
    code: int
    offset: float


@dataclass
class _Font:
    resource: str
    source: str  # the ReportLab font: the outlines' (clusters), the metrics' (all)
    kind: str  # "cluster", "box" (a line's carrier for PDFium) or "icon"
    glyphs: list[tuple[str, GlyphKey, int]] = field(default_factory=list)
    # (text, key, advance) in glyph order, from glyph 1 (0 is .notdef, never shown)

    @property
    def units(self) -> int:
        return _units(self.kind, self.source)


def _units(kind: str, source: str) -> int:
    if kind == "icon":
        return ICON_UNITS
    return BOX_UNITS if kind == "box" else font_data(source).units_per_em


class GlyphFonts:
    """The cluster, icon and blank glyphs one document draws."""

    def __init__(self) -> None:
        self.fonts: list[_Font] = []
        self._codes: dict[tuple[str, str, str, GlyphKey, int], tuple[str, int]] = {}

    def cluster_glyphs(self, source: str, cluster: Cluster, rtl: bool) -> list[Placed]:
        """The glyphs that draw `cluster` of font `source`: one, mapped to its characters;
        in a right-to-left run, one per character, from the right (poppler and PDFium lay a
        glyph's characters out left to right, then read a right-to-left word backwards),
        the first drawing the cluster, the others nothing."""
        if not rtl or len(cluster.text) == 1:
            key = ("cluster", cluster.outline_key)
            return [self._glyph("cluster", source, cluster.text, key, cluster.advance, 0.0)]

        def drawn(shift: float) -> GlyphKey:
            return ("cluster", tuple((gid, round(x + shift, 2), y)
                                     for gid, x, y in cluster.outline_key))

        return self._spread("cluster", source, cluster.text, drawn, cluster.advance, True)

    def mark_glyph(self, source: str, text: str) -> Placed:
        """A glyph that draws nothing and takes no room, whose text is `text` (a bidi mark)."""
        return self._glyph("cluster", source, text, ("blank",), 0.0, 0.0)

    def box_glyph(self, source: str, left: float, right: float, advance: float) -> Placed:
        """A space (`advance` wide) that draws nothing and whose box reaches from `left` to
        `right` (font units from where it stands): it carries a line's /ActualText for
        PDFium, which lays a sequence's text out over its first glyph's box
        (generator/render/screen_text.py)."""
        scale = BOX_UNITS / font_data(source).units_per_em
        key = ("box", round(left * scale), round(right * scale))
        return self._glyph("box", source, " ", key, advance * scale, 0.0)

    def icon_glyphs(self, source: str, name: str, word: str, size: float, rise: float,
                    at: float, room: float, rtl: bool) -> list[Placed]:
        """The glyphs of icon `name` standing for `word` (a space after it), for a line in
        font `source`: one per character, across `room`, the first drawing the icon `at`
        from the start of that room, in the fill colour it is shown with. All lengths are
        per unit of the line's font size (the font is used at that size): the icon is
        `size` square, its foot `rise` above the baseline."""
        def drawn(shift: float) -> GlyphKey:
            return ("icon", name, round(size * ICON_UNITS, 1), round(rise * ICON_UNITS, 1),
                    round(shift + at * ICON_UNITS, 1))

        return self._spread("icon", source, f"{word} ", drawn, room * ICON_UNITS, rtl)

    def _spread(self, kind: str, source: str, text: str,
                drawn: Callable[[float], GlyphKey], advance: float,
                rtl: bool) -> list[Placed]:
        """One glyph per character of `text`, each `advance / len(text)` wide, in logical
        order (from the right end when `rtl`); the first draws `drawn(shift)`, moved back to
        the start of the whole."""
        step = advance / len(text)
        placed = []
        for index, char in enumerate(text):
            offset = advance - (index + 1) * step if rtl else index * step
            key = drawn(-offset) if index == 0 else ("blank",)
            placed.append(self._glyph(kind, source, char, key, step, offset))
        return placed

    def _glyph(self, kind: str, source: str, text: str, key: GlyphKey, advance: float,
               offset: float) -> Placed:
        # Each glyph is placed where it stands (screen_text.py sets its text matrix), so its
        # advance, whole font units, only tells readers how wide its text is.
        width = max(round(advance), 0)
        lookup = (kind, source, text, key, width)
        found = self._codes.get(lookup)
        if found is None:
            font = next((f for f in self.fonts if f.source == source and f.kind == kind),
                        None)
            if font is None:
                font = _Font(f"{RESOURCE_PREFIX}{len(self.fonts) + 1}", source, kind)
                self.fonts.append(font)
            font.glyphs.append((text, key, width))
            found = self._codes[lookup] = (font.resource, len(font.glyphs))
        return Placed(found[0], found[1], offset)

    def add_fonts(self, pdf: pikepdf.Pdf) -> dict[str, pikepdf.Object]:
        """The fonts, written into `pdf`, by resource name."""
        return {font.resource: pdf.make_indirect(_font_object(pdf, font))
                for font in self.fonts}


def _font_object(pdf: pikepdf.Pdf, font: _Font) -> pikepdf.Dictionary:
    program, box = font_program(font.source, font.kind, font.units,
                                tuple((key, advance) for _, key, advance in font.glyphs))
    units = font.units
    scale = 1000 / units  # glyph space: a thousandth of the text size

    def thousandths(value: float) -> float | int:
        scaled = round(value * scale, 3)
        return int(scaled) if scaled == int(scaled) else scaled

    tag = "".join(chr(ord("A") + byte % 26)
                  for byte in hashlib.sha256(program).digest()[:6])
    name = pikepdf.Name(f"/{tag}+Havenprint{font.kind.title()}{font.resource}")
    # The line font's metrics: readers that place characters by the font's ascent and
    # descent (poppler) then put these glyphs on the same line as the letters beside them.
    source = font_data(font.source).face  # ReportLab's, per 1000 units
    descriptor = pdf.make_indirect(pikepdf.Dictionary(
        Type=pikepdf.Name.FontDescriptor, FontName=name, Flags=4, ItalicAngle=0,
        FontBBox=[thousandths(value) for value in box],
        Ascent=round(source.ascent), Descent=round(source.descent),
        CapHeight=round(source.capHeight), StemV=round(source.stemV),
        FontFile2=pdf.make_stream(program, Length1=len(program))))
    widths = [thousandths(advance) for _, _, advance in font.glyphs]
    cid_font = pdf.make_indirect(pikepdf.Dictionary(
        Type=pikepdf.Name.Font, Subtype=pikepdf.Name.CIDFontType2, BaseFont=name,
        CIDSystemInfo=pikepdf.Dictionary(Registry=pikepdf.String("Adobe"),
                                         Ordering=pikepdf.String("Identity"), Supplement=0),
        FontDescriptor=descriptor, DW=0, W=[1, widths],
        CIDToGIDMap=pikepdf.Name.Identity))
    return pikepdf.Dictionary(
        Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type0, BaseFont=name,
        Encoding=pikepdf.Name("/Identity-H"), DescendantFonts=[cid_font],
        ToUnicode=pdf.make_stream(to_unicode([(code, text) for code, (text, _, _)
                                              in enumerate(font.glyphs, start=1)])))


def font_program(source: str, kind: str, units: int,
                 glyphs: tuple[tuple[GlyphKey, int], ...]) -> tuple[bytes, tuple[int, ...]]:
    """The TrueType program of glyphs (key, advance), from glyph 1, and its box (xMin,
    yMin, xMax, yMax in its units): its metrics the line font's (`source`)."""
    builder = FontBuilder(units, isTTF=True)
    builder.font.recalcTimestamp = False
    names = [".notdef"] + [f"g{index}" for index in range(1, len(glyphs) + 1)]
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap({})  # shown by glyph index (CIDToGIDMap /Identity)
    outlines = {".notdef": TTGlyph()}
    for name, (key, advance) in zip(names[1:], glyphs, strict=True):
        outlines[name] = _glyph_outline(source, units, key, advance)
    builder.setupGlyf(outlines)
    glyf = builder.font["glyf"]
    builder.setupHorizontalMetrics(
        {name: (0 if name == ".notdef" else glyphs[index - 1][1],
                getattr(glyf[name], "xMin", 0)) for index, name in enumerate(names)})
    face = font_data(source).face
    ascent, descent = round(face.ascent * units / 1000), round(face.descent * units / 1000)
    builder.setupHorizontalHeader(ascent=ascent, descent=descent)
    builder.setupNameTable({"familyName": f"Havenprint {kind}", "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=ascent, sTypoDescender=descent, usWinAscent=ascent,
                     usWinDescent=-descent, fsType=0)
    builder.setupPost(keepGlyphNames=False)
    head = builder.font["head"]
    head.created = head.modified = _BUILT
    buffer = io.BytesIO()
    builder.save(buffer)
    return buffer.getvalue(), (head.xMin, head.yMin, head.xMax, head.yMax)


def _glyph_outline(source: str, units: int, key: GlyphKey, advance: int) -> TTGlyph:
    pen = TTGlyphPen(None)
    replayRecording(_outline(source, units, key, advance), pen)
    return pen.glyph()


@remembered(16384)
def _outline(source: str, units: int, key: GlyphKey, advance: int
             ) -> tuple[tuple[str, tuple[object, ...]], ...]:
    """A glyph's outline, as pen calls (the documents of a build share most of them)."""
    pen = RecordingPen()
    kind = key[0]
    if kind == "cluster":
        font_data(source).draw(key[1], pen)  # type: ignore[arg-type]
        if pen.value:
            return tuple(pen.value)
    if kind == "icon":
        _, name, size, rise, shift = key
        path = icon_path(str(name), cast(float, size), cast(float, rise), cast(float, shift))
        path.draw(Cu2QuPen(pen, max_err=1.0, reverse_direction=True))
        return tuple(pen.value)
    # Draws nothing: a contour of no area across its box.
    left, right = ((cast(float, key[1]), cast(float, key[2])) if kind == "box"
                   else (0.0, float(max(advance, 1))))
    return (("moveTo", ((left, 0),)), ("lineTo", ((right, round(_NOTHING_TOP * units)),)),
            ("closePath", ()))


@remembered(64)
def icon_path(name: str, size: float, rise: float, shift: float) -> pathops.Path:
    """Icon `name` (generator/render/icons.py), `size` units square, its foot `rise` units
    above the origin and its left side `shift` units from it, as one outline: what it fills
    and strokes in its colour, less what it paints white over that (the dots of the speech
    bubble, the keys of the keyboard, which the page shows through)."""
    canvas = Canvas(io.BytesIO(), pagesize=(ICON_UNITS, ICON_UNITS), invariant=1)
    start = len(canvas._code)
    draw_icon(canvas, name, shift, rise, size, Color(0, 0, 0))
    return _painted(" ".join(canvas._code[start:]).split())


def _painted(tokens: list[str]) -> pathops.Path:
    """What the path operators `tokens` paint in a colour other than white."""
    ink = pathops.Path()
    path = pathops.Path()
    # whether the fill and stroke colours are white, the line's width, cap and join
    state: dict[str, float] = {"fill": 0, "stroke": 0, "width": 1.0, "cap": 0, "join": 0}
    saved: list[dict[str, float]] = []
    operands: list[float] = []
    caps = (pathops.LineCap.BUTT_CAP, pathops.LineCap.ROUND_CAP, pathops.LineCap.SQUARE_CAP)
    joins = (pathops.LineJoin.MITER_JOIN, pathops.LineJoin.ROUND_JOIN,
             pathops.LineJoin.BEVEL_JOIN)

    def paint(shape: pathops.Path, white: bool) -> None:
        nonlocal ink
        ink = pathops.op(ink, shape, pathops.PathOp.DIFFERENCE if white
                         else pathops.PathOp.UNION)

    for token in tokens:
        try:
            operands.append(float(token))
            continue
        except ValueError:
            pass
        args, operands = operands, []
        if token == "m":
            path.moveTo(*args)
        elif token == "l":
            path.lineTo(*args)
        elif token == "c":
            path.cubicTo(*args)
        elif token == "h":
            path.close()
        elif token == "re":
            x, y, w, h = args
            path.moveTo(x, y)
            path.lineTo(x + w, y)
            path.lineTo(x + w, y + h)
            path.lineTo(x, y + h)
            path.close()
        elif token in ("f", "f*", "F", "S", "B", "B*", "b", "b*", "n", "s"):
            if token in ("s", "b", "b*"):
                path.close()
            if token != "n" and token not in ("S", "s"):
                paint(path, bool(state["fill"]))
            if token in ("S", "s", "B", "B*", "b", "b*"):
                stroked = pathops.Path()
                stroked.addPath(path)
                stroked.stroke(float(state["width"]), caps[int(state["cap"])],
                               joins[int(state["join"])], 10.0)
                paint(stroked, bool(state["stroke"]))
            path = pathops.Path()
        elif token in ("rg", "RG", "g", "G"):
            white = all(value >= 1.0 for value in args)
            state["fill" if token in ("rg", "g") else "stroke"] = float(white)
        elif token == "w":
            state["width"] = args[0]
        elif token == "J":
            state["cap"] = args[0]
        elif token == "j":
            state["join"] = args[0]
        elif token == "q":
            saved.append(dict(state))
        elif token == "Q":
            state = saved.pop()
        else:
            raise ValueError(f"an icon's drawing uses {token!r}, which icon_path cannot follow")
    return ink


def to_unicode(codes: list[tuple[int, str]]) -> bytes:
    """A ToUnicode CMap for two-byte codes, each to its text (UTF-16BE)."""
    lines = ["/CIDInit /ProcSet findresource begin", "12 dict begin", "begincmap",
             "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
             "/CMapName /Adobe-Identity-UCS def", "/CMapType 2 def",
             "1 begincodespacerange", "<0000> <FFFF>", "endcodespacerange"]
    for start in range(0, len(codes), 100):
        block = codes[start:start + 100]
        lines.append(f"{len(block)} beginbfchar")
        lines.extend(f"<{code:04X}> <{text.encode('utf-16-be').hex().upper()}>"
                     for code, text in block)
        lines.append("endbfchar")
    lines += ["endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end"]
    return ("\n".join(lines) + "\n").encode("ascii")
