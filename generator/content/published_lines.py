"""National lines' published numbers (published_lines.yaml, each with its source and the date
it was recorded), and the lines of a kit that name one of them while printing a number a
digit or two away from what it publishes: an error, since a wrong digit on every card of a
print run sends each caller to someone else. A site confirms a number that differs on
purpose (a regional number of a national line) with `differs_from_published: true` on the
line.

A line names a national line when one of its names (in any language given) contains the
national line's name or another name it is listed by, as whole words, case, punctuation and
"the" aside; or when its `url` is on one of the publisher's domains. Numbers are compared as
they are dialled: full numbers with their country code (so a Toronto line never meets a
London one), a short number only in the countries where it means that line.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from types import MappingProxyType
from urllib.parse import urlsplit

from generator.content.phone_number import Phone, PhoneError
from generator.engine import remembered
from generator.errors import Code, FieldValue

TABLE = Path(__file__).with_name("published_lines.yaml")
CONFIRM = "differs_from_published"  # the line's setting that confirms a deliberate difference
KINDS = MappingProxyType({"phone": "number", "tty": "TTY number", "text": "texting number"})
_MOST_DIGITS_AWAY = 2


@dataclass(frozen=True)
class PublishedLine:
    name: str
    called: str  # the name in a sentence: "the National Domestic Violence Hotline"
    names: tuple[str, ...]  # normalised: the name and every other it is listed by
    countries: tuple[str, ...]
    web: tuple[str, ...]
    numbers: tuple[tuple[str, str], ...]  # (kind, number as published): phone, tty, text
    source: str
    recorded: date


@dataclass(frozen=True)
class Difference:
    """A number of a line that is not what the national line it names publishes."""

    field: str  # phone, tty, text.number
    message: str
    code: Code  # PUBLISHED_OTHER_KIND or PUBLISHED_NEAR
    fields: dict[str, FieldValue]  # but `name` and `key`


def normalised(text: str) -> str:
    """Lower case, `&` as "and", punctuation and the word "the" dropped, one space between
    words: "The Trevor Project" and "trevor-project" read alike."""
    text = unicodedata.normalize("NFKC", text).casefold().replace("&", " and ")
    text = re.sub(r"['’`]", "", text)
    words = re.sub(r"[^\w]+", " ", text).split()
    return " ".join(word for word in words if word != "the")


@remembered(1)
def published_lines() -> tuple[PublishedLine, ...]:
    """The table, read once."""
    from generator.content.yaml_parser import parsed

    data, _ = parsed(TABLE.read_text(encoding="utf-8"), TABLE, 1)
    lines = []
    for entry in data["lines"]:
        numbers = [*(("phone", str(n)) for n in entry.get("phone", [])),
                   *(("tty", str(n)) for n in entry.get("tty", [])),
                   *(("text", str(t["number"])) for t in entry.get("text", []))]
        lines.append(PublishedLine(
            name=entry["name"], called=entry.get("called", entry["name"]),
            names=tuple(dict.fromkeys(normalised(str(name)) for name in
                                      [entry["name"], *entry.get("also", [])])),
            countries=tuple(entry["countries"]), web=tuple(entry.get("web", [])),
            numbers=tuple(numbers), source=entry["source"], recorded=entry["recorded"]))
    return tuple(lines)


def named_lines(names: Iterable[str], url: str | None) -> list[PublishedLine]:
    """The national lines a line names, by one of its names or its web address."""
    pattern, by_name = _names()
    named = {line for name in names if name
             for found in pattern.findall(f" {normalised(name)} ") for line in by_name[found]}
    host = _host(url)
    return [line for line in published_lines()
            if line in named or host is not None and any(
                host == domain or host.endswith(f".{domain}") for domain in line.web)]


@remembered(1)
def _names() -> tuple[re.Pattern[str], dict[str, tuple[PublishedLine, ...]]]:
    """One pattern finding every national line's names as whole words (longest first), and
    the lines each name is one of."""
    by_name: dict[str, list[PublishedLine]] = {}
    for line in published_lines():
        for name in line.names:
            by_name.setdefault(name, []).append(line)
    alternatives = "|".join(re.escape(name) for name in sorted(by_name, key=len, reverse=True))
    return (re.compile(f"(?<= )(?:{alternatives})(?= )"),
            {name: tuple(lines) for name, lines in by_name.items()})


def differences(numbers: dict[str, Phone], names: Iterable[str], url: str | None,
                country: str) -> list[Difference]:
    """Each of `numbers` (field -> the number as checked: phone, tty, text.number) that is
    a digit or two away from a number a national line the line names publishes, or is its
    TTY number printed as its number to call (and the other way round)."""
    lines = named_lines(names, url)
    if not lines:
        return []
    found = []
    for field, phone in numbers.items():
        kind = field.partition(".")[0]
        difference = _difference(kind, phone, lines, country)
        if difference:
            found.append(Difference(field, *difference))
    return found


def _difference(kind: str, phone: Phone, lines: list[PublishedLine], country: str
                ) -> tuple[str, Code, dict[str, FieldValue]] | None:
    published = [(line, their_kind, number, dialled)
                 for line in lines for their_kind, number in line.numbers
                 for dialled in [_dialled(number, their_kind, line)]
                 if dialled is not None and _comparable(phone.e164, dialled, line, country)]
    if any(dialled == phone.e164 and (their_kind == kind or {kind, their_kind} != {"phone",
                                                                                     "tty"})
           for _, their_kind, _, dialled in published):
        return None  # what a line publishes, as that kind (a number texted and called: 988)
    same = next(((line, their_kind, number) for line, their_kind, number, dialled in published
                 if dialled == phone.e164), None)
    if same is not None:
        line, their_kind, number = same
        return (f"{phone.display} is {_owner(line)} published {KINDS[their_kind]}, not its "
                f"{KINDS[kind]} ({_where(line)}): "
                + ("a TTY number answers textphones, not a voice call; " if their_kind == "tty"
                   else "a voice number does not answer a textphone; ")
                + f"write it as `{their_kind}:`, or {_confirm()}",
                Code.PUBLISHED_OTHER_KIND, {
                    "number": phone.display, "owner": line.called, "kind": kind,
                    "published_kind": their_kind, "source": line.source,
                    "recorded": line.recorded.isoformat()})
    near = sorted(((_distance(_digits(phone.e164), _digits(dialled)), line, their_kind, number)
                   for line, their_kind, number, dialled in published),
                  key=lambda found: found[0])
    if not near or not 0 < near[0][0] <= _MOST_DIGITS_AWAY:
        return None
    _, line, their_kind, number = near[0]
    what = "" if their_kind == kind else f" {KINDS[their_kind]}"
    return (f"{phone.display} differs from {_owner(line)} published{what} {number} "
            f"({_where(line)}): check the number with the line itself; if this line's "
            f"number differs on purpose, {_confirm()}", Code.PUBLISHED_NEAR, {
                "number": phone.display, "owner": line.called, "published": number,
                "published_kind": their_kind, "source": line.source,
                "recorded": line.recorded.isoformat()})


def _confirm() -> str:
    return f"add `{CONFIRM}: true` to the line"


def _owner(line: PublishedLine) -> str:
    return f"{line.called}'" if line.called.endswith("s") else f"{line.called}'s"


def _where(line: PublishedLine) -> str:
    return f"published at {line.source}, recorded {line.recorded.isoformat()}"


def _comparable(ours: str, theirs: str, line: PublishedLine, country: str) -> bool:
    """Full numbers in the same country code; short numbers where they mean the line."""
    if ours.startswith("+") and theirs.startswith("+"):
        return _country_code(ours) == _country_code(theirs)
    return not ours.startswith("+") and not theirs.startswith("+") and country in line.countries


def _country_code(e164: str) -> str:
    import phonenumbers

    try:
        return str(phonenumbers.parse(e164).country_code)
    except phonenumbers.NumberParseException:
        return e164


@remembered(256)
def _dialled(number: str, kind: str, line: PublishedLine) -> str | None:
    """A published number as it is dialled (E.164, or a short number's digits), read for its
    first country."""
    from generator.content.phones import parse_phone, parse_text_number, parse_tty

    parse = {"tty": parse_tty, "text": parse_text_number}.get(kind, parse_phone)
    try:
        return parse(number, line.countries[0]).e164
    except PhoneError:
        return None


def _digits(e164: str) -> str:
    return e164.lstrip("+")


def _distance(first: str, second: str) -> int:
    """Digits changed, added, dropped, or two neighbours swapped (optimal string alignment)."""
    rows = [list(range(len(second) + 1))]
    for i, a in enumerate(first, 1):
        row = [i]
        for j, b in enumerate(second, 1):
            cost = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + (a != b))
            if i > 1 and j > 1 and a == second[j - 2] and first[i - 2] == b:
                cost = min(cost, rows[-2][j - 2] + 1)
            row.append(cost)
        rows.append(row)
    return rows[-1][-1]


def _host(url: str | None) -> str | None:
    if not url:
        return None
    try:
        host = urlsplit(url).hostname
    except ValueError:
        return None
    return host.casefold().removeprefix("www.") if host else None
