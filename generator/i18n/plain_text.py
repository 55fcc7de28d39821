"""The text of paragraph markup (ReportLab's: `<b>`, `<font>`, `&amp;`): its tags left out
and its entities read, as a reader copies it. The one place that knows how."""

from __future__ import annotations

import html
import re

_TAG = re.compile(r"<[^>]*>")


def plain_text(markup: str) -> str:
    """`markup` without its tags, its entities as the characters they stand for."""
    return html.unescape(_TAG.sub("", markup))
