"""Interface strings for a language: the built-in catalogue, overridden per site."""

from __future__ import annotations

import re
from pathlib import Path

from generator.errors import ContentError, Problem
from generator.yamlfile import load_yaml

BUILTIN_DIR = Path(__file__).resolve().parent / "locales"
FALLBACK = "en"


def builtin_languages() -> list[str]:
    return sorted(path.stem for path in BUILTIN_DIR.glob("*.yaml"))


# Safety wording every kit carries: a site may reword it, never remove it.
SAFETY_STRINGS = ("safety_note", "before_you_call")


def load_strings(lang: str, content_root: Path) -> dict[str, str]:
    """English, then the built-in catalogue for `lang`, then the site's `locales/<lang>.yaml`."""
    english = _catalogue(BUILTIN_DIR / f"{FALLBACK}.yaml")
    strings = dict(english)
    for path in (BUILTIN_DIR / f"{lang}.yaml", content_root / "locales" / f"{lang}.yaml"):
        if path.is_file() and path != BUILTIN_DIR / f"{FALLBACK}.yaml":
            strings.update(_catalogue(path, known=english))
    return strings


def _placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


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
        elif not isinstance(value, str) or not value.strip():
            message = f"{key}: expected text"
            if key in SAFETY_STRINGS:
                message += " (safety wording can be reworded, not removed)"
            problems.append(Problem(path, message, doc.line_of((str(key),))))
        elif known is not None and _placeholders(value) != _placeholders(known[key]):
            wanted = ", ".join(f"{{{name}}}" for name in sorted(_placeholders(known[key])))
            problems.append(Problem(path, (
                f"{key}: must keep the placeholders {wanted or '(none)'} of the English text"),
                doc.line_of((str(key),))))
    if problems:
        raise ContentError(problems)
    return {str(key): value for key, value in doc.data.items()}
