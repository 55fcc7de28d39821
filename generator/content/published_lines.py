"""National lines' published numbers (published_lines.yaml, each with its source and the date
it was recorded), and the lines of a kit that name one of them while printing a number a
digit or two away from what it publishes: an error, since a wrong digit on every card of a
print run sends each caller to someone else. A site confirms a number that differs on
purpose (a regional number of a national line) with `differs_from_published: true` on the
line.

A line names a national line when one of its names (in any language given) contains one of
the names the national line goes by (its name, abbreviations, the translations havenprint
ships and the names directories list it by), as whole words, read alike in case, accents,
punctuation, "the", "hot line", "helpline", "hotlines", "Natl." and a number's dashes
("Ligne 9-8-8"); or is one of the short names it goes by alone ("The Hotline"); or when its
`url`, or a web address written in its name ("thehotline.org"), is on one of the
publisher's domains. Names are not all a
wrong number goes by, so a number is also looked at by itself: a full number one or two
digits from a published one, on a line whose name shares a distinctive word with the
national line's names, is an error too ("Domestic Violence Line", 1-800-799-7223); with an
unrelated name, a number one digit away is a warning (a local line may really have it: a
false error would stop its cards, and the setting above silences the warning). Numbers are
compared as they are dialled: full numbers with their country code (so a Toronto line never
meets a London one), a short number only in the countries where it means that line.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from types import MappingProxyType
from typing import Literal
from urllib.parse import urlsplit

from generator.content.phone_number import Phone, PhoneError
from generator.engine import remembered
from generator.errors import Code, FieldValue

TABLE = Path(__file__).with_name("published_lines.yaml")
CONFIRM = "differs_from_published"  # the line's setting that confirms a deliberate difference
KINDS = MappingProxyType({"phone": "number", "tty": "TTY number", "text": "texting number",
                          "any": "number"})
_MOST_DIGITS_AWAY = 2
_UNNAMED_DIGITS_AWAY = 1  # a number alone, on a line that does not name the national one


@dataclass(frozen=True)
class PublishedLine:
    name: str
    called: str  # the name in a sentence: "the National Domestic Violence Hotline"
    names: tuple[str, ...]  # normalised: the name and every other it is listed by
    alone: tuple[str, ...]  # normalised: names that name it only as a line's whole name
    countries: tuple[str, ...]
    web: tuple[str, ...]
    numbers: tuple[tuple[str, str], ...]  # (kind, number as published): phone, tty, text
    keywords: tuple[tuple[str, str], ...]  # (texting number as published, its keyword)
    source: str
    recorded: date

    @property
    def terms(self) -> frozenset[str]:
        """The distinctive words of its names (every language): what a line that shares
        one has in common with it beyond "national" and "hotline"."""
        return _line_terms(self)


@dataclass(frozen=True)
class Difference:
    """A number of a line that is not what the national line it names publishes."""

    field: str  # phone, tty, text.number
    message: str
    code: Code  # PUBLISHED_OTHER_KIND, PUBLISHED_NEAR, PUBLISHED_SHARES_WORDS, PUBLISHED_CLOSE
    fields: dict[str, FieldValue]  # but `name` and `key`
    severity: Literal["error", "warning"] = "error"


# Spellings of one word, read as that word: "Nat'l", "Natl." and "Nat." are "national"; a
# hot line, a helpline and hotlines are all a line (lines are named "... Hotline" by one
# directory and "... Helpline" by the next).
_ABBREVIATED = ((re.compile(r"\bnat(?:ion)?l\b\.?|\bnat\.(?!\w)"), " national "),
                (re.compile(r"\bnac\.(?!\w)"), " nacional "),
                (re.compile(r"\bd\.\s?v\.(?!\w)"), " domestic violence "))
_WORDS = MappingProxyType({"hotline": "line", "hotlines": "line", "helpline": "line",
                           "helplines": "line", "lines": "line", "lifelines": "lifeline",
                           "dv": "domestic violence", "centre": "center"})
_JOINED = MappingProxyType({("hot", "line"): "line", ("help", "line"): "line",
                            ("life", "line"): "lifeline", ("life", "lifeline"): "lifeline"})
# What joins the digits of a number written in a name ("Ligne 9-8-8"), in any dash.
_DIGITS_JOINED = re.compile("(?<=\\d)[-.\u2010-\u2015\u2212](?=\\d)")
# A word's first letter elided before a vowel in French (d', l', j', qu'), which one
# directory writes and the next leaves out ("Ligne d'écoute Espoir", "d'espoir").
_ELIDED = re.compile(r"\b(?:qu|[cdjlmnst])['’`ʼ](?=\w)")
# A web address written in a line's name ("thehotline.org", "Chat: www.thehotline.org/es").
_HOST_IN_NAME = re.compile(r"(?:https?://)?(?:[\w-]+\.)+[a-z]{2,}\b(?:/\S*)?", re.IGNORECASE)
# Scripts written without spaces between words: each letter is taken as a word, so that a
# name is found inside a longer one (全国家庭暴力热线 in 美国全国家庭暴力热线). Han and kana
# letters each carry a meaning: four in a row shared (家庭暴力) is a distinctive word.
_UNSPACED = re.compile("[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff"
                       "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_IDEOGRAPHIC = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
# Latin letters that carry their mark inside them (no decomposition): read as the letter
# people type without it (Đường dây nóng is typed Duong day nong).
_PLAIN_LETTERS = str.maketrans({"đ": "d", "ø": "o", "ł": "l", "ß": "ss", "æ": "ae",
                                "œ": "oe", "ı": "i"})


def normalised(text: str) -> str:
    """Lower case without accents or vowel marks, `&` as "and", punctuation and the word
    "the" dropped, one space between words, a word's spellings as one ("helpline", "hot
    lines" and "hotline" as "line", "Nat'l" as "national"): "The Trevor Project" and
    "trevor-project" read alike, and so do "National Domestic Violence Hot Line" and "Natl.
    Domestic Violence Helpline", "Línea" and "Linea", "الأسري" and "الاسري"."""
    text = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", text).casefold())
    text = unicodedata.normalize("NFC", "".join(
        char for char in text if unicodedata.category(char) != "Mn")).translate(_PLAIN_LETTERS)
    text = _ELIDED.sub("", text)  # French: "d'espoir" and "Espoir", "J'écoute" and "écoute"
    text = re.sub(r"['’`ʼ]", "", text.replace("&", " and "))
    text = _DIGITS_JOINED.sub("", text)  # "9-8-8", "9.8.8" and "988" are one number
    for pattern, word in _ABBREVIATED:
        text = pattern.sub(word, text)
    text = _UNSPACED.sub(lambda letter: f" {letter.group()} ", text)
    # a word is letters, digits and the marks written inside it (Devanagari's vowel signs)
    spaced = "".join(char if char.isalnum() or unicodedata.category(char).startswith("M")
                     else " " for char in text)
    words: list[str] = []
    for word in spaced.split():
        word = _WORDS.get(word, word)
        if words and (joined := _JOINED.get((words[-1], word))):
            words[-1] = joined
        elif word != "the":
            words.append(word)
    return " ".join(" ".join(words).split())


# Words many lines' names have, in the languages havenprint ships: sharing one says nothing
# about which line is meant. (Words under four letters are not compared at all.)
_GENERIC_WORDS = """
    national nacional nationale nazionale nasyonal krajowa pambansang quoc gia
    line lifeline crisis crise crisi help helps support service services center centro
    phone call calls text texting free freephone toll hour hours talk chat number numbers
    local state county city community information info emergency network program programme
    linea ligne linha linia linya liy duong nong with from about sobre contra contre kont
    para pour against your their this that what laban tulong wsparcia daide aide ecoute
    ayuda directa etre
    24hr
    الخط الوطني الساخن خط ملی تلفن قومی ہیلپ لائن لايف הקו הלאומי לסיוע קו горячая линия
    помощи राष्ट्रीय हेल्पलाइन लाइफलाइन জাতীয় হটলাইন লাইফলাইন 상담전화 መስመር የስልክ
    """
_GENERIC = frozenset(normalised(word) for word in _GENERIC_WORDS.split())
_RUN = 4  # letters in a row shared in a script written without spaces (家庭暴力)


def _terms(name: str) -> frozenset[str]:
    """The distinctive words of a normalised name: four letters or more, not in every
    line's name, not digits; in Chinese or Japanese, each run of four characters."""
    words = name.split()
    found = {word for word in words
             if len(word) >= 4 and word not in _GENERIC and not word.isdecimal()}
    run: list[str] = []
    for word in [*words, ""]:
        if len(word) == 1 and _IDEOGRAPHIC.fullmatch(word):
            run.append(word)
            continue
        found.update("".join(run[i:i + _RUN]) for i in range(len(run) - _RUN + 1))
        run = []
    return frozenset(found)


@remembered(128)
def _line_terms(line: PublishedLine) -> frozenset[str]:
    return frozenset().union(*(_terms(name) for name in (*line.names, *line.alone)))


@remembered(1)
def published_lines() -> tuple[PublishedLine, ...]:
    """The table, read once."""
    from generator.content.yaml_parser import parsed

    data, _ = parsed(TABLE.read_text(encoding="utf-8"), TABLE, 1)
    lines = []
    for entry in data["lines"]:
        numbers = [*(("phone", str(n)) for n in entry.get("phone", [])),
                   *(("tty", str(n)) for n in entry.get("tty", [])),
                   *(("text", str(t["number"])) for t in entry.get("text", []))]
        translated = [str(name) for names in entry.get("translated", {}).values()
                      for name in ([names] if isinstance(names, str) else names)]
        lines.append(PublishedLine(
            name=entry["name"], called=entry.get("called", entry["name"]),
            names=tuple(dict.fromkeys(normalised(str(name)) for name in
                                      [entry["name"], *entry.get("also", []), *translated])),
            alone=tuple(dict.fromkeys(normalised(str(name)) for name in entry.get("alone", []))),
            countries=tuple(entry["countries"]), web=tuple(entry.get("web", [])),
            numbers=tuple(numbers), keywords=tuple(
                (str(t["number"]), str(t["keyword"])) for t in entry.get("text", [])
                if t.get("keyword")),
            source=entry["source"], recorded=entry["recorded"]))
    return tuple(lines)


def named_lines(names: Iterable[str], url: str | None) -> list[PublishedLine]:
    """The national lines a line names, by one of its names or its web address."""
    pattern, by_name = _names()
    written = [normalised(name) for name in names if name]
    named = {line for name in written
             for found in pattern.findall(f" {name} ") for line in by_name[found]}
    named.update(line for line in published_lines() if set(line.alone) & set(written))
    named.update(_named_unspaced([name for name in names if name]))
    hosts = {host for host in (_host(url), *(
        _host(found if "://" in found else f"https://{found}")
        for name in names if name for found in _HOST_IN_NAME.findall(name))) if host}
    return [line for line in published_lines()
            if line in named or any(host == domain or host.endswith(f".{domain}")
                                    for host in hosts for domain in line.web)]


# Words run together, as a name is written in a handle or a web form: "CrisisTextLine",
# "TheHotline", "nationaldomesticviolencehotline". A capital after a small letter starts a
# word; within a run of letters, "hotline" and "helpline" are "line" as they are as words.
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_LINE_IN_RUN = re.compile(r"(?:hot|help)lines?")


def _compact(text: str) -> str:
    """`text` normalised with the spaces between its words taken out."""
    joined = "".join(normalised(_CAMEL.sub(" ", text)).split())
    return _LINE_IN_RUN.sub("line", joined)


def _named_unspaced(names: list[str]) -> set[PublishedLine]:
    """The national lines named with their words run together: a name of several words
    written as one run of letters (a whole name, or one word of a longer text:
    "Call CrisisTextLine"), or a name that names a line alone written so as a whole name
    ("TheHotline"). Only a run written without spaces counts: "women said" in a sentence
    is not Women's Aid."""
    joined, alone = _unspaced_names()
    found: set[PublishedLine] = set()
    for name in names:
        whole = _compact(name)
        forms = {whole, whole.removeprefix("the")}
        if len(name.split()) == 1 or _CAMEL.search(name):  # a run in it ("Crisis TextLine")
            for form in forms:
                found.update(alone.get(form, ()))
                found.update(joined.get(form, ()))
        for word in name.split():
            run = _compact(word)
            for form in {run, run.removeprefix("the")}:
                found.update(joined.get(form, ()))
    return found


@remembered(1)
def _unspaced_names() -> tuple[dict[str, tuple[PublishedLine, ...]],
                               dict[str, tuple[PublishedLine, ...]]]:
    """Each national line's names of several words, and its `alone` names, with their
    spaces taken out: the lines each is one of."""
    joined: dict[str, list[PublishedLine]] = {}
    alone: dict[str, list[PublishedLine]] = {}
    for line in published_lines():
        for name in line.names:
            if " " in name:
                joined.setdefault(_LINE_IN_RUN.sub("line", "".join(name.split())),
                                  []).append(line)
        for name in line.alone:
            alone.setdefault(_LINE_IN_RUN.sub("line", "".join(name.split())), []).append(line)
    return ({name: tuple(lines) for name, lines in joined.items()},
            {name: tuple(lines) for name, lines in alone.items()})


@remembered(1)
def _names() -> tuple[re.Pattern[str], dict[str, tuple[PublishedLine, ...]]]:
    """One pattern finding every national line's names as whole words (longest first), and
    the lines each name is one of."""
    by_name: dict[str, list[PublishedLine]] = {}
    for line in published_lines():
        for name in line.names:
            by_name.setdefault(name, []).append(line)
    alternatives = "|".join(re.escape(name) for name in sorted(by_name, key=len, reverse=True))
    return (re.compile(f"(?<= )(?:{alternatives})(?= )"),
            {name: tuple(lines) for name, lines in by_name.items()})


def differences(numbers: dict[str, Phone], names: Iterable[str], url: str | None,
                country: str, keyword: str | None = None) -> list[Difference]:
    """Each of `numbers` (field -> the number as checked: phone, tty, text.number; `any`
    for a number written in text, which may be any of them) that is a digit or two away
    from a number a national line the line names publishes, is another national line's, or
    is its TTY number printed as its number to call (and the other way round); each full
    number a digit or two away from a published one whatever the line's name (see the
    module's docstring); and the texting `keyword`, where it is not the one the named line
    publishes with that texting number."""
    names = list(names)
    lines = named_lines(names, url)
    found = []
    for field, phone in numbers.items():
        kind = field.partition(".")[0]
        difference = _difference(kind, phone, lines, country) if lines else None
        if difference:
            found.append(Difference(field, *difference))
        elif (near := _near_unnamed(phone, names, country)) is not None:
            found.append(Difference(field, *near))
    texted = numbers.get("text.number")
    if keyword and texted is not None and lines:
        found.extend(_keyword_differences(texted, keyword, lines))
    return found


def _keyword_differences(texted: Phone, keyword: str, lines: list[PublishedLine]
                         ) -> list[Difference]:
    """The keyword, where a line `lines` holds publishes another with this texting number
    ("Text STRAT to 88788": a text the line's short code may not answer)."""
    for line in lines:
        for number, published in line.keywords:
            if (_dialled(number, "text", line) == texted.e164
                    and keyword.strip().casefold() != published.casefold()):
                return [Difference("text.keyword", (
                    f"{keyword.strip()} is not {_owner(line)} published keyword {published} "
                    f"for {number} ({_where(line)}): a text with another word may go "
                    f"unanswered; check it with the line itself; if this line's keyword "
                    f"differs on purpose, {_confirm()}"), Code.PUBLISHED_KEYWORD, {
                        "number": texted.display, "keyword": keyword.strip(),
                        "owner": line.called, "published": published, "source": line.source,
                        "recorded": line.recorded.isoformat()})]
    return []


def _published(phone: Phone, lines: Iterable[PublishedLine], country: str
               ) -> list[tuple[PublishedLine, str, str, str]]:
    """(line, kind, number as published, as dialled) of `lines` comparable with `phone`."""
    ours = _country_code(phone.e164) if phone.e164.startswith("+") else None
    return [(line, their_kind, number, dialled)
            for line in lines for their_kind, number in line.numbers
            for dialled in [_dialled(number, their_kind, line)]
            if dialled is not None and _comparable(ours, dialled, line, country)]


def _difference(kind: str, phone: Phone, lines: list[PublishedLine], country: str
                ) -> tuple[str, Code, dict[str, FieldValue]] | None:
    published = _published(phone, lines, country)
    if any(dialled == phone.e164 and (their_kind == kind or {kind, their_kind} != {"phone",
                                                                                     "tty"})
           for _, their_kind, _, dialled in published):
        return None  # what a line publishes, as that kind (a number texted and called: 988)
    same = next(((line, their_kind, number) for line, their_kind, number, dialled in published
                 if dialled == phone.e164), None)
    if same is not None:
        line, their_kind, number = same
        return (f"{phone.display} is {_owner(line)} published {KINDS[their_kind]}, not its "
                f"{KINDS[kind]} ({_where(line)}): "
                + ("a TTY number answers textphones, not a voice call; " if their_kind == "tty"
                   else "a voice number does not answer a textphone; ")
                + f"write it as `{their_kind}:`, or {_confirm()}",
                Code.PUBLISHED_OTHER_KIND, {
                    "number": phone.display, "owner": line.called, "kind": kind,
                    "published_kind": their_kind, "source": line.source,
                    "recorded": line.recorded.isoformat()})
    if (kind != "any" and published  # the line named publishes numbers such as this one
            and (other := _other_line(kind, phone, lines, country)) is not None):
        return other
    near = sorted(((_distance(_digits(phone.e164), _digits(dialled)), line, their_kind, number)
                   for line, their_kind, number, dialled in published),
                  key=lambda found: found[0])
    if not near or not 0 < near[0][0] <= _MOST_DIGITS_AWAY:
        return None
    _, line, their_kind, number = near[0]
    what = "" if their_kind == kind or kind == "any" else f" {KINDS[their_kind]}"
    return (f"{phone.display} differs from {_owner(line)} published{what} {number} "
            f"({_where(line)}): check the number with the line itself; if this line's "
            f"number differs on purpose, {_confirm()}", Code.PUBLISHED_NEAR, _near_fields(
                phone, line, number, their_kind))


def _other_line(kind: str, phone: Phone, lines: list[PublishedLine], country: str
                ) -> tuple[str, Code, dict[str, FieldValue]] | None:
    """The number another national line publishes, on a line that names `lines` and not it
    (the hotline's name over the Lifeline's number: the call reaches another line), in a
    kit of a country where a line named is (a Canadian kit's "Helpline" names the US
    hotline by its short name, not the Canadian line whose number it has)."""
    lines = [line for line in lines if country in line.countries]
    if not lines:
        return None
    others = sorted(((their_kind != kind, line.name, line, their_kind)
                     for line, their_kind, _, dialled in _published(phone, published_lines(),
                                                                    country)
                     if dialled == phone.e164 and line not in lines), key=lambda o: o[:2])
    if not others:
        return None
    *_, line, their_kind = others[0]  # as the same kind where it is (988: called and texted)
    named = lines[0]
    theirs = next((n for k, n in named.numbers if k == kind), None)
    instead = f"; {_owner(named)} {KINDS[kind]} is {theirs}" if theirs else ""
    return (f"{phone.display} is {_owner(line)} published {KINDS[their_kind]} "
            f"({_where(line)}), not {_owner(named)}{instead}: a call or text would reach "
            f"another line than the one the card names; check the number with the line "
            f"itself; if this line's number is right, {_confirm()}", Code.PUBLISHED_OTHER_LINE,
            {"number": phone.display, "owner": named.called, "other": line.called,
             "published": theirs or "", "published_kind": their_kind, "kind": kind,
             "source": line.source, "recorded": line.recorded.isoformat()})


def _near_fields(phone: Phone, line: PublishedLine, number: str, their_kind: str
                 ) -> dict[str, FieldValue]:
    return {"number": phone.display, "owner": line.called, "published": number,
            "published_kind": their_kind, "source": line.source,
            "recorded": line.recorded.isoformat()}


def _near_unnamed(phone: Phone, names: list[str], country: str
                  ) -> tuple[str, Code, dict[str, FieldValue], Literal["error", "warning"]
                             ] | None:
    """A full number a digit or two from one a national line publishes, on a line that
    does not name it: an error when the line's name shares a distinctive word with the
    national line's names, a warning when the number is one digit away, else nothing.
    Short numbers are close to each other by nature (911 and 988), so only full numbers
    are compared; a number any national line publishes is its own."""
    if not phone.e164.startswith("+"):
        return None
    published = _published(phone, published_lines(), country)
    if any(dialled == phone.e164 for *_, dialled in published):
        return None
    terms = frozenset().union(*(_terms(normalised(name)) for name in names if name))
    found = []
    for line, their_kind, number, dialled in published:
        away = _distance(_digits(phone.e164), _digits(dialled))
        shared = sorted(terms & line.terms)
        if 0 < away <= _MOST_DIGITS_AWAY and shared:
            found.append((0, away, line, their_kind, number, shared))
        elif 0 < away <= _UNNAMED_DIGITS_AWAY:
            found.append((1, away, line, their_kind, number, shared))
    if not found:
        return None
    unrelated, away, line, their_kind, number, shared = min(found, key=lambda f: f[:2])
    what = "" if their_kind == "phone" else f" {KINDS[their_kind]}"
    digits = "one digit" if away == 1 else "two digits"
    if not unrelated:
        words = " and ".join(f"'{word}'" for word in shared)
        return (f"{phone.display} is {digits} away from {_owner(line)} published{what} "
                f"{number} ({_where(line)}), and the line's name shares {words} with it: "
                f"check the number with the line itself; if this line's number differs on "
                f"purpose, {_confirm()}", Code.PUBLISHED_SHARES_WORDS,
                {**_near_fields(phone, line, number, their_kind), "words": tuple(shared)},
                "error")
    return (f"{phone.display} is {digits} away from {_owner(line)} published{what} "
            f"{number} ({_where(line)}): if this line is {line.called}, its number is wrong; "
            f"if it is another line with a number of its own, {_confirm()} to say so",
            Code.PUBLISHED_CLOSE, _near_fields(phone, line, number, their_kind), "warning")


def text_difference(phone: Phone, text: str, hosts: Iterable[str], country: str
                    ) -> str | None:
    """What is wrong with a number written in printed text (an article, a card line, a
    line's hours), or None: a digit or two off a national line the text names (by a name it
    goes by, or a web address on the publisher's domain, among `hosts`), or one digit off a
    national line's number whatever the text says. Text has no setting to say a number
    differs on purpose: the number of a line of the kit is not asked about (it is checked
    where the line is given, with `differs_from_published` there)."""
    lines = set(named_lines([text], None))
    for host in hosts:
        lines.update(named_lines([], host if "://" in host else f"https://{host}"))
    found = _difference("any", phone, sorted(lines, key=lambda line: line.name), country) \
        if lines else None
    if found is not None:
        _, _, fields = found
        said = f", and the text names {fields['owner']}"
    elif (near := _near_unnamed(phone, [], country)) is not None:
        _, _, fields, _ = near
        said = ""
    else:
        return None
    return (f"differs from {_owner_called(str(fields['owner']))} published "
            f"{fields['published']} (published at {fields['source']}, recorded "
            f"{fields['recorded']}){said}: write the number it publishes; if the number "
            "written is right (another line's), give that line in resources.yaml, where "
            f"`{CONFIRM}: true` says it differs on purpose")


def _owner_called(called: str) -> str:
    return f"{called}'" if called.endswith("s") else f"{called}'s"


def _confirm() -> str:
    return f"add `{CONFIRM}: true` to the line"


def _owner(line: PublishedLine) -> str:
    return f"{line.called}'" if line.called.endswith("s") else f"{line.called}'s"


def _where(line: PublishedLine) -> str:
    return f"published at {line.source}, recorded {line.recorded.isoformat()}"


def _comparable(ours: str | None, theirs: str, line: PublishedLine, country: str) -> bool:
    """Full numbers in the same country code (`ours`: None for a short number); short
    numbers where they mean the line."""
    if ours is not None:
        return theirs.startswith("+") and ours == _country_code(theirs)
    return not theirs.startswith("+") and country in line.countries


@remembered(256)  # the published numbers' (ours is read once a number: an import reads 20,000)
def _country_code(e164: str) -> str:
    import phonenumbers

    try:
        return str(phonenumbers.parse(e164).country_code)
    except phonenumbers.NumberParseException:
        return e164


@remembered(256)
def _dialled(number: str, kind: str, line: PublishedLine) -> str | None:
    """A published number as it is dialled (E.164, or a short number's digits), read for its
    first country."""
    from generator.content.phones import parse_phone, parse_text_number, parse_tty

    parse = {"tty": parse_tty, "text": parse_text_number}.get(kind, parse_phone)
    try:
        return parse(number, line.countries[0]).e164
    except PhoneError:
        return None


def _digits(e164: str) -> str:
    return e164.lstrip("+")


def _distance(first: str, second: str) -> int:
    """Digits changed, added, dropped, or two neighbours swapped (optimal string alignment),
    exact up to _MOST_DIGITS_AWAY and _MOST_DIGITS_AWAY + 1 beyond it (an import compares
    20,000 numbers with every published one): each such change alters the count of at most
    two digit values, so numbers whose counts differ more are far without aligning them;
    a common start and end are set aside, and only alignments within that many places of
    the diagonal are computed."""
    most = _MOST_DIGITS_AWAY
    far = most + 1
    if abs(len(first) - len(second)) > most:
        return far
    counts = [0] * 10
    for char in first:
        counts[ord(char) - 48] += 1
    for char in second:
        counts[ord(char) - 48] -= 1
    if sum(abs(count) for count in counts) > 2 * most:
        return far
    start = 0
    while start < min(len(first), len(second)) and first[start] == second[start]:
        start += 1
    end = 0
    while (end < min(len(first), len(second)) - start
           and first[-1 - end] == second[-1 - end]):
        end += 1
    first, second = first[start:len(first) - end], second[start:len(second) - end]
    width = len(second) + 1
    rows = [[j if j <= most else far for j in range(width)]]
    for i, a in enumerate(first, 1):
        row = [i if i <= most else far] + [far] * (width - 1)
        for j in range(max(1, i - most), min(width - 1, i + most) + 1):
            b = second[j - 1]
            cost = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + (a != b))
            if i > 1 and j > 1 and a == second[j - 2] and first[i - 2] == b:
                cost = min(cost, rows[-2][j - 2] + 1)
            row[j] = min(cost, far)
        rows.append(row)
    return rows[-1][-1]


def _host(url: str | None) -> str | None:
    if not url:
        return None
    try:
        host = urlsplit(url).hostname
    except ValueError:
        return None
    return host.casefold().removeprefix("www.") if host else None
