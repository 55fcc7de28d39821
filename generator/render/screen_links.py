"""What a screen copy links, and where: each line's number (tel:), its text line (sms:),
its TTY number (tel:) and its web address (https:), wherever a paragraph prints them, and
what the QR code does, in words, for its figure.

A paragraph links to the first target whose words it holds, the most particular first
("Text START to 88788" before the 988 in "Text 988", a TTY line before a number); a line's
name ("988 Suicide & Crisis Lifeline") is not a link. The link covers the lines of the
paragraph that hold the target. Descriptions (a link's /Contents, read aloud) are in the
page's language: the catalogue's word for the action, then what the link dials or opens.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from urllib.parse import quote

from reportlab.platypus import Paragraph as RLParagraph

from generator.content.models import Kit, Resource
from generator.content.placeholders import substitute
from generator.i18n.line_paragraph import LineParagraph
from generator.layout.compose import resource_view

_TAG = re.compile(r"<[^>]*>")


@dataclass(frozen=True)
class LinkTarget:
    words: str  # as printed
    uri: str
    description: str


def _fill(template: str, **values: object) -> str:
    return substitute(template, values)


def link_targets(kit: Kit, lang: str, strings: dict[str, str]) -> list[LinkTarget]:
    """Every target of the kit's lines in `lang`, the most particular first."""
    texts, ttys, phones, webs = [], [], [], []
    for resource in kit.resources:
        view = resource_view(resource, lang, strings)
        if resource.text is not None:
            texts.extend(_text_targets(resource, view, strings))
        if resource.tty is not None:
            call = strings.get("tty", "TTY: {number}")
            tty = LinkTarget(view["tty"], f"tel:{resource.tty.e164}",
                             _fill(call, number=view["tty"]))
            ttys.append(LinkTarget(_fill(call, number=view["tty"]), tty.uri, tty.description))
            ttys.append(tty)
        if resource.phone is not None:
            phones.append(LinkTarget(view["phone"], f"tel:{resource.phone.e164}",
                                     f"{strings.get('icon_call', 'Call')} {view['phone']}"))
        if resource.url and view["domain"]:
            webs.append(LinkTarget(view["domain"], resource.url,
                                   f"{strings.get('icon_web', 'Website')} {view['domain']}"))
    return texts + ttys + phones + webs


def sms_uri(resource: Resource) -> str:
    """The sms: link (RFC 5724) that texts the line, with its keyword as the message."""
    assert resource.text is not None
    number = resource.text.e164 or re.sub(r"[\s\-.()]", "", resource.text.number)
    keyword = resource.text.keyword
    return f"sms:{number}" + (f"?body={quote(keyword)}" if keyword else "")


def _text_targets(resource: Resource, view: dict, strings: dict[str, str]) -> list[LinkTarget]:
    assert resource.text is not None
    keyword = resource.text.keyword
    uri = sms_uri(resource)
    shown = view["text"]["number"]
    if keyword:
        wording = [_fill(strings["text_keyword_to"], keyword=keyword, number=shown),
                   _fill(strings["keyword_to"], keyword=keyword, number=shown)]
    else:
        wording = [_fill(strings["text_to"], number=shown)]
    description = wording[0]
    found = [LinkTarget(words, uri, description) for words in wording]
    if view["text"]["description"]:
        found.insert(0, LinkTarget(view["text"]["description"], uri, description))
    return found


def plain_text(paragraph: RLParagraph) -> str:
    if isinstance(paragraph, LineParagraph):
        return paragraph.text
    return " ".join(html.unescape(_TAG.sub("", paragraph.getPlainText())).split())


def target_in(text: str, targets: list[LinkTarget]) -> LinkTarget | None:
    """The first target whose words `text` holds, not as part of a longer number."""
    for target in targets:
        if target.words and _holds(text, target.words):
            return target
    return None


def _holds(text: str, words: str) -> bool:
    start = text.find(words)
    while start >= 0:
        before = text[start - 1] if start else " "
        after = text[start + len(words)] if start + len(words) < len(text) else " "
        if not (before.isdigit() or after.isdigit()):
            return True
        start = text.find(words, start + 1)
    return False


def line_boxes(paragraph: RLParagraph) -> list[tuple[str, float, float, float, float]]:
    """(text, left, bottom, right, top) of each line of a wrapped paragraph, in its frame."""
    size, leading = paragraph.style.fontSize, paragraph.style.leading
    if isinstance(paragraph, LineParagraph):
        boxes = []
        for number in range(len(paragraph.lines)):
            line = paragraph.drawn_line(number)
            left = min((run.x for run in line.runs), default=0.0)
            right = max((run.x + run.width for run in line.runs), default=0.0)
            boxes.append((line.text, left, line.y - 0.25 * size, right, line.y + 0.9 * size))
        return boxes
    blpara = getattr(paragraph, "blPara", None)
    if blpara is None:
        return [(plain_text(paragraph), 0.0, 0.0, paragraph.width, paragraph.height)]
    style = paragraph.style
    boxes = []
    for number, line in enumerate(blpara.lines):
        if blpara.kind == 0:
            extra, words = line
            text = " ".join(words)
        else:
            extra = line.extraSpace
            text = "".join(getattr(frag, "text", "") for frag in line.words)
        indent = style.leftIndent + (style.firstLineIndent if number == 0 else 0.0)
        room = paragraph.width - indent - style.rightIndent
        offset = {1: extra / 2, 2: extra}.get(style.alignment, 0.0)  # centre, right
        baseline = paragraph.height - size - number * leading
        left = indent + offset
        boxes.append((text, left, baseline - 0.25 * size, left + room - extra,
                      baseline + 0.9 * size))
    return boxes


def link_rect(paragraph: RLParagraph, words: str) -> tuple[float, float, float, float]:
    """The box (in the paragraph's frame) of its lines that hold `words`, or all of it."""
    boxes = [box for box in line_boxes(paragraph) if words in box[0]] or line_boxes(paragraph)
    return (min(b[1] for b in boxes), min(b[2] for b in boxes), max(b[3] for b in boxes),
            max(b[4] for b in boxes))


def qr_description(kit: Kit, lang: str, strings: dict[str, str], payload: str) -> str:
    """The QR code's alternative text: that it is one, what scanning it does, and the
    number or address it dials, texts or opens ("QR code: calls 1-800-799-7233")."""
    first = next((r for r in kit.resources if r.qr), kit.resources[0])
    view = resource_view(first, lang, strings)
    if payload.startswith("tel:") and view["phone"]:
        return _fill(strings["qr_alt_tel"], number=view["phone"])
    if payload.upper().startswith("SMSTO:") and view["text"]:
        keyword = view["text"]["keyword"]
        if keyword:
            return _fill(strings["qr_alt_sms_keyword"], keyword=keyword,
                         number=view["text"]["number"])
        return _fill(strings["qr_alt_sms"], number=view["text"]["number"])
    return _fill(strings["qr_alt_url"], address=view["domain"] or payload)


def qr_uri(payload: str) -> str:
    """What tapping the code on a screen does: the code's own link (SMSTO:number:text as an
    sms: link)."""
    if payload.upper().startswith("SMSTO:"):
        _, number, *body = payload.split(":", 2)
        text = body[0] if body else ""
        return f"sms:{number}" + (f"?body={quote(text)}" if text else "")
    return payload
