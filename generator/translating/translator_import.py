"""`havenprint locale import`: a translator file (XLIFF or PO, read by xliff.py and po_file.py)
written into the content folder: the interface strings into `locales/<lang>.yaml`, an
article's lines into its front matter, each file edited in place (comments, order and quoting
kept).

Every string is checked first, as the catalogue and the build check them: its placeholders
are the English text's, it holds no control character (invisible formatting characters are
removed, as from every content file), a string printed on an outside surface holds no word
that reveals what the piece is for (when the site is discreet), and it fits where it prints
(string_room.py, with the file's other strings in place). One problem stops the
import: every problem is listed, with the file's line, and nothing is written. The files
are then written each atomically; should one fail, those written before it are put back."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from generator.content.bounded_read import read_limited
from generator.content.containment import is_inside
from generator.content.extends import locale_root
from generator.content.front_matter_edit import Lines, with_lines
from generator.content.invisible import (
    control_character_in_value,
    invisible_in,
    without_invisible,
)
from generator.content.layouts import Layout, declared_strings
from generator.content.models import Article, Kit, SiteFont
from generator.content.round_trip import RoundTripError, edited, set_key
from generator.content.text_numbers import printed_text_problem
from generator.content.yamlfile import MAX_CONTENT_BYTES, parse_yaml, utf8_text
from generator.errors import (
    Code,
    ContentError,
    FieldValue,
    Flaw,
    Problem,
    UsageError,
    WriteError,
)
from generator.i18n.fonts import uncovered
from generator.i18n.localize import (
    META_FIELDS,
    META_KEY,
    LanguageStatus,
    catalogue_from_doc,
    language_status,
    placeholder_problem,
    site_catalogue_path,
)
from generator.layout.coverage import characters
from generator.translating.file_units import FileUnit, ReadFile
from generator.translating.string_room import (
    Place,
    StringRoom,
    article_key,
    in_language,
    string_rooms,
)

MAX_TEXT = 2000  # characters in one string: more is no interface string or article line
_ARTICLE_KEY = re.compile(r"(?P<slug>[a-z0-9][a-z0-9-]*)\.(?P<field>title|card|key_points)"
                          r"(?:\.(?P<number>[1-9][0-9]{0,2}))?")


@dataclass(frozen=True)
class SignOff:
    """A native speaker's sign-off: who checked every string, and when."""

    by: str
    on: date


@dataclass
class Imported:
    """What an import wrote."""

    lang: str
    written: list[Path] = field(default_factory=list)
    strings: int = 0  # interface strings the file gave
    changed: int = 0  # of them, those that print differently now
    article_lines: int = 0
    needs_review: bool = True
    notes: list[Problem] = field(default_factory=list)
    approved: int = 0  # strings the file marks approved (no sign-off: said, not taken)


Change = tuple[Path, str, str | None]  # the file, its new text, its text now (None: new)


def read_translator_file(path: Path) -> ReadFile:
    """The file's units, as XLIFF (.xlf, .xliff, or text starting with `<`) or PO."""
    return read_translator_bytes(path, read_limited(path, MAX_CONTENT_BYTES))


def read_translator_bytes(path: Path, raw: bytes) -> ReadFile:
    """`read_translator_file` for a file's bytes already read (an upload: `path` is its name,
    for messages and the suffix); ContentError for a file over MAX_CONTENT_BYTES."""
    from generator.translating.po_file import read_po_file
    from generator.translating.xliff import read_xliff

    if len(raw) > MAX_CONTENT_BYTES:
        raise ContentError(Problem(path, (
            f"the file is over {MAX_CONTENT_BYTES // (1024 * 1024)} MB: not a translator file "
            "of one language"), code=Code.TRANSLATOR_FILE_TOO_BIG,
            fields={"limit": MAX_CONTENT_BYTES}))
    text = utf8_text(path, raw,
                     "the file is not UTF-8 text: export it again, or save it as UTF-8")
    if path.suffix.lower() in (".xlf", ".xliff") or (
            path.suffix.lower() != ".po" and text.lstrip().startswith("<")):
        return read_xliff(path, text)
    return read_po_file(path, text)


def import_translations(kit: Kit, layouts: Iterable[Layout], read: ReadFile,
                        expected: str | None = None,
                        signed_off: SignOff | None = None) -> Imported:
    """Check every string of `read` and write them into the kit's content folder; ContentError
    listing every problem (nothing written), WriteError when a file cannot be written."""
    result, changes = planned_import(kit, layouts, read, expected, signed_off)
    result.written = _write_all(changes)
    return result


def planned_import(kit: Kit, layouts: Iterable[Layout], read: ReadFile,
                   expected: str | None = None, signed_off: SignOff | None = None
                   ) -> tuple[Imported, list[Change]]:
    """What importing `read` would write, every string checked (ContentError listing every
    problem): the result (nothing in `written` yet) and each file's change, those that
    change it only. The web page writes them itself (keeping the versions they replace).
    The catalogue needs review once a string changes, whatever the file marks approved or
    not fuzzy, unless `signed_off` (a native speaker, named)."""
    from generator.translating.translator_file import known_language

    try:
        lang, _ = known_language(read.lang)
    except UsageError:
        raise ContentError(Problem(read.path, (
            f"the file is for {read.lang!r}, which is not a language code havenprint knows"),
            1, code=Code.TRANSLATOR_UNKNOWN_LANGUAGE, fields={"given": read.lang})) from None
    if expected is not None and known_language(expected)[0] != lang:
        raise ContentError(Problem(read.path, (
            f"the file is for {lang}, not {known_language(expected)[0]}: a file for another "
            "language; import it for its own language, or export the right one"), 1,
            code=Code.TRANSLATOR_OTHER_LANGUAGE,
            fields={"given": lang, "expected": known_language(expected)[0]}))
    chosen = {layout.name: layout for layout in layouts}
    status = language_status(lang, locale_root(kit.root, lang), declared_strings(chosen))
    articles = {slug: by_lang[lang] for slug, by_lang in kit.library.items() if lang in by_lang}
    result = Imported(lang)
    problems: list[Problem] = []
    english_articles = {slug: by_lang["en"] for slug, by_lang in kit.library.items()
                        if "en" in by_lang and lang != "en"}
    strings, lines, reviewed = _checked_units(read, lang, status, articles, problems,
                                              result.notes,
                                              (kit.site.options.country, english_articles))
    if problems:
        raise ContentError(problems)
    current = {**status.strings, **_article_texts(articles)}
    changed = {key: text for key, text in {**strings, **lines}.items() if current.get(key) != text}
    problems += _unprintable(read, lang, changed, kit.site.fonts)
    if changed and not problems:
        rooms = string_rooms(in_language(kit, lang), lang, chosen.values(),
                             {**status.strings, **strings}, lines)
        problems += _printed_problems(kit, lang, read, changed, rooms)
    if problems:
        raise ContentError(problems)
    files = []
    result.approved = sum(reviewed.get(key, False) for key in strings)
    if strings:
        change, result.needs_review = _catalogue_change(
            kit, lang, status, strings, set(changed), chosen, signed_off)
        files.append(change)
    files += _article_changes(kit, read, articles, lines, problems)
    if problems:
        raise ContentError(problems)
    result.strings = len(strings)
    result.changed = sum(1 for key in strings if key in changed)
    result.article_lines = len(lines)
    return result, [change for change in files if change[1] != change[2]]


def _checked_units(read: ReadFile, lang: str, status: LanguageStatus,
                   articles: Mapping[str, Article], problems: list[Problem],
                   notes: list[Problem],
                   numbers: tuple[str, Mapping[str, Article]] | None = None
                   ) -> tuple[dict[str, str], dict[str, str], dict[str, bool]]:
    """The file's translated units, checked one by one: interface strings, article lines
    (by `article_key`), and whether each interface string is marked reviewed; `numbers`:
    the kit's country and its English articles, for the numbers written in each text
    (content/text_numbers.py, as the catalogues' and articles' loading checks them)."""
    strings: dict[str, str] = {}
    lines: dict[str, str] = {}
    reviewed: dict[str, bool] = {}
    seen: dict[str, int | None] = {}
    for unit in read.units:
        def problem(flaw: Flaw, unit: FileUnit = unit) -> None:
            problems.append(flaw.at(read.path, unit.line, prefix=f"unit {unit.key!r}: ",
                                    key=unit.key))

        if not unit.key:
            problems.append(Problem(read.path, (
                "a unit without a name (XLIFF id or resname, PO msgctxt): which string is "
                "it?"), unit.line, code=Code.UNIT_NO_NAME))
            continue
        if unit.key in seen:
            problem(Flaw(Code.UNIT_TWICE, f"given twice (also on line {seen[unit.key]}): keep "
                         "one", {"first": seen[unit.key]}))
            continue
        seen[unit.key] = unit.line
        article = _article_of(unit.key, articles)
        if unit.key not in status.english and article is None:
            problem(_unknown(unit.key, status, articles, lang))
            continue
        if article is not None and (flaw := _new_point(
                unit.key, article, (numbers or ("", {}))[1].get(article.slug))):
            problem(flaw)
            continue
        expected_file = Path(f"locales/{lang}" if article is None
                             else f"articles/{article.slug}.{lang}")
        if unit.original and Path(unit.original).with_suffix("") != expected_file:
            problem(Flaw(Code.UNIT_OTHER_FILE, f"the file puts it in {unit.original}; for "
                         f"{lang} it goes into {expected_file}: a file for another language "
                         "or kit?", {"original": unit.original, "expected": str(expected_file)}))
            continue
        if not unit.target or not unit.target.strip():
            continue  # not translated: what prints now stays
        text = " ".join(unit.target.split())
        if unit.source is not None and _copied(text, unit.source) and not unit.same_meant:
            notes.append(Problem(read.path, (
                f"unit {unit.key!r}: its translation is its English text, copied in: left "
                f"untranslated (if it is the same in {lang}, mark the unit final, or add a "
                "note saying so)"), unit.line, "warning", code=Code.UNIT_COPIED,
                fields={"key": unit.key}))
            continue
        if unprintable := control_character_in_value(text, "an escape or a pasted character"):
            problem(Flaw(Code.UNIT_CONTROL_CHARACTER, unprintable.message, {
                "char": unprintable.char, "half": int(unprintable.half)}))
            continue
        if hidden := invisible_in(text):
            chars = tuple(dict.fromkeys(f"U+{ord(char):04X}" for char in hidden))
            notes.append(Problem(read.path, (
                f"unit {unit.key!r}: removed invisible formatting characters "
                f"({', '.join(chars)})"), unit.line, "info", code=Code.UNIT_INVISIBLE,
                fields={"key": unit.key, "chars": chars}))
            text = without_invisible(text)
        if len(text) > MAX_TEXT:
            problem(Flaw(Code.UNIT_NOT_ONE_STRING, f"{len(text):,} characters: not one string "
                         f"(at most {MAX_TEXT:,})", {"length": len(text), "limit": MAX_TEXT}))
            continue
        english = status.english.get(unit.key) if article is None else None
        if english is not None and (flaw := placeholder_problem(text, english)):
            problem(flaw)
            continue
        if numbers is not None and (flaw := printed_text_problem(
                text, numbers[0], _english_of(unit.key, english, lang, numbers[1]))):
            problem(flaw)
            continue
        if english is not None and unit.source is not None and \
                " ".join(unit.source.split()) != " ".join(english.split()):
            notes.append(Problem(read.path, (
                f"unit {unit.key!r}: the English text changed since the file was exported "
                f"(now {english!r}): check that the translation still says it"),
                unit.line, "warning", code=Code.UNIT_ENGLISH_CHANGED,
                fields={"key": unit.key, "english": english}))
        if article is None:
            strings[unit.key] = text
            reviewed[unit.key] = unit.reviewed
        else:
            lines[unit.key] = text
    if gap := _gap_in_points(lines, articles):
        key, flaw = gap
        problems.append(flaw.at(read.path, next(
            (unit.line for unit in read.units if unit.key == key), None),
            prefix=f"unit {key!r}: ", key=key))
    return strings, lines, reviewed


def _new_point(key: str, article: Article, english: Article | None) -> Flaw | None:
    """Why key point `key` is not one to translate: a number past the English article's
    points (past the article's own, without an English one) would add a point of its own
    (`key_points.99` was appended as a new one)."""
    found = _ARTICLE_KEY.fullmatch(key)
    if found is None or found["number"] is None:
        return None
    points = len(english.key_points) if english is not None else len(article.key_points)
    number = int(found["number"])
    if number <= points:
        return None
    whose = "the English article" if english is not None else "the article"
    return Flaw(Code.UNIT_NEW_POINT, (
        f"{whose} has {points} key point{'s' if points != 1 else ''}: a translator file "
        f"translates them and adds none (key point {number}); add it to the English "
        "article first"), {"points": points, "number": number, "english": int(english is not None)})


def _gap_in_points(lines: Mapping[str, str],
                   articles: Mapping[str, Article]) -> tuple[str, Flaw] | None:
    """Key points past an article's own that do not follow on from them (the article has 2,
    the file gives the 4th but not the 3rd): they would be written as the next ones."""
    for slug, article in articles.items():
        given = sorted(int(key.rsplit(".", 1)[1]) for key in lines
                       if key.startswith(f"{slug}.key_points."))
        new = [number for number in given if number > len(article.key_points)]
        for expected, number in enumerate(new, start=len(article.key_points) + 1):
            if number != expected:
                return article_key(slug, "key_points", number), Flaw(Code.UNIT_POINT_GAP, (
                    f"the {article.lang} article has {len(article.key_points)} key points and "
                    f"the file does not give key point {expected}: give the points in between "
                    "too"), {"points": len(article.key_points), "expected": expected})
    return None


def _copied(text: str, source: str) -> bool:
    """Whether `text` is the English `source` copied (a text with letters: "{number}" or
    "911" is the same in every language)."""
    same = text == " ".join(source.split())
    return same and any(char.isalpha() for char in re.sub(r"\{[^{}]*\}", "", source))


def _english_of(key: str, english: str | None, lang: str,
                english_articles: Mapping[str, Article]) -> str | None:
    """The English text a unit translates (None for English itself, or an article line the
    kit has no English article for)."""
    if lang.split("-")[0] == "en":
        return None
    if english is not None:
        return english
    return _article_texts(english_articles).get(key)


def _article_of(key: str, articles: Mapping[str, Article]) -> Article | None:
    found = _ARTICLE_KEY.fullmatch(key)
    if found is None or found["slug"] not in articles:
        return None
    if (found["field"] == "key_points") != (found["number"] is not None):
        return None
    return articles[found["slug"]]


def _unknown(key: str, status: LanguageStatus, articles: Mapping[str, Article],
             lang: str) -> Flaw:
    found = _ARTICLE_KEY.fullmatch(key)
    if found is not None and found["slug"] not in articles:
        return Flaw(Code.UNIT_UNKNOWN_ARTICLE, (
            f"no article {found['slug']!r} in {lang} in this kit: its lines go into "
            f"articles/{found['slug']}.{lang}.md, which the kit must list and have"),
            {"slug": found["slug"]})
    valid = ", ".join(sorted(status.english)[:8])
    return Flaw(Code.UNIT_UNKNOWN, (
        f"unknown string; this kit's strings are named {valid}... and "
        f"<article>.title, <article>.card, <article>.key_points.<n>"),
        {"valid": tuple(sorted(status.english)[:8])})


def _article_texts(articles: Mapping[str, Article]) -> dict[str, str]:
    texts = {}
    for slug, article in articles.items():
        texts[article_key(slug, "title")] = article.title
        if article.card_line_given and article.card_line:
            texts[article_key(slug, "card")] = article.card_line
        for number, point in enumerate(article.key_points, start=1):
            texts[article_key(slug, "key_points", number)] = point
    return texts


def _unprintable(read: ReadFile, lang: str, changed: Mapping[str, str],
                 site_fonts: tuple[SiteFont, ...]) -> list[Problem]:
    """A character no font draws in `lang` (an emoji): the build would stop at it, so it is
    never written."""
    lines = {unit.key: unit.line for unit in read.units}
    problems = []
    for key, text in changed.items():
        if missing := uncovered(lang, text, site_fonts):
            problems.append(Problem(read.path, (
                f"unit {key!r}: {characters(missing)} in no font havenprint has for {lang} "
                "(nor in `fonts:` in site.yaml): the build would stop at it; take it out"),
                lines.get(key), code=Code.UNIT_NO_FONT,
                fields={"key": key, "characters": characters(missing)}))
    return problems


def _printed_problems(kit: Kit, lang: str, read: ReadFile, changed: Mapping[str, str],
                      rooms: Mapping[str, StringRoom]) -> list[Problem]:
    """Revealing words on outside surfaces, and texts that do not fit where they print."""
    from generator.safety.discretion import lexicon, outside_words, unchecked_language

    lines = {unit.key: unit.line for unit in read.units}
    problems = []
    outside = [key for key in changed if key in rooms and rooms[key].outside]
    if kit.site.options.discreet and outside:
        unchecked = unchecked_language(kit.site, lang)
        if unchecked is not None:
            problems.append(unchecked)
        words = lexicon(kit.site, lang)
        for found in outside_words(words, {key: changed[key] for key in outside}, tells=False):
            key = found.where
            place = next(room.place for room in rooms[key].rooms if room.place.outside)
            problems.append(Problem(read.path, (
                f"unit {key!r}: '{found.word}'{found.whose} "
                f"{'would' if found.refused else 'may'} reveal what the piece is for: it prints "
                f"on an outside surface ({place.describe()}), where anyone sees it; reword "
                "it"), lines.get(key), "error" if found.refused else "warning",
                code=Code.UNIT_REVEALING, fields={
                    "key": key, "word": found.word, "whose": found.whose,
                    **_place_fields(place)}))
    for key, text in changed.items():
        for room in rooms[key].overflows() if key in rooms else []:
            room_size = (f"{room.characters} fit there" if room.characters is not None
                         else "it does not fit")
            problems.append(Problem(read.path, (
                f"unit {key!r}: too long for {room.place.describe()}: it is {len(text)} "
                f"characters and {room_size}; shorten it"), lines.get(key),
                code=Code.UNIT_TOO_LONG, fields={
                    "key": key, "length": len(text), "fit": room.characters,
                    **_place_fields(room.place)}))
    return problems


def _place_fields(place: Place) -> dict[str, FieldValue]:
    return {"title": place.title, "face": place.face, "panel": place.panel, "slot": place.slot}


def _catalogue_change(kit: Kit, lang: str, status: LanguageStatus, strings: Mapping[str, str],
                      changed: set[str], layouts: Mapping[str, Layout],
                      signed_off: SignOff | None = None) -> tuple[Change, bool]:
    """`locales/<lang>.yaml` in the content folder with the strings set (a new one starts as
    `havenprint locale init` writes it), taken off `untranslated`; `needs_review` false
    with a sign-off (who and when written beside it), else true once a string prints
    differently (or as it was: the catalogue it copies, or this one, says); and whether it
    needs review."""
    from generator.translating.translator_file import catalogue_text, descriptions, known_language

    path = site_catalogue_path(lang, kit.root)
    if not is_inside(path.parent, (kit.root.resolve(),)):
        raise ContentError(Problem(path.parent, (
            f"is a link to {path.parent.resolve()}, outside the content folder: the catalogue "
            "would be written there; make locales/ a folder of its own"),
            code=Code.CATALOGUE_LINKED_OUT, fields={"target": str(path.parent.resolve())}))
    own = next((c for c in status.catalogues if c.path == path), None)
    if path.exists():
        now: str | None = read_limited(path, MAX_CONTENT_BYTES).decode("utf-8-sig")
        text = now or ""
    else:
        now = None
        code, name = known_language(lang)
        text = catalogue_text(code, name, language_status(lang, None, declared_strings(layouts)),
                              descriptions(layouts))
    # Without a sign-off, the review stays what the catalogue says (this one, or in a new
    # file the built-in one it copies), and is needed once a string prints differently.
    builtin = next((c for c in status.catalogues if c.path != path), None)
    base = own if own is not None else builtin
    was_checked = base is None or not base.meta.needs_review
    order = [META_KEY, *status.english]
    needs: list[bool] = []

    def edit(data: CommentedMap) -> None:
        for key, value in strings.items():
            set_key(data, key, value, order)
        meta = data.get(META_KEY)
        if not isinstance(meta, CommentedMap):
            meta = CommentedMap()
            data.insert(0, META_KEY, meta)
        untranslated = meta.get("untranslated")
        kept: list[str] = []
        if isinstance(untranslated, CommentedSeq):
            kept = [key for key in untranslated if key not in strings]
            if not kept:
                del meta["untranslated"]
            elif kept != list(untranslated):
                untranslated[:] = kept
        needs_review = signed_off is None and (not was_checked or bool(changed & set(strings)))
        needs.append(needs_review)
        if meta.get("needs_review", False) != needs_review:
            set_key(meta, "needs_review", needs_review, META_FIELDS)
        if signed_off is not None:
            set_key(meta, "reviewed_by", signed_off.by, META_FIELDS)
            set_key(meta, "reviewed_on", signed_off.on, META_FIELDS)
        elif needs_review:
            for key in ("reviewed_by", "reviewed_on"):
                if key in meta:
                    del meta[key]

    try:
        new = edited(text, edit)
    except RoundTripError as error:
        raise ContentError(Problem(path, f"cannot be edited: {error}", code=Code.CANNOT_EDIT,
                                   fields={"reason": str(error)})) from None
    catalogue_from_doc(parse_yaml(new, path), status.english)  # ContentError: said as is
    return (path, new, now), needs[0]


def _article_changes(kit: Kit, read: ReadFile, articles: Mapping[str, Article],
                     lines: Mapping[str, str], problems: list[Problem]) -> list[Change]:
    from generator.content.articles import load_article

    changes: list[Change] = []
    for slug, article in articles.items():
        given = {key: text for key, text in lines.items() if key.startswith(f"{slug}.")}
        if not given or article.source is None:
            continue
        path = article.source.path
        if not is_inside(path, (kit.root.resolve(),)):
            problems.append(Problem(read.path, (
                f"the lines of {slug!r} go into {path}, which is not in this content folder "
                "(a base it extends): translate them there"), 1, code=Code.ARTICLE_IN_BASE,
                fields={"slug": slug}))
            continue
        points = {int(key.rsplit(".", 1)[1]): text for key, text in given.items()
                  if ".key_points." in key}
        change = Lines(given.get(article_key(slug, "title")), given.get(article_key(slug, "card")),
                       points)
        now = read_limited(path, MAX_CONTENT_BYTES).decode("utf-8-sig")
        try:
            new = with_lines(now, change, article.title, article.key_points,
                             path.suffix.lower() == ".md")
        except (RoundTripError, ValueError) as error:
            problems.append(Problem(path, f"the front matter cannot be edited: {error}", 1,
                                    code=Code.CANNOT_EDIT, fields={"reason": str(error)}))
            continue
        try:
            load_article(path, slug, article.lang, text=new)
        except ContentError as error:
            problems.extend(error.problems)
            continue
        changes.append((path, new, now))
    return changes


def _write_all(changes: list[Change]) -> list[Path]:
    """Each file atomically; when one cannot be written, the ones written before it are put
    back as they were, and WriteError names it."""
    from generator.storage.write import write_atomic

    done: list[Change] = []
    for change in changes:
        path, new, _ = change
        try:
            write_atomic(path, new.encode("utf-8"))
        except OSError as error:
            for written, _, old in reversed(done):
                try:
                    if old is None:
                        written.unlink(missing_ok=True)
                    else:
                        write_atomic(written, old.encode("utf-8"))
                except OSError:
                    pass
            raise WriteError(f"{path}: cannot write: {error.strerror}; nothing was "
                             "imported") from None
        done.append(change)
    return [path for path, _, _ in done]
