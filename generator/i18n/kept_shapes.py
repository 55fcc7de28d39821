"""HarfBuzz's shaping of a drawn run, replayed from what an earlier process kept: ReportLab's
shapeStr shapes a run and then walks its glyphs in Python (30 ms of the default kit's
Arabic documents in a new process); what it gives is the run's glyphs, each as the
character that stands for it in the font, and their positions.

A glyph no character maps to (an Arabic joining form, a Devanagari conjunct) gets a
private-use character of the font as shapeStr first meets it (ReportLab's `__addPrivate`,
as patched: the one at its glyph id, else the next free one), which the font keeps for the
rest of the process. A kept run therefore holds glyph ids, not characters: replaying it asks
the font for each glyph's character as shapeStr does, in the same order, and has a glyph
given its private character where shapeStr would have: the same runs give the same
characters, read back or shaped.

What a document's runs came to is kept with its shaped runs' operators
(generator/render/kept_runs.py: the engine's `kept_shapes` while the document is drawn, and
`shapes_used`, filled here, for the next process); each kept run names the font file it was
shaped with, and is shaped again when the file is another.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import ShapeData, ShapedStr, shapeStr

from generator.engine import current_engine, remembered
from generator.i18n.font_files import cache_dir

Record = tuple[Any, ...]  # ("same",) or ("shaped", font file, glyphs, shape data)


def shaped_str(text: str, font: str, size: float) -> str:
    """shapeStr's run, replayed from the kept runs of the document being drawn where it
    holds this one."""
    record = current_engine().kept_shapes.get((text, font, size))
    if record == ("same",):
        return text  # unchanged by shaping: shapeStr gives back the text itself
    replayed = _replayed(record, font) if record is not None else None
    return replayed if replayed is not None else shapeStr(text, font, size)


def note_shaped(text: str, font: str, size: float, shaped: str) -> None:
    """The run as the document being drawn used it, for kept_runs to keep."""
    engine = current_engine()
    used = engine.shapes_used
    key = (text, font, size)
    if used is None or key in used:
        return
    record = engine.kept_shapes.get(key) or _record(text, font, size, shaped)
    if record is not None:
        used[key] = record


@remembered(8192)
def _record(text: str, font: str, size: float, shaped: str) -> Record | None:
    """The run's record: once per process, as the characters its glyphs got are the font's
    for the rest of the process."""
    if not isinstance(shaped, ShapedStr):
        return ("same",) if shaped == text else None
    ttf = pdfmetrics.getFont(font)
    where = font_file(font)
    privates = getattr(ttf, "_TTFont__hbUnis", None)
    if where is None or privates is None:
        return None
    names = {char: name for name, char in privates.items()}
    face = ttf.face
    glyphs = []
    for char in map(ord, shaped):
        gid = face.charToGlyph.get(char)
        if gid is None:
            return None
        glyphs.append((gid, names[char], face.charWidths[char]) if char in names
                      else (gid, None, None))
    # positions as plain tuples: unpickling ShapeData, a named tuple, runs Python code
    return ("shaped", where, tuple(glyphs), tuple(map(tuple, shaped.__shapeData__)))


def _replayed(record: Record, font: str) -> str | None:
    """The run as shapeStr gives it, from its record; None when the record is not one of
    this font (then it is shaped)."""
    if not (isinstance(record, tuple) and len(record) == 4 and record[0] == "shaped"
            and record[1] == font_file(font)):
        return None
    ttf = pdfmetrics.getFont(font)
    ttf.hbFace  # noqa: B018 -- sets up the font's private characters, as shaping does
    face = ttf.face
    add_private = ttf._TTFont__addPrivate
    chars = []
    for gid, name, advance in record[2]:
        known = face.glyphToChar.get(gid)
        if known:
            chars.append(chr(known[0]))
        elif name is not None:
            chars.append(chr(add_private(name, gid, advance)))
        else:
            return None
    new = tuple.__new__  # ShapeData from a plain tuple, as the named tuple's own __new__
    return ShapedStr("".join(chars), shapeData=[new(ShapeData, glyph) for glyph in record[3]])


@remembered(256)
def font_file(name: str) -> tuple[str, int, int] | None:
    """The file ReportLab read the registered font `name` from, by size and time; a file the
    font cache made is named by a digest of what it was made from, and its time is when it
    was last used (pruning removes the files used longest ago), so its name and size tell
    it. None for a font not read from a file."""
    try:
        filename = Path(pdfmetrics.getFont(name).face.filename)
        found = filename.stat()
    except (KeyError, AttributeError, TypeError, OSError):
        return None
    made = filename.parent == cache_dir()
    return str(filename), found.st_size, 0 if made else found.st_mtime_ns
