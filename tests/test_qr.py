"""QR codes: payloads, size rules, and real decoding of the drawn vector symbols."""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import zxingcpp
from PIL import Image
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from generator.content.models import Phone, Resource, Source, TextLine
from generator.layout.qr_size import (
    MIN_CODE_PT,
    MIN_MODULE_PT,
    QUIET_ZONE_MODULES,
    QrError,
    min_symbol_size,
    modules_with_quiet_zone,
    qr_version,
)
from generator.render.qr import draw_qr, payload_for, qr_matrix

PAGE = (220.0, 220.0)
TEAL = (0.0, 0.30, 0.33)  # dark page background: the quiet zone must stay white on it
ORIGIN = (23.7, 31.3)  # off the pixel grid on purpose
HOTLINE = Phone(raw="1-800-799-7233", e164="+18007997233", display="1-800-799-7233")
LONG_URL = "https://example.org/help/" + "safety-planning-" * 12


def resource(**changes: object) -> Resource:
    fields: dict[str, object] = {
        "name": "Hotline",
        "phone": None,
        "tty": None,
        "text": None,
        "url": None,
        "hours": "24/7",
        "languages": ("en",),
        "qr": None,
        "verified": None,
        "required": False,
        "source": Source(Path("x"), 1),
    }
    fields.update(changes)
    return Resource(**fields)  # type: ignore[arg-type]


TEL = resource(phone=HOTLINE, qr="tel")
SMS = resource(text=TextLine("88788", "START"), qr="sms")
URL = resource(url="https://www.thehotline.org/", qr="url")


def pdf_with_qr(payload: str, size: float | None = None) -> bytes:
    """A one-page PDF: teal background, one QR symbol at ORIGIN."""
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=PAGE, invariant=1)
    canvas.setFillColorRGB(*TEAL)
    canvas.rect(0, 0, *PAGE, stroke=0, fill=1)
    draw_qr(canvas, *ORIGIN, size if size is not None else min_symbol_size(payload), payload)
    canvas.showPage()
    canvas.save()
    return buf.getvalue()


def render(pdf: bytes, dpi: float) -> Image.Image:
    page = pdfium.PdfDocument(pdf)[0]
    return page.render(scale=dpi / 72).to_pil().convert("RGB")


def decode(image: Image.Image) -> list[str]:
    found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode, try_invert=False)
    return [barcode.text for barcode in found]


def to_pixel(x: float, y: float, dpi: float) -> tuple[int, int]:
    """PDF point (origin bottom-left) to pixel (origin top-left)."""
    scale = dpi / 72
    return int(x * scale), int((PAGE[1] - y) * scale)


# --- payloads -------------------------------------------------------------------------------


def test_payload_for_each_action() -> None:
    assert payload_for(TEL) == "tel:+18007997233"
    assert payload_for(resource(qr="tel", phone=Phone("988", "988", "988"))) == "tel:988"
    assert payload_for(SMS) == "SMSTO:88788:START"
    assert payload_for(resource(text=TextLine("741 741"), qr="sms")) == "SMSTO:741741:"
    assert payload_for(URL) == "https://www.thehotline.org/"
    assert payload_for(resource(url="http://example.org/a", qr="url")) == "http://example.org/a"


@pytest.mark.parametrize(
    ("broken", "words"),
    [
        (resource(qr="tel", text=TextLine("88788")), "phone number"),
        (resource(qr="sms", phone=HOTLINE), "text number"),
        (resource(qr="url", phone=HOTLINE), "web address"),
        (resource(qr="url", url="ftp://example.org/file"), "https://"),
        (resource(qr="url", url="www.example.org"), "https://"),
        (resource(qr="tel", phone=Phone("555 0100", "5550100", "555 0100")), "international"),
        (resource(qr="tel", phone=Phone("555", "5-5", "555")), "short code"),
        (resource(phone=HOTLINE), "no QR action"),
    ],
)
def test_payload_for_says_what_is_missing(broken: Resource, words: str) -> None:
    with pytest.raises(QrError, match=words) as caught:
        payload_for(broken)
    assert "Hotline" in str(caught.value)


# --- matrix and sizes -----------------------------------------------------------------------


def test_the_error_correction_is_qrcodes_level_m() -> None:
    import qrcode.constants

    from generator.layout.qr_size import ERROR_CORRECTION

    assert ERROR_CORRECTION == qrcode.constants.ERROR_CORRECT_M


def test_matrix_is_cached_and_deterministic() -> None:
    payload = "tel:+18007997233"
    first = qr_matrix(payload)
    assert qr_matrix(payload) is first
    assert qr_matrix.__wrapped__(payload) == first  # a fresh computation gives the same code
    assert len(first) == 25 and all(len(row) == 25 for row in first)  # version 2, no border
    assert first[0][:7] == (True,) * 7  # finder pattern flush with the edge: no quiet zone
    assert modules_with_quiet_zone(payload) == 25 + 2 * QUIET_ZONE_MODULES


@pytest.mark.parametrize("length", [1, 14, 15, 26, 27, 120, 500, 1500, 2331])
def test_layout_sizes_a_code_from_the_symbol_render_draws(length: int) -> None:
    """Layout's version (no modules placed) is the one of the matrix render draws, across
    the version boundaries of byte mode at error correction M (14/15: version 1 to 2)."""
    payload = "https://e.org/" + "x" * max(0, length - 14) if length >= 14 else "9" * length
    drawn = len(qr_matrix(payload))
    assert drawn == 17 + 4 * qr_version(payload)
    assert modules_with_quiet_zone(payload) == drawn + 2 * QUIET_ZONE_MODULES


def test_a_payload_too_long_for_any_symbol_is_said_by_layout_as_by_render() -> None:
    payload = "https://e.org/" + "x" * 2400  # version 40 at M holds 2,331 bytes
    with pytest.raises(QrError, match="2414 characters is too much text") as sized:
        qr_version(payload)
    with pytest.raises(QrError) as drawn:
        qr_matrix(payload)
    assert str(sized.value) == str(drawn.value)


def test_min_symbol_size_meets_both_minimums() -> None:
    short = "tel:+18007997233"
    assert min_symbol_size(short) == pytest.approx(MIN_CODE_PT * 33 / 25)
    long_modules = len(qr_matrix(LONG_URL))
    assert MIN_CODE_PT / long_modules < MIN_MODULE_PT  # here the 0.4 mm rule decides
    assert min_symbol_size(LONG_URL) == pytest.approx(
        MIN_MODULE_PT * modules_with_quiet_zone(LONG_URL)
    )
    for payload in (short, LONG_URL):
        pdf_with_qr(payload, min_symbol_size(payload))  # exactly the minimum is fine
        with pytest.raises(QrError):
            pdf_with_qr(payload, min_symbol_size(payload) - 0.05)


def test_too_small_raises_plain_error() -> None:
    with pytest.raises(QrError, match="54 pt"):
        pdf_with_qr("tel:+18007997233", 60.0)
    code_only_54 = MIN_CODE_PT * modules_with_quiet_zone(LONG_URL) / len(qr_matrix(LONG_URL))
    with pytest.raises(QrError, match="0.4 mm"):
        pdf_with_qr(LONG_URL, code_only_54)


# --- drawing --------------------------------------------------------------------------------


def test_no_embedded_image() -> None:
    pdf = pdf_with_qr(payload_for(URL))
    assert b"/Subtype /Image" not in pdf
    assert b"/XObject" not in pdf


def fills(pdf: bytes) -> list[tuple[float, str, list[tuple[float, ...]]]]:
    """(gray, fill operator, rectangles) for each filled path in the page's content stream."""
    stream = PdfReader(io.BytesIO(pdf)).pages[0].get_contents()
    assert stream is not None
    result: list[tuple[float, str, list[tuple[float, ...]]]] = []
    operands: list[float] = []
    rects: list[tuple[float, ...]] = []
    gray = -1.0
    for token in stream.get_data().decode("latin-1").split():
        try:
            operands.append(float(token))
            continue
        except ValueError:
            pass
        if token == "g":
            gray = operands[-1]
        elif token == "re":
            rects.append(tuple(operands[-4:]))
        elif token in ("f", "f*"):
            result.append((gray, token, rects))
        if token in ("n", "f", "f*"):
            rects = []
        operands = []
    return result


def test_vector_modules_match_matrix_and_rows_abut() -> None:
    payload = payload_for(SMS)
    matrix = qr_matrix(payload)
    size = min_symbol_size(payload) + 3.3
    x0, y0 = ORIGIN
    module = size / modules_with_quiet_zone(payload)
    white, dark = fills(pdf_with_qr(payload, size))[-2:]

    assert white[0] == 1 and white[2] == [pytest.approx((x0, y0, size, size), abs=1e-3)]
    gray, operator, rects = dark
    assert gray == 0
    assert operator == "f"  # non-zero winding: overlapping rows must not cancel out

    covered: dict[tuple[int, int], tuple[float, float]] = {}  # cell -> (bottom, top) in pt
    for left, bottom, width, height in rects:
        start = (left - x0) / module - QUIET_ZONE_MODULES
        end = (left + width - x0) / module - QUIET_ZONE_MODULES
        row = (y0 + size - bottom - height) / module - QUIET_ZONE_MODULES
        for edge in (start, end, row):
            assert edge == pytest.approx(round(edge), abs=1e-3)  # exact module geometry
        assert module <= height <= module + 0.05
        assert not any((round(row), c) in covered for c in range(round(start) - 1, round(end) + 1))
        for col in range(round(start), round(end)):
            covered[(round(row), col)] = (bottom, bottom + height)

    dark_cells = {(r, c) for r, line in enumerate(matrix) for c, on in enumerate(line) if on}
    assert set(covered) == dark_cells  # right modules, and runs are merged into one rect each
    assert len(rects) < len(dark_cells)
    for (r, c), (bottom, _) in covered.items():
        if (r + 1, c) in covered:
            top_below = covered[(r + 1, c)][1]
            assert top_below - 0.05 < bottom < top_below  # slight overlap, no gap


@pytest.mark.parametrize("dpi", [150, 217, 300])
def test_no_seams_in_finder_pattern(dpi: int) -> None:
    payload = payload_for(TEL)
    size = min_symbol_size(payload)
    module = size / modules_with_quiet_zone(payload)
    image = render(pdf_with_qr(payload, size), dpi)
    x_mid = ORIGIN[0] + (QUIET_ZONE_MODULES + 0.5) * module  # left column of the finder pattern
    top = ORIGIN[1] + size - QUIET_ZONE_MODULES * module
    px, first = to_pixel(x_mid, top - 0.3 * module, dpi)
    _, last = to_pixel(x_mid, top - 6.7 * module, dpi)
    column = [image.getpixel((px, py)) for py in range(first, last + 1)]
    assert max(max(pixel) for pixel in column) < 40  # solid black, no light hairline


@pytest.mark.parametrize("dpi", [150, 300])
def test_quiet_zone_is_white_on_coloured_page(dpi: int) -> None:
    payload = payload_for(TEL)
    size = min_symbol_size(payload)
    module = size / modules_with_quiet_zone(payload)
    image = render(pdf_with_qr(payload, size), dpi)
    x0, y0 = ORIGIN
    x1, y1 = x0 + size, y0 + size
    inner, outer = 0.3 * module, (QUIET_ZONE_MODULES - 0.3) * module
    bands = [  # (left, bottom, right, top) in pt: the four sides of the quiet zone
        (x0 + inner, y0 + inner, x1 - inner, y0 + outer),
        (x0 + inner, y1 - outer, x1 - inner, y1 - inner),
        (x0 + inner, y0 + inner, x0 + outer, y1 - inner),
        (x1 - outer, y0 + inner, x1 - inner, y1 - inner),
    ]
    for left, bottom, right, top in bands:
        band = image.crop((*to_pixel(left, top, dpi), *to_pixel(right, bottom, dpi)))
        assert band.size[0] > 0 and band.size[1] > 0
        assert min(low for low, _ in band.getextrema()) >= 250, (left, bottom, right, top)
    # just outside the symbol the page is still teal, so the white really is the quiet zone
    for x, y in ((x0 - 1, y0 + size / 2), (x1 + 1, y0 + size / 2), (x0 + size / 2, y1 + 1)):
        r, g, b = image.getpixel(to_pixel(x, y, dpi))
        assert r < 20 and 60 < g < 100 and 70 < b < 105


@pytest.mark.parametrize("dpi", [150, 300])
@pytest.mark.parametrize("source", [TEL, SMS, URL], ids=["tel", "sms", "url"])
def test_decodes_at_minimum_size(source: Resource, dpi: int) -> None:
    payload = payload_for(source)
    size = min_symbol_size(payload)
    code = size * len(qr_matrix(payload)) / modules_with_quiet_zone(payload)
    assert code == pytest.approx(MIN_CODE_PT)  # short payloads: the 0.75 in rule decides
    assert decode(render(pdf_with_qr(payload, size), dpi)) == [payload]


def test_long_url_decodes_at_minimum_module_size() -> None:
    assert decode(render(pdf_with_qr(LONG_URL), 300)) == [LONG_URL]


# Every kind of payload a line can give, at the QR versions they take: version 1 (the largest
# symbol for its data, since the 54 pt minimum spreads over only 21 modules plus the quiet
# zone), 2 and 3, and a long web address where the 0.4 mm module rule decides.
EVERY_PAYLOAD = ("tel:988", "SMSTO:88788:START", "SMSTO:85258:shout", "tel:+18007997233",
                 "tel:+448082000247", "SMSTO:+447700900123:SAFETYPLANNOW",
                 "https://www.thehotline.org", "https://www.thehotline.org/get-help",
                 "https://example.org/help/" + "safety-planning-" * 5)


def qr_slots() -> list[tuple[str, str, float]]:
    from generator.content.layouts import LAYOUTS_DIR, available_layouts
    from generator.layout.geometry import slot_rect

    slots = []
    for name, layout in available_layouts(LAYOUTS_DIR).items():
        for size_name, size in layout.spec.sizes.items():
            for face in layout.spec.faces.values():
                for slot in face.slots:
                    if slot.kind == "qr":
                        box = slot_rect(slot, size, face)
                        slots.append((name, size_name, min(box.width, box.height),
                                      slot.quiet_zone == "margin"))
    return slots


@pytest.mark.parametrize(("layout", "size", "room", "quiet_zone_outside"), qr_slots())
def test_every_payload_fits_every_size(layout: str, size: str, room: float,
                                       quiet_zone_outside: bool) -> None:
    """The box holds the whole symbol, or (quiet_zone: margin) the code itself, whose
    quiet zone lies in the margin around it."""
    assert {len(qr_matrix(payload)) for payload in EVERY_PAYLOAD} >= {21, 25, 29, 41}
    for payload in EVERY_PAYLOAD:
        modules = len(qr_matrix(payload))
        share = (modules + 8) / modules if quiet_zone_outside else 1.0
        assert min_symbol_size(payload) <= room * share + 0.01, (layout, size, payload)
