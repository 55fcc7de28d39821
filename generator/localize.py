"""Interface strings for a language: the built-in catalogue, overridden per site."""

from __future__ import annotations

from pathlib import Path

from generator.errors import ContentError, Problem
from generator.yamlfile import load_yaml

BUILTIN_DIR = Path(__file__).resolve().parent / "locales"
FALLBACK = "en"


def builtin_languages() -> list[str]:
    return sorted(path.stem for path in BUILTIN_DIR.glob("*.yaml"))


def load_strings(lang: str, content_root: Path) -> dict[str, str]:
    """English, then the built-in catalogue for `lang`, then the site's `locales/<lang>.yaml`."""
    strings = _catalogue(BUILTIN_DIR / f"{FALLBACK}.yaml")
    for path in (BUILTIN_DIR / f"{lang}.yaml", content_root / "locales" / f"{lang}.yaml"):
        if path.is_file() and path != BUILTIN_DIR / f"{FALLBACK}.yaml":
            strings.update(_catalogue(path, known=strings))
    return strings


def _catalogue(path: Path, known: dict[str, str] | None = None) -> dict[str, str]:
    doc = load_yaml(path)
    if not isinstance(doc.data, dict):
        raise ContentError(Problem(path, "expected a mapping of string name: text", 1))
    problems = []
    for key, value in doc.data.items():
        if known is not None and key not in known:
            valid = ", ".join(sorted(known))
            problems.append(Problem(path, f"unknown string '{key}'; valid: {valid}",
                                    doc.line_of((str(key),))))
        elif not isinstance(value, str):
            problems.append(Problem(path, f"{key}: expected text", doc.line_of((str(key),))))
    if problems:
        raise ContentError(problems)
    return {str(key): value for key, value in doc.data.items()}
