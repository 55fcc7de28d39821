"""What resources.yaml may say (site.yaml: site_options.py), and pydantic's errors turned into
plain `Problem`s naming the file, the line and the field."""

from __future__ import annotations

import re
from datetime import date
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    ValidationError,
    ValidationInfo,
    field_validator,
)

from generator.content.phones import PhoneError, parse_phone, parse_tty
from generator.content.yamlfile import YamlDoc
from generator.errors import Problem

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
LANGUAGE_CODE = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


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


def language_keys(value: dict[str, Any]) -> None:
    for code in value:
        if not LANGUAGE_CODE.fullmatch(code):
            raise ValueError(f"{code!r} is not a language code such as en, es or zh-Hans")


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
        language_keys(value)
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


_UNION_MEMBER = re.compile(r"^(?:str|constrained-str|dict\[.*\]|function-\w+\[.*\])$")


def _per_language_loc(item: Any, done: set[tuple]) -> tuple | None:
    """For an error in one member of `str | dict[str, str]`, the field's own loc if this is
    the error to report (None: skip it): inside the mapping when a mapping was given, once
    for the whole field when it is neither text nor a mapping."""
    loc = tuple(item["loc"])
    index = next((i for i, part in enumerate(loc)
                  if isinstance(part, str) and _UNION_MEMBER.match(part)), None)
    if index is None:
        return loc
    field_loc, member, inner = loc[:index], loc[index], loc[index + 1:]
    if inner:  # a value inside a mapping that was given
        return (*field_loc, *inner) if member.startswith("dict") else None
    given_mapping = isinstance(item.get("input"), dict)
    if given_mapping or field_loc in done:
        return None
    done.add(field_loc)
    return ("union", *field_loc)


def problems_from(error: ValidationError, doc: YamlDoc, model: type[BaseModel]) -> list[Problem]:
    """Readable problems, each with the line of the offending key."""
    problems = []
    done: set[tuple] = set()
    for item in error.errors():
        loc = _per_language_loc(item, done)
        if loc is None:
            continue
        if loc[0] == "union":
            loc = loc[1:]
            problems.append(Problem(doc.path, (
                f"{_field_name(doc, loc)}: input should be a valid string, or one text per "
                "language such as {en: ..., es: ...}"), doc.line_of(loc)))
            continue
        field_name = _field_name(doc, loc)
        kind = item["type"]
        if kind == "missing":
            message = f"missing field '{loc[-1]}'; valid fields: {_valid_fields(model, loc[:-1])}"
        elif kind == "extra_forbidden":
            message = f"unknown field '{loc[-1]}'; valid fields: {_valid_fields(model, loc[:-1])}"
        elif kind == "literal_error":
            expected = item["ctx"]["expected"].replace("'", "")
            message = f"{field_name}: must be one of {expected}, not {item['input']!r}"
        elif kind == "value_error":
            message = f"{field_name}: {item['ctx']['error']}"
        else:
            message = f"{field_name}: {item['msg'].lower()}"
        problems.append(Problem(doc.path, message, doc.line_of(loc)))
    return problems


def _field_name(doc: YamlDoc, loc: tuple[Any, ...]) -> str:
    """`resources.0.phone` as people read it: `National Domestic Violence Hotline: phone`."""
    data = doc.data
    for index, part in enumerate(loc):
        if isinstance(part, int) and isinstance(data, list) and part < len(data):
            data = data[part]
            name = data.get("name") if isinstance(data, dict) else None
            if isinstance(name, dict):
                name = next((text for text in name.values() if isinstance(text, str)), None)
            if isinstance(name, str):
                rest = ".".join(str(p) for p in loc[index + 1:])
                return f"{name}: {rest}" if rest else name
        elif isinstance(data, dict):
            data = data.get(part)
    return ".".join(str(part) for part in loc)


def _valid_fields(model: type[BaseModel], parent: tuple[Any, ...]) -> str:
    current: Any = model
    for part in parent:
        if isinstance(part, int):
            continue
        annotation = current.model_fields[str(part)].annotation
        current = _model_in(annotation) or current
    return ", ".join(current.model_fields)


def _model_in(annotation: Any) -> type[BaseModel] | None:
    """The pydantic model inside an annotation such as `list[ResourceModel] | None`."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in getattr(annotation, "__args__", ()):
        found = _model_in(arg)
        if found:
            return found
    return None
