"""Values checked before the page writes them: web addresses, names, hours, keywords, tab
labels, titles. Each check gives the reason a value cannot be written, for its field, or
None. The loaders check what they read too; these catch, on the field and as it is typed,
what would otherwise be written and then stop every page (`https://[www.thehotline.org`, an
address Python cannot even split) or print something other than what was meant.
"""

from __future__ import annotations

import re
import unicodedata
from urllib.parse import urlsplit

from generator.content.invisible import invisible_in
from generator.content.web_address import host_problem

MAX_URL = 300
MAX_NAME = 150
MAX_HOURS = 100
MAX_TAB_LABEL = 40
MAX_KEYWORD = 30
MAX_TITLE = 80
MAX_WORD = 60
_KEYWORD = re.compile(r"[^\W_]+(?:[-'][^\W_]+)*")


def text_problem(text: str, longest: int) -> str | None:
    """What no text the page writes may hold: a broken character, a control character, a
    line break, invisible formatting; nor be longer than `longest`."""
    if re.search("[\ud800-\udfff]", text):
        return ("holds a broken character (half of an emoji or of a letter): delete it and "
                "type it again")
    if "\n" in text or "\r" in text:
        return "holds a line break: write it on one line"
    control = next((char for char in text if unicodedata.category(char) == "Cc"
                    and char != "\t"), None)
    if control is not None:
        return f"holds the control character U+{ord(control):04X}, which cannot be printed"
    if invisible_in(text):
        return ("holds an invisible character (a direction mark or a zero-width space, "
                "pasted with it): type it again")
    if len(text) > longest:
        return f"is {len(text)} characters long: at most {longest} fit where it is printed"
    return None


def url_problem(url: str) -> str | None:
    """Why `url` is not a web address a phone can open; None when it is."""
    if problem := text_problem(url, MAX_URL):
        return problem
    if any(char.isspace() for char in url):
        return "has a space in it: a web address has none"
    if not re.match(r"(?i)https?://", url):
        return "must start with https:// (or http://), as in https://www.thehotline.org"
    try:
        parts = urlsplit(url)
        host = parts.hostname
        port = parts.port  # raises ValueError for a port that is not a number
    except ValueError:
        return ("is not a web address a phone can open (a bracket, a colon or a % sign "
                "where the site's name should be): copy it again from the browser")
    if not host:
        return "has no site name after https://"
    if parts.username is not None or parts.password is not None:
        return "holds a user name or password (the part before @): leave it out"
    if port == 0:
        return "has port 0 (:0), which opens nothing: leave it out"
    return host_problem(host)  # as the build checks it (content/web_address.py)


def name_problem(name: str) -> str | None:
    return text_problem(name, MAX_NAME)


def hours_problem(hours: str) -> str | None:
    return text_problem(hours, MAX_HOURS)


def tab_label_problem(label: str) -> str | None:
    return text_problem(label, MAX_TAB_LABEL)


def title_problem(title: str) -> str | None:
    if not title.strip():
        return "is empty: write the few words printed on the outside"
    return text_problem(title, MAX_TITLE)


def keyword_problem(keyword: str) -> str | None:
    """A texting keyword: one word (letters, digits, a hyphen), as people type it."""
    if problem := text_problem(keyword, MAX_KEYWORD):
        return problem
    if not _KEYWORD.fullmatch(keyword):
        return ("must be one word of letters and digits, as people text it (START, HOME): "
                "no spaces or punctuation")
    return None


def word_problem(word: str) -> str | None:
    """A revealing word or phrase (site.yaml's `revealing_words`)."""
    if not word.strip():
        return "is empty"
    return text_problem(word, MAX_WORD)
