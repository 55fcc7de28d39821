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

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from urllib.parse import quote

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph as RLParagraph

from generator.content.models import Kit, Resource
from generator.i18n.line_drawing import DrawnLine
from generator.i18n.line_paragraph import LineParagraph
from generator.i18n.plain_text import plain_text as markup_text
from generator.layout.compose import filled, resource_view


@dataclass(frozen=True)
class LinkTarget:
    words: str  # as printed
    uri: str
    description: str
    kind: str  # "call", "text", "tty", "web": the icon that may stand before it


@dataclass(frozen=True)
class Found:
    target: LinkTarget
    start: int  # in the paragraph's text
    end: int


def _fill(template: str, **values: object) -> str:
    return filled(template, values)


def link_targets(kit: Kit, lang: str, strings: dict[str, str]) -> list[LinkTarget]:
    """Every target of the kit's lines in `lang`, the most particular first; a text line's
    bare number last (it is the text line's only after its icon)."""
    texts, ttys, phones, webs, bare = [], [], [], [], []
    for resource in kit.resources:
        view = resource_view(resource, lang, strings)
        if resource.text is not None:
            texts.extend(_text_targets(resource, view, strings))
            uri, description = texts[-1].uri, texts[-1].description
            bare.append(LinkTarget(view["text"]["number"], uri, description, "text"))
        if resource.tty is not None:
            shown = view["tty"]
            uri = f"tel:{resource.tty.tel}"
            description = _fill(strings.get("tty", "TTY: {number}"), number=shown)
            ttys += [LinkTarget(description, uri, description, "tty"),
                     LinkTarget(shown, uri, description, "tty")]
        if resource.phone is not None:
            phones.append(LinkTarget(view["phone"], f"tel:{resource.phone.tel}",
                                     f"{strings.get('icon_call', 'Call')} {view['phone']}",
                                     "call"))
        if resource.url and view["domain"]:
            webs.append(LinkTarget(view["domain"], resource.url,
                                   f"{strings.get('icon_web', 'Website')} {view['domain']}",
                                   "web"))
    return texts + ttys + phones + webs + bare


# A web address as an article prints one (a Sources item, "see ncadv.org"): ASCII labels and
# a top-level domain of letters, an optional scheme and path; not part of an e-mail address.
_WEB_ADDRESS = re.compile(
    r"(?<![\w@./-])(?:https?://)?(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}(?:/[^\s,;()<>\"']*)?",
    re.IGNORECASE)
_TRAILING = ".,;:!?)]}\"'’”"


def address_targets(text: str, strings: dict[str, str]) -> list[LinkTarget]:
    """A target for each web address `text` prints that is no line's (the article's Sources,
    an address in its text): its link opens the address, over https unless it says http."""
    found = []
    for match in _WEB_ADDRESS.finditer(text):
        words = match.group().rstrip(_TRAILING)
        if text[match.end():match.end() + 1] == "@":
            continue
        uri = words if re.match(r"https?://", words, re.IGNORECASE) else f"https://{words}"
        shown = re.sub(r"^https?://", "", words, flags=re.IGNORECASE)
        found.append(LinkTarget(words, uri, f"{strings.get('icon_web', 'Website')} {shown}",
                                "web"))
    return found


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
    found = [LinkTarget(words, uri, description, "text") for words in wording]
    if view["text"]["description"]:
        found.insert(0, LinkTarget(view["text"]["description"], uri, description, "text"))
    return found


def plain_text(paragraph: RLParagraph) -> str:
    if isinstance(paragraph, LineParagraph):
        return paragraph.text
    # the template's spaces, not the no-break ones a filled string keeps ("to 988")
    return re.sub(r"[ \t\r\n]+", " ", markup_text(paragraph.getPlainText())).strip()


def targets_in(text: str, targets: list[LinkTarget], icon: str | None = None) -> list[Found]:
    """The targets `text` holds, none inside another or in a longer word or number, in the
    order they stand; after an icon, its kind's targets first (the 988 after a speech
    bubble is the text line)."""
    ordered = ([t for t in targets if t.kind == icon] + [t for t in targets if t.kind != icon]
               if icon else targets)
    found: list[Found] = []
    for target in ordered:
        start = _position(text, target.words) if target.words else -1
        end = start + len(target.words)
        if start >= 0 and not any(start < f.end and f.start < end for f in found) \
                and all(f.target.uri != target.uri for f in found):
            found.append(Found(target, start, end))
    return sorted(found, key=lambda f: f.start)


def _position(text: str, words: str) -> int:
    # A no-break space matches a space: the typesetter binds words with them
    # (generator/i18n/bound_words.py) where the catalogue's wording has plain ones.
    text, words = text.translate(_NO_BREAK), words.translate(_NO_BREAK)
    start = text.find(words)
    while start >= 0:
        before = text[start - 1] if start else " "
        after = text[start + len(words)] if start + len(words) < len(text) else " "
        if not (before.isalnum() or after.isalnum()):
            return start
        start = text.find(words, start + 1)
    return -1


_NO_BREAK = str.maketrans("\u00a0\u202f", "  ")
Box = tuple[float, float, float, float]


def link_rect(paragraph: RLParagraph, start: int, end: int) -> Box:
    """The box (in the paragraph's frame) of its characters start:end, on the lines that
    hold them; the whole paragraph when its lines cannot be told."""
    size = paragraph.style.fontSize
    boxes = []
    for line_start, text, left, baseline, span in _lines(paragraph):
        line_end = line_start + len(text)
        if line_end <= start or end <= line_start:
            continue
        x0, x1 = span(max(start, line_start) - line_start, min(end, line_end) - line_start)
        boxes.append((left + x0, baseline - 0.25 * size, left + x1, baseline + 0.9 * size))
    if not boxes:
        return (0.0, 0.0, paragraph.width, paragraph.height)
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
            max(b[3] for b in boxes))


Span = Callable[[int, int], tuple[float, float]]


def _lines(paragraph: RLParagraph) -> Iterator[tuple[int, str, float, float, Span]]:
    """(start in the paragraph's text, text, left, baseline, where characters a:b of the
    line stand from its left) of each line of a wrapped paragraph."""
    size, leading = paragraph.style.fontSize, paragraph.style.leading
    text = plain_text(paragraph)
    cursor = 0
    if isinstance(paragraph, LineParagraph):
        for number in range(len(paragraph.lines)):
            line = paragraph.drawn_line(number)
            offset = text.find(line.text, cursor)
            cursor = offset + len(line.text) if offset >= 0 else cursor
            left, baseline, span = _run_advances(line)
            yield max(offset, 0), line.text, left, baseline, span
        return
    blpara = getattr(paragraph, "blPara", None)
    if blpara is None:
        return
    style = paragraph.style
    for number, line in enumerate(blpara.lines):
        if blpara.kind == 0:
            extra, words = line
            pieces = [(" ".join(words), style.fontName, size)]
        else:
            extra = line.extraSpace
            pieces = [(getattr(frag, "text", ""), frag.fontName, frag.fontSize)
                      for frag in line.words]
        line_text = "".join(piece for piece, _, _ in pieces)
        indent = style.leftIndent + (style.firstLineIndent if number == 0 else 0.0)
        left = indent + {1: extra / 2, 2: extra}.get(style.alignment, 0.0)  # centre, right
        baseline = paragraph.height - size - number * leading
        offset = text.find(line_text.strip(), cursor)
        cursor = offset + len(line_text.strip()) if offset >= 0 else cursor
        yield (max(offset, 0) - (len(line_text) - len(line_text.lstrip())), line_text, left,
               baseline, _piece_span(pieces))


def _piece_span(pieces: list[tuple[str, str, float]]) -> Span:
    """Characters of a line set left to right in pieces of one font each."""
    def advance(count: int) -> float:
        width = 0.0
        for piece, font, size in pieces:
            if count <= 0:
                break
            width += stringWidth(piece[:count], font, size)
            count -= len(piece)
        return width
    return lambda start, end: (advance(start), advance(end))


def _run_advances(line: DrawnLine) -> tuple[float, float, Span]:
    """A laid-out line's left, baseline and where its characters a:b stand: the part of
    each run they cover (within a run, in proportion: a run of right-to-left letters has
    no place of its own for each character)."""
    left = min((run.x for run in line.runs), default=0.0)

    def span(start: int, end: int) -> tuple[float, float]:
        covered = []
        for run in line.runs:
            a, b = max(start, run.start), min(end, run.end)
            if a >= b:
                continue
            length = max(1, run.end - run.start)
            first, last = (a - run.start) / length, (b - run.start) / length
            if run.level % 2:
                first, last = 1 - last, 1 - first
            covered += [run.x + run.width * first, run.x + run.width * last]
        if not covered:
            return 0.0, 0.0
        return min(covered) - left, max(covered) - left
    return left, line.y, span


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
