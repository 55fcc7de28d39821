"""How big a QR code is before it is drawn: the smallest symbol its payload fits at error
correction M (its version, as the `qrcode` package chooses it, from that package's own
capacity tables), the modules across it, and the print minimums (the code itself at least
0.75 in, no module under 0.4 mm, a 4-module quiet zone). Layout sizes a QR slot from these;
generator/render/qr.py draws the code from the same numbers."""

from __future__ import annotations

from generator.engine import remembered

ERROR_CORRECTION = 0  # qrcode.constants.ERROR_CORRECT_M (tests/test_qr.py): qrcode imported lazily
QUIET_ZONE_MODULES = 4
MIN_CODE_PT = 54.0  # 0.75 in
MIN_MODULE_PT = 0.4 * 72 / 25.4  # 0.4 mm


Matrix = tuple[tuple[bool, ...], ...]  # a code's modules, row by row (True = dark)


class QrError(ValueError):
    """A QR code that cannot be made or printed as asked; the message says why."""


def too_long(payload: str) -> QrError:
    return QrError(f"{len(payload)} characters is too much text for a QR code: use a "
                   "shorter link or a tel: code")


@remembered(512)
def qr_version(payload: str) -> int:
    """The version (1-40) of the smallest symbol that holds `payload`: the one qrcode's
    `make(fit=True)` picks, without placing the modules."""
    if not payload:
        raise QrError("a QR code needs something to encode, but the text is empty")
    import qrcode.exceptions  # only for a kit with a QR code

    code = qrcode.QRCode(version=None, error_correction=ERROR_CORRECTION, border=0)
    code.add_data(payload)
    try:
        return int(code.best_fit())
    except (qrcode.exceptions.DataOverflowError, ValueError):  # ValueError: over version 40
        raise too_long(payload) from None


def modules_across(payload: str) -> int:
    """Modules across the code itself, without its quiet zone."""
    return 17 + 4 * qr_version(payload)


def modules_with_quiet_zone(payload: str) -> int:
    """Modules across the whole symbol, quiet zone on both sides included."""
    return modules_across(payload) + 2 * QUIET_ZONE_MODULES


def symbol_share(payload: str) -> float:
    """The whole symbol's width (quiet zone included) over the code's own."""
    return modules_with_quiet_zone(payload) / modules_across(payload)


def min_symbol_size(payload: str) -> float:
    """The smallest total width in pt (quiet zone included) that meets both print minimums."""
    module = max(MIN_CODE_PT / modules_across(payload), MIN_MODULE_PT)
    return module * modules_with_quiet_zone(payload)
