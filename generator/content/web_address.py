"""Whether a line's `url` (resources.yaml, an import) is a web address a browser and a QR
code can open, and one that is what it looks like: http(s):// (in any case: the scheme is
written in small letters), a public host name, and nothing the WHATWG URL rules refuse
(pydantic's URL type applies them: a bracket that does not close an IPv6 address, a port
over 65535, a host with `<`), nor anything Python's urlsplit refuses (what prints the
domain).

A public host name is a name with dots (`example.org`, not `localhost`, `https://.` or
`https://example`), each label of letters, digits and inner hyphens as IDNA 2008 allows
(`-example.org`, `example..org` refused), its last label a top-level domain of letters
(never a number, nor one kept for private networks and tests: `.local`, `.internal`,
`.test`...), in one script per label (`exаmple.org` with a Cyrillic а reads as
example.org: UTS #39's highly restrictive level, which lets Japanese mix kanji and kana),
and not wholly in letters of another script that all look like Latin ones under a Latin
top-level domain (`еѕсаре.org` in Cyrillic reads as escape.org: browsers show it as xn--).
Never a number address (`127.0.0.1`, `10.0.0.1`: whose it is cannot be told, and it may be
the phone's own network), a name and password before the host (`https://safe.org@other.net`
opens other.net), a space, or port 0."""

from __future__ import annotations

import ipaddress
import json
import re
from bisect import bisect_right
from pathlib import Path
from types import MappingProxyType
from urllib.parse import urlsplit

from pydantic import AnyHttpUrl, TypeAdapter, ValidationError

from generator.engine import remembered

_SCHEME = re.compile(r"(?i)^(https?)://")
_HTTP = re.compile(r"^https?://[^\s/]+")
_LOOKS_LIKE_ONE = re.compile(r"(?i)(?:https?://|www\.)\S+")
# Top-level names kept for private networks, tests and documentation (RFC 2606, 6761,
# 6762, 8375, ICANN's .internal), and those of networks a phone reaches only through them.
_PRIVATE_TOPS = frozenset({"localhost", "local", "internal", "test", "invalid", "example",
                           "arpa", "onion", "lan", "home", "corp", "intranet", "localdomain",
                           "alt"})
# Scripts that may share a label (UTS #39, highly restrictive): Japanese, Chinese with
# bopomofo, Korean, each also with Latin.
_MIXES_ALLOWED = (frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA"}),
                  frozenset({"LATIN", "HAN", "BOPOMOFO"}),
                  frozenset({"LATIN", "HAN", "HANGUL"}))
_ADVICE = "copy it from a browser's address bar"


def web_address(text: str) -> str:
    """`text` as it is printed and encoded: its scheme in small letters (`HTTPS://` opens
    as `https://`); check it with `web_address_problem` first."""
    return _SCHEME.sub(lambda found: found[1].lower() + "://", text, count=1)


def web_address_problem(text: str) -> str | None:
    """What keeps `text` from being a web address to print, or None."""
    if any(char.isspace() for char in text):
        return f"{text!r} is not a web address: it has a space; {_ADVICE}"
    address = web_address(text)
    if not _HTTP.match(address):
        return f"{text!r} is not a web address: it must start with https://"
    try:
        _url_type().validate_python(address)
        parts = urlsplit(address)
        host, port = parts.hostname, parts.port  # each checks its part
    except ValidationError as error:
        reason = str(error.errors()[0]["msg"]).removeprefix("Input should be a valid URL, ")
        return f"{text!r} is not a web address ({reason}): {_ADVICE}"
    except ValueError as error:
        return f"{text!r} is not a web address ({error}): {_ADVICE}"
    if parts.username is not None or parts.password is not None:
        return (f"{text!r} names {parts.hostname!r} after an '@': a phone opens that site, "
                "not the one before it; give the address without a name and '@'")
    if port == 0:
        return f"{text!r} is not a web address: port 0 opens nothing; {_ADVICE}"
    problem = host_problem(host or "")
    if problem is None:
        problem = _host_as_written_problem(address, host or "")
    return f"{text!r} is not a web address a phone can open: {problem}" if problem else None


_WRITTEN_HOST = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://([^/?#]*)")


def _host_as_written_problem(address: str, host: str) -> str | None:
    """A host written otherwise than a browser opens it (issue 40): what is printed must be
    what the code opens. Characters UTS #46 maps to others (an ideographic full stop for a
    dot, `thehotline.org。evil.com` opening thehotline.org.evil.com; full-width letters; a
    zero-width space, dropped), and a capital I among small letters that reads as the "l"
    of a national line's site (`thehotIine.org`, which opens thehotiine.org)."""
    import idna

    found = _WRITTEN_HOST.match(address)
    written = found.group(1).rsplit("@", 1)[-1].rsplit(":", 1)[0] if found else host
    try:
        opened = idna.uts46_remap(written, std3_rules=False, transitional=False)
    except (idna.IDNAError, UnicodeError):
        return None  # host_problem says what is wrong with it
    if opened != written.lower():
        return (f"its host {written!r} is written with characters a browser reads as others: "
                f"it opens {opened!r}; write the address as the browser shows it")
    read = "".join("l" if char == "I" and 0 < index < len(written) - 1
                   and written[index - 1].islower() and written[index + 1].islower()
                   else char for index, char in enumerate(written)).lower()
    if read != written.lower() and _national_site(read):
        return (f"its host {written!r} reads as {read!r}, a national line's site, but opens "
                f"{written.lower()!r} (a capital I for the l); write the line's own address")
    return None


def _national_site(host: str) -> bool:
    from generator.content.published_lines import published_lines

    domains = {domain.lower() for line in published_lines() for domain in line.web}
    return any(host == domain or host.endswith(f".{domain}") for domain in domains)


def host_problem(host: str) -> str | None:
    """What keeps `host` (as urlsplit gives it: small letters, no brackets) from being a
    public host name, or None."""
    import idna  # IDNA 2008 with UTS #46's mapping: for web addresses only

    name = host.removesuffix(".")
    try:
        ipaddress.ip_address(name)
    except ValueError:
        pass
    else:
        return (f"{host!r} is a number address (IP): whose it is cannot be told, and it may "
                "be the phone's own network; give the site's name")
    if "." not in name.strip("."):
        return f"{host!r} is not a name on the internet (a name with a dot: example.org)"
    try:
        ascii_name = idna.encode(name, uts46=True).decode("ascii")
        labels = idna.decode(ascii_name).split(".")
    except (idna.IDNAError, UnicodeError) as error:
        return f"{host!r} is not a host name ({error})"
    top = labels[-1]
    if top in _PRIVATE_TOPS or not (top.isalpha() or ascii_name.rsplit(".", 1)[-1].startswith(
            "xn--")):
        return (f"{host!r} ends in '.{top}', which is not a top-level domain of the internet "
                "(.org, .com, a country's...)")
    for label in labels:
        if mixed := _mixed_scripts(label):
            return (f"the part {label!r} of {host!r} mixes letters of {mixed}: it would read "
                    "as another site's name")
        if top.isascii() and (latin := _reads_as_latin(label)):
            return (f"the part {label!r} of {host!r} is written in {_label_script(label)} "
                    f"letters that all look like Latin ones: it reads as {latin!r}, another "
                    "site's name")
    return None


def _label_script(label: str) -> str:
    scripts = {_script(char) for char in label} - {"COMMON", "INHERITED"}
    return " and ".join(sorted(script.capitalize() for script in scripts))


def _reads_as_latin(label: str) -> str | None:
    """The Latin name a label of another script reads as when each of its letters looks
    like a Latin one (Cyrillic "еѕсаре" is "escape"): a whole-script homograph, which
    browsers show as xn-- where the top-level domain is Latin; None otherwise."""
    if label.isascii():
        return None
    letters = [char for char in label if char.isalpha()]
    if not letters or "LATIN" in {_script(char) for char in letters}:
        return None
    lookalikes = _latin_lookalikes()
    if not all(char in lookalikes for char in letters):
        return None
    return "".join(lookalikes.get(char, char) for char in label)


@remembered(1)
def _latin_lookalikes() -> dict[str, str]:
    """Each letter of another script that Unicode's confusables table gives as looking like
    one small Latin letter (confusable_homoglyphs' confusables.json, read as its data file:
    see `_script_ranges`)."""
    import confusable_homoglyphs

    data = json.loads(Path(confusable_homoglyphs.__file__).with_name("confusables.json")
                      .read_text(encoding="utf-8"))
    return {char: found[0]["c"] for char, homoglyphs in data.items() if len(char) == 1
            and (found := [one for one in homoglyphs if len(one["c"]) == 1
                           and "a" <= one["c"] <= "z"])}


def _mixed_scripts(label: str) -> str | None:
    """The scripts a host name's label mixes ("Cyrillic and Latin"), or None for one script
    (or a mix a language writes, such as Japanese's)."""
    scripts = {_script(char) for char in label} - {"COMMON", "INHERITED"}
    if len(scripts) <= 1 or any(scripts <= allowed for allowed in _MIXES_ALLOWED):
        return None
    return " and ".join(sorted(script.capitalize() for script in scripts))


_Ranges = tuple[tuple[int, ...], tuple[tuple[int, int, str], ...]]


@remembered(1)
def _script_ranges() -> _Ranges:
    """confusable_homoglyphs' table of code point ranges and their scripts (its
    categories.json), read as its data file, on first use: the package's `categories`
    module loads it through a module that imports urllib.request, and with it http.client
    and ssl, which a build that checks a web address has no use for."""
    import confusable_homoglyphs

    data = json.loads(Path(confusable_homoglyphs.__file__).with_name("categories.json")
                      .read_text(encoding="utf-8"))
    aliases = data["iso_15924_aliases"]
    ranges = tuple((start, end, aliases[alias])
                   for start, end, alias, _ in data["code_points_ranges"])
    return tuple(start for start, _, _ in ranges), ranges


def _script(char: str) -> str:
    """The script of a character ("LATIN", "CYRILLIC", "COMMON"...), as
    confusable_homoglyphs.categories.alias gives it."""
    starts, ranges = _script_ranges()
    index = bisect_right(starts, ord(char)) - 1
    if index >= 0 and ord(char) <= ranges[index][1]:
        return ranges[index][2]
    return "Unknown"


@remembered(1)
def _url_type() -> TypeAdapter[AnyHttpUrl]:
    return TypeAdapter(AnyHttpUrl)


_DEFAULT_PORTS = MappingProxyType({"http": 80, "https": 443})


def typed_address(text: str) -> str:
    """What a person types to reach the page a web address opens, as it prints for a line's
    website, the organisation's, or a link written as its address: the address without its
    scheme, a leading `www.` or a final `/` alone, but with any other port, its path and its
    query (`sites.google.com/view/riverside-chat`, `thehotline.org:8443/x`): the host alone
    would send a reader to another page than the QR code opens. The text as written when it
    is not a web address."""
    address = text.strip()
    if not _LOOKS_LIKE_ONE.fullmatch(address):
        return text
    try:
        parts = urlsplit(address if "://" in address else "//" + address)
        host, port = parts.hostname, parts.port
    except ValueError:  # "https://[www.example.org": no domain to tell
        return text
    if not host:
        return text
    # a fully qualified name's final dot ("thehotline.org.") opens the same site and would
    # print as the end of a sentence
    host = host.rstrip(".")
    if host.startswith("www.") and "." in host.removeprefix("www."):
        host = host.removeprefix("www.")
    if ":" in host:  # an IPv6 address is written in brackets
        host = f"[{host}]"
    scheme = (parts.scheme or "https").lower()
    if port is not None and port != _DEFAULT_PORTS.get(scheme):
        host = f"{host}:{port}"
    path = "" if parts.path == "/" else parts.path
    query = f"?{parts.query}" if parts.query else ""
    return host + path + query
