"""The writing systems havenprint knows: which characters belong to each, the built-in font
family that sets it when a kit in another language needs it (a Chinese line name in an
English kit), and where a site can get a font for one with no font on PyPI."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from generator.engine import remembered


@dataclass(frozen=True)
class Script:
    name: str
    ranges: tuple[tuple[int, int], ...]  # inclusive code point ranges
    family: str | None  # built-in family key; None: a site gives a font (site.yaml `fonts:`)
    example_file: str | None = None  # a font for it, for the advice in error messages
    debian_package: str | None = None  # a Debian package that has that file
    spaceless: bool = False  # written without spaces between words: ICU finds the breaks
    # the least line spacing over the type size: marks above and below the letters (Arabic's
    # dots and vowels, Thai's tone marks, Indic vowel signs) need room between lines
    # (design.md: 1.5 or more for Arabic, Thai and Indic scripts)
    leading: float = 0.0
    # Letters with nothing above or below their body (no ascender, descender, dot or mark):
    # their height is the script's x-height, against which it is sized optically beside
    # Latin text (generator/i18n/optical_size.py)
    core: str = ""


_NOTO_CORE = "fonts-noto-core"

SCRIPTS = (
    Script("Arabic", ((0x0600, 0x06FF), (0x0750, 0x077F), (0x08A0, 0x08FF), (0xFB50, 0xFDFF),
                      (0xFE70, 0xFEFF)), "noto-arabic", leading=1.5,
           core="\u066e\u0633\u0635\u0645\u0647\u0648\u0649"),  # ٮ س ص م ه و ى
    Script("Hebrew", ((0x0590, 0x05FF), (0xFB1D, 0xFB4F)), "heebo"),
    Script("Devanagari", ((0x0900, 0x097F), (0xA8E0, 0xA8FF)), "noto-devanagari", leading=1.5,
           core="\u0915\u092e\u0928\u092a\u092c\u0935\u0938"),  # क म न प ब व स
    Script("Bengali", ((0x0980, 0x09FF),), "hind-siliguri", leading=1.5,
           core="\u0995\u09ae\u09a8\u09aa\u09ac\u09b8"),  # ক ম ন প ব স
    Script("Gurmukhi", ((0x0A00, 0x0A7F),), None, "NotoSansGurmukhi-Regular.ttf", _NOTO_CORE,
           leading=1.5),
    Script("Tamil", ((0x0B80, 0x0BFF),), "noto-tamil", leading=1.5,
           core="\u0b95\u0bae\u0ba9\u0baa\u0bb5"),  # க ம ன ப வ
    Script("Thai", ((0x0E00, 0x0E7F),), "noto-thai", spaceless=True, leading=1.5,
           core="\u0e32\u0e19\u0e21\u0e2d\u0e1a\u0e27\u0e01"),  # า น ม อ บ ว ก
    Script("Lao", ((0x0E80, 0x0EFF),), None, "NotoSansLao-Regular.ttf", _NOTO_CORE,
           spaceless=True, leading=1.5),
    Script("Myanmar", ((0x1000, 0x109F), (0xA9E0, 0xA9FF), (0xAA60, 0xAA7F)), None,
           "NotoSansMyanmar-Regular.ttf", _NOTO_CORE, spaceless=True, leading=1.5),
    Script("Ethiopic", ((0x1200, 0x139F), (0x2D80, 0x2DDF), (0xAB00, 0xAB2F)), None,
           "NotoSansEthiopic-Regular.ttf", _NOTO_CORE),
    Script("Khmer", ((0x1780, 0x17FF), (0x19E0, 0x19FF)), "noto-khmer", spaceless=True,
           leading=1.5, core="\u1780\u1798\u1793\u1794\u179c"),  # ក ម ន ប វ
    Script("Hangul", ((0x1100, 0x11FF), (0x3130, 0x318F), (0xA960, 0xA97F), (0xAC00, 0xD7AF),
                      (0xD7B0, 0xD7FF)), "noto-cjk-ko"),
    Script("Kana", ((0x3040, 0x30FF), (0x31F0, 0x31FF), (0xFF66, 0xFF9F)), "noto-cjk-jp",
           spaceless=True),
    Script("Han", ((0x2E80, 0x2FDF), (0x3000, 0x303F), (0x3400, 0x4DBF), (0x4E00, 0x9FFF),
                   (0xF900, 0xFAFF), (0xFE30, 0xFE4F), (0xFF00, 0xFF65), (0x20000, 0x3134F)),
           "noto-cjk-sc", spaceless=True),
)

_SPANS = sorted(((start, end, script) for script in SCRIPTS for start, end in script.ranges),
                key=lambda span: span[0])
_STARTS = tuple(span[0] for span in _SPANS)
# Any character of a script written without spaces, found at the regex engine's speed
# (tests/test_scripts.py checks it against is_spaceless for every code point).
_SPACELESS = re.compile("[" + "".join(f"\\U{start:08x}-\\U{end:08x}"
                                      for start, end, script in _SPANS if script.spaceless) + "]")


@remembered(16384)
def script_of(char: str) -> Script | None:
    """The script of a character havenprint has a rule for; None for Latin, Cyrillic,
    Greek, digits, punctuation and anything else the Latin fallbacks draw or nothing does."""
    code = ord(char)
    index = bisect.bisect_right(_STARTS, code) - 1
    if index >= 0:
        start, end, script = _SPANS[index]
        if start <= code <= end:
            return script
    return None


def is_spaceless(char: str) -> bool:
    """Whether `char` belongs to a script written without spaces between words."""
    script = script_of(char)
    return script is not None and script.spaceless


def has_spaceless(text: str) -> bool:
    """Whether `text` has a character of a script written without spaces between words."""
    return _SPACELESS.search(text) is not None


def is_han_or_kana(char: str) -> bool:
    """Whether `char` is Chinese or Japanese (CJK punctuation included): text whose words are
    a character or two, broken between any two of them."""
    script = script_of(char)
    return script is not None and script.name in ("Han", "Kana")


def font_advice(char: str, key: str = "LANG") -> str:
    """What to do about a character no configured font has, for an error message; `key`, the
    language code the setting would name, when it is known."""
    script = script_of(char)
    if script is None or script.family is not None:
        return ""
    where = (f" (Debian's {script.debian_package} has "
             f"/usr/share/fonts/truetype/noto/{script.example_file})"
             if script.debian_package else "")
    return (f": havenprint has no built-in {script.name} font; give one in site.yaml, e.g. "
            f"`fonts: {{{key}: fonts/{script.example_file}}}` with the file in the content "
            f"folder{where}")
