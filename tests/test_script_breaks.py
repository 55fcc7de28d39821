"""Each script's line rules, read back from the default kit's Chinese and Arabic pieces.

A designer found Chinese running text justified with visibly stretched letter-spacing (a
line broken early to keep a word whole, its room spread between its characters: up to
0.15 em a gap), the folding card's line broken inside a phrase with a short last line
("您并不孤单，您的感受是 / 合理的。"), Arabic "في حالة / الطوارئ" cut across lines and
"بالرقم 911." alone on a paragraph's last line (the poster). Each piece is built as a print
shop's file and read back with pdfium: its characters' origins and advances (the glyphs
where they are drawn), its lines as pdfium reads them.
"""

from __future__ import annotations

import ctypes
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
import yaml
from icu4py.breakers import WordBreaker

from generator.commands.cli import main
from tests import test_line_ends as line_ends
from tests.conftest import DEFAULT_CONTENT, default_kit_in, edit, glyphs_only

LANGS = ("zh-Hans", "ar", "he")
# Wider than this between two characters of a justified Chinese line is visibly loose.
LOOSE = 0.11
# A word split at a line's end is avoidable where keeping it whole would space the line above
# no wider than this (em): nearly set solid. (Where it would be wider, the split may still
# be chosen: the characters moved down can push the next lines' breaks in turn.)
TIGHT = 0.04
PHRASE_ENDS = "，。、；：！？"
_BIDI_CONTROLS = dict.fromkeys(map(ord, "\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                                        "\u2066\u2067\u2068\u2069"))


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("script-breaks")
    content = default_kit_in(root / "content", LANGS)
    out = root / "out"
    assert main(["build", str(content), "--out", str(out), "--target", "shop",
                 "--no-previews", "--jobs", "2"]) == 0
    return out


def is_ideograph(char: str) -> bool:
    return "\u4e00" <= char <= "\u9fff" or "\u3040" <= char <= "\u30ff"


@dataclass(frozen=True)
class Glyph:
    char: str
    x: float  # origin
    advance: float
    size: float


@dataclass
class Row:
    baseline: float
    glyphs: list[Glyph]

    @property
    def text(self) -> str:
        return "".join(glyph.char for glyph in self.glyphs)

    @property
    def left(self) -> float:
        return self.glyphs[0].x

    @property
    def right(self) -> float:
        return self.glyphs[-1].x + self.glyphs[-1].advance

    @property
    def size(self) -> float:
        return self.glyphs[0].size


def rows(pdf: Path, page: int) -> list[Row]:
    """Each row of glyphs of one size on one baseline, split where a gap wider than two
    characters parts it (a brochure's panels)."""
    text = glyphs_only(pdf)[page].get_textpage()
    glyphs: list[tuple[float, Glyph]] = []
    for index in range(text.count_chars()):
        char = text.get_text_range(index, 1)
        if not char.strip():
            continue
        box = pdfium_c.FS_RECTF()  # the glyph's advance
        pdfium_c.FPDFText_GetLooseCharBox(text.raw, index, box)
        x, y = ctypes.c_double(), ctypes.c_double()
        pdfium_c.FPDFText_GetCharOrigin(text.raw, index, x, y)
        size = round(pdfium_c.FPDFText_GetFontSize(text.raw, index), 1)
        glyphs.append((round(y.value, 1), Glyph(char, x.value, box.right - box.left, size)))
    found: list[Row] = []
    for baseline, glyph in sorted(glyphs, key=lambda item: (-item[0], item[1].x)):
        last = found[-1] if found else None
        if last and last.baseline == baseline and last.size == glyph.size \
                and glyph.x - last.right < 2 * glyph.size:
            last.glyphs.append(glyph)
        else:
            found.append(Row(baseline, [glyph]))
    return found


def paragraphs(page_rows: list[Row]) -> list[list[Row]]:
    """Chinese rows in runs of one size, one line apart, aligned on their start, end or
    middle: a paragraph's lines."""
    chinese = [row for row in page_rows if sum(map(is_ideograph, row.text)) >= 2]
    runs: list[list[Row]] = []
    for row in chinese:  # from the top
        for run in runs:
            last = run[-1]
            aligned = min(abs(last.left - row.left), abs(last.right - row.right),
                          abs(last.left + last.right - row.left - row.right) / 2) < 1.5
            if aligned and last.size == row.size \
                    and 0 < last.baseline - row.baseline < 1.8 * row.size:
                run.append(row)
                break
        else:
            runs.append([row])
    return runs


def gaps(row: Row) -> list[float]:
    """The room between each two Chinese characters of the row, in em of its size."""
    return [(right.x - left.x - left.advance) / row.size
            for left, right in zip(row.glyphs, row.glyphs[1:], strict=False)
            if is_ideograph(left.char) and is_ideograph(right.char)]


def chinese_body(kit: Path) -> Iterator[tuple[str, list[Row]]]:
    for name in ("brochure", "large-print"):
        pdf = kit / "zh-Hans" / f"{name}-shop.pdf"
        for page in range(len(glyphs_only(pdf))):
            for run in paragraphs(rows(pdf, page)):
                if len(run) > 1 and run[0].size >= 9:
                    yield f"{name} p{page + 1}", run


def test_chinese_lines_are_spaced_evenly_and_tightly(kit: Path) -> None:
    """Every line of running text spreads its room evenly between its characters, and no
    gap is wider than LOOSE (was 0.146 em: "陷 入 这 样 的 联 结" kept "陷入" whole)."""
    lines, loose = 0, []
    for where, run in chinese_body(kit):
        for row in run:
            spaces = gaps(row)
            if len(spaces) < 4:
                continue
            lines += 1
            if max(spaces) > LOOSE or max(spaces) - min(spaces) > 0.02:
                loose.append(f"{where}: {row.text} ({min(spaces):.3f}-{max(spaces):.3f} em)")
    assert lines > 60, lines
    assert not loose, "\n".join(loose)


SQUEEZABLE = "，。、」』）》】"


def test_punctuation_gives_up_at_most_its_blank_half(kit: Path) -> None:
    """A justified line a little short of room takes it from its marks (CLREQ): the mark
    that ends it may end past the measure by half its em at most, a mark inside it gives up
    a quarter of its em at most, and nothing else ends past the measure."""
    lines, bad = 0, []
    for where, run in chinese_body(kit):
        plain = [row.right for row in run if row.text[-1] not in SQUEEZABLE]
        edge = max(plain or [row.right for row in run])
        for row in run:
            lines += 1
            last = row.glyphs[-1]
            past = last.advance / 2 if last.char in SQUEEZABLE else 0.0
            if row.right > edge + past + 0.5:
                bad.append(f"{where}: {row.text} ends {row.right - edge:.1f} pt past")
            for mark, after in zip(row.glyphs, row.glyphs[1:], strict=False):
                if mark.char in SQUEEZABLE and after.x - mark.x < 0.75 * mark.advance - 0.1:
                    bad.append(f"{where}: {row.text}: {mark.char} squeezed to "
                               f"{(after.x - mark.x) / mark.advance:.2f} of its width")
    assert lines > 60
    assert not bad, "\n".join(bad)


def test_a_word_is_split_only_where_keeping_it_whole_would_space_the_line(kit: Path) -> None:
    """A line breaks inside a word (ICU's word breaker: "准/备") only where moving the
    word's first characters down would leave the line above spaced wider than TIGHT: words
    stay whole where that keeps the spacing tight (design.md)."""
    splits, avoidable = 0, []
    for where, run in chinese_body(kit):
        text = "".join("".join(row.text.split()) for row in run)
        bounds = {end for _, end in WordBreaker(text, "zh").segments()}
        cut = 0
        for upper, lower in zip(run, run[1:], strict=False):
            cut += len("".join(upper.text.split()))
            if not (is_ideograph(text[cut - 1]) and is_ideograph(text[cut])) or cut in bounds:
                continue
            splits += 1
            head = cut - max((bound for bound in bounds if bound < cut), default=0)  # above
            kept = upper.glyphs[:-head]
            if len(kept) < 2 or not all(is_ideograph(g.char) or g.char in PHRASE_ENDS
                                        for g in kept):
                continue
            natural = sum(glyph.advance for glyph in kept)
            spaced = (upper.right - upper.left - natural) / (len(kept) - 1) / upper.size
            if spaced <= TIGHT:
                avoidable.append(f"{where}: {upper.text} / {lower.text} (whole: {spaced:.3f} em)")
    assert not avoidable, "\n".join(avoidable)


def _found_lines(pdf: Path, text: str) -> list[list[str]]:
    """The lines of each paragraph of the PDF that prints `text` (spaces not counted)."""
    found = []
    for page in range(len(glyphs_only(pdf))):
        for run in paragraphs(rows(pdf, page)):
            if "".join(row.text for row in run) == text.replace(" ", ""):
                found.append([row.text for row in run])
    return found


def test_chinese_titles_break_between_phrases(kit: Path) -> None:
    """The folding card's line ("您并不孤单，您的感受是合理的。") and the sticker's
    emergency note ("如遇紧急情况，请拨打 911。") break after their comma, not inside the
    phrase after it ("您的感受是 / 合理的。", "如遇 / 紧急情况，请拨打 911。")."""
    article = (DEFAULT_CONTENT / "articles" / "trauma-bonding.zh-Hans.md").read_text(
        encoding="utf-8")
    card = yaml.safe_load(article.split("---")[1])["card"]
    note = _strings("zh-Hans")["emergency_note"].replace("{emergency}", "911")
    for name, text in (("pocket-fold", card), ("sticker", note)):
        found = _found_lines(kit / "zh-Hans" / f"{name}-shop.pdf", text)
        assert found, f"{text!r} was not found on the {name}"
        for lines in found:
            assert len(lines) <= 2, lines
            if len(lines) == 2:
                assert lines[0][-1] in PHRASE_ENDS, (name, lines)
                assert sum(map(is_ideograph, lines[-1])) >= 3, (name, lines)


def printed_lines(pdf: Path) -> list[str]:
    """Every line of the PDF as pdfium reads it (right-to-left text in reading order)."""
    lines = []
    for page in pdfium.PdfDocument(str(pdf)):
        text = page.get_textpage().get_text_range().translate(_BIDI_CONTROLS)
        lines += [line.strip() for line in re.split(r"[\r\n]+", text) if line.strip()]
    return lines


def _strings(lang: str) -> dict[str, str]:
    from generator.i18n import localize
    folder = Path(localize.__file__).parent.parent / "locales"
    strings: dict[str, str] = yaml.safe_load((folder / f"{lang}.yaml").read_text(
        encoding="utf-8"))
    return {key: " ".join(value.split()) for key, value in strings.items()
            if isinstance(value, str)}


@pytest.mark.parametrize("lang", ["ar", "he"])
def test_the_emergency_number_does_not_end_a_paragraph_with_one_word(kit: Path,
                                                                     lang: str) -> None:
    """"بالرقم 911." alone on the poster's safety note: every built-in sentence that ends
    on the emergency number is never printed with its last line holding only the word
    before the number and the number."""
    tails = {" ".join(value.replace("{emergency}", "911").split()[-2:])
             for value in _strings(lang).values() if value.rstrip(".").endswith("{emergency}")}
    assert tails
    bad, read = [], 0
    for pdf in sorted((kit / lang).glob("*.pdf")):
        lines = printed_lines(pdf)
        read += len(lines)
        bad += [f"{pdf.stem}: {above} / {line}" for above, line in zip(lines, lines[1:],
                                                                       strict=False)
                if line in tails]
    assert read > 100
    assert not bad, "\n".join(bad)


# Phrases read as one word (a construct phrase) in the built-in strings, and the words a
# line never ends on before them.
ARABIC_PHRASES = ("حالة الطوارئ",)
ARABIC_BOUND = ("في", "من", "على", "إلى")


def test_arabic_phrases_and_prepositions_stay_on_one_line(kit: Path) -> None:
    """"في حالة / الطوارئ" (the brochure's safety note): the phrase and the preposition
    before it stay on one line, wherever the strings print them."""
    strings = " ".join(_strings("ar").values())
    assert all(phrase in strings for phrase in ARABIC_PHRASES)
    bad, whole = [], 0
    for pdf in sorted((kit / "ar").glob("*.pdf")):
        lines = printed_lines(pdf)
        whole += sum(phrase in line for line in lines for phrase in ARABIC_PHRASES)
        for above, line in zip(lines, lines[1:], strict=False):
            last = above.split()[-1]
            if any(last == phrase.split(" ", 1)[0] and line.startswith(phrase.split(" ", 1)[1])
                   for phrase in ARABIC_PHRASES):
                bad.append(f"{pdf.stem}: {above} / {line}")
            if last in ARABIC_BOUND and len(above.split()) > 1:
                bad.append(f"{pdf.stem}: {above} / {line}")
    assert whole > 5
    assert not bad, "\n".join(bad)


@pytest.fixture(scope="module")
def iso_kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The default kit on ISO cards and A4 paper, with the poster on Tabloid, A3 and A4
    (test_line_ends.py reads the US cards and the Letter and A3 posters)."""
    root = tmp_path_factory.mktemp("script-breaks-iso")
    content = default_kit_in(root / "content", ISO_LANGS)
    edit(content / "site.yaml", "paper: letter", "paper: a4")
    edit(content / "site.yaml", "card_size: us", "card_size: iso")
    out = root / "out"
    assert main(["build", str(content), "--out", str(out), "--target", "shop",
                 "--no-previews", "--jobs", "2", "--poster-size", "tabloid",
                 "--poster-size", "a3", "--poster-size", "a4"]) == 0
    return out


ISO_LANGS = ("ru", "ar", "fa", "ur", "zh-Hans")


def test_bound_words_and_separators_hold_on_iso_cards_and_every_poster_size(
        iso_kit: Path) -> None:
    """Russian one-letter prepositions, Arabic and Persian prepositions stay with the next
    word, Urdu postpositions with the word before, and no line starts or ends with "·", on
    every piece of an ISO/A4 kit and on Tabloid, A3 and A4 posters."""
    bad, read = [], {lang: 0 for lang in ISO_LANGS}
    for lang in ISO_LANGS:
        pdfs = sorted((iso_kit / lang).glob("*.pdf"))
        assert any("tabloid" in pdf.name for pdf in pdfs)
        for pdf in pdfs:
            for line in line_ends.printed_lines(pdf, pdf.stem, lang):
                read[lang] += 1
                words = line.words
                if words[-1].endswith(line_ends.SEPARATOR) \
                        or words[0].startswith(line_ends.SEPARATOR):
                    bad.append(str(line))
                if len(words) < 2:
                    continue
                if (lang == "ru" and line_ends._bare(words[-1]) in line_ends.RUSSIAN_BOUND) \
                        or (lang == "ar" and words[-1] in line_ends.ARABIC_BOUND) \
                        or (lang == "fa" and words[-1] in line_ends.PERSIAN_BOUND) \
                        or (lang == "ur" and words[0] in line_ends.URDU_POSTPOSITIONS):
                    bad.append(str(line))
    assert all(count > 150 for count in read.values()), read
    assert not bad, "\n".join(bad)
