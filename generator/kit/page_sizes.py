"""The page sizes of a PDF havenprint drew, read from its page tree without a PDF library:
index.html and manifest.json list them whether or not previews are made, and pdfium is
loaded for previews only.

ReportLab writes a plain file: a cross-reference table of byte offsets, a catalog, one page
tree node listing every page, and page objects that carry their own MediaBox."""

from __future__ import annotations

import re

PageSize = tuple[float, float]  # width, height in points

_START_XREF = re.compile(rb"startxref\s+(\d+)\s+%%EOF\s*$")
_ROOT = re.compile(rb"/Root (\d+) 0 R")
_PAGES = re.compile(rb"/Pages (\d+) 0 R")
_KIDS = re.compile(rb"/Kids \[([\d\sR]*)\]")
_KID = re.compile(rb"(\d+) 0 R")
_MEDIA_BOX = re.compile(rb"/MediaBox \[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]")
_TREE_NODE = re.compile(rb"/Type /Pages\b")


class PdfLayoutError(ValueError):
    """Not laid out as ReportLab writes a PDF."""


def page_sizes(data: bytes) -> list[PageSize]:
    """The size of every page of the PDF `data`, in points, in page order."""
    offsets, trailer = _cross_references(data)
    catalog = _object(data, offsets, _reference(_ROOT, trailer, "trailer"))
    tree = _object(data, offsets, _reference(_PAGES, catalog, "catalog"))
    kids = _KIDS.search(tree)
    if kids is None:
        raise PdfLayoutError("the page tree lists no pages")
    return [_media_box(data, offsets, int(kid)) for kid in _KID.findall(kids.group(1))]


def _media_box(data: bytes, offsets: dict[int, int], page: int) -> PageSize:
    text = _object(data, offsets, page)
    box = _MEDIA_BOX.search(text)
    if box is None or _TREE_NODE.search(text):
        raise PdfLayoutError(f"object {page} is not a page with its own MediaBox")
    left, bottom, right, top = (float(value) for value in box.groups())
    return (right - left, top - bottom)


def _cross_references(data: bytes) -> tuple[dict[int, int], bytes]:
    """The byte offset of each object in use, and the trailer dictionary."""
    end = _START_XREF.search(data[-64:])
    if end is None:
        raise PdfLayoutError("no startxref at the end")
    table, found, trailer = data[int(end.group(1)):].partition(b"trailer")
    if not table.startswith(b"xref") or not found:
        raise PdfLayoutError("startxref does not point at a cross-reference table")
    offsets, number = {}, 0
    for line in table.splitlines()[1:]:
        fields = line.split()
        if len(fields) == 2:  # a subsection: its first object's number, how many follow
            number = int(fields[0])
        elif len(fields) == 3:  # an object's offset, generation, in use (n) or free (f)
            if fields[2] == b"n":
                offsets[number] = int(fields[0])
            number += 1
    return offsets, trailer


def _object(data: bytes, offsets: dict[int, int], number: int) -> bytes:
    """The text of object `number`: from its offset to the next object's."""
    start = offsets.get(number)
    if start is None:
        raise PdfLayoutError(f"object {number} is not in the cross-reference table")
    end = min((offset for offset in offsets.values() if offset > start), default=len(data))
    return data[start:end]


def _reference(pattern: re.Pattern[bytes], text: bytes, where: str) -> int:
    found = pattern.search(text)
    if found is None:
        raise PdfLayoutError(f"the {where} has no {pattern.pattern.split()[0].decode()}")
    return int(found.group(1))
