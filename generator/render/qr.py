"""QR codes as vector shapes: payloads from resources, and drawing onto a ReportLab canvas.

Print rules: error correction M, a 4-module quiet zone painted white on every side,
dark modules on a light ground (never inverted), the code itself at least 0.75 in
(54 pt) wide and no module smaller than 0.4 mm. Codes are drawn from the module
matrix of the `qrcode` package as filled rectangles, never as an embedded image. The
sizes and minimums, which layout reads too, are generator/layout/qr_size.py's.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas

from generator.content.models import Resource
from generator.engine import remembered
from generator.layout.qr_size import (
    ERROR_CORRECTION,
    MIN_CODE_PT,
    MIN_MODULE_PT,
    QUIET_ZONE_MODULES,
    Matrix,
    QrError,
    min_symbol_size,
    too_long,
)

SEAM_OVERLAP_PT = 0.01  # each row reaches this far into the row below: no hairline seams
_SIZE_TOLERANCE_PT = 1e-6  # float slack, so that `min_symbol_size()` itself is accepted

_E164 = re.compile(r"\+[1-9]\d{1,14}")
_SHORT_CODE = re.compile(r"[0-9]{2,6}")  # 988, 911, 116123: dialled as they are
_SMS_NUMBER = re.compile(r"\+?\d{3,15}")
_SMS_SEPARATORS = re.compile(r"[\s\-.()]")

def payload_for(resource: Resource) -> str:
    """The text to encode for `resource.qr`: a tel: link, an SMSTO: message or a web address."""
    name = resource.name
    if resource.qr == "tel":
        if resource.phone is None:
            raise QrError(f'"{name}": the QR code should call a phone number, but none is given')
        e164 = resource.phone.e164.strip()
        if not (_E164.fullmatch(e164) or _SHORT_CODE.fullmatch(e164)):
            raise QrError(
                f'"{name}": the phone number {resource.phone.raw!r} is neither in international '
                f"form (+, country code, number) nor a short code, so it cannot be put in a QR code"
            )
        return f"tel:{e164}" + (f",{resource.phone.extension}" if resource.phone.extension
                                else "")
    if resource.qr == "sms":
        if resource.text is None:
            raise QrError(
                f'"{name}": the QR code should start a text message, but no text number is given'
            )
        number = resource.text.e164 or _SMS_SEPARATORS.sub("", resource.text.number)
        if not _SMS_NUMBER.fullmatch(number):
            raise QrError(
                f'"{name}": the text number {resource.text.number!r} is not a '
                f"short code or phone number"
            )
        keyword = (resource.text.keyword or "").strip()
        return f"SMSTO:{number}:{keyword}"
    if resource.qr == "url":
        if not resource.url:
            raise QrError(f'"{name}": the QR code should open a web address, but none is given')
        url = resource.url.strip()
        parts = urlsplit(url)
        if (
            parts.scheme.lower() not in ("http", "https")
            or not parts.netloc
            or re.search(r"\s", url)
        ):
            raise QrError(
                f'"{name}": the web address {resource.url!r} must start with '
                f"https:// (or http://) and contain no spaces"
            )
        return url
    raise QrError(f'"{name}": no QR action is set (expected "tel", "sms" or "url")')


@remembered(512)
def qr_matrix(payload: str) -> Matrix:
    """The module matrix for `payload` (True = dark), without quiet zone, as the `qrcode`
    package makes it; once per payload in a process."""
    if not payload:
        raise QrError("a QR code needs something to encode, but the text is empty")
    import qrcode.exceptions  # only for a kit with a QR code

    code = qrcode.QRCode(version=None, error_correction=ERROR_CORRECTION, border=0)
    code.add_data(payload)
    try:
        code.make(fit=True)
    except (qrcode.exceptions.DataOverflowError, ValueError):  # ValueError: over version 40
        raise too_long(payload) from None
    return tuple(tuple(bool(cell) for cell in row) for row in code.get_matrix())


def draw_qr(canvas: Canvas, x: float, y: float, size: float, payload: str) -> None:
    """Draw the symbol for `payload` with its lower-left corner at (x, y), `size` pt square.

    `size` includes the quiet zone, which is painted white; dark modules are gray-0 black,
    merged into one rectangle per horizontal run, all in a single non-zero-filled path.
    """
    matrix = qr_matrix(payload)
    modules = len(matrix)
    module = size / (modules + 2 * QUIET_ZONE_MODULES)
    code = module * modules
    if code < MIN_CODE_PT - _SIZE_TOLERANCE_PT:
        raise QrError(
            f"the QR code would be {code:.1f} pt wide without its quiet zone; "
            f"it must be at least {MIN_CODE_PT:g} pt (0.75 in) to scan reliably "
            f"(give it at least {min_symbol_size(payload):.1f} pt in all)"
        )
    if module < MIN_MODULE_PT - _SIZE_TOLERANCE_PT:
        raise QrError(
            f"the QR code's dots would be {module * 25.4 / 72:.2f} mm; they must be "
            f"at least 0.4 mm to print cleanly (give it at least "
            f"{min_symbol_size(payload):.1f} pt in all, or shorten the text)"
        )

    canvas.saveState()
    canvas.setFillGray(1)
    canvas.rect(x, y, size, size, stroke=0, fill=1)
    canvas.setFillGray(0)
    path = canvas.beginPath()
    top = y + size
    for r, row in enumerate(matrix):
        # Every edge is computed from its integer index, so neighbouring rows share edges.
        upper = top - (QUIET_ZONE_MODULES + r) * module
        lower = top - (QUIET_ZONE_MODULES + r + 1) * module
        if r < modules - 1:
            lower -= SEAM_OVERLAP_PT
        for start, end in _dark_runs(row):
            left = x + (QUIET_ZONE_MODULES + start) * module
            right = x + (QUIET_ZONE_MODULES + end) * module
            path.rect(left, lower, right - left, upper - lower)
    # Non-zero winding: the slight overlaps between rows must not cancel out as even-odd would.
    canvas.drawPath(path, stroke=0, fill=1, fillMode=FILL_NON_ZERO)
    canvas.restoreState()


def _dark_runs(row: tuple[bool, ...]) -> list[tuple[int, int]]:
    """(start, end) column pairs, end exclusive, of each horizontal run of dark modules."""
    runs: list[tuple[int, int]] = []
    start: int | None = None
    for col, dark in enumerate((*row, False)):
        if dark and start is None:
            start = col
        elif not dark and start is not None:
            runs.append((start, col))
            start = None
    return runs
