"""What a paragraph's last line must hold: no widow.

A paragraph that wraps never ends on one word alone ("911." under a full line, "đình",
"משבר"): its last line holds two words at least. Words are counted as a reader sees them:
only what has a letter or a digit in it counts ("·" or "–" alone is not a word), a
phone number joined by no-break spaces is one, and a phrase held in one piece by them (a
date, the words for 24/7, a keyword) is as many words as it has. In scripts written without spaces
ICU's word breaker finds the words (Thai "พร้อม" is one); Chinese and Japanese, whose words
are a character or two, need three characters besides digits and punctuation ("这里。",
"联系。" and "打 911。" are too little).
"""

from __future__ import annotations

import re

from generator.engine import remembered
from generator.i18n.scripts import is_han_or_kana, is_spaceless

MIN_WORDS = 2
MIN_CJK_LETTERS = 3
_SPACES = re.compile(r"[ \t\r\n]+")  # not the no-break spaces, which join what they separate


@remembered(16384)
def too_short_to_end(text: str, lang: str) -> bool:
    """Whether `text`, a paragraph's last line, is too little to end it on."""
    if any(is_han_or_kana(char) for char in text):
        return sum(1 for char in text if char.isalpha()) < MIN_CJK_LETTERS
    if any(is_spaceless(char) for char in text):
        return _icu_words(text, lang) < MIN_WORDS
    return sum(_words_in(piece) for piece in _SPACES.split(text)) < MIN_WORDS


def _is_word(word: str) -> bool:
    return any(char.isalnum() for char in word)


_NO_BREAK = re.compile("[\u00a0\u202f]")


def _words_in(piece: str) -> int:
    """How many words a piece between plain spaces is to a reader: a number joined by
    no-break spaces is one ("0808 2000 247"), a phrase held in one piece by them is its
    words ("على مدار الساعة" and "24 گھنٹے", the words for 24/7; "SAFE NOW PLEASE")."""
    if not _is_word(piece):
        return 0
    if not any(char.isalpha() for char in piece):
        return 1
    return sum(1 for part in _NO_BREAK.split(piece) if _is_word(part))


def _icu_words(text: str, lang: str) -> int:
    from icu4py.breakers import WordBreaker  # only for text written without spaces

    return sum(1 for start, end in WordBreaker(text, lang.replace("-", "_")).segments()
               if _is_word(text[start:end]))
