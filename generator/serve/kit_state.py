"""The content folder as the web page last read it (generator/serve/workspace.py keeps it;
the string rooms' cache reads it)."""

from __future__ import annotations

from dataclasses import dataclass

from generator.content.layouts import Layout
from generator.content.models import Kit, Site
from generator.errors import Problem


@dataclass
class KitState:
    """The content folder as it is on disk: the kit, or what stops it from loading."""

    fingerprint: str
    kit: Kit | None
    site: Site | None
    problems: list[Problem]  # errors that stop the kit from loading, else its warnings
    layouts: dict[str, Layout]

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(self.site.options.languages) if self.site is not None else ()
