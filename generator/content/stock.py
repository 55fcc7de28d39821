"""Card stock: the named sheets in layouts/stock.yaml, or a site's own, for `stock:`.

A fixed stock (perforated card sheets) says exactly where each card is; `hand-cut` centres
the cards on plain paper with gaps where the sheet has room. Only a format whose office
sheet has the stock's columns and rows (the pocket card) is printed on it; the others print
on plain paper, cut by hand.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from generator.content.layouts import LAYOUTS_DIR, Layout, SizeSpec
from generator.content.models import Stock
from generator.content.papers import PAPER_SIZES, OfficePaper
from generator.content.units import PT_PER_UNIT, mm, parse_written_length
from generator.content.validation_problems import prefixed, problems_from
from generator.content.yamlfile import load_yaml
from generator.engine import remembered
from generator.errors import Code, ContentError, Problem

STOCK_FILE = LAYOUTS_DIR / "stock.yaml"
HAND_CUT = "hand-cut"
# A card within this of the layout's own size takes the stock's size (85 x 54 mm stock for
# 85 x 55 mm cards): every box is a fraction of the card, so the layout follows.
SIZE_TOLERANCE = mm(2)


class StockModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    title: str = ""
    perforated: bool = False
    paper: OfficePaper | None = None
    card: tuple[float, float] | None = None
    columns: int | None = Field(default=None, ge=1, le=10)
    rows: int | None = Field(default=None, ge=1, le=20)
    left: float | None = None
    top: float | None = None
    column_gap: float = 0.0
    row_gap: float = 0.0
    bleed: float = mm(2)
    die_cut: bool = False  # labels, cut out already: peeled off the sheet
    label_size: str = ""  # with products: the sheet said in the printer's language
    products: str = ""

    @field_validator("left", "top", "column_gap", "row_gap", "bleed", mode="before")
    @classmethod
    def _length(cls, value: Any) -> float | None:
        return None if value is None else _non_negative(parse_written_length(value))

    @field_validator("card", mode="before")
    @classmethod
    def _size(cls, value: Any) -> Any:
        if not isinstance(value, list | tuple) or len(value) != 2:
            raise ValueError("expected [width, height], e.g. [85mm, 54mm]")
        return tuple(_positive(parse_written_length(item)) for item in value)

    def fixed_fields(self) -> dict[str, object]:
        return {"paper": self.paper, "card": self.card, "columns": self.columns,
                "rows": self.rows, "left": self.left, "top": self.top}


def _non_negative(value: float) -> float:
    if value < 0:
        raise ValueError("must not be negative")
    return value


def _positive(value: float) -> float:
    if value <= 0:
        raise ValueError("must be more than 0")
    return value


def stock_from(name: str, model: StockModel) -> Stock:
    """The stock a model describes; ValueError when its geometry is half given or off the
    paper."""
    fixed = model.fixed_fields()
    given = [key for key, value in fixed.items() if value is not None]
    if given and len(given) < len(fixed):
        missing = ", ".join(key for key, value in fixed.items() if value is None)
        raise ValueError(f"a card sheet needs all of paper, card, columns, rows, left and "
                         f"top; missing: {missing}")
    stock = Stock(name, model.title or name, model.perforated, model.paper, model.card,
                  model.columns, model.rows, model.left, model.top, model.column_gap,
                  model.row_gap, model.bleed, model.die_cut, model.label_size,
                  model.products)
    if stock.fixed:
        width, height = PAPER_SIZES[stock.paper or "letter"]
        right = width - stock.sheet_width() - (stock.left or 0.0)
        bottom = height - stock.sheet_height() - (stock.top or 0.0)
        if min(right, bottom) < -0.5:
            raise ValueError(f"the cards run {_mm(-min(right, bottom))} off the "
                             f"{stock.paper} sheet: check card, left, top and the gaps")
    return stock


def _mm(points: float) -> str:
    return f"{points / PT_PER_UNIT['mm']:.3g} mm"


@remembered(1)
def named_stocks() -> dict[str, Stock]:
    """The stocks layouts/stock.yaml names."""
    doc = load_yaml(STOCK_FILE)
    stocks: dict[str, Stock] = {}
    problems: list[Problem] = []
    for name, raw in (doc.data or {}).items():
        try:
            stocks[str(name)] = stock_from(str(name), StockModel.model_validate(raw))
        except ValidationError as error:
            problems.extend(prefixed(p, str(name))
                            for p in problems_from(error, doc, StockModel))
        except ValueError as error:
            problems.append(Problem(STOCK_FILE, f"{name}: {error}", doc.line_of((name,)),
                                    code=Code.SCHEMA_VALUE,
                                    fields={"field": str(name), "reason": str(error)}))
    if problems:
        raise ContentError(problems)
    return stocks


def size_stock(layout: Layout, size: SizeSpec) -> Stock | None:
    """The label sheet layout.yaml names for a size (`stock:`), checked against it: a
    stock there is, holding this size's pieces in the layout's grid; ContentError naming
    the line otherwise."""
    if size.stock is None:
        return None
    path = layout.folder / "layout.yaml"
    key = next((key for key, spec in layout.spec.sizes.items() if spec.stock == size.stock),
               "?")
    where = f"sizes.{key}.stock: {size.stock}"
    stocks = named_stocks()
    stock = stocks.get(size.stock)
    if stock is None:
        raise ContentError(Problem(path, (f"{where}: layouts/stock.yaml has no such stock; "
                                          f"stocks: {', '.join(stocks)}"),
                                   code=Code.STOCK_UNKNOWN,
                                   fields={"stock": size.stock, "valid": tuple(stocks)}))
    imposition = layout.spec.imposition
    if not applies_to(stock, layout) or stock.card is None or max(
            abs(stock.card[0] - size.width), abs(stock.card[1] - size.height)) > 0.01:
        raise ContentError(Problem(path, (
            f"{where} holds {stock.columns} × {stock.rows} pieces of "
            f"{_mm(stock.card[0]) if stock.card else '?'} × "
            f"{_mm(stock.card[1]) if stock.card else '?'}; the {layout.name} at this size "
            f"prints {imposition.columns} × {imposition.rows} of {_mm(size.width)} × "
            f"{_mm(size.height)}: name a stock that holds them"), code=Code.STOCK_MISFITS,
            fields={"stock": stock.name, "format": layout.name}))
    return stock


def applies_to(stock: Stock, layout: Layout) -> bool:
    """Whether `layout`'s office sheet prints on this stock: its grid is the stock's."""
    imposition = layout.spec.imposition
    return stock.fixed and (imposition.columns, imposition.rows) == (stock.columns, stock.rows)


def stock_size(stock: Stock, layout: Layout, size: SizeSpec) -> SizeSpec:
    """The layout's size as printed on `stock`: the stock's card when it is within
    SIZE_TOLERANCE of the layout's; ValueError naming the fix when it is another card, or
    this card in another grid than the layout's sheet (it would print on plain paper)."""
    if stock.card is None:
        return size
    width, height = stock.card
    if not applies_to(stock, layout):
        imposition = layout.spec.imposition
        if stock.fixed and max(abs(width - size.width), abs(height - size.height)) \
                <= SIZE_TOLERANCE:  # the stock holds this format's cards, another grid of them
            raise ValueError(
                f"stock {stock.name} holds {stock.columns} × {stock.rows} cards a sheet, the "
                f"{layout.name} prints {imposition.columns} × {imposition.rows}: choose a "
                f"stock of {imposition.columns} × {imposition.rows} cards, or hand-cut")
        return size
    if abs(width - size.width) < 0.01 and abs(height - size.height) < 0.01:
        return size
    if abs(width - size.width) > SIZE_TOLERANCE or abs(height - size.height) > SIZE_TOLERANCE:
        raise ValueError(
            f"stock {stock.name} holds cards of {_mm(width)} × {_mm(height)}, the "
            f"{layout.name} is {_mm(size.width)} × {_mm(size.height)}: choose the card_size "
            "that matches the stock")
    return size.model_copy(update={"width": width, "height": height})
