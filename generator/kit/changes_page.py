"""changes.html: a batch's report of what changed since its kits were printed, one page for
every site, written into the batch's output folder beside the sites' kits (its links to the
PDFs are relative to it). Plain HTML with headings and tables a screen reader can walk: made
from a sandboxed, autoescaped template (generator/templates/changes.html.j2)."""

from __future__ import annotations

import re
from datetime import date

from markupsafe import Markup, escape

from generator import __version__
from generator.kit.changes import SiteChanges
from generator.kit.index_page import page_templates

CHANGES_PAGE = "changes.html"
CHANGES_JSON = "changes.json"


_NUMBER = re.compile(r"\+?\d[\d\- .()]*\d")


def numbers_whole(text: str) -> Markup:
    """`text`, escaped, "->" as an arrow and each number in a span that keeps it on one line
    (a phone's 1-800-555-\n0199 misreads)."""
    parts, start = [], 0
    for found in _NUMBER.finditer(text):
        parts += [escape(text[start:found.start()]),
                  Markup('<span class="number">{}</span>').format(found[0])]
        start = found.end()
    return Markup("").join([*parts, escape(text[start:])]).replace(" -&gt; ", " → ")


def render_changes_page(sites: list[SiteChanges], day: date) -> bytes:
    html = page_templates().get_template("changes.html.j2").render(
        whole=numbers_whole,
        sites=sites,
        day=day.isoformat(),
        version=__version__,
        to_build=[site for site in sites if site.to_build],
        failed=[site for site in sites if site.status == "failed"],
    )
    return html.encode("utf-8")
