"""Layout folders: each `layouts/<name>/layout.yaml` says what goes where on a format."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)

from generator import PACKAGE_DIR
from generator.content.units import parse_length
from generator.content.validation_problems import problems_from
from generator.content.yamlfile import YamlDoc, load_yaml
from generator.errors import ContentError, Problem

# The formats: the repository's layouts/ folder, shipped in an installed package as
# generator/formats (setup.py maps one onto the other).
_INSTALLED = PACKAGE_DIR / "formats"
LAYOUTS_DIR = _INSTALLED if _INSTALLED.is_dir() else _INSTALLED.parent.parent / "layouts"
LAYOUT_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")

Box = tuple[float, float, float, float]  # left, top, width, height as fractions of the safe area


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class StyleSpec(_Strict):
    weight: Literal["regular", "bold"] = "regular"
    size: float
    leading: float
    min_size: float | None = None  # shrinks no further; default: the layout's body_floor
    max_size: float | None = None  # grows this far when the text leaves room; default: size
    keep_with_next: bool = False  # headings: never the last thing in a panel
    balance: bool = False  # titles, headings: no lone word on the last line if avoidable
    hang: float = 0.0  # hanging indent, for bullet points
    color: Literal["ink", "muted", "brand", "paper"] = "ink"
    align: Literal["left", "center", "right"] = "left"
    space_before: float = 0.0
    space_after: float = 0.0

    @model_validator(mode="after")
    def _range(self) -> StyleSpec:
        if self.max_size is not None and self.max_size < self.size:
            raise ValueError(f"max_size {self.max_size:g} is below size {self.size:g}")
        return self


class FillerSpec(_Strict):
    """What a flow slot puts in the room its text leaves: a template block, set at the
    text's size. `ruled`: lines to write on run down to the foot of its panel."""

    block: str
    ruled: bool = False


class SlotSpec(_Strict):
    name: str
    kind: Literal["text", "list", "qr", "ornament", "flow", "tabs"]
    box: Box
    panel: int = 0  # which panel of the face the box is in (formats with panels)
    panels: list[int] | None = None  # flow: the panels the text runs through, in order
    count: int = 8  # tabs: how many
    rotate: Literal[0, 90] = 0
    style: str | None = None
    source: Literal["site", "article", "resources", "locale"] | None = None
    required: bool = False
    valign: Literal["top", "middle", "bottom"] = "top"
    align: Literal["left", "center", "right"] = "center"
    of: Literal["resources"] | None = None
    design: str | None = None
    safety: list[str] = []  # catalogue strings of safety wording it prints (any one): kept
    # Stacking in a column: the box's top follows the foot of what the slot `below` names
    # printed, its bottom the head of what the slot `above` names printed, `gap` apart.
    below: str | None = None
    above: str | None = None
    gap: float = 4.0
    fillers: list[FillerSpec] = []  # flow: what fills the panels the text leaves empty
    ruled: bool = False  # text: lines to write on, from below the text to the box's foot

    @field_validator("box")
    @classmethod
    def _inside(cls, box: Box) -> Box:
        return _inside_safe_area(box)


def _inside_safe_area(box: Box) -> Box:
    left, top, width, height = box
    if min(box) < 0 or left + width > 1.0001 or top + height > 1.0001:
        raise ValueError("box must lie in the safe area: [left, top, width, height] in 0..1")
    return box


Colour = Literal["brand", "paper", "tint"]


class FaceSpec(_Strict):
    template: str
    background: Colour = "paper"
    panel_backgrounds: list[Colour] | None = None  # per panel, left to right as printed
    mirror_panels: bool = False  # this side's panels run right to left (the back of a sheet)
    outside: bool = False  # seen when folded or carried: checked for revealing words
    outside_panels: list[int] | None = None  # when only some panels are outside
    outside_when: str | None = None  # a site setting that turns `outside` on (poster_discreet)
    panel_names: list[str] | None = None  # what people call the panels, for messages
    slots: list[SlotSpec]


class SizeSpec(_Strict):
    width: float
    height: float
    paper: Literal["letter", "a4", "tabloid", "a3"]
    safe_margin: float
    panels: list[float] | None = None  # panel sizes along panel_axis, in print order
    panel_axis: Literal["x", "y"] = "x"
    qr_min: float | None = None  # the smallest QR code (with quiet zone) this size may carry
    boxes: dict[str, Box] = {}  # slot name -> its box on this size, instead of the slot's

    @field_validator("boxes")
    @classmethod
    def _boxes_inside(cls, boxes: dict[str, Box]) -> dict[str, Box]:
        return {name: _inside_safe_area(box) for name, box in boxes.items()}

    @field_validator("width", "height", "safe_margin", "qr_min", mode="before")
    @classmethod
    def _length(cls, value: Any) -> float | None:
        return None if value is None else parse_length(value)

    @field_validator("panels", mode="before")
    @classmethod
    def _lengths(cls, value: Any) -> list[float] | None:
        return None if value is None else [parse_length(item) for item in value]


class ImpositionSpec(_Strict):
    columns: int = Field(ge=1)
    rows: int = Field(ge=1)
    flip: Literal["long", "short"] = "long"  # duplex: which edge the sheet turns on


class LayoutSpec(_Strict):
    name: str
    title: str
    description: str
    size_option: str
    # One document per article of the kit (`brochure-<slug>.pdf` when there are several),
    # for formats that print an article; else one per kit, with the first article's card line.
    per_article: bool = False
    sizes: dict[str, SizeSpec]
    imposition: ImpositionSpec
    body_floor: float
    # No text smaller than this in scripts whose letters join or stack (Arabic, Urdu,
    # Persian, Hebrew, Devanagari): they blur at sizes Latin text still reads at.
    shaped_floor: float | None = None
    icon_column: float = 10.0  # points before the text of a paragraph that starts with an icon
    rule_spacing: float = 22.0  # points between lines to write on (handwriting: 7-8 mm)
    panel_edges: Literal["fold", "cut"] = "fold"
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
    if not LAYOUT_NAME.fullmatch(folder.name):
        raise ContentError(Problem(folder, (
            "a layout folder's name must be lowercase letters, digits and hyphens: it names "
            "the PDF files")))
    doc = load_yaml(folder / "layout.yaml")
    try:
        spec = LayoutSpec.model_validate(doc.data)
    except ValidationError as error:
        raise ContentError(problems_from(error, doc, LayoutSpec)) from None
    if spec.name != folder.name:  # files are named after the folder, never after its data
        raise ContentError(Problem(doc.path, (
            f"name: {spec.name!r} must be the layout's folder name, {folder.name!r}"),
            doc.line_of(("name",))))
    problems = _boxes_for_no_slot(spec, doc) + _stacking_problems(spec, doc)
    if problems:
        raise ContentError(problems)
    return Layout(spec, folder)


def _boxes_for_no_slot(spec: LayoutSpec, doc: YamlDoc) -> list[Problem]:
    """A size's box for a slot the layout does not have is a typo: it would do nothing."""
    slots = {slot.name for face in spec.faces.values() for slot in face.slots}
    return [Problem(doc.path, (f"sizes.{size_name}.boxes: no slot is called {name!r}; "
                               f"slots: {', '.join(sorted(slots))}"),
                    doc.line_of(("sizes", size_name, "boxes", name)))
            for size_name, size in spec.sizes.items() for name in size.boxes
            if name not in slots]


def _stacking_problems(spec: LayoutSpec, doc: YamlDoc) -> list[Problem]:
    """`below:` and `above:` never go round in a circle (a slot stacked against one stacked
    against it). A name the face has no slot for stacks against nothing: a site's own copy
    of a layout may leave that slot out."""
    problems = []
    for face_name, face in spec.faces.items():
        slots = {slot.name: slot for slot in face.slots}
        for index, slot in enumerate(face.slots):
            for field in ("below", "above"):
                name = getattr(slot, field)
                if name is not None and _leads_back(slots, name, slot.name):
                    problems.append(Problem(doc.path, (
                        f"faces.{face_name}, slot {slot.name!r}: {field}: {name!r} is "
                        f"stacked against {slot.name!r} in turn"),
                        doc.line_of(("faces", face_name, "slots", index, field))))
    return problems


def _leads_back(slots: dict[str, SlotSpec], start: str, target: str) -> bool:
    seen, todo = set(), [start]
    while todo:
        name = todo.pop()
        if name == target:
            return True
        if name in seen or name not in slots:
            continue
        seen.add(name)
        todo.extend(n for n in (slots[name].below, slots[name].above) if n is not None)
    return False


def layout_names(content: Path | None = None, root: Path = LAYOUTS_DIR) -> list[str]:
    """The formats a site can build, by name: the built-in layout folders and its own."""
    parents = [root, *([content / "layouts"] if content is not None else [])]
    return sorted({folder.name for parent in parents if parent.is_dir()
                   for folder in parent.iterdir() if (folder / "layout.yaml").is_file()})


def available_layouts(root: Path = LAYOUTS_DIR,
                      content: Path | None = None) -> dict[str, Layout]:
    """Every layout folder under `root`, by name, in name order; a content folder's own
    `layouts/<name>/` adds a format or replaces the built-in one of that name."""
    folders = {f.name: f for f in sorted(root.iterdir()) if (f / "layout.yaml").is_file()}
    site_layouts = content / "layouts" if content is not None else None
    if site_layouts is not None and site_layouts.is_dir():
        folders.update({f.name: f for f in sorted(site_layouts.iterdir())
                        if (f / "layout.yaml").is_file()})
    layouts, problems = {}, []
    for name, folder in sorted(folders.items()):
        try:
            layouts[name] = load_layout(folder)
        except ContentError as error:
            problems.extend(error.problems)
    if problems:
        raise ContentError(problems)
    return layouts
