"""Number-like runs that must read left to right, whatever the paragraph's direction.

In the Unicode bidi algorithm digits are weak and spaces, brackets and hyphens neutral, so
inside an Arabic or Hebrew paragraph `0808 2000 247` is laid out as three number runs in
right-to-left order (`247 2000 0808`) and `(614) 555-0101` gets its brackets turned round.
Every phone number, short code, extension, web or email address, "24/7", date and time is
therefore treated as a left-to-right isolate (what LRI ... PDI, U+2066 ... U+2069, would
make it): a single neutral to the text around it, laid out left to right inside.
"""

from __future__ import annotations

import re

from generator.engine import remembered

_SPACE = "[ \u00a0\u202f\u2009]"  # space, no-break, narrow no-break and thin spaces
_MARK = "[-\u2010\u2011\u2012\u2013./:]"  # hyphens, en dash, dot, slash, colon
_DASH = "[-\u2010\u2011\u2012\u2013]"
# Between two groups of digits: one space, one of those marks, or a dash with spaces round
# it (" – "). Not ". " or ", ": those end a sentence or a list, and the numbers either side
# are separate ones.
_BETWEEN = rf"(?:{_MARK}|{_SPACE}?{_DASH}{_SPACE}?|{_SPACE})"
_GROUP = r"(?:\(\d+\)|\d+)"  # brackets only in pairs: "(614)", never "3)"
_EXTENSION = rf"(?:{_SPACE}?(?:ext\.?|x|#){_SPACE}?\d+)"
_NUMBER = rf"\+?{_GROUP}(?:{_BETWEEN}{_GROUP})*(?P<extension>{_EXTENSION})?"
_URL = r"(?:https?://|www\.)[^\s<>\"]+[^\s<>\".,;:!?)\]]"
# An address's parts are as long as the standards allow at most (RFC 5321: 64 characters
# before the @; RFC 1035: labels of 63, 127 of them), so that a long run of letters without
# a space (a pasted blob, Chinese without punctuation) is not read again from each of its
# characters: unbounded, the search's time grew with the square of the run (a pasted
# blob of Chinese, "a-a-a-...": bench/README.md).
_LABEL = "[A-Za-z0-9-]{1,63}"
_EMAIL = r"[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,126}"
_DOMAIN = rf"\b{_LABEL}(?:\.{_LABEL}){{0,126}}\.[A-Za-z]{{2,}}\b"
# A web address as printed (generator/content/web_address.typed_address: no scheme, its port,
# path and query kept) reads left to right whole: apart, in a right-to-left paragraph the
# slash after its host is a neutral set at the paragraph's level ("thehotline.org/get-help/"
# read back as "thehotline.org" and "get-help/" with the slash moved).
_PATH = r"(?::\d{1,5})?(?:/[^\s<>\"]*[^\s<>\".,;:!?)\]]|/)?"
# A Latin label and its colon before a number ("TTY: 1-800-787-3224", the English string an
# Arabic kit prints untranslated) read left to right with it: apart, in a right-to-left
# paragraph the colon is a neutral between the label and the number, set at the paragraph's
# level, and is drawn on the number's side ("1-800-787-3224: TTY" read back).
_LABEL_BEFORE = rf"(?:\b[A-Za-z]{{2,12}}:{_SPACE}?)"
_RUN = re.compile(f"{_URL}|{_EMAIL}|{_DOMAIN}{_PATH}|{_LABEL_BEFORE}?{_NUMBER}", re.IGNORECASE)

LRI, FSI, PDI = "\u2066", "\u2068", "\u2069"


@remembered(8192)
def isolate_spans(text: str) -> tuple[tuple[int, int], ...]:
    """(start, end) of every run in `text` that reads left to right as one unit."""
    return tuple(match.span() for match in _RUN.finditer(text))


def with_isolates(text: str) -> str:
    """`text` with each such run wrapped in LRI ... PDI, for readers that run the Unicode
    bidi algorithm themselves (a browser, a screen reader)."""
    return _RUN.sub(lambda match: f"{LRI}{match.group(0)}{PDI}", text)


_NUMBER_ONLY = re.compile(_NUMBER, re.IGNORECASE)


def unbreakable_numbers(text: str) -> str:
    """`text` with the spaces inside phone numbers made no-break spaces, so that a line is
    never broken between the groups of a number (ReportLab breaks only at plain spaces); it
    may break before an extension (`0113 496 0000 ext. 12` on a narrow tear-off tab)."""
    def joined(match: re.Match[str]) -> str:
        cut = _extension_cut(match) - match.start()
        number = match.group(0)
        return number[:cut].replace(" ", "\u00a0") + number[cut:cut + 1] + \
            number[cut + 1:].replace(" ", "\u00a0")
    return _NUMBER_ONLY.sub(joined, text)


@remembered(8192)
def unbreakable_spans(text: str) -> tuple[tuple[int, int], ...]:
    """(start, end) of every run a line never breaks inside: the runs `isolate_spans`
    finds, but a number and its extension apart (a line may break before `ext. 12`)."""
    spans: list[tuple[int, int]] = []
    for match in _RUN.finditer(text):
        cut = _extension_cut(match)
        spans += [(match.start(), cut), (cut + 1, match.end())] if cut < match.end() \
            else [match.span()]
    return tuple(spans)


def _extension_cut(match: re.Match[str]) -> int:
    """Where the space before a number's extension is (`" ext. 12"`), else the match's end."""
    extension = match.group("extension")
    if extension and extension.startswith(" "):
        return match.start("extension")
    return match.end()
