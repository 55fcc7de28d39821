"""Changes to ReportLab, each installed only onto the function it was written against.

Three fix what havenprint needs fixed (shaped text's raised and lowered marks: a crash, and
glyphs after two marks drawn off the line; discretionary ligatures; private characters that
depended on the order documents were drawn in), five remember across
documents what a kit's documents and a batch's sites share (font subsets, their compressed
streams, encoded strings, formatted numbers, how a shaped run is written), one keeps on disk
what reading a TrueType face sets, for the next process (face_cache.py), and one breaks a
paragraph's lines in time linear in its words (word_queue.py): documents come out byte for
byte as without them (tests/test_speedups.py).

Each patch names the function it replaces and a fingerprint of that function's code as it
was when the patch was written. A library release that changes the function changes the
fingerprint, and the patch is left off (said with --verbose; tests/test_engine.py fails on
it) instead of wrapping code it was not written for. pyproject.toml pins ReportLab's range.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.pdfbase.ttfonts import ShapedStr, TTFont, TTFontFile, shapeFragWord
from reportlab.pdfgen.textobject import PDFTextObject

from generator.engine import fingerprint
from generator.render.deferred_pattern import paragraph
from generator.render.face_cache import FACE_KEY, remembered_faces
from generator.render.shaped_text import written
from generator.render.subset_cache import kept_subset
from generator.render.word_queue import linear_break_lines

if TYPE_CHECKING:
    from generator.engine import Engine

SUBSETS_KEPT_PER_FACE = 32
ENCODED_STRINGS_KEPT = 8192
ENCODED_STRING_MAX_CHARS = 64  # names and numbers; long text is different in every document
NUMBERS_KEPT = 8192
MARK = "_havenprint"  # set on every replacement, so that a second engine sees it installed
# The signatures of the ReportLab functions the patches replace
SetRise = Callable[[PDFTextObject, float], None]
MakeSubset = Callable[[TTFontFile, list[int]], bytes]
AddPrivate = Callable[[Any, str, int, float], int]
Encode = Callable[[str | bytes], bytes]
FormatElement = Callable[[object, pdfdoc.PDFDocument, int], bytes]
FormatText = Callable[[PDFTextObject, str], str]


@dataclass(frozen=True)
class Patch:
    name: str
    owner: Any  # the class, object or function whose attribute is replaced
    attribute: str
    fingerprint: str  # of the attribute's value this patch was written against
    make: Callable[[Any, Engine], Any]  # (the original, the engine) -> the replacement

    def installed(self, current: Any) -> bool:
        return bool(getattr(current, MARK, False)) or (
            self.attribute == "__defaults__" and "dlig" not in current[0])


def _rise_fix(original: SetRise, engine: Engine) -> SetRise:
    """ReportLab 5.1's setRise, fixed twice for shaped text, whose marks it raises and
    lowers glyph by glyph:
    - it fails (IndexError) when shaped text starts with a raised or lowered glyph, as Arabic
      marks do: it looks back at the code before it, and there is none yet;
    - when two rises follow each other with no glyph between them (a Thai vowel above the
      consonant, then a tone mark above the vowel: "ชั่"), it replaces the first one's
      `Ts` in the code but keeps the first one's rise as the one in force, so the glyphs
      after the mark are drawn at the mark's height ("วโมง" of "ชั่วโมง" 1.5 pt above
      the line). The rise in force is now the one written.
    What it writes is otherwise its own: one `Ts` per change, the second of two in a row
    replacing the first. Its code is ReportLab's but for those two lines."""
    def set_rise(self: PDFTextObject, rise: float) -> None:
        code = f"{fp_str(rise)} Ts"
        if self._code and self._code[-1].endswith(" Ts"):  # nothing drawn since the last
            self._code[-1] = code
            self._y += self._rise  # the last one undone, as ReportLab does
        else:
            self._code.append(code)
        self._y -= rise
        self._rise = rise
    return set_rise


def _no_discretionary_ligatures(original: tuple[Any, ...], engine: Engine) -> tuple[Any, ...]:
    """ReportLab shapes with HarfBuzz's discretionary ligatures on. They are for display
    lettering: Heebo draws Hebrew alef-lamed as one Yiddish glyph (U+FB4F) and Latin "st"
    joined, which readers do not expect and which breaks copying text out of the PDF.
    Paragraph shaping offers no option, so the default feature set loses `dlig`."""
    features = {name: on for name, on in original[0].items() if name != "dlig"}
    return (features, *original[1:])


PRIVATE_FIRST, PRIVATE_LAST = 0xE000, 0xF800  # the private characters ReportLab hands out


def _private_by_glyph(original: AddPrivate, engine: Engine) -> AddPrivate:
    """ReportLab gives a glyph no character maps to (a ligature, a joining form) the font's
    next free private-use character as shaping first meets it, so which character stands
    for a glyph depends on the order a process draws its documents in: with the documents
    shared among forked copies as each becomes free, one run's PDFs differed from the next
    in their ToUnicode maps (a quarter of a 14-language kit's). A glyph now takes the
    private character at its own glyph id from the first (the same in every process, in any
    order), and the next free one as before only where that one is taken or out of the
    range. The rest is ReportLab 5.1's own."""
    def add_private(self: Any, name: str, gid: int, advance: float) -> int:
        unis = self._TTFont__hbUnis
        uchar: int | None = unis.get(name)
        if not uchar:
            face = self.face
            uchar = PRIVATE_FIRST + gid
            if uchar > PRIVATE_LAST or uchar in face.charToGlyph:
                uchar = self._TTFont__hbPrivate
                while uchar in face.charToGlyph:
                    uchar += 1
                assert uchar <= PRIVATE_LAST
                self._TTFont__hbPrivate = uchar
            unis[name] = uchar
            face.charToGlyph[uchar] = gid
            face.glyphToChar.setdefault(gid, []).append(uchar)
            face.charWidths[uchar] = advance
        return uchar
    return add_private


def _remembered_subsets(original: MakeSubset, engine: Engine) -> MakeSubset:
    """ReportLab builds each document's font subsets anew, in Python; a kit's documents and a
    batch's sites use the same few subsets, so each face keeps its recent ones, and a face
    read through face_cache.py keeps them on disk too, compressed, for the next process
    (subset_cache.py)."""
    code = fingerprint(original)

    def make_subset(self: TTFontFile, subset: list[int]) -> bytes:
        made: dict[tuple[int, ...], bytes] = self.__dict__.setdefault("_havenprint_subsets", {})
        key = tuple(subset)
        if key in made:
            made[key] = made.pop(key)  # the most recently used go last
            return made[key]
        if len(made) >= SUBSETS_KEPT_PER_FACE:
            engine.font_files.pop(made.pop(next(iter(made))), None)
        face_key = getattr(self, FACE_KEY, None)
        if face_key is None:
            made[key] = original(self, subset)
            engine.font_files.setdefault(made[key], None)
        else:
            made[key], compressed = kept_subset(face_key, key, code,
                                                lambda: original(self, subset))
            engine.font_files[made[key]] = compressed
        return made[key]
    make_subset.__wrapped__ = original  # type: ignore[attr-defined]  # for tests
    return make_subset


def _remembered_font_file_compression(original: Encode, engine: Engine) -> Encode:
    """Each document compresses its embedded font files again (zlib, about a millisecond
    per 20 KB); a remembered subset keeps its compressed form for as long as it is kept.
    Other streams (page content, different in every document) are compressed as before."""
    def encode(text: str | bytes) -> bytes:
        if not isinstance(text, bytes) or text not in engine.font_files:
            return original(text)
        compressed = engine.font_files[text]
        if compressed is None:
            compressed = engine.font_files[text] = original(text)
        return compressed
    return encode


def _remembered_pdfdoc_encoding(original: Callable[[str], bytes], engine: Engine) -> Encode:
    """Every number and name written into a PDF (a font's 256 glyph widths, for one) is
    encoded through ReportLab's PDFDocEncoding codec, written in Python; the same few
    thousand strings come back in every document. Long text (a page's content stream,
    escaped by ReportLab to ASCII) is encoded as ASCII, which PDFDocEncoding is character for
    character but for the eight it does not encode (0x18-0x1F), which go to the codec as
    before: a page of Arabic is long, and its codec took 1 ms."""
    encoded: Callable[[str], bytes] = engine.remember(original, ENCODED_STRINGS_KEPT)

    def pdfdoc_encode(text: str | bytes) -> bytes:
        if not isinstance(text, str):
            return text
        if len(text) <= ENCODED_STRING_MAX_CHARS:
            return encoded(text)
        if text.isascii() and _NOT_PDFDOC.search(text) is None:
            return text.encode("ascii")
        return original(text)
    return pdfdoc_encode


_NOT_PDFDOC = re.compile("[\x18-\x1f]")  # ASCII that PDFDocEncoding has no byte for


def _remembered_numbers(original: FormatElement, engine: Engine) -> FormatElement:
    """Numbers in PDF objects (glyph widths, boxes) are formatted one call chain each; the
    same widths are written in every document that uses the font."""
    def encode_number(value: object) -> bytes:  # a float or an int
        encoded: bytes = pdfdoc.pdfdocEnc(pdfdoc.fp_str(value))  # ReportLab is untyped
        return encoded
    number = engine.remember(encode_number, NUMBERS_KEPT, typed=True)

    def format_element(element: object, document: pdfdoc.PDFDocument, toplevel: int = 0) -> bytes:
        if type(element) in (float, int):  # as ReportLab tests it: not bool
            return number(element)
        return original(element, document, toplevel)
    return format_element


def _remembered_shaped_runs(original: FormatText, engine: Engine) -> FormatText:
    """ReportLab writes shaped text glyph by glyph in Python (generator/render/shaped_text.py);
    what it writes for a run is worked out once per glyph positions, size and rise, and each
    document fills in its own glyph codes. Text that is not shaped goes to ReportLab's own.
    The shaped branch below is ReportLab 5.1's, with its loop over each part's glyphs
    replaced by the remembered steps; the rise fix (above) is what those steps assume."""
    def format_text(self: PDFTextObject, text: str) -> str:
        font = getFont(self._fontname) if isinstance(text, ShapedStr) else None
        if (font is None or not (font._dynamicFont and font.shapable)
                or not getattr(type(self).setRise, MARK, False)):  # the steps assume the fix
            return original(self, text)
        canvas = self._canvas
        state = (self._code, self._x, self._y)
        try:
            code: list[str] = []
            self._code = code
            escape = canvas._escape
            size, rise, shape_data = self._fontsize, self._rise, text.__shapeData__  # type: ignore[attr-defined]
            setting = None
            start = 0
            for subset, codes in font.splitString(text, canvas._doc):
                if subset != self._curSubset:
                    if not setting:
                        setting = f"{fp_str(size)} Tf {fp_str(self._leading)} TL"
                    code.append(f"{font.getSubsetInternalName(subset, canvas._doc)} {setting}")
                    self._curSubset = subset
                positions = tuple(shape_data[start:start + len(codes)])
                start += len(codes)
                key = (positions, size, rise)
                steps = engine.shaped_runs.get(key)
                if steps is None:
                    steps = engine.shaped_runs.remember(key, written(positions, size, rise))
                if engine.runs_used is not None:
                    engine.runs_used[key] = steps
                steps.write(code, codes, escape)
        finally:
            self._code, self._x, self._y = state
        return " ".join(code)
    format_text.__wrapped__ = original  # type: ignore[attr-defined]  # for tests
    return format_text


# In the order they are installed; fingerprints of ReportLab 5.1.0.
PATCHES = (
    Patch("shaped text's rise", PDFTextObject, "setRise", "0b25be7d125dc354",
          _rise_fix),
    Patch("no discretionary ligatures", shapeFragWord, "__defaults__", "4d5f79b4b39b23c6",
          _no_discretionary_ligatures),
    Patch("private characters by glyph", TTFont, "_TTFont__addPrivate", "1a3a61cf082157c6",
          _private_by_glyph),
    Patch("remembered font subsets", TTFontFile, "makeSubset", "2f2e8d1573189def",
          _remembered_subsets),
    Patch("faces read once per font file", TTFontFile, "extractInfo", "029f603bcf2828b5",
          remembered_faces),
    Patch("remembered compressed font files", pdfdoc.PDFZCompress, "encode",
          "ed991c4f56a4fd1a", _remembered_font_file_compression),
    Patch("remembered PDFDocEncoding", pdfdoc, "pdfdocEnc", "8faf0555291f465d",
          _remembered_pdfdoc_encoding),
    Patch("remembered numbers", pdfdoc, "format", "af83779dda450967", _remembered_numbers),
    Patch("line breaking linear in words", paragraph.Paragraph, "breakLines", "564e97787be65a9e",
          linear_break_lines),
    Patch("remembered shaped runs", PDFTextObject, "_formatText", "fbedbb7ac5aa96d0",
          _remembered_shaped_runs),
)
FIXES = PATCHES[:3]  # what correct, reproducible output needs; the rest only saves time


def install(engine: Engine, patches: tuple[Patch, ...] | None = None) -> dict[str, str]:
    """Install every patch (of PATCHES, unless given) whose target is the function it was
    written against; the outcome of each, by name: "installed", or why it was left off."""
    outcomes = {}
    for patch in PATCHES if patches is None else patches:
        current = getattr(patch.owner, patch.attribute)
        if patch.installed(current):
            outcomes[patch.name] = "installed"
            continue
        found = fingerprint(current)
        if found != patch.fingerprint:
            outcomes[patch.name] = (
                f"{_named(patch)} is not the code it was written for (fingerprint {found}, "
                f"expected {patch.fingerprint}): a ReportLab release changed it")
            continue
        replacement = patch.make(current, engine)
        if patch.attribute != "__defaults__":
            setattr(replacement, MARK, True)
        setattr(patch.owner, patch.attribute, replacement)
        outcomes[patch.name] = "installed"
    return outcomes


def _named(patch: Patch) -> str:
    owner = getattr(patch.owner, "__qualname__", None) or getattr(patch.owner, "__name__", "")
    return f"{owner}.{patch.attribute}" if owner else patch.attribute
