"""PNG thumbnails of a PDF's pages (pypdfium2), for the contact sheet in index.html."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image

from generator.write import write_atomic

PREVIEW_DPI = 72  # a Letter page is 612 x 792 px: enough to recognise each page, and quick
PALETTE_COLOURS = 256

PageSize = tuple[float, float]  # width, height in points


@dataclass(frozen=True)
class Preview:
    path: Path
    width: int  # pixels
    height: int


def page_sizes(data: bytes) -> list[PageSize]:
    """The size of every page of the PDF `data`, in points."""
    document = pdfium.PdfDocument(data)
    try:
        return [tuple(document[index].get_size()) for index in range(len(document))]
    finally:
        document.close()


def preview_name(stem: str, page: int) -> str:
    """`pocket-card-p1.png`: `page` counts from 1."""
    return f"{stem}-p{page}.png"


def render_previews(data: bytes, folder: Path, stem: str,
                    dpi: int = PREVIEW_DPI) -> list[Preview]:
    """Write one PNG per page of the PDF `data` as `<folder>/<stem>-p<N>.png`, atomically;
    remove previews of pages that the PDF no longer has. The previews, page by page."""
    document = pdfium.PdfDocument(data)
    paths = []
    try:
        for index in range(len(document)):
            page = document[index]
            image = page.render(scale=dpi / 72).to_pil()
            buffer = io.BytesIO()
            # 256 colours are plenty for a thumbnail: a third of the bytes, and faster to
            # compress than the full-colour image (FASTOCTREE is deterministic).
            image.quantize(PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE).save(
                buffer, format="PNG")
            path = folder / preview_name(stem, index + 1)
            write_atomic(path, buffer.getvalue())
            paths.append(Preview(path, image.width, image.height))
            page.close()
    finally:
        document.close()
    _remove_stale(folder, stem, len(paths))
    return paths


def _remove_stale(folder: Path, stem: str, pages: int) -> None:
    pattern = re.compile(rf"{re.escape(stem)}-p(\d+)\.png")
    for path in folder.glob(f"{glob_escape(stem)}-p*.png"):
        match = pattern.fullmatch(path.name)
        if match and int(match.group(1)) > pages:
            path.unlink(missing_ok=True)


def glob_escape(text: str) -> str:
    return re.sub(r"([*?\[])", r"[\1]", text)
