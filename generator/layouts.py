"""Layout folders: each `layouts/<name>/layout.yaml` says what goes where on a format."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from generator.errors import ContentError
from generator.schema import problems_from
from generator.units import parse_length
from generator.yamlfile import load_yaml

LAYOUTS_DIR = Path(__file__).resolve().parent.parent / "layouts"

Box = tuple[float, float, float, float]  # left, top, width, height as fractions of the safe area


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class StyleSpec(_Strict):
    weight: Literal["regular", "bold"] = "regular"
    size: float
    leading: float
    min_size: float | None = None  # shrinks no further; default: the layout's body_floor
    color: Literal["ink", "muted", "brand", "paper"] = "ink"
    align: Literal["left", "center", "right"] = "left"
    space_before: float = 0.0
    space_after: float = 0.0


class SlotSpec(_Strict):
    name: str
    kind: Literal["text", "list", "qr", "ornament"]
    box: Box
    style: str | None = None
    source: Literal["site", "article", "resources", "locale"] | None = None
    required: bool = False
    valign: Literal["top", "middle", "bottom"] = "top"
    align: Literal["left", "center", "right"] = "center"
    of: Literal["resources"] | None = None
    design: str | None = None

    @field_validator("box")
    @classmethod
    def _inside(cls, box: Box) -> Box:
        left, top, width, height = box
        if min(box) < 0 or left + width > 1.0001 or top + height > 1.0001:
            raise ValueError("box must lie in the safe area: [left, top, width, height] in 0..1")
        return box


class FaceSpec(_Strict):
    template: str
    background: Literal["brand", "paper"] = "paper"
    outside: bool = False
    slots: list[SlotSpec]


class SizeSpec(_Strict):
    width: float
    height: float
    paper: Literal["letter", "a4"]
    safe_margin: float

    @field_validator("width", "height", "safe_margin", mode="before")
    @classmethod
    def _length(cls, value: Any) -> float:
        return parse_length(value)


class ImpositionSpec(_Strict):
    columns: int = Field(ge=1)
    rows: int = Field(ge=1)


class LayoutSpec(_Strict):
    name: str
    title: str
    description: str
    size_option: str
    sizes: dict[str, SizeSpec]
    imposition: ImpositionSpec
    body_floor: float
    styles: dict[str, StyleSpec]
    faces: dict[str, FaceSpec]


@dataclass(frozen=True)
class Layout:
    spec: LayoutSpec
    folder: Path

    @property
    def name(self) -> str:
        return self.spec.name


def load_layout(folder: Path) -> Layout:
    doc = load_yaml(folder / "layout.yaml")
    try:
        spec = LayoutSpec.model_validate(doc.data)
    except ValidationError as error:
        raise ContentError(problems_from(error, doc, LayoutSpec)) from None
    return Layout(spec, folder)


def available_layouts(root: Path = LAYOUTS_DIR) -> dict[str, Layout]:
    """Every layout folder under `root`, by name, in name order."""
    return {
        folder.name: load_layout(folder)
        for folder in sorted(root.iterdir())
        if (folder / "layout.yaml").is_file()
    }
