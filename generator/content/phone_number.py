"""A phone number as the loader checked it: data only, so that the pipeline's models can
hold one without importing phonenumbers (generator/content/phones.py parses them)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Phone:
    """A validated phone number: `display` for people, `e164` for tel: links."""

    raw: str
    e164: str
    display: str
