"""Every setting site.yaml may hold, each declared once: its name, type, default and check.

`SiteOptions` declares the built-in settings; the pipeline reads them from `Site.options`
(generator/content/models.py), so adding a plain setting is one line here. A layout may add
settings of its own (`options:` in its layout.yaml, each a `LayoutOption`), which site.yaml
sets as `<format>_<name>` (`poster_size`); `site_options_model` checks site.yaml against both
in one go, so that a layout's setting is reported as a built-in one is (file, line, field,
valid values) and a key that neither declares is refused.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from datetime import date
from types import MappingProxyType
from typing import Annotated, Any, Literal, get_args, get_origin

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    ValidationInfo,
    create_model,
    field_validator,
    model_validator,
)

from generator.content.emergency_numbers import EMERGENCY_NUMBERS
from generator.content.file_names import file_name_problem
from generator.content.papers import OfficePaper
from generator.content.schema import (
    WrittenDate,
    check_language_code,
    language_keys,
)
from generator.content.strict import FrozenModel
from generator.content.units import PT_PER_UNIT, inch, mm, parse_written_length
from generator.content.web_address import web_address, web_address_problem
from generator.engine import remembered

OptionValue = str | bool | int | float  # a layout's setting, as site.yaml gives it

# print_offset corrects an office printer's duplex misalignment, usually a millimetre or two;
# beyond the cards' 3 mm safe margin it would push the text of the backs off the card.
MAX_PRINT_OFFSET = mm(3)
# Print shops ask for 3-5 mm (0.125 in) of bleed. Half an inch leaves room for any shop's
# request; more is a slip ("3cm" for "3mm") that would make a shop page mostly background.
MAX_BLEED = inch(0.5)
_HEX_COLOR = re.compile(r"^#[0-9a-fA-F]{6}$")
MAX_SLUG = 60  # it is part of file names
OWN_LANGUAGE = "kit"  # office_language: each kit's own language
SLUG = re.compile(rf"[a-z0-9][a-z0-9-]{{0,{MAX_SLUG - 1}}}")


def _finite_length(value: Any) -> float:
    length = parse_written_length(value)
    if not math.isfinite(length):
        raise ValueError(f"expected a length like 3mm or 0.125in, got {value!r}")
    return length


def _mm(points: float) -> str:
    return f"{points / PT_PER_UNIT['mm']:.3g} mm"


def _hex_color(value: str) -> str:
    if not _HEX_COLOR.fullmatch(value):
        raise ValueError("must be a colour like \"#2f5d62\" (quote it in YAML)")
    return value


def _check_slug(slug: str) -> None:
    """A slug names files (`articles/<slug>.<lang>.md`, `brochure-<slug>.pdf`)."""
    if len(slug) > MAX_SLUG:
        raise ValueError(f"{slug[:20]!r}... is over {MAX_SLUG} characters")
    if not SLUG.fullmatch(slug):
        raise ValueError(f"{slug!r} must be a slug of lowercase letters, digits and hyphens")


def _can_name_a_file(name: str) -> str:
    if problem := file_name_problem(name):
        raise ValueError(problem)
    return name


def _at_least_one(count: int) -> int:
    if count < 1:
        raise ValueError(f"must be 1 or more, not {count}: a format prints at least one line")
    return count


class OffsetModel(FrozenModel):
    x: float = 0.0
    y: float = 0.0

    @field_validator("x", "y", mode="before")
    @classmethod
    def _length(cls, value: Any) -> float:
        return _finite_length(value)

    @field_validator("x", "y")
    @classmethod
    def _on_the_card(cls, value: float) -> float:
        if abs(value) > MAX_PRINT_OFFSET + 1e-9:
            raise ValueError(f"{_mm(value)} would push the backs off the card: at most "
                             f"{_mm(MAX_PRINT_OFFSET)} either way (printers are usually off by "
                             "1-2 mm; measure it on a test sheet)")
        return value


class ResourceSourceModel(FrozenModel):
    """`resources:` in site.yaml: listings read straight from HSDS data or a spreadsheet."""

    path: str
    format: Literal["hsds", "csv"] | None = None
    region: str | None = None
    postal_prefix: str | None = None
    tags: list[str] = []
    limit: int | None = Field(default=None, ge=1, strict=True)
    verified: WrittenDate = None  # when the site checked these lines (records without one)
    first: str | None = None  # the line to put first: its QR code is the card's

    @field_validator("path")
    @classmethod
    def _file_name(cls, value: str) -> str:
        return _can_name_a_file(value)

    @field_validator("verified")
    @classmethod
    def _not_future(cls, value: date | None) -> date | None:
        if value is not None and value > date.today():
            raise ValueError(f"{value.isoformat()} is in the future")
        return value


class FontFilesModel(FrozenModel):
    """`fonts: {am: {regular: fonts/A-Regular.ttf, bold: fonts/A-Bold.ttf}}`."""

    regular: str
    bold: str | None = None


class BrandColorModel(FrozenModel):
    """`brand_color: {rgb: "#2f5d62", cmyk: [80, 40, 45, 30]}`: the screen colour, and the
    inks an organisation's print spec gives for it (else converted through the profile)."""

    rgb: str
    cmyk: list[float] | None = None

    @field_validator("rgb")
    @classmethod
    def _rgb(cls, value: str) -> str:
        return _hex_color(value)

    @field_validator("cmyk")
    @classmethod
    def _inks(cls, value: list[float] | None) -> list[float] | None:
        if value is not None and (len(value) != 4 or any(not 0 <= ink <= 100 for ink in value)):
            raise ValueError("give four ink percentages from 0 to 100 (cyan, magenta, yellow, "
                             "black), e.g. [80, 40, 45, 30]")
        return value

    @property
    def inks(self) -> tuple[float, float, float, float] | None:
        """`cmyk` as (cyan, magenta, yellow, black): four, as validated."""
        if self.cmyk is None:
            return None
        cyan, magenta, yellow, black = self.cmyk
        return cyan, magenta, yellow, black


class SiteOptions(FrozenModel):
    """site.yaml's built-in settings, as written and checked. What needs more than the file
    to settle (the emergency number a country implies, the font and profile files, the card
    stock) is settled as the site loads: see `load_site` and `Site`."""

    organization: str
    country: str  # ISO 3166 alpha-2: phone numbers are checked for this country
    languages: list[str]
    paper: OfficePaper = "letter"
    card_size: Literal["us", "iso"] = "us"
    discreet_title: str | dict[str, str]  # one title, or one per language code
    article: str | None = None  # the kit's one article, or:
    articles: list[str] | None = None  # several: each gets its own brochure, poster...
    # the cards' line (the pocket card's, the first article's folding card's and
    # poster's), else the first article's
    card_line: str | dict[str, str] | None = None
    brand_color: BrandColorModel = BrandColorModel(rgb="#2f5d62")  # or just "#2f5d62"
    emergency_number: str | None = None  # else the country's (EMERGENCY_NUMBERS)
    bleed: float | None = None  # points; else 0.125 in for US cards, 3 mm for ISO ones
    print_offset: OffsetModel = OffsetModel()
    show_organization: bool = False  # print the organisation's name on outside surfaces
    # the folding card's room for notes headed "Your advocate:", a line to write a name
    # and number on (a card a ballpoint writes on: the print notes say so)
    write_in: bool = False
    # the organisation's web address, printed (as its bare domain) beside its name: on the
    # brochure's back panel and the poster, where show_organization allows the name
    website: str | None = None
    verify_within_months: int = Field(default=12, ge=1, le=60, strict=True)
    resources: str | ResourceSourceModel | None = None
    # per format; strict: YAML's `yes` must not become 1 line
    max_lines: dict[str, Annotated[int, Field(strict=True), AfterValidator(_at_least_one)]] = {}
    discreet: bool = True  # check outside surfaces for revealing words
    revealing_words: list[str] | dict[str, list[str]] = []  # all languages, or per language
    extends: str | None = None  # a base folder for articles/, locales/, resources.yaml
    # per language: a font file in the content folder (scripts with no font on PyPI)
    fonts: dict[str, str | FontFilesModel] = {}
    pdfx: Literal["x4", "x1a"] = "x4"  # the PDF/X standard of shop files
    icc_profile: str | None = None  # a print shop's CMYK profile, inside the content folder
    # the card sheet's stock: a name from layouts/stock.yaml, or a sheet of its own
    stock: str | dict[str, Any] = "hand-cut"
    # the language of the office sheets' print instructions (their margins): the language
    # whoever prints reads; default: the first of `languages`; `kit`: each kit's own
    office_language: str | None = None
    # audience packs: each a folder audiences/<name>/ built beside the main kit into
    # <out>/<name>/ (generator/content/audiences.py)
    audiences: list[str] = []

    @field_validator("audiences")
    @classmethod
    def _audiences(cls, value: list[str]) -> list[str]:
        from generator.content.audience_names import audience_name_problem

        for name in value:
            if problem := audience_name_problem(name):
                raise ValueError(problem)
        repeated = [name for index, name in enumerate(value) if name in value[:index]]
        if repeated:
            raise ValueError(f"{repeated[0]!r} is listed twice")
        return value

    @field_validator("fonts")
    @classmethod
    def _font_languages(cls, value: dict[str, Any]) -> dict[str, Any]:
        language_keys(value)
        return value

    @field_validator("website")
    @classmethod
    def _website(cls, value: str | None) -> str | None:
        if value is not None and (problem := web_address_problem(value)):
            raise ValueError(problem)
        return None if value is None else web_address(value)

    @field_validator("office_language")
    @classmethod
    def _office_language(cls, value: str | None) -> str | None:
        if value is not None and value != OWN_LANGUAGE:
            try:
                check_language_code(value)
            except ValueError as error:
                raise ValueError(f"{error}, or `{OWN_LANGUAGE}` for each kit's own") from None
        return value

    @property
    def printing_language(self) -> str | None:
        """The language of the office sheets' print instructions; None: each kit's own."""
        if self.office_language == OWN_LANGUAGE:
            return None
        return self.office_language or self.languages[0]

    @field_validator("icc_profile")
    @classmethod
    def _profile_name(cls, value: str | None) -> str | None:
        return None if value is None else _can_name_a_file(value)

    @field_validator("discreet_title")
    @classmethod
    def _title_languages(cls, value: str | dict[str, str]) -> str | dict[str, str]:
        if isinstance(value, dict):
            language_keys(value)
        return value

    @field_validator("card_line")
    @classmethod
    def _card_line(cls, value: str | dict[str, str] | None) -> Any:
        texts = value.values() if isinstance(value, dict) else [value]
        if isinstance(value, dict):
            language_keys(value)
        if any(text is not None and not text.strip() for text in texts):
            raise ValueError("a card line is empty: write one, or leave card_line out to "
                             "print the first article's")
        return value

    @field_validator("resources", mode="before")
    @classmethod
    def _source(cls, value: Any) -> Any:
        return {"path": value} if isinstance(value, str) else value

    @field_validator("country")
    @classmethod
    def _country(cls, value: str) -> str:
        from generator.content.countries import country_problem  # phonenumbers: for site.yaml

        problem = country_problem(value)
        if problem:
            raise ValueError(problem)
        return value

    @field_validator("languages")
    @classmethod
    def _languages(cls, value: list[str]) -> list[str]:
        if not value:
            raise ValueError("list at least one language, e.g. [en]")
        seen: set[str] = set()
        for code in value:
            check_language_code(code)
            if code.casefold() in seen:  # every file would be written twice, or 1,000 times
                raise ValueError(f"{code!r} is listed twice: list each language once")
            seen.add(code.casefold())
        return value

    @field_validator("revealing_words")
    @classmethod
    def _words(cls, value: list[str] | dict[str, list[str]]) -> Any:
        lists = value.items() if isinstance(value, dict) else [(None, value)]
        for code, words in lists:
            if code is not None:
                check_language_code(code)
            if code is not None and not words:
                raise ValueError(f"{code}: list at least one word")
            if any(not word.strip() for word in words):
                raise ValueError("a word is empty")
        return value

    @field_validator("article")
    @classmethod
    def _slug(cls, value: str | None) -> str | None:
        if value is not None and not SLUG.fullmatch(value):
            raise ValueError("must be a slug of lowercase letters, digits and hyphens"
                             if len(value) <= MAX_SLUG else f"is over {MAX_SLUG} characters")
        return value

    @field_validator("articles")
    @classmethod
    def _slugs(cls, value: list[str] | None) -> list[str] | None:
        if value is None:
            return value
        if not value:
            raise ValueError("list at least one article's slug, e.g. [trauma-bonding]")
        for slug in value:
            _check_slug(slug)
        repeated = [slug for index, slug in enumerate(value) if slug in value[:index]]
        if repeated:
            raise ValueError(f"{repeated[0]!r} is listed twice")
        return value

    @field_validator("brand_color", mode="before")
    @classmethod
    def _color(cls, value: Any) -> Any:
        return {"rgb": _hex_color(value)} if isinstance(value, str) else value

    @field_validator("emergency_number", mode="before")
    @classmethod
    def _emergency(cls, value: Any, info: ValidationInfo) -> Any:
        unquoted = isinstance(value, int) and not isinstance(value, bool)
        text = str(value).strip() if unquoted or isinstance(value, str) else None
        country = info.data.get("country")
        if text is None or country is None:
            return value  # not text: pydantic says so; no valid country: reported already
        from generator.content.phones import emergency_problem

        # (an unquoted 000 stays "000": generator/content/yamlfile.py reads it as text)
        problem = emergency_problem(text, country, EMERGENCY_NUMBERS.get(country))
        if problem:
            raise ValueError(problem)
        return text

    @field_validator("bleed", mode="before")
    @classmethod
    def _bleed(cls, value: Any) -> float | None:
        return None if value is None else _finite_length(value)

    @field_validator("bleed")
    @classmethod
    def _bleed_range(cls, value: float | None) -> float | None:
        if value is not None and value < 0:
            raise ValueError(f"{_mm(value)} is negative: write 0 for none, or what the print "
                             "shop asks for (usually 3 mm or 0.125in)")
        if value is not None and value > MAX_BLEED + 1e-9:
            raise ValueError(f"{_mm(value)} is more than {_mm(MAX_BLEED)} (0.5 in): print "
                             "shops ask for 3-5 mm (0.125in)")
        return value

    @field_validator("max_lines")
    @classmethod
    def _formats(cls, value: dict[str, int], info: ValidationInfo) -> dict[str, int]:
        formats = (info.context or {}).get("formats")
        if formats is None:
            return value
        unknown = [name for name in value if name not in formats]
        if unknown:
            raise ValueError(f"unknown format {unknown[0]!r}; valid: {', '.join(formats)}")
        return value


# The types a layout's option may have, as site.yaml's value is checked (strict integers:
# YAML's `yes` must not become 1).
OPTION_TYPES: MappingProxyType[str, Any] = MappingProxyType({
    "text": str, "bool": bool, "number": float, "integer": Annotated[int, Field(strict=True)]})
OPTION_KEY = re.compile(r"[a-z][a-z0-9_]{0,39}")


class LayoutOption(BaseModel):
    """A setting a layout adds to site.yaml (`options:` in its layout.yaml), set there as
    `<format>_<name>`: one of `values`, or a value of `type`; when site.yaml leaves it out,
    `default`, or the value of the built-in setting `default_from` names."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    description: str  # one line: what it does (`havenprint formats` lists it)
    values: tuple[str, ...] | tuple[int, ...] | None = None  # choices: words, or whole numbers
    type: Literal["text", "bool", "integer", "number"] | None = None
    default: str | bool | int | float | None = None
    default_from: str | None = None
    # The layout's size option only: its value is part of the file names (poster-a3.pdf),
    # so that one kit may carry the format at several sizes (--poster-size).
    in_file_name: bool = False
    # false: still accepted in site.yaml (files that set it build as before) but no longer
    # offered (the web page shows no field for it): a setting that changes nothing now,
    # such as sticker_discreet, every sticker being discreet
    offered: bool = True

    @model_validator(mode="after")
    def _complete(self) -> LayoutOption:
        if (self.values is None) == (self.type is None):
            raise ValueError("give `values: [...]` (the choices) or a `type:` (text, bool, "
                             "integer or number), one of them")
        if (self.default is None) == (self.default_from is None):
            raise ValueError("give a `default:`, or `default_from:` a built-in setting whose "
                             "value it takes (e.g. paper), one of them")
        if self.default is not None and not self.accepts(self.default):
            raise ValueError(f"default: {self.default!r} is not {self.allowed}")
        if self.default_from is not None:
            self._check_default_from(self.default_from)
        if self.in_file_name and self.values is None:
            raise ValueError("in_file_name is for an option with `values:` (the sizes)")
        return self

    def _check_default_from(self, name: str) -> None:
        """`default_from` names a built-in choice whose every value this option allows."""
        if self.values is None:
            raise ValueError("default_from is for an option with `values:`; give a `default:`")
        choices = {setting: get_args(field.annotation) for setting, field
                   in SiteOptions.model_fields.items() if get_origin(field.annotation) is Literal}
        if name not in choices:
            raise ValueError(f"default_from: {name!r} is not a built-in setting with choices; "
                             f"valid: {', '.join(choices)}")
        outside = [value for value in choices[name] if value not in self.values]
        if outside:
            raise ValueError(f"default_from: {name} may be {outside[0]!r}, which is not one of "
                             "this option's `values`")

    @property
    def annotation(self) -> Any:
        """What site.yaml's value is checked against (None: not given, the default)."""
        kind: Any = (Literal.__getitem__(self.values) if self.values is not None
                     else OPTION_TYPES[self.type or "text"])
        return kind | None

    @property
    def allowed(self) -> str:
        """The values it takes, as a message says them."""
        if self.values is not None:
            return "one of " + ", ".join(str(value) for value in self.values)
        return {"text": "a text", "bool": "true or false", "integer": "a whole number",
                "number": "a number"}[self.type or "text"]

    def accepts(self, value: object) -> bool:
        """Whether `value` is one this option takes, as written (`"yes"` is no bool here)."""
        try:
            TypeAdapter(self.annotation).validate_python(value, strict=True)
        except ValidationError:
            return False
        return True

    def value(self, given: OptionValue | None, options: SiteOptions) -> OptionValue:
        """The setting's value: as site.yaml gives it, else its default."""
        if given is not None:
            return given
        if self.default is not None:
            return self.default
        return getattr(options, self.default_from or "")


def site_option_name(layout: str, key: str) -> str:
    """The name site.yaml sets a layout's option by: `poster` and `size` make `poster_size`
    (hyphens in the format's name become underscores: `pocket_card_...`)."""
    return f"{layout.replace('-', '_')}_{key}"


def site_options_model(declared: Mapping[str, LayoutOption]) -> type[SiteOptions]:
    """SiteOptions with the settings the layouts declare (by their site.yaml names), each
    optional: what site.yaml is checked against."""
    return _with_layout_options(SiteOptions, tuple(declared.items()))


@remembered(16)
def _with_layout_options(base: type[SiteOptions], declared: tuple[tuple[str, LayoutOption], ...]
                         ) -> type[SiteOptions]:
    if not declared:
        return base
    fields: dict[str, Any] = {name: (option.annotation, None) for name, option in declared}
    return create_model(base.__name__, __base__=base, **fields)


def layout_option_values(options: SiteOptions, declared: Mapping[str, LayoutOption]
                         ) -> dict[str, OptionValue]:
    """Each layout option's value in a site: as `options` (checked against
    `site_options_model(declared)`) give it, else its default."""
    return {name: option.value(getattr(options, name, None), options)
            for name, option in declared.items()}
