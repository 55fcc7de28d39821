"""An import turned into resources.yaml as the page would write it, and what that changes:
the lines added, changed and removed, shown before anything is written.

- "Add to my lines" keeps every line there is: an imported line that is one of them (the
  same number) updates its numbers, website, hours, languages and date checked (its names,
  often translated, stay); the others are added after the lines there are (before an
  emergency line at the end), under a comment naming the file. Comments and order stay
  (round trip, yaml_edit.py).
- "Replace my lines" writes the import alone, as `havenprint import --force` does (its
  readable layout, the emergency line of the file it replaces carried over).

Either is written only if the kit loads with it: an import that would leave it unbuildable
(lines without a date they were checked) says why and what to give (the date), and the
date given on the page fills the lines without one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from types import MappingProxyType
from typing import Any

import yaml
from ruamel.yaml.comments import CommentedMap, CommentedSeq

from generator.content.models import Site
from generator.content.phones import PhoneError, parse_text_number
from generator.content.yaml_parser import SAFE_LOADER
from generator.importers.phone_lines import is_emergency
from generator.importers.writer import KEY_ORDER, render
from generator.serve.drafts import draft_resources
from generator.serve.lines_form import TEXT_ORDER, blank_between_items
from generator.serve.plain import Words
from generator.serve.yaml_edit import EditError, RoundTrip, code, set_key, styled

MODES = ("add", "replace")
UPDATED = ("phone", "tty", "text", "url", "hours", "languages", "verified")
SHOWN = MappingProxyType({"phone": "phone", "tty": "TTY", "text": "texting", "url": "website",
                          "hours": "hours", "languages": "languages", "verified": "checked"})


@dataclass
class LineChange:
    name: str
    number: str
    details: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "number": self.number, "details": self.details}


@dataclass
class ImportPreview:
    mode: str
    text: str  # resources.yaml as it would be written
    added: list[LineChange] = field(default_factory=list)
    changed: list[LineChange] = field(default_factory=list)
    removed: list[LineChange] = field(default_factory=list)
    unchanged: int = 0
    problems: list[str] = field(default_factory=list)  # why it would not load, plainly
    undated: int = 0  # imported lines without a date they were checked

    @property
    def blocking(self) -> bool:
        return bool(self.problems)

    def as_json(self) -> dict[str, Any]:
        return {"mode": self.mode, "added": [line.as_json() for line in self.added],
                "changed": [line.as_json() for line in self.changed],
                "removed": [line.as_json() for line in self.removed],
                "unchanged": self.unchanged, "problems": self.problems,
                "blocking": self.blocking, "undated": self.undated}


def preview_import(entries: list[dict], current: str | None, mode: str, site: Site,
                   path: Path, source_note: str, verified: date | None,
                   words: Words) -> ImportPreview:
    """resources.yaml with the import in it (`current`: the file's text, None when there
    is none), what that changes, and what would stop the kit from loading with it."""
    country = site.options.country
    entries = [_dated(entry, verified) for entry in entries]
    undated = sum(entry.get("verified") is None for entry in entries)
    old = _lines_of(current)
    if mode == "replace" or current is None:
        kept = _emergency_lines(old, entries, country)
        text = render([*entries, *kept], source_note=source_note, today=date.today())
        preview = ImportPreview(mode, text)
        new = [*entries, *kept]
        old_keys = {_key(line, country): line for line in old}
        for entry in new:
            found = old_keys.pop(_key(entry, country), None)
            if found is None:
                preview.added.append(_shown(entry, country))
            elif _differences(found, entry):
                preview.changed.append(_shown(entry, country, _differences(found, entry)))
            else:
                preview.unchanged += 1
        preview.removed = [_shown(line, country) for line in old_keys.values()]
    else:
        preview = _added(entries, current, old, country, source_note)
    preview.undated = undated
    rows = [f"r{index}" for index in range(preview.text.count("\n") + 1)]
    _, remarks, _ = draft_resources(site, path, preview.text, rows, words)
    preview.problems = list(dict.fromkeys(
        _why(remark.message, remark.field, undated) for remark in remarks if remark.blocking))
    return preview


def _dated(entry: dict, verified: date | None) -> dict:
    if verified is None or entry.get("verified") is not None:
        return entry
    return {**entry, "verified": verified}


def _why(message: str, field: str | None, undated: int) -> str:
    if field == "verified" and undated:
        return (f"{undated} imported line(s) have no date they were last checked, and a kit "
                "prints only lines someone checked: call or text them, then give the date "
                "below (it goes on every imported line without one).")
    return message


def _added(entries: list[dict], current: str, old: list[dict], country: str,
           source_note: str) -> ImportPreview:
    try:
        document = RoundTrip(current)
    except EditError as error:
        return ImportPreview("add", current, problems=[
            f"resources.yaml cannot be edited here ({error}): choose “Replace my lines”, or "
            "fix it in a text editor"])
    data = document.data
    seq = data.get("resources") if isinstance(data, CommentedMap) else None
    if not isinstance(seq, CommentedSeq):
        return ImportPreview("add", current, problems=[
            "resources.yaml has no list of lines to add to: choose “Replace my lines”"])
    preview = ImportPreview("add", current)
    by_key = {_key(line, country): index for index, line in enumerate(old)}
    fresh = []
    for entry in entries:
        index = by_key.get(_key(entry, country))
        if index is None or not isinstance(seq[index], CommentedMap):
            fresh.append(entry)
            preview.added.append(_shown(entry, country))
            continue
        differences = _differences(old[index], entry, UPDATED)
        if differences:
            _update(seq[index], entry)
            preview.changed.append(_shown(old[index], country, differences))
        else:
            preview.unchanged += 1
    at = len(seq)
    while at > 0 and at - 1 < len(old) and _is_emergency_line(old[at - 1], country):
        at -= 1  # the emergency line stays last
    for offset, entry in enumerate(fresh):
        seq.insert(at + offset, _item(entry))
    if fresh:
        note = (f"Added from {_note(source_note)} on {date.today().isoformat()}: check each "
                "line before printing, and update `verified` when you do.")
        seq.yaml_set_comment_before_after_key(at, before=note, indent=_indent(current))
    preview.text = blank_between_items(current, document.dump()) if fresh else document.dump()
    return preview


def _indent(text: str) -> int:
    found = re.search(r"^( *)- ", text, re.MULTILINE)
    return len(found.group(1)) if found else 2


def _note(source_note: str) -> str:
    return "".join(char for char in " ".join(source_note.split()) if char.isprintable()) or (
        "an import")


def _item(entry: Mapping[str, Any]) -> CommentedMap:
    item = CommentedMap()
    _update(item, entry, KEY_ORDER)
    return item


def _update(item: CommentedMap, entry: Mapping[str, Any],
            keys: tuple[str, ...] = UPDATED) -> None:
    for key in keys:
        if key not in entry or entry[key] is None:
            continue
        set_key(item, key, _value(entry[key], key), KEY_ORDER)


def _value(value: Any, key: str) -> Any:
    if isinstance(value, str):
        return styled(None, value)
    if isinstance(value, Mapping):
        mapping = CommentedMap()
        order = TEXT_ORDER if key == "text" else tuple(value)
        for name in sorted(value, key=lambda name: order.index(name) if name in order else 99):
            mapping[code(str(name)) if key != "text" else name] = _value(value[name], name)
        mapping.fa.set_flow_style()
        return mapping
    if isinstance(value, list):
        seq = CommentedSeq([code(str(item)) if key == "languages" else item for item in value])
        seq.fa.set_flow_style()
        return seq
    return value


def _lines_of(text: str | None) -> list[dict]:
    if text is None:
        return []
    try:
        data = yaml.load(text, Loader=SAFE_LOADER)  # noqa: S506 -- SafeLoader's subclass
    except yaml.YAMLError:
        return []
    items = data.get("resources") if isinstance(data, dict) else None
    return [item if isinstance(item, dict) else {} for item in items] if isinstance(
        items, list) else []


def _number(line: Mapping[str, Any]) -> str:
    text = line.get("text")
    number = line.get("phone") or (text.get("number") if isinstance(text, dict) else None)
    return str(number or line.get("url") or "")


def _key(line: Mapping[str, Any], country: str) -> str:
    """What makes two lines one: the number it is dialled (or texted, or the website)."""
    number = _number(line)
    try:
        return parse_text_number(number, country).e164
    except (PhoneError, ValueError):
        return "".join(number.split()).casefold()


def _is_emergency_line(line: Mapping[str, Any], country: str) -> bool:
    phone = line.get("phone")
    return phone is not None and is_emergency(str(phone), country)


def _emergency_lines(old: list[dict], entries: list[dict], country: str) -> list[dict]:
    """The emergency line of the file replaced, when the import has none: replacing the
    lines never drops it."""
    numbers = {str(entry.get("phone")) for entry in entries}
    return [{key: line[key] for key in KEY_ORDER if key in line} for line in old
            if _is_emergency_line(line, country) and str(line.get("phone")) not in numbers]


def _name(line: Mapping[str, Any]) -> str:
    name = line.get("name")
    if isinstance(name, dict):
        return str(next(iter(name.values()), ""))
    return str(name or "Emergency")


def _shown(line: Mapping[str, Any], country: str, details: list[str] | None = None
           ) -> LineChange:
    return LineChange(_name(line), _number(line), details or [])


def _differences(old: Mapping[str, Any], new: Mapping[str, Any],
                 keys: tuple[str, ...] = ("name", *UPDATED)) -> list[str]:
    """"hours: 24/7 → Mon–Fri 9–17", for what `new` gives differently."""
    said = []
    for key in keys:
        if key not in new or new[key] is None:
            continue
        before, after = old.get(key), new[key]
        if key == "name" and isinstance(before, dict):
            continue  # names given per language are kept
        if _plain(before) != _plain(after):
            said.append(f"{SHOWN.get(key, key)}: {_plain(before) or 'none'} → {_plain(after)}")
    return said


def _plain(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, dict):
        return ", ".join(f"{key} {_plain(item)}" for key, item in value.items())
    if isinstance(value, list):
        return ", ".join(str(item) for item in value)
    return str(value)
