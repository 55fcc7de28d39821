"""Chinese and Korean lines break where a typesetter breaks them, read back from the pieces.

A print designer (issue 42) found "如遇紧急情 / 况，请拨打 911。" on the restroom poster (Letter
and Tabloid): a two-character word cut in two where the comma gave a break, on a line that
was not full; and "언제든 이용할 / 수 있습니다." on the sticker: the dependent noun 수 (which
cannot stand without the modifier before it) starting a line alone. Each piece is built as a
print shop's file and read back with poppler's words and their boxes; the words are found in
the text read back by ICU's word breaker (Chinese: "紧急情况" is one), or by this test's own
list of dependent nouns and the modifier endings a Hangul syllable closes on (Korean).
"""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

import pytest
import yaml

from tests.conftest import default_kit_in
from tests.test_line_ends import _build, pytestmark

__all__ = ["pytestmark"]

LANGS = ("en", "zh-Hans", "ko", "ru")
ROOT = Path(__file__).resolve().parent.parent
KOREAN_SOURCE = "\n".join((ROOT / path).read_text(encoding="utf-8")
                          for path in ("content/articles/trauma-bonding.ko.md",
                                       "generator/locales/ko.yaml"))
# Korean dependent nouns (의존 명사), with the particles that join them: they follow a word
# ending in a modifier ending (-ㄴ/-은/-는, -ㄹ/-을: a last syllable closed by ㄴ or ㄹ).
KOREAN_DEPENDENT = {"수", "것", "때", "줄", "데", "적", "뿐", "만큼"}
# ... alone or with a particle or the copula: "수도", "것이지", "데에도".
KOREAN_PARTICLES = {"", "이", "을", "은", "도", "에", "에도", "까지", "이지", "입니다"}
_HAN = re.compile(r"[\u3400-\u9fff]")


@dataclass(frozen=True)
class Line:
    piece: str
    text: str  # its words joined by single spaces
    left: float
    right: float
    top: float
    bottom: float

    @property
    def width(self) -> float:
        return self.right - self.left

    def __str__(self) -> str:
        return f"{self.piece}: {self.text}"


def _lines(pdf: Path) -> list[list[Line]]:
    """Each block's lines (poppler's), in order, with their boxes."""
    xhtml = subprocess.run(["pdftotext", "-bbox-layout", "-enc", "UTF-8", str(pdf), "-"],
                           capture_output=True, text=True, check=True).stdout
    blocks = []
    for block in re.findall(r"<block [^>]*>(.*?)</block>", xhtml, re.DOTALL):
        lines = []
        for attributes, body in re.findall(r"<line ([^>]*)>(.*?)</line>", block, re.DOTALL):
            box = {key: float(value) for key, value in re.findall(r'(\w+)="([\d.]+)"',
                                                                   attributes)}
            words = re.findall(r"<word [^>]*>([^<]*)</word>", body)
            if words:
                lines.append(Line(pdf.stem, " ".join(words), box["xMin"], box["xMax"],
                                  box["yMin"], box["yMax"]))
        blocks.append(lines)
    return blocks


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The default kit (posters on Letter and Tabloid, stickers, folding cards, brochures) and
    the restroom kit (poster_discreet: true), in English, Chinese, Korean and Russian."""
    root = tmp_path_factory.mktemp("typeset-breaks")
    pieces = ("--format", "poster", "--format", "sticker", "--format", "pocket-fold",
              "--format", "brochure", "--poster-size", "letter", "--poster-size", "tabloid")
    default = default_kit_in(root / "default", LANGS)
    _build(default, root / "out", *pieces)
    restroom = default_kit_in(root / "restroom", LANGS)
    with (restroom / "site.yaml").open("a", encoding="utf-8") as site:
        site.write("poster_discreet: true\n")
    _build(restroom, root / "restroom-out", *pieces)
    return {"default": root / "out", "restroom": root / "restroom-out"}


def _blocks(built: dict[str, Path], lang: str) -> list[list[Line]]:
    found = []
    for kit, out in built.items():
        for pdf in sorted((out / lang).glob("*.pdf")):
            found += [[Line(f"{kit} {line.piece}", line.text, line.left, line.right,
                            line.top, line.bottom) for line in block]
                      for block in _lines(pdf)]
    return found


def _words(text: str) -> list[tuple[int, int]]:
    from icu4py.breakers import WordBreaker

    return list(WordBreaker(text, "zh_Hans").segments())


def test_no_chinese_word_is_cut_on_a_short_line(built: dict[str, Path]) -> None:
    """A line may end inside a word (ICU's: "紧急情况") only where it is full (justified to the
    measure, to keep its spacing tight): never on a line shorter than the one after it,
    which held more."""
    blocks = _blocks(built, "zh-Hans")
    text = "".join(line.text for block in blocks for line in block)
    assert "如遇紧急情况" in text.replace(" ", "")
    bad = []
    for block in blocks:
        for one, two in pairwise(block):
            if two.top < one.bottom - 1 or two.top - one.bottom > one.bottom - one.top:
                continue  # not the next line of one paragraph
            end, start = one.text.replace(" ", ""), two.text.replace(" ", "")
            if not (end and start and _HAN.match(end[-1]) and _HAN.match(start[0])):
                continue
            joined = end + start
            cut = len(end)
            inside = any(begin < cut < stop for begin, stop in _words(joined))
            character = (one.width / max(len(end), 1))
            if inside and two.width > one.width + character / 2:
                bad.append(f"{one} / {two.text}")
    assert not bad, "\n".join(bad)


def _closed_by_n_or_l(syllable: str) -> bool:
    code = ord(syllable) - 0xAC00
    return 0 <= code < 11172 and code % 28 in (4, 8)  # final ㄴ, ㄹ


def test_no_korean_line_starts_with_a_dependent_noun(built: dict[str, Path]) -> None:
    blocks = _blocks(built, "ko")
    assert sum(map(len, blocks)) > 30
    assert "이용할 수" in " ".join(line.text for block in blocks for line in block)
    bad = []
    for block in blocks:
        for one, two in pairwise(block):
            last, first = one.text.split()[-1], two.text.split()[0]
            word = first.rstrip(".,")
            dependent = any(word == noun + particle for noun in KOREAN_DEPENDENT
                            for particle in KOREAN_PARTICLES)
            if dependent and _closed_by_n_or_l(last[-1]) \
                    and f"{last} {first}" in KOREAN_SOURCE:
                bad.append(f"{one} / {two.text}")
    assert not bad, "\n".join(bad)


def test_a_korean_coded_line_of_two_sentences_breaks_between_them(built: dict[str, Path]
                                                                  ) -> None:
    """The sticker's and restroom poster's coded line, two sentences in Korean, breaks where
    the first ends, not after the second's first word ("…보장됩니다. 언제든 / 이용할 수…");
    on one line where it fits whole (the restroom Letter poster since 72e4515)."""
    message = yaml.safe_load((ROOT / "generator" / "locales" / "ko.yaml").read_text(
        encoding="utf-8"))["discreet_message"]
    first, second = (part.strip() for part in message.split(". ", 1))
    read = [(pdf.stem, [line.text for block in _lines(pdf) for line in block])
            for pdf in sorted((built["restroom"] / "ko").glob("*.pdf"))
            if pdf.stem.startswith(("sticker", "poster"))]
    printed = [(piece, text) for piece, lines in read for text in lines
               if first.split()[-1] in text]
    assert printed
    bad = [f"{piece}: {text}" for piece, text in printed if not text.endswith(f"{first}.")
           and second.split()[0] in text and not text.endswith(second)]
    assert not bad, "\n".join(bad)


def test_no_chinese_word_is_cut_in_a_short_paragraph(built: dict[str, Path]) -> None:
    """In a paragraph of a few lines (a poster's or a sticker's display text), no line ends
    inside a word (ICU's), even a full one: the Letter restroom poster printed "包括是否说 /
    出名字" (说出, to say, cut), where "包括 / 是否说出名字" was a break between words."""
    text = yaml.safe_load((ROOT / "generator" / "locales" / "zh-Hans.yaml").read_text(
        encoding="utf-8"))["when_you_call"]
    blocks = [block for block in _blocks(built, "zh-Hans")
              if block and block[0].piece.split()[1].startswith(("poster", "sticker"))]
    found, bad = set(), []
    for block in blocks:
        if not 1 < len(block) <= 3:
            continue
        joined = "".join(line.text.replace(" ", "") for line in block)
        if joined == text:
            found.add(block[0].piece)
        cut = 0
        bounds = {end for _, end in _words(joined)}
        for one, two in pairwise(block):
            cut += len(one.text.replace(" ", ""))
            if _HAN.match(joined[cut - 1]) and cut < len(joined) \
                    and _HAN.match(joined[cut]) and cut not in bounds:
                bad.append(f"{one} / {two.text}")
    assert "restroom poster-letter-shop" in found, found
    assert not bad, "\n".join(bad)
