"""`fonts:` in site.yaml, read as fonts: each file a TrueType font ReportLab can embed (a
kit's check, generator/pipeline/kit_checks.py; content/site_fonts.py has checked where each file is
and its size)."""

from __future__ import annotations

from pathlib import Path

from generator.content.models import Site
from generator.content.site_fonts import font_location
from generator.content.yamlfile import YamlDoc, load_yaml
from generator.errors import Code, Problem


def font_problems(site: Site, doc: YamlDoc | None = None) -> list[Problem]:
    """A problem for each file `fonts:` names that is no font the PDF library can embed,
    at its line in site.yaml (`doc`: site.yaml as read, when it is not the file on disk)."""
    problems: list[tuple[tuple[str, ...], str, str, str]] = []
    root = site.source.path.parent
    for lang, files in site.options.fonts.items():
        named = {"regular": files} if isinstance(files, str) else {
            "regular": files.regular, "bold": files.bold}
        for key, name in named.items():
            if name is not None and (problem := font_file_problem(root / name, name)):
                problems.append((font_location(lang, key, isinstance(files, str)),
                                 f"fonts.{lang}", name, problem))
    if not problems:
        return []
    doc = doc or load_yaml(site.source.path)  # the lines of `fonts:` entries, for messages
    return [Problem(site.source.path, f"{field}: {problem}",
                    doc.line_of(where) or site.line_of("fonts"), code=Code.FONT_FILE,
                    fields={"field": field, "file": name, "reason": problem})
            for where, field, name, problem in problems]


def font_file_problem(path: Path, name: str) -> str | None:
    """What makes the font file at `path` (`name` in site.yaml) unusable; None for one that
    embeds."""
    from fontTools.ttLib import TTFont, TTLibError  # for a site's own fonts only

    try:
        with TTFont(str(path), lazy=True) as font:
            cmap = font.getBestCmap()
            outlines = "glyf" in font
    except (TTLibError, OSError, AssertionError) as error:
        hint = (" (a font collection: extract one font with fontTools' ttx, or use the .ttf)"
                if path.suffix.lower() in (".ttc", ".otc") else "")
        return f"{name!r} is not a font file havenprint can read: {error}{hint}"
    if not outlines:
        return (f"{name!r} has CFF (PostScript) outlines, which the PDF library cannot "
                "embed: use the TrueType (.ttf) build of the font")
    if not cmap:
        return f"{name!r} maps no characters"
    return None
