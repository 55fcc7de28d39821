"""Short paragraphs that end on a short line, broken between phrases, in as many lines.

A sentence or two of a poster or a label broken greedily ends where the measure runs out:
"En una emergencia, llame / al 911.", "cannot check. In an emergency, / call 911.",
"what you feel / makes sense.". Where the last line is under MIN_LAST_SHARE of the measure
or one word (else the lines stay as ReportLab broke them), a typesetter sets the text in
the same number of lines but breaks it where a reader pauses: after a sentence, then after
a comma, with a last line of two words at least and a third of the measure ("En una
emergencia, / llame al 911."). Here every way of breaking the words into that many lines
that fit is scored, and the least costly kept: a line ending inside a phrase costs more
than one ending at a comma, more than one ending a sentence; a line may not start with a
number ("call / 911"); a line above of one word costs more than a short last line ("Study
group / contacts" stays, as balance.py keeps it); among equals, the more even lines. Words
joined by no-break spaces (a number, "24/7", a word bound to the next:
generator/i18n/bound_words.py) are one.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from generator.i18n.last_lines import too_short_to_end
from generator.i18n.sentence_ends import ENDS_A_SENTENCE

# A paragraph this short, in at most this many lines, is display text.
MAX_CHARS = 160
MAX_LINES = 4
MIN_LAST_SHARE = 1 / 3  # of the measure
_LATIN = "und"  # words between spaces (no-break ones too: "call\u00a0911." is two)
_PHRASE_END = re.compile(r"[,;:\u2013\u2014][\"\u201d\u2019\u00bb)]*$")
_NOT_AT_PHRASE = 3.0
_AT_COMMA = 1.0
_NUMBER_FIRST = 20.0  # "call / 911.": the number apart from the verb that leads to it
_SHORT_LAST = 10.0
_LONE_LAST = 40.0
_LONE_START = 30.0  # a line ending with a sentence's first word alone ("делать? Где /")
_LONE_ABOVE = 60.0  # a line above of one word ("También / pueden ayudarle"): worse than
# one below ("Study group / contacts" stays: "Study / group contacts" cuts a phrase)
_RAGGED = 6.0  # times the square of a line's unused share ("988 — / линия помощи …")
# A line (not the last but one) under SHORT_OVER_LONG of the line under it, which is not
# the last: a short line over a long one inside a paragraph reads as a break gone wrong
# ("Пользуйтесь телефоном, / который другой человек не может проверить. / В экстренной
# ситуации звоните 911.", the designer's review of the Russian ISO card's safety note).
SHORT_OVER_LONG = 0.6
_SHORT_OVER_LONG = 2.5


def phrase_breaks(words: Sequence[str], widths: Sequence[float], space: float,
                  measures: Sequence[float], count: int) -> list[int] | None:
    """Where each line but the first starts (indexes into `words`), for `count` lines
    that each fit its measure (`measures[min(n, len - 1)]`), breaking between phrases;
    None where no such break fits."""
    size = len(words)
    if count < 2 or size < count or size > 40:
        return None
    best: tuple[float, list[int]] | None = None
    for cuts in itertools.combinations(range(1, size), count - 1):
        starts = [0, *cuts, size]
        cost = 0.0
        lengths = [sum(widths[starts[line]:starts[line + 1]])
                   + space * (starts[line + 1] - starts[line] - 1) for line in range(count)]
        for line in range(count):
            first, stop = starts[line], starts[line + 1]
            measure = measures[min(line, len(measures) - 1)]
            width = lengths[line]
            if width > measure + 0.01:
                break
            if line < count - 2 and width < SHORT_OVER_LONG * lengths[line + 1]:
                cost += _SHORT_OVER_LONG
            share = (measure - width) / measure if measure > 0 else 0.0
            if line < count - 1:
                end = words[stop - 1]
                cost += 0.0 if ENDS_A_SENTENCE.search(end) else (
                    _AT_COMMA if _PHRASE_END.search(end) else _NOT_AT_PHRASE)
                cost += _RAGGED * share * share
                if stop - first >= 2 and ENDS_A_SENTENCE.search(words[stop - 2]):
                    cost += _LONE_START
                if words[stop][:1].isdigit():
                    cost += _NUMBER_FIRST
                if too_short_to_end(" ".join(words[first:stop]), _LATIN):
                    cost += _LONE_ABOVE
            else:
                if too_short_to_end(" ".join(words[first:stop]), _LATIN):
                    cost += _LONE_LAST
                elif 1 - share < MIN_LAST_SHARE:
                    cost += _SHORT_LAST
        else:
            if best is None or cost < best[0] - 1e-9:
                best = (cost, list(cuts))
    return best[1] if best else None
