"""HSDS schedules as the short `hours` text a card prints: "24/7" or "Mon–Fri 9:00–17:00; Sat …".

Weekly schedules are used (`freq: WEEKLY` with `byday`, or the older form with one `weekday`
per entry: a day name or ISO number, 1 = Monday). Times are read as 24-hour clock times
(`09:00`, `0900`, `17:00:00Z`) or 12-hour ones (`9:00 AM`, `9am`, `5 p.m.`); a `Z` or UTC
offset is dropped, because HSDS publishers write the local opening time with it. A day open
00:00–24:00 (or 00:00–23:59, or 00:00–00:00) is open all day; every day open all day is
"24/7". A schedule that ended before `today` (`valid_to`, `until`) is left out with a note;
one not valid yet is left out too. Monthly or every-other-week schedules cannot be said in a
few words and are left out with a reason. A schedule with no days or times but a
`description` is free text: "24 hours a day, 7 days a week" and the like become "24/7",
anything else up to MAX_FREE_TEXT characters is printed as written.
"""

from __future__ import annotations

import re
from datetime import date

from generator.importers.values import DataError, parse_date, text_of

DAY_CODES = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")
DAY_NAMES = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
FULL_DAY = (0, 24 * 60)
_TIME = re.compile(
    r"^(\d{1,2})(?::?(\d{2}))?(?::\d{2}(?:\.\d+)?)?\s*([ap])?\.?\s*(?:m\.?)?\s*"
    r"(?:Z|[+-]\d{2}:?\d{2})?$", re.IGNORECASE)
_ALWAYS = re.compile(
    r"^(?:open\s+)?(?:24\s*/\s*7|24\s*x\s*7|24\s*-?\s*(?:hours?|hrs?)(?:\s+a\s+day)?"
    r"(?:\s*,?\s*(?:7|seven)\s+days\s+a\s+week)?(?:\s*,?\s*365\s+days\s+a\s+year)?"
    r"|(?:always|24/7)\s+open|all\s+day,?\s+every\s+day)\.?$", re.IGNORECASE)
MAX_FREE_TEXT = 60

Interval = tuple[int, int]  # minutes after midnight


def hours_text(schedules: list[dict], today: date,
               country: str | None = None) -> tuple[str | None, list[str]]:
    """The hours text for these schedules (None if none is usable) and why any was left out."""
    week: dict[int, set[Interval]] = {}
    reasons: list[str] = []
    free: list[str] = []
    for schedule in schedules:
        try:
            ended = _ended(schedule, today, country)
            if ended:
                reasons.append(f"a schedule that ended {ended}")
                continue
            if _is_free_text(schedule):
                free.append(_free_text(schedule))
                continue
            found = _opening(schedule, today, country)
        except DataError as error:
            reasons.append(str(error))
            continue
        if found is None:
            continue
        days, interval = found
        for day in days:
            week.setdefault(day, set()).add(interval)
    if week:
        return describe(week), reasons
    return (free[0] if free else None), reasons


def _ended(schedule: dict, today: date, country: str | None) -> str | None:
    for key in ("valid_to", "until"):
        end = parse_date(text_of(schedule, key), country)
        if end and end < today:
            return end.isoformat()
    return None


def _is_free_text(schedule: dict) -> bool:
    return bool(text_of(schedule, "description")) and not any(
        text_of(schedule, key) for key in ("byday", "weekday", "opens_at", "closes_at"))


def _free_text(schedule: dict) -> str:
    text = text_of(schedule, "description") or ""
    if _ALWAYS.match(text.strip()):
        return "24/7"
    if len(text) > MAX_FREE_TEXT:
        raise DataError(f"the schedule text {text!r}: too long for a card ({len(text)} "
                        f"characters); write a short `hours` by hand")
    return text


def describe(week: dict[int, set[Interval]]) -> str:
    """Days with the same hours grouped: runs of three or more days become "Mon–Fri"."""
    if all(week.get(day) == {FULL_DAY} for day in range(7)):
        return "24/7"
    groups: dict[tuple[Interval, ...], list[list[int]]] = {}
    previous = None
    for day in range(7):
        key = tuple(sorted(week.get(day, ())))
        if key and key == previous:
            groups[key][-1].append(day)
        elif key:
            groups.setdefault(key, []).append([day])
        previous = key
    parts = []
    for key, runs in groups.items():
        days = "Daily" if sum(map(len, runs)) == 7 else ", ".join(_run(run) for run in runs)
        parts.append(f"{days} {', '.join(_interval(interval) for interval in key)}")
    return "; ".join(parts)


def _run(days: list[int]) -> str:
    if len(days) >= 3:
        return f"{DAY_NAMES[days[0]]}–{DAY_NAMES[days[-1]]}"
    return ", ".join(DAY_NAMES[day] for day in days)


def _interval(interval: Interval) -> str:
    if interval == FULL_DAY:
        return "24 hours"
    return f"{_clock(interval[0])}–{_clock(interval[1])}"


def _clock(minutes: int) -> str:
    return f"{minutes // 60}:{minutes % 60:02d}"


def _opening(schedule: dict, today: date,
             country: str | None) -> tuple[list[int], Interval] | None:
    """The days and opening interval of one schedule; None when not valid today."""
    valid_from = parse_date(text_of(schedule, "valid_from"), country)
    if valid_from and valid_from > today:
        return None
    freq = (text_of(schedule, "freq") or "WEEKLY").upper()
    if freq != "WEEKLY":
        raise DataError(f"a {freq.lower()} schedule")
    if (text_of(schedule, "interval") or "1") not in ("1", "1.0"):
        raise DataError(f"a schedule repeating every {text_of(schedule, 'interval')} weeks")
    days = _days(schedule)
    opens, closes = _time(schedule, "opens_at"), _time(schedule, "closes_at")
    if opens is None or closes is None:
        raise DataError("a schedule without opening and closing times")
    if opens == 0 and closes in (0, 23 * 60 + 59):
        closes = 24 * 60
    return days, (opens, closes)


def _days(schedule: dict) -> list[int]:
    byday = text_of(schedule, "byday")
    if byday:
        codes = [code.strip().upper() for code in byday.split(",") if code.strip()]
        unknown = [code for code in codes if code not in DAY_CODES]
        if unknown:
            raise DataError(f"a schedule on {', '.join(unknown)}")
        return [DAY_CODES.index(code) for code in codes]
    weekday = (text_of(schedule, "weekday") or "").lower()
    if weekday.isdigit() and 1 <= int(weekday) <= 7:
        return [int(weekday) - 1]
    for index, name in enumerate(DAY_NAMES):
        if weekday[:3] == name.lower():
            return [index]
    raise DataError("a schedule without days")


def _time(schedule: dict, key: str) -> int | None:
    text = text_of(schedule, key)
    if not text:
        return None
    match = _TIME.match(text.strip())
    if text.strip().lower() == "noon":
        return 12 * 60
    if text.strip().lower() == "midnight":
        return 0 if key == "opens_at" else 24 * 60
    if not match:
        raise DataError(f"a schedule with {key} {text!r}")
    hours, minutes, half = int(match.group(1)), int(match.group(2) or 0), match.group(3)
    if len(match.group(1)) > 2 or (match.group(2) is None and half is None):
        if not (match.group(2) is None and half is None and re.fullmatch(r"\d{3,4}", text)):
            raise DataError(f"a schedule with {key} {text!r}")
        hours, minutes = divmod(int(text), 100)  # 0900, 930
    if half:
        if not 1 <= hours <= 12:
            raise DataError(f"a schedule with {key} {text!r}")
        hours = hours % 12 + (12 if half.lower() == "p" else 0)
    if hours > 24 or minutes > 59 or (hours == 24 and minutes):
        raise DataError(f"a schedule with {key} {text!r}")
    return hours * 60 + minutes
