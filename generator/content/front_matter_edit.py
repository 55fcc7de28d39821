"""An article file with new lines in its front matter (`title:`, `card:`, `key_points:`),
written the way the translator file importer needs (`havenprint locale import`): the front
matter edited in place (its comments, order and quoting kept: generator/content/round_trip.py),
the body untouched, except a title written as the body's first heading (`# Title`, or a .txt
file's first line), which is rewritten where it stands."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from ruamel.yaml.comments import CommentedMap

from generator.content.round_trip import edited, set_items, set_key

ORDER = ("title", "card", "key_points", "sources")
_HEADING = re.compile(r"^( {0,3}#\s+)(.+?)(\s*)$")


@dataclass(frozen=True)
class Lines:
    """What changes: a title, a card line, key points by number (from 1)."""

    title: str | None = None
    card: str | None = None
    key_points: Mapping[int, str] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return self.title is not None or self.card is not None or bool(self.key_points)


def with_lines(text: str, lines: Lines, title_now: str, points_now: tuple[str, ...],
               markdown: bool) -> str:
    """`text` (an article file) with `lines` written in. `title_now`: the title the article
    has (to find it in the body when the front matter has none); `points_now`: its key
    points."""
    rows = text.splitlines(keepends=True)
    newline = "\r\n" if "\r\n" in text else "\n"
    if rows and rows[0].strip() == "---":
        end = next((index for index in range(1, len(rows))
                    if rows[index].strip() in ("---", "...")), None)
        if end is None:
            raise ValueError("front matter opened with --- is never closed")
        block, body, opening, closing = "".join(rows[1:end]), rows[end + 1:], rows[0], rows[end]
    else:
        block, body, opening, closing = "", rows, f"---{newline}", f"---{newline}"
    title = lines.title
    if title is not None and "title:" not in block:
        body, title = _title_in_body(body, title, title_now, markdown)

    def edit(data: CommentedMap) -> None:
        if title is not None:
            set_key(data, "title", title, ORDER)
        if lines.card is not None:
            set_key(data, "card", lines.card, ORDER)
        if lines.key_points:
            current = data.get("key_points")
            points = [str(point) for point in current] if isinstance(current, list) \
                else list(points_now)
            for number in sorted(lines.key_points):
                if number <= len(points):
                    points[number - 1] = lines.key_points[number]
                else:
                    points.append(lines.key_points[number])
            set_items(data, "key_points", points, ORDER)

    new_block = edited(block, edit) if (title is not None or lines.card is not None
                                        or lines.key_points) else block
    if not new_block.strip() and not block.strip():
        return "".join(body)
    if newline != "\n":
        new_block = new_block.replace("\r\n", "\n").replace("\n", newline)
    return opening + new_block + closing + "".join(body)


def _title_in_body(body: list[str], title: str, title_now: str,
                   markdown: bool) -> tuple[list[str], str | None]:
    """The body with its title line rewritten, and None; or the body as it is and the
    title, when the title is not written there (it then goes in the front matter)."""
    for index, row in enumerate(body):
        if not row.strip():
            continue
        ending = row[len(row.rstrip("\r\n")):]
        if markdown:
            found = _HEADING.match(row.rstrip("\r\n"))
            if found and " ".join(found[2].split()) == title_now:
                return [*body[:index], f"{found[1]}{title}{ending}", *body[index + 1:]], None
            return body, title
        if " ".join(row.split()) == title_now:
            return [*body[:index], f"{title}{ending}", *body[index + 1:]], None
        return body, title
    return body, title
