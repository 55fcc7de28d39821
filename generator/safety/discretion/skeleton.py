"""Confusable skeletons (Unicode TR39): text that looks the same maps to the same string.

The pairs come from Unicode's confusables.txt as the confusable-homoglyphs package ships them,
one pair per line of the file, in both directions. In that file every character that can be
mistaken for another maps to one prototype, and a prototype maps to nothing, so the pairs
form stars: a prototype in the middle, the characters that imitate it around it. Two strings
are confusable when each character lands on the same star, whichever member stands for it;
this module picks the prototype where the data shows it (the middle of a star, or the
sequence a character imitates, as "rn" for "m") and otherwise, for a pair, one of the two.

The table is worked out once, when the package is made (scripts/write_prototypes.py writes
prototypes.tsv; a test checks it against the installed data): reading it costs a fraction
of working it out (bench/README.md).
"""

from __future__ import annotations

import json
import unicodedata
from collections import defaultdict
from pathlib import Path
from types import MappingProxyType

from generator.engine import remembered

PROTOTYPES = Path(__file__).with_name("prototypes.tsv")  # code points, in hexadecimal

_DISPLAY_MARK = "\u200e"  # confusables.txt's comments wrap right-to-left text in marks


def skeleton(text: str) -> str:
    """TR39's skeleton: NFD, each character mapped to its prototype, NFD again."""
    mapped = unicodedata.normalize("NFD", text).translate(_prototype_table())
    return unicodedata.normalize("NFD", mapped)


# Letters confusables.txt gives a prototype of their own shape that a reader takes for a
# Latin letter all the same: Ukrainian "є" (and "ꞓ", its prototype there) reads as "e" in
# "Shєlter".
_READ_AS_LATIN = MappingProxyType({"є": "e", "Є": "E", "ꞓ": "e", "Ꞓ": "E"})


@remembered(1)
def _prototype_table() -> dict[int, str]:
    """The table by code point, for str.translate: a text mapped in one pass."""
    return {ord(char): prototype for char, prototype in prototypes().items()}


@remembered(1)
def _prototypes() -> dict[str, str]:
    """The table, read from prototypes.tsv once per process."""
    return dict(_read(line) for line in PROTOTYPES.read_text(encoding="ascii").splitlines())


def _read(line: str) -> tuple[str, str]:
    char, prototype = line.split("\t")
    return chr(int(char, 16)), "".join(chr(int(code, 16)) for code in prototype.split())


def _written(char: str, prototype: str) -> str:
    return f"{ord(char):04X}\t{' '.join(f'{ord(code):04X}' for code in prototype)}"


def derive_prototypes() -> dict[str, str]:
    """Character -> the prototype of its star, for every character that is not one itself."""
    # The package's data file, without its script tables: read on first use only (its
    # own loader's module imports urllib.request, and with it http.client and ssl).
    import confusable_homoglyphs

    data = Path(confusable_homoglyphs.__file__).with_name("confusables.json")
    neighbours: dict[str, set[str]] = defaultdict(set)
    for char, homoglyphs in json.loads(data.read_text(encoding="utf-8")).items():
        for homoglyph in homoglyphs:
            one, other = char.strip(_DISPLAY_MARK), homoglyph["c"].strip(_DISPLAY_MARK)
            if one and other and one != other:
                neighbours[one].add(other)
                neighbours[other].add(one)
    prototypes: dict[str, str] = {}
    for char, near in neighbours.items():
        if len(char) > 1 or len(near) > 1:
            continue  # a prototype: a sequence, or the middle of a star
        (other,) = near
        if len(other) > 1 or len(neighbours[other]) > 1 or _stands_for_pair(other, char):
            prototypes[char] = other
    resolved = {prototype: _resolved(prototype, prototypes)
                for prototype in set(prototypes.values())}
    return {char: resolved[prototype] for char, prototype in prototypes.items()}


def _stands_for_pair(one: str, other: str) -> bool:
    """Of two characters confusable with each other only, the one in normal form with the
    lower code point stands for both."""
    def key(char: str) -> tuple[bool, str]:
        return unicodedata.normalize("NFD", char) != char, char
    return key(one) < key(other)


def _resolved(prototype: str, prototypes: dict[str, str]) -> str:
    """A prototype with each of its characters (in NFD) mapped in turn, so that "(日)" typed
    out, or "آ" decomposed, has the same skeleton as the one character that imitates it."""
    for _ in range(4):
        mapped = unicodedata.normalize("NFD", "".join(
            prototypes.get(char, char) for char in unicodedata.normalize("NFD", prototype)))
        if mapped == prototype:
            break
        prototype = mapped
    return prototype


def write_prototypes(path: Path = PROTOTYPES) -> None:
    table = derive_prototypes()
    path.write_text("".join(_written(char, table[char]) + "\n" for char in sorted(table)),
                    encoding="ascii")


@remembered(1)
def prototypes() -> dict[str, str]:
    """Character -> the prototype it imitates, as skeleton() maps it: the shipped table with
    the letters read as Latin (`_READ_AS_LATIN`), so that every reading of a text (the
    capitals of other scripts read as Latin ones too) agrees with the skeleton."""
    return {**_prototypes(), **_READ_AS_LATIN}
