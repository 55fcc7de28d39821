"""The data that flows through the pipeline: frozen, typed, free of I/O.

load/validate produce a `Kit`; compose and render only read it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from generator.content.language_tags import given_for
from generator.content.papers import OfficePaper
from generator.content.phone_number import Phone
from generator.content.units import inch, mm
from generator.errors import Problem

if TYPE_CHECKING:  # a pydantic model: its module checks what this one's data is made from
    from generator.content.site_options import OptionValue, SiteOptions

QrAction = Literal["tel", "sms", "url"]


@dataclass(frozen=True)
class Source:
    """Where a value came from, so that a problem can name `path:line`."""

    path: Path
    line: int | None = None
    # the record of the data a line was read from, where no line of a file names it (an
    # HSDS service: "service svc-2 at https://…/services/svc-2")
    record: str | None = None

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else str(self.path)
        return f"{where} ({self.record})" if self.record else where


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
        """The text in `lang` (or in a tag that serves it: es for es-MX, zh-Hant for zh-TW),
        else the plain one."""
        return given_for(dict(self.by_lang), lang) or self.default

    def has(self, lang: str) -> bool:
        """Whether the text is given in `lang` itself, not only as one text for all."""
        return given_for(dict(self.by_lang), lang) is not None

    def first(self) -> str | None:
        """The plain text, else the first language's: how messages name it."""
        return self.default or (self.by_lang[0][1] if self.by_lang else None)

    def __bool__(self) -> bool:
        return bool(self.default or self.by_lang)

    @classmethod
    def given(cls, value: str | dict[str, str] | None) -> Texts:
        """A text as a YAML file gives it: one for every language, or one per language."""
        if isinstance(value, dict):
            return cls(by_lang=tuple(value.items()))
        return cls(default=value)


@dataclass(frozen=True)
class Stock:
    """Card stock for the office card sheet (generator/content/stock.py): a fixed grid of cards
    (perforated sheets) or, without `paper`, cards centred on plain paper and cut by hand."""

    name: str
    title: str
    perforated: bool = False
    paper: OfficePaper | None = None
    card: tuple[float, float] | None = None  # points
    columns: int | None = None
    rows: int | None = None
    left: float | None = None  # paper's left edge to the first card
    top: float | None = None  # paper's top edge to the first card
    column_gap: float = 0.0
    row_gap: float = 0.0
    bleed: float = 0.0  # colour past a card's edge into a margin or gap
    die_cut: bool = False  # labels already cut out on a backing sheet: peeled off, not cut
    # A label sheet said in the printer's language (print_labels in generator/locales/):
    # the labels' size as any language writes it ("3⅓ in", "85 mm") and the makers' product
    # codes; empty: the stock is named by its title (English, as stock.yaml writes it).
    label_size: str = ""
    products: str = ""

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
    """A content folder's site.yaml. `options` holds its built-in settings as written and
    checked, each declared once in `SiteOptions` and read from there (`site.options.paper`);
    `layout_options` the value of each setting the layouts declare (`poster_size`), default
    or given. The other fields are what loading settles for the settings that name a file, a
    stock or a default that needs more than the file; the properties derive what the
    pipeline reads from the settings (the bleed a card size implies, the title in a
    language...)."""

    options: SiteOptions = field(hash=False)  # its lists and mappings do not hash
    source: Source
    emergency_number: str  # `emergency_number`, else the one of the site's country
    fonts: tuple[SiteFont, ...] = ()  # `fonts:`, each file checked
    stock: Stock = HAND_CUT_STOCK  # `stock:`: what the office card sheet prints on
    icc_profile: Path | None = None  # `icc_profile:`, checked; None: the built-in profile
    layout_options: dict[str, OptionValue] = field(default_factory=dict, hash=False)
    # The line of each setting in site.yaml, for messages.
    lines: dict[str, int] = field(default_factory=dict, compare=False, hash=False)
    # The file of each setting given elsewhere than `source` (an audience pack's site.yaml).
    files: dict[str, Path] = field(default_factory=dict, compare=False, hash=False)

    def option(self, name: str) -> object:
        """A setting by the name site.yaml gives it, as layout.yaml names one (`size_option:
        poster_size`, `outside_when: poster_discreet`): a layout's, else a built-in one."""
        if name in self.layout_options:
            return self.layout_options[name]
        return getattr(self.options, name)

    def with_option(self, name: str, value: Any) -> Site:
        """The site with one setting changed (a document built at another size), unchecked."""
        if name in self.layout_options:
            return replace(self, layout_options={**self.layout_options, name: value})
        return replace(self, options=self.options.model_copy(update={name: value}))

    def line_of(self, *names: str) -> int | None:
        """The line of the first of `names` that site.yaml sets."""
        return next((self.lines[name] for name in names if name in self.lines), None)

    def file_of(self, *names: str) -> Path:
        """The file that sets the first of `names` that is set (an audience pack's site.yaml
        for what it sets), else site.yaml: the file a message about them names, with
        `line_of`."""
        name = next((name for name in names if name in self.lines), None)
        return self.files.get(name, self.source.path) if name else self.source.path

    @property
    def discreet_titles(self) -> dict[str, str]:
        """The outside title per language, when site.yaml gives one per language."""
        title = self.options.discreet_title
        return title if isinstance(title, dict) else {}

    @property
    def discreet_title(self) -> str:
        """The outside title in the first language given: how messages name it."""
        title = self.options.discreet_title
        return title if isinstance(title, str) else next(iter(title.values()), "")

    def title_for(self, lang: str) -> str:
        """The neutral outside title in `lang` (or in a tag that serves it: es for es-MX),
        else the site's own."""
        return given_for(self.discreet_titles, lang) or self.discreet_title

    @property
    def article_slugs(self) -> tuple[str, ...]:
        """Every article's slug, in order; the first one's card line is the pocket card's."""
        articles, article = self.options.articles, self.options.article
        return tuple(articles) if articles else (article,) if article else ()

    @property
    def card_line(self) -> Texts:
        """`card_line:`: the pocket card's line instead of the first article's."""
        return Texts.given(self.options.card_line)

    @property
    def brand_color(self) -> str:
        return self.options.brand_color.rgb

    @property
    def brand_cmyk(self) -> tuple[float, float, float, float] | None:
        """The inks of the print spec, percent, when site.yaml gives them."""
        return self.options.brand_color.inks

    @property
    def bleed(self) -> float:
        """Points: the setting, else 0.125 in for US cards and 3 mm for ISO ones."""
        if self.options.bleed is not None:
            return self.options.bleed
        return inch(0.125) if self.options.card_size == "us" else mm(3)

    @property
    def print_offset(self) -> Offset:
        return Offset(self.options.print_offset.x, self.options.print_offset.y)

    @property
    def revealing_words(self) -> tuple[str, ...]:
        """The words for every language (a plain list in site.yaml)."""
        words = self.options.revealing_words
        return tuple(words) if isinstance(words, list) else ()

    @property
    def revealing_words_by_lang(self) -> dict[str, tuple[str, ...]]:
        words = self.options.revealing_words
        return ({code: tuple(listed) for code, listed in words.items()}
                if isinstance(words, dict) else {})

    @property
    def resource_source(self) -> dict | None:
        """`resources:`, the data the lines are read from, when site.yaml names some."""
        source = self.options.resources
        return None if source is None or isinstance(source, str) else source.model_dump()


@dataclass(frozen=True)
class TextLine:
    number: str  # a short code or a full number, as people type it
    keyword: str | None = None
    description: Texts = Texts()  # printed instead of the catalogue's "Text START to ..."
    # what a QR code texts: E.164 or a short code's digits, as load checked the number
    # (`+44 (0)7400 123456` without its separators would text +4407400123456)
    e164: str | None = None


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
    # resources.yaml's `differs_from_published: true`: its numbers differ from a national
    # line's on purpose, and the kit's printed text may give them (kit_parts.line_numbers)
    differs_from_published: bool = False
    # What a piece may say of it (generator/content/promises.py): `free` and `confidential`
    # as resources.yaml gives them; the first line's phone free to call by the country's
    # numbering plan (asked of the first line only: no piece says it of another).
    free: bool | None = None
    confidential: bool = False
    free_number: bool = False

    def name_in(self, lang: str, strings: dict[str, str] | None = None) -> str:
        """The name printed in `lang`. The emergency line, unnamed or named "Emergency" for
        every language, takes the catalogue's word for it (`emergency_line`), so that it is
        translated with the interface."""
        if self.names_the_emergency(lang) and strings is not None:
            return strings.get("emergency_line") or EMERGENCY_NAME
        return self.names.get(lang) or self.name

    def name_under_its_number(self, lang: str, strings: dict[str, str] | None = None) -> str:
        """The name printed in `lang` right over the line's own number (a pocket card's
        `names_without_own_number`): without that number where the name starts with it as a
        word, digits as written ("988 Línea de Prevención..." over a 13 pt "988" printed the
        number twice and took the name onto two lines), and without what separates the two
        ("988, ligne d'aide" -> "Ligne d'aide"). A name that is its number alone keeps it."""
        name = self.name_in(lang, strings)
        for number in self._own_numbers():
            match = re.match(rf"\s*{re.escape(number)}(?={_AFTER_NUMBER}){_AFTER_NUMBER}*", name)
            if match is None:
                continue
            rest = name[match.end():]
            if not any(char.isalpha() for char in rest):
                return name
            first = rest[:1].upper()
            return (first if len(first) == 1 else rest[:1]) + rest[1:]
        return name

    def _own_numbers(self) -> tuple[str, ...]:
        """The numbers the line prints, as its data writes them, longest first."""
        numbers = {number.strip() for number in (
            self.phone.raw if self.phone else None, self.tty.raw if self.tty else None,
            self.text.number if self.text else None) if number and number.strip()}
        return tuple(sorted(numbers, key=len, reverse=True))

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
# What may stand between a number and the rest of a name that starts with it: spaces, a
# comma, a colon, a full stop, a dash ("988 — линия помощи", "988 – linia wsparcia").
_AFTER_NUMBER = r"[\s,:;.\u2013\u2014-]"


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
    # Where `card_line` is the article's first sentence (no `card:`), the lines to print in
    # its place, in order, on a piece it does not fit: the first key point.
    card_line_choices: tuple[str, ...] = ()
    card_line_given: bool = False  # written for the card: `card:`, or site.yaml's card_line
    extra: dict[str, object] = field(default_factory=dict, compare=False, hash=False)
    source: Source | None = None
    # What reading the file noticed and the build tells (a first sentence taken as the
    # headline, a paragraph pointing to other web content): warnings and notes.
    notes: tuple[Problem, ...] = field(default=(), compare=False, hash=False)


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
    # Audience packs (generator/content/audiences.py): the main kit's, each a kit of its own;
    # a pack's own name and folder (its root is the main kit's: layouts, catalogues).
    audiences: tuple[Kit, ...] = ()
    audience: str | None = None
    audience_folder: Path | None = None
