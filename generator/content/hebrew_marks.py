"""Hebrew's geresh and gershayim typed as ASCII quotes.

Hebrew marks an abbreviation, a number written in letters or a sound it borrows with the
geresh (׳ U+05F3: צ׳אט, ח׳) and an acronym with the gershayim (״ U+05F4: צה״ל, עו״ד).
Keyboards give an apostrophe and a straight double quote instead, which fonts draw as
Latin marks, too high and slanted beside Hebrew letters. Written inside (or at the end of)
a Hebrew word they are always these marks: the build prints them so (i18n/quotes.py), and
`check` names where the source has them, so that the text is right wherever it is copied.
"""

from __future__ import annotations

import re

GERESH, GERSHAYIM = "\u05f3", "\u05f4"
_LETTER = "[\u05d0-\u05ea]"
# A straight or curly apostrophe after a Hebrew letter (not before another apostrophe), or a
# straight or curly double quote between two Hebrew letters, where it is a gershayim: before
# an acronym's last letter (צה"ל, ב"ה), or after two letters or more (מנכ"לים); not after a
# one-letter prefix opening a quotation (ו"שלום").
_MARKS = re.compile(rf"(?<={_LETTER})(['\u2019])(?!['\u2019])"
                    rf"|(?<={_LETTER}{_LETTER})([\"\u201d\u201c])(?={_LETTER})"
                    rf"|(?<={_LETTER})([\"\u201d\u201c])(?={_LETTER}(?!{_LETTER}))")


def with_hebrew_marks(text: str) -> str:
    """`text` with those quotes as the geresh and gershayim."""
    return _MARKS.sub(lambda match: GERESH if match.group(1) else GERSHAYIM, text)


def hebrew_mark_problems(text: str) -> list[str]:
    """Each word of `text` written with an ASCII or curly quote for a geresh or
    gershayim, as the word should be written."""
    words = []
    for match in _MARKS.finditer(text):
        start = text.rfind(" ", 0, match.start()) + 1
        end = text.find(" ", match.end())
        word = text[start:end if end >= 0 else len(text)].strip(".,;:!?()")
        words.append(f"{word} -> {with_hebrew_marks(word)}")
    return list(dict.fromkeys(words))
