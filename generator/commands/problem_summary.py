"""What `check` and `build` print of a kit's problems: each once, and of a kind that repeats
(the same message but for the names, numbers and language in it) the first few, then the
counts by kind. A 1,875-line export printed 52,363 lines (each line left out of each piece
in each language), among them the one note that said how to choose fewer lines: now a screen,
and `--verbose` prints every one."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Mapping
from dataclasses import replace

from generator.errors import (
    Code,
    FieldValue,
    Note,
    Problem,
    Refused,
    print_problems,
    shown_path,
)

SHOWN_OF_A_KIND = 3  # messages printed of each kind before the counts
SUMMARY_FROM = 60  # fewer messages than this are all printed
# More lines than any built-in format prints (see importers/report.py's MANY_LINES)
MANY_LINES = 13
# Never counted as "more like those above": a number a digit off a national line's, or one
# printed text holds that cannot print, is shown each time with its file, line and field
# (the 4th of 40 such lines of an export was a count).
ALWAYS_SHOWN = frozenset({Code.PUBLISHED_NEAR, Code.PUBLISHED_SHARES_WORDS,
                          Code.PUBLISHED_CLOSE, Code.PUBLISHED_OTHER_KIND,
                          Code.PUBLISHED_OTHER_LINE, Code.PUBLISHED_KEYWORD, Code.TEXT_NUMBER})
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|‘[^’]*’|“[^”]*”")
_NUMBER = re.compile(r"\d[\d,.]*")
_LANGUAGE_PREFIX = re.compile(r"^([a-z]{2,3}(?:-[A-Za-z0-9]+)*) \((?:[^()]|\([^()]*\))*\): ")


# The fields of a problem or an import's note that hold a line's or a record's name: written
# unquoted in its message ("House of Ruth: no `verified` date"), blanked to find its kind.
_NAME_FIELDS = ("name", "record")


def _names_blanked(message: str, fields: Mapping[str, FieldValue]) -> str:
    """`message` with the names its fields give written as '…': 1,500 lines without a date
    are one kind, whatever they are called."""
    names = sorted({str(fields[key]) for key in _NAME_FIELDS
                    if isinstance(fields.get(key), str) and str(fields[key]).strip()},
                   key=len, reverse=True)
    for name in names:
        if name != message:
            message = message.replace(name, "'…'")
    return message


def kind_of(problem: Problem) -> tuple[str, str, str]:
    """(file, severity, message) with what differs from one line or language to the next
    written as '…' and N."""
    message = replace(problem, lang=None).said
    prefix = _LANGUAGE_PREFIX.match(message)
    if prefix:  # "es (Español): ... e.g. `name: {en: ..., es: ...}`": one kind for each language
        message = re.sub(rf"\b{re.escape(prefix.group(1))}\b", "…",
                         message[prefix.end():])
        message = f"…: {message}"
    message = _names_blanked(_QUOTED.sub("'…'", message), problem.fields)
    return str(problem.path), problem.severity, _NUMBER.sub("N", message)


def print_summary(problems: Iterable[Problem], *, verbose: bool = False,
                  lines: int = 0, from_source: bool = False, command: str = "check") -> None:
    """The problems as `print_problems` prints them, or, when there are many and not
    `verbose`, the first few of each kind and a count of each kind that repeats (but a
    number a digit off a national line's, or in text, each time: ALWAYS_SHOWN). `lines`: the
    kit's lines, to say how to print fewer when there are more than any piece prints;
    `from_source`: they come from `resources:` in site.yaml (else resources.yaml)."""
    unique = list(dict.fromkeys(problems))
    if verbose or len(unique) < SUMMARY_FROM:
        print_problems(unique)
        return
    counts: dict[tuple[str, str, str], int] = {}
    shown: list[Problem] = []
    for problem in unique:
        if problem.code in ALWAYS_SHOWN:
            shown.append(problem)
            continue
        kind = kind_of(problem)
        counts[kind] = counts.get(kind, 0) + 1
        if counts[kind] <= SHOWN_OF_A_KIND:
            shown.append(problem)
    print_problems(shown)
    repeated = sorted(((kind, count) for kind, count in counts.items()
                       if count > SHOWN_OF_A_KIND), key=lambda item: -item[1])
    if not repeated:
        return
    print(f"{len(unique):,} messages in all; {len(unique) - len(shown):,} more like those "
          f"above, by kind (`havenprint {command} --verbose` prints every one):",
          file=sys.stderr)
    for (path, severity, message), count in repeated:
        said = {"warning": "warning: ", "info": "note: "}.get(severity, "")
        text = f"{shown_path(path)}: {said}{message}"
        print(f"  {count:>7,} {text if len(text) <= 150 else text[:149] + '…'}",
              file=sys.stderr)
    if lines > MANY_LINES:
        where = ("`limit: N` under `resources:` in site.yaml (or choose them by region, "
                 "tags or first)" if from_source else
                 "`havenprint import ... --limit N`, or by taking lines out of resources.yaml")
        print(f"The kit has {lines:,} lines; a pocket card prints about 4 and a brochure "
              f"about 12, and a line that does not fit is left out of the piece. Keep the "
              f"ones to print with {where}.", file=sys.stderr)


def summarised_lines(lines: list[str], *, verbose: bool = False,
                     command: str = "import") -> list[str]:
    """Report lines ("skipped NAME: reason", "note: NAME: ..." as a `Note`, whose fields name
    the record), or, when there are many and not `verbose`, the first few of each kind (the
    reason but for the names and numbers in it) and a count of each kind that repeats: a
    table of 99,998 rows skipped printed 99,998 lines, 1,500 undated records 1,500 notes."""
    if verbose or len(lines) < SUMMARY_FROM:
        return list(lines)
    counts: dict[str, int] = {}
    shown: list[str] = []
    for line in lines:
        head, _, reason = line.partition(": ")
        reason = _QUOTED.sub("'…'", reason)
        if isinstance(line, Note):  # a note names its record unquoted
            reason = _names_blanked(reason, line.fields)
        kind = f"{head.split(' ', 1)[0]}: " + _NUMBER.sub("N", reason)
        counts[kind] = counts.get(kind, 0) + 1
        if counts[kind] <= SHOWN_OF_A_KIND:
            shown.append(line)
    repeated = sorted(((kind, count) for kind, count in counts.items()
                       if count > SHOWN_OF_A_KIND), key=lambda item: -item[1])
    if repeated:
        shown.append(f"{len(lines):,} in all; {len(lines) - len(shown):,} more like those "
                     f"above, by kind (`havenprint {command} --verbose` prints every one):")
        shown += [f"  {count:>7,} {kind if len(kind) <= 150 else kind[:149] + '…'}"
                  for kind, count in repeated]
    return shown


def refused_summary(refused: list[Refused]) -> str:
    """One sentence on what the data refused (each is listed above it)."""
    records = sum(problem.code is Code.REFUSED_RECORD for problem in refused)
    numbers = len(refused) - records
    said = [f"{records} record(s)"] * bool(records) + [f"{numbers} number(s)"] * bool(numbers)
    where = shown_path(refused[0].path)
    return (f"{' and '.join(said)} of {where} refused (see above: a number that cannot print "
            "correctly, a row that cannot be read): fix them in the data")
