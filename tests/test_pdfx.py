"""Shop files are PDF/X in CMYK, read back from every operator of every content stream:
no RGB anywhere, small type and QR codes in black ink alone, the brand colour in its inks,
marks in the Registration (All) separation; the output intent, its profile and the XMP
identification agree; Ghostscript renders every page without a warning and its own PDF/X
conversion changes no colour. Office files stay RGB."""

from __future__ import annotations

import ctypes
import io
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
import yaml
from PIL import Image, ImageCms
from pypdf import PdfReader
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, NameObject

from generator.content.layouts import available_layouts
from generator.layout.paints import TEXT_PAINTS
from generator.render.cmyk import DEFAULT_PROFILE
from tests.conftest import (
    DEFAULT_CONTENT,
    decode_qr_codes,
    edit,
    english_only,
    under_graphics_state,
)
from tests.pdf_paint import Colour, Mark, page_marks

LAYOUTS = available_layouts()
BRAND = "#2f5d62"
GHOSTSCRIPT = shutil.which("gs")
needs_ghostscript = pytest.mark.skipif(
    GHOSTSCRIPT is None, reason="Ghostscript is not installed (Debian package ghostscript)")
GS_PROFILE = Path("/usr/share/color/icc/ghostscript/default_cmyk.icc")  # a second CMYK profile
PRINTABLE = {"DeviceCMYK", "Separation /All"}
DIE_LINE = "Separation /CutContour"  # a die-cut format's cut path (tests/test_sticker.py)
BLACK, WHITE = Colour("DeviceCMYK", (0, 0, 0, 1)), Colour("DeviceCMYK", (0, 0, 0, 0))
REGISTRATION = Colour("Separation /All", (1.0,))
NS = {"x": "adobe:ns:meta/", "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
      "pdfxid": "http://www.npes.org/pdfx/ns/id/", "pdf": "http://ns.adobe.com/pdf/1.3/",
      "dc": "http://purl.org/dc/elements/1.1/", "xmp": "http://ns.adobe.com/xap/1.0/"}
SMALL_TYPE = {False: 12.0, True: 9.0}  # below these (regular, bold): black ink only


# --- what the tests compare with, worked out here from the inputs ------------------------

def srgb_lightness(hex_colour: str) -> float:
    rgb = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    y = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    return 116 * y ** (1 / 3) - 16 if y > 216 / 24389 else y * 24389 / 27


def printed_lightness(profile: Path, cmyk: tuple[float, ...]) -> float:
    """L* of CMYK inks (0..1) printed as `profile` describes the press and paper."""
    transform = ImageCms.buildTransform(ImageCms.getOpenProfile(str(profile)),
                                        ImageCms.createProfile("LAB"), "CMYK", "LAB")
    pixel = Image.new("CMYK", (1, 1), tuple(round(ink * 255) for ink in cmyk))
    return ImageCms.applyTransform(pixel, transform).getpixel((0, 0))[0] * 100 / 255


def brand_inks(profile: Path, colour: str = BRAND) -> tuple[float, ...]:
    transform = ImageCms.buildTransform(
        ImageCms.createProfile("sRGB"), ImageCms.getOpenProfile(str(profile)), "RGB", "CMYK",
        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
    pixel = Image.new("RGB", (1, 1), tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5)))
    return tuple(ink / 255 for ink in ImageCms.applyTransform(pixel, transform).getpixel((0, 0)))


def close(first: tuple[float, ...], second: tuple[float, ...], tolerance: float) -> bool:
    return len(first) == len(second) and all(abs(a - b) <= tolerance
                                             for a, b in zip(first, second, strict=True))


# --- reading shop files ----------------------------------------------------------------

def all_marks(pdf: Path) -> list[list[Mark]]:
    reader = PdfReader(pdf)
    return [page_marks(reader, index)[0] for index in range(len(reader.pages))]


def text_objects(pdf: Path, page_index: int) -> list[str]:
    """The text of each text-showing operator on the page, in content order (pdfium)."""
    page = pdfium.PdfDocument(str(pdf))[page_index]
    textpage = page.get_textpage()
    texts = []
    for obj in page.get_objects(max_depth=8):
        if obj.type != pdfium_c.FPDF_PAGEOBJ_TEXT:
            continue
        if pdfium_c.FPDFTextObj_GetTextRenderMode(obj.raw) == 3:
            continue  # a word kept for screen readers beside its icon: never printed
        length = pdfium_c.FPDFTextObj_GetText(obj.raw, textpage.raw, None, 0)
        buffer = (ctypes.c_ushort * (length // 2))()
        pdfium_c.FPDFTextObj_GetText(obj.raw, textpage.raw, buffer, length)
        texts.append(bytes(buffer).decode("utf-16-le").rstrip("\x00"))
    return texts


def text_colours(pdf: Path, page_index: int) -> list[tuple[str, Mark]]:
    """(text, its mark) for every text-showing operator: pdfium reads the words, pdf_paint
    the colours, both in content order."""
    marks = [mark for mark in all_marks(pdf)[page_index] if mark.kind == "text"]
    texts = text_objects(pdf, page_index)
    assert len(texts) == len(marks)
    return list(zip(texts, marks, strict=True))


def names_in(reader: PdfReader) -> set[str]:
    """Every name in every object of the file (dictionaries and arrays, not stream data)."""
    found: set[str] = set()
    seen: set[int] = set()

    def visit(value: object) -> None:
        if isinstance(value, IndirectObject):
            if value.idnum in seen:
                return
            seen.add(value.idnum)
            value = value.get_object()
        if isinstance(value, NameObject):
            found.add(str(value))
        elif isinstance(value, DictionaryObject):
            for key, item in value.items():
                found.add(str(key))
                visit(item)
        elif isinstance(value, ArrayObject):
            for item in value:
                visit(item)

    visit(reader.trailer)
    return found


def boxes(page: DictionaryObject) -> dict[str, tuple[float, ...]]:
    return {name: tuple(float(v) for v in page[name])
            for name in ("/MediaBox", "/TrimBox", "/BleedBox") if name in page}


def outside(points: tuple[tuple[float, float], ...], box: tuple[float, ...]) -> bool:
    """Whether the path's bounds lie clear of the box (they may touch its edge)."""
    xs, ys = [x for x, _ in points], [y for _, y in points]
    x0, y0, x1, y1 = box
    return (max(xs) <= x0 + 0.01 or min(xs) >= x1 - 0.01 or max(ys) <= y0 + 0.01
            or min(ys) >= y1 - 0.01)


def xmp(reader: PdfReader) -> ET.Element:
    return ET.fromstring(reader.trailer["/Root"]["/Metadata"].get_object().get_data())


# --- the kit, built once --------------------------------------------------------------

@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every format in English and Arabic (right-to-left text is drawn by its own code),
    both targets."""
    from generator.commands.cli import main

    root = tmp_path_factory.mktemp("pdfx")
    content = root / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    site = content / "site.yaml"
    site.write_text(english_only(site.read_text(encoding="utf-8")).replace(
        "languages: [en]", "languages: [en, ar]"), encoding="utf-8")
    out = root / "out"
    assert main(["build", str(content), "--out", str(out), "--target", "all",
                 "--no-previews"]) == 0
    return out


def shop_pdfs(out: Path) -> list[Path]:
    pdfs = sorted(out.glob("*/*-shop.pdf"))
    assert len(pdfs) == 2 * len(LAYOUTS)
    return pdfs


# --- colours ---------------------------------------------------------------------------

def test_shop_files_paint_in_cmyk_and_the_all_separation_only(shop: Path) -> None:
    """...and a die-cut format's die line, one stroke a page in CutContour."""
    for pdf in shop_pdfs(shop):
        reader = PdfReader(pdf)
        (layout,) = [spec for name, layout in LAYOUTS.items()
                     if pdf.name.startswith(f"{name}-") and (spec := layout.spec)]
        die_cut = layout.die_cut is not None
        for page, marks in enumerate(all_marks(pdf)):
            assert marks, (pdf, page)
            assert {m.kind for m in marks} <= {"text", "hidden text", "fill", "stroke"}, (pdf, page)
            cuts = [mark for mark in marks if mark.colour.space == DIE_LINE]
            assert [mark.kind for mark in cuts] == (["stroke"] if die_cut else []), (pdf, page)
            for mark in marks:
                if mark in cuts:
                    continue
                assert mark.colour.space in PRINTABLE, (pdf.name, page, mark)
                assert all(0 <= value <= 1 for value in mark.colour.values), (pdf.name, mark)
        names = names_in(reader)
        assert not names & {"/DeviceRGB", "/CalRGB", "/ICCBased", "/Lab", "/DeviceGray",
                            "/SMask", "/Group", "/Annots"}, (pdf.name, names)


def test_office_files_stay_rgb(shop: Path) -> None:
    for pdf in sorted(shop.glob("*/*.pdf")):
        if pdf.name.endswith(("-shop.pdf", "-screen.pdf")):  # screen copies: test_screen.py
            continue
        spaces = {mark.colour.space for marks in all_marks(pdf) for mark in marks}
        assert "DeviceRGB" in spaces and "DeviceCMYK" not in spaces, pdf.name
        assert "/OutputIntents" not in PdfReader(pdf).trailer["/Root"], pdf.name


def test_small_type_prints_in_black_ink_only(shop: Path) -> None:
    """Text is black ink alone, or the brand colour's inks when it is large enough for four
    plates to print it cleanly (12 pt, or 9 pt bold)."""
    inks = brand_inks(DEFAULT_PROFILE)
    four_colour = 0
    for pdf in shop_pdfs(shop):
        for page, marks in enumerate(all_marks(pdf)):
            for mark in (m for m in marks if m.kind == "text"):
                if mark.colour.black_only or mark.colour == REGISTRATION:  # the slug line
                    continue
                bold = "bold" in mark.font.lower()
                assert close(mark.colour.values, inks, 0.011), (pdf.name, page, mark)
                assert mark.size >= SMALL_TYPE[bold] - 0.01, (pdf.name, page, mark)
                four_colour += 1
    assert four_colour > 0  # the headings and numbers in the brand colour are there


def test_each_text_colour_prints_as_its_layout_style_says(shop: Path) -> None:
    """On the pocket card's back: the card line (ink, 8 pt bold) and the safety note (ink)
    in 100 % black, a line's name (muted, 8 pt) in black ink as light as the muted colour,
    its number (brand, bold) in the brand's inks."""
    styles = LAYOUTS["pocket-card"].spec.styles
    assert (styles["lead"].color, styles["name"].color, styles["phone"].color,
            styles["note"].color) == ("ink", "muted", "brand", "ink")
    found = text_colours(shop / "en" / "pocket-card-shop.pdf", 1)
    lead = next(mark for text, mark in found if text.startswith("You are not alone"))
    note = next(mark for text, mark in found if text.startswith("Use a phone"))
    name = next(mark for text, mark in found if text == "National Domestic Violence Hotline")
    phone = next(mark for text, mark in found if text == "1-800-799-7233")
    assert note.colour == BLACK
    assert lead.colour == BLACK
    assert name.colour.black_only and 0 < name.colour.values[3] < 1
    muted = TEXT_PAINTS["muted"].fixed
    assert abs(printed_lightness(DEFAULT_PROFILE, name.colour.values)
               - srgb_lightness(muted)) < 1.5
    assert close(phone.colour.values, brand_inks(DEFAULT_PROFILE), 0.011)


def test_small_brand_coloured_type_prints_in_black_ink_as_light(kit: Path, tmp_path: Path,
                                                                 run) -> None:  # noqa: ANN001
    """A site's own pocket card with the lines' names (9.2 pt) and regular-weight numbers in
    the brand colour: the names print in black ink alone, as light as the brand colour; a
    number prints in the brand's inks only if it is still 12 pt after shrinking."""
    folder = kit / "layouts" / "pocket-card"
    shutil.copytree(LAYOUTS["pocket-card"].folder, folder)
    edit(folder / "layout.yaml", "size: 9.2, leading: 10.12, color: muted",
         "size: 9.2, leading: 10.12, color: brand")
    edit(folder / "layout.yaml", "phone:  {weight: bold,", "phone:  {weight: regular,")
    (pdf,) = build_shop(kit, tmp_path / "out", run, "pocket-card")
    found = text_colours(pdf, 1)
    name = next(mark for text, mark in found if text == "National Domestic Violence Hotline")
    assert name.colour.black_only and name.size < SMALL_TYPE[False]
    assert abs(printed_lightness(DEFAULT_PROFILE, name.colour.values)
               - srgb_lightness(BRAND)) < 1.5
    phone = next(mark for text, mark in found if text == "1-800-799-7233")
    if phone.size < SMALL_TYPE[False]:
        assert phone.colour.black_only
    else:
        assert close(phone.colour.values, brand_inks(DEFAULT_PROFILE), 0.011)


def test_qr_codes_print_in_black_ink_on_no_ink(shop: Path) -> None:
    """Each QR code is one path of many rectangles filled 0 0 0 1 k, on a quiet zone of no
    ink; as many as a reader finds on the page."""
    for pdf in shop_pdfs(shop):
        for page, marks in enumerate(all_marks(pdf)):
            codes = [i for i, mark in enumerate(marks) if mark.kind == "fill" and mark.rects > 20]
            assert len(codes) == len(decode_qr_codes(pdf, page)), (pdf.name, page)
            for index in codes:
                assert marks[index].colour == BLACK, (pdf.name, page)
                assert marks[index - 1].colour == WHITE and marks[index - 1].rects == 1


def test_marks_outside_the_bleed_are_registration_colour(shop: Path) -> None:
    for pdf in shop_pdfs(shop):
        reader = PdfReader(pdf)
        for page, marks in enumerate(all_marks(pdf)):
            bleed = boxes(reader.pages[page])["/BleedBox"]
            beyond = [mark for mark in marks if outside(mark.points, bleed)]
            assert len(beyond) >= 8, (pdf.name, page)  # two at each corner
            for mark in beyond:  # the marks, and the slug line's text
                assert mark.kind in ("stroke", "text") and mark.colour == REGISTRATION, \
                    (pdf.name, mark)
            assert all(mark.colour != REGISTRATION for mark in marks if mark not in beyond)


# --- structure -------------------------------------------------------------------------

def test_output_intent_profile_and_identification_agree(shop: Path) -> None:
    profile = DEFAULT_PROFILE.read_bytes()
    for pdf in shop_pdfs(shop):
        reader = PdfReader(pdf)
        assert reader.pdf_header == "%PDF-1.6"
        root = reader.trailer["/Root"]
        (intent,) = [item.get_object() for item in root["/OutputIntents"]]
        assert intent["/S"] == "/GTS_PDFX" and intent["/Type"] == "/OutputIntent"
        assert intent["/OutputConditionIdentifier"] == "FOGRA39"
        stream = intent["/DestOutputProfile"].get_object()
        data = stream.get_data()
        assert data == profile and stream["/N"] == 4
        assert (data[36:40], data[16:20], data[12:16]) == (b"acsp", b"CMYK", b"prtr")
        info = reader.metadata
        assert info["/GTS_PDFXVersion"] == "PDF/X-4"
        assert info["/Trapped"] == "/False" and info["/Title"].strip()
        description = xmp(reader).find(".//rdf:Description", NS)
        assert description.findtext("pdfxid:GTS_PDFXVersion", namespaces=NS) == "PDF/X-4"
        assert description.findtext("pdf:Trapped", namespaces=NS) == "False"
        assert description.findtext(".//dc:title//rdf:li", namespaces=NS) == info["/Title"]
        created = description.findtext("xmp:CreateDate", namespaces=NS)
        digits = re.sub(r"\D", "", info["/CreationDate"])[:14]
        assert re.sub(r"\D", "", created)[:14] == digits
        for page in reader.pages:
            media, trim, bleed = (boxes(page)[name] for name in
                                  ("/MediaBox", "/TrimBox", "/BleedBox"))
            assert media[0] <= bleed[0] < trim[0] and trim[2] < bleed[2] <= media[2]
            assert media[1] <= bleed[1] < trim[1] and trim[3] < bleed[3] <= media[3]


def build_shop(kit: Path, out: Path, run, *formats: str) -> list[Path]:  # noqa: ANN001
    options = [arg for name in formats for arg in ("--format", name)]
    result = run("build", kit, "--out", out, "--target", "shop", "--no-previews", *options)
    assert result.code == 0, result.err
    return sorted(out.glob("en/*-shop.pdf"))


def test_pdfx_1a_on_request(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", "brand_color:", "pdfx: x1a\nbrand_color:")
    for pdf in build_shop(kit, tmp_path / "out", run, "pocket-card", "brochure"):
        reader = PdfReader(pdf)
        assert reader.pdf_header == "%PDF-1.4"
        assert reader.metadata["/GTS_PDFXVersion"] == "PDF/X-1a:2003"
        description = xmp(reader).find(".//rdf:Description", NS)
        assert description.findtext("pdfxid:GTS_PDFXVersion", namespaces=NS) == "PDF/X-1a:2003"
        extended = [state for index in range(len(reader.pages))
                    for state in page_marks(reader, index)[1]]
        assert all(state.get("/SMask", "/None") == "/None" and state.get("/ca", 1) == 1
                   and state.get("/CA", 1) == 1 and state.get("/BM", "/Normal") == "/Normal"
                   for state in extended)
        assert not names_in(reader) & {"/SMask", "/Group", "/DeviceRGB", "/ICCBased"}
        if GHOSTSCRIPT is not None:
            assert ghostscript_warnings(pdf) == "", pdf.name
    note = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert "It is PDF/X-1a:2003 in CMYK for the profile" in note


def test_brand_inks_from_the_print_spec(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    """`brand_color: {rgb, cmyk}`: shop files fill with exactly the given inks, tints are
    the same inks screened; office files keep the RGB."""
    edit(kit / "site.yaml", 'brand_color: "#2f5d62"',
         'brand_color: {rgb: "#2f5d62", cmyk: [80, 40, 45, 30]}')
    out = tmp_path / "out"
    result = run("build", kit, "--out", out, "--format", "pocket-fold", "--target", "all",
                 "--no-previews")
    assert result.code == 0, result.err
    fills = {mark.colour.values for marks in all_marks(out / "en" / "pocket-fold-shop.pdf")
             for mark in marks if mark.kind == "fill"}
    spec = (0.8, 0.4, 0.45, 0.3)
    assert spec in fills
    tint = tuple(ink * 0.12 for ink in spec)  # the layouts' tint: brand with 88 % white
    assert any(close(values, tint, 0.0011) for values in fills), sorted(fills)
    office = {mark.colour.values for marks in all_marks(out / "en" / "pocket-fold.pdf")
              for mark in marks if mark.kind == "fill"}
    assert any(close(values, (0x2F / 255, 0x5D / 255, 0x62 / 255), 0.001) for values in office)


def test_the_contrast_check_reads_the_rgb_of_the_cmyk_form(kit: Path, run) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", 'brand_color: "#2f5d62"',
         'brand_color: {rgb: "#f4c2c2", cmyk: [0, 30, 10, 0]}')
    result = run("check", kit)
    assert result.code == 1
    assert re.search(r'site\.yaml:\d+: brand_color "#f4c2c2" makes text too faint', result.err)


@pytest.mark.parametrize(("value", "message"), [
    ('{rgb: "#2f5d62", cmyk: [80, 40, 45]}', "brand_color.cmyk: give four ink percentages"),
    ('{rgb: "#2f5d62", cmyk: [80, 40, 45, 130]}', "brand_color.cmyk: give four ink percentages"),
    ('{rgb: "teal"}', 'brand_color.rgb: must be a colour like "#2f5d62"'),
    ('"teal"', 'brand_color: must be a colour like "#2f5d62"'),
])
def test_brand_color_errors(kit: Path, run, value: str, message: str) -> None:  # noqa: ANN001
    edit(kit / "site.yaml", 'brand_color: "#2f5d62"', f"brand_color: {value}")
    result = run("check", kit)
    assert result.code == 1
    line = next(n for n, text in enumerate(
        (kit / "site.yaml").read_text(encoding="utf-8").splitlines(), 1)
        if text.startswith("brand_color:"))
    assert f"site.yaml:{line}: {message}" in result.err, result.err


@pytest.mark.skipif(not GS_PROFILE.is_file(), reason=f"{GS_PROFILE} is not installed "
                    "(Debian package libgs-common, with ghostscript)")
def test_a_shops_own_profile(kit: Path, tmp_path: Path, run) -> None:  # noqa: ANN001
    (kit / "profiles").mkdir()
    shutil.copy(GS_PROFILE, kit / "profiles" / "shop.icc")
    edit(kit / "site.yaml", "brand_color:", "icc_profile: profiles/shop.icc\nbrand_color:")
    (pdf,) = build_shop(kit, tmp_path / "out", run, "pocket-card")
    reader = PdfReader(pdf)
    (intent,) = [item.get_object() for item in reader.trailer["/Root"]["/OutputIntents"]]
    assert intent["/DestOutputProfile"].get_object().get_data() == GS_PROFILE.read_bytes()
    assert intent["/OutputConditionIdentifier"] == "Custom"
    cover = [mark for mark in all_marks(pdf)[0] if mark.kind == "fill"][0]  # the background
    assert close(cover.colour.values, brand_inks(GS_PROFILE), 0.011)
    assert not close(cover.colour.values, brand_inks(DEFAULT_PROFILE), 0.05)


@pytest.mark.parametrize(("name", "data", "message"), [
    ("shop.icc", None, "shop.icc: cannot read the file: No such file or directory"),
    ("shop.icc", b"not a profile", "shop.icc: not an ICC profile"),
    ("shop.icc", ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes(),
     "shop.icc: an ICC profile for RGB colour, not CMYK"),
    ("../shop.icc", DEFAULT_PROFILE.read_bytes(),
     "../shop.icc is outside the content folder"),
])
def test_a_profile_that_is_not_a_cmyk_output_profile(kit: Path, run, name: str,
                                                     data: bytes | None,
                                                     message: str) -> None:  # noqa: ANN001
    if data is not None:
        (kit / name).write_bytes(data)
    edit(kit / "site.yaml", "brand_color:", f"icc_profile: {name}\nbrand_color:")
    result = run("check", kit)
    assert result.code == 1
    line = next(n for n, text in enumerate(
        (kit / "site.yaml").read_text(encoding="utf-8").splitlines(), 1)
        if text.startswith("icc_profile:"))
    assert f"site.yaml:{line}: icc_profile: {message}" in result.err, result.err


# --- Ghostscript -------------------------------------------------------------------------

def ghostscript_warnings(pdf: Path) -> str:
    """What Ghostscript says while rendering every page, stopping at the first warning;
    empty when it renders all of them without a word."""
    result = subprocess.run(
        [GHOSTSCRIPT, "-dPDFSTOPONWARNING", "-dBATCH", "-dNOPAUSE", "-dSAFER",
         "-sDEVICE=nullpage", str(pdf)], capture_output=True, text=True, timeout=120)
    pages = len(PdfReader(pdf).pages)
    rendered = re.findall(r"^Page (\d+)$", result.stdout, flags=re.MULTILINE)
    if result.returncode or result.stderr.strip() or len(rendered) != pages:
        return f"exit {result.returncode}, {len(rendered)}/{pages} pages: {result.stderr}"
    return ""


@needs_ghostscript
def test_ghostscript_renders_every_shop_page_without_a_warning(shop: Path) -> None:
    for pdf in shop_pdfs(shop):
        assert ghostscript_warnings(pdf) == "", pdf.name


@needs_ghostscript
def test_the_ghostscript_check_sees_a_damaged_file(shop: Path, tmp_path: Path) -> None:
    data = (shop / "en" / "pocket-card-shop.pdf").read_bytes()
    damaged = tmp_path / "damaged.pdf"
    damaged.write_bytes(data[:data.rindex(b"startxref")] + b"startxref\n12345\n%%EOF\n")
    assert "repaired" in ghostscript_warnings(damaged)


PDFX_PROLOGUE = """
[ /GTS_PDFXVersion (PDF/X-3:2002) /Title (check) /Trapped /False /DOCINFO pdfmark
[ /_objdef {icc} /type /stream /OBJ pdfmark
[ {icc} << /N 4 >> /PUT pdfmark
[ {icc} (PROFILE) (r) file /PUT pdfmark
[ /_objdef {intent} /type /dict /OBJ pdfmark
[ {intent} << /Type /OutputIntent /S /GTS_PDFX /OutputConditionIdentifier (FOGRA39)
   /RegistryName (http://www.color.org) /DestOutputProfile {icc} >> /PUT pdfmark
[ {Catalog} << /OutputIntents [ {intent} ] >> /PUT pdfmark
"""


def colours_by_page(pdf: Path) -> list[set[tuple[str, str, tuple[float, ...]]]]:
    """The colours each page prints (text drawn invisibly prints none: Ghostscript may give
    it any colour)."""
    return [{(mark.kind, mark.colour.space, mark.colour.values) for mark in marks
             if mark.kind != "hidden text"} for marks in all_marks(pdf)]


def same_colours(first: set, second: set) -> bool:
    """Each colour of one has a twin in the other: same use and space, values within the
    1/1024 steps Ghostscript writes."""
    def found(colour: tuple, among: set) -> bool:
        return any(colour[:2] == other[:2] and close(colour[2], other[2], 0.002)
                   for other in among)
    return all(found(c, second) for c in first) and all(found(c, first) for c in second)


@needs_ghostscript
def test_ghostscript_pdfx_conversion_keeps_every_colour(shop: Path, tmp_path: Path) -> None:
    prologue = tmp_path / "pdfx.ps"
    prologue.write_text(PDFX_PROLOGUE.replace("PROFILE", str(DEFAULT_PROFILE)))
    for pdf in shop_pdfs(shop):
        converted = tmp_path / pdf.name
        result = subprocess.run(
            [GHOSTSCRIPT, "-dPDFX", "-dBATCH", "-dNOPAUSE", "-dSAFER", "-dPDFSTOPONWARNING",
             f"--permit-file-read={DEFAULT_PROFILE}", "-sDEVICE=pdfwrite",
             "-sColorConversionStrategy=CMYK", f"-sOutputFile={converted}", str(prologue),
             str(pdf)], capture_output=True, text=True, timeout=120)
        assert result.returncode == 0 and not result.stderr.strip(), result.stderr
        before, after = colours_by_page(pdf), colours_by_page(converted)
        assert len(before) == len(after)
        for page, (original, kept) in enumerate(zip(before, after, strict=True)):
            assert same_colours(original, kept), (pdf.name, page, original ^ kept)


@needs_ghostscript
def test_the_conversion_check_sees_an_rgb_colour(tmp_path: Path) -> None:
    """Ghostscript's conversion does change RGB: the test above would see it."""
    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(100, 100), invariant=1)
    canvas.setFillColorRGB(0.18, 0.36, 0.38)
    canvas.rect(10, 10, 50, 50, stroke=0, fill=1)
    canvas.save()
    rgb = tmp_path / "rgb.pdf"
    rgb.write_bytes(buffer.getvalue())
    prologue = tmp_path / "pdfx.ps"
    prologue.write_text(PDFX_PROLOGUE.replace("PROFILE", str(DEFAULT_PROFILE)))
    converted = tmp_path / "converted.pdf"
    subprocess.run([GHOSTSCRIPT, "-dPDFX", "-dBATCH", "-dNOPAUSE", "-dSAFER",
                    f"--permit-file-read={DEFAULT_PROFILE}", "-sDEVICE=pdfwrite",
                    "-sColorConversionStrategy=CMYK", f"-sOutputFile={converted}",
                    str(prologue), str(rgb)], capture_output=True, check=True, timeout=120)
    assert not same_colours(colours_by_page(rgb)[0], colours_by_page(converted)[0])


# --- the slug line -----------------------------------------------------------------------

MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
LETTER = {612.0, 792.0}


def expected_slugs(pdf: Path, pages: int) -> list[str]:
    """What each page's slug says, worked out from the layout, the file's folder, its
    TrimBox and the default kit's lines' `verified:` dates."""
    (name,) = [name for name in LAYOUTS if re.fullmatch(rf"{name}(-\w+)?-shop\.pdf", pdf.name)]
    spec = LAYOUTS[name].spec
    faces = list(spec.faces)
    if pages == 1:
        sides = ["one side"]
    elif pages == len(faces):
        sides = faces
    else:
        sides = [f"page {number}" for number in range(1, pages + 1)]
    lines = yaml.safe_load((DEFAULT_CONTENT / "resources.yaml").read_text(encoding="utf-8"))
    checked = min(line["verified"] for line in lines["resources"] if line.get("verified"))
    reader = PdfReader(pdf)
    slugs = []
    for page, side in zip(reader.pages, sides, strict=True):
        x0, y0, x1, y1 = boxes(page)["/TrimBox"]
        if {round(x1 - x0), round(y1 - y0)} == LETTER:
            size = "Letter"
        else:
            size = " × ".join(f"{extent / 72:.3f}".rstrip("0").rstrip(".")
                              for extent in (x1 - x0, y1 - y0)) + " in"
        slugs.append(" · ".join([spec.title, pdf.parent.name, side, size,
                                 f"{MONTHS[checked.month - 1]} {checked.year}"]))
    return slugs


def test_every_shop_page_has_its_trim_and_bleed_and_no_art_box(shop: Path) -> None:
    """PDF/X asks each page for a TrimBox or an ArtBox, not both (the TrimBox preferred):
    every shop page has a TrimBox inside its BleedBox (the site's bleed, 9 pt, around it)
    inside its MediaBox, and no ArtBox or CropBox; a review read "ArtBox = MediaBox", the
    default a reader shows where a page has none, so the shop's notes (the kit's index
    page) say there is none on purpose."""
    for pdf in shop_pdfs(shop):
        with pikepdf.open(pdf) as opened:
            for index, page in enumerate(opened.pages):
                assert "/ArtBox" not in page.obj and "/CropBox" not in page.obj, (pdf, index)
                media, trim, bleed = (tuple(float(v) for v in page.obj[name]) for name in
                                      ("/MediaBox", "/TrimBox", "/BleedBox"))
                assert [round(b - t, 3) for b, t in zip(bleed, trim, strict=True)] == \
                    [-9.0, -9.0, 9.0, 9.0], (pdf.name, index)
                assert media[0] <= bleed[0] and media[1] <= bleed[1], (pdf.name, index)
                assert bleed[2] <= media[2] and bleed[3] <= media[3], (pdf.name, index)
    notes = " ".join((shop / "index.html").read_text(encoding="utf-8").split())
    assert "TrimBox and BleedBox are set, and no ArtBox" in notes


def test_every_shop_page_says_what_it_is_in_a_slug_line_outside_the_bleed(shop: Path) -> None:
    """A 6 pt line under the bleed, inside the MediaBox, clear of every crop and fold mark,
    in the Registration colour, marked as an artifact, that names the format, the language,
    the side, the size and the month the lines were checked; the boxes stay exact."""
    for pdf in shop_pdfs(shop):
        reader = PdfReader(pdf)
        document = pdfium.PdfDocument(str(pdf))
        expected = expected_slugs(pdf, len(reader.pages))
        with pikepdf.open(pdf) as opened:
            artifacts = [_artifact_text(page) for page in opened.pages]
        for index, page in enumerate(reader.pages):
            media, trim, bleed = (boxes(page)[name] for name in
                                  ("/MediaBox", "/TrimBox", "/BleedBox"))
            assert [round(b - t, 3) for b, t in zip(bleed, trim, strict=True)] == \
                [-9.0, -9.0, 9.0, 9.0], (pdf.name, index)
            textpage = document[index].get_textpage()
            chars = [textpage.get_charbox(i) for i in range(textpage.count_chars())]
            below = [box for box in chars if box[3] <= bleed[1] + 0.01 and box[2] > box[0]]
            assert below, (pdf.name, index)
            left, bottom = min(b[0] for b in below), min(b[1] for b in below)
            right, top = max(b[2] for b in below), max(b[3] for b in below)
            assert media[0] <= left and right <= media[2] and media[1] <= bottom, pdf.name
            text = textpage.get_text_bounded(media[0], media[1], media[2], bleed[1])
            assert " ".join(text.split()) == expected[index], (pdf.name, index)
            slug_box = (left, bottom, right, top)
            marks = page_marks(reader, index)[0]
            strokes = [mark for mark in marks if mark.kind == "stroke"
                       and outside(mark.points, bleed)]
            assert len(strokes) >= 8
            for mark in strokes:
                assert outside(mark.points, slug_box), (pdf.name, index, mark, slug_box)
            slug_marks = [mark for mark in marks if mark.kind == "text"
                          and outside(mark.points, bleed)]
            assert slug_marks and all(mark.colour == REGISTRATION and abs(mark.size - 6) < 0.01
                                      for mark in slug_marks), (pdf.name, index)
            assert expected[index].replace(" ", "") in artifacts[index].replace(" ", "")


def _artifact_text(page) -> str:  # noqa: ANN001
    """The text shown inside /Artifact marked content on a pikepdf page (glyph ids mapped
    back through the font's ToUnicode)."""
    fonts = page.Resources.Font
    shown: list[str] = []
    depth, font = 0, None
    for operands, operator in pikepdf.parse_content_stream(page):
        name = str(operator)
        if name == "BDC" and str(operands[0]) == "/Artifact":
            depth = 1
        elif name in ("BDC", "BMC") and depth:
            depth += 1
        elif name == "EMC" and depth:
            depth -= 1
        elif name == "Tf":
            font = fonts[operands[0]]
        elif depth and name in ("Tj", "TJ"):
            strings = [operands[0]] if name == "Tj" else [
                item for item in operands[0] if isinstance(item, pikepdf.String)]
            for string in strings:
                shown.append(_decoded(font, bytes(string)))
    return "".join(shown)


def _decoded(font, data: bytes) -> str:  # noqa: ANN001
    """`data` shown in `font`, through its ToUnicode CMap (bfchar and bfrange entries)."""
    cmap = font.ToUnicode.read_bytes().decode("latin-1")
    table: dict[int, str] = {}
    for block in re.findall(r"beginbfchar(.*?)endbfchar", cmap, re.S):
        for code, text in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            table[int(code, 16)] = bytes.fromhex(text).decode("utf-16-be")
    for block in re.findall(r"beginbfrange(.*?)endbfrange", cmap, re.S):
        for first, last, text in re.findall(
                r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            start = int(text, 16)
            for offset, code in enumerate(range(int(first, 16), int(last, 16) + 1)):
                table[code] = chr(start + offset)
    width = 2 if font.get("/Subtype") == "/Type0" else 1
    codes = [int.from_bytes(data[i:i + width], "big") for i in range(0, len(data), width)]
    return "".join(table.get(code, "?") for code in codes)


# --- overprint -------------------------------------------------------------------------

def painted_with_overprint(pdf: Path) -> list[tuple[int, str, tuple, dict[str, object]]]:
    """(page, "text" or "fill", the fill colour, the overprint state in force) of every
    text-showing and filling operator, read with pikepdf through q/Q and each `gs`'s
    ExtGState (/OP, /op, /OPM)."""
    found = []
    with pikepdf.open(pdf) as opened:
        for index, page in enumerate(opened.pages):
            for operands, name, state in under_graphics_state(
                    page, {"OP": False, "op": False, "OPM": 0, "fill": ()}):
                if name == "k":
                    state["fill"] = tuple(float(value) for value in operands)
                elif name == "scn":
                    state["fill"] = ("separation", *(float(value) for value in operands))
                elif name in ("Tj", "TJ", "'", '"'):
                    found.append((index, "text", state["fill"], dict(state)))
                elif name in ("f", "F", "f*", "B", "B*", "b", "b*"):
                    found.append((index, "fill", state["fill"], dict(state)))
    return found


def test_black_text_overprints_and_nothing_else_does(shop: Path) -> None:
    """Every run of 100 % K text in a shop file prints over what is under it (/op and /OP
    true, /OPM 1), so that it does not knock a hole in a tint (the brochure's flap, the
    folding card's panels, the safety plan's back cover); white, grey and coloured text
    and every filled shape (a QR code's modules, a tint) knock out."""
    black_runs = white_runs = 0
    for pdf in shop_pdfs(shop):
        for page, kind, fill, state in painted_with_overprint(pdf):
            where = (pdf.name, page, kind, fill, state)
            if kind == "text" and fill == (0, 0, 0, 1):
                black_runs += 1
                assert state["op"] is True and state["OP"] is True and state["OPM"] == 1, where
            else:
                white_runs += kind == "text" and fill == (0, 0, 0, 0)
                assert state["op"] is False and state["OP"] is False, where
    assert black_runs > 100 and white_runs > 0


def test_office_files_never_overprint(shop: Path) -> None:
    for pdf in sorted(shop.glob("en/*.pdf")):
        if pdf.name.endswith("-shop.pdf"):
            continue
        assert not any(state["op"] or state["OP"]
                       for *_, state in painted_with_overprint(pdf)), pdf.name


def test_an_iso_slug_names_its_trim_in_whole_millimetres(tmp_path: Path) -> None:
    """On A4 a piece's size is its TrimBox in millimetres: the ISO folding card is "85 ×
    220 mm" (a zero at the end of a whole number was stripped: "85 × 22 mm")."""
    from generator.commands.cli import main

    content = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    site = content / "site.yaml"
    site.write_text(english_only(site.read_text(encoding="utf-8")).replace(
        "paper: letter", "paper: a4").replace("card_size: us", "card_size: iso"),
        encoding="utf-8")
    assert main(["build", str(content), "--out", str(tmp_path / "out"), "--target", "shop",
                 "--format", "pocket-fold", "--no-previews"]) == 0
    pdf = tmp_path / "out" / "en" / "pocket-fold-shop.pdf"
    page = PdfReader(pdf).pages[0]
    x0, y0, x1, y1 = boxes(page)["/TrimBox"]
    size = f"{round((x1 - x0) / 72 * 25.4)} × {round((y1 - y0) / 72 * 25.4)} mm"
    assert size == "85 × 220 mm"
    media, bleed = boxes(page)["/MediaBox"], boxes(page)["/BleedBox"]
    text = pdfium.PdfDocument(str(pdf))[0].get_textpage().get_text_bounded(
        media[0], media[1], media[2], bleed[1])
    assert f" · {size} · " in " ".join(text.split())
