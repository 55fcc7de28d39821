"""Where a left-to-right line may break, beyond ReportLab's "at a space".

Thai, Khmer, Lao and Burmese are written without spaces between words, and Chinese and
Japanese break between characters but never inside a Latin word written among them: ICU's
line breaker (Unicode's line breaking algorithm with its word dictionaries, through
icu4py) finds the places. Then havenprint's own rules take some of them away, for every
language:
- never inside a phone number (but before its extension), a web address or another run
  `isolate_spans` finds;
- never between a number and the Chinese or Japanese word that follows it ("24小时", where
  ICU's word breaker finds the word), nor inside that word;
- never between a number and the short unit or abbreviation after it ("2026 г.", "24 h/24"),
  nor inside it;
- in Chinese and Japanese, not inside a word (ICU's word breaker, with its dictionaries:
  "电话", "联系"), unless the paragraph has a word too wide for its line (`whole_words`);
- never inside a compound ICU's dictionary splits ("ฆ่าตัว / ตาย", "วาง / สาย"), nor
  after a Thai word that leads the next (the pronoun "คุณ", the negation "ไม่", "จะ", the
  nominalizers "การ", "ความ", "ผู้") or before one that closes the last (the auxiliary
  "ได้", final particles): bound_words.py's `compound_spans`;
- never inside a date that runs from a number and its word to the next number ("2026年11月");
- before a separator set tight between items in Chinese and Japanese ("3224·全天"), never
  after it (bound_words.py's `tight_separators`): the line that starts with it leaves it out.
ICU's breaker already keeps the line-start and line-end rules (no 。，、」）！？：；at a line's
start, no 「（《 at its end: Unicode's line breaking classes CL, EX, NS and OP).
"""

from __future__ import annotations

import bisect
import re

from generator.engine import remembered
from generator.i18n.bound_words import compound_spans, tight_separators
from generator.i18n.icu_segments import segments as icu_segments
from generator.i18n.isolates import unbreakable_spans
from generator.i18n.scripts import has_spaceless, is_han_or_kana

# A short word after a number: a unit or an abbreviation ("г.", "h/24", "km", "ч").
# Not a phone number's extension ("ext. 12", "x 12"): a line may break before it.
_UNIT_AFTER_NUMBER = re.compile(
    r"(\d)([ \u00a0\u202f]+)(?!(?i:ext|x)\b)([^\W\d_]{1,3}(?:[./]\S*)?)(?=$|[\s,;:!?)])")


def needs_segmenting(text: str) -> bool:
    """Whether `text` has letters of a script written without spaces between words."""
    return has_spaceless(text)


@remembered(4096)
def segments(text: str, lang: str, whole_words: bool = True) -> tuple[tuple[int, int], ...]:
    """(start, end) of the pieces a line may break after: each ends where ICU allows a break
    and havenprint's rules do not forbid one; spaces stay at the end of the piece before.
    With `whole_words`, Chinese and Japanese words stay whole too."""
    breaks = [end for _, end in icu_segments(text, _icu_locale(lang), "line")]
    tight = tight_separators(text, lang)
    if tight:
        breaks = sorted({*breaks, *tight})
    words = _cjk_words(text, lang) if whole_words else []
    inside = _inside((*unbreakable_spans(text), *_numbers_with_words(text, lang),
                      *_numbers_with_units(text), *words, *compound_spans(text, lang),
                      *((index, index + 2) for index in tight)), len(text))
    kept = [end for end in breaks if end >= len(text) or not inside[end]]
    pieces, start = [], 0
    for end in kept:
        if end > start:
            pieces.append((start, end))
            start = end
    return tuple(pieces)


def _inside(spans: tuple[tuple[int, int], ...], length: int) -> list[bool]:
    """For each position from 0 to `length`, whether it falls strictly inside one of the
    spans: a line may not break there. In one pass, however many spans (a paragraph of
    thousands of numbers)."""
    opened = [0] * (length + 2)
    for start, stop in spans:
        if stop - start > 1:
            opened[start + 1] += 1
            opened[stop] -= 1
    inside, depth = [], 0
    for change in opened[:length + 1]:
        depth += change
        inside.append(depth > 0)
    return inside


def _icu_locale(lang: str) -> str:
    return lang.replace("-", "_")


def _numbers_with_units(text: str) -> list[tuple[int, int]]:
    """(start, end) of each number's last digit and the short unit after it."""
    return [(match.start(), match.end()) for match in _UNIT_AFTER_NUMBER.finditer(text)]


def _numbers_with_words(text: str, lang: str) -> list[tuple[int, int]]:
    """(start, end) of each number and the Chinese or Japanese word after it, and of a run
    of them that follow each other without a space ("2026年11月1日": a date)."""
    joins = [index for index in range(1, len(text))
             if text[index - 1].isdigit() and is_han_or_kana(text[index])]
    if not joins:
        return []
    ends = [end for _, end in icu_segments(text, _icu_locale(lang), "word")]  # in order
    spans: list[tuple[int, int]] = []
    for join in joins:
        start = join - 1
        while start > 0 and text[start - 1].isdigit():
            start -= 1
        after = bisect.bisect_right(ends, join)  # the first end past the join
        end = ends[after] if after < len(ends) else len(text)
        if spans and spans[-1][1] == start:  # straight after the last: one date
            start = spans.pop()[0]
        spans.append((start, end))
    return spans


def _cjk_words(text: str, lang: str) -> list[tuple[int, int]]:
    """(start, end) of each word of Chinese or Japanese characters, by ICU's word breaker."""
    if not any(is_han_or_kana(char) for char in text):
        return []
    return [(start, end) for start, end in icu_segments(text, _icu_locale(lang), "word")
            if end - start > 1 and all(is_han_or_kana(char) and char.isalpha()
                                       for char in text[start:end])]


# A label's colon and the number or date it names ("TTY: 1-800-787-3224", "QR কোড: 988",
# "Kiểm tra lần cuối: thg 11 2026", French "TTY : 1-800-787-3224"): the space after the
# colon is a no-break space, so that no line ends on "TTY:" with its number below. A date is
# one piece already (its spaces no-break ones: compose.format_month): what follows the colon
# up to the next plain space holds a digit.
_LABEL_BEFORE_NUMBER = re.compile(
    r"(?:(?<=[^\W\d_]:)|(?<=[^\W\d_][\u00a0\u202f]:)) (?=[+(]?\d|[^ \t\n<]*\d)")


def keep_labels_with_numbers(markup: str) -> str:
    """Paragraph markup with a no-break space after a label's colon before a number, for
    every paragraph: ReportLab and the right-to-left lines break only at plain spaces, ICU
    never at a no-break space."""
    return _LABEL_BEFORE_NUMBER.sub("\u00a0", markup)


def keep_units_with_numbers(markup: str) -> str:
    """Paragraph markup with a no-break space between a number and a short unit after it
    ("2026 г.", "24 h/24"), for ReportLab's own line breaking, which breaks at any space
    and at U+202F NARROW NO-BREAK SPACE (babel writes one in "2026 г." in Russian)."""
    return _UNIT_AFTER_NUMBER.sub(lambda m: f"{m.group(1)}\u00a0{m.group(3)}",
                                  markup.replace("\u202f", "\u00a0"))
