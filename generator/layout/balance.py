"""Headlines and headings without a lone word on their last line.

A style with `balance: true` (titles, headings, a card's lead line) that wraps onto a last
line of one word (or, in Chinese and Japanese, of one or two characters) is set narrower,
a step at a time, until the last line holds more, as long as it keeps the same number of
lines and no line above is left with a lone word in its turn ("Study group / contacts"
stays: "Study / group contacts" cuts a phrase to cure nothing). The text keeps its box:
the room given up is an indent on the side where the lines end (both sides for centred
text), so nothing moves on the page but the breaks.

Likewise a label (a paragraph of a label's length, bound_words.LABEL_MAX_CHARS: a coded
line, a caption; running text keeps its even rag) of two sentences whose lines run across
a sentence's end
("무료이며 비밀이 보장됩니다. 언제든 / 이용할 수 있습니다." on the Korean sticker and restroom
poster: "언제든", any time, cut from its sentence) is set narrower until a line ends where a
sentence does, as long as it keeps the same number of lines and no line is left with a lone
word: "무료이며 비밀이 보장됩니다. / 언제든 이용할 수 있습니다."
"""

from __future__ import annotations

from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle

from generator.i18n.bidi_text import BidiParagraph
from generator.i18n.bound_words import LABEL_MAX_CHARS
from generator.i18n.fonts import FontSet
from generator.i18n.last_lines import too_short_to_end
from generator.i18n.sentence_ends import ENDS_A_SENTENCE, SENTENCE_INSIDE
from generator.layout.widows import WidowlessParagraph

NARROWER = tuple(step / 100 for step in range(4, 44, 4))  # of the width: 4 %, 8 % ... 40 %


def _end_indented(style: ParagraphStyle, cut: float, rtl: bool) -> ParagraphStyle:
    """`style` with `cut` points less width, taken where its lines end."""
    if style.alignment == TA_CENTER:
        return ParagraphStyle(f"{style.name}~", parent=style,
                              leftIndent=style.leftIndent + cut / 2,
                              rightIndent=style.rightIndent + cut / 2)
    if style.alignment == TA_RIGHT and not rtl:
        return ParagraphStyle(f"{style.name}~", parent=style, leftIndent=style.leftIndent + cut)
    # Left-aligned text, and right-to-left text (rightIndent is its end side: bidi_text).
    return ParagraphStyle(f"{style.name}~", parent=style, rightIndent=style.rightIndent + cut)


class _Balanced:
    """Mixed into a paragraph class: `wrap` looks for the narrowest-needed balanced break."""

    style: ParagraphStyle

    def _init_balance(self) -> None:
        self._base_style = self.style
        self._balanced: dict[float, ParagraphStyle] = {}

    def _lines(self) -> list[str]:
        raise NotImplementedError

    def _plain_wrap(self, width: float, height: float) -> tuple[float, float]:
        raise NotImplementedError

    def _rtl(self) -> bool:
        return False

    def _lang(self) -> str:
        return "und"

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        key = round(available_width, 2)
        if key not in self._balanced:
            self._balanced[key] = self._balanced_style(available_width, available_height)
        self.style = self._balanced[key]
        return self._plain_wrap(available_width, available_height)

    def _balanced_style(self, width: float, height: float) -> ParagraphStyle:
        base = self._base_style
        self.style = base
        self._plain_wrap(width, height)
        lines = self._lines()
        if len(lines) < 2:
            return base
        lone = too_short_to_end(lines[-1], self._lang())
        sentences = sum(len(line.strip()) for line in lines) <= LABEL_MAX_CHARS and any(
            SENTENCE_INSIDE.search(line.strip()) for line in lines)
        if not (lone or sentences):
            return base
        # The style chosen so far and how many of its lines end a sentence: the plain one,
        # unless its last line is a lone word (then none yet).
        chosen, ends = (None, -1) if lone else (base, _sentence_ends(lines))
        for fraction in NARROWER:
            self.style = _end_indented(base, width * fraction, self._rtl())
            self._plain_wrap(width, height)
            trial = self._lines()
            if len(trial) != len(lines):
                break  # narrower only adds lines from here on
            if any(too_short_to_end(line, self._lang()) for line in trial[:-1]):
                break  # a word alone above ("Study / group contacts"): keep the plain break
            if too_short_to_end(trial[-1], self._lang()):
                continue
            if chosen is None or _sentence_ends(trial) > ends:
                chosen, ends = self.style, _sentence_ends(trial)
                if not sentences or chosen is not base and ends > _sentence_ends(lines):
                    break
        self.style = chosen or base
        return self.style


def _sentence_ends(lines: list[str]) -> int:
    """How many lines but the last end where a sentence does."""
    return sum(1 for line in lines[:-1] if ENDS_A_SENTENCE.search(line.rstrip()))


class BalancedParagraph(_Balanced, WidowlessParagraph):
    def __init__(self, text: str, style: ParagraphStyle, *args: object, **kwargs: object):
        WidowlessParagraph.__init__(self, text, style, *args, **kwargs)
        self._init_balance()

    def _plain_wrap(self, width: float, height: float) -> tuple[float, float]:
        return WidowlessParagraph.wrap(self, width, height)

    def _lines(self) -> list[str]:
        paragraph = self.blPara
        if paragraph.kind == 0:
            return [" ".join(words) for _, words in paragraph.lines]
        return ["".join(getattr(frag, "text", "") for frag in line.words)
                for line in paragraph.lines]


class BalancedBidiParagraph(_Balanced, BidiParagraph):
    def __init__(self, markup: str, style: ParagraphStyle, fonts: FontSet, weight: str):
        BidiParagraph.__init__(self, markup, style, fonts, weight)
        self._init_balance()

    def _plain_wrap(self, width: float, height: float) -> tuple[float, float]:
        return BidiParagraph.wrap(self, width, height)

    def _lines(self) -> list[str]:
        return [self.text[start:end] for start, end in self.lines]

    def _rtl(self) -> bool:
        return self.fonts.rtl

    def _lang(self) -> str:
        return self.fonts.lang
