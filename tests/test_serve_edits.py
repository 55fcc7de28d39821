"""Edits in-process: never lost (drafts kept by the server, a save over a version saved
meanwhile when asked, History's versions restored), values checked and quoted before they
are written, the checks of `check` said on their field in plain words, and the Download
page's pieces with how to print each."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import pytest
import yaml

from generator.content.layouts import available_layouts
from generator.errors import Code, Problem
from generator.serve.files import ABSENT
from generator.serve.plain import Words, plain
from tests.conftest import add_local_lines
from tests.serve_support import csrf_headers, digest_on_disk, table_of


def _draft(client, workspace, rows: list[tuple[str, dict]], **extra) -> dict:
    answer = client.post("/lines/draft", headers=csrf_headers(workspace), json={
        "table": table_of(rows), "format": "pocket-card", "lang": "en", **extra})
    assert answer.status_code == 200, answer.text
    return answer.json()


UNCHANGED = [("r0", {}), ("r1", {}), ("r2", {})]


def test_911_as_the_first_line_is_said_on_its_phone_before_saving(served) -> None:
    client, workspace, _ = served
    remarks = _draft(client, workspace, [("r0", {"phone": "911"}), ("r1", {}), ("r2", {})])[
        "remarks"]
    said = [(r["row"], r["field"], r["severity"], r["message"]) for r in remarks]
    assert ("r0", "phone", "error", "The card's big number and QR code would call 911: "
            "move “988 Suicide & Crisis Lifeline” up to line 1 (911 prints wherever it "
            "stands).") in said


def test_a_line_left_out_of_a_full_card_is_said_on_its_line(served) -> None:
    client, workspace, kit = served
    add_local_lines(kit, 6)
    rows = [(f"r{index}", {}) for index in range(9)]
    remarks = _draft(client, workspace, rows)["remarks"]
    # a line left out whole (not the note that a line's web address has no room: 635507c)
    left_out = [r for r in remarks if r["field"] == "name" and "has no room for" in r["message"]
                and "web address" not in r["message"]]
    assert left_out, remarks
    for remark in left_out:  # each on the row of the line it names
        index = int(remark["row"][1:])
        assert f"“Local line {index - 3}”" in remark["message"]
    assert left_out[0]["message"].startswith("The Pocket card (back, English) has no room for")


def test_every_format_is_checked_when_asked(served) -> None:
    client, workspace, kit = served
    add_local_lines(kit, 6)
    rows = [(f"r{index}", {}) for index in range(9)]
    alone = _draft(client, workspace, rows)["remarks"]
    answer = client.post("/lines/check", headers=csrf_headers(workspace),
                         json={"table": table_of(rows)})
    assert answer.status_code == 200, answer.text
    assert answer.json()["complete"] is True
    every = answer.json()["remarks"]
    assert not any("Folding pocket card" in r["message"] for r in alone)
    assert any("Folding pocket card" in r["message"] for r in every)
    assert any("Pocket card (back, English)" in r["message"] for r in every)  # the shown one


def test_the_missing_date_is_said_on_the_date_not_the_name(served) -> None:
    client, workspace, _ = served
    remarks = _draft(client, workspace, [("r0", {"verified": ""}), ("r1", {}), ("r2", {})])[
        "remarks"]
    dated = [r for r in remarks if r["row"] == "r0" and r["severity"] == "error"]
    assert [r["field"] for r in dated] == ["verified"]
    assert "checked today" in dated[0]["message"] and "`" not in dated[0]["message"]


@pytest.mark.parametrize(("field", "value", "said"), [
    ("url", "https://[www.thehotline.org", "not a web address a phone can open"),
    ("url", "www.thehotline.org", "must start with https://"),
    ("url", "https://the hotline.org", "has a space"),
    ("url", "https://user:secret@thehotline.org", "user name or password"),
    ("url", "https://thehotline", "with a dot"),
    ("text.keyword", "START NOW", "one word"),
    ("name", "National\u202eHotline", "invisible character"),
    ("hours", "x" * 101, "at most 100"),
    ("tab_label", "Call the hotline any time of day or night", "at most 40"),
])
def test_a_value_that_cannot_be_written_is_refused_on_its_field(served, field: str,
                                                                value: str, said: str) -> None:
    client, workspace, kit = served
    resources = kit / "resources.yaml"
    before = resources.read_bytes()
    rows = [("r0", {field: value}), ("r1", {}), ("r2", {})]
    remarks = _draft(client, workspace, rows)["remarks"]
    marked = [r for r in remarks if r["row"] == "r0" and r["field"] == field]
    assert marked and marked[0]["blocking"] and said in marked[0]["message"], remarks
    answer = client.post("/lines/save", headers=csrf_headers(workspace), json={
        "table": table_of(rows), "base": digest_on_disk(resources)})
    assert answer.status_code == 422
    assert resources.read_bytes() == before
    assert client.get("/").status_code == 200 and client.get("/lines").status_code == 200


def test_an_emptied_english_name_is_refused_while_spanish_keeps_one(served) -> None:
    """Clearing line 1's name saved, and the English card printed the Spanish name."""
    client, workspace, kit = served
    rows = [("r0", {"name": "", "name@es": "Línea Nacional"}), ("r1", {}), ("r2", {})]
    remarks = _draft(client, workspace, rows)["remarks"]
    assert [(r["row"], r["field"]) for r in remarks if r["blocking"]] == [("r0", "name")]
    assert "the English pieces would print the Spanish one" in remarks[0]["message"]


def test_values_yaml_would_misread_are_written_as_text(served) -> None:
    """Hours 9:30 (570 to YAML 1.1), a tab label Yes and a keyword NO (true and false) were
    written as they were typed, and the page's own next save refused them."""
    client, workspace, kit = served
    resources = kit / "resources.yaml"
    rows = [("r0", {"hours": "9:30", "tab_label": "Yes", "text.keyword": "NO",
                    "differs_from_published": True}), ("r1", {}),
            ("r2", {})]
    answer = client.post("/lines/save", headers=csrf_headers(workspace), json={
        "table": table_of(rows), "base": digest_on_disk(resources)})
    assert answer.status_code == 200, answer.text
    line = yaml.safe_load(resources.read_text(encoding="utf-8"))["resources"][0]
    assert (line["hours"], line["tab_label"], line["text"]["keyword"]) == ("9:30", "Yes", "NO")
    again = client.post("/lines/save", headers=csrf_headers(workspace), json={
        "table": table_of(UNCHANGED), "base": digest_on_disk(resources)})
    assert again.status_code == 200, again.text


def test_a_draft_is_kept_by_the_server_until_saved(served) -> None:
    client, workspace, kit = served
    draft = {"key": "lines", "base": digest_on_disk(kit / "resources.yaml"), "at": 1,
             "data": table_of([("r0", {"phone": "1-800-555-0134"}), ("r1", {}), ("r2", {})])}
    assert client.post("/drafts/keep", headers=csrf_headers(workspace),
                       json=draft).status_code == 200
    assert (kit / ".havenprint" / "drafts" / "lines.json").is_file()
    page = client.get("/lines").text
    kept = re.search(r'data-server-draft="([^"]*)"', page)
    assert kept and "1-800-555-0134" in kept.group(1)
    refused = client.post("/drafts/keep", headers=csrf_headers(workspace),
                          json={**draft, "key": "../../site"})
    assert refused.status_code == 422
    client.post("/lines/save", headers=csrf_headers(workspace), json={
        "table": draft["data"], "base": draft["base"]})
    assert not (kit / ".havenprint" / "drafts" / "lines.json").exists()
    assert "data-server-draft" not in client.get("/lines").text


def test_a_fresh_csrf_token_is_given_to_this_servers_pages_only(served) -> None:
    client, workspace, _ = served
    assert client.get("/csrf").json() == {"token": workspace.csrf}
    assert client.get("/csrf", headers={"sec-fetch-site": "cross-site"}).status_code == 403


def test_a_version_saved_meanwhile_is_merged_with_the_pages_table(served) -> None:
    """The file changed on disk (a line added in an editor, or by another tab) since the
    page loaded it: the page's rows are those of the version it loaded, its edits are
    merged into the version on disk, and neither's is lost (issue 43: two tabs merge).
    Outdated expectation replaced: the save was refused and "Keep my changes" saved the
    page's table over the line added."""
    client, workspace, kit = served
    resources = kit / "resources.yaml"
    loaded_text = resources.read_text(encoding="utf-8")
    loaded = digest_on_disk(resources)
    add_local_lines(kit, 1)
    rows = [("r0", {"phone": "1-800-555-0134"}), ("r1", {}), ("r2", {})]
    saved = client.post("/lines/save", headers=csrf_headers(workspace), json={
        "table": table_of(rows), "base": loaded, "base_text": loaded_text})
    assert saved.status_code == 200, saved.text
    lines = yaml.safe_load(resources.read_text(encoding="utf-8"))["resources"]
    assert [line["phone"] for line in lines] == ["1-800-555-0134", "988", "911",
                                                  "1-800-799-7200"]
    assert "Local line 0" in lines[3]["name"]


def test_the_same_field_changed_in_both_is_shown_then_kept_only_where_asked(served) -> None:
    """Both versions changed the first line's number: the save stops, naming the other
    version's number and the page's; "Keep my changes" then keeps the page's number there
    and every other change of the other version (its hours)."""
    client, workspace, kit = served
    resources = kit / "resources.yaml"
    loaded_text = resources.read_text(encoding="utf-8")
    loaded = digest_on_disk(resources)
    first = yaml.safe_load(loaded_text)["resources"][0]["phone"]
    other = loaded_text.replace(first, "1-800-555-0199", 1)
    assert other != loaded_text
    other = other.replace("hours: 24/7", "hours: every day, all day", 1)
    resources.write_text(other, encoding="utf-8")
    rows = [("r0", {"phone": "1-800-555-0134"}), ("r1", {}), ("r2", {})]
    refused = client.post("/lines/save", headers=csrf_headers(workspace), json={
        "table": table_of(rows), "base": loaded, "base_text": loaded_text})
    assert refused.status_code == 409 and refused.json()["conflict"] is True
    message = refused.json()["message"]
    assert "1-800-555-0199" in message and "1-800-555-0134" in message
    assert resources.read_text(encoding="utf-8") == other
    kept = client.post("/lines/save", headers=csrf_headers(workspace), json={
        "table": table_of(rows), "base": loaded, "base_text": loaded_text, "keep": True,
        "current": refused.json()["current"]})
    assert kept.status_code == 200, kept.text
    saved = resources.read_text(encoding="utf-8")
    lines = yaml.safe_load(saved)["resources"]
    assert lines[0]["phone"] == "1-800-555-0134"
    assert "every day, all day" in saved  # the other version's other change kept
    assert workspace.files.history(resources)[-1].read_text(encoding="utf-8") == other


def test_history_lists_the_versions_and_restores_one(served) -> None:
    client, workspace, kit = served
    resources = kit / "resources.yaml"
    original = resources.read_text(encoding="utf-8")
    rows = [("r0", {"phone": "1-800-555-0134"}), ("r1", {}), ("r2", {})]
    client.post("/lines/save", headers=csrf_headers(workspace), json={
        "table": table_of(rows), "base": digest_on_disk(resources)})
    edited = resources.read_text(encoding="utf-8")
    page = client.get("/history").text
    assert "resources.yaml" in page and "It puts back 1 line and takes out 1 line." in page
    assert "@@" not in page and "line(s)" not in page  # no diff's marks, no developer words
    assert "    phone: 1-800-799-7233" in html.unescape(page)  # the line it puts back
    version = re.search(r'data-version="([^"]+)"', page).group(1)
    answer = client.post("/history/restore", headers=csrf_headers(workspace), json={
        "file": "resources.yaml", "version": version, "base": digest_on_disk(resources)})
    assert answer.status_code == 200, answer.text
    assert resources.read_text(encoding="utf-8") == original
    assert workspace.files.history(resources)[-1].read_text(encoding="utf-8") == edited
    for file, name in (("../site.yaml", version), ("resources.yaml", "../../x.yaml"),
                       ("resources.yaml", "20200101T000000.000000Z.yaml")):
        refused = client.post("/history/restore", headers=csrf_headers(workspace), json={
            "file": file, "version": name, "base": digest_on_disk(resources)})
        assert refused.status_code == 404, (file, name)


def test_a_version_that_would_not_load_now_is_not_restored(served) -> None:
    client, workspace, kit = served
    resources = kit / "resources.yaml"
    good = resources.read_text(encoding="utf-8")
    resources.write_text(good.replace("1-800-799-7233", "1-900-555-0100"), encoding="utf-8")
    workspace.files.save(resources, good, digest_on_disk(resources))  # keeps the premium-rate one
    version = workspace.files.history(resources)[-1].name
    answer = client.post("/history/restore", headers=csrf_headers(workspace), json={
        "file": "resources.yaml", "version": version, "base": digest_on_disk(resources)})
    assert answer.status_code == 422 and "premium-rate" in answer.json()["message"]
    assert resources.read_text(encoding="utf-8") == good


BANNED = ("`", "--", "discreet: false", "havenprint ", "slot '", " pt (", "generator/",
          ".yaml", "[en]")


def test_the_checks_are_said_without_commands_yaml_or_program_paths(kit: Path) -> None:
    """Every warning `check` gives on the default kit in Somali, English and Spanish (lines
    left out, untranslated names, no strings, no words to check the outside with...)."""
    from tests.conftest import cli_problems

    site = kit / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8").replace(
        "languages: [en]", "languages: [en, es, so]"), encoding="utf-8")
    shutil.copy(kit / "articles" / "trauma-bonding.en.md", kit / "articles/trauma-bonding.so.md")
    add_local_lines(kit, 6)
    _, _, problems = cli_problems(["check", str(kit)])
    assert len(problems) > 10
    words = Words({"pocket-card": "Pocket card", "brochure": "Tri-fold brochure",
                   "pocket-fold": "Folding pocket card", "poster": "Poster"})
    for problem in problems:
        said = plain(problem, words).text
        assert not any(banned in said for banned in BANNED), (problem, said)
    # a format's own limit (large print's dozen lines), which a default kit does not reach
    said = plain(Problem("resources.yaml", "large-print: left out 'A': it prints at most 12 "
                         "lines (max_lines in site.yaml can change that)", 3, "info",
                         code=Code.MAX_LINES, fields={"format": "large-print", "name": "A",
                                                      "limit": 12, "given": 0}), words).text
    assert "12 lines" in said and not any(banned in said for banned in BANNED), said


def test_the_outside_checks_are_said_without_yaml_or_a_way_round_them(kit: Path) -> None:
    """The verifier's second pass: the tells (on the tear-off tabs, in a catalogue string)
    were said on the page with `tab_label` and the string's key; a word too wide advised
    "break it with spaces", which also splits a word the outside check would find."""
    from tests.conftest import cli_problems, edit

    def problems() -> list[Problem]:
        return cli_problems(["check", str(kit), "--format", "poster", "--format",
                             "large-print"])[2]

    edit(kit / "site.yaml", "brand_color:", "poster_discreet: true\nbrand_color:")
    edit(kit / "resources.yaml", "    phone: 1-800-799-7233\n",
         "    phone: 1-800-799-7233\n    tab_label: Only you\n")
    (kit / "locales").mkdir()
    (kit / "locales" / "en.yaml").write_text(
        "need_to_talk: Only you will know\n", encoding="utf-8")
    warned = problems()  # tells are warnings: said when nothing is refused
    edit(kit / "resources.yaml", "    url: https://www.thehotline.org\n",
         "    url: https://www.example.org/abuse\n")
    edit(kit / "resources.yaml", "    qr: tel ", "    qr: url ")
    edit(kit / "articles" / "trauma-bonding.en.md", "title: Why it can be hard to leave",
         "title: Why it can be hard " + "x" * 100)
    refused = problems()
    told = [problem.message for problem in warned if problem.code is Code.OUTSIDE_TELLS]
    assert any("tabs" in message for message in told), warned
    assert any("`need_to_talk`" in message for message in told), warned
    assert any("reveal what this is for" in problem.message for problem in refused), refused
    wide = [problem.message for problem in refused if problem.code is Code.TEXT_TOO_WIDE]
    assert wide, refused
    for message in wide:
        assert "space" not in message.split(";")[-1], message  # the command line's advice
    words = Words({"poster": "Poster", "large-print": "Large print"})
    said = {problem.message: plain(problem, words).text for problem in warned + refused}
    banned = (*BANNED, "tab_label", "need_to_talk", "qr:", "url", "spaces")
    for message, text in said.items():
        assert not any(word in text for word in banned), (message, text)
    assert ("“only you” on the outside of the Poster (tabs, English) speaks of being watched, "
            "checked or hiding something, which tells whoever finds it what it may be for: "
            "give the line a neutral tear-off tab label (under “More about line …”).") \
        in said.values(), list(said.values())


def test_a_file_named_first_keeps_its_small_letters() -> None:
    from generator.serve.plain import as_sentence

    assert plain(Problem("lines.csv", "…", 3, code=Code.REFUSED_RECORD, fields={
        "record": "Oak Line", "reason": "lines.csv:3: the row has no phone"})).text == \
        "lines.csv:3: the row has no phone"
    assert as_sentence("lines.csv: no column is called name") == \
        "lines.csv: no column is called name."
    assert as_sentence("the row has no phone") == "The row has no phone."


def test_a_problem_names_the_page_that_fixes_it(served) -> None:
    from generator.serve.shown import shown_problem

    _, _, kit = served
    words = Words()
    for path, where in ((kit / "resources.yaml", "Lines page"), (kit / "site.yaml", "Settings"),
                        (kit / "articles" / "trauma-bonding.es.md", "Article page, Spanish"),
                        (kit / "locales" / "es.yaml", "Translations page, Spanish")):
        shown = shown_problem(Problem(path, "x", 3, code=Code.FILE_EMPTY), words, kit)
        assert shown.where.startswith(where) and shown.href, path


def test_download_lists_each_piece_with_how_to_print_it(served) -> None:
    client, workspace, kit = served
    site = kit / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8").replace(
        "# stock: hand-cut", "stock: avery-5371\n# stock: hand-cut"), encoding="utf-8")
    built = client.post("/download/build", headers=csrf_headers(workspace), json={})
    assert built.status_code == 200, built.text
    page = client.get("/download").text
    assert "Print on Avery 5371, 8371 or 28371 (Letter, 10 cards of 3.5 × 2 in), both sides, " \
           "flip on the long edge, at 100 % (actual size)." in page
    assert 'href="/download/file/en/pocket-card.pdf?print=1" target="_blank"' in page
    # one per format: card, brochure, fold, poster, safety plan
    assert page.count('class="piece panel"') == len(available_layouts())
    assert 'href="/download/file/en/pocket-card-screen.pdf?print=1"' in page  # tagged copy
    assert 'href="/download/file/en/trauma-bonding.html" download' in page
    assert "Download the whole kit (zip)" in page
    shown = client.get("/download/file/en/pocket-card.pdf?print=1")
    assert shown.headers["content-disposition"].startswith("inline")
    assert shown.content.startswith(b"%PDF")
    assert client.get("/download/file/en/pocket-card.pdf").headers[
        "content-disposition"].startswith("attachment")


def test_a_revealing_word_in_a_translation_is_said_on_its_string_and_file(served) -> None:
    """"violencia doméstica" typed for "Scan to call" saved with no word, then the Overview
    showed errors pointing at site.yaml, the wrong file. Now the save is refused on the
    string; written in a text editor, the Overview names the catalogue."""
    client, workspace, kit = served
    site = kit / "site.yaml"
    site.write_text(site.read_text(encoding="utf-8").replace(
        "languages: [en]", "languages: [en, es]"), encoding="utf-8")
    strings = {"scan_tel": "Violencia doméstica: escanee para llamar"}
    draft = client.post("/translations/draft", headers=csrf_headers(workspace), json={
        "lang": "es", "base": ABSENT, "strings": strings}).json()
    marked = [r for r in draft["remarks"] if r["field"] == "scan_tel"]
    assert marked and "would print on the outside" in marked[0]["message"]
    assert "discreet" not in marked[0]["message"]
    saved = client.post("/translations/save", headers=csrf_headers(workspace), json={
        "lang": "es", "base": ABSENT, "strings": strings})
    assert saved.status_code == 422, saved.text
    assert not (kit / "locales" / "es.yaml").exists()
    (kit / "locales").mkdir()
    (kit / "locales" / "es.yaml").write_text(f'scan_tel: "{strings["scan_tel"]}"\n',
                                             encoding="utf-8")
    page = client.get("/translations?lang=es").text
    # marked, and described by its problem (after its count against its room)
    assert re.search(r'id="s-scan_tel"[^>]* aria-invalid="true" aria-describedby="[^"]*'
                     r'\bstring-problem-scan_tel"', page)
    overview = client.get("/").text
    assert "would show what it is for" in overview
    errors = re.findall(r'would show what it is for[^<]*<span class="where"><a href="([^"]+)"',
                        overview)
    assert errors and set(errors) == {"/translations?lang=es"}


def test_an_article_problem_points_at_the_line_it_is_on(served) -> None:
    """An unclosed `[` on the card's line was reported on the line below it, where YAML
    noticed."""
    client, workspace, kit = served
    path = kit / "articles" / "trauma-bonding.en.md"
    text = path.read_text(encoding="utf-8").replace("card: You", "card: [You", 1)
    line = text.splitlines().index(next(row for row in text.splitlines()
                                        if row.startswith("card: ["))) + 1
    draft = client.post("/article/draft", headers=csrf_headers(workspace), json={
        "text": text, "lang": "en"}).json()
    assert [(r["line"], r["field"]) for r in draft["remarks"] if r["blocking"]] == [
        (line, "text")]


def test_removing_the_emergency_line_is_said_before_saving(served) -> None:
    client, workspace, kit = served
    import yaml

    lines = yaml.safe_load((kit / "resources.yaml").read_text(encoding="utf-8"))["resources"]
    emergency = next(index for index, line in enumerate(lines)
                     if str(line.get("phone")) == "911")
    kept = [(f"r{index}", {}) for index in range(len(lines)) if index != emergency]
    said = [r for r in _draft(client, workspace, kept)["remarks"]
            if "is removed" in r["message"]]
    assert [(r["severity"], r["row"]) for r in said] == [("warning", None)]
    assert "The line that calls 911 is removed" in said[0]["message"]
    every = [(f"r{index}", {}) for index in range(len(lines))]
    assert not [r for r in _draft(client, workspace, every)["remarks"]
                if "is removed" in r["message"]]


def test_no_developer_words_in_the_colour_the_front_matter_or_a_chinese_hint(
        tmp_path: Path) -> None:
    """The colour's message said `Brand_color`, an article's front matter "not valid YAML",
    and only the zh-Hans hints kept their YAML (its own name has brackets in it)."""
    from generator.serve.plain import plain
    from tests.conftest import default_kit_in
    from tests.serve_support import client_for

    kit = default_kit_in(tmp_path / "content", ["en", "zh-Hans"])
    client, workspace = client_for(kit, tmp_path / "out")
    with client:
        settings = client.post("/settings/draft", headers=csrf_headers(workspace), json={
            "settings": {"brand_color": "#ffff66"}, "lang": "en",
            "base": digest_on_disk(kit / "site.yaml")}).json()
        article = client.post("/article/draft", headers=csrf_headers(workspace), json={
            "text": "---\ntitle: [Why\ncard: One line.\n---\nText.\n", "lang": "en"}).json()
    colour = [r["message"] for r in settings["remarks"] if r["field"] == "brand_color"]
    assert colour and "#ffff66 is too light" in colour[0]
    assert re.search(r"#[0-9a-f]{6}, the same colour darker", colour[0])
    said = [r for r in article["remarks"] if r["blocking"]]
    assert [(r["line"], r["field"]) for r in said] == [(2, "text")]
    assert "cannot be read: look at line 2" in said[0]["message"]
    for message in (*colour, said[0]["message"]):
        for banned in ("brand_color", "Brand_color", "YAML", "`"):
            assert banned not in message, (banned, message)
    hint = plain(Problem("resources.yaml", "zh-Hans (中文 (简体)): line name 'National Domestic "
                         "Violence Hotline' prints as written, not in this language: give it "
                         "per language, e.g. `name: {en: ..., zh-Hans: ...}`", 2, "warning",
                         code=Code.LINE_TEXT_UNTRANSLATED, lang="zh-Hans", fields={
                             "key": "name", "name": "National Domestic Violence Hotline",
                             "text": "National Domestic Violence Hotline"})).text
    assert "give its Chinese (Simplified) name" in hint and "{" not in hint and "`" not in hint


def test_two_tabs_each_adding_a_line_keep_both_lines(served) -> None:
    """Two tabs each add a line at the end: the second save shows the other tab's line
    beside its own (the same place), and Keep my changes keeps both, the other's first."""
    client, workspace, kit = served
    resources = kit / "resources.yaml"
    loaded_text = resources.read_text(encoding="utf-8")
    loaded = digest_on_disk(resources)

    def added(name: str, phone: str) -> dict:
        return table_of([("r0", {}), ("r1", {}), ("r2", {}), ("n1", {
            "name": name, "phone": phone, "verified": "2026-11-20"})])

    first = client.post("/lines/save", headers=csrf_headers(workspace), json={
        "table": added("Harbor Light Crisis Line", "1-800-555-0134"), "base": loaded,
        "base_text": loaded_text})
    assert first.status_code == 200, first.text
    second = {"table": added("Lakeshore Crisis Line", "1-800-555-0156"), "base": loaded,
              "base_text": loaded_text}
    clash = client.post("/lines/save", headers=csrf_headers(workspace), json=second)
    assert clash.status_code == 409 and "Harbor Light Crisis Line" in clash.json()["message"]
    kept = client.post("/lines/save", headers=csrf_headers(workspace), json={
        **second, "keep": True, "current": clash.json()["current"]})
    assert kept.status_code == 200, kept.text
    lines = yaml.safe_load(resources.read_text(encoding="utf-8"))["resources"]
    names = [str(line["name"]) for line in lines]
    assert len(lines) == 5
    assert "Harbor Light Crisis Line" in names[3] and "Lakeshore Crisis Line" in names[4]
