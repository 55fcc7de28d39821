"""Problems as the pages list them: said plainly (plain.py), with the page that fixes each
one instead of a path (the Lines page for resources.yaml, Settings for site.yaml...)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

from generator.errors import Problem
from generator.serve.plain import Words, plain


@dataclass(frozen=True)
class ShownProblem:
    severity: str
    message: str
    where: str  # "Lines page, line 12", "Settings", "" (the program's own files)
    href: str | None  # the page that fixes it


def shown_problems(problems: list[Problem] | tuple[Problem, ...], words: Words,
                   root: Path) -> list[ShownProblem]:
    return [shown_problem(problem, words, root) for problem in dict.fromkeys(problems)]


def shown_problem(problem: Problem, words: Words, root: Path) -> ShownProblem:
    where, href = page_for(Path(problem.path), problem.line, words, root)
    return ShownProblem(problem.severity, plain(problem, words).text, where, href)


def page_for(path: Path, line: int | None, words: Words,
             root: Path) -> tuple[str, str | None]:
    """The page that edits `path`, and a link to it."""
    at = f", line {line}" if line else ""
    name = path.name
    if name in ("resources.yaml", "resources.yml"):
        return f"Lines page (resources.yaml{at})", "/lines"
    if name == "site.yaml":
        return f"Settings (site.yaml{at})", "/settings"
    if path.parent.name == "articles" and path.suffix in (".md", ".txt"):
        slug, _, lang = path.stem.rpartition(".")
        query = urlencode({"lang": lang, "article": slug})
        return f"Article page, {Words.language(lang)}{at}", f"/article?{query}"
    if path.parent.name == "locales" and path.suffix == ".yaml":
        lang = path.stem
        return (f"Translations page, {Words.language(lang)}{at}",
                f"/translations?{urlencode({'lang': lang})}")
    try:
        inside = path.resolve().is_relative_to(root.resolve())
    except (OSError, ValueError):
        inside = False
    if inside:
        return f"{path.resolve().relative_to(root.resolve()).as_posix()}{at}", None
    return "", None
