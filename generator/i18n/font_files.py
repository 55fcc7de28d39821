"""Font files ReportLab can embed, made from the packages on PyPI and cached on disk.

ReportLab embeds TrueType outlines only, and only a variable font's default instance: so
variable fonts are instanced into real Regular and Bold files, and the CFF-based Noto Sans
CJK is subset to the characters a document uses and converted to TrueType outlines.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import tempfile
from array import array
from pathlib import Path

from fontTools.ttLib import TTFont, newTable

from generator.engine import remembered
from generator.kit.write import write_atomic

# fontTools' subsetter and instancer, its pens and skia-pathops are imported where a font
# file is made: once per machine, since files are cached (they take 0.2 s to import).

CACHE_VERSION = "3"
# The cache folder holds at most this much (HAVENPRINT_CACHE_MB to change it): the files
# used longest ago go first. A kit needs a few MB (instanced fonts, one CJK subset per
# language); a batch of Chinese sites one subset per language.
CACHE_LIMIT_MB = float(os.environ.get("HAVENPRINT_CACHE_MB") or 512)


@remembered(1)
def cache_dir() -> Path:
    """$HAVENPRINT_CACHE, else the user's cache folder, else a temporary one."""
    base = os.environ.get("HAVENPRINT_CACHE") or os.environ.get("XDG_CACHE_HOME")
    folder = Path(base) / "havenprint" if base else Path.home() / ".cache" / "havenprint"
    folder = folder / "fonts"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        return folder
    except OSError:
        fallback = Path(tempfile.gettempdir()) / "havenprint-fonts"
        fallback.mkdir(parents=True, exist_ok=True)
        return fallback


def _key(*parts: object) -> str:
    return hashlib.sha256(repr((CACHE_VERSION, *parts)).encode()).hexdigest()[:16]


def static_instance(source: Path, axes: dict[str, float], style: str) -> Path:
    """A static TrueType instance of a variable font, made once and cached, named after its
    style: PDF viewers tell embedded fonts apart by name, so a Bold named Regular would
    print regular."""
    if _is_default_instance(source, axes):
        return source  # ReportLab embeds a variable font's default instance: nothing to make
    family = source.stem.split("[")[0]
    target = cache_dir() / f"{family}-{style}-{_key(str(source), source.stat().st_size, axes)}.ttf"
    if target.is_file():
        return _used(target)
    from fontTools.varLib.instancer import instantiateVariableFont

    font = TTFont(str(source))
    present = {axis.axisTag for axis in font["fvar"].axes}
    instance = instantiateVariableFont(
        font, {tag: value for tag, value in axes.items() if tag in present},
        updateFontNames=False)
    _rename(instance, style)
    buffer = io.BytesIO()
    instance.save(buffer)
    _store(target, buffer.getvalue())
    return target


@remembered(64)
def _default_location(source: Path) -> tuple[tuple[str, float], ...]:
    with TTFont(str(source), lazy=True) as font:
        return tuple((axis.axisTag, axis.defaultValue) for axis in font["fvar"].axes)


def _is_default_instance(source: Path, axes: dict[str, float]) -> bool:
    """Whether `axes` ask for the variable font's default instance (Regular, in every
    family havenprint uses)."""
    return all(axes.get(tag, default) == default for tag, default in _default_location(source))


def _used(path: Path) -> Path:
    """Mark a cached file as just used: pruning removes the files used longest ago."""
    with contextlib.suppress(OSError):  # a read-only cache still serves
        os.utime(path)
    return path


def _store(target: Path, data: bytes) -> None:
    write_atomic(target, data)
    prune_cache(target.parent, CACHE_LIMIT_MB * 1024 * 1024, keep=target)


def prune_cache(folder: Path, limit: float, keep: Path | None = None) -> list[Path]:
    """Remove the files used longest ago until `folder` holds at most `limit` bytes (never
    `keep`, just made); the files removed."""
    files = []
    for path in folder.iterdir():
        if not (path.suffix == ".ttf" or path.name.startswith("cmap-")):
            continue  # not ours, or a file being written
        try:
            stat = path.stat()
        except OSError:
            continue
        files.append((stat.st_mtime, stat.st_size, path))
    total = sum(size for _, size, _ in files)
    removed = []
    for _, size, path in sorted(files):
        if total <= limit:
            break
        if path == keep:
            continue
        try:
            path.unlink()
        except OSError:
            continue
        total -= size
        removed.append(path)
    return removed


def _rename(font: TTFont, style: str, suffix: str = "") -> None:
    names = font["name"]
    family = names.getDebugName(16) or names.getDebugName(1) or "Font"
    postscript = f"{family.replace(' ', '')}-{style}{suffix}"
    for name_id, value in ((1, family), (2, style if style in ("Regular", "Bold") else "Regular"),
                           (4, f"{family} {style}"), (6, postscript), (16, family), (17, style)):
        names.setName(value, name_id, 3, 1, 0x409)
        names.setName(value, name_id, 1, 0, 0)


def truetype_subset(source: Path, face_index: int, chars: str) -> Path:
    """A CFF font face subset to `chars` and converted to TrueType outlines, cached."""
    wanted = "".join(sorted(set(chars)))
    target = cache_dir() / f"cjk-{face_index}-{_key(str(source), face_index, wanted)}.ttf"
    if target.is_file():
        return _used(target)
    from fontTools import subset

    font = TTFont(str(source), fontNumber=face_index, lazy=True)
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.hinting = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=wanted)
    subsetter.subset(font)
    _cff_to_glyf(font)
    # ReportLab reuses an already registered font with the same PostScript name, whatever
    # its file: each subset gets a name of its own.
    _rename(font, "Regular", suffix=target.stem.rsplit("-", 1)[-1])
    buffer = io.BytesIO()
    font.save(buffer)
    _store(target, buffer.getvalue())
    return target


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


EMBOLDEN = 0.045  # stroke width as a share of the em: close to Noto Sans CJK Bold's weight


def emboldened(source: Path, cached: bool = False) -> Path:
    """A bold version of a TrueType font, made by stroking every outline and merging the
    stroke with it (skia-pathops): for faces whose real bold is not on PyPI. Written beside
    `source` (a subset in the cache), or with `cached` into the cache folder (a site's own
    font file, whose folder is not ours to write in)."""
    if cached:  # by content: the same font copied into another folder is the same font
        digest = hashlib.sha256(source.read_bytes()).hexdigest()
        target = cache_dir() / f"{source.stem}-{_key(digest)}-bold.ttf"
    else:
        target = source.with_name(f"{source.stem}-bold.ttf")
    if target.is_file():
        return _used(target)
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
    _rename(font, "Bold", suffix=source.stem.rsplit("-", 1)[-1])
    buffer = io.BytesIO()
    font.save(buffer)
    _store(target, buffer.getvalue())
    return target


@remembered(64)
def is_variable(source: Path) -> bool:
    with TTFont(str(source), lazy=True) as font:
        return "fvar" in font


@remembered(64)
def face_cmap(source: Path, face_index: int = 0) -> frozenset[int]:
    """Code points a font face covers: read from the font once (fontTools takes a tenth of
    a second on a large face), then from a small file in the cache folder."""
    stat = source.stat()
    target = cache_dir() / f"cmap-{_key(str(source), stat.st_size, stat.st_mtime_ns, face_index)}"
    if target.is_file():
        codes = array("I")
        codes.frombytes(_used(target).read_bytes())
        return frozenset(codes)
    font = TTFont(str(source), fontNumber=face_index, lazy=True)
    found = frozenset(font.getBestCmap())
    _store(target, array("I", sorted(found)).tobytes())
    return found
