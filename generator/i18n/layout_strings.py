"""A layout's `strings:` are new names in havenprint's catalogue: one that en.yaml has
already is refused (print it as `t.<name>` without declaring it). A kit's check
(generator/pipeline/kit_checks.py); content/layouts.py has read the names and their English text."""

from __future__ import annotations

from collections.abc import Iterable

from generator.content.layouts import Layout
from generator.content.yamlfile import load_yaml
from generator.errors import Code, Problem
from generator.i18n.localize import english


def layout_string_problems(layouts: Iterable[Layout]) -> list[Problem]:
    """A problem at its line in layout.yaml for each string a layout declares that the
    built-in catalogue has."""
    builtin = english()
    problems: list[Problem] = []
    for layout in layouts:
        taken = [key for key in layout.spec.strings if key in builtin]
        if not taken:
            continue
        doc = load_yaml(layout.folder / "layout.yaml")
        problems.extend(Problem(doc.path, (
            f"strings.{key}: havenprint's catalogue has a string of that name: print it "
            f"as {{{{ t.{key} }}}} without declaring it, or give yours another name"),
            doc.line_of(("strings", key)), code=Code.LAYOUT_STRING_BUILTIN, fields={"key": key})
            for key in taken)
    return problems
