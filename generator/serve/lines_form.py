"""The Lines page's table and resources.yaml: rows for the page, and the page's rows written
back into the file (round trip: generator/serve/yaml_edit.py).

The page sends `{"order": ["r0", "r2", "n1"], "lines": {"r0": {"phone": "...", ...}}}`:
`r<N>` is the N-th line of the file as the page loaded it, `n<N>` a line added on the page;
a line left out of `order` is removed. Fields are those of resources.yaml; a text that may
be given per language (name, hours, tab_label, text.description) comes as `name` (the text
for every language, or the first language's when it is given per language) and `name@es`
(one per other language). Filling any per-language text turns a plain text into one per
language, the plain text becoming the first language's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from generator.content.published_lines import CONFIRM
from generator.importers.writer import KEY_ORDER
from generator.serve.yaml_edit import (
    RoundTrip,
    as_date,
    drop_key,
    reorder,
    set_key,
    set_list,
    set_mapping,
)

PER_LANGUAGE = ("name", "hours", "tab_label")
TEXT_ORDER = ("number", "keyword", "description")
MAX_LINES = 500
_ROW_ID = re.compile(r"[rn]\d{1,4}")
_LANG = re.compile(r"[a-z]{2,3}(-[A-Za-z0-9]{2,8})*")


class FormError(ValueError):
    """What the page sent is not a table of lines."""


@dataclass
class TextsCell:
    """A text that may be given per language, as the page shows it."""

    main: str  # the plain text, or the first language's
    by_lang: dict[str, str]  # every other language: its text, or "" (none)
    per_language: bool  # given per language in the file


@dataclass
class LineRow:
    id: str
    texts: dict[str, TextsCell]  # name, hours, tab_label, text.description
    values: dict[str, str]  # phone, tty, text.number, text.keyword, url, qr, verified, ...
    required: bool = False
    line: int | None = None  # in the file
    differs_from_published: bool = False  # its number is not the national line's, on purpose
    confidential: bool = False  # its calls are confidential (content/promises.py)
    free: str = ""  # "true", "false" or "" (told from its number)
    extra: list[str] = field(default_factory=list)


def rows_from(data: Any, langs: tuple[str, ...]) -> list[LineRow]:
    """The lines of a loaded resources.yaml, for the table; `langs`: the site's languages."""
    items = data.get("resources") if isinstance(data, dict) else None
    rows = []
    for index, item in enumerate(items if isinstance(items, list) else []):
        if not isinstance(item, dict):
            item = {}
        given = item.get("text")
        text: dict[str, Any] = given if isinstance(given, dict) else {}
        texts = {key: _cell(item.get(key), langs) for key in PER_LANGUAGE}
        texts["text.description"] = _cell(text.get("description"), langs)
        languages = item.get("languages")
        values = {
            "phone": _plain(item.get("phone")),
            "tty": _plain(item.get("tty")),
            "text.number": _plain(text.get("number")),
            "text.keyword": _plain(text.get("keyword")),
            "url": _plain(item.get("url")),
            "qr": _plain(item.get("qr")),
            "verified": _plain(item.get("verified")),
            "languages": ", ".join(str(code) for code in languages)
            if isinstance(languages, list) else _plain(languages),
        }
        line = item.lc.line + 1 if isinstance(item, CommentedMap) else None
        free = item.get("free")
        rows.append(LineRow(f"r{index}", texts, values, item.get("required") is True, line,
                            differs_from_published=item.get(CONFIRM) is True,
                            confidential=item.get("confidential") is True,
                            free=str(free).lower() if isinstance(free, bool) else ""))
    return rows


def empty_row(row_id: str, langs: tuple[str, ...]) -> LineRow:
    cells = {key: _cell(None, langs) for key in (*PER_LANGUAGE, "text.description")}
    return LineRow(row_id, cells, dict.fromkeys(
        ("phone", "tty", "text.number", "text.keyword", "url", "qr", "verified", "languages"),
        ""))


def _plain(value: Any) -> str:
    return "" if value is None else str(value)


def _cell(value: Any, langs: tuple[str, ...]) -> TextsCell:
    first, others = langs[0], list(langs[1:])
    if isinstance(value, dict):
        given = {str(lang): _plain(text) for lang, text in value.items()}
        extra = [lang for lang in given if lang != first and lang not in others]
        return TextsCell(given.get(first, ""), {lang: given.get(lang, "")
                                                for lang in [*others, *extra]}, True)
    return TextsCell(_plain(value), dict.fromkeys(others, ""), False)


def apply_lines(document: RoundTrip, submitted: Any, first_lang: str) -> str:
    """The text of resources.yaml with the page's table in it."""
    order, lines = _checked(submitted)
    data = document.data
    if not isinstance(data, CommentedMap) or not isinstance(data.get("resources"), CommentedSeq):
        raise FormError("resources.yaml has no `resources:` list to edit")
    seq = data["resources"]
    if not seq:
        seq.fa.set_block_style()  # `resources: []` grows into a list of mappings
    items = []
    for row_id in order:
        if row_id.startswith("r"):
            index = int(row_id[1:])
            if index >= len(seq) or not isinstance(seq[index], CommentedMap):
                raise FormError(f"no line {row_id} in resources.yaml as it was loaded")
            item = seq[index]
        else:
            item = CommentedMap()
        _apply_line(item, lines.get(row_id, {}), first_lang)
        items.append(item)
    moved = [id(item) for item in seq] != [id(item) for item in items]
    reorder(seq, items)
    text = document.dump()
    return blank_between_items(document.original, text) if moved else text


def _item_starts(lines: list[str]) -> list[int]:
    """The indexes of the lines that start an item of the top-level `resources:` list."""
    starts, indent, inside = [], None, False
    for index, line in enumerate(lines):
        if line.startswith("resources:"):
            inside = True
            continue
        if not inside or not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line.startswith((" ", "-")):
            break  # the next top-level key
        dash = re.match(r"( *)- ", line)
        if dash and (indent is None or len(dash.group(1)) == indent):
            indent = len(dash.group(1))
            starts.append(index)
    return starts


def blank_between_items(original: str, text: str) -> str:
    """Lines moved, added or removed: a blank line between items again, when the file had
    one between each (ruamel keeps a blank line with the item above it, so it moves)."""
    old = original.splitlines()
    old_starts = _item_starts(old)
    if len(old_starts) < 2 or not all(old[i - 1].strip() == "" for i in old_starts[1:]):
        return text
    lines = text.splitlines()
    starts = set(_item_starts(lines)[1:])
    out: list[str] = []
    for index, line in enumerate(lines):
        if index in starts and out and out[-1].strip():
            out.append("")
        out.append(line)
    return "\n".join(out) + "\n"


def _checked(submitted: Any) -> tuple[list[str], dict[str, dict[str, Any]]]:
    if not isinstance(submitted, dict):
        raise FormError("expected {order, lines}")
    order, lines = submitted.get("order"), submitted.get("lines")
    if not isinstance(order, list) or not isinstance(lines, dict):
        raise FormError("expected {order: [...], lines: {...}}")
    if len(order) > MAX_LINES or len(set(order)) != len(order):
        raise FormError(f"at most {MAX_LINES} lines, each once")
    for row_id in order:
        if not isinstance(row_id, str) or not _ROW_ID.fullmatch(row_id):
            raise FormError(f"not a line: {row_id!r}")
    for row_id, fields in lines.items():
        if not isinstance(fields, dict) or not all(
                isinstance(key, str) and isinstance(value, str | bool)
                for key, value in fields.items()):
            raise FormError(f"line {row_id}: expected field: text")
    return order, lines


def _apply_line(item: CommentedMap, fields: dict[str, Any], first_lang: str) -> None:
    def text(key: str) -> str | None:
        value = fields.get(key)
        return value.strip() if isinstance(value, str) else None

    for key in PER_LANGUAGE:
        if key in fields:
            _apply_texts(item, key, text(key) or "", _others(fields, key), first_lang,
                         KEY_ORDER)
    for key in ("phone", "tty", "url", "qr"):
        if key in fields:
            _scalar(item, key, text(key))
    if "verified" in fields:
        value = text("verified")
        if value:
            set_key(item, "verified", as_date(value), KEY_ORDER)
        else:
            drop_key(item, "verified")
    if "languages" in fields:
        codes = [code for code in re.split(r"[,;\s]+", text("languages") or "") if code]
        if codes:
            set_list(item, "languages", codes, KEY_ORDER)
        else:
            drop_key(item, "languages")
    for key in ("required", CONFIRM, "confidential"):
        if key in fields:
            chosen = fields[key] is True
            if chosen or key in item:
                set_key(item, key, chosen, KEY_ORDER)
    if "free" in fields:  # yes, no, or told from the number (no key)
        free = text("free")
        if free in ("true", "false"):
            set_key(item, "free", free == "true", KEY_ORDER)
        else:
            drop_key(item, "free")
    if any(key.startswith("text.") for key in fields):
        _apply_text_line(item, fields, text, first_lang)


def _others(fields: dict[str, Any], key: str) -> dict[str, str]:
    prefix = f"{key}@"
    return {name[len(prefix):]: str(value).strip() for name, value in fields.items()
            if name.startswith(prefix) and _LANG.fullmatch(name[len(prefix):])}


def _scalar(item: CommentedMap, key: str, value: str | None,
            order: tuple[str, ...] = KEY_ORDER) -> None:
    if value:
        set_key(item, key, value, order)
    else:
        drop_key(item, key)


def _apply_texts(item: CommentedMap, key: str, main: str, others: dict[str, str],
                 first_lang: str, order: tuple[str, ...]) -> None:
    old = item.get(key)
    if not isinstance(old, dict) and not any(others.values()):
        _scalar(item, key, main, order)
        return
    old_map = {str(lang): str(text) for lang, text in old.items()} if isinstance(
        old, dict) else {}
    wanted = dict(old_map)
    wanted[first_lang] = main
    wanted.update(others)
    langs = dict.fromkeys([*old_map, first_lang, *others])
    result = {lang: wanted[lang] for lang in langs if wanted.get(lang)}
    if result:
        set_mapping(item, key, result, order)
    else:
        drop_key(item, key)


def _apply_text_line(item: CommentedMap, fields: dict[str, Any], text: Any,
                     first_lang: str) -> None:
    number, keyword = text("text.number"), text("text.keyword")
    current = item.get("text")
    line = current if isinstance(current, CommentedMap) else None
    has_description = bool(text("text.description")) or any(
        _others(fields, "text.description").values())
    if not (number or keyword or has_description):
        drop_key(item, "text")
        return
    if line is None:
        line = CommentedMap()
        line.fa.set_flow_style()
        set_key(item, "text", line, KEY_ORDER)
    if "text.number" in fields:
        _scalar(line, "number", number, TEXT_ORDER)
    if "text.keyword" in fields:
        _scalar(line, "keyword", keyword, TEXT_ORDER)
    if "text.description" in fields:
        _apply_texts(line, "description", text("text.description") or "",
                     _others(fields, "text.description"), first_lang, TEXT_ORDER)
