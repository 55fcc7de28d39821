"""The sticker in the sixteen languages a kit may print (issue 42), read back from its PDFs:
on Letter (3⅓ in) and A4 (85 mm) it prints its whole safety note, on a brand-colour foot
that runs to the die cut, and a caption under its QR code ("Scan to call"); the restroom
sticker its emergency sentence ("In an emergency, call 911."), the caption and what reaching
the line is like ("Free and private, any time."). Text is read with pdftotext, the colours
from pdfium's rendering; what the build must print is worked out from the catalogues."""

from __future__ import annotations

import html
import math
import re
import shutil
import subprocess
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from generator.i18n.localize import load_strings
from generator.layout.compose import fill
from generator.layout.paints import hex_rgb
from tests.conftest import DEFAULT_CONTENT
from tests.notes_truth import needs_pdftotext, spaceless
from tests.test_where_lines_print import run_cli

LANGUAGES = ("en", "es", "vi", "tl", "ar", "fa", "ur", "he", "bn", "am", "ru", "zh-Hans", "ko",
             "th", "hi", "fr")
MORE_ARTICLES = Path(__file__).parent / "fixtures" / "more-languages" / "articles"
ETHIOPIC = Path("/usr/share/fonts/truetype/noto/NotoSansEthiopic-Regular.ttf")
BRAND = "#2f5d62"

pytestmark = [needs_pdftotext, pytest.mark.skipif(
    not ETHIOPIC.is_file(), reason="needs Debian's fonts-noto-core (NotoSansEthiopic)")]


def sixteen_language_kit(folder: Path, paper: str, extra: str = "") -> Path:
    """The default kit printing all sixteen languages (Tagalog's article from the fixtures,
    Amharic with its Ethiopic face given in `fonts:`) on `paper`."""
    shutil.copytree(DEFAULT_CONTENT, folder)
    shutil.copy(MORE_ARTICLES / "trauma-bonding.tl.md", folder / "articles")
    (folder / "fonts").mkdir()
    shutil.copy(ETHIOPIC, folder / "fonts")
    site = folder / "site.yaml"
    text = re.sub(r"^languages: .*$", f"languages: [{', '.join(LANGUAGES)}]",
                  site.read_text(encoding="utf-8"), flags=re.MULTILINE)
    text = re.sub(r"^paper: \w+", f"paper: {paper}", text, flags=re.MULTILINE)
    site.write_text(text + f"fonts: {{am: fonts/{ETHIOPIC.name}}}\n{extra}", encoding="utf-8")
    return folder


@pytest.fixture(scope="module", params=["letter", "a4"])
def stickers(request: pytest.FixtureRequest,
             tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    root = tmp_path_factory.mktemp(f"stickers-{request.param}")
    kit = sixteen_language_kit(root / "kit", request.param)
    code, err = run_cli("build", kit, "--out", root / "out", "--no-previews", "--format",
                        "sticker", "--target", "shop")
    assert code == 0, err
    return kit, root / "out", err


@pytest.fixture(scope="module")
def restroom(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    root = tmp_path_factory.mktemp("restroom-stickers")
    kit = sixteen_language_kit(root / "kit", "letter", "sticker_discreet: true\n")
    code, err = run_cli("build", kit, "--out", root / "out", "--no-previews", "--format",
                        "sticker", "--target", "shop")
    assert code == 0, err
    return kit, root / "out", err


def said(string: str) -> str:
    """A catalogue string as it prints, in letters and digits (fill escapes it as markup)."""
    return spaceless(html.unescape(fill(string, emergency="911")))


def trim_of(pdf: Path) -> tuple[float, float, float, float]:
    """The shop page's trim box (left, bottom, right, top) in points."""
    return tuple(float(value) for value in PdfReader(pdf).pages[0].trimbox)  # type: ignore[return-value]


def text_in(pdf: Path, top: float, bottom: float | None = None) -> str:
    """pdftotext's letters and digits of the band of the page from `top` down to `bottom`
    (points from the page's top edge), across the whole page."""
    page = PdfReader(pdf).pages[0]
    width, height = float(page.mediabox.width), float(page.mediabox.height)
    bottom = height if bottom is None else bottom
    return spaceless(subprocess.run(
        ["pdftotext", "-r", "72", "-x", "0", "-y", str(int(top)), "-W", str(int(width) + 1),
         "-H", str(int(bottom - top) + 1), str(pdf), "-"],
        capture_output=True, text=True, check=True).stdout)


def foot_top(pdf: Path) -> float:
    """Where the brand colour begins (points from the page's top edge), read up from the
    cut a third of the radius left of the middle, clear of the text on it."""
    left, bottom, right, top = trim_of(pdf)
    page = pdfium.PdfDocument(str(pdf))[0]
    image = page.render(scale=2).to_pil().convert("RGB")
    height = float(page.get_height())
    radius = (right - left) / 2
    across = 0.7 * radius
    x = round((left + radius - across) * 2)
    cut = bottom + radius - math.sqrt(radius ** 2 - across ** 2)  # the cut below that point
    brand = tuple(round(channel * 255) for channel in hex_rgb(BRAND))
    y = round((height - cut) * 2) - 6
    foot = image.getpixel((x, y))
    # the shop file prints the brand colour in CMYK inks: near it on screen, not the same
    assert _near(foot, brand, 30), f"no brand colour at the foot: {foot}"
    while y > 0 and _near(image.getpixel((x, y)), foot, 8):
        y -= 1
    return y / 2


def _near(pixel: tuple[int, ...], colour: tuple[int, ...], tolerance: int) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour, strict=False))


def test_the_whole_safety_note_prints_in_every_language(stickers: tuple[Path, Path, str]) -> None:
    kit, out, err = stickers
    assert "printed the shorter" not in err
    for lang in LANGUAGES:
        pdf = out / lang / "sticker-shop.pdf"
        strings = load_strings(lang, kit)
        note = said(strings["safety_note"])
        caption = spaceless(strings["scan_tel"])
        # the note on the foot, the caption above it
        top = foot_top(pdf)
        assert note in text_in(pdf, top), lang
        assert caption in text_in(pdf, 0, top), lang


def test_the_foot_is_a_quarter_of_the_sticker_at_least(stickers: tuple[Path, Path, str]) -> None:
    _, out, _ = stickers
    for lang in ("en", "ar"):
        pdf = out / lang / "sticker-shop.pdf"
        left, bottom, right, top = trim_of(pdf)
        height = float(PdfReader(pdf).pages[0].mediabox.height)
        share = ((height - bottom) - foot_top(pdf)) / (top - bottom)
        assert 0.25 < share < 0.45, (lang, share)


def test_the_restroom_sticker_says_it_all_in_every_language(
        restroom: tuple[Path, Path, str]) -> None:
    kit, out, err = restroom
    assert "printed the shorter" not in err
    for lang in LANGUAGES:
        pdf = out / lang / "sticker-shop.pdf"
        strings = load_strings(lang, kit)
        top = foot_top(pdf)
        assert said(strings["emergency_note"]) in text_in(pdf, top)
        above = text_in(pdf, 0, top)
        assert spaceless(strings["scan_tel"]) in above, lang
        # the National Domestic Violence Hotline: toll-free, confidential, 24/7
        assert spaceless(strings["discreet_message"]) in above, lang
        # nothing of watching phones on an outside surface
        assert spaceless(strings["poster_discreet_note"]) not in text_in(pdf, 0), lang


def test_a_note_too_long_for_the_foot_prints_its_emergency_sentence_and_says_so(
        kit: Path, tmp_path: Path) -> None:
    """A site's own safety note, three times as long: the foot prints the emergency
    sentence alone, and the build warns, quoting both."""
    long_note = ("Use a phone or a computer the other person cannot check, borrow one from a "
                 "friend you trust, or use one at a library or a community centre, and clear "
                 "what you can afterwards. In an emergency, call {emergency}.")
    (kit / "locales").mkdir()
    (kit / "locales" / "en.yaml").write_text(f"safety_note: \"{long_note}\"\n",
                                             encoding="utf-8")
    code, err = run_cli("build", kit, "--out", tmp_path / "out", "--no-previews", "--format",
                        "sticker", "--target", "shop")
    assert code == 0, err
    shorter = [row for row in err.splitlines() if "slot 'note': printed the shorter" in row]
    assert len(shorter) == 1 and ": warning: " in shorter[0], err
    assert "Use a phone or a computer" in shorter[0]
    pdf = tmp_path / "out" / "en" / "sticker-shop.pdf"
    assert said("In an emergency, call {emergency}.") in text_in(pdf, foot_top(pdf))
    assert "borrow" not in text_in(pdf, 0)


def white_ink_rows(pdf: Path, top: float, cut: float) -> tuple[float, float]:
    """The first and last rows (points from the page's top edge) between `top` and the cut
    where the middle fifth of the sticker holds paper-white ink: the text set on the foot."""
    left, _, right, _ = trim_of(pdf)
    page = pdfium.PdfDocument(str(pdf))[0]
    image = page.render(scale=2).to_pil().convert("L")
    middle = (left + right) / 2
    span = (right - left) / 10
    band = image.crop((round((middle - span) * 2), round(top * 2) + 2,
                       round((middle + span) * 2), round(cut * 2) - 4))
    rows = [y for y in range(band.height)
            if band.crop((0, y, band.width, y + 1)).getextrema()[1] > 200]
    assert rows, "no white text on the foot"
    return top + (rows[0] + 2) / 2, top + (rows[-1] + 2) / 2


def test_the_restroom_stickers_sentence_stands_in_the_middle_of_its_foot(
        restroom: tuple[Path, Path, str]) -> None:
    """The emergency sentence alone hugged the top of the foot, three quarters of the field
    empty below it: it stands at the field's optical centre now, a little above the centre
    of gravity of the circle's segment (0.42 of the foot's height down). Measured on the
    white ink in the middle of the foot, from the field's top edge to the cut."""
    _, out, _ = restroom
    for lang in LANGUAGES:
        pdf = out / lang / "sticker-shop.pdf"
        left, bottom, right, top = trim_of(pdf)
        height = float(PdfReader(pdf).pages[0].mediabox.height)
        field_top, cut = foot_top(pdf), height - bottom
        first, last = white_ink_rows(pdf, field_top, cut)
        share = ((first + last) / 2 - field_top) / (cut - field_top)
        assert 0.35 <= share <= 0.5, (lang, round(share, 2))  # it stood at 0.29-0.32
