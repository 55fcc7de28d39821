"""The pipeline, as orchestration: the documents a BuildRequest asks for are planned
(generator/content/documents.py), each laid out in each language (`lay_out`: composed and
placed by generator/layout/document.py, checked by generator/safety/document_checks.py,
the office sheets' captions from generator/render/office.py), drawn for each Target
(generator/render/pdf_files.py), written as they come, and told in order (BuildResult)."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from generator.content.documents import Document, card_line_from_site, document_kit, plan_documents
from generator.content.language_tags import with_base
from generator.content.layouts import Layout
from generator.content.models import Kit
from generator.errors import Code, ContentError, Problem, quoted
from generator.i18n.fonts import SHAPED_FAMILIES, chain_for, family
from generator.layout.document import (
    Composition,
    Placed,
    SameLines,
    compose_faces,
    document_placement,
    document_size,
    emptiest_panel,
    empty_panels,
    flow_scale,
    kit_strings,
    lines_told,
    place_document,
    printed_text,
    screen_addresses,
    screen_checked,
    spaceless,
)
from generator.layout.laid_out import LaidOut
from generator.pipeline.forked import run_shared
from generator.render.office import office_captions
from generator.render.pdf_files import drawn_pdf
from generator.render.qr import QrError, payload_for, qr_matrix
from generator.render.targets import Target
from generator.safety.document_checks import (
    check_wording,
    discretion,
    legible,
    prepare_discretion,
)
from generator.safety.legibility import ContrastError, TextOnGround, contrast_problem
from generator.storage.write import BackgroundWriter

_NAME = re.compile(r"[a-z0-9][a-z0-9-]*")
# How much smaller than the long form the short form may set the article (a step or two of
# the fit: 11.5 pt body to 10.9 pt at most), to carry its key points and what calling is
# like rather than leave a panel of the long form a quarter empty or more.
SHORT_FORM_SMALLER = 0.05


Key = tuple[int, str]  # a document's index in the plan, and a language


@dataclass(frozen=True)
class BuildRequest:
    """What to build: every (document, language, target) of `kit` for `layouts`, written
    into `out` when it is given (a check lays out and draws in memory only). A document is a
    layout at one size carrying one article (generator/content/documents.py): a format whose
    file names carry its size at each size `sizes` gives it by name (default: its site.yaml
    setting), every other format at the size site.yaml gives it. With `jobs` over 1 the
    languages are shared among forked copies of this process, each taking the next as it
    finishes one (a language's fonts and measurements stay with one process); the result is
    the same. `on_step` is told the name of each (document, language) as work on it starts
    (a progress bar); `on_pdf` gets the path, language and bytes of each PDF as it is queued
    for writing (previews)."""

    kit: Kit
    layouts: tuple[Layout, ...]
    languages: tuple[str, ...]
    targets: tuple[Target, ...] = (Target.OFFICE,)
    out: Path | None = None
    sizes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    jobs: int = 1
    on_step: Callable[[str], None] | None = None
    on_pdf: Callable[[Path, str, bytes], None] | None = None


@dataclass(frozen=True)
class BuiltPdf:
    layout: Layout
    size_key: str
    lang: str
    target: Target
    path: Path
    article: str = ""  # the slug of the article it was built from
    card_line_from_site: bool = False  # prints site.yaml's card_line, not the article's
    audience: str | None = None  # the audience pack it belongs to; None: the main kit
    # the lines it prints whole, by where they are in its kit's resources, those it prints a
    # part of (with which parts), and what its QR codes encode (manifest.json records them,
    # for `havenprint changes`)
    lines: tuple[int, ...] = ()
    partly: tuple[tuple[int, tuple[str, ...]], ...] = ()
    qr_payloads: tuple[str, ...] = ()
    # the size of each of its pages in points (width, height), as drawn: what its MediaBox
    # says (generator/i18n/reportlab_text.py's LevelCanvas)
    page_sizes: tuple[tuple[float, float], ...] = ()


@dataclass
class BuildResult:
    written: list[Path] = field(default_factory=list)
    built: list[BuiltPdf] = field(default_factory=list)  # what each written PDF is
    problems: list[Problem] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)  # (format, language)
    # why each of `failed` was not built: the errors that stopped it
    why: dict[tuple[str, str], list[Problem]] = field(default_factory=dict)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]


def output_path(out: Path, lang: str, name: str, target: Target) -> Path:
    """`<out>/<lang>/<name>[-shop].pdf`: every part comes from havenprint (a language code
    and a layout folder's name, both checked), never from a layout's text."""
    suffix = "" if target == Target.OFFICE else f"-{target}"
    path = out / lang / f"{name}{suffix}.pdf"
    if path.parent.parent != out or not _NAME.fullmatch(path.stem):
        raise ValueError(f"not an output file name: {path}")  # checked where names come in
    return path


def compose_document(kit: Kit, layout: Layout, lang: str,
                     strings: dict[str, str] | None = None,
                     same_lines: SameLines | None = None) -> Composition:
    """Every face of `layout` composed in `lang`, with the kit's interface strings or
    `strings` (the translations page, an imported file: strings not saved yet), its lists
    leaving out `same_lines` (`_pieces`); ContentError if it cannot be."""
    size = document_size(kit, layout)
    strings = kit_strings(kit, lang) if strings is None else strings
    return compose_faces(kit, layout, lang, size, strings, qr_payload(kit), same_lines)


def qr_payload(kit: Kit) -> str:
    """What the QR code encodes (the first line's), checked to fit in one; ContentError
    naming the line if it does not."""
    first = kit.resources[0]
    try:
        payload = payload_for(first)
        qr_matrix(payload)  # fits in a QR code at all (cached: placing it asks again)
    except QrError as error:
        message = str(error) if str(error).startswith('"') else f'"{first.name}": {error}'
        raise ContentError(Problem(first.source.path, message, first.source.line,
                                   code=Code.QR_PAYLOAD,
                                   fields={"name": first.name, "reason": str(error)})) from None
    return payload


def lay_out(kit: Kit, layout: Layout, lang: str) -> LaidOut:
    """Compose and place every face of `layout` in `lang`, in memory; ContentError if it fails."""
    return checked_lay_out(kit, layout, lang)[0]


def checked_lay_out(kit: Kit, layout: Layout, lang: str,
                    same_lines: SameLines | None = None) -> tuple[LaidOut, list[TextOnGround]]:
    """`lay_out`, with every text on its grounds (for one brand_color advice per kit), as
    the build runs it for each document and language: compose, check the safety wording,
    place, check the outside surfaces, write the office sheets' captions, check the
    contrast, tell what the lines and panels came to. `same_lines`: what its lists leave
    out in every language (`_pieces`)."""
    composition = compose_document(kit, layout, lang, same_lines=same_lines)
    check_wording(kit, composition)
    placement = document_placement(kit, composition)
    placed = place_document(composition, placement)
    layout, composition, placed, chosen = _shorter_if_it_fits(kit, layout, lang, same_lines,
                                                              composition, placed)
    outside = discretion(kit, layout, lang, placed.faces)
    problems = placed.problems + [p for p in outside if p.severity == "error"]
    if problems:
        raise ContentError(problems)
    captions = office_captions(kit, layout, placed.size, placed.faces, lang)
    pairs = legible(kit, layout, lang, placed.faces)
    told = lines_told(kit, composition, placed.faces)
    warnings = (chosen + told.warnings + empty_panels(composition, placed)
                + [p for p in outside if p.severity != "error"])
    cut = frozenset(line for face in placed.faces for line, _ in face.left_out_lines)
    gave_way = [(tuple(spaceless(text) for text in texts), note)
                for face in placed.faces for texts, note in face.gave_way]
    checked = screen_checked(kit, composition, replace(placement, layout=layout),
                             placed.faces)
    addresses = screen_addresses(kit, composition, replace(placement, layout=layout),
                                 placed.faces, told)
    return LaidOut(layout, lang, placed.size, placed.faces, warnings, told.printed,
                   told.partly, told.left_out, cut, captions, gave_way,
                   printed_text(placed.faces), checked, addresses), pairs


def _shorter_if_it_fits(kit: Kit, layout: Layout, lang: str, same_lines: SameLines | None,
                        composition: Composition, placed: Placed
                        ) -> tuple[Layout, Composition, Placed, list[Problem]]:
    """The piece as the layout's short form makes it (the brochure's bi-fold), where the
    layout leaves a panel emptier than the short form's `empty_share` and the short form
    places everything, its text no smaller (but for `SHORT_FORM_SMALLER`), and leaves its
    panels less empty; with a note saying so. Else the piece as it was placed."""
    short = layout.short_form()
    if short is None or placed.problems or short.spec.short_form is not None:
        return layout, composition, placed, []
    share = layout.spec.short_form.empty_share if layout.spec.short_form else 1.0
    emptiest = emptiest_panel(placed)
    if emptiest <= share:
        return layout, composition, placed, []
    try:
        other = compose_document(kit, short, lang, same_lines=same_lines)
        check_wording(kit, other)
        other_placed = place_document(other, document_placement(kit, other))
    except ContentError:
        return layout, composition, placed, []
    # against the text's own size: a tri-fold grown into its room is not a larger design
    if (other_placed.problems or emptiest_panel(other_placed) >= emptiest
            or flow_scale(other_placed) < min(flow_scale(placed), 1.0) - SHORT_FORM_SMALLER
            - 1e-6):
        return layout, composition, placed, []
    note = Problem(composition.sources.get("article", layout.folder / "layout.yaml"), (
        f"{layout.name}: printed as a {short.spec.title.lower()}: the article leaves "
        f"{emptiest:.0%} of a panel of the {layout.spec.title.lower()} empty"),
        severity="info", code=Code.PRINTED_SHORT_FORM, lang=lang, fields={
            "format": layout.name, "short": short.name,
            "share": int(f"{emptiest * 100:.0f}")})
    return short, other, other_placed, [note]


def _built(kit: Kit, document: Document, lang: str, target: Target,
           path: Path, piece: Piece | None = None) -> BuiltPdf:
    lines, partly = (piece.printed_lines, piece.partly_lines) if piece else (frozenset(), {})
    layout = (document.layout.short_form() if piece is not None and piece.short_form
              else None) or document.layout  # what it was made as: its title, how to fold it
    return BuiltPdf(layout, document.size_key, lang, target, path, document.article,
                    card_line_from_site(kit, document, lang), kit.audience,
                    tuple(sorted(lines)), tuple(sorted(partly.items())),
                    piece.qr_payloads if piece else (),
                    piece.page_sizes.get(target, ()) if piece else ())


@dataclass
class Piece:
    """What building one document in one language gave."""

    problems: list[Problem] = field(default_factory=list)
    contrast: list[TextOnGround] = field(default_factory=list)
    pdfs: list[tuple[Target, bytes]] = field(default_factory=list)  # (target, the PDF)
    # the size of each page of each target's PDF, as drawn
    page_sizes: dict[Target, tuple[tuple[float, float], ...]] = field(default_factory=dict)
    written: list[tuple[Target, Path]] = field(default_factory=list)  # where each went
    printed_lines: frozenset[int] = frozenset()  # see generator/layout/laid_out.py
    partly_lines: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    qr_payloads: tuple[str, ...] = ()  # what its QR codes encode
    left_out_lines: list[tuple[int, Problem]] = field(default_factory=list)
    cut_lines: frozenset[int] = frozenset()  # what its lists could not hold, or were given
    given: frozenset[int] = frozenset()  # the lines it was asked to leave out (`_pieces`)
    gave_way: list[tuple[tuple[str, ...], Problem]] = field(default_factory=list)
    printed_text: str = ""  # see generator/layout/laid_out.py
    short_form: bool = False  # made as its layout's short form (the brochure's bi-fold)
    failed: bool = False
    faint: bool = False  # failed on contrast: brand_color is too light


def build(request: BuildRequest) -> BuildResult:
    """Plan the kit's documents, lay out and draw each in every language for every target
    (writing each PDF as it is drawn), then tell what came of them, in order. A failing
    combination is reported and the others still build."""
    documents = plan_documents(request.kit, list(request.layouts), request.sizes)
    pieces = _pieces(request, documents)
    return _result(request, documents, pieces)


def _keys(request: BuildRequest, documents: list[Document]) -> list[Key]:
    return [(index, lang) for index in range(len(documents)) for lang in request.languages]


def _pieces(request: BuildRequest, documents: list[Document]) -> dict[Key, Piece]:
    """Each (document, language) laid out and drawn for every target, shared among `jobs`
    copies of the process (`shared_groups`), each copy taking the next group as it finishes
    one; each PDF queued for writing as it comes."""
    keys = _keys(request, documents)
    pieces: dict[Key, Piece] = {}
    same: dict[int, dict[int, tuple[str, ...]]] = {}  # a document's `SameLines`

    def work(key: Key) -> Piece:
        return _piece(request.kit, documents[key[0]], key[1], request.targets,
                      same.get(key[0]))

    def started(key: Key) -> None:
        if request.on_step is not None:
            request.on_step(f"{documents[key[0]].name} ({key[1]})")

    if request.jobs > 1 and len(request.languages) > 1:
        _before_copies(request)
    with BackgroundWriter() as writer:
        def done(key: Key, piece: Piece) -> None:
            if request.out is not None:
                _write(writer, request.out, documents[key[0]].name, key[1], piece,
                       request.on_pdf)
            piece.pdfs.clear()  # written: the bytes need not wait for the others
            pieces[key] = piece

        for _ in range(len(request.kit.resources) + 1):  # each round leaves out more
            run_shared(shared_groups(keys, request.languages, request.jobs), work, started,
                       done, copies=request.jobs)
            keys = _uneven(pieces, request.languages, same)
            if not keys:
                break
    return pieces


def _before_copies(request: BuildRequest) -> None:
    """What every piece of the kit uses, worked out once before forked copies of this
    process share the pieces (each copy would work it out again): the QR code (importing
    qrcode) and the revealing words of every language. A problem with either is the
    pieces' to report."""
    kit = request.kit
    if kit.resources:
        with contextlib.suppress(ContentError):
            qr_payload(kit)
    prepare_discretion(kit, request.languages)


def _uneven(pieces: dict[Key, Piece], languages: Sequence[str],
            same: dict[int, dict[int, tuple[str, ...]]]) -> list[Key]:
    """The pieces to lay out again so that every language of a document prints the same
    lines: where one language's lists could not hold a line (and so every line after it),
    the others leave it out too. `same` takes, for each such document, every line one of
    its languages left out, with the languages that could not hold it themselves."""
    built: dict[int, list[tuple[str, Piece]]] = {}
    for (index, lang), piece in pieces.items():
        if not piece.failed:
            built.setdefault(index, []).append((lang, piece))
    again: list[Key] = []
    for index, languages_built in built.items():
        every = frozenset().union(*(piece.cut_lines for _, piece in languages_built))
        if all(piece.cut_lines == every for _, piece in languages_built):
            continue
        why = {line: set(langs) for line, langs in same.get(index, {}).items()}
        for lang, piece in languages_built:
            for line in piece.cut_lines - piece.given:
                why.setdefault(line, set()).add(lang)
        same[index] = {line: tuple(lang for lang in languages if lang in why[line])
                       for line in sorted(every)}
        again.extend((index, lang) for lang, piece in languages_built
                     if piece.cut_lines != every)
    return sorted(again)


def shared_groups(keys: list[Key], languages: Sequence[str], copies: int) -> list[list[Key]]:
    """The keys in the groups the processes take in turn: the heaviest language first, each
    of the first `copies` languages whole (a language's first document pays for its faces
    and shaping), then every document of the others alone, so that the processes end
    together however the languages weigh (whole languages left one process idle for as long
    as a language takes)."""
    heaviest_first = sorted(languages, key=lambda lang: -language_weight(lang))
    groups = [[key for key in keys if key[1] == lang] for lang in heaviest_first]
    return groups[:copies] + [[key] for group in groups[copies:] for key in group]


def _write(writer: BackgroundWriter, out: Path, name: str, lang: str, piece: Piece,
           on_pdf: Callable[[Path, str, bytes], None] | None) -> None:
    """Queue the piece's PDFs for writing into `out`, each handed to `on_pdf`."""
    piece.written = [(target, output_path(out, lang, name, target)) for target, _ in piece.pdfs]
    for (_, path), (_, data) in zip(piece.written, piece.pdfs, strict=True):
        writer.write(path, data)
        if on_pdf is not None:
            on_pdf(path, lang, data)


def _result(request: BuildRequest, documents: list[Document],
            pieces: dict[Key, Piece]) -> BuildResult:
    """What the build did, in the plan's order however the work was shared: the articles
    that did not load, each piece's problems (a line it leaves out with the pieces that
    print it whole), what failed and what was written; and one contrast problem for the
    whole kit when a piece's text was too faint, so that one brand_color suits them all."""
    kit = request.kit
    result = BuildResult()
    for (_, lang), problems in kit.broken_articles.items():
        if lang in request.languages:
            result.problems.extend(problems)
    contrast: list[TextOnGround] = []  # from every format and language
    for index, lang in _keys(request, documents):
        piece, document = pieces[(index, lang)], documents[index]
        completed = {problem: _where_it_prints(problem, kit.resources[line].name, _pieces_named(
            documents, pieces, lang, [other for other in range(len(documents))
                                      if line in pieces[(other, lang)].printed_lines]))
            for line, problem in piece.left_out_lines}
        completed.update({problem: _where_it_went(problem, _pieces_named(
            documents, pieces, lang, [
                other for other in range(len(documents))
                if other != index and any(text and text in pieces[(other, lang)].printed_text
                                          for text in texts)]))
            for texts, problem in piece.gave_way})
        result.problems.extend(completed.get(problem, problem) for problem in piece.problems)
        contrast.extend(piece.contrast)
        if piece.failed:
            result.failed.append((document.name, lang))
            result.why[(document.name, lang)] = _why(kit, document, lang, piece)
        for target, path in piece.written:
            result.written.append(path)
            result.built.append(_built(kit, document, lang, target, path, piece))
    problem = (contrast_problem(kit.site, contrast)
               if any(piece.faint for piece in pieces.values()) else None)
    if problem is not None:
        result.problems.append(problem)
        for (index, lang), piece in pieces.items():
            if piece.faint:
                result.why[(documents[index].name, lang)].append(problem)
    return result


def _why(kit: Kit, document: Document, lang: str, piece: Piece) -> list[Problem]:
    """The errors that stopped a piece (its article's, when that did not load; a faint
    colour's is added once the kit's one advice is known)."""
    broken = kit.broken_articles.get((document.article, lang))
    if broken is not None:
        return [p for p in broken if p.severity == "error"] or list(broken)
    return list(dict.fromkeys(p for p in piece.problems if p.severity == "error"))


def _pieces_named(documents: list[Document], pieces: dict[tuple[int, str], Piece], lang: str,
                  indices: list[int]) -> list[str]:
    """"the poster", or where the kit builds that format more than once (several sizes or
    articles) "the poster (poster-letter.pdf and poster-a3.pdf)": one name a format, its
    files together, not "the poster (poster-letter.pdf) and the poster (poster-a3.pdf)". A
    piece made in its layout's short form is named by that form ("the bi-fold brochure", not
    the tri-fold it was not)."""
    files: dict[str, list[str]] = {}
    for index in indices:
        document, piece = documents[index], pieces[(index, lang)]
        spec = document.layout.spec
        title = spec.short_form.title if piece.short_form and spec.short_form else spec.title
        named = files.setdefault(f"the {title.lower()}", [])
        if sum(other.layout is document.layout for other in documents) > 1:
            named.append(f"{document.name}.pdf")
    return [f"{name} ({_and(named)})" if named else name for name, named in files.items()]


def _and(names: list[str]) -> str:
    names = list(dict.fromkeys(names))
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else "".join(names)


def _where_it_prints(problem: Problem, label: str, named: list[str]) -> Problem:
    """A line left out of one piece, with the pieces built that print it whole."""
    listed = _and(named)
    room = ": shorten its name or details, or give it a piece with more room"
    where = (f"; it prints whole on {listed}" if named else
             f"; none of the pieces built prints {quoted(label)} whole"
             + (room if problem.code in (Code.LINE_LEFT_OUT, Code.LINE_LEFT_OUT_AFTER)
                else ""))
    return replace(problem, message=f"{problem.message}{where}",
                   fields={**problem.fields, "printed_on": tuple(named)})


def _where_it_went(problem: Problem, named: list[str]) -> Problem:
    """A text that gave way on one piece (a card's line), with the pieces built that print
    it, or that none does."""
    listed = _and(named)
    where = f"; it prints on {listed}" if named else "; none of the pieces built prints it"
    return replace(problem, message=f"{problem.message}{where}",
                   fields={**problem.fields, "printed_on": tuple(named)})


def _piece(kit: Kit, document: Document, lang: str, targets: tuple[Target, ...],
           same_lines: SameLines | None = None) -> Piece:
    if (document.article, lang) in kit.broken_articles:
        return Piece(failed=True)
    kit_view = document_kit(kit, document)
    try:
        laid, contrast = checked_lay_out(kit_view, document.layout, lang,
                                         same_lines=same_lines)
    except ContrastError as error:
        return Piece(contrast=list(error.pairs), failed=True, faint=True)
    except ContentError as error:
        return Piece(problems=list(error.problems), failed=True)
    piece = Piece(problems=list(laid.warnings), contrast=contrast,
                  printed_lines=laid.printed_lines, partly_lines=laid.partly_lines,
                  qr_payloads=tuple(dict.fromkeys(qr.payload for face in laid.faces
                                                  for qr in face.qrs)),
                  left_out_lines=laid.left_out_lines,
                  cut_lines=laid.cut_lines, given=frozenset(same_lines or ()),
                  gave_way=laid.gave_way, printed_text=laid.printed_text,
                  short_form=laid.layout is not document.layout)
    for target in targets:
        chosen = laid
        if target is Target.SCREEN and _prefers_a_face(document.layout, lang):
            chosen = _screen_lay_out(kit_view, document.layout, lang, same_lines) or laid
        drawn = drawn_pdf(kit_view, chosen, target)
        piece.pdfs.append((target, drawn.pdf))
        piece.page_sizes[target] = drawn.page_sizes
    return piece


def _without_faces(layout: Layout) -> Layout:
    """`layout` printing every language in its built-in face (layouts are loaded once:
    a copy per screen copy is made, each its own spec to what is remembered of fits)."""
    return Layout(layout.spec.model_copy(update={"script_faces": {}}), layout.folder,
                  layout.options, layout.strings)


def _prefers_a_face(layout: Layout, lang: str) -> bool:
    return any(tag in layout.spec.script_faces for tag in with_base(lang))


def _screen_lay_out(kit: Kit, layout: Layout, lang: str,
                    same_lines: SameLines | None) -> LaidOut | None:
    """The screen copy of a piece its layout prints in a face of its own choosing (Urdu
    large print in Nastaliq), laid out in the language's built-in face: a screen copy is
    read by screen readers and copied from, and poppler takes Nastaliq's clusters, drawn one
    glyph each where its cascades place them, out of their words' order. None where that
    fails: the printed piece's layout serves."""
    plain = _without_faces(layout)
    try:
        return checked_lay_out(kit, plain, lang, same_lines=same_lines)[0]
    except (ContentError, ContrastError):
        return None


def language_weight(lang: str) -> int:
    """About how long a language takes to build, against a Latin one: text shaped glyph by
    glyph or drawn right to left, or a Chinese, Japanese or Korean face subset first."""
    primary = chain_for(lang)[0]
    return 2 if primary in SHAPED_FAMILIES or family(primary).cjk_face is not None else 1
