"""A document's layout stage, one step a function, in the order generator/pipeline/build.py runs
them: its size (`document_size`) and strings (`kit_strings`), its faces composed in one
language (`compose_faces`), what placing them needs (`document_placement`), the faces
placed with one size per style and cut into pages for a document of pages
(`place_document`), then what the build tells of them: the lines they print whole and those
they leave out (`lines_told`), and panels left emptier than a printed piece should be
(`empty_panels`)."""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from generator.content.audiences import kit_folders
from generator.content.caches import cached_layouts
from generator.content.extends import locale_root
from generator.content.language_tags import with_base
from generator.content.layouts import Layout, SizeSpec, declared_strings, page_size
from generator.content.models import Kit, Resource
from generator.content.promises import open_all_hours
from generator.content.stock import stock_size
from generator.content.web_address import typed_address
from generator.engine import remembered
from generator.errors import Code, ContentError, Problem, quoted
from generator.i18n.digits import WESTERN
from generator.i18n.fonts import FAMILIES, NOTO_CORE_PACKAGE, family_available, font_set
from generator.i18n.kit_characters import kit_characters
from generator.i18n.localize import BUILTIN_DIR, load_strings
from generator.layout.compose import (
    ComposedFace,
    compose_face,
    fill,
    hours_text,
    kit_digits,
    oldest_check,
    printed_name,
    strings_in_digits,
    template_context,
)
from generator.layout.coverage import glyph_problems, plain, plain_texts, served_languages
from generator.layout.emptiness import empty_panel_problems, filled_rects, largest_empty_band
from generator.layout.pages import (
    better,
    panel_pages,
    tightened_layouts,
    unsettled,
    with_folios,
)
from generator.layout.paragraphs import Paragraph
from generator.layout.place import one_size_per_style, place_face
from generator.layout.placed import LineWords, PlacedFace, PlacedText, Placement
from generator.layout.styles import style_name

_BIDI_CONTROLS = dict.fromkeys(range(0x2066, 0x206A)) | dict.fromkeys((0x200E, 0x200F))


# The lines a document's lists leave out in every language of the kit, because in some its
# lists could not hold them (generator/pipeline/build.py): each line by where it is in the kit's
# resources, with those languages.
SameLines = Mapping[int, tuple[str, ...]]


@dataclass(frozen=True)
class Composition:
    """A document's faces composed in one language, before they are placed."""

    layout: Layout
    lang: str
    size: SizeSpec
    strings: dict[str, str]  # the interface strings it was composed with
    faces: list[ComposedFace]
    sources: dict[str, Path]  # slot source name -> the file a problem in it names
    notes: list[Problem]  # the lines `max_lines` leaves out
    digits: str = WESTERN  # the digits what havenprint writes prints in (kit_digits)


@dataclass
class Placed:
    """The faces placed (each panel a page, for a document of pages), or what stopped them."""

    faces: list[PlacedFace]
    size: SizeSpec  # a page's, for a document of pages
    problems: list[Problem] = field(default_factory=list)


@dataclass(frozen=True)
class LinesTold:
    """What the build says of a document's lines: the notes, the lines printed whole and
    those left out (each with its note, which the build completes with where it prints)."""

    warnings: list[Problem]
    printed: frozenset[int]  # each line by where it is in the kit's resources
    left_out: list[tuple[int, Problem]]
    # the lines it prints a part of but not whole (a restroom poster's first number, the
    # safety note's emergency number, a tab's name), each with what of it the placed text
    # holds ("name", "phone", "tty", "text", "url", "hours"): `havenprint changes` must
    # know that a changed number on them makes the piece wrong too
    partly: Mapping[int, tuple[str, ...]] = field(default_factory=dict)


def document_size(kit: Kit, layout: Layout) -> SizeSpec:
    """The size site.yaml gives the layout, on the site's card stock, with the boxes of the
    settings that are on (`boxes_when`); ContentError naming site.yaml when there is none."""
    size_key = str(kit.site.option(layout.spec.size_option))
    size = layout.spec.sizes.get(size_key)
    if size is None:
        valid = ", ".join(layout.spec.sizes)
        raise ContentError(Problem(kit.site.source.path,
                                   f"{layout.name} has no size '{size_key}'; valid: {valid}",
                                   code=Code.NO_SIZE, fields={
                                       "format": layout.name, "size": size_key,
                                       "valid": tuple(layout.spec.sizes)}))
    size = size.with_settings(lambda setting: kit.site.option(setting) is True)
    try:
        return stock_size(kit.site.stock, layout, size)
    except ValueError as error:
        raise ContentError(Problem(kit.site.source.path, f"stock: {error}",
                                   code=Code.SIZE_STOCK, fields={
                                       "format": layout.name, "reason": str(error)})) from None


def kit_strings(kit: Kit, lang: str) -> dict[str, str]:
    """The kit's interface strings in `lang`; ContentError when its catalogue is broken."""
    if lang in kit.broken_strings:
        raise ContentError(list(kit.broken_strings[lang]))
    return kit.strings.get(lang) or load_strings(
        lang, locale_root(kit.root, lang), declared_strings(cached_layouts(kit.root)))


def compose_faces(kit: Kit, layout: Layout, lang: str, size: SizeSpec,
                  strings: dict[str, str], payload: str,
                  same_lines: SameLines | None = None) -> Composition:
    """Every face of `layout` composed in `lang` at `size`, with the interface `strings`,
    its QR code encoding `payload`. `same_lines`: the lines its lists leave out in every
    language (by where they are in the kit's resources), with the languages whose lists
    could not hold them (generator/pipeline/build.py)."""
    first = kit.resources[0]
    digits = kit_digits(kit, lang)  # one digit system per piece
    strings = strings_in_digits(strings, digits)
    context = template_context(kit, lang, strings, first.qr, digits, layout)
    sources = slot_sources(kit, lang)
    selected, notes = selected_resources(kit, layout)
    # Each line with what templates see of it, made once for every face (context's lines);
    # after the first, the lines with a number before those reached only on the web.
    lines = tuple((index, kit.resources[index], context["resources"][index])
                  for index in selected)
    lines = lines[:1] + tuple(sorted(lines[1:], key=lambda line: not _has_a_number(line[1])))
    faces = [compose_face(layout, face_name, context, lines, payload, same_lines)
             for face_name in layout.spec.faces]
    return Composition(layout, lang, size, strings, faces, sources,
                       notes + _preferred_face_notes(layout, lang), digits)


def preferred_face(layout: Layout, lang: str) -> str | None:
    """The family `layout` prefers for `lang` (`script_faces`), if any."""
    faces = layout.spec.script_faces
    return next((faces[tag] for tag in with_base(lang) if tag in faces), None)


def _preferred_face_notes(layout: Layout, lang: str) -> list[Problem]:
    """A note where the face the layout prefers for `lang` is not on this system (a font
    of Debian's, never downloaded): the piece prints in the built-in face."""
    key = preferred_face(layout, lang)
    if key is None or family_available(key) or key not in FAMILIES:
        return []
    face = FAMILIES[key]
    file = face.regular().name
    return [Problem(layout.folder / "layout.yaml", (
        f"{layout.name}: printed in the built-in face, not {face.name or key}: {file} is not "
        f"installed (Debian's {NOTO_CORE_PACKAGE})"), None, "info",
        code=Code.PREFERRED_FACE_MISSING, lang=lang, fields={
            "format": layout.name, "face": face.name or key, "file": file,
            "package": NOTO_CORE_PACKAGE})]


def document_placement(kit: Kit, composition: Composition) -> Placement:
    """What placing the composed faces needs: the fonts for their text among them."""
    lang = composition.lang
    fonts = font_set(lang, "".join(plain_texts(composition.faces)), kit.site.fonts,
                     known=lambda: kit_characters(kit_folders(kit), lang,
                                                  served_languages(kit)),
                     preferred=preferred_face(composition.layout, lang))
    return Placement(composition.layout, composition.size, kit.site.brand_color,
                     composition.sources, fonts,
                     lines=tuple(_line_words(line, lang, composition.strings,
                                             printed_name(line, lang, composition.strings,
                                                          composition.layout))
                                 for line in kit.resources))


def _line_words(line: Resource, lang: str, strings: dict[str, str], name: str) -> LineWords:
    """What `line` prints in `lang` (`name`: its name as the piece prints it), for naming
    the line a word too wide for a slot is in."""
    text = line.text
    said = [name, line.hours_in(lang), line.tab_label_in(lang), line.url,
            text and text.keyword, text and text.number, text and text.description.get(lang)]
    said += [phone.display for phone in (line.phone, line.tty) if phone is not None]
    return LineWords(line.source, name, "\n".join(part for part in said if part))


CAP_ROUNDS = 3  # placings of the faces again, each style capped at its smallest size


def place_document(composition: Composition, placement: Placement) -> Placed:
    """Every face placed, each style at one size throughout the document (the faces that
    set one larger are placed again with the smallest); each panel a page for a document of
    pages (large print). A character no font covers, or a face that cannot be placed, is a
    problem of the result, never a box on the page."""
    layout, lang, composed_faces = composition.layout, composition.lang, composition.faces
    problems = [problem for composed in composed_faces
                for problem in glyph_problems(composed, layout, lang, composition.sources,
                                              placement.fonts)]
    faces = _placed_faces(composed_faces, placement, layout, problems)
    size = composition.size
    if layout.spec.pages == "panels" and not problems:
        pages = [page for face in faces for page in panel_pages(face)]
        for tighter in tightened_layouts(layout):
            if not unsettled(pages):
                break
            tried: list[Problem] = []
            again = _placed_faces(composed_faces, replace(placement, layout=tighter), tighter,
                                  tried)
            if tried:
                break
            candidate = [page for face in again for page in panel_pages(face)]
            if better(candidate, pages):
                pages = candidate
        size = page_size(layout.spec, size)
        faces = with_folios(pages, placement.typesetter, size.safe_margin, composition.digits)
    return Placed(faces, size, problems)


def _placed_faces(composed_faces: list[ComposedFace], placement: Placement, layout: Layout,
                  problems: list[Problem]) -> list[PlacedFace]:
    """The faces placed, each style at one size throughout (`place_document`); what placing
    them found added to `problems`."""
    faces, placing = _place_faces(composed_faces, placement)
    if not placing:
        faces, placement = _withholding(composed_faces, faces, placement)
    problems.extend(placing)
    caps: dict[str, float] = {}
    # A face placed again with a smaller cap may set a style smaller still (a panel whose
    # looser script leading no longer fits at the cap): again, a few times at most.
    for _ in range(CAP_ROUNDS):
        found = one_size_per_style(faces, layout.spec.styles) if not placing else ()
        if not found:
            break
        caps.update({name: min(size, caps.get(name, size)) for name, size in found})
        again = [index for index, face in enumerate(faces) if any(
            text.paragraph.style.fontSize > caps.get(style_name(text.paragraph.style),
                                                     1e9) + 0.011 for text in face.texts)]
        if not again:
            break
        placed, placing = _place_faces([composed_faces[i] for i in again],
                                       replace(placement, caps=tuple(sorted(caps.items()))),
                                       [face for i, face in enumerate(faces) if i not in again])
        problems.extend(placing)
        for index, face in zip(again, placed, strict=False):
            faces[index] = face
    return faces


def lines_told(kit: Kit, composition: Composition, faces: list[PlacedFace]) -> LinesTold:
    """The notes on what the document leaves out, the lines it prints whole and each line it
    leaves out with its note. A line prints whole on a piece when the piece lists it (its
    template printed something of it, in a list or a flow) and its placed text holds the
    line's name and every way to reach it (`_missing`), and its hours where they are not
    24/7 and a list left them out (a survivor needs to know when to call: a line whose
    Mon–Fri hours gave way is printed partly, not whole): what the build says of where a line
    prints is read from what was placed, never from what was asked for (a restroom poster
    lists every line and prints the first line's numbers alone). A line the piece prints
    nothing of is told with why, unless it is the emergency line and the safety note names
    its number; a line printed without a way to reach it is a warning."""
    layout, lang = composition.layout, composition.lang
    warnings = composition.notes + [w for face in faces for w in face.warnings]
    left_out = [pair for face in faces for pair in face.left_out_lines]
    noted = {line for line, _ in left_out}
    listed = {item.line for composed in composition.faces
              for items in composed.lists.values() for item in items if item.paragraphs}
    listed |= _lines_in_flows(kit, composition)
    text = printed_text(faces)
    printed: set[int] = set()
    selected, _ = selected_resources(kit, layout)
    first_only = _first_line_only(layout)
    discreet = _outside_when(kit, faces)
    hours_cut = {index for face in faces for index in face.hours_left_out}
    for index in selected:
        if index in noted:
            continue
        line = kit.resources[index]
        missing = _missing(line, lang, composition.strings, text,
                           printed_name(line, lang, composition.strings, layout))
        if index in hours_cut and not open_all_hours(line.hours_in(lang)) \
                and "hours" not in missing:
            missing.append("hours")  # said by the list's own warning: left out, no room
        if index in listed and not missing:
            printed.add(index)
            continue
        number = line.phone.display if line.phone else None
        if line.emergency and number is not None and spaceless(number) in text:
            continue  # the safety note names it: "In an emergency, call 911"
        if index not in listed:
            why = ("it carries the first line alone" if first_only else
                   f"with {discreet}: true it names no line and prints the first line alone"
                   if discreet else "its template prints nothing of it")
            problem = Problem(line.source.path,
                              f"{layout.name}: left out {quoted(line.name)}: {why}",
                              line.source.line, "info", code=Code.LINE_NOT_PRINTED, lang=lang,
                              fields={"format": layout.name, "name": line.name,
                                      "why": ("first-only" if first_only else "discreet"
                                              if discreet else "template"),
                                      "setting": discreet if not first_only else None})
            warnings.append(problem)
            left_out.append((index, problem))
        elif missing not in (["name"], ["hours"]):  # a name that gave way (the sticker's),
            # hours a list left out: each told already
            warnings.append(Problem(line.source.path, (
                f"{layout.name}: prints {quoted(line.name)} without its {' and '.join(missing)}: "
                "a line prints whole or not at all"), line.source.line, "warning",
                code=Code.LINE_WITHOUT, lang=lang, fields={
                    "format": layout.name, "name": line.name, "missing": tuple(missing)}))
    digits = _digit_text(faces)
    partly = {}
    for index, line in enumerate(kit.resources):
        if index in printed:
            continue
        ways = _printed_ways(line, lang, composition.strings, text, digits,
                             printed_name(line, lang, composition.strings, layout))
        if set(ways) - {"name", "hours"} or (index in listed and ways):
            partly[index] = ways
    return LinesTold(warnings, frozenset(printed), left_out, partly)


def emptiest_panel(placed: Placed) -> float:
    """The largest share of a panel that carries a flow (the article's) left blank: the
    tallest blank band across its safe area over its height (as `empty_panels` measures)."""
    share = 0.0
    for face in placed.faces:
        if not any(slot.kind == "flow" for slot in face.spec.slots):
            continue
        rects = filled_rects(face)
        for panel in face.panels:
            area = panel.inset(placed.size.safe_margin)
            share = max(share, largest_empty_band(area, rects) / area.height)
    return share


def flow_scale(placed: Placed) -> float:
    """The scale the document's flowing text (the article) was set at: 1 without one."""
    return min((face.flow_scale for face in placed.faces if face.flow_scale is not None),
               default=1.0)


def empty_panels(composition: Composition, placed: Placed) -> list[Problem]:
    """A warning for each panel left emptier than a printed piece should be, naming the
    file of the flow it carries (else the layout); a document of pages (large print) may
    end part-way down its last page."""
    layout, sources = composition.layout, composition.sources
    faces = placed.faces
    ends = faces[-1:] if layout.spec.pages == "panels" else []
    warnings = []
    for face in (face for face in faces if face not in ends):
        flows = [slot for slot in face.spec.slots if slot.kind == "flow" and slot.source]
        blame = (sources.get(flows[0].source or "", layout.folder / "layout.yaml") if flows
                 else layout.folder / "layout.yaml")
        warnings.extend(empty_panel_problems(face, placed.size.safe_margin, layout.name,
                                             composition.lang, blame))
    return warnings


def selected_resources(kit: Kit, layout: Layout) -> tuple[range | list[int], list[Problem]]:
    """Where in resources.yaml the lines this format prints are: all of them, or at most
    `max_lines` of them. Lines that must print (the first, the emergency line, `required:
    true`) always do and count towards the limit; the others fill what is left, in the order
    of resources.yaml."""
    given = kit.site.options.max_lines.get(layout.name)
    limit = given if given is not None else layout.spec.max_lines
    if limit is None or limit >= len(kit.resources):
        return range(len(kit.resources)), []
    room = max(0, limit - sum(1 for resource in kit.resources if resource.required))
    kept, notes = [], []
    for index, resource in enumerate(kit.resources):
        if resource.required or room > 0:
            room -= 0 if resource.required else 1
            kept.append(index)
        else:
            why = (f"max_lines is {limit} for this format" if given is not None else
                   f"it prints at most {limit} lines (max_lines in site.yaml can change that)")
            notes.append(Problem(resource.source.path, (
                f"{layout.name}: left out '{resource.name}': {why}"), resource.source.line,
                "warning" if given is not None else "info", code=Code.MAX_LINES, fields={
                    "format": layout.name, "name": resource.name, "limit": limit,
                    "given": int(given is not None)}))
    return kept, notes


def slot_sources(kit: Kit, lang: str) -> dict[str, Path]:
    """The file a problem in each kind of slot source names."""
    article = kit.articles[lang]
    site_locale = locale_root(kit.root, lang) / "locales" / f"{lang}.yaml"
    builtin = BUILTIN_DIR / f"{lang}.yaml"
    # A language with no catalogue at all: the file to create, in the content folder.
    locale = site_locale if site_locale.is_file() or not builtin.is_file() else builtin
    return {
        "site": kit.site.source.path,
        "resources": kit.resources[0].source.path,
        "article": article.source.path if article.source else kit.root / "articles",
        "locale": locale,
    }


SPARE_EMPTY = 0.12  # of a box: what a flow may leave blank before its fillers take back
GAINED = 0.03  # and how much less it must leave for that


def _withholding(composed_faces: list[ComposedFace], faces: list[PlacedFace],
                 placement: Placement) -> tuple[list[PlacedFace], Placement]:
    """The faces placed again with the slots a flow's fillers yielded to (`unless:`: the
    flap's "When you call") withheld, where the flow left a box over SPARE_EMPTY blank and
    its filler then goes in, leaving GAINED less of it blank (a pasted article's middle
    panel stood 22 % blank while the flap held what calling is like); else as they were."""
    for index, face in enumerate(faces):
        if (not face.yielded or face.flow_emptiest is None
                or face.flow_emptiest <= SPARE_EMPTY):
            continue
        trial = replace(placement, withheld=placement.withheld | frozenset(face.yielded))
        again, problems = _place_faces(composed_faces, trial)
        if problems or len(again) != len(faces):
            continue
        retried = again[index]
        if (set(face.yielded) <= set(retried.printed_instead)
                and retried.flow_emptiest is not None
                and retried.flow_emptiest < face.flow_emptiest - GAINED):
            return again, trial
    return faces, placement


def _place_faces(composed_faces: list[ComposedFace], placement: Placement,
                 before: Sequence[PlacedFace] = ()) -> tuple[list[PlacedFace], list[Problem]]:
    """Each face placed knowing the text slots the faces before it printed (`before`: those
    not placed again), so that a filler `unless:` one of them goes in only where that slot
    did not print; the note that such a slot was left out for want of room is dropped where
    the filler printed it instead."""
    faces: list[PlacedFace] = []
    problems: list[Problem] = []
    for composed in composed_faces:
        earlier = [*before, *faces]
        printed = frozenset(name for face in earlier for name in face.extents)
        try:
            face = place_face(composed, replace(placement, printed=printed))
        except ContentError as error:
            problems.extend(error.problems)
            continue
        instead = set(face.printed_instead)
        for other in earlier:
            other.warnings[:] = [warning for warning in other.warnings if not (
                warning.code is Code.ROOM_LEFT_OUT and warning.fields.get("slot") in instead)]
        faces.append(face)
    return faces, problems


def _lines_in_flows(kit: Kit, composition: Composition) -> set[int]:
    """The lines a flow prints (large print runs them with the article), by their names:
    a flow prints all of its text or fails, so a line named in it is printed whole."""
    layout = composition.layout
    flows = {slot.name for slot in layout.spec.slots_of_kind("flow")}
    text = " ".join(plain(list(paragraphs)) for composed in composition.faces
                    for name, paragraphs in composed.texts.items() if name in flows)
    if not text:
        return set()
    text = " ".join(text.translate(_BIDI_CONTROLS).split())
    selected, _ = selected_resources(kit, layout)
    return {index for index in selected
            if " ".join(printed_name(kit.resources[index], composition.lang,
                                     composition.strings, layout)
                        .translate(_BIDI_CONTROLS).split()) in text}


def _first_line_only(layout: Layout) -> bool:
    """Whether the format's lists print the first line alone (the sticker): it leaves out
    the others by design, each with a note, which the build completes with where it prints
    whole."""
    lists = layout.spec.slots_of_kind("list")
    return bool(lists) and all(slot.lines == "first" for slot in lists)


def _outside_when(kit: Kit, faces: list[PlacedFace]) -> str | None:
    """The setting that makes one of the faces an outside surface (poster_discreet: the
    restroom poster), where it is set."""
    for face in faces:
        option = face.spec.outside_when
        if face.spec.outside and option is not None and kit.site.option(option):
            return option
    return None


class _CharacterMap(dict[int, str]):
    """A table for str.translate that works out each character's replacement the first
    time it is met (`replace`), so that a text is mapped in one pass: every placed text of
    every piece is compared this way."""

    def __init__(self, replace: Callable[[str], str]) -> None:
        super().__init__()
        self._replace = replace

    def __missing__(self, code: int) -> str:
        self[code] = replaced = self._replace(chr(code))
        return replaced


def _western_digit(char: str) -> str:
    return str(unicodedata.decimal(char)) if char.isdecimal() else char


def _letters_and_digits(char: str) -> str:
    return _western_digit(char) if unicodedata.category(char)[0] in "LMN" else ""


@remembered(1)
def _spaceless_table() -> _CharacterMap:
    return _CharacterMap(_letters_and_digits)


@remembered(1)
def _western_digits_table() -> _CharacterMap:
    return _CharacterMap(_western_digit)


def spaceless(text: str) -> str:
    """Text as it is compared: its letters, marks and digits alone (any script's digits as
    0-9: a texting line's own words may write ٨٨٧٨٨), without spaces (a name wrapped, a
    keyword's no-break space), punctuation (an apostrophe set as ’, a number's hyphens kept
    together) or the invisible marks that keep numbers left to right."""
    return text.translate(_spaceless_table())


# The styles a screen copy sets "Checked Nov 2026" in, the first a layout has: its own for
# the date, else a line's details'.
CHECKED_STYLES = ("checked", "detail")


def screen_checked(kit: Kit, composition: Composition, placement: Placement,
                   faces: list[PlacedFace]) -> PlacedText | None:
    """"Checked Nov 2026" (when the lines were last checked, as the catalogue's `checked`
    says it, in the piece's digits) for the screen copy of a piece that prints it nowhere
    (the card, the folding card, the sticker: on paper it is the office sheet's margin
    note), set in the piece's fonts; None where the piece prints it or no line gives a
    date. Its place is the screen copy's (generator/render/screen.py): a paragraph after
    the last page's."""
    date = oldest_check(kit, composition.lang, composition.digits)
    template = composition.strings.get("checked")
    style = next((name for name in CHECKED_STYLES if name in composition.layout.spec.styles),
                 None)
    if date is None or not template or style is None:
        return None
    markup = str(fill(template, date=date))  # escaped
    if spaceless(html.unescape(markup)) in printed_text(faces):
        return None
    [para] = placement.typesetter.paragraphs([Paragraph(style, markup)], 1.0)
    return PlacedText(para, 0.0, 0.0)


def screen_addresses(kit: Kit, composition: Composition, placement: Placement,
                     faces: list[PlacedFace], told: LinesTold) -> tuple[PlacedText, ...]:
    """The web address of each line the piece prints (its name at least) that paper left
    out for room, a paragraph each, for its screen copy (a screen has room: the review
    found them dropped there too), set as `screen_checked` is and placed as it is, below
    the piece (generator/render/screen.py): the address alone, a link whose description
    names its line (a line's name beside it held numbers read as links: "988")."""
    style = next((name for name in CHECKED_STYLES if name in composition.layout.spec.styles),
                 None)
    if style is None:
        return ()
    text = printed_text(faces)
    found = []
    for index, line in enumerate(kit.resources):
        shown = told.partly.get(index, ())
        if not line.url or not (index in told.printed or "name" in shown):
            continue
        address = typed_address(line.url)
        if spaceless(address) in text:
            continue
        found.append(Paragraph(style, html.escape(address)))
    return tuple(PlacedText(para, 0.0, 0.0)
                 for para in placement.typesetter.paragraphs(found, 1.0)) if found else ()


def printed_text(faces: list[PlacedFace]) -> str:
    """Everything the faces print, as lines are compared (`spaceless`)."""
    return spaceless("".join(html.unescape(text.paragraph.getPlainText())
                              for face in faces for text in face.texts))


def _digit_text(faces: list[PlacedFace]) -> str:
    """The placed text with any script's digits as 0-9, each text on its own line: where a
    short number is looked for as a whole (911 is not in 1-800-221-1911)."""
    return "\n".join(html.unescape(text.paragraph.getPlainText()).translate(_western_digits_table())
                     for face in faces for text in face.texts)


_SHORT = re.compile(r"\d{2,6}")


def _printed_ways(line: Resource, lang: str, strings: dict[str, str], text: str,
                  digits: str, name: str) -> tuple[str, ...]:
    """What of `line` the placed text holds: its name (`name`, as the piece prints it),
    each number (a short one as a whole number, not inside a longer one), its web address
    and its hours."""
    def holds(shown: str | None, number: bool = False) -> bool:
        if not shown:
            return False
        if number and _SHORT.fullmatch(shown.strip()):
            return re.search(rf"(?<!\d){shown.strip()}(?!\d)", digits) is not None
        return spaceless(html.unescape(shown)) in text

    ways = {"name": holds(name),
            "phone": holds(line.phone.display if line.phone else None, True),
            "tty": holds(line.tty.display if line.tty else None, True),
            "text": holds(line.text.number if line.text else None, True),
            "url": holds(typed_address(line.url) if line.url else None),
            "hours": holds(line.hours_in(lang))}
    return tuple(way for way, found in ways.items() if found)


def _missing(line: Resource, lang: str, strings: dict[str, str], text: str,
             name: str) -> list[str]:
    """What of the line the placed text lacks: its name, each way to reach it (its web
    address where it has no number), and its hours where they are not 24/7 (when to call:
    a piece that prints no hours prints a Mon–Fri line partly)."""
    hours = line.hours_in(lang)
    ways = {"name": name,
            "phone": line.phone.display if line.phone else None,
            "TTY": line.tty.display if line.tty else None,
            "texting number": line.text.number if line.text else None,
            # a texting line's own words (`description`) say its number, not the keyword
            "texting keyword": (line.text.keyword if line.text
                                and not line.text.description.get(lang) else None)}
    if not (line.phone or line.text or line.tty) and line.url:
        ways["web address"] = typed_address(line.url)
    if hours and not open_all_hours(hours):
        ways["hours"] = hours_text(hours, strings, lang)
    return [what for what, shown in ways.items()
            if shown is not None and spaceless(html.unescape(shown)) not in text]


def _has_a_number(line: Resource) -> bool:
    return line.phone is not None or line.text is not None or line.tty is not None
