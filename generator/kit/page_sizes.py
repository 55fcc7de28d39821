"""The page sizes of a PDF havenprint drew, read with pikepdf (qpdf): index.html and
manifest.json list them whether or not previews are made."""

from __future__ import annotations

import io

import pikepdf

PageSize = tuple[float, float]  # width, height in points


class PdfLayoutError(ValueError):
    """Not a PDF whose pages can be read."""


def page_sizes(data: bytes) -> list[PageSize]:
    """The size of every page of the PDF `data` (its MediaBox), in points, in page order."""
    try:
        with pikepdf.open(io.BytesIO(data)) as pdf:
            boxes = [[float(value) for value in page.mediabox] for page in pdf.pages]
    except (pikepdf.PdfError, ValueError, TypeError) as error:
        raise PdfLayoutError(f"its pages cannot be read: {error}") from None
    return [(right - left, top - bottom) for left, bottom, right, top in boxes]
