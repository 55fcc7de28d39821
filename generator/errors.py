"""Content problems: collected, never raised one at a time to the user as tracebacks."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from pathlib import Path
from typing import Literal

Severity = Literal["error", "warning", "info"]
# The command line's exit codes; 130 is Ctrl-C's.
EXIT_OK, EXIT_CONTENT, EXIT_USAGE, EXIT_WRITE, EXIT_IN_USE, EXIT_INTERRUPTED = 0, 1, 2, 3, 4, 130
EXIT_LIBRARY = 5


class Code(Enum):
    """What a problem is about, declared once here: a stable name (`layout.line-left-out`),
    the fields every problem of it carries (the slot, the line's name, the word...), from
    which the web page words it (generator/serve/plain.py, a table keyed by code), and
    whether the command line says its language already (its message names it, "es
    (Español): ...", or its file does, an article's), so that it does not add " [es]" after
    the message. A message is the command line's words for the problem; nothing reads a
    message back."""

    fields: frozenset[str]  # every problem of the code carries them
    optional: frozenset[str]  # written "?name": some do (a line's name, where it has one)
    names_language: bool

    def __new__(cls, key: str, fields: str = "", names_language: bool = False) -> Code:
        member = object.__new__(cls)
        member._value_ = key
        member.fields = frozenset(name for name in fields.split() if name[0] != "?")
        member.optional = frozenset(name[1:] for name in fields.split() if name[0] == "?")
        member.names_language = names_language
        return member

    # What prints untranslated: a catalogue's strings, a line's texts, titles.
    NO_CATALOGUE = "catalogue.none", "count", True
    IN_ENGLISH = "catalogue.in-english", "count missing untranslated builtin", True
    UNREVIEWED = "catalogue.unreviewed", "count note", True
    HEBREW_QUOTES = "catalogue.hebrew-quotes", "key words", True
    LINE_TEXT_UNTRANSLATED = "untranslated.line-text", "key text name", True
    CARD_LINE_UNTRANSLATED = "untranslated.card-line", "text", True
    ONE_OUTSIDE_TITLE = "untranslated.one-outside-title", "title first", True
    NO_OUTSIDE_TITLE = "untranslated.no-outside-title", "title first", True


    # Reading a file.
    FILE_UNREADABLE = "file.unreadable", "reason"
    FILE_NOT_REGULAR = "file.not-regular"
    FILE_TOO_BIG = "file.too-big", "size limit"
    FILE_NOT_UTF8 = "file.not-utf8"
    FILE_EMPTY = "file.empty"
    CONTROL_CHARACTER = "file.control-character", "char"
    # YAML as such (any YAML file: site.yaml, resources.yaml, a catalogue, layout.yaml).
    YAML_MALFORMED = "yaml.malformed", "reason"
    YAML_TOO_DEEP = "yaml.too-deep", "limit"
    YAML_TOO_BIG = "yaml.too-big", "limit"
    YAML_KEY_TWICE = "yaml.key-twice", "key first"
    YAML_NO_DATE = "yaml.no-date", "key value reason"
    YAML_LONG_NUMBER = "yaml.long-number", "key digits"
    YAML_BINARY = "yaml.binary", "key"
    YAML_CONTROL_ESCAPE = "yaml.control-escape", "key char half"

    # An article's file.
    ARTICLE_SUFFIX = "article.suffix"
    ARTICLE_NO_BODY = "article.no-body"
    FRONT_MATTER_UNCLOSED = "article.front-matter-unclosed"
    FRONT_MATTER_YAML = "article.front-matter-yaml", "reason"
    FRONT_MATTER_NOT_MAPPING = "article.front-matter-not-mapping"
    FRONT_MATTER_TYPE = "article.front-matter-type", "key list found"
    NO_TITLE = "article.no-title", "markdown listed length limit"
    SENTENCE_AS_TITLE = "article.sentence-as-title", "sentence markdown"
    WEB_REFERENCE = "article.web-reference", "quote"
    ARTICLE_HEBREW_QUOTES = "article.hebrew-quotes", "words"

    # A number written in printed text (a string, a card line, an article, a line's hours).
    TEXT_NUMBER = "text.number", "key number reason ?name"
    ADDED_NUMBER = "text.added-number", "key numbers"
    # a site's sentence saying more of a line than the sentence printed in its place may
    CLAIM_ADDED = "text.claim-added", "key claim phrase"
    # The lines (resources.yaml, or the data `resources:` names).
    LINES_FILE_MISSING = "lines.file-missing"
    LINES_EMPTY = "lines.empty"
    LINES_NONE_SELECTED = "lines.none-selected"
    LINES_OUTSIDE = "lines.outside", "file"
    LINE_UNVERIFIED = "line.unverified", "name today"
    LINE_STALE = "line.stale", "name checked months"
    LINE_CHECKED_LATER = "line.checked-later", "name checked today"
    LINE_NO_NAME = "line.no-name", "name"
    LINE_QR_WITHOUT = "line.qr-without", "name qr missing"
    LINE_UNREACHABLE = "line.unreachable", "name"
    EMERGENCY_FIRST = "line.emergency-first", "number ?helpline"
    EMERGENCY_DIFFERS = "line.emergency-differs", "name number emergency_number"
    PUBLISHED_OTHER_KIND = ("line.published-other-kind",
                            "name key number owner kind published_kind source recorded")
    # a number another national line publishes, on a line that names this one
    PUBLISHED_OTHER_LINE = ("line.published-other-line", "name key number owner other "
                            "published kind published_kind source recorded")
    # a texting keyword other than the one a named national line publishes with its number
    PUBLISHED_KEYWORD = ("line.published-keyword",
                         "name key number keyword owner published source recorded")
    PUBLISHED_NEAR = ("line.published-near",
                      "name key number owner published published_kind source recorded")
    # a number near a national line's on a line whose name shares `words` with its names
    PUBLISHED_SHARES_WORDS = ("line.published-shares-words", "name key number owner published "
                              "published_kind source recorded words")
    # a number one digit from a national line's on a line with another name: a warning
    PUBLISHED_CLOSE = ("line.published-close",
                       "name key number owner published published_kind source recorded")
    # Articles, as the kit finds them.
    NO_ARTICLE = "article.missing", "slug", True
    NO_CARD_LINE = "article.no-card-line", "limit"

    # A catalogue (locales/<lang>.yaml) and its strings.
    CATALOGUE_NOT_MAPPING = "catalogue.not-mapping"
    UNKNOWN_STRING = "catalogue.unknown-string", "key valid"
    STRING_NOT_TEXT = "catalogue.not-text", "key safety"
    PLACEHOLDERS_CHANGED = "catalogue.placeholders-changed", "key wanted"
    PLACEHOLDER_WRONG = "catalogue.placeholder-wrong", "key written wanted reason"
    CATALOGUE_META = "catalogue.meta", "key reason"
    PLACEHOLDER_ORDER = "catalogue.placeholder-order", "key text"
    PLACEHOLDER_ORDER_UNCHECKED = "catalogue.placeholder-order-unchecked", "key", True

    # A translator file (XLIFF or PO) being imported, and its units.
    TRANSLATOR_FILE_TOO_BIG = "translator.too-big", "limit"
    TRANSLATOR_UNKNOWN_LANGUAGE = "translator.unknown-language", "given"
    TRANSLATOR_OTHER_LANGUAGE = "translator.other-language", "given expected"
    UNIT_NO_NAME = "translator.unit-no-name"
    UNIT_TWICE = "translator.unit-twice", "key first"
    UNIT_UNKNOWN_ARTICLE = "translator.unknown-article", "key slug"
    UNIT_UNKNOWN = "translator.unknown-string", "key valid"
    UNIT_NEW_POINT = "translator.new-point", "key points number english"
    UNIT_POINT_GAP = "translator.point-gap", "key points expected"
    UNIT_OTHER_FILE = "translator.other-file", "key original expected"
    UNIT_COPIED = "translator.copied", "key"
    UNIT_CONTROL_CHARACTER = "translator.control-character", "key char half"
    UNIT_INVISIBLE = "translator.invisible-removed", "key chars"
    UNIT_NOT_ONE_STRING = "translator.not-one-string", "key length limit"
    UNIT_ENGLISH_CHANGED = "translator.english-changed", "key english"
    UNIT_NO_FONT = "translator.no-font", "key characters"
    UNIT_REVEALING = "translator.revealing", "key word whose title face panel slot"
    UNIT_TOO_LONG = "translator.too-long", "key title face panel slot length fit"
    CATALOGUE_LINKED_OUT = "translator.catalogue-outside", "target"
    ARTICLE_IN_BASE = "translator.article-in-base", "slug"
    CANNOT_EDIT = "file.cannot-edit", "reason"

    # site.yaml, a layout.yaml, stock.yaml and the other YAML files, against their schema
    # (pydantic's errors: content/validation_problems.py); `field`: the setting as people read
    # it (fonts.am, resources.0.phone); `name`: the line it is in, where it is one.
    SCHEMA_NOT_MAPPING = "schema.not-mapping"
    SCHEMA_FORMS = "schema.forms", "field forms ?name"
    SCHEMA_MISSING = "schema.missing", "field missing valid ?name"
    SCHEMA_UNKNOWN = "schema.unknown", "field unknown valid ?name"
    SCHEMA_CHOICE = "schema.choice", "field choices value ?name"
    SCHEMA_VALUE = "schema.value", "field reason ?name"
    SCHEMA_YAML_WORD = "schema.yaml-word", "field value ?name"
    SCHEMA_TYPE = "schema.type", "field reason ?name"
    # The content folder, site.yaml's own checks.
    NOT_CONTENT_FOLDER = "site.not-content-folder"
    TOO_MANY_FILES = "site.too-many-files", "limit"
    LINK_OUTSIDE = "site.link-outside", "target"
    MORE_LINKS_OUTSIDE = "site.more-links-outside", "count"
    PROFILE_OUTSIDE = "site.profile-outside", "file"
    NO_EMERGENCY_NUMBER = "site.no-emergency-number", "country"
    NO_ARTICLES = "site.no-articles"
    ARTICLE_AND_ARTICLES = "site.article-and-articles"
    UNKNOWN_STOCK = "site.unknown-stock", "stock valid"
    EXTENDS_NOT_FOLDER = "site.extends-not-folder", "folder"
    EXTENDS_LOOP = "site.extends-loop", "folder"
    EXTENDS_TOO_DEEP = "site.extends-too-deep", "limit"
    SAME_FILE_NAME = "site.same-file-name", "file first second"
    PACK_SETTING = "pack.main-kit-setting", "key"
    PACK_NO_FOLDER = "pack.no-folder", "pack"
    PACK_LINK_OUTSIDE = "pack.link-outside"
    # Card stock (layouts/stock.yaml, a size's `stock:`).
    STOCK_UNKNOWN = "stock.unknown", "stock valid"
    STOCK_MISFITS = "stock.misfits", "stock format"
    # Notes on the lines as they print.
    # `restroom`: the restroom pieces that say it too, besides the brochure's back panel
    PROMISE_UNSAID = ("line.promise-unsaid",
                      "name said unsaid free number hours langs restroom brochure")
    HOURS_DISAGREE = "line.hours-disagree", "name always others hours"
    SAME_NUMBER = "lines.same-number", "name others number kept left_out"

    # A layout's own file (layouts/<format>/layout.yaml): for whoever writes layouts.
    LAYOUT_FOLDER_NAME = "layout.folder-name", "folder"
    LAYOUT_NAME_MISMATCH = "layout.name-mismatch", "name folder"
    LAYOUT_OUTSIDE_FACE_GONE = "layout.outside-face-gone", "format face"
    LAYOUT_OUTSIDE_NARROWED = "layout.outside-narrowed", "format face field"
    # a face its geometry puts outside (a two-sided piece's first face, a fold's covers)
    # said less of: `panels` those seen (none: the whole face)
    LAYOUT_COVER_NARROWED = "layout.cover-narrowed", "format face field panels"
    # a face of a layout with a `discreet` option (its restroom variant) said to be outside
    # less than when that option, site.yaml's `setting`, is set
    LAYOUT_DISCREET_NARROWED = "layout.discreet-narrowed", "format face field setting"
    LAYOUT_OPTION_BUILTIN = "layout.option-builtin", "option setting"
    LAYOUT_IN_FILE_NAME = "layout.in-file-name", "option size_option"
    LAYOUT_NO_SETTING = "layout.no-setting", "field setting valid"
    LAYOUT_STRING_NAME = "layout.string-name", "key"
    LAYOUT_STRING_EMPTY = "layout.string-empty", "key"
    LAYOUT_STRING_PLACEHOLDER = "layout.string-placeholder", "key reason"
    LAYOUT_NO_SLOT = "layout.no-slot", "field slot valid"
    LAYOUT_STACK_LOOP = "layout.stack-loop", "face slot side other"
    LAYOUT_OPTION_CLASH = "layout.option-clash", "option other"
    LAYOUT_STRING_CLASH = "layout.string-clash", "key other text"

    # Laying out a piece (layout/place.py): `format`, `face` and `slot` say where.
    NOTHING_TO_PRINT = "layout.nothing-to-print", "format face slot"
    TEXT_TOO_TALL = ("layout.too-tall",
                     "format face slot left_out floor over ?count ?unit ?length ?room")
    TEXT_TOO_WIDE = "layout.too-wide", "format face slot left_out floor words ?line"
    REQUIRED_LINES = ("layout.required-lines",
                      "format face slot names floor ?over ?count ?unit ?words ?line")
    PARAGRAPHS_LEFT_OUT = "layout.paragraphs-left-out", "format face slot count total ?printed_on"
    GAVE_WAY = "layout.gave-way", "format face slot ?printed_on"
    # spare room's content (a `when_room` slot) with no room for it on this piece: a note
    ROOM_LEFT_OUT = "layout.room-left-out", "format face slot block ?printed_on"
    # a slot set a step under its style's size, the last resort that keeps the face whole
    # (the sticker's emergency sentence in Vietnamese): a note
    SET_SMALLER = "layout.set-smaller", "format face slot floor size"
    SHORTER_NOTE = "layout.shorter-safety-note", "format face slot short whole"
    DETAIL_LEFT_OUT = "layout.detail-left-out", "format face slot text kind name ?printed_on"
    LINE_LEFT_OUT = "layout.line-left-out", "format face slot name languages ?printed_on"
    LINE_LEFT_OUT_AFTER = "layout.line-left-out-after", "format face slot name first ?printed_on"
    TABS_WITHOUT_NAME = "layout.tabs-without-name", "format face slot label"
    QR_UNENCODABLE = "layout.qr-unencodable", "format face slot reason"
    QR_TOO_SMALL = "layout.qr-too-small", "format face slot payload needed size"

    # A layout's templates (its jinja2 blocks and their markup): for whoever writes layouts.
    TEMPLATE_ERROR = "layout.template", "reason"
    TEMPLATE_NO_BLOCK = "layout.template-no-block", "block"
    TEMPLATE_MARKUP = "layout.template-markup", "block reason"
    # What a piece prints, as the document is composed and told.
    NO_FONT = "text.no-font", "characters format slot script", True  # "(language xx, ...)"
    QR_PAYLOAD = "line.qr", "name reason"
    NO_SIZE = "layout.no-size", "format size valid"
    SIZE_STOCK = "layout.size-stock", "format reason"
    LINE_NOT_PRINTED = "layout.line-not-printed", "format name why setting ?printed_on"
    LINE_WITHOUT = "layout.line-without", "format name missing"
    MAX_LINES = "layout.max-lines", "format name limit given"
    EMPTY_BAND = "layout.empty-band", "format face part share blank height"

    LAYOUT_SHORT_FORM_OUTSIDE = "layout.short-form-outside", "face"
    PRINTED_SHORT_FORM = "layout.printed-short-form", "format short share"
    PREFERRED_FACE_MISSING = "layout.preferred-face-missing", "format face file package"

    # The outside of a discreet piece: a revealing word, or words that tell of hiding.
    NO_WORD_LIST = "outside.no-word-list", "plain_list"
    OUTSIDE_WORD = "outside.word", "format where word whose advice key"
    OUTSIDE_TELLS = "outside.tells", "format where words advice key"
    OUTSIDE_NUMBER = "outside.number", "key number"

    # The checks around the piece: reading level, safety wording, colour, fonts, profile.
    NO_READING_FORMULA = "reading.no-formula", "", True
    READING_GRADE = "reading.grade", "grade formula", True  # the article's file names it
    READING_ABOVE = "reading.above", "grade formula limit sentences", True
    SAFETY_SLOT_GONE = "safety.slot-gone", "format slot wording"
    SAFETY_SLOT_OPTIONAL = "safety.slot-optional", "format slot wording"
    SAFETY_NOTE_MISSING = "safety.note-missing", "format slot wording"
    TOO_FAINT = "colour.too-faint", "colour where ratio needed shade"
    FONT_FILE = "site.font-file", "field file reason"
    PROFILE = "site.profile", "file reason"
    LAYOUT_STRING_BUILTIN = "layout.string-builtin", "key"
    CAPTIONS_NO_FONT = "office.captions-no-font", "characters script", True

    TRANSLATOR_NOT_PO = "translator.not-po", "reason"
    TRANSLATOR_PO_HEADER = "translator.po-header", "reason"
    TRANSLATOR_NO_LANGUAGE = "translator.no-language"
    TRANSLATOR_TOO_MANY = "translator.too-many-units", "limit"
    TRANSLATOR_PO_STRING = "translator.po-string", "reason ?key"
    TRANSLATOR_TOO_DEEP = "translator.too-deep", "limit"
    TRANSLATOR_DTD = "translator.dtd"
    TRANSLATOR_NOT_XML = "translator.not-xml", "reason"
    TRANSLATOR_XLIFF_2 = "translator.xliff-2"
    TRANSLATOR_NOT_XLIFF = "translator.not-xliff", "root"
    UNIT_OTHER_LANGUAGE = "translator.unit-other-language", "key given expected"
    TRANSLATOR_SEVERAL = "translator.several-languages", "languages"

    # Commands and the web page's own.
    CATALOGUE_EXISTS = "catalogue.exists"
    IMPORT_NO_COUNTRY = "import.no-country"
    SCRIPT_WITHOUT_FONT = "site.script-without-font", "script"
    UNEXPECTED = "layout.unexpected", "format reason"
    FROM_MANIFEST = "kit.from-manifest"

    # Importing lines (HSDS, a spreadsheet, an HSDS API; `havenprint import`, the Import
    # page, `resources:`): the importers' own reasons stay sentences, in `reason`.
    REFUSED_RECORD = "import.refused", "record reason"
    NUMBER_LEFT_OUT = "import.number-left-out", "record reason"
    IMPORT_SKIPPED = "import.skipped", "record reason"
    IMPORT_NOTE = "import.note", "reason"
    IMPORT_KEPT = "import.kept", "kept skipped"
    IMPORT_COPY_READ = "import.copy-read", "address read"
    IMPORT_NOTHING = "import.nothing"
    IMPORT_NO_SUCH_FILE = "import.no-such-file"
    IMPORT_TABLE_ALONE = "import.table-alone"
    IMPORT_ADDRESS_KIND = "import.address-not-hsds"
    IMPORT_TOO_MANY_VALUES = "import.too-many-values", "limit"
    IMPORT_MISSING_COLUMN = "import.missing-column", "columns found"
    IMPORT_EMPTY_CELL = "import.empty-cell", "column"
    IMPORT_UNKNOWN_COLUMN = "import.unknown-column", "unknown valid"
    IMPORT_TARGET_FOLDER = "import.target-folder"
    IMPORT_TARGET_LINK = "import.target-link", "target"
    IMPORT_TARGET_NOT_OURS = "import.target-not-ours", "edited"
    LINES_SOURCE_MISSING = "lines.source-missing", "file"
    JSON_MALFORMED = "json.malformed", "reason"
    JSON_KEY_TWICE = "json.key-twice", "key first second"
    JSON_LONG_NUMBER = "json.long-number", "digits"
    CSV_NO_HEADER = "csv.no-header"
    CSV_TOO_MANY_COLUMNS = "csv.too-many-columns", "count limit"
    CSV_COLUMN_TWICE = "csv.column-twice", "columns"
    CSV_TOO_MANY_CELLS = "csv.too-many-cells", "limit"
    CSV_RUNAWAY_QUOTE = "csv.runaway-quote", "start end limit"
    CSV_MALFORMED = "csv.malformed", "reason"
    HSDS_ITEM = "hsds.item", "index"
    HSDS_STRAYS = "hsds.strays", "strays records"
    HSDS_STRAY = "hsds.stray", "record key value"
    HSDS_MORE_STRAYS = "hsds.more-strays", "count"
    HSDS_NOT_LIST = "hsds.not-list", "key"
    HSDS_NOT_DATA = "hsds.not-data"
    HSDS_PACKAGE = "hsds.package", "reason"
    HSDS_PACKAGE_PATH = "hsds.package-path", "resource ?file"
    HSDS_NO_TABLE = "hsds.no-table", "version table absent"
    HSDS_COLUMNS = "hsds.columns", "version reason"
    API_HTTP = "api.http", "what status reason tries"
    API_SLOW = "api.slow", "what seconds tries"
    API_UNREACHABLE = "api.unreachable", "what reason tries"
    API_TOO_BIG = "api.too-big", "limit"
    API_ANSWER = "api.answer", "what reason"
    API_ADDRESS = "api.address"
    API_PAGING = "api.paging", "page"
    API_TOO_MANY_PAGES = "api.too-many-pages", "limit"
    API_SHORT = "api.short", "total read pages"
    API_NO_ID = "api.no-id", "index"
    API_NO_COPY = "api.no-copy", "address"
    API_WRONG_COPY = "api.wrong-copy", "address"
    # An import's notes on a record's date (`verified`, HSDS's assured_date).
    IMPORT_UNDATED = "import.undated", "record"
    IMPORT_FUTURE_DATE = "import.future-date", "record checked"
    IMPORT_OLD_DATE = "import.old-date", "record checked"
    # END OF CODES


# A field's value: what the web page's words are made of.
FieldValue = str | int | float | tuple[str, ...] | None


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the content, printed as `path:line: message [lang]`.

    `code` says what it is about and `fields` its particulars (the code declares which), so
    that the web page words it without reading the message; `lang`: the language it is
    about, said by the command line after the message (unless the code's message names it);
    `audience`: the audience pack it was found building, said before the message."""

    path: Path | str
    message: str
    line: int | None = None
    severity: Severity = "error"
    code: Code = field(kw_only=True)
    lang: str | None = None
    fields: Mapping[str, FieldValue] = field(default_factory=dict, compare=False)
    audience: str | None = None

    def __post_init__(self) -> None:
        given, code = self.fields.keys(), self.code
        if not code.fields <= given <= code.fields | code.optional:
            raise TypeError(f"a {code.value} problem carries the fields {sorted(code.fields)} "
                            f"(and may carry {sorted(code.optional)}), not {sorted(given)}")

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else f"{self.path}"
        prefix = {"warning": "warning: ", "info": "note: "}.get(self.severity, "")
        return f"{where}: {prefix}{self.said}"

    @property
    def said(self) -> str:
        """The message as the command line (and a kit's manifest) says it: with the audience
        pack before it and the language after it."""
        pack = f"audience {self.audience}: " if self.audience else ""
        tag = f" [{self.lang}]" if self.lang and not self.code.names_language else ""
        return f"{pack}{self.message}{tag}"


@dataclass(frozen=True)
class Refused(Problem):
    """A record of the data an import or `resources:` reads that cannot be printed (a
    number that is a fragment, a row with a cell beyond its header): an error that leaves
    that record (or number) out without stopping the rest, which is imported and printed;
    the command then exits 1, so that a script running it notices. `record`: the record as
    the import names it (the line's name, or its file and row)."""

    record: str = ""


@dataclass(frozen=True)
class Flaw:
    """What a check of one value finds wrong, before the file, the line and the key it is
    at are known: a problem once they are (`at`, which adds them to the message and the
    fields)."""

    code: Code
    message: str
    fields: Mapping[str, FieldValue] = field(default_factory=dict)

    def at(self, path: Path | str, line: int | None = None, severity: Severity = "error", *,
           prefix: str = "", lang: str | None = None, **more: FieldValue) -> Problem:
        return Problem(path, f"{prefix}{self.message}", line, severity, code=self.code,
                       lang=lang, fields={**self.fields, **more})


class Note(str):
    """An import's note as the command line says it (`ImportResult.notes` are text), with
    its code and fields, for the web page to word it without reading it."""

    code: Code
    fields: Mapping[str, FieldValue]

    def __new__(cls, text: str, code: Code, fields: Mapping[str, FieldValue]) -> Note:
        note = super().__new__(cls, text)
        note.code, note.fields = code, fields
        return note

    def __reduce__(self) -> tuple[type[Note], tuple[str, Code, dict[str, FieldValue]]]:
        return Note, (str(self), self.code, dict(self.fields))  # pickled with its code

    def at(self, path: Path | str) -> Problem:
        return Problem(path, str(self), severity="info", code=self.code, fields=self.fields)


def quoted(text: str, limit: int = 120) -> str:
    """`text` in quotes for a message, its middle left out where it is longer than `limit`
    characters: a message names a 250 KB sentence or a 100-letter word, never prints it
    whole."""
    return f"'{shortened(text, limit)}'"


def shortened(text: str, limit: int = 120) -> str:
    """`text`, or where it is longer than `limit` characters its start and end around '…'."""
    if len(text) <= limit:
        return text
    head = (limit - 1) * 2 // 3
    return f"{text[:head]}…{text[len(text) - (limit - 1 - head):]}"


class ContentError(Exception):
    """One or more problems that stop a build; the CLI prints them and exits 1."""

    def __init__(self, problems: list[Problem] | Problem):
        self.problems = [problems] if isinstance(problems, Problem) else list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class UsageError(Exception):
    """A mistake on the command line (unknown format, language...): exit 2."""


class WriteError(Exception):
    """The output could not be written (read-only or full disk, a file where a folder should
    be, permission denied): exit 3, with one line naming the path and the reason."""


class OutputInUse(WriteError):
    """Another build holds the output folder: exit 4."""

    def __init__(self, folder: str, pid: int | None):
        self.pid = pid
        owner = f" (pid {pid})" if pid else ""
        super().__init__(f"{folder} is in use by another build{owner}; wait for it to finish")


class LibraryError(Exception):
    """A library installed here does not behave as havenprint's corrections of it need
    (generator/i18n/reportlab_text.py): pages would print wrong, so nothing is built, exit 5,
    with one line naming the library and its version."""


class InterruptedAfterSwap(KeyboardInterrupt):
    """Ctrl-C came while the new kit was being swapped in: it was finished first."""

    def __init__(self, out: Path) -> None:
        super().__init__(str(out))
        self.out = out


def print_problems(problems: Iterable[Problem]) -> None:
    """Each problem once, on stderr, its path as `shown_path` gives it (a locale problem
    shows up once per format)."""
    paths: dict[Path | str, str] = {}  # a kit of 2,000 lines has as many problems in one file
    for problem in dict.fromkeys(problems):
        if problem.path not in paths:
            paths[problem.path] = shown_path(problem.path)
        print(replace(problem, path=paths[problem.path]), file=sys.stderr)


def shown_path(path: Path | str) -> str:
    """A path relative to the working directory when it is below it, as messages show it."""
    if not Path(path).is_absolute():
        return str(path)
    relative = os.path.relpath(path)
    return str(path) if relative.startswith("..") else relative
