"""Generated HSDS exports end in exit 0, or in exit 1 with a message, never in a traceback
(issue 40): folders of CSV tables broken as real exports are (stray quotes, cells beyond the
header, rows cut short, a header missing, NUL bytes, text over several lines, another
delimiter), and HSDS JSON of every shape publishers use (organizations with services,
service_at_location records, API pages), its values drawn from every JSON type. Each
example imports into a fresh copy of the default kit and, when the import writes
resources.yaml, checks it; or reads the data straight through `resources:`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st

from tests.test_input_properties import (
    EXAMPLES,
    TRICKY_TEXT,
    assert_exits_cleanly,
    content_folder,
    havenprint,
    import_then_check,
    texts,
    values,
)

FIXTURES = Path(__file__).parent / "fixtures" / "hsds"
FOLDERS = ("v1.1-bad-rows", "ohana", "tabular", "contact-phones", "wellsky")
# What is done to one line of one table (a CSV line: the header is 0)
BREAKS = ("stray quote", "extra cells", "cut short", "blank line", "tricky cell", "NUL",
          "newline in quotes", "delimiter", "drop line", "duplicate line", "empty file")


def broken_line(line: str, how: str, position: int, text: str) -> str:
    at = position % (len(line) + 1)
    if how == "stray quote":
        return line[:at] + '"' + line[at:]
    if how == "extra cells":
        return line + "," + text.replace("\n", " ") + ",x"
    if how == "cut short":
        return line[:at]
    if how == "blank line":
        return line + "\n"
    if how == "tricky cell":
        cells = line.split(",")
        cells[position % len(cells)] = '"' + text.replace('"', '""') + '"'
        return ",".join(cells)
    if how == "NUL":
        return line[:at] + "\x00" + line[at:]
    if how == "newline in quotes":
        cells = line.split(",")
        cells[position % len(cells)] = '"' + cells[position % len(cells)].replace(
            '"', "") + "\nmore, text" + '"'
        return ",".join(cells)
    if how == "delimiter":
        return line.replace(",", ";")
    if how == "drop line":
        return ""
    if how == "duplicate line":
        return line + "\n" + line
    return line


@EXAMPLES
@given(folder=st.sampled_from(FOLDERS),
       breaks=st.lists(st.tuples(st.integers(0, 30), st.integers(0, 8), st.sampled_from(BREAKS),
                                 st.integers(0, 400), texts), min_size=1, max_size=3),
       through_site=st.booleans())
@example(folder="v1.1-bad-rows", breaks=[(0, 2, "stray quote", 40, "")], through_site=False)
@example(folder="ohana", breaks=[(3, 0, "cut short", 5, "")], through_site=True)
@example(folder="tabular", breaks=[(0, 1, "empty file", 0, "")], through_site=False)
def test_a_broken_tabular_export_is_imported_or_refused_clearly(
        folder: str, breaks: list[tuple[int, int, str, int, str]], through_site: bool) -> None:
    with content_folder() as kit:
        export = kit / "export"
        shutil.copytree(FIXTURES / folder, export)
        tables = sorted(export.glob("*.csv"))
        for table_index, line_index, how, position, text in breaks:
            table = tables[table_index % len(tables)]
            if how == "empty file":
                table.write_text("", encoding="utf-8")
                continue
            lines = table.read_text(encoding="utf-8").split("\n")
            index = line_index % len(lines)
            lines[index] = broken_line(lines[index], how, position, text)
            table.write_bytes("\n".join(lines).encode("utf-8", "surrogatepass"))
        if through_site:
            site = kit / "site.yaml"
            site.write_text(site.read_text(encoding="utf-8")
                            + "resources: {path: export, verified: 2026-11-20}\n",
                            encoding="utf-8")
            result = havenprint("check", kit, "--format", "pocket-card")
        else:
            result = import_then_check(kit, "hsds", export)
        assert_exits_cleanly(*result)


# HSDS records of each kind, their fields drawn from real names and any JSON value
phone = st.fixed_dictionaries({}, optional={
    "id": texts, "number": st.one_of(st.sampled_from(TRICKY_TEXT), values),
    "type": st.sampled_from(["voice", "text", "fax", "tty", "hotline", "", "cell", "sms"]),
    "contact_id": values, "extension": values, "description": texts,
    "languages": st.one_of(st.lists(st.sampled_from(["English", "es", "", "Klingon"])),
                           values)})
location = st.fixed_dictionaries({}, optional={
    "id": texts, "name": texts, "phones": st.one_of(st.lists(phone, max_size=2), values),
    "location_type": st.sampled_from(["physical", "virtual", ""]),
    "addresses": values, "schedules": values, "languages": values,
    "latitude": values, "__type": st.just("GeoPoint")})
service = st.fixed_dictionaries({"name": st.one_of(texts, st.sampled_from(
    ["RP-1500.1400-800", "Safe Home Line", "Domestic Violence Hotline"]))}, optional={
    "id": texts, "status": st.sampled_from(["active", "inactive", "", "Available"]),
    "phones": st.one_of(st.lists(phone, max_size=3), values),
    "alternate_name": texts, "url": texts, "assured_date": st.sampled_from(
        ["2026-11-01", "10/01/2026", "13/13/2026", "2026/10/01", "10/01/26", ""]),
    "languages": values, "schedules": values, "attributes": values,
    "service_at_locations": st.lists(st.fixed_dictionaries(
        {"location": location}, optional={"phones": st.lists(phone, max_size=1)}),
        max_size=2),
    "phone": texts, "crisis_line": texts})
organization = st.fixed_dictionaries({"name": texts}, optional={
    "id": texts, "website": texts, "phones": st.lists(phone, max_size=2),
    "services": st.lists(service, max_size=3), "locations": st.lists(location, max_size=2),
    "phone": texts})


def shaped(records: list[Any], shape: str) -> Any:
    if shape == "list":
        return records
    if shape == "page":
        return {"total_items": len(records), "page_number": 1, "contents": records}
    if shape == "services":
        return {"services": records}
    return records[0] if records else {}


@EXAMPLES
@given(records=st.lists(st.one_of(service, organization, st.fixed_dictionaries(
           {"service": service, "location": location})), min_size=1, max_size=3),
       shape=st.sampled_from(["list", "page", "services", "one"]),
       through_site=st.booleans())
@example(records=[{"name": "Oak", "services": [{"name": "housing", "category": "food"}],
                   "phone": "Crisis line: 877-555-0150",
                   "location": {"__type": "GeoPoint", "latitude": 1}}],
         shape="list", through_site=False)
def test_a_generated_hsds_json_shape_is_imported_or_refused_clearly(
        records: list[Any], shape: str, through_site: bool) -> None:
    with content_folder() as kit:
        data = kit / "data.json"
        data.write_bytes(json.dumps(shaped(records, shape), allow_nan=True).encode(
            "utf-8", "surrogatepass"))
        if through_site:
            site = kit / "site.yaml"
            site.write_text(site.read_text(encoding="utf-8")
                            + "resources: {path: data.json, verified: 2026-11-20}\n",
                            encoding="utf-8")
            result = havenprint("check", kit, "--format", "pocket-card")
        else:
            result = import_then_check(kit, "hsds", data)
        assert_exits_cleanly(*result)
