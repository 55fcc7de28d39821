"""What a piece may say of the first line in a few words beside its number or QR code.

The brochure's back panel (and the restroom poster and the sticker) say of the first line what
reaching it is like: "Free and private, any time." Each claim is made only where the line's
data makes it (a card beside a line open Monday to Friday, 9 to 5, said "any time"):

- free: `free: true` in resources.yaml, else its phone is free to call by the country's
  numbering plan (a toll-free number, a short number such as 988 or 116 123: call_cost.py);
  `free: false` keeps it unsaid.
- private: `confidential: true` (the line says its calls are confidential).
- any time: its hours are 24/7, in the language the piece prints: each language's piece
  says what that language's hours say (`hours: {en: "Mon–Fri 9–5", es: "24/7"}` said "any
  time" on the English poster above "Mon–Fri 9–5" because the Spanish hours were 24/7).

The piece prints the catalogue's sentence for what is said (PROMISE_STRINGS), or none when
nothing is; a note says what is left unsaid and why, in which languages (`promise_notes`);
hours that are 24/7 in one language and not in another are a warning: one of them is wrong.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from generator.content.models import Resource, Site
from generator.errors import Code, Problem, quoted

ALWAYS_OPEN = frozenset({"24/7", "24x7", "24 / 7", "24 hours", "24h"})

FREE, PRIVATE, ANY_TIME = "free", "private", "any time"
# The catalogue's sentence for each set of claims.
PROMISE_STRINGS: Mapping[frozenset[str], str] = MappingProxyType({
    frozenset({FREE, PRIVATE, ANY_TIME}): "discreet_message",
    frozenset({FREE, PRIVATE}): "promise_free_private",
    frozenset({FREE, ANY_TIME}): "promise_free_any_time",
    frozenset({PRIVATE, ANY_TIME}): "promise_private_any_time",
    frozenset({FREE}): "promise_free",
    frozenset({PRIVATE}): "promise_private",
    frozenset({ANY_TIME}): "promise_any_time",
})
WHERE = "the brochure's back panel"
# the restroom poster says it too where site.yaml makes it (the layout's setting); the
# sticker, always discreet, always does
RESTROOM = (("poster_discreet", "poster"),)
ALWAYS = ("sticker",)
_CALLED = MappingProxyType({"poster": "the restroom poster", "sticker": "the sticker"})


def restroom_pieces(site: Site) -> tuple[str, ...]:
    """The pieces besides the brochure that say it too ("poster", "sticker"): the restroom
    poster where site.yaml makes it, the sticker always (it is always discreet)."""
    return tuple(name for setting, name in RESTROOM if _on(site, setting)) + ALWAYS


def pieces_saying(brochure: bool, restroom: tuple[str, ...]) -> tuple[str, bool]:
    """The pieces that say it, as a sentence names them ("the brochure's back panel and the
    sticker"; "" for none), and whether they are several: the brochure's back panel where
    `brochure`, and `restroom` (what `restroom_pieces` gives, of the pieces built)."""
    names = ([WHERE] if brochure else []) + [_CALLED.get(piece, f"the {piece}")
                                             for piece in restroom]
    return " and ".join(names), len(names) > 1


def _built(pieces: tuple[str, ...], built: Collection[str] | None) -> tuple[str, ...]:
    return pieces if built is None else tuple(piece for piece in pieces if piece in built)


def _on(site: Site, setting: str) -> bool:
    try:
        return site.option(setting) is True
    except AttributeError:  # no layout declares it (a site's own layouts replace them)
        return False


def open_all_hours(hours: str | None) -> bool:
    """Whether `hours` says the line is open day and night, every day ("24/7")."""
    return hours is not None and hours.strip().lower() in ALWAYS_OPEN


@dataclass(frozen=True)
class Promise:
    """What may be said of a line: each claim with why it is said, or why not."""

    said: Mapping[str, str]
    unsaid: Mapping[str, str]

    @property
    def key(self) -> str | None:
        """The catalogue string that says it; None: nothing is said."""
        return PROMISE_STRINGS.get(frozenset(self.said))


def line_promise(line: Resource, lang: str | None = None) -> Promise:
    """What may be said of `line` on a piece in `lang`: its hours in that language (None:
    the hours every language shares, or the first given)."""
    said: dict[str, str] = {}
    unsaid: dict[str, str] = {}
    number = line.phone.display if line.phone else None
    if line.free is True:
        said[FREE] = "`free: true`"
    elif line.free is False:
        unsaid[FREE] = "`free: false`"
    elif line.free_number:
        said[FREE] = f"{number} is free to call"
    else:
        unsaid[FREE] = (f"{number} is not a toll-free number" if number else
                        "it has no phone number") + " (`free: true` if calling it is free)"
    if line.confidential:
        said[PRIVATE] = "`confidential: true`"
    else:
        unsaid[PRIVATE] = "the line does not say its calls are confidential " \
                          "(`confidential: true` if they are)"
    hours = line.hours if lang is None else line.hours_in(lang)
    if open_all_hours(hours):
        said[ANY_TIME] = "hours: 24/7"
    else:
        unsaid[ANY_TIME] = (f"its hours are {hours}" if hours else
                            "it gives no hours") + " (not 24/7)"
    return Promise(said, unsaid)


def promise_notes(resources: tuple[Resource, ...], site: Site | None,
                  built: Collection[str] | None = None) -> list[Problem]:
    """A note on the first line when a piece says less of it than "Free and private, any
    time.": what it says, and what it leaves unsaid and why, once for the languages that say
    the same; and a warning when its hours are 24/7 in some languages and not in others.
    `built`: the layouts a build makes (None: every one), the only pieces the note names."""
    if site is None or not resources:
        return []
    first = resources[0]
    langs = tuple(dict.fromkeys(site.options.languages))
    by_promise: dict[tuple[tuple[str, str], ...], tuple[Promise, list[str]]] = {}
    for lang in langs:
        promise = line_promise(first, lang)
        key = (*promise.said.items(), *promise.unsaid.items())
        by_promise.setdefault(key, (promise, []))[1].append(lang)
    problems = _hours_disagree(first, langs)
    brochure = built is None or "brochure" in built
    restroom = _built(restroom_pieces(site), built)
    pieces, several = pieces_saying(brochure, restroom)
    for promise, said_in in by_promise.values():
        if not promise.unsaid or not pieces:  # nothing unsaid, or no piece built says it
            continue
        unsaid = "; ".join(f"not '{claim}': {why}" for claim, why in promise.unsaid.items())
        verb = "say" if several else "says"
        if promise.said:
            said = " and ".join(f"'{claim}' ({why})" for claim, why in promise.said.items())
            what = f"{verb} only {said} of {quoted(first.name)}"
        else:
            what = f"{verb} nothing of {first.name!r} beside its number"
        where = pieces if len(by_promise) == 1 else f"{pieces} in {', '.join(said_in)}"
        problems.append(Problem(first.source.path, f"{where} {what}; {unsaid}",
                                first.source.line, "info", code=Code.PROMISE_UNSAID, fields={
                                    "name": first.name, "said": tuple(promise.said),
                                    "unsaid": tuple(promise.unsaid), "free": _free(first),
                                    "number": first.phone.display if first.phone else None,
                                    "hours": first.hours_in(said_in[0]),
                                    "langs": tuple(said_in) if len(by_promise) > 1 else (),
                                    "restroom": restroom, "brochure": brochure}))
    return problems


def _free(line: Resource) -> str:
    """Why "free" is or is not said: `free:` given yes or no, the number is toll-free or
    not, or the line has no phone."""
    if line.free is not None:
        return "given" if line.free else "refused"
    if line.free_number:
        return "number"
    return "not-free" if line.phone else "no-phone"


def _says_24(hours: str | None) -> bool:
    """Whether `hours` has the number 24 in it, in any digits ("24 horas", "٢٤ ساعة",
    "24 小时"): a translation saying the line never closes, however it words it."""
    return hours is not None and any(
        "".join(str(unicodedata.decimal(char)) for char in run) == "24"
        for run in re.findall(r"\d+", hours))


def _hours_disagree(line: Resource, langs: tuple[str, ...]) -> list[Problem]:
    """The hours given per language are one line's hours translated: where some say 24/7
    and others do not, one of them is wrong, and a survivor reading the wrong one calls a
    line that does not answer (or does not call one that would)."""
    hours = {lang: line.hours_in(lang) for lang in langs}
    always = [lang for lang, text in hours.items()
              if open_all_hours(text) or _says_24(text)]
    if not always or len(always) == len(hours):
        return []
    others = [lang for lang in hours if lang not in always]
    said = "; ".join(f"{lang}: {hours[lang]!r}" for lang in always + others)
    return [Problem(line.source.path,
                    f"the hours of {quoted(line.name)} say 24/7 in {', '.join(always)} "
                    f"but not in {', '.join(others)} ({said}): give the same hours in "
                    f"every language; each piece says 'any time' only where its "
                    f"language's hours are 24/7", line.source.line, "warning",
                    code=Code.HOURS_DISAGREE, fields={
                        "name": line.name, "always": tuple(always), "others": tuple(others),
                        "hours": tuple(f"{lang}: {hours[lang]}" for lang in always + others)})]
