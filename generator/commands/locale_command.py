"""`havenprint locale init LANG [CONTENT_DIR]`: write a commented catalogue for translators
(generator/i18n/translator_file.py), imported when the command runs. `havenprint check`
reports the catalogues' state (generator/i18n/catalogue_review.py)."""

from __future__ import annotations

import argparse
from pathlib import Path

from generator.content.file_names import path_argument
from generator.errors import ContentError, Problem, UsageError


def add_locale_command(commands: argparse._SubParsersAction) -> None:
    command = commands.add_parser("locale", help="translate the interface strings")
    actions = command.add_subparsers(dest="locale_action", required=True, metavar="ACTION")
    init = actions.add_parser(
        "init", help="write CONTENT_DIR/locales/LANG.yaml for a translator to fill in")
    init.add_argument("lang", metavar="LANG", help="language code, e.g. es, zh-Hans, pt-BR")
    init.add_argument("content", nargs="?", type=path_argument, default=Path("content"),
                      metavar="CONTENT_DIR", help="content folder (default: content)")
    init.add_argument("--force", action="store_true", help="replace an existing file")
    init.set_defaults(run=run_init)


def run_init(args: argparse.Namespace) -> int:
    from generator.content.caches import cached_layouts
    from generator.content.containment import is_inside
    from generator.i18n.localize import language_status, site_catalogue_path
    from generator.i18n.translator_file import catalogue_text, descriptions, known_language
    from generator.kit.write import write_atomic
    from generator.layout.formats import declared_strings

    args.lang, name = known_language(args.lang)
    if not args.content.is_dir():
        raise UsageError(f"{args.content} is not a folder")
    target = site_catalogue_path(args.lang, args.content)
    if not is_inside(target.parent, (args.content.resolve(),)):  # locales/ -> elsewhere
        raise ContentError(Problem(target.parent, (
            f"is a link to {target.parent.resolve()}, outside the content folder: the "
            "catalogue would be written there; make locales/ a folder of its own")))
    if target.exists() and not args.force:
        raise ContentError(Problem(target, (
            "already exists; not replaced (a translator's work may be in it): edit it, or "
            "run again with --force to start over from the built-in strings")))
    layouts = cached_layouts(args.content)
    status = language_status(args.lang, None, declared_strings(layouts))
    text = catalogue_text(args.lang, name, status, descriptions(layouts))
    write_atomic(target, text.encode("utf-8"))
    source = (f"the built-in catalogue {status.catalogues[0].path.name}" if status.catalogues
              else "English")
    print(f"wrote {target}: {len(status.strings)} string(s) from {source}, "
          f"{len(status.fallbacks)} still in English")
    return 0
