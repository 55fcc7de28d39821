"""The problems of `build` and `check` said for the people using the page: no commands, flags,
YAML, slot names or paths inside the program, and each fix said as something to do on a
page ("press “checked today”", "write it on the Settings page").

A problem's code (generator/errors.py's Code) has its words here, in SAID: a template of the
problem's fields, or a function of them where the words depend on them. Nothing here reads a
message: rewording one for the command line changes nothing on the page, and a code without
words here fails its test (tests/test_problem_words.py renders every code).

Where a problem is about a field of the table (its file and line say which, see drafts.py),
the page marks that field (`Said.field`) and, `on_field`, the words drop what the field says
already (the line's name and the key).
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from generator.content.promises import pieces_saying
from generator.errors import Code, FieldValue, Problem, shortened
from generator.serve.languages import english_name
from generator.serve.room_words import slot_words

DETAILS = MappingProxyType({
    "tty": "TTY number", "text": "texting line", "url": "website", "hours": "hours",
    "languages": "languages", "checked": "date checked", "web": "web address"})
FIELD_WORDS = MappingProxyType({
    "phone": "phone", "tty": "TTY number", "text.number": "texting number",
    "text.keyword": "keyword", "text.description": "texting words", "url": "website",
    "hours": "hours", "verified": "date checked", "languages": "languages", "name": "name",
    "tab_label": "tear-off tab label", "qr": "QR code"})
QR_ACTIONS = MappingProxyType({
    "tel": "call the phone", "sms": "start a text", "url": "open the website"})
# The numbers of a line, as the Lines page names them (published_lines' kinds).
NUMBER_KINDS = MappingProxyType({
    "phone": "number to call", "tty": "TTY number", "text": "texting number", "any": "number"})
# Settings as the Settings page names them, for a problem not shown on its field.
SETTING_WORDS = MappingProxyType({
    "organization": "the organisation's name", "brand_color": "the brand colour",
    "country": "the country", "emergency_number": "the emergency number",
    "languages": "the languages", "discreet_title": "the outside title",
    "card_line": "the card's line", "revealing_words": "the words that give the card away",
    "fonts": "the fonts", "stock": "the card stock", "paper": "the paper size",
    "card_size": "the card size", "bleed": "the bleed", "print_offset": "the print offset",
    "icc_profile": "the print shop's colour profile", "articles": "the articles",
    "article": "the article", "max_lines": "the most lines a piece prints",
    "website": "the website", "office_language": "the language of the print instructions",
    "verify_within_months": "how often the lines are checked", "extends": "the base folder",
    "resources": "the lines' data", "audiences": "the audience packs"})
QUOTED = 120  # characters of a text the page quotes: its start and its end
MESSAGE_LIMIT = 2_000  # characters of what the page says of one problem


@dataclass(frozen=True)
class Words:
    """What the messages name by code, in words: formats by title, languages by name."""

    formats: Mapping[str, str] = field(default_factory=dict)  # pocket-card -> Pocket card

    def format(self, name: str) -> str:
        return self.formats.get(name, name.replace("-", " ").capitalize())

    @staticmethod
    def language(code: str) -> str:
        return english_name(code)


@dataclass(frozen=True)
class Said:
    text: str
    field: str | None = None  # the field it is about, when the problem tells it


@dataclass(frozen=True)
class Telling:
    """One problem being said: its fields, and how the page names formats and languages."""

    problem: Problem
    words: Words
    on_field: bool = False

    def __getitem__(self, name: str) -> FieldValue:
        return self.problem.fields.get(name)

    def text(self, name: str) -> str:
        """A field as text: a list joined with commas, none as ''."""
        return _text(self[name])

    def quoted(self, name: str) -> str:
        return _quoted(self.text(name))

    def number(self, name: str) -> float:
        value = self[name]
        return float(value) if isinstance(value, int | float) else 0.0

    def items(self, name: str) -> tuple[str, ...]:
        value = self[name]
        return tuple(value) if isinstance(value, tuple) else (
            () if value is None or value == "" else (str(value),))

    @property
    def language(self) -> str:
        """The language the problem is about, by its English name."""
        return self.words.language(self.problem.lang) if self.problem.lang else ""

    @property
    def piece(self) -> str:
        """"the Pocket card (back, English)": the format, its face (where it is not named
        as the format) and the language."""
        format_name, face = self.text("format"), self.text("face")
        title = self.words.format(format_name)
        same = face.casefold() in ("", format_name.casefold(), title.casefold())
        parts = [part for part in (None if same else face, self.language) if part]
        return f"the {title}" + (f" ({', '.join(parts)})" if parts else "")

    def fill(self, template: str) -> str:
        return _FORMATTER.vformat(template, (), _Values(self))


class _Values(Mapping[str, Any]):
    """A template's names: the problem's fields, and `language` and `piece`."""

    def __init__(self, telling: Telling) -> None:
        self.telling = telling

    def __getitem__(self, name: str) -> Any:
        if name == "language":
            return self.telling.language
        if name == "piece":
            return self.telling.piece
        if name == "format_title":
            return self.telling.words.format(self.telling.text("format"))
        if name not in self.telling.problem.code.fields | self.telling.problem.code.optional:
            raise KeyError(name)  # a template naming a field its code does not carry
        return self.telling[name]

    def __iter__(self) -> Any:
        return iter(self.telling.problem.fields)

    def __len__(self) -> int:
        return len(self.telling.problem.fields)


class _Formatter(string.Formatter):
    """str.format with specs for the page: `q` quotes a text (shortened), `and` lists, `qand`
    lists quoted, `lang` names a language by its code, `slot` a slot, `setting` a setting,
    `cap` starts with a capital; an int takes the usual specs (`,`)."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "q":
            return _quoted(_text(value))
        if format_spec == "and":
            return _listed([_text(item) for item in _seq(value)])
        if format_spec == "qand":
            return _listed([_quoted(_text(item)) for item in _seq(value)])
        if format_spec == "lang":
            return english_name(_text(value)) if value else ""
        if format_spec == "slot":
            return slot_words(_text(value))
        if format_spec == "setting":
            return _setting(_text(value))
        if format_spec == "cap":
            return _cap(_text(value))
        if format_spec and isinstance(value, int | float):
            return format(value, format_spec)
        return _text(value)


_FORMATTER = _Formatter()

Say = Callable[[Telling], Said | str]


def plain(problem: Problem, words: Words | None = None, on_field: bool = False) -> Said:
    """`problem` said for the page, in the words its code has here; `on_field`: the page
    shows it on the field it is about, so the line's name and the key are not said again."""
    telling = Telling(problem, words or Words(), on_field)
    say = SAID[problem.code]
    said = telling.fill(say) if isinstance(say, str) else say(telling)
    if isinstance(said, str):
        said = Said(said)
    text = _cap(said.text.strip())
    if problem.audience:
        text = f"In the audience pack “{problem.audience}”: {text}"
    return Said(shortened(text, MESSAGE_LIMIT), said.field)


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, tuple | list):
        return ", ".join(_text(item) for item in value)
    return str(value)


def _seq(value: Any) -> Sequence[Any]:
    if isinstance(value, tuple | list):
        return value
    return () if value is None or value == "" else (value,)


def _quoted(text: str) -> str:
    return f"“{shortened(' '.join(text.split()), QUOTED)}”"


def _listed(names: Sequence[str]) -> str:
    names = list(names)
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else "".join(names)


def _cap(text: str) -> str:
    """`text` starting with a capital, unless it starts with a file's name, which is said as
    it is written ("lines.csv:3: ...", not "Lines.csv")."""
    first = text.split(":", 1)[0].split(None, 1)
    if first and _file_name(first[0]):
        return text
    return text[:1].upper() + text[1:]


def _file_name(word: str) -> bool:
    """"lines.csv", "es.yaml": a name with a suffix, as a message names a file."""
    parts = word.split(".")
    return len(parts) > 1 and all(part and all(char.isalnum() or char in "_-" for char in part)
                                  for part in parts)


capitalised = _cap


def as_sentence(text: str) -> str:
    """`text` as a sentence: starting with a capital (`_cap`), ending with a stop."""
    text = _cap(text.strip())
    return text if text.endswith((".", "?", "!")) else text + "."


def _setting(key: str) -> str:
    head, _, rest = key.partition(".")
    said = SETTING_WORDS.get(head, f"“{head.replace('_', ' ')}”")
    return f"{said} ({rest})" if rest else said


def _field_word(key: str) -> str:
    base = key.split(".")[0] if key.split(".")[0] in ("hours", "name", "tab_label") else key
    return FIELD_WORDS.get(base, key.replace("_", " ").replace(".", " "))


# ---------------------------------------------------------------- the lines and their pieces

def _elsewhere(t: Telling) -> str:
    """Where a line left out of one piece prints whole (the build adds the pieces built)."""
    if "printed_on" not in t.problem.fields:
        return ""
    pieces = t.items("printed_on")
    if pieces:
        return f"; it prints whole on {_listed(pieces)}"
    if t.problem.code in (Code.LINE_LEFT_OUT, Code.LINE_LEFT_OUT_AFTER):
        return ": no piece built has room for it; shorten its name or details"
    return "; no piece built prints it whole"


def _left_out_whole(t: Telling) -> Said:
    languages = [t.words.language(code) for code in t.items("languages")]
    if languages:
        return Said(f"{_cap(t.piece)} leaves out {t.quoted('name')}: in {_listed(languages)} "
                    "it has no room for it whole, and every language prints the same lines"
                    f"{_elsewhere(t)}.", "name")
    return Said(f"{_cap(t.piece)} has no room for {t.quoted('name')} whole, so it does not "
                f"print there{_elsewhere(t)}.", "name")


def _left_out_after(t: Telling) -> Said:
    return Said(f"{_cap(t.piece)} leaves out {t.quoted('name')}: it comes after "
                f"{t.quoted('first')}, which has no room there, and the lines keep their "
                f"order{_elsewhere(t)}.", "name")


def _detail_left_out(t: Telling) -> Said:
    kind = t.text("kind")
    if kind == "web":  # beside the line's numbers, where it has room: a note
        pieces = t.items("printed_on")
        where = (f"; it prints on {_listed(pieces)}" if pieces else
                 "; no piece built prints it" if "printed_on" in t.problem.fields else "")
        return Said(f"{_cap(t.piece)} has no room for the {t.text('name')}'s web address "
                    f"({t.text('text')}) beside its numbers (nothing is wrong: a note){where}.")
    return Said(f"{_cap(t.piece)} is full: the {t.text('name')}'s {DETAILS.get(kind, kind)} "
                f"({t.text('text')}) won't print on it.")


def _not_printed(t: Telling) -> Said:
    why = t.text("why")
    title = t.words.format(t.text("format"))
    if why == "discreet":
        return Said(f"The restroom {title.lower()} names no line: {t.quoted('name')} won't "
                    f"print on it (nothing is wrong: a note){_elsewhere(t)}.", "name")
    if why == "first-only":
        return Said(f"The {title} carries line 1 alone: {t.quoted('name')} won't print on it "
                    f"(nothing is wrong: a note){_elsewhere(t)}.", "name")
    return Said(f"The {title}'s layout prints nothing of {t.quoted('name')} (nothing is "
                f"wrong: a note){_elsewhere(t)}.", "name")


def _max_lines(t: Telling) -> Said:
    title = t.words.format(t.text("format"))
    if t["given"]:
        return Said(f"The {title} prints at most {t['limit']} lines (set on the Settings "
                    f"page): {t.quoted('name')} won't print on it.")
    return Said(f"The {title} prints at most {t['limit']} lines: {t.quoted('name')} won't "
                "print on it, and prints whole on the other pieces. The Settings page can "
                "change how many it prints.")


def _too_tall(t: Telling) -> str:
    count = (f": take out about {t['count']} {t.text('unit')}" if t["count"] is not None
             else f": it is {t['length']} characters and about {t['room']} fit"
             if t["length"] is not None else "")
    left = ", so it is left out" if t["left_out"] else ""
    return (f"The text is too long for its space on {t.piece}, even in the smallest "
            f"type{count}{left}.")


def _too_wide(t: Telling) -> Said:
    words = t.items("words")
    which = f": {_listed([_quoted(word) for word in words])}" if words else ""
    line = f" (in the line {t.quoted('line')})" if t["line"] else ""
    left = ", so it is left out" if t["left_out"] else ""
    return Said(f"A word or number is too wide for its space on {t.piece}, even in the "
                f"smallest type{which}{line}: shorten it{left}.", "name" if t["line"] else None)


def _required_lines(t: Telling) -> str:
    return (f"{_cap(t.piece)} has no room for the lines that must print "
            f"({_listed([_quoted(name) for name in t.items('names')])}), even in its smallest "
            "type: shorten a name or its hours, or untick “Always print this line” on one of "
            "them.")


def _gave_way(t: Telling) -> str:
    pieces = t.items("printed_on")
    where = (f"; it prints on {_listed(pieces)}" if pieces else
             "; no piece built prints it" if "printed_on" in t.problem.fields else "")
    return (f"{_cap(t.piece)} leaves out the card's line to make room for the lines (nothing "
            f"is wrong: a note){where}.")


def _empty_band(t: Telling) -> str:
    part = t.text("part")
    what = "the page" if part == "the page" else f"its {part}"
    return f"{_cap(t.piece)}: {t['share']}% of {what} is empty; a longer text would fill it."


def _without(t: Telling) -> Said:
    return Said(f"The {t.words.format(t.text('format'))} prints {t.quoted('name')} without its "
                f"{_listed(t.items('missing'))}: a line prints with every way to reach it, or "
                "not at all. Check the format's own layout.", "name")


def _qr_too_small(t: Telling) -> str:
    return (f"The QR code on {t.piece} needs {t['needed']} pt and has {t['size']} pt: give "
            "line 1 a shorter website, or let its QR code call the phone.")


# ---------------------------------------------------------------- the lines as data

def _named(t: Telling, what: str) -> str:
    """"Hotline's phone" said of a field, or nothing of the line on its own field."""
    if t.on_field or not t["name"]:
        return what
    return f"{t.quoted('name')}: {what}"


def _unverified(t: Telling) -> Said:
    return Said(_named(t, "No date this line was last checked: call or text it to make sure it "
                          "works, then press “checked today”."), "verified")


def _stale(t: Telling) -> Said:
    return Said(_named(t, f"Last checked {t.text('checked')}, over {t['months']} months ago: "
                          "call or text it to make sure it still works, then press “checked "
                          "today”."), "verified")


def _checked_later(t: Telling) -> Said:
    return Said(_named(t, f"Checked {t.text('checked')}, after today ({t.text('today')}): write "
                          "the day someone last called or texted it, or press “checked "
                          "today”."), "verified")


def _emergency_differs(t: Telling) -> Said:
    return Said(f"This is the emergency line, but it dials {t.text('number')} while the cards "
                f"say to call {t.text('emergency_number')}: give one number, here or in the "
                "emergency number setting.", "phone")


def _emergency_first(t: Telling) -> Said:
    number = t.text("number")
    if not t["helpline"]:
        return Said(f"The card's big number and QR code would call {number}: put a helpline "
                    f"at line 1 ({number} prints wherever it stands, and the safety note "
                    "gives it).", "phone")
    return Said(f"The card's big number and QR code would call {number}: move "
                f"{t.quoted('helpline')} up to line 1 ({number} prints wherever it stands).",
                "phone")


def _qr_without(t: Telling) -> Said:
    action = QR_ACTIONS.get(t.text("qr"), t.text("qr"))
    missing = {"phone": "phone number", "text": "texting number", "url": "website"}.get(
        t.text("missing"), t.text("missing"))
    return Said(_named(t, f"The QR code is set to {action}, but the line has no {missing}: "
                          "give one, or choose another thing for the QR code to do."), "qr")


def _published(t: Telling) -> Said:
    code, key = t.problem.code, t.text("key")
    published = NUMBER_KINDS.get(t.text("published_kind"), "number")
    source = f"(published at {t.text('source')}, recorded {t.text('recorded')})"
    purpose = ("tick “Its number differs on purpose from the national line's published one” "
               "under “More about line …”")
    if code == Code.PUBLISHED_OTHER_KIND:
        kind = NUMBER_KINDS.get(t.text("kind"), "number")
        said = (f"{t.text('number')} is the {published} {t.text('owner')} publishes {source}, "
                f"not its {kind}: give it as the line's {published}, or {purpose}.")
    elif code == Code.PUBLISHED_OTHER_LINE:
        theirs = (f" (its {NUMBER_KINDS.get(t.text('kind'), 'number')} is "
                  f"{t.text('published')})" if t.text("published") else "")
        said = (f"{t.text('number')} is the {published} {t.text('other')} publishes {source}, "
                f"not {t.text('owner')}'s{theirs}: people would reach another line than the "
                f"one named; check the number with the line itself, or {purpose}.")
    elif code == Code.PUBLISHED_KEYWORD:
        said = (f"{t.text('owner')} publishes the keyword {t.text('published')} for "
                f"{t.text('number')} {source}, not {t.text('keyword')}: a text with another "
                f"word may go unanswered; check it with the line itself, or {purpose}.")
    elif code == Code.PUBLISHED_CLOSE:
        said = (f"{t.text('number')} is a digit or two away from the {published} "
                f"{t.text('owner')} publishes, {t.text('published')} {source}: if this line "
                f"is {t.text('owner')}, its number is wrong; if it is another line, {purpose}.")
    else:
        shares = (f", and the line's name shares {_listed(t.items('words'))} with it"
                  if code == Code.PUBLISHED_SHARES_WORDS else "")
        said = (f"{t.text('number')} differs from the {published} {t.text('owner')} "
                f"publishes, {t.text('published')} {source}{shares}: check the number with "
                f"the line itself; if it differs on purpose, {purpose}.")
    return Said(_named(t, said), key if key.startswith("text.") else key.split(".")[0])


def _text_number(t: Telling) -> Said:
    key = t.text("key")
    where = "it" if t.on_field else (
        f"the {_field_word(key)} of {t.quoted('name')}" if t["name"] else _quoted(key))
    return Said(f"The number {t.text('number')} in {where} cannot be printed: "
                f"{t.text('reason')}.", key.split(".")[0] if t["name"] else None)


def _outside_number(t: Telling) -> Said:
    where = "it" if t.on_field else _quoted(t.text("key"))
    return Said(f"{t.text('number')} in {where} is a helpline's own number: printed on the "
                "outside, it tells whoever finds the piece what it is for (anyone can look "
                "the number up). Leave it out; the lines' numbers are printed inside.",
                t.text("key"))


def _promise(t: Telling) -> str:
    claims = {"free": "free", "private": "private", "any time": "any time"}
    said = [f"“{claims.get(claim, claim)}”" for claim in t.items("said")]
    why = []
    for claim in t.items("unsaid"):
        if claim == "free":
            free = t.text("free")
            why.append("“Free to call” is no" if free == "refused" else
                       f"{t.text('number')} is not a toll-free number (choose “Free to call: "
                       "yes” if calling it is free)" if free == "not-free" else
                       "it has no phone number")
        elif claim == "private":
            why.append("the line does not say its calls are confidential (tick “Its calls "
                       "are confidential” if they are)")
        else:
            hours = t.text("hours")
            why.append(f"its hours are {hours} (not 24/7)" if hours else
                       "it gives no hours (not 24/7)")
    languages = [t.words.language(code) for code in t.items("langs")]
    named, several = pieces_saying(t["brochure"] is not False, tuple(t.items("restroom")))
    verb = "say" if several else "says"
    where = named[:1].upper() + named[1:] + (f" in {_listed(languages)}" if languages else "")
    what = (f"{verb} only {_listed(said)} of {t.quoted('name')}" if said else
            f"{verb} nothing of {t.quoted('name')} beside its number")
    return f"{where} {what}: {'; '.join(why)}."


def _same_number(t: Telling) -> str:
    left = (f" They differ in what prints, so the first one's is kept: the "
            f"{_listed(list(t.items('left_out')))} of the others is left out."
            if t.items("left_out") else "")
    return (f"{t.quoted('name')} and {_listed([_quoted(n) for n in t.items('others')])} have "
            f"the same number, {t.text('number')}: it prints once, as {t.quoted('kept')}, with "
            f"every way to reach each.{left}")


# ---------------------------------------------------------------- settings and their schema

def _setting_named(t: Telling) -> str:
    """The setting a schema problem is about: the line's field, or a setting."""
    if t["name"]:
        return f"the {_field_word(t.text('field'))} of {t.quoted('name')}"
    return _setting(t.text("field")) if t.text("field") else "the file"


def _schema(reason: Callable[[Telling], str]) -> Say:
    def say(t: Telling) -> Said:
        key = t.text("field")
        field_name = key.split(".")[0] if t["name"] else key
        if t.on_field:
            return Said(reason(t), field_name or None)
        return Said(f"{_cap(_setting_named(t))}: {reason(t)}", field_name or None)
    return say


def _valid(t: Telling) -> str:
    return _listed(list(t.items("valid")))


def _no_word_list(t: Telling) -> str:
    return (f"{t.language} has no list of words that would give the card away, so the outside "
            f"of its pieces cannot be checked: write them on the Settings page, under "
            f"{t.language}.")


def _line_text_untranslated(t: Telling) -> Said:
    key = t.text("key")
    if key == "name":
        return Said(f"{t.quoted('text')} prints as it is on the {t.language} pieces: give its "
                    f"{t.language} name under “More about line …”, “Name in each language”.",
                    "name")
    return Said(f"The {_field_word(key)} {t.quoted('text')} prints as it is on the "
                f"{t.language} pieces: give it in {t.language} under “More about line …”.",
                key)


def _outside_word(t: Telling) -> str:
    advice = {
        "tab_label": "give the line a neutral tear-off tab label (under “More about line …”)",
        "qr": "choose “call the phone” for what line 1's QR code does, or give it a neutral "
              "website",
        "string": "reword it on the Translations page",
    }.get(t.text("advice"), "reword it")
    whose = t.text("whose")
    verb = "would show what it is for" if t.problem.severity == "error" else (
        "may show what it is for to those who read that language")
    return (f"“{t.text('word')}”{whose} on the outside of {_outside_piece(t)} {verb}: "
            f"{advice}.")


def _outside_piece(t: Telling) -> str:
    """"the Poster (tabs, English)": the format, where on it (its face, where that is not
    named as the format), the language."""
    title = t.words.format(t.text("format"))
    named = (t.text("format").casefold(), title.casefold())
    where = [part for part in t.text("where").split(", ") if part.casefold() not in named]
    parts = [part for part in (*where, t.language) if part]
    return f"the {title} ({', '.join(parts)})" if parts else f"the {title}"


def _outside_tells(t: Telling) -> str:
    advice = ("reword it on the Translations page" if t.text("advice") == "string" else
              "give the line a neutral tear-off tab label (under “More about line …”)"
              if t.text("advice") == "tab_label" else "reword it")
    words = t.items("words")
    return (f"{_listed([_quoted(word) for word in words])} on the outside of "
            f"{_outside_piece(t)} {'speak' if len(words) > 1 else 'speaks'} of being watched, "
            "checked or hiding something, which tells whoever finds it what it may be for: "
            f"{advice}.")


def _reading(t: Telling) -> str:
    if t.problem.code == Code.READING_GRADE:
        return f"Reading grade {t['grade']} (about the school year a reader needs)."
    longest = "; ".join(f"“{sentence}”" for sentence in t.items("sentences"))
    return (f"Reading grade {t['grade']} (about the school year a reader needs). It is above "
            f"{t['limit']}: aim for short sentences and common words. The longest sentences: "
            f"{longest}")


def _too_faint(t: Telling) -> Said:
    shade = (f"“{t.text('shade')}”, the same colour darker, passes everywhere"
             if t["shade"] else "no darker shade of this colour passes: choose another")
    return Said(f"The brand colour {t.text('colour')} makes text too faint to read "
                f"({t.text('where')}: a contrast of {t['ratio']}:1, below the {t['needed']}:1 "
                f"it needs): {shade}.", "brand_color")


def _no_font(t: Telling) -> str:
    script = t.text("script")
    fix = (f"havenprint has no {script} font: choose one on the Settings page, under "
           f"{t.language}" if script else "take them out, or choose a font that has them on "
           "the Settings page")
    return (f"{t.text('characters')} in {t.piece or 'the text'} cannot be printed in any font "
            f"chosen for {t.language or 'the language'}: {fix}.")


def _unit(template: str | Callable[[Telling], str]) -> Say:
    """A translator file's unit, or a catalogue's string (a string or an article's line,
    `key`), said with its name (not on its own box: `on_field`)."""
    def say(t: Telling) -> Said:
        said = t.fill(template) if isinstance(template, str) else template(t)
        return Said(said if t.on_field else f"{_unit_name(t.text('key'))}: {said}",
                    t.text("key") or None)
    return say


def _unit_name(key: str) -> str:
    slug, _, rest = key.partition(".")
    if rest == "title":
        return "The article's title"
    if rest == "card":
        return "The card line"
    if rest.startswith("key_points."):
        return f"Key point {rest.rpartition('.')[2]} of the article"
    return f"The string “{key}”"


def _place(t: Telling) -> str:
    """"Pocket card, back: under the QR code" of a translator file's unit."""
    parts = [t.text("title")]
    if t.text("face").casefold() != t.text("title").casefold():
        parts.append(t.text("face"))
    if t["panel"] and "," not in t.text("panel"):
        parts.append(t.text("panel"))
    return f"{', '.join(parts)}: {slot_words(t.text('slot'))}"


def _unit_too_long(t: Telling) -> str:
    room = (f"about {t['fit']} fit there" if t["fit"] is not None
            else "it does not fit there")
    return (f"too long for the {_place(t)}: it is {t['length']} characters and {room}. "
            "Shorten it.")


def _unit_revealing(t: Telling) -> str:
    return (f"“{t.text('word')}”{t.text('whose')} would show what the piece is for: this "
            f"prints on the outside ({_place(t)}), where anyone sees it. Choose neutral words.")


def _unit_control(t: Telling) -> str:
    if t["half"]:
        return (f"it holds half of a character ({t.text('char')}): text cut in the middle of "
                "a character, or converted wrongly. Write the character itself.")
    return f"it holds a control character ({t.text('char')}), which cannot be printed."


def _placeholders(t: Telling) -> str:
    wanted = [f"{{{name}}}" for name in t.items("wanted")]
    if t.problem.code == Code.PLACEHOLDERS_CHANGED:
        return (f"it must keep the placeholders {_listed(wanted)}, as the English text does."
                if wanted else
                "the English text has no {placeholders}: take out what is in braces.")
    if t["written"]:
        return (f"{t.text('written')} is not a placeholder: "
                + (f"write {_listed(wanted)} exactly" if wanted else
                   "this text takes none" if t["wanted"] is not None else
                   "write a name in braces, such as {emergency}")
                + " ({{ and }} print a brace).")
    return f"a brace is not closed ({t.text('reason')}): write {{{{ and }}}} for a brace."


def _api(template: str) -> Say:
    return lambda t: f"{t.fill(template)} Nothing was imported."


def _layout_file(template: str) -> Say:
    """A layout's own file (for whoever writes layouts): what to fix in it."""
    return lambda t: f"The layout's file (layout.yaml) needs fixing: {t.fill(template)}"


def _template(template: str) -> Say:
    return lambda t: f"The layout's template needs fixing: {t.fill(template)}"


# ---------------------------------------------------------------- the table

SAID: Mapping[Code, Say | str] = MappingProxyType({
    # what prints untranslated
    Code.NO_CATALOGUE: "None of the {count} short texts printed around the article (“Scan to "
                       "call”…) is in {language} yet: they print in English. Translate them "
                       "on the Translations page for {language}.",
    Code.IN_ENGLISH: "{count} of the short texts printed around the article print in English "
                     "in {language}: translate them on the Translations page for {language}.",
    Code.UNREVIEWED: "The {language} short texts were drafted without a native speaker: have "
                     "one read them, then tick “A native speaker has checked every string” on "
                     "the Translations page for {language}.",
    Code.HEBREW_QUOTES: "The {language} string “{key}” has a quote mark where a geresh (׳) or "
                        "gershayim (״) belongs ({words}): it prints right, but screen readers "
                        "and copied text read it wrong. Type the mark itself.",
    Code.LINE_TEXT_UNTRANSLATED: _line_text_untranslated,
    Code.CARD_LINE_UNTRANSLATED: "The card's line prints as it is on the {language} cards: give "
                                 "it in {language} on the Settings page.",
    Code.ONE_OUTSIDE_TITLE: "{language} has no outside title of its own, so the outside of its "
                            "pieces prints another language's ({title:q}): write one on the "
                            "Settings page, under {language}.",
    Code.NO_OUTSIDE_TITLE: "{language} has no outside title of its own, so the outside of its "
                           "pieces prints another language's ({title:q}): write one on the "
                           "Settings page, under {language}.",
    # files and YAML
    Code.FILE_UNREADABLE: "The file cannot be read ({reason}).",
    Code.FILE_NOT_REGULAR: "This is not a file (a folder, a device or a pipe): havenprint reads "
                           "only files.",
    Code.FILE_TOO_BIG: "The file is {size:,} bytes, more than the {limit:,} havenprint reads: "
                       "is it the right file?",
    Code.FILE_NOT_UTF8: "The file is not saved as UTF-8 text: open it in a text editor and save "
                        "it as UTF-8.",
    Code.FILE_EMPTY: "The file is empty.",
    Code.CONTROL_CHARACTER: "The file holds a control character ({char}), which is not text: is "
                            "it the right file? Save it again as plain text.",
    Code.YAML_MALFORMED: "The file cannot be read ({reason}): look for a bracket or quote that "
                         "is not closed, or a colon inside a text (put such a text in quotes).",
    Code.YAML_TOO_DEEP: "The file is nested too deeply to read: is it the right file?",
    Code.YAML_TOO_BIG: "The file holds over {limit:,} values once its repeated parts are "
                       "counted: is it the right file?",
    Code.YAML_KEY_TWICE: "“{key}” is given twice (also on line {first}): only the last would "
                         "count. Remove one.",
    Code.YAML_NO_DATE: "{value:q} is not a date ({reason}): write it as year-month-day, e.g. "
                       "2026-11-20.",
    Code.YAML_LONG_NUMBER: "“{key}” holds a number of {digits:,} digits: is it the right "
                           "value?",
    Code.YAML_BINARY: "“{key}” holds binary data, not text: write the text itself.",
    Code.YAML_CONTROL_ESCAPE: lambda t: (
        f"“{t.text('key')}” holds half of a character ({t.text('char')}): text cut in the "
        "middle of a character. Write the character itself." if t["half"] else
        f"“{t.text('key')}” holds a control character ({t.text('char')}), which cannot be "
        "printed: take it out."),
    Code.CANNOT_EDIT: "The file cannot be changed here ({reason}): edit it in a text editor.",
    # articles
    Code.ARTICLE_SUFFIX: "An article's file name ends in .md or .txt.",
    Code.ARTICLE_NO_BODY: "The article has no text below its title.",
    Code.FRONT_MATTER_UNCLOSED: "The lines at the top of the article open with “---” and are "
                                "never closed: add a line “---” below them.",
    Code.FRONT_MATTER_YAML: "The lines between the two “---” at the top (title:, card:) cannot "
                            "be read ({reason}): look for a bracket or quote that is not closed, "
                            "or a colon inside a text (put such a text in quotes).",
    Code.FRONT_MATTER_NOT_MAPPING: "The lines between the two “---” at the top must each be "
                                   "“name: text” (title:, card:).",
    Code.FRONT_MATTER_TYPE: lambda t: (
        f"“{t.text('key')}” at the top of the article must be "
        f"{'a list of items (lines starting with -)' if t['list'] else 'a text'}, not "
        f"{t.text('found')}."),
    Code.NO_TITLE: lambda t: (
        "The article has no title: start it with a heading (a line starting with #)."
        if t["markdown"] else
        "The article has no title: start it with a short title line without a full stop"
        + (" (its first line is a list item)." if t["listed"] else
           f" (its first sentence is {t['length']} characters, more than the "
           f"{t['limit']} a headline holds)." if t.number("length") > t.number("limit")
           else ".")),
    Code.SENTENCE_AS_TITLE: "There is no title line: the first sentence, {sentence:q}, prints "
                            "as the headline. To choose the headline, start the text with a "
                            "short title line without a full stop.",
    Code.WEB_REFERENCE: "This paragraph points to other web content ({quote:q}): a printed "
                        "piece cannot follow it, so that sentence is left out of every printed "
                        "piece and the screen copy. To keep something of it, reword it so it "
                        "stands on its own.",
    Code.ARTICLE_HEBREW_QUOTES: "A quote mark where a geresh (׳) or gershayim (״) belongs "
                                "({words}): it prints right, but screen readers and copied text "
                                "read it wrong. Type the mark itself.",
    Code.NO_ARTICLE: "There is no {language} article yet: start it on the Article page, in "
                     "{language} (it starts as a copy of the English one, shown beside it).",
    Code.NO_CARD_LINE: "The article has no line for the card: its first sentence is longer than "
                       "{limit} characters and no key point is shorter. Write a short card line "
                       "(about 50 characters fit on one line of a pocket card).",
    # numbers in printed text
    Code.TEXT_NUMBER: _text_number,
    Code.ADDED_NUMBER: _unit("it has the number {numbers:and}, which the English text does "
                             "not: a translation carries the English text's numbers only (the "
                             "numbers a card calls are the lines')."),
    Code.CLAIM_ADDED: _unit("it says “{claim}” ({phrase}), which this sentence must not: it "
                            "prints beside lines whose details do not say so. Translate the "
                            "English sentence only."),
    # the lines
    Code.LINES_FILE_MISSING: "There are no lines yet: add at least one on the Lines page.",
    Code.LINES_EMPTY: "There are no lines: add at least one on the Lines page.",
    Code.LINES_NONE_SELECTED: "No line of the data is left to print once the area, tags and "
                              "limit have chosen: choose fewer on the Settings page.",
    Code.LINES_OUTSIDE: "The lines' data ({file:q}) is outside the content folder: havenprint "
                        "reads only files inside it. Copy it into the folder.",
    Code.LINES_SOURCE_MISSING: "The lines' data ({file:q}) is not there: import the lines "
                               "again, or choose the file on the Settings page.",
    Code.LINE_UNVERIFIED: _unverified,
    Code.LINE_STALE: _stale,
    Code.LINE_CHECKED_LATER: _checked_later,
    Code.LINE_NO_NAME: lambda t: Said("Give this line a name (only the emergency line may go "
                                      "without one).", "name"),
    Code.LINE_QR_WITHOUT: _qr_without,
    Code.LINE_UNREACHABLE: lambda t: Said("Give this line a phone number, a texting number or "
                                          "a website.", "phone"),
    Code.EMERGENCY_FIRST: _emergency_first,
    Code.EMERGENCY_DIFFERS: _emergency_differs,
    Code.PUBLISHED_OTHER_KIND: _published,
    Code.PUBLISHED_OTHER_LINE: _published,
    Code.PUBLISHED_KEYWORD: _published,
    Code.PUBLISHED_NEAR: _published,
    Code.PUBLISHED_SHARES_WORDS: _published,
    Code.PUBLISHED_CLOSE: _published,
    Code.PROMISE_UNSAID: _promise,
    Code.HOURS_DISAGREE: lambda t: Said(
        f"The hours of {t.quoted('name')} say 24/7 in "
        f"{_listed([t.words.language(c) for c in t.items('always')])} but not in "
        f"{_listed([t.words.language(c) for c in t.items('others')])}: give the same hours in "
        "every language (a piece says “any time” only where its language's hours are 24/7).",
        "hours"),
    Code.SAME_NUMBER: _same_number,
    Code.QR_PAYLOAD: lambda t: Said(f"Line 1's QR code cannot be made: {t.text('reason')}.",
                                    "qr"),
    # laying out a piece
    Code.NOTHING_TO_PRINT: "{piece:cap} has nothing to print in {slot:slot}, which must print.",
    Code.TEXT_TOO_TALL: _too_tall,
    Code.TEXT_TOO_WIDE: _too_wide,
    Code.REQUIRED_LINES: _required_lines,
    Code.PARAGRAPHS_LEFT_OUT: "{piece:cap} leaves out the last {count} of {total} paragraphs "
                              "of {slot:slot}: they do not fit.",
    Code.GAVE_WAY: _gave_way,
    Code.ROOM_LEFT_OUT: "{piece:cap} leaves out “{block}”: there is no room for it "
                        "(nothing is wrong: a note).",
    Code.SET_SMALLER: "{piece:cap} sets {slot:slot} at {floor} pt, a step under its {size} pt: "
                      "at its size there is no room for what stands above it (nothing is "
                      "wrong: a note).",
    Code.SHORTER_NOTE: "{piece:cap} has no room for the whole safety note: it prints "
                       "“{short}” alone. Shorten the safety note on the Translations page to "
                       "print it whole.",
    Code.DETAIL_LEFT_OUT: _detail_left_out,
    Code.LINE_LEFT_OUT: _left_out_whole,
    Code.LINE_LEFT_OUT_AFTER: _left_out_after,
    Code.TABS_WITHOUT_NAME: lambda t: (
        f"The tear-off tabs of {t.piece} print "
        f"{'the tab label instead of the line' if t['label'] else 'the number alone'}: the "
        "line's name does not fit beside the number (nothing is wrong: a note)."),
    Code.QR_UNENCODABLE: "The QR code on {piece} cannot be made: {reason}.",
    Code.QR_TOO_SMALL: _qr_too_small,
    Code.LINE_NOT_PRINTED: _not_printed,
    Code.LINE_WITHOUT: _without,
    Code.MAX_LINES: _max_lines,
    Code.EMPTY_BAND: _empty_band,
    Code.PREFERRED_FACE_MISSING: "The {format_title} prints {language} in its usual face, not in "
                                 "{face}: this computer does not have {file} (install "
                                 "Debian's {package} and build again; nothing is wrong: a "
                                 "note).",
    Code.PRINTED_SHORT_FORM: "The article leaves {share}% of a panel of the {format_title} "
                             "empty in {language}: it prints as the {short} instead (nothing is "
                             "wrong: a note).",
    Code.NO_SIZE: "The {format_title} has no size “{size}”: choose one of {valid:and} on the "
                  "Settings page.",
    Code.SIZE_STOCK: "The card stock chosen on the Settings page does not suit the "
                     "{format_title}: {reason}.",
    Code.STOCK_UNKNOWN: "The card stock “{stock}” is not one havenprint knows: choose one of "
                        "{valid:and}.",
    Code.STOCK_MISFITS: "The card stock “{stock}” does not hold the {format_title}'s pieces: "
                        "choose a stock that does, or hand-cut.",
    Code.NO_FONT: _no_font,
    Code.CAPTIONS_NO_FONT: lambda t: (
        f"The print instructions in {t.language} use {t.text('characters')}, which no font "
        "chosen has: " + (f"havenprint has no {t.text('script')} font; choose one on the "
                          f"Settings page, under {t.language}." if t["script"] else
                          "choose the language of the print instructions on the Settings "
                          "page.")),
    Code.UNEXPECTED: "The {format_title} ({language}) could not be laid out ({reason}): check "
                     "the values you changed last.",
    # the outside of a discreet piece
    Code.NO_WORD_LIST: _no_word_list,
    Code.OUTSIDE_WORD: _outside_word,
    Code.OUTSIDE_TELLS: _outside_tells,
    Code.OUTSIDE_NUMBER: _outside_number,
    # safety, colour, reading
    Code.NO_READING_FORMULA: "There is no reading-level formula for {language}: ask a native "
                             "speaker whether it reads easily.",
    Code.READING_GRADE: _reading,
    Code.READING_ABOVE: _reading,
    Code.SAFETY_SLOT_GONE: "The {format_title}'s own layout has no place for the safety note "
                           "({wording}), which the built-in one prints: a layout of the same "
                           "name must keep it.",
    Code.SAFETY_SLOT_OPTIONAL: "The {format_title}'s own layout lets the safety note ({wording}) "
                               "go unprinted: it must always print.",
    Code.SAFETY_NOTE_MISSING: "The {format_title}'s own layout does not print the safety note "
                              "({wording}) where it must: reword the note on the Translations "
                              "page, not in the layout.",
    Code.TOO_FAINT: _too_faint,
    Code.FONT_FILE: lambda t: Said(f"The font file {t.quoted('file')} cannot be used: "
                                   f"{t.text('reason')}. Choose another on the Settings page.",
                                   t.text("field") or None),
    Code.PROFILE: lambda t: Said(f"The print shop's colour profile {t.quoted('file')} cannot be "
                                 f"used: {t.text('reason')}. Ask the shop for its CMYK output "
                                 "profile.", "icc_profile"),
    Code.SCRIPT_WITHOUT_FONT: "{language} is written in the {script} script, for which "
                              "havenprint has no font: the {language} pieces cannot print "
                              "until you choose one on the Settings page, under {language}.",
    # site.yaml and the content folder
    Code.SCHEMA_NOT_MAPPING: "The file must be a list of “name: value” settings.",
    Code.SCHEMA_FORMS: _schema(lambda t: f"give {t.text('forms')}."),
    Code.SCHEMA_MISSING: _schema(lambda t: f"“{t.text('missing')}” is missing (one of "
                                           f"{_valid(t)})."),
    Code.SCHEMA_UNKNOWN: _schema(lambda t: f"“{t.text('unknown')}” is not a setting there "
                                           f"(they are {_valid(t)})."),
    Code.SCHEMA_CHOICE: _schema(lambda t: f"{t.quoted('value')} is not one of the choices "
                                          f"({t.text('choices')})."),
    Code.SCHEMA_VALUE: _schema(lambda t: f"{t.text('reason')}."),
    Code.SCHEMA_YAML_WORD: _schema(lambda t: "reads as yes or no: the page writes it in quotes "
                                             "when you save it here."),
    Code.SCHEMA_TYPE: _schema(lambda t: f"{t.text('reason')}."),
    Code.NOT_CONTENT_FOLDER: "This is not a content folder: it has no settings file.",
    Code.TOO_MANY_FILES: "The content folder (and those it builds on) holds over {limit:,} files: "
                         "is it the right folder?",
    Code.LINK_OUTSIDE: "This is a link to {target}, outside the content folder: havenprint "
                       "reads only files inside it. Copy the file into the folder.",
    Code.MORE_LINKS_OUTSIDE: "And {count:,} more links outside the content folder: is it the "
                             "right folder?",
    Code.PROFILE_OUTSIDE: "The print shop's colour profile ({file:q}) is outside the content "
                          "folder: copy it into the folder, so that the kit carries it.",
    Code.NO_EMERGENCY_NUMBER: "havenprint knows no emergency number for {country}: write it on "
                              "the Settings page.",
    Code.NO_ARTICLES: "The kit names no article: choose its articles on the Settings page.",
    Code.ARTICLE_AND_ARTICLES: "The settings give one article and a list of articles: keep "
                               "the list.",
    Code.UNKNOWN_STOCK: "The card stock “{stock}” is not one havenprint knows: choose one of "
                        "{valid:and} on the Settings page, or describe the sheet.",
    Code.EXTENDS_NOT_FOLDER: "The base folder {folder:q} is not a folder.",
    Code.EXTENDS_LOOP: "The base folder {folder:q} leads back to a folder already built on.",
    Code.EXTENDS_TOO_DEEP: "The content folder builds on more than {limit} others in a row.",
    Code.SAME_FILE_NAME: "Two pieces would be written to {file}, the {first:q} format's and the "
                         "{second:q} format's: rename the article.",
    Code.PACK_SETTING: "An audience pack's settings may not set “{key}”: it is the main kit's, "
                       "for every pack.",
    Code.PACK_NO_FOLDER: "There is no folder for the audience pack “{pack}”: create it, or take "
                         "the pack off the Settings page.",
    Code.PACK_LINK_OUTSIDE: "The audience pack's folder is a link outside the content folder: "
                            "move the pack into it.",
    # a layout's own files (for whoever writes layouts)
    Code.LAYOUT_FOLDER_NAME: _layout_file("a layout folder's name ({folder:q}) is lowercase "
                                          "letters, digits and hyphens."),
    Code.LAYOUT_NAME_MISMATCH: _layout_file("its name, {name:q}, must be its folder's, "
                                            "{folder:q}."),
    Code.LAYOUT_OUTSIDE_FACE_GONE: _layout_file("the {format_title}'s {face} is its outside, "
                                                "checked for revealing words, and a layout of "
                                                "the same name must keep it."),
    Code.LAYOUT_OUTSIDE_NARROWED: _layout_file("the {format_title}'s {face} is its outside, "
                                               "checked for revealing words: its “{field}” "
                                               "must not narrow that."),
    Code.LAYOUT_COVER_NARROWED: _layout_file("the {format_title}'s {face} covers the piece, "
                                             "checked for revealing words: its “{field}” must "
                                             "not narrow that."),
    Code.LAYOUT_DISCREET_NARROWED: _layout_file("the {format_title} has a restroom variant "
                                                "({setting:q}), whose {face} is checked for "
                                                "revealing words: its “{field}” must not "
                                                "narrow that."),
    Code.LAYOUT_SHORT_FORM_OUTSIDE: _layout_file("the short form's {face} is an outside "
                                                 "surface too: mark it outside."),
    Code.LAYOUT_OPTION_BUILTIN: _layout_file("its option {option:q} would be the built-in "
                                             "setting {setting:q}: choose another name."),
    Code.LAYOUT_IN_FILE_NAME: _layout_file("the option {option:q} cannot put the size in the "
                                           "file names: only {size_option:q} can."),
    Code.LAYOUT_NO_SETTING: _layout_file("“{field}” names {setting:q}, which is no yes-or-no "
                                         "setting (they are {valid:and})."),
    Code.LAYOUT_STRING_NAME: _layout_file("the string name {key:q} is lowercase letters, digits "
                                          "and underscores."),
    Code.LAYOUT_STRING_EMPTY: _layout_file("the string {key:q} has no English text."),
    Code.LAYOUT_STRING_PLACEHOLDER: _layout_file("the string {key:q}: {reason}."),
    Code.LAYOUT_STRING_BUILTIN: _layout_file("havenprint already has a string {key:q}: print "
                                             "it without declaring it, or choose another name."),
    Code.LAYOUT_NO_SLOT: _layout_file("“{field}” names the slot {slot:q}, which the layout "
                                      "does not have."),
    Code.LAYOUT_STACK_LOOP: _layout_file("on the {face}, the slot {slot:q} and {other:q} are "
                                         "stacked against each other."),
    Code.LAYOUT_OPTION_CLASH: _layout_file("the option {option:q} is also the {other} "
                                           "layout's: choose another name."),
    Code.LAYOUT_STRING_CLASH: _layout_file("the string {key:q} has another English text in "
                                           "the {other} layout ({text:q}): use one text, or "
                                           "another name."),
    Code.TEMPLATE_ERROR: _template("{reason}."),
    Code.TEMPLATE_NO_BLOCK: _template("it has no block {block:q} for its slot."),
    Code.TEMPLATE_MARKUP: _template("in its block {block:q}, {reason}."),
    # catalogues
    Code.CATALOGUE_NOT_MAPPING: "The strings file must be a list of “name: text” lines.",
    Code.UNKNOWN_STRING: _unit("there is no such string to translate."),
    Code.STRING_NOT_TEXT: lambda t: Said(
        "Write its text" + (" (a safety note can be reworded, not removed)."
                            if t["safety"] else "."), t.text("key")),
    Code.PLACEHOLDERS_CHANGED: _unit(_placeholders),
    Code.PLACEHOLDER_WRONG: _unit(_placeholders),
    Code.PLACEHOLDER_ORDER: _unit("its {{placeholders}} come in another order than "
                                  "havenprint's own translation ({text:q}): check each "
                                  "stands where it belongs (texting the number to the keyword "
                                  "gets no help), or confirm the order in the file."),
    Code.PLACEHOLDER_ORDER_UNCHECKED: _unit("havenprint has no translation in {language} to "
                                            "compare its {{placeholders}}' order with: have a "
                                            "second speaker check each stands where it "
                                            "belongs."),
    Code.CATALOGUE_META: "The strings file's notes (“{key}”): {reason}.",
    Code.CATALOGUE_EXISTS: "The language's strings file is there already: its translations "
                           "are kept.",
    Code.CATALOGUE_LINKED_OUT: "The folder of translations is a link outside the content folder "
                               "({target}): make it a folder of its own.",
    # a translator file
    Code.TRANSLATOR_FILE_TOO_BIG: "The file is too large for one language's translations.",
    Code.TRANSLATOR_UNKNOWN_LANGUAGE: "The file is for {given:q}, which is not a language "
                                      "havenprint knows.",
    Code.TRANSLATOR_OTHER_LANGUAGE: "The file is for {given:lang}, not {expected:lang}: import "
                                    "it for its own language, or download the right one.",
    Code.TRANSLATOR_NOT_PO: "The file is not a PO file ({reason}).",
    Code.TRANSLATOR_PO_HEADER: "The file's header cannot be read ({reason}).",
    Code.TRANSLATOR_NO_LANGUAGE: "The file does not say which language it is in: download it "
                                 "again and translate that one.",
    Code.TRANSLATOR_TOO_MANY: "The file holds over {limit:,} strings: it is not a havenprint "
                              "file for translation tools.",
    Code.TRANSLATOR_PO_STRING: lambda t: Said(
        (f"{_unit_name(t.text('key'))}: " if t["key"] and not t.on_field else "")
        + f"{t.text('reason')}.", t.text("key") or None),
    Code.TRANSLATOR_TOO_DEEP: "The file is nested too deeply: it is not a file for translation "
                              "tools.",
    Code.TRANSLATOR_DTD: "The file declares a DTD or entities, which a file for translation "
                         "tools needs none of: export it again.",
    Code.TRANSLATOR_NOT_XML: "The file is not well-formed XML ({reason}).",
    Code.TRANSLATOR_XLIFF_2: "The file is XLIFF 2: save or export it as XLIFF 1.2.",
    Code.TRANSLATOR_NOT_XLIFF: "The file is not an XLIFF 1.2 file (it starts with {root:q}).",
    Code.TRANSLATOR_SEVERAL: "The file holds strings for several languages ({languages:and}): "
                             "import one language's file at a time.",
    Code.UNIT_OTHER_LANGUAGE: _unit("its translation is in {given:lang}, the file's language "
                                    "is {expected:lang}."),
    Code.UNIT_NO_NAME: "A string of the file has no name: which string is it?",
    Code.UNIT_TWICE: _unit("given twice (also on line {first}): keep one."),
    Code.UNIT_UNKNOWN_ARTICLE: _unit("this kit has no article {slug:q} in this language."),
    Code.UNIT_UNKNOWN: _unit("this kit has no such string."),
    Code.UNIT_NEW_POINT: _unit("a file for translation tools translates the article's {points} "
                               "key points and adds none: add it to the English article "
                               "first."),
    Code.UNIT_POINT_GAP: _unit("the article has {points} key points and the file does not give "
                               "key point {expected}: give the points in between too."),
    Code.UNIT_OTHER_FILE: _unit("the file puts it in {original}, but it belongs in "
                                "{expected}: a file for another language or kit?"),
    Code.UNIT_COPIED: _unit("its translation is its English text, copied in: left untranslated "
                            "(if it is the same in this language, mark it final in the "
                            "translation tool)."),
    Code.UNIT_CONTROL_CHARACTER: _unit(_unit_control),
    Code.UNIT_INVISIBLE: _unit("invisible formatting characters ({chars}) were taken out."),
    Code.UNIT_NOT_ONE_STRING: _unit("{length:,} characters is not one string."),
    Code.UNIT_ENGLISH_CHANGED: _unit("the English text changed since the file was made (now "
                                     "{english:q}): check that the translation still says "
                                     "it."),
    Code.UNIT_NO_FONT: _unit("{characters} in no font havenprint has for this language: the "
                             "build would stop at it; take it out."),
    Code.UNIT_REVEALING: _unit(_unit_revealing),
    Code.UNIT_TOO_LONG: _unit(_unit_too_long),
    Code.ARTICLE_IN_BASE: "The article {slug:q} is in a base folder this kit builds on: "
                          "translate it there.",
    # importing lines
    Code.REFUSED_RECORD: "{reason}",
    Code.NUMBER_LEFT_OUT: "A number of {record:q} is left out: {reason}.",
    Code.IMPORT_SKIPPED: "{record:q} was not imported: {reason}.",
    Code.IMPORT_NOTE: "{reason}",
    Code.IMPORT_UNDATED: "{record:q} gives no date it was last checked: call or text it to "
                         "make sure it works, then give the date you checked it.",
    Code.IMPORT_FUTURE_DATE: "{record:q} was last checked on {checked}, a date still to come: "
                             "the date is left out; give the date you checked it.",
    Code.IMPORT_OLD_DATE: "{record:q} was last checked on {checked}, over a year ago: call or "
                          "text it to make sure it still works before printing.",
    Code.IMPORT_KEPT: "{kept} lines kept, {skipped} skipped from the lines' data.",
    Code.IMPORT_COPY_READ: "The copy of the directory {address} was read {read}: the Settings "
                           "page reads it again.",
    Code.IMPORT_NOTHING: "No line was imported: nothing is written.",
    Code.IMPORT_NO_SUCH_FILE: "There is no such file or folder.",
    Code.IMPORT_TABLE_ALONE: "One table of an HSDS export cannot be imported alone: upload the "
                             "folder of its CSV files (as a .zip) or its datapackage.json.",
    Code.IMPORT_ADDRESS_KIND: "A web address is read as an HSDS directory's address.",
    Code.IMPORT_TOO_MANY_VALUES: "The file holds over {limit:,} values: is it the right file? "
                                 "(import a region at a time)",
    Code.IMPORT_MISSING_COLUMN: "The table has no column {columns:and} (its columns are "
                                "{found:and}).",
    Code.IMPORT_EMPTY_CELL: "The column {column:q} is empty here.",
    Code.IMPORT_UNKNOWN_COLUMN: lambda t: (
        (f"The spreadsheet has columns havenprint does not read ({_listed(t.items('unknown'))})"
         if t.items("unknown") else "The spreadsheet has no “name” column")
        + f": its columns are {_listed(t.items('valid'))}."),
    Code.IMPORT_TARGET_FOLDER: "The lines' file is a folder.",
    Code.IMPORT_TARGET_LINK: "The lines' file is a link outside the content folder: it is not "
                             "replaced.",
    Code.IMPORT_TARGET_NOT_OURS: lambda t: (
        "The lines were " + ("edited by hand since they were imported" if t["edited"] else
                             "not imported by havenprint")
        + ": they are replaced only when you choose “Replace my lines”."),
    Code.IMPORT_NO_COUNTRY: "The settings give no country: choose it on the Settings page.",
    Code.JSON_MALFORMED: "The file is not well-formed JSON ({reason}).",
    Code.JSON_KEY_TWICE: "{key:q} is given twice in one object ({first}, then {second}): a "
                         "reader keeps only the last one.",
    Code.JSON_LONG_NUMBER: "The file holds a number of {digits:,} digits: is it the right file?",
    Code.CSV_NO_HEADER: "The spreadsheet has no header row (the columns' names).",
    Code.CSV_TOO_MANY_COLUMNS: "The header has {count:,} columns: is it the right file?",
    Code.CSV_COLUMN_TWICE: "The column {columns:and} appears twice.",
    Code.CSV_TOO_MANY_CELLS: "The file holds over {limit:,} cells: is it the right file? "
                             "(import a region at a time)",
    Code.CSV_RUNAWAY_QUOTE: "A quote opens a cell on line {start} that runs on to line {end} (a "
                            "stray quote?): fix the quote, or put the cell in quotes whole.",
    Code.CSV_MALFORMED: "The spreadsheet cannot be read ({reason}).",
    Code.HSDS_ITEM: "Item {index} of the data is not an HSDS service, organization or "
                    "service_at_location.",
    Code.HSDS_STRAYS: "This is not HSDS data: {strays} of its {records} records hold numbers in "
                      "fields HSDS does not have, so their lines would print without them. "
                      "Export HSDS from the directory, or save the list as a spreadsheet.",
    Code.HSDS_STRAY: "{record}: {key:q} holds {value}.",
    Code.HSDS_MORE_STRAYS: "And {count} more records like these.",
    Code.HSDS_NOT_LIST: "{key:q} should be a list.",
    Code.HSDS_NOT_DATA: "This is not HSDS data: it holds no service, organization or "
                        "service_at_location.",
    Code.HSDS_PACKAGE: "The datapackage.json cannot be read: {reason}.",
    Code.HSDS_PACKAGE_PATH: lambda t: (
        f"The datapackage.json's {t.text('resource')} " + (
            f"names {t.quoted('file')}, which is not a file beside it." if t["file"] else
            "names no CSV file.")),
    Code.HSDS_NO_TABLE: "The {version} data has no {table} table.",
    Code.HSDS_COLUMNS: "The {version} data: {reason}.",
    Code.API_HTTP: _api("The directory answered HTTP {status} ({reason})."),
    Code.API_SLOW: _api("The directory did not answer in time, also when asked again: try "
                        "again later."),
    Code.API_UNREACHABLE: _api("The directory could not be reached ({reason}): check the "
                               "address, and that this computer is on the internet."),
    Code.API_TOO_BIG: _api("The directory's answers are too large: is it the right address? "
                           "(import a region at a time)"),
    Code.API_ANSWER: _api("That address does not answer as an HSDS directory does ({what}: "
                          "{reason}): check it is the directory's address (the part before "
                          "/services), not its website."),
    Code.API_ADDRESS: "That is not a directory's address: give its HSDS address, e.g. "
                      "https://directory.example.org/hsds/.",
    Code.API_PAGING: _api("Page {page} of the directory repeats the pages before it: it does "
                          "not page as HSDS says."),
    Code.API_TOO_MANY_PAGES: _api("The directory has over {limit:,} pages of services: is it "
                                  "the right address? (import a region at a time)"),
    Code.API_SHORT: _api("The directory says it holds {total:,} services and its {pages} pages "
                         "gave {read:,}: try again."),
    Code.API_NO_ID: _api("Service {index} of the directory has no id, so its whole record "
                         "cannot be read."),
    Code.API_NO_COPY: "The lines come from the directory {address}, and there is no copy of it "
                      "yet: read it with “Read the directory again” on the Download page (a "
                      "build reads the copy, never the network).",
    Code.API_WRONG_COPY: "The copy of the lines is not of the directory {address}: read it "
                         "with “Read the directory again” on the Download page.",
    Code.FROM_MANIFEST: lambda t: t.problem.message,
})
