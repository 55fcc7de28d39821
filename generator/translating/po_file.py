"""gettext PO translator files (Poedit, Weblate, Pontoon, Crowdin), written and read with
babel's PO module. Each string is one entry: `msgctxt` its name (so that two strings with one
English text stay apart), `msgid` the English, `msgstr` the translation (empty while it
prints in English), `#.` comments saying where it prints and how many characters fit there,
`#:` the templates that print it, `#, fuzzy` while no native speaker has checked it (Poedit's
"Needs work"), `python-brace-format` when it has {placeholders} (Poedit and msgfmt check that
a translation keeps them)."""

from __future__ import annotations

import io
from datetime import UTC, datetime
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog
from babel.messages.pofile import PoFileError, read_po, write_po

from generator.errors import ContentError, Problem
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
    or names no language."""
    try:
        catalog = read_po(io.StringIO(text), abort_invalid=True)
    except PoFileError as error:
        raise ContentError(Problem(path, f"not a PO file: {error}",
                                   getattr(error, "lineno", None))) from None
    except (ValueError, UnknownLocaleError) as error:
        raise ContentError(Problem(path, f"the PO header cannot be read: {error}", 1)) from None
    lang = catalog.locale_identifier or dict(catalog.mime_headers).get("Language", "")
    if not lang:
        raise ContentError(Problem(path, (
            "the header has no Language: which language is it? (havenprint locale export "
            "writes \"Language: vi\" and so on)"), 1))
    units: list[FileUnit] = []
    for message in catalog:
        if not message.id:
            continue  # the header
        if len(units) >= MAX_UNITS:
            raise ContentError(Problem(path, (
                f"over {MAX_UNITS:,} entries: not a havenprint translator file"),
                message.lineno))
        source = message.id if isinstance(message.id, str) else message.id[0]
        target = message.string if isinstance(message.string, str) else (
            message.string[0] if message.string else None)
        units.append(FileUnit(message.context or "", source, target or None,
                              not message.fuzzy, message.lineno, None,
                              same_meant=any(comment.strip()
                                             for comment in message.user_comments)))
    return ReadFile(path, str(lang).replace("_", "-"), tuple(units), "PO")
