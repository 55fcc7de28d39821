"""`fonts:` in site.yaml: font files a site gives for a language, checked before anything is
laid out (in the content folder, a TrueType font ReportLab can embed)."""

from __future__ import annotations

from pathlib import Path

from generator.content.file_names import file_name_problem
from generator.content.models import SiteFont
from generator.content.yamlfile import YamlDoc
from generator.errors import ContentError, Problem

MAX_FONT_BYTES = 100_000_000  # the largest TrueType fonts (Chinese, Japanese) are ~30 MB


def site_fonts(given: dict, root: Path, doc: YamlDoc) -> tuple[SiteFont, ...]:
    """The fonts `fonts:` names, each file checked; ContentError listing every problem."""
    fonts, problems = [], []
    for lang, files in given.items():
        regular = files if isinstance(files, str) else files.regular
        bold = None if isinstance(files, str) else files.bold
        paths = []
        for key, name in (("regular", regular), ("bold", bold)):
            if name is None:
                continue
            loc = ("fonts", lang) if isinstance(files, str) else ("fonts", lang, key)
            problem = _problem(root, name)
            if problem:
                problems.append(Problem(doc.path, f"fonts.{lang}: {problem}", doc.line_of(loc)))
            paths.append((root / name).resolve())
        if len(paths) == (1 if bold is None else 2):
            fonts.append(SiteFont(lang, paths[0], paths[1] if bold is not None else None))
    if problems:
        raise ContentError(problems)
    return tuple(fonts)


def _problem(root: Path, name: str) -> str | None:
    if problem := file_name_problem(name):
        return problem
    path = (root / name).resolve()
    if not path.is_relative_to(root.resolve()):
        return f"{name!r} is outside the content folder: copy the font file into it"
    if not path.is_file():
        return f"{name!r} does not exist in the content folder"
    size = path.stat().st_size
    if size > MAX_FONT_BYTES:  # read whole into memory, more than once, to embed it
        return (f"{name!r} is {size:,} bytes; the limit is {MAX_FONT_BYTES:,}: is this the "
                "right file?")
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
