"""What a scanned QR code shows before anything is opened or sent: the words to check.

A phone shows a QR code's web address, or the text message it would send, as soon as the
camera reads it: on an outside surface those are read like the printed text. A web address
is read as a person sees it: percent-escapes decoded ("%61buse" is "abuse") and an
internationalised domain in its own letters (xn--... labels decoded), in the capitals it is
written with; its host, path, query and fragment all count.
"""

from __future__ import annotations

from urllib.parse import unquote, urlsplit

_SMS = "SMSTO:"


def payload_words(payload: str) -> str:
    """The text of a QR payload that a scan shows, for the discretion check."""
    if payload.upper().startswith(_SMS):  # SMSTO:number:message
        return payload[len(_SMS):].partition(":")[2]
    if payload.lower().startswith("tel:"):
        return ""
    try:
        parts = urlsplit(payload)
    except ValueError:  # not a web address after all: its text as it is
        return unquote(payload)
    # the host as written, in its capitals (a scan shows "ЕЅСАРЕ", not urlsplit's "еѕсаре")
    written = parts.netloc.rpartition("@")[2]
    written = written[:written.find("]") + 1] if written.startswith("[") else \
        written.partition(":")[0]
    host = ".".join(_label(label) for label in written.split("."))
    return " ".join(unquote(piece) for piece in (host, parts.path, parts.query,
                                                 parts.fragment) if piece)


def _label(label: str) -> str:
    """A domain label in its own letters: "xn--" labels (punycode) decoded."""
    if not label.lower().startswith("xn--"):
        return label
    try:
        return label[4:].encode("ascii").decode("punycode")
    except (UnicodeError, ValueError):
        return label
