"""Where each interface string and article line prints in a language, and how many characters
fit there, from the kit's layouts as they are loaded: `string_rooms`. The translator files
(`havenprint locale export`, translation_units.py) carry it, `locale import` checks
against it, and the web page's Translations page can show it.

Nothing here lists slots. Each document of the kit is composed as the build composes it, with
every string wrapped in two private-use characters of its own, so that every paragraph of
every slot tells which strings it holds (a string in an icon's `alt` is read aloud, not
printed). The faces are placed with those characters taken out, as the build places them, and
each slot that holds a string is measured with it (generator/layout/room_fit.py):

- a text slot (what scanning does, the safety note, the card line): the most characters that
  fit the box the slot had on the placed face, beside the slot's other paragraphs, at the
  smallest size its style may take; a longer text stops the build or is left out;
- a list (the lines, and what a line's entry prints, such as the poster's safety note): the
  most before the list would leave out a line or a detail that it prints now;
- a flow, and what fills the room it leaves (the brochure's inside): the characters that fit
  on one line of its column at the size it prints at. A longer text takes another line, so
  that room is a guide (`per_line`), not a limit.

A string the kit does not print as it is may print in a variant of it: the first line's QR
code doing what else it can (call, text, open the website), or a format's yes-or-no setting
turned the other way (the discreet poster). Strings that print nowhere on paper (the screen
copies' QR code descriptions, the web page's button) and those no variant prints have no room.

Characters are counted as the translator writes them: a placeholder counts as written, so a
room is what prints, less what the placeholder's value takes (911), plus its name
(`{emergency}`).
"""

from __future__ import annotations

import dataclasses
import html
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from generator.content.caches import cached_layouts
from generator.content.documents import Document, card_line_from_site, document_kit, plan_documents
from generator.content.extends import locale_root
from generator.content.layouts import FaceSpec, Layout, SlotSpec, declared_strings
from generator.content.models import Kit
from generator.errors import ContentError
from generator.i18n.localize import load_strings
from generator.i18n.plain_text import plain_text
from generator.layout.compose import ComposedFace, Item
from generator.layout.geometry import Rect, slot_rect
from generator.layout.paragraphs import Paragraph, Part, joined
from generator.layout.place import place_face
from generator.layout.place_text import caption_rise
from generator.layout.placed import PlacedFace, Placement
from generator.layout.room_fit import (
    list_cuts,
    list_fits,
    most_that_fit,
    on_one_line,
    stack_fits,
)
from generator.layout.slot_boxes import slot_box
from generator.layout.styles import style_name
from generator.render.qr import QrError, payload_for

_FIRST_MARK = 0xF0000  # Supplementary Private Use Area-A: never in content, never printed
_MARK = re.compile("[\U000f0000-\U000ffffd]")
QR_ACTIONS = ("tel", "sms", "url")
ARTICLE_FIELDS = ("title", "card")


def article_key(slug: str, field: str, number: int | None = None) -> str:
    """The name an article's line goes by in translator files: `<slug>.title`,
    `<slug>.card`, `<slug>.key_points.<n>` (from 1)."""
    return f"{slug}.{field}" if number is None else f"{slug}.{field}.{number}"


@dataclass(frozen=True)
class Place:
    """A slot a string prints in."""

    layout: str  # the format's name (pocket-card)
    title: str  # what people call it (Pocket card)
    document: str  # the file it prints in, without .pdf (poster-letter)
    face: str
    panel: str | None  # on a face of several panels, which one
    slot: str
    kind: str  # the slot's kind: text, list, flow, tabs
    style: str
    printed: bool  # False: an icon's word, read aloud and copied, not printed
    outside: bool  # on a surface seen from outside (checked for revealing words)
    template: str  # the template file that prints it, as layouts/<format>/<file>
    line: int | None  # the line of its block in that file

    def describe(self) -> str:
        panel = f", {self.panel}" if self.panel else ""
        return f"{self.title}, {self.face}{panel}, slot '{self.slot}'"


@dataclass(frozen=True)
class Room:
    """How much of a string fits in one place."""

    place: Place
    width: float  # points: the box it had as the face was placed (per line: the column)
    height: float
    font_size: float  # points: the smallest it may shrink to (per line: the size it prints at)
    characters: int | None  # as written; None: not measured, or no limit a translator meets
    per_line: bool = False  # a line's worth of a flow: more lines are allowed
    fits: bool = True  # the text as it is now fits
    measured: bool = True

    @property
    def limit(self) -> int | None:
        """The characters it may have here, when that is a limit (not a guide per line)."""
        return None if self.per_line or not self.measured else self.characters

    def describe(self) -> str:
        where = self.place.describe()
        if not self.place.printed:
            return f"{where}: not printed, read aloud by screen readers and kept when copied"
        if not self.measured:
            return f"{where} (its room there is not measured)"
        if self.characters is None:
            return f"{where}: room for more than a translator needs"
        if self.per_line:
            return (f"{where}: about {self.characters} characters a line at "
                    f"{self.font_size:g} pt (a longer text takes another line)")
        return (f"{where}: {self.characters} characters fit ({self.width:.0f} x "
                f"{self.height:.0f} pt, down to {self.font_size:g} pt)")


@dataclass(frozen=True)
class StringRoom:
    """Where one string prints in a language, and the room it has in each place."""

    key: str
    text: str  # as written now in the language (English where it has no translation)
    rooms: tuple[Room, ...] = ()

    @property
    def tightest(self) -> Room | None:
        """The place with the least room, where the room is a limit."""
        limited = [room for room in self.rooms if room.limit is not None]
        return min(limited, key=lambda room: room.limit or 0) if limited else None

    @property
    def characters(self) -> int | None:
        """The most characters it may have everywhere it prints (None: no limit)."""
        tightest = self.tightest
        return tightest.limit if tightest is not None else None

    @property
    def printed(self) -> bool:
        return any(room.place.printed for room in self.rooms)

    @property
    def outside(self) -> bool:
        return any(room.place.outside for room in self.rooms)

    @property
    def fits(self) -> bool:
        return all(room.fits for room in self.rooms)

    def overflows(self) -> list[Room]:
        """The places where the text as it is now does not fit."""
        return [room for room in self.rooms if not room.fits]


def string_rooms(kit: Kit, lang: str, layouts: Iterable[Layout] | None = None,
                 strings: Mapping[str, str] | None = None,
                 article_texts: Mapping[str, str] | None = None) -> dict[str, StringRoom]:
    """Every interface string of `lang` (en.yaml's and the layouts' own) and every line of the
    kit's articles in it (`article_key`), each with where it prints and its room there.
    `strings` and `article_texts` replace what the kit has (a file being imported: the rooms
    are those the new texts leave each other). A language the kit does not print yet is
    laid out with the first language's article."""
    chosen = list(layouts) if layouts is not None else list(cached_layouts(kit.root).values())
    kit = in_language(kit, lang)
    own = language_strings(kit, lang, chosen)
    texts = {**own, **(strings or {})}
    articles = article_lines(kit, lang)
    articles.update({key: text for key, text in (article_texts or {}).items() if key in articles})
    keys = list(texts) + list(articles)
    measuring = _Measuring(lang, Marks(keys), texts | articles, own,
                           {key: [] for key in keys}, set())
    for document in plan_documents(kit, chosen):
        base = document_kit(kit, document)
        for variant in _variants(base, document.layout):
            _measure_document(variant, document, measuring)
    return {key: StringRoom(key, measuring.texts[key], tuple(measuring.found[key]))
            for key in keys}


@dataclass
class _Measuring:
    """What measuring every document needs, and what it has found."""

    lang: str
    marks: Marks
    texts: Mapping[str, str]  # every string, as written, with the texts being tried
    own: Mapping[str, str]  # the interface strings as the kit has them
    found: dict[str, list[Room]]
    measured: set[tuple[str, str, str, str]]  # string, document, face, slot


def language_strings(kit: Kit, lang: str, layouts: Iterable[Layout]) -> dict[str, str]:
    """The interface strings `lang` prints in the kit, as the build reads them."""
    own = declared_strings({layout.name: layout for layout in layouts})
    return dict(kit.strings.get(lang) or load_strings(lang, locale_root(kit.root, lang), own))


def article_lines(kit: Kit, lang: str) -> dict[str, str]:
    """Each article's title, card line and key points in `lang`, by `article_key`."""
    lines: dict[str, str] = {}
    for slug in kit.site.article_slugs:
        article = kit.library.get(slug, {}).get(lang)
        if article is None:
            continue
        lines[article_key(slug, "title")] = article.title
        if article.card_line:
            lines[article_key(slug, "card")] = article.card_line
        for number, point in enumerate(article.key_points, start=1):
            lines[article_key(slug, "key_points", number)] = point
    return lines


def in_language(kit: Kit, lang: str) -> Kit:
    """`kit`, printing `lang` too: a language it does not list takes the first language's
    articles (its interface strings are laid out beside them)."""
    if lang in kit.articles:
        return kit
    first = kit.site.options.languages[0]
    library = {slug: {**by_lang, lang: by_lang[first]} if first in by_lang else by_lang
               for slug, by_lang in kit.library.items()}
    return dataclasses.replace(kit, articles={**kit.articles, lang: kit.articles[first]},
                               library=library)


class Marks:
    """Two private-use characters per string that say, in a composed paragraph, which text
    came from which string."""

    def __init__(self, keys: Iterable[str]) -> None:
        self.keys = list(keys)
        self.index = {key: number for number, key in enumerate(self.keys)}
        self._found: dict[int, re.Pattern[str]] = {}

    def wrap(self, key: str, text: str) -> str:
        number = self.index[key]
        return f"{chr(_FIRST_MARK + 2 * number)}{text}{chr(_FIRST_MARK + 2 * number + 1)}"

    def keys_in(self, text: str) -> list[str]:
        opened = [ord(char) - _FIRST_MARK for char in _MARK.findall(text)]
        return [self.keys[number // 2] for number in dict.fromkeys(opened) if number % 2 == 0]

    def pattern(self, key: str) -> re.Pattern[str]:
        number = self.index[key]
        if number not in self._found:
            self._found[number] = re.compile(
                re.escape(chr(_FIRST_MARK + 2 * number)) + "(.*?)"
                + re.escape(chr(_FIRST_MARK + 2 * number + 1)), re.DOTALL)
        return self._found[number]

    def printed(self, key: str, markup: str) -> str | None:
        """The text the string printed as in `markup` (placeholders filled), or None."""
        found = self.pattern(key).search(markup)
        return None if found is None else plain_text(unmarked(found[1]))

    def with_text(self, key: str, markup: str, text: str | None) -> str:
        """`markup` with the string's text replaced by `text` (None: kept) and unmarked."""
        if text is not None:
            escaped = html.escape(text, quote=False)
            markup = self.pattern(key).sub(lambda _: escaped, markup)
        return unmarked(markup)




def unmarked(text: str) -> str:
    return _MARK.sub("", text)


def _paragraph_with(paragraph: Paragraph, edit: Callable[[str], str]) -> Paragraph:
    """`paragraph` with `edit` applied to its text, its details and its icon's word."""
    if paragraph.parts:
        parts = tuple(Part(edit(part.markup), part.kind, part.sep) for part in paragraph.parts)
        return dataclasses.replace(paragraph, markup=joined(parts), parts=parts,
                                   alt=edit(paragraph.alt))
    return dataclasses.replace(paragraph, markup=edit(paragraph.markup), alt=edit(paragraph.alt))


def _face_with(face: ComposedFace, edit: Callable[[str], str]) -> ComposedFace:
    def each(paragraphs: tuple[Paragraph, ...]) -> tuple[Paragraph, ...]:
        return tuple(_paragraph_with(paragraph, edit) for paragraph in paragraphs)

    return dataclasses.replace(
        face,
        texts={slot: each(paragraphs) for slot, paragraphs in face.texts.items()},
        lists={slot: tuple(dataclasses.replace(item, paragraphs=each(item.paragraphs))
                           for item in items) for slot, items in face.lists.items()},
        fillers={slot: tuple((filler, each(paragraphs)) for filler, paragraphs in fillers)
                 for slot, fillers in face.fillers.items()})


def _variants(kit: Kit, layout: Layout) -> Iterator[Kit]:
    """The kit, then with the first line's QR code doing each other thing it can, then with
    each of the format's yes-or-no settings turned the other way."""
    yield kit
    first = kit.resources[0]
    for action in QR_ACTIONS:
        if action == first.qr:
            continue
        other = dataclasses.replace(first, qr=action)  # type: ignore[arg-type]
        try:
            payload_for(other)
        except QrError:  # nothing for it to do that: the kit cannot print it so
            continue
        yield dataclasses.replace(kit, resources=(other, *kit.resources[1:]))
    for name, option in layout.options.items():
        if option.type == "bool":
            yield dataclasses.replace(kit, site=kit.site.with_option(name,
                                                                     not kit.site.option(name)))


def _marked_kit(kit: Kit, document: Document, lang: str, marks: Marks,
                lines: Mapping[str, str]) -> Kit:
    """`kit` with its article in `lang` marked, each line with its text in `lines`; the card
    line only where it is the article's (not site.yaml's `card_line:`)."""
    article = kit.articles[lang]
    slug = document.article

    def line(field: str, text: str, number: int | None = None) -> str:
        key = article_key(slug, field, number)
        return marks.wrap(key, lines.get(key, text)) if key in marks.index else text

    points = tuple(line("key_points", point, number)
                   for number, point in enumerate(article.key_points, start=1))
    marked = dataclasses.replace(
        article, title=line("title", article.title), key_points=points,
        card_line_choices=points[:1] if article.card_line_choices else ())
    card = article_key(slug, "card")
    if article.card_line and not card_line_from_site(kit, document, lang):
        if lines.get(card, article.card_line) != article.card_line:  # written for the card
            marked = dataclasses.replace(marked, card_line_given=True, card_line_choices=())
        marked = dataclasses.replace(marked, card_line=line("card", article.card_line))
    return dataclasses.replace(kit, articles={**kit.articles, lang: marked})


def _measure_document(kit: Kit, document: Document, measuring: _Measuring) -> None:
    """Every string this variant of the document prints that is not measured yet. A face
    that cannot be placed with the texts being tried is measured against the boxes it has
    with the kit's own texts (as it prints now)."""
    from generator.pipeline.build import compose_document, document_placement  # the pipeline's own

    layout, lang, marks, texts = document.layout, measuring.lang, measuring.marks, measuring.texts
    found, measured = measuring.found, measuring.measured
    interface = {key: marks.wrap(key, text) for key, text in texts.items() if "." not in key}
    marked_kit = _marked_kit(kit, document, lang, marks, texts)
    try:
        composition = compose_document(marked_kit, layout, lang, interface)
    except ContentError:  # the build says why; this variant has nothing to measure
        return
    plain_faces = [_face_with(face, unmarked) for face in composition.faces]
    as_now: list[ComposedFace] = []

    def reference(name: str) -> ComposedFace | None:
        """The face composed with the kit's own texts."""
        if not as_now:
            try:
                as_now.extend(compose_document(kit, layout, lang, dict(measuring.own)).faces)
            except ContentError:
                return None
        return next((face for face in as_now if face.name == name), None)

    in_en: list[ComposedFace] = []

    def in_english(name: str) -> ComposedFace | None:
        """The face composed with the English strings: where the kit's own texts do not fit
        (a catalogue holding a string too long), the slots' places as the face is laid out,
        not the layout's whole boxes (a caption below its code measured against the whole
        panel fitted anything)."""
        if not in_en:
            english = language_strings(kit, "en", [layout])
            try:
                in_en.extend(compose_document(kit, layout, lang, english).faces)
            except ContentError:
                return None
        return next((face for face in in_en if face.name == name), None)

    placement: Placement | None = None
    for marked, plain in zip(composition.faces, plain_faces, strict=True):
        spec = layout.spec.faces[marked.name]
        slots = {slot.name: slot for slot in spec.slots}
        todo = [(key, slots[slot_name], paragraph, block)
                for slot_name, paragraph, block in _paragraphs(marked)
                for key in marks.keys_in(paragraph.markup + paragraph.alt)
                if (key, document.name, marked.name, slot_name) not in measured]
        if not todo:
            continue
        if placement is None:
            placement = document_placement(kit, dataclasses.replace(composition,
                                                                    faces=plain_faces))
        placed = (_placed(plain, placement) or _placed(reference(marked.name), placement)
                  or _placed(in_english(marked.name), placement))
        for key, slot, paragraph, block in todo:
            where = (key, document.name, marked.name, slot.name)
            if where in measured:
                continue
            measured.add(where)
            place = _place(kit, document, marked.name, slot, paragraph, block, key, marks)
            found[key].append(_room(place, key, texts[key], spec, slot, marked, placed,
                                    placement, marks, reference(marked.name) if slot.kind ==
                                    "list" else None))
    _outside_in_variants(kit, document, marks, composition.faces, found)


def _placed(face: ComposedFace | None, placement: Placement) -> PlacedFace | None:
    if face is None:
        return None
    try:
        return place_face(face, placement)
    except ContentError:  # a text does not fit
        return None


def _outside_in_variants(kit: Kit, document: Document, marks: Marks,
                         faces: list[ComposedFace], found: dict[str, list[Room]]) -> None:
    """A place measured in another variant of the document that this one puts on an
    outside surface (the discreet poster's) is an outside place."""
    layout = document.layout
    for face in faces:
        spec = layout.spec.faces[face.name]
        slots = {slot.name: slot for slot in spec.slots}
        for slot_name, paragraph, block in _paragraphs(face):
            for key in marks.keys_in(paragraph.markup + paragraph.alt):
                rooms = found[key]
                for index, room in enumerate(rooms):
                    same = (room.place.document, room.place.face, room.place.slot) == (
                        document.name, face.name, slot_name)
                    if same and not room.place.outside and _place(
                            kit, document, face.name, slots[slot_name], paragraph, block, key,
                            marks).outside:
                        rooms[index] = dataclasses.replace(
                            room, place=dataclasses.replace(room.place, outside=True))


def _paragraphs(face: ComposedFace) -> Iterator[tuple[str, Paragraph, str]]:
    """Every paragraph of the face with its slot's name and the block that printed it."""
    for slot, paragraphs in face.texts.items():
        for paragraph in paragraphs:
            yield slot, paragraph, slot
    for slot, items in face.lists.items():
        for item in items:
            for paragraph in item.paragraphs:
                yield slot, paragraph, "resource"
    for slot, fillers in face.fillers.items():
        for filler, paragraphs in fillers:
            for paragraph in paragraphs:
                yield slot, paragraph, filler.block


def _place(kit: Kit, document: Document, face: str, slot: SlotSpec, paragraph: Paragraph,
           block: str, key: str, marks: Marks) -> Place:
    layout = document.layout
    spec = layout.spec.faces[face]
    size = layout.spec.sizes[str(kit.site.option(layout.spec.size_option))]
    panels = slot.panels if slot.panels is not None else [slot.panel]
    count = len(size.panels or [])
    names = spec.panel_names or [f"panel {index + 1}" for index in range(count)]
    panel = (", ".join(names[index] for index in panels if index < len(names))
             if count > 1 else None)
    outside = (spec.outside
               and (spec.outside_when is None or bool(kit.site.option(spec.outside_when)))
               and (spec.outside_panels is None
                    or any(index in spec.outside_panels for index in panels)))
    printed = marks.printed(key, paragraph.markup) is not None
    template, line = _template_of(layout, spec, block)
    return Place(layout.name, layout.spec.title, document.name, face, panel or None,
                 slot.name, slot.kind, paragraph.style, printed, outside, template, line)


def _template_of(layout: Layout, spec: FaceSpec, block: str) -> tuple[str, int | None]:
    """The face's template as `layouts/<format>/<file>`, and the line of `block` in it."""
    path = layout.folder / spec.template
    shown = f"layouts/{layout.folder.name}/{spec.template}"
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return shown, None
    found = re.search(r"\{%-?\s*block\s+" + re.escape(block) + r"\b", text)
    return shown, (text.count("\n", 0, found.start()) + 1 if found else None)


def _room(place: Place, key: str, written: str, spec: FaceSpec, slot: SlotSpec,
          marked: ComposedFace, placed: PlacedFace | None, placement: Placement,
          marks: Marks, reference: ComposedFace | None = None) -> Room:
    """The room `key` has in `slot`, measured as the slot's kind is fitted; a list against
    what it leaves out now (`reference`: the face with the kit's own texts)."""
    typesetter = placement.typesetter
    paragraphs = _holding(marked, slot.name, key, marks)
    if not place.printed or not paragraphs:
        return Room(place, 0, 0, 0, None, measured=False)
    if slot.when_room:
        # Printed only where the face leaves room for it whole, else left out with a note
        # (the brochure flap's "When you call" under few lines): no limit to meet.
        return Room(place, 0, 0, 0, None, measured=False)
    holder = paragraphs[0]
    printed = marks.printed(key, holder.markup) or ""
    delta = len(written) - len(printed)  # placeholders as written, not as filled
    box = _box(spec, slot, placement, placed)
    if slot.kind == "text":
        chosen = [p for p in marked.texts[slot.name] if p.choice in (0, holder.choice)]
        width, height = (box.height, box.width) if slot.rotate else (box.width, box.height)

        def fits(text: str | None) -> bool:
            edited = [_paragraph_with(p, _editing(marks, key, text)) for p in chosen]
            # a caption under a QR code rises into the white above its letters, as placed
            rise = caption_rise(slot, edited, box, placement, placed) if placed else 0.0
            return stack_fits(edited, width, height + rise, typesetter)

        room = _measured(place, box, typesetter.floor_of(chosen), printed, delta, fits)
        if holder.choice and any(p.choice > holder.choice for p in marked.texts[slot.name]):
            # A text that gives way to a shorter one where it does not fit (the sticker's
            # safety note to the restroom one): its room is a guide, not a fault.
            return dataclasses.replace(room, fits=True)
        if slot.shortens:
            # A slot that leaves out its last paragraphs where they do not fit, with a note
            # (the folding card's key points since ca756e0): a guide, not a fault.
            return dataclasses.replace(room, fits=True)
        return room
    if slot.kind == "list":
        items = marked.lists[slot.name]
        now = reference.lists.get(slot.name, ()) if reference is not None else ()
        cuts = list_cuts(now, box.width, box.height, typesetter) if now else None
        if cuts is None:  # as the list is now, or with the texts tried
            cuts = list_cuts(_items(items, marks, key, None), box.width, box.height, typesetter)
        if cuts is not None:
            def fits_list(text: str | None) -> bool:
                return list_fits(_items(items, marks, key, text), cuts, box.width, box.height,
                                 typesetter)

            return _measured(place, box, typesetter.floor_of([holder]), printed, delta,
                             fits_list)
    if slot.kind in ("list", "flow"):  # a line's worth of its column
        column = _box(spec, slot, placement, placed, (slot.panels or [slot.panel])[0])
        scale = _printed_scale(placed, holder, placement)

        def one_line(text: str | None) -> bool:
            return on_one_line(_paragraph_with(holder, _editing(marks, key, text)),
                               column.width, scale, typesetter)

        size = placement.layout.spec.styles[holder.style].size * scale
        return dataclasses.replace(_measured(place, column, size, printed, delta, one_line),
                                   per_line=True, fits=True)
    return Room(place, box.width, box.height, 0, None, measured=False)  # tabs: the lines'


def _editing(marks: Marks, key: str, text: str | None) -> Callable[[str], str]:
    return lambda markup: marks.with_text(key, markup, text)


def _items(items: tuple[Item, ...], marks: Marks, key: str, text: str | None) -> list[Item]:
    edit = _editing(marks, key, text)
    return [dataclasses.replace(item, paragraphs=tuple(_paragraph_with(p, edit)
                                                       for p in item.paragraphs))
            for item in items]


def _holding(face: ComposedFace, slot: str, key: str, marks: Marks) -> list[Paragraph]:
    paragraphs = list(face.texts.get(slot, ()))
    paragraphs += [p for item in face.lists.get(slot, ()) for p in item.paragraphs]
    paragraphs += [p for _, ps in face.fillers.get(slot, ()) for p in ps]
    return [p for p in paragraphs if marks.printed(key, p.markup) is not None]


def _box(spec: FaceSpec, slot: SlotSpec, placement: Placement, placed: PlacedFace | None,
         panel: int | None = None) -> Rect:
    """The slot's box as the face was placed; the layout's own box where it could not be."""
    if placed is not None:
        return slot_box(slot, placement, placed, panel)
    return slot_rect(slot, placement.size, spec, panel, placement.fonts.rtl)


def _printed_scale(placed: PlacedFace | None, holder: Paragraph, placement: Placement) -> float:
    """The scale the face printed the paragraph's style at (1 where it printed none)."""
    design = placement.layout.spec.styles[holder.style].size
    if placed is not None:
        for text in placed.texts:
            if style_name(text.paragraph.style) == holder.style:
                return float(text.paragraph.style.fontSize) / design
    return 1.0


def _measured(place: Place, box: Rect, font_size: float, printed: str, delta: int,
              fits: Callable[[str | None], bool]) -> Room:
    most = most_that_fit(printed, fits)
    characters = None if most is None else max(0, most + delta)
    return Room(place, box.width, box.height, round(font_size, 2), characters,
                fits=fits(None))


def content_rooms(content: Path, lang: str) -> dict[str, StringRoom]:
    """`string_rooms` for the kit in `content` (the web page's Translations tab): every
    string of `lang`, where it prints and how many characters fit; ContentError when the kit
    does not load."""
    from generator.content.load import load_kit
    from generator.pipeline.kit_checks import lines_from_source

    return string_rooms(load_kit(content, lines_from_source=lines_from_source), lang,
                        cached_layouts(content).values())


