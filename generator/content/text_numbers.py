"""Numbers written into printed text, checked as a line's number is (issue 40): a catalogue's
`safety_note: "Call {emergency} or 1-900-555-0199."`, an article's `card:` line, a line's
hours, a translation imported from a PO or XLIFF file. A premium-rate number, a number that
is not valid for the country (a fragment such as 614-555-0), or one written in the digits of
two scripts is refused wherever it is written, and a translation may not add a number its
English text does not have (`scan_tel: "Llame al 1-800-555-0100"` for "Scan to call"): the
numbers a card dials come from the lines, which are checked, never from a translator.

`printed_text_problem` is the one check: the catalogues' loading (generator/kit_checks.py,
i18n/localize.py), the articles' (content/load.py), the lines' (content/kit_parts.py) and
`locale import` (translating/translator_import.py) call it.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from generator.engine import remembered
from generator.errors import Code, Flaw, Problem

# A run of digits as numbers are written (spaces, hyphens, dots, brackets, a leading +);
# a number to call has at least five digits: a text without such a run needs no matcher.
_NUMBER_RUN = re.compile(r"\+?\(?\d(?:[\s\-.()/]{0,2}\d)*")
_LEAST_DIGITS = 5

# What text writes between the digit groups of a phone number, in any of its Unicode forms
# (1‑900‑555‑0199 with non-breaking hyphens, 0808 2000 247 with no-break or thin spaces,
# 1–800 with an en dash): each is read as its ASCII form, one character for one, so that
# what is found keeps its place in the text as written.
_AS_HYPHEN = frozenset("\u2010\u2011\u2012\u2013\u2014\u2015\u2043\u2212\ufe58\ufe63\uff0d"
                       "\u30fc\u2e3a\u2e3b\u301c\uff5e")
_AS_DOT = frozenset("\u2024\u2027\u00b7\u30fb\uff0e\uff61\u0701\u06d4")
_AS_SPACE = frozenset("\u200b\u200c\u200d\u2060\ufeff\u00ad\u180e")
_AS_ASCII = {"\uff08": "(", "\uff09": ")", "\uff0b": "+", "\uff0f": "/", "\u2044": "/"}
# Written like a number but not one to dial: a date (2026-11-01, 12.03.2024, 01/11/2026),
# a US ZIP+4 code, or a count grouped in thousands (1 000 000).
_NOT_A_NUMBER = re.compile(r"\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{2,4}|"
                           r"\d{5}-\d{4}|\d{1,3}(?:[ \u00a0\u202f]\d{3})+")


def printed_text_problem(text: str, country: str | None,
                         english: str | None = None) -> Flaw | None:
    """Why `text`, printed as written, cannot be printed for a kit in `country` (None: the
    numbers are not checked for a country), or None. With `english` (the text it
    translates), a number the English text does not have is refused too."""
    if english is not None and (added := added_numbers(text, english)):
        said = " and ".join(added)
        return Flaw(Code.ADDED_NUMBER, (
            f"has the number{'s' if len(added) > 1 else ''} {said}, which the English text "
            "does not: a translation carries the English text's numbers only (the numbers "
            "a card dials are its lines', in resources.yaml)"), {"numbers": tuple(added)})
    if country is None:
        return None
    for written, problem in number_problems(text, country):
        return _cannot_print(written, problem)
    return None


def _cannot_print(written: str, reason: str) -> Flaw:
    return Flaw(Code.TEXT_NUMBER, f"the number {written} in it cannot be printed: {reason}",
                {"number": written, "reason": reason})


def text_number_problems(texts: dict[str, str], country: str, path: Path,
                         file_text: str | None = None) -> list[Problem]:
    """`printed_text_problem` of each of `texts` (field -> text: an article's title, card
    line, key points, paragraphs) as problems of `path`, each on the line of `file_text`
    (the file as written) where its number is."""
    return [_cannot_print(written, problem).at(path, _line_of(file_text, written),
                                               prefix=f"{field}: ", key=field)
            for field, text in texts.items()
            for written, problem in number_problems(text, country)]


def _line_of(text: str | None, written: str) -> int | None:
    if not text or written not in text:
        return None
    return text[:text.index(written)].count("\n") + 1


@remembered(4096)
def number_problems(text: str, country: str) -> tuple[tuple[str, str], ...]:
    """(the number as written, why it cannot print) for each phone number in `text` that a
    line could not print (see generator/content/phone_rules.py)."""
    plain = plain_separators(text)  # 1‑900‑555‑0199 read as 1-900-555-0199
    if not any(_digits(run.group()) >= _LEAST_DIGITS for run in _NUMBER_RUN.finditer(plain)):
        return ()
    import phonenumbers

    from generator.content.phone_number import PhoneError
    from generator.content.phones import parse_text_number

    found = []
    for match in phonenumbers.PhoneNumberMatcher(plain, country,
                                                 leniency=phonenumbers.Leniency.POSSIBLE):
        run, written = match.raw_string, text[match.start:match.end]
        if _skipped(plain, match.start, match.end, run):
            continue
        try:
            parse_text_number(run, country)
        except PhoneError as error:
            said = str(error)
            found.append((written, f"it {said.removeprefix(f'{run!r} ')}"
                          if said.startswith(f"{run!r} ") else said))
    return tuple(found)


def plain_separators(text: str) -> str:
    """`text` with each Unicode dash, space, dot and bracket that may join a number's
    groups as its ASCII form, one character for one (so positions in it are positions in
    `text`), full-width digits as ASCII digits."""
    def plain(char: str) -> str:
        if char in _AS_HYPHEN:
            return "-"
        if char in _AS_DOT:
            return "."
        if char in _AS_SPACE or (char != " " and unicodedata.category(char) == "Zs"):
            return " "
        if char.isdecimal() and not char.isascii():
            folded = unicodedata.normalize("NFKC", char)
            return folded if folded.isascii() else char
        return _AS_ASCII.get(char, char)

    return "".join(plain(char) for char in text)


def _skipped(text: str, start: int, end: int, written: str) -> bool:
    """A match that is no number to dial: too short to be a full number, a date or a ZIP+4
    code, or the digits before letters (1-800-799-SAFE, a number spelled in letters)."""
    if _digits(written) < 7 or _NOT_A_NUMBER.fullmatch(written.strip()):
        return True
    after = text[end:end + 2].removeprefix("-")  # 1-800-799-SAFE: letters joined on
    return bool(after) and after[0].isalpha()


def added_numbers(translation: str, english: str) -> list[str]:
    """The numbers (runs of two digits or more, in any script) `translation` writes that
    `english` does not, as the translation writes them."""
    have = {_value(run.group()) for run in _NUMBER_RUN.finditer(plain_separators(english))}
    added = [translation[run.start():run.end()].strip()
             for run in _NUMBER_RUN.finditer(plain_separators(translation))
             if _digits(run.group()) >= 2 and _value(run.group()) not in have
             and not any(_value(run.group()) in value for value in have)]
    return list(dict.fromkeys(added))


def _digits(text: str) -> int:
    return sum(1 for char in text if char.isdecimal())


def _value(text: str) -> str:
    """The digits of a number, in Western digits (٩١١ is 911)."""
    return "".join(str(unicodedata.decimal(char)) for char in text if char.isdecimal())
