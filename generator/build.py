"""The pipeline: kit -> compose -> lay out -> draw -> write, one (format, language) at a time."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from reportlab.lib.colors import black
from reportlab.pdfgen.canvas import Canvas

from generator.content.audiences import kit_folders
from generator.content.caches import cached_layouts
from generator.content.documents import Document, card_line_from_site, document_kit, plan_documents
from generator.content.extends import locale_root
from generator.content.models import Kit, Resource, Site
from generator.content.stock import applies_to, size_stock, stock_size
from generator.content.units import mm
from generator.errors import ContentError, Problem
from generator.forked import run_shared
from generator.i18n.fonts import (
    REGULAR,
    SHAPED_FAMILIES,
    SITE_FONT_LANGUAGES,
    FontSet,
    chain_for,
    family,
    font_set,
    register_fonts,
)
from generator.i18n.kit_characters import kit_characters
from generator.i18n.localize import BUILTIN_DIR, load_strings
from generator.i18n.plain_text import plain_text
from generator.i18n.scripts import font_advice, script_of
from generator.layout.compose import (
    ComposedFace,
    compose_face,
    format_month,
    kit_digits,
    strings_in_digits,
    template_context,
)
from generator.layout.emptiness import empty_panel_problems
from generator.layout.formats import Layout, SizeSpec, declared_strings, page_size
from generator.layout.pages import panel_pages
from generator.layout.place import PlacedFace, Placement, one_size_per_style, place_face
from generator.layout.styles import style_name
from generator.render.captions import SheetCaptions, caption_texts
from generator.render.cmyk import DEFAULT_PROFILE, CmykProfile, load_profile
from generator.render.form_fields import right_to_left_fields
from generator.render.inks import REGISTRATION, ShopCanvas, ShopInks, shop_inks
from generator.render.pdfx import declare_pdfx
from generator.render.qr import QrError, payload_for, qr_matrix
from generator.render.sheets import (
    MARK_GAP,
    MIN_MARK,
    PAPER,
    PRINTABLE,
    Grid,
    draw_office_sheets,
    draw_shop_pages,
    fold_lines,
)
from generator.safety.discretion import (
    builtin_words,
    discretion_problems,
    site_words,
    unchecked_language,
)
from generator.safety.legibility import ContrastError, TextOnGround, contrast_problem, text_pairs
from generator.safety.safety_slots import composed_problems, layout_problems
from generator.write import BackgroundWriter

_NAME = re.compile(r"[a-z0-9][a-z0-9-]*")
# The least margin of a sheet cut by hand: the printer's unprintable edge, the bleed, and
# marks that can be seen.
HAND_CUT_MARGIN = PRINTABLE + mm(2) + MARK_GAP + MIN_MARK


@dataclass
class LaidOut:
    layout: Layout
    lang: str
    size: SizeSpec
    faces: list[PlacedFace]
    warnings: list[Problem] = field(default_factory=list)
    contrast: list[TextOnGround] = field(default_factory=list)  # every text on its grounds
    # the lines its lists print, and those they could not hold whole (with the warning)
    printed_lines: frozenset[str] = frozenset()
    left_out_lines: list[tuple[str, Problem]] = field(default_factory=list)
    captions: SheetCaptions | None = None  # the office sheets' print instructions


@dataclass(frozen=True)
class BuiltPdf:
    layout: Layout
    size_key: str
    lang: str
    target: str
    path: Path
    article: str = ""  # the slug of the article it was built from
    card_line_from_site: bool = False  # prints site.yaml's card_line, not the article's
    audience: str | None = None  # the audience pack it belongs to; None: the main kit


@dataclass
class BuildResult:
    written: list[Path] = field(default_factory=list)
    built: list[BuiltPdf] = field(default_factory=list)  # what each written PDF is
    problems: list[Problem] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)  # (format, language)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]


def output_path(out: Path, lang: str, name: str, target: str) -> Path:
    """`<out>/<lang>/<name>[-shop].pdf`: every part comes from havenprint (a language code
    and a layout folder's name, both checked), never from a layout's text."""
    suffix = "" if target == "office" else f"-{target}"
    path = out / lang / f"{name}{suffix}.pdf"
    if path.parent.parent != out or not _NAME.fullmatch(path.stem):
        raise ValueError(f"not an output file name: {path}")  # checked where names come in
    return path


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


def compose_document(kit: Kit, layout: Layout, lang: str,
                     strings: dict[str, str] | None = None) -> Composition:
    """Every face of `layout` composed in `lang`, with the kit's interface strings or
    `strings` (the translations page, an imported file: strings not saved yet);
    ContentError if it cannot be."""
    size_key = str(kit.site.option(layout.spec.size_option))
    size = layout.spec.sizes.get(size_key)
    if size is None:
        valid = ", ".join(layout.spec.sizes)
        raise ContentError(Problem(kit.site.source.path,
                                   f"{layout.name} has no size '{size_key}'; valid: {valid}"))
    try:
        size = stock_size(kit.site.stock, layout, size)
    except ValueError as error:
        raise ContentError(Problem(kit.site.source.path, f"stock: {error}")) from None
    if strings is None:
        if lang in kit.broken_strings:
            raise ContentError(list(kit.broken_strings[lang]))
        strings = kit.strings.get(lang) or load_strings(
            lang, locale_root(kit.root, lang), declared_strings(cached_layouts(kit.root)))
    first = kit.resources[0]
    try:
        payload = payload_for(first)
        qr_matrix(payload)  # fits in a QR code at all (cached: placing it asks again)
    except QrError as error:
        message = str(error) if str(error).startswith('"') else f'"{first.name}": {error}'
        raise ContentError(Problem(first.source.path, message, first.source.line)) from None
    digits = kit_digits(kit, lang)  # one digit system per piece
    strings = strings_in_digits(strings, digits)
    context = template_context(kit, lang, strings, first.qr, digits)
    sources = _slot_sources(kit, lang)
    selected, notes = _selected_resources(kit, layout)
    # Each line with what templates see of it, made once for every face (context's lines);
    # after the first, the lines with a number before those reached only on the web.
    lines = tuple((kit.resources[index], context["resources"][index]) for index in selected)
    lines = lines[:1] + tuple(sorted(lines[1:], key=lambda line: not _has_a_number(line[0])))
    faces = [compose_face(layout, face_name, context, lines, payload)
             for face_name in layout.spec.faces]
    return Composition(layout, lang, size, strings, faces, sources, notes)


def document_placement(kit: Kit, composition: Composition) -> Placement:
    """What placing the composed faces needs: the fonts for their text among them."""
    lang = composition.lang
    fonts = font_set(lang, "".join(_plain_texts(composition.faces)), kit.site.fonts,
                     known=lambda: kit_characters(kit_folders(kit), lang,
                                                  _served_languages(kit)))
    return Placement(composition.layout, composition.size, kit.site.brand_color,
                     composition.sources, fonts)


def lay_out(kit: Kit, layout: Layout, lang: str) -> LaidOut:
    """Compose and place every face of `layout` in `lang`, in memory; ContentError if it fails."""
    composition = compose_document(kit, layout, lang)
    size, strings, sources, notes = (composition.size, composition.strings,
                                     composition.sources, composition.notes)
    composed_faces = composition.faces
    safety = layout_problems(layout) + composed_problems(
        layout, composed_faces, strings, kit.site.emergency_number)
    if safety:
        raise ContentError(safety)
    placement = document_placement(kit, composition)
    fonts = placement.fonts
    problems = [problem for composed in composed_faces
                for problem in _glyph_problems(composed, layout, lang, sources, fonts)]
    faces, placing = _place_faces(composed_faces, placement)
    problems.extend(placing)
    caps = one_size_per_style(faces) if not placing else ()
    if caps:  # one size per style in the document: place again, with the smallest of each,
        # the faces that set one larger
        capped = dict(caps)
        again = [index for index, face in enumerate(faces) if any(
            text.paragraph.style.fontSize > capped.get(style_name(text.paragraph.style),
                                                        1e9) + 0.011 for text in face.texts)]
        placed, placing = _place_faces([composed_faces[i] for i in again],
                                       replace(placement, caps=caps))
        problems.extend(placing)
        for index, face in zip(again, placed, strict=False):
            faces[index] = face
    if layout.spec.pages == "panels" and not problems:  # each panel a page (large print)
        faces = [page for face in faces for page in panel_pages(face)]
        size = page_size(layout.spec, size)
    problems.extend(_discretion(kit, layout, lang, faces))
    captions = None
    if not problems:
        try:
            captions = office_captions(kit, layout, size, faces, lang)
        except ContentError as error:
            problems.extend(error.problems)
    if problems:
        raise ContentError(problems)
    pairs = text_pairs(faces, layout.spec, lang)
    faint = contrast_problem(kit.site, pairs)
    if faint is not None:
        raise ContrastError(faint, pairs)
    warnings = notes + [w for face in faces for w in face.warnings]
    left_out = [pair for face in faces for pair in face.left_out_lines]
    listed = {item.label for composed in composed_faces for items in composed.lists.values()
              for item in items} | _lines_in_flows(kit, layout, composition)
    first_only = _first_line_only(kit, layout, lang, listed)
    warnings.extend(problem for _, problem in first_only)
    left_out.extend(first_only)
    # a document of pages (large print) may end part-way down its last page
    ends = faces[-1:] if layout.spec.pages == "panels" else []
    for face in (face for face in faces if face not in ends):
        flows = [slot for slot in face.spec.slots if slot.kind == "flow" and slot.source]
        blame = (sources.get(flows[0].source or "", layout.folder / "layout.yaml") if flows
                 else layout.folder / "layout.yaml")
        warnings.extend(empty_panel_problems(face, size.safe_margin, layout.name, lang, blame))
    return LaidOut(layout, lang, size, faces, warnings, pairs,
                   frozenset(listed - {label for label, _ in left_out}), left_out, captions)


def office_captions(kit: Kit, layout: Layout, size: SizeSpec, faces: list[PlacedFace],
                    lang: str) -> SheetCaptions | None:
    """What the office file's sheets say in their margins, in the language of whoever prints
    them (office_language: the site's first language by default, or each kit's own); None
    for a page the size of its sheet, which has no margin to say it in. A character no font
    covers is an error naming the setting, never a box in the margin."""
    grid = office_grid(layout, size, kit.site)
    if grid.full_page:
        return None
    caption_lang = kit.site.options.printing_language or lang
    strings = kit.strings.get(caption_lang) or load_strings(
        caption_lang, locale_root(kit.root, caption_lang),
        declared_strings(cached_layouts(kit.root)))
    checked = [line.verified for line in kit.resources if line.verified]
    texts = caption_texts(len(faces), layout.spec.imposition.flip, bool(fold_lines(faces[0])[1]),
                          grid.perforated, grid.stock,
                          format_month(min(checked), caption_lang) if checked else None,
                          strings, peeled=grid.die_cut)
    fonts = font_set(caption_lang, "".join(texts), kit.site.fonts,
                     known=lambda: kit_characters(kit_folders(kit), caption_lang,
                                                  _served_languages(kit)))
    missing = fonts.missing("".join(texts))
    if missing:
        raise ContentError(Problem(kit.site.source.path, (
            f"office_language: {caption_lang}: the print instructions' "
            f"{_characters(missing)} in no configured font"
            f"{''.join(dict.fromkeys(font_advice(c, caption_lang) for c in missing))}"),
            kit.site.line_of("office_language")))
    return SheetCaptions(caption_lang, tuple(texts), fonts)


_BIDI_CONTROLS = dict.fromkeys(range(0x2066, 0x206A)) | dict.fromkeys((0x200E, 0x200F))


def _lines_in_flows(kit: Kit, layout: Layout, composition: Composition) -> set[str]:
    """The lines a flow prints (large print runs them with the article), by their names:
    a flow prints all of its text or fails, so a line named in it is printed whole."""
    flows = {slot.name for face in layout.spec.faces.values() for slot in face.slots
             if slot.kind == "flow"}
    text = " ".join(_plain(list(paragraphs)) for composed in composition.faces
                    for name, paragraphs in composed.texts.items() if name in flows)
    if not text:
        return set()
    text = " ".join(text.translate(_BIDI_CONTROLS).split())
    selected, _ = _selected_resources(kit, layout)
    lines = (kit.resources[index] for index in selected)
    return {line.name for line in lines
            if " ".join(line.name_in(composition.lang, composition.strings)
                        .translate(_BIDI_CONTROLS).split()) in text}


def _first_line_only(kit: Kit, layout: Layout, lang: str,
                     listed: set[str]) -> list[tuple[str, Problem]]:
    """A format whose lists print the first line alone (the sticker) leaves out the others
    by design: each with a note, which the build completes with where it prints whole."""
    lists = [slot for face in layout.spec.faces.values() for slot in face.slots
             if slot.kind == "list"]
    if not lists or any(slot.lines != "first" for slot in lists):
        return []
    selected, _ = _selected_resources(kit, layout)
    return [(line.name, Problem(line.source.path, (
        f"{layout.name}: left out '{line.name}': it carries the first line alone [{lang}]"),
        line.source.line, "info"))
        for line in (kit.resources[index] for index in selected) if line.name not in listed]


def _served_languages(kit: Kit) -> tuple[str, ...]:
    """The languages the kit's lines are answered in (their names print in every kit)."""
    return tuple(sorted({code for line in kit.resources for code in line.languages}))


def _place_faces(composed_faces: list[ComposedFace],
                 placement: Placement) -> tuple[list[PlacedFace], list[Problem]]:
    faces, problems = [], []
    for composed in composed_faces:
        try:
            faces.append(place_face(composed, placement))
        except ContentError as error:
            problems.extend(error.problems)
    return faces, problems


def _discretion(kit: Kit, layout: Layout, lang: str, faces: list[PlacedFace]) -> list[Problem]:
    """Revealing words on outside surfaces fail the build while the site is discreet."""
    if not kit.site.options.discreet:
        return []
    outside = [face for face in faces if face.spec.outside
               and (face.spec.outside_when is None or kit.site.option(face.spec.outside_when))]
    if not outside:
        return []
    unchecked = unchecked_language(kit.site, lang)
    if unchecked is not None:
        return [unchecked]
    words = builtin_words(lang) + site_words(kit.site, lang)
    return discretion_problems(outside, layout.name, words, lang,
                               kit.site.file_of("discreet_title"),
                               kit.resources[0].source)


def _has_a_number(line: Resource) -> bool:
    return line.phone is not None or line.text is not None or line.tty is not None


def _selected_resources(kit: Kit, layout: Layout) -> tuple[range | list[int], list[Problem]]:
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
                "warning" if given is not None else "info"))
    return kept, notes


def _slot_sources(kit: Kit, lang: str) -> dict[str, Path]:
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


def _slot_paragraphs(composed: ComposedFace) -> dict[str, list]:
    texts = {name: list(paragraphs) for name, paragraphs in composed.texts.items()}
    texts.update({name: [p for item in items for p in item.paragraphs]
                  for name, items in composed.lists.items()})
    for name, fillers in composed.fillers.items():
        texts[name] = texts.get(name, []) + [p for _, paragraphs in fillers for p in paragraphs]
    return texts


def _plain(paragraphs: list) -> str:
    """The text of the paragraphs, with the words their icons stand for."""
    return " ".join(plain_text(f"{p.alt} {p.markup}") for p in paragraphs)


def _plain_texts(composed_faces: list[ComposedFace]) -> list[str]:
    return [_plain(paragraphs) for composed in composed_faces
            for paragraphs in _slot_paragraphs(composed).values()]


def _glyph_problems(composed: ComposedFace, layout: Layout, lang: str,
                    sources: dict[str, Path], fonts: FontSet) -> list[Problem]:
    """A character no configured font covers is an error, never a box on the page: one
    problem per slot, naming its first few such characters (a language without a font
    would otherwise give hundreds of lines)."""
    problems = []
    slots = {slot.name: slot for slot in layout.spec.faces[composed.name].slots}
    for slot_name, paragraphs in _slot_paragraphs(composed).items():
        missing = fonts.missing(_plain(paragraphs))
        if not missing:
            continue
        path = sources.get(slots[slot_name].source or "", layout.folder)
        advice = "".join(dict.fromkeys(font_advice(char, _font_key(lang, char))
                                       for char in missing))
        problems.append(Problem(path, (
            f"{_characters(missing)} in no configured font "
            f"(language {lang}, {layout.name} slot '{slot_name}'){advice}")))
    return problems


def _characters(chars: list[str], shown: int = 6) -> str:
    named = [f"{char!r} (U+{ord(char):04X})" for char in chars]
    if len(named) == 1:
        return f"character {named[0]} is"
    more = f" and {len(named) - shown} more" if len(named) > shown else ""
    return f"characters {', '.join(named[:shown])}{more} are"


def _font_key(lang: str, char: str) -> str:
    """The language code a `fonts:` setting for `char` would name: the kit's language when
    `char` is in its own script (Ethiopic in an Amharic kit), else a placeholder (an
    Ethiopic line name in an English kit could take any code)."""
    script = script_of(char)
    own = SITE_FONT_LANGUAGES.get(lang.split("-")[0])
    return lang if script is not None and script.name == own else "LANG"


def office_grid(layout: Layout, size: SizeSpec, site: Site) -> Grid:
    """The office sheet: the site's card stock when this format prints on it (its grid is
    the stock's), else the items centred on the site's paper, or on the size's own paper,
    turned to landscape when they are wider than tall. A centred grid keeps HAND_CUT_MARGIN
    for the printer's edge, the bleed and the cut marks, unless it is a single item exactly
    the size of the sheet (a brochure, a poster)."""
    stock = site.stock
    if not applies_to(stock, layout):
        stock = size_stock(layout, size) or stock  # the format's own label sheet
    if applies_to(stock, layout) and stock.paper is not None:
        paper = PAPER[stock.paper]
        return Grid(paper, stock.columns or 1, stock.rows or 1, size.width,
                    size.height, stock.left or 0.0,
                    paper[1] - (stock.top or 0.0) - stock.sheet_height(), stock.column_gap,
                    stock.row_gap, stock.bleed, stock.perforated, stock.title, stock.die_cut)
    imposition = layout.spec.imposition
    width = imposition.columns * size.width
    height = imposition.rows * size.height
    candidates = []
    for paper_name in dict.fromkeys((site.options.paper, size.paper)):
        short, long = sorted(PAPER[paper_name])
        paper = (long, short) if width > height else (short, long)
        grid = Grid.centred(paper, imposition.columns, imposition.rows, size.width,
                            size.height)
        if abs(grid.left) < 0.5 and abs(grid.bottom) < 0.5:
            return grid  # the item is the sheet
        gaps = [gap if count > 1 and spare - (count - 1) * gap >= 2 * HAND_CUT_MARGIN else 0.0
                for gap, count, spare in ((stock.column_gap, imposition.columns,
                                           paper[0] - width),
                                          (stock.row_gap, imposition.rows, paper[1] - height))]
        grid = Grid.centred(paper, imposition.columns, imposition.rows, size.width,
                            size.height, gaps[0], gaps[1], stock.bleed)
        if min(grid.left, grid.bottom) >= HAND_CUT_MARGIN - 0.01:
            return grid
        candidates.append(grid)
    return candidates[-1]


def render_pdf(kit: Kit, laid: LaidOut, target: str, screen: bool = False) -> bytes:
    """The PDF of `laid` for `target`: office sheets in RGB, shop pages in PDF/X (CMYK), or
    the tagged screen copy (generator/render/screen.py); `screen` draws shop pages in the
    office files' RGB instead, not PDF/X (a proof of the layout's own colours, for checks
    that read colours back)."""
    title = f"{kit.site.title_for(laid.lang)} – {laid.layout.spec.title}"
    if target == "screen":
        from generator.render.screen import render_screen  # pikepdf: only for screen copies

        return render_screen(kit, laid, title)
    register_fonts()
    buffer = io.BytesIO()
    first = laid.faces[0]
    options = dict(pagesize=(first.width, first.height), invariant=1, initialFontName=REGULAR,
                   initialFontSize=10, pageCompression=1,
                   lang=laid.lang)  # the catalogue's /Lang: what screen readers speak
    cmyk = target == "shop" and not screen
    canvas = ShopCanvas(buffer, inks=site_inks(kit.site), **options) if cmyk else Canvas(
        buffer, **options)
    canvas.setTitle(title)
    canvas.setCreator("havenprint")
    canvas.setProducer("havenprint")
    canvas.setSubject("")
    if cmyk:
        declare_pdfx(canvas, kit.site.options.pdfx, site_profile(kit.site))
    if target == "office":
        grid = office_grid(laid.layout, laid.size, kit.site)
        canvas.setPageSize(grid.paper)
        form = fillable(kit, laid.layout)
        draw_office_sheets(canvas, laid.faces, grid, kit.site.brand_color,
                           kit.site.print_offset, laid.captions, form)
        if form and laid.faces[0].rtl:
            canvas.save()
            return right_to_left_fields(buffer.getvalue())
    else:
        draw_shop_pages(canvas, laid.faces, kit.site.brand_color, kit.site.bleed,
                        marks=REGISTRATION if cmyk else black,
                        die_line=laid.layout.spec.die_cut)
    canvas.save()
    return buffer.getvalue()


def fillable(kit: Kit, layout: Layout) -> bool:
    """Whether the layout's office file is a form: the setting its `fields_when` names is on
    (a safety plan's safety_plan_fillable). Shop files (PDF/X) and screen copies never are."""
    switch = layout.spec.fields_when
    return switch is not None and bool(kit.site.option(switch))


def _built(kit: Kit, document: Document, lang: str, target: str, path: Path) -> BuiltPdf:
    return BuiltPdf(document.layout, document.size_key, lang, target, path, document.article,
                    card_line_from_site(kit, document, lang), kit.audience)


def site_profile(site: Site) -> CmykProfile:
    return load_profile(site.icc_profile or DEFAULT_PROFILE)


def site_inks(site: Site) -> ShopInks:
    return shop_inks(site.brand_color, site.brand_cmyk, site_profile(site))


@dataclass
class Piece:
    """What building one document in one language gave."""

    problems: list[Problem] = field(default_factory=list)
    contrast: list[TextOnGround] = field(default_factory=list)
    pdfs: list[tuple[str, bytes]] = field(default_factory=list)  # (target, the PDF)
    printed_lines: frozenset[str] = frozenset()  # see LaidOut
    left_out_lines: list[tuple[str, Problem]] = field(default_factory=list)
    failed: bool = False
    faint: bool = False  # failed on contrast: brand_color is too light


def build(kit: Kit, layouts: Iterable[Layout], langs: Iterable[str], targets: Iterable[str],
          out: Path | None, on_step: Callable[[str], None] | None = None,
          on_pdf: Callable[[Path, str, bytes], None] | None = None,
          poster_sizes: Sequence[str] = (), jobs: int = 1) -> BuildResult:
    """Lay out and render every (document, language, target); write when `out` is given.
    A document is a layout at one size carrying one article (generator/content/documents.py):
    posters at each of `poster_sizes` (default: the site's poster_size), every other format
    at the size site.yaml gives it; a format that prints an article once per article.

    A failing combination is reported and the others still build. `on_step` is told the
    name of each (document, language) as work on it starts (a progress bar); `on_pdf` gets
    the path, language and bytes of each PDF as it is queued for writing (previews). With
    `jobs` over 1 the languages are shared among forked copies of this process, each taking the
    next language as it finishes one, the heaviest first (a language's fonts and
    measurements stay with one process); the result is the same.
    """
    langs, targets = list(langs), tuple(targets)
    result = BuildResult()
    documents = plan_documents(kit, list(layouts), poster_sizes)  # names that cannot clash
    for (_, lang), problems in kit.broken_articles.items():
        if lang in langs:
            result.problems.extend(problems)
    keys = [(index, lang) for index in range(len(documents)) for lang in langs]
    pieces: dict[tuple[int, str], Piece] = {}
    paths: dict[tuple[int, str], list[tuple[str, Path]]] = {}  # (target, file) per key

    def work(key: tuple[int, str]) -> Piece:
        return _piece(kit, documents[key[0]], key[1], targets)

    def started(key: tuple[int, str]) -> None:
        if on_step is not None:
            on_step(f"{documents[key[0]].name} ({key[1]})")

    with BackgroundWriter() as writer:
        def done(key: tuple[int, str], piece: Piece) -> None:
            if out is not None:
                paths[key] = [(target, output_path(out, key[1], documents[key[0]].name, target))
                              for target, _ in piece.pdfs]
                for (_, path), (_, data) in zip(paths[key], piece.pdfs, strict=True):
                    writer.write(path, data)
                    if on_pdf is not None:
                        on_pdf(path, key[1], data)
            piece.pdfs.clear()  # written: the bytes need not wait for the others
            pieces[key] = piece

        heaviest_first = sorted(langs, key=lambda lang: -language_weight(lang))
        run_shared([[key for key in keys if key[1] == lang] for lang in heaviest_first],
                   work, started, done, copies=jobs)
    contrast: list[TextOnGround] = []  # from every format and language, for one brand_color
    for index, lang in keys:  # in order, however the work was shared
        piece, document = pieces[(index, lang)], documents[index]
        completed = {problem: _where_it_prints(problem, label, [
            documents[other].layout.spec.title for other in range(len(documents))
            if label in pieces[(other, lang)].printed_lines])
            for label, problem in piece.left_out_lines}
        result.problems.extend(completed.get(problem, problem) for problem in piece.problems)
        contrast.extend(piece.contrast)
        if piece.failed:
            result.failed.append((document.name, lang))
        for target, path in paths.get((index, lang), []):
            result.written.append(path)
            result.built.append(_built(kit, document, lang, target, path))
    problem = (contrast_problem(kit.site, contrast)
               if any(piece.faint for piece in pieces.values()) else None)
    if problem is not None:
        result.problems.append(problem)
    return result


def _where_it_prints(problem: Problem, label: str, titles: list[str]) -> Problem:
    """A line left out of one piece, with the pieces that print it whole."""
    named = [f"the {title.lower()}" for title in dict.fromkeys(titles)]
    listed = ", ".join(named[:-1]) + f" and {named[-1]}" if len(named) > 1 else "".join(named)
    where = (f"; it prints whole on {listed}" if named else
             f"; no piece of this kit prints {label!r}: shorten its name or details, or give "
             "it a piece with more room")
    message, lang = problem.message.rsplit(" [", 1)
    return replace(problem, message=f"{message}{where} [{lang}")


def _piece(kit: Kit, document: Document, lang: str, targets: tuple[str, ...]) -> Piece:
    if (document.article, lang) in kit.broken_articles:
        return Piece(failed=True)
    kit_view = document_kit(kit, document)
    try:
        laid = lay_out(kit_view, document.layout, lang)
    except ContrastError as error:
        return Piece(contrast=list(error.pairs), failed=True, faint=True)
    except ContentError as error:
        return Piece(problems=list(error.problems), failed=True)
    piece = Piece(problems=list(laid.warnings), contrast=list(laid.contrast),
                  printed_lines=laid.printed_lines, left_out_lines=laid.left_out_lines)
    for target in targets:
        piece.pdfs.append((target, render_pdf(kit_view, laid, target)))
    return piece


def language_weight(lang: str) -> int:
    """About how long a language takes to build, against a Latin one: text shaped glyph by
    glyph or drawn right to left, or a Chinese, Japanese or Korean face subset first."""
    primary = chain_for(lang)[0]
    return 2 if primary in SHAPED_FAMILIES or family(primary).cjk_face is not None else 1
