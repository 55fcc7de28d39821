"""Fill a layout's jinja2 templates with the kit's words.

Templates are sandboxed and autoescaped, so article and resource text is always data: `<`,
`&` and `{{ }}` in content print literally. Each block is named after a slot and renders
`<p style="...">inline markup</p>` paragraphs (see generator/layout/paragraphs.py).
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any, TypeVar

import jinja2
from babel import Locale, UnknownLocaleError
from babel.dates import format_skeleton, get_day_names
from jinja2 import (
    StrictUndefined,
    TemplateError,
    TemplateNotFound,
    TemplateRuntimeError,
    TemplateSyntaxError,
)
from markupsafe import Markup, escape

from generator.content.articles import first_sentence
from generator.content.invisible import without_invisible
from generator.content.layouts import LAYOUTS_DIR, FaceSpec, FillerSpec, Layout, SlotSpec
from generator.content.models import Article, Kit, Resource
from generator.content.placeholders import PlaceholderError, substitute
from generator.content.promises import line_promise, open_all_hours
from generator.content.web_address import typed_address
from generator.engine import remembered
from generator.errors import Code, ContentError, Problem
from generator.i18n.digits import DECIMAL, WESTERN, in_digits, piece_digits
from generator.i18n.localize import babel_locale
from generator.layout.paragraphs import Paragraph, parse_block
from generator.layout.template_limits import BoundedLoader, LimitedSandbox, joined, render_limits
from generator.storage.kept_templates import KeptTemplates

TEXT_KINDS = ("text", "flow", "tabs")


@dataclass(frozen=True)
class Item:
    """One entry of a list slot (a hotline): its optional details may be left out, then the
    whole entry unless it is required."""

    label: str
    paragraphs: tuple[Paragraph, ...]
    required: bool
    line: int = -1  # where the line is in the kit's resources (the same in every language)
    # Left out in every language because in these it does not fit (or comes after a line
    # that does not): the kit's languages print the same lines (generator/pipeline/build.py).
    left_out_in: tuple[str, ...] = ()
    # Its hours are not 24/7 (Mon–Fri 9–5): part of the line printed whole, since a survivor
    # needs to know when to call. A list leaves out a whole later line before them
    # (list_fit.cut_order), so that they print wherever the line does, in every language.
    weekday_hours: bool = False


# A line a document prints: where it is in the kit's resources, the line, what templates
# see of it (`resource_view`).
Line = tuple[int, Resource, dict[str, Any]]


@dataclass(frozen=True)
class ComposedFace:
    name: str
    texts: dict[str, tuple[Paragraph, ...]]
    lists: dict[str, tuple[Item, ...]]
    qr_payload: str | None
    # a flow slot's fillers: (filler, its paragraphs) in the layout's order, empty ones out
    fillers: dict[str, tuple[tuple[FillerSpec, tuple[Paragraph, ...]], ...]] = field(
        default_factory=dict)


# A short number stays on the line of the word that leads to it ("to 88788", "call 911",
# "الرقم 88788"): a line that ends "إلى الرقم" with 88788 under it, or "911." alone, reads
# as two things.
_KEPT_WITH_THE_WORD_BEFORE = ("number", "emergency")
SHORT_NUMBER = 8


def filled(text: str, values: dict[str, Any], escape: Callable[[Any], str] = str) -> str:
    """A catalogue string as it prints: its placeholders filled (substitute), a short
    number kept with the word before it. Every printed copy fills through here (the pieces,
    their screen copies' links, the web page), so that they say the same."""
    for name in _KEPT_WITH_THE_WORD_BEFORE:
        if len(str(values.get(name, ""))) <= SHORT_NUMBER:
            text = text.replace(f" {{{name}}}", f"\u00a0{{{name}}}")
    return substitute(text, values, escape)


def fill(text: str, **values: Any) -> Markup:
    """A catalogue string with its `{name}` placeholders filled, text and values escaped.
    Never str.format: a field such as {emergency[0]} is refused, not evaluated."""
    try:
        return Markup(filled(text, values, escape))
    except PlaceholderError as error:
        raise TemplateRuntimeError(f"{text!r}: {error}") from None


@remembered(64)
def _environment(folder: Path) -> LimitedSandbox:
    """One environment per layout folder, so each template is compiled once per process
    (jinja2 still reloads a template whose file changed), and once per machine: the compiled
    code is kept in the cache folder, by template and source checksum (jinja2 checks both)."""
    env = LimitedSandbox(
        loader=BoundedLoader(folder),
        bytecode_cache=template_bytecode(),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["fill"] = fill
    return env


@remembered(1)
def template_bytecode() -> KeptTemplates:
    """Where compiled templates are kept. The sandbox's code depends on jinja2's version and
    on the environment's settings (which operators it intercepts): each gets files of its own."""
    settings = (jinja2.__version__, sorted(LimitedSandbox.intercepted_binops), "autoescape",
                "StrictUndefined", "trim_blocks", "lstrip_blocks")
    digest = hashlib.sha256(repr(settings).encode()).hexdigest()[:12]
    return KeptTemplates(f"{digest}-%s.cache")


@remembered(256)
def format_month(day: date, lang: str) -> str:
    """"Nov 2026" as the language writes a month and year, in one piece: its spaces are
    no-break spaces, so that no line breaks inside a date ("thg 11 2026")."""
    return _ONE_PIECE.sub("\u00a0", format_skeleton("yMMM", day, locale=_locale(lang)))


_ONE_PIECE = re.compile("[ \u202f\u2009]")


_WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_WEEKDAY = re.compile(r"\b(" + "|".join(_WEEKDAYS) + r")\b")


def hours_text(hours: str | None, strings: dict[str, str], lang: str = "en") -> str | None:
    """Hours as written, with "24/7" and English weekday abbreviations ("Mon–Fri 9:00–17:00",
    as imports write them) in the language of the kit."""
    if hours is None:
        return None
    if open_all_hours(hours):
        return strings.get("hours_24_7", hours)
    days = get_day_names("abbreviated", locale=_locale(lang))
    return _WEEKDAY.sub(lambda match: days[_WEEKDAYS.index(match.group(1))], hours)


def weekday_free(hours: str) -> str:
    """Hours without what `hours_text` translates ("24/7", English weekday abbreviations)."""
    if open_all_hours(hours):
        return ""
    return _WEEKDAY.sub("", hours)


@remembered(64)
def _locale(lang: str) -> Locale:
    try:
        return babel_locale(lang)
    except (ValueError, UnknownLocaleError):
        return Locale.parse("en")


def language_names(codes: tuple[str, ...] | list[str], lang: str) -> str | None:
    """The languages a line serves, as a reader of each would look for it ("English · Español
    · Tiếng Việt"): each in its own name where the kit's fonts print that script (Latin,
    Greek and Cyrillic always; other scripts in a kit of the same script), else its name in
    the kit's language. None when the line serves only the kit's own language."""
    if not codes or [code.split("-")[0] for code in codes] == [lang.split("-")[0]]:
        return None
    return " · ".join(dict.fromkeys(_language_name(code, lang) for code in codes))


@remembered(512)
def _language_name(code: str, lang: str) -> str:
    """The name `language_names` prints for `code` in a `lang` kit."""
    return _worked_out_name(code, lang)


def _worked_out_name(code: str, lang: str) -> str:
    base = code.split("-")[0]
    try:
        own_locale = Locale.parse(code, sep="-")
        own = own_locale.languages.get(own_locale.language)
    except (ValueError, UnknownLocaleError):
        own = None
    kit_name = _locale(lang).languages.get(base) or _locale("en").languages.get(base) or code
    kit_scripts = _scripts(_locale(lang).languages.get(_locale(lang).language) or "")
    name = own if own and _scripts(own) <= _ALWAYS_PRINTED | kit_scripts else kit_name
    return name[:1].upper() + name[1:]


_ALWAYS_PRINTED = frozenset({"LATIN", "GREEK", "CYRILLIC"})  # every font chain ends in Noto Sans


def _scripts(text: str) -> set[str]:
    return {unicodedata.name(char, "?").split()[0] for char in text if char.isalpha()}


def printed_name(resource: Resource, lang: str, strings: dict[str, str] | None,
                 layout: Layout | None) -> str:
    """The line's name as `layout` prints it in `lang`: without the line's own number where
    its lists print names that way (`names_without_own_number`: the pocket card)."""
    if layout is not None and layout.spec.names_without_own_number:
        return resource.name_under_its_number(lang, strings)
    return resource.name_in(lang, strings)


def resource_view(resource: Resource, lang: str = "en",
                  strings: dict[str, str] | None = None,
                  digits: str = WESTERN, layout: Layout | None = None) -> dict[str, Any]:
    """What templates see of a hotline in `lang`: display strings only; the date it was
    checked in `digits` (kit_digits); its name as `layout` prints it (`printed_name`)."""
    return {
        "name": printed_name(resource, lang, strings, layout),
        "tab_label": resource.tab_label_in(lang),
        "phone": resource.phone.display if resource.phone else None,
        "tty": resource.tty.display if resource.tty else None,
        "text": (
            {"number": resource.text.number, "keyword": _one_piece(resource.text.keyword),
             "description": resource.text.description.get(lang)}
            if resource.text else None
        ),
        "hours": _short_in_one_piece(hours_text(resource.hours_in(lang), strings or {}, lang)),
        "url": resource.url,
        "domain": typed_address(resource.url) if resource.url else None,
        "languages": list(resource.languages),
        "language_names": language_names(resource.languages, lang),
        "checked": (in_digits(format_month(resource.verified, lang), digits)
                    if resource.verified else None),
        "qr": resource.qr,
    }


def _one_piece(text: str | None) -> str | None:
    """Text with no-break spaces (a keyword "LOVE IS", short hours): no line breaks inside."""
    return text.replace(" ", "\u00a0") if text else text


# Hours as short as "على مدار الساعة" (24/7) or "Mon–Fri 9–5" are read as one thing: a line
# ending "· على" with "مدار الساعة" under it reads as two. Longer schedules break as text.
SHORT_HOURS = 20


def _short_in_one_piece(hours: str | None) -> str | None:
    return _one_piece(hours) if hours and len(hours) <= SHORT_HOURS else hours


def oldest_check(kit: Kit, lang: str, digits: str) -> str | None:
    """When the kit's lines were last checked: the oldest `verified` among them, as `lang`
    writes a month ("Nov 2026"), in `digits`; None where no line gives one."""
    dates = [r.verified for r in kit.resources if r.verified]
    return in_digits(format_month(min(dates), lang), digits) if dates else None


def kit_digits(kit: Kit, lang: str) -> str:
    """The digits what havenprint writes prints in, in `lang` (generator/i18n/digits.py):
    the language's own where every number the kit's lines dial is written in them."""
    numbers = [kit.site.emergency_number]
    for line in kit.resources:
        numbers += [phone.display for phone in (line.phone, line.tty) if phone]
        numbers += [line.text.number] if line.text else []
    return piece_digits(lang, numbers)


def strings_in_digits(strings: dict[str, str], digits: str) -> dict[str, str]:
    """The catalogue's strings with their digits in `digits` ("২৪ ঘণ্টা" as "24 ঘণ্টা" in a
    kit whose numbers are written in Western digits)."""
    if not any(DECIMAL.search(text) for text in strings.values()):
        return strings
    return {key: in_digits(text, digits) for key, text in strings.items()}


def article_view(article: Article, layout: Layout | None = None) -> dict[str, Any]:
    """What templates see of the article; with `layout`, what its front matter gives that
    format (its `article_fields`, as `<format>_<key>`)."""
    return {
        "title": article.title,
        "card_line": article.card_line or "",
        # the card line, then what may print in its place where it does not fit; none when
        # it was written for the card (`card:` or site.yaml's `card_line:`)
        "card_lines": [line for line in (article.card_line, *article.card_line_choices) if line],
        "card_line_given": article.card_line_given,
        "sections": [{"heading": s.heading, "paragraphs": list(s.paragraphs)}
                     for s in article.sections],
        "sources": list(article.sources),
        "key_points": list(article.key_points),
        "condensed": condensed(article),
        # each section's heading with its first paragraph whole: what a short article's
        # condensed panel prints where it has the room (the first sentences where it has not)
        "condensed_whole": [{"heading": section.heading, "text": section.paragraphs[0]}
                            for section in article.sections if section.paragraphs],
        # the same without the card line's sentence, for a piece that prints the card line
        # too (the folding card): nothing prints twice on one piece
        "condensed_unsaid": condensed(article, article.card_line or ""),
        "condensed_whole_unsaid": condensed(article, article.card_line or "", whole=True),
        **(format_fields(article, layout) if layout is not None else {}),
    }


def format_fields(article: Article, layout: Layout) -> dict[str, str | None]:
    """The article's front matter for `layout` (`poster: {headline: ...}`), by the names its
    templates read (`poster_headline`): the keys its layout.yaml's `article_fields` names."""
    given = article.extra.get(layout.name)
    given = given if isinstance(given, dict) else {}
    prefix = layout.name.replace("-", "_")
    return {f"{prefix}_{key}": _text_or_none(given.get(key))
            for key in layout.spec.article_fields}


def condensed(article: Article, said: str = "",
              whole: bool = False) -> list[dict[str, str | None]]:
    """Front matter key points, else each section's heading with its first sentence (with
    `whole`, its first paragraph). Without the sentence `said` (the card line, printed
    elsewhere on the piece): a point that is only that is left out, a section starts after
    it (its next sentence or paragraph). (A paragraph pointing to other web content is left
    out of the article itself: articles.load_article.)"""
    if article.key_points:
        points = (unsaid(point, said) for point in article.key_points)
        return [{"heading": None, "text": point} for point in points if point]
    found = []
    for section in article.sections:
        rest = [text for text in (unsaid(p, said) for p in section.paragraphs) if text]
        if rest:
            found.append({"heading": section.heading,
                          "text": rest[0] if whole else first_sentence(rest[0])})
    return found


def unsaid(text: str, said: str) -> str:
    """`text` without the sentence `said` where it holds it (spaces collapsed)."""
    text = " ".join(text.split())
    said = " ".join(said.split())
    if not said or said not in text:
        return text
    return " ".join(text.replace(said, " ", 1).split())


def _text_or_none(value: object) -> str | None:
    return value if isinstance(value, str) and value.strip() else None


def template_context(kit: Kit, lang: str, strings: dict[str, str], qr_action: str | None,
                     digits: str = WESTERN, layout: Layout | None = None) -> dict:
    """What templates see; `strings` already in `digits` (strings_in_digits)."""
    site = kit.site
    return {
        "site": {
            "organization": site.options.organization,
            "show_organization": site.options.show_organization,
            "write_in": site.options.write_in,
            "website": typed_address(site.options.website) if site.options.website else None,
            "discreet_title": site.title_for(lang),
            "emergency_number": site.emergency_number,
            **site.layout_options,  # the layouts' own settings, by name: poster_discreet
        },
        "article": article_view(kit.articles[lang], layout),
        "resources": [resource_view(r, lang, strings, digits, layout) for r in kit.resources],
        "checked": oldest_check(kit, lang, digits),
        # the catalogue string saying what reaching the first line is like (free, private,
        # any time), as far as its data says it in `lang`; None: nothing (content/promises.py)
        "promise": line_promise(kit.resources[0], lang).key if kit.resources else None,
        "t": strings,
        "qr": {"action": qr_action},
        "lang": lang,
    }


def compose_face(
    layout: Layout, face_name: str, context: dict, lines: Sequence[Line],
    qr_payload: str | None, unlisted: Mapping[int, tuple[str, ...]] | None = None,
) -> ComposedFace:
    """The face's blocks rendered; `lines`: the lines it prints. Its lists leave out those
    `unlisted` names (by where they are in the kit's resources, with the languages that
    cannot hold them on this piece: generator/pipeline/build.py); a flow or filler still prints
    them."""
    face: FaceSpec = layout.spec.faces[face_name]
    path = layout.folder / face.template
    # The clock and the memory ceiling cost time on every face: only for a content folder's
    # own templates, not for havenprint's.
    limits = nullcontext() if layout.folder.is_relative_to(LAYOUTS_DIR) else render_limits()
    try:
        with limits:
            texts, lists, fillers = _render_face(layout, face, context, lines, path,
                                                 unlisted or {})
    except TemplateSyntaxError as error:
        raise ContentError(_template_error(error.filename or path, str(error.message),
                                           error.lineno)) from None
    except TemplateNotFound as error:
        raise ContentError(_template_error(
            path, f"no template {error.name!r} in {layout.folder.name}/")) from None
    except TemplateError as error:
        raise ContentError(_template_error(path, str(error))) from None
    except (ArithmeticError, LookupError, TypeError, ValueError, RecursionError) as error:
        # A layout's own template is code: whatever it raises is a problem with the layout.
        raise ContentError(_template_error(
            path, f"{type(error).__name__}: {str(error)[:200]}")) from None
    return ComposedFace(face_name, texts, lists, qr_payload, fillers)


def _template_error(path: Any, reason: str, line: int | None = None) -> Problem:
    return Problem(path, f"template error: {reason}", line, code=Code.TEMPLATE_ERROR,
                   fields={"reason": reason})


def _render_face(layout: Layout, face: FaceSpec, context: dict,
                 lines: Sequence[Line], path: Path,
                 unlisted: Mapping[int, tuple[str, ...]],
                 ) -> tuple[dict[str, tuple[Paragraph, ...]], dict[str, tuple[Item, ...]],
                            dict[str, tuple[tuple[FillerSpec, tuple[Paragraph, ...]], ...]]]:
    environment = _environment(layout.folder)
    # the face's template, then the layout's other faces' (a short form's face prints
    # blocks another face's template has: the bi-fold's inside prints the flap's lines)
    names = [face.template, *(other.template for other in layout.spec.faces.values())]
    template = [environment.get_template(name) for name in dict.fromkeys(names)]
    texts, lists, fillers = {}, {}, {}
    # a slot whose safety wording names the emergency number ("In an emergency, call 911":
    # the safety note, the brochure flap's "Before you call")
    strings = context["t"]
    in_note = any("{emergency}" in str(strings.get(key, "")) for slot in face.slots
                  for key in slot.safety)
    size = (layout.spec.sizes.get(str(context["site"].get(layout.spec.size_option)))
            if layout.spec.size_option in context["site"] else None)
    emergency = {**{slot.name: slot.emergency for slot in face.slots},
                 **(size.emergency if size is not None else {})}
    views = [view for _, _, view in lines]
    for slot in face.slots:
        if slot.kind == "flow":  # a flow may print the lines too (large print): `lines`
            texts[slot.name] = _render_block(
                template, slot.name, {**context, "lines": views}, path)
        elif slot.kind in TEXT_KINDS:
            texts[slot.name] = _render_block(template, slot.name, context, path)
        if slot.fillers:
            listed = {**context, "lines": views}
            rendered = ((filler, _render_block(template, filler.block, listed, path))
                        for filler in slot.fillers)
            fillers[slot.name] = tuple((filler, paragraphs)
                                       for filler, paragraphs in rendered if paragraphs)
        elif slot.kind == "list":
            lists[slot.name] = tuple(
                Item(resource.name, _render_block(template, "resource",
                                                  {**context, "item": view}, path),
                     resource.required, index,
                     () if resource.required else unlisted.get(index, ()),
                     bool(resource.hours) and not open_all_hours(resource.hours))
                for index, resource, view in _lines_of(slot, lines)
                if not (resource.emergency and emergency[slot.name] == "in_note" and in_note)
            )
    return texts, lists, fillers


T = TypeVar("T")


def _lines_of(slot: SlotSpec, lines: Sequence[T]) -> Sequence[T]:
    """The lines a list slot prints (`lines:`): all, the first or the rest."""
    return {"all": lines, "first": lines[:1], "rest": lines[1:]}[slot.lines]


def _render_block(templates: Sequence[Any], block: str, context: dict,
                  path: Any) -> tuple[Paragraph, ...]:
    """The block rendered, from the first of `templates` that has it."""
    template = next((each for each in templates if block in each.blocks), None)
    if template is None:
        raise ContentError(Problem(path, f"template has no block '{block}' for its slot",
                                   code=Code.TEMPLATE_NO_BLOCK, fields={"block": block}))
    # Content files are cleaned as they are read; a layout's own template is not.
    output = without_invisible(joined(template.blocks[block](template.new_context(context))))
    return parse_block(output, block, path)


_MARKUP = re.compile(r"<[^>]*>")


def template_number_problems(layout: Layout, country: str, known: frozenset[str]
                             ) -> list[Problem]:
    """A number a site's own template writes itself ("Or call 1-800-799-7232." in its
    back.j2) that printed text could not give (content/text_numbers.py: a digit off a
    national line's, premium rate, a fragment), on its template's line, named by its block:
    the catalogues, the articles and the lines are checked where they are given, a template's
    own words nowhere else. `known`: the kit's confirmed numbers (kit_parts.line_numbers)."""
    from jinja2 import nodes

    from generator.content.text_numbers import printed_text_problem

    if layout.folder.is_relative_to(LAYOUTS_DIR):
        return []
    env = _environment(layout.folder)
    problems = []
    for path in sorted(layout.folder.glob("*.j2")):
        source, _, _ = env.loader.get_source(env, path.name)  # type: ignore[union-attr]
        try:
            tree = env.parse(source, path.name, str(path))
        except jinja2.TemplateSyntaxError:
            continue  # said where the template is compiled
        blocks = {id(node): block.name for block in tree.find_all(nodes.Block)
                  for node in block.find_all((nodes.TemplateData, nodes.Const))}
        for node in tree.find_all((nodes.TemplateData, nodes.Const)):
            written = node.data if isinstance(node, nodes.TemplateData) else getattr(
                node, "value", None)
            if not isinstance(written, str) or not any(char.isdecimal() for char in written):
                continue
            problem = printed_text_problem(_MARKUP.sub(" ", written), country, known=known)
            if problem is not None:
                block = blocks.get(id(node)) or path.stem
                problems.append(problem.at(path, node.lineno, prefix=f"block {block}: ",
                                           key=block))
    return problems
