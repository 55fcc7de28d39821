"""Generated site.yaml, resources.yaml and import files (HSDS JSON, CSV) end in exit 0, or
in exit 1 with a message, never in a traceback. Values come from every type YAML and JSON can
write (text with escapes of control characters and of half characters, numbers of thousands
of digits, mappings where text belongs) and from a list of values that broke havenprint
before. Each example runs the real command line in this process; few examples and one
format keep the whole under half a minute."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from generator.commands.cli import main
from generator.content.schema import ResourceModel, TextLineModel
from generator.content.site_options import (
    BrandColorModel,
    FontFilesModel,
    OffsetModel,
    ResourceSourceModel,
    SiteOptions,
)
from generator.content.stock import StockModel
from generator.importers.spreadsheet import SPREADSHEET_COLUMNS
from tests.conftest import DEFAULT_CONTENT, REPO, english_only

HSDS = json.loads((REPO / "tests" / "fixtures" / "hsds" / "services.json").read_text("utf-8"))
EXAMPLES = settings(max_examples=40, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
# Values that broke havenprint once (a traceback, or a silent wrong result), and neighbours.
TRICKY_TEXT = [
    "", " ", "a" * 300, "a/" * 600, "../../etc/passwd", "/dev/zero", "/", ".", "..",
    "https://[www.thehotline.org", "https://www.thehotline.org:99999", "https://", "www.x.org",
    "javascript:alert(1)", "https://a b.org", "\ud800", "Crisis \udfff line", "\x1b[31m",
    "\u202e1-800", "1-800-799-7233", "1-800-799-7233, 988", "0808 2OOO 247", "911", "000",
    "+44 20 7946 0000", "88788", "START", "24/7", "en", "zh-Hans", "xx-", "{en: x}",
    "2026-11-01", "2999-01-01", "#2f5d62", "#fff", "3mm", "9999in", "-1mm", "hand-cut",
    "tel", "sms", "url", "hsds", "csv", "data.json", "lines.csv", "fonts/x.ttf",
    "Wellness contacts", "Domestic violence hotline", "{{ 7 * 7 }}", "%s%s%n", "\\", "'", '"',
]
# Written as they are: YAML's own words and forms, and numbers JSON cannot carry.
RAW_YAML = ["yes", "NO", "~", "null", "0x" + "f" * 2000, "9" * 5001, "1e999999", ".nan",
            "-.inf", "0o777", "1:2:3", "!!binary aGVsbG8=", "!!python/object:os.system x",
            "*missing", "&a [1, *a]", "[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]", "{}", "[]",
            '"\\ud800"', '"\\e"', '"\\0"', "2026-02-30", "12:30:00", "'unclosed", "- x"]
RAW_JSON = ["9" * 5001, "-0", "1e999999", "NaN", "Infinity", '"\\ud83d"', '"\\u001b"',
            '"\\ud83d\\ude00"', "[" * 50 + "]" * 50, '{"a": 1, "a": 2}']

printable = st.text(st.characters(codec="utf-8", exclude_categories=("Cc", "Cs")), max_size=40)
texts = st.one_of(st.sampled_from(TRICKY_TEXT), st.sampled_from(TRICKY_TEXT), printable,
                  st.text(max_size=12))  # surrogates and control characters too
# Keys of the mappings settings take (resources:, fonts:, stock:, brand_color:, text:...),
# so that generated mappings get past "unknown field" as often as not.
INNER_KEYS = sorted({*ResourceSourceModel.model_fields, *FontFilesModel.model_fields,
                     *BrandColorModel.model_fields, *OffsetModel.model_fields,
                     *StockModel.model_fields, *TextLineModel.model_fields, "en", "es", "am"})
scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**30, 10**30),
                    st.floats(allow_nan=True), texts)
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4),
    st.dictionaries(st.one_of(st.sampled_from(INNER_KEYS), texts), inner, max_size=4)),
    max_leaves=10)
# A value as YAML text: JSON (a subset of YAML that escapes what it must), or a raw form.
as_json = values.map(lambda value: json.dumps(value, allow_nan=True))
yaml_values = st.one_of(as_json, as_json, as_json, st.sampled_from(RAW_YAML))

SITE_KEYS = [*SiteOptions.model_fields, "poster_size", "poster_discreet"]
LINE_KEYS = list(ResourceModel.model_fields)
LANGUAGES = ['[en]', '[es]', '[en, es]', '[]', 'en', '[xx-]', '[en, en]', '[ar]']


@contextlib.contextmanager
def content_folder() -> Iterator[Path]:
    """A fresh English copy of the default kit (one per example: imports write into it)."""
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder) / "content"
        shutil.copytree(DEFAULT_CONTENT, root)
        site = root / "site.yaml"
        site.write_text(english_only(site.read_text(encoding="utf-8")), encoding="utf-8")
        yield root


def havenprint(*argv: str | Path) -> tuple[int, str]:
    """The command line in this process: its exit code and what it wrote to stderr (any
    exception, a traceback's cause, fails the test)."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main([str(arg) for arg in argv])
    return code, err.getvalue()


def assert_exits_cleanly(code: int, err: str) -> None:
    assert code in (0, 1), (code, err)
    assert "Traceback" not in err, err
    if code == 1:
        assert err.strip(), "exit 1 without a message"


def import_then_check(kit: Path, kind: str, data: Path) -> tuple[int, str]:
    """`import` the data into the kit and, when it wrote resources.yaml, `check` the kit: what
    an import accepts must not stop a build (a bracketed web address did)."""
    code, err = havenprint("import", kind, data, "--into", kit, "--force")
    if code != 0:
        return code, err
    return havenprint("check", kit, "--format", "pocket-card")


def with_settings(site_yaml: str, settings_text: dict[str, str]) -> str:
    """site.yaml with each `key: value` line replaced, or added at the end."""
    lines = site_yaml.splitlines()
    for key, value in settings_text.items():
        line = f"{key}: {value}"
        index = next((i for i, text in enumerate(lines) if text.startswith(f"{key}:")), None)
        if index is None:
            lines.append(line)
        else:
            lines[index] = line
    return "\n".join(lines) + "\n"


@EXAMPLES
@given(changed=st.dictionaries(st.one_of(st.sampled_from(SITE_KEYS), texts.filter(str.isalpha)),
                               yaml_values, min_size=1, max_size=4),
       languages=st.sampled_from(LANGUAGES))
# what broke before, every time: KeyError, OSError 'File name too long', a ValueError
@example(changed={"resources": "{}"}, languages="[en]")
@example(changed={"fonts": '{"am": {"bold": "x-Bold.ttf"}}'}, languages="[en]")
@example(changed={"extends": json.dumps("a" * 300)}, languages="[en]")
@example(changed={"organization": '"\\ud800"'}, languages="[en]")
@example(changed={"verify_within_months": "9" * 5001}, languages="[en]")
@example(changed={"organization": "2026-02-30"}, languages="[en]")
@example(changed={}, languages="[" + "en" + "-abcdefgh" * 40 + "]")
def test_a_generated_site_yaml_is_built_or_refused_clearly(changed: dict[str, str],
                                                           languages: str) -> None:
    with content_folder() as kit:
        site = kit / "site.yaml"
        text = with_settings(site.read_text(encoding="utf-8"),
                             {"languages": languages, **changed})
        site.write_text(text, encoding="utf-8", errors="surrogatepass")
        assert_exits_cleanly(*havenprint("check", kit, "--format", "pocket-card"))


@EXAMPLES
@given(lines=st.lists(st.dictionaries(st.sampled_from(LINE_KEYS), yaml_values, max_size=5),
                      min_size=1, max_size=3),
       keep_first=st.booleans())
@example(lines=[{"url": '"https://[www.thehotline.org"'}], keep_first=True)
@example(lines=[{"name": '"\\ud800"', "phone": "9" * 5001}], keep_first=False)
def test_generated_resources_are_built_or_refused_clearly(lines: list[dict[str, str]],
                                                          keep_first: bool) -> None:
    with content_folder() as kit:
        resources = kit / "resources.yaml"
        first = ("  - name: National Domestic Violence Hotline\n    phone: 1-800-799-7233\n"
                 "    verified: 2026-11-01\n") if keep_first else ""
        entries = "".join(
            "  - " + "\n    ".join(f"{key}: {value}" for key, value in entry.items()) + "\n"
            if entry else "  - {}\n" for entry in lines)
        resources.write_text(f"resources:\n{first}{entries}", encoding="utf-8",
                             errors="surrogatepass")
        assert_exits_cleanly(*havenprint("check", kit, "--format", "pocket-card"))


def _hsds_text(changes: list[tuple[int, str, Any]], raw: list[str]) -> str:
    """The HSDS example with `changes` (service, key, value) made, and each raw JSON token
    put in place of a value."""
    data = json.loads(json.dumps(HSDS))
    for index, key, value in changes:
        data[index % len(data)][key] = value
    for number, _ in enumerate(raw):
        data[number % len(data)][f"x{number}"] = f"@RAW{number}@"
    text = json.dumps(data, indent=1, allow_nan=True)  # escapes half characters: \ud800
    for number, token in enumerate(raw):
        text = text.replace(f'"@RAW{number}@"', token)
    return text


HSDS_KEYS = sorted({key for service in HSDS for key in service})


@EXAMPLES
@given(changes=st.lists(st.tuples(st.integers(0, 20), st.sampled_from(HSDS_KEYS), values),
                        max_size=4),
       raw=st.lists(st.sampled_from(RAW_JSON), max_size=1),
       through_site=st.booleans())
@example(changes=[], raw=["9" * 5001], through_site=False)
@example(changes=[(0, "name", "Crisis \ud800 line")], raw=[], through_site=True)
@example(changes=[(0, "url", "https://[www.thehotline.org")], raw=[], through_site=True)
def test_a_generated_hsds_file_is_imported_or_refused_clearly(
        changes: list[tuple[int, str, Any]], raw: list[str], through_site: bool) -> None:
    with content_folder() as kit:
        (kit / "data.json").write_text(_hsds_text(changes, raw), encoding="utf-8")
        if through_site:  # read straight from the data, as `resources: data.json` does
            site = kit / "site.yaml"
            site.write_text(site.read_text(encoding="utf-8") + "resources: data.json\n",
                            encoding="utf-8")
            result = havenprint("check", kit, "--format", "pocket-card")
        else:
            result = import_then_check(kit, "hsds", kit / "data.json")
        assert_exits_cleanly(*result)


@EXAMPLES
@given(extra=st.lists(st.sampled_from(["Phone", "notes", ""]), max_size=1),
       rows=st.lists(st.dictionaries(st.sampled_from(list(SPREADSHEET_COLUMNS)), texts,
                                     max_size=6), min_size=1, max_size=3),
       delimiter=st.sampled_from([",", ";"]))
@example(extra=[], rows=[{"name": "Line", "phone": "1-800-799-7233", "verified": "2026-11-01",
                          "url": "https://[www.thehotline.org"}], delimiter=",")
def test_a_generated_spreadsheet_is_imported_or_refused_clearly(
        extra: list[str], rows: list[dict[str, str]], delimiter: str) -> None:
    columns = [*SPREADSHEET_COLUMNS, *extra]
    table = io.StringIO()
    writer = csv.writer(table, delimiter=delimiter)
    writer.writerow(columns)
    for row in rows:
        writer.writerow([row.get(column, "") for column in columns])
    with content_folder() as kit:
        (kit / "lines.csv").write_bytes(table.getvalue().encode("utf-8", "surrogatepass"))
        assert_exits_cleanly(*import_then_check(kit, "csv", kit / "lines.csv"))
