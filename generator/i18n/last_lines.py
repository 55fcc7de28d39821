"""What a paragraph's last line must hold: no widow.

A paragraph that wraps never ends on one word alone ("911." under a full line, "đình",
"משבר"): its last line holds two words at least. Words are counted as a reader sees them:
only what has a letter or a digit in it counts ("·" or "–" alone is not a word), and a
phone number or date joined by no-break spaces is one. In scripts written without spaces
ICU's word breaker finds the words (Thai "พร้อม" is one); Chinese and Japanese, whose words
are a character or two, need three characters besides digits and punctuation ("这里。",
"联系。" and "打 911。" are too little).
"""

from __future__ import annotations

import re

from generator.engine import remembered
from generator.i18n.icu_segments import segments
from generator.i18n.scripts import has_spaceless, is_han_or_kana

MIN_WORDS = 2
MIN_CJK_LETTERS = 3
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


def _is_word(word: str) -> bool:
    return any(char.isalnum() for char in word)


def _icu_words(text: str, lang: str) -> int:
    return sum(1 for start, end in segments(text, lang.replace("-", "_"), "word")
               if _is_word(text[start:end]))
