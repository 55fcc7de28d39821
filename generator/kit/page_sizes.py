"""The page sizes of a PDF havenprint drew, read with pdfium (pypdfium2, which renders the
previews): the web page's print notes for a file it holds as bytes (a build's index.html and
manifest.json take them from the canvas that drew them, generator/render/pdf_files.py's
Drawn). pdfium reads numbers as 32-bit floats: a size is exact to about 0.0001 pt, far
finer than the sizes said (inches to three figures, whole millimetres, a paper's name within
1 pt)."""

from __future__ import annotations

PageSize = tuple[float, float]  # width, height in points


class PdfLayoutError(ValueError):
    """Not a PDF whose pages can be read."""


def page_sizes(data: bytes) -> list[PageSize]:
    """The size of every page of the PDF `data`, in points, in page order."""
    import pypdfium2  # not for the commands that read no PDF

    try:
        document = pypdfium2.PdfDocument(data)
    except pypdfium2.PdfiumError as error:
        raise PdfLayoutError(f"its pages cannot be read: {error}") from None
    try:  # the size pdfium shows a page at: its MediaBox (havenprint sets no CropBox and
        # turns no page), read without loading the page (a millisecond a page)
        return [document.get_page_size(index) for index in range(len(document))]
    finally:
        document.close()
