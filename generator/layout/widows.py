"""ReportLab's paragraph without a widow (Latin, Cyrillic, Greek, Korean: what it breaks at
spaces itself).

A paragraph whose last line would hold one word alone (generator/i18n/last_lines.py) is
broken again, as it is drawn, with its last line but one given a little less room, a word
less each time, until the last line holds more: the words before are broken as they were,
the number of lines stays, and nothing about the text changes (no character is replaced).
Where no such break fits, the plain one stays: the rule never makes a paragraph need more
room, and measuring it (at every size and box a fit tries) costs nothing more.
"""

from __future__ import annotations

import re
from typing import Any

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph as RLParagraph

from generator.i18n.bound_words import starts_with_separator
from generator.i18n.last_lines import MIN_SHARE, too_short_to_end
from generator.i18n.quotes import NARROW_NBSP
from generator.i18n.sentence_ends import LONE_SENTENCE_START
from generator.layout.phrase_breaks import MAX_CHARS, MAX_LINES, MIN_LAST_SHARE, phrase_breaks

MAX_WORDS_MOVED = 6  # a last line needs a word or two more; beyond this, keep the plain break
_LATIN = "und"  # ReportLab sets no script written without spaces: no language rules needed


class WidowlessParagraph(RLParagraph):
    """A ReportLab paragraph whose last line, where it wraps, holds two words at least."""

    blPara: Any  # ReportLab's broken lines, set by wrap
    _wrapWidths: list[float]
    height: float

    def __init__(self, *args: Any, **kwargs: Any):  # ReportLab's, also as its split() calls it
        super().__init__(*args, **kwargs)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        self._mended = False  # the lines as ReportLab breaks them: as many, as tall
        width, height = super().wrap(availWidth, availHeight)
        return width, height

    def draw(self) -> None:
        """Drawn with the widow mended: the lines are as many as measured, so the rule
        costs nothing while a paragraph is fitted (wrapped at every size and box tried).
        A line that starts with a separator between items leaves it out: the break
        separates them (generator/i18n/bound_words.py)."""
        self.mend()
        super().draw()

    def mend(self) -> None:
        """The lines as they are drawn (broken between phrases, the widow mended), once per
        wrap: for measuring them as drawn (generator/layout/round_fit.py)."""
        if not getattr(self, "_mended", True):
            if not self._break_at_phrases():
                self._mend_widow(self._sentence_starts_down())
            _drop_separators(self.blPara)
            _narrow_spaces(self.blPara)

    def _break_at_phrases(self) -> bool:
        """A short paragraph's lines, as many, broken between phrases
        (generator/layout/phrase_breaks.py); whether they were."""
        self._mended = True
        plain, height = self.blPara, self.height
        count = len(plain.lines)
        if not 2 <= count <= MAX_LINES or len(self.getPlainText()) > MAX_CHARS:
            return False
        last, measure = plain.lines[-1], self._wrapWidths[min(count - 1, 1)]
        if not (too_short_to_end(_text(last), _LATIN)
                or measure - _extra_space(last) < MIN_LAST_SHARE * measure):
            return False  # its last line is long enough: the lines stay as ReportLab broke them
        measured = _words(self.frags)
        if measured is None:
            return False
        words, widths, space = measured
        measures = [float(width) for width in self._wrapWidths[:2]]
        cuts = phrase_breaks(words, widths, space, measures, count)
        if cuts is None:
            return False
        starts = [0, *cuts, len(words)]
        planned = [" ".join(words[starts[line]:starts[line + 1]]) for line in range(count)]
        forced = [sum(widths[starts[line]:starts[line + 1]])
                  + space * (starts[line + 1] - starts[line] - 1) + 0.01 for line in range(count)]
        broken = self.breakLines(list(forced))
        self.height = height  # breakLines sets it to 0; the lines are as many
        if [_plain(_text(line)) for line in broken.lines] != [_plain(text) for text in planned]:
            self.blPara = plain
            return False
        self.blPara = broken
        for line in range(count):
            _give_back(broken, line, measures[min(line, 1)] - forced[line])
        return True

    def _sentence_starts_down(self) -> list[float]:
        """Each line that ends with a sentence's first word alone ("Знают ли дети, что
        делать? Где / может побыть питомец?") broken again with a little less room, that
        word's, so that it starts the line below: where the lines stay as many and the
        word went down; as they were where not. The widths the lines were broken to."""
        self._mended = True
        count = len(self.blPara.lines)
        widths = [float(self._wrapWidths[min(index, 1)]) for index in range(count)]
        font, size = self.style.fontName, self.style.fontSize
        for index in range(count - 1):
            line = self.blPara.lines[index]
            text = _text(line)
            if not LONE_SENTENCE_START.search(text):
                continue
            word = text.split()[-1]
            trial = list(widths)
            trial[index] = (widths[index] - _extra_space(line) - stringWidth(word, font, size)
                            - stringWidth(" ", font, size) / 2)
            height = self.height
            broken = self.breakLines(list(trial))  # a copy: ReportLab may change the first
            self.height = height  # breakLines sets it to 0; the lines are as many
            if (len(broken.lines) == count
                    and _text(broken.lines[index]).rstrip() == text[:-len(word)].rstrip()):
                self.blPara, widths = broken, trial
        return widths

    def _mend_widow(self, widths: list[float] | None = None) -> None:
        """`widths`: what each line was broken to (_sentence_starts_down), the measure's
        where none is given."""
        self._mended = True
        lines = self.blPara.lines
        count = len(lines)
        widths = widths or [self._wrapWidths[min(index, 1)] for index in range(count)]
        _give_all_back(self.blPara, self._wrapWidths, widths)
        if len(lines) < 2 or not self._too_short(lines[-1], len(lines) - 1):
            return
        plain, height = self.blPara, self.height
        widths = list(widths)
        for _ in range(MAX_WORDS_MOVED):
            before = self.blPara.lines[-2]
            if _word_count(before) < 3:
                break  # its last word cannot go: it would leave a word alone above
            # A word less: less room than the line uses, by more than its spaces can shrink
            # (ReportLab lets a line's spaces give 5 % of their width).
            widths[-2] -= _extra_space(before) + self.style.fontSize / 2
            broken = self.breakLines(list(widths))  # a copy: ReportLab may change the first
            self.height = height  # breakLines sets it to 0; the lines are as many
            if len(broken.lines) != count:
                break  # the last line would not hold what came down
            self.blPara = broken
            if not self._too_short(broken.lines[-1], count - 1):
                _give_all_back(broken, self._wrapWidths, widths)
                return
        self.blPara = plain


    def _too_short(self, line: Any, index: int) -> bool:
        """Too little to end the paragraph on: one word, or under MIN_SHARE of its
        measure (the style's `last_line_share` where it asks more)."""
        if too_short_to_end(_text(line), _LATIN):
            return True
        measure = self._wrapWidths[min(index, 1)]
        share = max(MIN_SHARE, getattr(self.style, "lastLineShare", 0.0))
        return measure > 0 and measure - _extra_space(line) < share * measure


# A no-break space that French sets narrow (U+202F, generator/i18n/quotes.py): before ? ! ; :
# and » and after «. ReportLab breaks a line at U+202F, so the paragraph is broken with a
# no-break space in its place (line_breaks.keep_units_with_numbers) and drawn with it: copied
# or read aloud, "Besoin de parler ?" has its narrow space, never a plain one.
_NARROW = re.compile("\u00a0(?=[?!;:\u00bb])|(?<=\u00ab)\u00a0")


def _narrow_spaces(broken: Any) -> None:
    """Each line's no-break spaces that stand for narrow ones drawn as U+202F (every
    havenprint face has it: generator/i18n/reportlab_text.ShapingFont)."""
    for index, line in enumerate(broken.lines):
        if isinstance(line, tuple):
            if any("\u00a0" in word for word in line[1]):
                broken.lines[index] = (line[0], [_NARROW.sub(NARROW_NBSP, word)
                                                 for word in line[1]])
            continue
        for frag in line.words:
            text = getattr(frag, "text", None)
            if isinstance(text, str) and "\u00a0" in text:
                frag.text = _NARROW.sub(NARROW_NBSP, text)


def _plain(text: str) -> str:
    return " ".join(text.replace("\u00a0", "\0").split()).replace("\0", "\u00a0")


def _words(frags: Any) -> tuple[list[str], list[float], float] | None:
    """The paragraph's words (between plain spaces), their widths in their fragments'
    fonts, and a space's width; None where a fragment is not text (an image)."""
    words: list[str] = []
    widths: list[float] = []
    space = 0.0
    joined = False  # whether the next text goes on the last word (no space before it)
    for frag in frags:
        text = getattr(frag, "text", None)
        if not isinstance(text, str) or getattr(frag, "cbDefn", None) is not None:
            return None
        for index, part in enumerate(text.split(" ")):
            if index:
                space = max(space, stringWidth(" ", frag.fontName, frag.fontSize))
                joined = False
            if not part:
                continue
            width = stringWidth(part, frag.fontName, frag.fontSize)
            if joined and words:
                words[-1] += part
                widths[-1] += width
            else:
                words.append(part)
                widths.append(width)
            joined = True
    return (words, widths, space) if words and space else None


def _drop_separators(broken: Any) -> None:
    """Each line that starts with a separator bound to its item ("· Español") without
    it, its room given to the line's extra space (where the line stands is measured from
    it: centred, right aligned)."""
    for index, line in enumerate(broken.lines):
        if isinstance(line, tuple):
            words = line[1]
            skip = starts_with_separator(words[0]) if words else 0
            if skip and skip < len(words[0]):
                taken = stringWidth(words[0][:skip], broken.fontName, broken.fontSize)
                broken.lines[index] = (line[0] + taken, [words[0][skip:], *words[1:]])
            continue
        first = line.words[0] if line.words else None
        text = getattr(first, "text", None)
        skip = starts_with_separator(text) if isinstance(text, str) else 0
        if first is not None and skip and skip < len(first.text):
            line.extraSpace += stringWidth(first.text[:skip], first.fontName, first.fontSize)
            first.text = first.text[skip:]


def _text(line: Any) -> str:
    """A broken line's text: ReportLab's (space left, words) of one font, else a FragLine."""
    if isinstance(line, tuple):
        return " ".join(line[1])
    return "".join(getattr(frag, "text", "") for frag in line.words)


def _word_count(line: Any) -> int:
    return len(line[1]) if isinstance(line, tuple) else int(line.wordCount)


def _extra_space(line: Any) -> float:
    return float(line[0] if isinstance(line, tuple) else line.extraSpace)


def _give_all_back(broken: Any, measures: list[float], widths: list[float]) -> None:
    """Each line's room taken to break it (`widths` under its measure) given back."""
    for index, width in enumerate(widths[:len(broken.lines)]):
        taken = measures[min(index, 1)] - width
        if taken > 0:
            _give_back(broken, index, taken)


def _give_back(broken: Any, index: int, taken: float) -> None:
    """The line's room as the paragraph's width gives it: where it stands (centred, or
    aligned right) is measured from what it leaves unused."""
    line = broken.lines[index]
    if isinstance(line, tuple):
        broken.lines[index] = (line[0] + taken, line[1])
    else:
        line.extraSpace += taken
