"""Making font files: instancing a variable font, subsetting Noto Sans CJK and converting it
to TrueType outlines, emboldening. Run in a child process of its own (`python -m
generator.i18n.font_making`, a job as JSON on standard input), never in a build process:
fontTools holds a whole font's outlines and variations in memory (100-115 MiB for Noto
Sans Bold or a large CJK subset), and a process keeps that memory once it has had it.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

from fontTools.ttLib import TTFont, newTable

from generator.i18n.font_files import NOT_WRITTEN
from generator.storage.write import write_atomic

EMBOLDEN = 0.045  # stroke width as a share of the em: close to Noto Sans CJK Bold's weight


def make(job: dict) -> None:
    """Write the font file `job` describes to `job["target"]`."""
    target = Path(job["target"])
    source = Path(job["source"])
    if job["kind"] == "instance":
        font = _instance(source, job["axes"], job["style"])
    elif job["kind"] == "subset":
        font = _truetype_subset(source, job["face_index"], job["chars"], job["suffix"])
    elif job["kind"] == "bold":
        font = _emboldened(source, job["suffix"])
    else:
        raise ValueError(f"unknown font job {job['kind']!r}")
    buffer = io.BytesIO()
    # The source's own time in `head`, not the time of making: the same font file from the
    # same job on any machine, so that a kit built from an empty cache is byte for byte one
    # built from a full one.
    font.recalcTimestamp = False
    font.save(buffer)
    write_atomic(target, buffer.getvalue())


def _instance(source: Path, axes: dict[str, float], style: str) -> TTFont:
    from fontTools.varLib.instancer import instantiateVariableFont

    font = TTFont(str(source))
    present = {axis.axisTag for axis in font["fvar"].axes}
    # in place: a copy would double the memory
    instantiateVariableFont(font, {tag: value for tag, value in axes.items() if tag in present},
                            inplace=True, updateFontNames=False)
    _rename(font, style)
    return font


def _truetype_subset(source: Path, face_index: int, chars: str, suffix: str) -> TTFont:
    from fontTools import subset

    font = TTFont(str(source), fontNumber=face_index, lazy=True)
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.hinting = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=chars)
    subsetter.subset(font)
    _cff_to_glyf(font)
    # ReportLab reuses an already registered font with the same PostScript name, whatever
    # its file: each subset gets a name of its own.
    _rename(font, "Regular", suffix=suffix)
    return font


def _rename(font: TTFont, style: str, suffix: str = "") -> None:
    names = font["name"]
    family = names.getDebugName(16) or names.getDebugName(1) or "Font"
    postscript = f"{family.replace(' ', '')}-{style}{suffix}"
    for name_id, value in ((1, family), (2, style if style in ("Regular", "Bold") else "Regular"),
                           (4, f"{family} {style}"), (6, postscript), (16, family), (17, style)):
        names.setName(value, name_id, 3, 1, 0x409)
        names.setName(value, name_id, 1, 0, 0)


def _cff_to_glyf(font: TTFont) -> None:
    """Replace cubic CFF outlines with quadratic TrueType ones (fontTools' otf2ttf recipe)."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    order = font.getGlyphOrder()
    glyphs = font.getGlyphSet()
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyphs)
        glyphs[name].draw(Cu2QuPen(pen, max_err=1.0, reverse_direction=True))
        glyf.glyphs[name] = pen.glyph()
    for table in ("CFF ", "VORG"):
        if table in font:
            del font[table]
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    maxp = newTable("maxp")
    maxp.tableVersion = 0x00010000
    maxp.maxZones = 1
    for field in ("maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                  "maxStackElements", "maxSizeOfInstructions", "maxComponentElements"):
        setattr(maxp, field, 0)
    font["maxp"] = maxp
    font["head"].glyphDataFormat = 0
    post = font["post"]
    post.formatType = 2.0
    post.extraNames = []
    post.mapping = {}
    post.glyphOrder = order
    font.sfntVersion = "\x00\x01\x00\x00"


def _emboldened(source: Path, suffix: str) -> TTFont:
    """Every outline stroked and merged with its stroke (skia-pathops): a bold for faces
    whose real bold is not on PyPI."""
    import pathops
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    font = TTFont(str(source))
    glyphs = font.getGlyphSet()
    width = font["head"].unitsPerEm * EMBOLDEN
    for name in font.getGlyphOrder():
        outline = pathops.Path()
        glyphs[name].draw(outline.getPen(glyphSet=glyphs))
        if not list(outline.segments):
            continue
        stroke = pathops.Path()
        stroke.addPath(outline)
        stroke.stroke(width, pathops.LineCap.BUTT_CAP, pathops.LineJoin.MITER_JOIN, 4)
        stroke.convertConicsToQuads()
        merged = pathops.op(outline, stroke, pathops.PathOp.UNION)
        pen = TTGlyphPen(None)
        merged.draw(Cu2QuPen(pen, max_err=1.0, reverse_direction=False))
        font["glyf"][name] = pen.glyph()
    _rename(font, "Bold", suffix=suffix)
    return font


def main() -> None:
    job = json.load(sys.stdin)
    try:
        make(job)
    except OSError as error:  # the cache's disk, not the font: the parent makes it elsewhere
        if error.filename != job["target"] and not str(error.filename or "").startswith(
                str(Path(job["target"]).parent)):
            raise
        print(error.strerror or error, file=sys.stderr)
        sys.exit(NOT_WRITTEN)


if __name__ == "__main__":
    main()
