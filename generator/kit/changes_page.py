"""changes.html: a batch's report of what changed since its kits were printed, one page for
every site, written into the batch's output folder beside the sites' kits (its links to the
PDFs are relative to it). Plain HTML with headings and tables a screen reader can walk: made
from a sandboxed, autoescaped template (generator/templates/changes.html.j2)."""

from __future__ import annotations

from datetime import date

from generator import __version__
from generator.kit.changes import SiteChanges
from generator.kit.index_page import page_templates

CHANGES_PAGE = "changes.html"
CHANGES_JSON = "changes.json"


def render_changes_page(sites: list[SiteChanges], day: date) -> bytes:
    html = page_templates().get_template("changes.html.j2").render(
        sites=sites,
        day=day.isoformat(),
        version=__version__,
        to_build=[site for site in sites if site.to_build],
        failed=[site for site in sites if site.status == "failed"],
    )
    return html.encode("utf-8")
