"""The Settings page and site.yaml: the settings as the page shows them, and the page's
values written back into the file (round trip: yaml_edit.py, comments and order kept).

The page sends a flat mapping of setting: value. Built-in settings go by their site.yaml
name (`organization`, `paper`, `show_organization`...), with `brand_cmyk` (the inks, "80,
40, 45, 30"), `print_offset_x` and `print_offset_y`; per language, `title@<lang>` (its
outside title) and `words@<lang>` (the words that would give the card away, one a line);
`words` (the words for every language, when site.yaml has such a list); a layout's own
setting as `option:<name>` (`option:poster_size`), a format's most lines as
`max_lines@<format>`. A setting the page does not send is left as it is.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from generator.content.models import Site
from generator.content.papers import OFFICE_PAPERS
from generator.content.site_options import LayoutOption, SiteOptions
from generator.content.stock import named_stocks
from generator.safety.discretion import builtin_words, has_builtin_list
from generator.serve.languages import LanguageChoice, choice
from generator.serve.yaml_edit import RoundTrip, code, drop_key, set_key, set_list, styled

# a whole number as a box takes it: ASCII digits, a few (int() refuses over 4,300 digits with
# a traceback, and `isdigit` takes "²", which int() refuses too)
_WHOLE = re.compile(r"[0-9]{1,9}")

# site.yaml's keys in the order the default site.yaml has them: where a key the page adds
# goes.
SITE_ORDER = ("organization", "website", "country", "emergency_number", "languages", "fonts",
              "paper",
              "card_size", "stock", "discreet_title", "article", "articles", "card_line",
              "brand_color", "show_organization", "write_in", "revealing_words",
              "verify_within_months",
              "max_lines", "bleed", "print_offset", "pdfx")
CHOICES = MappingProxyType({
    "paper": OFFICE_PAPERS, "card_size": ("us", "iso"), "pdfx": ("x4", "x1a")})
TEXTS = ("organization", "website", "country", "emergency_number", "bleed")
# Settings the page shows a value for when site.yaml leaves them out (their default).
DEFAULTED = ("paper", "card_size", "stock", "pdfx", "verify_within_months",
             "show_organization", "write_in", "brand_color")
_SPLIT_WORDS = re.compile(r"[\n,;]+")


class SettingsError(ValueError):
    """What the page sent cannot be written into site.yaml (said for people)."""


@dataclass
class LanguageSettings:
    lang: LanguageChoice
    first: bool
    title: str  # its own outside title; "" when it has none
    prints: str  # the outside title its pieces print
    card_line: str  # the pocket card's line in it, when site.yaml gives one
    words: str  # its own revealing words, one a line
    builtin: int  # how many words havenprint checks in this language already
    examples: str  # a few of them


@dataclass
class OptionField:
    name: str  # option:poster_size
    label: str
    option: LayoutOption
    value: object


@dataclass
class SettingsForm:
    values: dict[str, Any]
    languages: list[LanguageSettings]
    plain_title: bool  # one outside title for every language
    all_words: str | None  # a list of words for every language (None: site.yaml has none)
    stocks: list[tuple[str, str]]  # (name, title)
    own_stock: bool  # site.yaml describes its own sheet
    options: list[OptionField] = field(default_factory=list)
    max_lines: dict[str, str] = field(default_factory=dict)
    # The settings site.yaml leaves out, with the value each takes then (a poster's size
    # follows the paper): the page shows it and never writes it unless it is changed.
    defaulted: dict[str, Any] = field(default_factory=dict)


def settings_form(data: Any, site: Site | None, declared: Mapping[str, LayoutOption],
                  formats: Mapping[str, str]) -> SettingsForm:
    """The settings of site.yaml (`data`, as loaded for editing), for the page. `site`: the
    same file as loaded, when it loads (for the values a setting left out implies)."""
    data = data if isinstance(data, Mapping) else {}
    defaults = SiteOptions.model_fields
    values: dict[str, Any] = {}
    for key in ("organization", "website", "country", "emergency_number", "paper", "card_size",
                "bleed", "pdfx", "verify_within_months", "show_organization", "write_in"):
        given = data.get(key)
        default = defaults[key].default if key in defaults else None
        values[key] = given if given is not None else (default if default is not None else "")
    color = data.get("brand_color")
    values["brand_color"] = (str(color.get("rgb", "")) if isinstance(color, Mapping)
                             else str(color or "#2f5d62"))
    cmyk = color.get("cmyk") if isinstance(color, Mapping) else None
    values["brand_cmyk"] = ", ".join(f"{ink:g}" if isinstance(ink, int | float) else str(ink)
                                     for ink in cmyk) if isinstance(cmyk, list) else ""
    offset = data.get("print_offset")
    offset = offset if isinstance(offset, Mapping) else {}
    values["print_offset_x"] = str(offset.get("x", "0mm"))
    values["print_offset_y"] = str(offset.get("y", "0mm"))
    stock = data.get("stock", "hand-cut")
    values["stock"] = stock if isinstance(stock, str) else ""
    stocks = [(name, named.title) for name, named in named_stocks().items()]
    languages = [str(code) for code in data.get("languages") or []
                 if isinstance(code, str)]
    titles = data.get("discreet_title")
    card_lines = data.get("card_line")
    words = data.get("revealing_words")
    by_lang_words = words if isinstance(words, Mapping) else {}
    rows = []
    for index, lang in enumerate(languages):
        own = titles.get(lang) if isinstance(titles, Mapping) else (
            titles if index == 0 else None)
        listed = by_lang_words.get(lang)
        builtin = [word for word in builtin_words(lang)] if has_builtin_list(lang) else []
        card_line = card_lines.get(lang) if isinstance(card_lines, Mapping) else (
            card_lines if index == 0 else None)
        rows.append(LanguageSettings(
            choice(lang), index == 0, str(own or ""),
            site.title_for(lang) if site is not None else str(own or ""),
            str(card_line or ""),
            "\n".join(str(word) for word in listed) if isinstance(listed, list) else "",
            len(builtin), ", ".join(builtin[:6])))
    options = [OptionField(f"option:{name}", option.description, option,
                           data.get(name) if data.get(name) is not None else option.value(
                               None, site.options) if site is not None else option.default)
               for name, option in declared.items() if option.offered]
    max_lines = data.get("max_lines")
    defaulted = {key: values[key] for key in DEFAULTED if data.get(key) is None}
    defaulted.update((option.name, option.value) for option in options
                     if data.get(option.name.removeprefix("option:")) is None)
    return SettingsForm(
        values, rows, isinstance(titles, str),
        "\n".join(str(word) for word in words) if isinstance(words, list) else None,
        stocks, not isinstance(stock, str), options,
        {name: str(max_lines.get(name, "")) if isinstance(max_lines, Mapping) else ""
         for name in formats}, defaulted)


def split_words(text: str) -> list[str]:
    """Revealing words as typed: one a line (commas and semicolons separate too)."""
    return list(dict.fromkeys(word.strip() for word in _SPLIT_WORDS.split(text)
                              if word.strip()))


def apply_settings(document: RoundTrip, submitted: Mapping[str, Any],
                   declared: Mapping[str, LayoutOption]) -> str:
    """The text of site.yaml with the page's settings in it."""
    data = document.data
    if not isinstance(data, CommentedMap):
        raise SettingsError("site.yaml is not a list of setting: value")
    for key, value in submitted.items():
        if not isinstance(key, str) or not isinstance(value, str | bool):
            raise SettingsError(f"expected setting: text, not {key!r}")
    text = {key: value.strip() for key, value in submitted.items() if isinstance(value, str)}
    for key in TEXTS:
        if key in text:
            _text(data, key, text[key], required=key in ("organization", "country"))
    for key, valid in CHOICES.items():
        if key in text:
            if text[key] not in valid:
                raise SettingsError(f"{key}: choose one of {', '.join(valid)}")
            _text(data, key, text[key])
    if "stock" in text and text["stock"]:  # "": the sheet site.yaml describes, kept
        _text(data, "stock", text["stock"])
    for flag in ("show_organization", "write_in"):
        if flag in submitted:
            _flag(data, flag, submitted[flag] is True)
    if "verify_within_months" in text:
        _number(data, "verify_within_months", text["verify_within_months"], 12)
    if "brand_color" in text or "brand_cmyk" in text:
        _brand_color(data, text.get("brand_color"), text.get("brand_cmyk"))
    if "print_offset_x" in text or "print_offset_y" in text:
        _offset(data, text.get("print_offset_x", "0mm"), text.get("print_offset_y", "0mm"))
    _titles(data, {key[6:]: value for key, value in text.items() if key.startswith("title@")})
    _card_lines(data, {key[5:]: value for key, value in text.items()
                       if key.startswith("card@")})
    _words(data, {key[6:]: value for key, value in text.items() if key.startswith("words@")},
           text.get("words"))
    for key, value in submitted.items():
        if key.startswith("option:") and key[7:] in declared:
            _option(data, key[7:], declared[key[7:]], value)
    limits = {key[10:]: value for key, value in text.items() if key.startswith("max_lines@")}
    if limits:
        _max_lines(data, limits)
    return document.dump()


def _text(data: CommentedMap, key: str, value: str, required: bool = False) -> None:
    if value:
        set_key(data, key, value, SITE_ORDER)
    elif required:
        raise SettingsError(f"{key}: it cannot be empty")
    else:
        drop_key(data, key)


def _flag(data: CommentedMap, key: str, value: bool) -> None:
    if value or key in data:
        set_key(data, key, value, SITE_ORDER)


def _number(data: CommentedMap, key: str, value: str, default: int) -> None:
    if not value:
        drop_key(data, key)
        return
    if not _WHOLE.fullmatch(value):
        raise SettingsError(f"{key}: write a whole number")
    if int(value) != default or key in data:
        set_key(data, key, int(value), SITE_ORDER)


def _brand_color(data: CommentedMap, rgb: str | None, cmyk: str | None) -> None:
    current = data.get("brand_color")
    rgb = rgb if rgb is not None else (
        str(current.get("rgb")) if isinstance(current, CommentedMap) else str(current or ""))
    inks = None
    if cmyk:
        try:
            inks = [float(ink) for ink in re.split(r"[,;\s/]+", cmyk.strip()) if ink]
        except ValueError:
            raise SettingsError("brand colour inks: write four numbers from 0 to 100 (cyan, "
                                "magenta, yellow, black), e.g. 80, 40, 45, 30") from None
        inks = [int(ink) if ink == int(ink) else ink for ink in inks]
    if inks is None:
        if isinstance(current, CommentedMap):
            set_key(current, "rgb", rgb, ("rgb", "cmyk"))
            drop_key(current, "cmyk")
        elif rgb or "brand_color" in data:
            set_key(data, "brand_color", rgb, SITE_ORDER)
        return
    mapping = current if isinstance(current, CommentedMap) else CommentedMap()
    if not isinstance(current, CommentedMap):
        mapping.fa.set_flow_style()
        set_key(data, "brand_color", mapping, SITE_ORDER)
    set_key(mapping, "rgb", rgb, ("rgb", "cmyk"))
    seq = CommentedSeq(inks)
    seq.fa.set_flow_style()
    if list(mapping.get("cmyk") or []) != inks:
        mapping["cmyk"] = seq


def _offset(data: CommentedMap, x: str, y: str) -> None:
    current = data.get("print_offset")
    zero = all(re.fullmatch(r"0*\.?0*\s*(mm|pt|in|cm)?", value.strip() or "0")
               for value in (x, y))
    if zero and not isinstance(current, CommentedMap):
        return
    mapping = current if isinstance(current, CommentedMap) else CommentedMap()
    if not isinstance(current, CommentedMap):
        mapping.fa.set_flow_style()
        set_key(data, "print_offset", mapping, SITE_ORDER)
    for axis, value in (("x", x), ("y", y)):
        if str(mapping.get(axis, "")) != value:
            set_key(mapping, axis, value or "0mm", ("x", "y"))


def _titles(data: CommentedMap, titles: dict[str, str]) -> None:
    """The outside titles: one per language; a plain title stays plain while no other
    language has one of its own."""
    if not titles:
        return
    current = data.get("discreet_title")
    languages = [str(lang) for lang in data.get("languages") or []]
    first = languages[0] if languages else next(iter(titles))
    if not isinstance(current, CommentedMap):
        others = {lang: text for lang, text in titles.items() if lang != first and text}
        main = titles.get(first, str(current or ""))
        if not others:
            if not main:
                raise SettingsError(f"title@{first}: the outside title cannot be empty")
            if main != str(current or ""):
                set_key(data, "discreet_title", main, SITE_ORDER)
            return
        current_map = CommentedMap()
        current_map[code(first)] = styled(None, main)
        set_key(data, "discreet_title", current_map, SITE_ORDER)
        current = current_map
    for lang, text in titles.items():
        if text:
            if str(current.get(lang, "")) != text:
                if lang in current:
                    current[lang] = styled(current[lang], text)
                else:
                    current[code(lang)] = styled(None, text)
        elif lang in current:
            if len(current) == 1:
                raise SettingsError(f"title@{lang}: the outside title cannot be empty")
            del current[lang]


def _card_lines(data: CommentedMap, lines: dict[str, str]) -> None:
    """The pocket card's line per language, instead of the article's `card:` (empty: the
    article's); one plain line stays plain while no other language has one."""
    if not lines:
        return
    current = data.get("card_line")
    languages = [str(lang) for lang in data.get("languages") or []]
    first = languages[0] if languages else next(iter(lines))
    if not isinstance(current, CommentedMap):
        others = {lang: text for lang, text in lines.items() if lang != first and text}
        main = lines.get(first, str(current or ""))
        if not others:
            if main and main != str(current or ""):
                set_key(data, "card_line", main, SITE_ORDER)
            elif not main:
                drop_key(data, "card_line")
            return
        current = CommentedMap()
        if main:
            current[code(first)] = styled(None, main)
        set_key(data, "card_line", current, SITE_ORDER)
    for lang, text in lines.items():
        if text and str(current.get(lang, "")) != text:
            current[lang if lang in current else code(lang)] = styled(current.get(lang), text)
        elif not text and lang in current:
            del current[lang]
    if not current:
        drop_key(data, "card_line")


def _words(data: CommentedMap, by_lang: dict[str, str], every: str | None) -> None:
    """Revealing words per language (`revealing_words: {so: [...]}`); a list for every
    language, which site.yaml cannot hold beside lists per language, goes into each of
    them once some language has its own."""
    current = data.get("revealing_words")
    wanted = {lang: split_words(text) for lang, text in by_lang.items()}
    common = split_words(every) if every is not None else (
        [str(word) for word in current] if isinstance(current, CommentedSeq) else [])
    if not any(wanted.values()) and not isinstance(current, CommentedMap):
        if common:
            set_list(data, "revealing_words", common, SITE_ORDER)
        else:
            drop_key(data, "revealing_words")
        return
    mapping = current if isinstance(current, CommentedMap) else CommentedMap()
    if not isinstance(current, CommentedMap):
        set_key(data, "revealing_words", mapping, SITE_ORDER)
    for lang, words in wanted.items():
        words = list(dict.fromkeys([*common, *words]))
        if words:
            seq = mapping.get(lang)
            if isinstance(seq, CommentedSeq):
                if [str(word) for word in seq] != words:
                    seq[:] = [styled(None, word) for word in words]
            else:
                fresh = CommentedSeq([styled(None, word) for word in words])
                fresh.fa.set_flow_style()
                mapping[code(lang)] = fresh
        elif lang in mapping:
            del mapping[lang]
    if not mapping:
        drop_key(data, "revealing_words")


def _option(data: CommentedMap, name: str, option: LayoutOption, value: object) -> None:
    if option.values is not None:
        if value == "":
            drop_key(data, name)
            return
        chosen = [choice for choice in option.values if str(choice) == str(value)]
        if not chosen:
            raise SettingsError(f"option:{name}: choose {option.allowed}")
        set_key(data, name, chosen[0], SITE_ORDER)  # a whole number stays one
    elif option.type == "bool":
        if name in data or (value is True) != bool(option.default):
            set_key(data, name, value is True, SITE_ORDER)
    elif isinstance(value, str):
        if not value.strip():
            drop_key(data, name)
        elif option.type == "integer":
            if not _WHOLE.fullmatch(value.strip()):
                raise SettingsError(f"option:{name}: write a whole number")
            set_key(data, name, int(value), SITE_ORDER)
        elif option.type == "number":
            try:
                set_key(data, name, float(value), SITE_ORDER)
            except ValueError:
                raise SettingsError(f"option:{name}: write a number") from None
        else:
            set_key(data, name, value.strip(), SITE_ORDER)


def _max_lines(data: CommentedMap, limits: dict[str, str]) -> None:
    current = data.get("max_lines")
    mapping = current if isinstance(current, CommentedMap) else CommentedMap()
    for name, value in limits.items():
        if not value:
            drop_key(mapping, name)
        elif not _WHOLE.fullmatch(value) or int(value) < 1:
            raise SettingsError(f"max_lines@{name}: write a whole number, 1 or more")
        elif mapping.get(name) != int(value):
            mapping[name] = int(value)
    if mapping and not isinstance(current, CommentedMap):
        set_key(data, "max_lines", mapping, SITE_ORDER)
    elif not mapping:
        drop_key(data, "max_lines")


def with_font(document: RoundTrip, lang: str, file: str) -> str:
    """site.yaml with `file` (fonts/NotoSansEthiopic-Regular.ttf) as `lang`'s font; its bold
    is found beside it (-Bold for -Regular)."""
    data = document.data
    if not isinstance(data, CommentedMap):
        raise SettingsError("site.yaml is not a list of setting: value")
    fonts = data.get("fonts")
    if not isinstance(fonts, CommentedMap):
        fonts = CommentedMap()
        set_key(data, "fonts", fonts, SITE_ORDER)
    if lang in fonts:
        fonts[lang] = styled(fonts[lang] if isinstance(fonts[lang], str) else None, file)
    else:
        fonts[code(lang)] = styled(None, file)
    return document.dump()


def with_language(document: RoundTrip, lang: str) -> str:
    """site.yaml with `lang` added at the end of `languages:`."""
    data = document.data
    if not isinstance(data, CommentedMap):
        raise SettingsError("site.yaml is not a list of setting: value")
    languages = [str(code) for code in data.get("languages") or []]
    if lang in languages:
        raise SettingsError(f"{choice(lang).english} is in the kit already")
    set_list(data, "languages", [*languages, lang], SITE_ORDER)
    return document.dump()


def without_language(document: RoundTrip, lang: str) -> str:
    """site.yaml with `lang` taken out of `languages:` (its title and words stay, unused)."""
    data = document.data
    if not isinstance(data, CommentedMap):
        raise SettingsError("site.yaml is not a list of setting: value")
    languages = [str(code) for code in data.get("languages") or []]
    if lang not in languages:
        raise SettingsError(f"{choice(lang).english} is not in the kit")
    if languages[0] == lang:
        raise SettingsError(f"{choice(lang).english} is the kit's first language (a name "
                            "given once is taken to be in it): it cannot be removed here")
    set_list(data, "languages", [code for code in languages if code != lang], SITE_ORDER)
    return document.dump()


def settings_field(key: tuple[str | int, ...]) -> str | None:
    """The page's field for a key of site.yaml (`("discreet_title", "so")` -> `title@so`)."""
    if not key:
        return None
    head = str(key[0])
    if head == "discreet_title":
        return f"title@{key[1]}" if len(key) > 1 else "title@"
    if head == "card_line":
        return f"card@{key[1]}" if len(key) > 1 else "card@"
    if head == "revealing_words":
        return f"words@{key[1]}" if len(key) > 1 and isinstance(key[1], str) else "words"
    if head == "brand_color":
        return "brand_cmyk" if len(key) > 1 and key[1] == "cmyk" else "brand_color"
    if head == "print_offset":
        return f"print_offset_{key[1]}" if len(key) > 1 else "print_offset_x"
    if head == "max_lines":
        return f"max_lines@{key[1]}" if len(key) > 1 else None
    return head

