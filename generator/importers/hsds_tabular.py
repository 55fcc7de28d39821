"""HSDS tabular data (one CSV per object) read into the canonical nested service objects.

Versions 1.x, 2.x and 3.x and Ohana-style exports differ in table and column names; all are
read into one shape (see `tabular_tables` for the names of each). The version is told from
the tables and columns present (see `tabular_version`) and said in a note. Tables are found
by their datapackage.json resource `name`, else by file name stem; without datapackage.json,
by file name in the folder. A table datapackage.json lists that is not there (publishers
ship the whole template) is noted, and the tables present are read; the organizations and
services tables are required, and so are the columns of the tables a line or a number comes
from. A table nothing printed comes from (Ohana's taxonomy.csv, with no attributes linking
its terms) or one without a column it is read by (addresses, languages...) is not read, with
a note; every column not read is named in a note, so nothing is left out in silence. The
cell `null` counts as empty. A bad row (an empty required cell, a reference that matches no
row) is skipped with the reason, its file and row (the header is row 1), and the rest read:
see `tabular_join`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from generator.errors import Code, ContentError, Problem
from generator.importers.files import CsvTable, read_csv, read_json
from generator.importers.loaded import Loaded
from generator.importers.tabular_join import Joiner
from generator.importers.tabular_tables import (
    IGNORED_COLUMNS,
    PRINTABLE_TABLES,
    REQUIRED_COLUMNS,
    TABLE_NAMES,
    UNREAD_TABLE_COST,
    USED_COLUMNS,
    table_key,
)
from generator.importers.tabular_version import detect_version

NULL_WORDS = frozenset({"null", "NULL"})
_HSDS_VERSION = re.compile(r"^[0-3](\.\d+){1,2}$")


def load_folder(folder: Path) -> Loaded:
    package = folder / "datapackage.json"
    if package.is_file():
        data, text = read_json(package)
        if not isinstance(data, dict):
            raise ContentError(Problem(package, "expected an object with 'resources'", 1,
                                       code=Code.HSDS_PACKAGE,
                                       fields={"reason": "expected an object with 'resources'"}))
        return load_package(package, data, text)
    files: dict[str, Path] = {}
    others = []
    inside = folder.resolve()
    outside = [Problem(path, f"is a link to {path.resolve()}, outside {folder}: copy the file "
                             "into the folder", code=Code.LINK_OUTSIDE,
                       fields={"target": str(path.resolve())})
               for path in sorted(folder.glob("*.csv"))
               if not path.resolve().is_relative_to(inside)]
    if outside:
        raise ContentError(outside)
    for path in sorted(folder.glob("*.csv")):
        key = table_key(path.stem)
        if key and key not in files:
            files[key] = path
        else:
            others.append(path.name)
    return _build(folder, files, others, [], None)


def load_package(package: Path, data: dict, text: str) -> Loaded:
    resources = data.get("resources")
    if not isinstance(resources, list):
        raise ContentError(Problem(package, "'resources' should be a list", 1,
                                   code=Code.HSDS_PACKAGE,
                                   fields={"reason": "'resources' should be a list"}))
    folder = package.parent.resolve()
    files: dict[str, Path] = {}
    absent, others, problems = [], [], []
    for index, resource in enumerate(resources, start=1):
        name = resource.get("name") if isinstance(resource, dict) else None
        path = resource.get("path") if isinstance(resource, dict) else None
        label = f"resource {name!r}" if isinstance(name, str) else f"resource {index}"
        if not isinstance(path, str) or not path:
            problems.append(Problem(package, f"{label}: 'path' should name one CSV file", 1,
                                    code=Code.HSDS_PACKAGE_PATH, fields={"resource": label}))
            continue
        target = package.parent / path
        if "://" in path or not target.resolve().is_relative_to(folder):
            problems.append(Problem(package, f"{label}: {path} is not a file in {folder}",
                                    _line_of(text, path), code=Code.HSDS_PACKAGE_PATH,
                                    fields={"resource": label, "file": path}))
            continue
        key = table_key(str(name)) or table_key(Path(path).stem)
        if not target.is_file():
            absent.append(path)
        elif key and key not in files:
            files[key] = target
        else:
            others.append(path)
    if problems:
        raise ContentError(problems)
    version = data.get("version")
    stated = str(version) if isinstance(version, str | float) and _HSDS_VERSION.match(
        str(version)) else None
    return _build(package, files, others, absent, stated)


def _line_of(text: str, path: str) -> int:
    position = text.find(f'"{path}"')
    return text.count("\n", 0, position) + 1 if position >= 0 else 1


def _build(source: Path, files: dict[str, Path], others: list[str], absent: list[str],
           stated: str | None) -> Loaded:
    if "taxonomy_terms" in files and "attributes" not in files:  # Ohana: no terms linked
        others.append(files.pop("taxonomy_terms").name)  # never parsed: nothing uses it
    tables = {key: read_csv(path, null_words=NULL_WORDS, read_rows=_rows_wanted(key))
              for key, path in files.items()}
    version = detect_version(tables, stated)
    missing = [key for key in ("organizations", "services") if key not in tables]
    problems = [Problem(source, f"{version}: no {key} table ({TABLE_NAMES[key][0]}.csv)"
                                + (f"; datapackage.json names {', '.join(absent)}, not here"
                                   if absent else ""), code=Code.HSDS_NO_TABLE,
                        fields={"version": version, "table": key, "absent": tuple(absent)})
                for key in missing]
    notes = [f"read as {version}"]
    for key, table in list(tables.items()):
        lacking = _missing_columns(key, table)
        if lacking and key in PRINTABLE_TABLES:
            problems.append(Problem(table.path, f"{version}: {lacking}", 1,
                                    code=Code.HSDS_COLUMNS,
                                    fields={"version": version, "reason": lacking}))
        elif lacking:  # a table no line's number comes from: the rest is imported
            del tables[key]
            notes.append(f"{table.path.name} not read: {lacking} ({UNREAD_TABLE_COST[key]})")
    if problems:
        raise ContentError(problems)
    joiner = Joiner(tables)
    services = joiner.build()
    if "phones" not in tables:  # an export of the other tables only: no line has a number
        notes.append(f"no phones table ({TABLE_NAMES['phones'][0]}.csv): no line has a phone "
                     "or text number; export the phones too")
    if absent:
        notes.append(f"datapackage.json lists tables that are not here: {', '.join(absent)}; "
                     "the tables present were read")
    if others:
        notes.append(f"tables not read (nothing on a card comes from them): {', '.join(others)}")
    notes += [note for key, table in tables.items() if (note := _unread_columns(key, table))]
    return Loaded(services, notes + joiner.notes, joiner.skipped, where=joiner.where,
                  skipped_places=joiner.skipped_places)


def _rows_wanted(key: str) -> Callable[[tuple[str, ...]], bool]:
    """Whether to read a table's rows, told from its header: not those of a table no line's
    number comes from that lacks a column it is read by (it is not read, with a note)."""
    return lambda columns: key in PRINTABLE_TABLES or _lacking(key, columns) is None


def _lacking(key: str, columns: tuple[str, ...]) -> str | None:
    """The required columns missing, said; a choice of names (`organization_id` or, in 1.0
    and Ohana exports, `location_id`) is written `a|b`."""
    lacking = [" or ".join(need.split("|")) for need in REQUIRED_COLUMNS[key]
               if not any(choice in columns for choice in need.split("|"))]
    return ", ".join(lacking) if lacking else None


def _missing_columns(key: str, table: CsvTable) -> str | None:
    lacking = _lacking(key, table.columns)
    if not lacking:
        return None
    return f"missing column {lacking}; columns found: {', '.join(table.columns)}"


def _unread_columns(key: str, table: CsvTable) -> str | None:
    unread = [column for column in table.columns
              if column not in USED_COLUMNS[key] and column not in IGNORED_COLUMNS]
    if not unread:
        return None
    return f"{table.path.name}: column(s) not read: {', '.join(unread)}"
