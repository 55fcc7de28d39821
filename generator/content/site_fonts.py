"""`fonts:` in site.yaml: the font files a site gives for a language, each a file of a
sensible size inside the content folder. That each is a TrueType font ReportLab can embed
is read by generator/i18n/font_check.py, in the kit's checks (generator/pipeline/kit_checks.py)."""

from __future__ import annotations

from pathlib import Path

from generator.content.file_names import file_name_problem
from generator.content.models import SiteFont
from generator.content.yamlfile import YamlDoc
from generator.errors import Code, ContentError, Problem

MAX_FONT_BYTES = 100_000_000  # the largest TrueType fonts (Chinese, Japanese) are ~30 MB


def font_location(lang: str, key: str, simple: bool) -> tuple[str, ...]:
    """Where in site.yaml `fonts.<lang>` names its `key` ("regular" or "bold") file:
    `simple` when it names one file (`fonts: {my: fonts/Padauk.ttf}`)."""
    return ("fonts", lang) if simple else ("fonts", lang, key)


def site_fonts(given: dict, root: Path, doc: YamlDoc) -> tuple[SiteFont, ...]:
    """The fonts `fonts:` names, each file's place and size checked; ContentError listing
    every problem."""
    fonts, problems = [], []
    for lang, files in given.items():
        regular = files if isinstance(files, str) else files.regular
        bold = None if isinstance(files, str) else files.bold
        paths = []
        for key, name in (("regular", regular), ("bold", bold)):
            if name is None:
                continue
            problem = _problem(root, name)
            if problem:
                problems.append(Problem(doc.path, f"fonts.{lang}: {problem}", doc.line_of(
                    font_location(lang, key, isinstance(files, str))), code=Code.SCHEMA_VALUE,
                    fields={"field": f"fonts.{lang}", "reason": problem}))
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
    return None
