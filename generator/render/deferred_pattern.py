"""ReportLab's paragraph module, imported with its web-address pattern compiled when first
used rather than as the module loads.

`reportlab.platypus.paragraph` compiles `uri_pat` (Django's address validator,
case-insensitive over all of Unicode) at import: 60-100 ms, a tenth of what a new process
spends importing. Only hyphenation uses it (`hyphenationLang`, `uriWasteReduce`,
`embeddedHyphenation` in a style), which havenprint never sets. Imported from here (as
`paragraph`, by the patches, which the engine installs before anything else of ReportLab's
platypus is imported), the module's `uri_pat` is a `Deferred` pattern that compiles the
same text the first time something calls it; any other pattern, or this one changed by
another ReportLab, is compiled as usual (re.compile is swapped for that while the module
loads, and put back).
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Iterator
from typing import Any

# ReportLab 4.x and 5.x's uri_pat, character for character: only this text is deferred
URI_PATTERN = (
    "(^(?:[a-z0-9\\.\\-\\+]*)://)(?:\\S+(?::\\S*)?@)?(?:(?:25[0-5]|2[0-4]\\d|[0-1]?\\d?\\d)"
    "(?:\\.(?:25[0-5]|2[0-4]\\d|[0-1]?\\d?\\d)){3}|\\[[0-9a-f:\\.]+\\]|([a-z\xa1-\uffff0-9]"
    "(?:[a-z\xa1-\uffff0-9-]{0,61}[a-z\xa1-\uffff0-9])?(?:\\.(?!-)[a-z\xa1-\uffff0-9-]{1,63}"
    "(?<!-))*\\.(?!-)(?:[a-z\xa1-\uffff-]{2,63}|xn--[a-z0-9]{1,59})(?<!-)\\.?|localhost))"
    "(?::\\d{2,5})?(?:[/?#][^\\s]*)?\\Z")


class Deferred:
    """A regular expression compiled the first time one of its methods is called."""

    def __init__(self, pattern: str, flags: int) -> None:
        self.pattern = pattern
        self.flags = flags

    @functools.cached_property
    def compiled(self) -> re.Pattern[str]:
        return re.compile(self.pattern, self.flags)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.compiled, name)


@contextlib.contextmanager
def _deferring(pattern: str, flags: int) -> Iterator[None]:
    """re.compile defers `pattern` with `flags` while the block runs (a module's import,
    which calls it as `re.compile`)."""
    compile_now = re.compile

    def compile_or_defer(source: Any, given: int = 0) -> Any:
        if source == pattern and given == flags:
            return Deferred(source, given)
        return compile_now(source, given)

    re.compile = compile_or_defer  # type: ignore[assignment]
    try:
        yield
    finally:
        re.compile = compile_now


with _deferring(URI_PATTERN, re.IGNORECASE):  # a no-op if the module is loaded already
    from reportlab.platypus import paragraph

__all__ = ("Deferred", "paragraph")
