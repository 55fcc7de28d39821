"""A phone number as the loader checked it, and why one was refused: data only, so that the
pipeline's models can hold one without importing phonenumbers (generator/content/phones.py
parses them)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Phone:
    """A validated phone number: `display` for people, `e164` for comparing numbers, `tel`
    for tel: links and QR codes."""

    raw: str
    e164: str
    display: str
    extension: str | None = None  # its digits, printed in `display` ("ext. 12")

    @property
    def tel(self) -> str:
        """What a tel: link dials: the number, then its extension after a pause (a comma:
        Android's and iOS's dialers wait, then send the digits to the switchboard; RFC 3966's
        `;ext=` is dropped by most of them, so the call reached the switchboard while the
        card printed the extension)."""
        return f"{self.e164},{self.extension}" if self.extension else self.e164


class PhoneError(ValueError):
    pass


class SpelledInLetters(PhoneError):
    """A number spelled in letters alone (`844-RIGHTS-9`); `with_digits` is how to write it
    (`844-RIGHTS-9 (844-744-4879)`), which an import may print instead."""

    def __init__(self, message: str, with_digits: str) -> None:
        super().__init__(message)
        self.with_digits = with_digits
