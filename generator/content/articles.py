"""Load one article file (`<slug>.<lang>.md` or `.txt`) into a frozen `Article`.

Every content mistake becomes a `ContentError` naming `path:line`. The file is only read.
Text stays plain: raw HTML and `{{ }}` are kept as literal characters, never interpreted.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING

from generator.content.bounded_read import too_big
from generator.content.hebrew_marks import hebrew_mark_problems
from generator.content.invisible import control_character_problem, without_invisible
from generator.content.models import Article, Section, Source
from generator.content.web_address import typed_address
from generator.content.yamlfile import MAX_CONTENT_BYTES, read_text
from generator.engine import remembered
from generator.errors import Code, ContentError, Problem

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.token import Token

CARD_LINE_MAX_CHARS = 110
TITLE_MAX_CHARS = 80
HEADLINE_MAX_CHARS = 120  # a first sentence set as the headline of a text without a title
HEADING_MAX_CHARS = 60
BULLET = "• "
NO_TITLE_TXT = (
    "no title found: start the file with a short title line without final punctuation, "
    "or add front matter `title: ...`"
)
NO_TITLE_MD = (
    "no title found: start the text with a `# Title` heading, or add front matter `title: ...`"
)
SENTENCE_AS_TITLE = (
    "no title line: the first sentence, {sentence!r}, is printed as the headline; to choose "
    "the headline, start the text with a short title line without final punctuation{how}"
)
# Text pasted from a web page that points the reader to other web content: a printed piece
# cannot follow it ("Before you read on: our original guide has...", "click here").
_WEB_REFERENCE = re.compile(
    r"\b(?:click|tap) (?:here|the link|below|above)\b|\bread (?:on|more)\b|\blearn more\b"
    r"|\b(?:our|the|this) (?:original|full|previous|earlier|related|other) "
    r"(?:guide|article|post|page|blog post)s?\b"
    r"|\b(?:this|our) (?:web ?page|website|site|blog|post)\b"
    r"|\b(?:visit|see) our (?:web ?site|site|page|blog)\b|\blinks? (?:above|below)\b"
    r"|\bscroll (?:down|up)\b|\bin the (?:sidebar|menu)\b",
    re.IGNORECASE)
WEB_REFERENCE = (
    "{where} points to other web content ({quote!r}): a printed piece cannot follow it, so "
    "that sentence is left out of every printed piece and the screen copy; to keep "
    "something of it, reword it so it stands on its own"
)

_END_PUNCT = ".!?:;,"
_SENTENCE_PUNCT = ".!?:;"
_ABBREVIATIONS = frozenset({
    "dr.", "mr.", "mrs.", "ms.", "st.", "vs.", "no.", "jr.", "sr.", "prof."})
# A stop and a space; or, in Chinese and Japanese, a full-width stop with or without one.
# Arabic, Urdu, Devanagari and Ethiopic stops and question marks are stops too.
_SENTENCE_END = re.compile(r"[.!?؟۔।።፧][\"'”’)\]]*\s+|[。！？][\"'”’」』)\]]*\s*")
_DOMAIN = r"(?:https?://)?[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}(?:/[^\s,;()]*)?"
_CITATION = re.compile(
    rf"\s*\((?:(?:sources?|references?)\s*:\s*)?({_DOMAIN}(?:\s*[,;]\s*{_DOMAIN})*)\s*[,;]?\s*\)$",
    re.IGNORECASE,
)
_LIST_MARK = re.compile(r"^(?:(?P<sym>[•·▪◦‣*–-])|\d{1,2}[.)])\s+")
_SOURCES_HEADINGS = frozenset({"sources", "source", "references", "reference"})
_META_KEYS = MappingProxyType({  # is a list
    "title": False, "card": False, "sources": True, "key_points": True})


@remembered(1)
def _markdown() -> MarkdownIt:
    """The Markdown parser (markdown-it), raw HTML kept as literal text."""
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False})


def first_sentence(text: str) -> str:
    """The first sentence: up to `. `/`! `/`? ` before an uppercase letter or a digit, or a
    letter of a script without case (Arabic, Chinese, Devanagari...), where an abbreviation
    cannot be told by the next letter's case."""
    text = _collapse(text)
    for match in _SENTENCE_END.finditer(text):
        following = text[match.end() :].lstrip("\"'“‘「『(¿¡")[:1]
        head = text[: match.start() + 1]
        uncased = following.isalpha() and following.lower() == following.upper()
        starts = following.isupper() or following.isdigit() or uncased
        if starts and not _is_abbreviation(head):
            return text[: match.end()].rstrip()
    return text


def load_article(path: Path, slug: str, lang: str, text: str | None = None) -> Article:
    """Read an article file; raise `ContentError` with `Problem`s for any content mistake.
    `text`: the file's text as it would be saved, read instead of the file (a draft in the
    web page), with the same checks."""
    kind = path.suffix.lower()
    if kind not in (".md", ".txt"):
        raise ContentError(Problem(path, "an article file must end in .md or .txt",
                                   code=Code.ARTICLE_SUFFIX))
    lines = _read_lines(path) if text is None else _draft_lines(path, text)
    meta, body_start = _front_matter(path, lines)
    body = lines[body_start - 1 :]
    cited: tuple[str, ...] = ()
    notes: list[Problem] = []
    if kind == ".md":
        title, sections = _parse_markdown(path, body, meta.title, notes)
    else:
        title, sections, cited = _parse_text(path, body, body_start, meta.title, notes)
    sections, listed = _take_sources(sections)
    web_notes = _web_references(path, sections, lines, body_start)
    sections = _without_web_references(sections)
    if not any(s.paragraphs for s in sections):
        raise ContentError(Problem(path, "the article has no body text", body_start,
                                   code=Code.ARTICLE_NO_BODY))
    card_line = meta.card or _default_card_line(sections) or next(
        (point for point in meta.key_points if len(point) <= CARD_LINE_MAX_CHARS), None)
    return Article(
        slug=slug,
        lang=lang,
        title=title,
        card_line=card_line,
        sections=tuple(sections),
        sources=tuple(dict.fromkeys(meta.sources + listed + cited)),
        key_points=meta.key_points,
        card_line_given=bool(meta.card),
        card_line_choices=() if meta.card else tuple(
            point for point in meta.key_points[:1]
            if point != card_line and len(point) <= CARD_LINE_MAX_CHARS),
        extra=meta.extra,
        source=Source(path, 1),
        notes=(*notes, *web_notes,
               *_hebrew_marks(path, lang, title, sections, lines, body_start)),
    )


@dataclass
class _Meta:
    title: str | None = None
    card: str | None = None
    sources: tuple[str, ...] = ()
    key_points: tuple[str, ...] = ()
    extra: dict[str, object] = field(default_factory=dict)


def _read_lines(path: Path) -> list[str]:
    return re.split(r"\r\n|\r|\n", read_text(path))


def _draft_lines(path: Path, text: str) -> list[str]:
    """A draft's lines, cleaned and checked as `read_text` does a file's."""
    if len(text.encode("utf-8")) > MAX_CONTENT_BYTES:
        raise ContentError(too_big(path, len(text.encode("utf-8")), MAX_CONTENT_BYTES))
    if problem := control_character_problem(path, text):
        raise ContentError(problem)
    cleaned = without_invisible(text.removeprefix("\ufeff"))
    if not cleaned.strip():
        raise ContentError(Problem(path, "the file is empty", code=Code.FILE_EMPTY))
    return re.split(r"\r\n|\r|\n", cleaned)


def _front_matter(path: Path, lines: list[str]) -> tuple[_Meta, int]:
    """Parse a leading `---` YAML block; return it and the file line where the body starts."""
    if lines[0].strip() != "---":
        return _Meta(), 1
    end = next((i for i in range(1, len(lines)) if lines[i].strip() in ("---", "...")), None)
    if end is None:
        raise ContentError(Problem(path, "front matter opened with `---` is never closed", 1,
                                   code=Code.FRONT_MATTER_UNCLOSED))
    block = "\n".join(lines[1:end])
    import yaml  # only for an article with front matter

    from generator.content.yaml_parser import safe_load

    try:
        data = safe_load(block, path, first_line=2)
    except RecursionError:
        raise ContentError(Problem(path, "front matter is nested too deeply", 2,
                                   code=Code.FRONT_MATTER_YAML,
                                   fields={"reason": "nested too deeply"})) from None
    except yaml.YAMLError as exc:
        # Where the construct that went wrong opened (a `[` never closed, a quote): YAML
        # notices the mistake only at the next token, often on the line below.
        mark = getattr(exc, "context_mark", None) or getattr(exc, "problem_mark", None)
        line = min(mark.line + 2, end + 1) if mark is not None else 1
        reason = getattr(exc, "problem", None) or "cannot be read"
        message = f"front matter is not valid YAML: {reason}"
        raise ContentError(Problem(path, message, line, code=Code.FRONT_MATTER_YAML,
                                   fields={"reason": reason})) from None
    if data is not None and not isinstance(data, dict):
        raise ContentError(Problem(path, "front matter must be `key: value` lines", 2,
                                   code=Code.FRONT_MATTER_NOT_MAPPING))
    key_lines: dict[str, int] = {}
    for number, line in enumerate(lines[1:end], start=2):
        if match := re.match(r"([^\s#:][^:]*):", line):
            key_lines.setdefault(match[1].strip(), number)
    return _check_meta(path, data or {}, key_lines), end + 2


def _check_meta(path: Path, data: dict, key_lines: dict[str, int]) -> _Meta:
    meta = _Meta(extra={str(k): v for k, v in data.items() if k not in _META_KEYS})
    problems = []
    for key, is_list in _META_KEYS.items():
        value = data.get(key)
        if value is None:
            continue
        if is_list and isinstance(value, list) and all(_kind(v) == "text" for v in value):
            setattr(meta, key, tuple(_collapse(item) for item in value))
        elif not is_list and _kind(value) == "text":
            setattr(meta, key, _collapse(value))
        else:
            expected = "a list of text items (`- ...` lines)" if is_list else "text"
            message = f"front matter `{key}` must be {expected}, not {_kind(value)}"
            problems.append(Problem(path, message, key_lines.get(key),
                                    code=Code.FRONT_MATTER_TYPE,
                                    fields={"key": key, "list": int(is_list),
                                            "found": _kind(value)}))
    if problems:
        raise ContentError(problems)
    return meta


def _kind(value: object) -> str:
    """How a YAML value reads to a person: "text", "a number", "a list containing ..."."""
    if isinstance(value, str):
        return "text" if value.strip() else "empty text"
    if isinstance(value, list):
        bad = [_kind(item) for item in value if _kind(item) != "text"]
        return f"a list containing {bad[0]}" if bad else "a list"
    names = {bool: "true/false", int: "a number", float: "a number", dict: "a mapping"}
    return names.get(type(value), f"a {type(value).__name__}")


def _parse_markdown(path: Path, body: list[str], title: str | None,
                    notes: list[Problem]) -> tuple[str, list[Section]]:
    blocks = list(_markdown_blocks(_markdown().parse("\n".join(body))))
    if blocks and blocks[0][0] == "h1" and (title is None or _same(blocks[0][1], title)):
        title = blocks.pop(0)[1]
    if not title and blocks and blocks[0][0] == "p":
        headline, rest = _sentence_headline(blocks[0][1])
        if headline is not None and (rest or len(blocks) > 1):
            notes.append(Problem(path, SENTENCE_AS_TITLE.format(
                sentence=headline, how=" (`# Title`), or add front matter `title: ...`"), 1,
                "warning", code=Code.SENTENCE_AS_TITLE,
                fields={"sentence": headline, "markdown": 1}))
            title = headline
            blocks[0:1] = [("p", rest)] if rest else []
    if not title:
        raise ContentError(Problem(path, NO_TITLE_MD, 1, code=Code.NO_TITLE, fields={
            "markdown": 1, "listed": 0, "length": None, "limit": HEADLINE_MAX_CHARS}))
    return title, _sections((kind != "p", text) for kind, text in blocks)


def _sentence_headline(text: str) -> tuple[str | None, str]:
    """The first sentence of a text that starts without a title, as a headline (its full
    stop dropped; a question or exclamation mark kept), and what follows it; None when it
    is too long to set as one, or a list item."""
    if _LIST_MARK.match(text) or text.startswith(BULLET):
        return None, text
    sentence = first_sentence(text)
    if len(sentence) > HEADLINE_MAX_CHARS:
        return None, text
    headline = sentence.rstrip()
    if headline.endswith(".") and not headline.endswith(".."):
        headline = headline[:-1].rstrip()
    return headline, text[len(sentence):].strip()


def _markdown_blocks(tokens: list[Token]) -> Iterator[tuple[str, str]]:
    """Yield (tag, plain text): `h1`..`h6` for headings, `p` for paragraphs and list items."""
    lists: list[bool] = []  # open lists, True when bulleted
    prefix = ""
    for i, token in enumerate(tokens):
        if token.type in ("bullet_list_open", "ordered_list_open"):
            lists.append(token.type == "bullet_list_open")
        elif token.type in ("bullet_list_close", "ordered_list_close"):
            lists.pop()
        elif token.type == "list_item_open":
            prefix = BULLET if lists[-1] else f"{token.info}{token.markup} "
        elif token.type == "list_item_close":
            prefix = ""
        elif token.type == "inline" and tokens[i - 1].type == "heading_open":
            yield tokens[i - 1].tag, _inline_text(token)
        elif token.type in ("inline", "fence", "code_block"):
            text = _inline_text(token) if token.type == "inline" else _collapse(token.content)
            if text:
                yield "p", prefix + text
                prefix = ""


def _inline_text(token: Token) -> str:
    """Inline markup reduced to its text; a link whose text is a URL becomes its domain."""
    parts: list[str] = []
    link_starts: list[int] = []
    for child in token.children or []:
        if child.type in ("text", "code_inline", "html_inline"):
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
        elif child.type == "image":
            parts.append(_inline_text(child))
        elif child.type == "link_open":
            link_starts.append(len(parts))
        elif child.type == "link_close" and link_starts:
            start = link_starts.pop()
            parts[start:] = [typed_address("".join(parts[start:]))]
    return _collapse("".join(parts))


# Plain-text heuristics for text pasted from a website:
# * Lines are grouped in blocks separated by blank lines. Inside a block, a line joins the
#   previous one (hard wrap) when the previous one does not end with . ! ? : ; and this one
#   starts lowercase, or when the previous one ends with a comma. Every other line is its
#   own paragraph, so single-newline and blank-line paragraphs both work. A line that is
#   just a domain (`example.org`) never joins: it is a source or a list line.
# * Lines starting with a bullet (•, -, *, ...) or `1.` are list items, never headings.
# * A heading is a line that is not the last one, starts a "fresh" spot (start of a block,
#   or after a sentence ending in punctuation or a list item), and is either a short label
#   (<= 60 chars, no final punctuation) followed by a blank line, a list item or a
#   paragraph-like line (long or punctuated), or a single short question (<= 80 chars).
#   A short line ending with a period is always a sentence, never a heading.
# * A trailing `(a.org, b.org)` at the end of the text is a citation and becomes sources.


@dataclass
class _Unit:
    text: str
    line: int
    block: int
    listed: bool = False


def _parse_text(
    path: Path, body: list[str], first_line: int, title: str | None, notes: list[Problem]
) -> tuple[str, list[Section], tuple[str, ...]]:
    units = _text_units(body, first_line)
    cited = _take_citation(units)
    if not units:
        raise ContentError(Problem(path, "the article has no body text", first_line,
                                   code=Code.ARTICLE_NO_BODY))
    if title is None:
        if not units[0].listed and _is_title(units[0].text):
            title = units.pop(0).text
        else:
            title = _headline_from_sentence(path, units, notes)
    elif _same(units[0].text, title):
        units.pop(0)
    flags = [_is_heading(units, i) for i in range(len(units))]
    return title, _sections(zip(flags, (u.text for u in units), strict=True)), cited


def _headline_from_sentence(path: Path, units: list[_Unit], notes: list[Problem]) -> str:
    """A pasted text whose first line is a sentence: that sentence is the headline, where it
    is short enough to set as one and text is left for the body; else the error saying how
    to give a title."""
    first = units[0]
    headline, rest = (None, "") if first.listed else _sentence_headline(first.text)
    if headline is None or not (rest or len(units) > 1):
        sentence = first_sentence(first.text)
        why = (" (the first line is a list item)" if first.listed else
               f" (the first sentence is {len(sentence)} characters; a headline holds at most "
               f"{HEADLINE_MAX_CHARS})" if len(sentence) > HEADLINE_MAX_CHARS else "")
        raise ContentError(Problem(path, NO_TITLE_TXT + why, first.line, code=Code.NO_TITLE,
                                   fields={"markdown": 0, "listed": int(first.listed),
                                           "length": len(sentence),
                                           "limit": HEADLINE_MAX_CHARS}))
    notes.append(Problem(path, SENTENCE_AS_TITLE.format(
        sentence=headline, how=", or add front matter `title: ...`"), first.line, "warning",
        code=Code.SENTENCE_AS_TITLE, fields={"sentence": headline, "markdown": 0}))
    if rest:
        first.text = rest
    else:
        units.pop(0)
    return headline


def _web_references(path: Path, sections: list[Section], lines: list[str],
                    body_start: int) -> list[Problem]:
    """A note for each paragraph that points the reader to other web content."""
    found = []
    for section in sections:
        for paragraph in section.paragraphs:
            match = _WEB_REFERENCE.search(paragraph)
            if match is None:
                continue
            sentence = next((part for part in _sentences(paragraph) if match.group() in part),
                            paragraph)
            quote = sentence if len(sentence) <= 80 else sentence[:77].rstrip() + "..."
            line = _line_of(paragraph, lines, body_start)
            found.append(Problem(path, WEB_REFERENCE.format(
                where="a paragraph" if line is None else "this paragraph", quote=quote),
                line, "info", code=Code.WEB_REFERENCE, fields={"quote": quote}))
    return found


def _without_web_references(sections: list[Section]) -> list[Section]:
    """The sections without the sentences that point to other web content, each noted by
    `_web_references`: left out here, once, so no printed piece or screen copy prints a
    pointer its reader cannot follow. A paragraph left empty goes, and a section left
    without paragraphs (a heading over nothing)."""
    kept = []
    for section in sections:
        paragraphs = tuple(text for text in map(_without_web_reference, section.paragraphs)
                           if text)
        if paragraphs or not section.paragraphs:
            kept.append(Section(section.heading, paragraphs))
    return kept


def _without_web_reference(paragraph: str) -> str:
    """The paragraph without its sentences that point to other web content."""
    if _WEB_REFERENCE.search(paragraph) is None:
        return paragraph
    rest = paragraph
    for sentence in _sentences(paragraph):
        if _WEB_REFERENCE.search(sentence) is not None:
            rest = rest.replace(sentence, "", 1)
    rest = " ".join(rest.split())
    if _WEB_REFERENCE.search(rest) is not None:  # a sentence not found as written: all goes
        return ""
    return "" if rest in ("", BULLET.strip()) else rest


def _hebrew_marks(path: Path, lang: str, title: str, sections: list[Section],
                  lines: list[str], body_start: int) -> list[Problem]:
    """A warning for each paragraph of a Hebrew article with a quote for a geresh or
    gershayim (בצ'אט for בצ׳אט): printed right, but wrong wherever the text is copied."""
    if lang.split("-")[0] not in ("he", "yi"):
        return []
    found = []
    texts = [title, *(text for section in sections
                      for text in ((section.heading or ""), *section.paragraphs))]
    for text in texts:
        words = hebrew_mark_problems(text)
        if words:
            found.append(Problem(path, (
                f"a quote written for a geresh (׳ U+05F3) or gershayim (״ U+05F4): "
                f"{', '.join(words)}"), _line_of(text, lines, body_start), "warning",
                code=Code.ARTICLE_HEBREW_QUOTES, fields={"words": tuple(words)}))
    return found


def _sentences(text: str) -> list[str]:
    parts, rest = [], text
    while rest:
        sentence = first_sentence(rest)
        parts.append(sentence)
        rest = rest[len(sentence):].strip()
    return parts


def _line_of(paragraph: str, lines: list[str], body_start: int) -> int | None:
    """The file line a paragraph starts on (its first words), where it can be found."""
    words = " ".join(paragraph.removeprefix(BULLET).split()[:4])
    for number, line in enumerate(lines[body_start - 1 :], start=body_start):
        if words and words in _collapse(line):
            return number
    return None


def _text_units(body: list[str], first_line: int) -> list[_Unit]:
    units: list[_Unit] = []
    block = 0
    for number, raw in enumerate(body, start=first_line):
        text = _collapse(raw)
        mark = _LIST_MARK.match(text)
        previous = units[-1] if units and units[-1].block == block else None
        if not text:
            block += 1
        elif mark:
            item = BULLET + text[mark.end() :] if mark["sym"] else text
            units.append(_Unit(item, number, block, listed=True))
        elif previous and _continues(previous.text, text):
            previous.text += " " + text
        else:
            units.append(_Unit(text, number, block))
    return units


def _continues(previous: str, line: str) -> bool:
    """True when `line` is the hard-wrapped rest of `previous`."""
    if _is_domain(line):
        return False
    return previous.endswith(",") or (previous[-1] not in _SENTENCE_PUNCT and line[0].islower())


def _take_citation(units: list[_Unit]) -> tuple[str, ...]:
    """Strip a trailing `(a.org, b.org)` from the last unit; return its domains."""
    match = _CITATION.search(units[-1].text) if units else None
    if not match:
        return ()
    units[-1].text = units[-1].text[: match.start()].rstrip()
    if not units[-1].text.removeprefix(BULLET).strip():
        units.pop()
    items = re.split(r"\s*[,;]\s*", match[1].strip())
    return tuple(re.sub(r"(?i)^https?://", "", item).rstrip("/") for item in items if item)


def _is_title(text: str) -> bool:
    return len(text) <= TITLE_MAX_CHARS and text[-1] not in _SENTENCE_PUNCT


def _is_heading(units: list[_Unit], i: int) -> bool:
    unit = units[i]
    if unit.listed or i + 1 >= len(units) or unit.text[0].islower() or _is_domain(unit.text):
        return False
    before, after = (units[i - 1] if i else None), units[i + 1]
    fresh = (
        before is None
        or before.block != unit.block
        or before.listed
        or before.text[-1] in _SENTENCE_PUNCT
    )
    if unit.text.endswith("?"):
        single = first_sentence(unit.text) == unit.text
        return fresh and single and len(unit.text) <= TITLE_MAX_CHARS
    paragraph_next = after.block != unit.block or after.listed or _is_paragraph_like(after.text)
    short_label = len(unit.text) <= HEADING_MAX_CHARS and unit.text[-1] not in _END_PUNCT
    return fresh and paragraph_next and short_label


def _is_paragraph_like(text: str) -> bool:
    return len(text) > HEADING_MAX_CHARS or text[-1] in _END_PUNCT or _is_domain(text)


def _is_domain(text: str) -> bool:
    return re.fullmatch(_DOMAIN, text, re.IGNORECASE) is not None


def _sections(blocks: Iterable[tuple[bool, str]]) -> list[Section]:
    """Group (is_heading, text) blocks into sections; text before any heading has none."""
    groups: list[tuple[str | None, list[str]]] = [(None, [])]
    for is_heading, text in blocks:
        if is_heading:
            groups.append((text, []))
        else:
            groups[-1][1].append(text)
    return [Section(h, tuple(ps)) for h, ps in groups if h is not None or ps]


def _take_sources(sections: list[Section]) -> tuple[list[Section], tuple[str, ...]]:
    """Split off a final `Sources`/`References` section; its items become sources."""
    last = sections[-1] if sections else None
    if last is None or (last.heading or "").strip().rstrip(":").lower() not in _SOURCES_HEADINGS:
        return sections, ()
    items: list[str] = []
    for paragraph in last.paragraphs:
        text = _LIST_MARK.sub("", paragraph.removeprefix(BULLET)).strip()
        parts = re.split(r"\s*[,;]\s*", text)
        items.extend(parts if all(_is_domain(p) for p in parts) else [text])
    return sections[:-1], tuple(items)


def _default_card_line(sections: list[Section]) -> str | None:
    """The first sentence of the first paragraph that does not point to other web content
    (a card cannot print "Before you read on: our original guide...")."""
    first = next((p for s in sections for p in s.paragraphs
                  if not _WEB_REFERENCE.search(p)), None)
    if first is None:
        return None
    sentence = first_sentence(_LIST_MARK.sub("", first.removeprefix(BULLET)))
    return sentence if len(sentence) <= CARD_LINE_MAX_CHARS else None


def _is_abbreviation(head: str) -> bool:
    if not head.endswith("."):
        return False
    word = head.rsplit(maxsplit=1)[-1].lstrip("\"'“‘(").lower()
    return word in _ABBREVIATIONS or re.fullmatch(r"(?:[a-z]\.)+", word) is not None


def _same(a: str, b: str) -> bool:
    return _collapse(a).casefold() == _collapse(b).casefold()


def _collapse(text: str) -> str:
    return " ".join(text.split())
