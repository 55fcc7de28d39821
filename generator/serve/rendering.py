"""Documents laid out and drawn in memory, their faces as PNGs for the page.

A face is drawn as the print shop's page in screen colours (`proof_pdf`: the colours of
the office file), trimmed to the card, so that a volunteer sees the item itself, without
bleed or crop marks. PNGs go to a `PngStore` under the digest
of their bytes: a page asks for `/png/<digest>.png`, which never changes, and the store
keeps the most recent ones up to a byte budget, so that memory stays flat however many
previews are made.
"""

from __future__ import annotations

import functools
import hashlib
import html
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from generator.content.documents import document_name, document_sizes, sized_kit
from generator.content.layouts import Layout
from generator.content.models import Kit, Site
from generator.errors import Code, ContentError, Problem
from generator.kit.page_sizes import page_sizes
from generator.kit.previews import png_pages
from generator.layout.placed import PlacedFace
from generator.pipeline.build import lay_out
from generator.render.office import office_grid
from generator.render.pdf_files import proof_pdf
from generator.render.printing import PrintNote, print_note
from generator.render.targets import Target
from generator.safety.contrast import darker_shade
from generator.safety.legibility import ContrastError, TextOnGround, contrast_problem, too_faint
from generator.serve.outside_words import (
    checks_outside,
    face_findings,
    finding_problems,
    without_discretion,
)

THUMBNAIL_PIXELS = 280  # the longer side of a face on the Overview
PREVIEW_PIXELS = 1100  # ... beside an editor
MAX_DPI = 144  # a card at twice the screen's 72 dpi: its numbers and QR code sharp
STORE_BUDGET = 48 * 1024 * 1024


class PngStore:
    """PNGs by digest, the most recently used kept up to `budget` bytes."""

    def __init__(self, budget: int = STORE_BUDGET) -> None:
        self._budget = budget
        self._size = 0
        self._items: OrderedDict[str, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def put(self, data: bytes) -> str:
        key = hashlib.blake2b(data, digest_size=16).hexdigest()
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return key
            self._items[key] = data
            self._size += len(data)
            while self._size > self._budget and len(self._items) > 1:
                _, dropped = self._items.popitem(last=False)
                self._size -= len(dropped)
        return key

    def keep(self, key: str) -> bool:
        """Whether `key` is still in the store (it is then the most recently used)."""
        return self.get(key) is not None

    def get(self, key: str) -> bytes | None:
        with self._lock:
            data = self._items.get(key)
            if data is not None:
                self._items.move_to_end(key)
            return data

    @property
    def size(self) -> int:
        return self._size


@dataclass(frozen=True)
class FaintText(Problem):
    """The build's problem of a colour too light to read text in or on, with the texts
    found too faint: the page says it in its own words, on the colour's field."""

    pairs: tuple[TextOnGround, ...] = ()


def faint_text(site: Site, pairs: list[TextOnGround]) -> FaintText | None:
    found = contrast_problem(site, pairs)
    if found is None:
        return None
    return FaintText(found.path, found.message, found.line, found.severity, code=found.code,
                     fields=found.fields, pairs=tuple(pairs))


def colour_said(site: Site, faint: FaintText) -> str:
    """The colour's problem for people: how far it is from readable, and a colour that is."""
    brand = site.brand_color
    failing = too_faint(faint.pairs, brand)
    if not failing:
        return "This colour makes some text too faint to read."
    worst = min(failing, key=lambda pair: pair.ratio(brand) / pair.needed)
    shade = darker_shade(brand, lambda colour: not too_faint(faint.pairs, colour))
    then = (f" {shade}, the same colour darker, can be read everywhere: choose it, or "
            "another dark colour." if shade else " Choose a darker colour.")
    return (f"{brand} is too light: text printed in it or on it cannot be read well (a "
            f"contrast of {worst.ratio(brand):.1f} to 1, where {worst.needed:g} to 1 is "
            f"needed).{then}")


@dataclass(frozen=True)
class FaceImage:
    key: str
    width: int
    height: int
    label: str  # "Pocket card (en), back"
    text: tuple[str, ...] = ()  # what it says, in reading order: the picture for a screen reader

    @property
    def url(self) -> str:
        return f"/png/{self.key}.png"

    def as_json(self) -> dict[str, Any]:
        return {"url": self.url, "width": self.width, "height": self.height,
                "label": self.label, "text": list(self.text)}


def face_text(face: PlacedFace) -> tuple[str, ...]:
    """The text of a face as it reads: panel by panel, each from the top down, then across;
    an icon's word with its line, and what each QR code does."""
    def panel(x: float) -> int:
        return next((index for index, box in enumerate(face.panels)
                     if box.x <= x <= box.x + box.width), 0)

    placed = sorted(face.texts, key=lambda text: (panel(text.x + 0.5), -round(text.y, 1),
                                                  text.x))
    lines = []
    for text in placed:
        words = " ".join(text.paragraph.getPlainText().split())
        icon = html.unescape(text.icon.icon.alt) if text.icon is not None else ""
        line = f"{icon}: {words}" if icon and words else words or icon
        if line:
            lines.append(line)
    lines.extend(qr_said(qr.payload) for qr in face.qrs)
    return tuple(lines)


def qr_said(payload: str) -> str:
    """What a QR code does, in words: "QR code: calls +18007997233"."""
    if payload.lower().startswith("tel:"):
        number, _, extension = payload[4:].partition(",")
        return f"QR code: calls {number}" + (f", then extension {extension}" if extension
                                             else "")
    if payload.upper().startswith("SMSTO:"):
        number, _, body = payload[6:].partition(":")
        return f"QR code: starts a text to {number}" + (f" saying “{body}”" if body else "")
    return f"QR code: opens {payload}"


@dataclass
class DocumentView:
    layout: str  # the format's folder name
    name: str  # the file's stem: poster-letter
    title: str
    lang: str
    size: str = ""  # the size it is drawn at (a poster's paper)
    faces: list[FaceImage] = field(default_factory=list)
    errors: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    notes: list[PrintNote] = field(default_factory=list)

    @property
    def left_out(self) -> list[Problem]:
        """Warnings about what the page could not hold (lines, details, max_lines)."""
        return [w for w in self.warnings if w.code in LEFT_OUT]

    @property
    def other_warnings(self) -> list[Problem]:
        return [w for w in self.warnings if w.code not in LEFT_OUT]


# What a piece leaves out, as a document's list of what it could not hold says it.
LEFT_OUT = frozenset({Code.LINE_LEFT_OUT, Code.LINE_LEFT_OUT_AFTER, Code.DETAIL_LEFT_OUT,
                      Code.LINE_NOT_PRINTED, Code.MAX_LINES, Code.GAVE_WAY,
                      Code.ROOM_LEFT_OUT, Code.PARAGRAPHS_LEFT_OUT, Code.TEXT_TOO_TALL,
                      Code.TEXT_TOO_WIDE})


def documents(kit: Kit, layouts: list[Layout]) -> list[tuple[Layout, str]]:
    """(format, size) of every document the kit prints, posters at the site's size."""
    return [(layout, size) for layout in layouts for size in document_sizes(kit, layout)]


def check_documents(kit: Kit, layouts: list[Layout], langs: list[str],
                    skip: tuple[str, str] | None = None) -> list[Problem]:
    """What laying out every document in `langs` finds (as `check` does, without drawing),
    but for `skip` (layout, lang), drawn already; each problem once."""
    return unique_problems(job() for job in document_checks(kit, layouts, langs, skip))


def document_checks(kit: Kit, layouts: list[Layout], langs: list[str],
                    skip: tuple[str, str] | None = None) -> list[Callable[[], list[Problem]]]:
    """`check_documents` as one job per document and language, each laying it out (the web
    page runs them as background jobs, so that a preview never waits for all of them)."""
    jobs: list[Callable[[], list[Problem]]] = []
    for layout, size_key in documents(kit, layouts):
        sized = sized_kit(kit, layout, size_key)
        for lang in langs:
            if (layout.name, lang) == skip or (kit.site.article_slugs[0], lang) in (
                    kit.broken_articles):
                continue
            jobs.append(functools.partial(_laid_out_problems, sized, layout, lang))
    return jobs


def unique_problems(found: Iterable[list[Problem]]) -> list[Problem]:
    """The problems of several documents, each once (by file, message and language)."""
    kept: dict[tuple[str, str, str | None], Problem] = {}
    for problems in found:
        for problem in problems:
            kept.setdefault((str(problem.path), problem.message, problem.lang), problem)
    return list(kept.values())


def _laid_out_problems(kit: Kit, layout: Layout, lang: str) -> list[Problem]:
    checked = checks_outside(kit, lang)
    try:
        laid = lay_out(without_discretion(kit) if checked else kit, layout, lang)
    except ContrastError as error:
        faint = faint_text(kit.site, error.pairs)
        return [faint] if faint is not None else []
    except ContentError as error:
        return list(error.problems)
    except Exception as error:  # noqa: BLE001 -- a layout's bug must not stop the page
        return [_unexpected(kit, layout, lang, error)]
    return [*_revealing(kit, layout, laid.faces, lang, checked), *laid.warnings]


def _revealing(kit: Kit, layout: Layout, faces: list[PlacedFace], lang: str,
               checked: bool) -> list[Problem]:
    """The build's discretion check, each word on the file that put it on the outside."""
    if not checked:
        return []
    return finding_problems(kit, layout, face_findings(kit, faces, layout.spec.title, lang),
                            lang)


def _unexpected(kit: Kit, layout: Layout, lang: str, error: Exception) -> Problem:
    reason = f"{type(error).__name__}: {str(error)[:200]}"
    return Problem(layout.folder / "layout.yaml", (
        f"the {layout.spec.title} ({lang}) could not be laid out ({reason}): check the values "
        "last changed"), code=Code.UNEXPECTED, lang=lang,
        fields={"format": layout.name, "reason": reason})


def preview_document(kit: Kit, layout: Layout, lang: str, store: PngStore,
                     size_key: str | None = None, pixels: int = PREVIEW_PIXELS,
                     notes: bool = False) -> DocumentView:
    """Lay out and draw one document; its faces as PNGs in `store`, or its problems."""
    size_key = size_key or document_sizes(kit, layout)[0]
    sized = sized_kit(kit, layout, size_key)
    view = DocumentView(layout.name, document_name(layout, size_key), layout.spec.title, lang,
                        size_key)
    broken = kit.broken_articles.get((kit.site.article_slugs[0], lang))
    if broken is not None:
        view.errors = list(broken)
        return view
    checked = checks_outside(sized, lang)
    try:
        laid = lay_out(without_discretion(sized) if checked else sized, layout, lang)
    except ContrastError as error:
        faint = faint_text(kit.site, error.pairs)
        view.errors = [faint] if faint is not None else []
        return view
    except ContentError as error:
        view.errors = list(error.problems)
        return view
    except Exception as error:  # noqa: BLE001 -- a value the checks let through: said, not a 500
        view.errors = [_unexpected(kit, layout, lang, error)]
        return view
    outside = _revealing(sized, layout, laid.faces, lang, checked)
    view.warnings = [*laid.warnings, *(p for p in outside if p.severity != "error")]
    view.errors = [p for p in outside if p.severity == "error"]  # drawn, not built
    try:
        data = proof_pdf(sized, laid)
    except Exception as error:  # noqa: BLE001
        view.errors = [_unexpected(kit, layout, lang, error)]
        return view
    longest = max(max(face.width, face.height) for face in laid.faces)
    dpi = min(MAX_DPI, pixels * 72 / longest)
    face_names = list(layout.spec.faces)
    for index, png in enumerate(png_pages(data, kit.site.brand_color, dpi, trim=True)):
        face = face_names[index] if index < len(face_names) else f"page {index + 1}"
        text = face_text(laid.faces[index]) if index < len(laid.faces) else ()
        view.faces.append(FaceImage(store.put(png.data), png.width, png.height,
                                    f"{layout.spec.title} ({lang}), {face}", text))
    if notes:
        office_paper = office_grid(laid.layout, laid.size, sized.site).paper
        view.notes = [print_note(sized, layout, Target.OFFICE, office_paper, for_page=True),
                      print_note(sized, layout, Target.SHOP, page_sizes(data)[0],
                                 for_page=True)]
    return view
