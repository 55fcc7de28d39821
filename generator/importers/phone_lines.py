"""The numbers of one service for its card line: which are used, which are left out and why.

A service's phones hang off the service itself, its service_at_location links, their
locations, its organization or the organization's locations (HSDS 3.x; older versions and
Ohana exports the same through their id columns; WellSky-style exports put an organization's
numbers on its locations only). For each kind of line (voice, TTY, text) the first valid
number is taken in that order of preference, so a service whose only voice line belongs to
its location or organization still has it; a note names each number passed over, of the
same level ("only the first") or of a later one (the service has its own). The kind is read
from `type`, `number_type` or `phone_type`, in any case: vCard words (voice, cell, text,
textphone, fax...) and the words exports use (hotline, sms, tty, tdd...). A fax number is
never a number to call; neither is a phone with no type whose description or department
says fax.

Numbers are cleaned of what real exports wrap them in (quotes, a `tel:` prefix) before they
are checked; an extension, written after the number or in an `extension` field, is printed
with it (`614-555-0106 ext. 12`: without it the card reaches a switchboard). A number that
is not valid for the country, or is never printed (premium rate, pager: see
`generator.content.phones`), is left out on its own, with the reason; a relay form
(UK 18001 ...) is valid on a TTY line only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from types import MappingProxyType

import phonenumbers
from phonenumbers import shortnumberinfo

from generator.content.models import Phone
from generator.content.phones import (
    PhoneError,
    SpelledInLetters,
    parse_phone,
    parse_text_number,
    parse_tty,
)
from generator.engine import remembered
from generator.importers.values import (
    language_code,
    language_pairs,
    objects_of,
    split_list,
    text_of,
)

LEVELS = ("service", "service at location", "location", "organization", "organization location")
# whose a number of each level is, in notes
WHOSE = MappingProxyType({"service": "its own", "service at location": "of its service_at_location",
                          "location": "of its location", "organization": "of its organization",
                          "organization location": "of a location of its organization"})
TYPE_KEYS = ("type", "number_type", "phone_type")
KINDS = MappingProxyType({
    "phone": {"", "voice", "cell", "mobile", "hotline", "main", "phone", "telephone",
              "landline", "toll free", "tollfree", "toll-free", "work", "office", "intake",
              "crisis", "helpline"},
    "text": {"text", "sms", "txt", "text message", "texting"},
    "tty": {"textphone", "tty", "tdd", "tty/tdd", "minicom", "relay", "text relay"},
    "fax": {"fax", "facsimile", "fax number"},
})
KIND_OF = MappingProxyType({word: kind for kind, words in KINDS.items() for word in words})
NAMES = MappingProxyType({"phone": "voice", "tty": "TTY", "text": "text"})
_WRAPPING = "\"'“”‘’«»`"
_PREFIX = re.compile(r"^(?:tel|phone|call|sms|text|tty)\s*[:.]\s*", re.IGNORECASE)
_EXTENSION_DIGITS = r"(?:ext\.?|extension|x|#)\s*(\d{1,6})"  # "ext. 12", "x12", "#12"
_EXTENSION = re.compile(rf"\s*(?:,|;)?\s*{_EXTENSION_DIGITS}\s*$", re.IGNORECASE)
_KEYWORD = re.compile(
    r"\btext\s+(?:the\s+word\s+)?([\"'“‘]?)([A-Za-z][A-Za-z0-9]{1,15})([\"'”’]?)\s+to\b",
    re.IGNORECASE)
# "Text HOME to " written before a text number in its own field
_TEXT_TO = re.compile("^" + _KEYWORD.pattern.removeprefix(r"\b") + r"\s+", re.IGNORECASE)
_NOT_KEYWORDS = frozenset({
    "us", "me", "them", "anytime", "now", "only", "here", "this", "that", "any", "message",
    "messages", "or", "and", "back", "in", "for", "at", "our", "your", "line", "number", "free",
    "anonymously", "confidentially", "also", "directly", "securely", "privately", "first",
    "instead", "today", "someone", "a", "an", "the", "it",
})


@dataclass
class PhoneChoice:
    """What a service's phones give its entry, and what was left out."""

    fields: dict = field(default_factory=dict)  # phone, tty, text: as resources.yaml has them
    languages: list[str] = field(default_factory=list)  # of the numbers used
    notes: list[str] = field(default_factory=list)
    left_out: list[str] = field(default_factory=list)  # numbers left out for their data
    had_numbers: bool = False


def phone_kind(phone: dict) -> str:
    """phone, text, tty, fax, or the unknown type word as written."""
    words = [(text_of(phone, key) or "").casefold() for key in TYPE_KEYS]
    word = next((w for w in words if w), "")
    kind = KIND_OF.get(word.replace("_", " "), word)
    if not word:
        said = " ".join((text_of(phone, key) or "") for key in ("description", "department"))
        if re.search(r"\bfax\b", said, re.IGNORECASE):
            return "fax"
    return kind


def clean_number(raw: str) -> tuple[str, str | None]:
    """The number without wrapping quotes or a `tel:` prefix, and any extension after it."""
    text = raw.strip()
    while len(text) > 1 and text[0] in _WRAPPING and text[-1] in _WRAPPING:
        text = text[1:-1].strip()
    text = _PREFIX.sub("", text.strip(_WRAPPING).strip())
    match = _EXTENSION.search(text)
    extension = None
    if match and re.search(r"\d{3}", text[:match.start()]):
        extension, text = match.group(1), text[:match.start()].rstrip(" ,;")
    return text, extension


def choose_phones(levels: list[tuple[str, list[dict]]], country: str, label: str) -> PhoneChoice:
    """The numbers for each kind of line, taken from `levels` in their order (see LEVELS)."""
    choice = PhoneChoice()
    found: dict[str, list[tuple[str, str, dict]]] = {"phone": [], "tty": [], "text": []}
    seen: set[tuple[str, str]] = set()
    for level, phones in levels:
        for phone in phones:
            _consider(phone, level, country, label, choice, found, seen)
    for kind in ("phone", "tty", "text"):
        numbers = found[kind]
        if not numbers:
            continue
        display, level, phone = numbers[0]
        same_level = [shown for shown, where, _ in numbers[1:] if where == level]
        if same_level:
            choice.notes.append(f"{label}: only the first {kind} number is used; left out "
                                f"{', '.join(same_level)}")
        if level in LEVELS[2:]:
            whose = f"its {level}'s" if level in LEVELS[2:4] else f"that {WHOSE[level]}"
            choice.notes.append(f"{label}: {NAMES[kind]} number {display} is {whose} (the "
                                "service has none of its own)")
        later = [f"{shown} ({WHOSE[where]})" for shown, where, _ in numbers[1:] if where != level]
        if later:
            choice.notes.append(f"{label}: {NAMES[kind]} number {display} ({WHOSE[level]}) "
                                f"is used; left out {', '.join(later)}")
        choice.fields[kind] = display if kind != "text" else _text_line(display, phone, label,
                                                                        choice)
        choice.languages.extend(phone_languages(phone))
    return choice


def _consider(phone: dict, level: str, country: str, label: str, choice: PhoneChoice,
              found: dict[str, list[tuple[str, str, dict]]], seen: set[tuple[str, str]]) -> None:
    raw = text_of(phone, "number")
    kind = phone_kind(phone)
    if not raw or kind == "fax":
        return
    if text_of(phone, "contact_id"):  # a person's own line, not the service's
        choice.notes.append(f"{label}: {raw} is the line of contact "
                            f"{text_of(phone, 'contact_id')}, a person's own; not printed")
        return
    choice.had_numbers = True
    if kind not in found:
        choice.notes.append(f"{label}: phone {raw} has type '{kind}'; left out")
        return
    number, extension = clean_number(raw)
    if kind == "text":  # "Text HOME to 741741" in the number itself: its keyword is read below
        number = _TEXT_TO.sub("", number)
    try:
        parsed = _parse(kind, number, country)
        extension = extension or _extension_field(phone, number)
        if extension and kind != "text":  # printed with the number: it reaches the service
            parsed = _parse(kind, f"{parsed.display} ext. {extension}", country)
    except PhoneError as error:
        choice.left_out.append(f"{NAMES[kind]} number {error}")
        return
    if (kind, f"{parsed.e164};{extension}") in seen:
        return
    seen.add((kind, f"{parsed.e164};{extension}"))
    if extension and kind == "text":
        choice.notes.append(f"{label}: extension {extension} of text number {parsed.display} "
                            "is not printed (a text cannot reach one)")
    if parsed.raw != number and parsed.raw.startswith(f"{number} ("):
        choice.notes.append(f"{label}: {NAMES[kind]} number {number} is printed with the "
                            f"digits it dials: {parsed.display}")
    found[kind].append((parsed.display, level, phone))


def _parse(kind: str, number: str, country: str) -> Phone:
    """`parse_tty` for a TTY number, `parse_text_number` for a text one, else `parse_phone`;
    remembered, since an organization's
    numbers are read again for each of its services (2,000 services of one 211 with 20
    locations: 42,000 numbers parsed, 40 of them different)."""
    outcome = _parse_outcome(kind, number, country)
    if isinstance(outcome, PhoneError):
        raise outcome.with_traceback(None)
    return outcome


@remembered(4096)
def _parse_outcome(kind: str, number: str, country: str) -> Phone | PhoneError:
    parse = {"tty": parse_tty, "text": parse_text_number}.get(kind, parse_phone)
    try:
        return parse(number, country)
    except SpelledInLetters as spelled:  # 844-RIGHTS-9: printed with the digits it dials
        return parse(spelled.with_digits, country)
    except PhoneError as error:
        return error


def _extension_field(phone: dict, number: str) -> str | None:
    """The digits of an `extension` field (HSDS 3 writes a number, older data `ext. 12`)."""
    written = text_of(phone, "extension")
    if not written:
        return None
    match = re.fullmatch(rf"{_EXTENSION_DIGITS}|(\d{{1,6}})", written, re.IGNORECASE)
    if not match:
        raise PhoneError(f"{number!r} has extension {written!r}, which is not digits: the "
                         "number is not printed without it")
    return match.group(1) or match.group(2)


def _text_line(number: str, phone: dict, label: str, choice: PhoneChoice) -> dict:
    described = " ".join(text_of(phone, key) or ""
                         for key in ("description", "department", "number"))
    match = _KEYWORD.search(described)
    keyword = None
    if match:
        quoted, word = bool(match.group(1) and match.group(3)), match.group(2)
        if quoted or word.isupper() or word.casefold() not in _NOT_KEYWORDS:
            keyword = word
            if not (quoted or word.isupper()):
                choice.notes.append(f"{label}: text keyword '{word}' read from "
                                    f"\"{match.group(0)}\"; check it")
    return {"number": number, "keyword": keyword} if keyword else {"number": number}


def phone_languages(phone: dict) -> list[str]:
    """The languages a phone is answered in: HSDS 3 `languages` objects, 1.x `language` text."""
    codes = [language_code(code, name) for code, name in language_pairs(phone)]
    codes += [language_code(name, name) for name in split_list(text_of(phone, "language"))]
    return [code for code in codes if code]


def is_emergency(number: str, country: str) -> bool:
    try:
        parsed = phonenumbers.parse(number, country)
    except phonenumbers.NumberParseException:
        return False
    digits = phonenumbers.national_significant_number(parsed)
    return shortnumberinfo.is_emergency_number(digits, country)


def unserved_note(organization: dict) -> str | None:
    """A note for an organization with numbers (its own or its locations') but no services:
    only services become lines, so its numbers are not imported, and the report says so
    rather than drop them."""
    numbers = _numbers([organization, *objects_of(organization, "locations")])
    if not numbers:
        return None
    name = text_of(organization, "name") or text_of(organization, "id") or "(unnamed)"
    return (f"organization {name} has no services in the data: its number(s) "
            f"{', '.join(numbers)} not imported (only services become lines)")


def location_note(location: dict) -> str | None:
    """A note for a location with numbers that no service reaches (none is at it)."""
    numbers = _numbers([location])
    if not numbers:
        return None
    name = text_of(location, "name") or text_of(location, "id") or "(unnamed)"
    return (f"location {name} has no services at it in the data: its number(s) "
            f"{', '.join(numbers)} not imported (only services become lines)")


def _numbers(records: list[dict]) -> list[str]:
    """The numbers of the records' phones but fax numbers, each once."""
    return list(dict.fromkeys(
        number for record in records for phone in objects_of(record, "phones")
        if (number := text_of(phone, "number")) and phone_kind(phone) != "fax"))


def last_if_emergency(entry: dict, group: str, country: str) -> str:
    """The group an entry is listed in: "emergency" (after all others) for a line whose
    number is the country's emergency number, else `group`."""
    return "emergency" if is_emergency(str(entry.get("phone") or ""), country) else group
