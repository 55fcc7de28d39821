"""How to print each file: paper, one- or two-sided, which edge to flip, where to cut and fold.

Derived from the layout spec and the site's settings with the same rules that impose the
sheets (office.office_grid, sheets.Grid), so the instructions match the PDF.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.content.layouts import Layout, SizeSpec, page_size
from generator.content.models import Kit
from generator.content.papers import PAPER_SIZES, PAPER_TITLES
from generator.content.stock import stock_size
from generator.content.units import PT_PER_UNIT
from generator.render.inks import site_profile
from generator.render.office import fillable, office_grid
from generator.render.pdfx import VERSIONS
from generator.render.targets import Target


@dataclass(frozen=True)
class PrintNote:
    target: Target
    paper: str  # "Letter, portrait" or "custom page, 3.92 x 2.67 in ..."
    sides: int  # 1 or 2
    flip: str | None  # long | short: the edge a two-sided office sheet turns on
    steps: tuple[str, ...]


def describe_size(width: float, height: float) -> str:
    """`8.5 × 11 in (216 × 279 mm)` for a size in points."""
    inches, millimetres = PT_PER_UNIT["in"], PT_PER_UNIT["mm"]
    return (f"{width / inches:.3g} × {height / inches:.3g} in "
            f"({width / millimetres:.0f} × {height / millimetres:.0f} mm)")


def paper_name(width: float, height: float) -> str | None:
    """`Letter` for a page of 612 x 792 pt in either orientation; None for other sizes."""
    for key, (short, long) in PAPER_SIZES.items():
        if abs(min(width, height) - short) < 1 and abs(max(width, height) - long) < 1:
            return PAPER_TITLES[key]
    return None


def item_size(kit: Kit, layout: Layout) -> SizeSpec | None:
    size = layout.spec.sizes.get(str(kit.site.option(layout.spec.size_option)))
    if size is not None:
        size = page_size(layout.spec, size)  # what is printed: one page of a large print
    try:
        return None if size is None else stock_size(kit.site.stock, layout, size)
    except ValueError:
        return size  # the build says what is wrong


def print_note(kit: Kit, layout: Layout, target: Target,
               page: tuple[float, float], for_page: bool = False) -> PrintNote:
    """The instructions for `layout` built for `target`, whose first page is `page` pt;
    `for_page`: for the web page, which names the Settings page where a file would name a
    setting of site.yaml."""
    size = item_size(kit, layout)
    sides = 2 if len(layout.spec.faces) > 1 else 1
    orientation = "landscape" if page[0] > page[1] else "portrait"
    named = paper_name(*page)
    if target == Target.SCREEN:
        return PrintNote(target, "one piece per page, to read on a screen", 1, None,
                         _screen_steps(layout))
    if target == Target.OFFICE:
        paper = f"{named}, {orientation}" if named else f"{describe_size(*page)} ({orientation})"
        flip = layout.spec.imposition.flip if sides == 2 else None
        return PrintNote(target, paper, sides, flip, _office_steps(kit, layout, size, flip,
                                                                   for_page))
    paper = f"{describe_size(*page)} per page, for a print shop"
    return PrintNote(target, paper, sides, None, _shop_steps(kit, layout, size, sides,
                                                              for_page))


def _office_steps(kit: Kit, layout: Layout, size: SizeSpec | None,
                  flip: str | None, for_page: bool = False) -> tuple[str, ...]:
    steps = ["Print at 100 % (“actual size”), not “fit to page”."]
    if flip is not None:
        steps.append(f"Print both pages on one sheet, two-sided, flipping on the {flip} edge; "
                     "page 1 is the front, page 2 the back.")
    else:
        steps.append("Print one-sided.")
    if size is not None:
        grid = office_grid(layout, size, kit.site)
        count = grid.columns * grid.rows
        pieces = (f"{count} {'piece' if count == 1 else 'pieces'} of "
                  f"{describe_size(size.width, size.height)} per sheet")
        if grid.stock and grid.die_cut:
            steps.insert(0, f"Print on {grid.stock}.")
            steps.insert(1, "Print one page on plain paper first and hold it against a sheet "
                            "of labels, up to the light: each circle should sit on a label.")
            steps.append(f"Peel the stickers off the sheet: {pieces}.")
        elif grid.stock:
            steps.insert(0, f"Print on {grid.stock}.")
            steps.append(f"Separate the cards along the perforations: {pieces}.")
        elif not grid.full_page:
            steps.append(f"Cut along the solid marks in the margins: {pieces}.")
        steps.extend(_fold_steps(layout, size, marks="dashed marks in the margins"
                                 if not grid.full_page else "faint ticks near the page edges"))
    if has_writing_space(layout):
        steps.append("It has lines to write on: print it on uncoated paper or card that a "
                     "ballpoint pen writes on (not glossy or laminated).")
    if fillable(kit, layout):
        steps.append("It is also a form: it can be typed into in a PDF reader, then printed. "
                     "Do not save a filled-in copy on a shared or monitored phone or computer, "
                     "and do not email it: anyone who uses that device could find it.")
    if flip is not None:
        steps.append("If the backs come out shifted, set the print offset on the Settings "
                     "page." if for_page else
                     "If the backs come out shifted, set print_offset in site.yaml.")
    return tuple(steps)


def has_writing_space(layout: Layout) -> bool:
    """Whether the piece has lines to write on (a ruled slot or filler: notes, a safety
    plan's questions, the folding card's write-in line): then it needs stock a pen takes."""
    return any(slot.ruled or any(filler.ruled for filler in slot.fillers)
               for face in layout.spec.faces.values() for slot in face.slots)


def _shop_steps(kit: Kit, layout: Layout, size: SizeSpec | None,
                sides: int, for_page: bool = False) -> tuple[str, ...]:
    bleed = kit.site.bleed
    steps = ["Send this file to a print shop: one item per page at trim size plus "
             f"{bleed / PT_PER_UNIT['in']:.3g} in ({bleed / PT_PER_UNIT['mm']:.1f} mm) bleed, "
             "with crop marks; TrimBox and BleedBox are set, and no ArtBox (PDF/X takes a "
             "TrimBox or an ArtBox, not both: a viewer that shows an ArtBox as large as the "
             "page shows its default).",
             f"It is {VERSIONS[kit.site.options.pdfx].name} in CMYK for the profile "
             f"\"{site_profile(kit.site).description}\": ask the shop whether that suits its "
             "press and paper, or " + ("put the profile it sends in the content folder and "
                                       "choose it on the Settings page." if for_page else
                                       "set icc_profile in site.yaml to the profile it "
                                       "sends.")]
    if sides == 2:
        steps.append("Page 1 is the front, page 2 the back: ask for two-sided printing.")
    if size is not None and layout.spec.die_cut == "circle":
        steps.append(f"Cut round along the die line, the path in the spot colour CutContour "
                     f"(a circle of {describe_size(size.width, size.height)}); it is set to "
                     "overprint and is not printed.")
    elif size is not None:
        steps.append(f"Trim at the crop marks to {describe_size(size.width, size.height)}.")
        steps.extend(_fold_steps(layout, size, marks="dashed marks"))
    if has_writing_space(layout):
        steps.append("It has lines to write on: ask for an uncoated stock that a ballpoint pen "
                     "writes on (no gloss or silk coating, no lamination).")
    return tuple(steps)


def _screen_steps(layout: Layout) -> tuple[str, ...]:
    faces = layout.spec.faces.values()
    pieces = ("its pages, in the order they are read" if layout.spec.pages == "panels"
              else "each panel on a page of its own, from the cover, in the order it is read"
              if any(len(face.panel_backgrounds or ()) > 1 or face.panel_names for face in faces)
              else "each side on a page of its own" if len(layout.spec.faces) > 1
              else "one page")
    return ("To read on a screen, post on a website or send by email or message; not for "
            "printing (print the office or print-shop file).",
            f"Laid out as the printed piece: {pieces}.",
            "A tagged PDF (PDF/UA-1): screen readers read its headings, paragraphs, lists, "
            "the lines and what the QR code does; every number and web address is a link "
            "that calls, texts or opens it; copied text reads as written in every language.")


def _fold_steps(layout: Layout, size: SizeSpec, marks: str) -> list[str]:
    steps = []
    panels = len(size.panels or ())
    if panels > 1:
        verb = "Fold" if layout.spec.panel_edges == "fold" else "Cut"
        steps.append(f"{verb} at the {marks} into {panels} panels.")
    if layout.spec.slots_of_kind("tabs"):
        steps.append("Cut along the dashed lines between the tear-off tabs, up to the line "
                     "across their top, so that people can tear one off.")
    return steps
