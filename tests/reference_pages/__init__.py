"""Reference pages: every page of the default kit's office PDFs in English, Arabic, Chinese,
Thai and Hindi (a Latin, a right-to-left, a CJK, a Thai and an Indic script), rendered by
pdfium at 72 dpi and kept as PNG files in this folder
(`<lang>/<file>-<page>.png`). tests/test_reference_pages.py renders the pages again and
fails when one differs from its reference by more than a small share of its pixels.

After a deliberate change, look at every changed page (tests/reference_pages/changed/ holds
each new rendering and a picture of what differs), then accept them:
`python -m tests.reference_pages --accept` (or `make accept-pages`).
"""

from __future__ import annotations

import contextlib
import io
import json
import shutil
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image, ImageChops

from generator.commands.cli import main as havenprint

FOLDER = Path(__file__).resolve().parent
CHANGED = FOLDER / "changed"  # new renderings and differences, for a person to look at
VERSIONS = FOLDER / "versions.json"  # what rendered the references
LANGS = ("en", "ar", "zh-Hans", "th", "hi")
DPI = 72
# A pixel differs when one of its channels moved by more than this (of 255). Another pdfium
# build moves edges by a few levels (4 between pdfium 6462, in pypdfium2 4.30, and 8149), and
# the references, stored with 256 colours each, are off the rendering by at most about 30.
PIXEL_THRESHOLD = 48
# A page has changed when more than this share of its pixels differ (48 pixels of a Letter
# page at 72 dpi). A heading changed by one word is about 0.05 %; a changed colour, far more.
PAGE_TOLERANCE = 0.0001
TOOLS = ("pypdfium2", "reportlab", "pillow")


@dataclass(frozen=True)
class Change:
    page: str  # `<lang>/<file>-<page>`
    share: float  # of the page's pixels that differ; 1.0 for a page new, gone or resized
    reason: str

    def __str__(self) -> str:
        return f"{self.page}: {self.reason}"


def reference_content(folder: Path) -> Path:
    """The default content folder, copied into `folder`, printing every language of LANGS
    (the default kit prints four; the article is drafted in Thai and Hindi too)."""
    from tests.conftest import default_kit_in

    return default_kit_in(folder / "content", LANGS)


def build_kit(content: Path, out: Path, langs: Iterable[str] = LANGS,
              formats: Iterable[str] = ()) -> None:
    """The office PDFs of `content` in `langs`, one build for all of them."""
    argv = ["build", str(content), "--out", str(out), "--target", "office", "--no-previews"]
    argv += [arg for lang in langs for arg in ("--lang", lang)]
    argv += [arg for name in formats for arg in ("--format", name)]
    with contextlib.redirect_stdout(io.StringIO()):  # "wrote ..." for every file
        code = havenprint(argv)
    if code != 0:
        raise RuntimeError(f"havenprint build exited {code}")


def render_pages(out: Path, langs: Iterable[str] = LANGS) -> dict[str, Image.Image]:
    """Every page of every PDF in `out/<lang>/`, as RGB images at DPI, by `<lang>/<file>-<page>`."""
    pages = {}
    for lang in langs:
        for pdf in sorted((out / lang).glob("*.pdf")):
            document = pdfium.PdfDocument(str(pdf))
            try:
                for index in range(len(document)):
                    image = document[index].render(scale=DPI / 72).to_pil().convert("RGB")
                    pages[f"{lang}/{pdf.stem}-{index + 1}"] = image
            finally:
                document.close()
    return pages


def reference_path(page: str) -> Path:
    return FOLDER / f"{page}.png"


def differing_pixels(new: Image.Image, reference: Image.Image) -> Image.Image:
    """A mask (mode "1") of the pixels where a channel moved by more than PIXEL_THRESHOLD."""
    red, green, blue = ImageChops.difference(new, reference).split()
    largest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    return largest.point(lambda value: 255 if value > PIXEL_THRESHOLD else 0, mode="1")


def differing_share(new: Image.Image, reference: Image.Image) -> float:
    mask = differing_pixels(new, reference)
    return mask.histogram()[255] / (mask.width * mask.height)


def compare(pages: dict[str, Image.Image], only_rendered: bool = False) -> list[Change]:
    """What differs between `pages` and the references: pages changed beyond the
    tolerance, new, resized, or (unless `only_rendered`) gone."""
    changes = []
    for page, image in sorted(pages.items()):
        path = reference_path(page)
        if not path.is_file():
            changes.append(Change(page, 1.0, "new page, no reference"))
            continue
        with Image.open(path) as stored:
            reference = stored.convert("RGB")
        if reference.size != image.size:
            changes.append(Change(page, 1.0, f"size {image.size} instead of {reference.size}"))
            continue
        share = differing_share(image, reference)
        if share > PAGE_TOLERANCE:
            changes.append(Change(page, share, f"{share:.2%} of the pixels differ (tolerance "
                                               f"{PAGE_TOLERANCE:.2%})"))
    if not only_rendered:
        changes += [Change(page, 1.0, "gone: the kit no longer has this page")
                    for page in sorted(set(stored_pages()) - set(pages))]
    return changes


def stored_pages() -> list[str]:
    return sorted(path.relative_to(FOLDER).with_suffix("").as_posix()
                  for path in FOLDER.glob("*/*.png") if path.parent.name in LANGS)


def save_changes(changes: list[Change], pages: dict[str, Image.Image],
                 folder: Path = CHANGED) -> Path:
    """For each changed page: `<page>-new.png`, the rendering, and `<page>-diff.png`, the
    reference faded with the differing pixels in red. Earlier ones are removed first."""
    shutil.rmtree(folder, ignore_errors=True)
    for change in changes:
        image = pages.get(change.page)
        if image is None:
            continue
        target = folder / change.page
        target.parent.mkdir(parents=True, exist_ok=True)
        image.save(target.with_name(f"{target.name}-new.png"))
        reference = reference_path(change.page)
        if reference.is_file():
            with Image.open(reference) as stored:
                old = stored.convert("RGB")
            if old.size == image.size:
                difference_picture(image, old).save(target.with_name(f"{target.name}-diff.png"))
    return folder


def difference_picture(new: Image.Image, reference: Image.Image) -> Image.Image:
    faded = Image.blend(reference, Image.new("RGB", reference.size, "white"), 0.7)
    red = Image.new("RGB", reference.size, (220, 0, 0))
    return Image.composite(red, faded, differing_pixels(new, reference))


def accept(pages: dict[str, Image.Image]) -> list[Change]:
    """Store `pages` as the references (and drop pages the kit no longer has); what changed."""
    changes = compare(pages)
    for page, image in pages.items():
        path = reference_path(page)
        path.parent.mkdir(parents=True, exist_ok=True)
        image.quantize(256, dither=Image.Dither.NONE).save(path, optimize=True)
    for page in set(stored_pages()) - set(pages):
        reference_path(page).unlink()
    VERSIONS.write_text(json.dumps(tool_versions(), indent=2, sort_keys=True) + "\n",
                        encoding="utf-8")
    shutil.rmtree(CHANGED, ignore_errors=True)
    return changes


def tool_versions() -> dict[str, str]:
    return {name: metadata.version(name) for name in TOOLS}


def versions_note() -> str:
    """Which renderer versions differ from the references' (a likely cause of changes)."""
    if not VERSIONS.is_file():
        return ""
    stored = json.loads(VERSIONS.read_text(encoding="utf-8"))
    now = tool_versions()
    differ = [f"{name} {stored.get(name)} -> {now[name]}" for name in TOOLS
              if stored.get(name) != now[name]]
    return f"; rendered with other versions than the references: {', '.join(differ)}" \
        if differ else ""
