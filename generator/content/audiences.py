"""Audience packs: `audiences: [teen, elders]` in site.yaml, each a folder
`audiences/<name>/` of the content folder, built beside the main kit into `<out>/<name>/`.

A pack is a kit of its own, made from the main one: its `site.yaml` may set only the
settings of PACK_SETTINGS (the outside title, the card line, the colours, the articles),
which replace the main kit's; its `articles/<slug>.<lang>.md` replace the main kit's of the
same name (the others are the main kit's), and its `resources.yaml`, when it has one,
replaces the main kit's lines. Languages, country, paper, stock and every other setting
are the main kit's. Each pack is checked and built as the main kit is.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from generator.content.bounded_read import read_limited
from generator.content.containment import check_links, is_inside
from generator.content.extends import content_folders
from generator.content.models import Kit, Site
from generator.content.validation_problems import not_a_mapping, validate_doc
from generator.content.yamlfile import MAX_CONTENT_BYTES, YamlDoc, load_yaml
from generator.errors import Code, ContentError, Problem

AUDIENCES_FOLDER = "audiences"
# The settings a pack's site.yaml may give; every other one is the main kit's.
PACK_SETTINGS = ("discreet_title", "card_line", "brand_color", "article", "articles")
def audience_folder(root: Path, name: str) -> Path:
    return root / AUDIENCES_FOLDER / name


def pack_site(main: Site, folder: Path) -> Site:
    """The main kit's site with what the pack's site.yaml sets (none: the main one as it is);
    ContentError naming the pack's file and line for a setting it may not give or a value
    that is wrong."""
    path = folder / "site.yaml"
    if not path.is_file() or not read_limited(path, MAX_CONTENT_BYTES).strip():
        return main  # none, or empty: the pack changes none of the settings
    doc = load_yaml(path)
    if doc.data is None:  # comments only
        return main
    if not isinstance(doc.data, dict):
        raise ContentError(not_a_mapping(path))
    problems = [Problem(path, (
        f"{key}: an audience pack's site.yaml may set only {', '.join(PACK_SETTINGS)}; "
        f"{key} is the main kit's, set in {main.source.path} for every pack"),
        doc.line_of((key,)), code=Code.PACK_SETTING, fields={"key": str(key)})
        for key in doc.data if key not in PACK_SETTINGS]
    if {"article", "articles"} <= doc.data.keys():
        problems.append(Problem(path, "give `article:` (one article) or `articles:` (a list), "
                                      "not both", doc.line_of(("articles",)),
                                code=Code.ARTICLE_AND_ARTICLES))
    if problems:
        raise ContentError(problems)
    merged = {**load_yaml(main.source.path).data, **doc.data}  # the main one is valid
    if {"article", "articles"} & doc.data.keys():  # the pack's articles replace the list
        merged = {key: value for key, value in merged.items()
                  if key not in ("article", "articles") or key in doc.data}
    options = validate_doc(YamlDoc(path, merged, doc.lines), type(main.options))
    lines = {str(key[0]): line for key, line in doc.lines.items() if len(key) == 1}
    return replace(main, options=options, lines={**main.lines, **lines},
                   files={**main.files, **dict.fromkeys(lines, path)})


def check_pack_folder(root: Path, name: str, roots: tuple[Path, ...], line: int | None,
                      site_path: Path) -> Path:
    """The pack's folder, when it is one inside the content folder; ContentError naming
    site.yaml's `audiences:` line when it is missing, and naming every link in it that
    leads outside (the main kit's own check leaves out a folder with its own site.yaml)."""
    folder = audience_folder(root, name)
    if not folder.is_dir():
        raise ContentError(Problem(site_path, (
            f"audiences: no folder {AUDIENCES_FOLDER}/{name}/ in {root}: create it (with a "
            "site.yaml, articles/ or resources.yaml of its own), or take the name out of "
            "audiences"), line, code=Code.PACK_NO_FOLDER, fields={"pack": name}))
    if not is_inside(folder, roots):
        raise ContentError(Problem(folder, (
            "is a link outside the content folder: havenprint reads only files inside it; "
            "move the pack into it"), code=Code.PACK_LINK_OUTSIDE))
    check_links((folder,), roots)
    return folder


def kit_folders(kit: Kit) -> tuple[Path, ...]:
    """The folders a kit's files are read from, first found first: a pack's own folder,
    then the content folder and those it extends."""
    own = (kit.audience_folder,) if kit.audience_folder is not None else ()
    return (*own, *content_folders(kit.root))


def pack_problem(name: str, problem: Problem) -> Problem:
    """A problem found building a pack, saying which pack (the file it names may be the main
    kit's: a line both print)."""
    return replace(problem, audience=name)


def with_pack_failures(not_built: list[tuple[str, str]]
                       ) -> list[tuple[str | None, str, str]]:
    """(pack or None, document, language) for each `(name, language)` a build could not
    make, pack documents being named `<pack>/<document>`."""
    split = []
    for name, lang in not_built:
        pack, _, document = name.rpartition("/")
        split.append((pack or None, document, lang))
    return split


def pack_of(kit: Kit, name: str | None) -> Kit:
    """The kit (None) or the pack called `name`."""
    return next((one for one in (kit, *kit.audiences) if one.audience == name), kit)
