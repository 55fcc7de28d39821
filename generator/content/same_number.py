"""Lines that reach the same number, printed once (issue 39: a three-line card carried House
of Ruth's counselling line and its hotline, both (410) 889-7884, in large type; an import gave
six "211" lines). Lines dialling the same number (E.164 or short code), or, without a number
to call, texting the same number with the same keyword, become one line where the kit's
lines are assembled (content/load.py, content/load_packs.py, the web page's drafts), so that
every piece, `check` and the manifest see the one line.

The line keeps the first one's place, its number as written and its QR code, the names of all
(joined, each once, in every language), and every way to reach it the others add: a TTY
number, a texting line, a web address, hours, languages. Where two of them give different
ones of something printed (two texting lines, two web addresses, two hours), the first one's
is kept and a warning says which was left out; otherwise a note says the lines were merged.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from generator.content.models import Resource, Texts
from generator.errors import Code, Problem

JOINER = " / "


def merged_lines(resources: tuple[Resource, ...]) -> tuple[tuple[Resource, ...], list[Problem]]:
    """The lines with those of one number merged into the first of them, and a note (or a
    warning, when something printed was left out) for each merge."""
    groups: dict[tuple[str, ...], list[Resource]] = {}
    order: list[tuple[str, ...] | int] = []
    for index, resource in enumerate(resources):
        key = _key(resource)
        if key is None:
            order.append(index)
        elif key not in groups:
            groups[key] = [resource]
            order.append(key)
        else:
            groups[key].append(resource)
    if all(len(group) == 1 for group in groups.values()):
        return resources, []
    lines: list[Resource] = []
    problems: list[Problem] = []
    for item in order:
        if isinstance(item, int):
            lines.append(resources[item])
            continue
        group = groups[item]
        if len(group) == 1:
            lines.append(group[0])
            continue
        line, left_out = _merged(group)
        lines.append(line)
        problems.append(_note(group, line, left_out))
    return tuple(lines), problems


def _key(resource: Resource) -> tuple[str, ...] | None:
    """What makes two lines one: the number dialled; without one, the number texted and its
    keyword; a line with a web address only is its own."""
    if resource.phone is not None:
        return ("tel", resource.phone.tel)  # another extension is another line
    text = resource.text
    if text is not None and text.e164:
        return ("sms", text.e164, (text.keyword or "").casefold())
    return None


def _merged(group: list[Resource]) -> tuple[Resource, list[str]]:
    """The first line with what the others add; what was left out, said in words."""
    first = group[0]
    left_out: list[str] = []

    def kept(what: str, value: Callable[[Resource], object],
             shown: Callable[[Resource], str]) -> Resource:
        """The first line that gives `what` (a texting line, ...); a different one of a
        later line is left out."""
        giving = [resource for resource in group if value(resource)]
        if not giving:
            return first
        for other in giving[1:]:
            if value(other) != value(giving[0]):
                left_out.append(f"{what} {shown(other)} of {other.name!r} (kept "
                                f"{shown(giving[0])})")
        return giving[0]

    tty = kept("TTY number", lambda r: r.tty.e164 if r.tty else None,
               lambda r: r.tty.display if r.tty else "").tty
    text_line = kept("texting line", lambda r: (r.text.e164, (r.text.keyword or "").casefold())
                     if r.text else None, _texting).text
    url = kept("web address", lambda r: (r.url or "").rstrip("/").casefold() or None,
               lambda r: r.url or "").url
    with_hours = kept("hours", lambda r: (r.hours_by_lang, r.hours) if r.hours else None,
                      lambda r: repr(r.hours))
    with_tab = kept("tab label", lambda r: (r.tab_labels, r.tab_label) if r.tab_label else None,
                    lambda r: repr(r.tab_label))
    named = [resource for resource in group if resource.names] or [first]
    checked = [resource.verified for resource in group if resource.verified]
    line = replace(
        first,
        name=JOINER.join(dict.fromkeys(resource.name for resource in named)),
        names=_joined_names(named),
        tty=tty, text=text_line, url=url,
        hours=with_hours.hours, hours_by_lang=with_hours.hours_by_lang,
        tab_label=with_tab.tab_label, tab_labels=with_tab.tab_labels,
        languages=tuple(dict.fromkeys(code for resource in group
                                      for code in resource.languages)),
        verified=min(checked) if checked else None,  # as checked as its least recent part
        required=any(resource.required for resource in group),
        emergency=any(resource.emergency for resource in group),
    )
    return line, left_out


def _joined_names(named: list[Resource]) -> Texts:
    """Each line's name in each language (its plain name where it gives none), each once."""
    if not any(resource.names for resource in named):
        return named[0].names
    langs = dict.fromkeys(lang for resource in named for lang, _ in resource.names.by_lang)
    by_lang = tuple((lang, JOINER.join(dict.fromkeys(
        resource.names.get(lang) or resource.name for resource in named))) for lang in langs)
    plain = [resource.names.default or resource.name for resource in named]
    has_plain = any(resource.names.default for resource in named)
    return Texts(default=JOINER.join(dict.fromkeys(plain)) if has_plain or not by_lang
                 else None, by_lang=by_lang)


def _texting(resource: Resource) -> str:
    text = resource.text
    if text is None:
        return ""
    return f"'{text.keyword} to {text.number}'" if text.keyword else f"'{text.number}'"


def _note(group: list[Resource], line: Resource, left_out: list[str]) -> Problem:
    first = group[0]
    number = first.phone.display if first.phone else _texting(first)
    others = ", ".join(f"{resource.name!r} (line {resource.source.line})"
                       if resource.source.line else repr(resource.name)
                       for resource in group[1:])
    message = (f"{first.name!r} and {others} have the same number, {number}: printed once, "
               f"as {line.name!r}, with every way to reach each")
    if left_out:
        message += f"; they differ in what prints, so the first one's is kept: left out the " \
                   f"{'; the '.join(left_out)}"
    return Problem(first.source.path, message, first.source.line,
                   "warning" if left_out else "info", code=Code.SAME_NUMBER, fields={
                       "name": first.name, "number": number, "kept": line.name,
                       "others": tuple(resource.name for resource in group[1:]),
                       "left_out": tuple(left_out)})
