"""The emergency sentence, the texting line and the folding card's words, read back whole.

A designer's review (issue 42) found the emergency sentence cut inside "in an emergency"
("आपात / स्थिति", "জরুরি / অবস্থায়", "В экстренной / ситуации", "Trong trường hợp /
khẩn cấp") or opened at the end of the sentence before it ("…kiểm tra. Trong / trường
hợp", "…לבדוק. במצב חירום, / אפשר"); texting lines cut between keyword, preposition and
number or inside a verb ("Пишите START / на 88788", "پیامک / کنید", "پر / بھیجیں"); and
on the folding card "đơn / độc", "قابل / درک", "y lo / que siente". The pocket card,
folding card and sticker are built on US and ISO cards in these languages (Tagalog from
tests/fixtures/more-languages, Amharic with Debian's Noto Sans Ethiopic) and read back
with poppler's lines (tests/test_line_ends.py). The phrases are this test's own, each
checked against the locale string it comes from.
"""

from __future__ import annotations

import re
import shutil
from itertools import pairwise
from pathlib import Path

import pytest
import yaml

from tests.conftest import default_kit_in
from tests.test_line_ends import PrintedLine, _bare, _build, printed_lines, pytestmark

__all__ = ["pytestmark"]

ROOT = Path(__file__).resolve().parent.parent
ETHIOPIC = Path("/usr/share/fonts/truetype/noto/NotoSansEthiopic-Regular.ttf")
LANGS = ("es", "ru", "vi", "hi", "bn", "he", "tl", "fa", "ur",
         *(("am",) if ETHIOPIC.exists() else ()))
# "In an emergency", as each locale's emergency_note opens.
EMERGENCY = {"es": "En una emergencia", "ru": "В экстренной ситуации",
             "vi": "Khi khẩn cấp", "hi": "आपात स्थिति में",
             "bn": "জরুরি অবস্থায়", "he": "במצב חירום", "tl": "Kung may emergency",
             "fa": "در شرایط اضطراری", "ur": "ہنگامی صورت میں", "am": "ድንገተኛ አደጋ ሲያጋጥም"}
# Where the phrase is wider than the measure at the style's smallest size, and breaks
# between its words ("Trong trường hợp / khẩn cấp", "В экстренной / ситуации": the
# sticker's note at 10 pt is narrower than the phrase): the sticker's layout, not its line
# breaking.
TOO_NARROW = {("vi", "sticker"), ("ru", "sticker")}
# Phrases short enough that they never end a line after the sentence before them.
OPENS_A_LINE = ("he",)
# A texting line's words from its keyword to its number (text_keyword_to), and the verb
# after its number.
KEYWORD_TO = {"ru": "START на 88788", "fa": "START را به 88788", "ur": "START لکھ کر 88788",
              "hi": "START लिखकर 88788", "bn": "START লিখে 88788",
              "am": "START ብለው ወደ 88788", "vi": "START đến số 88788",
              "tl": "START sa 88788"}
VERBS = {"fa": ("پیامک کنید", "پیامک بزنید"), "ur": ("پر بھیجیں", "پر میسج بھیجیں"),
         "hi": ("पर भेजें", "पर मैसेज भेजें"), "bn": ("নম্বরে পাঠান",)}
WORDS = {"vi": ("đơn độc",), "fa": ("قابل درک",), "es": ("lo que",)}
SENTENCE_ENDS = (".", "।", "።", "۔", "!", "?")


def _locale(lang: str) -> dict[str, str]:
    return yaml.safe_load((ROOT / "generator/locales" / f"{lang}.yaml").read_text("utf-8"))


def _kit(folder: Path, card: str) -> Path:
    kit = default_kit_in(folder, LANGS)
    shutil.copy(ROOT / "tests/fixtures/more-languages/articles/trauma-bonding.tl.md",
                kit / "articles")
    site = kit / "site.yaml"
    text = site.read_text(encoding="utf-8")
    if "am" in LANGS:
        (kit / "fonts").mkdir(exist_ok=True)
        shutil.copy(ETHIOPIC, kit / "fonts")
        text += "fonts: {am: fonts/NotoSansEthiopic-Regular.ttf}\n"
    if card == "iso":
        text = text.replace("paper: letter", "paper: a4").replace("card_size: us",
                                                                  "card_size: iso")
    site.write_text(text, encoding="utf-8")
    return kit


@pytest.fixture(scope="module")
def pieces(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[list[PrintedLine]]]:
    """Per language, each piece's lines in order."""
    root = tmp_path_factory.mktemp("emergency")
    found: dict[str, list[list[PrintedLine]]] = {lang: [] for lang in LANGS}
    for card in ("us", "iso"):
        _build(_kit(root / card, card), root / f"out-{card}", "--format", "pocket-card",
               "--format", "pocket-fold", "--format", "sticker")
        for lang in LANGS:
            for pdf in sorted((root / f"out-{card}" / lang).glob("*.pdf")):
                found[lang].append(list(printed_lines(pdf, f"{card} {pdf.stem}", lang)))
    return found


def _words(text: str) -> list[str]:
    return [_bare(word).lower() for word in text.split()]


def _cut_inside(phrase: str, pieces: list[list[PrintedLine]]) -> list[str]:
    """Each pair of lines the phrase runs across."""
    words = _words(phrase)
    bad = []
    for piece in pieces:
        for one, two in pairwise(piece):
            end, start = _words(" ".join(one.words)), _words(" ".join(two.words))
            if any(end[-cut:] == words[:cut] and start[:len(words) - cut] == words[cut:]
                   for cut in range(1, len(words)) if len(end) >= cut):
                bad.append(f"{one} / {two}")
    return bad


def test_the_phrases_are_the_locales() -> None:
    for lang, phrase in EMERGENCY.items():
        assert _locale(lang)["emergency_note"].startswith(phrase), lang
    for lang, words in KEYWORD_TO.items():
        template = _locale(lang)["text_keyword_to"]
        assert template.replace("{keyword}", "START").replace("{number}", "88788").find(
            words) >= 0, lang


def test_the_pieces_were_read(pieces: dict[str, list[list[PrintedLine]]]) -> None:
    for lang in LANGS:
        assert len(pieces[lang]) >= 6, lang
        text = " ".join(" ".join(line.words) for piece in pieces[lang] for line in piece)
        assert " ".join(_words(EMERGENCY[lang])) in " ".join(_words(text)), lang


@pytest.mark.parametrize("lang", LANGS)
def test_the_emergency_phrase_is_never_cut(pieces: dict[str, list[list[PrintedLine]]],
                                           lang: str) -> None:
    bad = [cut for cut in _cut_inside(EMERGENCY[lang], pieces[lang])
           if not any(lang == known and piece in cut for known, piece in TOO_NARROW)]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("lang", LANGS)
def test_the_emergency_sentence_opens_no_line_end(pieces: dict[str, list[list[PrintedLine]]],
                                                  lang: str) -> None:
    """No line ends on the emergency sentence's first word after another sentence (nor, in
    a language of a short phrase, on the whole phrase)."""
    words = _words(EMERGENCY[lang])
    most = len(words) if lang in OPENS_A_LINE else len(words) - 1
    bad = []
    for piece in pieces[lang]:
        for line in piece[:-1]:
            for cut in range(1, most + 1):
                if len(line.words) > cut and _words(" ".join(line.words[-cut:])) == words[
                        :cut] and line.words[-cut - 1].endswith(SENTENCE_ENDS):
                    bad.append(str(line))
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("lang", LANGS)
def test_the_texting_line_is_never_cut(pieces: dict[str, list[list[PrintedLine]]],
                                       lang: str) -> None:
    bad = []
    if lang in KEYWORD_TO:
        bad += _cut_inside(KEYWORD_TO[lang], pieces[lang])
    for verb in VERBS.get(lang, ()):
        bad += _cut_inside(f"88788 {verb}", pieces[lang])
        bad += _cut_inside(f"988 {verb}", pieces[lang])
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_the_folding_cards_words_are_never_cut(pieces: dict[str, list[list[PrintedLine]]],
                                               lang: str) -> None:
    bad = [cut for words in WORDS[lang] for cut in _cut_inside(words, pieces[lang])]
    assert not bad, "\n".join(bad)


CHINESE = "如遇紧急情况"  # zh-Hans emergency_note's opening


@pytest.fixture(scope="module")
def chinese(tmp_path_factory: pytest.TempPathFactory) -> list[list[PrintedLine]]:
    """The folding card of the brief article in Chinese (a paragraph of five or six lines
    printed "如遇紧急情 / 况", c9a0949 binding words only in three lines or fewer), US and
    ISO: its lines."""
    root = tmp_path_factory.mktemp("emergency-zh")
    found = []
    for card in ("us", "iso"):
        kit = default_kit_in(root / card, ("zh-Hans",))
        for article in (kit / "articles").glob("*.md"):
            article.unlink()
        shutil.copy(ROOT / "tests/fixtures/articles/brief/brief.zh-Hans.md", kit / "articles")
        site = kit / "site.yaml"
        text = re.sub(r"^article: \S+", "article: brief", site.read_text(encoding="utf-8"),
                      flags=re.MULTILINE)
        if card == "iso":
            text = text.replace("paper: letter", "paper: a4").replace("card_size: us",
                                                                      "card_size: iso")
        site.write_text(text, encoding="utf-8")
        _build(kit, root / f"out-{card}", "--format", "pocket-fold")
        for pdf in sorted((root / f"out-{card}" / "zh-Hans").glob("*.pdf")):
            found.append(list(printed_lines(pdf, f"{card} {pdf.stem}", "zh-Hans")))
    return found


def test_the_chinese_emergency_phrase_is_never_cut(chinese: list[list[PrintedLine]]) -> None:
    assert _locale("zh-Hans")["emergency_note"].startswith(CHINESE)
    text = "".join("".join(line.words) for piece in chinese for line in piece)
    assert CHINESE in text
    bad = [f"{one} / {two}" for piece in chinese for one, two in pairwise(piece)
           if any("".join(one.words).endswith(CHINESE[:cut])
                  and "".join(two.words).startswith(CHINESE[cut:])
                  for cut in range(1, len(CHINESE)))]
    assert not bad, "\n".join(bad)


def test_no_chinese_line_is_one_character(chinese: list[list[PrintedLine]]) -> None:
    """Binding the phrase left "请" alone on a line above the rest of its paragraph: a
    justified line of one character cost no more than any ragged line (cjk_lines.py)."""
    bad = [str(line) for piece in chinese for line in piece
           if sum(1 for char in "".join(line.words) if char.isalpha()) == 1]
    assert not bad, "\n".join(bad)


def test_no_tagalog_line_starts_with_an_enclitic(pieces: dict[str, list[list[PrintedLine]]]
                                                  ) -> None:
    """The folding card's line ended 'ang nararamdaman / mo.': "mo" (your) follows the word
    it attaches to, never opens a line (a one-word last line there)."""
    bad = [f"{one} / {two}" for piece in pieces["tl"] for one, two in pairwise(piece)
           if _bare(two.words[0]).lower() in ("mo", "ko", "po")]
    assert not bad, "\n".join(bad)
