"""The web page says real problems, found in real broken content, in its own words from each
problem's code and fields (serve/plain.py), never the command line's message (issue 41): a
revealing word on the outside, a number that cannot be printed, a line's name left
untranslated, a line left out of a full card."""

from __future__ import annotations

import html
import re
from pathlib import Path

import yaml

from generator.errors import Code
from tests.conftest import add_local_lines, cli_problems, edit
from tests.serve_support import csrf_headers, table_of


def _overview(client) -> str:  # noqa: ANN001
    page = client.get("/")
    assert page.status_code == 200, page.text[:300]
    return html.unescape(page.text)


def _check(kit: Path, code: Code) -> list:
    """The problems of `code` that `havenprint check` finds in the kit."""
    _, _, problems = cli_problems(["check", str(kit)])
    found = [problem for problem in problems if problem.code is code]
    assert found, [str(problem) for problem in problems]
    return found


def test_a_revealing_word_on_the_outside_is_said_in_the_page_words(served) -> None:
    client, _, kit = served
    edit(kit / "site.yaml", "discreet_title: Wellness contacts",
         "discreet_title: Domestic violence contacts")
    [problem, *_] = _check(kit, Code.OUTSIDE_WORD)
    assert problem.fields["word"] in ("domestic violence", "violence")
    page = _overview(client)
    said = f"“{problem.fields['word']}” on the outside of the Pocket card (front, English)"
    assert said in page, page[:2000]
    assert "would show what it is for: reword it." in page
    assert problem.message not in page and "on an outside surface" not in page


def test_a_number_that_cannot_be_printed_is_said_on_its_field(served) -> None:
    client, workspace, kit = served
    name = yaml.safe_load((kit / "resources.yaml").read_text(encoding="utf-8"))[
        "resources"][1]["name"]
    answer = client.post("/lines/draft", headers=csrf_headers(workspace), json={
        "table": table_of([("r0", {}), ("r1", {"phone": "1-900-555-0199"}), ("r2", {})]),
        "format": "pocket-card", "lang": "en"})
    assert answer.status_code == 200, answer.text
    on_phone = [r for r in answer.json()["remarks"] if r["row"] == "r1" and r["field"] == "phone"]
    assert on_phone and "premium" in on_phone[0]["message"], answer.json()["remarks"]
    # on its field, the line's name and the key are not said again; nor any YAML
    assert "phone:" not in on_phone[0]["message"] and str(name) not in on_phone[0]["message"]


def test_a_line_name_in_one_language_is_said_for_the_other(served) -> None:
    client, _, kit = served
    edit(kit / "site.yaml", "languages: [en]", "languages: [en, es]")
    add_local_lines(kit, 1)
    problems = [p for p in _check(kit, Code.LINE_TEXT_UNTRANSLATED)
                if p.fields["name"] == "Local line 0"]
    assert problems and problems[0].lang == "es"
    page = _overview(client)
    assert ("“Local line 0” prints as it is on the Spanish pieces: give its Spanish name under "
            "“More about line …”, “Name in each language”.") in page
    assert "prints as written" not in page and "e.g. `name:" not in page


def test_a_line_left_out_of_a_full_card_is_said_with_where_it_prints(served) -> None:
    client, _, kit = served
    add_local_lines(kit, 6)
    problems = [*_check(kit, Code.LINE_LEFT_OUT), *_check(kit, Code.LINE_LEFT_OUT_AFTER)]
    names = {problem.fields["name"] for problem in problems}
    page = _overview(client)
    said = re.findall(r"The (?:Pocket card|Folding pocket card)[^.]*? (?:has no room for|leaves "
                      r"out) “(Local line \d)”", page)
    assert said and set(said) <= names, (said, names)
    assert "slot '" not in page and "[en]" not in page


def test_a_printed_line_its_data_now_refuses_is_said_by_the_refusals_words(
        served, run) -> None:  # noqa: ANN001
    """The download page said today's data's refusal as the command line's message, under the
    line ("refused by today's data: refused 'Pine Line': phone ...") and in the list of what
    the data refuses ("lines.csv:3: refused 'Pine Line': ..."); it says the refused problem
    by its code and fields."""
    client, workspace, kit = served
    sheet = kit / "lines.csv"
    sheet.write_text("name,phone,verified\nOak Line,614-555-0106,2026-11-01\n"
                     "Pine Line,614-555-0107,2026-11-01\n", encoding="utf-8")
    edit(kit / "site.yaml", "brand_color:", "resources: lines.csv\nbrand_color:")
    assert run("build", kit, "--out", workspace.out, "--format", "pocket-card",
               "--no-previews").code == 0
    sheet.write_text(sheet.read_text(encoding="utf-8").replace("614-555-0107", "614-27"),
                     encoding="utf-8")
    [refusal] = [problem for problem in _check(kit, Code.REFUSED_RECORD)
                 if problem.fields["record"] == "Pine Line"]
    page = html.unescape(re.sub(r"<[^>]+>", "", client.get("/download").text))
    said = f"{str(refusal.fields['reason'])[:1].upper()}{str(refusal.fields['reason'])[1:]}"
    assert "614-27" in said
    assert f"Pine Line: the data now has it with what cannot be printed: {said}" in page, page
    assert f"Pine Line (lines.csv, line 3): {said}" in page, page  # the data's refusals
    assert "refused by today's data" not in page and "refused 'Pine Line'" not in page
