"""What site.yaml and resources.yaml may say, as pydantic models (their errors become plain
`Problem`s in generator/content/validation_problems.py)."""

from __future__ import annotations

import math
import re
from datetime import date
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationInfo,
    field_validator,
)

from generator.content.phones import PhoneError, emergency_problem, parse_phone, parse_tty
from generator.content.units import PT_PER_UNIT, inch, mm, parse_length

# The emergency number printed for the countries shelters using havenprint are in; others set
# `emergency_number` in site.yaml (a wrong guess here would be printed on every card).
# phonenumbers can tell whether a number is an emergency number (tests check every entry),
# but not which one people there are taught to call: its own example for the US is 112, for
# Mexico 060, for Germany 110 (police). So the choice stays here, and site.yaml may override it.
EMERGENCY_NUMBERS = {
    "US": "911", "CA": "911", "MX": "911", "GB": "999", "IE": "112", "AU": "000",
    "NZ": "111", "DE": "112", "FR": "112", "ES": "112", "IT": "112", "NL": "112",
    "PL": "112", "PT": "112", "SE": "112", "IN": "112", "PH": "911",
}
# print_offset corrects an office printer's duplex misalignment, usually a millimetre or two;
# beyond the cards' 3 mm safe margin it would push the text of the backs off the card.
MAX_PRINT_OFFSET = mm(3)
# Print shops ask for 3-5 mm (0.125 in) of bleed. Half an inch leaves room for any shop's
# request; more is a slip ("3cm" for "3mm") that would make a shop page mostly background.
MAX_BLEED = inch(0.5)
_HEX_COLOR = re.compile(r"^#[0-9a-fA-F]{6}$")
_LANG = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$")
MAX_SLUG = 60  # it is part of file names
SLUG = re.compile(rf"[a-z0-9][a-z0-9-]{{0,{MAX_SLUG - 1}}}")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class OffsetModel(_Strict):
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


def _finite_length(value: Any) -> float:
    length = parse_length(value)
    if not math.isfinite(length):
        raise ValueError(f"expected a length like 3mm or 0.125in, got {value!r}")
    return length


def _mm(points: float) -> str:
    return f"{points / PT_PER_UNIT['mm']:.3g} mm"


def written_date(value: Any) -> date:
    """YYYY-MM-DD only: 10/01/2026 is January 10 in most of the world and October 1 in the
    US, and a wrong date decides whether a line gets checked again."""
    if isinstance(value, date):
        return value
    text = str(value).strip()
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        try:
            return date.fromisoformat(text)
        except ValueError:
            pass
    raise ValueError(f"{text!r} is not a date written YYYY-MM-DD (year-month-day), "
                     "e.g. 2026-11-20")


def _at_least_one(count: int) -> int:
    if count < 1:
        raise ValueError(f"must be 1 or more, not {count}: a format prints at least one line")
    return count


class ResourceSourceModel(_Strict):
    """`resources:` in site.yaml: listings read straight from HSDS data or a spreadsheet."""

    path: str
    format: Literal["hsds", "csv"] | None = None
    region: str | None = None
    postal_prefix: str | None = None
    tags: list[str] = []
    limit: int | None = Field(default=None, ge=1, strict=True)
    verified: date | None = None  # when the site checked these lines (records without one)
    first: str | None = None  # the line to put first: its QR code is the card's

    @field_validator("verified", mode="before")
    @classmethod
    def _iso_date(cls, value: Any) -> Any:
        return None if value is None else written_date(value)

    @field_validator("verified")
    @classmethod
    def _not_future(cls, value: date | None) -> date | None:
        if value is not None and value > date.today():
            raise ValueError(f"{value.isoformat()} is in the future")
        return value


class FontFilesModel(_Strict):
    """`fonts: {am: {regular: fonts/A-Regular.ttf, bold: fonts/A-Bold.ttf}}`."""

    regular: str
    bold: str | None = None


def _language_keys(value: dict[str, Any]) -> None:
    for code in value:
        if not _LANG.fullmatch(code):
            raise ValueError(f"{code!r} is not a language code such as en, es or zh-Hans")


class BrandColorModel(_Strict):
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


def _hex_color(value: str) -> str:
    if not _HEX_COLOR.fullmatch(value):
        raise ValueError("must be a colour like \"#2f5d62\" (quote it in YAML)")
    return value


class SiteModel(_Strict):
    organization: str
    country: str
    languages: list[str]
    paper: Literal["letter", "a4"] = "letter"
    card_size: Literal["us", "iso"] = "us"
    discreet_title: str | dict[str, str]  # one title, or one per language code
    article: str | None = None  # the kit's one article, or:
    articles: list[str] | None = None  # several: each gets its own brochure, poster...
    card_line: str | dict[str, str] | None = None  # the pocket card's line, else the first
    # article's
    brand_color: BrandColorModel = BrandColorModel(rgb="#2f5d62")  # or just "#2f5d62"
    emergency_number: str | None = None
    bleed: float | None = None
    print_offset: OffsetModel = OffsetModel()
    show_organization: bool = False
    poster_size: Literal["letter", "a4", "tabloid", "a3"] | None = None
    poster_discreet: bool = False
    verify_within_months: int = Field(default=12, ge=1, le=60, strict=True)
    resources: str | ResourceSourceModel | None = None
    # per format; strict: YAML's `yes` must not become 1 line
    max_lines: dict[str, Annotated[int, Field(strict=True), AfterValidator(_at_least_one)]] = {}
    discreet: bool = True
    revealing_words: list[str] | dict[str, list[str]] = []  # all languages, or per language
    extends: str | None = None  # a base folder for articles/, locales/, resources.yaml
    # per language: a font file in the content folder (scripts with no font on PyPI)
    fonts: dict[str, str | FontFilesModel] = {}

    @field_validator("fonts")
    @classmethod
    def _font_languages(cls, value: dict[str, Any]) -> dict[str, Any]:
        _language_keys(value)
        return value

    @field_validator("discreet_title")
    @classmethod
    def _title_languages(cls, value: str | dict[str, str]) -> str | dict[str, str]:
        if isinstance(value, dict):
            _language_keys(value)
        return value

    @field_validator("card_line")
    @classmethod
    def _card_line(cls, value: str | dict[str, str] | None) -> Any:
        texts = value.values() if isinstance(value, dict) else [value]
        if isinstance(value, dict):
            _language_keys(value)
        if any(text is not None and not text.strip() for text in texts):
            raise ValueError("a card line is empty: write one, or leave card_line out to "
                             "print the first article's")
        return value
    pdfx: Literal["x4", "x1a"] = "x4"  # the PDF/X standard of shop files
    icc_profile: str | None = None  # a print shop's CMYK profile, inside the content folder
    # the card sheet's stock: a name from layouts/stock.yaml, or a sheet of its own
    stock: str | dict[str, Any] = "hand-cut"

    @field_validator("resources", mode="before")
    @classmethod
    def _source(cls, value: Any) -> Any:
        return {"path": value} if isinstance(value, str) else value

    @field_validator("country")
    @classmethod
    def _country(cls, value: str) -> str:
        if not re.fullmatch(r"[A-Z]{2}", value):
            raise ValueError("must be an ISO 3166 two-letter country code such as US or GB")
        return value

    @field_validator("languages")
    @classmethod
    def _languages(cls, value: list[str]) -> list[str]:
        if not value:
            raise ValueError("list at least one language, e.g. [en]")
        for code in value:
            if not _LANG.fullmatch(code):
                raise ValueError(f"{code!r} is not a language code such as en, es or zh-Hans")
        return value

    @field_validator("revealing_words")
    @classmethod
    def _words(cls, value: list[str] | dict[str, list[str]]) -> Any:
        lists = value.items() if isinstance(value, dict) else [(None, value)]
        for code, words in lists:
            if code is not None and not _LANG.fullmatch(code):
                raise ValueError(f"{code!r} is not a language code such as en, es or zh-Hans")
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
        problem = emergency_problem(text, country, EMERGENCY_NUMBERS.get(country))
        if problem and unquoted:
            problem += ' (write it in quotes: YAML reads an unquoted 000 as 0)'
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


def _check_slug(slug: str) -> None:
    """A slug names files (`articles/<slug>.<lang>.md`, `brochure-<slug>.pdf`)."""
    if len(slug) > MAX_SLUG:
        raise ValueError(f"{slug[:20]!r}... is over {MAX_SLUG} characters")
    if not SLUG.fullmatch(slug):
        raise ValueError(f"{slug!r} must be a slug of lowercase letters, digits and hyphens")


def _check_phone(value: str | None, info: ValidationInfo) -> str | None:
    """Phone numbers are checked for the site's country, passed in the validation context."""
    if value is not None and info.context:
        try:
            parse_phone(value, info.context["country"])
        except PhoneError as error:
            raise ValueError(str(error)) from None
    return value


def _check_tty(value: str | None, info: ValidationInfo) -> str | None:
    """A TTY number may also be a relay form of the country (UK: 18001 then the number)."""
    if value is not None and info.context:
        try:
            parse_tty(value, info.context["country"])
        except PhoneError as error:
            raise ValueError(str(error)) from None
    return value


PerLanguage = str | dict[str, str]  # one text for every language, or one per language code


def _per_language(value: PerLanguage | None) -> PerLanguage | None:
    if isinstance(value, dict):
        if not value:
            raise ValueError("give the text, or a mapping such as {en: ..., es: ...}")
        _language_keys(value)
        empty = [code for code, text in value.items() if not text.strip()]
        if empty:
            raise ValueError(f"{empty[0]}: the text is empty")
        return {code: text.strip() for code, text in value.items()}
    if isinstance(value, str) and not value.strip():
        raise ValueError("the text is empty")
    return value


class TextLineModel(_Strict):
    number: str
    keyword: str | None = None
    description: PerLanguage | None = None  # printed instead of "Text START to 88788"

    @field_validator("number", mode="before")
    @classmethod
    def _as_text(cls, value: Any) -> str:
        return str(value)

    _number_valid = field_validator("number")(_check_phone)
    _description = field_validator("description")(_per_language)

    @field_validator("description")
    @classmethod
    def _says_the_number(cls, value: PerLanguage | None, info: ValidationInfo) -> Any:
        """A description replaces the wording that prints the number: it must print it."""
        number = "".join(c for c in str(info.data.get("number", "")) if c.isdigit())
        texts = value.values() if isinstance(value, dict) else [value] if value else []
        for text in texts:
            if number and number not in "".join(c for c in text if c.isdigit()):
                raise ValueError(f"{text!r} does not say the number {info.data['number']}: "
                                 "the description is printed instead of \"Text ... to "
                                 "<number>\", so write the number in it")
        return value


class ResourceModel(_Strict):
    # One text, or one per language (`name: {en: ..., es: ...}`). The line that dials the
    # emergency number may go unnamed: the interface catalogue's word for it prints.
    name: PerLanguage | None = None
    phone: str | None = None
    tty: str | None = None
    text: TextLineModel | None = None
    url: str | None = None
    hours: PerLanguage | None = None
    languages: list[str] = []
    qr: Literal["tel", "sms", "url"] | None = None
    verified: date | None = None
    required: bool = False
    tab_label: PerLanguage | None = None  # a discreet poster's tabs

    _texts = field_validator("name", "hours", "tab_label")(_per_language)

    @field_validator("phone", "tty", mode="before")
    @classmethod
    def _number_as_text(cls, value: Any) -> Any:
        return str(value) if isinstance(value, int) else value

    _phone_valid = field_validator("phone")(_check_phone)
    _tty_valid = field_validator("tty")(_check_tty)

    @field_validator("verified", mode="before")
    @classmethod
    def _iso_date(cls, value: Any) -> Any:
        return None if value is None else written_date(value)

    @field_validator("url")
    @classmethod
    def _http(cls, value: str | None) -> str | None:
        if value is not None and not re.match(r"^https?://[^\s/]+", value):
            raise ValueError(f"{value!r} is not a web address: it must start with https://")
        return value


class ResourcesFileModel(_Strict):
    resources: list[ResourceModel]
