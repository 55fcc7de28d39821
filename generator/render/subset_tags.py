"""Subset tags unique in a file: two different subsets of a font never share a name.

A subset font's name starts with a tag of six capital letters and "+" (ISO 32000-1, 9.6.4),
which tells one subset of a face from another. ReportLab tags each canvas's subsets from
"AAAAAA" on, so a page drawn by one canvas and a note's appearance drawn by another and
copied in (screen_notes.py: the fillable safety plan's warning, in the bold the page's
headings also use) hold two different "AAAAAA+NotoSansArabic-Bold": a prepress check or a
font list takes them for one (a review of the fillable Arabic office file). Where one name
is worn by subsets that differ, each is tagged anew from its font program's digest: the same
subset keeps one tag, different ones get different tags.
"""

from __future__ import annotations

import hashlib
import re
from collections import defaultdict
from typing import Any

SUBSET = re.compile(r"^/([A-Z]{6})\+(.+)$")
PROGRAMS = ("/FontFile2", "/FontFile3", "/FontFile")
LETTERS = 26


def unique_subset_tags(document: Any) -> None:
    """Tag anew, in `document` (a pikepdf.Pdf), each subset font whose name another,
    different, subset wears."""
    import pikepdf

    worn: dict[str, list[tuple[Any, bytes]]] = defaultdict(list)
    for found in document.objects:
        if not isinstance(found, pikepdf.Dictionary) or found.get("/Type") != "/Font":
            continue
        name = SUBSET.match(str(found.get("/BaseFont", "")))
        program = _program(found)
        if name is not None and program is not None:
            worn[name.group(2)].append((found, program))
    for rest, fonts in worn.items():
        if len({program for _, program in fonts}) < 2:
            continue
        for font, program in fonts:
            _rename(font, f"/{_tag(program, rest)}+{rest}")


def _program(font: Any) -> bytes | None:
    """The font program a font dictionary embeds (a Type 0 font's descendant's)."""
    if "/DescendantFonts" in font:
        font = font.DescendantFonts[0]
    descriptor = font.get("/FontDescriptor")
    if descriptor is None:
        return None
    for key in PROGRAMS:
        if key in descriptor:
            return bytes(descriptor[key].read_bytes())
    return None


def _tag(program: bytes, rest: str) -> str:
    """Six capital letters from the digest of the subset's program and name."""
    digest = int.from_bytes(hashlib.sha256(program + rest.encode()).digest()[:8], "big")
    letters = []
    for _ in range(6):
        digest, letter = divmod(digest, LETTERS)
        letters.append(chr(ord("A") + letter))
    return "".join(letters)


def _rename(font: Any, name: str) -> None:
    """`font`'s name, its descendant's and its descriptor's, set to `name`."""
    import pikepdf

    new = pikepdf.Name(name)
    font.BaseFont = new
    for part in ([font.DescendantFonts[0]] if "/DescendantFonts" in font else []):
        part.BaseFont = new
        font = part
    descriptor = font.get("/FontDescriptor")
    if descriptor is not None:
        descriptor.FontName = new
