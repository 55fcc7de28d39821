"""Fitting paragraphs into a box: shrink step by step down to each style's floor."""

from __future__ import annotations

import functools
import html
import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar, cast
from unicodedata import bidirectional, category

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph as RLParagraph

from generator.content.layouts import LayoutSpec, SizeSpec
from generator.engine import current_engine, remembered
from generator.i18n.bidi_text import BidiParagraph
from generator.i18n.bound_words import bind_words
from generator.i18n.fonts import FontSet
from generator.i18n.isolates import unbreakable_numbers
from generator.i18n.line_breaks import (
    keep_labels_with_numbers,
    keep_units_with_numbers,
    needs_segmenting,
)
from generator.i18n.line_paragraph import LineParagraph
from generator.i18n.optical_size import optical_scale
from generator.i18n.plain_text import plain_text
from generator.i18n.quotes import typographic
from generator.i18n.segmented_text import SegmentedParagraph
from generator.i18n.shaped_width import ink_above_baseline, ink_below_baseline
from generator.i18n.text_language import language_leading
from generator.layout.balance import BalancedBidiParagraph, BalancedParagraph
from generator.layout.least_height import least_lines, long_text, surely_too_tall
from generator.layout.paragraphs import Paragraph
from generator.layout.styles import (
    Limits,
    air_ratio,
    air_spaces,
    paragraph_style,
    size_range,
    size_ratio,
    style_leading,
)
from generator.layout.widows import WidowlessParagraph

SHRINK_STEP = 0.025
PLAIN_LEADING = 1.25  # design.md: Latin, Cyrillic, Greek, Hebrew and CJK text
ICON_SHARE = 0.8  # a picture before a paragraph, as tall as this share of its text's size
# The white, over its size, between the ink of a paragraph at its own leading (a number in
# an Urdu kit: `unscripted_leading`) and the highest ink of the paragraph under it.
UNSCRIPTED_AIR = 0.3


@dataclass(frozen=True)
class Icon:
    """The picture a paragraph starts with, and the word it stands for."""

    name: str
    alt: str  # escaped markup
    column: float  # the room it takes before the text
    font: str
    alt_paragraph: BidiParagraph | None  # for right-to-left and shaped scripts
    share: float = 0.8  # its height over the text's size (a box to tick: the layout's)
UNBREAKABLE = float("inf")  # overflow when a word is wider than the box
ROUNDING = 1e-6  # between a sum of least heights and the heights measured
T = TypeVar("T")


@dataclass(frozen=True, eq=False)
class Typesetter:
    """Makes ReportLab paragraphs for one layout and brand colour.

    Equal when made for the same layout (the very spec object: layouts are loaded once),
    colour, fonts and caps, so fits can be remembered across the sites of a batch. `caps`
    holds the size of each style already settled elsewhere in the document: one style prints
    at one size throughout (see generator/layout/place.py)."""

    spec: LayoutSpec
    brand: str
    fonts: FontSet
    caps: tuple[tuple[str, float], ...] = ()
    leading: float = 0.0  # the face's least line spacing over the size (leading_steps)
    last_resort: int = 0  # styles may shrink to their `step_min_size` (1), `last_min_size` (2)
    steps: tuple[tuple[str, float], ...] = ()  # the sheet's type scale (SizeSpec.type_scale)
    narrow: bool = False  # styles with a `narrow_width` set at it (where the face has the axis)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Typesetter) and self.spec is other.spec
                and self.brand == other.brand and self.fonts == other.fonts
                and self.caps == other.caps and self.leading == other.leading
                and self.last_resort == other.last_resort and self.steps == other.steps
                and self.narrow == other.narrow)

    def __hash__(self) -> int:
        return hash((id(self.spec), self.brand, self.fonts, self.caps, self.leading,
                     self.last_resort, self.steps, self.narrow))

    def fonts_for(self, style: str) -> FontSet:
        """The faces a paragraph of `style` is set in: the language's, or narrower ones
        where this typesetter sets the style at its `narrow_width`."""
        width = self.spec.styles[style].narrow_width
        if not self.narrow or width is None:
            return self.fonts
        return self.fonts.narrowed(width) or self.fonts

    @functools.cached_property
    def limits(self) -> Limits:
        shaped = self.spec.shaped_floor if self.fonts.fine_marks else None
        optical = optical_scale(self.fonts) if self.spec.script_size else 1.0
        # the script's least leading, or the face's where it needs more (Nastaliq)
        script = max(language_leading(self.fonts.lang), self.fonts.faces[0].leading)
        return Limits(self.spec.body_floor, shaped or 0.0, script,
                      optical, self.spec.script_leading, face_leading=self.leading,
                      shaped=shaped is not None, last_resort=self.last_resort,
                      steps=self.steps)

    def held_at(self, scale: float, styles: Iterable[str]) -> Typesetter:
        """This typesetter with `styles` capped at their size at `scale`: they grow no
        further when the others do."""
        caps = self._caps.copy()
        for name in styles:
            spec = self.spec.styles[name]
            caps[name] = spec.size * size_ratio(spec, scale, self.limits, caps.get(name))
        return replace(self, caps=tuple(sorted(caps.items())))

    def pinned(self) -> Typesetter:
        """This typesetter with its `shrinks_last` styles held at the largest step of the
        sheet's scale they may take (itself where none is)."""
        spec = _pinned_spec(self.spec, self.steps)
        return self if spec is self.spec else replace(self, spec=spec)

    def leading_steps(self) -> list[float]:
        """The layout's `leading_steps` this language tries, largest first: from its
        script's own (1.5 for Arabic, Thai and Indic scripts) or PLAIN_LEADING down."""
        wanted = language_leading(self.fonts.lang) or PLAIN_LEADING
        return [step for step in self.spec.leading_steps if step <= wanted + 1e-9]

    @functools.cached_property
    def _caps(self) -> dict[str, float]:
        return dict(self.caps)

    def paragraphs(self, items: Sequence[Paragraph], scale: float,
                   line_leading: float | None = None) -> list[RLParagraph]:
        """Right-to-left text (a kit's, or a whole Arabic line name in an English kit) and
        other shaped scripts (Devanagari, Bengali, Tamil...) are laid out line by line by
        BidiParagraph, which shapes each run in its own face and gives a line /ActualText
        where its glyphs do not read back as its characters; text with words of a script
        written without spaces by SegmentedParagraph (ICU's word breaks); the rest by
        ReportLab's Paragraph, breaking at spaces. None ends on a widow where it wraps
        (generator/i18n/last_lines.py)."""
        made = []
        for index, p in enumerate(items):
            style = self.spec.styles[p.style]
            fonts = self.fonts_for(p.style)
            font = fonts.primary(style.weight)
            indent = self.spec.icon_column if p.icon else 0.0
            para_style = paragraph_style(p.style, style, scale, self.limits, self.brand, font,
                                         self.fonts.shaping, None,
                                         self._caps.get(p.style), indent)
            if self.ink_air is not None:
                para_style = self._ink_spaced(p, para_style, scale, self.ink_air)
            if line_leading is not None and line_leading > para_style.leading:
                para_style = ParagraphStyle(  # its first line keeps its place, its last
                    f"{para_style.name}-lines", parent=para_style, leading=line_leading,
                    spaceAfter=para_style.spaceAfter - (line_leading - para_style.leading))
            if p.after and self._air_under(p.after) is not None:
                para_style = self._clear_of(p, para_style, scale)
            if self.spec.unscripted_leading:
                para_style = self._unscripted(
                    p, para_style, scale, items[index - 1] if index else None,
                    items[index + 1] if index + 1 < len(items) else None)
            para = self._paragraph(p, para_style, style.weight, style.balance,
                                   style.whole_phrases, fonts)
            if style.hang_mark and para_style.firstLineIndent < 0:
                mark = _mark_width(para, p.markup, fonts, style.weight, para_style.fontSize)
                if mark is not None:  # the item's lines start where its text does
                    para_style = ParagraphStyle(
                        f"{para_style.name}-mark", parent=para_style,
                        leftIndent=para_style.leftIndent + para_style.firstLineIndent + mark,
                        firstLineIndent=-mark)
                    para = self._paragraph(p, para_style, style.weight, style.balance,
                                           style.whole_phrases, fonts)
            if p.icon:
                para.icon = Icon(p.icon, p.alt, self.spec.icon_column, font,
                                 self._alt(p, para_style, style.weight) if p.alt else None,
                                 self.spec.tick_box if p.icon == "box" else ICON_SHARE)
            made.append(para)
        return made

    @property
    def ink_air(self) -> float | None:
        """The white the layout keeps between the ink of two lines (`ink_air`) in this
        script: None where its letters neither join nor stack, or the layout keeps none."""
        air = self.spec.ink_air
        return air if air is not None and self.limits.shaped else None

    def _ink_spaced(self, p: Paragraph, para_style: ParagraphStyle, scale: float,
                    air: float) -> ParagraphStyle:
        """`para_style` with room enough before it for `air` under the ink of the paragraph
        printed right above it in its entry (`after_markup`), as far as the letters of
        each reach below and above their baseline (an Arabic yeh's tail, an alef with its
        hamza, a Thai tone mark: measured, shaped). The air between its own lines is
        measured once they are broken (`line_leading`)."""
        if not (p.after and p.after_markup):
            return para_style
        reach = self.ink_reach(p, para_style)
        above = self.spec.styles[p.after]
        above_style = paragraph_style(p.after, above, scale, self.limits, self.brand,
                                      self.fonts_for(p.after).primary(above.weight),
                                      self.fonts.shaping, None, self._caps.get(p.after), 0.0)
        above_reach = self.ink_reach(Paragraph(p.after, p.after_markup), above_style)
        if reach is None or above_reach is None:
            return para_style
        white = (above_style.leading - above_style.fontSize - above_reach[1]
                 + above_style.spaceAfter + para_style.spaceBefore
                 + para_style.fontSize - reach[0])
        if white >= air - 0.01:
            return para_style
        return ParagraphStyle(f"{para_style.name}-ink", parent=para_style,
                              spaceBefore=para_style.spaceBefore + air - white)

    def _unscripted(self, p: Paragraph, para_style: ParagraphStyle, scale: float,
                    above: Paragraph | None, following: Paragraph | None) -> ParagraphStyle:
        """`para_style` at its style's own leading where `p` holds no letter of the script's
        own face (a number, a web address, "English · Español" in Urdu): such text needs
        none of the room the script's letters take (Nastaliq's words cascade from 2 em above
        their baseline), under it or over it. It stands UNSCRIPTED_AIR of the size under
        the ink of the paragraph `above` it where that one is in the script (its space
        before taking back what the script's leading left under it), and as far over the
        ink of the paragraph `following` it (its leading no less than that needs)."""
        style = self.spec.styles[p.style]
        own = style_leading(style, para_style.fontSize / style.size,
                            replace(self.limits, leading=0.0))
        if own >= para_style.leading - 0.01 or self._scripted(p):
            return para_style
        size = para_style.fontSize
        reach = self.ink_reach(p, para_style) or (size * 0.75, size * 0.25)
        leading = own
        if following is not None:
            under = self._plain_style(following, scale)
            rise = self.rise(following, under)
            # the baselines stand (leading - size) + the spaces + the size under apart
            needed = (reach[1] + (under.fontSize if rise is None else rise)
                      + UNSCRIPTED_AIR * under.fontSize + size - para_style.spaceAfter
                      - under.spaceBefore - under.fontSize)
            leading = max(own, needed)
        before = para_style.spaceBefore
        if above is not None and self._scripted(above):
            over = self._plain_style(above, scale)
            over_reach = self.ink_reach(above, over)
            if over_reach is not None:
                apart = over.leading - over.fontSize + over.spaceAfter + before + size
                wanted = over_reach[1] + reach[0] + UNSCRIPTED_AIR * size
                before -= max(0.0, min(apart - wanted, over.leading - over.fontSize))
        if leading >= para_style.leading - 0.01 and before >= para_style.spaceBefore - 0.01:
            return para_style
        return ParagraphStyle(f"{para_style.name}-own", parent=para_style,
                              leading=round(min(leading, para_style.leading), 2),
                              spaceBefore=round(before, 2))

    def _scripted(self, p: Paragraph) -> bool:
        """Whether `p` holds a letter (or mark) its language's own face draws."""
        weight = self.spec.styles[p.style].weight
        fonts = self.fonts_for(p.style)
        return any(category(char)[0] in "LM" and fonts.face_for(char, weight)
                   is fonts.faces[0] for char in plain_text(p.markup))

    def _plain_style(self, p: Paragraph, scale: float) -> ParagraphStyle:
        """The paragraph style of `p` at `scale`, before any spacing is measured."""
        spec = self.spec.styles[p.style]
        return paragraph_style(p.style, spec, scale, self.limits, self.brand,
                               self.fonts_for(p.style).primary(spec.weight),
                               self.fonts.shaping, None, self._caps.get(p.style), 0.0)

    def line_leading(self, p: Paragraph, para: RLParagraph) -> float | None:
        """The line spacing that keeps the layout's `ink_air` between the ink of each two
        lines of `para` (`p` set and broken) where it keeps less, in a script whose
        letters join or stack: the lowest ink of a line and the highest of the next,
        measured on their own letters; None where it keeps enough, or does not apply."""
        air = self.ink_air
        if air is None or not isinstance(para, LineParagraph) or len(para.lines) < 2:
            return None
        reaches = [self._text_reach(p.style, para.text[start:end], para.style)
                   for start, end in para.lines]
        needed = max((upper[1] + lower[0] for upper, lower in itertools.pairwise(reaches)
                      if upper is not None and lower is not None), default=0.0) + air
        return needed if needed > para.style.leading + 0.01 else None

    def _text_reach(self, style: str, text: str,
                    para_style: ParagraphStyle) -> tuple[float, float] | None:
        return self.ink_reach(Paragraph(style, html.escape(text)), para_style)

    def ink_reach(self, p: Paragraph, para_style: ParagraphStyle) -> tuple[float, float] | None:
        """(how far above, how far below its baseline) the ink of `p` set in `para_style`
        reaches: each run in the face that draws it; None where no face is shaped by
        HarfBuzz."""
        size = para_style.fontSize
        reaches = [(rise, cast(float, ink_below_baseline(text, font, size)))
                   for font, text in self._runs(p, para_style).items()
                   if (rise := ink_above_baseline(text, font, size)) is not None]
        if not reaches:
            return None
        return max(rise for rise, _ in reaches), max(fall for _, fall in reaches)

    def _runs(self, p: Paragraph, para_style: ParagraphStyle) -> dict[str, str]:
        """The text of `p` by the font that draws each character."""
        runs: dict[str, str] = {}
        weight = self.spec.styles[p.style].weight
        fonts = self.fonts_for(p.style)
        for char in plain_text(p.markup):
            face = fonts.face_for(char, weight)
            font = face.name(weight) if face is not None else para_style.fontName
            runs[font] = runs.get(font, "") + char
        return runs

    def _air_under(self, style: str) -> float | None:
        """The white `style` wants under its ink (`ink_air_under`, or in a script whose
        letters join or stack on a layout with `ink_air`, `shaped_ink_air_under`)."""
        spec = self.spec.styles[style]
        if spec.shaped_ink_air_under is not None and self.ink_air is not None:
            return spec.shaped_ink_air_under
        return spec.ink_air_under

    def _clear_of(self, p: Paragraph, para_style: ParagraphStyle,
                  scale: float) -> ParagraphStyle:
        """`para_style` with room enough before it for the air the style above it wants
        under its ink (`ink_air_under`): the paragraph's first baseline stands a size below
        its top (ReportLab's), the style above leaves its leading less its size under its
        baseline (a number's digits stand on it), and the letters of this paragraph rise
        as far as they do (a Thai tone mark, an Arabic alef: measured, shaped)."""
        above = self.spec.styles[p.after]
        above_style = paragraph_style(p.after, above, scale, self.limits, self.brand,
                                      self.fonts.primary(above.weight), self.fonts.shaping,
                                      None, self._caps.get(p.after), 0.0)
        rise = self.rise(p, para_style)
        if rise is None:
            return para_style
        air = (above_style.leading - above_style.fontSize + above_style.spaceAfter
               + para_style.spaceBefore + para_style.fontSize - rise)
        wanted = cast(float, self._air_under(p.after))
        if air >= wanted - 0.01:
            return para_style
        return ParagraphStyle(f"{para_style.name}-clear", parent=para_style,
                              spaceBefore=para_style.spaceBefore + wanted - air)

    def rise(self, p: Paragraph, para_style: ParagraphStyle) -> float | None:
        """How far above its baseline the ink of `p`, set in `para_style`, reaches: each
        run in the face that draws it (a Chinese line's digits are Noto's); None where no
        face is shaped by HarfBuzz."""
        reach = self.ink_reach(p, para_style)
        return reach[0] if reach is not None else None

    def _alt(self, p: Paragraph, para_style: ParagraphStyle,
             weight: str) -> BidiParagraph | None:
        """The icon's word as a right-to-left or shaped paragraph (drawn unseen, for its
        text); None where plain text does (generator/render/draw.py)."""
        if not (self.fonts.rtl or self.fonts.shaping):
            return None
        plain_style = ParagraphStyle(f"{para_style.name}-alt", parent=para_style,
                                     leftIndent=0, firstLineIndent=0)
        return BidiParagraph(p.alt, plain_style, self.fonts, weight)

    def _paragraph(self, p: Paragraph, para_style: ParagraphStyle, weight: str,
                   balance: bool, whole_phrases: bool = False,
                   fonts: FontSet | None = None) -> RLParagraph:
        fonts = fonts or self.fonts
        markup = bind_words(keep_labels_with_numbers(typographic(p.markup, fonts.lang)),
                            fonts.lang, balance, whole_phrases)
        segmented = needs_segmenting(markup)
        if (fonts.rtl or _right_to_left(markup)
                or (fonts.shaping and not segmented)):  # aligned as the page reads
            kind = BalancedBidiParagraph if balance else BidiParagraph
            return kind(markup, para_style, fonts, weight)
        if segmented:
            return SegmentedParagraph(markup, para_style, fonts, weight,
                                      justify=not balance, balance=balance)
        markup = keep_units_with_numbers(unbreakable_numbers(markup))
        return (BalancedParagraph if balance else WidowlessParagraph)(
            fonts.with_fallbacks(markup, weight), para_style)

    def set_as(self, p: Paragraph, like: RLParagraph, size: float | None = None
               ) -> RLParagraph:
        """`p` set in the face and at the size `like` (a fitted paragraph of its style) is
        set in, or at `size` where that is smaller, with no space or indent around it: a
        run set beside another paragraph's line (a web address on its line's number row:
        generator/layout/beside_rows.py)."""
        style = self.spec.styles[p.style]
        ratio = min(1.0, size / like.style.fontSize) if size is not None else 1.0
        para_style = ParagraphStyle(f"{like.style.name}-beside", parent=like.style,
                                    fontSize=like.style.fontSize * ratio,
                                    leading=like.style.leading * ratio,
                                    spaceBefore=0, spaceAfter=0, leftIndent=0,
                                    firstLineIndent=0, rightIndent=0)
        return self._paragraph(p, para_style, style.weight, False, False, self.fonts_for(p.style))

    def set_again(self, p: Paragraph, like: RLParagraph) -> RLParagraph:
        """`p` set in the very style `like` was (a fitted paragraph of its style: its
        size, leading and spaces): a row set again with more of its text."""
        style = self.spec.styles[p.style]
        return self._paragraph(p, like.style, style.weight, style.balance,
                               style.whole_phrases, self.fonts_for(p.style))

    def own_size(self, style: str) -> float:
        """The size the layout sets `style` at before any room is short or spare: its
        `size`, or its least size where that is larger (a name over Arabic details)."""
        least = replace(self, last_resort=0)._range(style)[0]
        return max(self.spec.styles[style].size * self.limits.optical, least)

    def _range(self, style: str) -> tuple[float, float]:
        return size_range(self.spec.styles[style], self.limits, self._caps.get(style))

    def spacing(self, style: str, scale: float | None = None) -> tuple[float, float, float]:
        """(leading, space before, space after) of `style` at `scale`, as paragraph_style
        sets them; at its smallest size when no scale is given (no paragraph of it takes
        less)."""
        if scale is None and style in self._least_spacings:
            return self._least_spacings[style]
        spec = self.spec.styles[style]
        ratio = (self._range(style)[0] / spec.size if scale is None
                 else size_ratio(spec, scale, self.limits, self._caps.get(style)))
        air = 1.0 if scale is None else air_ratio(spec, scale, self.limits, ratio)
        spaces = ratio * air_spaces(spec, air)
        leading = style_leading(spec, ratio, self.limits, air=air)
        spacing = (leading, spec.space_before * spaces,
                   max(spec.space_after * spaces, spec.space_lines * leading))
        if scale is None:
            self._least_spacings[style] = spacing
        return spacing

    @functools.cached_property
    def _least_spacings(self) -> dict[str, tuple[float, float, float]]:
        return {}

    def least_lines(self, item: Paragraph, whole: Paragraph, width: float) -> int:
        """The fewest lines `item` takes at `width` at its style's smallest size, whatever
        more of `whole` (the paragraph with every detail) it holds (least_height.py)."""
        spec = self.spec.styles[item.style]
        size = spec.size * (self._range(item.style)[0] / spec.size)  # as paragraph_style
        return least_lines(item.markup, whole.markup, self.fonts_for(item.style), spec.weight,
                           size, width)

    def floor_of(self, items: Sequence[Paragraph]) -> float:
        """The smallest size any of these paragraphs' styles may shrink to."""
        return min((self._range(p.style)[0] for p in items), default=self.spec.body_floor)

    def lowest_scale(self, items: Sequence[Paragraph]) -> float:
        """The scale at which every one of these paragraphs' styles is at its smallest (1 for
        none: a list whose every line was left out)."""
        optical = self.limits.optical  # scales are before it (size_ratio)
        return min((self._range(p.style)[0] / self.spec.styles[p.style].size / optical
                    for p in items), default=1.0)

    def highest_scale(self, items: Sequence[Paragraph]) -> float:
        """The scale at which every style that may grow (a `max_size`, or a step of the
        sheet's scale above its size) is at its largest, its leading and spaces opened to
        their `air` (1: none may)."""
        optical = self.limits.optical  # scales are before it (size_ratio)
        return max([1.0] + [self._range(p.style)[1] / self.spec.styles[p.style].size / optical
                            * (self.spec.styles[p.style].air or 1.0)
                            for p in items if self.spec.styles[p.style].max_size is not None
                            or self.spec.styles[p.style].air is not None
                            or self.limits.levels_of(self.spec.styles[p.style])])

    def scales(self, items: Sequence[Paragraph]) -> list[float]:
        """Scales to try, from where every style is at its largest (its size, or the
        `max_size` of those that may grow) down to where every style is at its smallest."""
        lowest = self.lowest_scale(items)
        scales, scale = [], self.highest_scale(items)
        if self.spec.grow == "whole" and scale > 1.0 + 1e-9:
            scales, scale = [scale], 1.0  # grown to every max_size at once, or not at all
        while scale > lowest + 1e-9:
            scales.append(scale)
            scale -= SHRINK_STEP
        scales.append(lowest)
        return scales


def sized_spec(spec: LayoutSpec, size: SizeSpec) -> LayoutSpec:
    """`spec` with the styles `size` sets otherwise (`SizeSpec.styles`); the same object for
    the same spec and changes (a Typesetter is equal only with its very spec), `spec`
    itself where the size sets none."""
    if not size.styles:
        return spec
    store = current_engine().sized_specs
    key = (id(spec), tuple(sorted(size.styles.items())))
    known = store.get(key)
    if known is not None and known[0] is spec:
        return cast(LayoutSpec, known[1])
    sized = spec.at_size(size)
    store.remember(key, (spec, sized))
    return sized


def _pinned_spec(spec: LayoutSpec, steps: tuple[tuple[str, float], ...]) -> LayoutSpec:
    """`spec` with each `shrinks_last` style's levels cut to its largest on `steps`; the
    same object for the same spec and steps (a Typesetter is equal only with its very
    spec), `spec` itself where no style changes."""
    store = current_engine().pinned_specs
    key = (id(spec), steps)
    known = store.get(key)
    if known is not None and known[0] is spec:
        return cast(LayoutSpec, known[1])
    sizes = dict(steps)
    styles = dict(spec.styles)
    for name, style in spec.styles.items():
        levels = [level for level in style.levels if level in sizes]
        if style.shrinks_last and len(levels) > 1:
            top = max(levels, key=lambda level: sizes[level])
            styles[name] = style.model_copy(update={"levels": (top,)})
    pinned = spec if styles == dict(spec.styles) else spec.model_copy(update={"styles": styles})
    store.remember(key, (spec, pinned))
    return pinned


@remembered(4096)
def _right_to_left(markup: str) -> bool:
    """Whether a paragraph's first letter with a direction is right to left (Unicode's rule
    for a paragraph's direction): an Arabic or Hebrew line name in a left-to-right kit."""
    for char in markup:
        kind = bidirectional(char)
        if kind == "L":
            return False
        if kind in ("R", "AL"):
            return True
    return False


def min_width(para: RLParagraph) -> float:
    """The narrowest width the paragraph can take: its longest word, or nothing for text
    that breaks between any two characters (Chinese, Japanese, Korean)."""
    if getattr(para.style, "wordWrap", None) == "CJK":
        return 0.0
    return para.minWidth()


def largest_fitting(scales: Sequence[float], attempt: Callable[[float], tuple[T, float]],
                    room: float = 0.0) -> tuple[T | None, float]:
    """(result, 0) at the largest of `scales` (largest first) whose attempt overflows by
    nothing, or (None, overflow at the smallest scale).

    Text needs less room as it shrinks: in proportion to the scale for lines too short to
    wrap, faster for wrapped text. So after full size the search tries the scale that the
    overflow and `room` (the height available) predict for short lines, then its
    neighbour; only when the guess is off does it halve the range that is left."""
    results: dict[int, tuple[T, float]] = {}

    def fits(index: int) -> bool:
        if index not in results:
            results[index] = attempt(scales[index])
        return results[index][1] <= 0.01

    if fits(0):
        return results[0][0], 0.0
    last = len(scales) - 1
    too_big, fitting = 0, None
    overflow = results[0][1]
    if room > 0 and overflow != UNBREAKABLE and last > 1:
        wanted = scales[0] * room / (room + overflow)
        guess = next((i for i, scale in enumerate(scales) if scale <= wanted + 1e-9), last)
        guess = min(max(guess, 1), last - 1)
        if fits(guess):
            fitting = guess
            if not fits(guess - 1):
                too_big = guess - 1
        else:
            too_big = guess
            if fits(guess + 1):
                fitting = guess + 1
    if fitting is None:
        if not fits(last):
            return None, results[last][1]
        fitting = last
    while fitting - too_big > 1:
        middle = (too_big + fitting) // 2
        if fits(middle):
            fitting = middle
        else:
            too_big = middle
    return results[fitting][0], 0.0


def fit_stack(items: Sequence[Paragraph], width: float, height: float,
              typesetter: Typesetter) -> tuple[list[RLParagraph] | None, float]:
    """(paragraphs, their height) at the largest scale that fits, or (None, overflow).
    The same words in the same box fit the same way: the sites of a batch share the
    article and the safety wording, so fits are remembered (the paragraphs are only read
    after this, never changed)."""
    if not items:
        return [], 0.0
    return _fit_stack(tuple(items), width, height, typesetter)


@remembered(1024)
def _fit_stack(items: tuple[Paragraph, ...], width: float, height: float,
               typesetter: Typesetter) -> tuple[list[RLParagraph] | None, float]:

    def attempt(scale: float) -> tuple[tuple[list[RLParagraph], float], float]:
        made = stacked(items, scale, width, typesetter)
        return made, max(0.0, made[1] - height)

    if any(typesetter.spec.styles[item.style].shrinks_last for item in items):
        pinned = typesetter.pinned()
        if pinned is not typesetter:  # its largest step where the others can give way
            held = _fit_stack(items, width, height, pinned)
            if held[0] is not None:
                return held
    scales = typesetter.scales(items)
    if long_text(item.markup for item in items) and surely_too_tall(
            typesetter.paragraphs(items, scales[-1]), width, height):
        return None, attempt(scales[-1])[1]  # what trying every size would come to
    fitted, overflow = largest_fitting(scales, attempt, height)
    return (None, overflow) if fitted is None else fitted


def floor_overflow(items: Sequence[Paragraph], width: float, height: float,
                   typesetter: Typesetter) -> float:
    """How far the paragraphs overflow the box with every style at its smallest (0: they
    fit at some scale). One trial: for choosing what to leave out before fitting."""
    return max(0.0, floor_heights(items, width, typesetter)[1] - height) if items else 0.0


def floor_heights(items: Sequence[Paragraph], width: float,
                  typesetter: Typesetter) -> tuple[list[float], float]:
    """Each paragraph's height with every style at its smallest (UNBREAKABLE for one with a
    word wider than `width`), and the height they need one below the other: what
    floor_overflow measures. At its smallest a paragraph's height is its own, whatever
    else is stacked with it."""
    if not items:
        return [], 0.0
    measured, needed = _stack(items, typesetter.lowest_scale(items), width, typesetter)
    return [para_height for _, para_height in measured], needed


def least_stacked(items: Sequence[Paragraph], scale: float, typesetter: Typesetter) -> float:
    """The least height `stacked` can come to: each paragraph with text one line tall.
    Measured without making a paragraph: for giving up on a box far too small for a list
    of hundreds of lines without setting each of them."""
    needed = 0.0
    for index, item in enumerate(items):
        leading, before, after = typesetter.spacing(item.style, scale)
        needed += (leading if has_text(item.markup) else 0.0) + after + (before if index else 0)
    return needed


def has_text(markup: str) -> bool:
    """Whether paragraph markup prints any text: a paragraph of it is a line tall at least.
    (ReportLab takes a zero-width space for a space too.)"""
    return bool(plain_text(markup).replace("\u200b", " ").strip())


def stacked(items: Sequence[Paragraph], scale: float, width: float,
             typesetter: Typesetter) -> tuple[list[RLParagraph], float]:
    """The paragraphs at `scale`, one below the other, and the height they need."""
    measured, needed = _stack(items, scale, width, typesetter)
    return [para for para, _ in measured], needed


def _stack(items: Sequence[Paragraph], scale: float, width: float,
           typesetter: Typesetter) -> tuple[list[tuple[RLParagraph, float]], float]:
    measured = [_measured(item, scale, width, typesetter) for item in items]
    needed = 0.0
    for index, (para, para_height) in enumerate(measured):
        style = para.style
        needed += para_height + style.spaceAfter + (style.spaceBefore if index else 0)
    return measured, needed


@remembered(8192)
def _measured(item: Paragraph, scale: float, width: float,
              typesetter: Typesetter) -> tuple[RLParagraph, float]:
    """One paragraph made at `scale` and wrapped to `width`, and its height (UNBREAKABLE
    when a word is wider). Remembered: most paragraphs of a list are the same from one site
    of a batch to the next, and from one trial scale to the next slot's. The paragraph is
    only ever wrapped to this width again, so sharing it is safe."""
    para = typesetter.paragraphs((item,), scale)[0]
    if min_width(para) > width + 0.01:
        return para, UNBREAKABLE
    height = para.wrap(width, 10_000)[1]
    leading = typesetter.line_leading(item, para)
    if leading is not None:  # its lines further apart, as their letters need
        para = typesetter.paragraphs((item,), scale, leading)[0]
        height = para.wrap(width, 10_000)[1]
    return para, height


def _mark_width(para: RLParagraph, markup: str, fonts: FontSet, weight: str,
                size: float) -> float | None:
    """The width of what a hanging paragraph starts with up to its first space, the space
    with it (a bullet and its no-break space), as the paragraph sets it: each character in
    the face that draws it (Nastaliq has no bullet). None where it starts with no such mark."""
    text = plain_text(markup)
    cut = next((index for index, char in enumerate(text) if char in " \u00a0"), None)
    if not cut or cut > 2:
        return None
    if isinstance(para, SegmentedParagraph):
        if cut + 2 > len(para.text):
            return None
        # its measure leaves out a span's end spaces: the mark with the next letter, less it
        # (a justified Chinese line spreads its room after its first letter, not before)
        return para._width(0, cut + 2) - para._width(cut + 1, cut + 2)  # noqa: SLF001
    if isinstance(para, LineParagraph):
        return para._width(0, cut + 1)  # noqa: SLF001 - the paragraph's own measure
    width = 0.0
    for char in text[:cut + 1]:
        face = fonts.face_for(char, weight) or fonts.faces[0]
        width += stringWidth(char, face.name(weight), size)
    return width
