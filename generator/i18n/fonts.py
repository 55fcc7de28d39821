"""The one place that touches ReportLab's global font registry.

Each language has a chain of font families: the first sets the text, the others fill in
characters it lacks (digits and Latin inside Arabic text, say). Fonts come from PyPI packages
and are always embedded. `FontSet.missing` checks text against every family's cmap, because
ReportLab silently prints a box for a character its font lacks.
"""

from __future__ import annotations

import hashlib
import html
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType, ModuleType

import fontpkg_atkinson_hyperlegible
import fontpkg_heebo
import fontpkg_hind_siliguri
import fontpkg_noto_sans
import fontpkg_noto_sans_arabic
import fontpkg_noto_sans_devanagari
import fontpkg_noto_sans_khmer
import fontpkg_noto_sans_tamil
import fontpkg_noto_sans_thai
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics

from generator.content.language_tags import with_base
from generator.content.models import SiteFont
from generator.engine import current_engine, engine, remembered
from generator.i18n.font_files import (
    emboldened,
    face_cmap,
    is_variable,
    static_instance,
    truetype_subset,
)
from generator.i18n.plain_text import plain_text
from generator.i18n.reportlab_text import ShapingFont
from generator.i18n.scripts import script_of

REGULAR = "havenprint-regular"  # Atkinson Hyperlegible: office-sheet captions, the default
BOLD = "havenprint-bold"
WEIGHTS = MappingProxyType({"regular": 400, "bold": 700})


def _files(package: ModuleType) -> Path:
    assert package.__file__ is not None, f"{package.__name__} is not a font package"
    return Path(package.__file__).parent / "files"


@dataclass(frozen=True)
class Family:
    """Where a family's Regular and Bold come from."""

    key: str
    regular: Callable[[], Path]
    bold: Callable[[], Path]
    cjk_face: int | None = None  # index in the Noto Sans CJK collection, subset per document
    shaped: bool = False  # letters that change shape, combine or reorder: HarfBuzz sets them
    # Letters that join or marks that stack (Arabic, Devanagari, Bengali, Thai...), which
    # blur at sizes Latin text still reads at: the layouts' `shaped_floor` applies. Hebrew
    # is shaped (its points are placed by HarfBuzz) but its letters stand apart, unpointed
    # on every piece: it reads at the Latin floor (design.md).
    fine_marks: bool = True
    # The least line spacing over the size the face needs, where it needs more than its
    # script does: Nastaliq's words cascade down to the baseline from over 2 em above it
    # and reach 0.6 em below. Measured with pdfium's glyph boxes on the default article's
    # large print in Urdu: at 1.5 times the size, 185 glyphs of a line overlap the next
    # (9.5 pt deep at 14 pt); at 2.25, none at 14 pt and one at 18 pt; at 2.35, none, until
    # a narrower measure (64 characters) broke a line under which a kaf rose 2.1 em: one
    # pair 1.5 pt deep at 2.35, 0.8 at 2.4; at 2.5, none.
    leading: float = 0.0
    # A font of the system's, not of a package: where its file is absent a layout that
    # prefers it prints in the script's built-in family instead, and the build says so.
    system: bool = False
    name: str = ""  # what a reader calls it ("Nastaliq"), for that note


def _static(package: ModuleType, name: str) -> Callable[[], Path]:
    return lambda: _files(package) / name


def _variable_source(package: ModuleType) -> Path:
    return next(path for path in sorted(_files(package).glob("*[[]*wght*[]].ttf"))
                if "Italic" not in path.name)


def _variable(package: ModuleType, weight: int, width: float = 100) -> Callable[[], Path]:
    def instance() -> Path:
        style = ("Bold" if weight >= 700 else "Regular") if width == 100 else (
            f"Width{width:g}{'Bold' if weight >= 700 else 'Regular'}")
        return static_instance(_variable_source(package), {"wght": weight, "wdth": width},
                               style)
    return instance


def _cjk(face: int) -> Family:
    """A face of the Noto Sans CJK collection: `regular` is the collection file, which is
    subset per document; the bold is made from that subset."""
    def collection() -> Path:
        import noto_cjk_sans_otc  # importlib.resources and zipfile: for CJK text only

        return Path(str(noto_cjk_sans_otc.FONT_PATH))
    return Family(f"noto-cjk-{face}", collection, collection, cjk_face=face)


def _variable_family(key: str, package: ModuleType, fine_marks: bool = True) -> Family:
    return Family(key, _variable(package, 400), _variable(package, 700), shaped=True,
                  fine_marks=fine_marks)


# Debian's fonts-noto-core (installed in CI, .ci/run): Noto Nastaliq Urdu is on no PyPI
# package. Never downloaded: a layout that prefers it uses it where the file is.
NOTO_CORE = Path("/usr/share/fonts/truetype/noto")
NOTO_CORE_PACKAGE = "fonts-noto-core"


def _system(name: str) -> Callable[[], Path]:
    return lambda: NOTO_CORE / name


FAMILIES = MappingProxyType({
    "atkinson": Family("atkinson", _static(fontpkg_atkinson_hyperlegible,
                                           "AtkinsonHyperlegible-Regular.ttf"),
                       _static(fontpkg_atkinson_hyperlegible, "AtkinsonHyperlegible-Bold.ttf")),
    "noto-sans": Family("noto-sans", _variable(fontpkg_noto_sans, 400),
                        _variable(fontpkg_noto_sans, 700)),
    "noto-arabic": _variable_family("noto-arabic", fontpkg_noto_sans_arabic),
    # Urdu as its readers expect it, where a layout's room allows (`script_faces`: large
    # print); Noto Sans Arabic's Naskh elsewhere.
    "noto-nastaliq": Family("noto-nastaliq", _system("NotoNastaliqUrdu-Regular.ttf"),
                            _system("NotoNastaliqUrdu-Bold.ttf"), shaped=True, leading=2.5,
                            system=True, name="Nastaliq"),
    "heebo": _variable_family("heebo", fontpkg_heebo, fine_marks=False),
    "noto-devanagari": _variable_family("noto-devanagari", fontpkg_noto_sans_devanagari),
    "noto-thai": _variable_family("noto-thai", fontpkg_noto_sans_thai),
    "noto-khmer": _variable_family("noto-khmer", fontpkg_noto_sans_khmer),
    "noto-tamil": _variable_family("noto-tamil", fontpkg_noto_sans_tamil),
    # Bengali: Noto Sans Bengali is not on PyPI; Hind Siliguri (Indian Type Foundry, OFL) is.
    "hind-siliguri": Family("hind-siliguri",
                            _static(fontpkg_hind_siliguri, "HindSiliguri-Regular.ttf"),
                            _static(fontpkg_hind_siliguri, "HindSiliguri-Bold.ttf"), shaped=True),
    # Faces of NotoSansCJK-Regular.ttc: 1 Korean, 2 Simplified and 3 Traditional Chinese, 0 JP.
    "noto-cjk-ko": _cjk(1),
    "noto-cjk-sc": _cjk(2),
    "noto-cjk-tc": _cjk(3),
    "noto-cjk-jp": _cjk(0),
})

# Families whose variable font has a width axis (`wdth`, 62.5-100): a layout's style may set
# its text narrower in them (`narrow_width`: a card's line names, a step over their details,
# where at their normal width they run to two lines and the back lacks the room).
NARROWABLE = MappingProxyType({"noto-sans": fontpkg_noto_sans,
                               "noto-thai": fontpkg_noto_sans_thai})


# The family that sets each language's text, by language code or its base ("es" of "es-MX").
# Languages written in Ethiopic (am, ti), Gurmukhi (pa) or Myanmar (my) script have no font
# on PyPI: a site gives one (`fonts:` in site.yaml). Latin-script languages (so, tl, ...)
# are set in Atkinson Hyperlegible, with Noto Sans for the letters it lacks.
PRIMARY = MappingProxyType({
    "vi": "noto-sans", "ru": "noto-sans", "uk": "noto-sans", "el": "noto-sans",
    "bg": "noto-sans", "sr": "noto-sans",
    "ar": "noto-arabic", "fa": "noto-arabic", "ur": "noto-arabic", "ps": "noto-arabic",
    "prs": "noto-arabic",  # Dari (also written fa-AF)
    "he": "heebo", "yi": "heebo",
    "hi": "noto-devanagari", "mr": "noto-devanagari", "ne": "noto-devanagari",
    "bn": "hind-siliguri", "as": "hind-siliguri",
    "ta": "noto-tamil", "th": "noto-thai", "km": "noto-khmer",
    "zh-Hans": "noto-cjk-sc", "zh": "noto-cjk-sc", "zh-Hant": "noto-cjk-tc",
    "ko": "noto-cjk-ko", "ja": "noto-cjk-jp",
})
# Languages in a script with no font on PyPI: they print with a font the site gives.
SITE_FONT_LANGUAGES = MappingProxyType({
    "am": "Ethiopic", "ti": "Ethiopic", "pa": "Gurmukhi", "my": "Myanmar", "lo": "Lao"})
FALLBACKS = ("atkinson", "noto-sans")
SHAPED_FAMILIES = frozenset({key for key, family in FAMILIES.items() if family.shaped})
RTL_LANGUAGES = frozenset({"ar", "fa", "ur", "ps", "prs", "he", "yi"})


@remembered(64)
def right_to_left(lang: str) -> bool:
    """Languages written right to left: those above, and any other that CLDR says is (a site
    may print Sorani Kurdish `ckb`, Sindhi `sd`, Uyghur `ug` or Punjabi in Shahmukhi
    `pa-Arab`, none of them built in)."""
    if lang.split("-")[0] in RTL_LANGUAGES:
        return True
    return _cldr_direction(lang) == "right-to-left"


def _cldr_direction(lang: str) -> str:
    """CLDR's character order for `lang` ("" for a language babel does not know)."""
    from babel import Locale, UnknownLocaleError  # CLDR's data: for the build only

    try:
        return str(Locale.parse(lang, sep="-").character_order)
    except (ValueError, TypeError, UnknownLocaleError):
        return ""


def chain_for(lang: str, site_fonts: tuple[SiteFont, ...] = (),
              preferred: str | None = None) -> tuple[str, ...]:
    """The families that set `lang`: the site's own font for it if it gives one, else the
    one the layout prefers for it (`preferred`, where its file is on this system), else the
    built-in one, then the Latin fallbacks."""
    own = _site_font_for(lang, site_fonts)
    builtin = next((PRIMARY[tag] for tag in with_base(lang) if tag in PRIMARY), "atkinson")
    keys = (site_family(own),) if own is not None else ()
    if own is None and preferred is not None and family_available(preferred):
        keys = (preferred,)
    return tuple(dict.fromkeys((*keys, builtin, *FALLBACKS)))


def family_available(key: str) -> bool:
    """Whether a family's files are here: a system font's may not be."""
    chosen = FAMILIES.get(key)
    if chosen is None:
        return False
    return not chosen.system or (chosen.regular().is_file() and chosen.bold().is_file())


def _site_font_for(lang: str, site_fonts: tuple[SiteFont, ...]) -> SiteFont | None:
    for code in (lang, lang.split("-")[0]):
        for font in site_fonts:
            if font.lang == code:
                return font
    return None


def site_family(font: SiteFont) -> str:
    """The family key of a font a site gives, registered on first use. A file with a Bold
    beside it (NotoSansEthiopic-Regular.ttf, -Bold.ttf) or a variable font has a real bold;
    otherwise bold text is drawn in a thickened copy."""
    stat = font.regular.stat()
    digest = hashlib.sha256(repr((str(font.regular), stat.st_size, stat.st_mtime_ns,
                                  str(font.bold))).encode()).hexdigest()[:10]
    key = f"site-{font.regular.stem.split('[')[0]}-{digest}"
    families = current_engine().site_families  # fonts sites give, registered as they are built
    if families.get(key) is None:
        families.remember(key, Family(key, _site_file(font.regular, 400), _site_bold(font),
                                      shaped=True))
    return key


def _site_file(path: Path, weight: int) -> Callable[[], Path]:
    def instance() -> Path:
        if not is_variable(path):
            return path
        return static_instance(path, {"wght": weight, "wdth": 100},
                               "Bold" if weight >= 700 else "Regular")
    return instance


def _site_bold(font: SiteFont) -> Callable[[], Path]:
    def bold() -> Path:
        if font.bold is not None:
            return _site_file(font.bold, 700)()
        sibling = font.regular.with_name(font.regular.name.replace("Regular", "Bold"))
        if sibling != font.regular and sibling.is_file():
            return sibling
        if is_variable(font.regular):
            return _site_file(font.regular, 700)()
        return emboldened(font.regular, cached=True)
    return bold


def family(key: str) -> Family:
    found = FAMILIES.get(key) or current_engine().site_families.get(key)
    if found is None:
        raise KeyError(key)
    return found


def _family_cmap(key: str) -> frozenset[int]:
    chosen = family(key)
    if chosen.cjk_face is not None:
        return face_cmap(chosen.regular(), chosen.cjk_face)
    return face_cmap(chosen.regular())


def extra_families(chain: tuple[str, ...], text: str,
                   site_fonts: tuple[SiteFont, ...] = ()) -> tuple[str, ...]:
    """Families beyond `chain` that the characters of `text` need: a Chinese or Arabic line
    name in an English kit. A character the language's own face lacks is set in the site's
    font that has it, else in its script's built-in family (Noto Sans has Devanagari
    letters, but only Noto Sans Devanagari is shaped as Devanagari must be), else in a face
    of the chain that has it. Only what the text needs is loaded, so a kit in one script
    pays for nothing else."""
    primary = _family_cmap(chain[0])
    wanted = sorted(char for char in set(text)
                    if not char.isspace() and ord(char) not in primary)
    if not wanted:
        return ()
    chain_cmaps = [_family_cmap(key) for key in chain[1:]]
    site_keys = [site_family(font) for font in site_fonts]
    extras: list[str] = []
    for char in wanted:
        code = ord(char)
        script = script_of(char)
        key = next((k for k in site_keys if code in _family_cmap(k)), None)
        if key is None and script is not None and script.family is not None:
            key = script.family
        if key is None and not any(code in cmap for cmap in chain_cmaps):
            continue  # nothing has it: `FontSet.missing` reports it
        if key is not None and key not in chain and key not in extras:
            extras.append(key)
    return tuple(extras)


def uncovered(lang: str, text: str, site_fonts: tuple[SiteFont, ...] = ()) -> list[str]:
    """The characters of `text` no face would draw in `lang` (what `FontSet.missing` says of
    the faces `font_set` would choose), read from the fonts' character maps alone: nothing
    registered, no CJK subset made (a translator file's strings, checked before they are
    written)."""
    chain = chain_for(lang, site_fonts)
    cmaps = [_family_cmap(key) for key in chain + extra_families(chain, text, site_fonts)]
    return [char for char in dict.fromkeys(text)
            if not char.isspace() and not any(ord(char) in cmap for cmap in cmaps)]


def register_fonts() -> None:
    """That the process's engine has started (generator/render/starters.py: the patches
    installed, the default faces registered) before text is measured or drawn."""
    engine()


def register_default_faces() -> None:
    """The default faces, always available (captions, the canvas's initial font)."""
    _register(REGULAR, FAMILIES["atkinson"].regular())
    _register(BOLD, FAMILIES["atkinson"].bold())
    _map_bold(REGULAR, BOLD)


def _register(name: str, path: Path) -> None:
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(ShapingFont(name, str(path)))


def _map_bold(regular: str, bold: str) -> None:
    for is_bold, is_italic in ((0, 0), (1, 0), (0, 1), (1, 1)):
        addMapping(regular, is_bold, is_italic, bold if is_bold else regular)


@dataclass(frozen=True)
class Face:
    family: str
    regular: str  # registered ReportLab font names
    bold: str
    cmap: frozenset[int]
    shaped: bool = False
    fine_marks: bool = True  # with `shaped`: the layouts' shaped_floor applies (Family)
    leading: float = 0.0  # the least line spacing over the size it needs (Family)

    def name(self, weight: str) -> str:
        return self.bold if weight == "bold" else self.regular


@dataclass(frozen=True)
class FontSet:
    """The faces that set one language's text, primary first."""

    lang: str
    faces: tuple[Face, ...]
    # face_for's answers: asked for every character of every paragraph at every size tried.
    _chosen: dict[tuple[str, str], Face | None] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False)
    # Its hash, worked out once: a FontSet is part of the key of every fit and width
    # remembered, hashed for each paragraph measured, and each Face hashes all its fields.
    _hash: int = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.lang, self.faces)))

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[type[FontSet], tuple[str, tuple[Face, ...]]]:
        return FontSet, (self.lang, self.faces)  # another process works out its own hash

    @property
    def rtl(self) -> bool:
        """Languages written right to left: their layouts mirror."""
        return right_to_left(self.lang)

    @property
    def word_wrap(self) -> str | None:
        """Chinese and Japanese text may break between characters ('CJK' rules). Korean
        puts spaces between words and breaks only there, like Latin text."""
        cjk = self.faces[0].family.startswith("noto-cjk")
        return "CJK" if cjk and self.faces[0].family != FAMILIES["noto-cjk-ko"].key else None

    @property
    def shaping(self) -> bool:
        """Scripts whose letters change shape or combine need HarfBuzz (ReportLab shaping):
        the language's own, or one a line name brings into the kit."""
        return any(face.shaped for face in self.faces)

    @property
    def fine_marks(self) -> bool:
        """Text whose letters join or whose marks stack (the language's own, or one a line
        name brings into the kit): it prints at a layout's `shaped_floor` at least."""
        return any(face.shaped and face.fine_marks for face in self.faces)

    def primary(self, weight: str = "regular") -> str:
        return self.faces[0].name(weight)

    def missing(self, text: str) -> list[str]:
        """Characters of `text` (other than whitespace) that no face can draw."""
        return [char for char in dict.fromkeys(text)  # each character once, in order
                if not char.isspace() and self.face_for(char) is None]

    def face_for(self, char: str, weight: str = "regular") -> Face | None:
        """The face that draws `char`: the language's own if it has it, else its script's
        family if present (Devanagari from Noto Sans Devanagari, not Noto Sans), else the
        first that has it; for bold text, one with a real bold if any does (Noto Sans CJK
        has none, so digits in a bold Chinese number come from Noto)."""
        key = (char, weight)
        if key not in self._chosen:
            code = ord(char)
            covering = [face for face in self.faces if code in face.cmap]
            if covering and covering[0] is not self.faces[0]:
                script = script_of(char)
                own_key = family(script.family).key if script and script.family else None
                own = [face for face in covering if face.family == own_key]
                covering = own + [face for face in covering if face not in own]
            if weight == "bold":
                bold = [face for face in covering if face.bold != face.regular]
                covering = bold or covering
            self._chosen[key] = covering[0] if covering else None
        return self._chosen[key]

    def narrowed(self, width: float) -> FontSet | None:
        """These faces with the primary one at `width` (its `wdth` axis: 87.5 is semi-
        condensed), made once and cached like every instance; None where the primary
        family has no width axis (NARROWABLE)."""
        return _narrowed(self, width)

    def with_fallbacks(self, markup: str, weight: str) -> str:
        """Paragraph markup with runs the primary face lacks wrapped in <font face=...>."""
        return _with_fallbacks(self, markup, weight)

    def _marked(self, markup: str, weight: str) -> str:
        plain = plain_text(markup)
        primary = self.faces[0]
        if weight != "bold" or primary.bold != primary.regular:
            cmap = primary.cmap
            if all(char == " " or ord(char) in cmap for char in plain):
                return markup
        elif all(self._in_primary(char, weight) for char in plain):
            return markup
        return "".join(part if part.startswith("<") else self._fallback_runs(part, weight)
                       for part in _TAG_SPLIT.split(markup) if part)

    def _in_primary(self, char: str, weight: str) -> bool:
        return char == " " or self.face_for(char, weight) is self.faces[0]

    def _fallback_runs(self, text: str, weight: str) -> str:
        out: list[str] = []
        run: list[str] = []
        run_face = self.faces[0]
        for char in html.unescape(text):
            # A plain space is drawn in any face; a no-break space only in one that has it
            # (Hind Siliguri lacks U+00A0).
            face = run_face if char == " " else (self.face_for(char, weight)
                                                 or self.faces[0])
            if face is not run_face and run:
                out.append(_wrap("".join(run), run_face, self.faces[0], weight))
                run = []
            run_face = face
            run.append(char)
        if run:
            out.append(_wrap("".join(run), run_face, self.faces[0], weight))
        return "".join(out)


@remembered(4096)
def _with_fallbacks(fonts: FontSet, markup: str, weight: str) -> str:
    return fonts._marked(markup, weight)


_TAG_SPLIT = re.compile(r"(<[^>]*>)")


def _wrap(text: str, face: Face, primary: Face, weight: str) -> str:
    escaped = html.escape(text, quote=False)
    if face is primary:
        return escaped
    return f'<font face="{face.name(weight)}">{escaped}</font>'


def font_set(lang: str, text: str = "", site_fonts: tuple[SiteFont, ...] = (),
             known: Callable[[], frozenset[str]] | None = None,
             preferred: str | None = None) -> FontSet:
    """The faces for `lang`, registered, with those of any other script `text` needs. CJK
    faces are subset to the characters `known` gives (every character the kit could print:
    one subset for all its documents) when they include all of `text`'s, else to `text`'s.
    `preferred`: the family a layout asks for `lang` (chain_for)."""
    chain = chain_for(lang, site_fonts, preferred)
    keys = chain + extra_families(chain, text, site_fonts)
    chars = ""
    if any(family(key).cjk_face is not None for key in keys):
        used = frozenset(text)
        superset = known() if known is not None else frozenset()
        chars = "".join(sorted(superset if used <= superset else used))
    return _font_set(lang, keys, chars)


@remembered(512)
def _font_set(lang: str, keys: tuple[str, ...], chars: str) -> FontSet:
    register_fonts()
    return FontSet(lang, tuple(_face(family(key), chars) for key in keys))


def _face(chosen: Family, chars: str) -> Face:
    if chosen.key == "atkinson":
        return Face(chosen.key, REGULAR, BOLD, face_cmap(chosen.regular()))
    if chosen.cjk_face is not None:
        return _cjk_face(chosen, chosen.cjk_face, chars)
    regular, bold = f"hp-{chosen.key}-regular", f"hp-{chosen.key}-bold"
    regular_path = chosen.regular()
    _register(regular, regular_path)
    _register(bold, chosen.bold())
    _map_bold(regular, bold)
    return Face(chosen.key, regular, bold, face_cmap(regular_path), chosen.shaped,
                chosen.fine_marks, chosen.leading)


def _cjk_face(chosen: Family, face_index: int, chars: str) -> Face:
    """Noto Sans CJK's bold is not on PyPI in a form ReportLab can embed: the bold face is
    the regular subset, emboldened."""
    source = chosen.regular()
    full_cmap = face_cmap(source, face_index)
    wanted = "".join(c for c in chars if ord(c) in full_cmap) + "0123456789 "
    digest = hashlib.sha256(wanted.encode()).hexdigest()[:10]
    regular, bold = f"hp-{chosen.key}-{digest}", f"hp-{chosen.key}-{digest}-bold"
    subset_path = truetype_subset(source, face_index, wanted)
    _register(regular, subset_path)
    _register(bold, emboldened(subset_path))
    _map_bold(regular, bold)
    return Face(chosen.key, regular, bold, full_cmap)


@remembered(64)
def _narrowed(fonts: FontSet, width: float) -> FontSet | None:
    primary = fonts.faces[0]
    package = NARROWABLE.get(primary.family)
    if package is None:
        return None
    key = f"{primary.family}-w{width:g}"
    regular, bold = f"hp-{key}-regular", f"hp-{key}-bold"
    _register(regular, _variable(package, 400, width)())
    _register(bold, _variable(package, 700, width)())
    _map_bold(regular, bold)
    face = replace(primary, family=key, regular=regular, bold=bold)
    return FontSet(fonts.lang, (face, *fonts.faces[1:]))
