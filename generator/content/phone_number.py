"""A phone number as the loader checked it, and why one was refused: data only, so that the
pipeline's models can hold one without importing phonenumbers (generator/content/phones.py
parses them)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Phone:
    """A validated phone number: `display` for people, `e164` for tel: links."""

    raw: str
    e164: str
    display: str


class PhoneError(ValueError):
    pass


class SpelledInLetters(PhoneError):
    """A number spelled in letters alone (`844-RIGHTS-9`); `with_digits` is how to write it
    (`844-RIGHTS-9 (844-744-4879)`), which an import may print instead."""

    def __init__(self, message: str, with_digits: str) -> None:
        super().__init__(message)
        self.with_digits = with_digits
