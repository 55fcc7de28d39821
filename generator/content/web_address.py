"""Whether a line's `url` (resources.yaml, an import) is a web address a browser and a QR
code can open: http(s)://, a host, and nothing the WHATWG URL rules refuse (pydantic's URL
type applies them: a bracket that does not close an IPv6 address, a port over 65535, a host
with spaces or `<`), nor anything Python's urlsplit refuses (what prints the domain)."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from pydantic import AnyHttpUrl, TypeAdapter, ValidationError

from generator.engine import remembered

_HTTP = re.compile(r"^https?://[^\s/]+")
_LOOKS_LIKE_ONE = re.compile(r"(?i)(?:https?://|www\.)\S+")


def web_address_problem(text: str) -> str | None:
    """What keeps `text` from being a web address to print, or None."""
    if not _HTTP.match(text):
        return f"{text!r} is not a web address: it must start with https://"
    try:
        _url_type().validate_python(text)
        parts = urlsplit(text)
        _ = parts.hostname, parts.port  # each checks its part
    except ValidationError as error:
        reason = str(error.errors()[0]["msg"]).removeprefix("Input should be a valid URL, ")
        return f"{text!r} is not a web address ({reason}): copy it from a browser's address bar"
    except ValueError as error:
        return f"{text!r} is not a web address ({error}): copy it from a browser's address bar"
    return None


@remembered(1)
def _url_type() -> TypeAdapter[AnyHttpUrl]:
    return TypeAdapter(AnyHttpUrl)


def bare_domain(text: str) -> str:
    """The host a web address names, without `www.` ("thehotline.org"): what prints for a
    line's website, the organisation's, or a link written as its address; the text as
    written when it is not a web address."""
    address = text.strip()
    if not _LOOKS_LIKE_ONE.fullmatch(address):
        return text
    try:
        host = urlsplit(address if "://" in address else "//" + address).hostname
    except ValueError:  # "https://[www.example.org": no domain to tell
        return text
    return host.removeprefix("www.") if host else text
