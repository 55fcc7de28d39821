"""A fillable PDF's text fields typed in a font that covers its language
(generator/i18n/form_font.py chooses it): the font embedded whole in the form's default
resources (/AcroForm /DR), named in every text field's default appearance (/DA), and
/NeedAppearances set so that a viewer draws what is typed in it.

ReportLab's forms take one of the standard fonts only, so the font is added to the file
ReportLab wrote, with pikepdf: a Type 0 font (Identity-H, its glyph ids its CIDs) with its
widths and a ToUnicode map of every glyph the font's cmap reaches, which is how a viewer
encodes typed text for it (ISO 32000-1, 9.7 and 12.7.3.3).
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pikepdf

FIELD_FONT = "HPField"  # its name in /DR /Font and in each field's /DA
TO_UNICODE_BLOCK = 100  # entries a bfchar block may hold


def typed_in(pdf: bytes, font: Path) -> bytes:
    """`pdf`, a form, with its text fields typed in `font`."""
    from fontTools.ttLib import TTFont  # fillable files only

    with TTFont(str(font)) as parsed, pikepdf.open(io.BytesIO(pdf)) as document:
        form = document.Root.get("/AcroForm")
        if form is None:
            return pdf
        made = _type0_font(document, parsed, font.read_bytes())
        resources = form.get("/DR")
        if resources is None:
            resources = form.DR = pikepdf.Dictionary()
        # the field font alone: no standard font (never embedded) is left to name
        resources.Font = pikepdf.Dictionary({f"/{FIELD_FONT}": made})
        form.DA = pikepdf.String(f"/{FIELD_FONT} 0 Tf 0 g")
        form.NeedAppearances = True
        for page in document.pages:
            for annotation in page.get("/Annots", []):
                if annotation.get("/FT") == "/Tx":
                    annotation.DA = pikepdf.String(_in_font(str(annotation.get("/DA", ""))))
                    _appearance_in_font(annotation, made)
        out = io.BytesIO()
        document.save(out, deterministic_id=True)
        return out.getvalue()


def _appearance_in_font(annotation: pikepdf.Object, made: pikepdf.Object) -> None:
    """A text field's drawn appearance (/AP /N, as ReportLab drew it: empty) naming the
    field font in its resources, not Helvetica: a reader that lists a file's fonts finds no
    font the file does not hold."""
    appearance = annotation.get("/AP")
    normal = appearance.get("/N") if appearance is not None else None
    if not isinstance(normal, pikepdf.Stream):
        return
    content = re.sub(rb"/Helv\b", f"/{FIELD_FONT}".encode(), normal.read_bytes())
    normal.write(content)
    resources = normal.get("/Resources")
    if resources is None:
        resources = normal.Resources = pikepdf.Dictionary()
    resources.Font = pikepdf.Dictionary({f"/{FIELD_FONT}": made})


def _in_font(appearance: str) -> str:
    """A field's /DA with its font the field font, its size and colour kept."""
    found = re.search(r"/\S+\s+([\d.]+)\s+Tf", appearance)
    size = found.group(1) if found else "0"
    colour = re.sub(r"/\S+\s+[\d.]+\s+Tf", "", appearance).strip() or "0 g"
    return f"/{FIELD_FONT} {size} Tf {colour}"


def _type0_font(document: pikepdf.Pdf, font: object, data: bytes) -> pikepdf.Object:
    from fontTools.ttLib import TTFont

    assert isinstance(font, TTFont)
    scale = 1000 / font["head"].unitsPerEm
    order = font.getGlyphOrder()
    metrics = font["hmtx"].metrics
    widths = [round(metrics[name][0] * scale) for name in order]
    head, os2 = font["head"], font["OS/2"]
    name = font["name"].getDebugName(6) or "HavenprintField"
    descriptor = document.make_indirect(pikepdf.Dictionary(
        Type=pikepdf.Name.FontDescriptor, FontName=pikepdf.Name(f"/{name}"),
        Flags=32,  # non-symbolic
        FontBBox=[round(value * scale) for value in
                  (head.xMin, head.yMin, head.xMax, head.yMax)],
        ItalicAngle=0, Ascent=round(os2.sTypoAscender * scale),
        Descent=round(os2.sTypoDescender * scale),
        CapHeight=round(getattr(os2, "sCapHeight", 0) * scale or 700), StemV=80,
        FontFile2=document.make_stream(data, Length1=len(data))))
    descendant = document.make_indirect(pikepdf.Dictionary(
        Type=pikepdf.Name.Font, Subtype=pikepdf.Name.CIDFontType2,
        BaseFont=pikepdf.Name(f"/{name}"),
        CIDSystemInfo=pikepdf.Dictionary(Registry=pikepdf.String("Adobe"),
                                         Ordering=pikepdf.String("Identity"), Supplement=0),
        FontDescriptor=descriptor, DW=1000, W=[0, widths], CIDToGIDMap=pikepdf.Name.Identity))
    glyph_ids = {glyph: index for index, glyph in enumerate(order)}
    unicode_of: dict[int, int] = {}
    for code, glyph in sorted(font.getBestCmap().items()):
        unicode_of.setdefault(glyph_ids[glyph], code)
    return document.make_indirect(pikepdf.Dictionary(
        Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type0, BaseFont=pikepdf.Name(f"/{name}"),
        Encoding=pikepdf.Name("/Identity-H"), DescendantFonts=[descendant],
        ToUnicode=document.make_stream(_to_unicode(unicode_of))))


def _to_unicode(unicode_of: dict[int, int]) -> bytes:
    """A ToUnicode CMap: each glyph id (two bytes) to the character it draws."""
    def utf16(code: int) -> str:
        return chr(code).encode("utf-16-be").hex().upper()
    entries = sorted(unicode_of.items())
    blocks = []
    for start in range(0, len(entries), TO_UNICODE_BLOCK):
        chunk = entries[start:start + TO_UNICODE_BLOCK]
        blocks.append(f"{len(chunk)} beginbfchar\n" + "\n".join(
            f"<{glyph:04X}> <{utf16(code)}>" for glyph, code in chunk) + "\nendbfchar")
    return ("/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
            "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
            "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
            "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n"
            + "\n".join(blocks) + "\nendcmap\nCMapName currentdict /CMap defineresource pop\n"
            "end\nend\n").encode("ascii")
