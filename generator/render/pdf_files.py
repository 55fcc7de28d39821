"""A laid-out document (generator/layout/laid_out.py) drawn as a PDF, one function per
target: `office_pdf` (sheets in RGB, a form where the layout asks), `shop_pdf` (one item a
page, PDF/X in CMYK), `screen_pdf` (the tagged screen copy, generator/render/screen.py);
`render_pdf` picks the one for a Target (`drawn_pdf`: with its pages' sizes). `proof_pdf`
draws the shop pages in the office files' RGB: the layout's own colours, for the web
page's previews and checks that read colours back. Every file carries the document's
title and language; identical input gives identical bytes."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from types import MappingProxyType

from reportlab.lib.colors import black

from generator.content.models import Kit, Offset
from generator.i18n.fonts import REGULAR, register_fonts
from generator.i18n.form_font import form_font
from generator.i18n.localize import load_strings
from generator.i18n.reportlab_text import LevelCanvas
from generator.layout.laid_out import LaidOut
from generator.render.field_fonts import typed_in
from generator.render.form_fields import right_to_left_fields
from generator.render.inks import REGISTRATION, ShopCanvas, site_inks, site_profile
from generator.render.office import fillable, office_grid
from generator.render.pdfx import declare_pdfx
from generator.render.screen_notes import screen_notes, with_screen_notes
from generator.render.sheets import Grid, draw_office_sheets, draw_shop_pages
from generator.render.slug import slug_lines
from generator.render.targets import Target


@dataclass(frozen=True)
class Drawn:
    """A PDF, and the size of each of its pages as its canvas drew them (width, height in
    points: what the PDF's MediaBox says; generator/i18n/reportlab_text.py)."""

    pdf: bytes
    page_sizes: tuple[tuple[float, float], ...]


def render_pdf(kit: Kit, laid: LaidOut, target: Target) -> bytes:
    """The PDF of `laid` for `target`."""
    return RENDERERS[target](kit, laid).pdf


def drawn_pdf(kit: Kit, laid: LaidOut, target: Target) -> Drawn:
    """`render_pdf`, with the size of each page drawn."""
    return RENDERERS[target](kit, laid)


def document_title(kit: Kit, laid: LaidOut) -> str:
    """The title a viewer shows for the file (its tab, its window, the recent files): outside
    wording, as the card's front is, so the site's outside title in the document's language,
    which the discretion check reads on every outside surface. The format's title ("Safety
    plan") was English in every language and could say what the file is for."""
    return kit.site.title_for(laid.lang)


def office_pdf(kit: Kit, laid: LaidOut) -> Drawn:
    """The office sheets: the faces imposed on the site's paper or card stock, with cut and
    fold marks and the print instructions in the margin; a form when `fillable`."""
    buffer = io.BytesIO()
    canvas = _canvas(kit, laid, buffer, cmyk=False)
    grid = office_grid(laid.layout, laid.size, kit.site)
    canvas.setPageSize(grid.paper)
    form = fillable(kit, laid.layout)
    draw_office_sheets(canvas, laid.faces, grid, kit.site.brand_color,
                       kit.site.print_offset, laid.captions, form, laid.layout.spec.fold)
    canvas.save()
    pdf = buffer.getvalue()
    if form and laid.faces[0].rtl:
        pdf = right_to_left_fields(pdf)
    if form:
        pdf = _fields_in_the_languages_font(kit, laid.lang, pdf)
    return Drawn(with_screen_notes(pdf, screen_notes(laid.faces, [
        _first_item(grid, page % 2 == 1, kit.site.print_offset)
        for page in range(len(laid.faces))])), tuple(canvas.page_sizes))


def _fields_in_the_languages_font(kit: Kit, lang: str, pdf: bytes) -> bytes:
    """`pdf`, a form, with its text fields typed in an embedded font that covers `lang`,
    not the Helvetica ReportLab's forms name (generator/i18n/form_font.py)."""
    strings = kit.strings.get(lang) or load_strings(lang, kit.root)
    catalogue = "".join(value for value in strings.values() if isinstance(value, str))
    return typed_in(pdf, form_font(lang, catalogue, kit.site.fonts))


def _first_item(grid: Grid, back: bool, offset: Offset) -> tuple[float, float]:
    """Where a sheet's first item has its trim's lower-left corner (a back's shifted by the
    site's print offset, as draw_office_sheets places it)."""
    x, y = (0.0, 0.0) if grid.full_page else (grid.back_origin if back else grid.origin)(0, 0)
    return (x + offset.x, y + offset.y) if back else (x, y)


def shop_pdf(kit: Kit, laid: LaidOut) -> Drawn:
    """The print shop's file: one face a page with bleed and crop marks, PDF/X in CMYK for
    the site's profile, marks and slug line (what the page is) in the Registration colour."""
    buffer = io.BytesIO()
    canvas = _canvas(kit, laid, buffer, cmyk=True)
    declare_pdfx(canvas, kit.site.options.pdfx, site_profile(kit.site))
    draw_shop_pages(canvas, laid.faces, kit.site.brand_color, kit.site.bleed,
                    marks=REGISTRATION, die_line=laid.layout.spec.die_cut,
                    slugs=slug_lines(kit, laid))
    canvas.save()
    return Drawn(buffer.getvalue(), tuple(canvas.page_sizes))


def proof_pdf(kit: Kit, laid: LaidOut) -> bytes:
    """The shop file's pages in RGB, not PDF/X: what the web page shows of each face."""
    buffer = io.BytesIO()
    canvas = _canvas(kit, laid, buffer, cmyk=False)
    draw_shop_pages(canvas, laid.faces, kit.site.brand_color, kit.site.bleed,
                    marks=black, die_line=laid.layout.spec.die_cut,
                    slugs=slug_lines(kit, laid))
    canvas.save()
    return buffer.getvalue()


def screen_pdf(kit: Kit, laid: LaidOut) -> Drawn:
    """The tagged screen copy (PDF/UA-1, links, text that copies as written)."""
    from generator.render.screen import render_screen  # pikepdf: only for screen copies

    return Drawn(*render_screen(kit, laid, document_title(kit, laid)))


RENDERERS: MappingProxyType[Target, Callable[[Kit, LaidOut], Drawn]] = MappingProxyType({
    Target.OFFICE: office_pdf, Target.SHOP: shop_pdf, Target.SCREEN: screen_pdf})


def _canvas(kit: Kit, laid: LaidOut, buffer: io.BytesIO, cmyk: bool) -> LevelCanvas:
    """A canvas the size of the first face, titled, in the document's language (the
    catalogue's /Lang: what screen readers speak), whose text objects draw shaped text
    on the line (generator/i18n/reportlab_text.py); ShopCanvas for CMYK."""
    register_fonts()
    first = laid.faces[0]
    options = dict(pagesize=(first.width, first.height), invariant=1, initialFontName=REGULAR,
                   initialFontSize=10, pageCompression=1, lang=laid.lang)
    canvas = ShopCanvas(buffer, inks=site_inks(kit.site), **options) if cmyk else LevelCanvas(
        buffer, **options)
    canvas.setTitle(document_title(kit, laid))
    canvas.setCreator("havenprint")
    canvas.setProducer("havenprint")
    canvas.setSubject("")
    return canvas
