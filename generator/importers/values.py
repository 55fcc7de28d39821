"""Small value helpers shared by the importers: text, dates, web addresses, languages."""

from __future__ import annotations

import re
from datetime import date, timedelta
from types import MappingProxyType

from babel import Locale, UnknownLocaleError

from generator.content.invisible import without_invisible
from generator.content.schema import MAX_LANGUAGE_CODE
from generator.content.web_address import web_address as printed_address
from generator.content.web_address import web_address_problem
from generator.engine import remembered
from generator.errors import Code, Note

_LANG = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$")
_ISO_DATE = re.compile(r"^(\d{4}-\d{2}-\d{2})(?:$|[T ])")
# 10/01/2026, 10.01.2026, 2026/10/01, with a time after it as spreadsheets export them
_WRITTEN_DATE = re.compile(r"^(\d{1,4})([/.\-])(\d{1,2})\2(\d{1,4})\.?(?:$|[T ,]\s*\S)")
_TRAILING_STOP = re.compile(r"[\s.;:!。]+$")
STALE_AFTER = timedelta(days=365)

# Names and ISO 639-2/3 codes of the languages shelters most often list, to ISO 639-1.
LANGUAGE_CODES = MappingProxyType({
    "english": "en", "eng": "en", "spanish": "es", "español": "es", "spa": "es",
    "chinese": "zh", "mandarin": "zh", "zho": "zh", "chi": "zh", "cantonese": "yue",
    "tagalog": "tl", "filipino": "tl", "tgl": "tl", "fil": "tl", "vietnamese": "vi", "vie": "vi",
    "arabic": "ar", "ara": "ar", "korean": "ko", "kor": "ko", "russian": "ru", "rus": "ru",
    "haitian creole": "ht", "kreyòl ayisyen": "ht", "hat": "ht", "french": "fr", "fra": "fr",
    "fre": "fr", "polish": "pl", "pol": "pl", "romanian": "ro", "ron": "ro", "rum": "ro",
    "panjabi": "pa", "punjabi": "pa", "pan": "pa", "urdu": "ur", "urd": "ur",
    "portuguese": "pt", "por": "pt", "bengali": "bn", "ben": "bn", "somali": "so", "som": "so",
    "hindi": "hi", "hin": "hi", "german": "de", "deu": "de", "ger": "de", "italian": "it",
    "ita": "it", "japanese": "ja", "jpn": "ja", "persian": "fa", "farsi": "fa", "fas": "fa",
    "ukrainian": "uk", "ukr": "uk", "hmong": "hmn", "amharic": "am", "amh": "am",
    "asl": "ase", "bsl": "bfi",
    # own names, as publishers also write them
    "tiếng việt": "vi", "polski": "pl", "română": "ro", "русский": "ru", "中文": "zh",
    "العربية": "ar", "한국어": "ko", "português": "pt", "français": "fr", "deutsch": "de",
    "italiano": "it", "українська": "uk", "soomaali": "so", "فارسی": "fa", "اردو": "ur",
    "ਪੰਜਾਬੀ": "pa", "বাংলা": "bn", "हिन्दी": "hi", "日本語": "ja", "kreyol": "ht",
})


class DataError(ValueError):
    """Malformed data; the caller adds where it is (a JSON path, a CSV row)."""


class SkipRecord(Exception):  # noqa: N818 - it is a signal, not a failure
    """A record that cannot become a resources.yaml entry; the message is the reason."""


def clean(value: object) -> str | None:
    """Text with whitespace tidied, or None when empty; numbers become text. Invisible
    controls are taken out here too: JSON writes them as escapes (`\\u200e`), which the
    file's text does not show."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise DataError(f"expected text, not {type(value).__name__}")
    text = " ".join(without_invisible(str(value)).split())
    return text or None


def text_of(obj: dict, key: str) -> str | None:
    try:
        return clean(obj.get(key))
    except DataError as error:
        raise DataError(f"'{key}': {error}") from None


def objects_of(obj: dict, key: str) -> list[dict]:
    """A list of objects under `key` ([] when absent)."""
    value = obj.get(key)
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise DataError(f"'{key}' should be a list of objects")
    return value


def object_of(obj: dict, key: str) -> dict | None:
    value = obj.get(key)
    if value is not None and not isinstance(value, dict):
        raise DataError(f"'{key}' should be an object")
    return value


def parse_date(text: str | None, country: str | None = None) -> date | None:
    """A YYYY-MM-DD date (a trailing time is ignored), or None when it is not one. With a
    `country`, also a date as that country writes it (`read_date`)."""
    if not text:
        return None
    match = _ISO_DATE.match(text)
    if match is None:
        return read_date(text, country)[0] if country else None
    try:
        return date.fromisoformat(match.group(1))
    except ValueError:
        return None


def read_date(text: str, country: str) -> tuple[date | None, bool]:
    """A date written with slashes, dots or hyphens (a trailing time ignored): year first
    (2026/10/01) as everywhere, else day and month in the order `country` writes them
    (10/01/2026: 1 October in the US, 10 January in the UK); and whether it was read by the
    country's order. None where that order is not known (a country writing the year first)
    or the year is given in two digits."""
    match = _WRITTEN_DATE.match(text.strip())
    if match is None:
        return None, False
    first, second, last = match.group(1), match.group(3), match.group(4)
    if len(first) == 4:
        year, month, day, by_country = first, second, last, False
    elif len(last) == 4 and (order := date_order(country)):
        year, by_country = last, True
        month, day = (first, second) if order == "MDY" else (second, first)
    else:
        return None, False
    try:
        return date(int(year), int(month), int(day)), by_country
    except ValueError:
        return None, False


@remembered(64)
def date_order(country: str) -> str | None:
    """"MDY" or "DMY": how the country writes a date with the year last (babel's short date
    pattern of its main language); None where it writes the year first (Canada, Sweden,
    Japan...), so that 10/01/2026 could be either."""
    try:
        pattern = Locale.parse(f"und_{country}").date_formats["short"].pattern
    except (ValueError, TypeError, KeyError, UnknownLocaleError):
        return None
    year, month, day = (pattern.find(letter) for letter in "yMd")
    if min(year, month, day) < 0 or year < min(month, day):
        return None
    return "MDY" if month < day else "DMY"


def date_order_note(country: str) -> str:
    """What the report says once when dates were read in the country's order."""
    order = date_order(country)
    name = Locale("en").territories.get(country.upper(), country)
    example = "2026-10-01" if order == "MDY" else "2026-01-10"
    first = "month" if order == "MDY" else "day"
    return (f"dates written with the year last are read {first} first (the order of dates "
            f"in {name}): 10/01/2026 is {example}; check a few against the source")


def date_notes(label: str, checked: date | None, today: date) -> tuple[date | None, list[str]]:
    """The `verified` date to keep, and remarks about a missing, future or old one."""
    if checked is None:
        return None, [Note(f"{label}: no date it was last checked; call or text the line, "
                           "then add `verified`", Code.IMPORT_UNDATED, {"record": label})]
    if checked > today:
        return None, [Note(f"{label}: checked date {checked} is in the future; left out",
                           Code.IMPORT_FUTURE_DATE,
                           {"record": label, "checked": checked.isoformat()})]
    if today - checked > STALE_AFTER:
        return checked, [Note(f"{label}: last checked {checked}, over a year ago; check it "
                              "before printing", Code.IMPORT_OLD_DATE,
                              {"record": label, "checked": checked.isoformat()})]
    return checked, []


def web_address(text: str | None) -> str | None:
    """`text` when it is an http(s) address resources.yaml takes, else None."""
    return printed_address(text) if text and web_address_problem(text) is None else None


def language_code(code: str | None, name: str | None = None) -> str | None:
    """An ISO 639 code for a language given by code or by (English or own) name; a name with
    a variety in brackets ("Chinese (Mandarin)") is tried without it too, and free text's
    closing stop is not part of it ("Spanish.", "ASL.")."""
    for candidate in (code, name):
        written = _TRAILING_STOP.sub("", candidate or "").strip()
        if not written:
            continue
        key = written.lower()
        bare = re.sub(r"\s*\(.*?\)\s*", " ", key).strip()
        for word in (key, re.sub(r".*\((.*?)\).*", r"\1", key), bare):
            found = LANGUAGE_CODES.get(word) or _babel_names().get(word)
            if found:
                return found
        primary, _, rest = written.partition("-")
        tag = f"{primary.lower()}-{rest}" if rest else primary.lower()
        if candidate == code and len(tag) <= MAX_LANGUAGE_CODE and _LANG.fullmatch(tag):
            return tag
    return None


@remembered(1)
def _babel_names() -> dict[str, str]:
    """English names of the languages babel knows, lower-cased, to their codes."""
    return {name.lower(): code for code, name in Locale("en").languages.items()
            if "_" not in code and len(code) <= 3}


def language_pairs(obj: dict) -> list[tuple[str | None, str | None]]:
    """(code, name) of each language `obj` lists: HSDS 3 objects (`code`, `name`; 1.x
    `language`), names or codes as a list of text (`["English", "es"]`, as publishers write
    it too), or a list written as text (Ohana: `Spanish, Tagalog`)."""
    value = obj.get("languages")
    if isinstance(value, str):
        return [(name, name) for name in split_list(value)]
    pairs: list[tuple[str | None, str | None]] = []
    for item in value if isinstance(value, list) else objects_of(obj, "languages"):
        if isinstance(item, dict):
            pairs.append((text_of(item, "code"),
                          text_of(item, "name") or text_of(item, "language")))
        elif isinstance(item, str):
            if text := clean(item):
                pairs.append((text, text))
        else:
            raise DataError("'languages' should be a list of language names or objects")
    return pairs


def split_list(text: str | None) -> list[str]:
    """`en; es`, `en, es` or `en/es` as a list, empty items dropped."""
    return [part.strip() for part in re.split(r"[;,/]", text or "") if part.strip()]


def unique(items: list[str]) -> list[str]:
    return list(dict.fromkeys(items))
