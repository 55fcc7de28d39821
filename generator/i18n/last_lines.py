"""What a paragraph's last line must hold: no widow.

A paragraph that wraps never ends on one word alone ("911." under a full line, "đình",
"משבר"): its last line holds two words at least. Words are counted as a reader sees them:
only what has a letter or a digit in it counts ("·" or "–" alone is not a word), and a
phone number or date joined by no-break spaces is one. In scripts written without spaces
ICU's word breaker finds the words (Thai "พร้อม" is one); Chinese and Japanese, whose words
are a character or two, need four characters besides digits and punctuation ("这里。",
"合理的。" and "请拨打 911。" are too little: a CJK typesetter pulls characters down).
"""

from __future__ import annotations

import re

from generator.engine import remembered
from generator.i18n.icu_segments import segments
from generator.i18n.scripts import has_spaceless, is_han_or_kana

MIN_WORDS = 2
MIN_CJK_LETTERS = 4
# A last line shorter than this share of the measure is a widow too, whatever it holds:
# "call 911." (two words, 13 % of the card's measure) under a full line reads as one.
MIN_SHARE = 0.2
# No-break spaces too: what they join ("على مدار الساعة", "call 911.") is whole on its line,
# but is more than the one word a widow is.
_SPACES = re.compile(r"[ \t\r\n\u00a0\u202f]+")


@remembered(16384)
def too_short_to_end(text: str, lang: str) -> bool:
    """Whether `text`, a paragraph's last line, is too little to end it on."""
    if any(is_han_or_kana(char) for char in text):
        return sum(1 for char in text if char.isalpha()) < MIN_CJK_LETTERS
    if has_spaceless(text):
        return _icu_words(text, lang) < MIN_WORDS
    return sum(1 for word in _SPACES.split(text) if _is_word(word)) < MIN_WORDS


def word_and_number(text: str) -> bool:
    """Whether `text` is one word and a number ("بالرقم 911.", "call 911."): as a
    paragraph's last line, the number sits alone under the sentence that leads to it."""
    words = [word for word in _SPACES.split(text) if _is_word(word)]
    return len(words) == 2 and sum(1 for word in words if _is_number(word)) == 1


def _is_number(word: str) -> bool:
    return any(char.isdigit() for char in word) and not any(char.isalpha() for char in word)


def _is_word(word: str) -> bool:
    return any(char.isalnum() for char in word)


def _icu_words(text: str, lang: str) -> int:
    return sum(1 for start, end in segments(text, lang.replace("-", "_"), "word")
               if _is_word(text[start:end]))
