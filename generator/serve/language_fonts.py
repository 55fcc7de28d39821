"""Fonts for languages whose script havenprint has no font for (Amharic and Tigrinya in
Ethiopic, Punjabi, Burmese, Lao): the Settings page offers the fonts installed on this
computer that have the script (a Debian package's under /usr/share/fonts: fonts-noto-core
has Noto Sans Ethiopic) or takes one the shelter uploads, copies it into the content
folder's fonts/ (the kit stays whole when the folder is moved) and names it in site.yaml's
`fonts:`; each with how much of the language's text it covers.

Installed fonts are offered by a key the server made (a digest of the path), never by a path
from the request."""

from __future__ import annotations

import hashlib
import io
import os
import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from generator.content.language_tags import with_base
from generator.content.models import Kit, Site
from generator.i18n.fonts import SITE_FONT_LANGUAGES
from generator.i18n.scripts import SCRIPTS, Script, script_of

FONT_FOLDERS = (Path("/usr/share/fonts"), Path("/usr/local/share/fonts"))
MAX_FONT_FILES = 5000  # a folder of fonts this large is not read (the page would wait)
_SAFE_NAME = re.compile(r"[^A-Za-z0-9_-]+")


@dataclass(frozen=True)
class FontChoice:
    key: str  # how the page names it (a digest of its path)
    path: Path
    name: str  # "Noto Sans Ethiopic"
    cmap: frozenset[int]
    bold: Path | None  # its bold, beside it (NotoSansEthiopic-Bold.ttf)

    @property
    def label(self) -> str:
        return f"{self.name} ({self.path.name})"


@dataclass(frozen=True)
class Coverage:
    total: int  # characters of the script the language's pieces print
    missing: tuple[str, ...]

    @property
    def said(self) -> str:
        if not self.total:
            return "no text in this script yet"
        if not self.missing:
            return f"has all {self.total} characters the pieces print"
        shown = " ".join(self.missing[:8])
        more = f" and {len(self.missing) - 8} more" if len(self.missing) > 8 else ""
        return (f"lacks {len(self.missing)} of the {self.total} characters the pieces print "
                f"({shown}{more}): those would not print")


@dataclass(frozen=True)
class LanguageFont:
    """One language that needs a font, as the Settings page shows it."""

    lang: str
    script: Script
    current: str | None  # the file site.yaml names (fonts/NotoSansEthiopic-Regular.ttf)
    current_coverage: Coverage | None
    choices: tuple[tuple[FontChoice, Coverage], ...]  # installed here, best first


def script_needed(lang: str) -> Script | None:
    """The script `lang` is written in when havenprint has no font for it."""
    name = next((SITE_FONT_LANGUAGES[tag] for tag in with_base(lang)
                 if tag in SITE_FONT_LANGUAGES), None)
    return next((script for script in SCRIPTS if script.name == name), None)


def printed_characters(kit: Kit | None, lang: str, script: Script) -> frozenset[str]:
    """The characters of `script` that `lang`'s pieces print: its articles, strings, outside
    title, card line and the lines' names, hours and tab labels in it."""
    if kit is None:
        return frozenset()
    texts: list[str] = [kit.site.title_for(lang), *kit.strings.get(lang, {}).values()]
    for by_lang in kit.library.values():
        article = by_lang.get(lang)
        if article is not None and article.source is not None:
            try:
                texts.append(Path(article.source.path).read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError):
                continue
    for resource in kit.resources:
        texts.extend(text or "" for text in (resource.name_in(lang), resource.hours_in(lang),
                                             resource.tab_label_in(lang)))
    return frozenset(char for text in texts for char in text if script_of(char) is script)


def coverage(cmap: Iterable[int], characters: frozenset[str]) -> Coverage:
    have = set(cmap)
    return Coverage(len(characters), tuple(sorted(char for char in characters
                                                  if ord(char) not in have)))


def font_cmap(data: bytes) -> tuple[frozenset[int], str, str | None]:
    """(the characters it maps, its name, its PostScript name) of a TrueType font's bytes;
    ValueError saying why it cannot be used (the checks of i18n/font_check.py)."""
    from fontTools.ttLib import TTFont, TTLibError

    try:
        with TTFont(io.BytesIO(data), lazy=True) as font:
            cmap = font.getBestCmap() or {}
            outlines = "glyf" in font
            names = font.get("name")
            family = (names.getBestFullName() if names is not None else None) or "a font"
            postscript = names.getDebugName(6) if names is not None else None
    except (TTLibError, OSError, AssertionError, KeyError, ValueError) as error:
        raise ValueError(f"it is not a font file havenprint can read ({error})") from None
    if not outlines:
        raise ValueError("it has PostScript (CFF) outlines, which the PDF files cannot carry: "
                         "use the TrueType (.ttf) version of the font")
    if not cmap:
        raise ValueError("it maps no characters")
    return frozenset(cmap), str(family), postscript


class InstalledFonts:
    """The TrueType fonts under the system's font folders, by script, read once (about two
    seconds for 300 files) and kept for the server's life."""

    def __init__(self, folders: tuple[Path, ...] = FONT_FOLDERS) -> None:
        self._folders = folders
        self._found: dict[str, tuple[FontChoice, ...]] = {}
        self._lock = threading.Lock()

    def for_script(self, script: Script) -> tuple[FontChoice, ...]:
        with self._lock:
            if script.name not in self._found:
                self._found[script.name] = tuple(self._scan(script))
            return self._found[script.name]

    def by_key(self, script: Script, key: str) -> FontChoice | None:
        return next((font for font in self.for_script(script) if font.key == key), None)

    def _scan(self, script: Script) -> list[FontChoice]:
        start = script.ranges[0][0]
        sample = range(start, min(start + 0x60, script.ranges[0][1]))
        found = []
        for path in self._files():
            if "bold" in path.stem.casefold() or "italic" in path.stem.casefold():
                continue
            try:
                data = path.read_bytes()
                cmap, name, _ = font_cmap(data)
            except (OSError, ValueError):
                continue
            if sum(code in cmap for code in sample) < len(sample) // 2:
                continue
            sibling = path.with_name(path.name.replace("Regular", "Bold"))
            found.append(FontChoice(hashlib.blake2b(str(path).encode(), digest_size=8)
                                    .hexdigest(), path, name, cmap,
                                    sibling if sibling != path and sibling.is_file() else None))
        return sorted(found, key=lambda font: ("Serif" in font.name, font.name))

    def _files(self) -> list[Path]:
        files: list[Path] = []
        for folder in self._folders:
            for current, dirs, names in os.walk(folder):
                dirs.sort()
                files.extend(Path(current, name) for name in sorted(names)
                             if name.lower().endswith(".ttf"))
                if len(files) > MAX_FONT_FILES:
                    return files[:MAX_FONT_FILES]
        return files


def language_fonts(kit: Kit | None, site: Site | None, langs: Iterable[str],
                   installed: InstalledFonts) -> list[LanguageFont]:
    """Each language of the kit that needs a font: the one site.yaml gives, and those
    installed here, with what each covers."""
    found = []
    for lang in langs:
        script = script_needed(lang)
        if script is None:
            continue
        characters = printed_characters(kit, lang, script)
        current, current_coverage = None, None
        given = next((font for font in (site.fonts if site is not None else ())
                      if font.lang in with_base(lang)), None)
        if given is not None and site is not None:
            root = site.source.path.parent.resolve()
            current = (given.regular.relative_to(root).as_posix()
                       if given.regular.is_relative_to(root) else given.regular.name)
            try:
                cmap, _, _ = font_cmap(given.regular.read_bytes())
                current_coverage = coverage(cmap, characters)
            except (OSError, ValueError):
                current_coverage = None
        choices = sorted(((font, coverage(font.cmap, characters))
                          for font in installed.for_script(script)),
                         key=lambda pair: len(pair[1].missing))
        found.append(LanguageFont(lang, script, current, current_coverage, tuple(choices)))
    return found


def font_file_name(lang: str, postscript: str | None, fallback: str) -> str:
    """fonts/<name>.ttf, named by the server: the font's PostScript name (or the installed
    file's name) reduced to letters, digits, - and _."""
    stem = _SAFE_NAME.sub("", postscript or "") or _SAFE_NAME.sub("", fallback) or f"{lang}-font"
    return f"fonts/{stem[:60]}.ttf"
