"""Numbers written into printed text, checked as a line's number is (issues 39 and 40): a
catalogue's `safety_note: "Call {emergency} or 1-900-555-0199."`, an article's `card:` line,
a line's hours, a translation imported from a PO or XLIFF file. Anything written like a phone
number (digit groups joined as a number's are, in any Unicode dash or space) must be a
number a line could print: a premium-rate number, a fragment (555-12, 1-800-799-72), a
letter for a digit (1-900-555-O199) or two scripts' digits is refused wherever it is
written, and so is a number a digit off a national line's published one (see
published_lines.text_difference) that is not one of the kit's own lines. Dates, times,
spans, counts and the like are not numbers to dial (`_NOT_A_NUMBER`, `_written_like_a_number`).
A translation may not add a number its English text does not have (`scan_tel: "Llame al
1-800-555-0100"` for "Scan to call"): the numbers a card dials come from the lines, which
are checked, never from a translator.

`printed_text_problem` is the one check: the catalogues' loading (generator/pipeline/kit_checks.py,
i18n/localize.py), the articles' (content/load.py), the lines' (content/kit_parts.py) and
`locale import` (translating/translator_import.py) call it."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from types import MappingProxyType

from generator.engine import remembered
from generator.errors import Code, Flaw, Problem

# A run of digits as numbers are written (spaces, hyphens, dots, brackets, a leading +):
# what a translation may not add.
_NUMBER_RUN = re.compile(r"\+?\(?\d(?:[\s\-.()/]{0,2}\d)*")

# What text writes between the digit groups of a phone number, in any of its Unicode forms
# (1‑900‑555‑0199 with non-breaking hyphens, 0808 2000 247 with no-break or thin spaces,
# 1–800 with an en dash): each is read as its ASCII form, one character for one, so that
# what is found keeps its place in the text as written.
_AS_HYPHEN = frozenset("\u2010\u2011\u2012\u2013\u2014\u2015\u2043\u2212\ufe58\ufe63\uff0d"
                       "\u30fc\u2e3a\u2e3b\u301c\uff5e")
_AS_DOT = frozenset("\u2024\u2027\u00b7\u30fb\uff0e\uff61\u0701\u06d4")
_AS_SPACE = frozenset("\u200b\u200c\u200d\u2060\ufeff\u00ad\u180e")
# Spaces that keep what they join on one line: between digit groups, a number's (614 27
# with a no-break space is a fragment, as 614-27 is); thousands (10 000) are counts still.
_KEPT_TOGETHER = re.compile("\\d[\u00a0\u202f\u2007\u2060]+\\d")
_AS_ASCII = MappingProxyType({"\uff08": "(", "\uff09": ")", "\uff0b": "+", "\uff0f": "/",
                              "\u2044": "/"})

# Something written like a phone number: digit groups joined by what joins a number's
# groups (a hyphen, a dot, a space, a slash, brackets), with an optional + before it.
_JOIN = r"(?:[ ]?[-./][ ]?|[ ]|\)[ ]?|[ ]?\()"
_WRITTEN = re.compile(rf"(?<![\w+.,/#@&=%$€£¥₹-])(?<!\d:)(?:\+[ ]?)?\(?\d+(?:{_JOIN}\d+)*\)?")
_LETTERS_ON = re.compile(r"-?([A-Za-z][A-Za-z0-9]*)")
_DIGITS_IN_BRACKETS = re.compile(r"[ ]?\(\d[\d .-]*\)")
_WEB = re.compile(r"(?:https?://|www\.)\S+|\S+@\S+\.\w+|\S+\.(?:org|com|net|gov|edu|ca|uk|au|"
                  r"nz|ie|de|fr|es|us|info)(?:/\S*)?", re.IGNORECASE)
# Digits in groups that are no number to dial, whatever their separators: a date
# (2026-11-01, 12.03.2024, 01/11/2026, 11/01), a time or hours (9:00, 9.00-17.00), a US
# ZIP+4 code, a count grouped in thousands (1 000 000, 10.000), a span of years
# (2025-26, 1998-2001), 24/7, an ISBN.
_NOT_A_NUMBER = re.compile(
    r"\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}(?:[-./]\d{2,4})?\.?|"
    r"\d{1,2}[.:]\d{2}(?:[ ]?-[ ]?\d{1,2}[.:]\d{2})*|\d{5}-\d{4}|"
    r"\d{1,3}(?:[ .,]\d{3})+|(?:19|20)\d{2}[ ]?[-/][ ]?(?:19|20)?\d{2}|24[ ]?[-/][ ]?7")
_YEAR = re.compile(r"(?:19|20)\d{2}")
_CATALOGUE_NUMBER = re.compile(r"\b(?:ISBN|ISSN|DOI)(?:-1[03])?:?[ ]?$", re.IGNORECASE)
_LEAST_DIGITS = 3  # fewer is no number to call anywhere (a 2-digit short number is written
#                    alone, and alone a group is not checked: a year, an age, a count)
_LEAST_ALONE = 7  # a single run of digits is a number when it is this long (8007997233)
_LEAST_SPACED = 7  # two groups joined by a space: 0808 2000, not "2019 15"


def printed_text_problem(text: str, country: str | None, english: str | None = None,
                         known: frozenset[str] = frozenset()) -> Flaw | None:
    """Why `text`, printed as written, cannot be printed for a kit in `country` (None: the
    numbers are not checked for a country), or None. With `english` (the text it
    translates), a number the English text does not have is refused too; `known`: the
    numbers (as dialled) of the kit's own lines (see `number_problems`)."""
    if english is not None and (added := added_numbers(text, english)):
        said = " and ".join(added)
        return Flaw(Code.ADDED_NUMBER, (
            f"has the number{'s' if len(added) > 1 else ''} {said}, which the English text "
            "does not: a translation carries the English text's numbers only (the numbers "
            "a card dials are its lines', in resources.yaml)"), {"numbers": tuple(added)})
    if country is None:
        return None
    if english is not None:  # the English text's numbers are checked where it is
        known = known | dialled_in(english, country)
    for written, problem in number_problems(text, country, known):
        return _cannot_print(written, problem)
    return None


def dialled_in(text: str, country: str) -> frozenset[str]:
    """The numbers (as dialled) written in `text` that are valid for `country`."""
    plain = plain_separators(text)
    found = (_valid(plain[start:end].strip(), country)
             for start, end in (_balanced(plain, *match.span())
                                for match in _WRITTEN.finditer(plain)))
    return frozenset(phone.e164 for phone in found if phone is not None)


def _cannot_print(written: str, reason: str) -> Flaw:
    return Flaw(Code.TEXT_NUMBER, f"the number {written} in it cannot be printed: {reason}",
                {"number": written, "reason": reason})


def text_number_problems(texts: dict[str, str], country: str, path: Path,
                         file_text: str | None = None, known: frozenset[str] = frozenset()
                         ) -> list[Problem]:
    """`printed_text_problem` of each of `texts` (field -> text: an article's title, card
    line, key points, paragraphs) as problems of `path`, each on the line of `file_text`
    (the file as written) where its number is; `known`: the kit's lines' numbers."""
    return [_cannot_print(written, problem).at(path, _line_of(file_text, written),
                                               prefix=f"{field}: ", key=field)
            for field, text in texts.items()
            for written, problem in number_problems(text, country, known)]


def _line_of(text: str | None, written: str) -> int | None:
    if not text or written not in text:
        return None
    return text[:text.index(written)].count("\n") + 1


def number_problems(text: str, country: str, known: frozenset[str] = frozenset()
                    ) -> tuple[tuple[str, str], ...]:
    """(the number as written, why it cannot print) for each phone number in `text` that a
    line could not print (see generator/content/phone_rules.py): premium rate, not valid
    for the country (a fragment: 555-12, 1-800-799-72), a letter for a digit
    (1-900-555-O199); or a digit or two off a national line's published number when the
    text names that line, one digit off when it does not (generator/content/
    published_lines.py) — unless it is one of `known`, the numbers (as dialled) of the
    kit's own lines, which are checked against the national lines where they are given."""
    return _scanned(text, country, known)


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


@remembered(4096)
def _scanned(text: str, country: str, known: frozenset[str]) -> tuple[tuple[str, str], ...]:
    """(written, reason) for each number in `text` that cannot print, in the order
    written."""
    if sum(1 for char in text if char.isdecimal()) < _LEAST_DIGITS:
        return ()
    plain = plain_separators(text)
    web = [match.span() for match in _WEB.finditer(plain)]
    found: list[tuple[str, str]] = []
    spelled = _spelled_runs(plain, web)
    for start, end in spelled:
        found.append(_spelled_problem(text[start:end], plain[start:end], country))
    runs = list(spelled)
    for match in _WRITTEN.finditer(plain):
        start, end = _balanced(plain, *match.span())
        if any(begin <= start < stop for begin, stop in web):
            continue  # a number in a web or e-mail address
        if any(begin <= start < stop for begin, stop in spelled):
            continue  # in a number spelled in letters, said whole above
        runs.append((start, end))
        found.extend(_checked_run(text, plain, start, end, country, known))
    found.extend(_matched_elsewhere(text, plain, country, runs, web))
    return tuple(dict.fromkeys(found))


# A number with letters for some of its digit groups (1-900-JKL-0199, 1-900-CALL-NOW,
# 900-JKL-0199): a group of digits first, then groups of digits or capitals (or lower-case
# letters between two digit groups) joined by hyphens or dots. Words joined by a space
# ("1-800 words") or a number's word (24-hour, COVID-19) are not.
_SPELLED = re.compile(r"(?<![\w+.-])\+?\d+(?:[-.](?:\d+|[A-Z]{2,}|[a-z]{2,}(?=[-.]\d)))+"
                      r"(?![\w-])")
_SPELLED_LEAST = 7  # digits and letters: a whole number's, not a form's code (12-ABC)


def _spelled_runs(plain: str, web: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans of numbers written partly in letters, without their digits in brackets
    after them (1-800-799-SAFE (800-799-7233) is how a line advertises itself)."""
    spans = []
    for match in _SPELLED.finditer(plain):
        run = match.group()
        if (not any(char.isalpha() for char in run)
                or sum(1 for char in run if char.isalnum()) < _SPELLED_LEAST
                or any(begin <= match.start() < stop for begin, stop in web)
                or _DIGITS_IN_BRACKETS.match(plain, match.end())):
            continue
        spans.append(match.span())
    return spans


def _spelled_problem(written: str, run: str, country: str) -> tuple[str, str]:
    """Why a number spelled in letters cannot print: what its digits dial when that cannot
    print either (premium rate), else that it is spelled in letters."""
    import phonenumbers

    dialled = phonenumbers.convert_alpha_characters_in_number(run)
    if _valid(dialled, country) is None:
        said = _reason(dialled, dialled, country)
        if "premium" in said:
            return written, f"it dials {dialled}, which {said.removeprefix('it ')}"
    return written, _reason(written, run, country)


def _matched_elsewhere(text: str, plain: str, country: str, runs: list[tuple[int, int]],
                       web: list[tuple[int, int]]) -> list[tuple[str, str]]:
    """What phonenumbers' own matcher finds that the runs above do not cover (a number
    written as it reads numbers and this does not): a full number that cannot print."""
    import phonenumbers

    found = []
    for match in phonenumbers.PhoneNumberMatcher(plain, country,
                                                 leniency=phonenumbers.Leniency.POSSIBLE):
        if _digits(match.raw_string) < _LEAST_ALONE or any(
                begin < match.end and match.start < stop for begin, stop in (*runs, *web)):
            continue
        if _valid(match.raw_string.strip(), country) is None:
            written = text[match.start:match.end].strip()
            found.append((written, _reason(written, match.raw_string.strip(), country)))
    return found


def _balanced(plain: str, start: int, end: int) -> tuple[int, int]:
    """A run without the bracket it closes or opens alone: "(after hours 1-900-555-0199)"
    has the number 1-900-555-0199; "(614) 555-0100" keeps its brackets."""
    run = plain[start:end]
    if run.endswith(")") and run.count("(") < run.count(")"):
        end -= 1
    if run.startswith("(") and plain[start:end].count("(") > plain[start:end].count(")"):
        start += 1
    return start, end


def _checked_run(text: str, plain: str, start: int, end: int, country: str,
                 known: frozenset[str]) -> list[tuple[str, str]]:
    """What is wrong with the run of digit groups at `start:end` of `plain`: the whole, or
    its parts between spaces where some of them are numbers of their own ("call
    1-800-799-7233 24 hours a day")."""
    end = _with_letters(plain, start, end)
    run = plain[start:end]
    if _digits(run) < _LEAST_DIGITS or _not_a_number(plain, start, end):
        return []
    if _valid(run.strip(), country) is not None:
        return _published(text[start:end].strip(), run.strip(), text, country, known)
    spaces = [index for index, char in enumerate(run) if char == " " and index
              and run[index - 1] not in "-./(" and index + 1 < len(run)
              and run[index + 1] not in "-./)"]
    if spaces:
        parts = _valid_parts(run, spaces, country)
        if parts:  # the valid numbers in it, and each other part on its own
            found: list[tuple[str, str]] = []
            for part_start, part_end, valid in parts:
                if valid:
                    found.extend(_published(text[start + part_start:start + part_end].strip(),
                                            run[part_start:part_end].strip(), text, country,
                                            known))
                else:
                    found.extend(_checked_run(text, plain, start + part_start,
                                              start + part_end, country, known))
            return found
    written = text[start:end].strip()
    if not _written_like_a_number(run, kept_together=_KEPT_TOGETHER.search(written) is not None):
        return []
    return [(written, _reason(written, run.strip(), country))]


def _with_letters(plain: str, start: int, end: int) -> int:
    """The end of a number that goes on in letters: a letter typed for a digit
    (1-900-555-O199), a number spelled in letters (1-800-799-SAFE), with the digits in
    brackets after it (1-800-799-SAFE (7233)); a word after a hyphen (24-hour) is not."""
    letters = _LETTERS_ON.match(plain, end)
    if letters is None or _digits(plain[start:end]) < 6:
        return end
    word = letters.group(1)
    if any(char.isdigit() for char in word) or (len(word) <= 2 and all(
            char in "OoIlSsBZz" for char in word)) or (word.isupper() and 3 <= len(word) <= 7):
        end = letters.end()
        brackets = _DIGITS_IN_BRACKETS.match(plain, end)
        return brackets.end() if brackets else end
    return end


def _not_a_number(plain: str, start: int, end: int) -> bool:
    """Digits written like a number that are something else: a date, a time, a count, a
    span (10-12 years, 2010-2015), a percentage, a price."""
    run = plain[start:end].strip()
    if _NOT_A_NUMBER.fullmatch(run) or _CATALOGUE_NUMBER.search(plain, 0, start):
        return True
    if re.match(r"\s?%|\s?(?:€|£|\$)", plain[end:end + 2]):
        return True
    span = re.fullmatch(r"(\d+)[ ]?-[ ]?(\d+)", run)
    return bool(span and int(span.group(1)) <= int(span.group(2)))


def _written_like_a_number(run: str, kept_together: bool = False) -> bool:
    """Whether digit groups are written as a phone number is, rather than as a list, a
    decimal or a year beside a count: with a + or an area code in brackets; groups joined by
    hyphens, or by a no-break space (`kept_together`: typed so that a line break never
    parts them, as a number's groups are); three groups or more; two joined by a space or a
    slash when long enough; a run of digits alone when it is as long as a phone number."""
    groups = re.findall(r"\d+", run)
    digits = sum(len(group) for group in groups)
    joins = re.findall(r"[^\d]+", run.strip().lstrip("+("))
    area = re.search(r"\((\d{2,5})\)\s?\d{3}", run)  # (614) 555-0100, not (2019) 45(3)
    if run.lstrip().startswith("+") or (area and not _YEAR.fullmatch(area.group(1))):
        return True
    if len(groups) == 1:
        return digits >= _LEAST_ALONE
    if kept_together or any("-" in join for join in joins):
        return digits >= 4
    if len(groups) >= 3 and all(join.strip() in ("", ".") for join in joins):
        return digits >= 6
    if all(join.strip() in ("", "/") for join in joins) and not _YEAR.fullmatch(groups[0]):
        return digits >= _LEAST_SPACED
    return False  # 3.5, 614.27: a decimal


def _valid_parts(run: str, spaces: list[int], country: str
                 ) -> list[tuple[int, int, bool]]:
    """The run cut at its spaces into the longest valid numbers, from the left, and the
    parts between them; [] when no part is a valid number."""
    cuts = [0, *spaces, len(run)]
    parts: list[tuple[int, int, bool]] = []
    first = 0
    while first < len(cuts) - 1:
        last = next((last for last in range(len(cuts) - 1, first, -1)
                     if _valid(run[cuts[first]:cuts[last]].strip(), country) is not None),
                    None)
        if last is None:
            if parts and not parts[-1][2]:
                parts[-1] = (parts[-1][0], cuts[first + 1], False)
            else:
                parts.append((cuts[first], cuts[first + 1], False))
            first += 1
        else:
            parts.append((cuts[first], cuts[last], True))
            first = last
    return parts if any(valid for *_, valid in parts) else []


@remembered(4096)
def _valid(run: str, country: str):  # noqa: ANN202 - Phone | None, imported late
    """The number `run` dials, as a line's number, TTY number (a relay form) or texting
    number (an SMS short code) of `country`; None when it is none of them."""
    from generator.content.phone_number import PhoneError
    from generator.content.phones import parse_phone, parse_text_number, parse_tty

    for parse in (parse_phone, parse_tty, parse_text_number):
        try:
            return parse(run, country)
        except PhoneError:
            continue
    return None


def _reason(written: str, run: str, country: str) -> str:
    """Why the number cannot be printed, as its parse says it of a number to text (the
    widest: SMS short codes too)."""
    from generator.content.phone_number import PhoneError
    from generator.content.phones import parse_text_number

    try:
        parse_text_number(run, country)
    except PhoneError as error:
        said = str(error)
        for form in (written, run):
            if said.startswith(f"{form!r} "):
                return f"it {said.removeprefix(f'{form!r} ')}"
        return said
    return "it is not a valid phone number"


def _published(written: str, run: str, text: str, country: str, known: frozenset[str]
               ) -> list[tuple[str, str]]:
    """A valid number a digit or two off a national line's (generator/content/
    published_lines.py) that is none of the kit's own lines' numbers (`known`)."""
    from generator.content.published_lines import text_difference

    phone = _valid(run, country)
    if phone is None or phone.e164 in known:
        return []
    hosts = [match.group() for match in _WEB.finditer(text)]
    difference = text_difference(phone, text, hosts, country)
    return [] if difference is None else [(written, f"it {difference}")]


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
