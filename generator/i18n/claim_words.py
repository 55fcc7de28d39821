"""A translation that says more of a line than its data does (red team, session 8).

The sentences a piece says of a line are chosen by what the line's data supports
(generator/content/promises.py): "Free and private." beside a line open Monday to Friday,
"Scan to call" beside a QR code that only calls. A site's own catalogue may reword them, and
a translator who copies "Gratis y privado, a cualquier hora." into `promise_free_private`
prints "any time" on every Spanish piece beside a line open 9 to 5, where the English one
says only "Free and private.".

Each claim's words in a language are read from havenprint's own catalogue of it (reviewed
with the project): the words every sentence making the claim has and no sentence without it
has ("a cualquier hora"; "随时可用" as its pairs of characters in a script written without
spaces). A site's sentence without the claim that has all of them is refused, and so is a
"24" in a sentence that does not say "any time" ("las 24 horas", "24/7"). A language
havenprint has no catalogue of is not read this way (nothing to learn its words from).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from types import MappingProxyType

from generator import PACKAGE_DIR
from generator.content.promises import ANY_TIME, FREE, PRIVATE, PROMISE_STRINGS
from generator.engine import remembered
from generator.errors import Code, Flaw

TEXTING = "texting"


def _keys(claim: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return (tuple(key for claims, key in PROMISE_STRINGS.items() if claim in claims),
            tuple(key for claims, key in PROMISE_STRINGS.items() if claim not in claims))


# Each claim: the catalogue keys whose sentences make it, and those that must not.
CLAIMS: Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]] = MappingProxyType({
    ANY_TIME: _keys(ANY_TIME), FREE: _keys(FREE), PRIVATE: _keys(PRIVATE),
    TEXTING: (("scan_sms", "qr_alt_sms", "qr_alt_sms_keyword"), ("scan_tel", "qr_alt_tel")),
})
_SAID = MappingProxyType({
    ANY_TIME: "it prints beside a line whose hours are not 24/7",
    FREE: "it prints beside a line not known to be free to call",
    PRIVATE: "it prints beside a line not known to be confidential",
    TEXTING: "it prints beside a QR code that only calls",
})
_HAN = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_UNSPACED = re.compile("[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff"
                       "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_PLACEHOLDER = re.compile(r"\{[^}]*\}")


def words_of(text: str) -> frozenset[str]:
    """`text`'s words, case and form aside; in a script written without spaces, its runs of
    two Han characters or three letters of another script (Thai)."""
    text = _PLACEHOLDER.sub(" ", unicodedata.normalize("NFC", text).casefold())
    text = "".join(char if unicodedata.category(char)[0] in "LMN" else " " for char in text)
    found: set[str] = set()
    for word in text.split():
        if _UNSPACED.search(word):
            size = 2 if _HAN.search(word) else 3
            found.update(word[at:at + size] for at in range(max(len(word) - size + 1, 1)))
        else:
            found.add(word)
    return frozenset(found)


@remembered(64)
def claim_words(lang: str) -> Mapping[str, frozenset[str]]:
    """Each claim's words in `lang` (or the language it is a variant of), from havenprint's
    own catalogue of it; none for a language it has no catalogue of."""
    from generator.content.yamlfile import load_yaml

    path = next((path for code in (lang, lang.split("-")[0])
                 if (path := PACKAGE_DIR / "locales" / f"{code}.yaml").is_file()), None)
    if path is None:
        return MappingProxyType({})
    data = load_yaml(path).data
    strings = {key: value for key, value in data.items() if isinstance(value, str)}
    found = {}
    for claim, (making, not_making) in CLAIMS.items():
        said = [words_of(strings[key]) for key in making if key in strings]
        if not said:
            continue
        words = frozenset.intersection(*said).difference(
            *(words_of(strings[key]) for key in not_making if key in strings))
        if words:
            found[claim] = words
    return MappingProxyType(found)


def claim_problem(lang: str, key: str, text: str) -> Flaw | None:
    """Why the string `key` of `lang`, as a site writes it, says something of a line that
    the sentences printed in its place must not, or None."""
    for claim, (_, not_making) in CLAIMS.items():
        if key not in not_making:
            continue
        words = claim_words(lang).get(claim)
        if words and words <= words_of(text):
            shown = " ".join(sorted(words))
        elif claim == ANY_TIME and any(_value(run) == "24" for run in re.findall(r"\d+", text)):
            shown = "24"
        else:
            continue
        return Flaw(Code.CLAIM_ADDED, (
            f"says '{claim}' ({shown}), which this sentence must not: {_SAID[claim]}; "
            "translate the English sentence only"),
            {"claim": claim, "phrase": shown})
    return None


def _value(digits: str) -> str:
    return "".join(str(unicodedata.decimal(char)) for char in digits)
