"""Discretion: nothing on an outside surface may reveal what the item is for.

The revealing words live in one text file per language beside this module; a site extends
them with `revealing_words:` in site.yaml. Matching is by word start, case-insensitive, so
`abuse` also catches "abuser" and "Abuse".
"""

from __future__ import annotations

import functools
import unicodedata
from pathlib import Path

from generator.errors import Problem
from generator.place import PlacedFace

WORDS_DIR = Path(__file__).resolve().parent


@functools.cache
def builtin_words(lang: str) -> tuple[str, ...]:
    base = lang.split("-")[0]
    words: list[str] = []
    for code in dict.fromkeys(("en", base)):
        path = WORDS_DIR / f"{code}.txt"
        if path.is_file():
            lines = path.read_text(encoding="utf-8").splitlines()
            words.extend(w.strip().lower() for w in lines if w.strip() and not w.startswith("#"))
    return tuple(dict.fromkeys(words))


def _tokens(text: str) -> list[str]:
    """Words, keeping combining marks inside them (Devanagari vowel signs are marks)."""
    tokens, current = [], []
    for char in text.lower():
        if char.isalnum() or unicodedata.category(char).startswith("M"):
            current.append(char)
        elif current:
            tokens.append("".join(current))
            current = []
    if current:
        tokens.append("".join(current))
    return tokens


def _unspaced(word: str) -> bool:
    """Scripts written without spaces between words (Chinese, Japanese, Thai)."""
    return any(unicodedata.name(char, "").startswith(("CJK", "HIRAGANA", "KATAKANA", "THAI"))
               for char in word)


def revealing_words_in(text: str, words: tuple[str, ...]) -> list[str]:
    """The revealing words (as listed) that some word of `text` starts with; in scripts
    without spaces, that appear anywhere in it."""
    found: dict[str, None] = {}
    tokens = _tokens(text)
    lowered = text.lower()
    for word in words:
        if (word in lowered) if _unspaced(word) else any(t.startswith(word) for t in tokens):
            found.setdefault(word)
    return list(found)


def outside_text(face: PlacedFace) -> dict[str, str]:
    """Text on the face's outside surfaces, by surface name."""
    spec = face.spec
    if not spec.outside:
        return {}
    panels = range(len(face.panels))
    outside = spec.outside_panels if spec.outside_panels is not None else list(panels)
    names = spec.panel_names or [f"panel {i + 1}" for i in panels]
    surfaces: dict[str, list[str]] = {names[i] if len(face.panels) > 1 else face.name: []
                                      for i in outside}
    for text in face.texts:
        if text.private:
            continue
        index = _panel_of(face, text.x + 0.5, text.y + 0.5)
        if index in outside:
            key = names[index] if len(face.panels) > 1 else face.name
            surfaces[key].append(text.paragraph.getPlainText())
    return {name: " ".join(parts) for name, parts in surfaces.items()}


def _panel_of(face: PlacedFace, x: float, y: float) -> int:
    for index, panel in enumerate(face.panels):
        if panel.x <= x <= panel.x + panel.width and panel.y <= y <= panel.top:
            return index
    return -1


def discretion_problems(faces: list[PlacedFace], layout_name: str, words: tuple[str, ...],
                        path: Path) -> list[Problem]:
    problems = []
    for face in faces:
        for surface, text in outside_text(face).items():
            for word in revealing_words_in(text, words):
                where = surface if surface == face.name else f"{face.name}, {surface}"
                problems.append(Problem(path, (
                    f"{layout_name} ({where}): '{word}' on an outside surface would reveal "
                    "what this is for; reword it or set discreet: false")))
    return problems
