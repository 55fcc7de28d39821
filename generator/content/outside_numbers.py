"""A helpline's own number in the words site.yaml prints outside (issue 40): "Call
1-800-799-7233" as the card's outside title (`discreet_title`) or in the organisation's
name shown outside, "1-800-799-SAFE", "Text START to 88788", "Appelez le 3919" tell
whoever finds the card what it is for as plainly as a word would: anyone can look the number
up. A number of the kit's own lines (to call, the TTY's, to text) or of a national line of
generator/content/published_lines.yaml, in any of the ways it is written (with or without
its country code or trunk prefix, in letters for digits, in any Unicode digits and dashes),
is refused there. The country's emergency numbers are not: "In an emergency, call 911" says
nothing about what the card is for. (The layouts' own slots that print a line's number on an
outside panel, the brochure's back panel and the tear-off tabs, do so by design.)"""

from __future__ import annotations

import re
from collections.abc import Iterable

from generator.content.models import Resource, Site
from generator.content.text_numbers import plain_separators
from generator.engine import remembered
from generator.errors import Code, Problem

# Digit groups, and groups of capital letters typed for digits (1-800-799-SAFE), joined as
# a number's groups are; a run starts with a digit or a +.
_GROUP = re.compile(r"[0-9]+|[A-Z]{2,}|[A-Za-z]+")
_RUN = re.compile(r"\+?\(?[0-9]+(?:(?:[ ]?[-./][ ]?|[ ]|\)[ ]?|[ ]?\()(?:[0-9]+|[A-Z]{2,}\b))*")


def kit_helpline_numbers(resources: Iterable[Resource], country: str) -> frozenset[str]:
    """Every way the digits of a number of the kit's lines or of a published national line
    (those whose short numbers mean that line in `country`; full numbers wherever) are
    written: with the country code, as the nation dials it, without trunk prefix."""
    dialled = {number for line in resources
               for number in (line.phone and line.phone.e164, line.tty and line.tty.e164,
                              line.text and line.text.e164) if number}
    return frozenset(_written_forms(frozenset(dialled) | _published_numbers(country),
                                    country))


@remembered(16)
def _published_numbers(country: str) -> frozenset[str]:
    from generator.content.phone_number import PhoneError
    from generator.content.phones import parse_phone, parse_text_number, parse_tty
    from generator.content.published_lines import published_lines

    found = set()
    for line in published_lines():
        for kind, number in line.numbers:
            parse = {"tty": parse_tty, "text": parse_text_number}.get(kind, parse_phone)
            try:
                dialled = parse(number, line.countries[0]).e164
            except PhoneError:
                continue
            if dialled.startswith("+") or country in line.countries:
                found.add(dialled)
    return frozenset(found)


@remembered(64)
def _written_forms(dialled: frozenset[str], country: str) -> frozenset[str]:
    import phonenumbers
    from phonenumbers import shortnumberinfo

    forms = set()
    for number in dialled:
        if not number.startswith("+"):
            if not shortnumberinfo.is_emergency_number(number, country):
                forms.add(number)
            continue
        try:
            parsed = phonenumbers.parse(number)
        except phonenumbers.NumberParseException:
            continue
        national = phonenumbers.national_significant_number(parsed)
        as_dialled = re.sub(r"\D", "", phonenumbers.format_number(
            parsed, phonenumbers.PhoneNumberFormat.NATIONAL))
        forms.update({number.lstrip("+"), national, as_dialled})
    return frozenset(form for form in forms if len(form) >= 3)


def helpline_numbers_in(text: str, numbers: frozenset[str]) -> list[str]:
    """The numbers of `numbers` (`kit_helpline_numbers`) written in `text`, as written."""
    import phonenumbers

    if not numbers or not any(char.isdecimal() for char in text):
        return []
    plain = plain_separators(text)
    found = []
    for run in _RUN.finditer(plain):
        groups = [(group.start(), group.end()) for group in _GROUP.finditer(plain, run.start(),
                                                                              run.end())]
        best = None
        for first in range(len(groups)):
            if not plain[groups[first][0]].isdigit():
                continue
            for last in range(first, len(groups)):
                start, end = groups[first][0], groups[last][1]
                if (plain[start:end].strip() and start > 0 and plain[start - 1] == "+"):
                    start -= 1
                digits = re.sub(r"\D", "", phonenumbers.convert_alpha_characters_in_number(
                    plain[start:end]))
                if digits in numbers and (best is None or end - start > best[1] - best[0]):
                    best = (start, end)
        if best is not None:
            found.append(text[best[0]:best[1]])
    return found


def outside_number_problems(site: Site, resources: Iterable[Resource]) -> list[Problem]:
    """A helpline's own number in `discreet_title` (every language's) or, where
    show_organization prints it outside, in `organization`: an error on its line."""
    numbers = kit_helpline_numbers(resources, site.options.country)
    title = site.options.discreet_title
    given = [("discreet_title", lang, text) for lang, text in (
        title.items() if isinstance(title, dict) else [(None, title)])]
    if site.options.show_organization:
        given.append(("organization", None, site.options.organization))
    problems = []
    for field, lang, text in given:
        for written in helpline_numbers_in(text, numbers):
            named = f"{field} ({lang})" if lang else field
            problems.append(Problem(site.file_of(field), (
                f"{named}: '{written}', a helpline's own number, printed on the outside "
                "would reveal what this is for (anyone can look the number up): reword it; "
                "the lines' numbers are printed inside"), site.line_of(field),
                code=Code.OUTSIDE_NUMBER, fields={"key": field, "number": written}))
    return problems
