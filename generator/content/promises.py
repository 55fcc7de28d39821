"""What a piece may say of the first line in a few words beside its number or QR code.

The brochure's back panel and the restroom poster and sticker say of the first line what
reaching it is like: "Free and private, any time." Each claim is made only where the line's
data makes it (a card beside a line open Monday to Friday, 9 to 5, said "any time"):

- free: `free: true` in resources.yaml, else its phone is free to call by the country's
  numbering plan (a toll-free number, a short number such as 988 or 116 123: call_cost.py);
  `free: false` keeps it unsaid.
- private: `confidential: true` (the line says its calls are confidential).
- any time: its hours are 24/7.

The piece prints the catalogue's sentence for what is said (PROMISE_STRINGS), or none when
nothing is; a note says what is left unsaid and why (`promise_notes`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from generator.content.models import Resource, Site
from generator.errors import Problem, quoted

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
WHERE = "the brochure's back panel and the restroom poster and sticker"


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


def line_promise(line: Resource) -> Promise:
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
    hours = [line.hours, line.hours_by_lang.default,
             *(text for _, text in line.hours_by_lang.by_lang)]
    if any(open_all_hours(text) for text in hours):
        said[ANY_TIME] = "hours: 24/7"
    else:
        unsaid[ANY_TIME] = (f"its hours are {line.hours}" if line.hours else
                            "it gives no hours") + " (not 24/7)"
    return Promise(said, unsaid)


def promise_notes(resources: tuple[Resource, ...], site: Site | None) -> list[Problem]:
    """A note on the first line when a piece says less of it than "Free and private, any
    time.": what it says, and what it leaves unsaid and why."""
    if site is None or not resources:
        return []
    first = resources[0]
    promise = line_promise(first)
    if not promise.unsaid:
        return []
    unsaid = "; ".join(f"not '{claim}': {why}" for claim, why in promise.unsaid.items())
    if promise.said:
        said = " and ".join(f"'{claim}' ({why})" for claim, why in promise.said.items())
        what = f"say only {said} of {quoted(first.name)}"
    else:
        what = f"say nothing of {first.name!r} beside its number"
    return [Problem(first.source.path, f"{WHERE} {what}; {unsaid}", first.source.line, "info")]
