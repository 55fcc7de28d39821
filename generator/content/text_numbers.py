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
    if not any(_digits(run.group()) >= _LEAST_DIGITS for run in _NUMBER_RUN.finditer(text)):
        return ()
    import phonenumbers

    from generator.content.phone_number import PhoneError
    from generator.content.phones import parse_text_number

    found = []
    for match in phonenumbers.PhoneNumberMatcher(text, country,
                                                 leniency=phonenumbers.Leniency.POSSIBLE):
        written = match.raw_string
        if _skipped(text, match.start, match.end, written):
            continue
        try:
            parse_text_number(written, country)
        except PhoneError as error:
            said = str(error)
            found.append((written, f"it {said.removeprefix(f'{written!r} ')}"
                          if said.startswith(f"{written!r} ") else said))
    return tuple(found)


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
    have = {_value(run.group()) for run in _NUMBER_RUN.finditer(english)}
    added = [run.group().strip() for run in _NUMBER_RUN.finditer(translation)
             if _digits(run.group()) >= 2 and _value(run.group()) not in have
             and not any(_value(run.group()) in value for value in have)]
    return list(dict.fromkeys(added))


def _digits(text: str) -> int:
    return sum(1 for char in text if char.isdecimal())


def _value(text: str) -> str:
    """The digits of a number, in Western digits (٩١١ is 911)."""
    return "".join(str(unicodedata.decimal(char)) for char in text if char.isdecimal())
