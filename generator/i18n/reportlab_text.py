"""Four things ReportLab 5.1 does to shaped text that a printed page cannot have, corrected
through ReportLab's own extension points (an argument, a subclass), never by replacing its
code; and a check of each, by what it does, when a process starts (`check_corrections`).

- Discretionary ligatures. shapeFragWord's default features turn HarfBuzz's `dlig` on: it
  is for display lettering (Heebo draws Hebrew alef-lamed as one Yiddish glyph, U+FB4F, and
  Latin "st" joined), which readers do not expect and which breaks copying text out of the
  PDF. havenprint shapes through `shaped_str`, which passes FEATURES. (ReportLab's own
  Paragraph never shapes here: shaped scripts are set by BidiParagraph and
  SegmentedParagraph, which draw each run through `shaped_str`.)
- Raised and lowered marks. ReportLab writes a shaped run glyph by glyph, raising and
  lowering marks with `setRise`. When two rises follow each other with nothing drawn between
  them (a Thai vowel above the consonant, then a tone mark above the vowel: "ชั่"), its
  setRise replaces the first one's `Ts` in the code but keeps the rise it replaced as the one
  in force, so the glyphs after the mark are drawn at the mark's height ("วโมง" of "ชั่วโมง"
  1.6 pt above the line). `LevelText` (the text object of a `LevelCanvas`) keeps the rise it
  writes as the one in force; it also does not look back at the code before the first rise,
  where there is none when a run starts with a mark (ReportLab's IndexError).
- Private characters. A glyph no character maps to (a ligature, a joining form) is given a
  private-use character as shaping first meets it; ReportLab hands out the font's next free
  one, so which character stands for a glyph depends on the order a process draws its
  documents in, and the PDFs of a build that shares its documents among processes differ
  from one run to the next (their ToUnicode maps); and it gives the character the advance
  the glyph was shaped with there, which kerning and mark positioning change (the PDF's
  widths differed with the documents drawn before). `ShapingFont` gives a glyph the private
  character at its own glyph id from U+E000 (the same in every process, in any order; the
  next free one only where that one is taken or beyond the range), with the glyph's own
  advance as its width.
- Shared glyphs. A glyph that several characters map to (Persian ۸ and Arabic-Indic ٨ are
  one glyph in the Arabic fonts) is written as the first of them, whichever the text had,
  so that MuPDF, which reads the glyphs, read a Persian number in two digit sets.
  `shaped_str` writes it as the character the text has there.

The middle two rely on how ReportLab calls the methods they override; `check_corrections`
draws a run that needs each and reads what was written, so that a ReportLab that calls them
otherwise stops the build with an error naming it (LibraryError), never prints wrong.
"""

from __future__ import annotations

import io
import re
from types import MappingProxyType
from typing import Any

import reportlab
from reportlab import rl_config
from reportlab.lib.abag import ABag
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth
from reportlab.pdfbase.ttfonts import ShapedStr, TTFont, shapeFragWord
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from generator.errors import LibraryError

# The features havenprint shapes with: ReportLab's defaults, but for `dlig`
FEATURES = MappingProxyType({"kern": True, "liga": True})
PRIVATE_FIRST, PRIVATE_LAST = 0xE000, 0xF800  # the private characters ReportLab hands out


def shaped_str(text: str, font: str, size: float) -> str:
    """`text` shaped by HarfBuzz in the registered `font` (a ShapedStr: glyphs as the
    font's characters, with their positions), or `text` itself where shaping changes
    nothing: ReportLab's shapeStr, with FEATURES; a glyph that several characters share
    stands for the one written (`_as_written`)."""
    word = [stringWidth(text, font, size), (ABag(fontName=font, fontSize=size), text)]
    shaped: str = shapeFragWord(word, features=dict(FEATURES))[1][1]
    return _as_written(shaped, text, font) if isinstance(shaped, ShapedStr) else shaped


def _as_written(shaped: ShapedStr, text: str, font: str) -> str:
    """`shaped` with each glyph that several characters of the font share given as the
    character `text` has there. ReportLab gives a glyph the first character the font maps
    to it, so a Persian digit drawn with the glyph of its Arabic-Indic twin (۸ and ٨, ۱ and
    ١) was written, and read back by MuPDF, as the Arabic-Indic one: "۰۸۰۸" read "۰٨۰٨",
    a number in two digit sets."""
    char_to_glyph = getFont(font).face.charToGlyph
    data = shaped.__shapeData__
    chars = list(shaped)
    for index, (char, one) in enumerate(zip(chars, data, strict=True)):
        written = text[one.cluster] if one.cluster < len(text) else char
        glyph = char_to_glyph.get(ord(char))
        if written != char and glyph is not None and char_to_glyph.get(ord(written)) == glyph:
            chars[index] = written
    joined = "".join(chars)
    written_as: str = shaped if joined == shaped else ShapedStr(joined, shapeData=data)
    return written_as


class LevelText(PDFTextObject):
    """ReportLab's text object, with the rise it writes kept as the one in force (see the
    module's docstring). What it writes is ReportLab's: one `Ts` per change of rise, the
    second of two in a row replacing the first."""

    def setRise(self, rise: float) -> None:  # noqa: N802 -- ReportLab's name
        code = f"{fp_str(rise)} Ts"
        if self._code and self._code[-1].endswith(" Ts"):  # nothing drawn since the last
            self._code[-1] = code
            self._y += self._rise  # type: ignore[has-type]  # the last one undone
        else:
            self._code.append(code)
        self._y -= rise
        self._rise = rise


class LevelCanvas(Canvas):
    """A canvas whose text objects are LevelText: every canvas shaped text is drawn on.
    It keeps the size of each page it finishes (`page_sizes`, in points: the MediaBox
    ReportLab writes for it), so that the kit's index and manifest tell the pages' sizes
    without reading the PDF back."""

    def __init__(self, filename: Any, pagesize: Any = None,
                 *args: Any, **kwargs: Any) -> None:
        if kwargs.get("cropMarks"):  # they would make each page larger than its size
            raise ValueError("havenprint draws its own marks: no cropMarks on a LevelCanvas")
        super().__init__(filename, pagesize, *args, **kwargs)
        self._size = pagesize or rl_config.defaultPageSize  # as Canvas takes it
        self.page_sizes: list[tuple[float, float]] = []

    def setPageSize(self, size: tuple[float, float]) -> None:  # noqa: N802 -- ReportLab's
        super().setPageSize(size)
        self._size = size

    def showPage(self) -> None:  # noqa: N802 -- ReportLab's name
        self.page_sizes.append((float(self._size[0]), float(self._size[1])))
        super().showPage()

    def beginText(self, x: float = 0, y: float = 0,  # noqa: N802 -- ReportLab's name
                  direction: str | None = None) -> PDFTextObject:
        return LevelText(self, x, y, direction=direction)


def level_text(canvas: Canvas, x: float, y: float) -> PDFTextObject:
    """The canvas's text object at (x, y), for a shaped run: a LevelText, or a TypeError
    (a canvas that would draw marks off the line is a mistake in havenprint's code)."""
    text = canvas.beginText(x, y)
    if not isinstance(text, LevelText):
        raise TypeError(f"shaped text is drawn on a LevelCanvas, not a {type(canvas).__name__}"
                        " (generator/i18n/reportlab_text.py)")
    return text


NARROW_NBSP, SPACE = 0x202F, 0x20


class ShapingFont(TTFont):
    """ReportLab's TrueType font, whose glyphs without a character get the private-use
    character at their glyph id (see the module's docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        face = self.face
        # A narrow no-break space (French "parler ?", drawn as one: generator/layout/
        # widows.py) where the face has none: its space glyph, as ReportLab gives U+00A0 it.
        if NARROW_NBSP not in face.charToGlyph and SPACE in face.charToGlyph:
            face.charToGlyph[NARROW_NBSP] = face.charToGlyph[SPACE]
            face.charWidths[NARROW_NBSP] = face.charWidths[SPACE]
        self._privates: dict[str, int] = {}  # by glyph name, as ReportLab keys them
        self._next_private = PRIVATE_FIRST

    def hbFont(self, fontSize: float = 10) -> Any:  # noqa: N802, N803 -- ReportLab's names
        font = super().hbFont(fontSize)
        # ReportLab's hbFont sets the instance's hbAddPrivate, which shapeFragWord calls for
        # a glyph no character maps to: this font's is set after it.
        self.hbAddPrivate = self._private_by_glyph
        return font

    def _private_by_glyph(self, name: str, gid: int, advance: float) -> int:
        """The glyph's private character, its width the glyph's own advance (ReportLab
        gives it the advance it was shaped with where first met, in the font's units, which
        kerning and marks change: a document's widths depended on the documents drawn
        before it)."""
        uchar = self._privates.get(name)
        if uchar is None:
            face = self.face
            uchar = PRIVATE_FIRST + gid
            if uchar > PRIVATE_LAST or uchar in face.charToGlyph:
                uchar = self._next_private
                while uchar in face.charToGlyph:
                    uchar += 1
                if uchar > PRIVATE_LAST:
                    raise LibraryError(f"{self.fontName}: more glyphs without a character "
                                       "than private-use characters to give them")
                self._next_private = uchar
            self._privates[name] = uchar
            face.charToGlyph[uchar] = gid
            face.glyphToChar.setdefault(gid, []).append(uchar)
            # the width ReportLab gives a glyph that has a character: its hmtx advance
            face.charWidths[uchar] = self.pdfScale(face.hmetrics[gid][0])
        return uchar


# A run that needs each correction, in a face every process registers (Atkinson
# Hyperlegible): three acutes stacked on "a" are raised by HarfBuzz one after the other, the
# "b" after them sits on the line; an acute over "È" takes the accent's form for capitals,
# a glyph no character maps to.
STACKED_MARKS = "a\u0301\u0301\u0301b"
CAPITAL_ACCENT = "\u00c8\u0301"
_RISE = re.compile(r"(-?[\d.]+) Ts")


def check_corrections(font: str) -> None:
    """That each correction does what it is for with the ReportLab installed here, checked
    on the registered ShapingFont `font`; LibraryError naming the library if one does not."""
    for what, works in (("marks raised and lowered on the line", _level_marks),
                        ("a glyph's private character by its glyph id", _private_by_glyph)):
        try:
            ok = works(font)
        except Exception as error:  # noqa: BLE001 -- any failure is the library's
            ok, what = False, f"{what} ({type(error).__name__}: {error})"
        if not ok:
            raise LibraryError(
                f"ReportLab {reportlab.Version} does not draw shaped text as havenprint's "
                f"correction needs: {what} (generator/i18n/reportlab_text.py); pages would "
                "print wrong, so nothing was built. Install the ReportLab release "
                "pyproject.toml names.")


def _level_marks(font: str) -> bool:
    """The glyph after two raised marks is drawn on the line: the last rise written before
    it is 0."""
    text = level_text(LevelCanvas(io.BytesIO()), 0, 0)
    text.setFont(font, 10)
    shaped = shaped_str(STACKED_MARKS, font, 10)
    if not isinstance(shaped, ShapedStr):
        return False
    text.textOut(shaped)
    code = text.getCode()
    rises = list(_RISE.finditer(code))
    return (len(rises) >= 3 and float(rises[-1].group(1)) == 0
            and _shows(code[rises[-1].end():]))


def _shows(code: str) -> bool:
    return bool(re.search(r"\) ?\]? ?T[jJ]", code))


def _private_by_glyph(font: str) -> bool:
    """The capital accent's glyph, which no character maps to, gets U+E000 + its id."""
    shaped = shaped_str(CAPITAL_ACCENT, font, 10)
    face = getFont(font).face
    private = [ord(char) for char in shaped if PRIVATE_FIRST <= ord(char) <= PRIVATE_LAST]
    return bool(private) and all(face.charToGlyph[char] == char - PRIVATE_FIRST
                                 for char in private)

