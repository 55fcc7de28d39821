"""`havenprint locale init LANG [CONTENT_DIR]`: write a commented catalogue for translators
(generator/translating/translator_file.py). `locale export CONTENT LANG --format xliff|po`: a file
for translation tools, each string with where it prints and the room it has there
(generator/translating/translation_units.py); `locale import CONTENT FILE` writes one back
(generator/translating/translator_import.py). Imported when a command runs. `havenprint check`
reports the catalogues' state (generator/translating/catalogue_review.py)."""

from __future__ import annotations

import argparse
from datetime import date
from pathlib import Path
from types import MappingProxyType

from generator.content.file_names import path_argument
from generator.errors import Code, ContentError, Problem, UsageError, WriteError, shown_path


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
    export = actions.add_parser(
        "export", help="write a file for translation tools (XLIFF 1.2 or gettext PO): every "
        "string with where it prints and how many characters fit there")
    export.add_argument("content", type=path_argument, metavar="CONTENT_DIR",
                        help="content folder")
    export.add_argument("lang", metavar="LANG", help="language code, e.g. vi, es, zh-Hans")
    export.add_argument("--format", choices=FORMATS, dest="file_format",
                        help="xliff (Weblate, OmegaT) or po (Poedit, Weblate, Pontoon); "
                        "default: from the --out file's name, else xliff")
    export.add_argument("--out", type=path_argument, metavar="FILE",
                        help="file to write (default: LANG.xlf or LANG.po here)")
    export.add_argument("--force", action="store_true", help="replace an existing file")
    export.set_defaults(run=run_export)
    load = actions.add_parser(
        "import", help="write a translated XLIFF or PO file into CONTENT_DIR (locales/LANG.yaml "
        "and the article's front matter), after checking every string")
    load.add_argument("content", type=path_argument, metavar="CONTENT_DIR",
                      help="content folder")
    load.add_argument("file", type=path_argument, metavar="FILE",
                      help="the translated .xlf/.xliff or .po file")
    load.add_argument("--lang", metavar="LANG",
                      help="the language the file must be for (refused if it is another)")
    load.add_argument("--reviewed-by", metavar="NAME",
                      help="a native speaker who checked every string of the catalogue: "
                           "signs it off (needs_review: false, with the name and today's "
                           "date); a file's approved or unfuzzy marks never do")
    load.set_defaults(run=run_import)


FORMATS = ("xliff", "po")
SUFFIXES = MappingProxyType({"xliff": ".xlf", "po": ".po"})


def run_init(args: argparse.Namespace) -> int:
    from generator.content.caches import cached_layouts
    from generator.content.containment import is_inside
    from generator.content.layouts import declared_strings
    from generator.i18n.localize import language_status, site_catalogue_path
    from generator.storage.write import write_atomic
    from generator.translating.translator_file import catalogue_text, descriptions, known_language

    args.lang, name = known_language(args.lang)
    if not args.content.is_dir():
        raise UsageError(f"{args.content} is not a folder")
    target = site_catalogue_path(args.lang, args.content)
    if not is_inside(target.parent, (args.content.resolve(),)):  # locales/ -> elsewhere
        raise ContentError(Problem(target.parent, (
            f"is a link to {target.parent.resolve()}, outside the content folder: the "
            "catalogue would be written there; make locales/ a folder of its own"),
            code=Code.CATALOGUE_LINKED_OUT, fields={"target": str(target.parent.resolve())}))
    if target.exists() and not args.force:
        raise ContentError(Problem(target, (
            "already exists; not replaced (a translator's work may be in it): edit it, or "
            "run again with --force to start over from the built-in strings"),
            code=Code.CATALOGUE_EXISTS))
    layouts = cached_layouts(args.content)
    status = language_status(args.lang, None, declared_strings(layouts))
    text = catalogue_text(args.lang, name, status, descriptions(layouts))
    write_atomic(target, text.encode("utf-8"))
    source = (f"the built-in catalogue {status.catalogues[0].path.name}" if status.catalogues
              else "English")
    print(f"wrote {target}: {len(status.strings)} string(s) from {source}, "
          f"{len(status.fallbacks)} still in English")
    return 0


def run_export(args: argparse.Namespace) -> int:
    from generator.content.caches import cached_layouts
    from generator.pipeline.kit_checks import load_checked_kit
    from generator.storage.write import write_atomic
    from generator.translating.po_file import po_text
    from generator.translating.translation_units import file_title, translator_file
    from generator.translating.translator_file import known_language
    from generator.translating.xliff import xliff_text

    lang, _ = known_language(args.lang)
    if not args.content.is_dir():
        raise UsageError(f"{args.content} is not a folder")
    file_format = args.file_format or _format_of(args.out)
    out = args.out or Path(f"{lang}{SUFFIXES[file_format]}")
    _check_export_target(out, args.content)
    _check_replaced_file(out, file_format)
    if out.exists() and not args.force:
        raise UsageError(f"{out} already exists; not replaced (a translator's work may be in "
                         "it): choose another --out, or add --force")
    kit = load_checked_kit(args.content)
    file = translator_file(kit, lang, cached_layouts(args.content).values())
    text = (xliff_text if file_format == "xliff" else po_text)(file, file_title(kit))
    try:
        write_atomic(out, text.encode("utf-8"))
    except OSError as error:
        raise WriteError(f"{out}: cannot write: {error.strerror}") from None
    limited = sum(1 for unit in file.units if unit.limit is not None)
    translated = sum(1 for unit in file.units if unit.target is not None)
    print(f"wrote {out}: {len(file.units)} strings for {file.language} ({lang}), "
          f"{translated} translated, {limited} with a limit on their length")
    if lang not in kit.site.options.languages:
        print(f"note: {lang} is not in site.yaml's languages: the article's lines are not in "
              "the file, and the rooms are measured beside the first language's article")
    return 0


def _check_export_target(out: Path, content: Path) -> None:
    """UsageError for an --out the export must not replace, --force or not: anything but a
    regular file (a link, a folder, a pipe, a device such as /dev/stdout: the file is renamed
    over it), and any file of the content folder or a folder it extends (site.yaml would
    become a PO file)."""
    import stat

    from generator.content.containment import is_inside
    from generator.content.extends import content_folders

    try:
        mode: int | None = out.lstat().st_mode
    except FileNotFoundError:
        mode = None
    except OSError as error:
        raise UsageError(f"--out {out}: {error.strerror}") from None
    if mode is not None and not stat.S_ISREG(mode):
        kind = ("a link" if stat.S_ISLNK(mode) else "a folder" if stat.S_ISDIR(mode)
                else "a pipe" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode)
                else "a device")
        raise UsageError(f"--out {out} is {kind}, not a file: give the name of a file to "
                         "write (it is replaced whole)")
    try:
        folders = content_folders(content)
    except ContentError:
        folders = (content,)
    for folder in folders:
        if is_inside(out, (folder.resolve(),)):
            raise UsageError(f"--out {out} is inside the content folder {shown_path(folder)}: "
                             "write the translators' file elsewhere (the default is LANG.xlf "
                             "in the current folder)")


# What every translators' file `locale export` writes says, in its header (po_file.py,
# xliff.py): a file without it is not one to replace.
_EXPORT_MARK = "Import with: havenprint locale import CONTENT FILE"
_FORMAT_MARK = MappingProxyType({"po": "msgid", "xliff": "<xliff"})


def _check_replaced_file(out: Path, file_format: str) -> None:
    """UsageError, --force or not, for an --out in any content folder (a folder with a
    site.yaml, or one inside it: another kit's site.yaml would become a PO file) and for an
    existing file that is not a translators' file of `file_format` that `locale export`
    wrote (issue 40: --force replaced whatever was there)."""
    where = out.absolute().parent
    for folder in (where, *where.parents):
        if (folder / "site.yaml").is_file():
            raise UsageError(f"--out {out} is inside the content folder {shown_path(folder)}: "
                             "write the translators' file elsewhere (the default is LANG.xlf "
                             "in the current folder)")
    if not out.is_file():
        return
    try:
        with out.open("rb") as handle:
            head = handle.read(16_384).decode("utf-8", errors="replace")
    except OSError as error:
        raise UsageError(f"--out {out}: {error.strerror}") from None
    if _EXPORT_MARK not in head or _FORMAT_MARK[file_format] not in head:
        raise UsageError(
            f"--out {out} exists and is not a {file_format.upper()} translators' file "
            "havenprint wrote: it is not replaced, --force or not; give another --out")


def _format_of(out: Path | None) -> str:
    if out is not None and out.suffix.lower() == ".po":
        return "po"
    if out is None or out.suffix.lower() in (".xlf", ".xliff"):
        return "xliff"
    raise UsageError(f"{out}: say --format xliff or --format po (the name ends in neither "
                     ".xlf, .xliff nor .po)")


def run_import(args: argparse.Namespace) -> int:
    from generator.content.caches import cached_layouts
    from generator.errors import print_problems
    from generator.pipeline.kit_checks import load_checked_kit
    from generator.translating.translator_file import known_language
    from generator.translating.translator_import import (
        SignOff,
        import_translations,
        read_translator_file,
    )

    if not args.content.is_dir():
        raise UsageError(f"{args.content} is not a folder")
    if not args.file.is_file():
        raise UsageError(f"{args.file} is not a file")
    expected = known_language(args.lang)[0] if args.lang else None
    reviewer = " ".join((args.reviewed_by or "").split())
    if args.reviewed_by is not None and not reviewer:
        raise UsageError("--reviewed-by: give the name of the native speaker who checked them")
    signed = SignOff(reviewer, date.today()) if reviewer else None
    read = read_translator_file(args.file)
    kit = load_checked_kit(args.content)
    result = import_translations(kit, cached_layouts(args.content).values(), read, expected,
                                 signed)
    print_problems(result.notes)
    if not result.written:
        print(f"nothing changed: {args.content} already holds what {args.file} gives "
              f"({result.strings} interface strings, {result.article_lines} article lines)")
        return 0
    approved = (f"; the file marks {result.approved} approved, which is no sign-off"
                if result.approved and result.needs_review else "")
    review = (f"needs_review: true (--reviewed-by NAME signs it off once a native speaker "
              f"has checked every string{approved})" if result.needs_review
              else f"needs_review: false (signed off by {reviewer})" if reviewer
              else "needs_review: false (as it was)")
    written = ", ".join(str(path) for path in result.written)
    print(f"imported {result.strings} interface strings ({result.changed} changed) and "
          f"{result.article_lines} article lines for {result.lang} into {written}"
          + (f"; {review}" if result.strings else ""))
    return 0
