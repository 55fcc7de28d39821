"""Unsaved edits checked and laid out in memory, with the checks `havenprint build` makes.

A draft of resources.yaml is the text a save would write: parsed like the file, its problems
carry lines of that text, and each is traced back to the line of the table (and the field)
it is about. A draft article is read by the same parser as the file.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from types import MappingProxyType
from typing import Any

import yaml

from generator.content.articles import load_article
from generator.content.kit_parts import (
    emergency_disagreements,
    emergency_first,
    resources_from_doc,
    verification_problems,
    with_card_line,
)
from generator.content.layouts import Layout
from generator.content.models import Article, Kit, Resource, Site
from generator.content.same_number import merged_lines
from generator.content.yamlfile import YamlDoc, parse_yaml
from generator.errors import Code, ContentError, Problem
from generator.i18n.localize import catalogue_from_doc
from generator.safety.readability import reading_report
from generator.serve.plain import Words, plain
from generator.serve.rendering import DocumentView, PngStore, preview_document


@dataclass(frozen=True)
class Remark:
    """A problem as a page shows it: on a line of the table and a field, or on the file."""

    message: str
    severity: str
    line: int | None = None  # in the file as it would be saved
    row: str | None = None  # r0, n1: the line of the table
    field: str | None = None  # phone, text.number, name@es
    blocking: bool = False  # the file itself is wrong: saving it would stop the kit loading

    def as_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclass
class Draft:
    remarks: list[Remark] = field(default_factory=list)
    view: DocumentView | None = None
    displays: dict[str, dict[str, str]] = field(default_factory=dict)  # row -> phone: shown
    resources: tuple[Resource, ...] | None = None  # the lines as drafted, when they load

    @property
    def blocking(self) -> bool:
        return any(remark.blocking for remark in self.remarks)


def draft_resources(site: Site, path: Path, text: str, order: list[str],
                    words: Words | None = None
                    ) -> tuple[tuple[Resource, ...] | None, list[Remark], YamlDoc | None]:
    """The lines of a draft resources.yaml, its problems on the rows of `order` (those the
    kit's loading finds too: the dates checked, the emergency number as the first line),
    and the draft as parsed (None when it does not parse)."""
    doc = _doc_or_none(text, path)
    try:
        if doc is None:
            parse_yaml(text, path)  # raises, with the reason
        assert doc is not None
        warnings: list[Problem] = []
        resources = resources_from_doc(doc, site, warnings)
    except ContentError as error:
        return None, [_remark(p, doc, order, blocking=True, words=words)
                      for p in error.problems], doc
    merged, merges = merged_lines(resources)
    problems = [*warnings, *verification_problems(resources, site, date.today()), *merges,
                *emergency_first(merged, site), *emergency_disagreements(merged, site)]
    return resources, [_remark(p, doc, order, blocking=p.severity == "error", words=words)
                       for p in problems], doc


def lines_draft(kit: Kit | None, site: Site, path: Path, text: str, order: list[str],
                layout: Layout | None, lang: str, store: PngStore,
                words: Words | None = None, checked: list[Remark] | None = None) -> Draft:
    """The draft of resources.yaml checked and `layout` drawn with it; `checked`: problems
    found in the values already (field_checks), which leave the draft unlaid out (every
    other document is laid out when typing pauses: pages_lines.check)."""
    resources, remarks, doc = draft_resources(site, path, text, order, words)
    draft = Draft([*(checked or []), *remarks], resources=resources)
    if kit is not None and resources is not None:
        draft.remarks.extend(emergency_line_removed(kit.resources, resources, site))
    if resources is None or kit is None or layout is None or draft.blocking:
        return draft
    draft.displays = {order[index]: {key: phone.display for key, phone in
                                     (("phone", line.phone), ("tty", line.tty)) if phone}
                      for index, line in enumerate(resources)}
    drafted = dataclasses.replace(kit, resources=merged_lines(resources)[0])
    draft.view = preview_document(drafted, layout, lang, store)
    draft.remarks.extend(line_remarks_of(dict.fromkeys((
        *draft.view.errors, *draft.view.warnings)), doc, order, resources, words))
    return draft


def emergency_line_removed(saved: tuple[Resource, ...], drafted: tuple[Resource, ...],
                           site: Site) -> list[Remark]:
    """The line that dials the emergency number, taken out: the pieces then list it no more
    (the safety wording still says to call it). Said on the file, before saving."""
    if not any(line.emergency for line in saved) or any(line.emergency for line in drafted):
        return []
    number = site.emergency_number
    return [Remark(
        f"The line that calls {number} is removed: the pieces will no longer list the "
        f"emergency number among the lines (their safety note still says to call {number}). "
        "If that is not meant, press “Discard changes”, or add the line back.", "warning")]


def line_remarks_of(problems: Iterable[Problem], doc: YamlDoc | None, order: list[str],
                    resources: tuple[Resource, ...], words: Words | None = None,
                    blocking: bool = False) -> list[Remark]:
    """Problems of laying out the pieces with a draft of the lines, each on the row (and
    field) of the line it is about."""
    remarks = []
    for problem in problems:
        remark = _remark(problem, doc, order, blocking=blocking, words=words)
        if remark.row is None:
            remark = _on_the_line_named(remark, problem, resources, order)
        remarks.append(remark)
    return remarks


# A detail a format leaves out of a line, by the kind the layouts give it, and its field.
DETAIL_FIELDS = MappingProxyType({
    "tty": "tty", "text": "text.number", "hours": "hours", "url": "url", "languages": "languages",
    "checked": "verified"})


def _on_the_line_named(remark: Remark, problem: Problem, resources: tuple[Resource, ...],
                       order: list[str]) -> Remark:
    """A layout's problem about one line (left out, or one of its details) names the line
    (its `name` field, `Resource.name`): on that line's row, and the detail's field."""
    name = problem.fields.get("name")
    named = [index for index, resource in enumerate(resources)
             if name is not None and resource.name == name and index < len(order)]
    if len(named) != 1:
        return remark
    kind = problem.fields.get("kind") if problem.code is Code.DETAIL_LEFT_OUT else None
    detail = DETAIL_FIELDS.get(str(kind), "name") if kind is not None else "name"
    return dataclasses.replace(remark, row=order[named[0]], field=detail)


def draft_article(path: Path, text: str, slug: str, lang: str) -> tuple[Article | None,
                                                                        list[Remark]]:
    try:
        article = with_card_line(load_article(path, slug, lang, text=text))
    except ContentError as error:
        heading = front_matter_remark(text)
        if heading is not None:
            return None, [heading]
        return None, [Remark(plain(p).text, p.severity, p.line, field="text",
                             blocking=True) for p in error.problems]
    return article, [Remark(plain(p).text, p.severity, p.line, field="text")
                     for p in article.notes]


TOP_LINES = "The lines between the two “---” at the top (title:, card:) cannot be read: "


def front_matter_remark(text: str) -> Remark | None:
    """The lines between the two `---` at the top (title:, card:) read as the article's
    loader reads them; when they cannot be, what to look for, on the line where the mistake
    opened (YAML notices it a line later), in words rather than the parser's."""
    lines = text.split("\n")
    if not lines or lines[0].strip() != "---":
        return None
    end = next((index for index, line in enumerate(lines[1:], start=1)
                if line.strip() == "---"), None)
    if end is None:
        return None
    try:
        yaml.safe_load("\n".join(lines[1:end]))
    except RecursionError:
        return Remark(TOP_LINES + "they are nested too deeply.", "error", 2, field="text",
                      blocking=True)
    except yaml.YAMLError as error:
        mark = getattr(error, "context_mark", None) or getattr(error, "problem_mark", None)
        line = min(mark.line + 2, end + 1) if mark is not None else 2
        return Remark(TOP_LINES + f"look at line {line} for a bracket or quote that is not "
                      "closed, or a colon inside a text (put such a text in quotes: "
                      "title: \"Help: here\").", "error", line, field="text", blocking=True)
    return None


def article_draft(kit: Kit | None, path: Path, text: str, lang: str, layout: Layout | None,
                  store: PngStore, slug: str | None = None,
                  words: Words | None = None) -> Draft:
    """The article as typed, checked, and `layout` drawn with it (for a kit of several
    articles, with the one being edited)."""
    slug = slug or (kit.site.article_slugs[0] if kit is not None else path.name.split(".")[0])
    article, remarks = draft_article(path, text, slug, lang)
    draft = Draft(remarks)
    if article is None or kit is None or layout is None:
        return draft
    drafted = with_article(kit, article, slug, lang)
    draft.view = preview_document(drafted, layout, lang, store)
    for problem in (*draft.view.errors, *draft.view.warnings, *reading_report(article)):
        here = Path(problem.path) == path
        draft.remarks.append(Remark(plain(problem, words).text, problem.severity,
                                    problem.line, field="text" if here else None))
    return draft


def with_article(kit: Kit, article: Article, slug: str, lang: str) -> Kit:
    """The kit with `article` as its article `slug` in `lang` (a draft, not saved), laid out
    in place of the first article (the pieces of a kit of several, drawn one at a time)."""
    broken = {key: problems for key, problems in kit.broken_articles.items()
              if key != (slug, lang)}
    library = {**kit.library, slug: {**kit.library.get(slug, {}), lang: article}}
    return dataclasses.replace(kit, articles={**kit.articles, lang: article},
                               library=library, broken_articles=broken)


def catalogue_remarks(path: Path, text: str, known: dict[str, str]) -> list[Remark]:
    """The problems of a catalogue as it would be saved, each on the string it is about
    (`known`: the English strings, the kit's layouts' own included)."""
    try:
        doc = parse_yaml(text, path)
        catalogue_from_doc(doc, known)
    except ContentError as error:
        found = _doc_or_none(text, path)
        return [Remark(plain(p).text, p.severity, p.line, field=_key_at(found, p.line),
                       blocking=True) for p in error.problems]
    return []


def _doc_or_none(text: str, path: Path) -> YamlDoc | None:
    try:
        return parse_yaml(text, path)
    except ContentError:
        return None


def _key_at(doc: YamlDoc | None, line: int | None) -> str | None:
    if doc is None or line is None:
        return None
    keys = [loc for loc, at in doc.lines.items() if at == line and len(loc) == 1]
    return str(keys[0][0]) if keys else None


def _remark(problem: Problem, doc: YamlDoc | None, order: list[str],
            blocking: bool = False, words: Words | None = None) -> Remark:
    """`problem` on the row (and field) of the table its line is in, said plainly. A problem
    about a whole line points at its first line, the name's: the field the message is about
    (a date missing) is marked instead."""
    row, name = None, None
    if doc is not None and problem.line is not None and Path(problem.path) == doc.path:
        row, name = _row_and_field(doc, problem.line, order)
    said = plain(problem, words, on_field=row is not None)
    if row is not None and said.field is not None and (name is None or name == "name"):
        name = said.field
    return Remark(said.text, problem.severity, problem.line, row, name, blocking)


def _row_and_field(doc: YamlDoc, line: int, order: list[str]) -> tuple[str | None, str | None]:
    exact = [loc for loc, at in doc.lines.items()
             if at == line and len(loc) >= 2 and loc[0] == "resources"
             and isinstance(loc[1], int)]
    if exact:
        loc = max(exact, key=len)
    else:  # a line inside an item with no key of its own: the item
        starts = sorted((at, loc) for loc, at in doc.lines.items()
                        if len(loc) == 2 and loc[0] == "resources" and at <= line)
        if not starts:
            return None, None
        loc = starts[-1][1]
    index = loc[1]
    row = order[index] if isinstance(index, int) and index < len(order) else None
    keys = [str(part) for part in loc[2:4]]
    if not keys:
        return row, None
    if keys[0] == "text" and len(keys) > 1:
        return row, f"text.{keys[1]}"
    if len(keys) > 1 and keys[0] in ("name", "hours", "tab_label"):
        return row, f"{keys[0]}@{keys[1]}"
    return row, keys[0]
