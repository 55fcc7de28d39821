"""Render the README's pictures from the default kit: `python scripts/readme_images.py`."""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

import pypdfium2 as pdfium
from pypdf import PdfReader

from generator.commands.cli import main

REPO = Path(__file__).resolve().parent.parent
IMAGES = REPO / "docs" / "images"
DPI = 200
# Amharic needs a font from outside PyPI: Debian's fonts-noto-core has it.
ETHIOPIC = Path("/usr/share/fonts/truetype/noto/NotoSansEthiopic-Regular.ttf")
SHORT_ARTICLE = REPO / "tests" / "fixtures" / "articles" / "short" / "phone-privacy.en.md"
SECOND_ARTICLE = REPO / "docs" / "examples" / "two-articles" / "articles" / "missing-him.en.md"


def trimmed_pages(pdf: Path, dpi: int) -> list:
    """Each page cropped to its TrimBox (the card as it will be cut)."""
    images = []
    for page, reader_page in zip(pdfium.PdfDocument(str(pdf)), PdfReader(pdf).pages,
                                 strict=True):
        image = page.render(scale=dpi / 72).to_pil()
        x0, y0, x1, y1 = (float(v) for v in reader_page["/TrimBox"])
        height = float(reader_page.mediabox.height)
        k = dpi / 72
        images.append(image.crop((round(x0 * k), round((height - y1) * k),
                                  round(x1 * k), round((height - y0) * k))))
    return images


def main_images() -> int:
    IMAGES.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as out:
        if main(["build", str(REPO / "content"), "--out", out, "--target", "all",
                 "--no-previews"]) != 0:
            return 1
        en = Path(out) / "en"
        front, back = trimmed_pages(en / "pocket-card-shop.pdf", DPI)
        front.save(IMAGES / "pocket-card-front.png")
        back.save(IMAGES / "pocket-card-back.png")
        sheet = pdfium.PdfDocument(str(en / "pocket-card.pdf"))
        sheet[0].render(scale=60 / 72).to_pil().save(IMAGES / "pocket-card-sheet-fronts.png")
        sheet[1].render(scale=60 / 72).to_pil().save(IMAGES / "pocket-card-sheet-backs.png")
        for lang in ("ar", "zh-Hans", "es"):
            _, lang_back = trimmed_pages(Path(out) / lang / "pocket-card-shop.pdf", DPI)
            lang_back.save(IMAGES / f"pocket-card-back-{lang}.png")
        for name, file_name, dpi in (("brochure", "brochure", 70),
                                     ("pocket-fold", "pocket-fold", 70),
                                     ("safety-plan", "safety-plan", 70),
                                     ("poster", "poster-letter", 45)):
            pages = trimmed_pages(en / f"{file_name}-shop.pdf", dpi)
            for index, page in enumerate(pages, start=1):
                page.save(IMAGES / f"{name}-{index}.png")
        sticker_images(en)
        large_print_images(Path(out))
    with tempfile.TemporaryDirectory() as out:  # the right-to-left example: a UK kit in Arabic
        if main(["build", str(REPO / "docs" / "examples" / "uk-arabic"), "--out", out,
                 "--format", "pocket-card", "--target", "shop", "--no-previews"]) != 0:
            return 1
        _, back = trimmed_pages(Path(out) / "ar" / "pocket-card-shop.pdf", DPI)
        back.save(IMAGES / "pocket-card-back-ar-gb.png")
    return more_scripts_images() or article_length_images()


def sticker_images(en: Path) -> None:
    """The sticker as cut (its square trim, the circle inside it) and its office sheet."""
    (sticker,) = trimmed_pages(en / "sticker-shop.pdf", 90)
    sticker.save(IMAGES / "sticker-1.png")
    sheet = pdfium.PdfDocument(str(en / "sticker.pdf"))
    sheet[0].render(scale=40 / 72).to_pil().save(IMAGES / "sticker-sheet.png")


def large_print_images(out: Path) -> None:
    """The first page of large print, in English and in Arabic."""
    trimmed_pages(out / "en" / "large-print-shop.pdf", 45)[0].save(IMAGES / "large-print-1.png")
    trimmed_pages(out / "ar" / "large-print-shop.pdf", 45)[0].save(
        IMAGES / "large-print-ar-1.png")


def more_scripts_images() -> int:
    """Thai and Amharic card backs: the default kit in those languages, Amharic in the
    Ethiopic font a site gives (`fonts:` in site.yaml)."""
    if not ETHIOPIC.is_file():
        print(f"{ETHIOPIC} is missing (apt-get install fonts-noto-core)", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as folder:
        kit = Path(folder) / "content"
        shutil.copytree(REPO / "content", kit)
        (kit / "fonts").mkdir()
        for style in ("Regular", "Bold"):
            shutil.copy(ETHIOPIC.with_name(f"NotoSansEthiopic-{style}.ttf"), kit / "fonts")
        site = kit / "site.yaml"
        text = site.read_text(encoding="utf-8").replace("languages: [en, es, ar, zh-Hans]",
                                                        "languages: [th, am]")
        site.write_text(text + "fonts: {am: fonts/NotoSansEthiopic-Regular.ttf}\n",
                        encoding="utf-8")
        out = Path(folder) / "out"
        if main(["build", str(kit), "--out", str(out), "--format", "pocket-card",
                 "--target", "shop", "--no-previews"]) != 0:
            return 1
        for lang in ("th", "am"):
            _, back = trimmed_pages(out / lang / "pocket-card-shop.pdf", DPI)
            back.save(IMAGES / f"pocket-card-back-{lang}.png")
    return 0


def article_length_images() -> int:
    """The inside of the brochure for a short article (tests/fixtures/articles/short, about
    120 words: the type at its ceiling, the room filled) and a long one (the two articles of
    docs/examples/two-articles as one, about 900 words: the type shrunk)."""
    with tempfile.TemporaryDirectory() as folder:
        for name, slug in (("short", "phone-privacy"), ("long", "trauma-bonding")):
            kit = Path(folder) / name
            shutil.copytree(REPO / "content", kit)
            site = kit / "site.yaml"
            text = site.read_text(encoding="utf-8").replace(
                "languages: [en, es, ar, zh-Hans]", "languages: [en]")
            site.write_text(text.replace("article: trauma-bonding", f"article: {slug}"),
                            encoding="utf-8")
            article = kit / "articles" / f"{slug}.en.md"
            if name == "short":
                shutil.copy(SHORT_ARTICLE, article)
            else:
                second = SECOND_ARTICLE.read_text(encoding="utf-8").split("---", 2)[2]
                second = second[:second.index("## Sources")].strip()
                text = article.read_text(encoding="utf-8")
                article.write_text(text.replace("## Sources", f"{second}\n\n## Sources"),
                                   encoding="utf-8")
            out = Path(folder) / f"out-{name}"
            if main(["build", str(kit), "--out", str(out), "--format", "brochure", "--lang",
                     "en", "--target", "shop", "--no-previews"]) != 0:
                return 1
            _, inside = trimmed_pages(out / "en" / "brochure-shop.pdf", 70)
            inside.save(IMAGES / f"brochure-{name}.png")
    return 0


if __name__ == "__main__":
    sys.exit(main_images())
