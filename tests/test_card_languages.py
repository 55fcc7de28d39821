"""The pocket card and the folding card in sixteen languages (the default kit's fifteen and
Tagalog), read back from the office PDFs: the ways to reach a line printed as words (the
texting sentence with its verb, "TTY"), the card's line on at least 15 of 16 card backs on
US and ISO cards and with a texting QR code, in every language of the default kit (where it
gives way, the build says the folding card prints it), a caption
under every QR code, and the type floors measured on the page (8 pt; 9 pt in scripts whose
letters join or stack; numbers 13 pt)."""

from __future__ import annotations

import re
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from generator.commands.cli import main
from generator.content.placeholders import substitute
from generator.content.web_address import typed_address
from generator.layout.paints import TEXT_PAINTS, hex_rgb
from generator.pipeline.kit_checks import load_checked_kit
from tests.conftest import (
    beyond_bleed,
    bleed_box,
    decode_qr_codes,
    default_kit_in,
    drawn_text,
    drawn_text_sizes,
    edit,
    glyphs_only,
    inked_chars,
    sixteen_language_kit,
)
from tests.pdf_paint import page_marks

FIXTURES = Path(__file__).parent / "fixtures"
ETHIOPIC = Path("/usr/share/fonts/truetype/noto/NotoSansEthiopic-Regular.ttf")
LANGUAGES = ("en", "es", "ar", "zh-Hans", "vi", "fr", "ru", "fa", "ur", "he", "hi", "ko", "th",
             "bn", "am", "tl")
RIGHT_TO_LEFT = ("ar", "fa", "ur", "he")
# design.md's floors: 9 pt for scripts whose letters join or whose marks stack (their
# shaped glyphs may read back as private-use characters: counted with them)
FINE_MARKS = re.compile("[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff"
                        "\u0900-\u097f\u0980-\u09ff\u0e00-\u0e7f\u1200-\u139f"
                        "\ue000-\uf8ff]")
CARD_LINE_AT_LEAST = 15
DEFAULT_KIT = ("en", "es", "ar", "zh-Hans")
MARGIN_NOTE_BELOW = 30.0  # the office sheet's print note, cut off, stands this low
_BIDI_CONTROLS = dict.fromkeys(map(ord, "\u200e\u200f\u2066\u2067\u2068\u2069\u202a\u202b"
                                        "\u202c\u202d\u202e\u00ad"))


def _languages() -> tuple[str, ...]:
    """Amharic needs a font havenprint has none for (Debian's fonts-noto-core has one)."""
    return LANGUAGES if ETHIOPIC.is_file() else tuple(lang for lang in LANGUAGES if lang != "am")


def _kit(folder: Path, card_size: str) -> Path:
    return sixteen_language_kit(folder, card_size, _languages())


def _build(root: Path, card_size: str, formats: tuple[str, ...],
           target: str = "office") -> tuple[Path, Path]:
    content = _kit(root / "content", card_size)
    out = root / "out"
    argv = ["build", str(content), "--out", str(out), "--target", target, "--no-previews",
            "--jobs", "2"]
    for name in formats:
        argv += ["--format", name]
    assert main(argv) == 0
    return content, out


@pytest.fixture(scope="module")
def us(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    return _build(tmp_path_factory.mktemp("us"), "us", ("pocket-card", "pocket-fold"))


@pytest.fixture(scope="module")
def us_shop(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """One card, one strip a page: pdfium places a line's characters where it stands (on
    an office sheet it reads a right to left line in the stamped face's own coordinates)."""
    return _build(tmp_path_factory.mktemp("us-shop"), "us", ("pocket-card", "pocket-fold"),
                  "shop")


@pytest.fixture(scope="module")
def us_sms(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The same kit whose first line's QR code starts a text message ("Scan to text",
    longer in most languages: the teen pack's texting code lost its caption)."""
    root = tmp_path_factory.mktemp("us-sms")
    content = _kit(root / "content", "us")
    edit(content / "resources.yaml", "    qr: tel ", "    qr: sms ")
    out = root / "out"
    assert main(["build", str(content), "--out", str(out), "--target", "office",
                 "--no-previews", "--jobs", "2", "--format", "pocket-card", "--format",
                 "pocket-fold"]) == 0
    return content, out


@pytest.fixture(scope="module")
def iso(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    return _build(tmp_path_factory.mktemp("iso"), "iso", ("pocket-card",))


def comparable(text: str) -> str:
    """Text as a reader copies it, compared without spaces, line ends and the invisible
    marks that keep numbers left to right."""
    return "".join(unicodedata.normalize("NFC", text).translate(_BIDI_CONTROLS).split())


def letters(text: str) -> str:
    """Its letters, marks and digits alone: poppler orders the neutral characters between
    the runs of a right-to-left line as it sees them ("88788 · على" read "· 88788على")."""
    return "".join(char for char in unicodedata.normalize("NFC", text)
                   if unicodedata.category(char)[0] in "LNM")


def poppler_text(pdf: Path, page: int, raw: bool = False) -> str:
    """The page's text as poppler reads it: laid out, or (`raw`) in the order it is drawn,
    which keeps a caption's two lines together beside the lines it stands by."""
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext not installed (Debian package poppler-utils)")
    return subprocess.run(["pdftotext", *(["-raw"] if raw else []), "-f", str(page), "-l",
                           str(page), str(pdf), "-"],
                          capture_output=True, text=True, check=True).stdout


def texting_sentences(content: Path, lang: str) -> list[str]:
    """Each line's texting sentence as the catalogue words it ("Text START to 88788",
    "أرسل START إلى 88788"), its verb included."""
    kit = load_checked_kit(content)
    strings = kit.strings[lang]
    found = []
    for line in kit.resources:
        if line.text is None:
            continue
        key = "text_keyword_to" if line.text.keyword else "text_to"
        found.append(substitute(strings[key], {"keyword": line.text.keyword or "",
                                               "number": line.text.number}))
    return found


def ink_under(pdf: Path, page_index: int, needle: str) -> bool:
    """Whether the page has ink along the line where pdfium reads `needle`: a right to
    left line is read from an unseen anchor glyph of a point's size at the left end of
    the line, on its baseline (generator/i18n/bidi_text.py's _draw_anchor), which pdfium
    spreads the line's characters over; the band from there a few letters' width to the
    right, and from the baseline to a letter's height above, is where the line's first
    glyphs stand (the anchor alone is narrower than a letter's side bearing)."""
    page = pdfium.PdfDocument(str(pdf))[page_index]
    text = page.get_textpage()
    hit = text.search(needle).get_next()
    assert hit is not None, needle
    boxes = [text.get_charbox(index) for index in range(hit[0], hit[0] + hit[1])]
    left = min(box[0] for box in boxes)
    right = max(max(box[2] for box in boxes), left + 12)
    bottom, top = min(box[1] for box in boxes) - 1, max(box[3] for box in boxes) + 8
    scale = 4
    image = page.render(scale=scale).to_pil().convert("L")
    height = page.get_height()
    band = image.crop((round(left * scale), round((height - top) * scale),
                       round(right * scale) + 1, round((height - bottom) * scale) + 1))
    return band.getextrema()[0] < 128


@pytest.mark.parametrize("layout", ["pocket-card", "pocket-fold"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_tty_and_texting_are_words_on_every_back(us_shop: tuple[Path, Path], lang: str,
                                                 layout: str) -> None:
    """"TTY" and the texting sentence, verb and all, read back by poppler on the back of
    every card and folding card, and in ink: drawn visibly (not as text render mode 3);
    on a right-to-left page, whose lines are read from an unseen anchor stretched over
    each line, there is ink where the line stands."""
    if lang not in _languages():
        pytest.skip("no Ethiopic font (Debian package fonts-noto-core)")
    content, out = us_shop
    pdf = out / lang / f"{layout}-shop.pdf"
    copied = letters(poppler_text(pdf, 2))
    shown = letters(drawn_text(pdf, 1))
    assert "TTY" in copied
    for sentence in texting_sentences(content, lang):
        assert letters(sentence) in copied, (sentence, copied)
    if lang in RIGHT_TO_LEFT:
        assert ink_under(pdf, 1, "TTY")
        for sentence in texting_sentences(content, lang):
            assert ink_under(pdf, 1, sentence.split()[0])
    else:
        assert "TTY" in shown
        for sentence in texting_sentences(content, lang):
            assert letters(sentence) in shown, (sentence, shown)


def _card_line_printed(content: Path, out: Path, lang: str) -> bool:
    kit = load_checked_kit(content)
    line = kit.articles[lang].card_line
    assert line
    return letters(line) in letters(poppler_text(out / lang / "pocket-card.pdf", 2))


@pytest.mark.parametrize("size", ["us", "iso", "us_sms"])
def test_the_card_line_prints_on_most_card_backs(request: pytest.FixtureRequest,
                                                 size: str) -> None:
    """On at least 15 of 16 card backs, and in every language of the default kit: with a
    texting QR code, whose three-line caption ("Escanee / para enviar / un mensaje") takes
    the room under the code, the line is set in the lines' column beside it (es and fr
    left it out)."""
    content, out = request.getfixturevalue(size)
    languages = _languages()
    printed = [lang for lang in languages if _card_line_printed(content, out, lang)]
    assert len(printed) >= CARD_LINE_AT_LEAST - (len(LANGUAGES) - len(languages)), \
        sorted(set(languages) - set(printed))
    assert set(DEFAULT_KIT) <= set(printed), sorted(set(DEFAULT_KIT) - set(printed))


def _word_boxes(pdf: Path, page: int) -> list[tuple[str, float, float, float, float]]:
    """(word, left, top, right, bottom) of every word poppler reads on the page."""
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext not installed (Debian package poppler-utils)")
    xml = subprocess.run(["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(pdf),
                          "-"], capture_output=True, text=True, check=True).stdout
    return [(word, float(x0), float(y0), float(x1), float(y1)) for x0, y0, x1, y1, word
            in re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" '
                          r'yMax="([\d.]+)">([^<]*)</word>', xml)]


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_a_card_line_beside_a_long_caption_keeps_clear_of_it(us_sms: tuple[Path, Path],
                                                             lang: str) -> None:
    """Set in the lines' column, the card's line stands beside the caption's last lines:
    no word of it touches a word of the caption, and it keeps above the safety note."""
    content, out = us_sms
    kit = load_checked_kit(content)
    pdf = out / lang / "pocket-card.pdf"
    assert _card_line_printed(content, out, lang)
    words = _word_boxes(pdf, 2)

    def long_words(text: str) -> set[str]:  # words of 4 letters or more: few in two texts
        return {word for word in text.split() if len(word) > 3}

    line_words = long_words(kit.articles[lang].card_line)
    caption_words = long_words(kit.strings[lang]["scan_sms"])
    note_words = long_words(substitute(kit.strings[lang]["safety_note"], {"emergency": "911"}))
    line = [box for box in words if box[0] in line_words - caption_words - note_words]
    caption = [box for box in words if box[0] in caption_words - line_words - note_words]
    note = [box for box in words if box[0] in note_words - line_words - caption_words]
    assert line and caption and note
    for _, left, top, right, bottom in line:
        for _, c_left, c_top, c_right, c_bottom in caption:
            assert right <= c_left or c_right <= left or bottom <= c_top or c_bottom <= top
    # each card's line ends above its card's safety note (the nearest one below it)
    for _, left, top, _right, bottom in line:
        below = [n_top for _, n_left, n_top, _n_right, _ in note
                 if n_top >= top and abs(n_left - left) < 200]
        assert below and bottom <= min(below) + 0.5


def test_a_card_line_that_gives_way_is_told_with_where_it_prints(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Vietnamese names wrap on a US card: its line gives way, and the build says the
    folding card carries it (and prints it there)."""
    content = default_kit_in(tmp_path / "content", ("vi",))
    out = tmp_path / "out"
    assert main(["build", str(content), "--out", str(out), "--format", "pocket-card",
                 "--format", "pocket-fold", "--target", "office", "--no-previews"]) == 0
    err = capsys.readouterr().err
    if _card_line_printed(content, out, "vi"):
        pytest.skip("the Vietnamese card line fits the card now: nothing gives way")
    assert ("slot 'card_line': left out: the lines need its room; it prints on the folding "
            "pocket card [vi]") in err
    line = load_checked_kit(content).articles["vi"].card_line
    assert letters(line) in letters(poppler_text(out / "vi" / "pocket-fold.pdf", 1))
    assert main(["build", str(content), "--out", str(tmp_path / "card"), "--format",
                 "pocket-card", "--target", "office", "--no-previews"]) == 0
    assert "none of the pieces built prints it [vi]" in capsys.readouterr().err


@pytest.mark.parametrize("layout", ["pocket-card", "pocket-fold"])
@pytest.mark.parametrize("lang", ["en", "ru", "ar", "th"])
def test_every_qr_code_has_its_caption(us: tuple[Path, Path], lang: str, layout: str) -> None:
    """As many "Scan to call" captions as QR codes on the back sheet (ten cards, two
    strips): the Russian folding card's caption gave way."""
    content, out = us
    pdf = out / lang / f"{layout}.pdf"
    codes = decode_qr_codes(pdf, 1)
    caption = load_checked_kit(content).strings[lang]["scan_tel"]
    copied = letters(poppler_text(pdf, 2, raw=True))
    assert codes and copied.count(letters(caption)) == len(codes), (caption, len(codes))


def _sizes(pdf: Path, page_index: int) -> list[tuple[float, str]]:
    """(size in points, text) of every piece of text drawn in ink on the sheet's cards,
    not its print note (cut off, below them)."""
    return [(size, text) for size, text, baseline in drawn_text_sizes(pdf, page_index)
            if baseline > MARGIN_NOTE_BELOW]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_type_floors_on_the_card_back(us: tuple[Path, Path], lang: str) -> None:
    if lang not in _languages():
        pytest.skip("no Ethiopic font (Debian package fonts-noto-core)")
    _, out = us
    for layout in ("pocket-card", "pocket-fold"):
        sizes = _sizes(out / lang / f"{layout}.pdf", 1)
        assert sizes
        for size, text in sizes:
            floor = 9.0 if FINE_MARKS.search(text) else 8.0
            assert size >= floor - 0.01, (layout, size, text)
        numbers = [size for size, text in sizes if "799" in text or "7233" in text]
        assert numbers and min(numbers) >= 13 - 0.01, (layout, numbers)


# The card line is the back's only bold type below the number's size (the lines' names,
# details, caption and note are regular; numbers and a texting line's hero 13 pt at least).
CARD_LINE_BELOW_PT = 12.0
INK_RGB = tuple(round(channel, 3) for channel in hex_rgb(TEXT_PAINTS["ink"].fixed or ""))


def _card_line_colours(pdf: Path) -> set[tuple[str, tuple[float, ...]]]:
    marks, _ = page_marks(PdfReader(pdf), 1)
    return {(mark.colour.space, tuple(round(value, 3) for value in mark.colour.values))
            for mark in marks if mark.kind == "text" and "bold" in mark.font.lower()
            and mark.size < CARD_LINE_BELOW_PT}


@pytest.mark.parametrize("lang", ["en", "ar", "th", "zh-Hans", "fr"])
def test_the_card_line_is_one_colour_in_every_language(us: tuple[Path, Path],
                                                       us_shop: tuple[Path, Path],
                                                       lang: str) -> None:
    """The card line printed dark grey (the brand colour at 8 pt bold, in black ink alone)
    in English and Chinese and in the brand's inks where a script sets it at 9 pt (Arabic,
    Thai): it is in ink, 100 % black in the shop file and the ink colour in the office
    file, whatever the script."""
    (_, office), (_, shop) = us, us_shop
    assert _card_line_colours(shop / lang / "pocket-card-shop.pdf") == {
        ("DeviceCMYK", (0.0, 0.0, 0.0, 1.0))}
    assert _card_line_colours(office / lang / "pocket-card.pdf") == {("DeviceRGB", INK_RGB)}


def _separator_gaps(pdf: Path, page_index: int) -> list[tuple[str, float]]:
    """For each middle dot between two items on one line: the text around it and the gap
    from the ink of the character before it to the character after it, in ems of its size."""
    import pypdfium2.raw as pdfium_c

    text = pdfium.PdfDocument(str(pdf))[page_index].get_textpage()
    bleed = bleed_box(pdf, page_index)
    chars = [(text.get_text_range(index, 1), text.get_charbox(index),
              pdfium_c.FPDFText_GetFontSize(text.raw, index))
             for index in range(text.count_chars())
             if not beyond_bleed(text.get_charbox(index), bleed)]  # not the slug line
    gaps = []
    for index, (char, (_, bottom, _, top), size) in enumerate(chars):
        if char != "\u00b7":
            continue
        before = next(c for c in reversed(chars[:index]) if c[0].strip())
        after = next(c for c in chars[index + 1:] if c[0].strip())
        if before[1][1] > top or before[1][3] < bottom or after[1][1] > top or after[1][3] < bottom:
            continue  # the items stand on two lines
        around = before[0] + "".join(c[0] for c in chars[index:index + 3])
        gaps.append((around, (after[1][0] - before[1][2]) / size))
    return gaps


def test_chinese_items_are_separated_by_a_tight_middle_dot(us_shop: tuple[Path, Path]) -> None:
    """"TTY: 1-800-787-3224 · 全天24小时": the CJK font's middle dot is a full em, centred,
    with a space either side the items stood about 1.5 em apart. In Chinese the dot is set
    tight (a line may break before it, not after), "3224·全天 24 小时"; in English it keeps
    its spaces. Read back from the PDF's characters and where they stand."""
    _, out = us_shop
    chinese = _separator_gaps(out / "zh-Hans" / "pocket-card-shop.pdf", 1)
    assert chinese, drawn_text(out / "zh-Hans" / "pocket-card-shop.pdf", 1)
    for around, gap in chinese:
        assert " " not in around, around
        assert gap < 1.25, (around, gap)
    shown = drawn_text(out / "zh-Hans" / "pocket-card-shop.pdf", 1)
    assert "3224·全天 24 小时" in shown and " · " not in shown, shown
    english = _separator_gaps(out / "en" / "pocket-card-shop.pdf", 1)
    assert english and all(" " in around for around, _ in english), english


def test_a_packs_own_card_line_prints_on_its_cards(tmp_path: Path) -> None:
    """A teen pack's card_line ("Someone to talk to, any time.") was left out of its cards:
    it prints on the pack's pocket card and, as the line of the pack's first article, on its
    folding card's panel of its own."""
    from tests.test_audiences import TEEN_CARD_LINE, teen_kit

    content = teen_kit(tmp_path)
    out = tmp_path / "out"
    assert main(["build", str(content), "--out", str(out), "--format", "pocket-card",
                 "--format", "pocket-fold", "--target", "office", "--no-previews"]) == 0
    card = letters(poppler_text(out / "teen" / "en" / "pocket-card.pdf", 2))
    fold = letters(poppler_text(out / "teen" / "en" / "pocket-fold.pdf", 1))
    assert letters(TEEN_CARD_LINE) in card
    assert letters(TEEN_CARD_LINE) in fold


@pytest.mark.parametrize("layout", ["pocket-card", "pocket-fold"])
def test_a_texting_codes_caption_prints_in_every_language(us_sms: tuple[Path, Path],
                                                         layout: str) -> None:
    """"Scan to text" under every QR code that texts, in all sixteen languages, on both
    cards (a caption never gives way: the card's line does, the folding card gave it room)."""
    content, out = us_sms
    assert decode_qr_codes(out / "en" / f"{layout}.pdf", 1)[0].startswith("SMSTO:88788")
    kit = load_checked_kit(content)
    per_sheet = 10 if layout == "pocket-card" else 2
    missing = [lang for lang in _languages()
               if captions(poppler_text(out / lang / f"{layout}.pdf", 2, raw=True),
                           kit.strings[lang]["scan_sms"], lang) != per_sheet]
    assert missing == []


def captions(text: str, caption: str, lang: str) -> int:
    """How many times `caption` is in `text`; a right-to-left one by its words, which
    poppler gives a line of in the order they stand (the last read first)."""
    if lang not in RIGHT_TO_LEFT:
        return letters(text).count(letters(caption))
    read = [letters(word) for word in text.split()]
    return min(read.count(letters(word)) for word in caption.split())


# Backs of the sixteen that print each line's web address (thehotline.org, 988lifeline.org:
# the 988 line's chat), read back by poppler: where "Text START to 88788 · thehotline.org"
# wraps, the address stands at the end of the texting row or of the number's row ("988
# 988lifeline.org": generator/layout/beside_rows.py). Before it, 988lifeline.org printed on
# 3 US and 4 ISO backs, thehotline.org on 9 and 7 (the floors of test_card_addresses.py).
ADDRESSES_AT_LEAST = 14


def _web_addresses(content: Path) -> list[str]:
    """What the card prints for each line's website beside its numbers (the kit's data)."""
    kit = load_checked_kit(content)
    return [typed_address(line.url) for line in kit.resources
            if line.url and (line.phone or line.text or line.tty)]


def _inked_glyphs(pdf: Path, page_index: int) -> list[tuple[str, tuple[float, ...]]]:
    """(character, box) of each glyph drawn in ink on the page, where it is drawn (the page
    read without its /ActualText; a right-to-left line's unseen anchor left out)."""
    text = glyphs_only(pdf)[page_index].get_textpage()
    return [(char, box) for _, char, box in inked_chars(text)]


def _whole_and_clear(glyphs: list[tuple[str, tuple[float, ...]]], address: str) -> int:
    """How many times `address` is drawn on the page, each asserted on one line (its
    glyphs share a band of height) and clear of every other glyph (no glyph's box crosses
    the box of one of its glyphs: the number or keyword beside it, the lines above and
    below)."""
    chars = "".join(char for char, _ in glyphs)
    found, start = 0, chars.find(address)
    while start >= 0:
        boxes = [box for _, box in glyphs[start:start + len(address)]]
        assert max(box[1] for box in boxes) < min(box[3] for box in boxes), \
            (address, "split across lines")
        crossing = [(char, other) for index, (char, other) in enumerate(glyphs)
                    if not start <= index < start + len(address)
                    and any(other[0] < box[2] and other[2] > box[0] and other[1] < box[3]
                            and other[3] > box[1] for box in boxes)]
        assert not crossing, (address, crossing)
        found += 1
        start = chars.find(address, start + len(address))
    return found


@pytest.mark.parametrize("size", ["us_shop", "iso"])
def test_web_addresses_print_whole_on_most_backs(request: pytest.FixtureRequest,
                                                 size: str) -> None:
    """Each line's web address prints on at least 14 of the 16 card backs (poppler's text),
    and wherever it prints, on one line and clear of every other glyph (pdfium's glyph
    boxes, drawn where they stand: in right-to-left cards too, where it stands to the left
    of its row); read back, it follows its row (the number, or the texting sentence)."""
    content, out = request.getfixturevalue(size)
    name = "pocket-card-shop.pdf" if size == "us_shop" else "pocket-card.pdf"
    languages = _languages()
    addresses = _web_addresses(content)
    assert addresses == ["thehotline.org", "988lifeline.org"]
    for address in addresses:
        printed = [lang for lang in languages
                   if address in comparable(poppler_text(out / lang / name, 2))]
        assert len(printed) >= ADDRESSES_AT_LEAST - (len(LANGUAGES) - len(languages)), \
            (address, sorted(set(languages) - set(printed)))
        for lang in printed:
            assert _whole_and_clear(_inked_glyphs(out / lang / name, 1), address), \
                (lang, address)
