"""gettext PO translator files (Poedit, Weblate, Pontoon, Crowdin), written and read with
babel's PO module. Each string is one entry: `msgctxt` its name (so that two strings with one
English text stay apart), `msgid` the English, `msgstr` the translation (empty while it
prints in English), `#.` comments saying where it prints and how many characters fit there,
`#:` the templates that print it, `#, fuzzy` while no native speaker has checked it (Poedit's
"Needs work"), `python-brace-format` when it has {placeholders} (Poedit and msgfmt check that
a translation keeps them)."""

from __future__ import annotations

import io
import re
from datetime import UTC, datetime
from pathlib import Path
from types import MappingProxyType

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog
from babel.messages.pofile import PoFileError, read_po, write_po

from generator.errors import Code, ContentError, Problem
from generator.translating.file_units import FileUnit, ReadFile
from generator.translating.translation_units import TranslatorFile

MAX_UNITS = 5000


def po_text(file: TranslatorFile, title: str) -> str:
    """The PO file for `file` (`title`: what the kit is, for the header)."""
    now = datetime.now(UTC)
    catalog = Catalog(
        locale=_babel_locale(file.lang), project=title, fuzzy=False,
        header_comment=(f"# {title}: strings to translate into {file.language} ({file.lang}).\n"
                        "# Each entry's comments say where it prints and how many characters "
                        "fit there.\n# Keep {placeholders} as they are. Import with: "
                        "havenprint locale import CONTENT FILE"),
        creation_date=now, revision_date=now)
    # babel's template fills these with placeholders (FULL NAME <EMAIL@ADDRESS>): left
    # empty, for the translator's tool to fill in.
    catalog.version = now.strftime("%Y-%m-%d")
    catalog.msgid_bugs_address = catalog.last_translator = ""
    catalog.language_team = file.language
    for unit in file.units:
        flags = []
        if unit.placeholders:
            flags.append("python-brace-format")
        if unit.target is not None and not unit.reviewed:
            flags.append("fuzzy")
        comments = list(unit.notes)
        if unit.file != f"locales/{file.lang}.yaml":
            comments.append(f"Written to {unit.file}.")
        catalog.add(unit.source, unit.target or "",
                    locations=[(template, line or 0) for template, line in unit.locations],
                    auto_comments=comments, flags=flags, context=unit.key)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=10_000)  # a note stays one line (Poedit shows it so)
    return buffer.getvalue().decode("utf-8")


def _babel_locale(lang: str) -> Locale | str:
    """babel's locale for the header (`Language: zh_Hans`), or the code as it is where
    babel does not know it (prs)."""
    try:
        return Locale.parse(lang, sep="-")
    except (ValueError, UnknownLocaleError):
        return lang


def read_po_file(path: Path, text: str) -> ReadFile:
    """The entries of a PO file; ContentError naming the line for one that is not a PO file
    or names no language, and for what babel's reader would take wrongly (`_malformed`)."""
    if problems := _malformed(path, text):
        raise ContentError(problems)
    try:
        catalog = read_po(io.StringIO(text), abort_invalid=True)
    except PoFileError as error:
        raise ContentError(Problem(path, f"not a PO file: {error}",
                                   getattr(error, "lineno", None), code=Code.TRANSLATOR_NOT_PO,
                                   fields={"reason": str(error)})) from None
    except (ValueError, UnknownLocaleError) as error:
        raise ContentError(Problem(path, f"the PO header cannot be read: {error}", 1,
                                   code=Code.TRANSLATOR_PO_HEADER,
                                   fields={"reason": str(error)})) from None
    lang = catalog.locale_identifier or dict(catalog.mime_headers).get("Language", "")
    if not lang:
        raise ContentError(Problem(path, (
            "the header has no Language: which language is it? (havenprint locale export "
            "writes \"Language: vi\" and so on)"), 1, code=Code.TRANSLATOR_NO_LANGUAGE))
    units: list[FileUnit] = []
    for message in catalog:
        if not message.id:
            continue  # the header
        if len(units) >= MAX_UNITS:
            raise ContentError(Problem(path, (
                f"over {MAX_UNITS:,} entries: not a havenprint translator file"),
                message.lineno, code=Code.TRANSLATOR_TOO_MANY, fields={"limit": MAX_UNITS}))
        source = message.id if isinstance(message.id, str) else message.id[0]
        target = message.string if isinstance(message.string, str) else (
            message.string[0] if message.string else None)
        units.append(FileUnit(message.context or "", source, target or None,
                              not message.fuzzy, message.lineno, None,
                              same_meant=any(comment.strip()
                                             for comment in message.user_comments)))
    return ReadFile(path, str(lang).replace("_", "-"), tuple(units), "PO")


_KEYWORD = re.compile(r"(?P<keyword>msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s*(?P<rest>.*)")
ESCAPES = MappingProxyType({"\\": "\\", '"': '"', "n": "\n", "t": "\t", "r": "\r"})


def _malformed(path: Path, text: str) -> list[Problem]:
    """What babel's PO reader takes without a word but wrongly, each on its line and with
    its unit: a string without its closing quote (read with its last letter cut), an escape
    it keeps as written (`\\u00e9`, `\\x41`: only \\n, \\t, \\r, \\" and \\\\ are read), and an
    entry given twice, its `msgctxt` and English alike (the second silently dropped; two
    English texts under one name are refused with the file's other problems)."""
    problems: list[Problem] = []
    first: dict[tuple[str, str], int] = {}  # (msgctxt, msgid) -> the line of its msgctxt
    keyword, value, start = "", "", 0  # the string being read: its keyword, text, line
    unit, unit_line = "", 0  # the entry's msgctxt (and its line), as read so far

    def read_whole() -> None:
        nonlocal unit, unit_line
        if keyword == "msgctxt":
            unit, unit_line = value, start
        elif keyword == "msgid" and unit:
            if (unit, value) in first:
                problems.append(Problem(path, (
                    f"unit {unit!r}: given twice (also on line {first[(unit, value)]}): a PO "
                    "tool keeps one of them; keep one"), unit_line, code=Code.UNIT_TWICE,
                    fields={"key": unit, "first": first[(unit, value)]}))
            else:
                first[(unit, value)] = unit_line

    for number, row in enumerate(text.splitlines(), start=1):
        line = row.strip()
        if not line or line.startswith("#"):  # comments, and obsolete entries (#~)
            continue
        found = _KEYWORD.fullmatch(line)
        if found is None and not line.startswith('"'):
            continue  # babel's reader says what it is (abort_invalid)
        if found is not None:
            read_whole()
            if found["keyword"] == "msgctxt" or (found["keyword"] == "msgid"
                                                 and keyword != "msgctxt"):
                unit = ""  # a new entry (one without a msgctxt names no unit)
            keyword, value, start = found["keyword"], "", number
        more, problem = _string(found["rest"].strip() if found else line)
        if problem is not None:
            named = f"unit {unit!r}: " if unit else ""
            problems.append(Problem(path, f"{named}{problem}", number,
                                    code=Code.TRANSLATOR_PO_STRING, fields={
                                        "reason": problem, **({"key": unit} if unit else {})}))
            keyword = ""
            continue
        value += more
    read_whole()
    return problems


def _string(quoted: str) -> tuple[str, str | None]:
    """A PO string's text, or what is wrong with it (None: nothing)."""
    if not quoted.startswith('"'):
        return "", "a string starts with a double quote (\")"
    text: list[str] = []
    index = 1
    while index < len(quoted):
        char = quoted[index]
        if char == "\\":
            escaped = quoted[index + 1:index + 2]
            if escaped not in ESCAPES:
                return "", (f"the escape \\{escaped} is not read in a PO file (only \\n, \\t, "
                            "\\r, \\\" and \\\\ are): write the character itself")
            text.append(ESCAPES[escaped])
            index += 2
            continue
        if char == '"':
            if quoted[index + 1:].strip():
                return "", (f"text after the closing quote ({quoted[index + 1:].strip()[:20]!r}): "
                            "a quote inside a string is written \\\"")
            return "".join(text), None
        text.append(char)
        index += 1
    return "", ("the string has no closing quote (\"): it would be read with its last "
                "character cut off")
