"""The data that flows through the pipeline: frozen, typed, free of I/O.

load/validate produce a `Kit`; compose and render only read it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Literal

from generator.errors import Problem

QrAction = Literal["tel", "sms", "url"]


@dataclass(frozen=True)
class Source:
    """Where a value came from, so that a problem can name `path:line`."""

    path: Path
    line: int | None = None

    def __str__(self) -> str:
        return f"{self.path}:{self.line}" if self.line else str(self.path)


@dataclass(frozen=True)
class Offset:
    """A printer calibration shift, in points."""

    x: float = 0.0
    y: float = 0.0


@dataclass(frozen=True)
class SiteFont:
    """A font file a site gives for a language (`fonts:` in site.yaml): for scripts with no
    font on PyPI (Ethiopic, Gurmukhi, Myanmar), or to replace a built-in one."""

    lang: str
    regular: Path
    bold: Path | None = None


@dataclass(frozen=True)
class Texts:
    """Text given per language (`name: {en: ..., es: ...}`), or one text for every language
    (`default`, from a plain string)."""

    default: str | None = None
    by_lang: tuple[tuple[str, str], ...] = ()

    def get(self, lang: str) -> str | None:
        """The text in `lang` (or its base language: es for es-MX), else the plain one."""
        given = dict(self.by_lang)
        return given.get(lang) or given.get(lang.split("-")[0]) or self.default

    def has(self, lang: str) -> bool:
        """Whether the text is given in `lang` itself, not only as one text for all."""
        given = dict(self.by_lang)
        return lang in given or lang.split("-")[0] in given

    def first(self) -> str | None:
        """The plain text, else the first language's: how messages name it."""
        return self.default or (self.by_lang[0][1] if self.by_lang else None)

    def __bool__(self) -> bool:
        return bool(self.default or self.by_lang)


@dataclass(frozen=True)
class Stock:
    """Card stock for the office card sheet (generator/content/stock.py): a fixed grid of cards
    (perforated sheets) or, without `paper`, cards centred on plain paper and cut by hand."""

    name: str
    title: str
    perforated: bool = False
    paper: Literal["letter", "a4"] | None = None
    card: tuple[float, float] | None = None  # points
    columns: int | None = None
    rows: int | None = None
    left: float | None = None  # paper's left edge to the first card
    top: float | None = None  # paper's top edge to the first card
    column_gap: float = 0.0
    row_gap: float = 0.0
    bleed: float = 0.0  # colour past a card's edge into a margin or gap

    @property
    def fixed(self) -> bool:
        return self.paper is not None

    def sheet_width(self) -> float:
        return self._extent(0, self.columns, self.column_gap)

    def sheet_height(self) -> float:
        return self._extent(1, self.rows, self.row_gap)

    def _extent(self, axis: int, count: int | None, gap: float) -> float:
        if self.card is None or count is None:
            return 0.0
        return count * self.card[axis] + (count - 1) * gap


HAND_CUT_STOCK = Stock("hand-cut", "plain paper, cut by hand", column_gap=11.34,
                       row_gap=11.34, bleed=5.67)


@dataclass(frozen=True)
class Site:
    organization: str
    country: str
    languages: tuple[str, ...]
    paper: Literal["letter", "a4"]
    card_size: Literal["us", "iso"]
    discreet_title: str  # in the first language; `title_for` gives the others
    article: str  # the first article's slug: the one the pocket card's line comes from
    brand_color: str
    emergency_number: str
    bleed: float  # points
    print_offset: Offset
    source: Source
    show_organization: bool = False  # print the organisation's name on outside surfaces
    poster_size: str = "letter"
    poster_discreet: bool = False
    verify_within_months: int = 12
    discreet_titles: dict[str, str] = field(default_factory=dict, compare=False, hash=False)
    fonts: tuple[SiteFont, ...] = ()
    title_line: int | None = None  # where discreet_title is, for messages

    def title_for(self, lang: str) -> str:
        """The neutral outside title in `lang`, else the site's own."""
        return self.discreet_titles.get(lang) or self.discreet_title
    resource_source: dict | None = field(default=None, compare=False, hash=False)
    max_lines: dict[str, int] = field(default_factory=dict, compare=False, hash=False)
    discreet: bool = True
    revealing_words: tuple[str, ...] = ()  # for every language
    revealing_words_by_lang: dict[str, tuple[str, ...]] = field(
        default_factory=dict, compare=False, hash=False)
    revealing_words_line: int | None = None  # where a message about them points
    brand_cmyk: tuple[float, float, float, float] | None = None  # the print spec's, percent
    pdfx: Literal["x4", "x1a"] = "x4"  # the PDF/X standard shop files meet
    icc_profile: Path | None = None  # a print shop's own CMYK profile; None: the built-in
    stock: Stock = HAND_CUT_STOCK  # what the office card sheet prints on
    articles: tuple[str, ...] = ()  # every article's slug, in order; () reads as (article,)
    card_line: Texts = Texts()  # `card_line:`: the pocket card's line instead of the article's
    articles_line: int | None = None  # where `article:` or `articles:` is, for messages
    card_line_line: int | None = None

    @property
    def article_slugs(self) -> tuple[str, ...]:
        return self.articles or (self.article,)


@dataclass(frozen=True)
class Phone:
    """A validated phone number: `display` for people, `e164` for tel: links."""

    raw: str
    e164: str
    display: str


@dataclass(frozen=True)
class TextLine:
    number: str  # a short code or a full number, as people type it
    keyword: str | None = None
    description: Texts = Texts()  # printed instead of the catalogue's "Text START to ..."


@dataclass(frozen=True)
class Resource:
    name: str  # as messages name the line: the plain name, else the first language's
    phone: Phone | None
    tty: Phone | None
    text: TextLine | None
    url: str | None
    hours: str | None
    languages: tuple[str, ...]
    qr: QrAction | None
    verified: date | None
    required: bool
    source: Source
    tab_label: str | None = None  # what a discreet poster's tear-off tabs say of the line
    names: Texts = Texts()  # the name per language; empty: the catalogue's `emergency_line`
    hours_by_lang: Texts = Texts()
    tab_labels: Texts = Texts()
    emergency: bool = False  # dials the site's emergency number

    def name_in(self, lang: str, strings: dict[str, str] | None = None) -> str:
        """The name printed in `lang`. The emergency line, unnamed or named "Emergency" for
        every language, takes the catalogue's word for it (`emergency_line`), so that it is
        translated with the interface."""
        if self.names_the_emergency(lang) and strings is not None:
            return strings.get("emergency_line") or EMERGENCY_NAME
        return self.names.get(lang) or self.name

    def names_the_emergency(self, lang: str) -> bool:
        """Whether the name printed in `lang` is the catalogue's word for the emergency line."""
        if not self.emergency or self.names.has(lang):
            return False
        plain = self.names.default
        return plain is None or plain.casefold() == EMERGENCY_NAME.casefold()

    def hours_in(self, lang: str) -> str | None:
        return self.hours_by_lang.get(lang) if self.hours_by_lang else self.hours

    def tab_label_in(self, lang: str) -> str | None:
        return self.tab_labels.get(lang) if self.tab_labels else self.tab_label


EMERGENCY_NAME = "Emergency"  # the English catalogue's `emergency_line`


@dataclass(frozen=True)
class Section:
    heading: str | None
    paragraphs: tuple[str, ...]


@dataclass(frozen=True)
class Article:
    slug: str
    lang: str
    title: str
    card_line: str | None
    sections: tuple[Section, ...]
    sources: tuple[str, ...]
    key_points: tuple[str, ...] = ()
    extra: dict[str, object] = field(default_factory=dict, compare=False, hash=False)
    source: Source | None = None


@dataclass(frozen=True)
class Kit:
    """Everything one content folder says, validated."""

    root: Path
    site: Site
    resources: tuple[Resource, ...]
    articles: dict[str, Article]  # by language code: the article a document carries
    warnings: tuple[Problem, ...] = ()
    # Every article by slug, then by language (the kit is built from one at a time: see
    # generator/content/documents.py); (slug, language) -> why that article could not be read.
    library: dict[str, dict[str, Article]] = field(default_factory=dict)
    broken_articles: dict[tuple[str, str], tuple[Problem, ...]] = field(default_factory=dict)
    # The interface strings of each language, read once (generator/i18n/localize.py); a language
    # whose catalogue could not be read has its problems instead.
    strings: dict[str, dict[str, str]] = field(default_factory=dict)
    broken_strings: dict[str, tuple[Problem, ...]] = field(default_factory=dict)
