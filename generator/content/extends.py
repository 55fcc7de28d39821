"""`extends: ../base` in site.yaml: a site shares articles/, locales/ and resources.yaml with
a base folder (a path relative to the site folder). The site's own files win, file by file;
a base may itself extend another folder."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from generator.content.bounded_read import read_limited
from generator.content.file_names import file_name_problem
from generator.content.yamlfile import MAX_CONTENT_BYTES, load_yaml
from generator.engine import current_engine
from generator.errors import Code, ContentError, Problem

MAX_DEPTH = 8  # sites -> regions -> national base is plenty; deeper is most likely a loop

def content_folders(root: Path) -> tuple[Path, ...]:
    """`root`, then the folder its site.yaml extends, then that one's, and so on.

    A site.yaml that does not parse, or has no `extends`, ends the chain (load_site reports
    a broken site.yaml). ContentError for a base that is missing, a loop, or a chain too long.
    Cached per process until one of the site.yaml files read changes.
    """
    chains = current_engine().folder_chains  # root -> (digests of its site.yaml files, the chain)
    cached = chains.get(root)
    if cached is not None and _stamps(cached[1]) == cached[0]:
        return cached[1]
    chain = _chain(root)
    chains.remember(root, (_stamps(chain), chain))
    return chain


def first_folder(folders: tuple[Path, ...], *names: str) -> Path:
    """The first folder that holds any of `names` (paths relative to it); else the site's own
    folder, so that a missing file is reported where the site would put it."""
    for folder in folders:
        if any((folder / name).is_file() for name in names):
            return folder
    return folders[0]


def locale_root(root: Path, lang: str) -> Path:
    """The content folder whose `locales/<lang>.yaml` a site uses."""
    try:
        folders = content_folders(root)
    except ContentError:
        folders = (root,)
    return first_folder(folders, f"locales/{lang}.yaml")


def resources_file(folders: tuple[Path, ...], imported: bool) -> Path:
    """resources.yaml, the site's own or a base's; a site that imports its listings
    (`resources:` in site.yaml) keeps its own folder, which the import path is relative to."""
    if imported:
        return folders[0] / "resources.yaml"
    return first_folder(folders, "resources.yaml") / "resources.yaml"


def _chain(root: Path) -> tuple[Path, ...]:
    folders = [root]
    current = root
    while True:
        site = current / "site.yaml"
        extends, line = _extends_of(site)
        if extends is None:
            return tuple(folders)
        if problem := file_name_problem(extends):
            raise ContentError(Problem(site, f"extends: {problem}", line, code=Code.SCHEMA_VALUE,
                                       fields={"field": "extends", "reason": problem}))
        base = (current / extends).resolve()
        if not base.is_dir():
            raise ContentError(Problem(site, f"extends: {extends!r} is not a folder "
                                       f"(it is read relative to {current})", line,
                                       code=Code.EXTENDS_NOT_FOLDER, fields={"folder": extends}))
        if base in {folder.resolve() for folder in folders}:
            raise ContentError(Problem(site, f"extends: {extends!r} leads back to a folder "
                                       "already in the chain", line, code=Code.EXTENDS_LOOP,
                                       fields={"folder": extends}))
        if len(folders) > MAX_DEPTH:
            raise ContentError(Problem(site, f"extends: more than {MAX_DEPTH} levels", line,
                                       code=Code.EXTENDS_TOO_DEEP, fields={"limit": MAX_DEPTH}))
        folders.append(base)
        current = base


def _extends_of(site: Path) -> tuple[str | None, int | None]:
    if not site.is_file():
        return None, None
    try:
        doc = load_yaml(site)
    except ContentError:
        return None, None
    if not isinstance(doc.data, dict) or not isinstance(doc.data.get("extends"), str):
        return None, None
    return doc.data["extends"].strip() or None, doc.line_of(("extends",))


def _stamps(folders: tuple[Path, ...]) -> tuple[bytes, ...]:
    """A digest of each site.yaml: reading a small file is cheap, parsing it is not, and
    file times are too coarse to notice two quick edits."""
    stamps = []
    for folder in folders:
        site = folder / "site.yaml"
        try:  # a base often has no site.yaml: no ContentError made for it
            data = read_limited(site, MAX_CONTENT_BYTES) if os.path.isfile(site) else b""
            stamps.append(hashlib.blake2b(data).digest() if data else b"")
        except ContentError:
            stamps.append(b"")
    return tuple(stamps)
