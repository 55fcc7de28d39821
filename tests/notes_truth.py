"""What the build says of the lines, checked against the PDFs it wrote: a line it says a piece
leaves out is not printed whole there, and the pieces it says print it whole do (and are all
that do). A line prints whole on a piece when the page text, read back by pdftotext, holds
its name in the piece's language, every way to reach it (its number, texting keyword and
number, TTY; its web address where it has no number) and its hours where they are not 24/7."""

from __future__ import annotations

import re
import shutil
import subprocess
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from generator.content.layouts import LAYOUTS_DIR, load_layout
from generator.content.models import Kit, Resource
from generator.content.promises import open_all_hours
from generator.content.web_address import typed_address
from generator.i18n.localize import load_strings
from generator.layout.compose import hours_text
from tests.conftest import card_printed_name

needs_pdftotext = pytest.mark.skipif(
    shutil.which("pdftotext") is None,
    reason="needs pdftotext from Debian's poppler-utils (apt-get install -y poppler-utils)")

NOTE = re.compile(r"^(?P<path>\S+): (?P<severity>\w+): (?P<what>[\w-]+)(?: \([^)]*\))?"
                  r"(?:, slot '[\w-]+')?: left out '(?P<name>[^']*)': (?P<why>.*) "
                  r"\[(?P<lang>[\w-]+)\]$")
WHERE = re.compile(r"; it prints whole on (?P<pieces>.*)$")
NOWHERE = "; none of the pieces built prints"


@dataclass(frozen=True, order=True)
class Note:
    layout: str  # the format's folder name
    name: str  # the line, as messages name it
    why: str
    lang: str
    severity: str
    where: tuple[str, ...] | None  # the pieces' titles it names; None: it names none


def notes(err: str) -> list[Note]:
    """Every note of `build` or `check` about a whole line left out of a piece."""
    found = []
    for row in err.splitlines():
        match = NOTE.match(row)
        if match is None:
            continue
        why, where = match["why"], None
        named = WHERE.search(why)
        if named is not None:
            where = tuple(re.split(r", | and ", named["pieces"]))
            why = why[:named.start()]
        elif NOWHERE in why:
            why = why[:why.index(NOWHERE)]
        found.append(Note(match["what"], match["name"], why, match["lang"],
                          match["severity"], where))
    return found


def spaceless(text: str) -> str:
    """Text's letters and digits alone: a name wrapped onto two lines reads as one, and
    neither the marks poppler puts around right-to-left runs, where it puts a full stop
    beside a number in them ("‪.911‬") nor the order it gives a Thai consonant's marks
    ("ฉกุเฉิน") matter."""
    return "".join(char for char in text if unicodedata.category(char)[0] in "LN")


@cache
def pdf_text(pdf: Path) -> str:
    return spaceless(subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True,
                                    text=True, check=True).stdout)


def ways_to_reach(line: Resource) -> list[str]:
    """What a piece must print of a line besides its name: each way to reach it."""
    ways = [phone.display for phone in (line.phone, line.tty) if phone is not None]
    if line.text is not None:
        ways += [line.text.number] + ([line.text.keyword] if line.text.keyword else [])
    if not ways and line.url:
        ways.append(typed_address(line.url))
    return ways


def prints_whole(pdf: Path, line: Resource, kit: Kit, lang: str) -> bool:
    """Its name, every way to reach it and, where they are not 24/7, its hours as the
    language writes them (a survivor needs to know when to call: issue 39)."""
    text = pdf_text(pdf)
    strings = load_strings(lang, kit.root)
    name = line.name_in(lang, strings)
    if pdf.name.startswith(("pocket-card", "pocket-fold")) and line.phone is not None:
        # without the number printed under it (their layouts' names_without_own_number)
        name = card_printed_name(name, line.phone.raw)
    hours = line.hours_in(lang)
    # each word of the hours: poppler reads a right-to-left line's days after its times
    when = ((hours_text(hours, strings, lang) or "").split()
            if hours and not open_all_hours(hours) else [])
    return all(spaceless(part) in text for part in [name, *ways_to_reach(line), *when])


@cache
def title_of(layout: str) -> str:
    """"the tri-fold brochure": as the build's notes name a built-in format."""
    return f"the {load_layout(LAYOUTS_DIR / layout).spec.title.lower()}"


def check_notes(kit: Kit, out: Path, err: str, files: dict[str, str],
                langs: tuple[str, ...]) -> list[Note]:
    """Every note on a line left out is true of the PDFs in `out` (`files`: each built
    format's folder name -> its PDF's name): the piece does not print the line whole, and
    the pieces named as printing it whole are exactly those of `files` that do."""
    by_name = {line.name: line for line in kit.resources}
    told = notes(err)
    for note in told:
        assert note.lang in langs, note
        line = by_name[note.name]
        assert note.layout in files, f"a note about a piece not built: {note}"
        own = out / note.lang / files[note.layout]
        assert not prints_whole(own, line, kit, note.lang), f"printed whole after all: {note}"
        whole = [title_of(layout) for layout, pdf in files.items()
                 if prints_whole(out / note.lang / pdf, line, kit, note.lang)]
        assert sorted(note.where or ()) == sorted(whole), (note, whole)
    return told
