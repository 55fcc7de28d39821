"""The font a fillable form's text fields are typed in, for one language.

A viewer draws what is typed into a field in the font its default appearance (/DA) names.
ReportLab's forms name Helvetica, one of the 14 standard fonts, which covers Windows-1252
alone: Arabic, Thai or Chinese typed into it is drawn in whatever font the viewer finds, or
as boxes; and a standard font is never embedded, so even English is typed in a face the
file does not hold (a designer's review: "English fillable fields use Helvetica, not
embedded"). Every language's fields get the face that sets its printed text, embedded
whole (a typed name may use any letter of the script), or, where that face has the Latin
letters alone, Noto Sans (Latin, Greek, Cyrillic, Vietnamese): a name may be typed in
another script than the form's (`form_family`); for Chinese,
Japanese and Korean, whose faces hold tens of thousands of glyphs, a subset: the national
standard's common characters (GB 2312 level 1, Big5's frequent ones, JIS X 0208 level 1,
KS X 1001's Hangul), with its symbols and ASCII.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from types import MappingProxyType

from generator.content.models import SiteFont
from generator.i18n.font_files import face_cmap, truetype_subset, whole_instance
from generator.i18n.fonts import chain_for, family

ASCII = "".join(chr(code) for code in range(0x20, 0x7F))


def _euc(codec: str, rows: Iterable[int]) -> str:
    """The characters of an EUC-encoded standard's `rows` (94 cells each)."""
    found = []
    for row in rows:
        for cell in range(0xA1, 0xFF):
            try:
                found.append(bytes((0xA0 + row, cell)).decode(codec))
            except UnicodeDecodeError:
                continue
    return "".join(found)


def _big5(last_lead: int) -> str:
    """Big5's symbols and its frequent characters (lead bytes 0xA1 to `last_lead`)."""
    found = []
    for lead in range(0xA1, last_lead + 1):
        for trail in (*range(0x40, 0x7F), *range(0xA1, 0xFF)):
            try:
                found.append(bytes((lead, trail)).decode("big5"))
            except UnicodeDecodeError:
                continue
    return "".join(found)


# Rows 1-9 of the EUC standards are symbols, kana, Latin, Greek and Cyrillic; then:
COMMON = MappingProxyType({
    "noto-cjk-sc": lambda: _euc("gb2312", range(1, 56)),  # level 1: 3,755 hanzi
    "noto-cjk-tc": lambda: _big5(0xC6),  # 5,401 frequent hanzi
    "noto-cjk-jp": lambda: _euc("euc_jp", range(1, 48)),  # level 1: 2,965 kanji
    "noto-cjk-ko": lambda: _euc("euc_kr", range(1, 41)),  # 2,350 Hangul syllables
})


# A face that covers more than the Latin letters: Latin, Greek, Cyrillic and Vietnamese.
WIDE = "noto-sans"


def form_family(lang: str, catalogue: str, site_fonts: tuple[SiteFont, ...] = ()) -> str:
    """The family `lang`'s form fields are typed in: the first of its chain whose regular
    face covers `catalogue` (every string the kit prints in it), the one that sets its text
    where none does; where that face has the Latin letters alone, the wide face, where it
    covers the catalogue too. What is typed is a name or a number, in whatever script the
    person writes it: English fields were typed in Atkinson Hyperlegible, its body face,
    which has no letter beyond Latin (a review: "Мария" or "Nguyễn" typed into the English
    plan showed missing glyphs). A script's own face (Arabic, Thai, Devanagari, Chinese)
    covers its script and the Latin letters, and shapes it."""
    keys = chain_for(lang, site_fonts)
    wanted = {ord(char) for char in catalogue if not char.isspace()}
    for key in keys:
        chosen = family(key)
        cmap = face_cmap(chosen.regular(), chosen.cjk_face or 0)
        if wanted <= cmap:
            wide = family(WIDE)
            if _latin_only(cmap) and wanted <= face_cmap(wide.regular(), wide.cjk_face or 0):
                return WIDE
            return key
    return keys[0]


# Letters beyond Latin a face with the Latin letters alone may still have: its symbols
# (Atkinson Hyperlegible's Δ, Ω, μ, π, ℓ); a script's face has dozens (Thai 57).
STRAY_LETTERS = 20


def _latin_only(cmap: frozenset[int]) -> bool:
    """Whether a face's letters are Latin alone: a few stray ones at most past Greek's
    (U+0370), not counting Latin Extended Additional's (U+1E00-1EFF)."""
    return sum(1 for code in cmap if code >= 0x370 and not 0x1E00 <= code <= 0x1EFF
               and chr(code).isalpha()) < STRAY_LETTERS


def form_font(lang: str, catalogue: str, site_fonts: tuple[SiteFont, ...] = ()) -> Path:
    """The font file `lang`'s form fields are typed in (form_family)."""
    key = form_family(lang, catalogue, site_fonts)
    chosen = family(key)
    if chosen.cjk_face is not None:
        common = COMMON.get(key, lambda: "")()
        return truetype_subset(chosen.regular(), chosen.cjk_face,
                               "".join(dict.fromkeys(ASCII + common + catalogue)))
    return whole_instance(chosen.regular())
