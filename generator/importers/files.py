"""Read import sources (JSON, CSV) as plain data; bad files are `ContentError`s, not tracebacks."""

from __future__ import annotations

import csv
import io
import json
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from generator.content.bounded_read import read_limited
from generator.content.invisible import (
    control_character_in_value,
    control_character_problem,
    without_invisible,
)
from generator.content.yaml_parser import too_many_digits
from generator.errors import Code, ContentError, Problem

MAX_IMPORT_BYTES = 100_000_000
MAX_IMPORT_VALUES = 2_000_000  # JSON values or CSV cells: each is a Python object in memory
# HSDS tables have up to 40 columns, a spreadsheet 15: more is another file (and a header of
# 200,000 names made every message that lists them a megabyte)
MAX_COLUMNS = 1_000
_HEADER_SPACE = re.compile(r"[\s\-]+")
# JSON escapes of control characters and of surrogates (most pair up as one character)
_ESCAPED = re.compile(r"\\(?:[bf]|u(?:00[01]|007|008|009|[dD][89a-fA-F])[0-9a-fA-F])")


@dataclass(frozen=True)
class BadRow:
    """A row not read, with why: what could be read of it (its id, its name) for the report."""

    number: int  # the row (the header is row 1)
    row: dict[str, str]
    reason: str
    where: str = ""  # "row 12", or "line 14" for a row a stray quote took into a field

    @property
    def place(self) -> str:
        return self.where or f"row {self.number}"


@dataclass(frozen=True)
class CsvTable:
    """A CSV file's rows as `{column: text}`, each with its row number (the header is row 1),
    and the rows that could not be read as the header says."""

    path: Path
    columns: tuple[str, ...]
    rows: tuple[tuple[int, dict[str, str]], ...]
    bad_rows: tuple[BadRow, ...] = ()

    def require(self, columns: tuple[str, ...]) -> list[Problem]:
        """A problem for each required column the header lacks, and each row where it is empty."""
        missing = [column for column in columns if column not in self.columns]
        if missing:
            names = ", ".join(missing)
            return [Problem(self.path, f"missing column {names}; columns found: "
                                       f"{', '.join(self.columns)}", 1,
                            code=Code.IMPORT_MISSING_COLUMN,
                            fields={"columns": tuple(missing), "found": tuple(self.columns)})]
        return [
            Problem(self.path, f"{column} is empty", number, code=Code.IMPORT_EMPTY_CELL,
                    fields={"column": column})
            for number, row in self.rows
            for column in columns
            if not row[column]
        ]


def read_text(path: Path) -> str:
    """A UTF-8 text file (an Excel BOM is dropped); unreadable or non-UTF-8 files are problems."""
    raw = read_limited(path, MAX_IMPORT_BYTES)  # regular files only: never /dev/zero
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ContentError(Problem(
            path, f"not UTF-8 text (byte {exc.start}): save it as UTF-8 (Excel: 'CSV UTF-8')",
            code=Code.FILE_NOT_UTF8)) from None
    if problem := control_character_problem(path, text):  # it would reach resources.yaml
        raise ContentError(problem)
    return without_invisible(text)


def read_json(path: Path) -> tuple[object, str]:
    """The parsed JSON and its text; malformed JSON names its line."""
    text = read_text(path)
    # Each value but the first of an object or a list follows a comma: an upper bound on the
    # values, counted before the parser makes an object of each (a file of tiny values takes
    # many times its size in memory to parse and import: bench/README.md).
    values = text.count(",") + text.count("{") + text.count("[")
    if values > MAX_IMPORT_VALUES:
        raise ContentError(Problem(path, (
            f"the file holds too many JSON values (up to {values:,}; the limit is "
            f"{MAX_IMPORT_VALUES:,}): is this the right file? (import a region at a time)"),
            code=Code.IMPORT_TOO_MANY_VALUES, fields={"limit": MAX_IMPORT_VALUES}))
    try:
        data = json.loads(text, object_pairs_hook=_unique_keys, parse_int=_integer)
    except json.JSONDecodeError as exc:
        raise ContentError(Problem(path, f"malformed JSON: {exc.msg}", exc.lineno,
                                   code=Code.JSON_MALFORMED, fields={"reason": exc.msg})) from None
    except RecursionError:
        raise ContentError(Problem(path, "malformed JSON: nested too deeply",
                                   code=Code.JSON_MALFORMED,
                                   fields={"reason": "nested too deeply"})) from None
    except _RepeatedKey as repeated:
        key, first, second = repeated.args
        raise ContentError(Problem(path, (
            f"{key!r} is given twice in one object ({first!r}, then {second!r}): a JSON "
            "reader keeps only the last one; remove one"), _line_of_pair(text, key, second),
            code=Code.JSON_KEY_TWICE, fields={"key": str(key), "first": repr(first),
                                              "second": repr(second)})) from None
    except _LongNumber as long:
        digits = long.args[0]
        raise ContentError(Problem(path, (
            f"a number of {len(digits):,} digits: is this the right file?"),
            text.count("\n", 0, max(text.find(digits), 0)) + 1, code=Code.JSON_LONG_NUMBER,
            fields={"digits": len(digits)})) from None
    if _ESCAPED.search(text):  # characters the text did not show
        _check_escaped(path, text, data)
    return data, text


def _check_escaped(path: Path, text: str, data: object) -> None:
    """A control character or half a character (a lone surrogate) written as an escape
    ("\\u001b", "\\ud83d") is no text to print: an error naming the value and its line."""
    waiting: list[tuple[object, tuple[object, ...]]] = [(data, ())]
    while waiting:
        value, where = waiting.pop()
        if isinstance(value, dict):
            for key, item in reversed(value.items()):  # the first on top
                waiting += [(item, (*where, key)), (key, where)]
        elif isinstance(value, list):
            waiting += [(item, (*where, index)) for index, item in reversed(list(enumerate(value)))]
        elif isinstance(value, str) and (found := control_character_in_value(
                value, escapes="\\u001b or \\b")):
            shown = "".join(f"[{part}]" if isinstance(part, int) else f".{part}"
                            for part in where).lstrip(".") or "the file"
            raise ContentError(Problem(path, f"{shown}: {found.message}", _escape_line(
                text, value), code=Code.YAML_CONTROL_ESCAPE, fields={
                    "key": shown, "char": found.char, "half": int(found.half)}))


def _escape_line(text: str, value: str) -> int | None:
    """The line of the first escape in `text` that writes the character `value` cannot hold."""
    char = next(char for char in value if control_character_in_value(char))
    code = f"\\\\u(?i:{ord(char):04x})"
    pattern = {"\b": r"\\b|" + code, "\f": r"\\f|" + code}.get(char, code)
    if "\ud800" <= char <= "\udbff":
        pattern = code + r"(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})"  # a first half, alone
    elif "\udc00" <= char <= "\udfff":
        pattern = r"(?<!\\u[dD][89abAB][0-9a-fA-F]{2})" + code  # a second half, alone
    found = re.search(pattern, text)
    return text.count("\n", 0, found.start()) + 1 if found else None


class _LongNumber(Exception):
    """(the digits of a number too long to read)."""


def _integer(digits: str) -> int:
    if too_many_digits(digits):
        raise _LongNumber(digits)
    return int(digits)


class _RepeatedKey(Exception):
    """(key, first value, second value)."""


def _unique_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """An object of `pairs`; _RepeatedKey when a key comes twice (a second "number" in a
    phone would replace the first without a word)."""
    found: dict[str, object] = {}
    for key, value in pairs:
        if key in found:
            raise _RepeatedKey(key, found[key], value)
        found[key] = value
    return found


def _line_of_pair(text: str, key: str, value: object) -> int | None:
    """The line of `"key": value` when the value is one that is written one way only."""
    if not isinstance(value, str | int | bool) and value is not None:
        return None
    pattern = re.escape(json.dumps(key)) + r"\s*:\s*" + re.escape(
        json.dumps(value, ensure_ascii=False))
    found = list(re.finditer(pattern, text))
    return text.count("\n", 0, found[-1].start()) + 1 if found else None


def normalize_header(name: str) -> str:
    """`Text Number`, `text-number` and ` TEXT_NUMBER ` all become `text_number`."""
    return _HEADER_SPACE.sub("_", name.replace("\ufeff", "").strip().lower())


def read_csv(path: Path, *, null_words: frozenset[str] = frozenset(),
             read_rows: Callable[[tuple[str, ...]], bool] | None = None) -> CsvTable:
    """Read a CSV with a header row; `;` or `,` delimited. Cells in `null_words` count as
    empty. A row that cannot be read as the header says (a cell beyond the last column, a
    quote that swallows the rows after it) is kept apart in `bad_rows` with the reason, and
    the others read. `read_rows(columns)` False: the header alone is read (a table that is
    not read, whose rows are never parsed)."""
    text = read_text(path)
    first_line = text.split("\n", 1)[0]
    delimiter = ";" if first_line.count(";") > first_line.count(",") else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    records = _records(path, reader, 1, just_one=True)
    if not records or not any(cell.strip() for cell in records[0].cells):
        raise ContentError(Problem(path, "no header row", 1, code=Code.CSV_NO_HEADER))
    header = [normalize_header(cell) for cell in records[0].cells]
    if len(header) > MAX_COLUMNS:
        raise ContentError(Problem(path, (
            f"the header has {len(header):,} columns (a table has at most {MAX_COLUMNS:,}): "
            "is this the right file?"), 1, code=Code.CSV_TOO_MANY_COLUMNS,
            fields={"count": len(header), "limit": MAX_COLUMNS}))
    named = [column for column in header if column]
    counts = Counter(named)
    duplicates = sorted(column for column, count in counts.items() if count > 1)
    if duplicates:
        raise ContentError(Problem(path, f"column {', '.join(duplicates)} appears twice", 1,
                                   code=Code.CSV_COLUMN_TWICE,
                                   fields={"columns": tuple(duplicates)}))
    if read_rows is not None and not read_rows(tuple(named)):
        return CsvTable(path, tuple(named), ())
    records += _records(path, reader, records[0].end + 1, counted=len(records[0].cells))
    rows: list[tuple[int, dict[str, str]]] = []
    bad: list[BadRow] = []
    lines: list[str] = []  # the file's lines, split once a record spans lines
    for number, record in enumerate(records[1:], start=2):
        cells = record.cells
        if not any(cell.strip() for cell in cells):
            continue
        row, stray = _row(header, cells, null_words)
        if record.end > record.start:
            lines = lines or text.split("\n")
            swallowed = _swallowed(lines, record, header, delimiter)
            if swallowed:
                bad += _spanning(lines, header, record, swallowed, number, delimiter,
                                 null_words)
                continue
        if len(cells) != len(header) and any(delimiter in cell for cell in cells):
            lines = lines or text.split("\n")
            if problem := _cells_taken(lines, header, record, delimiter):
                bad.append(BadRow(number, _row(header, cells[:problem[0]], null_words)[0],
                                  problem[1]))
                continue
        if stray:
            bad.append(BadRow(number, row, (
                f"it has {len(cells)} cells where the header has {len(header)} columns: value "
                f"{stray!r} is in a column with no header (a value holding a "
                f"{_DELIMITER_NAMES[delimiter]} not put in quotes?); not read")))
            continue
        rows.append((number, row))
    return CsvTable(path, tuple(named), tuple(rows), tuple(bad))


_DELIMITER_NAMES = MappingProxyType({",": "comma", ";": "semicolon"})


@dataclass(frozen=True)
class _Record:
    cells: list[str]
    start: int  # its first line in the file
    end: int  # its last line


def _records(path: Path, reader: Iterator[list[str]], start: int, *, counted: int = 0,
             just_one: bool = False) -> list[_Record]:
    """The records from line `start` on (`just_one`: the first only), with their lines;
    `counted`: the cells read before them."""
    records: list[_Record] = []
    cell_count = counted
    line_num = 0
    try:
        for cells in reader:
            line_num = reader.line_num  # type: ignore[attr-defined]
            cell_count += max(len(cells), 1)  # an empty line is a record too
            if cell_count > MAX_IMPORT_VALUES:
                raise ContentError(Problem(path, (
                    f"the file holds over {MAX_IMPORT_VALUES:,} cells: is this the right "
                    "file? (import a region at a time)"), line_num,
                    code=Code.CSV_TOO_MANY_CELLS, fields={"limit": MAX_IMPORT_VALUES}))
            records.append(_Record(cells, start, line_num))
            start = line_num + 1
            if just_one:
                break
    except csv.Error as exc:
        line_num = reader.line_num  # type: ignore[attr-defined]
        if "field larger than field limit" in str(exc):
            raise ContentError(Problem(path, (
                f"a quote opens a field on line {start} that runs on past "
                f"{csv.field_size_limit():,} characters, to line {line_num} (a stray "
                "quote?): fix the quote, or put the value in quotes whole"), start,
                code=Code.CSV_RUNAWAY_QUOTE, fields={
                    "start": start, "end": line_num, "limit": csv.field_size_limit()})) from None
        raise ContentError(Problem(path, f"malformed CSV: {exc}", line_num,
                                   code=Code.CSV_MALFORMED, fields={"reason": str(exc)})) from None
    return records


def _swallowed(lines: list[str], record: _Record, header: list[str],
               delimiter: str) -> list[int]:
    """The lines inside a record that read as rows of the table on their own (as many cells
    as the header, or more): rows a stray quote took into one field. Text written over
    several lines in a quoted field (an address, a description) has no such line."""
    if len(header) < 2:
        return []
    found = []
    for line in range(record.start + 1, record.end + 1):
        text = lines[line - 1].rstrip("\r")
        cells = next(csv.reader([text], delimiter=delimiter), [])
        if len(cells) >= len(header):
            found.append(line)
    return found


def _cells_taken(lines: list[str], header: list[str], record: _Record,
                 delimiter: str) -> tuple[int, str] | None:
    """A row a stray quote runs through (`"Oak Line,555-0120,...` closing at the next quote
    in the row): a field holding the delimiter in a row of the wrong width whose text is
    not CSV read strictly (a closing quote followed by more text). Its cell and the reason."""
    text = "\n".join(line.rstrip("\r") for line in lines[record.start - 1:record.end])
    try:
        for _ in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True):
            pass
    except csv.Error:
        index = next(index for index, cell in enumerate(record.cells) if delimiter in cell)
        cell = record.cells[index]
        column = header[index] if index < len(header) and header[index] else \
            f"column {index + 1}"
        return index, (f"{column}: a quote opens a field on line {record.start} that runs "
                       f"on through {cell.count(delimiter) + 1} of the row's cells ({cell[:60]!r}"
                       f"{'...' if len(cell) > 60 else ''}): a stray quote? The row is not "
                       "read; fix the quote")
    return None


def _spanning(lines: list[str], header: list[str], record: _Record, swallowed: list[int],
              number: int, delimiter: str, null_words: frozenset[str]) -> list[BadRow]:
    """The row whose field took in the lines after it, and each row it took in: not read,
    naming the field (file, line, column)."""
    cells = record.cells
    index = next((index for index, cell in enumerate(cells) if "\n" in cell), 0)
    column = header[index] if index < len(header) and header[index] else f"column {index + 1}"
    opened = (f"{column}: a quote opens a field on line {record.start} that runs on to line "
              f"{record.end}, taking in {len(swallowed)} line(s) that read as rows of their "
              f"own: a stray quote? Lines {record.start}-{record.end} are not read; fix the "
              "quote")
    bad = [BadRow(number, _row(header, cells[:index], null_words)[0], opened)]
    for line in swallowed:
        text = lines[line - 1].rstrip("\r")
        taken = _row(header, next(csv.reader([text], delimiter=delimiter), []), null_words)[0]
        bad.append(BadRow(number, taken, (
            f"taken into the field {column!r} that a quote opens on line {record.start} (a "
            "stray quote?); not read: fix the quote"), f"line {line}"))
    return bad


def _row(header: list[str], cells: list[str], null_words: frozenset[str]) -> tuple[dict, str]:
    """The row as a dict, and the first non-empty cell that has no column name (or "")."""
    row: dict[str, str] = {}
    stray = ""
    for index, cell in enumerate(cells):
        value = " ".join(cell.split())
        value = "" if value in null_words else value
        column = header[index] if index < len(header) else ""
        if column:
            row[column] = value
        elif value and not stray:
            stray = value
    for column in header[len(cells):]:
        if column:
            row[column] = ""
    return row, stray
