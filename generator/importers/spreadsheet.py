"""Import hotline listings from a plain spreadsheet saved as CSV.

One row per line, in print order, under a header row. Header names are matched without case
and with spaces or hyphens read as `_` (`Text Number` = `text_number`); an unknown column is
an error, so a typo never silently drops data. `,` and `;` delimiters both work (Excel uses
`;` in many countries), and so does Excel's "CSV UTF-8" (with its byte order mark). Empty
rows are ignored. Columns (only `name` is required):

    name          the line's name as printed, e.g. "Harbor Light Crisis Line"
    phone         voice number, checked for the country (e.g. 1-800-799-7233, 988)
    tty           TTY / textphone number
    text_number   number or short code to text
    text_keyword  word to text to it (needs text_number)
    url           web address, http:// or https://
    hours         as printed, e.g. 24/7 or "Mon–Fri 9:00–17:00"
    languages     language codes (or English names), separated by ; or , e.g. "en; es"
    qr            tel | sms | url: what the card's QR code does (empty: the default)
    verified      date someone last checked the line, YYYY-MM-DD (or as the country
                  writes dates, 10/01/2026: read so with a note)
    required      yes/no: the line must fit on the card (empty: no)
    region        state or province the line serves; empty with postal_code = whole country
    postal_code   postal code of the area the line serves
    tags          words for the --tag filter, separated by ; or ,
    status        active (or empty) | inactive | defunct | temporarily closed

Rows with another status are skipped. A phone, TTY or text number that is not valid for the
country or never printed, such as a premium-rate number or a fragment (614-27), is refused
with the reason (a wrong number on a printed card cannot be recalled; see
`generator.content.phones`): the row is kept without it, and refused when it has nothing else
to call, text or open. A TTY number may be a relay form (UK: 18001 then the number). A row
with no region and no postal code is a national line: it passes the area filter and comes
first. A row without `verified` takes the date the site gives for the whole file, if any.
Other bad cells (a date that is not one, a web address without http, `qr: sms` with no text
number...) refuse their row, naming the file, the row and the column. Every other row is
imported; what was refused is an error (`ImportResult.refusals`), and `havenprint import`,
`check` and `build` exit 1 for it.
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path
from types import MappingProxyType

from generator.content.phones import (
    PhoneError,
    SpelledInLetters,
    parse_phone,
    parse_text_number,
    parse_tty,
)
from generator.content.web_address import web_address, web_address_problem
from generator.errors import Code, ContentError, Problem
from generator.importers.files import BadRow, read_csv
from generator.importers.phone_lines import last_if_emergency
from generator.importers.report import AreaFilter, Collector, ImportResult, Place
from generator.importers.values import (
    date_notes,
    date_order,
    date_order_note,
    language_code,
    read_date,
    split_list,
)

SPREADSHEET_COLUMNS: MappingProxyType[str, str] = MappingProxyType({
    "name": "the line's name as printed (required)",
    "phone": "voice number, checked for the country",
    "tty": "TTY / textphone number",
    "text_number": "number or short code to text",
    "text_keyword": "word to text to it (needs text_number)",
    "url": "web address, http:// or https://",
    "hours": "opening hours as printed, e.g. 24/7",
    "languages": "language codes or names separated by ; or , (e.g. en; es)",
    "qr": "tel | sms | url: what the card's QR code does (empty: the default)",
    "verified": "date the line was last checked, YYYY-MM-DD",
    "required": "yes/no: the line must fit on the card",
    "region": "state or province the line serves (empty: whole country)",
    "postal_code": "postal code of the area the line serves",
    "tags": "words for the tag filter, separated by ; or ,",
    "status": "active (or empty) | inactive | defunct | temporarily closed",
})
SKIP_STATUSES = frozenset({"inactive", "defunct", "temporarily closed"})
YES = frozenset({"yes", "y", "true", "1", "x"})
NO = frozenset({"no", "n", "false", "0", ""})
QR_NEEDS = MappingProxyType({"tel": "phone", "sms": "text", "url": "url"})
QR_COLUMN = MappingProxyType({"tel": "phone", "sms": "text_number", "url": "url"})
QR_FOR = MappingProxyType({"phone": "tel", "text": "sms"})
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


class _CellError(ValueError):
    def __init__(self, column: str, message: str) -> None:
        super().__init__(f"{column}: {message}")


def import_spreadsheet(path: Path, *, country: str, today: date | None = None,
                       area: AreaFilter | None = None, tags: set[str] | None = None,
                       limit: int | None = None, verified: date | None = None) -> ImportResult:
    """Entries for the rows of a spreadsheet CSV, national lines first."""
    today = today or date.today()
    table = read_csv(path)
    unknown = [column for column in table.columns if column not in SPREADSHEET_COLUMNS]
    if unknown or "name" not in table.columns:
        what = f"unknown column {', '.join(unknown)}" if unknown else "no 'name' column"
        raise ContentError(Problem(
            path, f"{what}; columns are: {', '.join(SPREADSHEET_COLUMNS)}", 1,
            code=Code.IMPORT_UNKNOWN_COLUMN,
            fields={"unknown": tuple(unknown), "valid": tuple(SPREADSHEET_COLUMNS)}))
    collector = Collector(area, tags, country=country)
    bad_rows = sorted(table.bad_rows, key=lambda bad: bad.number)
    for number, row in table.rows:
        while bad_rows and bad_rows[0].number < number:  # in the file's order, for the limit
            _refuse_bad_row(bad_rows.pop(0), path, collector)
        errors: list[str] = []
        entry = _entry(row, errors, country)
        if "verified" in entry and read_date(row.get("verified") or "", country)[1]:
            collector.note(date_order_note(country))  # read as the country writes dates
        if errors:  # refused with its file, row and column; the other rows are imported
            local = row.get("region") or row.get("postal_code")
            collector.reject(row.get("name") or f"{path.name} row {number}",
                             f"{path.name}:{number}: {'; '.join(errors)}",
                             "local" if local else "national")
            continue
        if verified is not None and "verified" not in entry:
            entry["verified"] = verified
        _keep(row, entry, country, today, collector, path.name, number)
    for bad in bad_rows:  # the others are imported
        _refuse_bad_row(bad, path, collector)
    return collector.result(limit, country=country)


def _refuse_bad_row(bad: BadRow, path: Path, collector: Collector) -> None:
    """A row that could not be read as the header says, refused with its file and line."""
    name = bad.row.get("name")
    at = "" if bad.where else f"{path.name}:{bad.number}: "  # a row's own line
    local = bad.row.get("region") or bad.row.get("postal_code")
    collector.reject(f"{path.name} {bad.place}" + (f" ({name})" if name else ""),
                     at + bad.reason, "local" if local else "national")


def _keep(row: dict[str, str], entry: dict, country: str, today: date,
          collector: Collector, file: str, number: int) -> None:
    """`file` and `number`: the file's name and the row's line, which a number left out
    names."""
    where = f"{file}:{number}"
    label = entry["name"]
    status = row.get("status", "").lower().replace("_", " ")
    if status in SKIP_STATUSES:
        collector.skip(label, f"status is {status}")
        return
    region, postal = row.get("region", ""), row.get("postal_code", "")
    places = [Place(country.upper(), region or None, postal or None)] if region or postal else []
    if not collector.passes(label, places, set(split_list(row.get("tags")))):
        return
    reasons, spelled = _drop_bad_numbers(entry, country)
    reasons = [f"{where}: {reason}" for reason in reasons]
    collector.note(*(f"{label}: {note}" for note in spelled))
    if reasons and not ({"phone", "text", "url"} & entry.keys()):
        collector.reject(label, reasons[0], "local" if places else "national")
        return
    collector.dropped.extend((label, reason) for reason in reasons)
    verified, notes = date_notes(label, entry.get("verified"), today)
    if verified is None:
        entry.pop("verified", None)
    collector.note(*notes)
    collector.at((file, number, f"row {number}"))  # what its checks refuse names the row
    collector.keep(label, entry, group=last_if_emergency(entry, "local" if places else "national",
                                                         country),
                   origin=(number, None))
    collector.at(None)


def _drop_bad_numbers(entry: dict, country: str) -> tuple[list[str], list[str]]:
    """Remove each number that cannot be printed (and a `qr` that needed it): the reasons;
    and notes on numbers printed otherwise than written (844-RIGHTS-9 with its digits)."""
    reasons, notes = [], []
    numbers = {"phone": entry.get("phone"), "tty": entry.get("tty"),
               "text": (entry.get("text") or {}).get("number")}
    for key, column, parse in (("phone", "phone", parse_phone), ("tty", "tty", parse_tty),
                               ("text", "text_number", parse_text_number)):
        number = numbers[key]
        try:
            if number:
                parse(number, country)
        except SpelledInLetters as spelled:
            if key == "text":
                entry["text"]["number"] = spelled.with_digits
            else:
                entry[key] = spelled.with_digits
            notes.append(f"{column} {number} is printed with the digits it dials: "
                         f"{spelled.with_digits}")
        except PhoneError as error:
            reasons.append(f"{column} {error}")
            entry.pop(key)
            if key in QR_FOR and entry.get("qr") == QR_FOR[key]:
                entry.pop("qr")
    return reasons, notes


def _entry(row: dict[str, str], errors: list[str], country: str) -> dict:
    """The entry for a row (keys in the README's order); cell problems go to `errors`."""
    get = row.get
    entry: dict = {"name": get("name", "")}
    if not entry["name"]:
        errors.append("name: is empty")
    for key, cell in (("phone", "phone"), ("tty", "tty")):
        if get(cell):
            entry[key] = get(cell)
    if get("text_number"):
        text = {"number": get("text_number")}
        entry["text"] = text | ({"keyword": get("text_keyword")} if get("text_keyword") else {})
    elif get("text_keyword"):
        errors.append("text_keyword: needs a text_number")
    def verified(text: str) -> date:
        return _verified(text, country)

    for key, parse in (("url", _url), ("hours", str), ("languages", _languages),
                       ("qr", _qr), ("verified", verified), ("required", _required)):
        if not get(key):
            continue
        try:
            value = parse(get(key, ""))
        except _CellError as error:
            errors.append(str(error))
            continue
        if value:
            entry[key] = value
    status = get("status", "").lower().replace("_", " ")
    if status not in SKIP_STATUSES | {"", "active"}:
        errors.append(f"status: must be active, inactive, defunct or temporarily closed, "
                      f"not {get('status')!r}")
    qr = entry.get("qr")
    if qr and QR_NEEDS[qr] not in entry:
        errors.append(f"qr: is {qr} but the row has no {QR_COLUMN[qr]}")
    if not ({"phone", "text", "url"} & entry.keys()):
        errors.append("give a phone, a text_number or a url")
    return entry


def _url(text: str) -> str:
    if problem := web_address_problem(text):
        raise _CellError("url", problem)
    return web_address(text)


def _languages(text: str) -> list[str]:
    codes = []
    for item in split_list(text):
        code = language_code(item, item)
        if code is None:
            raise _CellError("languages", f"{item!r} is not a language code such as en or es")
        codes.append(code)
    return list(dict.fromkeys(codes))


def _qr(text: str) -> str:
    if text.lower() not in ("tel", "sms", "url"):
        raise _CellError("qr", f"must be tel, sms or url, not {text!r}")
    return text.lower()


def _verified(text: str, country: str) -> date:
    """YYYY-MM-DD, or as the country writes dates (10/01/2026 is 1 October in the US, 10
    January in the UK: the import says how it read them)."""
    try:
        if not _ISO_DATE.match(text):
            raise ValueError
        return date.fromisoformat(text)
    except ValueError:
        read = read_date(text, country)[0]
        if read is not None:
            return read
        order = date_order(country)
        how = (f"or {'month/day' if order == 'MDY' else 'day/month'}/year as in {country}"
               if order else "the order of day and month is not told by this country's "
               "dates")
        raise _CellError("verified", f"{text!r} is not a date written YYYY-MM-DD ({how})"
                         ) from None


def _required(text: str) -> bool:
    if text.lower() in YES:
        return True
    if text.lower() in NO:
        return False
    raise _CellError("required", f"must be yes or no, not {text!r}")
