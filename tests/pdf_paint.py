"""Every mark a PDF page makes, read from its content streams with pypdf: what it is (text,
fill, stroke, image, shading), the colour space and values it is painted in, and where.

Follows Form XObjects (and their resources) and Type 3 glyph procedures, keeps the graphics
state stack (q/Q) with the current matrix, and resolves named colour spaces through the
resources, so that a test can say "no RGB anywhere" and mean it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from pypdf import PdfReader
from pypdf.generic import ArrayObject, ContentStream, DictionaryObject, NameObject

Matrix = tuple[float, float, float, float, float, float]
Box = tuple[float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
DEVICE_SPACES = {"/DeviceGray": 1, "/DeviceRGB": 3, "/DeviceCMYK": 4,
                 "/G": 1, "/RGB": 3, "/CMYK": 4}
FILLS = {b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"}
STROKES = {b"S", b"s", b"B", b"B*", b"b", b"b*"}
TEXT_SHOWS = {b"Tj", b"TJ", b"'", b'"'}


@dataclass(frozen=True)
class Colour:
    space: str  # "DeviceCMYK", "DeviceRGB", "DeviceGray", "Separation /All", "ICCBased 3"...
    values: tuple[float, ...] = ()

    @property
    def black_only(self) -> bool:
        """CMYK with no cyan, magenta or yellow."""
        return self.space == "DeviceCMYK" and len(self.values) == 4 and not any(self.values[:3])


GRAY_BLACK = Colour("DeviceGray", (0.0,))  # every page and form starts with it


@dataclass(frozen=True)
class Mark:
    kind: str  # "text", "hidden text" (render mode 3), "fill", "stroke", "image", "shading",
    # "type3"
    colour: Colour
    points: tuple[tuple[float, float], ...] = ()  # path points or text origin, page space
    size: float = 0.0  # text: the font size as set on the page (Tf times the matrices' scale)
    font: str = ""  # text: the font's BaseFont
    rects: int = 0  # paths: how many rectangles (`re`) they are made of
    # paths: the box (left, bottom, right, top, page space) the clipping paths in force leave
    # (each clipping path taken as its bounding box); None: unclipped
    clip: Box | None = None


@dataclass
class _State:
    ctm: Matrix = IDENTITY
    fill: Colour = GRAY_BLACK
    stroke: Colour = GRAY_BLACK
    fill_space: str = "DeviceGray"
    stroke_space: str = "DeviceGray"
    font: str = ""
    font_size: float = 0.0
    type3: DictionaryObject | None = None
    render_mode: int = 0  # Tr: 3 draws nothing (a word kept for screen readers)
    clip: Box | None = None


@dataclass
class _Walk:
    marks: list[Mark] = field(default_factory=list)
    ext_states: list[DictionaryObject] = field(default_factory=list)  # every `gs` used


def multiply(first: Matrix, second: Matrix) -> Matrix:
    a, b, c, d, e, f = first
    g, h, i, j, k, m = second
    return (a * g + b * i, a * h + b * j, c * g + d * i, c * h + d * j,
            e * g + f * i + k, e * h + f * j + m)


def apply(matrix: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = matrix
    return a * x + c * y + e, b * x + d * y + f


def bounds(points: list[tuple[float, float]] | tuple[tuple[float, float], ...]) -> Box:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return min(xs), min(ys), max(xs), max(ys)


def intersect(first: Box | None, second: Box) -> Box:
    if first is None:
        return second
    return (max(first[0], second[0]), max(first[1], second[1]), min(first[2], second[2]),
            min(first[3], second[3]))


def page_marks(reader: PdfReader, page_index: int) -> tuple[list[Mark], list[DictionaryObject]]:
    """The marks on one page, and the ExtGState dictionaries its content sets."""
    page = reader.pages[page_index]
    walk = _Walk()
    _run(reader, page.get_contents(), page.get("/Resources") or DictionaryObject(), _State(),
         walk)
    return walk.marks, walk.ext_states


def _space(name: object, resources: DictionaryObject) -> str:
    """A colour space operand as a readable name."""
    if str(name) in DEVICE_SPACES:
        return {1: "DeviceGray", 3: "DeviceRGB", 4: "DeviceCMYK"}[DEVICE_SPACES[str(name)]]
    if str(name) == "/Pattern":
        return "Pattern"
    spaces = resources.get("/ColorSpace")
    value = spaces.get_object().get(str(name)) if spaces is not None else None
    value = value.get_object() if value is not None else name
    return _described(value)


def _described(value: object) -> str:
    if isinstance(value, ArrayObject):
        family = str(value[0])
        if family == "/Separation":
            return f"Separation {value[1]}"
        if family == "/ICCBased":
            return f"ICCBased {value[1].get_object().get('/N')}"
        if family == "/Indexed":
            return f"Indexed {_described(value[1].get_object())}"
        if family == "/DeviceN":
            return f"DeviceN {_described(value[2].get_object())}"
        return family[1:]
    if isinstance(value, NameObject) and str(value) in DEVICE_SPACES:
        return _space(value, DictionaryObject())
    return str(value)


def _numbers(operands: list) -> tuple[float, ...]:
    return tuple(float(operand) for operand in operands if not isinstance(operand, NameObject))


def _run(reader: PdfReader, contents: object, resources: DictionaryObject, state: _State,
         walk: _Walk) -> None:
    if contents is None:
        return
    stack: list[_State] = []
    path: list[tuple[float, float]] = []
    rects = 0
    clipping = False  # a W or W* waits for the path's painting operator
    text_matrix = line_matrix = IDENTITY
    leading = 0.0
    for operands, operator in ContentStream(contents, reader).operations:
        if operator == b"q":
            stack.append(replace(state))
        elif operator == b"Q":
            state = stack.pop()
        elif operator == b"cm":
            state.ctm = multiply(tuple(float(v) for v in operands), state.ctm)
        elif operator in (b"g", b"rg", b"k"):
            space = {b"g": "DeviceGray", b"rg": "DeviceRGB", b"k": "DeviceCMYK"}[operator]
            state.fill_space, state.fill = space, Colour(space, _numbers(operands))
        elif operator in (b"G", b"RG", b"K"):
            space = {b"G": "DeviceGray", b"RG": "DeviceRGB", b"K": "DeviceCMYK"}[operator]
            state.stroke_space, state.stroke = space, Colour(space, _numbers(operands))
        elif operator == b"cs":
            state.fill_space = _space(operands[0], resources)
            state.fill = Colour(state.fill_space)
        elif operator == b"CS":
            state.stroke_space = _space(operands[0], resources)
            state.stroke = Colour(state.stroke_space)
        elif operator in (b"sc", b"scn"):
            state.fill = Colour(state.fill_space, _numbers(operands))
        elif operator in (b"SC", b"SCN"):
            state.stroke = Colour(state.stroke_space, _numbers(operands))
        elif operator == b"gs":
            states = resources.get("/ExtGState")
            walk.ext_states.append(states.get_object()[str(operands[0])].get_object())
        elif operator in (b"m", b"l"):
            path.append(apply(state.ctm, float(operands[0]), float(operands[1])))
        elif operator in (b"c", b"v", b"y"):
            path.append(apply(state.ctm, float(operands[-2]), float(operands[-1])))
        elif operator == b"re":
            x, y, width, height = (float(v) for v in operands)
            path.extend(apply(state.ctm, px, py) for px, py in
                        ((x, y), (x + width, y), (x, y + height), (x + width, y + height)))
            rects += 1
        elif operator in (b"W", b"W*"):
            clipping = True
        elif operator in FILLS or operator in STROKES or operator == b"n":
            if operator in FILLS:
                walk.marks.append(Mark("fill", state.fill, tuple(path), rects=rects,
                                       clip=state.clip))
            if operator in STROKES:
                walk.marks.append(Mark("stroke", state.stroke, tuple(path), rects=rects,
                                       clip=state.clip))
            if clipping and path:  # in force from after this operator on
                state.clip = intersect(state.clip, bounds(path))
            path, rects, clipping = [], 0, False
        elif operator == b"BT":
            text_matrix = line_matrix = IDENTITY
        elif operator == b"Tf":
            fonts = resources.get("/Font").get_object()
            font = fonts[str(operands[0])].get_object()
            state.font = str(font.get("/BaseFont", font.get("/Name", operands[0])))
            state.font_size = float(operands[1])
            state.type3 = font if font.get("/Subtype") == "/Type3" else None
        elif operator == b"TL":
            leading = float(operands[0])
        elif operator == b"Tr":
            state.render_mode = int(operands[0])
        elif operator in (b"Td", b"TD"):
            line_matrix = multiply((1, 0, 0, 1, float(operands[0]), float(operands[1])),
                                   line_matrix)
            text_matrix = line_matrix
            leading = -float(operands[1]) if operator == b"TD" else leading
        elif operator == b"Tm":
            text_matrix = line_matrix = tuple(float(v) for v in operands)
        elif operator == b"T*":
            line_matrix = text_matrix = multiply((1, 0, 0, 1, 0, -leading), line_matrix)
        elif operator in TEXT_SHOWS:
            if operator != b"Tj" and operator != b"TJ":  # ' and " start a new line first
                line_matrix = text_matrix = multiply((1, 0, 0, 1, 0, -leading), line_matrix)
            placed = multiply(text_matrix, state.ctm)
            scale = math.hypot(placed[0], placed[1])
            kind = "hidden text" if state.render_mode == 3 else "text"
            walk.marks.append(Mark(kind, state.fill, (apply(placed, 0, 0),),
                                   state.font_size * scale, state.font))
            if state.type3 is not None:
                _type3(reader, state, walk)
        elif operator == b"Do":
            _xobject(reader, operands[0], resources, state, walk)
        elif operator == b"sh":
            shadings = resources.get("/Shading").get_object()
            shading = shadings[str(operands[0])].get_object()
            walk.marks.append(Mark("shading", Colour(_described(
                shading["/ColorSpace"].get_object()))))
        elif operator == b"INLINE IMAGE":
            settings = operands["settings"]
            space = settings.get("/CS", settings.get("/ColorSpace", "/DeviceGray"))
            walk.marks.append(Mark("image", Colour(_space(space, resources))))


def _xobject(reader: PdfReader, name: object, resources: DictionaryObject, state: _State,
             walk: _Walk) -> None:
    xobject = resources.get("/XObject").get_object()[str(name)].get_object()
    if xobject.get("/Subtype") == "/Image":
        space = xobject.get("/ColorSpace")
        colour = Colour("ImageMask") if xobject.get("/ImageMask") else Colour(
            _described(space.get_object()) if space is not None else "JPX")
        walk.marks.append(Mark("image", colour))
        return
    inner = replace(state, ctm=multiply(
        tuple(float(v) for v in xobject.get("/Matrix", IDENTITY)), state.ctm))
    _run(reader, xobject, xobject.get("/Resources") or resources, inner, walk)


def _type3(reader: PdfReader, state: _State, walk: _Walk) -> None:
    """A Type 3 font's glyphs are content streams too: every colour they set is a mark."""
    font = state.type3
    for glyph in font["/CharProcs"].get_object().values():
        inner = _Walk()
        _run(reader, glyph.get_object(), font.get("/Resources") or DictionaryObject(),
             _State(fill=state.fill, stroke=state.stroke), inner)
        walk.marks.extend(replace(mark, kind="type3") for mark in inner.marks)
