"""Lengths as people write them ("0.125in", "3 mm", "9pt", or a bare number of points; in
site.yaml only 0 may go without a unit)."""

from __future__ import annotations

import re
from types import MappingProxyType

PT_PER_UNIT = MappingProxyType({"pt": 1.0, "in": 72.0, "mm": 72.0 / 25.4, "cm": 72.0 / 2.54})
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(pt|in|mm|cm)?\s*$")


def parse_length(value: object) -> float:
    """Points for a length; raises ValueError with a readable message."""
    if isinstance(value, bool):
        raise ValueError(f"expected a length like 3mm or 0.125in, got {value!r}")
    if isinstance(value, int | float):
        return float(value)
    match = _LENGTH.match(str(value))
    if not match:
        raise ValueError(f"expected a length like 3mm, 0.125in or 9pt, got {value!r}")
    number, unit = match.groups()
    return float(number) * PT_PER_UNIT[unit or "pt"]


def parse_written_length(value: object) -> float:
    """Points for a length a person writes in site.yaml, where a bare number other than 0 is
    refused: "3" is 3 mm to whoever wrote it, and would be read as 3 points (1 mm)."""
    length = parse_length(value)
    match = _LENGTH.match(str(value)) if not isinstance(value, bool) else None
    if length and match and match.group(2) is None:
        number = match.group(1)
        raise ValueError(f"{number} has no unit: write {number}mm or {number}pt (or inches, "
                         "like 0.125in)")
    return length


def mm(value: float) -> float:
    return value * PT_PER_UNIT["mm"]


def inch(value: float) -> float:
    return value * PT_PER_UNIT["in"]
