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
