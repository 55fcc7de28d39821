"""What each printed paragraph is in a screen copy's structure: a heading, a paragraph, an
item of a list, or one part of a line in the list of lines.

Told by the layout style the paragraph was set in (havenprint's formats name their styles
for what they hold: `heading`, `bullet`, `phone`...); a style not listed is a paragraph.
The lines (a hotline's name, then its number, text line, TTY number, hours) are a list
whose items start at the line's name. Paragraphs of one kind that follow each other make
one list. The first heading of a document is a level-1 heading whatever its style.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from types import MappingProxyType

from generator.layout.placed import PlacedText
from generator.layout.styles import style_name

HEADINGS = MappingProxyType({
    "title": "H1", "headline": "H1", "coded": "H1", "cover": "H1",  # a title (a restroom
    # poster's coded line)
    "heading": "H2", "sources_heading": "H2", "panel_heading": "H2", "others_heading": "H2",
    "point_heading": "H2", "callout_heading": "H2",  # the brochure's "Good to know" box
    # "Who you can contact" over the lines (the brochure's flap, the safety plan; large
    # print sets it as a `heading`) and a folding card's "Notes" over its lines to write on
    # (the brochure's is a `panel_heading`): one content, one tag, in every format
    "lines_title": "H2", "notes": "H2",
})
ITEMS = frozenset({  # an item of a list (the article's points, a checklist)
    "bullet", "point", "check", "callout_point"})  # callout_point: "Good to know"
# a line's name starts its item (`first_name`: the brochure flap's first line's)
LINE_NAMES = frozenset({"name", "first_name", "line_name", "other_name", "line"})
# what follows a line's name in its item; not when the lines were checked (`checked`), which
# is said of them all, a paragraph after their list in every format (the poster's was,
# the brochure's and large print's sat in the emergency line's item)
LINE_PARTS = frozenset({
    "phone", "detail", "line_phone", "line_phone_last", "line_detail", "other_phone",
    "other_detail", "number"})
VARIANTS = ("_open", "_kept", "_next")  # a style's variants set apart only in where they sit
BULLETS = frozenset("•◦▪‣–")  # what a list item's label may be, its first letter
NOT_LINKED = LINE_NAMES  # a line's name is not a link, even when it holds a number
CAPTIONS = frozenset({"label"})  # a QR code's caption ("Scan to call")


@dataclass(frozen=True)
class Role:
    kind: str  # "heading", "paragraph", "item", "line", "line part", "caption"
    tag: str  # the structure type of the paragraph itself: H1, H2, P, LBody

    @property
    def in_list(self) -> bool:
        return self.kind in ("item", "line", "line part")


def role_of(text: PlacedText, in_line: bool) -> Role:
    """The role of a paragraph; `in_line`: it follows a line's name or part. A style named
    with a number after one of these (large print's `heading18`, its 18 pt scale) has the
    role of that style, and so does one of its variants (large print's `heading_open`, the
    article's first heading with room above it; `line_detail_kept`, a line's detail that
    keeps with the next; `line_detail_next`, a line's last detail that keeps with the next
    line where a page holds them)."""
    style = style_name(text.paragraph.style).rstrip("0123456789")
    for variant in VARIANTS:
        style = style.removesuffix(variant)
    if style in HEADINGS:
        return Role("heading", HEADINGS[style])
    if style in CAPTIONS:
        return Role("caption", "P")
    if style in ITEMS:
        return Role("item", "LBody")
    if style in LINE_NAMES:
        return Role("line", "P")
    if style in LINE_PARTS and in_line:
        return Role("line part", "P")
    return Role("paragraph", "P")


def roles(texts: Iterable[PlacedText]) -> list[Role]:
    """Each paragraph's role; a QR code's caption, read apart from where it stands (after
    the list it stands beside), leaves a line it interrupts going on (the poster's
    hotline's web address under its code's caption is the hotline's)."""
    found: list[Role] = []
    last = ""  # the kind of the last paragraph but a caption
    for text in texts:
        role = role_of(text, last in ("line", "line part"))
        found.append(role)
        if role.kind != "caption":
            last = role.kind
    return found


def first_heading_level_one(roles_in_order: list[Role]) -> list[Role]:
    """The document's first heading made a level-1 heading (PDF/UA: headings start at H1)."""
    for index, role in enumerate(roles_in_order):
        if role.kind == "heading":
            if role.tag != "H1":
                roles_in_order[index] = Role("heading", "H1")
            break
    return roles_in_order


def bullet_at(text: str) -> int | None:
    """Where a list item's bullet stands in its text (its label, Lbl), if it has one."""
    stripped = text.lstrip()
    if stripped and stripped[0] in BULLETS:
        return len(text) - len(stripped)
    return None
