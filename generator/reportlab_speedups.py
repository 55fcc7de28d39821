"""ReportLab, remembering across documents what a kit's documents and a batch's sites share.

ReportLab makes each document from scratch: it subsets, compresses and encodes again what
the previous document already had. Each patch keeps recent results keyed by their complete
input, so a result is only ever reused for the same input: documents come out byte for
byte as without them (tests/test_speedups.py builds with and without them, and
tests/test_batch.py a site alone and after others).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.ttfonts import TTFontFile

SUBSETS_KEPT_PER_FACE = 32
ENCODED_STRINGS_KEPT = 8192
ENCODED_STRING_MAX_CHARS = 64  # names and numbers; long text is different in every document
NUMBERS_KEPT = 8192


def install_speedups() -> None:
    _remembered_subsets()
    _remembered_font_file_compression()
    _remembered_pdfdoc_encoding()
    _remembered_numbers()


# Every remembered font subset, mapped to its compressed form once a document has made it.
_FONT_FILES: dict[bytes, bytes | None] = {}


def _remembered_subsets() -> None:
    """ReportLab builds each document's font subsets anew, in Python; a kit's documents and a
    batch's sites use the same few subsets, so each face keeps its recent ones."""
    original = TTFontFile.makeSubset
    if getattr(original, "_havenprint", False):
        return

    def make_subset(self: TTFontFile, subset: list[int]) -> bytes:
        made: dict[tuple[int, ...], bytes] = self.__dict__.setdefault("_havenprint_subsets", {})
        key = tuple(subset)
        if key in made:
            made[key] = made.pop(key)  # the most recently used go last
        else:
            if len(made) >= SUBSETS_KEPT_PER_FACE:
                _FONT_FILES.pop(made.pop(next(iter(made))), None)
            made[key] = original(self, subset)
            _FONT_FILES.setdefault(made[key], None)
        return made[key]

    make_subset._havenprint = True  # type: ignore[attr-defined]
    TTFontFile.makeSubset = make_subset


def _remembered_font_file_compression() -> None:
    """Each document compresses its embedded font files again (zlib, about a millisecond
    per 20 KB); a remembered subset keeps its compressed form for as long as it is kept.
    Other streams (page content, different in every document) are compressed as before."""
    flate = pdfdoc.PDFZCompress
    if getattr(flate.encode, "_havenprint", False):
        return
    original = flate.encode

    def encode(text: str | bytes) -> bytes:
        if not isinstance(text, bytes) or text not in _FONT_FILES:
            return original(text)
        compressed = _FONT_FILES[text]
        if compressed is None:
            compressed = _FONT_FILES[text] = original(text)
        return compressed

    encode._havenprint = True  # type: ignore[attr-defined]
    flate.encode = encode


def _remembered_pdfdoc_encoding() -> None:
    """Every number and name written into a PDF (a font's 256 glyph widths, for one) is
    encoded through ReportLab's PDFDocEncoding codec, written in Python; the same few
    thousand strings come back in every document."""
    if getattr(pdfdoc.pdfdocEnc, "_havenprint", False):
        return
    original = pdfdoc.pdfdocEnc
    encoded: Callable[[str], bytes] = functools.lru_cache(maxsize=ENCODED_STRINGS_KEPT)(original)

    def pdfdoc_encode(text: str | bytes) -> bytes:
        if not isinstance(text, str):
            return text
        return encoded(text) if len(text) <= ENCODED_STRING_MAX_CHARS else original(text)

    pdfdoc_encode._havenprint = True  # type: ignore[attr-defined]
    pdfdoc.pdfdocEnc = pdfdoc_encode


def _remembered_numbers() -> None:
    """Numbers in PDF objects (glyph widths, boxes) are formatted one call chain each; the
    same widths are written in every document that uses the font."""
    original = pdfdoc.format
    if getattr(original, "_havenprint", False):
        return

    @functools.lru_cache(maxsize=NUMBERS_KEPT, typed=True)
    def number(value: float) -> bytes:
        return pdfdoc.pdfdocEnc(pdfdoc.fp_str(value))

    def format_element(element: object, document: pdfdoc.PDFDocument, toplevel: int = 0) -> bytes:
        if type(element) in (float, int):  # as ReportLab tests it: not bool
            return number(element)
        return original(element, document, toplevel)

    format_element._havenprint = True  # type: ignore[attr-defined]
    pdfdoc.format = format_element
