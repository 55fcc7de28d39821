"""PNG thumbnails of a PDF's pages (pypdfium2), for the contact sheet in index.html."""

from __future__ import annotations

import io
import re
import threading
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image
from reportlab.lib.colors import Color, HexColor

from generator.engine import remembered
from generator.layout.styles import INK, MUTED
from generator.render.draw import fill_colour
from generator.storage.write import write_atomic

PREVIEWS_FOLDER = "previews"
PREVIEW_DPI = 72  # a Letter page is 612 x 792 px: enough to recognise each page, and quick
PNG_COMPRESS_LEVEL = 1  # a little bigger than the default 6, and several times faster

# pdfium is not thread-safe: one call at a time in the process (the preview pipeline's
# thread, the web page's workers).
_PDFIUM = threading.Lock()


@dataclass(frozen=True)
class Preview:
    path: Path
    width: int  # pixels
    height: int


class PreviewPipeline:
    """Previews rendered on a thread of their own as each PDF is made, while the build draws
    the next one: pdfium and Pillow's encoder let go of the GIL, so a second core does them.
    `build_with_kit_files` feeds it each PDF the build draws (`build_kits`' pdf_callback)
    and hands it to `write_kit_files(previews=...)`; leaving the `with` block drops previews
    not started yet (after Ctrl-C) and waits for the one that is."""

    def __init__(self, out: Path, brand: str) -> None:
        self._out, self._brand = out, brand
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="havenprint-preview")
        self._rendering: dict[Path, Future[list[Preview]]] = {}

    def __enter__(self) -> PreviewPipeline:
        return self

    def __exit__(self, *_: object) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)

    def __call__(self, path: Path, lang: str, data: bytes) -> None:
        self._rendering[path] = self._pool.submit(
            render_previews, data, preview_folder(self._out, lang), path.stem, self._brand)

    def previews_of(self, path: Path) -> list[Preview]:
        return self._rendering.pop(path).result()


def preview_folder(out: Path, lang: str) -> Path:
    return out / PREVIEWS_FOLDER / lang


def preview_name(stem: str, page: int) -> str:
    """`pocket-card-p1.png`: `page` counts from 1."""
    return f"{stem}-p{page}.png"


@remembered(16)
def preview_palette(brand: str) -> Image.Image:
    """256 colours for the previews: the blends between the colours the layouts print (ink,
    muted text, black, white, the brand colour and its tints), so that anti-aliased edges
    keep their shades. Mapping a page onto a fixed palette is several times faster than
    finding a palette per page, and the same page always gives the same bytes."""
    black, white = (0, 0, 0), (255, 255, 255)
    colour = _rgb(HexColor(brand))
    ink, muted, tint = _rgb(INK), _rgb(MUTED), _rgb(fill_colour("tint", brand))
    ramps = [(black, white, 64), (colour, white, 48), (colour, black, 16), (ink, white, 32),
             (muted, white, 24), (tint, ink, 24), (tint, muted, 16), (colour, ink, 16)]
    colours = [_blend(start, end, step / (steps - 1))
               for start, end, steps in ramps for step in range(steps)]
    palette = Image.new("P", (1, 1))
    flat = [channel for rgb in colours[:256] for channel in rgb]
    palette.putpalette(flat + [255] * (768 - len(flat)))
    return palette


def _rgb(colour: Color) -> tuple[int, int, int]:
    return tuple(round(channel * 255) for channel in (colour.red, colour.green, colour.blue))


def _blend(start: tuple[int, ...], end: tuple[int, ...], amount: float) -> tuple[int, ...]:
    return tuple(round(a + (b - a) * amount) for a, b in zip(start, end, strict=True))


def render_previews(data: bytes, folder: Path, stem: str, brand: str,
                    dpi: int = PREVIEW_DPI) -> list[Preview]:
    """Write one PNG per page of the PDF `data` as `<folder>/<stem>-p<N>.png`, atomically;
    remove previews of pages that the PDF no longer has. The previews, page by page."""
    paths = []
    for index, png in enumerate(png_pages(data, brand, dpi)):
        path = folder / preview_name(stem, index + 1)
        write_atomic(path, png.data, durable=False)
        paths.append(Preview(path, png.width, png.height))
    _remove_stale(folder, stem, len(paths))
    return paths


@dataclass(frozen=True)
class PngPage:
    data: bytes
    width: int  # pixels
    height: int


def png_pages(data: bytes, brand: str, dpi: float = PREVIEW_DPI,
              trim: bool = False) -> Iterator[PngPage]:
    """Each page of the PDF `data` as a PNG in memory, in order (the files of
    `render_previews`, and the web page's previews); `trim`: only what is inside each
    page's TrimBox (a shop page without its bleed and crop marks)."""
    with _PDFIUM:
        document = pdfium.PdfDocument(data)
        count = len(document)
    try:
        for index in range(count):
            with _PDFIUM:
                page = document[index]
                if trim:
                    page.set_cropbox(*page.get_trimbox())
                bitmap = page.render(scale=dpi / 72, rev_byteorder=True, prefer_bgrx=True)
                # Pillow takes RGBX without a copy (the BGR default is decoded pixel by pixel);
                # the RGB conversion is the copy that outlives the bitmap.
                image = bitmap.to_pil().convert("RGB")
                bitmap.close()
                page.close()
            buffer = io.BytesIO()
            image.quantize(palette=preview_palette(brand), dither=Image.Dither.NONE).save(
                buffer, format="PNG", compress_level=PNG_COMPRESS_LEVEL)
            yield PngPage(buffer.getvalue(), image.width, image.height)
    finally:
        with _PDFIUM:
            document.close()


def _remove_stale(folder: Path, stem: str, pages: int) -> None:
    pattern = re.compile(rf"{re.escape(stem)}-p(\d+)\.png")
    for path in folder.glob(f"{glob_escape(stem)}-p*.png"):
        match = pattern.fullmatch(path.name)
        if match and int(match.group(1)) > pages:
            path.unlink(missing_ok=True)


def glob_escape(text: str) -> str:
    return re.sub(r"([*?\[])", r"[\1]", text)
