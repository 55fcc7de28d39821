"""The checks of `build` and `check` said for the people using the page: no commands, flags,
YAML, slot names or paths inside the program, and each fix said as something to do on a
page ("press “checked today”", "write it on the Settings page").

Where a problem is about a field of the table (its file and line say which, see drafts.py),
the page marks that field; the message then drops what the field says already (the line's
name and the key). Messages are recognised by what they are about, one rule each (RULES);
one no rule knows is cleaned of commands and YAML (`_cleaned`), never shown as it came.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from generator.errors import Problem, shortened
from generator.serve.languages import english_name

DETAILS = MappingProxyType({
    "tty": "TTY number", "text": "texting line", "url": "website", "hours": "hours",
    "languages": "languages", "checked": "date checked"})
FIELD_WORDS = MappingProxyType({
    "phone": "phone", "tty": "TTY number", "text.number": "texting number",
    "text.keyword": "keyword", "text.description": "texting words", "url": "website",
    "hours": "hours", "verified": "date checked", "languages": "languages", "name": "name",
    "tab_label": "tear-off tab label", "qr": "QR code"})
QR_ACTIONS = MappingProxyType({
    "tel": "call the phone", "sms": "start a text", "url": "open the website"})


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
    field: str | None = None  # the field it is about, when the message tells it


Rule = tuple[re.Pattern[str], Callable[[re.Match[str], Words], Said]]


def _where(match: re.Match[str], words: Words) -> str:
    """"the Pocket card (back, English)" from a layout problem's head."""
    face = match.group("face")
    same = face.casefold() in (match.group("format").casefold(),
                               words.format(match.group("format")).casefold())
    parts = [part for part in (None if same else face, _lang(match, words)) if part]
    return f"the {words.format(match.group('format'))}" + (
        f" ({', '.join(parts)})" if parts else "")


def _lang(match: re.Match[str], words: Words) -> str | None:
    code = match.groupdict().get("lang")
    return words.language(code) if code else None


def _left_out(match: re.Match[str], words: Words) -> Said:
    what = match.group("what")
    detail = re.fullmatch(r"'(?P<text>.*)' \((?P<kind>\w+)\) from '(?P<line>.*)'", what)
    place = _where(match, words)
    if detail is not None:
        kind = DETAILS.get(detail.group("kind"), detail.group("kind"))
        return Said(f"{place[0].upper()}{place[1:]} is full: the {detail.group('line')}'s "
                    f"{kind} ({detail.group('text')}) won't print on it.")
    return Said(f"{place[0].upper()}{place[1:]} is full: {_quoted(what)} won't print on it. "
                "Shorten the lines above it, or take one off.")


def _left_out_whole(match: re.Match[str], words: Words) -> Said:
    codes = re.fullmatch(r" in (?P<codes>[\w, -]+), and every language prints the same lines",
                         match.group("also") or "")
    languages = ([words.language(code) for code in codes.group("codes").split(", ")]
                 if codes else [])
    what = _quoted(match.group("what"))
    if languages:
        return Said(f"{_cap(_where(match, words))} leaves out {what}: in {_listed(languages)} "
                    "it has no room for it whole, and every language prints the same lines"
                    f"{_elsewhere(match)}.", "name")
    return Said(f"{_cap(_where(match, words))} has no room for {what} whole, so it does not "
                f"print there{_elsewhere(match)}.", "name")


def _left_out_after(match: re.Match[str], words: Words) -> Said:
    return Said(f"{_cap(_where(match, words))} leaves out {_quoted(match.group('what'))}: it "
                f"comes after {_quoted(match.group('first'))}, which has no room there, and the "
                f"lines keep their order{_elsewhere(match)}.", "name")


def _elsewhere(match: re.Match[str]) -> str:
    rest = match.group("rest") or ""
    elsewhere = re.search(r"it prints whole on (.*)$", rest)
    if elsewhere:
        return f"; it prints whole on {elsewhere.group(1)}"
    if "none of the pieces built" not in rest:
        return ""
    return (": no piece built has room for it; shorten its name or details"
            if "shorten its name" in rest else "; no piece built prints it whole")


def _listed(names: list[str]) -> str:
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else "".join(names)


def _names_no_line(match: re.Match[str], words: Words) -> Said:
    return Said(f"The restroom {words.format(match.group('format')).lower()} names no line: "
                f"{_quoted(match.group('name'))} won't print on it (nothing is wrong: a note)"
                f"{_elsewhere(match)}.", "name")


def _first_line_alone(match: re.Match[str], words: Words) -> Said:
    return Said(f"The {words.format(match.group('format'))} carries line 1 alone: "
                f"{_quoted(match.group('name'))} won't print on it (nothing is wrong: a note)"
                f"{_elsewhere(match)}.", "name")


def _without(match: re.Match[str], words: Words) -> Said:
    return Said(f"The {words.format(match.group('format'))} prints "
                f"{_quoted(match.group('name'))} without its {match.group('missing')}: a line "
                "prints with every way to reach it, or not at all. Check the format's own "
                "layout.", "name")


def _shorter_note(match: re.Match[str], words: Words) -> Said:
    return Said(f"{_cap(_where(match, words))} has no room for the whole safety note: it "
                f"prints “{match.group('short')}” alone. Shorten the safety note on the "
                "Translations page to print it whole.")


_PROMISE_WORDS = (("`confidential: true` if they are", "tick “Its calls are confidential” if "
                   "they are"),
                  ("`free: true` if calling it is free", "choose “Free to call: yes” if "
                   "calling it is free"),
                  ("`confidential: true`", "“Its calls are confidential” is ticked"),
                  ("`free: true`", "“Free to call” is yes"),
                  ("`free: false`", "“Free to call” is no"))


def _promise(match: re.Match[str], words: Words) -> Said:
    text = match.group(0)
    for written, said in _PROMISE_WORDS:
        text = text.replace(written, said)
    return Said(f"{_cap(text)}.")


def _yields_room(match: re.Match[str], words: Words) -> Said:
    return Said(f"{_cap(_where(match, words))} leaves out the card's line to make room for the "
                "lines (nothing is wrong: a note).")


def _required_overflow(match: re.Match[str], words: Words) -> Said:
    return Said(f"{_cap(_where(match, words))} has no room for the lines that must print "
                f"({match.group('names')}), even in its smallest type: shorten a name or its "
                "hours, or untick “Always print this line” on one of them.")


def _too_long(match: re.Match[str], words: Words) -> Said:
    count = re.search(r"about (\d+) (words|characters) too long", match.group("rest"))
    by = f": take out about {count.group(1)} {count.group(2)}" if count else ""
    return Said(f"The text is too long for its space on {_where(match, words)}, even in the "
                f"smallest type{by}.")


def _too_wide(match: re.Match[str], words: Words) -> Said:
    which = re.search(r": ('.*'); shorten it", match.group("rest"))
    return Said(f"A word or number is too wide for its space on {_where(match, words)}, even "
                f"in the smallest type{': ' + which.group(1) if which else ''}: shorten it.")


def _revealing(match: re.Match[str], words: Words) -> Said:
    surface = match.group("face")
    advice = ("give the line a neutral tear-off tab label (under “More about line …”)"
              if "tab" in surface else
              "choose “call the phone” for what line 1's QR code does, or give it a "
              "neutral website" if "QR" in surface else "reword it")
    return Said(f"“{match.group('word')}” on the outside of {_where(match, words)} would show "
                f"what it is for: {advice}.")


def _tells(match: re.Match[str], words: Words) -> Said:
    surface = match.group("face")
    told = re.findall(r"'([^']+)'", match.group("words"))
    listed = ", ".join(f"“{word}”" for word in told[:-1]) + (
        f" and “{told[-1]}”" if len(told) > 1 else f"“{told[-1]}”")
    advice = ("give the line a neutral tear-off tab label (under “More about line …”)"
              if "tab" in surface else "reword it")
    verb = "speak" if len(told) > 1 else "speaks"
    return Said(f"{listed} on the outside of {_where(match, words)} {verb} of being watched, "
                "checked or hiding something, which tells whoever finds it what it may be "
                f"for: {advice}.")


def _max_lines(match: re.Match[str], words: Words) -> Said:
    return Said(f"The {words.format(match.group('format'))} prints at most "
                f"{match.group('count')} lines (set on the Settings page): "
                f"{_quoted(match.group('name'))} won't print on it.")


def _format_limit(match: re.Match[str], words: Words) -> Said:
    return Said(f"The {words.format(match.group('format'))} prints at most "
                f"{match.group('count')} lines: {_quoted(match.group('name'))} won't print on "
                "it, and prints whole on the other pieces. The Settings page can change how "
                "many it prints.")


def _no_words(match: re.Match[str], words: Words) -> Said:
    name = words.language(match.group("lang"))
    return Said(f"{name} has no list of words that would give the card away, so the outside "
                f"of its pieces cannot be checked: write them on the Settings page, under "
                f"{name}.")


def _title_missing(match: re.Match[str], words: Words) -> Said:
    name = words.language(match.group("lang"))
    return Said(f"{name} has no outside title of its own, so the outside of its pieces "
                f"prints another language's: write one on the Settings page, under {name}.")


def _no_strings(match: re.Match[str], words: Words) -> Said:
    name = words.language(match.group("lang"))
    return Said(f"None of the {match.group('count')} short texts printed around the article "
                f"(“Scan to call”…) is in {name} yet: they print in English. Translate them on "
                f"the Translations page for {name}.")


def _some_strings(match: re.Match[str], words: Words) -> Said:
    name = words.language(match.group("lang"))
    return Said(f"{match.group('count')} of the short texts printed around the article print "
                f"in English in {name}: translate them on the Translations page for {name}.")


def _review(match: re.Match[str], words: Words) -> Said:
    name = words.language(match.group("lang"))
    return Said(f"The {name} short texts were drafted without a native speaker: have one read "
                f"them, then tick “A native speaker has checked every string” on the "
                f"Translations page for {name}.")


def _name_not_in(match: re.Match[str], words: Words) -> Said:
    name = words.language(match.group("lang"))
    return Said(f"{_quoted(match.group('text'))} prints as it is on the {name} pieces: give "
                f"its {name} name under “More about line …”, “Name in each language”.", "name")


def _detail_not_in(match: re.Match[str], words: Words) -> Said:
    name = words.language(match.group("lang"))
    key = match.group("key")
    word = FIELD_WORDS.get(key, key)
    return Said(f"The {word} {_quoted(match.group('text'))} prints as it is on the {name} "
                f"pieces: give it in {name} under “More about line …”.", key)


def _card_line_not_in(match: re.Match[str], words: Words) -> Said:
    name = words.language(match.group("lang"))
    return Said(f"The card's line prints as it is on the {name} cards: give it in {name} on "
                "the Settings page.")


def _unverified(match: re.Match[str], words: Words) -> Said:
    return Said("No date this line was last checked: call or text it to make sure it works, "
                "then press “checked today”.", "verified")


def _undated_record(match: re.Match[str], words: Words) -> Said:
    return Said(f"{match.group('label')}: no date it was last checked: call or text it, then "
                "give the date you did (below, or on the Lines page).", "verified")


def _stale(match: re.Match[str], words: Words) -> Said:
    return Said(f"Last checked {match.group('date')}, over {match.group('months')} months ago: "
                "call or text it to make sure it still works, then press “checked today”.",
                "verified")


def _emergency_first(match: re.Match[str], words: Words) -> Said:
    number = match.group("number")
    return Said(f"The card's big number and QR code would call {number}: move "
                f"{_quoted(match.group('helpline'))} up to line 1 ({number} prints wherever it "
                "stands).", "phone")


def _no_name(match: re.Match[str], words: Words) -> Said:
    return Said("Give this line a name (only the emergency line may go without one).", "name")


def _qr_without(match: re.Match[str], words: Words) -> Said:
    action = QR_ACTIONS.get(match.group("action"), match.group("action"))
    missing = {"phone": "phone number", "text": "texting number", "url": "website"}.get(
        match.group("what"), match.group("what"))
    return Said(f"The QR code is set to {action}, but the line has no {missing}: give one, "
                "or choose another thing for the QR code to do.", "qr")


def _nothing_to_reach(match: re.Match[str], words: Words) -> Said:
    return Said("Give this line a phone number, a texting number or a website.", "phone")


def _yaml_word(match: re.Match[str], words: Words) -> Said:
    return Said(f"{_cap(match.group('field'))} reads as yes or no: the page writes it in quotes "
                "when you save it here.")


def _reading(match: re.Match[str], words: Words) -> Said:
    rest = match.group("rest") or ""
    longest = re.search(r"Longest sentences: (.*)$", rest)
    advice = (" It is above 8: aim for short sentences and common words." if "above" in rest
              else "")
    return Said(f"Reading grade {match.group('grade')} (about the school year a reader needs)."
                f"{advice}" + (f" The longest sentences: {longest.group(1)}" if longest else ""))


def _no_formula(match: re.Match[str], words: Words) -> Said:
    return Said(f"There is no reading-level formula for {words.language(match.group('lang'))}: "
                "ask a native speaker whether it reads easily.")


def _empty_band(match: re.Match[str], words: Words) -> Said:
    return Said(f"{_cap(_where(match, words))}: {match.group('share')} of {match.group('part')} "
                "is empty; a longer text would fill it.")


def _no_article(match: re.Match[str], words: Words) -> Said:
    name = words.language(match.group("lang"))
    return Said(f"There is no {name} article yet: start it on the Article page, in {name} (it "
                "starts as a copy of the English one, shown beside it).")


def _cap(text: str) -> str:
    """`text` starting with a capital, unless it starts with a file's name, which is said as
    it is written ("lines.csv:3: ...", not "Lines.csv")."""
    first = re.match(r"[^\s:]+", text)
    if first is not None and re.fullmatch(r"[\w-]+(?:\.[\w-]+)+", first.group()):
        return text
    return text[:1].upper() + text[1:]


def as_sentence(text: str) -> str:
    """`text` as a sentence: starting with a capital (`_cap`), ending with a stop."""
    text = _cap(text.strip())
    return text if text.endswith((".", "?", "!")) else text + "."


def _quoted(text: str) -> str:
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] == "'":
        text = text[1:-1]
    return f"“{text}”"


# A format's name starts a message or follows a space: a search tries each place a name may
# start, not each letter of a long word (a line's name of 100,000 letters).
_NAME = r"(?<![^\s])"
_FORMAT = _NAME + r"(?P<format>[a-z0-9-]+)"
_HEAD = _NAME + r"(?P<format>[a-z0-9][a-z0-9-]*) \((?P<face>[^)]*)\)(?:, slot '[^']*')?"
_TAIL = r"(?: \[(?P<lang>[A-Za-z0-9-]+)\])?$"
# A language's own name in brackets after its code, itself with brackets: "中文 (简体)".
_NATIVE = r" \((?:[^()]|\([^()]*\))*\)"
RULES: tuple[Rule, ...] = (
    (re.compile(_HEAD + r": left out (?P<what>'.*?'): it does not fit whole(?P<also>[^;]*?)"
                r"(?P<rest>;.*?)?" + _TAIL), _left_out_whole),
    (re.compile(_HEAD + r": left out (?P<what>'.*?'): it comes after '(?P<first>.*?)', which is "
                r"left out: the lines keep their order(?P<rest>;.*?)?" + _TAIL), _left_out_after),
    (re.compile(_HEAD + r": left out: the lines need its room" + _TAIL), _yields_room),
    (re.compile(r"the brochure's back panel(?: and the restroom [a-z ]+)? says? .*$"), _promise),
    (re.compile(_HEAD + r": printed the shorter '(?P<short>.*)': the whole safety note .*"
                + _TAIL), _shorter_note),
    (re.compile(_FORMAT + r": left out '(?P<name>.*)': with \w+: true it names no "
                r"line and prints the first line alone(?P<rest>;.*?)?" + _TAIL), _names_no_line),
    (re.compile(_FORMAT + r": left out '(?P<name>.*)': it carries the first line "
                r"alone(?P<rest>;.*?)?" + _TAIL), _first_line_alone),
    (re.compile(_FORMAT + r": prints '(?P<name>.*)' without its (?P<missing>.*): "
                r"a line prints whole or not at all" + _TAIL), _without),
    (re.compile(_HEAD + r": left out (?P<what>.+): it does not fit" + _TAIL), _left_out),
    (re.compile(_HEAD + r": left out: (?P<rest>.*)" + _TAIL), _too_long),
    (re.compile(_HEAD + r": required lines \((?P<names>.*)\) do not fit.*" + _TAIL),
     _required_overflow),
    (re.compile(_HEAD + r": (?P<rest>a word is wider than the slot.*?)" + _TAIL), _too_wide),
    (re.compile(_HEAD + r": (?P<rest>[\d.]+ pt \([\d.]+ mm\) too tall.*?)" + _TAIL), _too_long),
    (re.compile(_HEAD + r": '(?P<word>[^']+)' on an outside surface would reveal.*" + _TAIL),
     _revealing),
    (re.compile(_HEAD + r": (?P<words>'[^']+'(?:(?:, | and )'[^']+')*) on an outside "
                r"surface speaks? of being watched.*" + _TAIL), _tells),
    (re.compile(_HEAD + r", (?P<part>.+?): (?P<share>\d+%) of it is empty.*" + _TAIL),
     _empty_band),
    (re.compile(_FORMAT + r": left out '(?P<name>.*)': max_lines is "
                r"(?P<count>\d+)"), _max_lines),
    (re.compile(_FORMAT + r": left out '(?P<name>.*)': it prints at most "
                r"(?P<count>\d+) lines"), _format_limit),
    (re.compile(r"language '(?P<lang>[^']+)' has no list of revealing words"), _no_words),
    (re.compile(r"discreet_title has no '(?P<lang>[^']+)' title"), _title_missing),
    (re.compile(r"so the outside of the '(?P<lang>[^']+)' items prints"), _title_missing),
    (re.compile(r"^(?P<lang>[A-Za-z0-9-]+): no interface strings in this language: all "
                r"(?P<count>\d+)"), _no_strings),
    (re.compile(r"^(?P<lang>[A-Za-z0-9-]+)" + _NATIVE + r": (?P<count>\d+) interface strings? "
                r"prints? in English"), _some_strings),
    (re.compile(r"^(?P<lang>[A-Za-z0-9-]+)" + _NATIVE + r": \d+ interface strings? needs? review"),
     _review),
    (re.compile(r"^(?P<lang>[A-Za-z0-9-]+)(?:" + _NATIVE + r")?: line name (?P<text>'.*'|\".*\") "
                r"prints as written"), _name_not_in),
    (re.compile(r"^(?P<lang>[A-Za-z0-9-]+)(?:" + _NATIVE + r")?: (?P<key>hours|tab_label|"
                r"description) (?P<text>'.*'|\".*\") of .* prints as written"), _detail_not_in),
    (re.compile(r"^(?P<lang>[A-Za-z0-9-]+)(?:" + _NATIVE + r")?: card_line .* prints as written"),
     _card_line_not_in),
    (re.compile(r"no `verified` date"), _unverified),
    (re.compile(r"^(?P<label>.+): no date it was last checked"), _undated_record),
    (re.compile(r"last checked (?P<date>\d{4}-\d{2}-\d{2}), over (?P<months>\d+) months ago"),
     _stale),
    (re.compile(r"the first line dials the emergency number (?P<number>\S+?):.* list "
                r"(?P<helpline>'.*'|\".*\") first"), _emergency_first),
    (re.compile(r"missing field 'name' \(only the line that dials"), _no_name),
    (re.compile(r"qr is (?P<action>\w+) but there is no (?P<what>\w+)"), _qr_without),
    (re.compile(r"give a phone, a text(?: line|_number) or a url"), _nothing_to_reach),
    (re.compile(r"(?<![\w.])(?P<field>[\w.]+): YAML reads this word as"), _yaml_word),
    (re.compile(r"^reading grade (?P<grade>[\d.]+) \([^)]*\)(?P<rest>.*)$"), _reading),
    (re.compile(r"no readability formula for '(?P<lang>[^']+)'"), _no_formula),
    (re.compile(r"no article '[^']+' for language '(?P<lang>[^']+)'"), _no_article),
)

MESSAGE_LIMIT = 2_000  # characters of a message the page says: its start and its end

# What a message no rule knows may still carry, and what the page says instead.
_CLEANING: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = (
    (re.compile(r" ?\(use --force[^)]*\)"), ""),
    (re.compile(r"--force"), "“Replace my lines”"),
    (re.compile(r"`?havenprint locale init [\w-]+`?(?: writes a file to translate them in)?"),
     "the Translations page"),
    (re.compile(r"`?havenprint (?:check|build)`?"), "the Overview"),
    (re.compile(r"(?<!\S)\S*generator/safety/discretion/[\w-]+\.txt"), "havenprint's own list"),
    (re.compile(r"(?<!\S)\S*generator/locales/(?P<lang>[\w-]+)\.yaml"), "the built-in strings"),
    (re.compile(r"(?<!\S)\S*/site-packages/\S*"), "a file of the program"),
    (re.compile(r"set print_offset in site\.yaml"), "set the print offset on the Settings page"),
    (re.compile(r"or set icc_profile in site\.yaml to the profile it sends"),
     "or put the profile it sends in the content folder and name it in site.yaml "
     "(icc_profile)"),
    (re.compile(r"\bin (?=(?:site|resources)\.yaml\b(?! \(icc_profile\)))"), "on "),
    (re.compile(r"(?<!name it in )\bsite\.yaml\b(?! \(icc_profile\))"), "the Settings page"),
    (re.compile(r"\bresources\.yaml\b"), "the Lines page"),
    (re.compile(r"[\d.]+ pt \([\d.]+ mm\) too tall even at [\d.]+ pt"),
     "too long for its space, even in the smallest type"),
    (re.compile(r"reword its string `[^`]*`"), "reword it"),
    (re.compile(r"`qr: (?P<action>tel|sms|url)`"),
     lambda found: f"“{QR_ACTIONS[found['action']]}” for its QR code"),
    (re.compile(r"`(?P<key>tab_label|url|phone|tty|hours|verified|languages)`"),
     lambda found: FIELD_WORDS[found["key"]]),
    (re.compile(r", slot '[^']*'"), ""),
    (re.compile(r" \[[A-Za-z0-9-]+\]$"), ""),
    (re.compile(r"`([^`]*)`"), r"“\1”"),
)
# Fields as resources.yaml names them, in messages that name a line and a field
# ("National Domestic Violence Hotline: phone: ..."): the page marks the field instead.
_FIELD_PREFIX = re.compile(r"^(?:.+?: )?(?P<key>phone|tty|url|hours|name|qr|verified|"
                           r"languages|tab_label|required|text(?:\.\w+)?)(?:\.[\w-]+)?: "
                           r"(?P<reason>.+)$")


def plain(problem: Problem | str, words: Words | None = None, on_field: bool = False) -> Said:
    """`problem` said for the page; `on_field`: the page shows it on the field it is about,
    so the line's name and the key are not said again."""
    words = words or Words()
    message = problem if isinstance(problem, str) else problem.said
    # Bounded, so that the rules take a bounded time whatever text a message quotes (a
    # region of 100,000 characters in each line's "outside the area" took minutes).
    message = shortened(message, MESSAGE_LIMIT)
    for pattern, say in RULES:
        match = pattern.search(message)
        if match is not None:
            return say(match, words)
    prefixed = _FIELD_PREFIX.match(message)
    if prefixed is not None and on_field:
        return Said(_cap(_cleaned(prefixed.group("reason"))), prefixed.group("key"))
    return Said(_cap(_cleaned(message)))


def _cleaned(text: str) -> str:
    for pattern, replacement in _CLEANING:
        text = pattern.sub(replacement, text)
    return text.strip()
