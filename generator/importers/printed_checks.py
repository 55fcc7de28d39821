"""What an imported record prints, checked as `check` checks resources.yaml, so that the
import refuses it (and says where) rather than writing a line `check` then stops: a number a
digit off the national line the record names (generator/content/published_lines.py), and a
number in its printed words, its name or its hours, that a line could not print (a schedule's
`description` is printed as its hours: "after hours 1-800-799-7223" is checked like any text,
generator/content/text_numbers.py).

The data has no setting to say a number differs on purpose from a national line's: such a
number is left out with the reason, and a site whose line really has it writes the line in
resources.yaml with `differs_from_published: true`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType

from generator.content.phone_number import Phone, PhoneError
from generator.content.phones import parse_phone, parse_text_number, parse_tty
from generator.content.published_lines import CONFIRM, differences
from generator.content.text_numbers import printed_text_problem

# as differences names them
_FIELDS = MappingProxyType({"phone": "phone", "tty": "tty", "text.number": "text"})


@dataclass
class Checked:
    """What the checks left out of a record (`left_out`: the reasons), and why the record is
    refused when nothing is left to reach it by or its name cannot print (`refused`)."""

    left_out: list[str] = field(default_factory=list)
    refused: str | None = None


def check_printed(entry: dict, country: str) -> Checked:
    """Check `entry` (a resources.yaml entry an importer built), taking out of it each
    number or hours that cannot print."""
    checked = Checked()
    numbers = _numbers(entry, country)
    name = entry.get("name")
    names = [str(name)] if isinstance(name, str) else [str(text) for text in (name or {}).values()]
    for found in differences(numbers, names, entry.get("url"), country):
        key = _FIELDS[found.field]
        if found.severity != "error":
            continue  # a warning (one digit from a line it does not name): check says it
        if entry.pop(key, None) is not None:
            message = found.message.replace(
                f"add `{CONFIRM}: true` to the line",
                f"write the line in resources.yaml with `{CONFIRM}: true` (the data cannot say "
                "so)")
            checked.left_out.append(f"{key}: {message}")
    own = frozenset(phone.e164 for phone in numbers.values())
    for text in names:
        if (flaw := printed_text_problem(text, country, known=own)) is not None:
            checked.refused = f"its name {text!r}: {flaw.message}"
            return checked
    hours = entry.get("hours")
    if isinstance(hours, str) and (flaw := printed_text_problem(hours, country,
                                                                known=own)) is not None:
        del entry["hours"]
        checked.left_out.append(f"hours {hours!r}: {flaw.message}")
    if checked.left_out:
        _redo_qr(entry)
        if not {"phone", "text", "url"} & entry.keys():
            checked.refused = checked.left_out[0]
    return checked


def _numbers(entry: dict, country: str) -> dict[str, Phone]:
    """The entry's numbers as the checks read them (each was checked by its importer)."""
    text = entry.get("text")
    given = {"phone": (parse_phone, entry.get("phone")), "tty": (parse_tty, entry.get("tty")),
             "text.number": (parse_text_number,
                             text.get("number") if isinstance(text, dict) else None)}
    numbers = {}
    for key, (parse, raw) in given.items():
        if raw:
            try:
                numbers[key] = parse(str(raw), country)
            except PhoneError:
                continue
    return numbers


def _redo_qr(entry: dict) -> None:
    """The QR code of a line whose number was left out: what it still has, as importers
    choose it."""
    wanted = {"tel": "phone", "sms": "text", "url": "url"}.get(str(entry.get("qr")))
    if wanted is None or wanted in entry:
        return
    qr = "tel" if "phone" in entry else "sms" if "text" in entry else \
        "url" if "url" in entry else None
    if qr is None:
        entry.pop("qr", None)
    else:
        entry["qr"] = qr
