"""What may name an audience pack (`audiences: [teen]` in site.yaml): checked by site.yaml's
options, which load before any pack (generator/content/audiences.py)."""

from __future__ import annotations

import re

from generator.content.schema import LANGUAGE_CODE

MAX_AUDIENCE_NAME = 40  # part of the output folder's paths
_NAME = re.compile(rf"[a-z0-9][a-z0-9-]{{0,{MAX_AUDIENCE_NAME - 1}}}")
# Folders of the main kit's output beside which a pack's folder is made: the previews'
# (generator/kit/previews.py PREVIEWS_FOLDER). Language folders are kept apart by
# refusing any name that reads as a language code.
RESERVED_NAMES = frozenset({"previews"})


def audience_name_problem(name: str) -> str | None:
    """Why `name` cannot name a pack (its folder and its output folder), or None."""
    if len(name) > MAX_AUDIENCE_NAME:
        return f"{name[:20]!r}... is over {MAX_AUDIENCE_NAME} characters"
    if not _NAME.fullmatch(name):
        return (f"{name!r} must be a name of lowercase letters, digits and hyphens, such as "
                "teen or older-adults (it names the folder audiences/<name>/ and the output "
                "folder <out>/<name>/)")
    if LANGUAGE_CODE.fullmatch(name):
        return (f"{name!r} reads as a language code: its output folder would be taken for "
                "(or be) a language's, such as <out>/en/; give the pack a longer name, such "
                "as teen or elders")
    if name in RESERVED_NAMES:
        return f"{name!r} is the name of a folder the main kit writes; choose another name"
    return None
