"""XLIFF 1.2 translator files: the version Weblate, OmegaT and most translation tools read
(XLIFF 2 is a format of its own, which only recent Weblate reads). One `<file>` per content
file the units are written to (the catalogue, each article), one `<trans-unit>` per string:
`id` and `resname` its name, the English `<source>`, the translation as `<target>` (none
while it prints in English), `approved="yes"` once a native speaker has checked it,
`<note>`s saying where it prints, and `maxwidth` with `size-unit="char"` the characters it
may have (Weblate checks a translation against it).

Files are read with defusedxml and no DTD (no entity expansion, no external entities), at
most MAX_CONTENT_BYTES (translator_import.py), MAX_UNITS units and MAX_DEPTH elements deep;
the line of each unit is kept for messages."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import DefusedXMLParser

from generator.errors import Code, ContentError, Problem
from generator.translating.file_units import FileUnit, ReadFile
from generator.translating.translation_units import TranslatorFile, Unit

NS = "urn:oasis:names:tc:xliff:document:1.2"
XLIFF_2 = "urn:oasis:names:tc:xliff:document:2.0"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
MAX_UNITS = 5000
MAX_DEPTH = 40
REVIEWED_STATES = ("final", "signed-off")
OWN_NOTES = "havenprint"  # the `from` of the notes the export writes


def xliff_text(file: TranslatorFile, title: str) -> str:
    """The XLIFF 1.2 document for `file` (`title`: what the kit is, for the header note)."""
    root = ET.Element("xliff", {"version": "1.2", "xmlns": NS})
    by_file: dict[str, list[Unit]] = {}
    for unit in file.units:
        by_file.setdefault(unit.file, []).append(unit)
    for original, units in by_file.items():
        source_lang = "en" if original.startswith("locales/") else file.source_lang
        element = ET.SubElement(root, "file", {
            "original": original, "source-language": source_lang,
            "target-language": file.lang, "datatype": "plaintext"})
        header = ET.SubElement(element, "header")
        ET.SubElement(header, "note").text = (
            f"{title}: {file.language} ({file.lang}). Each unit's notes say where it prints "
            "and how many characters fit there; maxwidth is the most it may have. Keep "
            "{placeholders} as they are. Import with: havenprint locale import CONTENT FILE")
        body = ET.SubElement(element, "body")
        for unit in units:
            body.append(_unit(unit, source_lang, file.lang))
    ET.indent(root)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            + ET.tostring(root, encoding="unicode") + "\n")


def _unit(unit: Unit, source_lang: str, lang: str) -> ET.Element:
    attributes = {"id": unit.key, "resname": unit.key}
    if unit.limit is not None:
        attributes.update({"maxwidth": str(unit.limit), "size-unit": "char"})
    if unit.target is not None and unit.reviewed:
        attributes["approved"] = "yes"
    element = ET.Element("trans-unit", attributes)
    ET.SubElement(element, "source", {XML_LANG: source_lang}).text = unit.source
    if unit.target is not None:
        state = "translated" if unit.reviewed else "needs-review-translation"
        ET.SubElement(element, "target", {XML_LANG: lang, "state": state}).text = unit.target
    for note in unit.notes:
        ET.SubElement(element, "note", {"from": OWN_NOTES}).text = note
    return element


class _Lines(ET.TreeBuilder):
    """Keeps each element's line and refuses elements nested too deep."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path
        self.parser: Any = None
        self.lines: dict[ET.Element, int] = {}
        self.depth = 0

    def start(self, tag: str, attrs: dict[str, str]) -> ET.Element:
        element = super().start(tag, attrs)
        line = self.parser.parser.CurrentLineNumber
        self.lines[element] = line
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ContentError(Problem(self.path, (
                f"elements nested over {MAX_DEPTH} deep: not a translator file"), line,
                code=Code.TRANSLATOR_TOO_DEEP, fields={"limit": MAX_DEPTH}))
        return element

    def end(self, tag: str) -> ET.Element:
        self.depth -= 1
        return super().end(tag)


def read_xliff(path: Path, text: str) -> ReadFile:
    """The units of an XLIFF 1.2 file; ContentError naming the line for a file that is not
    one (not XML, a DTD, XLIFF 2, no target language, too many units)."""
    builder = _Lines(path)
    parser = DefusedXMLParser(target=builder, forbid_dtd=True, forbid_entities=True,
                              forbid_external=True)
    builder.parser = parser
    try:
        parser.feed(text)
        root = parser.close()
    except DefusedXmlException:
        raise ContentError(Problem(path, (
            "the file declares a DTD or entities (<!DOCTYPE ...>, <!ENTITY ...>): a translator "
            "file needs none, and havenprint does not expand them; export the file again"),
            1, code=Code.TRANSLATOR_DTD)) from None
    except ET.ParseError as error:
        raise ContentError(Problem(path, f"not well-formed XML: {error}",
                                   error.position[0] if error.position else None,
                                   code=Code.TRANSLATOR_NOT_XML,
                                   fields={"reason": str(error)})) from None
    except RecursionError:
        raise ContentError(Problem(path, "elements nested too deep: not a translator file",
                                   code=Code.TRANSLATOR_TOO_DEEP,
                                   fields={"limit": None})) from None
    if root.tag == f"{{{XLIFF_2}}}xliff":
        raise ContentError(Problem(path, (
            "XLIFF 2 is not read: save or export the file as XLIFF 1.2 (havenprint locale "
            "export writes it)"), builder.lines.get(root), code=Code.TRANSLATOR_XLIFF_2))
    if root.tag != f"{{{NS}}}xliff":
        raise ContentError(Problem(path, (
            f"not an XLIFF 1.2 file (its root element is {_plain(root.tag)!r}, not 'xliff' "
            f"in {NS})"), builder.lines.get(root), code=Code.TRANSLATOR_NOT_XLIFF,
            fields={"root": _plain(root.tag)}))
    languages: dict[str, int | None] = {}
    units: list[FileUnit] = []
    for file in root.iter(f"{{{NS}}}file"):
        lang = file.get("target-language")
        line: int | None = builder.lines.get(file)
        if not lang:
            raise ContentError(Problem(path, (
                "<file> has no target-language: which language is it? (havenprint locale "
                "export writes target-language=\"vi\" and so on)"), line,
                code=Code.TRANSLATOR_NO_LANGUAGE))
        languages.setdefault(lang, line)
        for element in file.iter(f"{{{NS}}}trans-unit"):
            units.append(_file_unit(element, path, builder.lines, lang, file.get("original")))
            if len(units) > MAX_UNITS:
                raise ContentError(Problem(path, (
                    f"over {MAX_UNITS:,} units: not a havenprint translator file"),
                    builder.lines.get(element), code=Code.TRANSLATOR_TOO_MANY,
                    fields={"limit": MAX_UNITS}))
    if not languages:
        raise ContentError(Problem(path, "no <file> element: no strings to import", 1,
                                   code=Code.TRANSLATOR_NO_LANGUAGE))
    if len(languages) > 1:
        found = ", ".join(languages)
        raise ContentError(Problem(path, (
            f"the file holds strings for several languages ({found}): import one language's "
            "file at a time"), list(languages.values())[1], code=Code.TRANSLATOR_SEVERAL,
            fields={"languages": tuple(languages)}))
    return ReadFile(path, next(iter(languages)), tuple(units), "XLIFF")


def _file_unit(element: ET.Element, path: Path, lines: dict[ET.Element, int], lang: str,
               original: str | None) -> FileUnit:
    line = lines.get(element)
    key = element.get("resname") or element.get("id") or ""
    source = element.find(f"{{{NS}}}source")
    target = element.find(f"{{{NS}}}target")
    if target is not None and target.get(XML_LANG) not in (None, lang):
        raise ContentError(Problem(path, (
            f"unit {key!r}: its target is in {target.get(XML_LANG)!r}, the file's language "
            f"is {lang!r}: a file for another language?"), lines.get(target),
            code=Code.UNIT_OTHER_LANGUAGE, fields={
                "key": key, "given": str(target.get(XML_LANG)), "expected": lang}))
    reviewed = element.get("approved") == "yes" or (
        target is not None and target.get("state") in REVIEWED_STATES)
    own_note = any(note.get("from") != OWN_NOTES and "".join(note.itertext()).strip()
                   for note in element.iter(f"{{{NS}}}note"))
    return FileUnit(
        key, "".join(source.itertext()) if source is not None else None,
        "".join(target.itertext()) if target is not None else None, reviewed,
        lines.get(target) if target is not None else line, original,
        same_meant=reviewed or own_note)


def _plain(tag: str) -> str:
    return tag.rpartition("}")[2]
