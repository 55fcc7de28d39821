"""The office file's sheets: where the items sit on the paper (`office_grid`), what their
margins say (`office_captions`) and whether the file is a form to type into (`fillable`).
The office PDF (generator/render/pdf_files.py) and its print instructions
(generator/render/printing.py) both read them, so the instructions match the sheets."""

from __future__ import annotations

from generator.content.audiences import kit_folders
from generator.content.caches import cached_layouts
from generator.content.extends import locale_root
from generator.content.layouts import Layout, SizeSpec, declared_strings
from generator.content.models import Kit, Site, Stock
from generator.content.papers import PAPER_SIZES
from generator.content.stock import applies_to, size_stock
from generator.content.units import mm
from generator.errors import Code, ContentError, Problem
from generator.i18n.fonts import font_set
from generator.i18n.kit_characters import kit_characters
from generator.i18n.localize import load_strings
from generator.i18n.scripts import font_advice, script_of
from generator.layout.compose import format_month
from generator.layout.coverage import characters, served_languages
from generator.layout.laid_out import SheetCaptions
from generator.layout.placed import PlacedFace
from generator.render.captions import caption_texts
from generator.render.sheets import MARK_GAP, MIN_MARK, PRINTABLE, Grid, fold_lines

# The least margin of a sheet cut by hand: the printer's unprintable edge, the bleed, and
# marks that can be seen.
HAND_CUT_MARGIN = PRINTABLE + mm(2) + MARK_GAP + MIN_MARK


def _stock_for(layout: Layout, size: SizeSpec, site: Site) -> Stock:
    """The site's stock when this format prints on it, else the format's own label sheet,
    else the site's (hand-cut: its gaps)."""
    stock = site.stock
    if not applies_to(stock, layout):
        stock = size_stock(layout, size) or stock  # the format's own label sheet
    return stock


def office_stock(layout: Layout, size: SizeSpec, site: Site) -> Stock | None:
    """The card or label stock the office sheet is laid out on; None: plain paper."""
    stock = _stock_for(layout, size, site)
    return stock if applies_to(stock, layout) and stock.paper is not None else None


def office_grid(layout: Layout, size: SizeSpec, site: Site) -> Grid:
    """The office sheet: the site's card stock when this format prints on it (its grid is
    the stock's), else the items centred on the site's paper, or on the size's own paper,
    turned to landscape when they are wider than tall. A centred grid keeps HAND_CUT_MARGIN
    for the printer's edge, the bleed and the cut marks, unless it is a single item exactly
    the size of the sheet (a brochure, a poster)."""
    stock = _stock_for(layout, size, site)
    if applies_to(stock, layout) and stock.paper is not None:
        paper = PAPER_SIZES[stock.paper]
        return Grid(paper, stock.columns or 1, stock.rows or 1, size.width,
                    size.height, stock.left or 0.0,
                    paper[1] - (stock.top or 0.0) - stock.sheet_height(), stock.column_gap,
                    stock.row_gap, stock.bleed, stock.perforated, stock.title, stock.die_cut)
    imposition = layout.spec.imposition
    width = imposition.columns * size.width
    height = imposition.rows * size.height
    candidates = []
    for paper_name in dict.fromkeys((site.options.paper, size.paper)):
        short, long = sorted(PAPER_SIZES[paper_name])
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
    stock = office_stock(layout, size, kit.site)
    labels = None
    if stock is not None and stock.label_size and stock.products:
        # a label sheet as the printer's language says it, not stock.yaml's English title
        labels = {"size": stock.label_size, "products": stock.products,
                  "count": (stock.columns or 1) * (stock.rows or 1)}
    texts = caption_texts(len(faces), layout.spec.imposition.flip, bool(fold_lines(faces[0])[1]),
                          grid.perforated, grid.stock,
                          format_month(min(checked), caption_lang) if checked else None,
                          strings, peeled=grid.die_cut, labels=labels)
    fonts = font_set(caption_lang, "".join(texts), kit.site.fonts,
                     known=lambda: kit_characters(kit_folders(kit), caption_lang,
                                                  served_languages(kit)))
    missing = fonts.missing("".join(texts))
    if missing:
        raise ContentError(Problem(kit.site.source.path, (
            f"office_language: {caption_lang}: the print instructions' "
            f"{characters(missing)} in no configured font"
            f"{''.join(dict.fromkeys(font_advice(c, caption_lang) for c in missing))}"),
            kit.site.line_of("office_language"), code=Code.CAPTIONS_NO_FONT, lang=caption_lang,
            fields={"characters": characters(missing), "script": next(
                (found.name for char in missing if (found := script_of(char)) is not None
                 and found.family is None), None)}))
    return SheetCaptions(caption_lang, tuple(texts), fonts, layout.spec.sheet_caption_size)


def fillable(kit: Kit, layout: Layout) -> bool:
    """Whether the layout's office file is a form: the setting its `fields_when` names is on
    (a safety plan's safety_plan_fillable). Shop files (PDF/X) and screen copies never are."""
    switch = layout.spec.fields_when
    return switch is not None and bool(kit.site.option(switch))
