"""The Import page in-process: "Add to my lines" keeps the lines there are, "Replace my
lines" says which it removes, bad rows are skipped with their reasons, and an import with
which the kit would not load is never written (the date it needs is asked for)."""

from __future__ import annotations

from pathlib import Path

import yaml

from generator.commands.cli import main
from tests.serve_support import csrf_headers, digest_on_disk

FIXTURES = Path(__file__).parent / "fixtures"
HOTLINES = FIXTURES / "spreadsheet" / "hotlines.csv"
SERVICES = FIXTURES / "hsds" / "services.json"


def _upload(client, workspace, path: Path, **fields: str) -> dict:
    answer = client.post("/import/upload", headers=csrf_headers(workspace),
                         files={"file": (path.name, path.read_bytes())}, data=fields)
    assert answer.status_code == 200, answer.text
    return answer.json()


def _names(resources: Path) -> list[str]:
    lines = yaml.safe_load(resources.read_text(encoding="utf-8"))["resources"]
    return [next(iter(line["name"].values())) if isinstance(line.get("name"), dict)
            else line.get("name") for line in lines]


def test_add_to_my_lines_keeps_every_line_and_the_kit_checks(served) -> None:
    client, workspace, kit = served
    resources = kit / "resources.yaml"
    before = _names(resources)
    data = _upload(client, workspace, HOTLINES, verified="2026-11-02")
    preview = data["previews"]["add"]
    assert preview["removed"] == [] and not preview["blocking"]
    added = [line["name"] for line in preview["added"]]
    assert added == [line["name"] for line in data["kept"]]
    answer = client.post("/import/accept", headers=csrf_headers(workspace), json={
        "id": data["id"], "mode": "add", "base": digest_on_disk(resources)})
    assert answer.status_code == 200, answer.text
    after = _names(resources)
    assert after[:2] == before[:2]  # the first line (the card's QR code) stays first
    assert set(before) <= set(after) and set(added) <= set(after)
    assert after[-1] == "Emergency"  # the emergency line stays last
    text = resources.read_text(encoding="utf-8")
    assert "# Added from hotlines.csv on " in text
    assert "# These translations" in text or "# Lines printed on every card" in text
    assert main(["check", str(kit)]) == 0


def test_an_imported_line_already_there_is_updated_not_added_twice(served) -> None:
    client, workspace, kit = served
    resources = kit / "resources.yaml"
    csv = kit.parent / "update.csv"
    csv.write_text("name,phone,hours,verified\nThe Hotline,1-800-799-7233,Mon-Fri 9-17,"
                   "2026-11-03\n", encoding="utf-8")
    data = _upload(client, workspace, csv)
    preview = data["previews"]["add"]
    assert preview["added"] == [] and [line["name"] for line in preview["changed"]] == [
        "National Domestic Violence Hotline"]
    assert "hours: 24/7 → Mon-Fri 9-17" in preview["changed"][0]["details"]
    answer = client.post("/import/accept", headers=csrf_headers(workspace), json={
        "id": data["id"], "mode": "add", "base": digest_on_disk(resources)})
    assert answer.status_code == 200, answer.text
    line = yaml.safe_load(resources.read_text(encoding="utf-8"))["resources"][0]
    assert line["hours"] == "Mon-Fri 9-17" and line["name"]["es"].startswith("Línea Nacional")
    assert len(_names(resources)) == 3


def test_replace_my_lines_lists_what_it_removes(served) -> None:
    client, workspace, _ = served
    data = _upload(client, workspace, HOTLINES, verified="2026-11-02")
    preview = data["previews"]["replace"]
    assert [line["name"] for line in preview["removed"]] == [
        "National Domestic Violence Hotline", "988 Suicide & Crisis Lifeline"]
    assert "Emergency" not in [line["name"] for line in preview["removed"]]


def test_an_import_without_dates_is_not_written_until_a_date_is_given(served) -> None:
    """HSDS data for Ohio: a line with no date it was checked was a note, Accept wrote it,
    and then the kit did not load (nothing could be built)."""
    client, workspace, kit = served
    resources = kit / "resources.yaml"
    before = resources.read_bytes()
    data = _upload(client, workspace, SERVICES, region="OH")
    for mode in ("add", "replace"):
        preview = data["previews"][mode]
        assert preview["blocking"] and preview["undated"] == 1
        assert "give the date below" in preview["problems"][0]
        refused = client.post("/import/accept", headers=csrf_headers(workspace), json={
            "id": data["id"], "mode": mode, "base": digest_on_disk(resources)})
        assert refused.status_code == 422
        assert "the kit would not load" in refused.json()["message"]
    assert resources.read_bytes() == before
    dated = client.post("/import/preview", headers=csrf_headers(workspace), json={
        "id": data["id"], "mode": "add", "verified": "2026-11-02"}).json()
    assert not dated["blocking"]
    answer = client.post("/import/accept", headers=csrf_headers(workspace), json={
        "id": data["id"], "mode": "add", "verified": "2026-11-02",
        "base": digest_on_disk(resources)})
    assert answer.status_code == 200, answer.text
    assert main(["check", str(kit)]) == 0


def test_bad_rows_are_skipped_with_their_reasons_and_the_rest_imported(served) -> None:
    client, workspace, kit = served
    csv = kit.parent / "mixed.csv"
    csv.write_text("name,phone,verified\nGood Line,1-800-555-0142,2026-10-01\n"
                   "Costly Line,1-900-555-0100,2026-10-01\nNo Number,abc,2026-10-01\n",
                   encoding="utf-8")
    data = _upload(client, workspace, csv)
    assert [line["name"] for line in data["kept"]] == ["Good Line"]
    # refused as `havenprint import` refuses them: each with its file and line
    reasons = {item["label"]: item for item in data["refused"]}
    assert "premium-rate" in reasons["Costly Line"]["reason"]
    assert reasons["Costly Line"]["where"] == "mixed.csv, line 3"
    assert "not a phone number" in reasons["No Number"]["reason"]
    assert data["skipped"] == []
    assert [line["name"] for line in data["previews"]["add"]["added"]] == ["Good Line"]


def test_a_file_changed_since_the_page_loaded_is_kept_only_when_asked(served) -> None:
    client, workspace, kit = served
    resources = kit / "resources.yaml"
    loaded = digest_on_disk(resources)
    data = _upload(client, workspace, HOTLINES, verified="2026-11-02")
    resources.write_text(resources.read_text(encoding="utf-8").replace("24/7", "24 hours", 1),
                         encoding="utf-8")
    refused = client.post("/import/accept", headers=csrf_headers(workspace), json={
        "id": data["id"], "mode": "add", "base": loaded})
    assert refused.status_code == 409 and refused.json()["conflict"] is True
    kept = client.post("/import/accept", headers=csrf_headers(workspace), json={
        "id": data["id"], "mode": "add", "base": loaded, "keep": True,
        "current": refused.json()["current"]})
    assert kept.status_code == 200, kept.text
    text = resources.read_text(encoding="utf-8")
    assert "24 hours" in text and "Northstar Helpline" in text


def test_a_limit_of_thousands_of_digits_is_refused_in_plain_words(served) -> None:
    """A `limit` of 5,000 digits answered 500 with a traceback (int() refuses over 4,300)."""
    client, workspace, kit = served
    before = (kit / "resources.yaml").read_bytes()
    for limit in ("9" * 5000, "²", "0", "-3"):
        answer = client.post("/import/upload", headers=csrf_headers(workspace),
                             files={"file": (HOTLINES.name, HOTLINES.read_bytes())},
                             data={"limit": limit})
        assert answer.status_code == 422, limit
        assert answer.json()["message"] == "The limit must be a whole number from 1 to 999,999."
    assert (kit / "resources.yaml").read_bytes() == before


def test_a_row_with_no_way_to_reach_it_is_refused_with_its_reason(served, tmp_path: Path) -> None:
    """One such row refused the whole spreadsheet; other bad rows were skipped with their
    reasons and the rest imported. Now the importer refuses the row alone, as every bad row
    (issue 39), and the page lists it with its line among the refused, in its words."""
    client, workspace, _ = served
    text = HOTLINES.read_text(encoding="utf-8-sig")
    columns = len(text.splitlines()[0].split(";"))
    unreachable = ";".join(["Quiet Harbor Drop-in", *[""] * (columns - 1)])
    spreadsheet = tmp_path / "hotlines.csv"
    spreadsheet.write_text(text.rstrip("\n") + "\n" + unreachable + "\n", encoding="utf-8")
    line = len(spreadsheet.read_text(encoding="utf-8").splitlines())
    whole = _upload(client, workspace, HOTLINES)
    data = _upload(client, workspace, spreadsheet)
    assert [entry["name"] for entry in data["kept"]] == [
        entry["name"] for entry in whole["kept"]]  # every other row as before
    refused = {item["label"]: item for item in data["refused"]}
    assert refused["Quiet Harbor Drop-in"]["where"] == f"hotlines.csv, line {line}"
    assert refused["Quiet Harbor Drop-in"]["reason"] == (
        "Give a phone, a texting number or a website.")
    assert data["skipped"] == whole["skipped"]
    assert [item for item in data["refused"] if item["label"] != "Quiet Harbor Drop-in"] == \
        whole["refused"]  # the others, with the same lines


def test_an_imports_notes_on_dates_are_said_in_the_pages_words(served) -> None:
    """A record without a date, or checked over a year ago, was noted on the Import page as
    the command line says it ("... call or text the line, then add `verified`"): the notes
    carry a code and fields (errors.Note), which the page words."""
    client, workspace, _ = served
    notes = _upload(client, workspace, HOTLINES)["notes"]
    assert ("“Northstar Text Line” gives no date it was last checked: call or text it to make "
            "sure it works, then give the date you checked it.") in notes, notes
    assert ("“Lakeshore Crisis Line” was last checked on 2024-09-30, over a year ago: call or "
            "text it to make sure it still works before printing.") in notes, notes
    assert not any("`" in note or "verified" in note for note in notes), notes
