"""The Lines page's values checked before they are written into resources.yaml (see
field_checks.py), each problem on its row and field. The loader checks the numbers."""

from __future__ import annotations

from collections.abc import Callable
from types import MappingProxyType
from typing import Any

from generator.serve.drafts import Remark
from generator.serve.field_checks import (
    hours_problem,
    keyword_problem,
    name_problem,
    tab_label_problem,
    text_problem,
    url_problem,
)
from generator.serve.plain import Words

CHECKS: MappingProxyType[str, tuple[str, Callable[[str], str | None]]] = MappingProxyType({
    "name": ("The name", name_problem),
    "hours": ("The hours", hours_problem),
    "tab_label": ("The tear-off tab label", tab_label_problem),
    "text.description": ("The texting words", lambda text: text_problem(text, 200)),
    "text.keyword": ("The keyword", keyword_problem),
    "url": ("The website", url_problem),
})


def line_remarks(table: dict[str, Any], first_lang: str) -> list[Remark]:
    """Errors in the values of the table the page sent (`{order, lines}`), on their fields."""
    remarks = []
    lines = table.get("lines", {})
    for row in table.get("order", []):
        fields = lines.get(row, {})
        if not isinstance(fields, dict):
            continue
        for key, value in fields.items():
            if not isinstance(value, str) or not value.strip():
                continue
            base, _, lang = key.partition("@")
            if base not in CHECKS:
                continue
            what, check = CHECKS[base]
            problem = check(value.strip())
            if problem is not None:
                where = f" in {Words.language(lang)}" if lang else ""
                remarks.append(Remark(f"{what}{where} {problem}.", "error", row=row,
                                      field=key, blocking=True))
        remarks.extend(_first_language_kept(row, fields, first_lang))
    return remarks


def _first_language_kept(row: str, fields: dict[str, Any], first_lang: str) -> list[Remark]:
    """A name (hours, tab label) emptied in the first language while other languages keep
    theirs: the first language's pieces would print another language's."""
    remarks = []
    for key in ("name", "hours", "tab_label", "text.description"):
        if key not in fields or str(fields[key]).strip():
            continue
        others = [lang for name, value in fields.items()
                  if name.startswith(f"{key}@") and isinstance(value, str) and value.strip()
                  for lang in [name.partition("@")[2]]]
        if others:
            first, other = Words.language(first_lang), Words.language(others[0])
            what = {"name": "name", "hours": "hours", "tab_label": "tear-off tab label",
                    "text.description": "texting words"}[key]
            remarks.append(Remark(
                f"The {first} {what} is empty: the {first} pieces would print the {other} "
                f"one. Write the {first} {what}, or clear the other languages' too.",
                "error", row=row, field=key, blocking=True))
    return remarks
