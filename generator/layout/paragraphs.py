"""The paragraphs a template block renders, and the details in them a full list may leave out.

A block renders `<p style="name">inline markup</p>` paragraphs. In a list entry (a hotline)
a template marks what is secondary, either a whole paragraph or a span of one:

    <p style="detail" optional="languages">English, Español</p>
    <p style="detail">Text START to 88788<optional kind="hours" sep=" · ">24/7</optional></p>

`sep` is printed before the span only when something is printed before it in the paragraph.
`<p ... once="1">` is a heading repeated in each entry: only the first kept one prints it.
`<p ... choice="2">` is one of several texts a slot may print, in order of preference: the
slot prints the first that fits (an article's first sentence, else its first key point).
`<p ... icon="text" alt="Text">` starts with a small picture (generator/render/icons.py) instead of
the word `alt`, which stays in the text layer for screen readers and copying.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from generator.engine import remembered
from generator.errors import Code, ContentError, Problem

# What a list entry may mark optional, in the order a list that does not fit leaves them out
# (each kind from the last line up), before it leaves out any whole line. Never a way to
# reach the line a piece must carry: a line prints with its numbers, text keyword and TTY,
# or not at all (design.md: texting is often the only safe way, a TTY the only one for a
# Deaf caller), and with its web address where it has no number. A line's web address
# beside its numbers (`web`: a pocket card's "thehotline.org") gives way where the piece
# has no room for it, before the hours and before any slot that gives way (the card's
# line): the build says which pieces print it (generator/layout/place_list.py).
DETAIL_KINDS = ("checked", "languages", "web", "hours")
NEVER_LEFT_OUT = ("phone", "text", "tty", "url")

_PARAGRAPH = re.compile(r'<p style="([\w-]+)"((?:\s+[\w-]+="[^"<>]*")*)\s*>(.*?)</p>', re.DOTALL)
_ATTRIBUTE = re.compile(r'([\w-]+)="([^"<>]*)"')
_DETAIL = re.compile(r'<optional kind="([\w-]+)"(?:\s+sep="([^"<>]*)")?\s*>(.*?)</optional>',
                     re.DOTALL)
_ATTRIBUTES = frozenset({"optional", "once", "icon", "alt", "choice"})
ICON_NAMES = ("call", "text", "tty", "web", "box")
DECORATIVE_ICONS = ("box",)  # a list mark: no word to keep
Fail = Callable[[str], ContentError]


@dataclass(frozen=True)
class Part:
    """A piece of a paragraph: fixed (`kind` None) or a detail that may be left out."""

    markup: str
    kind: str | None = None
    sep: str = ""


@dataclass(frozen=True)
class Paragraph:
    style: str
    markup: str  # ReportLab paragraph markup; content already escaped
    parts: tuple[Part, ...] = ()  # only when some of it is optional
    once: bool = False
    icon: str | None = None  # a picture before the text (ICON_NAMES)
    alt: str = ""  # the word the picture stands for (escaped markup)
    choice: int = 0  # one of a slot's texts to choose from, by preference (0: not a choice)
    # In a list entry, the style of the paragraph printed right above it in the same entry
    # (a detail under its line's number): set by the list's fit (list_fit.assemble)
    after: str = ""
    after_markup: str = ""  # and its markup (the ink its letters reach down to)

    def without(self, left_out: Collection[int]) -> Paragraph | None:
        """The paragraph with the parts at these indices left out; None if nothing is left."""
        markup = joined(part for index, part in enumerate(self.parts) if index not in left_out)
        if not markup:
            return None
        # The icon stands for what the line starts with: it goes when that does.
        icon = self.icon if 0 not in left_out else None
        return Paragraph(self.style, markup, once=self.once, icon=icon,
                         alt=self.alt if icon else "")


def joined(parts: Iterable[Part]) -> str:
    """The parts as one paragraph's markup, each `sep` only after something printed."""
    text = ""
    for part in parts:
        if part.markup.strip():
            text += (part.sep if text.strip() else "") + part.markup
    return _TEMPLATE_SPACES.sub(" ", text).strip()


# A template's line breaks and indents; not the no-break spaces its values carry (a keyword,
# a date, short hours), which str.split() took for spaces to break at.
_TEMPLATE_SPACES = re.compile(r"[ \t\r\n]+")


@remembered(4096)
def parse_block(output: str, block: str, path: Path) -> tuple[Paragraph, ...]:
    """The paragraphs of a rendered block, empty ones dropped; anything else is an error
    naming the template (user text is escaped, so only the template can write tags).
    Remembered: the sites of a batch render the same lines and wording."""
    paragraphs = []
    for style, attributes, markup in _PARAGRAPH.findall(output):
        paragraph = _paragraph(style, dict(_ATTRIBUTE.findall(attributes)) if attributes else {},
                               _TEMPLATE_SPACES.sub(" ", markup).strip(), block, path)
        if paragraph.markup:
            paragraphs.append(paragraph)
    leftover = _PARAGRAPH.sub("", output).strip()
    if leftover:
        raise ContentError(Problem(
            path, f"block '{block}': text outside <p style=...> paragraphs: {leftover[:40]!r}",
            code=Code.TEMPLATE_MARKUP, fields={
                "block": block, "reason": f"text outside <p style=...> paragraphs: "
                                          f"{leftover[:40]!r}"}))
    return tuple(paragraphs)


def _paragraph(style: str, attributes: dict[str, str], markup: str, block: str,
               path: Path) -> Paragraph:
    def fail(message: str) -> ContentError:
        return ContentError(Problem(path, f"block '{block}': {message}",
                                    code=Code.TEMPLATE_MARKUP,
                                    fields={"block": block, "reason": message}))

    if not attributes and "optional>" not in markup:
        return Paragraph(style, markup)  # the common case: nothing optional
    choice = attributes.pop("choice", None)
    if choice is not None:
        if not choice.isdigit() or int(choice) < 1:
            raise fail(f"choice=\"{choice}\" is not a number from 1")
        return replace(_paragraph(style, attributes, markup, block, path), choice=int(choice))
    unknown = set(attributes) - _ATTRIBUTES
    if unknown:
        raise fail(f"unknown attribute {sorted(unknown)[0]!r} on <p>: "
                   f"use style, {', '.join(sorted(_ATTRIBUTES))}")
    kind = attributes.get("optional")
    if kind is not None:
        if "<optional" in markup:
            raise fail("an optional paragraph holds <optional> spans: mark one or the other")
        parts: tuple[Part, ...] = (Part(markup, _checked_kind(kind, fail)),)
    else:
        parts = _parts(markup, fail)
    once = attributes.get("once") == "1"
    icon = attributes.get("icon")
    if icon is not None and icon not in ICON_NAMES:
        raise fail(f"unknown icon {icon!r}: use one of {', '.join(ICON_NAMES)}")
    if icon is not None and icon not in DECORATIVE_ICONS and not attributes.get("alt", "").strip():
        raise fail(f'icon="{icon}" needs alt="...": the word it stands for, read aloud')
    alt = " ".join(attributes.get("alt", "").split())
    if len(parts) == 1 and parts[0].kind is None:
        return Paragraph(style, markup, once=once, icon=icon, alt=alt)
    return Paragraph(style, joined(parts), parts, once, icon, alt)


def _parts(markup: str, fail: Fail) -> tuple[Part, ...]:
    parts, position = [], 0
    for match in _DETAIL.finditer(markup):
        parts.append(Part(markup[position:match.start()]))
        kind, sep, inner = match.groups()
        if "<optional" in inner:
            raise fail("<optional> spans cannot be nested")
        parts.append(Part(inner, _checked_kind(kind, fail), sep or ""))
        position = match.end()
    parts.append(Part(markup[position:]))
    if any("optional>" in p.markup or "<optional" in p.markup for p in parts if p.kind is None):
        raise fail('write a detail as <optional kind="..." sep="...">...</optional>')
    return tuple(p for p in parts if p.kind is not None or p.markup)


def _checked_kind(kind: str, fail: Fail) -> str:
    if kind in NEVER_LEFT_OUT:
        raise fail(f"optional {kind!r}: a line's number, text keyword, TTY and web address "
                   "are never left out (a line prints whole, or not at all where it does not "
                   "fit); mark only "
                   f"{', '.join(DETAIL_KINDS)} optional")
    if kind not in DETAIL_KINDS:
        raise fail(f"unknown optional detail {kind!r}: use one of {', '.join(DETAIL_KINDS)}")
    return kind
