"""Quotation marks and apostrophes as each language writes them, in paragraph markup.

People type straight quotes (' and "); a typesetter prints the language's own: ’ for an
apostrophe ("friend’s", French "d’aide"), “…” in English, «…» in Spanish and Russian,
„…“ in German, 「…」 in Traditional Chinese and Japanese (CLDR's delimiters). French also
keeps a narrow no-break space (U+202F) inside « » and before ; ! ? and :, so that none of
them starts a line (ReportLab breaks at U+202F: its paragraphs are broken with a no-break
space in its place and drawn with it, generator/layout/widows.py).

Only text changes: tags and their attributes are left alone, and so are web addresses,
times (9:30) and anything not followed by a space (https://, ?x=1). Languages written
right to left keep the quotation marks typed (the bidi algorithm mirrors them); in Hebrew,
an apostrophe or a double quote inside a word is its geresh or gershayim, printed as those
(׳ ״: צ׳אט, אלמ״ב, generator/content/hebrew_marks.py).
"""

from __future__ import annotations

import re
from types import MappingProxyType

from generator.content.hebrew_marks import with_hebrew_marks
from generator.engine import remembered

# (double open, double close, single open, single close), from CLDR's delimiters.
QUOTES = MappingProxyType({
    "en": ("“", "”", "‘", "’"), "es": ("«", "»", "“", "”"), "fr": ("«", "»", "“", "”"),
    "pt": ("“", "”", "‘", "’"), "pt-PT": ("«", "»", "“", "”"), "ru": ("«", "»", "„", "“"),
    "pl": ("„", "”", "«", "»"), "de": ("„", "“", "‚", "‘"), "vi": ("“", "”", "‘", "’"),
    "ko": ("“", "”", "‘", "’"), "zh": ("“", "”", "‘", "’"), "zh-Hant": ("「", "」", "『", "』"),
    "ja": ("「", "」", "『", "』"), "hi": ("“", "”", "‘", "’"), "bn": ("“", "”", "‘", "’"),
    "th": ("“", "”", "‘", "’"), "am": ("«", "»", "‹", "›"), "ht": ("«", "»", "“", "”"),
    "tl": ("“", "”", "‘", "’"), "it": ("«", "»", "“", "”"),
})
APOSTROPHE = "’"
NARROW_NBSP, NBSP = "\u202f", "\u00a0"
_TAG = re.compile(r"(<[^>]*>)")
_ENTITIES = re.compile(r"&(?:#39|#x27|#34|#x22|quot|apos);", re.IGNORECASE)
_STRAIGHT = MappingProxyType({
    "&#39;": "'", "&#x27;": "'", "&apos;": "'", "&#34;": '"', "&#x22;": '"', "&quot;": '"'})
_OPENS_AFTER = " \t\n([{\u00a0\u202f-–—/«“‘„「『"  # a quote after these opens


def quotes_for(lang: str) -> tuple[str, str, str, str] | None:
    """The language's quotation marks (zh-TW takes zh-Hant's), or None to keep them."""
    base = lang.split("-")[0]
    traditional = lang in ("zh-Hant", "zh-TW", "zh-HK", "zh-MO")
    return QUOTES.get("zh-Hant" if traditional else lang) or QUOTES.get(base)


@remembered(4096)
def typographic(markup: str, lang: str) -> str:
    """`markup` with straight quotes and apostrophes as `lang` prints them."""
    if lang.split("-")[0] in ("he", "yi") and ("'" in markup or '"' in markup or "&" in markup
                                               or "’" in markup):
        pieces = _TAG.split(markup)
        for index in range(0, len(pieces), 2):  # text between tags
            pieces[index] = with_hebrew_marks(_ENTITIES.sub(
                lambda m: _STRAIGHT[m.group().lower()], pieces[index]))
        markup = "".join(pieces)
    marks = quotes_for(lang)
    if marks is not None and ("'" in markup or '"' in markup or "&" in markup):
        pieces = _TAG.split(markup)
        previous = " "
        for index in range(0, len(pieces), 2):  # text between tags
            text = _ENTITIES.sub(lambda m: _STRAIGHT[m.group().lower()], pieces[index])
            pieces[index], previous = _curled(text, previous, pieces, index, marks)
        markup = "".join(pieces)
    return _french_spacing(markup) if lang.split("-")[0] == "fr" else markup


def _curled(text: str, previous: str, pieces: list[str], index: int,
            marks: tuple[str, str, str, str]) -> tuple[str, str]:
    double_open, double_close, single_open, single_close = marks
    out = []
    for position, char in enumerate(text):
        if char in "'\"":
            following = _next_char(text, position, pieces, index)
            opens = previous in _OPENS_AFTER and not following.isspace()
            if char == '"':
                char = double_open if opens else double_close
            elif previous.isalnum() or not opens or following.isdigit():
                char = APOSTROPHE if previous.isalnum() or following.isdigit() else single_close
            else:
                char = single_open
        out.append(char)
        previous = char
    return "".join(out), previous


def _next_char(text: str, position: int, pieces: list[str], index: int) -> str:
    if position + 1 < len(text):
        return text[position + 1]
    for later in pieces[index + 2::2]:
        if later:
            return later[0]
    return " "


_BEFORE_HIGH = re.compile(r"(?<=[^\s\u202f\u00a0])[ ]?([;!?])(?=\s|$|<)")
_BEFORE_COLON = re.compile(r"(?<=[^\s\u202f\u00a0\d])[ ]?(:)(?=\s|$|<)")
_INSIDE_OPEN = re.compile(r"«[ \u00a0]?")
_INSIDE_CLOSE = re.compile(r"[ \u00a0]?»")


_TAG_OR_ENTITY = re.compile(r"(<[^>]*>|&[#\w]+;)")


def _french_spacing(markup: str) -> str:
    """French keeps a narrow no-break space before ; ! ? : and inside « »."""
    pieces = _TAG_OR_ENTITY.split(markup)  # "&amp;" ends with a semicolon of its own
    for index in range(0, len(pieces), 2):
        text = _BEFORE_HIGH.sub(NARROW_NBSP + r"\1", pieces[index])
        text = _BEFORE_COLON.sub(NARROW_NBSP + r"\1", text)
        text = _INSIDE_OPEN.sub("«" + NARROW_NBSP, text)
        pieces[index] = _INSIDE_CLOSE.sub(NARROW_NBSP + "»", text)
    return "".join(pieces)
