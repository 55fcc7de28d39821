"""What resources.yaml may say (site.yaml: generator/content/site_options.py), as pydantic
models; their errors become plain `Problem`s in generator/content/validation_problems.py."""

from __future__ import annotations

import re
import unicodedata
from datetime import date
from typing import Annotated, Any, Literal

from pydantic import (
    BeforeValidator,
    ValidationInfo,
    field_validator,
)

from generator.content.strict import StrictModel
from generator.content.web_address import web_address, web_address_problem

LANGUAGE_CODE = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$")
# RFC 5646's advice to keep room for: a code is part of file names (locales/<lang>.yaml,
# articles/<slug>.<lang>.md), where a longer one stopped with 'File name too long'.
MAX_LANGUAGE_CODE = 35


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


def _written_date_or_none(value: Any) -> date | None:
    return None if value is None else written_date(value)


# A date in YAML, checked by written_date whether YAML read it as a date or as text.
WrittenDate = Annotated[date | None, BeforeValidator(_written_date_or_none)]


def check_language_code(code: str) -> None:
    """ValueError, saying why, when `code` is not a language code a kit can use."""
    if len(code) > MAX_LANGUAGE_CODE:
        raise ValueError(f"{code[:20]!r}... is over {MAX_LANGUAGE_CODE} characters: not a "
                         "language code such as en, es or zh-Hans")
    if not LANGUAGE_CODE.fullmatch(code):
        raise ValueError(f"{code!r} is not a language code such as en, es or zh-Hans")


def language_keys(value: dict[str, Any]) -> None:
    for code in value:
        check_language_code(code)


def _check_phone(value: str | None, info: ValidationInfo) -> str | None:
    """Phone numbers are checked for the site's country, passed in the validation context."""
    from generator.content.phones import PhoneError, parse_phone

    if value is not None and info.context:
        try:
            parse_phone(value, info.context["country"])
        except PhoneError as error:
            raise ValueError(str(error)) from None
    return value


def _check_text_number(value: str | None, info: ValidationInfo) -> str | None:
    """A texting number may also be an SMS short code of the country (88788)."""
    from generator.content.phones import PhoneError, parse_text_number

    if value is not None and info.context:
        try:
            parse_text_number(value, info.context["country"])
        except PhoneError as error:
            raise ValueError(str(error)) from None
    return value


def _check_tty(value: str | None, info: ValidationInfo) -> str | None:
    """A TTY number may also be a relay form of the country (UK: 18001 then the number)."""
    from generator.content.phones import PhoneError, parse_tty

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


def number_as_text(value: Any) -> Any:
    """A number YAML read as an integer, as the digits written (an unquoted 18007997233);
    ValueError for what YAML read as yes/no or as a number with a point or an exponent,
    which are not what was typed ("'True' is not a phone number" said nothing useful)."""
    if isinstance(value, bool):
        raise ValueError("is read as yes/no (YAML reads yes, no, true, false, on and off so), "
                         "not a phone number: write the line's number")
    if isinstance(value, float):
        raise ValueError(f"is read as a number with a decimal point or an exponent "
                         f"({value:g}), not a phone number: write the number as it is dialled, its "
                         "digits with spaces or hyphens")
    return str(value) if isinstance(value, int) else value


class TextLineModel(StrictModel):
    number: str
    keyword: str | None = None
    description: PerLanguage | None = None  # printed instead of "Text START to 88788"

    @field_validator("number", mode="before")
    @classmethod
    def _as_text(cls, value: Any) -> Any:
        return number_as_text(value)

    _number_valid = field_validator("number")(_check_text_number)
    _description = field_validator("description")(_per_language)

    @field_validator("keyword")
    @classmethod
    def _typed_as_sent(cls, value: str | None) -> str | None:
        """A keyword is sent as written: "STАRT" with a Cyrillic А, or "ＳＴＡＲＴ" in
        full-width letters, prints like START and is a word the line's system never reads."""
        if value is None:
            return value
        plain = unicodedata.normalize("NFKC", value)
        if plain != value:
            raise ValueError(f"{value!r} is written in styled or full-width characters, which "
                             f"a text sends as they are: write it as people type it, {plain}")
        scripts = {unicodedata.name(char, "").split(" ")[0] for char in value if char.isalpha()}
        if len(scripts & _LOOK_ALIKE_SCRIPTS) > 1:
            odd = next(char for char in value if char.isalpha()
                       and unicodedata.name(char, "").split(" ")[0] != "LATIN")
            raise ValueError(
                f"{value!r} mixes {' and '.join(sorted(s.title() for s in scripts))} letters "
                f"({odd} is {unicodedata.name(odd)}): it prints like a word of one script and "
                "a text sends another; type the keyword again in one script")
        return value

    @field_validator("description")
    @classmethod
    def _says_the_number(cls, value: PerLanguage | None, info: ValidationInfo) -> Any:
        """A description replaces the wording that prints the number: it must print it."""
        number = _digit_values(str(info.data.get("number", "")))
        texts = value.values() if isinstance(value, dict) else [value] if value else []
        for text in texts:  # in any script's digits: ٨٨٧٨٨ in Arabic says 88788
            if number and number not in _digit_values(text):
                raise ValueError(f"{text!r} does not say the number {info.data['number']}: "
                                 "the description is printed instead of \"Text ... to "
                                 "<number>\", so write the number in it")
        return value


# Scripts whose capitals look alike (А and A, Τ and T): a keyword mixing them looks right
# and is not.
_LOOK_ALIKE_SCRIPTS = frozenset({"LATIN", "CYRILLIC", "GREEK"})


def _digit_values(text: str) -> str:
    return "".join(str(unicodedata.digit(c)) for c in text if c.isdecimal())


class ResourceModel(StrictModel):
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
    verified: WrittenDate = None
    required: bool = False
    tab_label: PerLanguage | None = None  # a discreet poster's tabs
    # What a piece may say of the line (generator/content/promises.py): calling it costs
    # nothing (else: its number is toll-free or a free short number), its calls are
    # confidential ("private").
    free: bool | None = None
    confidential: bool = False
    # A number that differs from what the national line the entry names publishes
    # (generator/content/published_lines.py) is meant: a regional number, say.
    differs_from_published: bool = False

    _texts = field_validator("name", "hours", "tab_label")(_per_language)

    @field_validator("phone", "tty", mode="before")
    @classmethod
    def _number_as_text(cls, value: Any) -> Any:
        return number_as_text(value)

    _phone_valid = field_validator("phone")(_check_phone)
    _tty_valid = field_validator("tty")(_check_tty)

    @field_validator("url")
    @classmethod
    def _http(cls, value: str | None) -> str | None:
        if value is not None and (problem := web_address_problem(value)):
            raise ValueError(problem)
        return None if value is None else web_address(value)


class ResourcesFileModel(StrictModel):
    resources: list[ResourceModel]
