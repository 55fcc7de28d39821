"""Read import sources (JSON, CSV) as plain data; bad files are `ContentError`s, not tracebacks."""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass
from pathlib import Path

from generator.content.bounded_read import read_limited
from generator.content.invisible import (
    control_character_in_value,
    control_character_problem,
    without_invisible,
)
from generator.content.yaml_parser import too_many_digits
from generator.errors import ContentError, Problem

MAX_IMPORT_BYTES = 100_000_000
MAX_IMPORT_VALUES = 2_000_000  # JSON values or CSV cells: each is a Python object in memory
_HEADER_SPACE = re.compile(r"[\s\-]+")
# JSON escapes of control characters and of surrogates (most pair up as one character)
_ESCAPED = re.compile(r"\\(?:[bf]|u(?:00[01]|007|008|009|[dD][89a-fA-F])[0-9a-fA-F])")


@dataclass(frozen=True)
class CsvTable:
    """A CSV file's rows as `{column: text}`, each with its row number (the header is row 1)."""

    path: Path
    columns: tuple[str, ...]
    rows: tuple[tuple[int, dict[str, str]], ...]

    def require(self, columns: tuple[str, ...]) -> list[Problem]:
        """A problem for each required column the header lacks, and each row where it is empty."""
        missing = [column for column in columns if column not in self.columns]
        if missing:
            names = ", ".join(missing)
            return [Problem(self.path, f"missing column {names}; columns found: "
                                       f"{', '.join(self.columns)}", 1)]
        return [
            Problem(self.path, f"{column} is empty", number)
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
            path, f"not UTF-8 text (byte {exc.start}): save it as UTF-8 (Excel: 'CSV UTF-8')"
        )) from None
    if problem := control_character_problem(path, text):  # it would reach resources.yaml
        raise ContentError(problem)
    return without_invisible(text)


def read_json(path: Path) -> tuple[object, str]:
    """The parsed JSON and its text; malformed JSON names its line."""
    text = read_text(path)
    # Each value but the first of an object or a list follows a comma: an upper bound on the
    # values, counted before the parser makes an object of each (30 million `{},` in 90 MB
    # took 2 GB to parse and 14 GB to import).
    values = text.count(",") + text.count("{") + text.count("[")
    if values > MAX_IMPORT_VALUES:
        raise ContentError(Problem(path, (
            f"the file holds too many JSON values (up to {values:,}; the limit is "
            f"{MAX_IMPORT_VALUES:,}): is this the right file? (import a region at a time)")))
    try:
        data = json.loads(text, object_pairs_hook=_unique_keys, parse_int=_integer)
    except json.JSONDecodeError as exc:
        raise ContentError(Problem(path, f"malformed JSON: {exc.msg}", exc.lineno)) from None
    except RecursionError:
        raise ContentError(Problem(path, "malformed JSON: nested too deeply")) from None
    except _RepeatedKey as repeated:
        key, first, second = repeated.args
        raise ContentError(Problem(path, (
            f"{key!r} is given twice in one object ({first!r}, then {second!r}): a JSON "
            "reader keeps only the last one; remove one"), _line_of_pair(text, key, second))
            ) from None
    except _LongNumber as long:
        digits = long.args[0]
        raise ContentError(Problem(path, (
            f"a number of {len(digits):,} digits: is this the right file?"),
            text.count("\n", 0, max(text.find(digits), 0)) + 1)) from None
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
        elif isinstance(value, str) and (message := control_character_in_value(
                value, escapes="\\u001b or \\b")):
            shown = "".join(f"[{part}]" if isinstance(part, int) else f".{part}"
                            for part in where).lstrip(".") or "the file"
            raise ContentError(Problem(path, f"{shown}: {message}", _escape_line(text, value)))


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


def read_csv(path: Path, *, null_words: frozenset[str] = frozenset()) -> CsvTable:
    """Read a CSV with a header row; `;` or `,` delimited. Cells in `null_words` count as empty."""
    text = read_text(path)
    first_line = text.split("\n", 1)[0]
    delimiter = ";" if first_line.count(";") > first_line.count(",") else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    records, cell_count = [], 0
    try:
        for record in reader:
            cell_count += max(len(record), 1)  # an empty line is a record too
            if cell_count > MAX_IMPORT_VALUES:
                raise ContentError(Problem(path, (
                    f"the file holds over {MAX_IMPORT_VALUES:,} cells: is this the right "
                    "file? (import a region at a time)"), reader.line_num))
            records.append(record)
    except csv.Error as exc:
        raise ContentError(Problem(path, f"malformed CSV: {exc}", reader.line_num)) from None
    if not records or not any(cell.strip() for cell in records[0]):
        raise ContentError(Problem(path, "no header row", 1))
    header = [normalize_header(cell) for cell in records[0]]
    named = [column for column in header if column]
    duplicates = sorted({column for column in named if named.count(column) > 1})
    if duplicates:
        raise ContentError(Problem(path, f"column {', '.join(duplicates)} appears twice", 1))
    rows, problems = [], []
    for number, cells in enumerate(records[1:], start=2):
        if not any(cell.strip() for cell in cells):
            continue
        row, stray = _row(header, cells, null_words)
        if stray:
            problems.append(Problem(path, f"value {stray!r} is in a column with no header", number))
        rows.append((number, row))
    if problems:
        raise ContentError(problems)
    return CsvTable(path, tuple(named), tuple(rows))


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
